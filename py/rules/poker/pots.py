"""Side pots and the division of a pot among tied winners (our odd-chip rule).

>>> side_pots([90, 30, 90, 20], [True, True, True, False])  # seat 3 folded
[Pot(amount=110, eligible=(0, 1, 2)), Pot(amount=120, eligible=(0, 2))]
>>> split(7, [2, 0], start=1, seat_count=3)  # left of button 0 is seat 1: seat 2 comes first
{2: 4, 0: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "payout_order", "side_pots", "split"]


@dataclass(frozen=True)
class Pot:
    """``amount`` chips that only ``eligible`` seats can win (0 is the main pot)."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(contrib: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots made of what each seat put in this hand (``contrib``).

    Each level a live (not folded) seat put in closes a pot: it holds, from every seat, what
    that seat put in between the previous level and this one, and only live seats that reached
    the level may win it. Folded seats' chips stay in the pots (any above the top live level
    join the last pot).
    """
    levels = sorted({c for c, alive in zip(contrib, live, strict=True) if alive and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contrib)
        eligible = tuple(i for i, c in enumerate(contrib) if live[i] and c >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    extra = sum(c - min(c, previous) for c in contrib)
    if extra:
        if pots:
            pots[-1] = Pot(pots[-1].amount + extra, pots[-1].eligible)
        else:
            pots.append(Pot(extra, tuple(i for i, alive in enumerate(live) if alive)))
    return pots


def payout_order(seats: Sequence[int], button: int, seat_count: int) -> list[int]:
    """``seats`` in seat order starting left of the button (the odd-chip order)."""
    return sorted(seats, key=lambda s: (s - button - 1) % seat_count)


def split(amount: int, winners: Sequence[int], *, start: int, seat_count: int) -> dict[int, int]:
    """Divides ``amount`` equally among ``winners``; the chips that do not divide go one at a
    time to the winners in seat order from ``start`` (the seat left of the button)."""
    order = sorted(winners, key=lambda s: (s - start) % seat_count)
    each, odd = divmod(amount, len(order))
    return {s: each + (1 if k < odd else 0) for k, s in enumerate(order)}

"""Side pots and the division of a share among tied winners.

>>> [(p.amount, p.eligible) for p in side_pots([150, 80, 150, 150], [True, True, True, True],
...                                            [False, True, False, False])]
[(320, (0, 1, 2, 3)), (210, (0, 2, 3))]
>>> split_chips(10, [4, 1, 7], order=(1, 4, 7, 0))  # odd chip to the first left of the button
{1: 4, 4: 3, 7: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """A pot: its chips and the seats that can win it (not folded, put in enough), in seat
    order."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(
    contributed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]
) -> tuple[Pot, ...]:
    """Splits what each seat put in into the main pot and side pots.

    The main pot holds what every live (not folded) player could match; each side pot the
    excess among those who put it in. A level is set by each live all-in player; folded
    players' chips stay in the pots they reach but they win none. Empty pots are left out,
    and a layer nobody live can win joins the pot below it.
    """
    n = len(contributed)
    top = max(contributed, default=0)
    levels = sorted({contributed[i] for i in range(n) if live[i] and all_in[i]} | {top})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        if level <= below:
            continue
        amount = sum(min(c, level) - min(c, below) for c in contributed)
        eligible = tuple(i for i in range(n) if live[i] and contributed[i] >= level)
        if not eligible and pots:
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        below = level
    return tuple(pots)


def split_chips(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Divides ``amount`` equally among ``winners``; the chips that do not divide go one at a
    time to the winners in ``order`` (the seats clockwise from the first left of the button).
    Returns seat -> chips, in that order."""
    ranked = sorted(set(winners), key=order.index)
    share, odd = divmod(amount, len(ranked))
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(ranked)}

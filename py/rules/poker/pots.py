"""Side pots and the division of a share among tied winners.

>>> [(p.amount, p.eligible) for p in side_pots([150, 80, 150, 150], [True, True, True, True],
...                                            [False, True, False, False])]
[(320, (0, 1, 2, 3)), (210, (0, 2, 3))]
>>> split_chips(10, [4, 1, 7], order=(1, 4, 7, 0))  # odd chip to the first left of the button
{1: 4, 4: 3, 7: 3}
>>> unmatched([50, 3], live=[False, True])  # folded to a 3-chip all-in ante: 47 go back
(47, 0)
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


def unmatched(contributed: Sequence[int], live: Sequence[bool]) -> tuple[int, ...]:
    """What each seat put in that nobody can win from it, per seat: it goes back to its owner
    and is never a pot.

    A seat's chips are at risk only up to what another seat put in (above that nobody matched
    them: an uncalled bet) and up to what a player still in the hand put in (above that no
    live player could win them). Judged on the whole hand, antes included, so a player all in
    for less than the ante wins from each other player only what it could match itself.

    >>> unmatched([100, 60, 60], live=[True, True, False])  # the uncalled part of a bet
    (40, 0, 0)
    >>> unmatched([25, 50, 3], live=[False, False, True])  # both folded to a 3-chip ante
    (22, 47, 0)
    """
    n = len(contributed)
    reach = max((c for c, alive in zip(contributed, live, strict=True) if alive),
                default=max(contributed, default=0))
    out = []
    for s, c in enumerate(contributed):
        others = max((contributed[t] for t in range(n) if t != s), default=0)
        out.append(max(0, c - min(others, reach)))
    return tuple(out)


def split_chips(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Divides ``amount`` equally among ``winners``; the chips that do not divide go one at a
    time to the winners in ``order`` (the seats clockwise from the first left of the button).
    Returns seat -> chips, in that order."""
    ranked = sorted(set(winners), key=order.index)
    share, odd = divmod(amount, len(ranked))
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(ranked)}

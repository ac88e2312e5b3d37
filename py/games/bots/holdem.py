"""The Hold'em bots: Texas Hold'em in every betting structure and Short Deck Hold'em.

Before the flop a hand is rated by the standard 169-hand ranking (``rules.preflop``), turned
into the share of all 1,326 two-card hands it beats (each class weighed by its combinations:
a pair six, a suited hand four, an offsuit one twelve); after the flop the common policy samples
(:mod:`.tablebrain`). Short Deck is rated on the same ranking: its order of starting hands is
close, and the sampling after the flop plays its own deck and ranking.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from rules.cards import FULL_DECK, Card

from .common import Spot
from .tablebrain import TableBrain


@cache
def _ranks_sorted() -> tuple[int, ...]:
    """Every two-card hand's rank, best (lowest) first."""
    from rules.preflop import holdem_rank

    return tuple(sorted(holdem_rank(h) for h in combinations(FULL_DECK, 2)))


def share_beaten(hole: Sequence[Card]) -> float:
    """The share of all two-card hands whose rank is worse than ``hole``'s (ties half)."""
    from rules.preflop import holdem_rank

    ranks = _ranks_sorted()
    r = holdem_rank(hole)
    better = bisect_left(ranks, r)
    same = bisect_left(ranks, r + 1) - better
    return (len(ranks) - better - same + same / 2) / len(ranks)


def rate(s: Spot) -> Iterator[float | None]:
    """:func:`share_beaten` (one piece: the whole ranking is a few milliseconds, once)."""
    yield share_beaten(s.hole)


BRAIN = TableBrain(rate)
"""The Hold'em and Short Deck brain."""

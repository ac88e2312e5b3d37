"""The Omaha bots: Pot-Limit Omaha, five-card Omaha, Omaha Hi/Lo 8 and double-board bomb
pots.

Before the flop a hand is rated by its point count (``rules.preflop.omaha_points``, in the
spirit of Hutchison's), turned into the share of starting hands of the same size it beats,
measured once on a fixed sample of random hands (the count's scale is its own; a share is
what the common policy reads). After the flop the common policy samples the unseen cards:
Hi/Lo's scoops and halves, and both boards of a bomb pot, are counted by ``rules.equity``
(:mod:`.tablebrain`, which samples fewer of Omaha's costlier hands).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache

from rules.cards import FULL_DECK, Card

from .common import Spot
from .tablebrain import TableBrain

REFERENCE_HANDS = 3000
"""Random starting hands the count's scale is measured on (once per hand size)."""


@cache
def _points_sorted(size: int) -> tuple[int, ...]:
    """The points of :data:`REFERENCE_HANDS` random ``size``-card hands (a fixed seed: the
    same scale everywhere), lowest first."""
    from rules.preflop import omaha_points

    rng = random.Random(size)
    return tuple(sorted(omaha_points(rng.sample(FULL_DECK, size))
                        for _ in range(REFERENCE_HANDS)))


def share_beaten(hole: Sequence[Card]) -> float:
    """The share of random starting hands of the same size with fewer points (ties half)."""
    from rules.preflop import omaha_points

    ref = _points_sorted(len(hole))
    pts = omaha_points(hole)
    below = bisect_left(ref, pts)
    same = bisect_left(ref, pts + 1) - below
    return (below + same / 2) / len(ref)


def rate(s: Spot) -> float:
    return share_beaten(s.hole)


BRAIN = TableBrain(rate)
"""The brain of the Omaha games and bomb pots."""

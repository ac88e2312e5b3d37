"""The Omaha bots: Pot-Limit Omaha, five-card Omaha, Omaha Hi/Lo 8 and double-board bomb
pots.

Before the flop a hand is rated by its point count (``rules.preflop.omaha_points``, in the
spirit of Hutchison's), turned into the share of starting hands of the same size it beats,
measured on a fixed sample of random hands (the count's scale is its own; a share is what the
common policy reads). The scale is built on the first decision that needs it, in slices, and
kept by the brain. After the flop the common policy samples the unseen cards: Hi/Lo's scoops
and halves, and both boards of a bomb pot, are counted by ``rules.equity``
(:mod:`.tablebrain`, which samples fewer of Omaha's costlier hands).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterator, Sequence

from rules.cards import FULL_DECK, Card

from .common import Spot
from .tablebrain import TableBrain

REFERENCE_CHUNK = 250
"""Random starting hands scored in one slice of building the scale (a few ms in the page)."""
REFERENCE_CHUNKS = 12
"""Slices the scale takes: 3,000 hands, so a share is good to about a percent."""


class OmahaRating:
    """Rates Omaha starting hands of any size against the scale of its size, which it builds
    once (from fixed seeds: the same scale everywhere, whatever was asked first)."""

    def __init__(self) -> None:
        self._scales: dict[int, tuple[int, ...]] = {}

    def scale_steps(self, size: int) -> Iterator[None]:
        """Builds the scale of ``size``-card hands if it is not built, a chunk a slice."""
        if size in self._scales:
            return
        from rules.preflop import omaha_points

        points: list[int] = []
        for chunk in range(REFERENCE_CHUNKS):
            rng = random.Random(size * 1000 + chunk)
            points += (omaha_points(rng.sample(FULL_DECK, size)) for _ in range(REFERENCE_CHUNK))
            yield None
        self._scales[size] = tuple(sorted(points))

    def share_beaten(self, hole: Sequence[Card]) -> float:
        """The share of random starting hands of the same size with fewer points (ties
        half); builds the scale at once if no slice did."""
        from rules.preflop import omaha_points

        for _ in self.scale_steps(len(hole)):
            pass
        ref = self._scales[len(hole)]
        pts = omaha_points(hole)
        below = bisect_left(ref, pts)
        same = bisect_left(ref, pts + 1) - below
        return (below + same / 2) / len(ref)

    def __call__(self, s: Spot) -> Iterator[float | None]:
        yield from self.scale_steps(len(s.hole))
        yield self.share_beaten(s.hole)


BRAIN = TableBrain(OmahaRating())
"""The brain of the Omaha games and bomb pots."""

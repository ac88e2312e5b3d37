"""Where a hand's cards come from.

A hand is dealt from a **stream**: its 52-card ``deck()`` and, for 5-card draw, a
``reshuffle(cards)`` of the discards when the stub runs short. In fair mode the stream is
``rules.fairdeal.FairStream(seed, nonces)`` of the shared fair-deal flow's record
(:mod:`games.table.fair`: deck and reshuffles from the same provable derivation); tests pass a
plain deck, wrapped in :class:`FixedStream`. Which card of the deck goes where is the public
dealing order's (:mod:`rules.dealorder`), which the engine deals by.

>>> s = FixedStream(["As", "Kd", "2c"]); [str(c) for c in s.deck()]
['As', 'Kd', '2c']
>>> [str(c) for c in s.reshuffle(s.deck()[:2])]
['Kd', 'As']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.cards import Card


class DealStream(Protocol):
    """What a hand is dealt from (``rules.fairdeal.FairStream`` is one)."""

    def deck(self) -> Sequence[Card]: ...
    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]: ...


class FixedStream:
    """A stacked deck (tests, replays): reshuffles return the cards in reverse order, or the
    recorded reshuffles first when replaying a hand."""

    def __init__(self, cards: Sequence[int | str],
                 recorded: Sequence[Sequence[Card]] = ()) -> None:
        self._cards = [Card.parse(c) if isinstance(c, str) else Card(c) for c in cards]
        self._recorded = [list(r) for r in recorded]

    def deck(self) -> list[Card]:
        return list(self._cards)

    def reshuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._recorded:
            return self._recorded.pop(0)
        return list(reversed(cards))

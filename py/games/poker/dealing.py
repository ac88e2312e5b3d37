"""Where a hand's cards come from, and how a view names each card's place in the deal.

A hand is dealt from a **stream**: its 52-card ``deck()`` and, for 5-card draw, a
``reshuffle(cards)`` of the discards when the stub runs short. In fair mode the stream is
``rules.fairdeal.FairStream(seed, nonces)`` of the shared fair-deal flow's record
(:mod:`games.table.fair`: deck and reshuffles from the same provable derivation); tests pass a
plain deck, wrapped in :class:`FixedStream`.

**Deck positions** (``fair.cards`` in views): a card of the hand's deck is at its index in the
52-card deck (0 = the top card; the engine deals from the top down, burns included). A card
from draw's *k*-th reshuffle (k = 1, 2, ...) is numbered ``52 * k + index`` in that reshuffled
stub. A client cannot check those: the reshuffled cards are other players' discards, which it
never sees, so it cannot rebuild the stub; it checks every position below 52 with
``rules.fairdeal.verify_shown`` and can only count the others.

>>> position(shuffle=0, index=7), position(shuffle=1, index=0)
(7, 52)
>>> s = FixedStream(["As", "Kd", "2c"]); [str(c) for c in s.deck()]
['As', 'Kd', '2c']
>>> [str(c) for c in s.reshuffle(s.deck()[:2])]
['Kd', 'As']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.cards import FULL_DECK, Card

DECK_SIZE = len(FULL_DECK)


class DealStream(Protocol):
    """What a hand is dealt from (``rules.fairdeal.FairStream`` is one)."""

    def deck(self) -> Sequence[Card]: ...
    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]: ...


def position(shuffle: int, index: int) -> int:
    """The deck position a view publishes for a card (see the module docstring)."""
    return DECK_SIZE * shuffle + index


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

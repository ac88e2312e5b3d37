"""Where a hand's cards come from, and how a view names each card's place in the deal.

A hand is dealt from a **stream**: its 52-card ``deck()`` and, for 5-card draw, a
``reshuffle(cards)`` of the discards when the stub runs short. In fair mode the stream is
``rules.fairdeal.FairStream(seed, nonces)`` (deck and reshuffles from the same provable
derivation); tests pass a plain deck, wrapped in :class:`FixedStream`.

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

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.cards import FULL_DECK, Card
from rules.fairdeal import FairStream, commitment, new_nonce, new_seed

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


class RandomStream:
    """A fresh ``secrets`` shuffle (a room that chose not to deal provably, e.g. a replay
    continued after reload without its fair record)."""

    def __init__(self, cards: Sequence[Card] | None = None,
                 recorded: Sequence[Sequence[Card]] = ()) -> None:
        deck = list(cards) if cards is not None else list(FULL_DECK)
        if cards is None:
            _shuffle(deck)
        self._cards = deck
        self._recorded = [list(r) for r in recorded]

    def deck(self) -> list[Card]:
        return list(self._cards)

    def reshuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._recorded:
            return self._recorded.pop(0)
        out = list(cards)
        _shuffle(out)
        return out


def _shuffle(cards: list[Card]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


DEALER = "dealer"
"""The dealer's nonce's key when no player of the hand is the host (a game driven alone)."""


@dataclass
class FairRecord:
    """One hand's provably fair deal, host-side (seed secret until the hand is over).

    Until the shared nonce flow (``games/table``) is plugged in, the deal uses the dealer's
    nonce alone, fixed with the commitment; every card is still checkable by position.
    """

    hand_no: int
    seed: str
    dealer_id: str
    nonces: dict[str, str] = field(default_factory=dict)

    @classmethod
    def fresh(cls, hand_no: int, dealer_id: str) -> FairRecord:
        return cls(hand_no, new_seed(), dealer_id, {dealer_id: new_nonce()})

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def stream(self) -> FairStream:
        return FairStream(self.seed, self.nonces)

    def public(self, *, over: bool) -> dict[str, Any]:
        """The view's part (no cards: the session adds ``cards`` per viewer)."""
        return {
            "commitment": self.commitment,
            "dealer_id": self.dealer_id,
            "dealer_nonce": self.nonces[self.dealer_id],
            "nonces": dict(self.nonces),
            "seed": self.seed if over else None,
            "want_nonce": False,
        }

    def to_dict(self) -> dict[str, Any]:
        return {"hand_no": self.hand_no, "seed": self.seed, "dealer_id": self.dealer_id,
                "nonces": dict(self.nonces)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairRecord:
        return cls(int(data["hand_no"]), str(data["seed"]), str(data["dealer_id"]),
                   {str(k): str(v) for k, v in data["nonces"].items()})

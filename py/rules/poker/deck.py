"""Our deck: an explicit card sequence dealt from the top, every card's position recorded.

The room deals the provably fair deck; tests and ``playhand`` stack one. Each dealt card
carries its position (0 = the top card) and which shuffle it came from (0 = the hand's deck,
1 = the first reshuffle of draw's discards, ...), so a client can check every card against
the revealed deal by position, burns and draws included.

>>> from ..cards import parse_cards
>>> d = Deck(parse_cards("As Kd 2c"))
>>> d.deal(), d.deal(), d.remaining
((Card.parse('As'), 0, 0), (Card.parse('Kd'), 1, 0), 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card, CardError, check_distinct
from .errors import DeckError

Reshuffle = Callable[[tuple[Card, ...]], Sequence[Card]]
"""Draw's reshuffle hook: given the discards to reshuffle (in the order they were discarded),
returns the same cards in their new order, top first. The room passes the provably fair
deal's continued stream (``rules.fairdeal.FairStream.reshuffle``)."""


class Deck:
    """A deck of distinct cards, top first; :meth:`deal` returns ``(card, position, shuffle)``."""

    def __init__(self, cards: Sequence[int]) -> None:
        try:
            stack = [Card(c) for c in cards]
            check_distinct(stack, "the deck")
        except CardError as e:
            raise DeckError(str(e)) from None
        self._cards = stack
        self._next = 0
        self.shuffle = 0

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._next

    def deal(self) -> tuple[Card, int, int]:
        if self._next >= len(self._cards):
            raise DeckError(f"the deck ran out after {len(self._cards)} cards")
        card = self._cards[self._next]
        self._next += 1
        return card, self._next - 1, self.shuffle

    def replace(self, cards: Sequence[Card]) -> None:
        """Starts a new stub (a reshuffle): positions count from 0 again, ``shuffle`` + 1."""
        self._cards = list(cards)
        self._next = 0
        self.shuffle += 1

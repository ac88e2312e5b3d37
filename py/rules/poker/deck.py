"""Our deck: an explicit card sequence, every card's position recorded.

The room deals the provably fair deck; tests and ``playhand`` stack one. The engine takes each
card of the hand's deck from the position the public dealing order gives it
(:mod:`rules.dealorder`: :meth:`Deck.take`); a reshuffle of draw's discards is dealt from its
top (:meth:`Deck.deal`). Each card carries its position (0 = the top card) and which shuffle
it came from (0 = the hand's deck, 1 = the first reshuffle of draw's discards, ...).

>>> from ..cards import parse_cards
>>> d = Deck(parse_cards("As Kd 2c"))
>>> d.take(1), d.take(0), d.remaining
((Card.parse('Kd'), 1, 0), (Card.parse('As'), 0, 0), 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card, CardError, check_distinct
from .errors import DeckError

Reshuffle = Callable[[tuple[Card, ...]], Sequence[Card]]
"""The draw games' reshuffle hook: given the discards to reshuffle (in the order they were
discarded), returns the same cards in their new order, top first. The room passes the provably fair
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
        self._taken: set[int] = set()
        self._next = 0
        self.shuffle = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's cards (or the current reshuffled stub's), top first, dealt or not."""
        return tuple(self._cards)

    @property
    def size(self) -> int:
        """Cards in the deck (or the current reshuffled stub), dealt or not."""
        return len(self._cards)

    @property
    def remaining(self) -> int:
        return len(self._cards) - max(self._next, len(self._taken))

    def take(self, position: int) -> tuple[Card, int, int]:
        """The card at ``position`` of the hand's deck, each position once."""
        if self.shuffle or not 0 <= position < len(self._cards) or position in self._taken:
            raise DeckError(f"deck position {position} cannot be dealt (again)")
        self._taken.add(position)
        return self._cards[position], position, self.shuffle

    def deal(self) -> tuple[Card, int, int]:
        """The top card of a reshuffled stub (draw's discards)."""
        if self._next >= len(self._cards):
            raise DeckError(f"the deck ran out after {len(self._cards)} cards")
        card = self._cards[self._next]
        self._next += 1
        return card, self._next - 1, self.shuffle

    def replace(self, cards: Sequence[Card]) -> None:
        """Starts a new stub (a reshuffle): positions count from 0 again, ``shuffle`` + 1."""
        self._cards = list(cards)
        self._taken = set()
        self._next = 0
        self.shuffle += 1

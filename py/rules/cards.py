"""Cards and decks.

A card is a small int (``rank * 4 + suit``) so the evaluators can index tables with it
directly; :class:`Card` adds parsing, formatting and a readable ``repr`` on top.

>>> Card.parse("Ac")
Card.parse('Ac')
>>> str(Card.parse("9S")), Card.parse("td").pretty()
('9s', 'T♦')
>>> parse_cards("Ah-Kh-5s")
(Card.parse('Ah'), Card.parse('Kh'), Card.parse('5s'))
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
"""Rank characters, lowest first: rank index 0 is a deuce, 12 an ace."""
SUITS = "cdhs"
"""Suit characters: clubs, diamonds, hearts, spades (index 0..3)."""
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)

_SEPARATORS = re.compile(r"[\s,\-]+")


class CardError(ValueError):
    """A card or a set of cards could not be read; the message names the offending text."""


class Card(int):
    """One of the 52 cards, as the int ``rank * 4 + suit`` (0..51).

    Parse with :meth:`parse`; ``str(card)`` gives it back (``'Ac'``), :meth:`pretty` with a
    suit symbol (``'A♣'``), :attr:`name` in words for screen readers.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise CardError(f"card index out of range: {index!r}")
        return super().__new__(cls, index)

    @classmethod
    def from_parts(cls, rank: int, suit: int) -> Card:
        """The card of rank index ``rank`` (0 = deuce .. 12 = ace) and suit index ``suit``."""
        return cls(rank * 4 + suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads ``'Ac'``, ``'Td'``, ``'9S'``: rank upper case (``T`` = ten), suit either case.

        A lower-case rank letter is accepted too (``'ah'``) since nothing else could be meant;
        ``'10c'`` is accepted as ``'Tc'``.
        """
        if not isinstance(text, str):
            raise CardError(f"not a card: {text!r}")
        t = text.strip()
        if t[:2] == "10":
            t = "T" + t[2:]
        if len(t) != 2:
            raise CardError(f"not a card: {text!r} (expected rank and suit, like 'Ac' or 'Td')")
        rank = RANKS.find(t[0].upper())
        suit = SUITS.find(t[1].lower())
        if rank < 0:
            raise CardError(f"unknown rank {t[0]!r} in card {text!r} (ranks are {RANKS})")
        if suit < 0:
            raise CardError(f"unknown suit {t[1]!r} in card {text!r} (suits are c, d, h, s)")
        return cls(rank * 4 + suit)

    @property
    def rank(self) -> int:
        """Rank index, 0 (deuce) to 12 (ace)."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit index, 0 (clubs) to 3 (spades)."""
        return int(self) & 3

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    @property
    def name(self) -> str:
        """In words, for screen readers: ``'ace of clubs'``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def pretty(self) -> str:
        """With a suit symbol: ``'A♣'``."""
        return RANKS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


FULL_DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""All 52 cards in index order (an immutable constant, shared safely)."""


def cards_from_rank(lowest_rank: int) -> tuple[Card, ...]:
    """The cards of rank index ``lowest_rank`` and up, in index order: the one definition of
    a game's deck (0: all 52; 4: Short Deck's 36, six to ace). A card is ``rank * 4 + suit``,
    so they are the full deck from ``4 * lowest_rank`` on.

    >>> len(cards_from_rank(0)), len(cards_from_rank(4)), str(cards_from_rank(4)[0])
    (52, 36, '6c')
    """
    return FULL_DECK[4 * lowest_rank:]


def parse_cards(
    text: str | Iterable[str], count: int | None = None, what: str = "cards"
) -> tuple[Card, ...]:
    """Reads several cards from ``'Ah-Kh 5s,2d'`` or from a list of strings.

    Rejects a duplicate card, and a wrong number of cards when ``count`` is given; ``what``
    names the group in the error (``'HandA'``, ``'board'``).

    >>> parse_cards(["As", "Ad"], count=2)
    (Card.parse('As'), Card.parse('Ad'))
    >>> try:
    ...     parse_cards("As 2d As")
    ... except CardError as e:
    ...     print(e)
    duplicate card As in cards
    """
    if isinstance(text, str):
        parts = [p for p in _SEPARATORS.split(text.strip()) if p]
    else:
        parts = list(text)
    cards = tuple(Card.parse(p) for p in parts)
    if count is not None and len(cards) != count:
        raise CardError(f"{what} needs {count} cards, got {len(cards)}")
    check_distinct(cards, what)
    return cards


def check_distinct(cards: Iterable[Card], what: str = "cards") -> None:
    """Raises :class:`CardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"duplicate card {Card(c)} in {what}")
        seen.add(c)


def format_cards(cards: Iterable[int], sep: str = " ", pretty: bool = False) -> str:
    """The inverse of :func:`parse_cards`: ``'Ah Kh 5s'`` (or ``'A♥ K♥ 5♠'`` when ``pretty``)."""
    return sep.join(Card(c).pretty() if pretty else str(Card(c)) for c in cards)


def shuffled_deck() -> list[Card]:
    """A fresh 52-card deck in an order drawn from ``secrets`` (a CSPRNG), by Fisher-Yates."""
    deck = list(FULL_DECK)
    for i in range(len(deck) - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deck_from(cards: Sequence[int]) -> list[Card]:
    """A deck stacked in the given order (for replays and tests); must hold distinct cards."""
    deck = [Card(c) for c in cards]
    check_distinct(deck, "deck")
    return deck

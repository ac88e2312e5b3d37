"""The table games as data: one :class:`Variant` record per game, read by the betting engine.

A game is a declaration, not a branch in the engine: its deck, hole cards and boards, how its
cards leave the deck (:class:`Layout`, the public dealing order of :mod:`rules.dealorder`), its
betting rounds and draws, its forced bets, its default betting structure, how many it seats,
which rounds bet fixed-limit's small bet, how a pot divides and which evaluator scores a hand.
The engine (:mod:`rules.poker`), the dealing order and ``playhand`` read these fields and never
ask which game it is. The rules each record states are ``static/rules/table-games.md#the-games``,
``static/rules/table-games.md#seats-per-game`` and
``static/rules/table-games.md#betting-structures-by-game``.

Pure data and light to import (no engine, no evaluator): the page's lobby and the games
catalogue read it before the engine is fetched.

>>> Game.parse("bomb-double").boards, Game.DRAW.variant.draws
(2, Draws(count=1, most=3, ace_extra=True))
>>> VARIANTS["holdem"].layout.hole, Game.HOLDEM.variant.seats, len(Game.OMAHA.variant.deck)
(2, (2, 10), 52)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from types import MappingProxyType

from .cards import Card, cards_from_rank
from .errors import SettingsError

ACE = 12
"""The ace's rank index (:mod:`rules.cards`)."""


@dataclass(frozen=True)
class Layout:
    """How one game deals (:mod:`rules.dealorder`): ``hole`` cards a player, one at a time
    round the table (``by_rounds``) or a player's all at once; ``boards`` boards, each dealt
    ``streets`` cards a street (every board's street before the next street), a burn before
    each street when ``burns``; ``stub``: replacements come off the deck after the hole
    cards (the draw games)."""

    hole: int
    boards: int = 0
    streets: tuple[int, ...] = ()
    burns: bool = False
    by_rounds: bool = True
    stub: bool = False

    @property
    def board_cards(self) -> int:
        """Cards on each board once it is complete."""
        return sum(self.streets)


class Betting(Enum):
    """The betting structures. The value is the id used in scripts and settings."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    DOUBLE_POT_LIMIT = "double-pot-limit"
    FIXED_LIMIT = "fixed-limit"

    @classmethod
    def parse(cls, text: object) -> Betting:
        for b in cls:
            if b.value == text:
                return b
        raise SettingsError(
            f"unknown betting {text!r} (one of {', '.join(b.value for b in cls)})"
        )

    @property
    def title(self) -> str:
        return {
            Betting.NO_LIMIT: "No Limit",
            Betting.POT_LIMIT: "Pot Limit",
            Betting.DOUBLE_POT_LIMIT: "Double Pot Limit",
            Betting.FIXED_LIMIT: "Limit",
        }[self]


class Blinds(Enum):
    """Whether a game posts the small and big blind
    (``static/rules/table-games.md#forced-bets``)."""

    ALWAYS = "always"
    OPTION = "the host's option"
    """Antes by default; blinds when the host sets them (5-card draw)."""
    NEVER = "never"


class Division(Enum):
    """How a pot divides at the showdown (``static/rules/table-games.md#hi-lo``,
    ``static/rules/table-games.md#double-board``)."""

    HIGH = "high"
    """Whole to the best high hand."""
    HILO8 = "hi/lo 8"
    """Halved between the best high and the best 8-or-better low, whole to the high without
    a low among the pot's players."""
    PER_BOARD = "per board"
    """Halved, one half to the best high hand on each of two boards."""
    LOWBALL = "lowball"
    """Whole to the lowest hand (the evaluator's value, lower is better)."""


class Evaluator(Enum):
    """Which cards make a hand and how it ranks (:mod:`rules.poker.value` scores each)."""

    HIGH = "high"
    """The best five of all the player's cards (hole and board), the usual ranking."""
    OMAHA = "omaha"
    """Exactly two hole cards and three board cards, the usual ranking."""
    SHORT = "short deck"
    """The best five of hole and board, short-deck ranking
    (``static/rules/table-games.md#short-deck``)."""
    LOW27 = "2-7 low"
    """The five cards, deuce-to-seven lowball: the lowest wins
    (``static/rules/table-games.md#2-7-triple-draw``)."""


@dataclass(frozen=True)
class Draws:
    """A draw game's draws: one after each of the first ``count`` betting rounds; a player
    discards 0 to ``most`` cards, one more when ``ace_extra`` and the card kept is an ace."""

    count: int
    most: int
    ace_extra: bool = False


@dataclass(frozen=True)
class Variant:
    """One table game's rules as data (see the module docstring).

    ``lowest_rank`` is the deck's lowest rank (0: all 52 cards; 4: the 36 from six to
    ace). ``streets_first`` streets are dealt before the first betting round (a bomb pot's
    flop). ``small_bet_rounds`` are the first rounds that bet fixed-limit's small bet (one
    unit); later rounds bet two. With ``bomb_ante`` the ante is a bomb pot's: at least a
    chip, a seat with less than it is not dealt in, and the button's seat need not be.
    """

    id: str
    title: str
    layout: Layout
    rounds: tuple[str, ...]
    evaluator: Evaluator
    division: Division
    default_betting: Betting
    blinds: Blinds = Blinds.ALWAYS
    seats: tuple[int, int] = (2, 10)
    small_bet_rounds: int = 2
    draws: Draws | None = None
    streets_first: int = 0
    bomb_ante: bool = False
    lowest_rank: int = 0

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards the game is played with, in index order."""
        return cards_from_rank(self.lowest_rank)

    @property
    def hole(self) -> int:
        return self.layout.hole

    @property
    def boards(self) -> int:
        return self.layout.boards

    @property
    def draw_count(self) -> int:
        """How many draws a hand has (0: none)."""
        return 0 if self.draws is None else self.draws.count


_FLOP_TURN_RIVER = (3, 1, 1)
_HOLDEM_ROUNDS = ("preflop", "flop", "turn", "river")

HOLDEM = Variant(
    "holdem", "Hold'em", Layout(2, 1, _FLOP_TURN_RIVER, burns=True), _HOLDEM_ROUNDS,
    Evaluator.HIGH, Division.HIGH, Betting.NO_LIMIT,
)
OMAHA = Variant(
    "omaha", "Omaha", Layout(4, 1, _FLOP_TURN_RIVER, burns=True), _HOLDEM_ROUNDS,
    Evaluator.OMAHA, Division.HIGH, Betting.POT_LIMIT,
)
OMAHA_HILO = Variant(
    "omaha-hilo", "Omaha Hi/Lo", Layout(4, 1, _FLOP_TURN_RIVER, burns=True), _HOLDEM_ROUNDS,
    Evaluator.OMAHA, Division.HILO8, Betting.POT_LIMIT,
)
BOMB_DOUBLE = Variant(
    "bomb-double", "Omaha Double Board Bomb Pot", Layout(4, 2, _FLOP_TURN_RIVER, burns=True),
    ("flop", "turn", "river"), Evaluator.OMAHA, Division.PER_BOARD, Betting.POT_LIMIT,
    blinds=Blinds.NEVER, small_bet_rounds=1, streets_first=1, bomb_ante=True,
)
DRAW = Variant(
    "draw", "5 Card Draw", Layout(5, stub=True), ("before the draw", "after the draw"),
    Evaluator.HIGH, Division.HIGH, Betting.NO_LIMIT, blinds=Blinds.OPTION, seats=(2, 7),
    small_bet_rounds=1, draws=Draws(1, 3, ace_extra=True),
)

PLO5 = Variant(
    "plo5", "5 Card Omaha", Layout(5, 1, _FLOP_TURN_RIVER, burns=True), _HOLDEM_ROUNDS,
    Evaluator.OMAHA, Division.HIGH, Betting.POT_LIMIT, seats=(2, 9),
)

SHORT_DECK = Variant(
    "shortdeck", "Short Deck Hold'em", Layout(2, 1, _FLOP_TURN_RIVER, burns=True),
    _HOLDEM_ROUNDS, Evaluator.SHORT, Division.HIGH, Betting.NO_LIMIT, lowest_rank=4,
)

TRIPLE_DRAW = Variant(
    "triple-draw", "2-7 Triple Draw", Layout(5, stub=True),
    ("before the first draw", "after the first draw", "after the second draw",
     "after the third draw"),
    Evaluator.LOW27, Division.LOWBALL, Betting.FIXED_LIMIT, seats=(2, 6), draws=Draws(3, 5),
)


class Game(Enum):
    """The table games. The value is the id used in scripts and settings; each game's rules
    are its :attr:`variant` record, and the properties below are views of it."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    BOMB_DOUBLE = "bomb-double"
    DRAW = "draw"
    PLO5 = "plo5"
    SHORT_DECK = "shortdeck"
    TRIPLE_DRAW = "triple-draw"

    @classmethod
    def parse(cls, text: object) -> Game:
        for game in cls:
            if game.value == text:
                return game
        raise SettingsError(
            f"unknown game {text!r} (one of {', '.join(g.value for g in cls)})"
        )

    @cached_property
    def variant(self) -> Variant:
        """The game's rules as data (looked up once: the engine asks for it at every step)."""
        return VARIANTS[self.value]

    @property
    def hole_count(self) -> int:
        """Hole cards a player."""
        return self.variant.layout.hole

    @property
    def boards(self) -> int:
        return self.variant.layout.boards

    @property
    def posts_blinds(self) -> bool:
        """Whether the game always posts blinds (the blind games). A bomb pot uses antes
        only, and so does draw unless the host sets blinds
        (:attr:`rules.poker.HandConfig.posts_blinds` says for one hand). Without blinds the
        big blind is only the unit: the minimum bet and fixed-limit's small bet."""
        return self.variant.blinds is Blinds.ALWAYS

    @property
    def rounds(self) -> tuple[str, ...]:
        """The betting rounds, in order."""
        return self.variant.rounds

    @property
    def default_betting(self) -> Betting:
        return self.variant.default_betting

    @property
    def title(self) -> str:
        return self.variant.title


VARIANTS: Mapping[str, Variant] = MappingProxyType({
    v.id: v for v in (HOLDEM, OMAHA, OMAHA_HILO, BOMB_DOUBLE, DRAW, PLO5, SHORT_DECK, TRIPLE_DRAW)
})
"""Every table game's record, by game id (the values of :class:`Game`, in its order)."""

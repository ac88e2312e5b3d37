"""Every game the room plays, each one declaration: its names, its family and its facts.

Why one place: a game's names and facts used to be written about five times (the rules'
settings, the registry, the lobby's form, the text modules, the PokerStars writer) and the web
kept its own copies of rules (which games post blinds, which hold four cards, where a bomb pot
may be called). Everything above the rules reads them here instead (the registry, the lobby's
game picker and form, the shell, the text modules, the PokerStars writer) or from the same
facts carried in a view, so adding a game is its rules entry, its entry here and its tests.

Light to import: the page reads this module in the lobby, before (and without) the table
games' engine. The table games' facts are not copied: they are read from the rules' own
record of each game, :class:`rules.variants.Variant` (hole cards, boards, betting rounds and
draws, the deck, the seats, the usual structure, the blinds, how a pot divides and which
evaluator scores a hand), which loads no engine
(``tests/test_games_catalogue.py`` imports this module in a fresh interpreter to hold it to that).
What only the games above the rules decide (names for people, PokerStars' names, the keys,
which screen draws the game, where a bomb pot may be called) is declared here.

>>> [e.game_id for e in GAMES.values()][:7]
['ultimate', 'holdem', 'omaha', 'omaha-hilo', 'bomb-double', 'draw', 'plo5']
>>> e = entry("omaha-hilo")
>>> e.names.full, e.hole_cards, e.boards, e.division.value, e.evaluator.value, e.family.value
('Omaha Hi/Lo', 4, 1, 'hi/lo 8', 'omaha', 'board')
>>> entry("draw").rounds, entry("draw").draws, entry("draw").seats
(('before the draw', 'after the draw'), 1, (2, 7))
>>> entry("nope") is None, [g for g in GAMES if table_game(g)][:2]
(True, ['holdem', 'omaha'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from rules.dealorder import DECK_CARDS, LAYOUTS, RING
from rules.variants import Betting, Blinds, Game, Variant
from rules.variants import Division as Division  # the rules' own, re-exported for the web
from rules.variants import Evaluator as Evaluator


class Family(StrEnum):
    """How a game is played: Ultimate Omaha (everyone against everyone, no folding), a board
    game with betting rounds (Hold'em, the Omaha games), or a draw game."""

    ULTIMATE = "ultimate"
    BOARD = "board"
    DRAW = "draw"


class Screen(StrEnum):
    """Which table screen draws the game (``index.html``'s ``data-game-part``): Ultimate
    Omaha's own (the page's "game" screen), or the table games' (the "poker" screen)."""

    ULTIMATE = "ultimate"
    POKER = "poker"

    @property
    def screen(self) -> str:
        """The screen's name for ``web.dom.show_screen``."""
        return "game" if self is Screen.ULTIMATE else "poker"


@dataclass(frozen=True)
class Names:
    """A game's names: ``full`` as the lobby lists it, ``short`` as the rules' messages and
    hand records write it, ``spoken`` as a screen reader should say it (no slash, no
    abbreviation read letter by letter)."""

    full: str
    short: str
    spoken: str


STARS_LIMITS: Mapping[str, str] = MappingProxyType({
    Betting.NO_LIMIT.value: "No Limit",
    Betting.POT_LIMIT.value: "Pot Limit",
    Betting.FIXED_LIMIT.value: "Limit",
})
"""PokerStars' words for a structure; it has no double pot limit (such hands are left out)."""


STRUCTURE_WORDS: Mapping[str, str] = MappingProxyType({
    Betting.NO_LIMIT.value: "No-Limit",
    Betting.POT_LIMIT.value: "Pot-Limit",
    Betting.DOUBLE_POT_LIMIT.value: "Double Pot-Limit",
    Betting.FIXED_LIMIT.value: "Fixed-Limit",
})
"""A structure as a game's name says it ("Pot-Limit Omaha")."""


@dataclass(frozen=True)
class HandHistory:
    """How a hand of the game is written in a hand-history format: PokerStars' name for the
    game (its own files' spelling) and its words for each structure it knows; PHH's variant
    code for each structure the standard has one for (``games.phh``); Open Hand History's
    ``game_type`` ("" where it has none: ``games.ohh``)."""

    stars: str
    limits: Mapping[str, str] = field(default_factory=lambda: STARS_LIMITS)
    phh: Mapping[str, str] = field(default_factory=dict)
    ohh: str = ""


@dataclass(frozen=True)
class Keys:
    """The number keys of the table: 1 to ``own`` read the player's cards, the next
    ``board`` keys a board's cards (every board's at once)."""

    own: int
    board: int

    @property
    def last(self) -> int:
        """The highest card key."""
        return self.own + self.board


@dataclass(frozen=True)
class ForcedBets:
    """The forced bets: ``blinds`` always posted; ``blinds_optional``: the host may have them
    posted (5-card draw); ``ante_unset``: what an ante left empty is, in words ("none" where
    the game needs none)."""

    blinds: bool
    blinds_optional: bool = False
    ante_unset: str = "none"


@dataclass(frozen=True)
class GameEntry:
    """One game: who it is, its facts, and where its session class lives.

    ``module``/``session`` name the session class (imported only when a host plays it:
    :mod:`games.registry`); ``variant``: the class plays several games and is told which.
    """

    game_id: str
    names: Names
    line: str
    """One line about the game, for the lobby's picker."""
    family: Family
    deck: int
    hole_cards: int
    boards: int
    rounds: tuple[str, ...]
    """The betting rounds in order (Ultimate Omaha: its two decisions)."""
    draws: int
    forced: ForcedBets
    default_structure: str | None
    structures: tuple[str, ...]
    seats: tuple[int, int]
    """The fewest and most players a hand deals in."""
    rules: Variant | None
    """The table game's record in the rules (None: Ultimate Omaha, which has its own)."""
    history: HandHistory | None
    keys: Keys
    screen: Screen
    bomb_pot: bool
    """Whether the host may call a double-board bomb pot at this table."""
    module: str
    session: str
    told_game: bool
    """The session class plays several games and is told which (``game=``)."""
    settings_module: str = ""
    """Where the game's settings schema (``SETTINGS``) lives when not in ``module``: a light
    module the lobby may read without the game's engine (Ultimate's base bet)."""
    brain: str = ""
    """The module whose ``BRAIN`` (a :class:`room.bots.Brain`) plays the game's bots, imported
    only when a bot sits at it ("": no bot plays it yet)."""

    @property
    def division(self) -> Division | None:
        """How a pot divides, the rules' :class:`~rules.variants.Division` (None: Ultimate
        Omaha's every player against every other)."""
        return self.rules.division if self.rules is not None else None

    @property
    def evaluator(self) -> Evaluator | None:
        """Which cards make a hand and how it ranks, the rules'
        :class:`~rules.variants.Evaluator` (None: Ultimate Omaha's own, Omaha's high hand
        on each board)."""
        return self.rules.evaluator if self.rules is not None else None

    def title(self, structure: object = None) -> str:
        """The game's name for the ``structure`` played: a name that says the game's usual
        structure says the one played instead.

        >>> GAMES["omaha"].title("no-limit"), GAMES["omaha"].title("pot-limit")
        ('No-Limit Omaha', 'Pot-Limit Omaha')
        >>> GAMES["holdem"].title("fixed-limit"), GAMES["omaha"].title("auto")
        ("Texas Hold'em", 'Pot-Limit Omaha')
        """
        usual = f"{STRUCTURE_WORDS.get(str(self.default_structure), '')} "
        if (not self.names.full.startswith(usual) or not isinstance(structure, str)
                or structure not in STRUCTURE_WORDS):
            return self.names.full
        return f"{STRUCTURE_WORDS[structure]} {self.names.full.removeprefix(usual)}"

    @property
    def is_table_game(self) -> bool:
        """Played by the table games' betting engine (fetched by a host that starts one)."""
        return self.screen is Screen.POKER


def _table(game: Game, full: str, spoken: str, line: str, *, stars: str,
           phh: Mapping[str, str] | None = None, ohh: str = "",
           ante_unset: str = "none", bomb_pot: bool = False, brain: str = "") -> GameEntry:
    """A table game's entry: every fact the rules hold is read from its record
    (:attr:`Game.variant`); only the names, the line, PokerStars' name, the words for an
    unset ante and the bomb pot are declared here."""
    rules = game.variant
    layout = rules.layout
    return GameEntry(
        game_id=game.value, names=Names(full, rules.title, spoken), line=line,
        family=Family.DRAW if layout.stub else Family.BOARD, deck=len(rules.deck),
        hole_cards=layout.hole, boards=layout.boards, rounds=rules.rounds,
        draws=rules.draw_count,
        forced=ForcedBets(blinds=game.posts_blinds, blinds_optional=rules.blinds is Blinds.OPTION,
                          ante_unset=ante_unset),
        default_structure=rules.default_betting.value,
        structures=tuple(b.value for b in Betting),
        seats=rules.seats, rules=rules,
        history=HandHistory(stars, phh=MappingProxyType(dict(phh or {})), ohh=ohh),
        keys=Keys(layout.hole, layout.board_cards), screen=Screen.POKER,
        bomb_pot=bomb_pot, module="games.poker", session="PokerGame", told_game=True,
        brain=brain,
    )


_ULTIMATE = LAYOUTS["ultimate"]

GAMES: Mapping[str, GameEntry] = MappingProxyType({e.game_id: e for e in (
    GameEntry(
        game_id="ultimate", names=Names("Ultimate Omaha", "Ultimate Omaha", "Ultimate Omaha"),
        line="Everyone plays everyone: four cards, two boards, Check or Double the whole "
             "stake; no folding.",
        family=Family.ULTIMATE, deck=DECK_CARDS, hole_cards=_ULTIMATE.hole,
        boards=_ULTIMATE.boards, rounds=("preflop", "flop"),  # rules.ultimate.BETTING_PHASES
        draws=0,
        forced=ForcedBets(blinds=False), default_structure=None, structures=(),
        seats=(1, RING),  # rules.ultimate's MIN_PLAYERS..MAX_PLAYERS: not imported here,
        # it loads the evaluator (tests/test_games_catalogue.py holds the two equal)
        rules=None, history=None,
        keys=Keys(0, 0), screen=Screen.ULTIMATE, bomb_pot=False,
        module="games.ultimate", session="UltimateGame", told_game=False,
        settings_module="games.ultimatesettings",
        brain="games.bots.ultimate",
    ),
    _table(Game.HOLDEM, "Texas Hold'em", "Texas Hold'em",
           "Two cards each, five on the board, best five of seven.",
           stars="Hold'em", phh={"no-limit": "NT", "fixed-limit": "FT"},
           ohh="Holdem", bomb_pot=True,
           brain="games.bots.holdem"),
    _table(Game.OMAHA, "Pot-Limit Omaha", "Pot-Limit Omaha",
           "Four cards each; use exactly two of them with three from the board.",
           stars="Omaha", phh={"pot-limit": "PO"}, ohh="Omaha", bomb_pot=True,
           brain="games.bots.omaha"),
    _table(Game.OMAHA_HILO, "Omaha Hi/Lo", "Omaha high-low",
           "Omaha with each pot split between the best high and the best low (8 or better).",
           stars="Omaha Hi/Lo", phh={"fixed-limit": "FO/8"}, ohh="OmahaHiLo",
           bomb_pot=True,
           brain="games.bots.omaha"),
    _table(Game.BOMB_DOUBLE, "PLO Double-Board Bomb Pot", "Pot-Limit Omaha double-board bomb pot",
           "Everyone antes, no preflop betting, two boards: each board wins half the pot.",
           stars="Split Omaha", ante_unset="one big blind",
           brain="games.bots.omaha"),
    _table(Game.DRAW, "5-Card Draw", "5-card draw",
           "Five cards, bet, discard up to three (four keeping an ace), draw, bet again.",
           stars="5 Card Draw", ante_unset="one small blind", brain="games.bots.draw"),
    _table(Game.PLO5, "Pot-Limit 5-Card Omaha", "Pot-Limit five-card Omaha",
           "Five cards each; use exactly two of them with three from the board.",
           stars="5 Card Omaha", ohh="Omaha", bomb_pot=True,
           brain="games.bots.omaha"),
    _table(Game.SHORT_DECK, "Short Deck Hold'em", "Short deck Hold'em",
           "Hold'em with 36 cards, six to ace: a flush beats a full house.",
           stars="6+ Hold'em", phh={"no-limit": "NS"}, bomb_pot=True,
           brain="games.bots.holdem"),
    _table(Game.TRIPLE_DRAW, "2-7 Triple Draw", "deuce-to-seven triple draw",
           "Five cards, three draws of up to five; the lowest hand wins (aces high, straights "
           "and flushes count against you).",
           stars="Triple Draw 2-7 Lowball", phh={"fixed-limit": "F2L3D"},
           brain="games.bots.draw"),
)})
"""Every game the room can play, by id, in the lobby's order (the flagship first)."""

FLAGSHIP = GAMES["ultimate"]
"""Ultimate Omaha, the room's own game, whose screen (``web.table``) draws no other."""
DEFAULT_GAME = FLAGSHIP.game_id
"""The game a new room plays until the host picks another (the flagship)."""

BOMB_POT = next(e.game_id for e in GAMES.values() if e.division is Division.PER_BOARD)
"""The game a bomb pot the host calls is played as (a double-board hand)."""


def entry(game_id: object) -> GameEntry | None:
    """The entry of ``game_id`` (None for anything that is not one: a view's field may be
    anything a peer sent)."""
    return GAMES.get(game_id) if isinstance(game_id, str) else None


def table_game(game_id: object) -> bool:
    """Whether ``game_id`` is played by the table games' engine."""
    found = entry(game_id)
    return found is not None and found.is_table_game


TABLE_GAMES = frozenset(g for g in GAMES if table_game(g))
"""The games played by the betting engine (fetched by the host at Start)."""
TABLE_ORDER: tuple[str, ...] = tuple(g for g in GAMES if table_game(g))
"""The table games in catalogue order: a dealer's-choice pick names a game by its place here
(``games.poker.extras``; the page and the bots number their picks by it too)."""


def name(game_id: object) -> str:
    """The game's full name (the id itself, as text, for one this catalogue does not hold)."""
    found = entry(game_id)
    return found.names.full if found is not None else str(game_id)

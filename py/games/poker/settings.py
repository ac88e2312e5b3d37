"""The table games' own settings: a schema the host's screen can draw, and its validation.

The room owns the settings every game shares (``TableSettings``: grace period, the turn timer
``timer_ms``, auto-deal); this module holds only what a betting table adds. The turn timer is
the room's ``timer_ms`` (one setting, not two), but the rules allow only "off or 5–90 s" for
a table game, so :func:`check_timer` refuses anything else.

Bad values are refused with ``RoomError``: one field's by the shared schema record
(:meth:`games.settings.Setting.check`, ``settings/bad_value``, naming the field), a clash
between fields as ``settings/<name>`` of the field to change, ``settings/unknown`` for a key no
game setting has.

The game itself is not a setting: each table game is its own registry entry
(``games.registry``: ``holdem``, ``omaha``, ...), so :func:`parse_settings` is told it.

>>> s = parse_settings({"small_blind": 1, "big_blind": 2}, Game.OMAHA)
>>> s.game.value, s.betting.value, s.cap, s.min_buy_in, s.max_buy_in
('omaha', 'pot-limit', None, 80, 500)
>>> parse_settings({"mode": "league"})
Traceback (most recent call last):
room.errors.RoomError: mode: 'league' is not one of cash, tournament
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, cast

from room.errors import Code, RoomError
from rules.poker import Betting, Game

from games import catalogue
from games.codes import TableCode
from games.settings import Setting
from games.viewtypes import TableGameSettings


class Mode(StrEnum):
    CASH = "cash"
    TOURNAMENT = "tournament"


class LevelBy(StrEnum):
    MINUTES = "minutes"
    HANDS = "hands"


AUTO = "auto"
"""``betting``'s default: the game's own structure (Hold'em and draw no-limit, Omaha
pot-limit)."""
MAX_CHIPS = 10_000_000
"""No blind, ante or stack above ten million chips: keeps every sum a small int."""
ANTES, BLINDS, BOTH = "antes", "blinds", "both"
"""5-card draw's forced bets, the host's choice (``forced_bets``): antes only (the default),
the small and big blind as in Hold'em, or both. The other games' forced bets are their own."""
MIN_TIMER_MS = 5_000
MAX_TIMER_MS = 90_000

SETTINGS: tuple[Setting, ...] = (
    Setting("betting", "choice", AUTO, choices=(AUTO, *(b.value for b in Betting)),
            words="Betting structure (auto: Hold'em and draw no-limit, the Omaha games "
                  "pot-limit)"),
    Setting("small_blind", "int", 5, lo=1, hi=MAX_CHIPS, words="Small blind (chips)"),
    Setting("big_blind", "int", 10, lo=1, hi=MAX_CHIPS,
            words="Big blind (chips): the minimum bet; draw and bomb pots use it only as that"),
    Setting("ante", "int", 0, lo=0, hi=MAX_CHIPS,
            words="Ante per player (chips); in a bomb pot the bomb ante, 0 meaning one big "
                  "blind; in 5-card draw with antes at least 1, one small blind if not set "
                  "(with blinds only, none)"),
    Setting("forced_bets", "choice", ANTES, choices=(ANTES, BLINDS, BOTH),
            words="5-card draw's forced bets: antes, the small and big blind as in Hold'em, "
                  "or both (the other games keep their own: this is ignored)"),
    Setting("cap", "int", 0, lo=0, hi=20,
            words="Most bets and raises in one round for no-limit and pot-limit (0: none)"),
    Setting("mode", "choice", Mode.CASH.value, choices=tuple(m.value for m in Mode),
            words="Cash game (come and go) or tournament (equal stacks, rising blinds)"),
    Setting("min_buy_in_bb", "int", 40, lo=1, hi=1000, words="Smallest buy-in, in big blinds"),
    Setting("max_buy_in_bb", "int", 250, lo=1, hi=1000,
            words="Largest buy-in (and rebuy ceiling), in big blinds"),
    Setting("buy_in_bb", "int", 100, lo=1, hi=1000, words="Suggested buy-in, in big blinds"),
    Setting("chip_cents", "int", 1, lo=1, hi=100_000,
            words="Value of one chip in cents (cash games)"),
    Setting("starting_stack", "int", 1500, lo=1, hi=MAX_CHIPS,
            words="Tournament starting stack (chips)"),
    Setting("level_by", "choice", LevelBy.MINUTES.value,
            choices=tuple(b.value for b in LevelBy),
            words="Tournament blinds go up every N minutes or every N hands"),
    Setting("level_length", "int", 10, lo=1, hi=240,
            words="Tournament level length (minutes or hands)"),
    Setting("time_bank_s", "int", 60, lo=0, hi=600,
            words="Time bank per player (seconds), used after the turn timer runs out"),
    # Home-game extras, part 2 (static/rules/table-games.md#run-it-twice, #rabbit-hunt).
    Setting("run_twice", "bool", False,
            words="Run it twice: when the betting ends all in before the river, the players "
                  "in may agree to deal the rest of the board twice, each run for half the pot"),
    Setting("rabbit_hunt", "bool", False,
            words="Rabbit hunt: after a hand ends before the river, any player in it may see "
                  "the cards that would have come"),
    # The home-game extras (static/rules/table-games.md: Straddle, Big-blind ante, 7-2
    # bounty, Bomb pot, Dealer's choice).
    Setting("straddle", "bool", False,
            words="Straddle allowed: the player under the gun may post two big blinds before "
                  "the deal (a standing choice at their seat)"),
    Setting("bb_ante", "bool", False,
            words="Big-blind ante: the big blind posts the whole table's ante, dead"),
    Setting("bounty", "int", 0, lo=0, hi=MAX_CHIPS,
            words="7-2 bounty (chips from each player to a Hold'em pot won with seven-deuce "
                  "offsuit; 0: none)"),
    Setting("bomb_every", "int", 0, lo=0, hi=1000,
            words="A bomb pot every N hands (0: never; Hold'em, PLO and Hi/Lo hands)"),
    Setting("dealers_choice", "bool", False,
            words="Dealer's choice: the player on the button picks each hand's game among "
                  "those allowed below"),
    *(Setting(f"dc_{g.replace('-', '_')}", "bool", True,
              words=f"Dealer's choice may pick {catalogue.GAMES[g].names.full}")
      for g in catalogue.GAMES if catalogue.table_game(g)),
)
_BY_NAME = {s.name: s for s in SETTINGS}

LOCKED_IN_PLAY = ("mode", "chip_cents")
"""Settings that cannot change once a hand has been dealt: the chips already won were valued
at the chip value in force, and a cash game cannot become a tournament halfway."""
LOCKED_IN_TOURNAMENT = ("small_blind", "big_blind", "ante", "forced_bets", "starting_stack",
                        "level_by", "level_length")
"""A running tournament's schedule and stacks are fixed when it starts."""


@dataclass(frozen=True)
class PokerSettings:
    """The validated settings (see :data:`SETTINGS` for each field's meaning)."""

    game: Game = Game.HOLDEM
    betting: Betting = Betting.NO_LIMIT
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    cap: int | None = None
    mode: Mode = Mode.CASH
    min_buy_in_bb: int = 40
    max_buy_in_bb: int = 250
    buy_in_bb: int = 100
    chip_cents: int = 1
    starting_stack: int = 1500
    level_by: LevelBy = LevelBy.MINUTES
    level_length: int = 10
    time_bank_s: int = 60
    draw_blinds: bool = False
    """5-card draw posts the small and big blind (``forced_bets`` blinds or both)."""
    run_twice: bool = False
    rabbit_hunt: bool = False
    straddle: bool = False
    bb_ante: bool = False
    bounty: int = 0
    bomb_every: int = 0
    choice_games: tuple[Game, ...] = ()
    """Dealer's choice: the games the button may pick from (empty: off; the table's own game
    is always among them, first)."""
    raw: tuple[tuple[str, Any], ...] = ()
    """The values as given, defaults filled in (for snapshots and the host's screen)."""

    @property
    def posts_blinds(self) -> bool:
        """Whether this table's hands post blinds: the blind games always, draw when the host
        chose blinds (a called bomb pot never: the session asks the hand's own game)."""
        return self.game.posts_blinds or self.draw_blinds

    @property
    def min_buy_in(self) -> int:
        return self.min_buy_in_bb * self.big_blind

    @property
    def max_buy_in(self) -> int:
        return self.max_buy_in_bb * self.big_blind

    @property
    def default_buy_in(self) -> int:
        return self.buy_in_bb * self.big_blind

    @property
    def hand_ante(self) -> int:
        """The ante a hand posts: a bomb pot's 0 means one big blind."""
        if self.game is Game.BOMB_DOUBLE and self.ante == 0:
            return self.big_blind
        return self.ante

    @property
    def max_seats(self) -> int:
        """Players dealt in at most (the catalogue's seat limit: 10, 5-card draw 7)."""
        return catalogue.GAMES[self.game.value].seats[1]

    def as_dict(self) -> TableGameSettings:
        """The settings as the form sent them, checked: the schema's names are the keys
        (``tests/test_games_viewtypes.py`` holds :data:`SETTINGS` and the type to one list)."""
        return cast(TableGameSettings, dict(self.raw))


def _bad(name: str, detail: str) -> RoomError:
    return RoomError(detail, TableCode(f"settings/{name}"))  # the lobby marks that field


def parse_settings(given: Mapping[str, Any], game: Game = Game.HOLDEM) -> PokerSettings:
    """Validates the game part of the host's settings for ``game`` (absent keys take their
    defaults)."""
    if not isinstance(given, Mapping):
        raise RoomError(f"game settings must be an object, got {given!r}", Code.SETTINGS_INVALID)
    for key in given:
        if key not in _BY_NAME:
            raise RoomError(f"unknown game setting {key!r}", Code.SETTINGS_UNKNOWN)
    v: dict[str, Any] = {s.name: s.check(given.get(s.name)) for s in SETTINGS}
    betting = game.default_betting if v["betting"] == AUTO else Betting.parse(v["betting"])
    if v["small_blind"] > v["big_blind"]:
        raise _bad("small_blind", f"the small blind {v['small_blind']} is above the big blind "
                                  f"{v['big_blind']}")
    if not v["min_buy_in_bb"] <= v["buy_in_bb"] <= v["max_buy_in_bb"]:
        raise _bad("buy_in_bb", f"buy-ins must satisfy min {v['min_buy_in_bb']} <= suggested "
                                f"{v['buy_in_bb']} <= max {v['max_buy_in_bb']} big blinds")
    draw_blinds = game is Game.DRAW and v["forced_bets"] != ANTES
    v["ante"] = _ante(given, game, v["ante"], v["small_blind"], v["forced_bets"])
    cap = v["cap"] or None
    if betting is Betting.FIXED_LIMIT and cap is not None:
        raise _bad("cap", "fixed-limit is always capped at four bets; leave cap at 0")
    if Mode(v["mode"]) is Mode.CASH and v["max_buy_in_bb"] * v["big_blind"] > MAX_CHIPS:
        raise _bad("max_buy_in_bb", f"the largest buy-in is above {MAX_CHIPS:,} chips")
    return PokerSettings(
        game=game, betting=betting, small_blind=v["small_blind"], big_blind=v["big_blind"],
        ante=v["ante"], cap=cap, mode=Mode(v["mode"]), min_buy_in_bb=v["min_buy_in_bb"],
        max_buy_in_bb=v["max_buy_in_bb"], buy_in_bb=v["buy_in_bb"],
        chip_cents=v["chip_cents"], starting_stack=v["starting_stack"],
        level_by=LevelBy(v["level_by"]), level_length=v["level_length"],
        time_bank_s=v["time_bank_s"], draw_blinds=draw_blinds, raw=tuple(v.items()),
        run_twice=v["run_twice"], rabbit_hunt=v["rabbit_hunt"], straddle=v["straddle"],
        bb_ante=v["bb_ante"], bounty=v["bounty"], bomb_every=v["bomb_every"],
        choice_games=_choice_games(v, game),
    )


def choice_field(game_id: str) -> str:
    """The setting that allows ``game_id`` at a dealer's-choice table (``dc_omaha_hilo``)."""
    return f"dc_{game_id.replace('-', '_')}"


def _choice_games(v: Mapping[str, Any], game: Game) -> tuple[Game, ...]:
    """The games the button may pick (``static/rules/table-games.md#dealers-choice``): the
    table's own first, then each allowed one in the catalogue's order; none when off."""
    if not v["dealers_choice"]:
        return ()
    others = tuple(g for g in Game if g is not game and catalogue.table_game(g.value)
                   and v[choice_field(g.value)])
    return (game, *others)


def _ante(given: Mapping[str, Any], game: Game, ante: int, small_blind: int,
          forced: str) -> int:
    """The ante of 5-card draw, by the host's ``forced`` bets. With antes (alone or with the
    blinds): one small blind when the host set none, never 0 — with antes only, a hand with
    no forced bet is played for nothing (an empty pot, a "win" of 0 chips), and an ante of 0
    "with the blinds" is the blinds alone, which the host should choose as such. With blinds
    only: none, and a set ante is refused rather than silently dropped. A bomb pot's 0 already
    means one big blind; the blind games keep what was set (``forced_bets`` is draw's only)."""
    if game is not Game.DRAW:
        return ante
    if forced == BLINDS:
        if ante:
            raise _bad("ante", f"with blinds only there is no ante; choose blinds and antes "
                               f"for an ante of {ante:,}")
        return 0
    if given.get("ante") is None:
        return small_blind
    if ante == 0:
        how = ("posts no blinds, so every player antes" if forced == ANTES else
               "is played with blinds and antes (an ante of 0 is blinds only)")
        raise _bad("ante", f"{game.title} {how}: set an ante of at least 1 chip (left empty, "
                           f"it is one small blind, {small_blind:,} "
                           f"chip{'' if small_blind == 1 else 's'}) or choose blinds only")
    return ante


def check_timer(timer_ms: int) -> int:
    """The room's turn timer as a table game allows it: off (0) or 5 to 90 seconds."""
    if timer_ms != 0 and not MIN_TIMER_MS <= timer_ms <= MAX_TIMER_MS:
        raise RoomError(f"the turn timer must be off or 5 to 90 seconds; got {timer_ms} ms",
                        Code.SETTINGS_TIMER)
    return timer_ms


def check_change(old: PokerSettings, new: PokerSettings, *, started: bool,
                 tournament_running: bool) -> None:
    """Refuses a change of a setting that is fixed once play began (``settings/locked``)."""
    locked = (LOCKED_IN_PLAY if started else ()) + (
        LOCKED_IN_TOURNAMENT if tournament_running else ())
    before, after = old.as_dict(), new.as_dict()
    for name in locked:
        if before.get(name) != after.get(name):
            raise RoomError(f"{name} cannot change once play has begun "
                            f"({before.get(name)!r} -> {after.get(name)!r})", Code.SETTINGS_LOCKED)

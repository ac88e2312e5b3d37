"""Table settings for one hand: the game, the betting structure, stacks, button, blinds, ante.

Validated once, when made (:meth:`HandConfig.__post_init__`), so the engine can trust them.

>>> c = HandConfig(Game.OMAHA, Betting.POT_LIMIT, (1000, 1000, 400), button=0, blinds=(5, 10))
>>> c.dealt_in, c.seats_in_order
((True, True, True), (1, 2, 0))
>>> Game.parse("bomb-double").boards, Betting.parse("fixed-limit").name
(2, 'FIXED_LIMIT')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..dealorder import LAYOUTS
from .errors import SettingsError

MAX_SEATS = 10
MAX_DRAW_SEATS = 7


class Game(Enum):
    """The five table games. The value is the id used in scripts and settings."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    BOMB_DOUBLE = "bomb-double"
    DRAW = "draw"

    @classmethod
    def parse(cls, text: object) -> Game:
        for game in cls:
            if game.value == text:
                return game
        raise SettingsError(
            f"unknown game {text!r} (one of {', '.join(g.value for g in cls)})"
        )

    @property
    def hole_count(self) -> int:
        """Hole cards a player (from the game's public dealing order, :mod:`rules.dealorder`)."""
        return LAYOUTS[self.value].hole

    @property
    def boards(self) -> int:
        return LAYOUTS[self.value].boards

    @property
    def posts_blinds(self) -> bool:
        """Hold'em and the Omaha games always post blinds; a bomb pot uses antes only, and so does
        draw unless the host sets blinds (:attr:`HandConfig.posts_blinds` says for one hand).
        Without blinds the big blind is only the unit: the minimum bet and fixed-limit's small
        bet."""
        return self in (Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO)

    @property
    def rounds(self) -> tuple[str, ...]:
        """The betting rounds, in order."""
        if self is Game.BOMB_DOUBLE:
            return ("flop", "turn", "river")
        if self is Game.DRAW:
            return ("before the draw", "after the draw")
        return ("preflop", "flop", "turn", "river")

    @property
    def default_betting(self) -> Betting:
        if self in (Game.HOLDEM, Game.DRAW):
            return Betting.NO_LIMIT
        return Betting.POT_LIMIT

    @property
    def title(self) -> str:
        return {
            Game.HOLDEM: "Hold'em",
            Game.OMAHA: "Omaha",
            Game.OMAHA_HILO: "Omaha Hi/Lo",
            Game.BOMB_DOUBLE: "Omaha Double Board Bomb Pot",
            Game.DRAW: "5 Card Draw",
        }[self]


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


FIXED_LIMIT_CAP = 4
"""Fixed-limit: at most four bets a round (a bet and three raises; preflop the big blind is the
first)."""


def _chips(value: object, what: str, minimum: int = 0) -> int:
    """An int (not a bool) of at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsError(f"{what} must be a whole number of chips, got {value!r}")
    if value < minimum:
        raise SettingsError(f"{what} must be at least {minimum}, got {value}")
    return value


@dataclass(frozen=True)
class HandConfig:
    """Everything a hand needs before the deal.

    ``stacks[i]`` is seat i's stack (0: an empty seat or one sitting out, not dealt in).
    ``blinds`` is ``(small, big)``; the big blind is the *unit* (minimum bet, fixed-limit small
    bet) in every game, posted only where the game posts blinds. ``ante`` is each dealt-in
    player's ante (in a bomb pot, the bomb ante: a seat whose stack is below it is not dealt
    in). ``cap`` is the most bets and raises in one round for no-limit and pot-limit (None:
    none); fixed-limit's is always four. ``posts`` are seats that post a big blind to come
    in out of turn (a cash newcomer who does not wait for the big blind): a live bet, so they
    have the option to check when the action comes back unraised; a seat that is in the blinds
    this hand pays its blind instead. ``draw_blinds``: 5-card draw posts the small and big
    blind as Hold'em does, the host's option (draw is otherwise played with antes only; the
    ante may then be 0 or come on top). No other game takes it: the blind games always post
    blinds and a bomb pot never does.
    """

    game: Game
    betting: Betting
    stacks: tuple[int, ...]
    button: int
    blinds: tuple[int, int] = (1, 2)
    ante: int = 0
    cap: int | None = None
    posts: tuple[int, ...] = ()
    draw_blinds: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game) or not isinstance(self.betting, Betting):
            raise SettingsError("game and betting must be a Game and a Betting")
        stacks = self.stacks
        if not isinstance(stacks, tuple):
            raise SettingsError(f"stacks must be a tuple of chips, got {stacks!r}")
        most = MAX_DRAW_SEATS if self.game is Game.DRAW else MAX_SEATS
        if not 2 <= len(stacks) <= most:
            raise SettingsError(
                f"{self.game.title} seats 2 to {most} players, got {len(stacks)} stacks"
            )
        for i, s in enumerate(stacks):
            _chips(s, f"stack of seat {i}")
        if not isinstance(self.blinds, tuple) or len(self.blinds) != 2:
            raise SettingsError(f"blinds must be [small, big], got {self.blinds!r}")
        small = _chips(self.blinds[0], "small blind", 1)
        big = _chips(self.blinds[1], "big blind", 1)
        if small > big:
            raise SettingsError(f"small blind {small} is above the big blind {big}")
        _chips(self.ante, "ante", 1 if self.game is Game.BOMB_DOUBLE else 0)
        if self.cap is not None:
            _chips(self.cap, "cap", 1)
            if self.betting is Betting.FIXED_LIMIT and self.cap != FIXED_LIMIT_CAP:
                raise SettingsError(
                    f"fixed-limit's cap is always {FIXED_LIMIT_CAP} bets; got cap {self.cap}"
                )
        b = self.button
        if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < len(stacks):
            raise SettingsError(f"button must be a seat 0..{len(stacks) - 1}, got {b!r}")
        dealt = sum(self.dealt_in)
        if dealt < 2:
            why = " (a seat with less than the bomb ante is not dealt in)" if (
                self.game is Game.BOMB_DOUBLE
            ) else ""
            raise SettingsError(f"a hand needs at least 2 players dealt in, got {dealt}{why}")
        if self.game is not Game.BOMB_DOUBLE and not self.dealt_in[b]:
            raise SettingsError(f"the button's seat {b} has no chips")
        if not isinstance(self.posts, tuple):
            raise SettingsError(f"posts must be a tuple of seats, got {self.posts!r}")
        if not isinstance(self.draw_blinds, bool):
            raise SettingsError(f"draw_blinds must be true or false, got {self.draw_blinds!r}")
        if self.draw_blinds and self.game is not Game.DRAW:
            raise SettingsError(f"only 5-card draw has blinds as an option; {self.game.title} "
                                f"{'always' if self.game.posts_blinds else 'never'} posts them")
        if self.posts and not self.posts_blinds:
            raise SettingsError(f"{self.game.title} posts no blinds, so nobody posts to come in")
        for seat in self.posts:
            if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(stacks) and self.dealt_in[seat]
            ):
                raise SettingsError(f"a post must come from a seat dealt in, got {seat!r}")
        if len(set(self.posts)) != len(self.posts):
            raise SettingsError(f"a seat posts once, got {list(self.posts)}")

    @property
    def posts_blinds(self) -> bool:
        """Whether this hand posts the small and big blind: the blind games always, draw when
        the host set blinds (:attr:`draw_blinds`), a bomb pot never."""
        return self.game.posts_blinds or self.draw_blinds

    @property
    def small_blind(self) -> int:
        return self.blinds[0]

    @property
    def big_blind(self) -> int:
        return self.blinds[1]

    @property
    def unit(self) -> int:
        """The minimum bet (the big blind), fixed-limit's small bet."""
        return self.blinds[1]

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        """Which seats are dealt in: those with chips, and in a bomb pot at least the ante."""
        floor = self.ante if self.game is Game.BOMB_DOUBLE else 1
        return tuple(s >= floor and s > 0 for s in self.stacks)

    @property
    def seats_in_order(self) -> tuple[int, ...]:
        """The seats dealt in, clockwise from the first one left of the button (the button, if
        dealt in, comes last)."""
        n = len(self.stacks)
        dealt = self.dealt_in
        return tuple(
            s for s in ((self.button + k) % n for k in range(1, n + 1)) if dealt[s]
        )

    @property
    def cap_bets(self) -> int | None:
        """The most bets and raises in one round (fixed-limit: four), or None."""
        if self.betting is Betting.FIXED_LIMIT:
            return FIXED_LIMIT_CAP
        return self.cap

    def fixed_bet(self, round_index: int) -> int:
        """Fixed-limit's bet size in a round: one unit on the first two rounds of Hold'em and
        Omaha (preflop, flop), on the bomb pot's flop and before the draw; two units later."""
        small_rounds = 1 if self.game in (Game.BOMB_DOUBLE, Game.DRAW) else 2
        return self.unit if round_index < small_rounds else 2 * self.unit

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
from functools import cached_property

from ..variants import VARIANTS, Betting, Blinds, Game, Variant
from .errors import SettingsError

__all__ = ["FIXED_LIMIT_CAP", "Betting", "Game", "HandConfig"]


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
    blinds and a bomb pot never does. ``short_bomb_all_in``: a tournament's bomb pot deals a
    stack below the bomb ante in, all in for what it has (a tournament's stacks cannot be topped
    up, so a seat that could never pay the rising ante would never play again, and once only
    one could pay, no hand would ever be dealt).
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
    short_bomb_all_in: bool = False
    straddle: bool = False
    """The home-game extras (``static/rules/table-games.md#straddle``,
    ``#big-blind-ante``, ``#7-2-bounty``): the player under the gun straddles this hand (see
    :attr:`straddler`); the big blind posts the whole table's ante, dead (see
    :attr:`big_blind_ante`); the 7-2 bounty in chips from each other player dealt in (see
    :attr:`bounty_live`)."""
    bb_ante: bool = False
    bounty: int = 0

    def __post_init__(self) -> None:
        self._check_table()
        self._check_extras()

    def _check_extras(self) -> None:
        """The home-game extras' own checks (types; where they do not apply they are
        ignored, not refused: a dealer's-choice table carries them to every game)."""
        for name in ("straddle", "bb_ante"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(f"{name} must be true or false, got {getattr(self, name)!r}")
        _chips(self.bounty, "bounty")

    def _check_table(self) -> None:
        if not isinstance(self.game, Game) or not isinstance(self.betting, Betting):
            raise SettingsError("game and betting must be a Game and a Betting")
        stacks = self.stacks
        if not isinstance(stacks, tuple):
            raise SettingsError(f"stacks must be a tuple of chips, got {stacks!r}")
        v = self.variant
        fewest, most = v.seats
        if not fewest <= len(stacks) <= most:
            raise SettingsError(
                f"{v.title} seats {fewest} to {most} players, got {len(stacks)} stacks"
            )
        for i, s in enumerate(stacks):
            _chips(s, f"stack of seat {i}")
        if not isinstance(self.blinds, tuple) or len(self.blinds) != 2:
            raise SettingsError(f"blinds must be [small, big], got {self.blinds!r}")
        small = _chips(self.blinds[0], "small blind", 1)
        big = _chips(self.blinds[1], "big blind", 1)
        if small > big:
            raise SettingsError(f"small blind {small} is above the big blind {big}")
        _chips(self.ante, "ante", 1 if v.bomb_ante else 0)
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
            why = " (a seat with less than the bomb ante is not dealt in)" if v.bomb_ante else ""
            raise SettingsError(f"a hand needs at least 2 players dealt in, got {dealt}{why}")
        if not v.bomb_ante and not self.dealt_in[b]:
            raise SettingsError(f"the button's seat {b} has no chips")
        if not isinstance(self.posts, tuple):
            raise SettingsError(f"posts must be a tuple of seats, got {self.posts!r}")
        if not isinstance(self.draw_blinds, bool):
            raise SettingsError(f"draw_blinds must be true or false, got {self.draw_blinds!r}")
        if not isinstance(self.short_bomb_all_in, bool):
            raise SettingsError("short_bomb_all_in must be true or false, "
                                f"got {self.short_bomb_all_in!r}")
        if self.draw_blinds and v.blinds is not Blinds.OPTION:
            optional = " and ".join(x.title for x in VARIANTS.values()
                                    if x.blinds is Blinds.OPTION)
            raise SettingsError(f"only {optional} has blinds as an option; {v.title} "
                                f"{v.blinds.value} posts them")
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
    def variant(self) -> Variant:
        """The game's rules as data (:mod:`rules.variants`)."""
        return self.game.variant

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

    @cached_property
    def dealt_in(self) -> tuple[bool, ...]:
        """Which seats are dealt in: those with chips, and in a bomb pot at least the ante
        (any chips at all in a tournament's: :attr:`short_bomb_all_in`)."""
        floor = self.ante if self.variant.bomb_ante and not self.short_bomb_all_in else 1
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
    def blind_seats(self) -> tuple[int, int] | None:
        """``(small blind, big blind)`` seats of a hand that posts blinds (heads-up the
        button posts the small blind), else None."""
        if not self.posts_blinds:
            return None
        order = self.seats_in_order
        return (self.button, order[0]) if len(order) == 2 else (order[0], order[1])

    @property
    def straddler(self) -> int | None:
        """The seat that straddles this hand: the player under the gun (left of the big
        blind), when :attr:`straddle` is set, the hand posts blinds, three or more are dealt
        in, the structure is not fixed-limit and the stack covers the straddle of two big
        blinds (``static/rules/table-games.md#straddle``); else None."""
        order = self.seats_in_order
        if (not self.straddle or not self.posts_blinds or len(order) < 3
                or self.betting is Betting.FIXED_LIMIT):
            return None
        seat = order[2]
        return seat if self.stacks[seat] >= 2 * self.big_blind else None

    @property
    def big_blind_ante(self) -> bool:
        """Whether the big blind posts the whole table's ante this hand
        (``static/rules/table-games.md#big-blind-ante``): only in a hand that posts blinds
        and has an ante; elsewhere every player antes as usual."""
        return self.bb_ante and self.posts_blinds and self.ante > 0

    @property
    def bounty_live(self) -> bool:
        """Whether the 7-2 bounty is played this hand: set, and the game is a two-card game
        whose deck has deuces (Hold'em; ``static/rules/table-games.md#7-2-bounty``)."""
        v = self.variant
        return self.bounty > 0 and v.layout.hole == 2 and v.lowest_rank == 0

    @property
    def cap_bets(self) -> int | None:
        """The most bets and raises in one round (fixed-limit: four), or None."""
        if self.betting is Betting.FIXED_LIMIT:
            return FIXED_LIMIT_CAP
        return self.cap

    def fixed_bet(self, round_index: int) -> int:
        """Fixed-limit's bet size in a round: one unit in the game's small-bet rounds (the
        first two of Hold'em and Omaha, the bomb pot's flop, before the draw), two units later
        (``static/rules/table-games.md#fixed-limit``)."""
        small = self.variant.small_bet_rounds
        return self.unit if round_index < small else 2 * self.unit

"""What a table plays: the game, the betting structure, blinds, ante and cap.

:class:`TableRules` is validated once when made, so the engine can trust it.

>>> rules = TableRules.parse({"game": "omaha", "blinds": [5, 10]})
>>> rules.betting, rules.unit_for(0), rules.unit_for(2)
(<Betting.POT_LIMIT: 'pot-limit'>, 10, 20)
>>> TableRules.parse(rules.to_json()) == rules
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .errors import BadSetup

__all__ = [
    "FIXED_LIMIT_CAP",
    "Betting",
    "Game",
    "Street",
    "TableRules",
]

FIXED_LIMIT_CAP = 4
"""Fixed-limit: at most four bets in a round (a bet and three raises; the big blind is one)."""


class Game(StrEnum):
    """The five table games, by the names the command line and the wire use."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    BOMB_DOUBLE = "bomb-double"
    DRAW = "draw"

    @property
    def hole_count(self) -> int:
        """Hole cards per player: 2 in Hold'em, 5 in draw, 4 in the Omaha games."""
        return {Game.HOLDEM: 2, Game.DRAW: 5}.get(self, 4)

    @property
    def board_count(self) -> int:
        return {Game.BOMB_DOUBLE: 2, Game.DRAW: 0}.get(self, 1)

    @property
    def max_seats(self) -> int:
        return 7 if self is Game.DRAW else 10

    @property
    def posts_blinds(self) -> bool:
        """Hold'em and the Omaha games post blinds; a bomb pot and draw play on antes."""
        return self in (Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO)

    @property
    def is_omaha(self) -> bool:
        return self in (Game.OMAHA, Game.OMAHA_HILO, Game.BOMB_DOUBLE)

    @property
    def streets(self) -> tuple[Street, ...]:
        """The betting rounds (and draw's draw) in order."""
        if self is Game.DRAW:
            return (Street.PREDRAW, Street.DRAW, Street.POSTDRAW)
        if self is Game.BOMB_DOUBLE:
            return (Street.FLOP, Street.TURN, Street.RIVER)
        return (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)

    @property
    def default_betting(self) -> Betting:
        return Betting.NO_LIMIT if self in (Game.HOLDEM, Game.DRAW) else Betting.POT_LIMIT

    @property
    def display(self) -> str:
        return {
            Game.HOLDEM: "Hold'em",
            Game.OMAHA: "Omaha",
            Game.OMAHA_HILO: "Omaha Hi/Lo",
            Game.BOMB_DOUBLE: "Omaha Double Board Bomb Pot",
            Game.DRAW: "5 Card Draw",
        }[self]


class Betting(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    DOUBLE_POT_LIMIT = "double-pot-limit"
    FIXED_LIMIT = "fixed-limit"

    @property
    def display(self) -> str:
        return {
            Betting.NO_LIMIT: "No Limit",
            Betting.POT_LIMIT: "Pot Limit",
            Betting.DOUBLE_POT_LIMIT: "Double Pot Limit",
            Betting.FIXED_LIMIT: "Limit",
        }[self]


class Street(StrEnum):
    """A phase of the hand: a betting round, or draw's draw."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    PREDRAW = "before the draw"
    DRAW = "draw"
    POSTDRAW = "after the draw"

    @property
    def board_cards(self) -> int:
        """Board cards dealt (per board) when this street begins."""
        return {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}.get(self, 0)


_BIG_STREETS = (Street.TURN, Street.RIVER, Street.POSTDRAW)


@dataclass(frozen=True)
class TableRules:
    """A table's game and betting; amounts in chips.

    ``big_blind`` is the unit (the minimum bet) in every game; in a bomb pot and draw no blind
    is posted. ``cap`` limits bets + raises per round in no-/pot-limit (``None``: no cap);
    fixed-limit always caps at four bets.
    """

    game: Game
    betting: Betting
    small_blind: int
    big_blind: int
    ante: int = 0
    cap: int | None = None

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise BadSetup(f"{name.replace('_', ' ')} must be a whole number of chips >= 0, "
                               f"got {value!r}")
        if self.big_blind < 1:
            raise BadSetup(f"the big blind must be at least 1 chip, got {self.big_blind}")
        if self.small_blind > self.big_blind:
            raise BadSetup(f"the small blind ({self.small_blind}) is larger than the big blind "
                           f"({self.big_blind})")
        if self.game.posts_blinds and self.small_blind < 1:
            raise BadSetup(f"{self.game.display} needs a small blind of at least 1 chip")
        if self.cap is not None and (type(self.cap) is not int or self.cap < 1):
            raise BadSetup(f"cap must be a number of bets >= 1 or null, got {self.cap!r}")
        if self.betting is Betting.FIXED_LIMIT and self.cap not in (None, FIXED_LIMIT_CAP):
            raise BadSetup(f"fixed-limit's cap is always {FIXED_LIMIT_CAP} bets, "
                           f"got cap {self.cap}")
        if not isinstance(self.game, Game) or not isinstance(self.betting, Betting):
            raise BadSetup(f"unknown game or betting: {self.game!r}, {self.betting!r}")

    @classmethod
    def parse(cls, data: Mapping[str, object]) -> TableRules:
        """Reads ``{"game", "betting"?, "blinds": [small, big], "ante"?, "cap"?}``."""
        game_text = data.get("game")
        try:
            game = Game(str(game_text)) if isinstance(game_text, str) else Game("?")
        except ValueError:
            names = ", ".join(g.value for g in Game)
            raise BadSetup(f"unknown game {game_text!r} (one of {names})") from None
        betting_text = data.get("betting")
        if betting_text is None:
            betting = game.default_betting
        else:
            try:
                betting = Betting(betting_text) if isinstance(betting_text, str) else \
                    Betting("?")
            except ValueError:
                names = ", ".join(b.value for b in Betting)
                raise BadSetup(f"unknown betting {betting_text!r} (one of {names})") from None
        blinds = data.get("blinds")
        if (not isinstance(blinds, list | tuple) or len(blinds) != 2
                or any(type(b) is not int for b in blinds)):
            raise BadSetup(f"blinds must be [small, big] in whole chips, got {blinds!r}")
        ante = data.get("ante", 0)
        cap = data.get("cap")
        if ante is None:
            ante = 0
        return cls(game, betting, blinds[0], blinds[1], ante, cap)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        return {"game": self.game.value, "betting": self.betting.value,
                "blinds": [self.small_blind, self.big_blind], "ante": self.ante, "cap": self.cap}

    def unit_for(self, street_index: int) -> int:
        """The minimum bet on the ``street_index``-th street of the game, and fixed-limit's
        bet size there: the big blind on the first two rounds, twice it later."""
        street = self.game.streets[street_index]
        return 2 * self.big_blind if street in _BIG_STREETS else self.big_blind

    def min_bet_for(self, street_index: int) -> int:
        """The smallest opening bet: fixed-limit's unit; otherwise the big blind."""
        if self.betting is Betting.FIXED_LIMIT:
            return self.unit_for(street_index)
        return self.big_blind

    @property
    def round_cap(self) -> int | None:
        """Most full bets + raises in one round (``None``: unlimited)."""
        return FIXED_LIMIT_CAP if self.betting is Betting.FIXED_LIMIT else self.cap

"""The home-game extras a table session runs between hands: a seat's standing straddle, a bomb
pot every N hands, and dealer's choice (``static/rules/table-games.md#straddle``,
``#bomb-pot``, ``#dealers-choice``). The betting itself (the straddle, the big-blind ante, the
7-2 bounty) is the engine's (``rules.poker``), told by :class:`rules.poker.HandConfig`.

**Dealer's choice.** When a hand ends at a dealer's-choice table, a :class:`Pick` opens for the
next hand: the player who will have its button picks its game from those offered (the
table's own game first: the default) within :func:`pick_time` (the table's decision time, at
least :data:`PICK_MS`; with the turn timer off it waits, and the host's Next hand deals the
default once :data:`PICK_MS` have passed). The ``pick_game`` request
carries the game as its ``amount``: an index into :data:`PICK_GAMES` (the catalogue's table
games in order), because a table request carries no text but a player id. The session does
not deal the next hand until the pick is made or its time is up.

>>> PICK_GAMES[:3]
('holdem', 'omaha', 'omaha-hilo')
>>> offered(parse_settings({"dealers_choice": True, "dc_plo5": False}, Game.OMAHA))[:3]
(<Game.OMAHA: 'omaha'>, <Game.HOLDEM: 'holdem'>, <Game.OMAHA_HILO: 'omaha-hilo'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from room.errors import RoomError
from rules.poker.config import Game  # its module: web.tablesload then runs it before .settings

from games import catalogue
from games.codes import TableCode
from games.viewtypes import TablePick

from .settings import PokerSettings, parse_settings

PICK_MS = 15_000
"""The shortest time the button has to pick the next hand's game: nobody deals before."""
PICK_GAMES = catalogue.TABLE_ORDER
"""The games a ``pick_game`` request's amount indexes, in the catalogue's order."""
BOMB_GAMES = frozenset(Game(g) for g in PICK_GAMES if catalogue.GAMES[g].bomb_pot)
"""The games where a bomb pot may be called (and so scheduled every N hands)."""


PickState = list[int | str | list[str] | bool | None]
"""A pick as the host's snapshot keeps it: ``[hand no., picker, until, games, game, waits]``."""


def pick_time(timer_ms: int) -> int:
    """How long the button has to pick, as a turn has on the table's clock: the table's
    decision time, at least :data:`PICK_MS` (with the timer off, :data:`PICK_MS`; then the pick
    :attr:`~Pick.waits`).

    >>> pick_time(30_000), pick_time(5_000), pick_time(0)
    (30000, 15000, 15000)
    """
    return max(PICK_MS, timer_ms)


@dataclass
class Pick:
    """The button's pick of the game of hand ``hand_no``: who picks, until when (the room's
    clock), what (None: not yet; the default then), and the games offered. A pick that
    ``waits`` (the turn timer is off) is still taken after ``until``, and auto-deal waits for
    it: only the host's Next hand deals the default then."""

    hand_no: int
    picker: str
    until: int
    games: tuple[Game, ...]
    game: Game | None = None
    waits: bool = False

    def to_list(self) -> PickState:
        return [self.hand_no, self.picker, self.until, [g.value for g in self.games],
                None if self.game is None else self.game.value, self.waits]

    @classmethod
    def from_list(cls, data: Any) -> Pick:
        hand_no, picker, until, games, game, *waits = data
        return cls(int(hand_no), str(picker), int(until), tuple(Game.parse(g) for g in games),
                   None if game is None else Game.parse(game), waits == [True])


def hand_settings(table: PokerSettings, game: Game) -> PokerSettings | None:
    """The table's settings as a hand of ``game`` plays them, or None when that game cannot
    be played with them. An ante of 0 is left unset, so each game takes its own default (5-card
    draw with antes antes one small blind)."""
    if game is table.game:
        return table
    given = dict(table.raw)
    if not given.get("ante"):
        given.pop("ante", None)
    try:
        return parse_settings(given, game)
    except RoomError:
        return None


def offered(table: PokerSettings) -> tuple[Game, ...]:
    """The games the button may pick: the table's allowed ones that can be played with its
    settings, its own game first (empty: no dealer's choice)."""
    return tuple(g for g in table.choice_games if hand_settings(table, g) is not None)


def bomb_due(table: PokerSettings, hand_no: int) -> bool:
    """Whether hand ``hand_no`` is a scheduled bomb pot (every N hands, where the table's game
    allows one)."""
    every = table.bomb_every
    return every > 0 and hand_no % every == 0 and table.game in BOMB_GAMES


def parse_pick(pick: Pick | None, pid: str, amount: int | None, now: int) -> Game:
    """The game ``pid`` asks for with ``pick_game`` ``amount``, or a ``RoomError``
    (``table/no_pick``) that changes nothing."""
    if pick is None or pick.picker != pid:
        raise RoomError("it is not your pick: the player on the button picks the game",
                        TableCode.TABLE_NO_PICK)
    if not pick.waits and now >= pick.until:
        raise RoomError("the time to pick the game is over", TableCode.TABLE_NO_PICK)
    if amount is None or not 0 <= amount < len(PICK_GAMES):
        raise RoomError(f"pick_game's amount is a game's number 0 to {len(PICK_GAMES) - 1}, "
                        f"not {amount!r}", TableCode.TABLE_BAD_AMOUNT)
    game = Game(PICK_GAMES[amount])
    if game not in pick.games:
        raise RoomError(f"{catalogue.name(game.value)} is not offered at this table",
                        TableCode.TABLE_BAD_AMOUNT)
    return game


def pick_view(pick: Pick | None, now: int) -> TablePick | None:
    """The pick as every player sees it: who picks, the games offered (ids), the default, the
    pick so far and the time left."""
    if pick is None:
        return None
    return {"hand_no": pick.hand_no, "picker": pick.picker,
            "games": [g.value for g in pick.games], "default": pick.games[0].value,
            "game": None if pick.game is None else pick.game.value,
            "left_ms": None if pick.waits else max(0, pick.until - now)}


def straddles(data: Mapping[str, Any]) -> set[str]:
    """The players with a standing straddle, from a snapshot (absent: none)."""
    got = data.get("straddles")
    return {str(p) for p in got} if isinstance(got, list) else set()


def standing(seats: Any, key: str) -> set[str]:
    """The players whose seat in a view shows the standing choice ``key`` (``straddling``,
    ``mucks``): what a new host carries over from its last view after a succession
    (``static/rules/table-games.md#standing-choices``).

    >>> sorted(standing([{"id": "p2", "mucks": True}, {"id": "p3"}, "junk"], "mucks"))
    ['p2']
    """
    if not isinstance(seats, list):
        return set()
    return {s["id"] for s in seats
            if isinstance(s, Mapping) and s.get(key) is True and isinstance(s.get("id"), str)}


def carried_pick(data: Any, hand_no: int, now: int) -> Pick | None:
    """The button's pick a new host carries over from its last view (its ``pick``) after a
    succession: a game picked and not dealt yet is dealt as hand ``hand_no``; a pick not made
    yet is over (the new room's first deal cannot wait for it: the default is dealt). None
    for none, or for one that cannot be read (a view is untrusted input).

    >>> carried_pick({"picker": "p2", "games": ["holdem", "omaha"], "game": "omaha"}, 4, 0)
    Pick(hand_no=4, picker='p2', until=0, games=(<Game.HOLDEM: 'holdem'>, \
<Game.OMAHA: 'omaha'>), game=<Game.OMAHA: 'omaha'>, waits=False)
    >>> carried_pick({"picker": "p2", "games": ["holdem", "omaha"], "game": None}, 4, 0)
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("picker"), str):
        return None
    games, game = data.get("games"), data.get("game")
    if (not isinstance(games, list) or not 0 < len(games) <= len(PICK_GAMES)
            or any(g not in PICK_GAMES for g in games) or game not in games):
        return None
    return Pick(hand_no, data["picker"][:40], now, tuple(Game(g) for g in games), Game(game))

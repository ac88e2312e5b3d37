"""The games the room can play: game id → factory and settings schema.

The room never imports a game; the page picks one here and hands the room its factory
(boardgame.io's master gets its game the same way). Light to import: a game's module (and
with it the evaluator or the betting engine) is imported only when its factory is called,
i.e. when the host starts playing.

>>> list(GAMES)
['ultimate', 'holdem', 'omaha', 'omaha-hilo', 'bomb-double', 'draw']
>>> GAMES["ultimate"].name, GAMES["omaha-hilo"].name
('Ultimate Omaha', 'Omaha Hi/Lo')
>>> factory("draw")().game_id
'draw'

The table games (Hold'em, the Omaha games, the bomb pot, draw) are one session class,
``games.poker.PokerGame``, told its game by the entry: ``factory("holdem")`` makes a
``PokerGame(game="holdem")``. They share one settings schema (``games.poker.SETTINGS``: the
betting structure's default, "auto", is each game's own).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from room.errors import Code, RoomError

if TYPE_CHECKING:  # annotations only: importing a game would load its engine
    from room.game import GameFactory, GameSession

    from games.settings import Setting
    from games.table.dealcheck import DealReader


@dataclass(frozen=True)
class GameEntry:
    """One game of the registry: its id, its name for people, and the module holding its
    session class and ``SETTINGS`` (imported only when needed)."""

    game_id: str
    name: str
    module: str
    session: str
    variant: bool = False
    """The session class plays several games and is told which: made as
    ``cls(deck_source, game=game_id)`` rather than ``cls(deck_source)``."""

    def settings(self) -> tuple[Setting, ...]:
        """The game's own settings schema (imports the game's module)."""
        schema: tuple[Setting, ...] = importlib.import_module(self.module).SETTINGS
        return schema


GAMES = MappingProxyType({
    "ultimate": GameEntry("ultimate", "Ultimate Omaha", "games.ultimate", "UltimateGame"),
    **{
        game_id: GameEntry(game_id, name, "games.poker", "PokerGame", variant=True)
        for game_id, name in (
            ("holdem", "Texas Hold'em"),
            ("omaha", "Pot-Limit Omaha"),
            ("omaha-hilo", "Omaha Hi/Lo"),
            ("bomb-double", "PLO Double-Board Bomb Pot"),
            ("draw", "5-Card Draw"),
        )
    },
})
"""Every game the room can play, by id."""
DEFAULT_GAME = "ultimate"
"""The game a new room plays until the host picks another (the flagship)."""


def factory(
    game_id: str | None, deck_source: Callable[[], Sequence[int]] | None = None
) -> GameFactory:
    """A :data:`~room.game.GameFactory` for game ``game_id`` (``RoomError`` ``game/unknown``
    for an id not in :data:`GAMES`; None: :data:`DEFAULT_GAME`, the room's game until the
    host picks another).

    Without ``deck_source`` every hand is a provably fair deal (commit, nonces, reveal: see
    :mod:`games.table.fair`); a ``deck_source`` (a test's fixed decks) deals plainly from it.
    """
    entry = GAMES.get(DEFAULT_GAME if game_id is None else game_id)
    if entry is None:
        raise RoomError(f"no game {game_id!r}; the games are {', '.join(GAMES)}",
                        Code.GAME_UNKNOWN)

    def make() -> GameSession:
        cls = getattr(importlib.import_module(entry.module), entry.session)
        game: GameSession = (cls(deck_source, game=entry.game_id) if entry.variant
                             else cls(deck_source))
        return game

    return make


def ultimate_omaha(deck_source: Callable[[], Sequence[int]] | None = None) -> GameFactory:
    """Ultimate Omaha's factory (:func:`factory` ``("ultimate", deck_source)``)."""
    return factory("ultimate", deck_source)


def deal_reader(game_id: object) -> DealReader | None:
    """How game ``game_id`` deals, as a player's browser checks it: the game's reading of its
    own views against the public dealing order (:func:`games.table.dealcheck.deal_reader`).
    The page hands this to the room's client (``room.client.GuestClient(deal_rules=...)``),
    as it hands the host a game's factory: the room never names a game."""
    from games.table.dealcheck import deal_reader as reader_of

    return reader_of(game_id)

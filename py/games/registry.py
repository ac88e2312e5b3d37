"""The games the room can play: game id → factory and settings schema.

The room never imports a game; the page picks one here and hands the room its factory
(boardgame.io's master gets its game the same way). Light to import: a game's module (and
with it the evaluator or the betting engine) is imported only when its factory is called,
i.e. when the host starts playing.

>>> sorted(GAMES), GAMES["ultimate"].name
(['ultimate'], 'Ultimate Omaha')
>>> callable(factory("ultimate"))
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from room.errors import RoomError

if TYPE_CHECKING:  # annotations only: importing a game would load its engine
    from room.game import GameFactory, GameSession

    from games.settings import Setting


@dataclass(frozen=True)
class GameEntry:
    """One game of the registry: its id, its name for people, and the module holding its
    session class and ``SETTINGS`` (imported only when needed)."""

    game_id: str
    name: str
    module: str
    session: str

    def settings(self) -> tuple[Setting, ...]:
        """The game's own settings schema (imports the game's module)."""
        schema: tuple[Setting, ...] = importlib.import_module(self.module).SETTINGS
        return schema


GAMES = MappingProxyType({
    "ultimate": GameEntry("ultimate", "Ultimate Omaha", "games.ultimate", "UltimateGame"),
})
"""Every game the room can play, by id."""


def factory(
    game_id: str, deck_source: Callable[[], Sequence[int]] | None = None
) -> GameFactory:
    """A :data:`~room.game.GameFactory` for game ``game_id`` (``RoomError`` ``game/unknown``
    for an id not in :data:`GAMES`).

    Without ``deck_source`` every hand is a provably fair deal (commit, nonces, reveal: see
    :mod:`games.table.fair`); a ``deck_source`` (a test's fixed decks) deals plainly from it.
    """
    entry = GAMES.get(game_id)
    if entry is None:
        raise RoomError(f"no game {game_id!r}; the games are {', '.join(GAMES)}",
                        "game/unknown")

    def make() -> GameSession:
        cls = getattr(importlib.import_module(entry.module), entry.session)
        game: GameSession = cls() if deck_source is None else cls(deck_source)
        return game

    return make


def ultimate_omaha(deck_source: Callable[[], Sequence[int]] | None = None) -> GameFactory:
    """Ultimate Omaha's factory (:func:`factory` ``("ultimate", deck_source)``)."""
    return factory("ultimate", deck_source)

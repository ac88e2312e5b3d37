"""The games the room can play: game id → factory and settings schema.

The room never imports a game; the page picks one here and hands the room its factory
(boardgame.io's master gets its game the same way). Light to import: a game's module (and
with it the evaluator or the betting engine) is imported only when its factory is called,
i.e. when the host starts playing.

The games, their names and where each one's session class lives are the game catalogue's
(:data:`games.catalogue.GAMES`, re-exported here); this module only makes them.

>>> list(GAMES) == list(catalogue.GAMES)
True
>>> [factory(g)().game_id for g in GAMES] == list(GAMES)
True

The table games are one session class, ``games.poker.PokerGame``, told its game by the
entry (``variant``): the factory makes ``PokerGame(game=<its id>)``. They share one settings
schema (``games.poker.SETTINGS``: the betting structure's default, "auto", is each game's
own).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from room.errors import Code, RoomError

from games import catalogue
from games.catalogue import DEFAULT_GAME, GAMES, GameEntry

if TYPE_CHECKING:  # annotations only: importing a game would load its engine
    from room.game import GameFactory, GameSession

    from games.settings import Setting
    from games.table.dealcheck import DealReader


def settings(game_id: str) -> tuple[Setting, ...]:
    """Game ``game_id``'s own settings schema (imports the module that holds it: the game's
    own, which may load its engine, unless the catalogue names a lighter one)."""
    entry = GAMES[game_id]
    home = entry.settings_module or entry.module
    schema: tuple[Setting, ...] = importlib.import_module(home).SETTINGS
    return schema


def factory(
    game_id: str | None, deck_source: Callable[[], Sequence[int]] | None = None
) -> GameFactory:
    """A :data:`~room.game.GameFactory` for game ``game_id`` (``RoomError`` ``game/unknown``
    for an id not in :data:`GAMES`; None: :data:`DEFAULT_GAME`, the room's game until the
    host picks another).

    Without ``deck_source`` every hand is a provably fair deal (commit, nonces, reveal: see
    :mod:`games.table.fair`); a ``deck_source`` (a test's fixed decks) deals plainly from it.
    """
    entry = catalogue.entry(DEFAULT_GAME if game_id is None else game_id)
    if entry is None:
        raise RoomError(f"no game {game_id!r}; the games are {', '.join(GAMES)}",
                        Code.GAME_UNKNOWN)

    def make() -> GameSession:
        cls = getattr(importlib.import_module(entry.module), entry.session)
        game: GameSession = (cls(deck_source, game=entry.game_id) if entry.told_game
                             else cls(deck_source))
        return game

    return make


def ultimate_omaha(deck_source: Callable[[], Sequence[int]] | None = None) -> GameFactory:
    """Ultimate Omaha's factory (:func:`factory` of the flagship, :data:`DEFAULT_GAME`)."""
    return factory(DEFAULT_GAME, deck_source)


def deal_reader(game_id: object) -> DealReader | None:
    """How game ``game_id`` deals, as a player's browser checks it: the game's reading of its
    own views against the public dealing order (:func:`games.table.dealcheck.deal_reader`).
    The page hands this to the room's client (``room.client.GuestClient(deal_rules=...)``),
    as it hands the host a game's factory: the room never names a game."""
    from games.table.dealcheck import deal_reader as reader_of

    return reader_of(game_id)


__all__ = ["DEFAULT_GAME", "GAMES", "GameEntry", "deal_reader", "factory", "settings",
           "ultimate_omaha"]

"""Ultimate Omaha's own settings: its base bet, set by the host like any game's settings.

The room holds no game's stakes: the host's ``set_game`` carries ``{"base_cents": …}`` for
Ultimate Omaha as it carries blinds for a table game, and :meth:`games.ultimate.UltimateGame.
configure` judges it with :data:`BASE_BET` (``settings/bad_value`` names the setting). Kept
apart from :mod:`games.ultimate` so the page can read the schema (and a room view's bet)
without loading the game and its evaluator.

>>> base_cents_of({"game_id": None, "game": {}}), base_cents_of({"game": {"base_cents": 250}})
(100, 250)
>>> bet_request({"settings": {"game_id": None, "game": {}}}, 250)
('ultimate', {'base_cents': 250})
>>> BASE_BET.check(0)
Traceback (most recent call last):
...
room.errors.RoomError: base_cents: 0 is not a whole number from 1 to 10000000
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.money import MAX_BET_CENTS

from games.settings import Setting

GAME_ID = "ultimate"
"""Ultimate Omaha's id in the registry (:data:`games.ultimate.GAME_ID` is this one)."""

BASE_CENTS = 100
"""The base bet a room starts with ($1.00), in cents."""

BASE_BET = Setting("base_cents", "int", BASE_CENTS, lo=1, hi=MAX_BET_CENTS,
                   words="the base bet, in cents: every player's stake at the deal")

SETTINGS: tuple[Setting, ...] = (BASE_BET,)
"""Ultimate Omaha's settings schema (the registry reads it as every game's ``SETTINGS``)."""


def base_cents_of(room_settings: Mapping[str, Any]) -> int:
    """The base bet a room view's ``settings`` give Ultimate Omaha: its ``game`` settings'
    ``base_cents``, else :data:`BASE_CENTS` (what the game itself takes: the host's page has
    no rule of its own). A value the game would refuse reads as the default."""
    game = room_settings.get("game")
    value = game.get("base_cents") if isinstance(game, Mapping) else None
    try:
        return int(BASE_BET.check(value))
    except ValueError:
        return BASE_CENTS


def bet_request(room_view: Mapping[str, Any], cents: int) -> tuple[str, dict[str, Any]]:
    """What the host's page sends (``set_game``'s game and settings) to make ``cents`` the
    base bet: Ultimate Omaha's settings as the room's view holds them, with the bet changed.
    The room keeps no bet: this is the one path a game's settings take."""
    settings = room_view.get("settings")
    game = settings.get("game") if isinstance(settings, Mapping) else None
    return GAME_ID, {**(game if isinstance(game, Mapping) else {}), "base_cents": cents}

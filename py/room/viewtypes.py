"""The shape of the room's view: what an honest host sends each player (``RoomState.view_for``).

A TypedDict, because the view is JSON both ends: mypy checks every key the host writes
against this one description. The game's part (``game``) is the game's own shape, which the
room does not know (``games.viewtypes`` describes the games'); here it is any mapping.

A guest cannot trust it: the view came from a host that may be hostile, so the page reads
each part defensively (``web.viewdata``) and this type only says what to expect.
No ``from __future__ import annotations``: ``NotRequired`` must be seen at run time.
"""

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict


def wire(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view as the message carries it: JSON's plain dict (the keys stay the ones above).

    >>> wire({"room": "ABCD"})
    {'room': 'ABCD'}
    """
    return dict(view)


class NextGame(TypedDict):
    game_id: str
    game: dict[str, Any]


class RoomSettings(TypedDict):
    grace_s: int
    timer_s: int
    auto_deal: bool
    advisor: bool
    """The odds advisor is on: each player's page shows their own hand's odds."""
    approval: bool
    game_id: str | None
    game: dict[str, Any]
    """The chosen game's settings, as its own form sent them."""
    next_game: NextGame | None
    """The game the host picked for after this hand, with its settings."""


class RoomPlayer(TypedDict):
    id: str
    name: str
    is_host: bool
    queued: bool
    connected: bool
    balance_cents: int
    key: str
    """The player's public key (``room.identity``)."""
    kind: str
    """``"human"`` or ``"bot"`` (``room.game.SeatKind``): a bot is the host page's."""
    level: str | None
    """A bot's level (``room.bots.Level``: ``"casual"``, ``"strong"``); None for a person."""
    leaving: bool
    """A bot removed during a hand it plays: it leaves when that hand ends."""


class SeatRequest(TypedDict):
    """Someone asking for a seat (the host's eyes only)."""

    id: str
    name: str


class RoomView(TypedDict):
    room: str
    you: str
    host: str | None
    """The host's player id (None only before the host has sat down)."""
    phase: str
    settings: RoomSettings
    players: list[RoomPlayer]
    succession_secret: str
    bots: dict[str, str]
    """Every bot that sat in this room, here or gone: player id -> level (``room.bots``), so
    the ledger and the hands' history can show a bot as one (a person may pick any name)."""
    requests: NotRequired[list[SeatRequest]]
    game: NotRequired[Mapping[str, Any]]

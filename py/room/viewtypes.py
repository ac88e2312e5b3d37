"""The shape of the room's view: what an honest host sends each player (``RoomState.view_for``).

A TypedDict, because the view is JSON both ends: mypy checks every key the host writes
against this one description. The game's part (``game``) is the game's own shape, which the
room does not know (``games.viewtypes`` describes the games'); here it is any mapping.

A guest cannot trust it: the view came from a host that may be hostile, so the page reads
each part through ``web.viewdata``'s typed accessors and this type only says what to expect.
Beside the view: an ``error`` message's :class:`Refusal`, and the host page's own memory of its
room (:class:`HostSnapshot`, never sent).
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


class Refusal(TypedDict):
    """An ``error`` message's blame and words: a stable ``code`` (``room.errors.Code``) and
    the ``detail`` for people (``GuestClient.last_error`` keeps the last one)."""

    code: str
    detail: str


class ClientSnapshot(TypedDict):
    """A client's memory as the host's page keeps its own seat's (``GuestClient.snapshot``):
    holds the rejoin token and the nonces, for browser storage only."""

    name: str
    token: str
    you: str | None
    room: str | None
    host_key: str | None
    history: dict[str, dict[str, Any]]
    """The finished hands' entries the results views filed, by hand number."""
    deals: dict[str, dict[str, Any]]
    verdicts: dict[str, list[Any]]
    """``[ok, reason, hand number]`` per commitment checked."""
    current_deal: str | None


class DoorState(TypedDict):
    """The door's memory (``room.admission.Door.snapshot``): approval on or off, the hashes
    of removed and denied keys, the next knock's number."""

    approval: bool
    removed: list[str]
    denied: list[str]
    next: int


class BotSeatState(TypedDict):
    """A bot of the host's page (``room.local.BotSeat.snapshot``): its peer id, level, secret
    seed and its client's memory (its token too)."""

    peer: str
    level: str
    seed: int
    client: ClientSnapshot


class RoomSnapshot(TypedDict):
    """The room whole (``room.host.HostRoom.snapshot``), for the host's own storage. The game's
    parts stay the game's own (``game_settings``, ``game``): the room knows no game."""

    snapshot: int
    code: str
    host_token: str
    now_ms: int
    phase: str
    grace_s: int
    timer_s: int
    auto_deal: bool
    advisor: bool
    host_id: str | None
    seats: list[list[str | bool]]
    """``[id, name, key, queued]`` per seat."""
    departed: list[list[str | bool]]
    balances: dict[str, int]
    next_seat: int
    view_seq: int
    succession_secret: str
    reserved: dict[str, list[str]]
    """Succession: ``[name, key]`` per player id kept for the old room's players."""
    carry: dict[str, Any] | None
    """Succession: the old room's ledger and game, as the new game reads them."""
    door: DoorState
    bots: list[list[str | int | bool]]
    """``[peer, level, name, seat, leaving]`` per bot seated."""
    next_bot: int
    departed_bots: dict[str, str]
    game_id: str | None
    game_settings: dict[str, Any]
    next_game: list[str | dict[str, Any]] | None
    """``[game id, its settings]`` chosen for after this hand."""
    game: Mapping[str, Any] | None


class HostSnapshot(TypedDict):
    """The host's page's memory of its room (``room.local.HostSession.snapshot``)."""

    room: RoomSnapshot
    client: ClientSnapshot
    bots: NotRequired[list[BotSeatState]]
    """The host's bots (``room.local.BotSeat.snapshot``: their tokens and seeds too)."""

"""Short builders of the room's own records (``room.game``) for the table-game tests: the
defaults a test does not care about filled in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from room.game import PlayerInfo, Request, SeatKind, TableRequest, TableSettings


def Player(id: str, name: str, connected: bool = True, is_host: bool = False,
           kind: str = "human") -> PlayerInfo:
    return PlayerInfo(id, name, connected, is_host, SeatKind(kind))


def Settings(grace_ms: int = 10_000, timer_ms: int = 0, auto_deal: bool = False,
             game: Mapping[str, Any] | None = None) -> TableSettings:
    return TableSettings(grace_ms, timer_ms, auto_deal, dict(game or {}))


def Ask(action: str, seq: int, amount: int | None = None,
        cards: tuple[str, ...] = ()) -> Request:
    return Request(action, seq, amount, tuple(cards))


def Tab(action: str, amount: int | None = None, player: str | None = None) -> TableRequest:
    return TableRequest(action, amount, player)

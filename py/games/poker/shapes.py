"""The shapes of what the room hands a game, as structural types.

The room's own classes (``PlayerInfo``, ``TableSettings``, ``Request`` in ``room.game``) fit
these, so this package type-checks against the interface without importing it, and its tests
can pass small stand-ins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class PlayerLike(Protocol):
    """One seated player as the room reports it (seat order)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def connected(self) -> bool: ...
    @property
    def is_host(self) -> bool: ...
    @property
    def kind(self) -> str: ...


class SettingsLike(Protocol):
    """The host's table settings (the room's part and the game's own mapping)."""

    @property
    def grace_ms(self) -> int: ...
    @property
    def timer_ms(self) -> int: ...
    @property
    def auto_deal(self) -> bool: ...
    @property
    def game(self) -> Mapping[str, Any]: ...


class RequestLike(Protocol):
    """A player's request, already parsed by the room."""

    @property
    def action(self) -> str: ...
    @property
    def seq(self) -> int: ...
    @property
    def amount(self) -> int | None: ...
    @property
    def cards(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Player:
    """A stand-in for the room's ``PlayerInfo`` (tests, tools)."""

    id: str
    name: str
    connected: bool = True
    is_host: bool = False
    kind: str = "human"


@dataclass(frozen=True)
class Settings:
    """A stand-in for the room's ``TableSettings``."""

    grace_ms: int = 10_000
    timer_ms: int = 0
    auto_deal: bool = False
    game: Mapping[str, Any] = field(default_factory=dict)
    base_cents: int = 100


@dataclass(frozen=True)
class Ask:
    """A stand-in for the room's ``Request``."""

    action: str
    seq: int
    amount: int | None = None
    cards: tuple[str, ...] = ()

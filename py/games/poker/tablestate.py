"""What a table game's helpers may read and set of its session: the table's state, as a
Protocol.

The host's controls (:mod:`.hostctl`), the snapshots (:mod:`.saving`) and the views
(:mod:`.views`) each take the session (:class:`.session.PokerGame`) and work on its state;
the session calls them. Typing them against this Protocol instead of the session class keeps
the import going one way (session → helpers → this module), so each helper can be read and
tested without the session, and mypy still checks every attribute they touch.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol

from rules.poker import Game

from games.table.fair import FairFlow
from games.viewtypes import FairPart

from .cashbook import CashBook
from .clock import TurnClock
from .extras import Pick
from .hands import PlayedHand
from .seating import Seating
from .settings import PokerSettings
from .tournament import Level, LevelClock, Standings

Carried = tuple[str, "int | None", tuple[Any, ...]]
"""What a carried-over game's books were kept in: the mode, the chip value (None: no chips
carried) and a tournament's schedule as its view showed it (level by, length, starting stack,
the level reached and its small blind, big blind and ante); see
:func:`.saving.check_carried`."""


class TableState(Protocol):
    """The table game session's state and queries its helpers use (see the module)."""

    fair_mode: bool
    flow: FairFlow
    tournament_id: str | None
    game: Game
    settings: PokerSettings
    game_id: str
    grace_ms: int
    auto_deal: bool
    seating: Seating
    names: dict[str, str]
    book: CashBook
    standings: Standings | None
    levels: tuple[Level, ...]
    level_clock: LevelClock | None
    played: PlayedHand | None
    finished: deque[PlayedHand]
    hand_no: int
    seq: int
    button: int | None
    clock: TurnClock
    away_since: dict[str, int]
    played_out: set[str]
    now: int
    results_at: int
    auto_on_at: int
    paused: bool
    bomb_next: int | None
    bomb_dealing: int | None
    carried_mode: Carried | None
    muckers: set[str]
    """Players who muck a losing hand at the showdown (``choices``)."""
    twice_since: int | None
    """When the running hand asked to run it twice (``choices``)."""
    straddles: set[str]
    pick: Pick | None
    game_dealing: Game | None

    @property
    def hand_running(self) -> bool: ...

    @property
    def tournament(self) -> bool: ...

    def to_act(self) -> frozenset[str]: ...

    def is_dealing(self) -> bool: ...

    def fair_part(self, viewer: str, hand_no: int, over: bool) -> FairPart | None: ...

    def is_queued(self, player_id: str) -> bool: ...

    def in_running_hand(self, pid: str) -> bool: ...

    def current_level(self) -> Level | None: ...

    def stack_of(self, pid: str) -> int: ...

"""The host's table of requests: for every message a guest may send, who may send it, in
which stage of the room, and the handler that does it.

One table, as h11's ``EVENT_TRIGGERED_TRANSITIONS``: :meth:`room.host.HostRoom` reads it
once per request and climbs the validation ladder from it before any handler runs (as
boardgame.io's master does), the first refusal winning and changing nothing:

1. **shape**: :func:`room.messages.parse_request` (size, nesting, fields);
2. **sender**: anyone (the handshake, heartbeats); else joined (``auth/not_joined``); then,
   for a seated guest, the per-seat pace (``msg/too_fast``, :mod:`room.pacing`); then the
   host's own requests (``auth/not_host``, "only the host can …" the rule's words). Table
   requests are the host's when the game says so (:meth:`room.game.GameSession.table_host_only`);
3. **stage**: the room's :class:`Stage` is one the rule allows, else the rule's own error;
4. **turn** (an ``act``): queued, dealing, stale ``seq``, not your turn
   (:meth:`room.relay.GameRelay._check_turn`).

The handlers live with what they touch: joins and the door in :mod:`room.joins`, the game's
part and the host's settings in :mod:`room.relay`, heartbeats in :mod:`room.pacing`.
``tests/test_room_requests.py`` checks every request type has exactly one rule here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from room.errors import Code
from room.events import Outgoing
from room.joins import Joins
from room.messages import (
    Act,
    Admit,
    Bot,
    Hello,
    Join,
    Kick,
    Leave,
    Message,
    NextHand,
    Nonce,
    Ping,
    SetAdvisor,
    SetApproval,
    SetAutoDeal,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    Table,
)
from room.pacing import PacedRoom
from room.relay import GameRelay


class Sender(StrEnum):
    """Who may send a request."""

    ANYONE = "anyone"
    """Any connection, joined or not: the handshake and the heartbeat."""
    SEATED = "seated"
    """A connection holding a seat."""
    HOST = "host"
    """The host's own seat only."""
    HOST_IF_GAME_SAYS = "host if the game says"
    """A seated player, or the host alone for the table requests the game names as the
    host's (:meth:`room.game.GameSession.table_host_only`): the room knows no game's verbs."""


class Stage(StrEnum):
    """Where the room stands, as the table's rules see it."""

    LOBBY = "lobby"
    """Gathering players: no game yet."""
    NO_GAME = "no game"
    """Playing, but without a game engine (a room made without one, as many unit tests)."""
    GAME = "game"
    """A game is running."""


ANY_STAGE = frozenset(Stage)

Handler = Callable[[Any, str, Any, Any], list[Outgoing]]
"""``handler(room, peer, seat, message)``: what the request does once the ladder let it
through (``seat`` is None only for :attr:`Sender.ANYONE`'s requests)."""


@dataclass(frozen=True)
class Rule:
    """One request type's entry: who may send it, in which stages, and its handler.

    ``host_words``: what only the host can do, said in ``auth/not_host``'s refusal.
    ``off_stage``: the refusal (code, detail) outside ``stages``. ``turn``: the request is a
    move in the game, checked for its turn and ``seq`` before the game sees it."""

    message: type[Message]
    sender: Sender
    handler: Handler
    host_words: str = ""
    stages: frozenset[Stage] = ANY_STAGE
    off_stage: tuple[Code, str] | None = None
    turn: bool = False

    def __post_init__(self) -> None:
        if (self.sender is Sender.HOST) != bool(self.host_words):
            raise ValueError(f"{self.message.TYPE}: host_words go with Sender.HOST")
        if (self.stages != ANY_STAGE) != (self.off_stage is not None):
            raise ValueError(f"{self.message.TYPE}: stages other than all need off_stage")


NOT_RUNNING = (Code.GAME_NOT_RUNNING, "no game is running")

REQUESTS: tuple[Rule, ...] = (
    Rule(Hello, Sender.ANYONE, Joins.on_hello),
    Rule(Join, Sender.ANYONE, Joins.on_join),
    Rule(Ping, Sender.ANYONE, PacedRoom.on_ping),
    Rule(Leave, Sender.SEATED, Joins.on_leave),
    Rule(SetGrace, Sender.HOST, GameRelay.on_set_grace, "set the grace period"),
    Rule(SetTimer, Sender.HOST, GameRelay.on_set_timer, "set the decision timer"),
    Rule(SetAutoDeal, Sender.HOST, GameRelay.on_set_auto_deal, "switch auto-deal"),
    Rule(SetAdvisor, Sender.HOST, GameRelay.on_set_advisor, "switch the odds advisor"),
    Rule(SetGame, Sender.HOST, GameRelay.on_set_game, "choose the game"),
    Rule(SetApproval, Sender.HOST, Joins.on_set_approval, "ask for approval of newcomers"),
    Rule(Admit, Sender.HOST, Joins.on_admit, "let newcomers in"),
    Rule(Kick, Sender.HOST, Joins.on_kick, "remove a player"),
    Rule(Bot, Sender.HOST, Joins.on_bot, "add or remove a bot"),
    Rule(Start, Sender.HOST, GameRelay.on_start, "start the game",
         frozenset({Stage.LOBBY}), (Code.GAME_ALREADY_STARTED, "the game has already started")),
    Rule(NextHand, Sender.HOST, GameRelay.on_next_hand, "deal the next hand",
         frozenset({Stage.LOBBY, Stage.GAME}), NOT_RUNNING),
    Rule(Nonce, Sender.SEATED, GameRelay.on_nonce, stages=frozenset({Stage.GAME}),
         off_stage=(Code.FAIR_NOT_DEALING, "no deal is waiting for nonces")),
    Rule(Table, Sender.HOST_IF_GAME_SAYS, GameRelay.on_table, stages=frozenset({Stage.GAME}),
         off_stage=NOT_RUNNING),
    Rule(Act, Sender.SEATED, GameRelay.on_act, stages=frozenset({Stage.GAME}),
         off_stage=NOT_RUNNING, turn=True),
)

_BY_TYPE: MappingProxyType[type[Message], Rule] = MappingProxyType(
    {rule.message: rule for rule in REQUESTS})


def rule_for(kind: type[Message]) -> Rule:
    """The table's entry for request type ``kind`` (every one in
    :data:`room.messages.GUEST_MESSAGES` has one: ``KeyError`` would be a bug)."""
    return _BY_TYPE[kind]

"""The host's table of requests (``room.requests``): one entry per request type, and the
validation ladder run from it — who may send it, in which stage of the room — before any
handler, answering with the table's own error and changing nothing.
"""

from __future__ import annotations

import json

import pytest
from room.events import Connected, Received, Send
from room.host import LOCAL_PEER, HostRoom, RoomPhase
from room.messages import (
    GUEST_MESSAGES,
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
from room.requests import REQUESTS, Sender, Stage, rule_for
from roomkit import join

KEY = "A" * 43
SAMPLE: dict[type[Message], Message] = {
    Hello: Hello("0f" * 16),
    Join: Join("Ann", KEY, "A" * 86, "g1"),
    Ping: Ping(0),
    Start: Start(),
    Leave: Leave(),
    Act: Act("check", 0),
    NextHand: NextHand(),
    SetAutoDeal: SetAutoDeal(True),
    SetAdvisor: SetAdvisor(True),
    SetGrace: SetGrace(3),
    SetTimer: SetTimer(5),
    Nonce: Nonce(1, "0f" * 16),
    Kick: Kick("p1"),
    SetApproval: SetApproval(True),
    Admit: Admit("r1", True),
    SetGame: SetGame("ultimate", {}),
    Table: Table("pause"),
    Bot: Bot("add", "casual"),
}


def tok(name: str) -> str:
    return f"token-of-{name}".ljust(20, "z")


def room_with_guest(start: bool = False) -> HostRoom:
    room = HostRoom("ABCD234", 0, host_token=tok(LOCAL_PEER))
    join(room, LOCAL_PEER, "Hostie", tok(LOCAL_PEER))
    join(room, "g1", "Guest", tok("g1"))
    if start:
        room.handle(Received(LOCAL_PEER, Start().to_wire()))
        assert room.phase is RoomPhase.PLAYING and room.game is None
    return room


def answers(room: HostRoom, peer: str, msg: Message) -> list[dict[str, object]]:
    outs = room.handle(Received(peer, msg.to_wire()))
    return [json.loads(o.text) for o in outs if isinstance(o, Send) and o.peer == peer]


def test_every_request_type_has_exactly_one_entry():
    kinds = [rule.message for rule in REQUESTS]
    assert len(kinds) == len(set(kinds)), "a request type is in the table twice"
    assert set(kinds) == set(GUEST_MESSAGES), "the table and the wire's requests differ"
    assert set(SAMPLE) == set(GUEST_MESSAGES)  # this test's own samples cover them all
    for kind in GUEST_MESSAGES:
        assert rule_for(kind).message is kind


@pytest.mark.parametrize("kind", [r.message for r in REQUESTS if r.sender is Sender.HOST],
                         ids=lambda k: k.TYPE)
def test_a_host_request_from_a_guest_gets_the_tables_refusal(kind):
    room = room_with_guest()
    before = room.snapshot()
    (reply,) = answers(room, "g1", SAMPLE[kind])
    assert reply["type"] == "error" and reply["code"] == "auth/not_host"
    assert reply["detail"] == f"only the host can {rule_for(kind).host_words}"
    assert room.snapshot() == before  # nothing changed


@pytest.mark.parametrize("kind", [r.message for r in REQUESTS if r.sender is not Sender.ANYONE],
                         ids=lambda k: k.TYPE)
def test_a_request_before_joining_is_refused(kind):
    room = room_with_guest()
    room.handle(Connected("stranger"))
    before = room.snapshot()
    (reply,) = answers(room, "stranger", SAMPLE[kind])
    assert (reply["type"], reply["code"]) == ("error", "auth/not_joined")
    assert room.snapshot() == before


OFF_STAGE = [(r.message, stage) for r in REQUESTS for stage in (Stage.LOBBY, Stage.NO_GAME)
             if stage not in r.stages]


def test_some_requests_are_limited_to_stages():
    assert {kind for kind, _ in OFF_STAGE} >= {Start, Act, Table, Nonce}


@pytest.mark.parametrize(("kind", "stage"), OFF_STAGE,
                         ids=lambda v: v.TYPE if isinstance(v, type) else str(v))
def test_a_request_outside_its_stage_gets_the_tables_error(kind, stage):
    room = room_with_guest(start=stage is Stage.NO_GAME)
    before = room.snapshot()
    (reply,) = answers(room, LOCAL_PEER, SAMPLE[kind])  # the host: the sender is fine
    code, detail = rule_for(kind).off_stage
    assert (reply["type"], reply["code"], reply["detail"]) == ("error", code, detail)
    assert room.snapshot() == before

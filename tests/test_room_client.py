"""GuestClient: status changes, heartbeats, lost host, stale views, request builders."""

from __future__ import annotations

import json

import pytest
from room.client import (
    HEARTBEAT_MS,
    HOST_SILENCE_MS,
    JOIN_RETRY_MS,
    ClientStatus,
    GuestClient,
    new_token,
)
from room.errors import InvalidName, MalformedMessage
from room.identity import key_of
from room.messages import (
    TOKEN_RE,
    Closed,
    Error,
    Pong,
    Rejected,
    View,
    Welcome,
    parse_request,
)
from roomkit import GUEST_ID, challenge

TOKEN = "client-token-123456"
HOST_TOKEN = "host-token-abcdefghij"
HOST_KEY = key_of(HOST_TOKEN)
CODE = "ABCD234"


def verified(c: GuestClient, now: int = 0) -> list[str]:
    """Say hello and take a genuine challenge of the room's host: returns the join."""
    (text,) = c.hello(now, GUEST_ID)
    return c.receive(challenge(text, HOST_TOKEN, CODE), now)


def view(seq: int, you: str = "p2", host: str = "p1", **extra) -> str:
    body = {"room": "ABCD234", "you": you, "host": host, "phase": "lobby", **extra}
    return View(seq, body).to_wire()


@pytest.fixture
def client() -> GuestClient:
    c = GuestClient("Bob", TOKEN, CODE, HOST_KEY)
    verified(c)
    return c


def test_new_token_is_valid_and_unique():
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50 and all(TOKEN_RE.fullmatch(t) for t in tokens)


def test_constructor_checks_name_and_token():
    assert GuestClient("  Bob  ", TOKEN).name == "Bob"
    with pytest.raises(InvalidName):
        GuestClient("", TOKEN)
    with pytest.raises(ValueError, match="token"):
        GuestClient("Bob", "short")


def test_hello_then_a_signed_join_once_the_host_proved_itself():
    c = GuestClient("Bob", TOKEN, CODE, HOST_KEY)
    (text,) = c.hello(0, GUEST_ID)
    assert parse_request(text).TYPE == "hello" and TOKEN not in text
    (join,) = c.receive(challenge(text, HOST_TOKEN, CODE), 0)
    msg = parse_request(join)
    assert (msg.TYPE, msg.name, msg.key) == ("join", "Bob", key_of(TOKEN))
    assert TOKEN not in join and c.status is ClientStatus.CONNECTING and c.view is None


def test_welcome_then_views(client):
    client.receive(Welcome("p2", "ABCD234").to_wire(), 10)
    assert client.status is ClientStatus.IN_ROOM and client.you == "p2"
    assert client.room == "ABCD234"
    client.receive(view(3, base_cents=100), 20)
    client.receive(view(5, base_cents=200), 30)
    client.receive(view(4, base_cents=150), 40)  # reordered: older than what we hold
    client.receive(view(5, base_cents=999), 50)  # duplicate seq
    assert client.view["base_cents"] == 200 and client.seq == 5
    assert not client.is_host


def test_view_before_welcome_seats_us(client):
    client.receive(view(1, you="p1", host="p1"), 5)
    assert client.status is ClientStatus.IN_ROOM and client.you == "p1"
    assert client.is_host


def test_heartbeat_every_second_with_seen_seq(client):
    client.receive(Welcome("p2", "ABCD234").to_wire(), 0)
    client.receive(view(7), 0)
    sent = []
    for t in range(250, 3001, 250):
        sent += [(t, json.loads(x)) for x in client.tick(t)]
        client.receive(Pong(t).to_wire(), t)  # host answers at once
    pings = [(t, m) for t, m in sent if m["type"] == "ping"]
    assert [t for t, _ in pings] == [HEARTBEAT_MS, 2 * HEARTBEAT_MS, 3 * HEARTBEAT_MS]
    assert all(m["t"] == t and m["seen"] == 7 for t, m in pings)
    assert client.status is ClientStatus.IN_ROOM and client.rtt_ms == 0


def test_silent_host_is_lost_after_5s_and_found_again(client):
    client.receive(Welcome("p2", "ABCD234").to_wire(), 0)
    client.tick(HOST_SILENCE_MS)
    assert client.status is ClientStatus.IN_ROOM
    client.tick(HOST_SILENCE_MS + 1)
    assert client.status is ClientStatus.LOST
    out = client.tick(HOST_SILENCE_MS + HEARTBEAT_MS)
    assert [json.loads(x)["type"] for x in out] == ["ping"]  # keeps trying
    client.receive(Pong(5000).to_wire(), 5200)
    assert client.status is ClientStatus.IN_ROOM and client.rtt_ms == 200


def test_join_is_retried_until_answered(client):
    assert [json.loads(x)["type"] for x in client.tick(JOIN_RETRY_MS)] == ["join", "ping"]
    client.receive(Welcome("p2", "ABCD234").to_wire(), JOIN_RETRY_MS + 1)
    assert [json.loads(x)["type"] for x in client.tick(2 * JOIN_RETRY_MS)] == ["ping"]


def test_errors_rejection_and_close(client):
    client.receive(Welcome("p2", "ABCD234").to_wire(), 0)
    client.receive(Error("auth/not_host", "only the host can set the bet").to_wire(), 1)
    assert client.last_error == {"code": "auth/not_host",
                                 "detail": "only the host can set the bet"}
    assert client.status is ClientStatus.IN_ROOM
    client.receive(Closed("host_left").to_wire(), 2)
    assert client.status is ClientStatus.CLOSED and client.closed_reason == "host_left"
    client.receive(view(9), 3)  # too late to matter
    client.transport_closed()
    assert client.status is ClientStatus.CLOSED and client.view is None
    assert client.tick(60_000) == []

    other = GuestClient("Eve", TOKEN, CODE, HOST_KEY)
    verified(other)
    other.receive(Rejected("room/full", "the room already has 10 players").to_wire(), 1)
    assert other.status is ClientStatus.REJECTED and other.last_error["code"] == "room/full"


@pytest.mark.parametrize("text", ["garbage", '{"v":1,"type":"start"}', view(1)[:-2]])
def test_malformed_host_text_is_recorded_not_raised(client, text):
    client.receive(text, 1)
    assert client.last_error["code"].startswith("msg/")
    assert client.view is None


def test_transport_closed_means_lost_then_hello_rejoins(client):
    client.receive(Welcome("p2", "ABCD234").to_wire(), 0)
    client.receive(view(40), 0)
    client.transport_closed()
    assert client.status is ClientStatus.LOST
    verified(client, 100)
    assert client.status is ClientStatus.CONNECTING
    client.receive(view(2), 150)  # a new connection: a fresh view stream
    assert client.seq == 2 and client.status is ClientStatus.IN_ROOM


def test_request_builders(client):
    assert parse_request(client.set_game("ultimate", {"base_cents": 250})).settings == {
        "base_cents": 250}
    assert parse_request(client.start_game()).TYPE == "start"
    assert parse_request(client.leave()).TYPE == "leave"
    client.receive(view(12, game={"seq": 3, "phase": "preflop"}), 0)
    act = parse_request(client.act("double"))
    assert (act.action, act.seq) == ("double", 3)  # the game's decision seq, not the view's
    assert parse_request(client.next_hand()).TYPE == "next_hand"
    assert parse_request(client.set_auto_deal(True)).on is True
    assert parse_request(client.set_grace(0)).seconds == 0
    assert parse_request(client.set_timer(30)).seconds == 30
    for bad_timer in (3, 601, -1):
        with pytest.raises(MalformedMessage):
            client.set_timer(bad_timer)
    for bad in (-5, 1.5, 10**13):  # the wire bounds a setting's shape; the game judges it
        with pytest.raises(MalformedMessage):
            client.set_game("ultimate", {"base_cents": bad})
    for bad_verb in ("Muck", "all-in", "", "x" * 17):  # the wire bounds a verb's shape only
        with pytest.raises(MalformedMessage):
            client.act(bad_verb)
    assert parse_request(client.act("muck")).action == "muck"  # the game refuses it
    assert parse_request(client.act("raise", 900)).amount == 900
    assert parse_request(client.act("draw", cards=("Ah",))).cards == ("Ah",)

"""HostRoom: joins, host powers, validation, liveness, rejoin, leaving and views.

Driven event by event so each test asserts exactly what goes to whom.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from room.errors import Code, RoomError
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.game import GameSession, PlayerInfo, Request, TableRequest, TableSettings
from room.host import (
    DEFAULT_GRACE_S,
    DEFAULT_TIMER_S,
    FLOOD_BYTES,
    FLOOD_LIMIT,
    GUEST_SILENCE_MS,
    JOIN_TIMEOUT_MS,
    LOCAL_PEER,
    MAX_PLAYERS,
    ROOM_MESSAGES,
    HostRoom,
    RoomPhase,
)
from room.identity import Identity
from room.messages import (
    Act,
    Leave,
    NextHand,
    Nonce,
    Ping,
    SetAutoDeal,
    SetGrace,
    SetTimer,
    Start,
    Table,
    parse_reply,
)
from roomkit import hello, signed_join
from roomkit import join as handshake_join

CODE = "ABCD234"


def tok(n: int | str) -> str:
    return f"secret-token-{n}".ljust(20, "z")


def msgs(outs, peer: str) -> list[dict[str, Any]]:
    """The messages (as dicts) sent to ``peer``; each must parse as a valid host message."""
    found = []
    for out in outs:
        if isinstance(out, Send) and out.peer == peer:
            parse_reply(out.text)
            found.append(json.loads(out.text))
    return found


def types(outs, peer: str) -> list[str]:
    return [m["type"] for m in msgs(outs, peer)]


def last_view(outs, peer: str) -> dict[str, Any]:
    views = [m for m in msgs(outs, peer) if m["type"] == "view"]
    assert views, f"no view for {peer}"
    return views[-1]["view"]


def recv(room: HostRoom, peer: str, message) -> list:
    text = message if isinstance(message, str) else message.to_wire()
    return room.handle(Received(peer, text))


def join(room: HostRoom, peer: str, name: str, token: str | None = None) -> list:
    """A new connection's whole handshake, then its signed join (the room's outputs to it)."""
    return handshake_join(room, peer, name, token or tok(peer))


def new_room(code: str = CODE, **kwargs: Any) -> HostRoom:
    """A room whose host player holds ``tok(LOCAL_PEER)``."""
    return HostRoom(code, 0, host_token=tok(LOCAL_PEER), **kwargs)


@pytest.fixture
def room() -> HostRoom:
    r = new_room()
    join(r, LOCAL_PEER, "Hostie")
    return r


def with_guests(room: HostRoom, n: int) -> list[str]:
    peers = [f"peer-{i}" for i in range(1, n + 1)]
    for i, peer in enumerate(peers, 1):
        join(room, peer, f"Guest{i}")
    return peers


# --- joining -----------------------------------------------------------------------------


def test_first_local_joiner_is_host_and_view_matches_contract():
    room = new_room("abcd-234")
    outs = join(room, LOCAL_PEER, "  Ann ")
    assert types(outs, LOCAL_PEER) == ["welcome", "view"]
    welcome, view = msgs(outs, LOCAL_PEER)
    assert welcome == {"v": 1, "type": "welcome", "you": "p1", "room": "ABCD234"}
    assert view["view"] == {
        "room": "ABCD234",
        "you": "p1",
        "host": "p1",
        "phase": "lobby",
        "settings": {"grace_s": DEFAULT_GRACE_S, "timer_s": DEFAULT_TIMER_S, "auto_deal": False,
                     "advisor": False, "approval": False, "game_id": None, "game": {},
                     "next_game": None},
        "players": [
            {"id": "p1", "name": "Ann", "is_host": True, "queued": False,
             "connected": True, "balance_cents": 0,
             "key": Identity.from_token(tok(LOCAL_PEER)).key,
             "kind": "human", "level": None, "leaving": False}
        ],
        "succession_secret": room.succession_secret,  # see room.succession
        "bots": {},  # player id -> level of every bot that sat here (room.bots)
        "requests": [],  # newcomers waiting for approval: in the host's view only
    }
    assert room.host_id == "p1"


def test_guest_join_welcomes_and_updates_everyone(room):
    outs = join(room, "peer-1", "Bob")
    assert types(outs, "peer-1") == ["welcome", "view"]
    assert types(outs, LOCAL_PEER) == ["view"]
    for peer, you in ((LOCAL_PEER, "p1"), ("peer-1", "p2")):
        view = last_view(outs, peer)
        assert view["you"] == you
        assert [(p["id"], p["name"], p["is_host"]) for p in view["players"]] == [
            ("p1", "Hostie", True), ("p2", "Bob", False)]


def test_view_seq_increases_per_peer(room):
    seqs: dict[str, list[int]] = {}
    peers = with_guests(room, 3)
    outs = recv(room, LOCAL_PEER, SetGrace(25)) + recv(room, peers[0], Leave())
    outs += recv(room, LOCAL_PEER, SetGrace(30))
    for peer in (LOCAL_PEER, *peers[1:]):
        seqs[peer] = [m["seq"] for m in msgs(outs, peer) if m["type"] == "view"]
        assert seqs[peer] == sorted(set(seqs[peer])) and len(seqs[peer]) == 3


def test_same_names_made_unique_and_html_kept_as_data(room):
    join(room, "a", "Hostie")
    outs = join(room, "b", "<img src=x onerror=alert(1)>"[:20])
    names = [p["name"] for p in last_view(outs, LOCAL_PEER)["players"]]
    assert names == ["Hostie", "Hostie (2)", "<img src=x onerror=a"]


def test_look_alike_names_are_made_distinct_in_the_room(room):
    # A Cyrillic letter does not pass for another player's name
    join(room, "a", "Hana")
    outs = join(room, "b", "H\u0430na")
    join(room, "c", "\u0410nn")
    outs = join(room, "d", "Ann")
    names = [p["name"] for p in last_view(outs, LOCAL_PEER)["players"]]
    assert names == ["Hostie", "Hana", "H\u0430na (2)", "\u0410nn", "Ann (2)"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 21, "bad\x00name", "\u202eevil", "\u200d",
                                  "e\u0301\u0301\u0301\u0301\u0301"])
def test_invalid_name_is_an_error_and_can_be_retried(room, name):
    room.handle(Connected("peer-1"))
    g, h = hello(room, "peer-1")
    outs = recv(room, "peer-1", signed_join(room, tok(1), name, g, h, "peer-1"))
    assert types(outs, "peer-1") == ["error"]
    assert msgs(outs, "peer-1")[0]["code"] == "name/invalid"
    assert types(outs, LOCAL_PEER) == [] and not any(isinstance(o, Close) for o in outs)
    assert len(room.seats) == 1
    outs = recv(room, "peer-1", signed_join(room, tok(1), "Fixed", g, h, "peer-1"))
    assert types(outs, "peer-1") == ["welcome", "view"]


def test_room_full_rejects_the_eleventh(room):
    with_guests(room, MAX_PLAYERS - 1)
    assert len(room.seats) == MAX_PLAYERS
    outs = join(room, "late", "Late")
    assert types(outs, "late") == ["rejected"]
    assert msgs(outs, "late")[0]["code"] == "room/full"
    assert Close("late") in outs
    assert [o for o in outs if getattr(o, "peer", None) != "late"] == []
    assert len(room.seats) == MAX_PLAYERS
    assert recv(room, "late", Ping(1)) == []  # cut off: further texts are ignored


def test_duplicate_join_same_peer_is_same_seat(room):
    room.handle(Connected("peer-1"))
    g, h = hello(room, "peer-1")
    recv(room, "peer-1", signed_join(room, tok("peer-1"), "Bob", g, h, "peer-1"))
    outs = recv(room, "peer-1", signed_join(room, tok("peer-1"), "Bob", g, h, "peer-1"))
    assert types(outs, "peer-1") == ["welcome", "view"]
    assert msgs(outs, "peer-1")[0]["you"] == "p2"
    assert types(outs, LOCAL_PEER) == []
    assert list(room.seats) == ["p1", "p2"]


def test_second_join_with_other_key_on_same_connection_refused(room):
    room.handle(Connected("peer-1"))
    g, h = hello(room, "peer-1")
    recv(room, "peer-1", signed_join(room, tok("peer-1"), "Bob", g, h, "peer-1"))
    outs = recv(room, "peer-1", signed_join(room, tok("other"), "Eve", g, h, "peer-1"))
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["join/already_joined"]
    assert list(room.seats) == ["p1", "p2"]


def test_join_while_playing_is_queued(room):
    join(room, "peer-1", "Bob")
    recv(room, LOCAL_PEER, Start())
    outs = join(room, "peer-2", "Cy")
    players = {p["id"]: p for p in last_view(outs, LOCAL_PEER)["players"]}
    assert players["p3"]["queued"] is True
    assert players["p2"]["queued"] is False


# --- who may do what -----------------------------------------------------------------------


def test_unknown_peer_must_join_first_but_gets_pongs(room):
    outs = recv(room, "stranger", SetGrace(50))
    assert [m["code"] for m in msgs(outs, "stranger")] == ["auth/not_joined"]
    assert room.grace_s == DEFAULT_GRACE_S
    assert types(recv(room, "stranger", Ping(7)), "stranger") == ["pong"]
    assert types(recv(room, "stranger", Start()), LOCAL_PEER) == []
    assert room.phase is RoomPhase.LOBBY


@pytest.mark.parametrize("request_", [SetGrace(50), Start()])
def test_host_only_requests_from_guest_change_nothing(room, request_):
    join(room, "peer-1", "Bob")
    outs = recv(room, "peer-1", request_)
    assert outs == [o for o in outs if o.peer == "peer-1"]
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["auth/not_host"]
    assert room.grace_s == DEFAULT_GRACE_S and room.phase is RoomPhase.LOBBY


def test_claiming_another_identity_in_a_field_is_rejected(room):
    join(room, "peer-1", "Bob")
    text = json.dumps({"v": 1, "type": "set_grace", "seconds": 50, "player": "p1"})
    outs = recv(room, "peer-1", text)
    (err,) = msgs(outs, "peer-1")
    assert err["code"] == "msg/bad_field" and "player" in err["detail"]
    assert room.grace_s == DEFAULT_GRACE_S


def test_host_sets_grace_and_everyone_sees_it(room):
    peers = with_guests(room, 2)
    outs = recv(room, LOCAL_PEER, SetGrace(25))
    for peer in (LOCAL_PEER, *peers):
        assert last_view(outs, peer)["settings"]["grace_s"] == 25
    assert recv(room, LOCAL_PEER, SetGrace(25)) == []  # no change, no noise


@pytest.mark.parametrize(
    "seconds", [-1, 1.5, 10.0, True, False, "10", None, [10], 301, 2**70]
)
def test_bad_grace_is_refused_with_field_and_value(room, seconds):
    join(room, "peer-1", "Bob")
    text = json.dumps({"v": 1, "type": "set_grace", "seconds": seconds})
    outs = recv(room, LOCAL_PEER, text)
    assert types(outs, "peer-1") == []
    (err,) = msgs(outs, LOCAL_PEER)
    assert err["type"] == "error" and err["code"] == "msg/bad_field"
    assert "set_grace.seconds" in err["detail"] and repr(seconds)[:20] in err["detail"]
    assert room.grace_s == DEFAULT_GRACE_S


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{", "msg/bad_json"),
        ("[]", "msg/not_object"),
        ('{"v": 9, "type": "start"}', "msg/bad_version"),
        ('{"v": 1, "type": "fly"}', "msg/unknown_type"),
        ('{"v": 1, "type": "welcome", "you": "p1", "room": "ABCD234"}', "msg/unexpected_type"),
        ('{"v": 1, "type": "ping"}', "msg/bad_field"),
    ],
)
def test_invalid_message_gets_error_to_sender_only(room, text, code):
    peers = with_guests(room, 2)
    before = room.view_for("p2")
    outs = recv(room, peers[0], text)
    assert outs == [o for o in outs if o.peer == peers[0]]
    assert [m["code"] for m in msgs(outs, peers[0])] == [code]
    assert room.view_for("p2") == before


def test_start_moves_to_playing_once(room):
    peers = with_guests(room, 1)
    outs = recv(room, LOCAL_PEER, Start())
    assert last_view(outs, peers[0])["phase"] == "playing"
    outs = recv(room, LOCAL_PEER, Start())
    assert [m["code"] for m in msgs(outs, LOCAL_PEER)] == ["game/already_started"]


def test_act_without_game_is_refused(room):
    join(room, "peer-1", "Bob")
    outs = recv(room, "peer-1", Act("check", 1))
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["game/not_running"]


def test_not_an_event_is_a_bug():
    with pytest.raises(TypeError):
        HostRoom(CODE, 0).handle("hello")  # type: ignore[arg-type]


# --- leaving --------------------------------------------------------------------------------


def test_guest_leave_removes_seat_keeps_balance(room):
    peers = with_guests(room, 2)
    room.balances["p2"] = 350  # as a later settlement would have left it
    outs = recv(room, peers[0], Leave())
    assert types(outs, peers[0]) == ["closed"]
    assert msgs(outs, peers[0])[0]["reason"] == "left"
    assert Close(peers[0]) in outs
    for peer in (LOCAL_PEER, peers[1]):
        assert [p["id"] for p in last_view(outs, peer)["players"]] == ["p1", "p3"]
    assert room.balances["p2"] == 350 and "p2" in room.departed


def test_departed_player_returns_with_token(room):
    peers = with_guests(room, 1)
    room.balances["p2"] = -125
    recv(room, peers[0], Leave())
    outs = join(room, "peer-new", "Whoever", tok(peers[0]))
    assert msgs(outs, "peer-new")[0] == {"v": 1, "type": "welcome", "you": "p2", "room": CODE}
    me = next(p for p in last_view(outs, LOCAL_PEER)["players"] if p["id"] == "p2")
    assert me["name"] == "Whoever" and me["balance_cents"] == -125  # same key: same seat


def test_host_leave_closes_room(room):
    peers = with_guests(room, 3)
    room.handle(Connected("lurker"))
    outs = recv(room, LOCAL_PEER, Leave())
    for peer in peers:
        assert msgs(outs, peer) == [{"v": 1, "type": "closed", "reason": "host_left"}]
        assert Close(peer) in outs
    assert msgs(outs, LOCAL_PEER) == [{"v": 1, "type": "closed", "reason": "left"}]
    assert Close(LOCAL_PEER) not in outs
    assert types(outs, "lurker") == ["rejected"] and Close("lurker") in outs
    assert room.phase is RoomPhase.CLOSED
    outs = room.handle(Connected("newcomer"))
    assert [m["code"] for m in msgs(outs, "newcomer")] == ["room/closed"]
    assert Close("newcomer") in outs


# --- liveness -------------------------------------------------------------------------------


def tick_until(room: HostRoom, end_ms: int, step: int = 500) -> list:
    outs = []
    t = room.now_ms
    while t < end_ms:
        t = min(t + step, end_ms)
        outs += room.handle(Tick(t))
    return outs


def connected(room: HostRoom, pid: str) -> bool:
    return next(p for p in room.view_for("p1")["players"] if p["id"] == pid)["connected"]


def test_silent_guest_marked_disconnected_after_3s_and_back_when_it_speaks(room):
    peers = with_guests(room, 2)
    quiet, chatty = peers
    outs = []
    for t in range(500, GUEST_SILENCE_MS + 1, 500):
        outs += room.handle(Tick(t))
        outs += recv(room, chatty, Ping(t))
    assert connected(room, "p2") and types(outs, LOCAL_PEER) == []
    outs = room.handle(Tick(GUEST_SILENCE_MS + 500))
    recv(room, chatty, Ping(GUEST_SILENCE_MS + 500))
    assert not connected(room, "p2") and connected(room, "p3")
    assert connected(room, "p1")  # the host's own seat is local: never silent
    view = last_view(outs, LOCAL_PEER)
    assert [p["connected"] for p in view["players"]] == [True, False, True]
    outs = recv(room, quiet, Ping(9999))
    assert connected(room, "p2")
    assert types(outs, quiet) == ["view", "pong"]
    assert last_view(outs, chatty)["players"][1]["connected"] is True


def test_clock_stepping_back_revives_nobody(room):
    with_guests(room, 1)
    tick_until(room, 4000)
    assert not connected(room, "p2")
    room.handle(Tick(0))
    assert not connected(room, "p2")


def test_disconnect_is_immediate_and_rejoin_by_token_takes_the_seat_back(room):
    peers = with_guests(room, 2)
    room.balances["p2"] = 40
    outs = room.handle(Disconnected(peers[0]))
    assert last_view(outs, LOCAL_PEER)["players"][1]["connected"] is False
    assert types(outs, peers[0]) == []
    outs = recv(room, peers[0], Start())  # that connection is gone: it is a stranger now
    assert [m["code"] for m in msgs(outs, peers[0])] == ["auth/not_joined"]
    outs = join(room, "peer-again", "New Name", tok(peers[0]))
    assert msgs(outs, "peer-again")[0]["you"] == "p2"
    me = last_view(outs, "peer-again")["players"][1]
    assert (me["name"], me["connected"], me["balance_cents"]) == ("New Name", True, 40)
    assert len(room.seats) == 3


def test_a_returning_key_keeps_its_seat_under_the_name_it_brings_now(room):
    """One person, one seat: the key decides whose seat it is, the name is what they go by
    now (another device may remember another name). A name another player has is made
    unique, as for a newcomer; the same name changes nothing."""
    peers = with_guests(room, 2)
    outs = join(room, "other-device", "Guest2", tok(peers[0]))  # Guest2 sits as p3
    assert msgs(outs, "other-device")[0]["you"] == "p2"
    names = [(p["id"], p["name"]) for p in last_view(outs, LOCAL_PEER)["players"]]
    assert names == [("p1", "Hostie"), ("p2", "Guest2 (2)"), ("p3", "Guest2")]
    outs = join(room, "third-device", "Guest2 (2)", tok(peers[0]))
    assert [p["name"] for p in last_view(outs, LOCAL_PEER)["players"]][1] == "Guest2 (2)"
    assert len(room.seats) == 3


def test_rejoin_while_old_connection_open_replaces_it(room):
    peers = with_guests(room, 1)
    outs = join(room, "peer-2nd-tab", "Guest1", tok(peers[0]))
    assert msgs(outs, peers[0]) == [{"v": 1, "type": "closed", "reason": "replaced"}]
    assert Close(peers[0]) in outs
    assert msgs(outs, "peer-2nd-tab")[0]["you"] == "p2"
    assert recv(room, peers[0], SetGrace(5)) == []  # the old tab is cut off
    assert room.seat_of_peer("peer-2nd-tab").id == "p2"
    assert room.seat_of_peer(peers[0]) is None


def test_host_key_cannot_be_used_by_a_guest(room):
    outs = join(room, "thief", "Hostie", tok(LOCAL_PEER))
    assert [m["code"] for m in msgs(outs, "thief")] == ["join/bad_key"]
    assert room.seat_of_peer(LOCAL_PEER).id == "p1" and room.seat_of_peer("thief") is None


def test_connection_that_never_joins_is_cut_off(room):
    room.handle(Connected("idle"))
    assert tick_until(room, JOIN_TIMEOUT_MS) == []
    outs = tick_until(room, JOIN_TIMEOUT_MS + 1000)
    assert [m["code"] for m in msgs(outs, "idle")] == ["join/timeout"]
    assert Close("idle") in outs


@pytest.mark.parametrize(
    ("text", "code"),
    [("x" * 20_000, "msg/too_big"),
     ('{"v":1,"type":"ping","t":1,"pad":"' + "x" * 5000 + '"}', "msg/too_big"),
     ("[" * 2000 + "]" * 2000, "msg/too_deep")],
    ids=["20kB", "5kB", "deep"],
)
def test_oversize_or_deep_messages_cut_the_connection(room, text, code):
    """No client of ours sends them, so they are not answered but cut (a seated
    sender keeps its seat, disconnected, and may come back); the room plays on."""
    peers = with_guests(room, 2)
    outs = recv(room, peers[0], text)
    assert [(m["type"], m["code"]) for m in msgs(outs, peers[0])] == [("rejected", code)]
    assert Close(peers[0]) in outs and connected(room, "p2") is False
    assert recv(room, peers[0], Ping(1)) == []  # cut off: nothing more is heard
    assert types(recv(room, peers[1], Ping(1)), peers[1]) == ["pong"]
    outs = join(room, "peer-1b", "Guest1", tok(peers[0]))  # back on a new connection
    assert types(outs, "peer-1b")[0] == "welcome" and connected(room, "p2") is True
    outs = recv(room, LOCAL_PEER, text)  # the host's own loop is never cut
    assert [m["type"] for m in msgs(outs, LOCAL_PEER)] == ["error"]


def test_a_guest_sending_too_many_characters_is_cut_off(room):
    peers = with_guests(room, 1)
    ping = '{"v":1,"type":"ping","t":1,"seen":-1' + " " * 3900 + "}"  # under 4 kB, valid
    outs = []
    for _ in range(FLOOD_BYTES // len(ping) + 1):
        outs += recv(room, peers[0], ping)
    assert [m["code"] for m in msgs(outs, peers[0]) if m["type"] == "rejected"] == ["msg/flood"]
    assert types(outs, peers[0]).count("pong") == FLOOD_BYTES // len(ping)


def test_the_whole_room_has_a_budget_and_the_heaviest_sender_goes_first(room):
    """Ten connections each just under the per-connection limit. The room's budget
    cuts the heaviest senders; honest players (a ping a second, an action) are never cut."""
    honest = with_guests(room, 3)
    rogues = [f"rogue-{i}" for i in range(10)]
    for r in rogues:
        room.handle(Connected(r))
    cut: list[str] = []
    for t in range(0, 5000, 500):
        room.handle(Tick(t))
        for _ in range(45):  # 90 a second each: under FLOOD_LIMIT
            for r in rogues:
                outs = recv(room, r, Ping(t))
                cut += [(o.peer, m["code"]) for o in outs for m in msgs([o], o.peer)
                        if m["type"] == "rejected"]
        if t % 1000 == 0:
            for peer in honest:  # a ping a second each, answered every time
                assert types(recv(room, peer, Ping(t, room._sent[peer][0])), peer) == ["pong"]
    # rogues are cut, each once, until the rest fits the budget; no honest player is
    kept = ROOM_MESSAGES // 90
    assert sorted(cut) == [(r, "msg/flood") for r in rogues[:len(rogues) - kept]]
    assert all(connected(room, pid) for pid in ("p2", "p3", "p4"))


def test_flood_is_cut_off(room):
    peers = with_guests(room, 1)
    outs = []
    for i in range(FLOOD_LIMIT + 5):
        outs += recv(room, peers[0], Ping(i))
    assert types(outs, peers[0]).count("pong") == FLOOD_LIMIT - 2  # hello and join counted
    assert [m["code"] for m in msgs(outs, peers[0]) if m["type"] == "rejected"] == ["msg/flood"]
    assert outs.count(Close(peers[0])) == 1
    assert connected(room, "p2") is False
    # a normal pace is fine: the window resets with time
    join(room, "calm", "Calm")
    for t in range(1000, 6000, 1000):
        room.handle(Tick(t))
        replies = types(recv(room, "calm", Ping(t, room._sent["calm"][0])), "calm")
        assert replies == ["pong"]


def test_ping_with_old_seen_gets_current_view_again(room):
    peers = with_guests(room, 1)
    seat_seq = room._sent[peers[0]][0]
    assert types(recv(room, peers[0], Ping(0, seat_seq - 1)), peers[0]) == ["pong"]  # too soon
    room.handle(Tick(1000))
    outs = recv(room, peers[0], Ping(1000, seat_seq - 1))
    assert types(outs, peers[0]) == ["pong", "view"]
    assert types(recv(room, peers[0], Ping(1000, room._sent[peers[0]][0])), peers[0]) == ["pong"]


# --- secrets never travel ------------------------------------------------------------------


def test_views_never_carry_tokens_or_peer_ids():
    room = HostRoom(CODE, 0, host_token="HOSTTOKEN-abcdefghij")
    outs = join(room, LOCAL_PEER, "Hostie", "HOSTTOKEN-abcdefghij")
    tokens = ["HOSTTOKEN-abcdefghij"]
    for i in range(1, MAX_PLAYERS):
        token = f"TOKEN{i}-abcdefghijklmn"
        tokens.append(token)
        outs += join(room, f"PEERID{i}-xyz", f"G{i}", token)
    outs += room.handle(Disconnected("PEERID3-xyz"))
    outs += join(room, "PEERID99-xyz", "G3", tokens[3])
    outs += recv(room, "PEERID4-xyz", Leave())
    outs += tick_until(room, 5000)
    for out in outs:
        if isinstance(out, Send):
            for token in tokens:
                assert token not in out.text
            # no peer's id travels to anyone else (a challenge names its own caller)
            assert "PEERID" not in out.text.replace(out.peer, "its own id")


# --- a game plugs in -------------------------------------------------------------------------


@dataclass
class FakeGame:
    """The smallest GameSession: records what the room tells it."""

    players: list[str] = field(default_factory=list)  # dealt in the current hand
    roster: list[PlayerInfo] = field(default_factory=list)
    settings: TableSettings | None = None
    actions: list[tuple[str, str]] = field(default_factory=list)
    hands: int = 0
    seq: int = 0
    dealing: bool = False
    acted: set[str] = field(default_factory=set)
    nonces: list[tuple[str, int]] = field(default_factory=list)
    tables: list[tuple[str, TableRequest]] = field(default_factory=list)
    carried: dict[str, Any] | None = None
    game_id: str = "fake"
    told_at: int = 0  # the room's clock when it last told the roster

    def to_act(self) -> frozenset[str]:
        return frozenset(p for p in self.players if p not in self.acted)

    def is_dealing(self) -> bool:
        return self.dealing

    def set_players(self, players, now_ms: int) -> None:
        self.roster = list(players)
        self.told_at = now_ms

    def configure(self, settings: TableSettings) -> None:
        self.settings = settings

    def next_hand(self) -> None:
        assert self.settings is not None
        self.players = [p.id for p in self.roster if p.connected]
        self.hands += 1
        self.seq += 1
        self.acted = set()

    def view_for(self, player_id: str) -> dict[str, Any]:
        return {"mine": player_id, "acted": [p for p, _ in self.actions]}

    def handle_action(self, player_id: str, request: Request) -> None:
        if request.action != "check":
            raise RoomError("only checks in the fake", Code.GAME_ILLEGAL)
        self.actions.append((player_id, request.action))
        self.acted.add(player_id)

    def table_host_only(self, action: str) -> str | None:
        return "ring the bell" if action == "ring_bell" else None

    def handle_table(self, player_id: str, request: TableRequest) -> None:
        if request.action not in ("ring_bell", "wave"):
            raise RoomError(f"no {request.action} in the fake", "game/illegal")
        self.tables.append((player_id, request))

    def handle_nonce(self, player_id: str, msg: Nonce) -> bool:
        self.nonces.append((player_id, msg.hand_no))
        return False

    def tick(self, now_ms: int) -> bool:
        return False

    def holds(self, player_id: str) -> bool:
        return player_id in self.players

    def play_out(self, player_id: str) -> None:
        self.actions.append((player_id, "played_out"))

    def is_queued(self, player_id: str) -> bool:
        return player_id not in self.players

    def balances(self) -> dict[str, int]:
        return {p.id: 7 for p in self.roster}

    def snapshot(self) -> dict[str, Any]:
        return {"game": self.game_id, "hands": self.hands}

    def restore(self, data, now_ms: int) -> None:
        self.hands = data["hands"]

    def carry_over(self, data) -> None:
        self.carried = dict(data)

    def records_for(self, viewer):
        return []


def test_the_fake_is_a_game_session():
    game: GameSession = FakeGame()  # what mypy checks of real games, asserted for the fake
    assert game.game_id == "fake" and game.to_act() == frozenset()


def _recording_factory():
    """A factory of fake games, and the list of every game it made."""
    games: list[FakeGame] = []

    def factory():
        games.append(FakeGame())
        return games[-1]

    return games, factory


def test_game_session_plugs_in():
    games, factory = _recording_factory()
    room = new_room(game_factory=factory)
    join(room, LOCAL_PEER, "Hostie")
    join(room, "peer-1", "Bob")
    recv(room, LOCAL_PEER, SetGrace(4))
    outs = recv(room, LOCAL_PEER, Start())
    assert games[0].players == ["p1", "p2"] and games[0].hands == 1
    assert games[0].settings == TableSettings(4000, DEFAULT_TIMER_S * 1000, False)
    assert [(p.id, p.name, p.connected) for p in games[0].roster] == [
        ("p1", "Hostie", True), ("p2", "Bob", True)]
    assert last_view(outs, "peer-1")["game"] == {"mine": "p2", "acted": []}
    assert [p["balance_cents"] for p in last_view(outs, "peer-1")["players"]] == [7, 7]
    outs = recv(room, LOCAL_PEER, Act("double", 1))
    assert [m["code"] for m in msgs(outs, LOCAL_PEER)] == ["game/illegal"]
    assert types(outs, "peer-1") == []
    outs = recv(room, "peer-1", Act("check", 1))
    assert games[0].actions == [("p2", "check")]
    assert last_view(outs, LOCAL_PEER)["game"] == {"mine": "p1", "acted": ["p2"]}
    outs = join(room, "peer-2", "Late")
    assert [p["queued"] for p in last_view(outs, "peer-2")["players"]] == [False, False, True]
    outs = recv(room, "peer-2", Act("check", 1))
    assert [m["code"] for m in msgs(outs, "peer-2")] == ["game/queued"]
    outs = recv(room, "peer-1", NextHand())
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["auth/not_host"]
    recv(room, LOCAL_PEER, SetTimer(30))
    recv(room, LOCAL_PEER, SetAutoDeal(True))
    assert games[0].settings == TableSettings(4000, 30_000, True)
    outs = recv(room, LOCAL_PEER, NextHand())
    assert games[0].players == ["p1", "p2", "p3"] and games[0].hands == 2
    assert [p["queued"] for p in last_view(outs, "peer-2")["players"]] == [False] * 3


def test_a_drop_is_timed_when_the_transport_reports_it_not_at_the_last_tick():
    """The grace of a dropped player counts from the drop: the game hears of it with the
    adapter's clock of that moment, not the room's last tick (up to half a second before)."""
    room, game = _fake_table()
    peer = room.seats["p2"].peer
    assert peer is not None
    room.handle(Tick(10_000))
    room.handle(Disconnected(peer, 10_450))
    assert [(p.id, p.connected) for p in game.roster] == [("p1", True), ("p2", False)]
    assert game.told_at == 10_450 and room.now_ms == 10_450
    room.handle(Disconnected("gone-already", 9_000))  # a clock that steps back: no effect
    assert room.now_ms == 10_450


def _fake_table():
    games, factory = _recording_factory()
    room = new_room(game_factory=factory)
    join(room, LOCAL_PEER, "Hostie")
    join(room, "peer-1", "Bob")
    recv(room, LOCAL_PEER, Start())
    return room, games[0]


def test_the_room_refuses_a_stale_seq_before_the_game_sees_it():
    room, game = _fake_table()
    outs = recv(room, "peer-1", Act("check", game.seq + 1))
    (err,) = msgs(outs, "peer-1")
    assert err["code"] == "game/stale" and f"the table is at seq {game.seq}" in err["detail"]
    assert game.actions == [] and types(outs, LOCAL_PEER) == []


def test_the_room_refuses_whoever_is_not_to_act():
    room, game = _fake_table()
    recv(room, "peer-1", Act("check", game.seq))
    outs = recv(room, "peer-1", Act("check", game.seq))  # acted already: not in to_act
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["game/not_your_turn"]
    assert game.actions == [("p2", "check")]


def test_the_ladder_says_dealing_before_stale_and_queued_before_dealing():
    room, game = _fake_table()
    game.dealing = True
    outs = recv(room, "peer-1", Act("check", game.seq + 3))
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["game/dealing"]
    join(room, "peer-2", "Late")
    outs = recv(room, "peer-2", Act("check", game.seq + 3))
    assert [m["code"] for m in msgs(outs, "peer-2")] == ["game/queued"]
    assert game.actions == []


def test_the_room_asks_the_game_which_table_requests_are_the_hosts():
    """The room names no game's table request: it asks the game (``table_host_only``) and
    refuses a guest's host-only one itself, before the game handles it."""
    room, game = _fake_table()
    outs = recv(room, "peer-1", Table("ring_bell"))
    (err,) = msgs(outs, "peer-1")
    assert err == {"v": 1, "type": "error", "code": "auth/not_host",
                   "detail": "only the host can ring the bell"}
    assert game.tables == [] and types(outs, LOCAL_PEER) == []
    recv(room, "peer-1", Table("wave", 3, "p1"))
    recv(room, LOCAL_PEER, Table("ring_bell"))
    assert game.tables == [("p2", TableRequest("wave", 3, "p1")),
                           ("p1", TableRequest("ring_bell"))]
    outs = recv(room, "peer-1", Table("nap"))  # the game's refusal, to the sender only
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["game/illegal"]
    assert len(game.tables) == 2 and types(outs, LOCAL_PEER) == []


def test_a_table_request_in_the_lobby_is_refused_for_want_of_a_game(room):
    join(room, "peer-1", "Bob")
    outs = recv(room, "peer-1", Table("ring_bell"))
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["game/not_running"]
    assert room.phase is RoomPhase.LOBBY


def test_nonces_go_straight_to_the_game():
    room, game = _fake_table()
    recv(room, "peer-1", Nonce(4, "ab" * 16))
    assert game.nonces == [("p2", 4)]


@pytest.mark.parametrize(
    "request_", [NextHand(), SetAutoDeal(True), SetGrace(3), SetTimer(10)]
)
def test_game_settings_are_host_only(room, request_):
    (peer,) = with_guests(room, 1)
    outs = recv(room, peer, request_)
    assert [m["code"] for m in msgs(outs, peer)] == ["auth/not_host"]
    assert room.grace_s == 10 and room.timer_s == DEFAULT_TIMER_S == 30 and not room.auto_deal


def test_host_settings_show_in_every_view(room):
    (peer,) = with_guests(room, 1)
    recv(room, LOCAL_PEER, SetGrace(0))
    outs = recv(room, LOCAL_PEER, SetTimer(20))
    assert last_view(outs, peer)["settings"] == {"grace_s": 0, "timer_s": 20, "auto_deal": False,
                                                 "advisor": False, "approval": False,
                                                 "game_id": None,
                                                 "game": {}, "next_game": None}


def test_next_hand_in_the_lobby_starts_the_game(room):
    outs = recv(room, LOCAL_PEER, NextHand())
    assert room.phase is RoomPhase.PLAYING
    assert last_view(outs, LOCAL_PEER)["phase"] == "playing"


def test_a_view_too_big_for_the_wire_becomes_an_error_not_a_crash():
    big = FakeGame()
    big.view_for = lambda player_id: {"pad": "x" * 20_000}  # type: ignore[method-assign]
    room = new_room(game_factory=lambda: big)
    join(room, LOCAL_PEER, "Hostie")
    join(room, "peer-1", "Bob")
    outs = recv(room, LOCAL_PEER, Start())
    assert [m["code"] for m in msgs(outs, "peer-1")] == ["view/too_big"]
    assert room.phase is RoomPhase.PLAYING

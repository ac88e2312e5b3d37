"""Who sits at the table: the host removes a player, seats of players gone a while
between hands free up, and the host may ask to approve newcomers.

Room-level tests over the in-memory network with the real game, plus the door's own rules.
"""

from __future__ import annotations

import json

import pytest
from room.admission import INVITE_CHARS, KNOCK_TIMEOUT_MS, MAX_KNOCKS, Door, invite_for
from room.client import ClientStatus, GuestClient, new_token
from room.config import share_link
from room.errors import MalformedMessage
from room.host import AWAY_SEAT_MS, LOCAL_PEER, MAX_PLAYERS, HostRoom
from room.identity import Identity
from room.messages import Join, parse_request
from test_room_game_harness import Table
from testing.memory import MemoryNetwork

# --- helpers -----------------------------------------------------------------------------------


def lobby(guests: int = 1) -> tuple[MemoryNetwork, GuestClient, list[tuple[str, GuestClient]]]:
    net = MemoryNetwork()
    host = net.join_host("Hana")
    return net, host, [net.join_guest(f"Guest{i}") for i in range(1, guests + 1)]


def send(net: MemoryNetwork, peer: str, text: str) -> None:
    net.send(peer, text)


def errors(net: MemoryNetwork, peer: str) -> list[dict]:
    return [m for m in map(json.loads, net.delivered.get(peer, [])) if m["type"] == "error"]


def invited(net: MemoryNetwork, name: str, token: str | None = None) -> GuestClient:
    """A newcomer who came by the room's link: it has the room's invitation."""
    client = GuestClient(name, token or new_token(), net.host.code, net.host.key)
    client.invite = net.host.invite
    return client


def names(client: GuestClient) -> list[str]:
    return [p["name"] for p in client.view["players"]]


# --- removing a player -------------------------------------------------------------------------


def test_the_host_removes_a_guest_who_then_cannot_come_back_with_that_token():
    net, host, [(peer1, g1), (_peer2, g2)] = lobby(2)
    assert names(host) == ["Hana", "Guest1", "Guest2"]
    send(net, LOCAL_PEER, host.kick("p2"))
    assert names(host) == ["Hana", "Guest2"] and names(g2) == ["Hana", "Guest2"]
    assert g1.status is ClientStatus.CLOSED and g1.closed_reason == "removed"
    assert peer1 not in net.open
    assert "p2" in net.host.balances  # the ledger keeps the row
    again = GuestClient("Guest1", g1.token)  # the same browser tries again
    net.connect("g-again", again)
    assert again.status is ClientStatus.REJECTED and again.last_error["code"] == "join/removed"
    assert names(host) == ["Hana", "Guest2"]


@pytest.mark.parametrize(
    ("who", "target", "code"),
    [("guest", "p1", "auth/not_host"), ("guest", "p3", "auth/not_host"),
     ("host", "p1", "kick/host"), ("host", "p9", "kick/unknown")],
)
def test_a_removal_that_may_not_happen_changes_nothing(who, target, code):
    net, host, [(peer1, g1), (_peer2, g2)] = lobby(2)
    peer, client = (LOCAL_PEER, host) if who == "host" else (peer1, g1)
    before = names(host)
    send(net, peer, client.kick(target))
    assert errors(net, peer)[-1]["code"] == code
    assert names(host) == before and g2.status is ClientStatus.IN_ROOM


def test_a_removed_player_in_a_hand_is_played_out_and_settles():
    table = Table(seed=5)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    table.send("Ann", table.clients["Ann"].start_game())
    table.act("Ann", "double")
    table.act("Cy", "check")
    assert table.gview("Ann")["phase"] == "preflop"  # Bob stalls the round
    table.send("Ann", table.clients["Ann"].kick("p2"))
    g = table.gview("Ann")
    assert g["phase"] == "flop"  # Bob's preflop became a Check at once: no grace, no timer
    bob = next(s for s in g["seats"] if s["id"] == "p2")
    assert bob["in_hand"] and not bob["present"] and bob["auto"]
    assert table.clients["Bob"].closed_reason == "removed"
    table.act("Ann", "check")
    table.act("Cy", "double")
    g = table.gview("Ann")
    assert g["phase"] == "results"  # Bob's flop decision too: nobody waits for him
    result = {p["id"]: p for p in g["results"]["players"]}
    assert result["p2"]["auto"] == ["preflop", "flop"] and result["p2"]["stake_cents"] == 100
    assert sum(p["net_cents"] for p in result.values()) == 0
    ledger = {r["id"]: r for r in g["ledger"]["rows"]}
    assert ledger["p2"]["balance_cents"] == result["p2"]["net_cents"]  # the balance stays
    assert not ledger["p2"]["present"] and g["ledger"]["total_cents"] == 0
    table.send("Ann", table.clients["Ann"].next_hand())
    assert [s["id"] for s in table.gview("Ann")["seats"]] == ["p1", "p3"]


def test_a_player_removed_while_the_deal_waits_for_nonces_is_not_dealt_in():
    table = Table(fair=True)
    table.host("Ann")
    table.guest("Bob")

    class Slow(GuestClient):  # never sends its nonce
        def receive(self, text, now_ms):
            return [t for t in super().receive(text, now_ms) if '"nonce"' not in t]

        def tick(self, now_ms):
            return [t for t in super().tick(now_ms) if '"nonce"' not in t]

    cy = Slow("Cy", new_token())
    table.net.connect("g-cy", cy)
    table.clients["Cy"], table.peers["Cy"] = cy, "g-cy"
    table.send("Ann", table.clients["Ann"].start_game())
    assert table.gview("Ann")["phase"] == "dealing"
    table.send("Ann", table.clients["Ann"].kick("p3"))
    g = table.gview("Ann")
    assert g["phase"] == "preflop"  # nobody left to wait for
    assert [s["id"] for s in g["seats"] if s["in_hand"]] == ["p1", "p2"]


# --- seats of players gone a while free up -----------------------------------------------------


def test_connections_that_filled_the_room_and_left_free_their_seats():
    # as it was seen: eight connections with fresh tokens fill the room; they close;
    # a friend must still find a seat once they have been gone a while.
    net, host, _guests = lobby(1)
    rogues = [net.join_guest(f"R{i}") for i in range(8)]
    assert len(net.host.seats) == MAX_PLAYERS
    friend = GuestClient("Friend", new_token())
    net.connect("g-friend", friend)
    assert friend.last_error["code"] == "room/full"
    for peer, _ in rogues:
        net.disconnect(peer)
    net.advance(AWAY_SEAT_MS - 1000)
    assert len(net.host.seats) == MAX_PLAYERS  # a minute's grace: they may be reloading
    net.advance(1000)
    assert len(net.host.seats) == 2 and names(host) == ["Hana", "Guest1"]
    friend = GuestClient("Friend", new_token())
    net.connect("g-friend2", friend)
    assert friend.status is ClientStatus.IN_ROOM and "Friend" in names(host)
    # one of them comes back with its token: same seat id, back at the table
    peer, rogue = rogues[0]
    back = GuestClient("R0", rogue.token)
    net.connect("g-back", back)
    assert back.status is ClientStatus.IN_ROOM and back.you == rogue.you


def test_a_seat_with_a_stake_in_the_running_hand_is_kept_until_results():
    table = Table(seed=2)
    table.host("Ann")
    table.guest("Bob")
    table.send("Ann", table.clients["Ann"].start_game())
    table.net.disconnect(table.peers["Bob"])
    table.send("Ann", table.clients["Ann"].set_timer(0))  # nothing but the grace goes on
    table.send("Ann", table.clients["Ann"].set_grace(300))
    table.advance(AWAY_SEAT_MS + 5000)
    assert "p2" in table.net.host.seats  # Bob's stake is in the hand: his seat stays
    for _ in range(2):
        table.act("Ann", "check")
        table.advance(300_000)
    assert table.gview("Ann")["phase"] == "results"
    table.advance(1000)
    assert "p2" not in table.net.host.seats and "p2" in table.net.host.departed
    rows = {r["id"]: r for r in table.gview("Ann")["ledger"]["rows"]}
    assert rows["p2"]["hands"] == 1  # the ledger row stays


# --- asking the host before a newcomer takes a seat ----------------------------------------------


def approval_lobby() -> tuple[MemoryNetwork, GuestClient, GuestClient]:
    net, host, [(_, g1)] = lobby(1)
    send(net, LOCAL_PEER, host.set_approval(True))
    assert host.view["settings"]["approval"] is True and g1.view["settings"]["approval"]
    return net, host, g1


def test_with_approval_a_newcomer_waits_and_the_host_sees_who_asks():
    net, host, g1 = approval_lobby()
    zed = invited(net, "Zed")
    net.connect("g-zed", zed)
    assert zed.status is ClientStatus.WAITING and "host" in zed.waiting_detail
    assert zed.you is None and names(host) == ["Hana", "Guest1"]
    assert host.view["requests"] == [{"id": "r1", "name": "Zed"}]
    assert "requests" not in g1.view  # only the host sees who asks
    net.advance(30_000)  # no join timeout while waiting; no join retries either
    assert zed.status is ClientStatus.WAITING
    joins = [t for t in net.delivered["g-zed"] if json.loads(t)["type"] == "waiting"]
    assert len(joins) == 1
    send(net, LOCAL_PEER, host.admit("r1", True))
    assert zed.status is ClientStatus.IN_ROOM and names(zed) == ["Hana", "Guest1", "Zed"]
    assert host.view["requests"] == []


def test_the_host_turns_a_newcomer_away():
    net, host, _ = approval_lobby()
    zed = invited(net, "Zed")
    net.connect("g-zed", zed)
    send(net, LOCAL_PEER, host.admit("r1", False))
    assert zed.status is ClientStatus.REJECTED and zed.last_error["code"] == "join/denied"
    assert "g-zed" not in net.open and host.view["requests"] == []
    send(net, LOCAL_PEER, host.admit("r1", True))  # answered already
    assert errors(net, LOCAL_PEER)[-1]["code"] == "door/unknown"


def test_returning_players_and_the_host_do_not_wait_for_approval():
    net, _host, g1 = approval_lobby()
    peer1 = next(p for p, c in net.clients.items() if c is g1)
    net.disconnect(peer1)
    back = GuestClient("Guest1", g1.token)
    net.connect("g-back", back)
    assert back.status is ClientStatus.IN_ROOM and back.you == g1.you


def test_only_the_host_answers_and_a_guest_cannot_switch_approval():
    net, host, g1 = approval_lobby()
    zed = invited(net, "Zed")
    net.connect("g-zed", zed)
    peer1 = next(p for p, c in net.clients.items() if c is g1)
    send(net, peer1, g1.admit("r1", True))
    send(net, peer1, g1.set_approval(False))
    assert [e["code"] for e in errors(net, peer1)[-2:]] == ["auth/not_host"] * 2
    assert zed.status is ClientStatus.WAITING and host.view["settings"]["approval"]


def test_knocks_are_bounded_in_number_and_time_and_forgotten_when_they_leave():
    net, host, _ = approval_lobby()
    knockers = []
    for i in range(MAX_KNOCKS):
        c = invited(net, f"K{i}")
        net.connect(f"g-k{i}", c)
        knockers.append(c)
    extra = invited(net, "Extra")
    net.connect("g-extra", extra)
    assert extra.status is ClientStatus.REJECTED and extra.last_error["code"] == "room/busy"
    net.disconnect("g-k0")
    assert len(host.view["requests"]) == MAX_KNOCKS - 1
    net.advance(KNOCK_TIMEOUT_MS + 1000)
    assert host.view["requests"] == []
    assert all(k.last_error["code"] == "join/not_admitted" for k in knockers[1:])


def test_an_approved_newcomer_still_needs_a_free_seat():
    net, host, _ = approval_lobby()
    zed = invited(net, "Zed")
    net.connect("g-zed", zed)
    send(net, LOCAL_PEER, host.set_approval(False))
    for i in range(MAX_PLAYERS - 2):
        net.join_guest(f"Fill{i}")
    send(net, LOCAL_PEER, host.admit("r1", True))
    assert zed.status is ClientStatus.REJECTED and zed.last_error["code"] == "room/full"


def test_approval_and_removals_survive_a_host_reload():
    net, host, [(_peer1, g1)] = lobby(1)
    send(net, LOCAL_PEER, host.set_approval(True))
    send(net, LOCAL_PEER, host.kick("p2"))
    room = HostRoom.restore(json.loads(json.dumps(net.host.snapshot())), 0)
    assert room.door.approval and room.door.is_removed(g1.key)  # barred by key


def test_with_approval_only_a_newcomer_with_the_rooms_invitation_may_ask():
    """Ten knocks from fresh keys with only the room code used to fill the host's list
    ("Too many people are waiting"). The code alone is no longer enough to ask: a newcomer
    needs the invitation the room's link carries, which only the host's key can make."""
    net, host, _ = approval_lobby()
    strangers = []
    for i in range(MAX_KNOCKS):
        stranger = GuestClient(f"S{i}", new_token())  # typed the code: no invitation
        net.connect(f"g-s{i}", stranger)
        strangers.append(stranger)
    forged = GuestClient("Forger", new_token(), net.host.code, net.host.key)
    forged.invite = invite_for(Identity.from_token(new_token()).sign, net.host.code)
    net.connect("g-forged", forged)  # an invitation signed by another key
    assert host.view["requests"] == []  # nobody reached the host's list
    for c in [*strangers, forged]:
        assert c.status is ClientStatus.REJECTED and c.last_error["code"] == "join/no_invite"
        assert "link" in c.last_error["detail"]
    zed = invited(net, "Zed")  # the host's link: the list has room for a real newcomer
    net.connect("g-zed", zed)
    assert zed.status is ClientStatus.WAITING
    assert host.view["requests"] == [{"id": "r1", "name": "Zed"}]
    # without approval the code is enough, as before (a seat, not a knock)
    send(net, LOCAL_PEER, host.set_approval(False))
    walk_in = GuestClient("Walk", new_token())
    net.connect("g-walk", walk_in)
    assert walk_in.status is ClientStatus.IN_ROOM


def test_a_denied_newcomer_does_not_come_straight_back():
    net, host, _ = approval_lobby()
    zed = invited(net, "Zed")
    net.connect("g-zed", zed)
    send(net, LOCAL_PEER, host.admit("r1", False))
    assert zed.last_error["code"] == "join/denied"
    again = invited(net, "Zed", token=zed.token)  # at once, the same browser
    net.connect("g-zed-2", again)
    assert again.status is ClientStatus.REJECTED and again.last_error["code"] == "join/denied"
    assert host.view["requests"] == []  # the host is not asked twice
    # the denial outlives a reload of the host's page
    room = HostRoom.restore(json.loads(json.dumps(net.host.snapshot())), 0)
    assert room.door.is_denied(zed.key) and room.invite == net.host.invite


def test_the_invitation_is_the_hosts_own_and_rides_in_the_share_link():
    net, _host, _ = lobby(0)
    room = net.host
    assert len(room.invite) == INVITE_CHARS
    other = HostRoom(room.code, 0, host_token=new_token())
    assert other.invite != room.invite  # another host key: another invitation
    link = share_link("https://omaha.example/", room.code, key=room.key, invite=room.invite)
    assert link.endswith(f"&k={room.key}&i={room.invite}")
    # the join carries it only when there is one
    join = Join("Zed", room.key, "A" * 86, "uomaha-g-zed")
    assert "invite" not in json.loads(join.to_wire())
    assert parse_request(Join("Zed", room.key, "A" * 86, "uomaha-g-zed",
                              room.invite).to_wire()).invite == room.invite
    with pytest.raises(MalformedMessage):
        parse_request(json.dumps({"v": 1, "type": "join", "name": "Z", "key": room.key,
                                  "sig": "A" * 86, "caller": "uomaha-g-zed",
                                  "invite": "x" * 500}))


def test_the_door_alone():
    door = Door()
    a = door.knock("x", "A", "a" * 16, 0)
    b = door.knock("y", "B", "b" * 16, 10)
    assert door.by_peer("y") == b and door.names() == ["A", "B"]
    assert door.expire(KNOCK_TIMEOUT_MS + 5) == [a] and door.view() == [{"id": "r2", "name": "B"}]
    assert door.drop_peer("y") and not door.drop_peer("y")
    door.remove("t" * 16)
    again = Door.restore(json.loads(json.dumps(door.snapshot())))
    assert again.is_removed("t" * 16) and not again.is_removed("u" * 16)
    assert again.knock("z", "C", "c" * 16, 0).id == "r3"  # ids never repeat

"""Whole lobbies over the in-memory network, clean and lossy: the room must converge."""

from __future__ import annotations

import json

import pytest
from room.client import ClientStatus
from room.host import LOCAL_PEER, MAX_PLAYERS, RoomPhase
from testing.memory import MemoryNetwork


def names(client) -> list[str]:
    return [p["name"] for p in client.view["players"]]


def test_ten_players_fill_the_room_and_the_eleventh_is_turned_away():
    net = MemoryNetwork()
    host = net.join_host("Ann")
    guests = [net.join_guest(f"Guest {i}") for i in range(1, MAX_PLAYERS)]
    assert all(c.status is ClientStatus.IN_ROOM for _, c in guests)
    assert names(host) == ["Ann"] + [f"Guest {i}" for i in range(1, MAX_PLAYERS)]
    assert net.converged()
    peer, late = net.join_guest("Late")
    assert late.status is ClientStatus.REJECTED and late.last_error["code"] == "room/full"
    assert peer not in net.open
    assert len(net.host.seats) == MAX_PLAYERS


def test_a_lobby_session_through_the_clients():
    net = MemoryNetwork()
    host = net.join_host("Ann")
    bob_peer, bob = net.join_guest("Bob")
    cy_peer, cy = net.join_guest("ann")
    assert names(bob) == ["Ann", "Bob", "ann (2)"]
    assert host.is_host and not bob.is_host

    net.send(bob_peer, bob.set_grace(100))
    assert bob.last_error["code"] == "auth/not_host"
    net.send(LOCAL_PEER, host.set_grace(25))
    assert {c.view["settings"]["grace_s"] for c in (host, bob, cy)} == {25}

    net.send(cy_peer, cy.leave())
    assert cy.status is ClientStatus.CLOSED and cy.closed_reason == "left"
    assert names(bob) == ["Ann", "Bob"]

    net.send(bob_peer, bob.start_game())
    assert bob.view["phase"] == "lobby"
    net.send(LOCAL_PEER, host.start_game())
    assert bob.view["phase"] == "playing"
    _, dee = net.join_guest("Dee")
    assert [p["queued"] for p in dee.view["players"]] == [False, False, True]
    assert net.converged()

    net.send(LOCAL_PEER, host.leave())
    assert host.status is ClientStatus.CLOSED
    assert bob.status is ClientStatus.CLOSED and bob.closed_reason == "host_left"
    assert dee.status is ClientStatus.CLOSED
    assert net.host.phase is RoomPhase.CLOSED and net.open == {LOCAL_PEER}


def test_partitioned_guest_shown_disconnected_then_back():
    net = MemoryNetwork()
    host = net.join_host("Ann")
    peer, bob = net.join_guest("Bob")
    net.advance(2000)
    net.partition(peer)
    net.advance(3000)
    assert host.view["players"][1]["connected"] is True  # 3 s silence is allowed
    net.advance(1000)
    assert host.view["players"][1]["connected"] is False  # noticed within 4 s
    assert bob.status is ClientStatus.IN_ROOM
    net.advance(1500)
    assert bob.status is ClientStatus.LOST  # the host went silent for Bob too
    net.heal(peer)
    net.advance(2000)
    assert host.view["players"][1]["connected"] is True
    assert bob.status is ClientStatus.IN_ROOM
    assert net.converged()


def test_dropped_connection_and_rejoin_by_key():
    net = MemoryNetwork()
    host = net.join_host("Ann")
    peer, bob = net.join_guest("Bob")
    net.host.balances["p2"] = 75
    net.disconnect(peer)
    assert bob.status is ClientStatus.LOST
    assert host.view["players"][1]["connected"] is False
    net.connect("bob-again", bob)
    assert bob.status is ClientStatus.IN_ROOM and bob.you == "p2"
    assert host.view["players"][1] == {
        "id": "p2", "name": "Bob", "is_host": False, "queued": False,
        "connected": True, "balance_cents": 75, "key": bob.key,
        "kind": "human", "level": None, "leaving": False}
    assert net.converged()


def test_second_tab_replaces_first():
    net = MemoryNetwork()
    net.join_host("Ann")
    peer, bob = net.join_guest("Bob")
    _, bob2 = net.join_guest("Bob", token=bob.token)
    assert bob.status is ClientStatus.CLOSED and bob.closed_reason == "replaced"
    assert bob2.status is ClientStatus.IN_ROOM and bob2.you == "p2"
    assert peer not in net.open and len(net.host.seats) == 2


@pytest.mark.parametrize("seed", range(12))
def test_lossy_network_converges(seed):
    net = MemoryNetwork(seed=seed, drop=0.15, duplicate=0.2, reorder=0.3)
    host = net.join_host("Ann")
    guests = []
    for i in range(6):
        guests.append(net.join_guest(f"G{i}"))
        net.advance(500)
    for seconds in (20, 30, 45):
        net.send(LOCAL_PEER, host.set_grace(seconds))
        net.advance(700)
    leaver_peer, leaver = guests[2]
    net.send(leaver_peer, leaver.leave())
    net.advance(1000)
    net.send(guests[0][0], guests[0][1].start_game())  # refused: not the host
    net.advance(2000)

    assert all(n > 5 for n in net.faults.values()), net.faults
    net.drop = net.duplicate = net.reorder = 0.0
    net.advance(4000)

    assert net.converged()
    tokens = [c.token for _, c in guests] + [host.token]
    seat_keys = [s.key for s in net.host.seats.values()]
    assert len(seat_keys) == len(set(seat_keys))  # duplicates never made a second seat
    for peer, client in guests:
        if peer == leaver_peer and client.status is not ClientStatus.IN_ROOM:
            continue  # its leave got through (the goodbye itself may have been lost)
        assert client.status is ClientStatus.IN_ROOM, (peer, client.status, client.last_error)
        assert client.view["settings"]["grace_s"] == 45
        assert client.view == net.expected_view(peer)
    assert host.view["settings"]["grace_s"] == 45 and net.host.phase is RoomPhase.LOBBY
    for texts in net.delivered.values():
        for text in texts:
            json.loads(text)
            assert not any(token in text for token in tokens)

"""The host gone for good: the players elect a new host, move to a new code and play on.

Played in memory: the old room's network simply stops (the host's page is gone); the
clients decide from their last view alone; the elected player opens the new room over a
fresh in-memory network, the others join it proving the keys they had in the last view.
"""

from __future__ import annotations

import pytest
from games.registry import ultimate_omaha
from room.client import ClientStatus, GuestClient
from room.codes import SUCCESSION_AFTER_MS, decide, next_code
from room.errors import RoomError
from room.host import LOCAL_PEER, HostRoom, RoomPhase
from room.local import HostSession
from roomkit import join as raw_join
from test_room_game_harness import Table
from testing.memory import TICK_MS, MemoryNetwork

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def table_with_a_hand_played() -> Table:
    table = Table(fair=True)
    table.host("Ann")
    for name in NAMES[1:]:
        table.guest(name)
    table.send("Ann", table.clients["Ann"].start_game())
    for action in ("double", "check"):
        for name in NAMES:
            table.act(name, action if name != "Cy" else "check")
    assert table.gview("Bob")["phase"] == "results"
    return table


def host_vanishes(table: Table) -> int:
    """The host's page is gone: every guest's connection closes, nothing more arrives."""
    net = table.net
    for name in NAMES[1:]:
        net.open.discard(table.peers[name])
        table.clients[name].transport_closed()
    return net.now_ms


def wait(clients, start: int, ms: int) -> int:
    now = start
    while now < start + ms:
        now += TICK_MS
        for c in clients:
            c.tick(now)  # heartbeats go nowhere
    return now


def balances(view) -> dict[str, int]:
    return {r["id"]: r["balance_cents"] for r in view["game"]["ledger"]["rows"]}


def test_the_host_vanishes_mid_hand_and_the_room_goes_on_under_a_new_code():
    table = table_with_a_hand_played()
    settled = balances(table.view("Bob"))
    assert any(settled.values())  # money moved in hand 1
    table.send("Ann", table.clients["Ann"].next_hand())
    table.act("Bob", "double")
    table.act("Dee", "double")  # hand 2 is under way when the host disappears
    assert table.gview("Cy")["phase"] == "preflop" and table.gview("Cy")["hand_no"] == 2
    guests = {name: table.clients[name] for name in NAMES[1:]}
    old_code = table.view("Bob")["room"]
    t0 = host_vanishes(table)

    now = wait(guests.values(), t0, SUCCESSION_AFTER_MS - TICK_MS)
    assert all(c.status is ClientStatus.LOST for c in guests.values())
    assert all(c.succession(now) is None for c in guests.values())  # not yet: a reload?
    now = wait(guests.values(), now, TICK_MS)
    decisions = {name: c.succession(now) for name, c in guests.items()}
    code = decisions["Bob"][1]
    assert decisions == {"Bob": ("host", code), "Cy": ("join", code), "Dee": ("join", code)}
    assert code != old_code

    # Bob opens the new room with his own client; the others join it with their tokens
    session = HostSession.from_succession(guests["Bob"], now, ultimate_omaha())
    assert session.room.code == code and session.room.phase is RoomPhase.LOBBY
    net = MemoryNetwork(code=code, now_ms=now)
    net.host = session.room
    net.connect(LOCAL_PEER, guests["Bob"])
    for name in ("Cy", "Dee"):
        guests[name].move_to(code, now)  # Bob must prove the key he had in the last view
        assert guests[name].host_key == guests["Bob"].key
        net.connect(f"new-{name}", guests[name])
    for name, client in guests.items():
        assert client.status is ClientStatus.IN_ROOM and client.room == code, name
        assert client.you == {"Bob": "p2", "Cy": "p3", "Dee": "p4"}[name]
    view = guests["Cy"].view
    assert view["host"] == "p2" and view["phase"] == "lobby"
    assert {p["id"]: p["balance_cents"] for p in view["players"]} == {
        pid: settled[pid] for pid in ("p2", "p3", "p4")}  # the void hand moved nothing

    # an impostor with Cy's name but not her token gets a seat of its own, never hers
    impostor = GuestClient("Cy", "not-cys-token-abcdefgh")
    net.connect("eve", impostor)
    assert impostor.you == "p5" and impostor.view["players"][-1]["balance_cents"] == 0
    assert impostor.view["players"][-1]["name"] != "Cy"
    assert net.host.seats["p3"].peer == "new-Cy"

    # Ann, the old host, comes back later to the new code and finds her balance
    ann = table.clients["Ann"]
    ann.move_to(code, now)
    net.connect("ann-again", ann)
    assert ann.you == "p1" and ann.room == code
    mine = next(p for p in ann.view["players"] if p["id"] == "p1")
    assert mine["balance_cents"] == settled["p1"] and mine["is_host"] is False

    # a new hand: numbered after the void one, dealt fairly, settled on the carried ledger
    net.send(LOCAL_PEER, guests["Bob"].start_game())
    g = guests["Cy"].view["game"]
    assert g["hand_no"] == 3 and g["phase"] == "preflop"
    assert balances(guests["Cy"].view) == {**settled, "p5": 0}
    players = ["new-Cy", "new-Dee", "eve", "ann-again", LOCAL_PEER]
    for _ in range(2):
        for peer in players:
            net.send(peer, net.clients[peer].act("check"))
    g = guests["Cy"].view["game"]
    assert g["phase"] == "results"
    nets = {p["id"]: p["net_cents"] for p in g["results"]["players"]}
    assert balances(guests["Cy"].view) == {
        pid: settled.get(pid, 0) + nets.get(pid, 0) for pid in [*settled, "p5"]}
    assert sum(balances(guests["Cy"].view).values()) == 0
    for name in ("Bob", "Cy", "Dee"):
        assert guests[name].fair_verdicts[3].ok and 2 not in guests[name].fair_verdicts
    assert net.host.game.ledger.hands_applied == 2


def test_an_elected_host_who_never_opens_passes_the_turn_to_nobody():
    table = table_with_a_hand_played()
    guests = [table.clients[name] for name in NAMES[1:]]
    t0 = host_vanishes(table)
    now = wait(guests, t0, 3 * SUCCESSION_AFTER_MS)
    bob, cy, dee = (c.succession(now) for c in guests)
    assert bob[0] == "host" and cy == dee == ("join", bob[1])
    secret = table.view("Cy")["succession_secret"]
    assert bob[1] == next_code(secret, "p2")


def test_nobody_moves_when_the_host_closed_the_room_on_purpose():
    table = table_with_a_hand_played()
    table.send("Ann", table.clients["Ann"].leave())
    bob = table.clients["Bob"]
    assert bob.status is ClientStatus.CLOSED
    assert bob.succession(table.net.now_ms + 10 * SUCCESSION_AFTER_MS) is None


def test_a_dropped_guest_is_not_elected():
    table = table_with_a_hand_played()
    table.net.disconnect(table.peers["Bob"])  # Bob dropped before the host vanished
    assert table.view("Cy")["players"][1]["connected"] is False
    guests = [table.clients[name] for name in ("Cy", "Dee")]
    t0 = host_vanishes(table)
    now = wait(guests, t0, SUCCESSION_AFTER_MS)
    assert [c.succession(now)[0] for c in guests] == ["host", "join"]


def test_from_succession_needs_the_viewers_own_token():
    table = table_with_a_hand_played()
    view = table.view("Cy")
    with pytest.raises(RoomError) as info:
        HostRoom.from_succession(view, table.clients["Bob"].token, 0)
    assert info.value.code == "succession/bad_token"
    with pytest.raises(RoomError) as info:
        HostRoom.from_succession({"you": "p3"}, table.clients["Cy"].token, 0)
    assert info.value.code == "succession/bad_view"
    room = HostRoom.from_succession(view, table.clients["Cy"].token, 0)
    assert room.host_id == "p3" and room._next_seat == 5
    assert room.key == table.clients["Cy"].key  # the room signs with Cy's own key
    # the old host's key over the loopback is refused: the loopback seat is Cy's
    outs = raw_join(room, LOCAL_PEER, "Ann", table.clients["Ann"].token)
    assert '"join/bad_key"' in outs[0].text and "p1" not in room.seats
    outs = raw_join(room, "g1", "Cy", table.clients["Cy"].token)
    assert '"join/bad_key"' in outs[0].text and "p3" not in room.seats


def test_views_carry_the_public_keys_not_the_tokens():
    table = table_with_a_hand_played()
    for name, client in table.clients.items():
        rows = {p["id"]: p["key"] for p in client.view["players"]}
        assert rows == {c.you: c.key for c in table.clients.values()}, name
    for texts in table.net.delivered.values():
        for text in texts:
            assert not any(c.token in text for c in table.clients.values())


def test_decide_needs_a_view_with_a_secret():
    assert decide(None, 10**6) is None
    assert decide({"you": "p2", "players": []}, 10**6) is None
    view = {"you": "p2", "host": "p1", "succession_secret": "ab" * 16,
            "players": [{"id": "p1", "connected": True}]}
    assert decide(view, 10**6) is None  # nobody left to host


def test_a_succession_room_survives_a_reload_of_its_own():
    table = table_with_a_hand_played()
    settled = balances(table.view("Bob"))
    bob, cy = table.clients["Bob"], table.clients["Cy"]
    room = HostRoom.from_succession(bob.view, bob.token, 0, ultimate_omaha())
    net = MemoryNetwork(code=room.code)
    net.host = room
    bob.aim(room.code, room.key)
    net.connect(LOCAL_PEER, bob)
    moved = net.reload_host(ultimate_omaha())  # before Cy is back and before any hand
    assert moved == {}
    cy.move_to(room.code, 0)
    net.connect("cy", cy)
    assert cy.you == "p3" and cy.view["players"][1]["balance_cents"] == settled["p3"]
    net.send(LOCAL_PEER, bob.start_game())
    assert balances(cy.view) == settled and cy.view["game"]["hand_no"] == 2


@pytest.mark.parametrize("bad_id", ["$bank", "", 7])
def test_a_view_whose_ledger_cannot_be_carried_is_refused_up_front(bad_id):
    """A broken (or malicious) old host's view must fail at from_succession with a clear
    error, not later at Start, where it would leave a room playing with no game."""
    table = table_with_a_hand_played()
    view = table.view("Cy")
    view["game"]["ledger"]["rows"][0]["id"] = bad_id
    with pytest.raises(RoomError) as info:
        HostRoom.from_succession(view, table.clients["Cy"].token, 0, ultimate_omaha())
    assert info.value.code == "succession/bad_view"

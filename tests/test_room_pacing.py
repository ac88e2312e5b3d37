"""What a guest's cheap requests may cost the host (sans-IO, on the room's own clock).

Three seated guests toggling sit out/in 80 times a second each made the host rebuild and send
every player's view for every toggle (about 3 ms and 50 kB at ten seats): the host's ping went
to a second. These tests hold the room to four rules:

* a request that changes nothing costs nothing: no view is rebuilt or sent;
* a seat's requests are limited per second (``msg/too_fast`` to that seat, nothing done);
* one connection gets at most :data:`~room.host.VIEW_BURST` views between two ticks; later
  changes reach it as one view, the latest, at the next tick (but whoever asked sees their
  request done, and whoever must act sees a true table, at once);
* a ``join`` is charged as the signature check it costs, and a connection that keeps sending
  bad signatures is cut.

A room that is never ticked has no clock to count in (most unit tests drive rooms that way);
these tests tick it as the page does.
"""

from __future__ import annotations

import json
from typing import Any

from games.registry import factory
from room.events import Close, Received, Send, Tick
from room.host import (
    FLOOD_LIMIT,
    FLOOD_WINDOW_MS,
    JOIN_COST,
    LOCAL_PEER,
    MAX_BAD_JOINS,
    SEAT_REQUESTS,
    VIEW_BURST,
    HostRoom,
)
from room.identity import Identity
from room.messages import Join, Table
from roomkit import hello, signed_join
from test_room_table_host import cash


def views_to(outs: list[Any], peer: str) -> list[dict[str, Any]]:
    return [json.loads(o.text) for o in outs
            if isinstance(o, Send) and o.peer == peer and '"type":"view"' in o.text]


def errors_to(outs: list[Any], peer: str) -> list[str]:
    return [json.loads(o.text)["code"] for o in outs
            if isinstance(o, Send) and o.peer == peer and '"type":"error"' in o.text]


def table_room() -> tuple[HostRoom, dict[str, str], int]:
    """A Hold'em cash table of three (Ann hosts; Bob and Cy are guests), mid-hand, ticked
    once so its clock runs. Returns the room, the peers by name, and the clock."""
    table = cash()
    room = table.net.host
    now = 1_000
    room.handle(Tick(now))
    return room, dict(table.peers), now


def send(room: HostRoom, peer: str, msg: Any) -> list[Any]:
    return room.handle(Received(peer, msg if isinstance(msg, str) else msg.to_wire()))


def test_a_request_that_changes_nothing_sends_nothing():
    room, peers, now = table_room()
    bob = peers["Bob"]
    outs = send(room, bob, Table("sit_out"))
    assert views_to(outs, bob) and views_to(outs, LOCAL_PEER)  # it changed something
    room.handle(Tick(now + 500))  # a new tick: the view budget is fresh
    for request in ("sit_out", "sit_out", "sit_out"):
        outs = send(room, bob, Table(request))
        assert outs == [], outs  # already sitting out: nobody's view is rebuilt or sent
    outs = send(room, bob, Table("sit_in"))
    assert views_to(outs, bob)
    outs = send(room, bob, Table("sit_in"))
    assert outs == []


def test_a_seat_has_a_request_limit_per_second_and_hears_why():
    room, peers, now = table_room()
    bob, cy = peers["Bob"], peers["Cy"]
    room.handle(Tick(now + FLOOD_WINDOW_MS))  # a fresh window
    done = 0
    refused: list[str] = []
    for k in range(SEAT_REQUESTS + 5):
        outs = send(room, bob, Table("sit_out" if k % 2 == 0 else "sit_in"))
        refused += errors_to(outs, bob)
        done += not errors_to(outs, bob)
    assert done == SEAT_REQUESTS
    assert refused == ["msg/too_fast"] * 5
    # the limit is Bob's: Cy's request goes through, and Bob's connection stays open
    assert not errors_to(send(room, cy, Table("sit_out")), cy)
    assert room.seat_of_peer(bob) is not None
    # the host is never limited
    for _ in range(SEAT_REQUESTS + 2):
        assert not errors_to(send(room, LOCAL_PEER, Table("pause")), LOCAL_PEER)
        assert not errors_to(send(room, LOCAL_PEER, Table("resume")), LOCAL_PEER)
    # the next second, Bob may again
    room.handle(Tick(now + 2 * FLOOD_WINDOW_MS))
    assert not errors_to(send(room, bob, Table("sit_in")), bob)


def test_views_are_coalesced_to_one_per_tick_after_a_burst():
    room, peers, now = table_room()
    bob, cy = peers["Bob"], peers["Cy"]
    room.handle(Tick(now + FLOOD_WINDOW_MS))
    got: dict[str, list[dict[str, Any]]] = {bob: [], cy: [], LOCAL_PEER: []}
    changes = 0
    for k in range(SEAT_REQUESTS):  # each one changes the table
        outs = send(room, bob, Table("sit_out" if k % 2 == 0 else "sit_in"))
        assert not errors_to(outs, bob)
        changes += 1
        for peer in got:
            got[peer] += views_to(outs, peer)
    assert changes > VIEW_BURST
    assert room.game is not None
    waited_for = {seat.peer for seat in room.seats.values() if seat.id in room.game.to_act()}
    onlookers = [peer for peer in got if peer != bob and peer not in waited_for]
    assert onlookers, waited_for
    for peer in onlookers:
        assert len(got[peer]) == VIEW_BURST, (peer, len(got[peer]))  # the rest: at the tick
    for peer in {bob, *waited_for}:  # who asked, and who must act: always a true view
        assert len(got[peer]) == changes, (peer, len(got[peer]))
    tick = room.handle(Tick(now + FLOOD_WINDOW_MS + 500))
    assert views_to(tick, bob) == []
    for peer in onlookers:
        (latest,) = views_to(tick, peer)  # one view each, the latest state
        me = room.seat_of_peer(bob)
        assert me is not None
        shown = next(s for s in latest["view"]["game"]["seats"] if s["id"] == me.id)
        assert shown["sitting_out"] is False  # the last toggle was sit_in
        assert latest["seq"] > got[peer][-1]["seq"]
    # nothing left over: the tick after sends nothing more
    assert views_to(room.handle(Tick(now + FLOOD_WINDOW_MS + 1000)), bob) == []


def test_an_honest_pace_is_never_delayed():
    """One change per tick (faster than any player clicks) reaches everyone at once."""
    room, peers, now = table_room()
    bob = peers["Bob"]
    for k in range(20):
        now += 500
        room.handle(Tick(now))
        outs = send(room, bob, Table("sit_out" if k % 2 == 0 else "sit_in"))
        assert views_to(outs, bob) and views_to(outs, LOCAL_PEER) and views_to(
            outs, peers["Cy"])


def test_a_join_is_charged_as_its_signature_check_and_bad_signatures_cut():
    room, _peers, now = table_room()
    room.handle(Tick(now + FLOOD_WINDOW_MS))
    rogue = "rogue-1"
    key = Identity.from_token("rogue-token-0123456789").key
    sent = 0
    got: list[str] = []
    closed = False
    while not closed and sent < FLOOD_LIMIT:
        hello(room, rogue)
        sent += 1
        outs = send(room, rogue, Join("Mal", key, "A" * 86, rogue))  # a bad signature
        sent += 1
        got += [json.loads(o.text).get("code") for o in outs
                if isinstance(o, Send) and o.peer == rogue]
        closed = any(isinstance(o, Close) and o.peer == rogue for o in outs)
    assert closed
    assert got == ["join/bad_signature"] * (MAX_BAD_JOINS - 1) + ["join/bad_signature"]
    assert sent == 2 * MAX_BAD_JOINS
    # each join is charged JOIN_COST messages: a seated guest repeating its own good join
    # (each one checked again) is cut by its message budget after FLOOD_LIMIT / JOIN_COST
    room.handle(Tick(now + 2 * FLOOD_WINDOW_MS))
    peer, token = "guest-9", "guest-token-0123456789"
    room.handle(Received(peer, "x"))  # (an error: not JSON; the peer is now known)
    g, h = hello(room, peer)
    join = signed_join(room, token, "Dee", g, h, peer).to_wire()
    joins = 0
    for _ in range(FLOOD_LIMIT):
        outs = send(room, peer, join)
        joins += 1
        if any(isinstance(o, Close) and o.peer == peer for o in outs):
            break
    assert any(isinstance(o, Close) and o.peer == peer for o in outs)
    assert joins <= FLOOD_LIMIT // JOIN_COST + 1, joins


def test_a_room_never_ticked_sends_every_view():
    """Without a clock there is no window to count in: every change goes out at once."""
    room = HostRoom("ABCD234", 0, games=factory, host_token="h" * 20)
    from roomkit import join

    join(room, LOCAL_PEER, "Ann", "h" * 20)
    outs: list[Any] = []
    for n in range(VIEW_BURST + 3):
        outs += join(room, f"peer-{n}", f"G{n}", f"token-{n}".ljust(20, "z"))
    assert len(views_to(outs, LOCAL_PEER)) == VIEW_BURST + 3

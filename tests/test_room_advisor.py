"""The advisor's room setting: off by default, switched by the host alone, carried in every
player's view (each page then computes its own hand's numbers from its own view), and kept
across a reload of the host's page."""

from __future__ import annotations

import json

from room.client import GuestClient
from room.events import Received, Send
from room.host import LOCAL_PEER, HostRoom
from roomkit import join


def tok(name: str) -> str:
    return f"token-of-{name}".ljust(20, "z")


def room_with_guest() -> HostRoom:
    room = HostRoom("ABCD234", 0, host_token=tok(LOCAL_PEER))
    join(room, LOCAL_PEER, "Hostie", tok(LOCAL_PEER))
    join(room, "g1", "Guest", tok("g1"))
    return room


def builder() -> GuestClient:
    return GuestClient("Hostie", tok(LOCAL_PEER))


def test_the_advisor_is_off_until_the_host_switches_it_on_for_everyone():
    room = room_with_guest()
    ids = list(room.seats)
    assert all(room.view_for(pid)["settings"]["advisor"] is False for pid in ids)
    room.handle(Received(LOCAL_PEER, builder().set_advisor(True)))
    assert all(room.view_for(pid)["settings"]["advisor"] is True for pid in ids)
    room.handle(Received(LOCAL_PEER, builder().set_advisor(False)))
    assert room.view_for(ids[1])["settings"]["advisor"] is False


def test_a_guest_cannot_switch_the_advisor():
    room = room_with_guest()
    outs = room.handle(Received("g1", builder().set_advisor(True)))
    said = [json.loads(o.text) for o in outs if isinstance(o, Send) and o.peer == "g1"]
    assert said and said[0]["code"] == "auth/not_host"
    assert room.view_for(list(room.seats)[1])["settings"]["advisor"] is False


def test_a_bad_advisor_request_is_refused_and_changes_nothing():
    room = room_with_guest()
    outs = room.handle(Received(LOCAL_PEER, '{"v":1,"type":"set_advisor","on":"yes"}'))
    said = [json.loads(o.text) for o in outs if isinstance(o, Send) and o.peer == LOCAL_PEER]
    assert said and said[0]["type"] == "error"
    assert room.view_for(next(iter(room.seats)))["settings"]["advisor"] is False


def test_the_setting_survives_the_host_pages_reload():
    room = room_with_guest()
    room.handle(Received(LOCAL_PEER, builder().set_advisor(True)))
    again = HostRoom.restore(json.loads(json.dumps(room.snapshot())), 10)
    assert again.view_for(next(iter(again.seats)))["settings"]["advisor"] is True

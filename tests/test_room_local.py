"""HostSession: the host's own seat looped back in-process, only remote traffic returned."""

from __future__ import annotations

import json

from room.client import ClientStatus, GuestClient
from room.events import Close, Connected, Received, Send, Tick
from room.host import LOCAL_PEER
from room.local import HostSession

TOKEN = "host-token-abcdefgh"


def test_host_session_end_to_end():
    s = HostSession("ABCD234", "Ann", TOKEN, now_ms=0)
    assert s.open(0) == []
    assert s.client.status is ClientStatus.IN_ROOM and s.client.is_host

    bob = GuestClient("Bob", "bob-token-abcdefghij", "ABCD234", s.room.key)
    s.handle(Connected("g1"))
    (hello,) = bob.hello(0, "g1")
    out = s.handle(Received("g1", hello))
    assert all(isinstance(o, Send) and o.peer == "g1" for o in out)
    for o in out:
        for reply in bob.receive(o.text, 0):  # the challenge checks out: Bob's signed join
            out = s.handle(Received("g1", reply))
    assert all(isinstance(o, Send) and o.peer == "g1" for o in out)
    for o in out:
        bob.receive(o.text, 0)
    assert bob.you == "p2" and [p["name"] for p in s.client.view["players"]] == ["Ann", "Bob"]

    out = s.request(s.client.set_grace(25))
    assert [o.peer for o in out] == ["g1"] and s.client.view["settings"]["grace_s"] == 25
    for o in out:
        bob.receive(o.text, 0)
    assert bob.view["settings"]["grace_s"] == 25

    # time passes: the host's client pings itself (no LOST), Bob goes silent
    for t in range(500, 6001, 500):
        out = s.handle(Tick(t))
    assert s.client.status is ClientStatus.IN_ROOM
    assert s.client.view["players"][1]["connected"] is False

    out = s.request(s.client.leave())
    assert [json.loads(o.text) for o in out if isinstance(o, Send)] == [
        {"v": 1, "type": "closed", "reason": "host_left"}]
    assert Close("g1") in out and all(o.peer != LOCAL_PEER for o in out)
    assert s.client.status is ClientStatus.CLOSED

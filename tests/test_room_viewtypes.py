"""``room.viewtypes`` describes the room's views: every key a real view holds is declared and
every required key is there, for the host and a guest, in the lobby and at a game."""

from __future__ import annotations

from typing import Any, is_typeddict

from room.roomstate import LOCAL_PEER
from room.viewtypes import RoomPlayer, RoomSettings, RoomView, SeatRequest
from test_room_host import _fake_table, join, new_room


def fits(value: Any, kind: Any) -> None:
    assert is_typeddict(kind) and isinstance(value, dict)
    keys = set(value)
    assert kind.__required_keys__ <= keys, kind.__required_keys__ - keys
    assert keys <= kind.__required_keys__ | kind.__optional_keys__, \
        keys - kind.__required_keys__ - kind.__optional_keys__


def check(view: Any) -> None:
    fits(view, RoomView)
    fits(view["settings"], RoomSettings)
    for player in view["players"]:
        fits(player, RoomPlayer)
    for knock in view.get("requests", []):
        fits(knock, SeatRequest)


def test_the_room_views_hold_the_declared_keys():
    room = new_room()
    join(room, LOCAL_PEER, "Hostie")
    join(room, "peer-1", "Bob")
    seen: list[dict[str, Any]] = []
    for seat in room.seats.values():
        view = room.view_for(seat.id)
        check(view)
        seen.append(dict(view))
    assert any("requests" in v for v in seen) and any("requests" not in v for v in seen)
    room, _ = _fake_table()
    views = [room.view_for(seat.id) for seat in room.seats.values()]
    for view in views:
        check(view)
    assert all("game" in v for v in views)


def test_the_check_sees_an_undeclared_key():
    room = new_room()
    join(room, LOCAL_PEER, "Hostie")
    view: Any = dict(room.view_for(next(iter(room.seats))))
    view["surprise"] = 1
    try:
        check(view)
    except AssertionError:
        return
    raise AssertionError("an undeclared key passed")


def test_the_hosts_snapshot_holds_the_declared_keys_with_bots_and_a_game():
    from games.registry import factory
    from room.local import HostSession
    from room.viewtypes import BotSeatState, ClientSnapshot, DoorState, HostSnapshot, RoomSnapshot

    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0, games=factory)
    session.open(0)
    for level in ("casual", "strong"):
        session.request(session.client.add_bot(level))
    session.request(session.client.start_game())
    snap: Any = session.snapshot()
    fits(snap, HostSnapshot)
    fits(snap["room"], RoomSnapshot)
    fits(snap["room"]["door"], DoorState)
    fits(snap["client"], ClientSnapshot)
    assert len(snap["bots"]) == 2 and len(snap["room"]["bots"]) == 2
    for bot in snap["bots"]:
        fits(bot, BotSeatState)
        fits(bot["client"], ClientSnapshot)
    assert snap["room"]["game"] is not None

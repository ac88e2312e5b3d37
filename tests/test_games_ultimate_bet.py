"""Ultimate Omaha's base bet is the game's own setting, not the room's.

The host sets it as any game's settings (``set_game`` with ``{"base_cents": …}``, the path
the table games' blinds take); the room holds no stake of any game, and a room restored from
a snapshot taken when it still did goes on with its bet.
"""

from __future__ import annotations

import dataclasses
import json
from functools import partial

import pytest
from games.registry import factory
from games.ultimatesettings import BASE_CENTS, base_cents_of
from room.events import Received, Send
from room.game import TableSettings
from room.host import LOCAL_PEER, HostRoom
from room.messages import GUEST_MESSAGES, Act, NextHand, SetGame, Start, parse_request
from roomkit import join
from rules.cards import FULL_DECK

CHOOSER = partial(factory, deck_source=lambda: FULL_DECK)  # plain deals: no nonces to wait for


def tok(name: str) -> str:
    return f"token-of-{name}".ljust(20, "z")


def new_room() -> HostRoom:
    room = HostRoom("ABCD234", 0, host_token=tok(LOCAL_PEER), games=CHOOSER)
    join(room, LOCAL_PEER, "Hostie", tok(LOCAL_PEER))
    join(room, "g1", "Guest", tok("g1"))
    return room


def send(room: HostRoom, peer: str, msg) -> list[dict]:
    outs = room.handle(Received(peer, msg.to_wire()))
    return [json.loads(o.text) for o in outs if isinstance(o, Send) and o.peer == peer]


def game_view(room: HostRoom, pid: str = "p2") -> dict:
    return room.view_for(pid)["game"]


def play_to_results(room: HostRoom) -> None:
    """Both players check every round until the hand is settled."""
    peers = {"p1": LOCAL_PEER, "p2": "g1"}
    while game_view(room)["phase"] != "results":
        for pid in sorted(room.game.to_act()):
            assert send(room, peers[pid], Act("check", room.game.seq)) != []


def test_the_room_holds_no_base_bet():
    room = new_room()
    assert "base_cents" not in room.view_for("p1")
    assert "base_cents" not in room.snapshot()
    assert "base_cents" not in {f.name for f in dataclasses.fields(TableSettings)}
    assert "set_bet" not in {kind.TYPE for kind in GUEST_MESSAGES}
    with pytest.raises(ValueError, match="unknown message type"):
        parse_request('{"v": 1, "type": "set_bet", "cents": 250}')


def test_the_host_sets_the_bet_as_the_games_setting():
    room = new_room()
    assert base_cents_of(room.view_for("p2")["settings"]) == BASE_CENTS
    send(room, LOCAL_PEER, SetGame("ultimate", {"base_cents": 250}))
    settings = room.view_for("p2")["settings"]
    assert settings["game"] == {"base_cents": 250} and base_cents_of(settings) == 250
    send(room, LOCAL_PEER, Start())
    assert game_view(room)["base_cents"] == 250
    assert game_view(room)["you"]["stake_cents"] == 250


def test_a_new_bet_waits_for_the_next_hand():
    room = new_room()
    send(room, LOCAL_PEER, Start())
    assert game_view(room)["base_cents"] == BASE_CENTS
    assert send(room, LOCAL_PEER, SetGame("ultimate", {"base_cents": 500}))[-1]["type"] == "view"
    assert game_view(room)["base_cents"] == BASE_CENTS  # the running hand keeps its bet
    play_to_results(room)
    send(room, LOCAL_PEER, NextHand())
    assert game_view(room)["phase"] == "preflop" and game_view(room)["base_cents"] == 500


@pytest.mark.parametrize("bad", [0, 100_000_01])
def test_a_bet_the_game_refuses_changes_nothing(bad):
    room = new_room()
    send(room, LOCAL_PEER, Start())
    before = {**room.snapshot(), "view_seq": None}  # (the views are sent again)
    error = send(room, LOCAL_PEER, SetGame("ultimate", {"base_cents": bad}))[-1]
    assert (error["code"], error["detail"].split(":")[0]) == ("settings/bad_value", "base_cents")
    assert {**room.snapshot(), "view_seq": None} == before


def old_snapshot(room: HostRoom, base_cents: int) -> dict:
    """``room``'s snapshot as a page before this change wrote it: version 2, the base bet in
    the room, none in the game's settings."""
    data = room.snapshot()
    assert data["snapshot"] == 3
    data = {**data, "snapshot": 2, "base_cents": base_cents, "game_settings": {}}
    if data["game"] is not None:
        data["game"] = {**data["game"]}
        data["game"]["settings"][0] = base_cents  # the game kept it too: [base, grace, ...]
    return data


@pytest.mark.parametrize("playing", [False, True], ids=["lobby", "playing"])
def test_a_snapshot_from_before_the_move_keeps_its_bet(playing):
    room = new_room()
    if playing:
        send(room, LOCAL_PEER, Start())
    back = HostRoom.restore(old_snapshot(room, 250), 10, games=CHOOSER)
    assert back.game_settings == {"base_cents": 250}
    join(back, LOCAL_PEER, "Hostie", tok(LOCAL_PEER))
    join(back, "g1", "Guest", tok("g1"))
    if playing:
        play_to_results(back)
        send(back, LOCAL_PEER, NextHand())
    else:
        send(back, LOCAL_PEER, Start())
    assert game_view(back)["phase"] == "preflop" and game_view(back)["base_cents"] == 250


def test_a_snapshot_from_before_the_move_at_the_default_bet_is_unchanged():
    room = new_room()
    back = HostRoom.restore(old_snapshot(room, BASE_CENTS), 10, games=CHOOSER)
    assert back.game_settings == {}

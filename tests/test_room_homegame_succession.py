"""A succession at a table with the home-game extras (``static/rules/table-games.md``:
#straddle, #dealers-choice, #show-or-muck): the new host goes on from its last view, and the
players' standing choices — a standing straddle, mucking losing hands — and the button's pick
of the next game carry on, as they do over a reload of the host's page."""

from __future__ import annotations

from games.poker.extras import PICK_GAMES
from games.registry import factory
from room.host import LOCAL_PEER, RoomPhase
from room.local import HostSession
from rules.poker import Game
from test_room_table_games import Poker, passive, three
from testing.memory import MemoryNetwork


def succeed(table: Poker, heir: str) -> MemoryNetwork:
    """The host's page is gone: ``heir`` opens the next room from their last view, the
    others follow it there, and the new host starts."""
    client = table.clients[heir]
    now = table.net.now_ms
    session = HostSession.from_succession(client, now, games=factory)
    net = MemoryNetwork(code=session.room.code, now_ms=now)
    net.host = session.room
    net.connect(LOCAL_PEER, client)
    for name, other in table.clients.items():
        if name != heir:
            other.move_to(session.room.code, now)
            net.connect(f"new-{name}", other)
    assert net.host.phase is RoomPhase.LOBBY
    net.send(LOCAL_PEER, client.start_game())
    return net


def test_a_succession_keeps_the_straddles_the_muckers_and_the_buttons_pick():
    table = three("holdem", {"straddle": True, "dealers_choice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    table.play(passive)
    ids = {n: c.you for n, c in table.clients.items()}
    table.send("Cy", table.clients["Cy"].table("straddle_on"))
    table.send("Bob", table.clients["Bob"].table("muck_on"))
    pick = table.g("Bob")["pick"]
    assert pick is not None and pick["game"] is None
    picker = table.name_of(pick["picker"])
    table.send(picker, table.clients[picker].table("pick_game", PICK_GAMES.index("omaha")))
    assert table.g("Bob")["pick"]["game"] == "omaha"
    net = succeed(table, "Bob")
    game = net.host.game
    assert game.straddles == {ids["Cy"]}
    assert game.muckers == {ids["Bob"]}
    g = table.clients["Bob"].view["game"]
    assert g["phase"] == "betting" and g["hand_game"] == "omaha"  # the button's pick
    assert game.played.config.game is Game.OMAHA
    assert game.played.mucking == (game.played.engine_seat(ids["Bob"]),)
    assert table.clients["Cy"].view["game"]["straddling"] is True
    assert g["choices"]["muck"] is True


def test_a_pick_not_made_when_the_host_left_deals_the_default_at_once():
    """The new room's Start cannot wait for a pick (its players are just back): a pick the
    button had not made yet is over, and the first deal is the table's own game."""
    table = three("holdem", {"dealers_choice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    table.play(passive)
    assert table.g("Bob")["pick"]["game"] is None
    net = succeed(table, "Bob")
    g = table.clients["Bob"].view["game"]
    assert g["phase"] == "betting" and g["hand_game"] == "holdem"
    assert net.host.game.played.config.game is Game.HOLDEM

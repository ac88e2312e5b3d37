"""Host reload: the room and the hand survive snapshot -> JSON -> restore at any step.

The snapshot is the host's own storage: it holds every token, the cards and the seed, so
these tests also check that nothing of it ever travels on a connection.
"""

from __future__ import annotations

import json

import pytest
from games.registry import deal_reader, ultimate_omaha
from room.client import ClientStatus, GuestClient
from room.errors import RoomError
from room.events import Connected, Received, Send, Tick
from room.host import LOCAL_PEER, HostRoom, RoomPhase
from room.local import HostSession
from roomkit import join as raw_join
from rules.cards import FULL_DECK
from test_room_game_harness import Table, check_secrecy

NAMES = ["Ann", "Bob", "Cy"]
SCRIPT = [  # one hand: the preflop round, then the flop round
    ("Ann", "double"), ("Bob", "check"), ("Cy", "double"),
    ("Cy", "check"), ("Ann", "double"), ("Bob", "double"),
]


def three(fair: bool = False, seed: int = 3) -> Table:
    decks = None if fair else [list(reversed(FULL_DECK)), list(FULL_DECK)]
    table = Table(seed=seed, decks=decks, fair=fair)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    return table


def reload(table: Table) -> None:
    """The host's page reloads; every guest reconnects with its token."""
    moved = table.net.reload_host(ultimate_omaha(None if table.fair else table._deck))
    for name, peer in table.peers.items():
        table.peers[name] = moved.get(peer, peer)
    table.record()


def play(table: Table, reload_at: int | None) -> dict:
    table.send("Ann", table.clients["Ann"].start_game())
    for step, (name, action) in enumerate(SCRIPT):
        if step == reload_at:
            reload(table)
        table.act(name, action)
    if reload_at == len(SCRIPT):
        reload(table)
    return table.gview("Bob")


def tokens(table: Table) -> list[str]:
    return [c.token for c in table.clients.values()]


@pytest.mark.parametrize("reload_at", range(len(SCRIPT) + 1))
def test_a_reload_at_any_step_settles_the_hand_as_without_it(reload_at):
    plain = play(three(), None)
    table = three()
    g = play(table, reload_at)
    assert g["phase"] == "results" and g["hand_no"] == 1
    assert g["results"] == plain["results"] and g["ledger"] == plain["ledger"]
    for name, client in table.clients.items():
        assert client.status is ClientStatus.IN_ROOM, name
        assert client.view["game"]["results"] == plain["results"], name
        assert [p["connected"] for p in client.view["players"]] == [True] * 3
    assert table.net.host.game.ledger.hands_applied == 1
    assert [s.id for s in table.net.host.seats.values()] == ["p1", "p2", "p3"]
    # the next hand is dealt and played by the restored room
    table.send("Ann", table.clients["Ann"].next_hand())
    for name in NAMES * 2:
        table.act(name, "check")
    g = table.gview("Cy")
    assert g["phase"] == "results" and g["hand_no"] == 2
    assert table.net.host.game.ledger.hands_applied == 2
    check_secrecy(table)
    for texts in table.net.delivered.values():
        for text in texts:
            assert not any(t in text for t in tokens(table)) and '"snapshot"' not in text


def test_a_fair_hand_survives_reloads_and_still_verifies():
    table = three(fair=True)
    table.send("Ann", table.clients["Ann"].start_game())
    for name, action in SCRIPT:
        reload(table)
        table.act(name, action)
    for name, client in table.clients.items():
        assert client.fair_verdicts[1].ok, (name, client.fair_verdicts)
    check_secrecy(table)


def test_a_reload_while_the_deal_waits_for_nonces_keeps_the_commitment():
    table = three(fair=True)
    bob_peer = table.peers["Bob"]
    table.net.partition(bob_peer)  # Bob hears nothing: his nonce cannot come yet
    table.send("Ann", table.clients["Ann"].start_game())
    deal = table.net.host.game.dealing
    assert deal is not None and set(deal.nonces) == {"p1", "p3"}
    commitment = deal.commitment
    table.net.heal(bob_peer)
    reload(table)  # Bob reconnects with the others and answers the same deal
    game = table.net.host.game
    assert game.dealing is None and game.fair.commitment == commitment
    assert game.fair.players == ("p1", "p2", "p3")
    for name in NAMES * 2:
        table.act(name, "check")
    for name, client in table.clients.items():
        assert client.fair_verdicts[1].ok, (name, client.fair_verdicts[1])


def test_a_guest_who_does_not_come_back_is_auto_checked_after_the_grace():
    table = three()
    table.send("Ann", table.clients["Ann"].start_game())
    table.act("Cy", "double")
    cy_client = table.clients["Cy"]
    snapshot = json.loads(json.dumps(table.net.host.snapshot()))
    net = table.net
    net.host = HostRoom.restore(snapshot, net.now_ms + 50_000, ultimate_omaha(table._deck))
    net.now_ms += 50_000  # the reload took a while; the host's clock moved on
    for peer in sorted(net.open):
        net.open.discard(peer)
        net.clients[peer].transport_closed()
    net.connect(LOCAL_PEER, table.clients["Ann"])
    bob_peer = table.peers["Bob"]
    net.connect(bob_peer + "r", net.clients.pop(bob_peer))
    table.peers["Bob"] = bob_peer + "r"
    g = table.gview("Bob")
    assert [s["connected"] for s in g["seats"]] == [True, True, False]
    assert g["you"]["hole"] and g["seq"] == 1 and g["seats"][2]["acted"] is True
    table.act("Ann", "check")
    table.act("Bob", "check")
    assert table.gview("Bob")["phase"] == "flop"
    table.advance(9_500)  # the grace period (10 s) runs from the restore on
    assert table.gview("Bob")["seats"][2]["acted"] is False
    table.advance(1_000)
    assert table.gview("Bob")["seats"][2]["acted"] is True
    assert cy_client.status is ClientStatus.LOST


def test_the_host_session_snapshot_brings_back_the_host_seat():
    factory = ultimate_omaha()
    s = HostSession("ABCD234", "Ann", "host-token-abcdefgh", 0, game_factory=factory,
                    deal_rules=deal_reader)
    s.open(0)
    bob = GuestClient("Bob", "bob-token-abcdefghij", "ABCD234", s.room.key, deal_rules=deal_reader)
    s.handle(Connected("g1"))
    sent: list[str] = []

    def deliver(session, outs, peer="g1"):
        for o in outs:
            if isinstance(o, Send):
                assert o.peer == peer
                sent.append(o.text)
                for reply in bob.receive(o.text, session.room.now_ms):
                    deliver(session, session.handle(Received(peer, reply)), peer)

    deliver(s, s.handle(Received("g1", bob.hello(0, "g1")[0])))
    deliver(s, s.request(s.client.start_game()))
    deliver(s, s.request(s.client.act("double")))
    hole = s.client.view["game"]["you"]["hole"]
    stored = json.dumps(s.snapshot())  # what the page keeps in its own storage
    bob.transport_closed()

    s2 = HostSession.restore(json.loads(stored), 777, game_factory=ultimate_omaha(),
                                 deal_rules=deal_reader)
    assert s2.open(777) == []  # the host's seat comes back over the loopback, nothing remote
    g = s2.client.view["game"]
    assert s2.client.you == "p1" and s2.client.is_host and g["you"]["hole"] == hole
    assert g["you"]["acted"] and g["you"]["choice"] == "double"
    assert [p["connected"] for p in s2.client.view["players"]] == [True, False]
    s2.handle(Connected("g9"))
    deliver(s2, s2.handle(Received("g9", bob.hello(800, "g9")[0])), "g9")
    assert bob.status is ClientStatus.IN_ROOM and bob.you == "p2"
    deliver(s2, s2.handle(Received("g9", bob.act("check"))), "g9")
    for action in ("check", "check"):
        deliver(s2, s2.request(s2.client.act(action)), "g9")
        deliver(s2, s2.handle(Received("g9", bob.act(action))), "g9")
    for client in (s2.client, bob):
        assert client.view["game"]["phase"] == "results"
        assert client.fair_verdicts[1].ok, client.fair_verdicts
    assert s2.client.history.keys() == {1}
    assert "host-token" not in "".join(sent) and "bob-token" not in "".join(sent)
    s2.handle(Tick(2000))


def test_a_lobby_snapshot_restores_without_a_game():
    room = HostRoom("ABCD234", 0, host_token="ann-token-abcdefghij")
    raw_join(room, LOCAL_PEER, "Ann", "ann-token-abcdefghij")
    raw_join(room, "g1", "Bob", "bob-token-abcdefghij")
    back = HostRoom.restore(json.loads(json.dumps(room.snapshot())), 5)
    assert back.key == room.key  # the room signs with the same key after a reload
    assert back.phase is RoomPhase.LOBBY and back.host_id == "p1" and back.game is None
    assert [(s.id, s.name, s.connected) for s in back.seats.values()] == [
        ("p1", "Ann", False), ("p2", "Bob", False)]
    outs = raw_join(back, "g7", "Bob", "bob-token-abcdefghij")
    assert back.seats["p2"].connected and back.seats["p2"].peer == "g7"
    assert any(isinstance(o, Send) and '"welcome"' in o.text for o in outs)
    outs = raw_join(back, "g8", "Eve", "eve-token-abcdefghij")
    assert "p3" in back.seats  # seat numbering goes on where it stopped


@pytest.mark.parametrize("broken", [None, {}, {"snapshot": 2}, {"snapshot": 1, "code": "x"}])
def test_a_broken_snapshot_is_a_clear_room_error(broken):
    with pytest.raises(RoomError) as info:
        HostRoom.restore(broken, 0)
    assert info.value.code.startswith("snapshot/")


def test_the_ledger_comes_back_exactly():
    from games.table.ledger import ledger_from_state
    from rules.ledger import Ledger

    led = Ledger()
    led.add_player("p1", "Ann")
    led.add_player("p2", "Bob")
    led.add_player("p3", "Cy")
    led.apply_nets({"p1": 500, "p2": -300, "p3": -200})
    led.apply_nets({"p2": 150}, bank_net_cents=-150)  # a solo hand against the bank
    back = ledger_from_state(json.loads(json.dumps(led.to_state())))
    assert back.rows() == led.rows() and back.settle_up() == led.settle_up()
    assert back.to_csv() == led.to_csv() and back.hands_applied == led.hands_applied == 2
    bad = led.to_state()
    bad["rows"][0][3] += 1
    with pytest.raises(RoomError):
        ledger_from_state(bad)

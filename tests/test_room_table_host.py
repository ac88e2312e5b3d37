"""The host's table controls through the room (HostRoom over the in-memory network, fair
deals): pause, bomb pot next hand, kick, stack edit, and a change of game between hands. Only
the host may use them; every refusal changes nothing; chips and cents are conserved."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from games.poker.extras import PICK_GAMES
from games.registry import factory
from room.game import AUTO_DEAL_MS
from room.host import HostRoom
from test_room_table_games import Poker, check_books, check_secrecy, passive, verdicts_ok
from web import tablenews

BUY = {"Ann": 1000, "Bob": 1000, "Cy": 1000}


class AnyGame(Poker):
    """The table-games test room, also when the host switches to Ultimate Omaha (which
    has no ``played`` hand record)."""

    def record(self) -> None:
        if hasattr(self.net.host.game, "played"):
            super().record()


def cash(game_id: str = "holdem", **settings: Any) -> Poker:
    table = AnyGame(game_id, {"chip_cents": 2, **settings})
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    table.start(None if settings.get("mode") == "tournament" else BUY)
    return table


def seat(table: Poker, name: str, viewer: str = "Ann") -> dict[str, Any]:
    pid = table.clients[name].you
    return next(s for s in table.g(viewer)["seats"] if s["id"] == pid)


def chips_conserved(table: Poker) -> None:
    game = table.game
    assert game.chips_on_table() == game.book.chips_in()


def host_send(table: Poker, text: str) -> list[dict[str, Any]]:
    """Sends as the host; returns the errors it brought."""
    before = len(table.errors("Ann"))
    table.send("Ann", text)
    return table.errors("Ann")[before:]


def state(table: Poker) -> str:
    return json.dumps(table.net.host.snapshot(), sort_keys=True)


@pytest.mark.parametrize(
    "request_of",
    [lambda c: c.table("pause"), lambda c: c.table("resume"), lambda c: c.table("bomb_pot"),
     lambda c: c.table("bomb_pot", 40), lambda c: c.table("bomb_pot_off"),
     lambda c: c.table("set_stack", 5000, "p2"), lambda c: c.kick("p3"),
     lambda c: c.set_game("omaha", {"chip_cents": 2})],
)
def test_only_the_host_may_use_the_table_controls(request_of):
    table = cash()
    table.play(passive)
    before = state(table)
    table.send("Bob", request_of(table.clients["Bob"]))
    assert table.errors("Bob")[-1]["code"] == "auth/not_host"
    assert state(table) == before


def test_pause_holds_the_next_deal_until_resume():
    table = cash()
    table.play(passive)
    assert host_send(table, table.clients["Ann"].table("pause")) == []
    assert table.g("Cy")["paused"] is True
    (err,) = host_send(table, table.clients["Ann"].next_hand())
    assert err["code"] == "game/paused" and table.g("Ann")["phase"] == "results"
    host_send(table, table.clients["Ann"].table("resume"))
    assert host_send(table, table.clients["Ann"].next_hand()) == []
    assert table.g("Ann")["hand_no"] == 2 and table.g("Ann")["phase"] == "betting"


def test_a_bomb_pot_called_by_the_host_is_dealt_next_on_two_boards_then_holdem_again():
    table = cash(big_blind=10, small_blind=5)
    table.play(passive)
    assert host_send(table, table.clients["Ann"].table("bomb_pot", 20)) == []
    assert table.g("Bob")["bomb_next"] == 20
    table.next_hand()
    g = table.g("Bob")
    assert g["hand_game"] == "bomb-double" and len(g["boards"]) == 2
    assert [sum(c != "??" for c in b) for b in g["boards"]] == [3, 3]
    assert len(g["you"]["hole"]) == 4
    assert g["betting"] == "pot-limit" and g["ante"] == 20 and g["round"] == "flop"
    end = table.play(passive)
    assert end["phase"] == "results" and sum(end["results"]["net"].values()) == 0
    verdicts_ok(table, 2)
    check_books(table)
    chips_conserved(table)
    table.next_hand()
    assert table.g("Bob")["hand_game"] == "holdem" and len(table.g("Bob")["you"]["hole"]) == 2
    check_secrecy(table)


def test_a_kicked_players_hand_is_folded_and_their_stack_goes_back_to_the_ledger():
    table = cash(big_blind=10, small_blind=5)
    first = table.name_of(table.g("Ann")["turn"]["id"])
    legal = table.g(first)["legal"]
    table.send(first, table.clients[first].act("raise", legal["raise"]["min_to"]))
    big = next(s for s in table.g("Ann")["seats"] if s["bet"] == 10)  # faces the raise
    victim = big["id"]
    assert victim != table.clients["Ann"].you
    assert host_send(table, table.clients["Ann"].kick(victim)) == []
    game = table.game
    engine = game.played.engine_seat(victim)
    if not game.played.hand.is_over:  # at their turn (now or later) they fold
        table.play(passive)
    assert not game.played.hand.in_hand[engine]
    end = table.g("Ann")
    assert end["phase"] == "results" and end["results"]["net"][victim] == -10
    assert victim not in [s["id"] for s in end["seats"]]  # cashed out and gone
    assert game.book.cashed[victim] == 1000 - 10 == game.book.bought[victim] - 10
    assert check_books(table)[victim] == -10 * 2
    chips_conserved(table)


def test_a_stack_edit_between_hands_is_in_the_books_and_the_ledger_still_sums_to_zero():
    table = cash()
    table.play(passive)
    before = check_books(table)
    bob = table.clients["Bob"].you
    was = seat(table, "Bob")["stack"]
    assert host_send(table, table.clients["Ann"].table("set_stack", 2500, bob)) == []
    assert seat(table, "Bob", "Cy")["stack"] == 2500
    row = next(r for r in table.g("Ann")["ledger"]["rows"] if r["id"] == bob)
    assert row["edited"] == 2500 - was and row["bought"] == 1000 + 2500 - was
    assert check_books(table) == before
    chips_conserved(table)
    table.next_hand()
    (err,) = host_send(table, table.clients["Ann"].table("set_stack", 100, bob))
    assert err["code"] == "table/hand_running" and seat(table, "Bob")["hand_start"] == 2500
    table.play(passive)
    check_books(table)
    chips_conserved(table)


def test_a_change_of_game_waits_for_the_next_deal_and_carries_stacks_and_cents():
    table = cash()
    end = table.play(passive)
    stacks = {s["id"]: s["stack"] for s in end["seats"]}
    cents = check_books(table)
    table.next_hand()  # a hand is running when the host asks for PLO
    assert host_send(table, table.clients["Ann"].set_game("omaha", {"chip_cents": 2})) == []
    assert table.net.host.view_for("p2")["settings"]["next_game"] == {
        "game_id": "omaha", "game": {"chip_cents": 2}}
    assert table.g("Bob")["game"] == "holdem"  # this hand is still Hold'em
    end = table.play(passive)
    stacks = {s["id"]: s["stack"] for s in end["seats"]}
    cents = check_books(table)
    assert table.g("Bob")["game"] == "holdem" and end["phase"] == "results"
    table.next_hand()  # the host's deal plays the change
    g = table.g("Bob")
    assert g["game"] == "omaha" and g["phase"] == "betting" and len(g["you"]["hole"]) == 4
    assert g["hand_no"] == 3 and {s["id"]: s["hand_start"] for s in g["seats"]} == stacks
    assert table.net.host.view_for("p2")["settings"]["game_id"] == "omaha"
    assert table.net.host.view_for("p2")["settings"]["next_game"] is None
    assert check_books(table) == cents
    chips_conserved(table)
    end = table.play(passive)
    assert sum(end["results"]["net"].values()) == 0
    verdicts_ok(table, 3)
    check_books(table)
    check_secrecy(table)


def test_a_bomb_pot_called_before_a_change_of_game_is_the_new_games_first_hand():
    """The host calls a bomb pot, then changes game before the deal: the bomb pot is still
    the next hand where the new game can play one (a Hold'em, PLO or Hi/Lo table); at a
    draw table (no boards) it is called off, and the views say so (no bomb pot shown)."""
    table = cash(big_blind=10, small_blind=5)
    table.play(passive)
    assert host_send(table, table.clients["Ann"].table("bomb_pot", 30)) == []
    assert host_send(table, table.clients["Ann"].set_game(
        "omaha-hilo", {"chip_cents": 2, "big_blind": 10, "small_blind": 5})) == []
    assert table.g("Cy")["bomb_next"] == 30  # still called, for the new game's first hand
    table.next_hand()
    g = table.g("Bob")
    assert g["game"] == "omaha-hilo" and g["hand_game"] == "bomb-double"
    assert len(g["boards"]) == 2 and g["ante"] == 30
    end = table.play(passive)
    assert sum(end["results"]["net"].values()) == 0
    check_books(table)
    chips_conserved(table)
    table.next_hand()
    assert table.g("Bob")["hand_game"] == "omaha-hilo"  # once only
    table.play(passive)
    before = copy.deepcopy(table.clients["Bob"].view)
    assert host_send(table, table.clients["Ann"].table("bomb_pot", 30)) == []
    called = copy.deepcopy(table.clients["Bob"].view)
    assert tablenews.news(before, called) == [
        "The host called a bomb pot for the next hand: everyone antes 30 chips, two boards."]
    assert host_send(table, table.clients["Ann"].set_game("draw", {"chip_cents": 2})) == []
    waiting = copy.deepcopy(table.clients["Bob"].view)
    table.next_hand()
    g = table.g("Bob")
    assert g["game"] == "draw" and g["hand_game"] == "draw" and g["bomb_next"] is None
    assert len(g["you"]["hole"]) == 5
    for is_host in (False, True):  # said to everyone, the host too: not their own doing
        assert "The bomb pot is called off: it cannot be played at 5-Card Draw." in (
            tablenews.news(waiting, table.clients["Bob"].view, is_host))
    chips_conserved(table)


def test_with_auto_deal_a_change_of_game_is_dealt_after_the_results_pause():
    table = cash()
    table.send("Ann", table.clients["Ann"].set_auto_deal(True))
    host_send(table, table.clients["Ann"].set_game("omaha-hilo", {"chip_cents": 2}))
    table.play(passive)
    assert table.g("Ann")["phase"] == "results" and table.g("Ann")["auto_deal_ms"] is None
    table.net.advance(AUTO_DEAL_MS - 1000)
    assert table.g("Ann")["game"] == "holdem" and table.g("Ann")["phase"] == "results"
    table.net.advance(2000)
    table.record()
    g = table.g("Ann")
    assert g["game"] == "omaha-hilo" and g["phase"] == "betting" and g["hand_no"] == 2
    check_books(table)


@pytest.mark.parametrize(
    ("game_id", "settings", "code"),
    [("omaha", {"chip_cents": 3}, "settings/chip_cents"),
     ("omaha", {"chip_cents": 2, "mode": "tournament"}, "settings/mode"),
     ("omaha", {"chip_cents": 2, "big_blind": 0}, "settings/bad_value"),
     ("chess", {}, "game/unknown")],
)
def test_a_change_of_game_the_books_cannot_take_is_refused_and_changes_nothing(
        game_id, settings, code):
    table = cash()
    table.play(passive)
    before = state(table)
    (err,) = host_send(table, table.clients["Ann"].set_game(game_id, settings))
    assert err["code"] == code and state(table) == before


def test_holdem_to_ultimate_and_back_carries_the_money():
    table = cash()
    table.play(passive)
    cents = check_books(table)
    for _ in range(12):  # a passive hand may be split by everyone in it: then nothing moved
        if any(cents.values()):
            break
        table.next_hand()
        table.play(passive)
        cents = check_books(table)
    assert any(cents.values())
    host_send(table, table.clients["Ann"].set_game("ultimate", {}))
    assert host_send(table, table.clients["Ann"].next_hand()) == []
    assert table.g("Ann")["game"] == "ultimate"
    rows = {r["id"]: r["balance_cents"] for r in table.g("Ann")["ledger"]["rows"]}
    assert rows == cents
    host_send(table, table.clients["Ann"].set_game("holdem", {"chip_cents": 2}))
    assert table.net.host.next_game is not None


def test_a_waiting_change_of_game_survives_a_host_reload():
    table = cash()
    host_send(table, table.clients["Ann"].set_game("omaha", {"chip_cents": 2}))
    snap = json.loads(json.dumps(table.net.host.snapshot()))
    room = HostRoom.restore(snap, 0, games=factory)
    assert room.next_game == ("omaha", {"chip_cents": 2}) and room.game.game_id == "holdem"


def test_a_tournament_may_change_game_but_keeps_its_schedule_and_standings():
    settings = {"mode": "tournament", "big_blind": 10, "small_blind": 5}
    table = cash(**settings)
    table.play(passive)
    before = state(table)
    (err,) = host_send(table, table.clients["Ann"].set_game(
        "omaha", {"chip_cents": 2, **settings, "big_blind": 20, "small_blind": 10}))
    assert err["code"] == "settings/locked" and state(table) == before
    assert host_send(table, table.clients["Ann"].set_game(
        "omaha", {"chip_cents": 2, **settings})) == []
    stacks = {s["id"]: s["stack"] for s in table.g("Ann")["seats"]}
    table.next_hand()
    g = table.g("Ann")
    assert g["game"] == "omaha" and g["mode"] == "tournament" and g["hand_no"] == 2
    assert {s["id"]: s["hand_start"] for s in g["seats"]} == stacks
    assert sorted(g["tournament"]["entrants"]) == ["p1", "p2", "p3"]
    assert sum(stacks.values()) == 3 * 1500


def test_a_tournament_may_change_to_draw_whose_antes_are_its_own_forced_bet():
    """Draw needs a forced bet where the blind games post blinds: at a running tournament
    its ante (one small blind of the level unless set) is the game's own rule, not a change
    of the schedule, so the change is taken and the blinds' schedule goes on."""
    settings = {"mode": "tournament", "big_blind": 10, "small_blind": 5}
    table = cash(**settings)
    table.play(passive)
    assert host_send(table, table.clients["Ann"].set_game(
        "draw", {"chip_cents": 2, **settings})) == []
    table.next_hand()
    g = table.g("Ann")
    assert g["game"] == "draw" and g["mode"] == "tournament" and g["ante"] == 5
    assert g["tournament"]["level"] == 0 and g["hand_no"] == 2


def test_a_guests_refusal_says_what_only_the_host_can_do():
    table = cash()
    table.send("Bob", table.clients["Bob"].table("set_stack", 5000, "p2"))
    assert table.errors("Bob")[-1]["detail"] == "only the host can set a player's stack"
    table.send("Bob", table.clients["Bob"].table("bomb_pot"))
    assert table.errors("Bob")[-1]["detail"] == "only the host can call a bomb pot"


@pytest.mark.parametrize(
    ("sender", "fields", "code"),
    [
        ("Bob", {"action": "cash_out"}, "game/illegal"),  # no such request at this table
        ("Ann", {"action": "rebuy", "amount": 100}, "game/illegal"),
        ("Bob", {"action": "buy_in"}, "msg/bad_field"),  # a buy-in names its chips
        ("Bob", {"action": "sit_out", "amount": 5}, "msg/bad_field"),
        ("Bob", {"action": "post", "player": "p1"}, "msg/bad_field"),  # not for another
        ("Ann", {"action": "set_stack", "amount": 500}, "msg/bad_field"),  # whose stack?
        ("Ann", {"action": "set_stack", "player": "p2"}, "msg/bad_field"),
        ("Ann", {"action": "bomb_pot_off", "amount": 5}, "msg/bad_field"),
        ("Bob", {"action": "set_stack", "amount": 500}, "auth/not_host"),  # who asks, first
        ("Bob", {"action": "bomb_pot", "amount": 40, "player": "p2"}, "auth/not_host"),
        ("Bob", {"action": "Sit_out"}, "msg/bad_field"),  # the wire's own bounds
        ("Bob", {"action": "sit_out", "amount": -1}, "msg/bad_field"),
        ("Ann", {"action": "set_stack", "amount": 500, "player": "Bob"}, "msg/bad_field"),
    ],
)
def test_malformed_table_requests_are_refused_with_a_clear_code_and_change_nothing(
    sender, fields, code
):
    """The wire bounds the shape; the game's declaration says which requests exist and
    what each carries; the room refuses a guest's host-only request before the game looks at
    it. Each refusal reaches only the sender and changes nothing."""
    table = cash()
    table.play(passive)
    before = state(table)
    seen = {name: len(table.errors(name)) for name in table.clients}
    table.send(sender, json.dumps({"v": 1, "type": "table", **fields}))
    (err,) = table.errors(sender)[seen[sender]:]
    assert err["code"] == code
    assert all(len(table.errors(n)) == seen[n] for n in table.clients if n != sender)
    assert state(table) == before


def test_the_hosts_change_of_game_sets_the_buttons_pick_aside_and_says_so_once():
    """Dealer's choice: the button picked Pot-Limit Omaha, then the host changed the game to
    Omaha Hi/Lo. The host's game is the next hand's; every page drops the pick card and says
    once that the pick was set aside (static/rules/table-games.md#dealers-choice)."""
    table = cash(dealers_choice=True)
    table.play(passive)
    picker = table.g("Bob")["pick"]["picker"]
    name = next(n for n, c in table.clients.items() if c.you == picker)
    table.send(name, table.clients[name].table("pick_game", PICK_GAMES.index("omaha")))
    assert table.g("Cy")["pick"]["game"] == "omaha"
    before = {n: copy.deepcopy(c.view) for n, c in table.clients.items()}
    assert host_send(table, table.clients["Ann"].set_game(
        "omaha-hilo", {"chip_cents": 2, "dealers_choice": True})) == []
    for n, client in table.clients.items():
        assert client.view["game"]["pick"] is None, n
        said = tablenews.news(before[n], client.view, is_host=n == "Ann")
        if n != "Ann":  # the host's own panel says what they picked
            who = "you" if n == name else name
            assert said == [f"The host picked Omaha Hi/Lo for the next hand: {who} picked "
                            "Pot-Limit Omaha; that pick is set aside."], n
        assert tablenews.news(client.view, client.view) == []
    table.next_hand()
    assert table.g("Bob")["hand_game"] == "omaha-hilo"
    chips_conserved(table)

"""Ultimate Omaha through the room: whole hands over the in-memory network, checked against
the rules' own settlement on the same cards, plus joining, leaving, timers and secrecy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from games.registry import ultimate_omaha
from games.table.clock import AUTO_DEAL_MS
from games.table.ledger import GAME_VIEW_BUDGET
from games.ultimate import UltimateGame
from room.client import GuestClient
from room.events import Connected, Received, Send
from room.game import PlayerInfo, Request, TableSettings
from room.host import MAX_PLAYERS
from room.local import HostSession
from room.messages import MAX_WIRE_BYTES, Act, View
from rules.cards import FULL_DECK
from test_room_game_harness import Table, check_secrecy, expected_result

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bob", "Cy"]


def three(seed: int = 0) -> Table:
    table = Table(seed=seed)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    return table


def play_round(table: Table, choices: dict[str, str]) -> None:
    for name, action in choices.items():
        table.act(name, action)


def assert_results_match(table: Table, hand_no: int, stakes: list[int]) -> None:
    """Every player's results view equals rules.ultimate.result_for on the same cards."""
    want = expected_result(table, hand_no, stakes)
    for name, client in table.clients.items():
        g = client.view["game"]
        assert g["phase"] == "results" and g["hand_no"] == hand_no, name
        res = g["results"]
        assert res["board1"] == [str(c) for c in want.board1]
        assert res["board2"] == [str(c) for c in want.board2]
        assert len(res["players"]) == len(want.players)
        for got, exp in zip(res["players"], want.players, strict=True):
            assert got["id"] == exp.player_id
            assert got["hole"] == [str(c) for c in exp.hole]
            assert got["stake_cents"] == exp.stake
            assert got["net_cents"] == exp.net_cents
            assert got["qualifies"] == exp.score.qualifies
            assert got["total_multiplier"] == exp.score.total_multiplier
            for n, board in (("board1", exp.score.board1), ("board2", exp.score.board2)):
                assert got[n]["hand"] == board.name
                assert got[n]["multiplier"] == board.multiplier
                assert got[n]["cards"] == [str(c) for c in board.cards]
        solo = len(want.players) == 1
        assert res["bank_net_cents"] == (want.bank_net_cents if solo else None)


# --- whole hands -----------------------------------------------------------------------------


SCRIPT = [  # per hand: preflop choices, flop choices (Ann, Bob, Cy)
    ({"Ann": "double", "Bob": "check", "Cy": "double"}, {"Ann": "double", "Bob": "check",
                                                          "Cy": "check"}),
    ({"Cy": "check", "Ann": "check", "Bob": "double"}, {"Bob": "double", "Cy": "double",
                                                         "Ann": "check"}),
    ({"Bob": "check", "Cy": "check", "Ann": "check"}, {"Cy": "check", "Ann": "double",
                                                        "Bob": "check"}),
]


def test_three_players_three_hands_settle_by_the_rules():
    table = three(seed=7)
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_game("ultimate", {"base_cents": 150}))
    table.send("Ann", ann.start_game())
    totals = dict.fromkeys(["p1", "p2", "p3"], 0)
    for hand_no, (pre, flop) in enumerate(SCRIPT, 1):
        if hand_no > 1:
            table.send("Ann", ann.next_hand())
        for name in NAMES:
            g = table.gview(name)
            assert (g["hand_no"], g["phase"], g["base_cents"]) == (hand_no, "preflop", 150)
            assert g["you"]["can_act"] and len(g["you"]["hole"]) == 4
            assert g["board1"] == ["??"] * 5 and g["board2"] == ["??"] * 5
        play_round(table, pre)
        assert {table.gview(n)["phase"] for n in NAMES} == {"flop"}
        assert all("??" not in table.gview(n)["board1"][:3] for n in NAMES)
        play_round(table, flop)
        stakes = [150 * 2 ** ((pre[n] == "double") + (flop[n] == "double")) for n in NAMES]
        assert_results_match(table, hand_no, stakes)
        for p in table.gview("Bob")["results"]["players"]:
            totals[p["id"]] += p["net_cents"]
            name = NAMES[int(p["id"][1]) - 1]
            assert p["name"] == name
            assert p["actions"] == {"preflop": pre[name], "flop": flop[name]}
            assert p["auto"] == []
    ledger = table.game.ledger
    assert ledger.balances == totals and sum(totals.values()) == 0
    for name in NAMES:
        view = table.view(name)
        rows = view["game"]["ledger"]["rows"]
        assert {r["id"]: r["balance_cents"] for r in rows} == totals
        assert view["game"]["ledger"]["total_cents"] == 0
        assert {p["id"]: p["balance_cents"] for p in view["players"]} == totals
        assert sorted(table.clients[name].history) == [1, 2, 3]
    paid: dict[str, int] = dict.fromkeys(totals, 0)
    for t in table.gview("Ann")["ledger"]["settle_up"]:
        paid[t["from_id"]] -= t["cents"]
        paid[t["to_id"]] += t["cents"]
        assert t["text"].startswith(f"{t['from']} pays {t['to']} $")
    assert paid == totals  # what each receives minus pays is exactly their balance
    assert check_secrecy(table) > 30


def test_a_player_who_joins_mid_hand_is_queued_then_dealt_next_hand():
    table = three(seed=3)
    table.send("Ann", table.clients["Ann"].start_game())
    table.act("Bob", "double")
    dee = table.guest("Dee")
    view = table.view("Dee")
    assert [(p["name"], p["queued"]) for p in view["players"]] == [
        ("Ann", False), ("Bob", False), ("Cy", False), ("Dee", True)]
    g = view["game"]
    assert g["queued"] == ["Dee"] and table.gview("Ann")["queued"] == ["Dee"]
    assert g["you"] == {"in_hand": False, "hole": [], "stake_cents": 0, "acted": False,
                        "can_act": False, "choice": None, "auto": False, "deadline_ms": None}
    assert [s["in_hand"] for s in g["seats"]] == [True, True, True, False]
    assert [s["acted"] for s in g["seats"]] == [False, True, False, False]
    table.act("Dee", "check")
    assert table.errors("Dee")[-1]["code"] == "game/queued"
    play_round(table, {"Ann": "check", "Cy": "check"})
    play_round(table, {"Ann": "check", "Bob": "check", "Cy": "double"})
    assert table.gview("Dee")["phase"] == "results"  # onlookers see the showdown too
    assert table.gview("Dee")["queued"] == ["Dee"]
    table.send("Ann", table.clients["Ann"].next_hand())
    g = table.gview("Dee")
    assert g["hand_no"] == 2 and g["you"]["in_hand"] and len(g["you"]["hole"]) == 4
    assert g["queued"] == [] and not any(p["queued"] for p in table.view("Dee")["players"])
    assert list(table.hands[2].player_ids) == ["p1", "p2", "p3", "p4"]
    play_round(table, dict.fromkeys(["Ann", "Bob", "Cy", "Dee"], "check"))
    play_round(table, dict.fromkeys(["Ann", "Bob", "Cy", "Dee"], "double"))
    assert_results_match(table, 2, [200] * 4)
    assert dee.history.keys() == {1, 2}
    check_secrecy(table)


def test_solo_hand_against_the_bank():
    table = Table(seed=11)
    ann = table.host("Ann")
    table.send("Ann", ann.start_game())
    g = table.gview("Ann")
    assert [s["id"] for s in g["seats"]] == ["p1"]
    table.act("Ann", "double")
    table.act("Ann", "check")
    assert_results_match(table, 1, [200])
    g = table.gview("Ann")
    net = g["results"]["players"][0]["net_cents"]
    assert g["results"]["bank_net_cents"] == -net != 0
    led = g["ledger"]
    assert led["rows"][0]["balance_cents"] == net and led["bank_cents"] == -net
    assert led["total_cents"] == net and led["bank_hands"] == 1
    assert [r["id"] for r in led["rows"]] == ["p1"]  # the bank is apart from the players
    assert led["settle_up"][0]["text"] in (f"Bank pays Ann ${abs(net) // 100}",
                                            f"Ann pays Bank ${abs(net) // 100}")


# --- refusals --------------------------------------------------------------------------------


def test_double_click_and_stale_seq_are_refused_and_change_nothing():
    table = three(seed=5)
    table.send("Ann", table.clients["Ann"].start_game())
    bob = table.clients["Bob"]
    click = bob.act("double")
    table.send("Bob", click)
    table.send("Bob", click)  # the double click, same round
    err = table.errors("Bob")[-1]  # acted already: the room's ladder, before the game
    assert err["code"] == "game/not_your_turn" and "waiting for Ann, Cy" in err["detail"]
    assert table.game.hand.stake("p2") == 200
    play_round(table, {"Ann": "check", "Cy": "check"})
    assert table.gview("Bob")["phase"] == "flop"
    table.send("Bob", click)  # arrives after the round moved on: stale, not a flop Double
    err = table.errors("Bob")[-1]
    assert err["code"] == "game/stale" and "seq 1" in err["detail"]
    assert table.game.hand.stake("p2") == 200 and not table.game.hand.has_acted("p2")
    assert table.gview("Bob")["you"]["can_act"]
    future = Act("check", table.gview("Bob")["seq"] + 5).to_wire()
    table.send("Bob", future)
    assert table.errors("Bob")[-1]["code"] == "game/stale"
    play_round(table, dict.fromkeys(NAMES, "check"))
    table.act("Cy", "double")  # at results, with the current seq: out of phase
    err = table.errors("Cy")[-1]
    assert err["code"] == "game/not_your_turn" and "nobody is to act" in err["detail"]
    table.send("Bob", table.clients["Bob"].next_hand())
    assert table.errors("Bob")[-1]["code"] == "auth/not_host"
    assert table.gview("Ann")["hand_no"] == 1
    assert_results_match(table, 1, [100, 200, 100])


def test_next_hand_while_a_hand_runs_is_refused():
    table = three()
    ann = table.clients["Ann"]
    table.send("Ann", ann.start_game())
    table.send("Ann", ann.next_hand())
    assert table.errors("Ann")[-1]["code"] == "game/hand_running"
    assert table.gview("Ann")["hand_no"] == 1


def test_claiming_another_player_in_an_act_is_refused():
    table = three()
    table.send("Ann", table.clients["Ann"].start_game())
    text = json.dumps({"v": 1, "type": "act", "action": "double", "seq": 1, "player": "p1"})
    table.send("Bob", text)
    assert table.errors("Bob")[-1]["code"] == "msg/bad_field"
    assert not table.game.hand.has_acted("p1") and not table.game.hand.has_acted("p2")


# --- dropping, leaving, rejoining -----------------------------------------------------------------


def test_dropped_player_is_auto_checked_after_grace_and_settles():
    table = three(seed=9)
    table.send("Ann", table.clients["Ann"].start_game())
    table.act("Cy", "double")
    table.net.disconnect(table.peers["Cy"])
    play_round(table, {"Ann": "check", "Bob": "double"})
    g = table.gview("Ann")
    assert g["phase"] == "flop" and g["deadline_ms"] == 10_000  # Cy's grace on the flop
    assert [s["connected"] for s in g["seats"]] == [True, True, False]
    play_round(table, {"Ann": "check", "Bob": "double"})
    table.advance(9500)
    assert table.gview("Ann")["phase"] == "flop"  # still within the grace period
    # views carry ms left when built (clocks differ); the host's fresh view counts down
    assert table.net.host.view_for("p1")["game"]["deadline_ms"] == 500
    table.advance(500)
    g = table.gview("Ann")
    assert g["phase"] == "results"
    res = {p["id"]: p for p in g["results"]["players"]}
    assert res["p3"]["actions"] == {"preflop": "double", "flop": "check"}
    assert res["p3"]["auto"] == ["flop"] and res["p2"]["auto"] == []
    assert_results_match_host_only(table, 1, [100, 400, 200])
    assert sum(table.game.ledger.balances.values()) == 0


def assert_results_match_host_only(table: Table, hand_no: int, stakes: list[int]) -> None:
    want = expected_result(table, hand_no, stakes)
    got = table.gview("Ann")["results"]["players"]
    assert [p["net_cents"] for p in got] == [p.net_cents for p in want.players]
    assert [p["stake_cents"] for p in got] == stakes


def test_dropped_player_not_yet_acted_is_auto_checked_in_both_rounds():
    table = three(seed=2)
    table.send("Ann", table.clients["Ann"].start_game())
    table.net.disconnect(table.peers["Cy"])
    play_round(table, {"Ann": "double", "Bob": "check"})
    table.advance(10_000)
    g = table.gview("Bob")
    assert g["phase"] == "flop"
    assert [s["auto"] for s in g["seats"]] == [False, False, True]  # public once revealed
    play_round(table, {"Ann": "check", "Bob": "check"})
    assert table.gview("Bob")["deadline_ms"] == 10_000  # a fresh grace period per round
    table.advance(10_000)
    res = table.gview("Bob")["results"]["players"][2]
    assert res["auto"] == ["preflop", "flop"] and res["stake_cents"] == 100
    check_secrecy(table)


def test_rejoin_by_token_mid_hand_gets_the_seat_and_cards_back():
    table = three(seed=4)
    table.send("Ann", table.clients["Ann"].start_game())
    cy = table.clients["Cy"]
    hole = table.gview("Cy")["you"]["hole"]
    table.act("Cy", "double")
    table.net.disconnect(table.peers["Cy"])
    table.advance(3000)
    back = table.guest("Cy", token=cy.token, peer="g-cy-2")
    g = back.view["game"]
    assert back.you == "p3" and g["you"]["hole"] == hole and g["you"]["stake_cents"] == 200
    assert g["you"]["acted"] and g["you"]["choice"] == "double" and not g["you"]["auto"]
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.act("Cy", "check")  # their flop decision is theirs again, not automatic
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.advance(500)  # (changes at one instant: onlookers' views come at the next tick)
    res = table.gview("Ann")["results"]["players"][2]
    assert res["auto"] == [] and res["stake_cents"] == 200


def test_a_player_back_after_an_automatic_check_is_told_it_was_automatic():
    """The page said "You checked" to a player who never did; the view says so."""
    table = three(seed=4)
    table.send("Ann", table.clients["Ann"].start_game())
    cy = table.clients["Cy"]
    table.net.disconnect(table.peers["Cy"])
    table.advance(10_000)  # the grace period: Cy's preflop decision becomes a Check
    back = table.guest("Cy", token=cy.token, peer="g-cy-2")
    you = back.view["game"]["you"]
    assert back.view["game"]["phase"] == "preflop"
    assert you["acted"] and you["choice"] == "check" and you["auto"] is True


def test_leaving_mid_hand_stays_in_the_hand_then_keeps_the_balance():
    table = three(seed=6)
    table.send("Ann", table.clients["Ann"].start_game())
    table.send("Cy", table.clients["Cy"].leave())
    g = table.gview("Ann")
    assert [p["name"] for p in table.view("Ann")["players"]] == ["Ann", "Bob"]
    assert [(s["name"], s["in_hand"], s["present"]) for s in g["seats"]] == [
        ("Ann", True, True), ("Bob", True, True), ("Cy", True, False)]
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.advance(10_000)
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.advance(10_000)
    g = table.gview("Ann")
    assert g["phase"] == "results"
    cy_net = g["results"]["players"][2]["net_cents"]
    row = next(r for r in g["ledger"]["rows"] if r["id"] == "p3")
    assert row == {"id": "p3", "name": "Cy", "balance_cents": cy_net, "present": False,
                   "hands": 1}
    assert table.net.host.balances["p3"] == cy_net
    table.send("Ann", table.clients["Ann"].next_hand())
    assert list(table.hands[2].player_ids) == ["p1", "p2"]
    assert sum(r["balance_cents"] for r in table.gview("Bob")["ledger"]["rows"]) == 0


def test_leaving_between_hands_keeps_the_ledger_balance():
    table = three(seed=8)
    table.send("Ann", table.clients["Ann"].start_game())
    play_round(table, {"Ann": "double", "Bob": "check", "Cy": "double"})
    play_round(table, {"Ann": "check", "Bob": "double", "Cy": "check"})
    bob_net = table.gview("Bob")["results"]["players"][1]["net_cents"]
    table.send("Bob", table.clients["Bob"].leave())
    g = table.gview("Ann")
    row = next(r for r in g["ledger"]["rows"] if r["id"] == "p2")
    assert row["balance_cents"] == bob_net and row["present"] is False
    assert [s["id"] for s in g["seats"]] == ["p1", "p2", "p3"]  # the finished hand shows Bob
    table.send("Ann", table.clients["Ann"].next_hand())
    g = table.gview("Ann")
    assert [s["id"] for s in g["seats"]] == ["p1", "p3"]
    assert next(r for r in g["ledger"]["rows"] if r["id"] == "p2")["balance_cents"] == bob_net
    play_round(table, {"Ann": "check", "Cy": "check"})
    play_round(table, {"Ann": "check", "Cy": "check"})
    assert sum(table.game.ledger.balances.values()) == 0
    assert table.game.ledger.balance("p2") == bob_net


def test_absent_player_sits_out_the_next_hand():
    table = three(seed=12)
    table.send("Ann", table.clients["Ann"].start_game())
    play_round(table, dict.fromkeys(NAMES, "check"))
    play_round(table, dict.fromkeys(NAMES, "check"))
    table.net.partition(table.peers["Cy"])
    table.advance(4000)  # silent for > 3 s: shown disconnected
    table.send("Ann", table.clients["Ann"].next_hand())
    assert list(table.hands[2].player_ids) == ["p1", "p2"]
    g = table.gview("Ann")
    cy = next(s for s in g["seats"] if s["id"] == "p3")
    assert (cy["in_hand"], cy["connected"]) == (False, False) and g["queued"] == []


def test_bet_change_mid_hand_applies_from_the_next_hand():
    table = three()
    ann = table.clients["Ann"]
    table.send("Ann", ann.start_game())
    table.send("Ann", ann.set_game("ultimate", {"base_cents": 500}))
    assert table.gview("Bob")["base_cents"] == 100
    assert table.view("Bob")["settings"]["game"] == {"base_cents": 500}
    play_round(table, dict.fromkeys(NAMES, "check"))
    play_round(table, dict.fromkeys(NAMES, "check"))
    table.send("Ann", ann.next_hand())
    assert table.gview("Bob")["base_cents"] == 500
    assert [s["stake_cents"] for s in table.gview("Bob")["seats"]] == [500] * 3


# --- timers ------------------------------------------------------------------------------------


def test_your_own_deadline_is_yours_not_the_soonest_of_the_table():
    """The table's ``deadline_ms`` is the soonest automatic Check of anyone (here a dropped
    player's grace); ``you.deadline_ms`` is when *your* decision becomes one, and none once
    you have acted, so the page never tells you that you check automatically when you don't."""
    table = three(seed=9)
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_timer(30))
    table.send("Ann", ann.start_game())
    table.net.disconnect(table.peers["Cy"])
    table.advance(1000)  # the deal: the round starts now
    g = table.gview("Ann")
    assert g["deadline_ms"] == 10_000 and g["you"]["deadline_ms"] == 30_000
    table.act("Ann", "check")
    g, bob = table.gview("Ann"), table.gview("Bob")
    assert g["you"]["deadline_ms"] is None and g["deadline_ms"] is not None
    assert bob["you"]["deadline_ms"] - bob["deadline_ms"] == 20_000  # his timer, Cy's grace
    table.send("Ann", ann.set_timer(0))
    assert table.gview("Bob")["you"]["deadline_ms"] is None  # no timer: Bob has all his time



def test_decision_timer_auto_checks_everyone_who_does_not_act():
    table = three(seed=13)
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_timer(5))
    table.send("Ann", ann.start_game())
    assert table.gview("Bob")["deadline_ms"] == 5000
    table.act("Bob", "double")
    table.advance(4500)
    assert table.gview("Bob")["phase"] == "preflop"
    table.advance(500)
    g = table.gview("Bob")
    assert g["phase"] == "flop" and g["deadline_ms"] == 5000
    assert [s["auto"] for s in g["seats"]] == [True, False, True]
    table.advance(5000)
    g = table.gview("Bob")
    assert g["phase"] == "results" and g["deadline_ms"] is None
    assert [p["auto"] for p in g["results"]["players"]] == [
        ["preflop", "flop"], ["flop"], ["preflop", "flop"]]
    assert_results_match(table, 1, [100, 200, 100])


def test_auto_deal_counts_down_after_results():
    table = three(seed=14)
    ann = table.clients["Ann"]
    table.send("Ann", ann.start_game())
    table.send("Ann", ann.set_auto_deal(True))
    assert table.gview("Ann")["auto_deal_ms"] is None  # only at results
    play_round(table, dict.fromkeys(NAMES, "check"))
    play_round(table, dict.fromkeys(NAMES, "check"))
    g = table.gview("Bob")
    assert g["phase"] == "results" and g["auto_deal_ms"] == AUTO_DEAL_MS
    table.advance(AUTO_DEAL_MS - 500)
    assert table.gview("Bob")["hand_no"] == 1
    table.advance(500)
    g = table.gview("Bob")
    assert (g["hand_no"], g["phase"], g["auto_deal_ms"]) == (2, "preflop", None)
    assert table.clients["Bob"].history.keys() == {1}
    table.send("Ann", ann.set_auto_deal(False))
    play_round(table, dict.fromkeys(NAMES, "check"))
    play_round(table, dict.fromkeys(NAMES, "check"))
    table.advance(10_000)
    assert table.gview("Bob")["hand_no"] == 2 and table.gview("Bob")["auto_deal_ms"] is None


def test_grace_setting_is_used():
    table = three(seed=15)
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_grace(0))
    table.send("Ann", ann.start_game())
    table.net.disconnect(table.peers["Cy"])
    table.advance(500)
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.advance(500)
    play_round(table, {"Ann": "check", "Bob": "check"})
    table.advance(500)
    assert table.gview("Ann")["phase"] == "results"


# --- sizes and page start ----------------------------------------------------------------------


def test_the_biggest_table_fits_in_one_message():
    game = UltimateGame(deck_source=lambda: FULL_DECK)
    game.configure(TableSettings(10_000, 30_000, True, {"base_cents": 100_000_00}))
    names = [f"{i}" + "🂡" * 19 for i in range(MAX_PLAYERS)]
    players = [PlayerInfo(f"p{i + 1}", n, True) for i, n in enumerate(names)]
    game.set_players(players, 0)
    game.next_hand()
    for phase in range(2):
        for p in players:
            game.handle_action(p.id, Request("double", game.seq))
        assert phase == 1 or game.hand.phase.value == "flop"
    view = game.view_for("p1")
    assert view["phase"] == "results" and view["ledger"]["omitted"] == 0
    whole = {"room": "ABCD234", "you": "p1", "host": "p1", "phase": "playing",
             "base_cents": 1, "settings": {"grace_s": 1, "timer_s": 1, "auto_deal": True},
             "players": [{"id": p.id, "name": p.name, "is_host": False, "queued": False,
                          "connected": True, "balance_cents": -100_000_00} for p in players],
             "game": view}
    assert len(View(2**40, whole).to_wire().encode()) <= MAX_WIRE_BYTES


def test_a_long_session_ledger_is_trimmed_not_fatal():
    game = UltimateGame(fair=False)
    game.configure(TableSettings(10_000, 0, False))
    for k in range(40):  # 400 players come, play a hand each, and go
        batch = [PlayerInfo(f"p{10 * k + i + 1}", f"{k}-{i}" + "🂡" * 15, True)
                 for i in range(10)]
        game.set_players(batch, k)
        game.next_hand()
        for _ in range(2):
            for p in batch:
                game.handle_action(p.id, Request("double" if (k + len(p.id)) % 3 else "check",
                                             game.seq))
    game.set_players([PlayerInfo("p1", "Ann", True)], 99)
    view = game.view_for("p1")
    led = view["ledger"]
    assert led["omitted"] > 0 and led["total_cents"] == 0
    size = len(json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode())
    assert size <= GAME_VIEW_BUDGET
    assert any(r["id"] == "p1" for r in led["rows"])  # present players are never left out


def test_page_start_modules_do_not_load_the_evaluator():
    code = (
        "import sys; import room.host, room.local, room.client, games.registry, room.export, "
        "testing.memory; assert 'rules.evaluator' not in sys.modules, 'evaluator loaded'; "
        "games.registry.factory('ultimate')(); assert 'rules.evaluator' in sys.modules"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py",
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("seed", [21, 22])
def test_every_view_stays_consistent_with_the_host(seed):
    """After each step every connected client holds the host's current view (no timers)."""
    table = three(seed=seed)
    table.send("Ann", table.clients["Ann"].start_game())
    for choices in ({"Ann": "check", "Bob": "double", "Cy": "check"},
                    {"Cy": "double", "Bob": "check", "Ann": "double"}):
        for name, action in choices.items():
            table.act(name, action)
            assert table.net.converged()


def test_host_session_plays_with_its_own_seat_looped_back():
    s = HostSession("ABCD234", "Ann", "host-token-abcdefgh", 0, game_factory=ultimate_omaha())
    s.open(0)
    bob = GuestClient("Bob", "bob-token-abcdefghij", "ABCD234", s.room.key)
    s.handle(Connected("g1"))

    def deliver(outs):
        for o in outs:
            if isinstance(o, Send):
                for reply in bob.receive(o.text, 0):
                    deliver(s.handle(Received("g1", reply)))

    deliver(s.handle(Received("g1", bob.hello(0, "g1")[0])))
    deliver(s.request(s.client.start_game()))
    for action in ("double", "check"):
        deliver(s.request(s.client.act(action)))
        deliver(s.handle(Received("g1", bob.act(action))))
    for client in (s.client, bob):
        g = client.view["game"]
        assert g["phase"] == "results" and client.history.keys() == {1}
        assert sum(r["balance_cents"] for r in g["ledger"]["rows"]) == 0
    assert s.client.history == bob.history


def test_a_player_who_left_mid_hand_and_returns_by_token_plays_on():
    table = three(seed=17)
    table.send("Ann", table.clients["Ann"].start_game())
    cy = table.clients["Cy"]
    hole = table.gview("Cy")["you"]["hole"]
    table.send("Cy", cy.leave())
    play_round(table, {"Ann": "check", "Bob": "check"})
    back = table.guest("Cy", token=cy.token, peer="g-cy-back")
    g = back.view["game"]
    assert back.you == "p3" and g["you"]["hole"] == hole and g["you"]["can_act"]
    assert [p["queued"] for p in back.view["players"]] == [False, False, False]
    table.act("Cy", "double")
    assert table.gview("Ann")["phase"] == "flop"
    assert table.game.hand.stake("p3") == 200


def test_a_connected_player_who_never_acts_does_not_stall_the_hand():
    # With the room's defaults, a seat whose person never acts (connected, pinging)
    # cannot hold the hand hostage: the default decision timer checks for them.
    from room.host import DEFAULT_TIMER_S

    table = three()
    table.send("Ann", table.clients["Ann"].start_game())
    for _ in range(2):
        phase = table.gview("Ann")["phase"]
        table.act("Ann", "check")
        table.act("Cy", "double")
        table.advance(DEFAULT_TIMER_S * 1000 - 1000)
        assert table.gview("Ann")["phase"] == phase  # Bob still has a second
        assert [s["connected"] for s in table.gview("Ann")["seats"]] == [True] * 3
        table.advance(1000)
        assert table.gview("Ann")["phase"] != phase
    result = table.gview("Bob")["results"]
    bob = next(p for p in result["players"] if p["name"] == "Bob")
    assert bob["auto"] == ["preflop", "flop"] and bob["stake_cents"] == 100


def test_a_player_back_from_another_device_under_a_new_name_keeps_their_ledger_row():
    """One person, one identity: Cy's token (carried by a recovery code, room.recovery) on a
    new connection under another name is the same seat and the same ledger row — balance and
    hands go on, the row shows the new name and remembers the old one."""
    table = three(seed=5)
    table.send("Ann", table.clients["Ann"].start_game())
    play_round(table, SCRIPT[0][0])
    play_round(table, SCRIPT[0][1])
    before = {r["id"]: r for r in table.gview("Ann")["ledger"]["rows"]}
    cy = table.clients["Cy"]
    other = table.guest("Cyrus", token=cy.token, peer="g-cy-phone")
    assert other.you == "p3"
    rows = table.gview("Ann")["ledger"]["rows"]
    assert [r["id"] for r in rows] == ["p1", "p2", "p3"]
    row = rows[2]
    assert (row["name"], row["was"], row["balance_cents"], row["hands"]) == (
        "Cyrus", ["Cy"], before["p3"]["balance_cents"], 1)
    assert "was" not in rows[0] and "was" not in rows[1]
    # What a change of game or a succession carries on keeps the names too.
    from room.relay import _carried_game
    from rules.ledger import Ledger

    carried = Ledger.from_state(_carried_game(table.gview("Ann"))["ledger"])
    assert [r.was for r in carried.rows()] == [(), (), ("Cy",)]
    assert [p["name"] for p in table.gview("Cyrus")["seats"]][2] == "Cyrus"
    assert any(t["from_id"] == "p3" or t["to_id"] == "p3"
               for t in table.gview("Ann")["ledger"]["settle_up"]) == bool(row["balance_cents"])
    # The hands' history names each player's key, so readers (lifetime results, stats) can
    # merge one person across names and rooms: the same key before and after the rename.
    from room.identity import key_of

    table.send("Ann", table.clients["Ann"].next_hand())
    for _ in range(2):
        play_round(table, {"Ann": "check", "Bob": "check", "Cyrus": "check"})
    first, second = table.clients["Ann"].history[1], table.clients["Ann"].history[2]
    assert first["keys"]["p3"] == second["keys"]["p3"] == key_of(cy.token)
    assert set(first["keys"]) == {"p1", "p2", "p3"}
    assert other.history[2]["keys"] == second["keys"]

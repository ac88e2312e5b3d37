"""Run it twice, the rabbit hunt and show or muck through the room: real sessions, fair deals,
every guest's own deal check, and the raw texts each peer received
(``static/rules/table-games.md``: #run-it-twice, #rabbit-hunt, #show-or-muck;
``static/rules/fair-deal.md``: the second runout's and the rabbit's places).
"""

from __future__ import annotations

import json
from typing import Any

from rules.cards import Card
from rules.poker.records import Awarded, Dealt, Mucked, Shown
from test_room_table_games import Poker, check_books, shove, three, verdicts_ok


def texts(table: Poker, name: str) -> list[str]:
    return table.net.delivered.get(table.peers[name], [])


def views(table: Poker, name: str) -> list[dict[str, Any]]:
    return [m["view"]["game"] for m in map(json.loads, texts(table, name))
            if m.get("type") == "view" and isinstance(m["view"].get("game"), dict)]


def bet_until_asked(table: Poker) -> dict[str, Any]:
    """Everyone shoves or calls until the run-it-twice question (or the end)."""
    for _ in range(50):
        hv = table.g("Ann")
        if hv["phase"] == "results" or hv["choices"]["twice"] is not None:
            return hv
        name = table.name_of(hv["turn"]["id"])
        mine = table.g(name)
        verb, amount, cards = shove(mine, mine["legal"])
        table.send(name, table.clients[name].act(verb, amount, tuple(cards)))
    raise AssertionError("the betting did not end")


def cards_in(text: str, cards: list[Card]) -> list[Card]:
    return [c for c in cards if f'"{c}"' in text]


def test_run_it_twice_through_the_room_both_runs_verified_and_never_early():
    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 400})
    hv = bet_until_asked(table)
    question = hv["choices"]["twice"]
    assert question is not None and len(question["asking"]) == 3
    assert 0 < question["deadline_ms"] <= 10_000
    for name in ("Ann", "Bob", "Cy"):
        assert table.g(name)["choices"]["twice"]["you"] is True
        assert table.g(name)["turn"] is None and table.g(name)["legal"] is None
    played = table.hands[1]
    asked_at = {n: len(texts(table, n)) for n in table.clients}
    for name in ("Bob", "Cy", "Ann"):
        table.send(name, table.clients[name].table("run_twice"))
    end = table.g("Bob")
    res = end["results"]
    assert end["phase"] == "results" and played.hand.runs == 2
    second = [r.card for r in played.hand.log if isinstance(r, Dealt) and r.to == "run 2"]
    shared = 5 - len(second)  # the cards dealt before the all-in belong to both runs
    assert second and res["second_boards"] == [res["boards"][0][:shared] + list(map(str, second))]
    assert res["second_boards"][0][shared:] != res["boards"][0][shared:]
    for name in table.clients:  # no second-run card before the results
        for text in texts(table, name)[:asked_at[name]]:
            assert not cards_in(text, second), name
    for pot in res["pots"]:  # each pot halved, the odd chip to the first run
        runs = {}
        for share in pot["shares"]:
            run = share["share"].split()[1]
            runs[run] = runs.get(run, 0) + share["amount"]
        assert runs == {"1": pot["amount"] - pot["amount"] // 2, "2": pot["amount"] // 2}
    assert all("second" in shown for shown in res["shown"])
    assert sum(res["net"].values()) == 0
    check_books(table)
    verdicts_ok(table, 1)  # every guest checked the second runout's places too


def test_one_no_or_the_clock_runs_the_board_once():
    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    bet_until_asked(table)
    table.send("Bob", table.clients["Bob"].table("run_twice"))
    table.send("Cy", table.clients["Cy"].table("run_once"))
    end = table.g("Ann")
    assert end["phase"] == "results" and "second_boards" not in end["results"]
    verdicts_ok(table, 1)
    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    bet_until_asked(table)
    table.net.advance(9_000)
    assert table.g("Ann")["choices"]["twice"] is not None  # still asked
    table.net.advance(1_500)  # nobody answered in time: no
    table.record()
    end = table.g("Ann")
    assert end["phase"] == "results" and "second_boards" not in end["results"]
    assert table.hands[1].hand.runs == 1
    verdicts_ok(table, 1)


def fold_to_the_big_blind(table: Poker) -> dict[str, Any]:
    for _ in range(10):
        hv = table.g("Ann")
        if hv["phase"] == "results":
            return hv
        name = table.name_of(hv["turn"]["id"])
        table.send(name, table.clients[name].act("fold"))
    raise AssertionError("the hand did not end")


def test_rabbit_hunt_only_after_the_hand_shown_to_all_and_checked():
    table = three("holdem", {"rabbit_hunt": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    hv = table.g("Ann")
    name = table.name_of(hv["turn"]["id"])
    table.send(name, table.clients[name].table("rabbit"))  # refused while the hand runs
    assert "game/illegal" in [e["code"] for e in table.errors(name)]
    end = fold_to_the_big_blind(table)
    played = table.hands[1]
    assert end["results"]["uncontested"] and all(table.g(n)["choices"]["rabbit"]
                                                 for n in table.clients)
    would = [played.deck[p] for p in (7, 8, 9, 11, 13)]  # three players: the board's places
    before = {n: len(texts(table, n)) for n in table.clients}
    for n in table.clients:
        for text in texts(table, n):
            assert not cards_in(text, would), n
    net = dict(end["results"]["net"])
    table.send("Bob", table.clients["Bob"].table("rabbit"))
    for n in table.clients:
        g = table.g(n)
        assert g["results"]["rabbit"] == [[str(c) for c in would]]
        assert g["results"]["net"] == net and g["choices"]["rabbit"] is False
        assert len(texts(table, n)) > before[n]
    verdicts_ok(table, 1)  # judged again with the rabbit's places
    # the winner shows one card; the other never travels
    winner = next(n for n in table.clients if table.g(n)["choices"]["show"] == 2)
    seat = played.engine_seat(table.clients[winner].you)
    hole = played.hand.hole[seat]
    shown_from = {n: len(texts(table, n)) for n in table.clients}
    table.send(winner, table.clients[winner].table("show_card", 1))
    for n in table.clients:
        assert table.g(n)["results"]["showed"][0]["cards"] == [str(hole[1])]
        if n != winner:
            for text in texts(table, n):
                assert f'"{hole[0]}"' not in text
            assert any(f'"{hole[1]}"' in t for t in texts(table, n)[shown_from[n]:])
    verdicts_ok(table, 1)


def test_rabbit_hunt_is_the_hosts_option():
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    fold_to_the_big_blind(table)
    assert not table.g("Bob")["choices"]["rabbit"]
    table.send("Bob", table.clients["Bob"].table("rabbit"))
    assert "game/illegal" in [e["code"] for e in table.errors("Bob")]
    assert "rabbit" not in table.g("Bob")["results"]


def test_a_mucked_losing_hand_never_leaves_the_host():
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    for name in ("Ann", "Bob", "Cy"):  # during the hand: it holds from now on
        table.send(name, table.clients[name].table("muck_on"))
    assert table.g("Bob")["choices"]["muck"] is True
    hand_no, checked = 1, 0
    while not checked:  # until a hand has a loser who may muck (a tie may leave none)
        assert hand_no <= 6, "no hand with a muckable loser in six"
        for _ in range(50):  # everyone checks it down
            hv = table.g("Ann")
            if hv["phase"] == "results":
                break
            name = table.name_of(hv["turn"]["id"])
            legal = table.g(name)["legal"]
            table.send(name, table.clients[name].act("check" if legal["can_check"] else "call"))
        played = table.hands[hand_no]
        hand = played.hand
        winners = {r.seat for r in hand.log if isinstance(r, Awarded)}
        order = hand.showdown_order()
        # The rule: the first shown always; winners always; any other (none all in) mucked.
        want = [s for s in order[1:] if s not in winners]
        mucked = [r.seat for r in hand.log if isinstance(r, Mucked)]
        assert mucked == want
        assert [r.seat for r in hand.log if isinstance(r, Shown)] == [
            s for s in order if s not in want]
        res = table.g("Ann")["results"]
        assert res.get("mucked", []) == [played.seats[s] for s in mucked]
        for seat in mucked:
            owner = played.ids[seat]
            for name, client in table.clients.items():
                if client.you != owner:
                    for text in texts(table, name):
                        assert not cards_in(text, list(hand.hole[seat])), (name, seat)
            checked += 1
        verdicts_ok(table, hand_no)
        hand_no += 1
        table.next_hand()


def test_a_reload_keeps_the_question_the_answers_and_what_came_after():
    from games.poker.hands import replay

    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    bet_until_asked(table)
    table.send("Bob", table.clients["Bob"].table("run_twice"))
    played = table.hands[1]
    again = replay(json.loads(json.dumps(played.to_dict())))
    assert again.hand.asking == played.hand.asking and len(again.hand.asking) == 2
    for name in ("Cy", "Ann"):
        table.send(name, table.clients[name].table("run_twice"))
    again = replay(json.loads(json.dumps(played.to_dict())))
    assert again.hand.is_over and again.hand.runs == 2
    assert again.record() == played.record()


def test_a_host_that_starts_the_second_runout_at_another_street_is_caught(monkeypatch):
    """An altered host runs the second runout from the turn (both runs share the flop) though
    the betting ended before the flop: its places are the deck's own for a run from the turn,
    but the public record says where the run must start (``static/rules/fair-deal.md``,
    run it twice), so every guest's deal check fails."""
    from rules.poker.engine import Hand

    honest = Hand._showdown_twice

    def from_the_turn(self, live, pots):
        self._runout = 1
        return honest(self, live, pots)

    monkeypatch.setattr(Hand, "_showdown_twice", from_the_turn)
    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    hv = bet_until_asked(table)
    assert hv["boards"][0] == ["??"] * 5  # the betting ended before the flop
    for name in ("Bob", "Cy", "Ann"):
        table.send(name, table.clients[name].table("run_twice"))
    res = table.g("Bob")["results"]
    assert res["second_boards"][0][:3] == res["boards"][0][:3]  # the cheat: a shared flop
    for name in ("Bob", "Cy"):
        verdict = table.clients[name].fair_verdicts.get(1)
        assert verdict is not None and not verdict.ok, (name, verdict)
        assert "second runout" in verdict.reason, verdict.reason


def test_the_second_runout_starts_where_the_betting_ended_on_every_street():
    """Honest hosts: all in before the flop, on the flop, on the turn — each run twice from
    the street after the betting, and every guest's check agrees."""
    for street in (0, 1, 2):
        table = three("holdem", {"run_twice": True})
        table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
        for _ in range(60):
            hv = table.g("Ann")
            if hv["choices"]["twice"] is not None or hv["phase"] == "results":
                break
            name = table.name_of(hv["turn"]["id"])
            mine = table.g(name)
            legal = mine["legal"]
            shown = sum(1 for c in hv["boards"][0] if c != "??")
            if {0: 0, 1: 3, 2: 4}[street] == shown:
                verb, amount, cards = shove(mine, legal)
            else:
                verb, amount, cards = "check" if legal["can_check"] else "call", None, []
            table.send(name, table.clients[name].act(verb, amount, tuple(cards)))
        assert table.g("Ann")["choices"]["twice"] is not None, street
        for name in ("Bob", "Cy", "Ann"):
            table.send(name, table.clients[name].table("run_twice"))
        res = table.g("Bob")["results"]
        shared = {0: 0, 1: 3, 2: 4}[street]
        assert res["second_boards"][0][:shared] == res["boards"][0][:shared]
        assert res["second_boards"][0][shared] != res["boards"][0][shared]
        assert table.hands[1].hand._runout == street
        verdicts_ok(table, 1)


def test_a_long_hands_record_cut_from_the_view_still_says_where_the_second_runout_starts():
    """A view over its budget leaves the head of the results' actions out (the view's own log
    keeps the tail): the street is read from the tail. A record with no betting action left
    in it cannot say, and the second runout is then not verified."""
    import copy

    import pytest
    from games.table.dealcheck import read_table_game

    table = three("holdem", {"run_twice": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 400})
    bet_until_asked(table)
    for name in ("Bob", "Cy", "Ann"):
        table.send(name, table.clients[name].table("run_twice"))
    g = table.g("Bob")
    order, nonced, you = g["fair"]["order"], set(g["fair"]["nonces"]), table.clients["Bob"].you
    whole = [p.to_wire() for p in read_table_game(g, order, nonced, you)]
    cut = copy.deepcopy(g)
    cut["results"]["actions_omitted"] = len(cut["results"]["actions"])
    cut["results"]["actions"] = []
    assert [p.to_wire() for p in read_table_game(cut, order, nonced, you)] == whole
    no_acts = copy.deepcopy(cut)
    no_acts["log"] = [e for e in no_acts["log"] if e["type"] != "act"]
    no_acts["log_omitted"] = 5
    with pytest.raises(ValueError, match="second runout"):
        read_table_game(no_acts, order, nonced, you)

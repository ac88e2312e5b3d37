"""Open Hand History (:mod:`games.ohh`): each hand it writes carries every field the standard
requires, with the standard's names and values (game and bet types, streets, actions, card
strings), and says the hand the record holds — each player's chips in and out, the board, the
shown hands, the pots and who won them — naming no card its reader did not see. Games the
standard cannot say are refused saying why.
"""

from __future__ import annotations

import json
import re

import pytest
from games.ohh import REQUIRED, WHY_NOT, ohh_document, ohh_hand
from games.poker.hands import viewer_record
from games.pokerstars import hand_number
from poker_random import Knobs, random_hand
from room.errors import ExportError
from rules.poker import Betting, Game
from test_games_pokerstars import played

ACTIONS = {"Dealt Cards", "Mucks Cards", "Shows Cards", "Post Ante", "Post SB", "Post BB",
           "Straddle", "Post Dead", "Post Extra Blind", "Fold", "Check", "Bet", "Raise", "Call",
           "Added Chips", "Sits Down", "Stands Up", "Add to Pot"}
"""The standard's actions (its action object's options)."""
STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
CARD = re.compile(r"[2-9TJQKA][hsdc]")
VERSION = re.compile(r"\d+\.\d+\.\d+")


def check_spec(ohh: dict) -> None:
    """The standard's required fields and their types and values, in one hand's object."""
    assert set(REQUIRED) <= set(ohh)
    assert VERSION.fullmatch(ohh["spec_version"])
    for key in ("site_name", "network_name", "internal_version", "game_number", "table_name",
                "currency"):
        assert isinstance(ohh[key], str) and ohh[key], key
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ohh["start_date_utc"])
    assert ohh["game_type"] in ("Holdem", "Omaha", "OmahaHiLo")
    assert ohh["bet_limit"]["bet_type"] in ("NL", "PL", "FL")
    assert type(ohh["bet_limit"]["bet_cap"]) is int
    for key in ("table_size", "dealer_seat", "small_blind_amount", "big_blind_amount",
                "ante_amount"):
        assert type(ohh[key]) is int, key
    ids = [p["id"] for p in ohh["players"]]
    assert len(set(ids)) == len(ids)
    assert ohh["hero_player_id"] is None or ohh["hero_player_id"] in ids
    for p in ohh["players"]:
        assert {"id", "seat", "name", "starting_stack"} <= set(p)
        assert 1 <= p["seat"] <= ohh["table_size"]
    numbers = []
    for k, rnd in enumerate(ohh["rounds"]):
        assert rnd["id"] == k and rnd["street"] in STREETS
        assert all(CARD.fullmatch(c) for c in rnd.get("cards", []))
        for a in rnd["actions"]:
            assert a["action"] in ACTIONS and a["player_id"] in ids
            assert type(a["amount"]) is int and a["amount"] >= 0
            assert not (rnd["street"] == "Preflop" and a["action"] == "Bet")
            assert all(CARD.fullmatch(c) for c in a.get("cards", []))
            numbers.append(a["action_number"])
    assert numbers == list(range(1, len(numbers) + 1))
    for k, pot in enumerate(ohh["pots"]):
        assert pot["number"] == k and type(pot["amount"]) is int
        assert all(w["player_id"] in ids for w in pot["player_wins"])


GAMES = [(g, b) for g in (Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.PLO5)
         for b in (Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT)]


@pytest.mark.parametrize(("game", "betting"), GAMES,
                         ids=[f"{g.value}-{b.value}" for g, b in GAMES])
def test_ohh_has_the_required_fields_and_says_the_hand(game, betting):
    for seed in range(6):
        hand = random_hand(seed, Knobs(games=(game,), bettings=(betting,), posts=seed == 5))
        p = played(hand, seed, spread=True)
        viewer = p.ids[hand.order[seed % len(hand.order)]] if seed % 3 else "nobody"
        record = json.loads(json.dumps(viewer_record(p, viewer)))
        ohh = json.loads(json.dumps(ohh_hand(record, table="ABCD234")))["ohh"]
        check_spec(ohh)
        seat_of = {pl["id"]: pl["seat"] - 1 for pl in ohh["players"]}
        assert {pl["seat"] - 1: pl["starting_stack"] for pl in ohh["players"]} == {
            s["seat"]: s["stack"] for s in record["seats"]}
        assert ohh["dealer_seat"] == record["button"] + 1
        put = dict.fromkeys(seat_of.values(), 0)
        for rnd in ohh["rounds"]:
            for a in rnd["actions"]:
                put[seat_of[a["player_id"]]] += a["amount"]
        back = dict.fromkeys(put, 0)
        for a in record["actions"]:
            if a["type"] == "return":
                back[a["seat"]] += a["amount"]
        won = dict.fromkeys(put, 0)
        for pot in ohh["pots"]:
            for w in pot["player_wins"]:
                won[seat_of[w["player_id"]]] += w["win_amount"]
        ids = {s["seat"]: s["id"] for s in record["seats"]}
        for seat in put:
            assert won[seat] + back[seat] - put[seat] == record["net"].get(ids[seat], 0), seed
        board = [c for rnd in ohh["rounds"] for c in rnd.get("cards", [])]
        assert board == (record["boards"][0] if record["boards"] else [])
        assert [p_["amount"] for p_ in ohh["pots"]] == [p_["amount"] for p_ in record["pots"]]
        shows = {seat_of[a["player_id"]]: a["cards"] for rnd in ohh["rounds"]
                 for a in rnd["actions"] if a["action"] == "Shows Cards"}
        assert shows == {s["seat"]: s["cards"] for s in record["shown"]}
        seen = set(board) | {c for s in record["shown"] for c in s["cards"]} | set(
            record.get("you", {}).get("hole", []))
        text = json.dumps(ohh)
        assert set(CARD.findall(text)) <= seen  # no card the reader did not see
        dealt = [a for rnd in ohh["rounds"] for a in rnd["actions"]
                 if a["action"] == "Dealt Cards"]
        if "you" in record:
            assert [a["cards"] for a in dealt] == [record["you"]["hole"]]
            assert ohh["hero_player_id"] == dealt[0]["player_id"]
        else:
            assert dealt == [] and ohh["hero_player_id"] is None


@pytest.mark.parametrize("game", [Game.SHORT_DECK, Game.BOMB_DOUBLE, Game.DRAW,
                                  Game.TRIPLE_DRAW])
def test_a_game_ohh_cannot_say_is_refused_saying_why(game):
    hand = random_hand(1, Knobs(games=(game,)))
    record = viewer_record(played(hand, 1), "p0")
    with pytest.raises(ExportError, match=re.escape(WHY_NOT[game.value])):
        ohh_hand(record)
    with pytest.raises(ExportError, match=re.escape(WHY_NOT[game.value])):
        ohh_document([record])


def test_double_pot_limit_is_refused():
    hand = random_hand(1, Knobs(games=(Game.OMAHA,), bettings=(Betting.DOUBLE_POT_LIMIT,)))
    with pytest.raises(ExportError, match="bet types"):
        ohh_hand(viewer_record(played(hand, 1), "p0"))


def test_the_file_is_one_hand_a_line_in_number_order():
    records = []
    for seed in (4, 1, 7):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,)))
        records.append(viewer_record(played(hand, seed), "p0"))
    text = ohh_document(records, table="ABCD234")
    hands = [json.loads(line) for line in text.split("\n\n")]
    expected = [str(hand_number(r, "ABCD234")) for r in sorted(records,
                                                              key=lambda r: r["hand_no"])]
    assert [h["ohh"]["game_number"] for h in hands] == expected
    assert all("\n" not in line for line in text.strip().split("\n\n"))

"""The hand-history files (:mod:`games.phh`, :mod:`games.ohh`, :mod:`games.pokerstars`) for the
two home-game extras that move chips in ways a plain hand does not
(``static/rules/table-games.md#run-it-twice``, ``#7-2-bounty``): a hand run twice (two runouts,
each pot halved) and the 7-2 bounty (chips paid after the pots). Each file must hold what the
record holds — both runouts and what each run paid, every player's chips in and out — in the
format's own terms, or refuse the hand saying why; PHH is replayed by the pinned pokerkit and
read back by :func:`games.phh.read`.

The hands are the rules' own scenarios (``tests/test_rules_poker_runtwice.py``,
``tests/test_rules_poker_extras.py``), played through the engine.
"""

from __future__ import annotations

import json
import re
import tomllib
import warnings

import pytest
from games.ohh import ohh_hand
from games.phh import RUN_TWICE, phh_document, phh_text, read
from games.poker.hands import viewer_record
from games.pokerstars import NOT_TWICE_SPLIT, pokerstars_text
from room.errors import ExportError
from rules.poker import Action, Betting, Game, Hand, HandConfig
from test_games_ohh import check_spec
from test_games_pokerstars import played
from test_rules_poker_extras import play, seven_deuce_deck, three
from test_rules_poker_runtwice import deck, three_way

pk = pytest.importorskip("pokerkit")


def run_twice_record(viewer: str = "p0") -> dict:
    """Ann (button, seat 1) all in preflop for 1000, Bill folds his small blind, Cat calls:
    2005 in the pot. The first run (Ks 9c 4s 3h 8d) gives Cat's kings 1003, the second
    (Qs Jc 5h 6c 2s) Ann's aces 1002."""
    hand = three_way()
    hand.answer_twice(2, True)
    hand.answer_twice(0, True)
    return json.loads(json.dumps(viewer_record(played(hand, 0), viewer)))


def bounty_record(*, uncontested: bool = False) -> dict:
    """Ann (seat 1) holds seven-deuce offsuit; the bounty is 50 a player. Contested: checked
    down, Ann's full house wins the 30-chip pot and 50 from each of Bill and Cat. Uncontested:
    Cat folds, Ann raises to 40 and Bill folds; Ann turns the seven-deuce up for the bounty."""
    deck = seven_deuce_deck("9s 7s 7h 2h 9h 2s 9d 3c")
    actions = ("s2 fold", "s0 raise 40", "s1 fold") if uncontested else (
        ("s2 call", "s0 call", "s1 check") + ("s0 check", "s1 check", "s2 check") * 3)
    hand = play(three(bounty=50), deck, actions)
    assert hand.is_over
    return json.loads(json.dumps(viewer_record(played(hand, 0), "p0")))


def replayed(text: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = pk.HandHistory.loads(text)
        return hh, list(hh)[-1]


# --- PHH ----------------------------------------------------------------------------------


def test_phh_refuses_a_hand_run_twice_saying_why_and_keeps_the_others():
    """PHH has no action for choosing how many runouts, and pokerkit (which reads PHH) runs
    every board once: a hand run twice cannot be written so pokerkit pays it as it was."""
    record = run_twice_record()
    with pytest.raises(ExportError, match="run twice") as err:
        phh_text(record)
    assert RUN_TWICE in str(err.value)
    once = bounty_record()
    once["hand_no"] = 2
    doc = tomllib.loads(phh_document([record, once]))
    assert list(doc) == ["2"]
    with pytest.raises(ExportError, match=re.escape(RUN_TWICE)):
        phh_document([record])


def bounty_of(doc: dict) -> list[int]:
    """Each PHH player's bounty chips, received less paid, from the file's ``_bounties``."""
    net = [0] * len(doc["players"])
    for b in doc["_bounties"]:
        net[b["winner"] - 1] += b["amount"]
        net[b["payer"] - 1] -= b["amount"]
    return net


@pytest.mark.parametrize("uncontested", [False, True], ids=["showdown", "uncontested"])
def test_phh_writes_the_bounty_beside_the_pots_and_the_stacks_stay_right(uncontested):
    record = bounty_record(uncontested=uncontested)
    text = phh_text(record)
    doc = tomllib.loads(text)
    assert "# " in text and "bount" in text.split("_bounties")[0].rsplit("\n#", 1)[-1]
    # players in PHH's order: Ann (small blind, seat 1) is p1
    assert doc["players"][0] == "Ann"
    assert doc["_bounties"] == [{"winner": 1, "payer": 2, "amount": 50},
                                {"winner": 1, "payer": 3, "amount": 50}]
    _, state = replayed(text)
    assert not state.status
    # pokerkit pays the pots (PHH's winnings: "collected pots"); the bounty is paid beside
    # them, and the finishing stacks are the record's
    ours = [doc["starting_stacks"][i] + record["net"][f"p{e}"]
            for i, e in enumerate((0, 1, 2))]
    assert doc["finishing_stacks"] == ours
    assert [a + b for a, b in zip(state.stacks, bounty_of(doc), strict=True)] == ours
    assert doc["winnings"] == [sum(w["amount"] for p in record["pots"] for w in p["winners"]
                                   if w["seat"] == s) for s in (0, 1, 2)]
    if uncontested:  # the seven-deuce turned up, as the rules have it, and pokerkit took it
        assert doc["actions"][-1] == "p1 sm 7c2d"


@pytest.mark.parametrize("uncontested", [False, True], ids=["showdown", "uncontested"])
def test_phh_read_takes_the_bounty_back(uncontested):
    record = bounty_record(uncontested=uncontested)
    (back,) = read(phh_text(record))
    assert back["bounties"] == record["bounties"]
    by_name = {s["name"]: s["id"] for s in back["seats"]}
    assert {n: back["net"][i] for n, i in by_name.items()} == {
        s["name"]: record["net"][s["id"]] for s in record["seats"]}
    assert not any("differ" in p for p in back["payouts"])
    assert back["payouts"][-1] == ("Ann wins the 7-2 bounty: 100 chips (50 from each of Bill "
                                   "and Cat)")
    assert [(s["seat"], s["cards"]) for s in back["shown"] if s["seat"] == 0] == [
        (0, ["7c", "2d"])]


# --- PokerStars text ------------------------------------------------------------------------


def test_pokerstars_writes_both_runouts_and_a_show_down_per_run():
    """PokerStars' own run-it-twice hands (``tests/golden/nlhe-run-it-twice.txt``): each run's
    streets under FIRST/SECOND, a show down per run paying that run's half, "Hand was run
    twice" and both boards in the summary, each shown hand's result on both runs."""
    lines = pokerstars_text(run_twice_record()).splitlines()
    start = lines.index("Cat: calls 990 and is all-in") + 1
    assert lines[start:lines.index("*** SUMMARY ***")] == [
        "*** FIRST FLOP *** [Ks 9c 4s]",
        "*** FIRST TURN *** [Ks 9c 4s] [3h]",
        "*** FIRST RIVER *** [Ks 9c 4s 3h] [8d]",
        "*** SECOND FLOP *** [Qs Jc 5h]",
        "*** SECOND TURN *** [Qs Jc 5h] [6c]",
        "*** SECOND RIVER *** [Qs Jc 5h 6c] [2s]",
        "*** FIRST SHOW DOWN ***",
        "Ann: shows [Ah Ad] (a pair of Aces)",
        "Cat: shows [Kh Kd] (three of a kind, Kings)",
        "Cat collected 1003 from pot",
        "*** SECOND SHOW DOWN ***",
        "Ann: shows [Ah Ad] (a pair of Aces)",
        "Cat: shows [Kh Kd] (a pair of Kings)",
        "Ann collected 1002 from pot",
    ]
    assert lines[lines.index("*** SUMMARY ***"):] == [
        "*** SUMMARY ***",
        "Total pot 2005 | Rake 0",
        "Hand was run twice",
        "FIRST Board [Ks 9c 4s 3h 8d]",
        "SECOND Board [Qs Jc 5h 6c 2s]",
        "Seat 1: Ann (button) showed [Ah Ad] and lost with a pair of Aces, and won (1002) "
        "with a pair of Aces",
        "Seat 2: Bill (small blind) folded before Flop",
        "Seat 3: Cat (big blind) showed [Kh Kd] and won (1003) with three of a kind, Kings, "
        "and lost with a pair of Kings",
    ]


def test_pokerstars_runs_twice_only_the_streets_dealt_after_the_all_in():
    """All in on the flop: the flop once, then each run's turn and river; Hi/Lo words and
    halves per run."""
    # Omaha Hi/Lo heads-up (tests/test_rules_poker_runtwice.py's deck places): seat 0 holds
    # Ac 2c Kd Kh, seat 1 Qs Qc Js Jc; flop 3d 4h 9s; seat 1 moves all in, seat 0 calls.
    places = {0: "Qs", 2: "Qc", 4: "Js", 6: "Jc", 1: "Ac", 3: "2c", 5: "Kd", 7: "Kh",
              9: "3d", 10: "4h", 11: "9s", 13: "Ts", 15: "5c", 17: "Th", 19: "6d"}
    config = HandConfig(Game.OMAHA_HILO, Betting.NO_LIMIT, (300, 300), 0, (5, 10))
    hand = Hand(config, deck(places), run_twice=True)
    for line in ("s0 call", "s1 check", "s1 allin", "s0 call"):
        hand.do(Action.parse(line))
    assert sorted(hand.asking) == [0, 1]
    for seat in (1, 0):
        hand.answer_twice(seat, True)
    record = json.loads(json.dumps(viewer_record(played(hand, 0), "p0")))
    first, second = record["boards"][0], record["second_boards"][0]
    assert first[:3] == second[:3] and first[3:] != second[3:]
    text = pokerstars_text(record)
    lines = text.splitlines()
    streets = [ln for ln in lines if ln.startswith("*** ") and ("FLOP" in ln or "TURN" in ln
                                                              or "RIVER" in ln)]
    f = " ".join(first[:3])
    assert streets == [f"*** FLOP *** [{f}]",
                       f"*** FIRST TURN *** [{f}] [{first[3]}]",
                       f"*** FIRST RIVER *** [{f} {first[3]}] [{first[4]}]",
                       f"*** SECOND TURN *** [{f}] [{second[3]}]",
                       f"*** SECOND RIVER *** [{f} {second[3]}] [{second[4]}]"]
    first_sd, second_sd = lines.index("*** FIRST SHOW DOWN ***"), lines.index(
        "*** SECOND SHOW DOWN ***")
    runs = [lines[first_sd:second_sd], lines[second_sd:lines.index("*** SUMMARY ***")]]
    for run, part in zip(runs, ("run 1", "run 2"), strict=True):
        paid = sorted(int(m[1]) for ln in run if (m := re.search(r" collected (\d+) ", ln)))
        shares = sorted(w["amount"] for p in record["pots"] for sh in p["shares"]
                        if sh["share"].startswith(part) for w in sh["winners"])
        assert paid == shares and paid
        assert all("HI: " in ln for ln in run if ": shows [" in ln)
    assert sum(record["net"].values()) == 0


def test_pokerstars_refuses_a_double_board_run_twice_saying_why():
    record = run_twice_record()
    record["hand_game"] = record["game"] = "bomb-double"
    record["boards"] = record["boards"] * 2
    with pytest.raises(ExportError, match=re.escape(NOT_TWICE_SPLIT)):
        pokerstars_text(record)


# --- Open Hand History ----------------------------------------------------------------------


def ohh_of(record: dict) -> dict:
    ohh = json.loads(json.dumps(ohh_hand(record, table="ABCD234")))["ohh"]
    check_spec(ohh)
    return ohh


def ohh_nets(ohh: dict, record: dict) -> dict[str, int]:
    """Each player's chips won less chips put in, by the standard's fields alone (what a
    tracker adds up), plus the uncalled bets the record says went back (OHH has none)."""
    seat_of = {p["id"]: p["seat"] - 1 for p in ohh["players"]}
    ids = {s["seat"]: s["id"] for s in record["seats"]}
    net = dict.fromkeys(ids.values(), 0)
    for rnd in ohh["rounds"]:
        for a in rnd["actions"]:
            net[ids[seat_of[a["player_id"]]]] -= a["amount"]
    for pot in ohh["pots"]:
        for w in pot["player_wins"]:
            net[ids[seat_of[w["player_id"]]]] += w["win_amount"]
    for a in record["actions"]:
        if a["type"] == "return":
            net[ids[a["seat"]]] += a["amount"]
    return net


def test_ohh_writes_both_runouts_flagged_run_it_twice():
    """OHH's flag "Run_It_Twice" ("two or more sets of board cards are used in the play of
    the same hand"), and each run's streets as rounds of their own: the first run's, then the
    second's, each with the cards it dealt; the pots paid as both runs paid them."""
    record = run_twice_record()
    ohh = ohh_of(record)
    assert "Run_It_Twice" in ohh["flags"]
    rounds = [(r["street"], r.get("cards")) for r in ohh["rounds"]]
    assert rounds == [("Preflop", None), ("Flop", ["Ks", "9c", "4s"]), ("Turn", ["3h"]),
                      ("River", ["8d"]), ("Flop", ["Qs", "Jc", "5h"]), ("Turn", ["6c"]),
                      ("River", ["2s"]), ("Showdown", None)]
    assert [[(w["player_id"], w["win_amount"]) for w in p["player_wins"]]
            for p in ohh["pots"]] == [[(3, 1003), (1, 1002)]]
    assert ohh_nets(ohh, record) == record["net"]


@pytest.mark.parametrize("uncontested", [False, True], ids=["showdown", "uncontested"])
def test_ohh_pays_the_bounty_so_every_players_chips_add_up(uncontested):
    """OHH has no field for chips paid outside the pots but "Add to Pot" (a player's chips
    added to the pot): each payer adds their bounty after the showdown, into a pot of its
    own, after the hand's pots, that the seven-deuce wins; the turned-up seven-deuce of an
    uncontested win is shown in a showdown round."""
    record = bounty_record(uncontested=uncontested)
    ohh = ohh_of(record)
    assert ohh_nets(ohh, record) == record["net"]
    assert len(ohh["pots"]) == len(record["pots"]) + 1
    *_, bounty = ohh["pots"]
    assert bounty["amount"] == 100
    assert [(w["player_id"], w["win_amount"]) for w in bounty["player_wins"]] == [(1, 100)]
    showdown = ohh["rounds"][-1]
    assert showdown["street"] == "Showdown"
    assert [(a["player_id"], a["action"], a["amount"]) for a in showdown["actions"]
            if a["action"] == "Add to Pot"] == [(2, "Add to Pot", 50), (3, "Add to Pot", 50)]
    assert [a.get("cards") for a in showdown["actions"] if a["player_id"] == 1
            and a["action"] == "Shows Cards"] == [["7c", "2d"]]


@pytest.mark.parametrize("uncontested", [False, True], ids=["showdown", "uncontested"])
def test_the_replayer_plays_a_bounty_hand_and_its_phh_to_the_stacks_it_left(uncontested):
    from games.replay import hands_from_file, replay

    record = bounty_record(uncontested=uncontested)
    (hand,) = hands_from_file(phh_text(record))
    for shown in (record, hand):  # the room's own record, and the PHH file read back
        frames = replay(shown).frames
        end = {s.name: s.stack for s in frames[-1].seats}
        assert end == {s["name"]: s["stack"] + record["net"][s["id"]]
                       for s in record["seats"]}
        assert frames[-1].line.startswith("Ann wins the 7-2 bounty: 100 chips (50 from each "
                                          "of Bill and Cat).")

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
from games.phh import RUN_TWICE, phh_document, phh_text, read
from games.poker.hands import viewer_record
from room.errors import ExportError
from test_games_pokerstars import played
from test_rules_poker_extras import play, seven_deuce_deck, three
from test_rules_poker_runtwice import three_way

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

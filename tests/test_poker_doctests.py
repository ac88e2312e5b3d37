"""The doctests of every module of rules.poker (the examples in the docstrings are tests)."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from poker_support import table
from rules.poker.history import log_json
from test_poker_rules import not_merged_hand

MODULES = ["actions", "config", "deck", "errors", "hand", "history", "kit", "names", "pots",
           "records"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(f"rules.poker.{name}"))
    assert result.failed == 0


def test_the_json_log_shows_a_viewer_no_card_it_may_not_see():
    hand = not_merged_hand()  # seats 1 and 4 folded; 0, 2, 3 showed down
    for viewer in range(5):
        text = json.dumps(log_json(hand, viewer))
        for seat in (1, 4):
            if seat != viewer:
                assert not any(str(c) in text for c in hand.hole[seat]), (viewer, seat)
        assert all(str(c) in text for c in hand.hole[viewer])
    host = json.dumps(log_json(hand))
    assert all(str(c) in host for s in range(5) for c in hand.hole[s])


def test_the_json_log_hides_other_players_draws():
    hand = table("draw", stacks=[100, 100], ante=1, blinds=(0, 10), button=1,
                 hole=["As Kd Qh 9c 6s", "2c 3c 4c 5c 7d"], stub="8d 9d",
                 actions=["s0 check", "s1 check", "s0 draw 9c 6s", "s1 draw", "s0 fold"])
    seen_by_1 = json.dumps(log_json(hand, 1))
    assert "8d" not in seen_by_1 and "9c" not in seen_by_1 and "As" not in seen_by_1
    assert '"discarded": 2' in seen_by_1


def test_the_json_log_of_a_reshuffle_names_no_discard_to_players():
    import random

    from rules.cards import FULL_DECK
    from rules.poker import Deck, Hand, TableRules

    rules = TableRules.parse({"game": "draw", "blinds": [0, 10], "ante": 5})
    deck = list(FULL_DECK)
    random.Random(7).shuffle(deck)
    hand = Hand(rules, [1000] * 7, 6, Deck(deck, lambda cards: list(reversed(cards))))
    for s in range(7):
        hand.do(f"s{s} check")
    for s in range(7):
        hand.do(f"s{s} draw " + " ".join(str(c) for c in hand.hole[s][:3]))
    host = log_json(hand)
    assert next(e["cards"] for e in host if e["type"] == "Reshuffled")
    for viewer in range(7):
        entries = [e for e in log_json(hand, viewer) if e["type"] == "Reshuffled"]
        assert entries and all(isinstance(e["cards"], int) for e in entries)

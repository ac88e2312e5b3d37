"""A showdown names the kicker when it decides (the rules' one naming of hands, read by
every text: the payout lines, the results screen, the announcement, the hand history)."""

from __future__ import annotations

from rules.cards import parse_cards
from rules.evaluator import high5
from rules.poker import value as naming
from rules.poker.history import payout_messages
from test_poker_rulings import finished


def value(text: str) -> int:
    return high5(parse_cards(text))


def decided_high(won, rivals):
    return naming.decided_high(won, rivals)


def test_the_same_two_pair_is_told_apart_by_its_kicker():
    won = value("Qs Qd 9c 9h Ad")
    assert decided_high(won, [won, value("Qs Qd 9c 9h 8d")]) == (
        "Two Pair, Queens and Nines, Ace kicker")


def test_no_kicker_is_named_when_the_name_decides_or_the_pot_is_split():
    won = value("Qs Qd 9c 9h Ad")
    assert decided_high(won, [won, value("Js Jd 9c 9h Ad")]) == "Two Pair, Queens and Nines"
    assert decided_high(won, [won, won]) == "Two Pair, Queens and Nines"
    assert decided_high(won, [won]) == "Two Pair, Queens and Nines"


def test_kickers_are_named_down_to_the_one_that_decides():
    won = value("As Ad Kc Qh 9d")
    assert decided_high(won, [won, value("Ah Ac Kd Qs 7c")]) == (
        "a Pair of Aces, King, Queen and Nine kickers")
    assert decided_high(won, [won, value("Ah Ac Kd Js 7c"), value("Ah Ac Kd Qs 7c")]) == (
        "a Pair of Aces, King, Queen and Nine kickers")
    high = value("Ah Kd 9c 7s 4d")
    assert decided_high(high, [value("Ac Qd 9h 7d 4s")]) == "High Card, Ace, King kicker"
    flush = value("Kh Qh 9h 7h 4h")
    assert decided_high(flush, [value("Kc Jc 9c 7c 4c")]) == "a Flush, King-Queen high"


def test_the_payout_line_of_a_hand_won_on_its_kicker_names_the_kicker():
    hand = finished(game="holdem", stacks=(1000, 1000), button=0,
                    hole=[["Ad", "3c"], ["8d", "2c"]],
                    boards=[["Qs", "Qd", "9c", "9h", "5s"]],
                    actions=["s0 call", "s1 check"] + ["s1 check", "s0 check"] * 3)
    (line,) = payout_messages(hand, ["Ann", "Bo"])
    assert line == "Ann wins 20 chips with Two Pair, Queens and Nines, Ace kicker", line

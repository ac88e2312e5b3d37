"""Short Deck Hold'em (``shortdeck``): the 36 cards from six to ace, a flush beats a full house,
A-6-7-8-9 is the lowest straight, no-limit by default (``static/rules/table-games.md#short-deck``),
in the engine and in ``playhand``."""

from __future__ import annotations

import pytest
from rules.cards import FULL_DECK, parse_cards
from rules.poker import Betting, DeckError, Game, Hand, HandConfig
from rules.poker.records import Awarded, Dealt, Shown
from rules.poker.script import parse_script, play
from rules.poker.value import hand_words
from test_playhand import bad, ok
from variant_checks import pokerkit_agrees, random_hands_hold

FLUSH_OVER_BOAT = {
    "game": "shortdeck", "stacks": [1000, 1000, 1000], "button": 0, "blinds": [5, 10],
    # seat 0: a heart flush; seat 1: nines full of tens; seat 2: kings and nines
    "hole": [["Ah", "7h"], ["9s", "Tc"], ["Ac", "Kc"]],
    "boards": [["9h", "9c", "Th", "6h", "Kd"]],
    "actions": ["s0 raise 30", "s1 call", "s2 call", *(["s1 check", "s2 check", "s0 check"] * 3)],
}

HEADS_UP = {
    "game": "shortdeck", "stacks": [500, 500], "button": 0, "blinds": [5, 10],
    "hole": [["Ac", "6d"], ["Ks", "Qd"]], "boards": [["7s", "8h", "9d", "Kc", "Kh"]],
    "actions": ["s0 call", "s1 check", *(["s1 check", "s0 check"] * 3)],
}


def shown(script):
    return {r.seat: r.hands for r in play(parse_script(script)).log if isinstance(r, Shown)}


def test_a_flush_beats_a_full_house():
    out = ok(FLUSH_OVER_BOAT)  # pokerkit replays it with its short-deck hands
    assert out["net"] == [60, -30, -30]
    hands = shown(FLUSH_OVER_BOAT)
    assert hands[0] == ("a Flush, Ace high",)
    assert hands[1] == ("a Full House, Nines full of Tens",)


def test_a_players_own_words_rank_as_the_showdown_does():
    hole, board = parse_cards("Ah 7h"), parse_cards("9h 9c Th 6h Kd")
    assert hand_words(Game.SHORT_DECK, hole, [board]) == ("a Flush, Ace high",)
    assert hand_words(Game.SHORT_DECK, hole, [board[:3]]) == ("a Pair of Nines",)
    assert hand_words(Game.SHORT_DECK, hole, [[]]) == ("High Card, Ace",)


def test_ace_six_seven_eight_nine_is_the_lowest_straight_and_beats_trips():
    assert ok(HEADS_UP)["net"] == [10, -10]
    assert shown(HEADS_UP) == {0: ("a Straight, Nine high",), 1: ("Three of a Kind, Kings",)}
    higher = {**HEADS_UP, "hole": [["Ac", "6d"], ["Ts", "Jd"]]}
    assert ok(higher)["net"] == [-10, 10]
    assert shown(higher)[1] == ("a Straight, Jack high",)


def test_the_words_of_a_flush_that_wins_name_the_card_that_decides():
    script = {**HEADS_UP, "hole": [["Kh", "Qs"], ["Qh", "Js"]],
              "boards": [["Ah", "9h", "8h", "7h", "6d"]]}
    hand = play(parse_script(script))
    award = next(r for r in hand.log if isinstance(r, Awarded))
    assert award.seat == 0 and award.hand == "a Flush, Ace-King high"


def test_short_deck_is_no_limit_unless_the_script_says_otherwise():
    shove = {**FLUSH_OVER_BOAT, "actions": ["s0 raise 500", "s1 fold", "s2 fold"]}
    assert ok(shove)["net"] == [15, -5, -10]
    line = bad({**shove, "betting": "pot-limit"})
    assert "action 1" in line and "above the pot limit 35" in line


@pytest.mark.parametrize(("where", "card"), [("hole", "5c"), ("boards", "2d")])
def test_a_script_with_a_two_to_five_is_refused(where, card):
    script = {**FLUSH_OVER_BOAT}
    if where == "hole":
        script["hole"] = [["Ah", card], *FLUSH_OVER_BOAT["hole"][1:]]
    else:
        script["boards"] = [["9h", "9c", "Th", "6h", card]]
    line = bad(script)
    assert f"played with the 36 cards from 6 to A; there is no {card}" in line
    assert "action" not in line.split(":")[1]


def test_the_engine_deals_only_the_short_deck():
    config = HandConfig(Game.SHORT_DECK, Betting.NO_LIMIT, (100,) * 10, 0)
    with pytest.raises(DeckError, match="36 cards from 6 to A; the deck holds 2c"):
        Hand(config, list(FULL_DECK))
    deck = list(Game.SHORT_DECK.variant.deck)
    assert len(deck) == 36 and min(c.rank for c in deck) == 4
    hand = Hand(config, deck)  # ten players, three burns and a board fit in 36 cards
    assert len({r.card for r in hand.log if isinstance(r, Dealt)}) == 20


def test_random_short_deck_hands_conserve_chips_and_only_the_seat_to_act_acts():
    hands = random_hands_hold(Game.SHORT_DECK, range(120))
    assert any(len(h.result().pots) > 1 for h in hands)


def test_pokerkit_agrees_on_random_short_deck_hands():
    pokerkit_agrees(Game.SHORT_DECK, range(300), least=100)

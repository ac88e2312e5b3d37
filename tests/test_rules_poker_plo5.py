"""Five-card PLO (``plo5``): five hole cards, exactly two of them with three board cards,
pot-limit by default, two to nine seats (``static/rules/table-games.md#the-games``,
``static/rules/table-games.md#seats-per-game``), in the engine and in ``playhand``."""

from __future__ import annotations

import pytest
from rules.cards import parse_cards
from rules.poker import Betting, Game, Hand, HandConfig, SettingsError
from rules.poker.records import Awarded, Shown
from rules.poker.script import StepError, parse_script, play, result_json
from test_playhand import bad, ok
from variant_checks import pokerkit_agrees, random_hands_hold

HAND = {
    "game": "plo5", "stacks": [1000, 1000, 1000], "button": 0, "blinds": [5, 10],
    # Seat 0's three aces play as a pair (two hole cards) and make trips with the board's
    # ace; seat 1's 4-6 with the board's 5-3-2 make a six-high straight.
    "hole": [["As", "Ad", "Ac", "Ks", "Qs"], ["4h", "6h", "7d", "8c", "Tc"],
             ["Kh", "Kc", "Qh", "Jh", "Th"]],
    "boards": [["Ah", "9h", "5c", "2d", "3s"]],
    "actions": ["s0 raise 35", "s1 call", "s2 call", *(["s1 check", "s2 check", "s0 check"] * 3)],
}


def test_a_plo5_script_plays_exactly_two_hole_cards_pot_limit_by_default():
    out = ok(HAND)  # pokerkit replays it too (five-card Omaha hands there)
    assert out["net"] == [-35, 70, -35]
    assert out["pots"] == [{"amount": 105, "eligible": [0, 1, 2],
                            "winners": [{"seat": 1, "amount": 105}]}]
    hand = play(parse_script(HAND))
    assert hand.config.betting is Betting.POT_LIMIT
    shown = {r.seat: r.hands for r in hand.log if isinstance(r, Shown)}
    assert shown[0] == ("Three of a Kind, Aces",) and shown[1] == ("a Straight, Six high",)


def test_plo5_is_pot_limit_unless_the_script_says_otherwise():
    line = bad({**HAND, "actions": ["s0 raise 36"]})
    assert "action 1" in line and "above the pot limit 35" in line
    out = ok({**HAND, "betting": "no-limit",
              "actions": ["s0 allin", "s1 fold", "s2 fold"]})
    assert out["net"] == [15, -5, -10]


def test_plo5_deals_five_hole_cards_and_seats_two_to_nine():
    line = bad({**HAND, "hole": [h[:4] for h in HAND["hole"]]})
    assert "seat 0 needs 5 hole cards, got 4" in line
    assert "seats 2 to 9 players, got 10 stacks" in bad({**HAND, "stacks": [100] * 10})
    with pytest.raises(SettingsError, match="seats 2 to 9"):
        HandConfig(Game.PLO5, Betting.POT_LIMIT, (100,) * 10, 0)
    nine = Hand(HandConfig(Game.PLO5, Betting.POT_LIMIT, (100,) * 9, 0),
                list(Game.PLO5.variant.deck))
    assert all(len(nine.hole[s]) == 5 for s in range(9))
    assert len({c for s in range(9) for c in nine.hole[s]}) == 45


def test_the_five_cards_that_won_are_two_hole_and_three_board_cards():
    hand = play(parse_script(HAND))
    award = next(r for r in hand.log if isinstance(r, Awarded))
    assert award.cards[:2] == parse_cards("4h 6h") and set(award.cards[2:]) == set(
        parse_cards("5c 2d 3s"))
    assert result_json(hand.result())["net"] == [-35, 70, -35]


def test_a_plo5_script_stopping_early_is_refused():
    with pytest.raises(StepError, match="stop before the hand is over"):
        play(parse_script({**HAND, "actions": HAND["actions"][:4]}))


def test_random_plo5_hands_conserve_chips_and_only_the_seat_to_act_acts():
    hands = random_hands_hold(Game.PLO5, range(120))
    assert any(len(h.result().pots) > 1 for h in hands)
    assert any(sum(h.in_hand) > 1 for h in hands)  # showdowns happen


def test_pokerkit_agrees_on_random_plo5_hands():
    pokerkit_agrees(Game.PLO5, range(300), least=100)

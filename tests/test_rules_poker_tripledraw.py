"""2-7 Triple Draw (``triple-draw``): deuce-to-seven lowball, five cards, blinds, four betting
rounds with a draw of 0 to 5 cards after each of the first three, fixed-limit by default (one
unit in rounds 1-2, two in 3-4), 2 to 6 seats (``static/rules/table-games.md#2-7-triple-draw``),
in the engine and in ``playhand``: the three draws come from one stub, in order, and every
player still in draws, all in or not, even when no more betting can follow — in 5-card draw
too (``static/rules/table-games.md#end-of-a-betting-round``)."""

from __future__ import annotations

import pytest
from poker_random import Knobs, random_hand
from rules.cards import FULL_DECK, parse_cards
from rules.poker import Action, Betting, DrawError, Game, Hand, HandConfig, Phase, Verb
from rules.poker.records import (
    Acted,
    Awarded,
    Dealt,
    Drew,
    Posted,
    Reshuffled,
    RoundStarted,
    Shown,
)
from rules.poker.script import StepError, parse_script, play
from rules.poker.value import hand_words
from test_playhand import bad, ok
from variant_checks import pokerkit_agrees, random_hands_hold

HAND = {
    "game": "triple-draw", "stacks": [1000, 1000, 1000], "button": 0, "blinds": [5, 10],
    "hole": [["7c", "5d", "4h", "3s", "Kc"], ["8c", "6d", "4d", "3c", "2h"],
             ["Ac", "Ad", "9h", "9s", "Qd"]],
    "boards": [],
    # draw 1: seat 2 gets 2d 6c Th, seat 0 Jd; draw 2: seat 2 8d 7h, seat 0 2c (7-5-4-3-2);
    # draw 3: seat 2 5s (8-7-6-5-2)
    "stub": ["2d", "6c", "Th", "Jd", "8d", "7h", "2c", "5s"],
    "actions": [
        "s0 raise", "s1 call", "s2 call",  # round 1, left of the big blind: to 20 (one unit)
        "s1 draw", "s2 draw Ac Ad Qd", "s0 draw Kc",
        "s1 bet", "s2 call", "s0 raise", "s1 call", "s2 call",  # round 2: 10, raised to 20
        "s1 draw", "s2 draw 9s Th", "s0 draw Jd",
        "s1 check", "s2 bet", "s0 call", "s1 call",  # round 3: two units, 20
        "s1 draw", "s2 draw 9h", "s0 draw",
        "s1 check", "s2 check", "s0 bet", "s1 fold", "s2 call",  # round 4: 20
    ],
}


def test_a_triple_draw_script_plays_four_fixed_limit_rounds_and_three_draws():
    out = ok(HAND)  # pokerkit replays it with its deuce-to-seven hands
    assert out["net"] == [140, -60, -80]
    assert out["pots"] == [{"amount": 220, "eligible": [0, 2],
                            "winners": [{"seat": 0, "amount": 220}]}]
    hand = play(parse_script(HAND))
    assert hand.config.betting is Betting.FIXED_LIMIT
    assert [r.name for r in hand.log if isinstance(r, RoundStarted)] == [
        "before the first draw", "after the first draw", "after the second draw",
        "after the third draw"]
    assert {r.seat: r.hands for r in hand.log if isinstance(r, Shown)} == {
        0: ("7-5-4-3-2",), 2: ("8-7-6-5-2",)}
    award = next(r for r in hand.log if isinstance(r, Awarded))
    assert award.hand == "7-5-4-3-2" and set(award.cards) == set(parse_cards("7c 5d 4h 3s 2c"))
    bets = {(r.round, r.seat): r.to for r in hand.log if isinstance(r, Acted)
            and r.verb in (Verb.BET, Verb.RAISE)}
    assert bets == {(0, 0): 20, (1, 1): 10, (1, 0): 20, (2, 2): 20, (3, 0): 20}


def test_the_draws_go_round_from_left_of_the_button_and_later_rounds_too():
    hand = play(parse_script(HAND))
    drew = [r.seat for r in hand.log if isinstance(r, Drew)]
    assert drew == [1, 2, 0] * 3
    first = [next(r.seat for r in hand.log if isinstance(r, Acted) and r.round == k)
             for k in range(4)]
    assert first == [0, 1, 1, 1]  # round 1 left of the big blind (seat 2), then left of button


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_before_the_first_draw():
    hand = Hand(HandConfig(Game.TRIPLE_DRAW, Betting.FIXED_LIMIT, (100, 100), 0, (5, 10)),
                list(FULL_DECK))
    assert hand.to_act == 0  # the button, small blind
    hand.do(Action(0, Verb.CALL))
    hand.do(Action(1, Verb.CHECK))
    assert hand.phase is Phase.DRAWING and hand.to_act == 1  # the big blind draws first
    hand.do(Action(1, Verb.DRAW))
    hand.do(Action(0, Verb.DRAW))
    assert hand.phase is Phase.BETTING and hand.to_act == 1


def test_fixed_limit_is_two_units_in_rounds_three_and_four():
    actions = [*HAND["actions"][:14], "s1 bet 10"]
    line = bad({**HAND, "actions": actions})
    assert "action 15" in line and "a fixed-limit bet is to 20 exactly, not 10" in line
    line = bad({**HAND, "actions": [*HAND["actions"][:6], "s1 bet 20"]})
    assert "action 7" in line and "a fixed-limit bet is to 10 exactly, not 20" in line


def test_a_player_may_throw_away_all_five_cards_with_no_ace_rule():
    hand = Hand(HandConfig(Game.TRIPLE_DRAW, Betting.FIXED_LIMIT, (100, 100, 100), 0, (5, 10)),
                list(FULL_DECK))
    for line in ("s0 call", "s1 call", "s2 check"):
        hand.do(Action.parse(line))
    assert hand.legal().draw_max == 5
    four = tuple(hand.hole[1][:4])  # keeping no ace: no rule against it here
    hand.do(Action(1, Verb.DRAW, None, four))
    hand.do(Action(2, Verb.DRAW, None, tuple(hand.hole[2])))
    assert hand.to_act == 0


def test_five_card_draw_keeps_its_ace_rule():
    hand = Hand(HandConfig(Game.DRAW, Betting.NO_LIMIT, (100, 100), 0, (5, 10), 5),
                list(FULL_DECK))
    hand.do(Action(1, Verb.CHECK))
    hand.do(Action(0, Verb.CHECK))
    assert hand.legal().draw_max == 3  # seat 1 holds 2c 3c 4c 5c 6c: no ace
    with pytest.raises(DrawError, match="at most 4 cards, not 5"):
        hand.verify(Action(1, Verb.DRAW, None, tuple(hand.hole[1])))
    with pytest.raises(DrawError, match="only keeping an ace"):
        hand.verify(Action(1, Verb.DRAW, None, tuple(hand.hole[1][:4])))


ALL_IN = {
    "game": "triple-draw", "stacks": [15, 1000], "button": 0, "blinds": [5, 10],
    "hole": [["7c", "5d", "4h", "3s", "Kc"], ["8c", "6d", "4d", "3c", "2h"]],
    "boards": [], "stub": ["2c", "Ks"],
    "actions": ["s0 allin", "s1 call",
                "s1 draw", "s0 draw Kc", "s1 draw", "s0 draw", "s1 draw 8c", "s0 draw"],
}


def test_every_player_still_in_draws_three_times_all_in_or_not():
    # Seat 0 is all in before the first draw: no more betting, but both draw at each draw
    # (seat 0 makes 7-5-4-3-2 at the first; seat 1 breaks its 8 at the third, for a king).
    out = ok(ALL_IN)
    assert out["net"] == [15, -15]
    line = bad({**ALL_IN, "actions": ALL_IN["actions"][:2]})
    assert "stop before the hand is over: seat 1 is to draw" in line
    line = bad({**ALL_IN, "actions": ALL_IN["actions"][:6]})
    assert "stop before the hand is over: seat 1 is to draw" in line


def test_five_card_draw_writes_the_draw_even_when_nobody_can_bet():
    script = {"game": "draw", "stacks": [15, 1000], "button": 0, "blinds": [5, 10],
              "ante": 5, "hole": ALL_IN["hole"], "boards": [], "stub": ["2c"],
              "actions": ["s1 bet 10", "s0 allin", "s1 draw", "s0 draw Kc"]}
    # Seat 0 is all in when the first round ends: both still draw, and at high poker seat
    # 1's eight high beats seat 0's seven high.
    assert ok(script)["net"] == [-15, 15]
    line = bad({**script, "actions": script["actions"][:2]})
    assert "stop before the hand is over: seat 1 is to draw" in line


def test_one_stub_serves_the_three_draws_in_order_and_a_short_one_is_refused():
    short = {**HAND, "stub": HAND["stub"][:-1]}
    line = bad(short)
    assert "action 20" in line and "the stub holds 7 cards but the draw needs more" in line
    longer = {**HAND, "stub": [*HAND["stub"], "Ks"]}
    assert "the stub has 1 card(s) the draw never handed out" in bad(longer)
    assert "duplicate card Kc" in bad({**HAND, "stub": ["Kc", *HAND["stub"][1:]]})


def test_seats_two_to_six_and_blinds_always():
    assert "seats 2 to 6 players, got 7 stacks" in bad({**HAND, "stacks": [100] * 7})
    config = HandConfig(Game.TRIPLE_DRAW, Betting.FIXED_LIMIT, (100,) * 6, 0, (5, 10), 2)
    assert config.posts_blinds
    hand = Hand(config, list(FULL_DECK))
    assert [r.kind for r in hand.log if isinstance(r, Posted)] == [
        "ante"] * 6 + ["small blind", "big blind"]
    assert hand.to_act == 3  # left of the big blind (seat 2)


def test_lowball_words_for_a_players_own_hand():
    assert hand_words(Game.TRIPLE_DRAW, parse_cards("7c 5d 4h 3s 2c"), []) == ("7-5-4-3-2",)
    assert hand_words(Game.TRIPLE_DRAW, parse_cards("4c 4d 7h 3s 2c"), []) == (
        "a Pair of Fours",)
    assert hand_words(Game.TRIPLE_DRAW, parse_cards("6c 5d 4h 3s 2c"), []) == (
        "a Straight, Six high",)
    assert hand_words(Game.TRIPLE_DRAW, parse_cards("Ac 5d 4h 3s 2c"), []) == ("A-5-4-3-2",)


def test_the_lowest_hand_wins_and_equal_hands_split():
    tie = {**HAND, "hole": [["7c", "5d", "4h", "3s", "2c"], ["7d", "5c", "4s", "3h", "2d"],
                            ["Ac", "Ad", "9h", "9s", "Qd"]],
           "stub": [], "actions": ["s0 call", "s1 call", "s2 check",
                                   *(["s1 draw", "s2 draw", "s0 draw",
                                      "s1 check", "s2 check", "s0 check"] * 3)]}
    out = ok(tie)
    assert out["net"] == [5, 5, -10]


def script_of(hand: Hand) -> dict[str, object]:
    """``hand`` written as a ``playhand`` script: its settings, the cards it dealt (the
    draws' cards as one stub, in the order they were handed out) and its actions."""
    cfg = hand.config
    hole: list[list[str]] = [[] for _ in cfg.stacks]
    stub = []
    actions = []
    for r in hand.log:
        if isinstance(r, Dealt) and r.to == "hole":
            hole[r.seat].append(str(r.card))
        elif isinstance(r, Dealt) and r.to == "draw":
            stub.append(str(r.card))
        elif isinstance(r, Acted):
            amount = f" {r.to}" if r.verb in (Verb.BET, Verb.RAISE) else ""
            actions.append(f"s{r.seat} {r.verb.value}{amount}")
        elif isinstance(r, Drew):
            actions.append(" ".join([f"s{r.seat} draw", *map(str, r.discards)]))
    return {"game": cfg.game.value, "betting": cfg.betting.value, "stacks": list(cfg.stacks),
            "button": cfg.button, "blinds": list(cfg.blinds), "ante": cfg.ante, "cap": cfg.cap,
            "hole": hole, "boards": [], "stub": stub, "actions": actions}


@pytest.mark.parametrize("game", [Game.TRIPLE_DRAW, Game.DRAW])
def test_random_draw_hands_written_as_scripts_replay_to_the_same_result(game):
    """Random hands of six or more drawing deep (the stub runs short and the discards are
    reshuffled, several times over three draws) replay in ``playhand``'s engine from their
    script alone to the same nets, stacks and pots."""
    reshuffled = 0
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(game,), min_seats=6, fold_weight=0.02,
                                       deep_draws=True))
        reshuffled += any(isinstance(r, Reshuffled) for r in hand.log)
        again = play(parse_script(script_of(hand)))
        assert again.result() == hand.result(), seed
    assert reshuffled >= 10


def test_random_triple_draw_hands_conserve_chips_and_only_the_seat_to_act_acts():
    hands = random_hands_hold(Game.TRIPLE_DRAW, range(120))
    assert any(len(h.result().pots) > 1 for h in hands)
    assert sum(any(isinstance(r, Reshuffled) for r in h.log) for h in hands) > 0


def test_pokerkit_agrees_on_random_triple_draw_hands():
    pokerkit_agrees(Game.TRIPLE_DRAW, range(300), least=100)


def test_a_script_stopping_in_a_draw_names_no_action():
    with pytest.raises(StepError, match="seat 1 is to draw"):
        play(parse_script({**HAND, "actions": HAND["actions"][:3], "stub": []}))

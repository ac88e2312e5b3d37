"""One scenario per ruling of ``static/rules/table-games.md``, written from the rule text.

Each test is named after the rule it checks. Hands are stacked scripts (``rules.poker.script``):
the cards are chosen so the outcome the rule asks for is the only one possible.
"""

from __future__ import annotations

import pytest
from rules.cards import parse_cards
from rules.poker import (
    Action,
    AmountError,
    Betting,
    Game,
    Hand,
    HandConfig,
    OutOfTurn,
    RaiseNotAllowed,
    SettingsError,
    Verb,
    WrongVerb,
)
from rules.poker.errors import DrawError
from rules.poker.history import payout_messages
from rules.poker.records import Acted, Dealt, Posted, Reshuffled, Returned, Shown
from rules.poker.script import StepError, parse_script, play, stacked_deck

SPARE = [r + s for r in "234567" for s in "cdhs"]


def script(game="holdem", stacks=(1000, 1000, 1000), button=0, blinds=(5, 10), ante=0,
           cap=None, betting=None, hole=None, boards=None, stub=(), actions=()):
    g = Game.parse(game)
    dealt = HandConfig(g, g.default_betting, tuple(stacks), button, tuple(blinds), ante).dealt_in
    if hole is None:
        pool = iter(["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd", "Qh", "Qs",
                     "Jc", "Jd", "Jh", "Js", "Tc", "Td", "Th", "Ts", "9c", "9d", "9h", "9s",
                     "8c", "8d", "8h", "8s", *SPARE[12:]])
        hole = [[next(pool) for _ in range(g.hole_count)] if d else [] for d in dealt]
        used = {c for h in hole for c in h}
        free = [c for c in SPARE if c not in used]
        if boards is None:
            boards = [free[5 * b : 5 * b + 5] for b in range(g.boards)]
    return {"game": game, "betting": betting, "stacks": list(stacks), "button": button,
            "blinds": list(blinds), "ante": ante, "cap": cap, "hole": hole,
            "boards": boards if boards is not None else [], "stub": list(stub),
            "actions": list(actions)}


def started(**kw) -> Hand:
    """The hand after ``actions`` (which need not finish it)."""
    s = parse_script(script(**kw))
    hand = Hand(s.config, stacked_deck(s.config, s.hole, s.boards, s.stub))
    for line in s.actions:
        hand.do(Action.parse(line))
    return hand


def finished(**kw) -> Hand:
    return play(parse_script(script(**kw)))


def acts(hand: Hand) -> list[tuple[int, str, int]]:
    return [(r.seat, r.verb.value, r.to) for r in hand.log if isinstance(r, Acted)]


# --- The games ---------------------------------------------------------------------------


def test_games_hole_cards_and_boards():
    for game, hole, boards in (("holdem", 2, 1), ("omaha", 4, 1), ("omaha-hilo", 4, 1),
                               ("bomb-double", 4, 2), ("draw", 5, 0)):
        h = started(game=game, ante=10 if game in ("bomb-double", "draw") else 0)
        assert all(len(h.hole[s]) == hole for s in range(3))
        assert len(h.boards) == boards


def test_holdem_best_five_of_seven_any_mix_board_plays():
    # Both play the board's straight: split.
    h = finished(stacks=(100, 100), button=0, hole=[["2c", "3d"], ["2h", "3s"]],
                 boards=[["Ts", "Jd", "Qc", "Kh", "Ac"]],
                 actions=["s0 call", "s1 check", "s1 check", "s0 check", "s1 check", "s0 check",
                          "s1 check", "s0 check"])
    assert h.result().net == (0, 0)


def test_omaha_uses_exactly_two_hole_and_three_board_cards():
    # A flush on the board does not count; the pair in the hole does (exactly two + three).
    h = finished(game="omaha", stacks=(100, 100), button=0,
                 hole=[["Ac", "Kd", "2s", "3s"], ["8c", "8d", "4c", "5d"]],
                 boards=[["2h", "6h", "9h", "Jh", "Qh"]],
                 actions=["s0 call", "s1 check"] + ["s1 check", "s0 check"] * 3)
    assert h.result().net == (-10, 10)


def test_default_structures_and_seat_counts():
    assert Game.HOLDEM.default_betting is Betting.NO_LIMIT
    assert Game.DRAW.default_betting is Betting.NO_LIMIT
    for g in (Game.OMAHA, Game.OMAHA_HILO, Game.BOMB_DOUBLE):
        assert g.default_betting is Betting.POT_LIMIT
    with pytest.raises(SettingsError, match="2 to 10"):
        HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (100,) * 11, 0, (5, 10))
    with pytest.raises(SettingsError, match="2 to 7"):
        HandConfig(Game.DRAW, Betting.NO_LIMIT, (100,) * 8, 0, (5, 10))
    with pytest.raises(SettingsError, match="2 to 10"):
        HandConfig(Game.OMAHA, Betting.POT_LIMIT, (100,), 0, (5, 10))
    HandConfig(Game.DRAW, Betting.FIXED_LIMIT, (100,) * 7, 0, (5, 10))


# --- Forced bets and order of action ---------------------------------------------------------


def test_blinds_left_of_button_and_first_to_act_left_of_big_blind():
    h = started(stacks=(1000,) * 5, button=2)
    posts = [(r.seat, r.kind) for r in h.log if isinstance(r, Posted)]
    assert posts == [(3, "small blind"), (4, "big blind")]
    assert h.to_act == 0


def test_after_the_flop_first_active_player_left_of_button_acts():
    h = started(stacks=(1000,) * 4, button=1,
                actions=["s0 call", "s1 call", "s2 fold", "s3 check"])
    assert h.round_name == "flop" and h.to_act == 3  # seat 2 (left of button) folded


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    h = started(stacks=(1000, 1000), button=1)
    assert [(r.seat, r.kind) for r in h.log if isinstance(r, Posted)] == [
        (1, "small blind"), (0, "big blind")]
    assert h.to_act == 1
    h.do(Action(1, Verb.CALL))
    h.do(Action(0, Verb.CHECK))
    assert h.round_name == "flop" and h.to_act == 0
    h.do(Action(0, Verb.CHECK))
    assert h.to_act == 1


def test_antes_posted_by_every_player_dealt_in_and_draw_first_to_act_left_of_button():
    h = started(game="draw", stacks=(1000,) * 4, button=3, ante=5)
    assert [(r.seat, r.kind, r.amount) for r in h.log if isinstance(r, Posted)] == [
        (0, "ante", 5), (1, "ante", 5), (2, "ante", 5), (3, "ante", 5)]
    assert h.to_act == 0 and h.level == 0


def test_short_blind_posts_what_it_has_and_is_all_in():
    h = started(stacks=(1000, 3, 1000), button=0)
    post = next(r for r in h.log if isinstance(r, Posted))
    assert (post.seat, post.amount, post.all_in) == (1, 3, True)


def test_short_big_blind_does_not_lower_the_bet():
    # Big blind 10, seat 2 has 6: the others must still call the full 10.
    h = started(stacks=(1000, 1000, 6), button=0)
    legal = h.legal()
    assert (legal.seat, legal.to_call, legal.min_to) == (0, 10, 20)
    h.do(Action(0, Verb.CALL))
    assert h.bets[0] == 10
    h.do(Action(1, Verb.CALL))
    assert h.total[1] == 10 and h.round_name == "flop"
    assert [(p.amount, p.eligible) for p in h.pots()] == [(18, (0, 1, 2)), (8, (0, 1))]


def test_bomb_pot_short_stack_not_dealt_in_equal_stack_all_in_button_stays():
    h = started(game="bomb-double", stacks=(1000, 30, 50, 1000), button=1, ante=50)
    assert not h.config.dealt_in[1] and h.stacks[1] == 30 and h.hole[1] == []
    assert h.stacks[2] == 0 and h.in_hand[2]
    assert h.config.button == 1 and h.order == (2, 3, 0)
    # hole cards, then both flops, dealt before the first betting round (on the flop)
    kinds = [r.to for r in h.log if isinstance(r, Dealt)]
    assert kinds[:12] == ["hole"] * 12 and kinds.count("board") == 6
    assert h.round_name == "flop" and h.to_act == 3  # seat 2 is all-in


def test_bomb_pot_heads_up_first_to_act_left_of_button_every_round():
    h = started(game="bomb-double", stacks=(1000, 1000), button=0, ante=20)
    assert h.to_act == 1
    h.do(Action(1, Verb.CHECK))
    h.do(Action(0, Verb.CHECK))
    assert h.round_name == "turn" and h.to_act == 1


# --- Betting -------------------------------------------------------------------------------


def test_verbs_are_strict():
    h = started(stacks=(1000,) * 3)
    with pytest.raises(WrongVerb, match="already a bet of 10"):
        h.verify(Action(0, Verb.BET, 30))  # blinds count as a bet
    with pytest.raises(WrongVerb, match="cannot check facing a bet of 10"):
        h.verify(Action(0, Verb.CHECK))
    h = started(stacks=(1000,) * 3, actions=["s0 call", "s1 call", "s2 check"])
    with pytest.raises(WrongVerb, match="nothing to call"):
        h.verify(Action(1, Verb.CALL))
    with pytest.raises(WrongVerb, match="nobody has bet"):
        h.verify(Action(1, Verb.RAISE, 20))
    assert h.can(Action(1, Verb.FOLD))  # a fold is allowed with nothing to call
    with pytest.raises(OutOfTurn, match="seat 2 acted out of turn: seat 1 is to act"):
        h.verify(Action(2, Verb.CHECK))


def test_all_in_no_bigger_than_the_call_is_an_all_in_call():
    h = started(stacks=(1000, 1000, 40), actions=["s0 raise 100", "s1 fold"])
    assert h.verify(Action(2, Verb.ALLIN)) == Action(2, Verb.CALL)
    rec = h.do(Action(2, Verb.ALLIN))
    assert (rec.verb, rec.to, rec.all_in) == (Verb.CALL, 40, True)


def test_minimum_bet_is_the_big_blind_or_the_whole_stack():
    h = started(stacks=(1000, 1000, 1000), actions=["s0 call", "s1 call", "s2 check"])
    assert h.legal().min_to == 10
    with pytest.raises(AmountError, match="below the minimum 10"):
        h.verify(Action(1, Verb.BET, 9))
    h = started(game="bomb-double", stacks=(1000, 1000, 1000), ante=5, blinds=(10, 20))
    assert h.legal().min_to == 20  # a bomb pot too
    h = started(stacks=(1000, 1000, 1000, 16), button=0, actions=[
        "s3 call", "s0 call", "s1 call", "s2 check", "s1 check", "s2 check"])
    assert h.legal().seat == 3 and h.legal().min_to == 6  # the whole stack: all-in
    assert h.can(Action(3, Verb.BET, 6))


def test_minimum_raise_is_the_largest_bet_or_raise_so_far():
    h = started(stacks=(1000,) * 4)
    assert h.legal().min_to == 20  # preflop the big blind counts as the opening bet
    h.do(Action(3, Verb.RAISE, 50))  # a raise of 40
    assert h.legal().min_to == 90
    with pytest.raises(AmountError, match="raise to 89 is below the minimum 90"):
        h.verify(Action(0, Verb.RAISE, 89))


def test_no_limit_any_amount_up_to_the_stack():
    h = started(stacks=(1000, 1000, 500))
    assert h.legal().max_to == 1000
    with pytest.raises(AmountError, match="it has 1000 in all"):
        h.verify(Action(0, Verb.RAISE, 1001))


def test_pot_limit_worked_example_raise_to_160_not_161():
    # Pot 100 before the round (two players called 50 preflop), A bets 20: B may raise to 160.
    h = started(game="omaha", stacks=(1000, 1000), button=0, blinds=(5, 10),
                actions=["s0 raise 30", "s1 raise 50", "s0 call", "s1 bet 20"])
    assert h.pot_total() == 100
    legal = h.legal()
    assert (legal.seat, legal.max_to) == (0, 160)
    assert h.can(Action(0, Verb.RAISE, 160))
    with pytest.raises(AmountError, match="raise to 161 is above the pot limit 160"):
        h.verify(Action(0, Verb.RAISE, 161))


def test_pot_limit_preflop_utg_may_raise_to_35():
    h = started(game="omaha", stacks=(1000,) * 4, blinds=(5, 10))
    assert h.legal().max_to == 35


def test_pot_limit_largest_first_bet_is_the_pot_and_all_in_above_it_bets_the_limit():
    h = started(game="omaha", stacks=(1000, 1000), button=0, blinds=(25, 50),
                actions=["s0 call", "s1 check"])
    assert h.legal().max_to == 100
    assert h.verify(Action(1, Verb.ALLIN)) == Action(1, Verb.BET, 100)


def test_double_pot_limit_is_twice_the_pot():
    h = started(game="omaha", betting="double-pot-limit", stacks=(1000, 1000), button=0,
                blinds=(5, 10), actions=["s0 raise 30", "s1 raise 50", "s0 call", "s1 bet 20"])
    assert h.legal().max_to == 20 + 2 * (100 + 20 + 20)
    h = started(game="omaha", betting="double-pot-limit", stacks=(1000,) * 4)
    assert h.legal().max_to == 10 + 2 * (15 + 10)


def test_fixed_limit_one_unit_early_two_units_late():
    h = started(betting="fixed-limit", stacks=(1000,) * 3)
    assert (h.legal().min_to, h.legal().max_to) == (20, 20)
    with pytest.raises(AmountError, match="fixed-limit raise is to 20 exactly, not 30"):
        h.verify(Action(0, Verb.RAISE, 30))
    assert h.verify(Action(0, Verb.RAISE)) == Action(0, Verb.RAISE, 20)  # amount optional
    h = started(betting="fixed-limit", stacks=(1000,) * 3, actions=[
        "s0 call", "s1 call", "s2 check", "s1 bet", "s2 call", "s0 call"])
    assert h.round_name == "turn" and h.legal().min_to == 20  # two units on the turn
    for game, ante, rounds_small in (("draw", 5, 1), ("bomb-double", 5, 1)):
        cfg = HandConfig(Game.parse(game), Betting.FIXED_LIMIT, (100, 100), 0, (5, 10), ante)
        assert [cfg.fixed_bet(i) for i in range(3)] == [10] * rounds_small + [20] * (
            3 - rounds_small)


def test_fixed_limit_four_bets_a_round_big_blind_first():
    h = started(betting="fixed-limit", stacks=(1000,) * 4,
                actions=["s3 raise", "s0 raise", "s1 raise"])  # 10 (BB), 20, 30, 40
    assert h.level == 40
    legal = h.legal()
    assert legal.raise_verb is None and "capped at 4 bets" in (legal.raise_blocked or "")
    with pytest.raises(RaiseNotAllowed, match="capped at 4 bets"):
        h.verify(Action(2, Verb.RAISE))


def test_fixed_limit_all_in_for_less_than_a_full_bet_does_not_count_toward_the_cap():
    h = started(betting="fixed-limit", stacks=(1000, 1000, 1000, 15),
                actions=["s3 allin", "s0 raise", "s1 raise"])  # 15 is short of a full raise
    assert h.level == 35  # bets: the big blind, 25, 35 (the all-in to 15 does not count)
    assert h.legal().seat == 2
    assert h.legal().raise_verb is Verb.RAISE and h.legal().min_to == 45


def test_cap_per_round_option_counts_the_big_blind_not_incomplete_all_ins():
    h = started(stacks=(1000, 1000, 1000, 1000), cap=2, actions=["s3 raise 30"])
    with pytest.raises(RaiseNotAllowed, match="capped at 2 bets"):
        h.verify(Action(0, Verb.RAISE, 100))
    h = started(stacks=(1000, 1000, 1000, 35), cap=3, actions=["s3 raise 30", "s0 call"])
    # seat 3 raised to 30 (bet 2); an incomplete all-in would not count toward the cap:
    h2 = started(stacks=(1000, 1000, 1000, 15), cap=2, actions=["s3 allin"])
    assert h2.legal().raise_verb is Verb.RAISE
    assert h.legal().raise_verb is Verb.RAISE


def test_incomplete_all_in_does_not_reopen_for_players_who_acted():
    # The example of static/rules/table-games.md#incomplete-all-in: blinds 5/10, UTG limps,
    # button all-in for 14, SB folds, BB calls: UTG may only call or fold (pokerkit 0.7.7
    # wrongly lets UTG raise).
    h = started(stacks=(14, 1000, 1000, 1000), button=0, actions=[
        "s3 call", "s0 allin", "s1 fold", "s2 call"])
    legal = h.legal()
    assert legal.seat == 3 and legal.raise_verb is None and legal.to_call == 4
    assert "incomplete all-in does not reopen" in (legal.raise_blocked or "")
    with pytest.raises(RaiseNotAllowed, match="grew by 4 since its last action, less than a "
                       "full raise of 10"):
        h.verify(Action(3, Verb.RAISE, 40))
    with pytest.raises(RaiseNotAllowed):
        h.verify(Action(3, Verb.ALLIN))
    assert h.can(Action(3, Verb.CALL)) and h.can(Action(3, Verb.FOLD))


def test_incomplete_all_in_players_who_have_not_acted_may_raise():
    h = started(stacks=(14, 1000, 1000, 1000), button=0, actions=["s3 call", "s0 allin"])
    assert h.legal().seat == 1 and h.legal().raise_verb is Verb.RAISE
    assert h.legal().min_to == 24  # the last full raise (10) on top of 14


def test_several_incomplete_all_ins_adding_up_to_a_full_raise_reopen():
    h = started(stacks=(1000, 1000, 1000, 150, 200, 1000), button=5,
                actions=["s2 raise 100", "s3 allin", "s4 allin", "s5 call", "s0 fold",
                         "s1 fold"])
    # 100 -> 150 -> 200: two short raises of 50 add up to a full raise of 100 for seat 2.
    assert h.legal().seat == 2 and h.legal().raise_verb is Verb.RAISE
    h = started(stacks=(1000, 1000, 1000, 150, 1000), button=4,
                actions=["s2 raise 100", "s3 allin", "s4 call", "s0 fold", "s1 fold"])
    assert h.legal().seat == 2 and h.legal().raise_verb is None  # one short raise: no


def test_opening_all_in_below_the_big_blind_is_incomplete():
    h = started(stacks=(1000, 1000, 1000, 16), button=0, actions=[
        "s3 call", "s0 call", "s1 call", "s2 check", "s1 check", "s2 check", "s3 allin"])
    legal = h.legal()  # seat 0 has not acted on the flop: it may raise, to at least 2 BB
    assert legal.seat == 0 and legal.raise_verb is Verb.RAISE and legal.min_to == 20
    h.do(Action(0, Verb.CALL))
    legal = h.legal()  # seat 1 checked: only call or fold
    assert legal.seat == 1 and legal.raise_verb is None


def test_round_ends_and_board_runs_out_when_at_most_one_can_act():
    h = finished(stacks=(1000, 1000, 100), button=0, actions=["s0 fold", "s1 call", "s2 allin",
                                                              "s1 call"])
    assert len(h.boards[0]) == 5 and not [r for r in h.log if isinstance(r, Acted)
                                           and r.round > 0]


def test_a_lone_big_blind_is_not_asked_to_act():
    # Everyone else all-in for no more than the big blind: nobody left to bet against.
    h = finished(stacks=(8, 1000, 1000), button=0, blinds=(5, 10),
                 actions=["s0 allin", "s1 fold"])
    assert [(s, v) for s, v, _ in acts(h)] == [(0, "call"), (1, "fold")]


def test_uncalled_bet_returns_to_its_owner():
    h = finished(stacks=(1000, 300, 1000), button=2, actions=[
        "s2 call", "s0 call", "s1 allin", "s2 raise 900", "s0 fold"])
    assert [(r.seat, r.amount) for r in h.log if isinstance(r, Returned)] == [(2, 600)]
    assert sum(p.amount for p in h.result().pots) == 10 + 300 + 300


# --- 5-card draw ---------------------------------------------------------------------------


def test_draw_zero_to_three_or_four_keeping_an_ace():
    h = started(game="draw", stacks=(100, 100), button=1, ante=5,
                hole=[["Ac", "Kd", "Qh", "Js", "9c"], ["2c", "5d", "7h", "8s", "Td"]],
                actions=["s0 check", "s1 check"])
    assert h.legal().draw_max == 4
    with pytest.raises(DrawError, match="at most 4 cards, not 5"):
        h.verify(Action.parse("s0 draw Kd Qh Js 9c Ac"))
    with pytest.raises(DrawError, match="only keeping an ace, and keeps Kd"):
        h.verify(Action.parse("s0 draw Ac Qh Js 9c"))
    assert h.can(Action.parse("s0 draw Kd Qh Js 9c"))
    with pytest.raises(DrawError, match="not in its hand"):
        h.verify(Action.parse("s0 draw 2c"))
    h.do(Action.parse("s0 draw"))
    assert h.legal().draw_max == 3
    with pytest.raises(DrawError, match="only keeping an ace"):
        h.verify(Action.parse("s1 draw 2c 5d 7h 8s"))


def test_draw_two_aces_may_discard_one_of_them_in_a_four_card_draw():
    h = started(game="draw", stacks=(100, 100), button=1, ante=5,
                hole=[["Ac", "Ad", "Qh", "Js", "9c"], ["2c", "5d", "7h", "8s", "Td"]],
                actions=["s0 check", "s1 check"])
    assert h.can(Action.parse("s0 draw Ad Qh Js 9c"))


def test_draw_stub_running_short_reshuffles_discards_except_the_drawer_s():
    # 7 players: 35 cards dealt, 17 left. Four players discard 4 (keeping an ace): 16 cards;
    # the fifth needs 3 more than the stub's one card: the first four's discards are reshuffled.
    aces = ["Ac", "Ad", "Ah", "As"]
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (100,) * 7, 6, (5, 10), 5)
    deck = list(parse_cards(" ".join(
        f"{r}{s}" for r in "AKQJT98765432" for s in "cdhs")))
    seen: list[tuple[int, ...]] = []

    def reshuffle(cards):
        seen.append(tuple(cards))
        return list(reversed(cards))

    h = Hand(cfg, deck, reshuffle=reshuffle)
    for s in range(7):
        h.do(Action(s, Verb.CHECK))
    for s in range(4):
        hole = h.hole[s]
        ace = next(c for c in hole if str(c) in aces)
        h.do(Action(s, Verb.DRAW, None, tuple(c for c in hole if c != ace)))
    mine = tuple(h.hole[4][:3])
    h.do(Action(4, Verb.DRAW, None, mine))
    assert len(seen) == 1 and len(seen[0]) == 16 and not set(mine) & set(seen[0])
    shuffles = [r.shuffle for r in h.log if isinstance(r, Dealt) and r.seat == 4 and r.to == "draw"]
    assert shuffles == [0, 1, 1]
    assert next(r for r in h.log if isinstance(r, Reshuffled)).shuffle == 1
    assert len(set(map(int, h.hole[4]))) == 5


SEVEN_HOLE = [["Ac", "2c", "3d", "4h", "6s"], ["Ad", "2d", "3h", "4s", "7c"],
              ["Ah", "2h", "3s", "5c", "7d"], ["As", "2s", "4c", "5d", "7h"],
              ["Kc", "Kd", "8c", "9d", "Jh"], ["Qc", "Qd", "Qh", "8d", "9h"],
              ["Tc", "Td", "Th", "8h", "9s"]]
SEVEN_FRESH = ["3c", "4d", "6c", "8s", "5h", "6d", "7s", "9c", "Ts", "Jc", "Qs", "5s",
               "6h", "Jd", "Js", "Ks", "Kh"]
SEVEN_DRAWS = ["s0 draw 2c 3d 4h 6s", "s1 draw 2d 3h 4s 7c", "s2 draw 2h 3s 5c 7d",
               "s3 draw 2s 4c 5d 7h", "s4 draw 8c 9d Jh", "s5 draw 8d 9h", "s6 draw 8h 9s"]
SEVEN_AFTER = ["s0 check", "s1 check", "s2 check", "s3 check", "s4 bet 50", "s5 call",
               "s6 fold", "s0 fold", "s1 fold", "s2 fold", "s3 fold"]


def test_draw_stub_running_short_in_the_middle_of_a_seat_s_draw_goes_on_from_the_discards():
    # 7 players: 35 cards dealt leave 17. Seats 0-3 draw 4 each (16); seat 4 draws 3: the
    # stub's last card, then the stub runs short and the discards made so far (seats 0-3's,
    # not seat 4's own 8c 9d Jh) are shuffled into a new stub for its other two.
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (100,) * 7, 6, (5, 10), 5)
    hole = [parse_cards(" ".join(h)) for h in SEVEN_HOLE]
    given: list[tuple[int, ...]] = []

    def reshuffle(cards):
        given.append(tuple(cards))
        return sorted(cards)  # 2c 2d 2h 2s 3d ...: a new stub in a known order

    h = Hand(cfg, stacked_deck(cfg, hole, (), parse_cards(" ".join(SEVEN_FRESH))),
             reshuffle=reshuffle)
    for line in [f"s{s} check" for s in range(7)] + SEVEN_DRAWS[:5]:
        h.do(Action.parse(line))
    discarded = parse_cards(" ".join(" ".join(d.split()[2:]) for d in SEVEN_DRAWS[:4]))
    assert given == [tuple(discarded)]
    got = [(str(r.card), r.shuffle) for r in h.log if isinstance(r, Dealt) and r.seat == 4
           and r.to == "draw"]
    assert got == [("Kh", 0), ("2c", 1), ("2d", 1)]
    assert sorted(map(str, h.hole[4])) == ["2c", "2d", "Kc", "Kd", "Kh"]
    for line in SEVEN_DRAWS[5:] + SEVEN_AFTER:
        h.do(Action.parse(line))
    # seats 5 and 6 draw on from the new stub; seat 4's discards are in nobody's hand
    assert sorted(map(str, h.hole[5])) == ["2h", "2s", "Qc", "Qd", "Qh"]
    assert not {"8c", "9d", "Jh"} & {str(c) for hand in h.hole for c in hand}
    assert h.result().net == (-5, -5, -5, -5, 80, -55, -5)


def test_a_script_s_stub_goes_on_with_the_reshuffled_discards_mid_draw():
    # The same hand as a script (playhand's form): the stub lists the 17 fresh cards, then
    # the cards the reshuffle hands out next, seat 4's second card first.
    stub = [*SEVEN_FRESH, "2c", "2d", "3d", "4h", "3h", "4s"]
    h = finished(game="draw", stacks=(100,) * 7, button=6, ante=5, hole=SEVEN_HOLE,
                 stub=stub, actions=[f"s{s} check" for s in range(7)] + SEVEN_DRAWS
                 + SEVEN_AFTER)
    shuffled = next(r for r in h.log if isinstance(r, Reshuffled))
    assert [str(c) for c in shuffled.cards[:6]] == stub[17:]
    assert sorted(map(str, h.hole[4])) == ["2c", "2d", "Kc", "Kd", "Kh"]
    assert h.result().net == (-5, -5, -5, -5, 80, -55, -5)
    with pytest.raises(StepError) as e:  # the drawer's own discards are not reshuffled
        finished(game="draw", stacks=(100,) * 7, button=6, ante=5, hole=SEVEN_HOLE,
                 stub=[*SEVEN_FRESH, "Jh"], actions=[f"s{s} check" for s in range(7)]
                 + SEVEN_DRAWS)
    assert e.value.number == 12 and "Jh is not among the reshuffled discards" in str(e.value)


# --- Pots and showdown ----------------------------------------------------------------------


def test_side_pots_seed_004_example():
    # Pot 100 before the flop (antes 10 x 4, A, B, C in for 20, D folded); on the flop
    # A (200) bets 50, B (30) all-in 30, C calls 50 -> main 190 (A, B, C), side 40 (A, C).
    h = started(stacks=(230, 60, 1000, 1000), button=3, blinds=(10, 20), ante=10,
                actions=["s2 call", "s3 fold", "s0 call", "s1 check"])
    assert h.pot_total() == 100 and h.stacks[0] == 200 and h.stacks[1] == 30
    for line in ["s0 bet 50", "s1 allin", "s2 call"]:
        h.do(Action.parse(line))
    assert h.round_name == "turn"
    assert [(p.amount, p.eligible) for p in h.pots()] == [(190, (0, 1, 2)), (40, (0, 2))]


def test_the_main_pot_holds_only_what_every_player_could_match_antes_included():
    # Heads-up, ante 25, blinds 25/50: seat 1 has 3 chips and is all in on its ante. Seat 0
    # (ante 25 + small blind 25) folds. Seat 1 could match 3 of seat 0's chips: it wins
    # 3 + 3; the 47 nobody matched go back to seat 0 (they are never a pot).
    h = finished(game="omaha", stacks=(2700, 3), button=0, blinds=(25, 50), ante=25,
                 actions=["s0 fold"])
    assert Returned(0, 47) in h.log and h.result().net == (-3, 3)
    assert [(p.amount, p.winners) for p in h.result().pots] == [(6, ((1, 6),))]


def test_an_ante_all_in_wins_from_each_player_only_what_it_could_match_when_all_fold():
    # The big blind (3 chips) is all in on its ante 25; the big blind is still 50 to call.
    # The button folds (ante 25), the small blind folds (ante 25 + 25): both folded, so
    # neither can win the 22 and 47 above the 3 the big blind could match; they go back.
    h = finished(stacks=(1000, 1000, 3), button=0, blinds=(25, 50), ante=25,
                 actions=["s0 fold", "s1 fold"])
    assert [(r.seat, r.amount) for r in h.log if isinstance(r, Returned)] == [(1, 47), (0, 22)]
    assert h.result().net == (-3, -3, 6)
    assert [(p.amount, p.eligible) for p in h.result().pots] == [(9, (2,))]


def test_several_short_antes_each_side_pot_holds_the_excess_among_those_who_put_it_in():
    # Ante 25, blinds 25/50: the small blind has 10 and the big blind 3, each all in on its
    # ante. Seats 3 and 0 fold. Main pot 3 x 4 (both all-ins can win it), side pot 7 x 3 (only
    # the small blind put in that much of those still in); the 15 above 10 that the folded
    # seats put in nobody still in could win: they go back.
    h = finished(stacks=(1000, 10, 3, 1000), button=0, blinds=(25, 50), ante=25,
                 hole=[["2h", "7d"], ["Kc", "Kd"], ["Ac", "Ad"], ["3s", "8c"]],
                 boards=[["4c", "5d", "9h", "Js", "Qc"]], actions=["s3 fold", "s0 fold"])
    assert [(r.seat, r.amount) for r in h.log if isinstance(r, Returned)] == [(3, 15), (0, 15)]
    assert [(p.amount, p.eligible, p.winners) for p in h.result().pots] == [
        (12, (1, 2), ((2, 12),)), (21, (1,), ((1, 21),))]
    assert h.result().net == (-10, 11, 9, -10)


def test_bomb_pot_a_stack_equal_to_the_ante_is_all_in_and_every_ante_matches_it():
    # Seat 1 is dealt in all in on the bomb ante 50: the others' antes match it in full, so
    # only seat 2's uncalled bet goes back and the one pot is every ante.
    h = finished(game="bomb-double", stacks=(1000, 50, 1000), button=0, ante=50,
                 actions=["s2 bet 100", "s0 fold"])
    assert [(r.seat, r.amount) for r in h.log if isinstance(r, Returned)] == [(2, 100)]
    assert [(p.amount, p.eligible) for p in h.result().pots] == [(150, (1, 2))]
    assert sum(h.result().net) == 0 and h.result().net[0] == -50


def test_folded_chips_stay_in_the_pots_paid_main_pot_first():
    h = finished(stacks=(230, 60, 1000, 1000), button=3, blinds=(10, 20), ante=10,
                 hole=[["Kc", "Kd"], ["Ac", "Ad"], ["Qc", "Qd"], ["2h", "7s"]],
                 boards=[["3c", "5d", "9h", "Js", "8c"]],
                 actions=["s2 call", "s3 fold", "s0 call", "s1 check", "s0 bet 50",
                          "s1 allin", "s2 call", "s0 check", "s2 check", "s0 check",
                          "s2 check"])
    pots = h.result().pots
    assert [(p.amount, p.winners) for p in pots] == [(190, ((1, 190),)), (40, ((0, 40),))]
    assert h.result().net == (-80 + 40, 190 - 60, -80, -10)


def test_showdown_order_last_aggressor_first_then_clockwise_folded_never_shown():
    h = finished(stacks=(1000,) * 4, button=0, actions=[
        "s3 call", "s0 call", "s1 call", "s2 check",
        "s1 check", "s2 check", "s3 check", "s0 check",
        "s1 check", "s2 check", "s3 check", "s0 check",
        "s1 check", "s2 bet 20", "s3 fold", "s0 raise 60", "s1 call", "s2 call"])
    assert [r.seat for r in h.log if isinstance(r, Shown)] == [0, 1, 2]
    assert h.showdown_order() == (0, 1, 2)
    h = finished(stacks=(1000,) * 3, button=0, actions=["s0 call", "s1 call", "s2 check"] + [
        "s1 check", "s2 check", "s0 check"] * 3)
    assert [r.seat for r in h.log if isinstance(r, Shown)] == [1, 2, 0]  # checked through


def test_uncontested_winner_shows_nothing():
    h = finished(stacks=(1000,) * 3, actions=["s0 raise 30", "s1 fold", "s2 fold"])
    assert not [r for r in h.log if isinstance(r, Shown)]
    assert h.result().net == (15, -5, -10)


def test_split_pot_odd_chips_one_at_a_time_from_left_of_the_button():
    # The board plays; a pot of 25 between seats 1 and 2 (button 2): the odd chip goes to
    # seat 1, the first of them left of the button.
    h = finished(stacks=(100, 100, 100), button=2, blinds=(5, 10),
                 hole=[["2c", "3d"], ["2h", "3s"], ["2d", "3c"]],
                 boards=[["Ts", "Jd", "Qc", "Kh", "Ac"]],
                 actions=["s2 call", "s0 fold", "s1 check"] + ["s1 check", "s2 check"] * 3)
    assert h.result().pots[0].winners == ((1, 13), (2, 12))
    h = finished(stacks=(100, 100, 100, 100), button=1, blinds=(1, 2),
                 hole=[["2c", "3d"], ["2h", "3s"], ["2d", "3c"], ["4d", "4c"]],
                 boards=[["Ts", "Jd", "Qc", "Kh", "Ac"]],
                 actions=["s0 call", "s1 call", "s2 call", "s3 check"] + [
                     "s2 check", "s3 bet 2", "s0 call", "s1 call", "s2 fold"] + [
                     "s3 check", "s0 check", "s1 check"] * 2)
    # pot 8 + 6 = 14 among seats 3, 0, 1 (4 left of the button 1 is seat 2 (folded), then 3):
    assert h.result().pots[0].winners == ((3, 5), (0, 5), (1, 4))


def test_omaha_hilo_halves_odd_chip_to_high_quarters_and_scoop_without_low():
    board = [["2c", "4d", "7h", "Ks", "Qd"]]
    h = finished(game="omaha-hilo", stacks=(100, 100, 100), button=2, blinds=(5, 10),
                 hole=[["Ac", "3d", "Jh", "Jc"], ["Kc", "Kd", "9h", "9c"],
                       ["Ah", "3s", "Th", "Tc"]], boards=board,
                 actions=["s2 call", "s0 call", "s1 check"] + ["s0 check", "s1 check",
                                                                "s2 check"] * 3)
    # pot 30: high 15 to seat 1 (kings set), low 15 split by seats 0 and 2 (A-2-3-4-7): 8/7
    # from left of the button (seat 0 first).
    assert dict(h.result().pots[0].winners) == {1: 15, 0: 8, 2: 7}
    msgs = payout_messages(h, ["Ann", "Bill", "Joe"])
    assert msgs == ["Bill wins the high half (15) with Three of a Kind, Kings",
                    "Ann and Joe split the low half (15) with 7-4-3-2-A"]
    h = finished(game="omaha-hilo", stacks=(100, 100, 100), button=2, blinds=(5, 10),
                 hole=[["Ac", "3d", "Jh", "Jc"], ["Kc", "Kd", "9h", "9c"],
                       ["Ah", "3s", "Th", "Tc"]], boards=[["2c", "5d", "9d", "Ks", "Qd"]],
                 actions=["s2 call", "s0 call", "s1 check"] + ["s0 check", "s1 check",
                                                                "s2 check"] * 3)
    assert dict(h.result().pots[0].winners) == {1: 30}  # no low: the high hand scoops


def test_omaha_hilo_odd_chip_of_the_halving_goes_to_high():
    h = finished(game="omaha-hilo", stacks=(100, 100, 100), button=2, blinds=(5, 10), ante=1,
                 hole=[["Ac", "3d", "Jh", "Jc"], ["Kc", "Kd", "9h", "9c"],
                       ["8h", "8s", "Th", "Tc"]], boards=[["2c", "4d", "7h", "Ks", "Qd"]],
                 actions=["s2 call", "s0 call", "s1 check"] + ["s0 check", "s1 check",
                                                                "s2 check"] * 3)
    assert dict(h.result().pots[0].winners) == {1: 17, 0: 16}  # 33: high 17, low 16


def test_omaha_hilo_low_is_decided_per_pot():
    # Seat 0 (all-in short) has the only low: the main pot is halved; the side pot, whose
    # players have no low, goes to its best high hand whole.
    h = finished(game="omaha-hilo", betting="no-limit", stacks=(50, 500, 500), button=2,
                 blinds=(5, 10),
                 hole=[["Ac", "3d", "Jh", "Jc"], ["Kc", "Kd", "9h", "9c"],
                       ["Qh", "Qs", "Th", "Tc"]], boards=[["2c", "4d", "7h", "Ks", "Qd"]],
                 actions=["s2 call", "s0 allin", "s1 call", "s2 call"] + [
                     "s1 bet 100", "s2 call"] + ["s1 check", "s2 check"] * 2)
    pots = h.result().pots
    assert dict(pots[0].winners) == {1: 75, 0: 75}
    assert dict(pots[1].winners) == {1: 200}


def test_double_board_halves_odd_chip_to_board_one_and_one_player_may_win_both():
    h = finished(game="bomb-double", stacks=(100, 100, 100), button=2, ante=11,
                 hole=[["Ac", "Ad", "2h", "3h"], ["Kc", "Kd", "4h", "5h"],
                       ["Qc", "Qd", "4c", "4s"]],
                 boards=[["As", "8s", "9c", "Tc", "2d"], ["Ks", "8d", "9h", "Td", "3c"]],
                 actions=["s0 check", "s1 check", "s2 check"] * 3)
    assert dict(h.result().pots[0].winners) == {0: 17, 1: 16}  # 33: board 1 17, board 2 16
    h = finished(game="bomb-double", stacks=(100, 100, 100), button=2, ante=10,
                 hole=[["Ac", "Ad", "Kh", "Kc"], ["Qc", "Qd", "4h", "5h"],
                       ["Jc", "Jd", "2h", "2s"]],
                 boards=[["As", "8s", "9c", "Tc", "2d"], ["Ks", "8d", "9h", "Td", "3c"]],
                 actions=["s0 check", "s1 check", "s2 check"] * 3)
    assert dict(h.result().pots[0].winners) == {0: 30}


def test_payout_messages_in_the_rules_style():
    h = finished(stacks=(1000, 1000, 400), button=0,
                 hole=[["Kd", "5d"], ["7c", "8d"], ["Qh", "Jh"]],
                 boards=[["2c", "5h", "Kc", "3d", "9s"]],
                 actions=["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 call",
                          "s1 bet 100", "s0 call", "s1 check", "s0 check", "s1 check",
                          "s0 check"])
    assert payout_messages(h, ["Bill", "Joe", "Ann"]) == [
        "Bill wins the main pot (1,200) with Two Pair, Kings and Fives",
        "Bill wins the side pot (200) with Two Pair, Kings and Fives",
    ]
    h = finished(stacks=(100, 100), button=1, hole=[["2c", "3d"], ["2h", "3s"]],
                 boards=[["8s", "9d", "Tc", "Jh", "Qc"]],
                 actions=["s1 call", "s0 check"] + ["s0 check", "s1 check"] * 3)
    assert payout_messages(h, ["Bill", "Joe"]) == [
        "Bill and Joe split the pot (20) with a Straight, Queen high"]


def test_script_errors_name_the_action():
    with pytest.raises(StepError) as e:
        play(parse_script(script(actions=["s0 call", "s1 raise 15"])))
    assert e.value.number == 2 and "below the minimum 20" in str(e.value)


def test_draw_reshuffle_comes_from_the_fair_deal_s_continued_stream():
    """The rules: discards are reshuffled "by the same provably fair deal, from its continued
    stream". The room passes ``FairStream.reshuffle`` as the engine's hook; anyone with the
    seed and nonces rebuilds the same reshuffled stub."""
    from rules.fairdeal import FairStream, derive_deck

    seed, nonces = "ab" * 32, {"p1": "01" * 16, "p2": "02" * 16}
    stream = FairStream(seed, nonces)
    deck = stream.deck()
    assert deck == derive_deck(seed, nonces)
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (100,) * 7, 6, (5, 10), 5)
    hand = Hand(cfg, deck, reshuffle=stream.reshuffle)
    for s in range(7):
        hand.do(Action(s, Verb.CHECK))
    for s in range(7):
        hole = hand.hole[s]
        keep = next((c for c in hole if c.rank == 12), None)
        discards = tuple(c for c in hole if c != keep)[:4 if keep is not None else 3]
        hand.do(Action(s, Verb.DRAW, None, discards))
    reshuffles = [r for r in hand.log if isinstance(r, Reshuffled)]
    assert reshuffles, "seven players drawing 3-4 cards each must run the stub short"
    check = FairStream(seed, nonces)
    assert check.deck() == deck
    replayed = check.reshuffle(_discards_before(hand, reshuffles[0]))
    assert tuple(replayed) == reshuffles[0].cards


def _discards_before(hand: Hand, reshuffle: Reshuffled) -> list:
    """The discards the engine handed to the reshuffle hook, in discard order."""
    from rules.poker.records import Drew

    pile = []
    index = hand.log.index(reshuffle)
    drawing = None
    for rec in hand.log[:index]:
        if isinstance(rec, Drew):
            pile.extend(rec.discards)
    for rec in hand.log[index:]:
        if isinstance(rec, Drew):
            drawing = rec
            break
    assert drawing is not None
    return [c for c in pile if c not in drawing.discards]


# --- Cash games: a newcomer posts a big blind to come in ---------------------------------


def _posting_hand(stacks=(1000, 1000, 1000, 1000), posts=(3,)) -> Hand:
    """Four seats, button 0 (small blind 1, big blind 2), ``posts`` post a big blind too."""
    cfg = HandConfig(Game.HOLDEM, Betting.NO_LIMIT, tuple(stacks), 0, (5, 10), posts=posts)
    deck = parse_cards(" ".join(
        ["Ac", "Kc", "Qc", "Jc", "Ad", "Kd", "Qd", "Jd", *SPARE[:44]]))
    return Hand(cfg, deck)


def test_cash_a_newcomer_posts_a_live_big_blind_and_keeps_the_option():
    """Rule "Cash": a newcomer may post a big blind instead of waiting for it. The post is a
    live bet: calling costs them nothing more, and with no raise they may check their option."""
    hand = _posting_hand()
    posted = [(r.seat, r.kind, r.amount) for r in hand.log if isinstance(r, Posted)]
    assert posted == [(1, "small blind", 5), (2, "big blind", 10), (3, "big blind", 10)]
    assert sum(hand.bets) == 25 and hand.to_act == 3 and hand.to_call(3) == 0
    assert Verb.CHECK in hand.legal().verbs  # the poster is first to act, at the level
    hand.do(Action(3, Verb.CHECK))
    hand.do(Action(0, Verb.CALL))
    hand.do(Action(1, Verb.CALL))
    assert hand.to_act == 2 and hand.round == 0  # the big blind still has the option
    hand.do(Action(2, Verb.CHECK))
    assert hand.round == 1 and hand.pot_total() == 40


def test_cash_a_post_that_is_raised_must_call_the_raise():
    hand = _posting_hand()
    hand.do(Action(3, Verb.CHECK))
    hand.do(Action(0, Verb.RAISE, 40))
    hand.do(Action(1, Verb.FOLD))
    hand.do(Action(2, Verb.FOLD))
    assert hand.to_act == 3 and hand.to_call(3) == 30
    hand.do(Action(3, Verb.CALL))
    assert hand.round == 1 and hand.pot_total() == 5 + 10 + 40 + 40


def test_cash_a_seat_in_the_blinds_pays_its_blind_not_a_second_post():
    hand = _posting_hand(posts=(1, 2))
    posted = [(r.seat, r.kind, r.amount) for r in hand.log if isinstance(r, Posted)]
    assert posted == [(1, "small blind", 5), (2, "big blind", 10)]


def test_cash_posts_are_refused_where_they_cannot_be():
    with pytest.raises(SettingsError, match="posts no blinds"):
        HandConfig(Game.DRAW, Betting.NO_LIMIT, (100, 100, 100), 0, (5, 10), 10, posts=(2,))
    with pytest.raises(SettingsError, match="dealt in"):
        HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (100, 100, 0), 0, (5, 10), posts=(2,))
    with pytest.raises(SettingsError, match="once"):
        HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (100, 100, 100, 100), 0, (5, 10),
                   posts=(3, 3))

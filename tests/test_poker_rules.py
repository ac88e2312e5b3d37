"""One scenario per ruling of ../shared/rules/table-games.md, each named after its rule.

Expected numbers are worked out from the rule text (in the comments), not read off the engine.
"""

from __future__ import annotations

import pytest
from poker_support import table
from rules.cards import parse_cards
from rules.fairdeal import DeckStream
from rules.poker import (
    BadDraw,
    BadSetup,
    CapReached,
    Deck,
    DeckError,
    Hand,
    IllegalAmount,
    NotReopened,
    NotYourTurn,
    Phase,
    Pot,
    ScriptedCards,
    Street,
    TableRules,
    Verb,
    WrongVerb,
)
from rules.poker.history import payout_messages
from rules.poker.records import Acted, Awarded, DealKind, Dealt, Posted, PostKind, Returned, Shown


def posts(hand: Hand) -> list[tuple[int, str, int, bool]]:
    return [(r.seat, r.kind.value, r.amount, r.all_in) for r in hand.log if isinstance(r, Posted)]


# --- the games --------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "hole", "boards"), [
    ("holdem", 2, 1), ("omaha", 4, 1), ("omaha-hilo", 4, 1), ("bomb-double", 4, 2), ("draw", 5, 0),
])
def test_the_games_deal_their_hole_cards_and_boards(game, hole, boards):
    h = table(game, ante=10 if game == "bomb-double" else 0)
    assert [len(h.hole[s]) for s in range(3)] == [hole] * 3
    assert len(h.boards) == boards


@pytest.mark.parametrize(("game", "seats"), [("holdem", 1), ("holdem", 11), ("draw", 8)])
def test_tables_seat_2_to_10_players_draw_2_to_7(game, seats):
    with pytest.raises(BadSetup, match="seats 2 to"):
        table(game, stacks=[100] * seats)
    table(game, stacks=[100] * (7 if game == "draw" else 10))


# --- forced bets and order of action ------------------------------------------------------

def test_blinds_left_of_button_then_preflop_left_of_big_blind_then_left_of_button():
    h = table(stacks=[1000] * 4, button=0)
    assert posts(h) == [(1, "small blind", 5, False), (2, "big blind", 10, False)]
    assert h.to_act == 3
    for a in ["s3 call", "s0 call", "s1 call", "s2 check"]:
        h.do(a)
    assert h.street is Street.FLOP and h.to_act == 1


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after():
    h = table(stacks=[1000, 1000], button=0)
    assert posts(h) == [(0, "small blind", 5, False), (1, "big blind", 10, False)]
    assert h.to_act == 0
    h.do("s0 call")
    h.do("s1 check")
    assert h.street is Street.FLOP and h.to_act == 1
    h.do("s1 check")
    assert h.to_act == 0


def test_antes_are_posted_by_every_player_dealt_in_before_the_deal():
    h = table(stacks=[1000] * 3, ante=2)
    first_deal = next(i for i, r in enumerate(h.log) if isinstance(r, Dealt))
    antes = [r for r in h.log[:first_deal] if isinstance(r, Posted) and r.kind is PostKind.ANTE]
    assert sorted(r.seat for r in antes) == [0, 1, 2] and all(r.amount == 2 for r in antes)
    assert h.pot_total == 6 + 15


def test_draw_with_antes_only_left_of_button_acts_first_in_every_round():
    h = table("draw", stacks=[1000] * 3, button=1, ante=5, blinds=(0, 10))
    assert not [p for p in posts(h) if p[1] != "ante"]
    assert h.to_act == 2
    for a in ["s2 check", "s0 check", "s1 check", "s2 draw", "s0 draw", "s1 draw"]:
        h.do(a)
    assert h.street is Street.POSTDRAW and h.to_act == 2


def test_a_player_who_cannot_cover_a_blind_or_ante_posts_what_they_have_all_in():
    h = table(stacks=[1000, 3, 1000], button=0)
    assert posts(h)[0] == (1, "small blind", 3, True)
    h = table(stacks=[1000, 1000, 4], button=0, ante=5)
    assert (2, "ante", 4, True) in posts(h)


def test_a_short_big_blind_does_not_lower_the_bet():
    # BB (seat 2) has 7: the others must still call the full big blind of 10.
    h = table(stacks=[1000, 1000, 7, 1000], button=0)
    assert posts(h)[1] == (2, "big blind", 7, True)
    assert h.call_amount() == 10 and h.options().raise_to == (20, 1000)
    for a in ["s3 call", "s0 call", "s1 call"]:
        h.do(a)
    assert h.street is Street.FLOP
    # main pot: 7 from each of four; side pot: the other 3 from the three who called 10
    assert h.pots() == [Pot(28, (0, 1, 2, 3)), Pot(9, (0, 1, 3))]


def test_bomb_pot_a_stack_below_the_ante_is_not_dealt_in_and_one_equal_to_it_is_all_in():
    h = table("bomb-double", stacks=[500, 20, 500, 50], button=0, ante=50)
    assert h.dealt_in == (True, False, True, True)
    assert h.hole[1] == [] and h.stacks[1] == 20
    assert (3, "ante", 50, True) in posts(h)
    assert h.to_act == 2  # first dealt-in seat left of the button
    while not h.is_over:
        h.do(h.default_action())
    assert h.stacks[1] == 20 and h.net()[1] == 0


def test_bomb_pot_button_not_dealt_in_stays_and_first_round_is_on_the_flop():
    h = table("bomb-double", stacks=[20, 500, 500], button=0, ante=50)
    assert h.button == 0 and h.street is Street.FLOP and h.to_act == 1
    assert [len(b) for b in h.boards] == [3, 3]  # hole cards, then both flops, then betting
    kinds = [r.kind for r in h.log if isinstance(r, Dealt)]
    assert kinds[-2:] == [DealKind.BOARD, DealKind.BOARD] and DealKind.HOLE in kinds


def test_bomb_pot_heads_up_the_button_acts_last():
    h = table("bomb-double", stacks=[500, 500], button=0, ante=20)
    assert h.to_act == 1
    h.do("s1 check")
    assert h.to_act == 0


# --- betting ------------------------------------------------------------------------------

def test_verbs_are_strict():
    h = table(stacks=[1000] * 4)
    with pytest.raises(WrongVerb, match="raise instead"):
        h.verify("s3 bet 30")  # the blinds count as a bet
    with pytest.raises(WrongVerb, match="cannot check"):
        h.verify("s3 check")
    for a in ["s3 call", "s0 call", "s1 call", "s2 check"]:
        h.do(a)
    with pytest.raises(WrongVerb, match="bet instead"):
        h.verify("s1 raise 20")
    with pytest.raises(WrongVerb, match="nothing to call"):
        h.verify("s1 call")
    h.do("s1 bet 10")
    assert h.can("s2 call") and h.can("s2 raise 20") and not h.can("s2 bet 20")


def test_all_in_with_a_stack_no_bigger_than_the_call_is_an_all_in_call():
    h = table(stacks=[1000, 1000, 1000, 8])
    rec = h.do("s3 allin")
    assert isinstance(rec, Acted) and rec.verb is Verb.CALL and rec.all_in and rec.to == 8


def test_a_fold_is_allowed_with_nothing_to_call():
    h = table(stacks=[1000] * 3, actions=["s0 call", "s1 call", "s2 check"])
    assert h.call_amount() == 0 and Verb.FOLD in h.options().verbs
    h.do("s1 fold")
    assert h.folded[1]


def test_minimum_bet_is_the_big_blind_or_the_whole_stack():
    h = table(stacks=[1000, 1000, 17], actions=["s0 call", "s1 call", "s2 check"])
    with pytest.raises(IllegalAmount, match="below the minimum bet-to 10"):
        h.verify("s1 bet 9")
    h.do("s1 check")
    assert h.options().bet_to == (7, 7)  # seat 2 has 7 left: all in is its only bet
    h.do("s2 bet 7")
    b = table("bomb-double", stacks=[500] * 3, ante=50)
    assert b.options().bet_to == (10, 150)  # the big blind is the minimum in a bomb pot too


def test_minimum_raise_is_the_largest_bet_or_raise_so_far():
    h = table(stacks=[1000] * 4)
    assert h.options().raise_to[0] == 20  # the big blind counts as the opening bet
    h.do("s3 raise 50")  # a raise of 40
    with pytest.raises(IllegalAmount, match="minimum raise-to 90"):
        h.verify("s0 raise 89")
    h.do("s0 raise 90")


def test_no_limit_any_amount_up_to_the_stack():
    h = table(stacks=[1000] * 3)
    assert h.options().raise_to == (20, 1000)
    with pytest.raises(IllegalAmount, match="cannot raise to 1001"):
        h.verify("s0 raise 1001")
    h.do("s0 raise 1000")


def test_pot_limit_example_pot_100_a_bets_20_b_may_raise_to_160_not_161():
    # A bomb pot with two antes of 50: the pot is 100 when the flop betting starts.
    h = table("bomb-double", betting="pot-limit", stacks=[1000, 1000], ante=50)
    assert h.pot_total == 100 and h.to_act == 1
    h.do("s1 bet 20")
    assert h.options().raise_to == (40, 160)  # call 20, then raise the pot of 140
    with pytest.raises(IllegalAmount, match="above the pot limit: at most 160"):
        h.verify("s0 raise 161")
    h.do("s0 raise 160")


def test_pot_limit_preflop_5_10_utg_may_raise_to_35_and_the_largest_first_bet_is_the_pot():
    h = table(betting="pot-limit", stacks=[1000] * 4)
    assert h.options().raise_to == (20, 35)
    for a in ["s3 call", "s0 call", "s1 call", "s2 check"]:
        h.do(a)
    assert h.options().bet_to == (10, 40)


def test_pot_limit_all_in_above_the_limit_is_refused():
    h = table("omaha", stacks=[1000] * 4)
    assert Verb.ALLIN not in h.options().verbs
    with pytest.raises(IllegalAmount, match="raise to 35 instead"):
        h.verify("s3 allin")


def test_double_pot_limit_is_twice_the_pot():
    h = table(betting="double-pot-limit", stacks=[1000] * 4)
    assert h.options().raise_to == (20, 10 + 2 * 25)
    h2 = table("bomb-double", betting="double-pot-limit", stacks=[1000, 1000], ante=50,
               actions=["s1 bet 20"])
    assert h2.options().raise_to == (40, 20 + 2 * 140)


def test_fixed_limit_one_unit_on_the_first_two_rounds_and_two_later():
    h = table(betting="fixed-limit", stacks=[1000] * 3)
    with pytest.raises(IllegalAmount, match="exactly 20"):
        h.verify("s0 raise 25")
    for a in ["s0 raise", "s1 call", "s2 call"]:  # the amount may be left out
        h.do(a)
    assert h.options().bet_to == (10, 10)
    for a in ["s1 check", "s2 check", "s0 check"]:
        h.do(a)
    assert h.street is Street.TURN and h.options().bet_to == (20, 20)
    d = table("draw", betting="fixed-limit", stacks=[1000] * 2, ante=1, blinds=(0, 10))
    assert d.options().bet_to == (10, 10)
    for a in ["s1 check", "s0 check", "s1 draw", "s0 draw"]:
        d.do(a)
    assert d.options().bet_to == (20, 20)
    b = table("bomb-double", betting="fixed-limit", stacks=[500] * 2, ante=10)
    assert b.options().bet_to == (10, 10)
    b.do("s1 check")
    b.do("s0 check")
    assert b.options().bet_to == (20, 20)


def test_fixed_limit_caps_a_round_at_four_bets_the_big_blind_being_the_first():
    h = table(betting="fixed-limit", stacks=[1000] * 4,
              actions=["s3 raise", "s0 raise", "s1 raise"])  # bets 2, 3 and 4 (to 40)
    assert Verb.RAISE not in h.options().verbs
    with pytest.raises(CapReached, match="cap is 4"):
        h.verify("s2 raise")


def test_fixed_limit_an_all_in_for_less_than_a_full_bet_does_not_count_toward_the_cap():
    h = table(betting="fixed-limit", stacks=[25, 1000, 1000, 1000],
              actions=["s3 raise", "s0 allin", "s1 raise", "s2 raise"])
    # 10 (bet 1), 20 (bet 2), all in to 25 (not counted), 35 (bet 3), 45 (bet 4)
    assert [r.to for r in h.log if isinstance(r, Acted)] == [20, 25, 35, 45]
    with pytest.raises(CapReached):
        h.verify("s3 raise")


def test_a_cap_per_round_in_no_limit_counts_the_big_blind_and_not_incomplete_all_ins():
    h = table(stacks=[1000] * 4, cap=2, actions=["s3 raise 30"])
    with pytest.raises(CapReached):
        h.verify("s0 raise 60")
    h = table(stacks=[45, 1000, 1000, 1000], cap=3,
              actions=["s3 raise 30", "s0 allin", "s1 raise 100"])
    with pytest.raises(CapReached):
        h.verify("s2 raise 200")


def test_incomplete_all_in_does_not_reopen_the_betting_pokerkit_bug_example():
    # Blinds 5/10, UTG limps, button all in for 14, SB folds, BB calls: UTG may only call.
    h = table(stacks=[14, 1000, 1000, 1000], button=0,
              actions=["s3 call", "s0 allin", "s1 fold", "s2 call"])
    assert h.to_act == 3 and h.options().verbs == (Verb.FOLD, Verb.CALL)
    with pytest.raises(NotReopened, match="call or fold"):
        h.verify("s3 raise 40")


def test_incomplete_all_in_players_who_have_not_acted_may_raise():
    h = table(stacks=[14, 1000, 1000, 1000], actions=["s3 call", "s0 allin", "s1 fold"])
    assert h.to_act == 2 and h.options().raise_to == (24, 1000)  # 14 + a full raise of 10
    h.do("s2 raise 24")


@pytest.mark.parametrize(("c_stack", "reopened"), [(220, True), (190, False)])
def test_several_incomplete_all_ins_that_add_up_to_a_full_raise_reopen(c_stack, reopened):
    # Flop: seat 1 bets 100, seat 2 all in for 150, seat 3 all in for c_stack - 10.
    # Seat 1 may raise again only if the bet reached 100 + 100 = 200.
    h = table(stacks=[1000, 1000, 160, c_stack], button=0,
              actions=["s3 call", "s0 call", "s1 call", "s2 check",
                       "s1 bet 100", "s2 allin", "s3 allin", "s0 call"])
    assert h.to_act == 1
    assert (Verb.RAISE in h.options().verbs) is reopened


def test_opening_all_in_below_the_big_blind_is_incomplete():
    h = table(stacks=[1000, 1000, 17], actions=["s0 call", "s1 call", "s2 check",
                                                 "s1 check", "s2 allin"])
    with pytest.raises(IllegalAmount, match="minimum raise-to 20"):
        h.verify("s0 raise 15")  # a raise over it must reach two big blinds
    h.do("s0 call")
    assert h.options().verbs == (Verb.FOLD, Verb.CALL)  # seat 1 checked: call or fold


def test_round_ends_after_the_big_blinds_option():
    h = table(stacks=[1000] * 3, actions=["s0 call", "s1 call"])
    assert h.to_act == 2 and h.street is Street.PREFLOP
    assert Verb.RAISE in h.options().verbs and Verb.CHECK in h.options().verbs
    h.do("s2 check")
    assert h.street is Street.FLOP


def test_when_at_most_one_player_can_act_the_board_is_dealt_out():
    h = table(stacks=[1000, 1000], actions=["s0 allin", "s1 call"])
    assert h.is_over and len(h.boards[0]) == 5
    # the lone big blind is not asked to act (pokerkit asks it)
    h = table(stacks=[1000, 8, 1000], actions=["s0 fold", "s1 allin"])
    assert h.is_over and len(h.boards[0]) == 5
    assert [r for r in h.log if isinstance(r, Returned)] == [Returned(2, 2)]


def test_an_uncalled_bet_returns_to_its_owner():
    h = table(stacks=[1000] * 3, actions=["s0 call", "s1 call", "s2 check", "s1 bet 50",
                                          "s2 fold", "s0 fold"])
    assert Returned(1, 50) in h.log and h.net() == (-10, 20, -10)


def test_turn_timer_checks_if_nothing_to_call_else_folds():
    h = table(stacks=[1000] * 3)
    assert h.default_action().verb is Verb.FOLD
    h.do("s0 call")
    h.do("s1 call")
    assert h.default_action().verb is Verb.CHECK


# --- 5-card draw --------------------------------------------------------------------------

def draw_hand(hole0: str, **kw: object) -> Hand:
    return table("draw", stacks=[1000, 1000], ante=1, blinds=(0, 10), button=1,
                 hole=[hole0, "2c 3c 4c 5c 7d"], actions=["s0 check", "s1 check"],
                 stub="8d 9d Td Jd", **kw)


def test_draw_discards_0_to_3_or_4_keeping_an_ace():
    h = draw_hand("As Kd Qh 9c 6s")
    assert h.draw_limit() == 4
    with pytest.raises(BadDraw, match="keeping an ace, and would keep Kd"):
        h.verify("s0 draw As Qh 9c 6s")
    with pytest.raises(BadDraw, match="at most 3 cards"):
        h.verify("s0 draw As Kd Qh 9c 6s")
    with pytest.raises(BadDraw, match="not in its hand"):
        h.verify("s0 draw 2s")
    h.do("s0 draw Kd Qh 9c 6s")
    assert sorted(h.hole[0]) == sorted(parse_cards("As 8d 9d Td Jd"))
    h2 = draw_hand("Ks Kd Qh 9c 6s")
    assert h2.draw_limit() == 3 and not h2.can("s0 draw Kd Qh 9c 6s")


def test_draw_with_two_aces_discarding_one_of_them_is_fine():
    h = draw_hand("As Ad Qh 9c 6s")
    h.do("s0 draw Ad Qh 9c 6s")
    assert h.hole[0][0] == parse_cards("As")[0]


def test_draw_stub_running_short_reshuffles_the_discards_but_the_drawers_own():
    # Seven players: 35 cards dealt, a stub of 17. Five players draw 3 (15 cards), the
    # sixth wants 3 with 2 left: it takes those 2, then the 15 discards of the first five
    # are shuffled by the continued stream of the deal into a new stub.
    seed, nonces = "ab" * 32, {"host": "01" * 16}
    stream = DeckStream(seed, nonces)
    rules = TableRules.parse({"game": "draw", "blinds": [0, 10], "ante": 5})
    h = Hand(rules, [1000] * 7, 6, Deck(stream.deck, stream.reshuffle))
    for s in range(7):
        h.do(f"s{s} check")
    drawn = []
    for s in range(6):
        discards = h.hole[s][:3]
        drawn.append(discards)
        h.do(f"s{s} draw " + " ".join(str(c) for c in discards))
    reshuffled = [r for r in h.log if type(r).__name__ == "Reshuffled"]
    assert len(reshuffled) == 1
    pool = sorted(c for d in drawn[:5] for c in d)
    assert list(reshuffled[0].cards) == pool  # not the sixth player's own discards
    sixth = [r for r in h.log if isinstance(r, Dealt) and r.kind is DealKind.DRAW and r.seat == 5]
    positions = [p for r in sixth for p in r.positions]
    assert positions == [50, 51, 52]
    fresh = DeckStream(seed, nonces)
    new_stub = fresh.reshuffle(pool)
    assert sixth[-1].cards == (new_stub[0],)
    h.do("s6 draw " + " ".join(str(c) for c in h.hole[6][:2]))
    last = [r for r in h.log if isinstance(r, Dealt) and r.seat == 6][-1]
    assert last.positions == (53, 54) and list(last.cards) == new_stub[1:3]


def test_draw_order_is_from_left_of_the_button():
    h = table("draw", stacks=[1000] * 4, button=2, ante=1, blinds=(0, 10),
              actions=["s3 check", "s0 check", "s1 check", "s2 check"])
    order = []
    while h.phase is Phase.DRAWING:
        order.append(h.to_act)
        h.do(h.default_action())
    assert order == [3, 0, 1, 2]


# --- pots and showdown --------------------------------------------------------------------

def test_side_pots_seed_004_example():
    # Pot 100 (antes); A (200) bets 50, B (30) all in 30, C calls 50, D folds.
    h = table("draw", stacks=[225, 55, 1000, 1000], button=3, ante=25, blinds=(0, 10),
              actions=["s0 bet 50", "s1 allin", "s2 call", "s3 fold"])
    assert h.pots() == [Pot(190, (0, 1, 2)), Pot(40, (0, 2))]


def test_the_main_pot_holds_only_what_every_player_could_match_antes_included():
    # Heads-up, ante 25, blinds 25/50: seat 1 has 3 chips and is all in on its ante. Seat 0
    # (ante 25 + small blind 25) folds. Seat 1 could match 3 of seat 0's chips: it wins
    # 3 + 3; the 47 nobody matched go back to seat 0 (they are never a pot).
    h = table("omaha", stacks=[2700, 3], button=0, blinds=(25, 50), ante=25,
              actions=["s0 fold"])
    assert Returned(0, 47) in h.log and h.net() == (-3, 3)


def test_a_folded_players_chips_stay_in_the_pots_but_win_none_and_pots_pay_outwards():
    h = not_merged_hand()
    awards = [r for r in h.log if isinstance(r, Awarded)]
    assert [r.pot for r in awards] == sorted(r.pot for r in awards)  # main pot first
    assert all(r.seat not in (1, 4) for r in awards)  # seats 1 and 4 folded
    assert sum(r.amount for r in awards) == 125 + 143


def test_showdown_starts_with_the_last_bettor_of_the_final_round_then_clockwise():
    h = table(stacks=[1000] * 4, actions=["s3 call", "s0 call", "s1 call", "s2 check"]
              + ["s1 check", "s2 check", "s3 check", "s0 check"] * 2
              + ["s1 check", "s2 bet 10", "s3 call", "s0 call", "s1 call"])
    assert [r.seat for r in h.log if isinstance(r, Shown)] == [2, 3, 0, 1]
    h = table(stacks=[1000] * 4, actions=["s3 call", "s0 call", "s1 call", "s2 check"]
              + ["s1 check", "s2 check", "s3 check", "s0 check"] * 3)
    assert [r.seat for r in h.log if isinstance(r, Shown)] == [1, 2, 3, 0]


def test_a_player_who_wins_uncontested_shows_nothing():
    h = table(stacks=[1000] * 3, actions=["s0 raise 30", "s1 fold", "s2 fold"])
    assert not [r for r in h.log if isinstance(r, Shown)]
    assert payout_messages(h, ["Ann", "Bob", "Cy"]) == ["Ann wins 25 chips"]


def test_split_pot_odd_chips_go_one_at_a_time_from_left_of_the_button():
    # The board plays: 35 chips (seat 1 folded its small blind) among seats 0, 2 and 3:
    # 11 each and 2 odd chips, to seat 2 then seat 3 (left of the button, seat 0).
    h = table(stacks=[1000] * 4, boards=["Ah Kh Qh Jh Th"],
              actions=["s3 call", "s0 call", "s1 fold", "s2 check"]
              + ["s2 check", "s3 check", "s0 check"] * 3)
    won = {r.seat: r.amount for r in h.log if isinstance(r, Awarded)}
    assert won == {2: 12, 3: 12, 0: 11}


def not_merged_hand() -> Hand:
    # Seats: 0 button (B), 1 SB (E, folds), 2 BB (C), 3 A (all in for 30), 4 D.
    # Main pot 30 x 4 + 5 = 125 (A, B, C), side pot 61 + 61 + 21 = 143 (B, C).
    return table(stacks=[1000, 1000, 1000, 30, 1000], button=0,
                 hole=["Ts 3c", "5h 6h", "Td 4c", "2c 2d", "9c 8c"],
                 boards=["Ah Kd Qc Jh 2s"],
                 actions=["s3 allin", "s4 call", "s0 call", "s1 fold", "s2 call",
                          "s2 bet 21", "s4 call", "s0 call",
                          "s2 bet 40", "s4 fold", "s0 call", "s2 check", "s0 check"])


def test_pots_with_the_same_winners_are_divided_one_by_one_not_merged():
    # B and C split both pots: main 125 -> C 63, B 62; side 143 -> C 72, B 71 (C is first
    # left of the button). pokerkit merges them (268 -> 134 each).
    h = not_merged_hand()
    assert h.net() == (-91 + 62 + 71, -5, -91 + 63 + 72, -30, -51)
    names = ["Bill", "Eve", "Joe", "Ann", "Dan"]
    assert payout_messages(h, names) == [
        "Joe and Bill split the main pot (125) with a Straight, Ace high",
        "Joe and Bill split the side pot (143) with a Straight, Ace high",
    ]


def hilo_hand() -> Hand:
    # Seats: 0 button (B, trips kings, no low), 1 SB (C, trips queens, no low),
    # 2 BB (A, all in for 30, the only low 8-5-3-2-A).
    return table("omaha-hilo", stacks=[1000, 1000, 30], button=0,
                 hole=["Kh Kd 9s 9c", "Qs Qh Ts 9h", "Ah 3s Js Jc"],
                 boards=["2c 5d 8h Kc Qd"],
                 actions=["s0 raise 30", "s1 call", "s2 call", "s1 bet 40", "s0 call",
                          "s1 check", "s0 check", "s1 check", "s0 check"])


def test_hilo_each_pot_is_halved_only_if_its_own_players_have_a_low():
    # Main pot 90: high 45 to B, low 45 to A. Side pot 80 (B, C): no low there, so B
    # takes it whole (pokerkit would halve it because A's low exists at the showdown).
    h = hilo_hand()
    assert h.net() == (-70 + 45 + 80, -70, -30 + 45)
    assert payout_messages(h, ["Bill", "Cy", "Ann"]) == [
        "Bill wins the high half of the main pot (45) with Three of a Kind, Kings",
        "Ann wins the low half of the main pot (45) with 8-5-3-2-A",
        "Bill wins the side pot (80) with Three of a Kind, Kings",
    ]


def test_hilo_odd_chip_of_the_halving_goes_high_and_no_low_means_the_high_scoops():
    # Pot 25 (seat 1 folds its small blind): high 13, low 12.
    h = table("omaha-hilo", stacks=[1000] * 3, hole=["Kh Kd 9s 9c", "Qs Qh Ts 9h", "Ah 3s Js Jc"],
              boards=["2c 5d 8h Kc Qd"],
              actions=["s0 call", "s1 fold", "s2 check"] + ["s2 check", "s0 check"] * 3)
    assert {r.seat: (r.share.value, r.amount) for r in h.log if isinstance(r, Awarded)} == {
        0: ("high", 13), 2: ("low", 12)}
    h = table("omaha-hilo", stacks=[1000] * 3, hole=["Kh Kd 9s 9c", "Qs Qh Ts 9h", "Ah 3s 4h 4c"],
              boards=["Tc 5d 9d Kc Qd"],
              actions=["s0 call", "s1 fold", "s2 check"] + ["s2 check", "s0 check"] * 3)
    assert [(r.seat, r.share.value, r.amount) for r in h.log if isinstance(r, Awarded)] == [
        (0, "whole", 25)]


def test_hilo_quartered_pot():
    # Seats 1 and 2 tie for low (A-2 each), seat 0 wins high: pot 30 -> high 15, low 15
    # split 8 / 7 (seat 1 first left of the button).
    h = table("omaha-hilo", stacks=[1000] * 3,
              hole=["Kh Kd 9s 9c", "Ah 2s Js Jc", "Ad 2d Th Tc"],
              boards=["3c 5d 8h Kc Qd"],
              actions=["s0 call", "s1 call", "s2 check"] + ["s1 check", "s2 check", "s0 check"] * 3)
    assert sorted((r.seat, r.share.value, r.amount) for r in h.log if isinstance(r, Awarded)) == [
        (0, "high", 15), (1, "low", 8), (2, "low", 7)]


def test_double_board_halves_each_pot_odd_chip_to_board_one():
    # Bomb pot, ante 25 x 3 = 75: board 1's half 38, board 2's 37.
    boards = ["As Ad 7c 8d 2h", "Ks Kd 7s 8h 3c"]
    h = table("bomb-double", stacks=[500] * 3, ante=25, boards=boards,
              hole=["Ac Ah 4c 4d", "Kc Kh 5c 5d", "Qc Qh 6c 6d"],
              actions=["s1 check", "s2 check", "s0 check"] * 3)
    assert {(r.seat, r.share.value, r.amount) for r in h.log if isinstance(r, Awarded)} == {
        (0, "board 1", 38), (1, "board 2", 37)}
    h = table("bomb-double", stacks=[500] * 3, ante=25, boards=boards,
              hole=["Ac Ah Kc Kh", "9c 9h 5c 5d", "Qc Qh 6c 6d"],
              actions=["s1 check", "s2 check", "s0 check"] * 3)
    assert h.net() == (50, -25, -25)  # one player may win both halves


def test_payout_messages_name_the_amount_with_thousands_and_the_hand():
    h = table(stacks=[2000, 2000], hole=["Ah Kh", "2c 3d"], boards=["Qh Jh Th 4s 5s"],
              actions=["s0 raise 750", "s1 call"] + ["s1 check", "s0 check"] * 3)
    assert payout_messages(h, ["Bob", "Al"]) == ["Bob wins 1,500 chips with a Royal Flush"]


# --- cards --------------------------------------------------------------------------------

def test_every_dealt_card_is_recorded_with_its_deck_position():
    deck = parse_cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh")
    rules = TableRules.parse({"game": "holdem", "blinds": [5, 10]})
    h = Hand(rules, [1000] * 3, 0, Deck(deck))
    for a in ["s0 call", "s1 call", "s2 check"] + ["s1 check", "s2 check", "s0 check"] * 3:
        h.do(a)
    dealt = [(p, c) for r in h.log if isinstance(r, Dealt)
             for p, c in zip(r.positions, r.cards, strict=True)]
    assert [p for p, _ in dealt] == list(range(14))  # 6 hole, burn, 3, burn, 1, burn, 1
    assert all(deck[p] == c for p, c in dealt)
    assert [r.kind for r in h.log if isinstance(r, Dealt)][6] is DealKind.BURN
    # hole cards go one at a time from left of the button: seat 1 gets positions 0 and 3
    assert h.hole[1] == [deck[0], deck[3]]


def test_a_card_dealt_twice_is_refused():
    rules = TableRules.parse({"game": "holdem", "blinds": [5, 10]})
    with pytest.raises(DeckError, match="dealt twice"):
        Hand(rules, [100, 100], 0, ScriptedCards([parse_cards("As Kd"), parse_cards("As 2c")],
                                                 [parse_cards("2d 3d 4d 5d 6d")], []))


def test_only_the_seat_to_act_can_act():
    h = table(stacks=[1000] * 3)
    with pytest.raises(NotYourTurn, match="seat 0's turn, not seat 1's"):
        h.verify("s1 fold")
    with pytest.raises(NotYourTurn, match="not in this hand"):
        h.verify("s7 fold")

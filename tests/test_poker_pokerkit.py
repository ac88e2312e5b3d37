"""Our engine against pokerkit 0.7.7 (the pinned wheel).

Two halves. First, every place ../shared/notes/pokerkit.md lists where pokerkit's rules are
not the rules file's: each test shows pokerkit doing it its way and our engine following the
rule (the rule's own scenario is in test_poker_rules.py), and that the cross-check
(``rules.poker.kit``) knows the hand is outside the ground the two share. Second, a
differential check: thousands of random hands of every game replayed through pokerkit's own
betting, pots and chip pushing must end with the same pots and stacks wherever no odd chip
arises and the rules agree.
"""

from __future__ import annotations

import collections
import random
import warnings

import pokerkit
import pytest
from poker_support import new_hand, play_random, table
from pokerkit import Automation, BettingStructure, Mode, NoLimitTexasHoldem
from rules.poker import CapReached, Game, NotReopened, Verb
from rules.poker.kit import Verdict, cross_check, replay
from test_poker_rules import hilo_hand, not_merged_hand

AUTO = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


def nlhe(stacks: tuple[int, ...], mode: Mode = Mode.TOURNAMENT) -> pokerkit.State:
    """pokerkit's no-limit Hold'em, blinds 5/10; player 0 is the small blind."""
    return NoLimitTexasHoldem.create_state(AUTO, True, 0, (5, 10), 10, stacks, len(stacks),
                                           mode=mode)


def test_the_pinned_version():
    assert pokerkit.__name__ == "pokerkit"
    from importlib.metadata import version
    assert version("pokerkit") == "0.7.7"


def test_incomplete_all_in_pokerkit_reopens_the_betting_we_do_not():
    # Blinds 5/10, UTG limps, button all in for 14, SB folds, BB calls.
    # pokerkit order: SB, BB, UTG, button.
    state = nlhe((1000, 1000, 1000, 14))
    state.check_or_call()  # UTG
    state.complete_bet_or_raise_to(14)  # button, all in
    state.fold()  # SB
    state.check_or_call()  # BB
    assert state.actor_index == 2 and state.can_complete_bet_or_raise_to(40)  # pokerkit: yes
    ours = table(stacks=[14, 1000, 1000, 1000], button=0,
                 actions=["s3 call", "s0 allin", "s1 fold", "s2 call"])
    with pytest.raises(NotReopened):
        ours.verify("s3 raise 40")


def test_fixed_limit_cap_pokerkit_allows_the_big_blind_plus_four_raises_we_four_bets():
    state = pokerkit.FixedLimitTexasHoldem.create_state(AUTO, True, 0, (5, 10), 10, 20,
                                                         (1000,) * 4, 4)
    for to in (20, 30, 40):
        state.complete_bet_or_raise_to(to)
    assert state.can_complete_bet_or_raise_to(50)  # a fifth bet
    ours = table(betting="fixed-limit", stacks=[1000] * 4,
                 actions=["s3 raise", "s0 raise", "s1 raise"])
    with pytest.raises(CapReached):
        ours.verify("s2 raise")


def test_short_big_blind_pokerkit_lets_the_others_call_what_it_posted_we_the_full_blind():
    state = nlhe((1000, 7, 1000, 1000))
    assert state.checking_or_calling_amount == 7
    ours = table(stacks=[1000, 1000, 7, 1000], button=0)
    assert ours.call_amount() == 10
    assert cross_check(ours_played(ours)).verdict is Verdict.OUTSIDE


def ours_played(hand):
    while not hand.is_over:
        hand.do(hand.default_action() if Verb.CALL not in hand.options().verbs
                else f"s{hand.to_act} call")
    return hand


def test_lone_big_blind_pokerkit_asks_it_to_act_we_deal_the_board_out():
    # pokerkit order: SB (8 chips), BB, button. The button folds, the SB is all in for 8.
    state = nlhe((8, 1000, 1000))
    state.fold()
    state.check_or_call()
    assert state.actor_index == 1  # the big blind, alone, is asked to act
    ours = table(stacks=[1000, 8, 1000], actions=["s0 fold", "s1 allin"])
    assert ours.is_over
    assert cross_check(ours).verdict is Verdict.AGREE  # the replay checks it for pokerkit


def test_pot_merging_pokerkit_pools_pots_with_the_same_winners_we_divide_each():
    hand = not_merged_hand()
    kit_stacks, _ = replay(hand)
    assert (kit_stacks[0], kit_stacks[2]) == (1000 - 91 + 134, 1000 - 91 + 134)
    assert (hand.stacks[0], hand.stacks[2]) == (1000 - 91 + 133, 1000 - 91 + 135)
    assert cross_check(hand).verdict is Verdict.OUTSIDE


def test_hilo_per_pot_low_pokerkit_halves_a_side_pot_without_a_low_we_do_not():
    # Seats: 0 button (B), 1 SB (C), 2 BB (A, all in for 30, the only low). B and C tie
    # for high (kings and queens). Main pot 90: high 45 split C 23 / B 22, low 45 to A.
    # Side pot 82 (B, C), no low in it: split whole, 41 each. pokerkit halves it because a
    # low exists at the showdown, and gives the low half to both "no low" hands: 21/20 twice.
    hand = table("omaha-hilo", stacks=[1000, 1000, 30], button=0,
                 hole=["Kh Qh 9s 9c", "Ks Qs Tc Td", "Ah 3s Js Jc"],
                 boards=["2c 5d 8h Kc Qd"],
                 actions=["s0 raise 30", "s1 call", "s2 call", "s1 bet 41", "s0 call",
                          "s1 check", "s0 check", "s1 check", "s0 check"])
    assert hand.net() == (-71 + 22 + 41, -71 + 23 + 41, -30 + 45)
    kit_stacks, _ = replay(hand)
    assert kit_stacks == (1000 - 71 + 22 + 40, 1000 - 71 + 23 + 42, 45)
    assert cross_check(hand).verdict is Verdict.OUTSIDE
    assert hilo_hand().net()[0] == -70 + 45 + 80  # test_poker_rules' case, for the record


def test_odd_chips_pokerkit_gives_the_remainder_to_one_player_we_one_chip_at_a_time():
    hand = table(stacks=[1000] * 4, boards=["Ah Kh Qh Jh Th"],
                 actions=["s3 call", "s0 call", "s1 fold", "s2 check"]
                 + ["s2 check", "s3 check", "s0 check"] * 3)
    kit_stacks, _ = replay(hand)
    won = sorted(kit_stacks[s] - 990 for s in (0, 2, 3))
    assert won == [11, 11, 13]  # pokerkit: both odd chips to one player
    assert sorted(hand.stacks[s] - 990 for s in (0, 2, 3)) == [11, 12, 12]
    assert cross_check(hand).verdict is Verdict.OUTSIDE


def test_double_pot_limit_pokerkit_has_none_we_do():
    assert "DOUBLE_POT_LIMIT" not in BettingStructure.__members__
    ours = table(betting="double-pot-limit", stacks=[1000] * 4)
    assert ours.options().raise_to == (20, 60)


def test_draw_limits_pokerkit_lets_anyone_discard_anything_we_do_not():
    streets = (
        pokerkit.Street(False, (False,) * 5, 0, False, pokerkit.Opening.POSITION, 10, None),
        pokerkit.Street(False, (), 0, True, pokerkit.Opening.POSITION, 10, None),
    )
    state = pokerkit.State(AUTO, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), streets,
                           BettingStructure.NO_LIMIT, True, 1, 0, 0, (100, 100), 2)
    state.check_or_call()
    state.check_or_call()
    hole = "".join(repr(c) for c in state.hole_cards[0])
    assert state.can_stand_pat_or_discard(hole)  # all five
    ours = table("draw", stacks=[1000, 1000], ante=1, blinds=(0, 10), button=1,
                 hole=["Ks Kd Qh 9c 6s", "2c 3c 4c 5c 7d"], actions=["s0 check", "s1 check"])
    assert ours.draw_limit() == 3 and not ours.can("s0 draw Ks Kd Qh 9c 6s")


def test_fold_with_nothing_to_call_pokerkit_refuses_in_tournament_mode_we_allow():
    state = nlhe((1000, 1000, 1000))
    state.check_or_call()
    state.check_or_call()
    with pytest.raises(ValueError, match="no reason for this player to fold"):
        state.verify_folding()  # the big blind, nothing to call
    ours = table(stacks=[1000] * 3, actions=["s0 call", "s1 call"])
    assert ours.can("s2 fold")


def test_duplicate_cards_pokerkit_only_warns_we_refuse():
    manual = tuple(a for a in AUTO if a is not Automation.HOLE_DEALING)
    state = NoLimitTexasHoldem.create_state(manual, True, 0, (5, 10), 10, (1000, 1000), 2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state.deal_hole("AsKd")
        state.deal_hole("AsKd")
    assert caught and state.hole_cards[0] == state.hole_cards[1]  # warned, and dealt twice
    from test_poker_rules import test_a_card_dealt_twice_is_refused
    test_a_card_dealt_twice_is_refused()


# --- the differential check ----------------------------------------------------------------

def test_pots_and_payouts_match_pokerkits_on_2000_random_hands():
    verdicts: collections.Counter[tuple[str, str]] = collections.Counter()
    side_pots = 0
    seed = 0
    agreed = 0
    while agreed < 2000:
        rng = random.Random(seed)
        seed += 1
        hand = new_hand(rng)
        play_random(rng, hand)
        verdict = cross_check(hand)
        assert verdict.verdict is not Verdict.DIFFER, (seed - 1, verdict.reason)
        verdicts[(hand.rules.game.value, verdict.verdict.value)] += 1
        if verdict.verdict is Verdict.AGREE:
            agreed += 1
            side_pots += len(verdict.pots) > 1
    for game in Game:
        assert verdicts[(game.value, "agree")] >= 200, verdicts
    assert side_pots >= 100, side_pots

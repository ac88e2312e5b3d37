"""5-card draw with blinds, the host's option, written from ``static/rules/table-games.md``
("Forced bets", "Order of action", "5-card draw"): "Draw is played with antes and no blinds
unless the host sets blinds". With blinds, the small and big blind are posted as in Hold'em,
the first round starts left of the big blind, the draw and the round after it start left of
the button, and the big blind is the first round's opening bet (minimum raise, fixed-limit cap).
"""

from __future__ import annotations

import pytest
from rules.cards import FULL_DECK
from rules.poker import (
    Action,
    AmountError,
    Betting,
    Game,
    Hand,
    HandConfig,
    Phase,
    RaiseNotAllowed,
    SettingsError,
    Verb,
)
from rules.poker.kit import cross_check
from rules.poker.records import Dealt, Posted


def draw(stacks=(1000, 1000, 1000, 1000), button=3, ante=0, betting=Betting.NO_LIMIT,
         blinds=(5, 10), actions=()) -> Hand:
    cfg = HandConfig(Game.DRAW, betting, tuple(stacks), button, blinds, ante,
                     draw_blinds=True)
    hand = Hand(cfg, list(FULL_DECK))
    for line in actions:
        hand.do(Action.parse(line))
    return hand


def posts(hand: Hand) -> list[tuple[int, str, int]]:
    return [(r.seat, r.kind, r.amount) for r in hand.log if isinstance(r, Posted)]


def test_blinds_are_posted_left_of_the_button_and_the_first_round_starts_left_of_the_big_blind():
    h = draw()
    assert posts(h) == [(0, "small blind", 5), (1, "big blind", 10)]
    assert h.big_blind_seat == 1
    assert h.to_act == 2 and h.level == 10
    legal = h.legal()
    assert legal.to_call == 10 and not legal.can_check


def test_an_ante_may_come_on_top_of_the_blinds():
    h = draw(ante=2)
    assert posts(h) == [(0, "ante", 2), (1, "ante", 2), (2, "ante", 2), (3, "ante", 2),
                        (0, "small blind", 5), (1, "big blind", 10)]
    assert h.to_act == 2


def test_the_big_blind_has_the_option_and_the_draw_and_second_round_start_left_of_the_button():
    h = draw(actions=["s2 call", "s3 call", "s0 call"])
    assert h.to_act == 1 and h.legal().can_check  # the big blind's option
    h.do(Action(1, Verb.CHECK))
    assert h.phase is Phase.DRAWING and h.to_act == 0  # the draw: left of the button
    for seat in (0, 1, 2, 3):
        h.do(Action(seat, Verb.DRAW))
    assert h.round_name == "after the draw" and h.to_act == 0
    assert h.level == 0 and h.legal().can_check  # no blind in the second round


def test_the_second_round_skips_a_folded_small_blind():
    h = draw(actions=["s2 call", "s3 call", "s0 fold", "s1 check"])
    assert h.phase is Phase.DRAWING and h.to_act == 1
    for seat in (1, 2, 3):
        h.do(Action(seat, Verb.DRAW))
    assert h.to_act == 1


def test_heads_up_the_button_posts_the_small_blind_acts_first_then_last_after_the_draw():
    h = draw(stacks=(1000, 1000), button=1)
    assert posts(h) == [(1, "small blind", 5), (0, "big blind", 10)]
    assert h.to_act == 1
    h.do(Action(1, Verb.CALL))
    h.do(Action(0, Verb.CHECK))
    assert h.phase is Phase.DRAWING and h.to_act == 0  # left of the button draws first
    h.do(Action(0, Verb.DRAW))
    h.do(Action(1, Verb.DRAW))
    assert h.round_name == "after the draw" and h.to_act == 0  # the button acts last
    h.do(Action(0, Verb.CHECK))
    assert h.to_act == 1


def test_a_short_big_blind_posts_what_it_has_and_the_others_still_call_the_full_blind():
    h = draw(stacks=(1000, 6, 1000, 1000))
    assert posts(h)[1] == (1, "big blind", 6)
    legal = h.legal()
    assert (legal.seat, legal.to_call, legal.min_to) == (2, 10, 20)
    h.do(Action(2, Verb.CALL))
    assert h.bets[2] == 10


def test_a_short_small_blind_is_all_in():
    h = draw(stacks=(3, 1000, 1000), button=2)
    post = next(r for r in h.log if isinstance(r, Posted))
    assert (post.seat, post.amount, post.all_in) == (0, 3, True)


def test_the_minimum_raise_is_over_the_big_blind():
    h = draw()
    assert (h.legal().min_to, h.legal().raise_verb) == (20, Verb.RAISE)
    with pytest.raises(AmountError):
        h.verify(Action(2, Verb.RAISE, 15))
    h.do(Action(2, Verb.RAISE, 35))  # a raise of 25
    assert h.legal().min_to == 60


def test_fixed_limit_counts_the_big_blind_as_the_first_of_four_bets():
    h = draw(betting=Betting.FIXED_LIMIT, actions=["s2 raise", "s3 raise", "s0 raise"])
    assert h.level == 40  # the big blind 10, then 20, 30, 40
    legal = h.legal()
    assert legal.raise_verb is None and "capped at 4 bets" in (legal.raise_blocked or "")
    with pytest.raises(RaiseNotAllowed, match="capped at 4 bets"):
        h.verify(Action(1, Verb.RAISE))


def test_fixed_limit_bets_two_units_after_the_draw():
    h = draw(betting=Betting.FIXED_LIMIT,
             actions=["s2 call", "s3 call", "s0 call", "s1 check"]
             + [f"s{s} draw" for s in range(4)])
    assert (h.legal().min_to, h.legal().max_to) == (20, 20)


def test_without_the_option_draw_posts_no_blinds():
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (1000,) * 3, 2, (5, 10), 5)
    assert not cfg.posts_blinds
    h = Hand(cfg, list(FULL_DECK))
    assert {kind for _, kind, _ in posts(h)} == {"ante"} and h.to_act == 0


def test_only_draw_takes_blinds_as_an_option():
    for game in (Game.HOLDEM, Game.BOMB_DOUBLE):
        with pytest.raises(SettingsError, match="only 5 Card Draw has blinds as an option"):
            HandConfig(game, Betting.POT_LIMIT, (1000,) * 3, 0, (5, 10), 10, draw_blinds=True)


def test_a_newcomer_may_post_to_come_in_at_draw_with_blinds():
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (1000,) * 4, 3, (5, 10), posts=(3,),
                     draw_blinds=True)
    h = Hand(cfg, list(FULL_DECK))
    assert posts(h)[-1] == (3, "big blind", 10)


def test_pokerkit_agrees_on_a_draw_hand_with_blinds():
    h = draw(actions=["s2 raise 30", "s3 fold", "s0 call", "s1 call",
                      "s0 draw", "s1 draw", "s2 draw", "s0 check", "s1 bet 50", "s2 call",
                      "s0 fold"])
    assert h.is_over
    report = cross_check(h)
    assert report.betting, report.skipped


def test_the_cards_are_dealt_from_left_of_the_button_whoever_posts_the_blinds():
    """The public dealing order (``static/rules/fair-deal.md``) does not depend on the blinds:
    the first card goes to the first player left of the button, the button's last."""
    for blinds in (False, True):
        cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (1000,) * 4, 1, (5, 10), 0 if blinds else 5,
                         draw_blinds=blinds)
        h = Hand(cfg, list(FULL_DECK))
        dealt = [(r.seat, r.position) for r in h.log if isinstance(r, Dealt)]
        assert dealt[:4] == [(2, 0), (3, 1), (0, 2), (1, 3)]

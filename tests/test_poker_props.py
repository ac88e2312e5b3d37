"""Properties over random hands of every game and structure (hypothesis draws the table and
every decision): chips are conserved after every action, only the seat to act can act, what
:meth:`Hand.options` offers is exactly what :meth:`Hand.verify` accepts at the bounds, and a
finished hand's nets sum to zero."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from poker_support import new_hand
from rules.poker import ActionError, Betting, Game, Hand, Phase, Verb
from rules.poker.actions import Action
from rules.poker.records import Awarded

VERBS = [Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BET, Verb.RAISE, Verb.ALLIN]


def check_invariants(hand: Hand) -> None:
    start = sum(hand.starting_stacks)
    assert hand.chips_in_play() == start
    assert all(s >= 0 for s in hand.stacks) and all(b >= 0 for b in hand.bets)
    if not hand.is_over:
        assert sum(p.amount for p in hand.pots()) == hand.collected
        for seat in range(hand.seat_count):
            if seat == hand.to_act:
                continue
            for verb in [*VERBS, Verb.DRAW]:
                assert not hand.can(Action(seat, verb)), (seat, verb)


def choose(data: st.DataObject, hand: Hand) -> Action:
    opts = hand.options()
    seat = opts.seat
    if hand.phase is Phase.DRAWING:
        hole = hand.hole[seat]
        k = data.draw(st.integers(0, 5), label="discards")
        picked = tuple(hole[:k])
        return Action(seat, Verb.DRAW, cards=picked)
    verb = data.draw(st.sampled_from(VERBS), label="verb")
    amount = None
    if verb in (Verb.BET, Verb.RAISE):
        bounds = opts.bet_to or opts.raise_to or (1, 10_000)
        low, high = bounds
        amount = data.draw(st.integers(max(1, low - 2), high + 2), label="amount")
    return Action(seat, verb, amount)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)),
       betting=st.sampled_from(list(Betting)), data=st.data())
def test_random_hands_conserve_chips_and_only_the_seat_to_act_acts(seed, game, betting, data):
    rng = random.Random(seed)
    hand = new_hand(rng, game, betting)
    check_invariants(hand)
    for _ in range(400):
        if hand.is_over:
            break
        action = choose(data, hand)
        opts = hand.options()
        allowed = hand.can(action)
        if action.verb is not Verb.DRAW:
            offered = action.verb in opts.verbs
            bounds = opts.bet_to if action.verb is Verb.BET else opts.raise_to
            if action.amount is not None and bounds is not None:
                offered = offered and bounds[0] <= action.amount <= bounds[1]
            assert allowed == offered, (action, opts)
        if not allowed:
            try:
                hand.verify(action)
            except ActionError as e:
                assert str(e)
            action = hand.default_action()
        hand.do(action)
        check_invariants(hand)
    assert hand.is_over
    assert sum(hand.net()) == 0
    awarded = sum(r.amount for r in hand.log if isinstance(r, Awarded))
    assert awarded == sum(p.amount for p in hand.final_pots())

"""Properties over random hands of every game and structure, and the differential check
against pokerkit 0.7.7's own betting and chip pushing.

Random hands come from ``poker_random`` (settings, deck and every decision drawn from a
seed), so a failure names a seed that replays it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from poker_random import Knobs, choose, random_config, random_hand, random_reshuffle
from rules.poker import Action, ActionError, Game, Hand, OutOfTurn, Phase, Verb
from rules.poker.records import Acted, Dealt, HandEnded, Posted, Reshuffled, Returned
from rules.poker.script import parse_script, play


def check_invariants(hand: Hand, action: Action) -> None:
    start = sum(hand.config.stacks)
    assert sum(hand.stacks) + sum(hand.bets) + hand.pot_total() == start, action
    assert all(s >= 0 for s in hand.stacks)
    if not hand.is_over:
        legal = hand.legal()
        seat = legal.seat
        # only the seat to act can act: every other seat is refused, whatever it asks
        for other in hand.order:
            if other != seat:
                for verb in (Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.ALLIN):
                    assert not hand.can(Action(other, verb))
                with pytest.raises(OutOfTurn):
                    hand.verify(Action(other, Verb.FOLD))
                break
        if legal.phase is Phase.BETTING:
            assert hand.can(Action(seat, Verb.FOLD))
            if legal.raise_verb is not None:
                lo, hi = legal.min_to, legal.max_to
                assert lo is not None and hi is not None and lo <= hi
                assert hand.can(Action(seat, legal.raise_verb, lo))
                assert hand.can(Action(seat, legal.raise_verb, hi))
                assert not hand.can(Action(seat, legal.raise_verb, hi + 1))
                if lo < hi or lo != hand.bets[seat] + hand.stacks[seat]:
                    assert not hand.can(Action(seat, legal.raise_verb, lo - 1))


@given(st.integers(0, 2**32))
@settings(max_examples=250, deadline=None)
def test_random_hands_conserve_chips_and_only_the_seat_to_act_acts(seed):
    hand = random_hand(seed, each=check_invariants)
    result = hand.result()
    assert sum(result.net) == 0
    assert sum(result.stacks) == sum(hand.config.stacks)
    assert sum(p.amount for p in result.pots) == sum(
        sum(a for _, a in p.winners) for p in result.pots)
    ended = hand.log[-1]
    assert isinstance(ended, HandEnded) and ended.net == result.net
    # every card dealt is distinct and each position is dealt once per shuffle
    dealt = [(r.shuffle, r.position) for r in hand.log if isinstance(r, Dealt)]
    assert len(dealt) == len(set(dealt))
    with pytest.raises(ActionError):
        hand.verify(Action(hand.order[0], Verb.FOLD))


def put_at_risk(hand: Hand) -> list[int]:
    """Each seat's chips in the pots, read from the log: posted, bet or called, less what came
    back to it unmatched."""
    risk = [0] * hand.seats
    for r in hand.log:
        if isinstance(r, Posted):
            risk[r.seat] += r.amount
        elif isinstance(r, Acted):
            risk[r.seat] += r.added
        elif isinstance(r, Returned):
            risk[r.seat] -= r.amount
    return risk


def check_nobody_wins_more_than_was_at_risk(hand: Hand) -> None:
    result = hand.result()
    risk = put_at_risk(hand)
    start = hand.config.stacks
    won = [0] * hand.seats
    for pot in result.pots:
        for seat, chips in pot.winners:
            won[seat] += chips
    assert sum(result.net) == 0
    assert all(result.net[s] == won[s] - risk[s] for s in range(hand.seats))
    assert all(result.stacks[s] == start[s] + result.net[s] for s in range(hand.seats))
    assert sum(p.amount for p in result.pots) == sum(risk)
    # Pots pay from the main pot outwards; a pot covers the layer up to the smallest amount any
    # of its players put in, and holds at most what each contributor put in that layer: at
    # most (contributors x the layer), antes included.
    below = 0
    held = 0
    for pot in result.pots:
        level = min(risk[s] for s in pot.eligible)
        assert level > below and all(hand.in_hand[s] for s in pot.eligible)
        contributors = sum(1 for c in risk if c > below)
        assert pot.amount <= contributors * (level - below), (pot, risk)
        held += pot.amount
        assert held <= sum(min(c, level) for c in risk), (result.pots, risk)
        below = level
    # so nobody wins from a player more than either of them put at risk
    for w in range(hand.seats):
        assert won[w] <= sum(min(c, risk[w]) for c in risk), (w, won, risk)


SHORT_ANTES = (Knobs(short_antes=True), Knobs(short_antes=True, max_seats=4, fold_weight=0.5),
               Knobs(short_antes=True, posts=True))
"""Every game and size with an ante and stacks short of it; small tables where folding is
frequent, so everyone often folds to a player all in on its ante; and newcomers posting a big
blind beside the blinds (all in on it, too)."""


@given(st.integers(0, 2**32), st.sampled_from(SHORT_ANTES))
@settings(max_examples=500, deadline=None)
def test_nobody_wins_more_from_a_player_than_they_put_at_risk_antes_included(seed, knobs):
    """Random hands with an ante always and many stacks short of it (all in on the ante or a
    blind, everyone else free to fold to them): every pot is bounded by what its contributors
    could match, and nets sum to zero."""
    hand = random_hand(seed, knobs, each=check_invariants)
    check_nobody_wins_more_than_was_at_risk(hand)


def test_short_antes_reach_the_case_of_everyone_folding_to_an_ante_all_in():
    """The knobs above do produce the hands the property is about: a winner all in on an ante
    it could not cover, paid without a showdown, with another seat's ante coming back."""
    seen = 0
    for seed in range(2000):
        hand = random_hand(seed, SHORT_ANTES[1])
        check_nobody_wins_more_than_was_at_risk(hand)
        short = {r.seat for r in hand.log
                 if isinstance(r, Posted) and r.kind == "ante" and r.amount < hand.config.ante}
        live = [s for s in hand.order if hand.in_hand[s]]
        if len(live) == 1 and live[0] in short and any(
                isinstance(r, Returned) for r in hand.log):
            seen += 1
    assert seen >= 10, seen


@pytest.mark.parametrize("game", list(Game))
def test_every_game_reaches_every_outcome(game):
    """Each game's random hands include showdowns, uncontested wins, all-ins and side pots."""
    shows = wins = sides = 0
    for seed in range(150):
        hand = random_hand(seed, Knobs(games=(game,)))
        if any(r.hand is None for r in hand.log if hasattr(r, "hand") and hasattr(r, "pots")):
            wins += 1
        else:
            shows += 1
        sides += len(hand.result().pots) > 1
    assert shows and wins and sides


def test_random_actions_are_verified_like_the_chosen_ones():
    """Random (often illegal) requests: ``can`` agrees with ``verify``, and a refused action
    changes nothing."""
    rng = random.Random(7)
    for seed in range(150):
        r = random.Random(seed)
        config = random_config(r)
        deck = config.variant.deck
        hand = Hand(config, rng.sample(deck, len(deck)), reshuffle=random_reshuffle(r))
        while not hand.is_over:
            for _ in range(3):
                seat = rng.choice(hand.order)
                verb = rng.choice(list(Verb))
                amount = rng.randint(0, 3000) if verb in (Verb.BET, Verb.RAISE) else None
                action = Action(seat, verb, amount)
                before = (list(hand.stacks), list(hand.bets), len(hand.log))
                try:
                    hand.verify(action)
                    ok = True
                except ActionError:
                    ok = False
                assert hand.can(action) == ok
                assert before == (list(hand.stacks), list(hand.bets), len(hand.log))
            hand.do(choose(hand, r))


def test_differential_against_pokerkit_on_1000_hands():
    """pokerkit 0.7.7 replays our hands (our cards, our actions): same turn order, same chips
    per action, same pots; and the same payouts on at least 1,000 hands where no odd chip
    arises and no known difference applies (listed in ``rules.poker.kit``'s docstring)."""
    kit = pytest.importorskip("rules.poker.kit")
    knobs = Knobs(max_seats=6)
    compared = betting = 0
    skipped: dict[str, int] = {}
    seed = 0
    while compared < 1000:
        hand = random_hand(10_000 + seed, knobs)
        seed += 1
        report = kit.cross_check(hand)
        betting += report.betting
        compared += report.payouts
        if report.skipped:
            key = report.skipped.split(":")[0]
            skipped[key] = skipped.get(key, 0) + 1
        assert seed < 2000, skipped
    assert betting >= compared
    print(f"\n{seed} hands: betting compared on {betting}, payouts on {compared}; "
          f"skipped: {skipped}")


def test_differential_against_pokerkit_with_short_antes():
    """The same replay on hands with antes and stacks short of them: the betting agrees
    wherever pokerkit can play it (it puts every ante in the main pot, so payouts with a short
    ante are not compared; the property above checks those)."""
    kit = pytest.importorskip("rules.poker.kit")
    betting = payouts = 0
    for k, knobs in enumerate(SHORT_ANTES):
        for seed in range(300):
            report = kit.cross_check(random_hand(50_000 * (k + 1) + seed, knobs))
            betting += report.betting
            payouts += report.payouts
    assert betting >= 400 and payouts >= 200, (betting, payouts)


def test_draw_with_blinds_conserves_chips_and_agrees_with_pokerkit():
    """Random draw hands, half of them with the host's blinds (an ante on top or not, short
    stacks): chips conserved, every hand sums to zero, and pokerkit
    replays the betting (turn order left of the big blind, then left of the button)."""
    kit = pytest.importorskip("rules.poker.kit")
    knobs = Knobs(games=(Game.DRAW,), draw_blinds=True)
    with_blinds = betting = 0
    for seed in range(400):
        hand = random_hand(70_000 + seed, knobs)
        assert sum(hand.result().net) == 0
        assert sum(hand.stacks) == sum(hand.config.stacks)
        if hand.config.posts_blinds:
            with_blinds += 1
            betting += kit.cross_check(hand).betting
    assert with_blinds >= 150 and betting >= 100, (with_blinds, betting)


def test_random_seven_handed_draws_replay_as_scripts():
    """Random 6- and 7-handed draw hands, written as scripts (hole cards, the stub as the cards
    the draw handed out, the actions) and played again: the same cards and chips, including
    the hands whose stub ran short in the middle of a seat's draw; and pokerkit (as playhand
    runs it) agrees with the replay wherever it can play it."""
    try:
        from rules.poker import kit
    except ImportError:
        kit = None
    knobs = Knobs(games=(Game.DRAW,), min_seats=6, fold_weight=0.02, deep_draws=True)
    mid_draw = compared = 0
    for seed in range(300):
        taken: list[str] = []
        hand = random_hand(seed, knobs, each=lambda _h, a, taken=taken: taken.append(str(a)))
        dealt = [r for r in hand.log if isinstance(r, Dealt)]
        hole = [[str(r.card) for r in dealt if r.to == "hole" and r.seat == s]
                for s in range(hand.seats)]
        stub = [str(r.card) for r in dealt if r.to == "draw"]
        cfg = hand.config
        replay = play(parse_script({
            "game": "draw", "betting": cfg.betting.value, "stacks": list(cfg.stacks),
            "button": cfg.button, "blinds": list(cfg.blinds), "ante": cfg.ante, "cap": cfg.cap,
            "hole": hole, "boards": [], "stub": stub, "actions": taken}))
        assert replay.result() == hand.result() and replay.hole == hand.hole
        if kit is not None:
            compared += kit.cross_check(replay).payouts
        at = [i for i, r in enumerate(hand.log) if isinstance(r, Reshuffled)]
        mid_draw += any(isinstance(hand.log[i - 1], Dealt) and hand.log[i - 1].to == "draw"
                        for i in at)
    assert mid_draw >= 30, mid_draw
    assert kit is None or compared >= 50, compared


def test_pokerkit_differs_where_the_notes_say():
    """The adapter's guards are needed: pokerkit 0.7.7 itself gets these wrong."""
    import pokerkit as pk

    # Incomplete all-in (notes' example): UTG limps, button all-in for 14, SB folds, BB calls:
    # pokerkit lets UTG raise; the rules (and our engine: test_rules_poker_rulings) do not.
    state = pk.NoLimitTexasHoldem.create_state(
        (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
         pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.CARD_BURNING,
         pk.Automation.HOLE_DEALING, pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
         pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING),
        False, 0, (5, 10), 10, (1000, 1000, 1000, 14), 4)
    state.check_or_call()  # UTG
    state.complete_bet_or_raise_to(14)  # button all-in
    state.fold()  # SB
    state.check_or_call()  # BB
    assert state.can_complete_bet_or_raise_to(40)
    # Short big blind: pokerkit asks the others to call only what the big blind posted.
    state = pk.NoLimitTexasHoldem.create_state(
        (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
         pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.CARD_BURNING,
         pk.Automation.HOLE_DEALING), False, 0, (5, 10), 10, (1000, 6, 1000), 3)
    assert state.checking_or_calling_amount == 6 - 0
    # Fixed limit: the preset allows the big blind plus four raises preflop.
    state = pk.FixedLimitTexasHoldem.create_state(
        (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
         pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.CARD_BURNING,
         pk.Automation.HOLE_DEALING), False, 0, (5, 10), 10, 20, (1000,) * 4, 4)
    for _ in range(4):
        state.complete_bet_or_raise_to()
    assert state.bets[state.actor_index] < 50 and max(state.bets) == 50


def test_acted_records_match_the_log():
    hand = random_hand(3)
    for rec in hand.log:
        if isinstance(rec, Acted):
            assert rec.to >= 0 and rec.added >= 0

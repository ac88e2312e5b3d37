"""Ultimate Omaha's odds from one seat (rules.ultimate_odds), held to the game's own rules.

The edge of Double is derived in the module from the pairwise settlement; the first test checks
that derivation against :func:`rules.ultimate.settle` itself on whole random deals, so a change
of the payout rule cannot leave the bots doubling on an old formula.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from rules.cards import CardError, parse_cards
from rules.evaluator import warm_up
from rules.ultimate import (
    PlayerScore,
    claim,
    score_board,
    score_player,
    settle,
    settle_solo,
)
from rules.ultimate_odds import (
    UltimateOdds,
    edge_cents,
    exact_flop,
    exact_flop_steps,
    odds,
    odds_steps,
    opponents,
    reference,
    round_of,
)


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


def test_the_edge_of_double_is_what_settlement_pays() -> None:
    """Over whole random deals of 1 to 10 players with random stakes, doubling my stake
    changes my net by exactly stake × opponents × my claim per unit — the module's model."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 10)
        deck = rng.sample(range(52), 4 * n + 10)
        holes = [deck[4 * i:4 * i + 4] for i in range(n)]
        b1, b2 = deck[4 * n:4 * n + 5], deck[4 * n + 5:4 * n + 10]
        scores = [score_player(h, b1, b2) for h in holes]
        stakes = [rng.choice((100, 200, 400)) for _ in range(n)]
        me = rng.randrange(n)
        doubled = list(stakes)
        doubled[me] *= 2
        if n == 1:
            gain = settle_solo(doubled[0], scores[0]) - settle_solo(stakes[0], scores[0])
        else:
            gain = settle(doubled, scores)[me] - settle(stakes, scores)[me]
        assert gain == stakes[me] * opponents(n) * claim(1, scores[me])


def _brute_flop(hole, boards) -> tuple[float, float, float, int]:
    """Every turn and river of both boards, one joint deal at a time, scored by the rules'
    own score_board: (P(qualify), E[multiplier], E[claim], deals)."""
    known = set(hole) | set(boards[0]) | set(boards[1])
    unseen = [c for c in range(52) if c not in known]
    pairs = list(combinations(unseen, 2))
    s1 = [score_board(hole, (*boards[0], *p)) for p in pairs]
    s2 = [score_board(hole, (*boards[1], *p)) for p in pairs]
    q = m = cl = n = 0
    for i, (a, b) in enumerate(pairs):
        for j, (c, d) in enumerate(pairs):
            if a in (c, d) or b in (c, d):
                continue
            score = PlayerScore.of(s1[i], s2[j])
            q += score.qualifies
            m += score.total_multiplier
            cl += claim(1, score)
            n += 1
    return q / n, m / n, cl / n, n


@pytest.mark.parametrize("spot", [
    ("As 7d 7c 2h", "Ah Kd 7s", "Qc Jc 2s"),
    ("Kh Qh Jd Td", "9h 8h 2c", "Ac Ad 5s"),
])
def test_exact_flop_weighs_every_joint_deal_once(spot) -> None:
    """The counting shortcut (all pairs − pairs sharing a card + pairs sharing both) gives the
    same numbers as walking every joint deal, scored by the rules themselves."""
    hole, f1, f2 = (parse_cards(t) for t in spot)
    p, m, c, n = _brute_flop(hole, (f1, f2))
    e = exact_flop(hole, (f1, f2))
    assert e.exact and e.samples == n == 861 * 780
    assert math.isclose(e.p_qualify, p) and math.isclose(e.e_multiplier, m)
    assert math.isclose(e.claim, c, abs_tol=1e-12) and e.double_edge == e.claim


def test_sampling_agrees_with_the_exact_flop() -> None:
    hole, f1, f2 = (parse_cards(t) for t in ("As 7d 7c 2h", "Ah Kd 7s", "Qc Jc 2s"))
    e = exact_flop(hole, (f1, f2))
    s = odds(hole, (f1, f2), rng=random.Random(3), samples=4000)
    assert s.samples == 4000 and not s.exact
    assert abs(s.claim - e.claim) < 5 * s.claim_se
    assert abs(s.p_qualify - e.p_qualify) < 0.05


def test_same_seed_same_odds_and_the_slices_end_in_the_same_result() -> None:
    hole = parse_cards("Ks Kd 9h 4c")
    a = odds(hole, ((), ()), rng=random.Random(11), samples=640)
    b = odds(hole, ((), ()), rng=random.Random(11), samples=640)
    steps = list(odds_steps(hole, ((), ()), rng=random.Random(11), samples=640, batch=64))
    assert a == b == steps[-1]
    assert steps[:-1] and all(s is None for s in steps[:-1])
    exact = list(exact_flop_steps(hole, (parse_cards("2c 3c 5c"), parse_cards("5d 6d 7d"))))
    assert len(exact) > 5 and all(s is None for s in exact[:-1])
    assert isinstance(exact[-1], UltimateOdds)


def test_enough_stops_the_sampling_early() -> None:
    hole = parse_cards("As Ad Ks Kd")
    steps = list(odds_steps(hole, ((), ()), rng=random.Random(2), samples=6400, batch=64,
                            enough=lambda o: o.samples >= 128))
    last = steps[-1]
    assert isinstance(last, UltimateOdds) and last.samples == 128


def test_preflop_edge_counts_the_option_to_double_on_the_flop() -> None:
    """The preflop edge is the claim plus the flop's option (never negative): above the
    claim for a hand that can go either way; aces and kings always qualify."""
    aakk = odds(parse_cards("As Ad Ks Kd"), ((), ()), rng=random.Random(5), samples=1600)
    assert aakk.p_qualify == 1.0 and aakk.double_edge > aakk.claim > 0 and aakk.double
    marginal = odds(parse_cards("2c 7d Qh Ks"), ((), ()), rng=random.Random(5), samples=2400)
    assert marginal.double_edge > marginal.claim + 0.1


def test_four_deuces_check_preflop() -> None:
    """Quads in the hand play as one pair: they rarely qualify, and the flop's option does not
    make up for it (reference: edge about -0.40)."""
    quads = odds(parse_cards("2c 2d 2h 2s"), ((), ()), rng=random.Random(9), samples=2400)
    assert quads.double_edge < -0.2 and not quads.double
    assert 0.2 < quads.p_qualify < 0.35


def test_the_reference_screens_clear_spots_and_is_exact_on_the_flop() -> None:
    clear = reference(parse_cards("Ks Kd Qs Qd"), ((), ()), random.Random(1))
    assert clear.samples == 20_000 and clear.claim - 6 * clear.claim_se > 0
    flop = (parse_cards("Ah Kd 7s"), parse_cards("Qc Jc 2s"))
    assert reference(parse_cards("As 7d 7c 2h"), flop, random.Random(1)) == exact_flop(
        parse_cards("As 7d 7c 2h"), flop
    )


def test_edge_in_cents_and_opponents() -> None:
    o = UltimateOdds(0.5, 1.0, 0.5, 0.5, 10)
    assert edge_cents(o, 100, 1) == 50 and edge_cents(o, 100, 2) == 50
    assert edge_cents(o, 100, 5) == 200
    with pytest.raises(ValueError):
        opponents(0)


@pytest.mark.parametrize("hole, boards", [
    ("As Ad Ks", ((), ())),
    ("As Ad Ks Kd", (("2c",), ())),
    ("As Ad Ks Kd", (("2c", "3c", "4c"), ("5c", "6c", "7c", "8c"))),
    ("As Ad Ks Kd", (("As", "3c", "4c"), ("5c", "6c", "7c"))),
])
def test_a_spot_that_cannot_be_a_decision_is_refused(hole, boards) -> None:
    with pytest.raises(CardError):
        odds(parse_cards(hole), tuple(parse_cards(b) for b in boards),
             rng=random.Random(1), samples=10)


def test_round_of_needs_two_boards() -> None:
    with pytest.raises(CardError):
        round_of(((),))


def test_the_advisor_shows_the_exact_flop_numbers_in_cents() -> None:
    from rules.ultimate_odds import advice
    from web.advisortext import ultimate_advice_words

    hole, flop = parse_cards("As 7d 7c 2h"), (parse_cards("Ah Kd 7s"), parse_cards("Qc Jc 2s"))
    e = exact_flop(hole, flop)
    a = advice(hole, flop, 200, 4, rng=random.Random(1))
    assert (a.p_qualify, a.e_multiplier, a.exact) == (e.p_qualify, e.e_multiplier, True)
    assert a.edge_cents == round(e.double_edge * 200 * 3) and a.double == e.double
    words = ultimate_advice_words(a)
    assert f"{round(100 * e.p_qualify)} percent" in words and "%" not in words
    assert ("Double." if e.double else "Check.") in words

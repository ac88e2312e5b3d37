"""rules.preflop: Hold'em's 169 starting hands in order, and the Omaha point count.

The Hold'em order is checked against equities sampled afresh here (hands a fifth of the
table apart must come out in the table's order) and against what holds for every hand
against a random one (a higher pair is better; suited beats the same two ranks offsuit). The
Omaha count must order random hands, not the ones it was tuned on, much as their equity
does.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest
from rules.cards import RANKS, Card, parse_cards
from rules.equity import equity
from rules.evaluator import warm_up
from rules.preflop import HOLDEM_ORDER, holdem_class, holdem_equity, holdem_rank, omaha_points
from rules.variants import HOLDEM, OMAHA, PLO5


def test_the_order_holds_each_starting_hand_once():
    classes = {holdem_class(pair) for pair in combinations(HOLDEM.deck, 2)}
    assert len(classes) == 169
    assert sorted(HOLDEM_ORDER) == sorted(classes)


def test_every_combination_of_a_hand_has_its_rank():
    seen: dict[str, set[int]] = {}
    for a, b in combinations(HOLDEM.deck, 2):
        seen.setdefault(holdem_class((a, b)), set()).add(holdem_rank((b, a)))
    assert all(len(ranks) == 1 for ranks in seen.values())
    assert holdem_rank(parse_cards("Ah As")) == 1
    assert holdem_rank(parse_cards("3d 2c")) == 169
    assert holdem_class(parse_cards("Td 9d")) == "T9s"
    assert holdem_class(parse_cards("9d Td")) == "T9s"
    assert holdem_class(parse_cards("2h Kd")) == "K2o"


def test_a_higher_pair_is_better_and_suited_beats_offsuit():
    pairs = [RANKS[r] * 2 for r in range(12, -1, -1)]
    assert sorted(pairs, key=HOLDEM_ORDER.index) == pairs
    for hi, lo in combinations(range(12, -1, -1), 2):
        name = RANKS[hi] + RANKS[lo]
        assert HOLDEM_ORDER.index(name + "s") < HOLDEM_ORDER.index(name + "o"), name


def _a_hand(name: str) -> tuple[Card, Card]:
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    return Card.from_parts(hi, 3), Card.from_parts(lo, 3 if name.endswith("s") else 2)


def test_hands_far_apart_in_the_order_are_far_apart_in_equity():
    picks = [HOLDEM_ORDER[i] for i in (0, 33, 67, 101, 135, 168)]
    shares = [equity(HOLDEM, _a_hand(name), [], 1, rng=random.Random(name),
                     samples=6000) for name in picks]
    for better, worse in pairwise(shares):
        # three standard errors of the difference: the true gaps are five to ten percent
        gap = 3 * (better.error**2 + worse.error**2) ** 0.5
        assert better.share - worse.share > gap, (picks, shares)


def test_published_ends_of_the_order():
    assert HOLDEM_ORDER[:5] == ("AA", "KK", "QQ", "JJ", "TT")
    assert HOLDEM_ORDER[-1] == "32o"
    assert HOLDEM_ORDER.index("AKs") < HOLDEM_ORDER.index("AKo") < HOLDEM_ORDER.index("22")


@pytest.mark.parametrize("hand,published", [
    ("As Ah", 0.852), ("Ks Kh", 0.824), ("As Ks", 0.670), ("2s 2h", 0.503), ("7s 2h", 0.346),
    ("3s 2h", 0.323),
])
def test_the_figures_are_the_published_equities_against_a_random_hand(hand, published):
    assert abs(holdem_equity(parse_cards(hand)) - published) < 0.006


def test_the_figures_fall_along_the_order():
    figures = [holdem_equity(_a_hand(name)) if len(name) == 3 else
               holdem_equity((Card.from_parts(RANKS.index(name[0]), 0),
                              Card.from_parts(RANKS.index(name[0]), 1)))
               for name in HOLDEM_ORDER]
    assert figures == sorted(figures, reverse=True)


def test_a_wrong_number_of_cards_is_refused():
    with pytest.raises(ValueError, match="2 hole cards"):
        holdem_rank(parse_cards("As Ad Kc"))
    with pytest.raises(ValueError, match="at least 2"):
        omaha_points(parse_cards("As"))


def test_omaha_points_read_any_number_of_hole_cards():
    for size in range(2, 7):
        assert omaha_points(HOLDEM.deck[-size:]) > omaha_points(HOLDEM.deck[:size])


@pytest.mark.parametrize("better,worse", [
    ("As Ad Ks Kd", "As Ad Kh Kc"),  # double-suited beats no suit with itself
    ("As Ad Ks Kd", "As Ah Ks Kc"),  # double-suited beats rainbow
    ("As 8s 7d 6c", "Ks 8s 7d 6c"),  # the suited ace is the nut flush draw
    ("As Ad 7c 2h", "As Ad Ac 2h"),  # a third ace is dead
    ("Js Td 9s 8d", "Js Td 9s 2d"),  # a rundown beats a dangler
    ("Ks Qs Jd Th", "7s 6s 5d 4h"),  # the high end of straights
    ("As Ks Qs Jd", "As Ks Qs Js"),  # a fourth spade cuts the flush outs
])
def test_omaha_points_order_pairs_of_hands_as_players_do(better, worse):
    assert omaha_points(parse_cards(better)) > omaha_points(parse_cards(worse))


def _ranks(values: list[float]) -> list[int]:
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0] * len(values)
    for place, i in enumerate(order):
        out[i] = place
    return out


def _rank_correlation(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    mean = (len(a) - 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(ra, rb, strict=True))
    var = sum((x - mean) ** 2 for x in ra)
    return cov / var


@pytest.mark.parametrize("variant,opponents", [(OMAHA, 3), (PLO5, 1)], ids=["plo-3", "plo5-1"])
def test_omaha_points_order_random_hands_as_their_equity_does(variant, opponents):
    warm_up()
    rng = random.Random(2026)  # not the hands the points were tuned on
    points, shares = [], []
    for k in range(80):
        hole = rng.sample(variant.deck, variant.hole)
        points.append(float(omaha_points(hole)))
        shares.append(equity(variant, hole, [], opponents, rng=random.Random(k),
                             samples=300).share)
    assert _rank_correlation(points, shares) > 0.7

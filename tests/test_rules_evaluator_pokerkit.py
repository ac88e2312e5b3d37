"""Differential tests: our hand order agrees with pokerkit 0.7.7 (a test-only dependency).

pokerkit evaluates about two thousand Omaha hands a second, so each random deal is evaluated
once by each library, and the comparison is made on ORDER: after sorting the deals by our
value, every adjacent pair must compare the same way (less / equal) under pokerkit. Since
both are total preorders, that is the same as agreeing on every pair of the 20,000 hands.
Random pairs are checked directly as well, and the category names must match.

A third of the deals come from thinned decks (two suits, or six ranks) so that flushes,
straight flushes, boats and quads, rare at random, are compared often too.
"""

import random
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement, pairwise

import pytest
from rules import evaluator
from rules.cards import Card
from rules.evaluator import (
    Category,
    best_high,
    high_hand,
    low27,
    omaha_high,
    omaha_low8,
    short_hand,
    short_high,
)

pokerkit = pytest.importorskip("pokerkit")

DEALS = 5_000  # per comparison (the suite's time; 5-card sets are compared exhaustively)
PK_CARDS = [next(iter(pokerkit.Card.parse(str(Card(i))))) for i in range(52)]
LABELS = {
    Category.HIGH_CARD: pokerkit.Label.HIGH_CARD,
    Category.PAIR: pokerkit.Label.ONE_PAIR,
    Category.TWO_PAIR: pokerkit.Label.TWO_PAIR,
    Category.TRIPS: pokerkit.Label.THREE_OF_A_KIND,
    Category.STRAIGHT: pokerkit.Label.STRAIGHT,
    Category.FLUSH: pokerkit.Label.FLUSH,
    Category.BOAT: pokerkit.Label.FULL_HOUSE,
    Category.QUADS: pokerkit.Label.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: pokerkit.Label.STRAIGHT_FLUSH,
}


def deals(seed: int, size: int) -> list[list[int]]:
    """``DEALS`` random sets of ``size`` distinct cards: 2/3 from the full deck, the rest
    from two-suit or six-rank decks."""
    rng = random.Random(seed)
    out = []
    for i in range(DEALS):
        kind = i % 6
        if kind == 4:
            suits = rng.sample(range(4), 2)
            deck = [c for c in range(52) if c & 3 in suits]
        elif kind == 5:
            ranks = rng.sample(range(13), 6)
            deck = [c for c in range(52) if c >> 2 in ranks]
        else:
            deck = range(52)
        out.append(rng.sample(deck, size))
    return out


def sign(x: object, y: object) -> int:
    return (x > y) - (x < y)  # type: ignore[operator]


def assert_same_order(
    deals_: Sequence[Sequence[int]],
    ours: Sequence[int],
    theirs: Sequence[object],
    reverse: bool = False,
) -> None:
    """Ours and theirs order the hands alike (``reverse``: ours is lower-is-better)."""
    flip = -1 if reverse else 1
    order = sorted(range(len(ours)), key=ours.__getitem__)
    mismatches = []
    for i, j in pairwise(order):
        if sign(ours[i], ours[j]) * flip != sign(theirs[i], theirs[j]):
            mismatches.append((deals_[i], ours[i], theirs[i], deals_[j], ours[j], theirs[j]))
    rng = random.Random(99)
    for _ in range(len(ours)):
        i, j = rng.randrange(len(ours)), rng.randrange(len(ours))
        if sign(ours[i], ours[j]) * flip != sign(theirs[i], theirs[j]):
            mismatches.append((deals_[i], ours[i], theirs[i], deals_[j], ours[j], theirs[j]))
    assert not mismatches, f"{len(mismatches)} disagreements, e.g. {mismatches[:3]}"


def evaluate_all(
    deals_: Sequence[Sequence[int]], split: int, ours_fn: Callable, theirs_fn: Callable
) -> tuple[list, list]:
    ours, theirs = [], []
    pk = PK_CARDS
    for deal in deals_:
        ours.append(ours_fn(deal[:split], deal[split:]))
        theirs.append(theirs_fn([pk[c] for c in deal[:split]], [pk[c] for c in deal[split:]]))
    return ours, theirs


def test_omaha_high_order_matches_pokerkit(monkeypatch):
    monkeypatch.setattr(evaluator, "_TABLES", evaluator._Tables())  # start cold
    dealt = deals(1, 9)
    ours, theirs = evaluate_all(dealt, 4, omaha_high, pokerkit.OmahaHoldemHand.from_game)
    evaluator.warm_up()
    assert [omaha_high(d[:4], d[4:]) for d in dealt] == ours  # the warm path agrees
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[high_hand(value).category] == hand.entry.label
    assert len({high_hand(v).category for v in ours}) == 9  # every category was compared
    assert_same_order(dealt, ours, theirs)


def _pokerkit_low(hole, board):
    try:
        return pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:  # pokerkit's way of saying "no low"
        return None


def test_omaha_low_order_and_qualification_match_pokerkit():
    dealt = deals(2, 9)
    ours, theirs = evaluate_all(dealt, 4, omaha_low8, _pokerkit_low)
    triples = list(zip(dealt, ours, theirs, strict=True))
    unqualified = [d for d, a, b in triples if (a is None) != (b is None)]
    assert not unqualified, f"qualification differs, e.g. {unqualified[:3]}"
    qualified = [t for t in triples if t[1] is not None]
    assert DEALS // 10 < len(qualified) < DEALS - DEALS // 10  # both outcomes well represented
    low_deals, low_ours, low_theirs = zip(*qualified, strict=True)
    assert_same_order(low_deals, low_ours, low_theirs, reverse=True)


def test_seven_card_high_order_matches_pokerkit():
    dealt = deals(3, 7)
    ours, theirs = evaluate_all(
        dealt, 7, lambda cards, _: best_high(cards), pokerkit.StandardHighHand.from_game
    )
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[high_hand(value).category] == hand.entry.label
    assert_same_order(dealt, ours, theirs)


# --- the dealer's-choice games --------------------------------------------------------------

SHORT_DECK = [c for c in range(52) if c >> 2 >= 4]


def every_five_card_class(ranks):
    """One five-card hand per (rank multiset, suited or not) over ``ranks``: every value."""
    for multiset in combinations_with_replacement(ranks, 5):
        if len(set(multiset)) == 5:
            yield tuple(r * 4 + i % 2 for i, r in enumerate(multiset))
            yield tuple(r * 4 + 3 for r in multiset)
        elif max(multiset.count(r) for r in multiset) <= 4:
            yield tuple(r * 4 + multiset[:i].count(r) for i, r in enumerate(multiset))


def test_plo5_high_order_matches_pokerkit():
    rng = random.Random(5)
    dealt = [rng.sample(range(52) if i % 3 else range(0, 52, 2), 10) for i in range(2_000)]
    ours, theirs = evaluate_all(dealt, 5, omaha_high, pokerkit.OmahaHoldemHand.from_game)
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[high_hand(value).category] == hand.entry.label
    assert_same_order(dealt, ours, theirs)


def test_every_short_deck_five_card_hand_orders_as_pokerkit():
    hands = list(every_five_card_class(range(4, 13)))
    ours = [short_high(h) for h in hands]
    theirs = [pokerkit.ShortDeckHoldemHand([PK_CARDS[c] for c in h]) for h in hands]
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[short_hand(value).category] == hand.entry.label
    assert len({short_hand(v).category for v in ours}) == 9
    assert_same_order(hands, ours, theirs)


def test_short_deck_seven_card_order_matches_pokerkit():
    rng = random.Random(7)
    two_suits = [c for c in SHORT_DECK if c & 3 < 2]
    dealt = [rng.sample(SHORT_DECK if i % 3 else two_suits, 7) for i in range(6_000)]
    ours, theirs = evaluate_all(
        dealt,
        2,
        lambda hole, board: short_high(hole + board),
        pokerkit.ShortDeckHoldemHand.from_game,
    )
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[short_hand(value).category] == hand.entry.label
    assert_same_order(dealt, ours, theirs)


def test_every_deuce_to_seven_hand_orders_as_pokerkit():
    """pokerkit's ``StandardLowHand`` is its 2-7 hand (higher is better there, lower here)."""
    hands = list(every_five_card_class(range(13)))
    ours = [low27(h) for h in hands]
    theirs = [pokerkit.StandardLowHand([PK_CARDS[c] for c in h]) for h in hands]
    for value, hand in zip(ours, theirs, strict=True):
        assert LABELS[high_hand(value).category] == hand.entry.label
    assert_same_order(hands, ours, theirs, reverse=True)


def test_random_deuce_to_seven_hands_order_as_pokerkit():
    dealt = deals(8, 5)
    ours = [low27(d) for d in dealt]
    theirs = [pokerkit.StandardLowHand([PK_CARDS[c] for c in d]) for d in dealt]
    assert_same_order(dealt, ours, theirs, reverse=True)

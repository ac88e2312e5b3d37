"""The evaluators of the dealer's-choice games: Omaha with any number of hole cards (PLO5),
Short Deck's ranking and 2-7 lowball — the rulings' own examples by hand, then the table paths
against brute force written here independently of the tables (see ``static/rules/table-games.md``,
"The games")."""

import random
from itertools import combinations, combinations_with_replacement, pairwise

import pytest
from rules import evaluator, sevencard
from rules.cards import Card, parse_cards
from rules.evaluator import (
    Category,
    describe_low27,
    describe_short,
    format_low27,
    high_hand,
    low27,
    omaha_high,
    omaha_high_best,
    omaha_low8,
    omaha_low8_best,
    short_hand,
    short_high,
    short_high_best,
)

SHORT_DECK = [c for c in range(52) if c >> 2 >= 4]
"""The 36 cards from six to ace."""


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.fixture(params=["cold", "warm"])
def either(request):
    request.getfixturevalue(request.param)
    return request.param


# --- references, written from the rules text without the tables -----------------------------

_SHAPES = {
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.TRIPS,
    (3, 2): Category.BOAT,
    (4, 1): Category.QUADS,
}


def classify(five, straights):
    """(category, tie-break ranks) of five cards; ``straights`` maps a sorted-descending rank
    tuple to the straight's top rank for every five-rank run the game counts."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    top = straights.get(tuple(ranks))
    if top is not None:
        return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), (top,)
    if flush:
        return Category.FLUSH, tuple(ranks)
    return _SHAPES[tuple(sorted(counts.values(), reverse=True))], tuple(groups)


def runs(lowest_top: int, ace_low_top: int | None) -> dict[tuple[int, ...], int]:
    out = {tuple(range(top, top - 5, -1)): top for top in range(lowest_top, 13)}
    if ace_low_top is not None:
        out[(12, *range(ace_low_top, ace_low_top - 4, -1))] = ace_low_top
    return out


HIGH_RUNS = runs(4, 3)  # six-high and up, and the wheel (five high)
SHORT_RUNS = runs(8, 7)  # ten-high and up, and A-6-7-8-9 (nine high)
LOW27_RUNS = runs(4, None)  # A-2-3-4-5 is no straight

SHORT_ORDER = [
    Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR, Category.TRIPS, Category.STRAIGHT,
    Category.BOAT, Category.FLUSH, Category.QUADS, Category.STRAIGHT_FLUSH,
]  # fmt: skip


def short_key(five):
    category, ranks = classify(five, SHORT_RUNS)
    return SHORT_ORDER.index(category), ranks


def low27_key(five):
    """Lower is better: the high-poker strength of the five cards."""
    category, ranks = classify(five, LOW27_RUNS)
    return int(category), ranks


def high_key(five):
    category, ranks = classify(five, HIGH_RUNS)
    return int(category), ranks


def reference_omaha(hole, board):
    return max(
        high_key(two + three) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


def reference_low8(hole, board):
    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            ranks = sorted((1 if c >> 2 == 12 else (c >> 2) + 2 for c in two + three), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8 and (best is None or ranks < best):
                best = ranks
    return best


def assert_same_order(items, ours, theirs):
    """``ours`` and ``theirs`` (any comparable keys) order ``items`` alike: sorting by ours,
    every neighbour pair compares the same way under theirs (both are total preorders)."""
    order = sorted(range(len(items)), key=ours.__getitem__)
    bad = []
    for i, j in pairwise(order):
        a = (ours[i] > ours[j]) - (ours[i] < ours[j])
        b = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
        if a != b:
            bad.append((items[i], items[j]))
    assert not bad, f"{len(bad)} disagreements, e.g. {bad[:3]}"


def every_five_card_class(ranks):
    """One five-card hand per (rank multiset, suited or not) over ``ranks``: every value."""
    for multiset in combinations_with_replacement(ranks, 5):
        if len(set(multiset)) == 5:
            yield tuple(r * 4 + i % 2 for i, r in enumerate(multiset))  # two suits
            yield tuple(r * 4 + 3 for r in multiset)  # one suit
        elif max(multiset.count(r) for r in multiset) <= 4:
            yield tuple(r * 4 + multiset[:i].count(r) for i, r in enumerate(multiset))


# --- Omaha with any number of hole cards ------------------------------------------------------


def test_plo5_uses_exactly_two_of_five_hole_cards(either):
    # Four spades in the hole and two on the board: only two hole spades may play, so no flush,
    # and no ace-high straight either (it would take four hole cards): Q-J with T-9-8.
    hand = high_hand(omaha_high(cards("As Ks Qs Js 2d"), cards("Ts 9s 3c 4h 8d")))
    assert hand.category == Category.STRAIGHT and hand.ranks == (10,)
    # The fifth hole card matters: it is the only one that pairs the board.
    hand = high_hand(omaha_high(cards("As Kd Qc Jh 8c"), cards("8s 8d 2c 3h 4s")))
    assert hand.category == Category.TRIPS and hand.ranks == (6, 12, 2)  # one hole kicker


def test_plo5_board_flush_needs_two_hole_cards_of_its_suit(either):
    board = cards("2h 5h 8h Jh Kh")
    assert high_hand(omaha_high(cards("Ah Ac Ad As 3c"), board)).category == Category.PAIR
    assert high_hand(omaha_high(cards("Ah 3h Ad As 3c"), board)).category == Category.FLUSH


@pytest.mark.parametrize("extra", ["", " 2d"])
def test_omaha_flush_picks_the_straight_flush_over_higher_suited_cards(either, extra):
    # The two highest hearts in the hole with the three highest on the board make only an
    # ace-high flush; 9-8 of hearts with 7-6-5 make a straight flush.
    hand = high_hand(omaha_high(cards("Ah Kh 9h 8h" + extra), cards("7h 6h 5h 2c 3d")))
    assert hand.category == Category.STRAIGHT_FLUSH and hand.ranks == (7,)
    # Five hearts in a row among hole and board, but no two hole plus three board of them.
    hand = high_hand(omaha_high(cards("9h 8h 7h Ah" + extra), cards("6h 5h Kh 2c 3d")))
    assert hand.category == Category.FLUSH and hand.ranks == (12, 11, 7, 4, 3)


@pytest.mark.parametrize("hole_count", [2, 3, 5, 6])
@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_omaha_any_hole_count_matches_brute_force(either, hole_count, board_size):
    rng = random.Random(hole_count * 10 + board_size)
    for i in range(250):
        deck = range(52) if i % 3 else [c for c in range(52) if c & 3 < 2]  # flush-heavy third
        deal = rng.sample(deck, hole_count + board_size)
        hole, board = deal[:hole_count], deal[hole_count:]
        value = omaha_high(hole, board)
        hand = high_hand(value)
        assert (int(hand.category), hand.ranks) == reference_omaha(hole, board), (hole, board)
        best, five = omaha_high_best(hole, board)
        assert best == value
        assert sum(c in hole for c in five) == 2 and sum(c in board for c in five) == 3
        assert high_key(five) == reference_omaha(hole, board)
        low = omaha_low8(hole, board)
        expected = reference_low8(hole, board)
        assert (None if low is None else list(evaluator.low_ranks(low))) == expected
        found = omaha_low8_best(hole, board)
        assert (found is None) == (low is None)
        if found is not None:
            assert found[0] == low
            assert sum(c in hole for c in found[1]) == 2


def test_omaha_refuses_fewer_than_two_hole_cards():
    for fn in (omaha_high, omaha_high_best, omaha_low8, omaha_low8_best):
        with pytest.raises(ValueError):
            fn(cards("As"), cards("Kh Qh Jh"))


# --- Short Deck ---------------------------------------------------------------------------------


def short(text: str) -> int:
    return short_high(cards(text))


def test_short_deck_flush_beats_full_house():
    flush = short("6s 7s 8s Ts Qs")
    boat = short("As Ah Kc Kh Kd")
    assert flush > boat
    assert short_hand(flush).category == Category.FLUSH
    assert short_hand(boat).category == Category.BOAT
    # In seven cards holding both, the flush is the hand.
    both = short("Ks Kh Kd 9s 7s 6s As")
    assert short_hand(both).category == Category.FLUSH


def test_short_deck_a6789_is_the_lowest_straight_and_straight_flush():
    lowest = short("As 6c 7h 8h 9h")
    assert short_hand(lowest).category == Category.STRAIGHT
    assert short_hand(lowest).ranks == (7,)  # nine high
    assert lowest < short("6c 7d 8h 9s Tc") < short("Tc Jd Qh Ks Ac")
    assert lowest > short("7c 7d 7h Ts Qc")  # a straight beats three of a kind
    steel = short("Ah 6h 7h 8h 9h")
    assert short_hand(steel).category == Category.STRAIGHT_FLUSH
    assert short_hand(steel).ranks == (7,)
    assert short("Ac Ad Ah As Kc") < steel < short("6h 7h 8h 9h Th")
    assert describe_short(lowest) == "a Straight, Nine high"
    assert describe_short(steel) == "a Straight Flush, Nine high"
    assert describe_short(short("Ah Kh Qh Jh Th")) == "a Royal Flush"


def test_short_deck_other_categories_keep_their_order():
    hands = ["Ac Kd Qh Js 9c", "6c 6d 8h 9s Jc", "6c 6d 8h 8s Jc", "7c 7d 7h Ts Qc",
             "6c 7d 8h 9s Tc", "As Ah Kc Kh Kd", "6s 7s 8s Ts Qs", "6c 6d 6h 6s 7c",
             "6h 7h 8h 9h Th"]  # fmt: skip
    values = [short(h) for h in hands]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert [short_hand(v).category for v in values] == SHORT_ORDER
    assert [describe_short(v) for v in values[5:7]] == [
        "a Full House, Kings full of Aces",
        "a Flush, Queen high",
    ]


def test_short_deck_refuses_cards_below_six_and_wrong_counts():
    with pytest.raises(ValueError):
        short("As 5c 7h 8h 9h")
    with pytest.raises(ValueError):
        short("As 6c 7h 8h")
    with pytest.raises(ValueError):
        short("As 6c 7h 8h 9h Td Jd Qd")


def test_short_high_matches_brute_force_on_every_five_card_class():
    hands = list(every_five_card_class(range(4, 13)))
    ours = [short_high(h) for h in hands]
    keys = [short_key(h) for h in hands]
    for h, value in zip(hands, ours, strict=True):
        decoded = short_hand(value)
        assert (SHORT_ORDER.index(decoded.category), decoded.ranks) == short_key(h), h
    assert_same_order(hands, ours, keys)
    assert len(set(ours)) == len(set(keys))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_short_high_best_of_many_matches_brute_force(size):
    rng = random.Random(size)
    two_suits = [c for c in SHORT_DECK if c & 3 < 2]
    for i in range(3000):
        dealt = rng.sample(SHORT_DECK if i % 3 else two_suits, size)
        value = short_high(dealt)
        best = max(short_key(five) for five in combinations(dealt, 5))
        decoded = short_hand(value)
        assert (SHORT_ORDER.index(decoded.category), decoded.ranks) == best, dealt
        value2, five = short_high_best(dealt)
        assert value2 == value and short_high(five) == value and set(five) <= set(dealt)


def test_a_first_short_deck_hand_builds_only_the_short_tables(cold):
    # The first showdown of a short-deck night pays for the short deck's ~6,000 seven-card
    # rank multisets, not the 52-card deck's 49,205 (nor its five-card tables).
    sevencard.seven_ranks.cache_clear()
    sevencard.suited_best.cache_clear()
    short("As Ah Kc Kh Kd 6s 7s")
    assert sevencard.seven_ranks.cache_info().currsize == 1
    hits = sevencard.seven_ranks.cache_info().hits
    assert len(sevencard.seven_ranks(4)) == 6030
    assert sevencard.seven_ranks.cache_info().hits == hits + 1  # it was the short deck's
    assert sevencard.suited_best.cache_info().currsize == 0  # no flush yet
    short("As Ah Kc Kh Kd 6s")  # six cards: the five- and six-card table
    tables = evaluator._TABLES
    assert tables.short_rank is not None
    assert tables.rank5 is None and tables.suited is None


def test_short_values_and_high_values_differ_only_where_the_rules_do():
    # A hand whose rank is the same in both games gets the same int.
    assert short("Ac Kd Qh Js 9c") == evaluator.high5(cards("Ac Kd Qh Js 9c"))
    assert short("6c 6d 8h 8s Jc") == evaluator.high5(cards("6c 6d 8h 8s Jc"))


# --- 2-7 lowball ------------------------------------------------------------------------------


def low(text: str) -> int:
    return low27(cards(text))


def test_low27_rulings_examples():
    best = low("7c 5d 4h 3s 2c")
    assert best < low("8c 6d 4h 3s 2c") < low("8c 6d 5h 3s 2c")  # from the top card down
    assert best < low("7c 6d 4h 3s 2c")
    assert format_low27(best) == "7-5-4-3-2"
    assert format_low27(best, sep=",") == "7,5,4,3,2"  # as PokerStars' hand histories write it
    assert describe_low27(best) == "Seven-Five low"


def test_low27_wheel_is_ace_high_not_a_straight():
    wheel = low("Ac 2d 3h 4s 5c")
    assert high_hand(wheel).category == Category.HIGH_CARD
    assert high_hand(wheel).ranks == (12, 3, 2, 1, 0)
    assert wheel > low("Kc 5d 4h 3s 2c")  # ace-high is worse than any king-high
    assert wheel < low("2c 2d 3h 4s 5c")  # but better than any pair
    assert format_low27(wheel) == "A-5-4-3-2"
    suited_wheel = low("Ac 2c 3c 4c 5c")
    assert high_hand(suited_wheel).category == Category.FLUSH


def test_low27_straights_flushes_and_pairs_count_against():
    assert low("6c 5d 4h 3s 2c") > low("Kc Qd Jh 9s 8c")  # a straight is worse than any no-pair
    assert low("7c 5c 4c 3c 2c") > low("6c 5d 4h 3s 2c")  # a flush is worse than a straight
    assert low("2c 2d 3h 4s 5c") > low("Ac Kd Qh Js 9c")
    assert describe_low27(low("6c 5d 4h 3s 2c")) == "a Straight, Six high"
    assert describe_low27(low("4c 4d 7h 3s 2c")) == "a Pair of Fours"
    assert format_low27(low("4c 4d 7h 3s 2c")) == "4-4-7-3-2"
    assert format_low27(low("Tc Td Th 3s 3c")) == "T-T-T-3-3"
    assert format_low27(low("6c 5d 4h 3s 2c")) == "6-5-4-3-2"
    assert describe_low27(low("Kc 9d 7h 3s 2c")) == "King-Nine low"


def test_low27_suits_never_break_a_tie():
    assert low("7c 5d 4h 3s 2c") == low("7d 5c 4s 3h 2d")


def test_low27_matches_brute_force_on_every_five_card_class():
    hands = list(every_five_card_class(range(13)))
    ours = [low27(h) for h in hands]
    keys = [low27_key(h) for h in hands]
    for h, value in zip(hands, ours, strict=True):
        decoded = high_hand(value)
        assert (int(decoded.category), decoded.ranks) == low27_key(h), h
    assert_same_order(hands, ours, keys)


def test_low27_needs_exactly_five_cards():
    for text in ("7c 5d 4h 3s", "7c 5d 4h 3s 2c 8d"):
        with pytest.raises(ValueError):
            low(text)

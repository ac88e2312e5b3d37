"""Hand evaluation: classic traps by hand, table paths against a brute-force reference, and the
same answers before and after warm-up."""

import random
from itertools import combinations, combinations_with_replacement

import pytest
from rules import evaluator
from rules.cards import Card, parse_cards
from rules.evaluator import (
    Category,
    HighHand,
    best_high,
    format_low,
    high5,
    high_hand,
    is_royal,
    low_ranks,
    omaha_high,
    omaha_high_best,
    omaha_low8,
    omaha_low8_best,
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def omaha(hole: str, board: str) -> HighHand:
    return high_hand(omaha_high(cards(hole), cards(board)))


@pytest.fixture(params=["cold", "warm"])
def either(request):
    """Runs a test on both paths."""
    request.getfixturevalue(request.param)
    return request.param


# --- reference implementation, written independently of the tables -----------------------


def reference_high5(five) -> int:
    ranks = sorted((c >> 2 for c in five), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None:
        cat = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        return evaluator._encode(cat, (straight_top,))
    if flush:
        return evaluator._encode(Category.FLUSH, ranks)
    cat = {
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
        (2, 1, 1, 1): Category.PAIR,
        (2, 2, 1): Category.TWO_PAIR,
        (3, 1, 1): Category.TRIPS,
        (3, 2): Category.BOAT,
        (4, 1): Category.QUADS,
    }[tuple(shape)]
    return evaluator._encode(cat, groups)


def reference_omaha_high(hole, board) -> int:
    return max(
        reference_high5(two + three)
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )


def reference_omaha_low(hole, board):
    def low(c):
        r = c >> 2
        return 1 if r == 12 else r + 2

    best = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            ranks = sorted((low(c) for c in two + three), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8 and (best is None or ranks < best):
                best = ranks
    return best


def random_deals(seed: int, count: int, board_size: int = 5):
    rng = random.Random(seed)
    for _ in range(count):
        deal = rng.sample(range(52), 4 + board_size)
        yield tuple(deal[:4]), tuple(deal[4:])


# --- classic traps -------------------------------------------------------------------------


def test_flush_on_the_board_alone_does_not_count(either):
    hand = omaha("Ac Ad 3s 4h", "2h 5h 8h Jh Kh")
    assert hand.category == Category.PAIR
    assert hand.ranks == (12, 11, 9, 6)


def test_one_suited_hole_card_is_not_enough_for_a_flush(either):
    assert omaha("Ah Kd 3s 4c", "2h 5h 8h Jh Qh").category == Category.HIGH_CARD
    assert omaha("Ah Kh 3s 4c", "2h 5h 8h Jh Qh").category == Category.FLUSH


def test_straight_on_the_board_alone_does_not_count(either):
    hand = omaha("Ac Ad Kh Kd", "5c 6d 7h 8s 9c")
    assert hand.category == Category.PAIR
    assert hand.ranks == (12, 7, 6, 5)


def test_four_aces_in_the_hole_are_one_pair(either):
    hand = omaha("As Ad Ac Ah", "Kh Qd Js 2c 3d")
    assert hand == HighHand(hand.value, Category.PAIR, (12, 11, 10, 9))


def test_quads_on_the_board_make_only_a_boat(either):
    hand = omaha("Ac Ad 3c 4d", "Ks Kh Kd Kc 2s")
    assert hand.category == Category.BOAT
    assert hand.ranks == (11, 12)
    # Without a pair in the hole, three kings and two hole cards.
    assert omaha("Ac Qd 3c 4d", "Ks Kh Kd Kc 2s").ranks == (11, 12, 10)


def test_the_wheel_plays_for_high_and_low(either):
    hole, board = cards("Ac 2d Kh Qs"), cards("3c 4d 5h 9s Jc")
    high = high_hand(omaha_high(hole, board))
    assert high == HighHand(high.value, Category.STRAIGHT, (3,))
    assert format_low(omaha_low8(hole, board)) == "5432A"


def test_a_six_high_straight_beats_the_wheel(either):
    board = cards("Kd 4h Kh 5s 3c")
    wheel = omaha_high(cards("Ah 2s Qd 9s"), board)
    six_high = omaha_high(cards("Ac 2d 6s Jh"), board)
    assert six_high > wheel
    assert high_hand(six_high).ranks == (4,)


def test_counterfeited_low_is_no_low():
    # A-2 in the hole, but the board's ace leaves only 3 and 8 to go with them.
    assert omaha_low8(cards("Ac 2d Kh Ks"), cards("Ah 3s 8d Kc Qd")) is None
    assert omaha_low8_best(cards("Ac 2d Kh Ks"), cards("Ah 3s 8d Kc Qd")) is None


def test_counterfeited_nut_low_falls_back_to_another_pair():
    # A-2 with the board's A-3-4 gives 8-4-3-2-A at best; 6-2 with A-3-4 gives 6-4-3-2-A.
    hole, board = cards("Ac 2d 6h Ks"), cards("Ah 3s 4d 8c Qd")
    assert format_low(omaha_low8(hole, board)) == "6432A"
    value, five = omaha_low8_best(hole, board)
    assert value == omaha_low8(hole, board)
    assert [str(c) for c in five] == ["2d", "6h", "Ah", "3s", "4d"]


def test_low_needs_two_hole_and_three_board_cards():
    # Five low cards on the board, but only one low card in the hole.
    assert omaha_low8(cards("Ac Kd Kh Qs"), cards("2c 3d 4h 5s 6c")) is None
    # Three low hole cards and only two low board cards.
    assert omaha_low8(cards("Ac 2d 3h Qs"), cards("4c 5d Kh Ks Qc")) is None
    # A paired low in the hole counts once.
    assert omaha_low8(cards("Ac Ad Kh Qs"), cards("2c 3d 4h Ks Qc")) is None


def test_low_ignores_straights_and_flushes():
    assert format_low(omaha_low8(cards("Ah 2h Kc Kd"), cards("3h 4h 5h Js Qs"))) == "5432A"


def test_steel_wheel_is_a_straight_flush_but_not_royal(either):
    value = omaha_high(cards("Ah 2h Kc Qd"), cards("3h 4h 5h 9c Jd"))
    assert high_hand(value) == HighHand(value, Category.STRAIGHT_FLUSH, (3,))
    assert not is_royal(value)


def test_royal_flush_detection(either):
    value = omaha_high(cards("Ah Kh 2c 3d"), cards("Qh Jh Th 4c 5s"))
    assert is_royal(value)
    assert high_hand(value).category == Category.STRAIGHT_FLUSH
    assert is_royal(high5(cards("As Ks Qs Js Ts")))
    assert not is_royal(high5(cards("Ks Qs Js Ts 9s")))
    assert not is_royal(high5(cards("As Ks Qs Js Td")))  # a straight, not a flush


def test_kickers_decide_in_order():
    # The seed's examples: the 9 kicker wins; trips first in a boat; top pair first in two pair.
    assert high5(cards("As Ad Qh Jd 9c")) > high5(cards("Ac Ah Qs Jc 8d"))
    assert high5(cards("As Ad Ah 5d 5c")) > high5(cards("Kc Kh Ks Qc Qd"))
    assert high5(cards("Ks Kd 2h 2d 5c")) > high5(cards("Qc Qh Js Jc Td"))
    assert high5(cards("Ks Kd 2h 2d 5c")) < high5(cards("Ks Kd 3h 3d 2c"))
    assert high5(cards("Ah Kd 9s 4c 3c")) > high5(cards("Ad Kh 9c 4s 2c"))
    assert high5(cards("Ah Kd 9s 4c 3c")) == high5(cards("Ad Kh 9c 4s 3h"))
    assert high5(cards("7h 7d 7s 2c 2h")) < high5(cards("7h 7d 7s 7c 2h"))


def test_ace_plays_high_or_low_in_straights_but_does_not_wrap():
    assert high_hand(high5(cards("As Kd Qd Jd Tc"))).ranks == (12,)
    assert high_hand(high5(cards("5c 4c 3d 2s Ad"))).ranks == (3,)
    assert high_hand(high5(cards("4c 3d 2s Ac Kd"))).category == Category.HIGH_CARD


def test_every_category_decodes_with_its_ranks():
    examples = {
        "Ah Kd 9s 4c 3c": (Category.HIGH_CARD, (12, 11, 7, 2, 1)),
        "As Ad Kh 9c 4d": (Category.PAIR, (12, 11, 7, 2)),
        "Ks Kd 2h 2d 5c": (Category.TWO_PAIR, (11, 0, 3)),
        "7h 7d 7s Ac 2h": (Category.TRIPS, (5, 12, 0)),
        "9h Td Js Qc Kh": (Category.STRAIGHT, (11,)),
        "2h 7h 9h Jh Kh": (Category.FLUSH, (11, 9, 7, 5, 0)),
        "As Ad Ah 5d 5c": (Category.BOAT, (12, 3)),
        "7h 7d 7s 7c 2h": (Category.QUADS, (5, 0)),
        "9h Th Jh Qh Kh": (Category.STRAIGHT_FLUSH, (11,)),
    }
    values = []
    for text, (category, ranks) in examples.items():
        value = high5(cards(text))
        assert high_hand(value) == HighHand(value, category, ranks)
        assert 0 <= value < 2**30
        values.append(value)
    assert values == sorted(values)


def test_holdem_best_of_seven_uses_the_board():
    # In Hold'em (unlike Omaha) a flush on the board plays.
    assert high_hand(best_high(cards("2c 3d Ah Kh Qh Jh 9h"))).category == Category.FLUSH
    assert high_hand(best_high(cards("Ah Kh Qh Jh Th 9h 8h"))).ranks == (12,)
    assert best_high(cards("2c 3d 4h 5s 7c")) == high5(cards("2c 3d 4h 5s 7c"))
    six = cards("2c 2d 2h 5s 5c 5d")
    assert high_hand(best_high(six)).ranks == (3, 0)
    with pytest.raises(ValueError, match="5 to 7 cards, got 4"):
        best_high(cards("2c 2d 2h 5s"))


def test_three_and_four_card_boards(either):
    assert omaha("Ah Kh 2c 3d", "Qh Jh Th").category == Category.STRAIGHT_FLUSH
    assert omaha("Ah Kc 2c 3d", "Qh Jh Th 9h").category == Category.STRAIGHT
    assert format_low(omaha_low8(cards("Ah 2c Kc Kd"), cards("3h 4h 8d"))) == "8432A"
    with pytest.raises(ValueError, match="3 to 5 cards, got 2"):
        omaha_high(cards("Ah 2c Kc Kd"), cards("3h 4h"))
    with pytest.raises(ValueError, match="3 to 5 cards, got 6"):
        omaha_high(cards("Ah 2c Kc Kd"), cards("3h 4h 5h 6h 7h 8h"))
    with pytest.raises(ValueError, match="3 to 5 cards, got 2"):
        omaha_low8(cards("Ah 2c Kc Kd"), cards("3h 4h"))


def test_decoders_reject_what_no_hand_produces():
    with pytest.raises(ValueError, match="not a high-hand value"):
        high_hand(-1)
    with pytest.raises(ValueError, match="not a high-hand value"):
        high_hand(9 << 20)
    with pytest.raises(ValueError, match="not a high-hand value"):
        high_hand(Category.STRAIGHT << 20 | 3 << 16 | 1)  # stray low bits
    with pytest.raises(ValueError, match="not a low value: 7"):
        low_ranks(7)
    with pytest.raises(ValueError, match="not a low value"):
        format_low(1 << 9)


def test_low_ranks_and_format():
    value = omaha_low8(cards("5c 5d 6c 7d"), cards("Ah Kh 5s 2s Qd"))
    assert low_ranks(value) == (7, 6, 5, 2, 1)
    assert format_low(value) == "7652A"
    # Lower is better: 5432A beats 86743, and 7632A beats 76432.
    assert 0b11111 < 0b11101100  # (mask of 5432A) < (mask of 86743)
    best = omaha_low8(cards("Ac 2d Kh Kd"), cards("3c 4c 5c Qs Js"))
    worse = omaha_low8(cards("7c 6d Kh Kd"), cards("8c 4c 3s Qs Js"))
    assert format_low(best) == "5432A" and format_low(worse) == "87643"
    assert best < worse
    mid1 = omaha_low8(cards("7c 6d Kh Kd"), cards("3c 2c As Qs Js"))
    mid2 = omaha_low8(cards("7c 6d Kh Kd"), cards("3c 2c 4s Qs Js"))
    assert (format_low(mid1), format_low(mid2)) == ("7632A", "76432")
    assert mid1 < mid2


# --- tables against the reference ------------------------------------------------------------


def test_rank_table_matches_the_multiset_analysis():
    table = evaluator._rank5_table()
    assert len(table) == 6188
    for ranks in combinations_with_replacement(range(13), 5):
        key = 1
        for r in ranks:
            key *= evaluator._PRIMES[r]
        assert table[key] == evaluator._rank_multiset_value(ranks)


def test_high5_matches_reference_on_random_hands(either):
    rng = random.Random(5)
    for _ in range(3000):
        five = rng.sample(range(52), 5)
        assert high5(five) == reference_high5(five)
    # Flushes are rare at random: check every suited rank set too.
    for ranks in combinations(range(13), 5):
        five = [r * 4 + 2 for r in ranks]
        assert high5(five) == reference_high5(five)


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_omaha_matches_brute_force_reference(either, board_size):
    for hole, board in random_deals(board_size, 700, board_size):
        assert omaha_high(hole, board) == reference_omaha_high(hole, board)
        low = omaha_low8(hole, board)
        ref = reference_omaha_low(hole, board)
        assert (low is None) == (ref is None)
        if low is not None:
            assert list(low_ranks(low)) == ref


def test_omaha_flush_heavy_deals_match_reference(either):
    # Deal from two suits only so that flushes and straight flushes are common.
    rng = random.Random(17)
    two_suits = [c for c in range(52) if c & 3 in (1, 3)]
    for _ in range(700):
        deal = rng.sample(two_suits, 9)
        assert omaha_high(deal[:4], deal[4:]) == reference_omaha_high(deal[:4], deal[4:])


def test_best_variants_return_the_cards_that_make_the_value(either):
    for hole, board in random_deals(23, 400):
        value, five = omaha_high_best(hole, board)
        assert value == omaha_high(hole, board)
        assert all(isinstance(c, Card) for c in five)
        assert len(set(five)) == 5
        assert set(five[:2]) <= set(hole) and set(five[2:]) <= set(board)
        assert high5(five) == value
        low = omaha_low8_best(hole, board)
        if low is None:
            assert omaha_low8(hole, board) is None
            continue
        low_value, low_five = low
        assert low_value == omaha_low8(hole, board)
        assert set(low_five[:2]) <= set(hole) and set(low_five[2:]) <= set(board)
        ranks = sorted(((c >> 2) + 2 if c >> 2 != 12 else 1 for c in low_five), reverse=True)
        assert tuple(ranks) == low_ranks(low_value)


def test_best_rejects_wrong_card_counts():
    with pytest.raises(ValueError, match="at least 2 hole cards, got 1"):
        omaha_high_best(cards("Ah"), cards("2c 3c 4c"))
    with pytest.raises(ValueError, match="board has 3 to 5 cards, got 2"):
        omaha_high_best(cards("Ah Kh Qh Jh"), cards("2c 3c"))


def test_card_objects_and_plain_ints_give_the_same_values(either):
    for hole, board in random_deals(29, 200):
        as_cards = [Card(c) for c in hole], [Card(c) for c in board]
        assert omaha_high(hole, board) == omaha_high(*as_cards)
        assert omaha_low8(list(hole), list(board)) == omaha_low8(*as_cards)


# --- warm-up ---------------------------------------------------------------------------------


def test_same_values_before_and_after_warm_up(cold):
    deals = [d for size in (3, 4, 5) for d in random_deals(31 + size, 1500, size)]
    before = [omaha_high(h, b) for h, b in deals]
    assert not evaluator.is_warm()
    evaluator.warm_up()
    assert evaluator.is_warm()
    after = [omaha_high(h, b) for h, b in deals]
    assert before == after


def test_warm_up_in_steps_switches_on_only_when_complete(cold):
    deals = list(random_deals(37, 300))
    before = [omaha_high(h, b) for h, b in deals]
    done = []
    for count in evaluator.warm_up_steps(chunk=1000):
        done.append(count)
        if len(done) == 1:
            assert not evaluator.is_warm()
            # Evaluation between steps still works (and still agrees).
            assert [omaha_high(h, b) for h, b in deals] == before
    assert evaluator.is_warm()
    assert done == sorted(done) and len(done) >= 8
    assert [omaha_high(h, b) for h, b in deals] == before
    # A second warm-up is a no-op.
    assert list(evaluator.warm_up_steps()) == []


def test_warm_table_indexes_stay_small(warm):
    tables = evaluator._TABLES
    assert max(tables.board_base) < 2**30
    assert len(tables.omaha) < 2**30
    assert max(tables.omaha) < 2**30


@pytest.mark.parametrize("name", ["rules.cards", "rules.evaluator", "omahacomp"])
def test_docstring_examples(name, cold):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0

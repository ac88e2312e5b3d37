"""Seven-card evaluation by one lookup (``rules.sevencard``) and the board-once functions
(``holdem_on``, ``short_on``, ``omaha_high_on``, ``omaha_low8_on``), checked against the
evaluator's earlier path, kept here as the reference: the best of every five cards, scored by
``high5`` / ``short_high`` on five cards (themselves checked on every five-card hand class in
``test_rules_evaluator.py`` and ``test_rules_evaluator_variants.py``)."""

import random
from itertools import combinations, combinations_with_replacement

import pytest
from rules import evaluator, sevencard
from rules.cards import Card
from rules.evaluator import (
    Category,
    best_high,
    high5,
    high_hand,
    holdem_on,
    omaha_high,
    omaha_high_on,
    omaha_low8,
    omaha_low8_on,
    short_hand,
    short_high,
    short_on,
)

SHORT_DECK = [c for c in range(52) if c >> 2 >= 4]


def reference_high(cards) -> int:
    """Hold'em's best of 5 to 7 cards as the evaluator computed it before the seven-card
    tables: every five cards scored alone, the best kept."""
    return max(high5(five) for five in combinations(cards, 5))


def reference_short(cards) -> int:
    return max(short_high(five) for five in combinations(cards, 5))


@pytest.fixture(params=["cold", "warm"])
def either(request):
    request.getfixturevalue(request.param)


def multisets(lowest: int):
    """Every seven-card rank multiset over ranks ``lowest``..12, none held more than four times."""
    for ranks in combinations_with_replacement(range(lowest, 13), 7):
        if all(ranks.count(r) <= 4 for r in set(ranks)):
            yield ranks


def unsuited(ranks) -> list[int]:
    """Cards of these ranks (sorted) with suits dealt round the four: no five share one."""
    return [r * 4 + i % 4 for i, r in enumerate(ranks)]


def test_rank_keys_give_every_seven_rank_multiset_its_own_sum():
    sums = {sum(sevencard.RANK_KEYS[r] for r in ranks) for ranks in multisets(0)}
    assert len(sums) == 49205
    assert max(sums) < 2**23  # so a card's key fits above its 16 bits of suit counters


@pytest.mark.parametrize(("lowest", "reference", "size"), [(0, reference_high, 49205),
                                                            (4, reference_short, 6030)])
def test_seven_rank_table_matches_the_best_five_on_every_multiset(lowest, reference, size):
    table = sevencard.seven_ranks(lowest)
    assert len(table) == size
    for ranks in multisets(lowest):
        key = sum(sevencard.RANK_KEYS[r] for r in ranks)
        assert table[key] == reference(unsuited(ranks)), ranks


@pytest.mark.parametrize(("lowest", "reference"), [(0, reference_high), (4, reference_short)])
def test_suited_table_matches_the_best_five_on_every_suited_rank_set(lowest, reference):
    table = sevencard.suited_best(lowest)
    for size in (5, 6, 7):
        for ranks in combinations(range(lowest, 13), size):
            mask = sum(1 << r for r in ranks)
            assert table[mask] == reference([r * 4 + 1 for r in ranks]), ranks
    # Fewer than five ranks is no flush: 0, below every hand.
    assert all(table[m] == 0 for m in range(1 << 13) if m.bit_count() < 5)


def test_tables_are_built_the_same_every_time():
    first = (dict(sevencard.seven_ranks(0)), sevencard.suited_best(0))
    sevencard.seven_ranks.cache_clear()
    sevencard.suited_best.cache_clear()
    assert (sevencard.seven_ranks(0), sevencard.suited_best(0)) == first
    assert isinstance(sevencard.suited_best(0), tuple)


def deals(seed: int, count: int, size: int, deck=range(52), flushy: bool = False):
    """Random hands; with ``flushy`` every other one comes from two suits only, where flushes
    and straight flushes are common (at random they are 3% of seven-card hands)."""
    rng = random.Random(seed)
    deck = list(deck)
    two_suits = [c for c in deck if c & 3 in (1, 2)]
    for i in range(count):
        yield tuple(rng.sample(two_suits if flushy and i % 2 else deck, size))


def test_best_high_of_seven_matches_the_reference_on_random_deals():
    for cards in deals(7, 20000, 7, flushy=True):
        assert best_high(cards) == reference_high(cards), cards


def test_best_high_of_five_and_six_matches_the_reference():
    for size in (5, 6):
        for cards in deals(size, 4000, size, flushy=True):
            assert best_high(cards) == reference_high(cards), cards


def test_short_high_of_seven_matches_the_reference_on_random_deals():
    for cards in deals(8, 20000, 7, SHORT_DECK, flushy=True):
        assert short_high(cards) == reference_short(cards), cards


def test_card_objects_and_plain_ints_give_the_same_seven_card_values():
    for cards in deals(9, 500, 7, flushy=True):
        as_cards = [Card(c) for c in cards]
        assert best_high(as_cards) == best_high(cards)
    for cards in deals(10, 500, 7, SHORT_DECK, flushy=True):
        assert short_high([Card(c) for c in cards]) == short_high(cards)


def test_a_flush_in_seven_cards_beats_the_two_pair_beside_it():
    # Ks Kd 7s 7c 9s 8s 6s: two pair, kings and sevens, but five spades play (in both decks).
    cards = [11 * 4 + 3, 11 * 4 + 1, 5 * 4 + 3, 5 * 4 + 0, 7 * 4 + 3, 6 * 4 + 3, 4 * 4 + 3]
    hand = high_hand(best_high(cards))
    assert hand.category == Category.FLUSH and hand.ranks == (11, 7, 6, 5, 4)
    assert short_hand(short_high(cards)).category == Category.FLUSH


def boards(seed: int, count: int, deck=range(52)):
    """Five-card boards: random ones, and ones with three, four and five cards of one suit."""
    rng = random.Random(seed)
    deck = list(deck)
    for i in range(count):
        suited = i % 4  # 0: any board; 1..3: two, three, four extra cards of spades
        spades = [c for c in deck if c & 3 == 3]
        if suited:
            board = rng.sample(spades, 2 + suited)
            rest = [c for c in deck if c not in board]
            board += rng.sample(rest, 5 - len(board))
        else:
            board = rng.sample(deck, 5)
        yield tuple(board)


@pytest.mark.parametrize(
    ("on", "full", "deck"),
    [(holdem_on, best_high, range(52)), (short_on, short_high, SHORT_DECK)],
)
def test_board_once_scores_every_hole_pair_as_the_full_evaluation(on, full, deck):
    for board in boards(11, 24, deck):
        high = on(board)
        left = [c for c in deck if c not in board]
        for hole in combinations(left, 2):
            assert high(hole) == full([*hole, *board]), (hole, board)


@pytest.mark.parametrize(
    ("on", "full", "deck"),
    [(holdem_on, best_high, range(52)), (short_on, short_high, SHORT_DECK)],
)
def test_board_once_on_a_flop_or_turn(on, full, deck):
    rng = random.Random(12)
    for size in (3, 4):
        for _ in range(200):
            dealt = rng.sample(list(deck), size + 2)
            assert on(dealt[2:])(dealt[:2]) == full(dealt)
    with pytest.raises(ValueError):
        on(list(deck)[:2])


def test_short_on_refuses_a_board_below_six():
    with pytest.raises(ValueError):
        short_on([0, 20, 24, 28, 32])


@pytest.mark.parametrize("hole_count", [4, 5, 2, 6])
@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_omaha_board_once_matches_omaha_high_and_low(either, hole_count, board_size):
    rng = random.Random(hole_count * 10 + board_size)
    two_suits = [c for c in range(52) if c & 3 in (0, 3)]
    for i in range(60):
        board = rng.sample(two_suits if i % 2 else range(52), board_size)
        high = omaha_high_on(board)
        low = omaha_low8_on(board)
        left = [c for c in range(52) if c not in board]
        for _ in range(25):
            hole = rng.sample(left, hole_count)
            assert high(hole) == omaha_high(hole, board), (hole, board)
            assert low(hole) == omaha_low8(hole, board), (hole, board)


def test_omaha_board_once_refuses_what_omaha_high_refuses(either):
    for on in (omaha_high_on, omaha_low8_on):
        with pytest.raises(ValueError, match="board has 3 to 5 cards"):
            on([0, 1])
        with pytest.raises(ValueError, match="at least 2 hole cards"):
            on([0, 5, 10, 15, 20])([30])


def test_importing_the_evaluator_builds_no_seven_card_table():
    # The page imports the evaluator before its first hand: the tables wait for first use
    # (or the idle warm-up). A fresh interpreter, since this one has built them already.
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "from rules import evaluator, sevencard\n"
        "print(sevencard.seven_ranks.cache_info().currsize,"
        " sevencard.suited_best.cache_info().currsize)"
    )
    py = Path(__file__).resolve().parent.parent / "py"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={"PYTHONPATH": str(py)})
    assert done.stdout.split() == ["0", "0"]


def test_the_warm_up_builds_the_seven_card_tables_in_its_first_steps(cold):
    sevencard.seven_ranks.cache_clear()
    sevencard.suited_best.cache_clear()
    steps = evaluator.warm_up_steps()
    assert next(steps) == 0
    assert sevencard.seven_ranks.cache_info().currsize == 1
    assert next(steps) == 0
    assert sevencard.suited_best.cache_info().currsize == 1
    assert not evaluator.is_warm()  # the Omaha table comes in the later steps

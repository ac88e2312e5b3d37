"""rules.equity: the share of the pot a known hand takes against unknown opponents.

The reference is independent of our evaluator: every deal of a small case is judged by
pokerkit 0.7.7's hands and the pot divided by the rules text
(``static/rules/table-games.md#hi-lo``, ``#double-board``) written out again here; sampling
is checked against the exact count within its own standard error, and whole results against
equities poker players know (aces against kings before the flop: about 82 percent).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from rules.cards import Card, parse_cards
from rules.equity import UNITS, Equity, equity, equity_exact, equity_steps, pot_odds
from rules.errors import SettingsError
from rules.variants import (
    BOMB_DOUBLE,
    DRAW,
    HOLDEM,
    OMAHA,
    OMAHA_HILO,
    PLO5,
    SHORT_DECK,
    TRIPLE_DRAW,
    VARIANTS,
    Variant,
)

pokerkit = pytest.importorskip("pokerkit")

HAND_TYPES = {
    "holdem": (pokerkit.StandardHighHand,),
    "shortdeck": (pokerkit.ShortDeckHoldemHand,),
    "omaha": (pokerkit.OmahaHoldemHand,),
    "plo5": (pokerkit.OmahaHoldemHand,),
    "bomb-double": (pokerkit.OmahaHoldemHand,),
    "omaha-hilo": (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
    "draw": (pokerkit.StandardHighHand,),
    "triple-draw": (pokerkit.StandardLowHand,),
}
"""pokerkit's hands for each game: the first judges the high (or lowball) hand; Hi/Lo's
second its 8-or-better low."""


def _text(cards) -> str:
    return "".join(str(Card(c)) for c in cards)


def _pk_hand(kind, hole, board):
    """pokerkit's hand, or None where it finds none (no 8-or-better low)."""
    try:
        return kind.from_game(_text(hole), _text(board))
    except ValueError:
        return None


def _best(hands):
    """The indexes of the strongest hands (pokerkit: stronger compares greater)."""
    live = [h for h in hands if h is not None]
    if not live:
        return []
    top = max(live)
    return [i for i, h in enumerate(hands) if h is not None and h == top]


def _reference_share(variant: Variant, holes, boards) -> Fraction:
    """Player 0's share of the pot by the rules text, hands judged by pokerkit."""
    kinds = HAND_TYPES[variant.id]
    if variant.id == "bomb-double":  # half a pot to each board's best high
        parts = [_best([_pk_hand(kinds[0], h, b) for h in holes]) for b in boards]
    else:
        board = boards[0] if boards else ()
        parts = [_best([_pk_hand(kinds[0], h, board) for h in holes])]
        if len(kinds) == 2:  # Hi/Lo: half to the low when any hand has one
            low = _best([_pk_hand(kinds[1], h, board) for h in holes])
            if low:
                parts.append(low)
    return sum((Fraction(1, len(parts) * len(w)) for w in parts if 0 in w), Fraction(0))


def _reference_exact(variant: Variant, hole, boards, dead) -> Fraction:
    """Player 0's exact equity against one unknown opponent: every opponent hand and every
    completion of the boards from the cards left, each judged by :func:`_reference_share`."""
    gone = {*hole, *dead, *(c for b in boards for c in b)}
    rest = [c for c in variant.deck if c not in gone]
    full = variant.layout.board_cards
    total = Fraction(0)
    deals = 0
    for opp in combinations(rest, variant.hole):
        left = [c for c in rest if c not in opp]
        missing = [full - len(b) for b in boards]
        for fill in _fills(left, missing):
            done = [(*b, *f) for b, f in zip(boards, fill, strict=True)]
            total += _reference_share(variant, [hole, opp], done)
            deals += 1
    return total / deals


def _fills(cards, missing):
    if not missing:
        yield ()
        return
    for first in combinations(cards, missing[0]):
        left = [c for c in cards if c not in first]
        for more in _fills(left, missing[1:]):
            yield (first, *more)


def _spot(variant: Variant, seed: int, pool: int, missing: int = 0):
    """A random hand, complete boards less ``missing`` cards each, and dead cards that leave
    ``pool`` unseen cards: small enough for pokerkit to judge every deal."""
    rng = random.Random(seed)
    deck = list(variant.deck)
    rng.shuffle(deck)
    hole = deck[:variant.hole]
    at = variant.hole
    boards = []
    for _ in range(variant.boards):
        n = variant.layout.board_cards - missing
        boards.append(deck[at:at + n])
        at += n
    dead = deck[at:len(deck) - pool]
    return hole, boards, dead


EVERY_GAME = [HOLDEM, OMAHA, OMAHA_HILO, BOMB_DOUBLE, PLO5, SHORT_DECK, DRAW, TRIPLE_DRAW]


def test_every_table_game_is_covered():
    assert {v.id for v in EVERY_GAME} == set(VARIANTS)


@pytest.mark.parametrize("variant", EVERY_GAME, ids=lambda v: v.id)
@pytest.mark.parametrize("seed", range(2))
def test_the_exact_count_on_complete_boards_is_pokerkits_and_the_rules(variant, seed):
    hole, boards, dead = _spot(variant, seed, pool=variant.hole + (6 if variant.hole < 4 else 5))
    ours = equity_exact(variant, hole, boards, 1, dead)
    assert ours.error == 0
    assert Fraction(round(ours.share * ours.samples * UNITS), ours.samples * UNITS) \
        == _reference_exact(variant, hole, boards, dead)


@pytest.mark.parametrize("variant", [HOLDEM, OMAHA_HILO, BOMB_DOUBLE, SHORT_DECK],
                         ids=lambda v: v.id)
def test_the_exact_count_with_a_card_to_come_is_pokerkits_and_the_rules(variant):
    pool = variant.hole + (3 if variant.boards > 1 else 4)
    hole, boards, dead = _spot(variant, 11, pool=pool, missing=1)
    ours = equity_exact(variant, hole, boards, 1, dead)
    assert ours.share == pytest.approx(float(_reference_exact(variant, hole, boards, dead)),
                                       abs=1e-12)


def test_hi_lo_counts_scoops_and_halves():
    # A-2 on a low board holds the nut low; the high depends on the opponent's cards.
    hole = parse_cards("Ac 2d Kh Qs")
    board = parse_cards("3c 4c 8h Jd 9s")
    unseen = [c for c in OMAHA_HILO.deck if c not in (*hole, *board)]
    e = equity_exact(OMAHA_HILO, hole, [board], 1, unseen[::3])
    assert e.win > 0  # scoops when the opponent has neither a better high nor the same low
    assert e.tie > 0  # halves
    assert 0.5 <= e.share < 1


@pytest.mark.parametrize("variant,missing,pool",
                         [(HOLDEM, 1, 30), (OMAHA, 1, 14), (OMAHA_HILO, 1, 12),
                          (BOMB_DOUBLE, 1, 11), (SHORT_DECK, 2, 16), (PLO5, 1, 12)],
                         ids=lambda x: getattr(x, "id", str(x)))
def test_sampling_agrees_with_the_exact_count_within_its_error(variant, missing, pool):
    hole, boards, dead = _spot(variant, 5, pool=pool, missing=missing)
    exact = equity_exact(variant, hole, boards, 1, dead)
    sampled = equity(variant, hole, boards, 1, dead, rng=random.Random(9), samples=3000)
    assert sampled.error > 0
    assert abs(sampled.share - exact.share) < 4 * sampled.error + 1e-9
    assert abs(sampled.win - exact.win) < 0.05
    assert abs(sampled.tie - exact.tie) < 0.05


def test_sampling_two_opponents_agrees_with_the_exact_count():
    hole, boards, dead = _spot(HOLDEM, 8, pool=12, missing=1)
    exact = equity_exact(HOLDEM, hole, boards, 2, dead)
    sampled = equity(HOLDEM, hole, boards, 2, dead, rng=random.Random(2), samples=3000)
    assert abs(sampled.share - exact.share) < 4 * sampled.error


def _near(e: Equity, published: float, rounding: float = 0.005) -> None:
    """Within four standard errors of a published figure, given to ``rounding``."""
    assert abs(e.share - published) < 4 * e.error + rounding, (e, published)


def test_aces_against_kings_before_the_flop_is_about_82_percent():
    e = equity(HOLDEM, parse_cards("As Ah"), [], 0, known=[parse_cards("Kd Kc")],
               rng=random.Random(1), samples=20000)
    _near(e, 0.82)
    assert e.tie < 0.01


def test_ace_king_suited_against_queens_is_about_46_percent():
    e = equity(HOLDEM, parse_cards("As Ks"), [], 0, known=[parse_cards("Qh Qd")],
               rng=random.Random(2), samples=20000)
    _near(e, 0.46)


def test_aces_against_one_random_hand_is_about_85_percent():
    e = equity(HOLDEM, parse_cards("As Ah"), [], 1, rng=random.Random(3), samples=20000)
    _near(e, 0.852)


def _pokerkit_equity(variant: Variant, hands, samples: int) -> float:
    """pokerkit's sampled equity of the first of ``hands`` (all known) before the flop."""
    kinds = HAND_TYPES[variant.id]
    deck = pokerkit.Deck.SHORT_DECK_HOLDEM if variant.lowest_rank else pokerkit.Deck.STANDARD
    ranges = [[list(pokerkit.Card.parse(_text(h)))] for h in hands]
    return pokerkit.calculate_equities(ranges, (), variant.hole, variant.layout.board_cards,
                                       deck, kinds, sample_count=samples)[0]


@pytest.mark.parametrize("variant,hands,samples", [
    (HOLDEM, ("As Ah", "Kd Kc", "Qs Jh"), 1500),
    (OMAHA, ("As Ad Ks Kd", "Jh Th 9c 8c"), 500),
    (SHORT_DECK, ("As Kd", "Th Tc"), 1500),
], ids=lambda x: getattr(x, "id", ""))
def test_known_hands_before_the_flop_agree_with_pokerkits_equity(variant, hands, samples):
    cards = [parse_cards(h) for h in hands]
    ours = equity(variant, cards[0], [], 0, known=cards[1:], rng=random.Random(4),
                  samples=6000)
    theirs = _pokerkit_equity(variant, cards, samples)
    # pokerkit samples too: its standard error is at most 0.5 / sqrt(samples).
    assert abs(ours.share - theirs) < 4 * ours.error + 4 * 0.5 / samples**0.5


def test_dead_cards_are_out_of_every_deal():
    # All four kings dead: aces can only lose to straights, flushes and the like.
    aces = parse_cards("As Ah")
    kings = parse_cards("Ks Kh Kd Kc")
    with_dead = equity(HOLDEM, aces, [], 1, kings, rng=random.Random(5), samples=4000)
    board = parse_cards("Kc 7d 2h")
    # a dead card cannot also be on the board
    with pytest.raises(SettingsError, match="twice"):
        equity(HOLDEM, aces, [board], 1, kings, rng=random.Random(5), samples=10)
    # the whole deck but a few cards dead: only those can come
    rest = [c for c in HOLDEM.deck if c not in aces]
    dead = rest[:-7]
    e = equity_exact(HOLDEM, aces, [], 1, dead)
    assert e.samples == 21  # two of seven for the opponent, the other five the board
    assert with_dead.share > 0.8


def test_steps_pause_between_batches_and_end_with_the_same_result():
    args = (PLO5, parse_cards("As Ad Kc Qh 9h"), [parse_cards("2c 7h Ts")], 2)
    steps = list(equity_steps(*args, rng=random.Random(6), samples=1000, batch=300))
    assert steps[:-1] == [None, None, None]
    whole = equity(*args, rng=random.Random(6), samples=1000)
    assert steps[-1] == whole
    assert whole.samples == 1000
    assert equity(*args, rng=random.Random(7), samples=1000) != whole


def test_steps_check_the_question_before_the_first_slice():
    with pytest.raises(SettingsError, match="hole cards"):
        equity_steps(OMAHA, parse_cards("As Ad"), [], 1, rng=random.Random(), samples=10)


@pytest.mark.parametrize("variant,hole,boards,opponents,message", [
    (OMAHA, "As Ad Ks", [], 1, "4 hole cards"),
    (HOLDEM, "As Ad", ["2c 3c 4c 5c 6c 7c"], 1, "5 cards"),
    (HOLDEM, "As Ad", ["", "2c"], 1, "1 boards"),
    (SHORT_DECK, "As 5d", [], 1, "not in the"),
    (HOLDEM, "As Ad", [], 10, "1 to 9 opponents"),
    (HOLDEM, "As Ad", [], 0, "1 to 9 opponents"),
    (OMAHA, "As Ad Ks Kd", [], -1, "1 to 9 opponents"),
    (TRIPLE_DRAW, "As Ad Ks Kd 2c", [], 6, "1 to 5 opponents"),
    (DRAW, "As Ad Ks Kd 2c", ["2d"], 1, "0 boards"),
    (HOLDEM, "As Kd", ["As"], 1, "twice"),
], ids=range(10))
def test_a_question_that_does_not_fit_the_game_is_refused(variant, hole, boards, opponents,
                                                          message):
    with pytest.raises(SettingsError, match=message):
        equity(variant, parse_cards(hole), [parse_cards(b) for b in boards], opponents,
               rng=random.Random(), samples=10)


def test_refused_with_the_real_arguments():
    for bad in (0, -3, True):
        with pytest.raises(SettingsError, match="samples"):
            equity(HOLDEM, parse_cards("As Ad"), [], 1, rng=random.Random(), samples=bad)


def test_too_many_opponents_for_the_cards_left():
    # Omaha with nine opponents needs 40 hole cards and 5 board cards: 45 of 48 unseen.
    hole = parse_cards("As Ad Ks Kd")
    dead = [c for c in OMAHA.deck if c not in hole][:10]
    with pytest.raises(SettingsError, match="unseen cards"):
        equity(OMAHA, hole, [], 9, dead, rng=random.Random(), samples=1)


def test_the_same_seed_gives_the_same_equity_in_every_game():
    for variant in EVERY_GAME:
        hole, boards, _ = _spot(variant, 1, pool=30, missing=2 if variant.boards else 0)
        a = equity(variant, hole, boards, 2, rng=random.Random(3), samples=200)
        b = equity(variant, hole, boards, 2, rng=random.Random(3), samples=200)
        assert a == b
        assert 0 <= a.share <= 1 and a.win + a.tie <= 1


def test_pot_odds_is_the_call_over_the_pot_after_it():
    assert pot_odds(20, 80) == Fraction(1, 5)
    assert pot_odds(50, 50) == Fraction(1, 2)
    assert pot_odds(0, 0) == 0
    for bad in ((-1, 10), (1, -10), (1.5, 10), (True, 10)):
        with pytest.raises(SettingsError):
            pot_odds(*bad)  # type: ignore[arg-type]


def test_a_question_with_fewer_deals_than_samples_is_counted_exactly_in_slices():
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh Jh 2c 3d 4s")
    steps = list(equity_steps(HOLDEM, hole, [board], 1, rng=random.Random(1), samples=2000,
                              batch=400))
    assert steps[:-1] == [None, None]  # 990 deals: slices of 400, 400 and 190
    assert steps[-1] == equity_exact(HOLDEM, hole, [board])
    assert steps[-1].samples == 990 and steps[-1].error == 0
    sampled = equity(HOLDEM, hole, [board], 1, rng=random.Random(1), samples=989)
    assert sampled.samples == 989 and sampled.error > 0

"""rules.dealshare: the fast count of a deal's share is the showdown's count, deal for deal.

:mod:`rules.equity` samples with :mod:`rules.dealshare`'s counters where a game has one; the
showdown's own way (every hand a ``Score``, the pot by ``rules.poker.value.divide``) is kept
in :func:`rules.equity._showdown_counter`. Random questions of every shape (boards from
empty to complete, one to five unknown opponents, known hands beside them) and random deals
must give the same units both ways, so a seed gives the same equity to the last digit.
"""

from __future__ import annotations

import random

import pytest
from rules import evaluator
from rules.cards import Card
from rules.dealshare import fast_sampler, fast_units
from rules.equity import UNITS, _counter, _showdown_counter, _spot, equity
from rules.variants import (
    BOMB_DOUBLE,
    HOLDEM,
    OMAHA,
    OMAHA_HILO,
    PLO5,
    SHORT_DECK,
    VARIANTS,
    Variant,
)

FAST = [HOLDEM, SHORT_DECK, OMAHA, PLO5, OMAHA_HILO, BOMB_DOUBLE]
"""The games with a fast counter (the draw games are counted the showdown's way)."""
LAZY = [OMAHA, PLO5]
"""The games whose samples are dealt lazily (:func:`rules.dealshare.fast_sampler`)."""


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    evaluator.warm_up()  # the Omaha counters read the warm-up table


def _question(variant: Variant, rng: random.Random):
    """A random question: the hand, boards of 0, 3, 4 or 5 cards, a known hand sometimes,
    one to five unknown opponents."""
    deck = [Card(c) for c in variant.deck]
    rng.shuffle(deck)
    hole, at = deck[:variant.hole], variant.hole
    boards = []
    for _ in range(variant.boards):
        n = rng.choice((0, 3, 4, 5))
        boards.append(deck[at:at + n])
        at += n
    known = []
    if rng.random() < 0.3:
        known.append(deck[at:at + variant.hole])
    most = min(5, variant.seats[1] - 1 - len(known))
    opponents = rng.randint(0 if known else 1, most)
    return _spot(variant, hole, boards, opponents, (), known)


@pytest.mark.parametrize("variant", FAST, ids=lambda v: v.id)
def test_the_fast_count_is_the_showdowns_for_every_deal(variant):
    rng = random.Random(variant.id)
    shares = set()
    for _ in range(40):
        spot = _question(variant, rng)
        fast, slow = _counter(spot), _showdown_counter(spot)
        assert fast is not slow
        rest = list(spot.rest)
        for _ in range(150):
            rng.shuffle(rest)
            got = fast(rest)
            assert got == slow(rest), (spot, rest[:spot.need])
            shares.add(got)
    # the deals reached wins, losses and splits (hi/lo and two boards: halves too)
    assert {0, UNITS} <= shares and len(shares) >= 3


def test_every_fast_game_has_a_counter_and_the_draw_games_none():
    for variant in VARIANTS.values():
        hole = list(variant.deck[:variant.hole])
        got = fast_units(variant.evaluator, variant.division, UNITS, hole,
                         [()] * variant.boards, [variant.layout.board_cards] * variant.boards,
                         (), 1)
        assert (got is not None) == (variant in FAST), variant.id


def test_the_same_seed_gives_the_showdowns_equity_to_the_last_digit():
    from rules.equity import _steps

    rng = random.Random(12)
    for variant in FAST:
        if variant in LAZY:
            continue  # dealt in another order: the next tests
        spot = _question(variant, rng)
        *_, fast = _steps(spot, random.Random(5), 400, 100)
        *_, slow = _steps(spot, random.Random(5), 400, 100, _showdown_counter(spot))
        assert fast == slow
    whole = equity(HOLDEM, [Card.parse("As"), Card.parse("Kd")], [], 1,
                   rng=random.Random(5), samples=400)
    assert whole.samples == 400


def _as_dealt(spot, deck):
    """A lazy sampler's deck (the board's missing cards, then each opponent's) in
    :mod:`rules.equity`'s order (each opponent's, then the board's)."""
    board, held = sum(spot.missing), spot.opponents * len(spot.hole)
    return [*deck[board:board + held], *deck[:board]]


@pytest.mark.parametrize("variant", LAZY, ids=lambda v: v.id)
def test_a_lazy_deal_counts_what_the_showdown_counts_on_its_cards(variant):
    """The sampler stops dealing at the first hand that beats the player's; its deck is
    still a whole deal (the cards past those dealt are unseen ones), and the showdown's
    count of that deal must be the sampler's, whether it stopped early or not."""
    rng = random.Random(variant.id + "lazy")
    shares = set()
    for _ in range(40):
        spot = _question(variant, rng)
        slow = _showdown_counter(spot)
        deck = list(spot.rest)
        rng.shuffle(deck)
        sample = fast_sampler(variant.evaluator, variant.division, UNITS, spot.hole,
                              spot.boards, spot.missing, spot.known, spot.opponents, deck,
                              random.Random(len(shares)).random)
        assert sample is not None
        for _ in range(150):
            got = sample()
            assert got == slow(_as_dealt(spot, deck)), (spot, deck[:spot.need])
            assert sorted(deck) == sorted(spot.rest)  # every card once
            shares.add(got)
    assert {0, UNITS} <= shares and len(shares) >= 3


def test_only_plo_high_is_dealt_lazily():
    for variant in VARIANTS.values():
        hole = list(variant.deck[:variant.hole])
        deck = list(variant.deck[variant.hole:])
        got = fast_sampler(variant.evaluator, variant.division, UNITS, hole,
                           [()] * variant.boards, [variant.layout.board_cards] * variant.boards,
                           (), 1, deck, random.random)
        assert (got is not None) == (variant in LAZY), variant.id


@pytest.mark.parametrize("variant,hole,opponents", [
    (OMAHA, "As Ad Kc Qh", 5), (PLO5, "As Ad Kc Qh 9h", 3), (HOLDEM, "As Kd", 5)],
    ids=lambda x: getattr(x, "id", str(x)))
def test_a_seed_deals_the_cards_it_always_dealt(variant, hole, opponents):
    """The deals are a partial Fisher-Yates shuffle of the unseen cards kept from deal to
    deal, one ``random()`` a card, ``i + int(random() * (unseen - i))`` for the ``i``-th:
    each opponent's cards, then the board's; in PLO the board's first, then one opponent at
    a time, stopping at the first who beats the hand, and one ``random()`` places two cards
    (the second by the first's remainder). Written out plainly here and counted
    the showdown's way, it must give the sampled equity exactly, so a faster count never
    changes a seed's answer (a bot's decision, the advisor's figure) unless this test
    changes with it."""
    from rules.cards import parse_cards
    from rules.equity import _Tally
    from rules.evaluator import omaha_high

    cards = parse_cards(hole)
    spot = _spot(variant, cards, [], opponents, (), ())
    units = _showdown_counter(spot)
    rng = random.Random(11)
    deck = list(spot.rest)
    tally = _Tally()

    def deal(i):
        j = i + int(rng.random() * (len(deck) - i))
        deck[i], deck[j] = deck[j], deck[i]

    def deal_two_a_draw(start, count):  # PLO: one random() places two cards
        for i in range(start, start + count, 2):
            x = rng.random() * (len(deck) - i)
            j = i + int(x)
            deck[i], deck[j] = deck[j], deck[i]
            if i + 1 < start + count:
                j = i + 1 + int((x - int(x)) * (len(deck) - i - 1))
                deck[i + 1], deck[j] = deck[j], deck[i + 1]

    h = variant.hole
    for _ in range(300):
        if variant in LAZY:
            deal_two_a_draw(0, 5)
            board = deck[:5]
            mine = omaha_high(spot.hole, board)
            for k in range(opponents):
                deal_two_a_draw(5 + k * h, h)
                if omaha_high(deck[5 + k * h:5 + (k + 1) * h], board) > mine:
                    break
            tally.counts[units(_as_dealt(spot, deck))] += 1
        else:
            for i in range(spot.need):
                deal(i)
            tally.counts[units(deck)] += 1
    expected = tally.result(exact=False)
    assert equity(variant, cards, [], opponents, rng=random.Random(11), samples=300) == expected

"""The five cards a showdown says won each share (``Awarded.cards``): the results screen
highlights them, so they must be the winner's own cards, make exactly the hand the payout
names, and obey the game's rule of how a hand is made (Omaha: two hole cards, three board).

Checked over random hands of every game that reach a showdown, against values computed here
by the plain five-card evaluator and a low worked out from the ranks, not by the search the
engine used.
"""

from __future__ import annotations

import pytest
from poker_random import Knobs, random_hand
from rules.cards import Card
from rules.evaluator import (
    best_high,
    best_high_best,
    describe_high,
    describe_low27,
    describe_short,
    format_low27,
    high5,
    low27,
    omaha_high,
    short_high,
)
from rules.poker import Game, Hand
from rules.poker.records import Awarded, Shown
from rules.variants import Evaluator

LOW_RANKS = "A2345678"


def board_of(hand: Hand, share: str) -> list[Card]:
    if not hand.boards:
        return []  # draw: the hand alone
    return hand.boards[1] if share == "board 2" else hand.boards[0]


def low_words(five: tuple[Card, ...]) -> str | None:
    """The 8-or-better low these five make, in payout words ('7-5-3-2-A'), or None."""
    ranks = [1 if c.rank == 12 else c.rank + 2 for c in five]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return None
    return "-".join(LOW_RANKS[r - 1] for r in sorted(ranks, reverse=True))


RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")


def names(words: str, five: tuple[Card, ...], value: int, describe=describe_high) -> bool:
    """Whether the payout's words name ``value``: its name, and, when a kicker decided, the
    kickers after it, each a card of the five ("Two Pair, Jacks and Nines, Ace kicker"); a
    flush names its top cards down to the one that decided ("a Flush, King-Queen high")."""
    name = describe(value)
    ranks = {RANK_WORDS[c.rank] for c in five}
    if words == name:
        return True
    if words.startswith("a Flush, ") and name.startswith("a Flush, "):
        top = words.removeprefix("a Flush, ").removesuffix(" high").split("-")
        return f"a Flush, {top[0]} high" == name and set(top) <= ranks
    if not words.startswith(name + ", ") or not words.endswith(("kicker", "kickers")):
        return False
    said = words[len(name) + 2:].removesuffix("s").removesuffix(" kicker")
    return set(said.replace(" and ", ", ").split(", ")) <= ranks


def check_awards(hand: Hand) -> int:
    """Every contested award's five; returns how many were checked."""
    shown = {r.seat for r in hand.log if isinstance(r, Shown)}
    checked = 0
    for rec in hand.log:
        if not isinstance(rec, Awarded):
            continue
        if rec.hand is None:
            assert rec.cards == ()
            continue
        five = rec.cards
        hole = hand.hole[rec.seat]
        board = board_of(hand, rec.share)
        assert rec.seat in shown, "a winner at showdown showed the hand"
        assert len(five) == 5 and len(set(five)) == 5
        assert set(five) <= set(hole) | set(board), (five, hole, board)
        evaluator = hand.variant.evaluator
        if evaluator is Evaluator.OMAHA:
            assert len(set(five) & set(hole)) == 2, "Omaha: exactly two hole cards"
        if rec.share == "low":
            assert low_words(five) == rec.hand
        elif evaluator is Evaluator.LOW27:
            assert five == tuple(hole), "lowball: the five cards are the hand"
            assert rec.hand in (format_low27(low27(five)), describe_low27(low27(five)))
        elif evaluator is Evaluator.SHORT:
            value = short_high(five)
            assert names(rec.hand, five, value, describe_short), (rec.hand, five)
            assert value == short_high(hole + board)
        else:
            value = high5(five)
            assert names(rec.hand, five, value), (rec.hand, five)
            if evaluator is Evaluator.HIGH:
                assert value == best_high(hole + board)
            else:
                assert value == omaha_high(hole, board)
        checked += 1
    return checked


@pytest.mark.parametrize("game", list(Game))
def test_every_share_names_the_five_cards_that_won_it(game):
    knobs = Knobs(games=(game,), fold_weight=0.02, short_stacks=True)
    checked = sum(check_awards(random_hand(seed, knobs)) for seed in range(150))
    assert checked > 100  # showdowns were reached and checked, split pots among them


def test_a_hi_lo_split_names_a_high_five_and_a_low_five():
    knobs = Knobs(games=(Game.OMAHA_HILO,), fold_weight=0.0)
    lows = 0
    for seed in range(300):
        hand = random_hand(seed, knobs)
        check_awards(hand)
        lows += sum(1 for r in hand.log if isinstance(r, Awarded) and r.share == "low")
    assert lows > 20


def test_best_high_best_agrees_with_best_high_on_every_size():
    import random

    rng = random.Random(7)
    deck = [Card(i) for i in range(52)]
    for _ in range(400):
        cards = rng.sample(deck, rng.choice((5, 6, 7)))
        value, five = best_high_best(cards)
        assert value == best_high(cards) == high5(five)
        assert set(five) <= set(cards)

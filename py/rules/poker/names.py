"""Hand names with their ranks, for payout messages and hand histories.

>>> from rules.cards import parse_cards
>>> from rules.evaluator import high5
>>> hand_name(high5(parse_cards("Kc Kd 5h 5s 2c")))
'Two Pair, Kings and Fives'
>>> hand_name(high5(parse_cards("Qc Jd Th 9s 8c")))
'a Straight, Queen high'
>>> stars_name(high5(parse_cards("Qc Jd Th 9s 8c")))
'a straight, Eight to Queen'
>>> low_name(0b1010111)
'7-5-3-2-A'
"""

from __future__ import annotations

from ..evaluator import Category, high_hand, is_royal, low_ranks

__all__ = ["RANK_WORDS", "hand_name", "low_name", "plural", "stars_low", "stars_name"]

RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
              "Queen", "King", "Ace")
_LOW_CHARS = "A2345678"


def plural(rank: int) -> str:
    """``'Sixes'``, ``'Kings'``."""
    word = RANK_WORDS[rank]
    return word + ("es" if word.endswith("x") else "s")


def hand_name(value: int) -> str:
    """The rules file's style: ``'a Full House, Kings full of Fives'``."""
    h = high_hand(value)
    r = h.ranks
    w = RANK_WORDS
    c = h.category
    if c is Category.STRAIGHT_FLUSH:
        return "a Royal Flush" if is_royal(value) else f"a Straight Flush, {w[r[0]]} high"
    return {
        Category.HIGH_CARD: lambda: f"High Card, {w[r[0]]}",
        Category.PAIR: lambda: f"a Pair of {plural(r[0])}",
        Category.TWO_PAIR: lambda: f"Two Pair, {plural(r[0])} and {plural(r[1])}",
        Category.TRIPS: lambda: f"Three of a Kind, {plural(r[0])}",
        Category.STRAIGHT: lambda: f"a Straight, {w[r[0]]} high",
        Category.FLUSH: lambda: f"a Flush, {w[r[0]]} high",
        Category.BOAT: lambda: f"a Full House, {plural(r[0])} full of {plural(r[1])}",
        Category.QUADS: lambda: f"Four of a Kind, {plural(r[0])}",
    }[c]()


def low_name(value: int) -> str:
    """A low, highest card first: ``'7-5-3-2-A'``."""
    return "-".join(_LOW_CHARS[x - 1] for x in low_ranks(value))


def stars_name(value: int) -> str:
    """PokerStars' wording: ``'a pair of Kings'``, ``'a straight, Eight to Queen'``."""
    h = high_hand(value)
    r = h.ranks
    w = RANK_WORDS
    c = h.category
    low = w[12] if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and r[0] == 3 else ""
    if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        bottom = low or w[r[0] - 4]
        if c is Category.STRAIGHT_FLUSH:
            return "a Royal Flush" if is_royal(value) else \
                f"a straight flush, {bottom} to {w[r[0]]}"
        return f"a straight, {bottom} to {w[r[0]]}"
    return {
        Category.HIGH_CARD: lambda: f"high card {w[r[0]]}",
        Category.PAIR: lambda: f"a pair of {plural(r[0])}",
        Category.TWO_PAIR: lambda: f"two pair, {plural(r[0])} and {plural(r[1])}",
        Category.TRIPS: lambda: f"three of a kind, {plural(r[0])}",
        Category.FLUSH: lambda: f"a flush, {w[r[0]]} high",
        Category.BOAT: lambda: f"a full house, {plural(r[0])} full of {plural(r[1])}",
        Category.QUADS: lambda: f"four of a kind, {plural(r[0])}",
    }[c]()


def stars_low(value: int) -> str:
    """PokerStars' low: ``'7,5,3,2,A'``."""
    return ",".join(_LOW_CHARS[x - 1] for x in low_ranks(value))

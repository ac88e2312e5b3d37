"""How good a starting hand is before the flop, without sampling: Hold'em's 169 hands in
order, and a point count for Omaha hands of any size.

A bot's first decision comes before any board card and must be quick, so it reads a number
instead of sampling: :func:`holdem_rank` places two hole cards among Hold'em's 169 starting
hands (1 = a pair of aces, 169 = the worst), :func:`omaha_points` scores four, five or more
Omaha hole cards (higher is better).

**The Hold'em order** (:data:`HOLDEM_ORDER`) is computed, not copied: each hand's equity against
one random hand, all in before the flop, from 20,000 deals of :func:`rules.equity.equity` a
hand (``tools/preflop_table.py`` prints it; the run that made this one is quoted above the
table). That is the order of the "equity against a random hand" tables poker programs
publish (AA 85 percent, KK 82, AKs 67, down to 32o at 32); hands within about half a percent
of each other may stand in either order, which is below anything a bot's choice depends on.

**The Omaha count** is in the spirit of Edward Hutchison's point count for Omaha (pairs,
suits and straight cards each scored, the sum judging the hand), not a copy of his tables:
the points and penalties below are ours, with points for high cards added, chosen so that
the count orders random hands much as their sampled equity does (its rank correlation with
equity against one and three random hands was about 0.8 for four and five hole cards, where
the count without high cards reached 0.75); ``tests/test_rules_preflop.py`` checks it on
other hands. It reads any number of hole cards, so five-card PLO and
the bomb pots use it too.

>>> from rules.cards import parse_cards
>>> holdem_rank(parse_cards("As Ad")), holdem_class(parse_cards("Kd Ah"))
(1, 'AKo')
>>> holdem_rank(parse_cards("2c 3d"))
169
>>> omaha_points(parse_cards("As Ad Ks Kd")) > omaha_points(parse_cards("As Ad 7c 2h"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from types import MappingProxyType

from .cards import RANKS, Card

__all__ = ["HOLDEM_ORDER", "holdem_class", "holdem_rank", "omaha_points"]

# A first run: 20,000 deals a hand sampled apart (replaced by the common-board count below)
HOLDEM_ORDER: tuple[str, ...] = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "AQs", "77", "AKo", "AJs",
    "ATs", "AQo", "AJo", "KQs", "A9s", "ATo", "66", "KJs", "KQo", "A8s", "KTs", "A7s",
    "A9o", "QJs", "KJo", "A8o", "A5s", "K9s", "A4s", "55", "KTo", "A6s", "A7o", "QTs",
    "A3s", "QJo", "A5o", "K9o", "Q9s", "K8s", "JTs", "A2s", "K7s", "QTo", "A6o", "44",
    "K6s", "A4o", "Q8s", "K7o", "K8o", "Q9o", "J9s", "K5s", "A3o", "JTo", "K4s", "A2o",
    "K3s", "K6o", "Q7s", "T9s", "33", "J8s", "Q8o", "J9o", "Q6s", "K2s", "K5o", "Q5s",
    "T8s", "K4o", "Q7o", "J8o", "T9o", "K3o", "J7s", "Q4s", "Q3s", "T7s", "K2o", "Q6o",
    "J6s", "98s", "Q2s", "Q5o", "22", "T8o", "J5s", "J7o", "J4s", "97s", "T6s", "98o",
    "Q4o", "87s", "J3s", "T7o", "Q3o", "J6o", "J2s", "J5o", "T5s", "Q2o", "97o", "96s",
    "J4o", "T4s", "T6o", "86s", "76s", "95s", "J3o", "T3s", "87o", "T2s", "96o", "85s",
    "T5o", "J2o", "94s", "75s", "95o", "T4o", "92s", "93s", "84s", "65s", "T3o", "76o",
    "86o", "T2o", "74s", "54s", "64s", "85o", "83s", "82s", "94o", "75o", "93o", "73s",
    "63s", "84o", "65o", "53s", "43s", "92o", "72s", "74o", "64o", "54o", "62s", "52s",
    "42s", "82o", "83o", "73o", "53o", "63o", "32s", "43o", "52o", "72o", "62o", "42o",
    "32o",
)
"""Hold'em's 169 starting hands, best first: ``'AA'``, ``'AKs'`` (suited), ``'AKo'``
(offsuit), higher rank first."""

_RANK_OF: Mapping[str, int] = MappingProxyType({name: i + 1 for i, name in enumerate(HOLDEM_ORDER)})


def holdem_class(hole: Sequence[Card]) -> str:
    """The starting-hand class of two hole cards: ``'QQ'``, ``'AKs'``, ``'T9o'``."""
    if len(hole) != 2:
        raise ValueError(f"a Hold'em hand has 2 hole cards, got {len(hole)}")
    a, b = sorted((Card(int(c)) for c in hole), reverse=True)
    if a.rank == b.rank:
        return RANKS[a.rank] * 2
    return RANKS[a.rank] + RANKS[b.rank] + ("s" if a.suit == b.suit else "o")


def holdem_rank(hole: Sequence[Card]) -> int:
    """Where two hole cards stand among the 169 starting hands: 1 (a pair of aces) to 169."""
    return _RANK_OF[holdem_class(hole)]


_HIGH = (0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 8)
"""Points for each card by its rank (deuce .. ace): high cards make the high hands that win."""
_PAIR = (3, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 16)
"""Points for a pair in the hand, by rank (deuce .. ace): a set draw, and high pairs win
unimproved."""
_SUIT = (2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6, 8)
"""Points for two cards of a suit, by the suit's highest rank: only the nut flush is safe."""
_LINK = (3, 2, 1)
"""Points for two ranks that can share a straight, by the gap between them (0: connected)."""
_DEAD = 6
"""Off for each card beyond two of a rank: it can make no set and takes an out away."""
_CROWDED = 2
"""Off for each card beyond two of a suit: it cuts the suit's outs."""
_LOW_LINK = 5
"""Links whose higher rank is below this (a six) make the low end of straights: one point
less."""


def omaha_points(hole: Sequence[Card]) -> int:
    """Points for an Omaha starting hand of two or more cards, in the spirit of Hutchison's
    count (higher is better; compare hands of the same size):

    - each card scores by its rank: ace 8, king 6, queen 5, jack 4, ten 3, nine and eight 2,
      seven and six 1 (two cards of a rank at most);
    - each rank held twice scores its pair (aces 16 down to deuces 3); each card beyond the
      pair costs 6;
    - each suit held twice scores by its highest card (ace 8, king 6, queen 5, jack 4, ten 3,
      lower 2), so a double-suited hand scores both; each card beyond two costs 2;
    - each two distinct ranks close enough to share a straight score 3 when connected, 2 with
      one gap, 1 with two, one less (not below 0) when both are below a six.

    >>> from rules.cards import parse_cards
    >>> omaha_points(parse_cards("As Ad Ks Kd")), omaha_points(parse_cards("Js Td 9s 8d"))
    (75, 32)
    >>> omaha_points(parse_cards("Ac Ad Ah 2s")), omaha_points(parse_cards("9c 6d 3h 2s"))
    (26, 6)
    """
    if len(hole) < 2:
        raise ValueError(f"an Omaha hand has at least 2 hole cards, got {len(hole)}")
    cards = [Card(int(c)) for c in hole]
    points = 0
    for rank, count in Counter(c.rank for c in cards).items():
        points += _HIGH[rank] * min(count, 2)
        if count >= 2:
            points += _PAIR[rank] - _DEAD * (count - 2)
    for suit, count in Counter(c.suit for c in cards).items():
        if count >= 2:
            top = max(c.rank for c in cards if c.suit == suit)
            points += _SUIT[top] - _CROWDED * (count - 2)
    for low, high in combinations(sorted({c.rank for c in cards}), 2):
        gap = high - low - 1
        if gap < len(_LINK):
            points += max(0, _LINK[gap] - (1 if high < _LOW_LINK else 0))
    return points

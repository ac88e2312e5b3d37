"""How good a starting hand is before the flop, without sampling: Hold'em's 169 hands in
order, and a point count for Omaha hands of any size.

A bot's first decision comes before any board card and must be quick, so it reads a number
instead of sampling: :func:`holdem_rank` places two hole cards among Hold'em's 169 starting
hands (1 = a pair of aces, 169 = the worst), :func:`omaha_points` scores four, five or more
Omaha hole cards (higher is better).

**The Hold'em order** (:data:`HOLDEM_ORDER`) is computed, not copied: each hand's equity against
one random hand, all in before the flop, counted by ``tools/preflop_table.py`` on 20,000 random
boards — on each board every hand is scored with :func:`rules.evaluator.best_high` and each
hand's equity against every other hand counted exactly, so all 169 hands are measured on the
same boards and their differences, which decide the order, are far more precise than each
figure (about 0.1 percent). It is the order of the "equity against a random hand" tables
poker programs publish, and its figures (:func:`holdem_equity`) agree with theirs: AA 85
percent, KK 82, AKs 67, 22 50, 72o 35, 32o 32.

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

__all__ = ["HOLDEM_ORDER", "holdem_class", "holdem_equity", "holdem_rank", "omaha_points"]

# tools/preflop_table.py --boards 20000 --seed 169 (1716 s on a loaded machine)
HOLDEM_ORDER: tuple[str, ...] = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "AQs", "77", "AKo", "AJs",
    "ATs", "AQo", "KQs", "AJo", "66", "A9s", "ATo", "KJs", "A8s", "KTs", "KQo", "A7s",
    "A9o", "QJs", "KJo", "55", "K9s", "A6s", "A5s", "A8o", "QTs", "KTo", "A4s", "A7o",
    "K8s", "A3s", "QJo", "Q9s", "K9o", "A6o", "A5o", "QTo", "K7s", "JTs", "A2s", "44",
    "K6s", "A4o", "Q8s", "K8o", "A3o", "J9s", "K5s", "Q9o", "K7o", "JTo", "A2o", "K4s",
    "Q7s", "K6o", "T9s", "K3s", "Q6s", "J8s", "Q8o", "33", "J9o", "K2s", "K5o", "Q5s",
    "J7s", "T8s", "K4o", "Q4s", "Q7o", "T9o", "K3o", "Q6o", "Q3s", "J8o", "98s", "T7s",
    "J6s", "K2o", "Q2s", "Q5o", "22", "J5s", "J7o", "T8o", "T6s", "97s", "Q4o", "J4s",
    "Q3o", "J3s", "98o", "87s", "T7o", "J6o", "96s", "Q2o", "J2s", "T5s", "J5o", "T4s",
    "T6o", "97o", "86s", "J4o", "T3s", "95s", "76s", "87o", "J3o", "T2s", "85s", "96o",
    "T5o", "94s", "J2o", "75s", "T4o", "93s", "86o", "65s", "T3o", "95o", "84s", "76o",
    "92s", "74s", "T2o", "85o", "64s", "54s", "83s", "94o", "75o", "82s", "93o", "73s",
    "65o", "53s", "63s", "84o", "92o", "74o", "43s", "72s", "64o", "54o", "52s", "62s",
    "83o", "42s", "82o", "73o", "53o", "63o", "32s", "43o", "72o", "52o", "62o", "42o",
    "32o",
)
"""Hold'em's 169 starting hands, best first: ``'AA'``, ``'AKs'`` (suited), ``'AKo'``
(offsuit), higher rank first."""

_EQUITY: tuple[float, ...] = (
    0.8513, 0.8233, 0.7984, 0.7736, 0.7496, 0.7205, 0.6913, 0.6704, 0.6639, 0.6612, 0.6529, 0.6522,
    0.6468, 0.6456, 0.6347, 0.6335, 0.6325, 0.6291, 0.6276, 0.6226, 0.6194, 0.6166, 0.6147, 0.6098,
    0.6088, 0.6023, 0.6019, 0.6013, 0.6003, 0.5998, 0.5993, 0.5984, 0.5979, 0.5958, 0.5895, 0.5887,
    0.5828, 0.5824, 0.5802, 0.5784, 0.5777, 0.5774, 0.5771, 0.5760, 0.5745, 0.5742, 0.5742, 0.5685,
    0.5675, 0.5660, 0.5612, 0.5590, 0.5588, 0.5567, 0.5564, 0.5543, 0.5514, 0.5508, 0.5497, 0.5492,
    0.5442, 0.5428, 0.5423, 0.5406, 0.5376, 0.5367, 0.5362, 0.5352, 0.5319, 0.5314, 0.5311, 0.5291,
    0.5246, 0.5233, 0.5231, 0.5196, 0.5192, 0.5171, 0.5141, 0.5114, 0.5114, 0.5112, 0.5081, 0.5070,
    0.5050, 0.5041, 0.5027, 0.5019, 0.5018, 0.4986, 0.4981, 0.4969, 0.4919, 0.4916, 0.4914, 0.4898,
    0.4832, 0.4806, 0.4806, 0.4800, 0.4800, 0.4768, 0.4754, 0.4737, 0.4726, 0.4720, 0.4697, 0.4664,
    0.4634, 0.4634, 0.4627, 0.4598, 0.4582, 0.4578, 0.4565, 0.4506, 0.4504, 0.4493, 0.4471, 0.4460,
    0.4419, 0.4414, 0.4411, 0.4368, 0.4353, 0.4341, 0.4318, 0.4315, 0.4272, 0.4269, 0.4266, 0.4262,
    0.4256, 0.4203, 0.4172, 0.4151, 0.4137, 0.4137, 0.4102, 0.4084, 0.4047, 0.4016, 0.4014, 0.4012,
    0.3989, 0.3981, 0.3964, 0.3929, 0.3920, 0.3868, 0.3838, 0.3831, 0.3798, 0.3796, 0.3791, 0.3781,
    0.3757, 0.3672, 0.3672, 0.3670, 0.3638, 0.3616, 0.3610, 0.3483, 0.3472, 0.3435, 0.3428, 0.3297,
    0.3237,
)
"""Each of :data:`HOLDEM_ORDER`'s hands' equity against one random hand, all in before the
flop (the same run)."""

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


def holdem_equity(hole: Sequence[Card]) -> float:
    """Two hole cards' equity against one random hand, all in before the flop (the figure
    :data:`HOLDEM_ORDER` is sorted by).

    >>> from rules.cards import parse_cards
    >>> round(holdem_equity(parse_cards("Ah Ad")), 2), round(holdem_equity(parse_cards("7c 2d")), 2)
    (0.85, 0.35)
    """
    return _EQUITY[holdem_rank(hole) - 1]


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

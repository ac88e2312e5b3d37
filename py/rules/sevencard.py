"""The tables behind seven-card evaluation (Hold'em and Short Deck): one lookup per hand.

A seven-card hand's best five is decided by its rank multiset unless five or more cards share a
suit, and then by that suit's ranks alone: with five cards of one suit among seven, no rank can
be held three or four times beside a pair, so no full house or quads can beat the flush.

So a hand costs one sum and one lookup. Each rank has a key (:data:`RANK_KEYS`, the deuce 0 to
the ace 1,479,181) chosen so that the sums of any seven ranks, none held more than four times,
are all different (49,205 multisets, every sum below 2**23): ``seven_ranks(lowest)[sum]`` is the
best non-flush value of those ranks. Suits are counted apart; when one has five or more cards,
``suited_best(lowest)[mask]`` (13-bit mask of that suit's ranks) is the hand.

Values are those of :mod:`rules.evaluator` (category in bits 20..23, tie-break ranks below),
for the full deck (``lowest`` 0) or Short Deck (``lowest`` 4: sixes up, A-6-7-8-9 the lowest
straight, its top a nine, and a full house coded 5 below a flush's 6).

The tables are built from the shape of the multiset (eleven shapes, from seven different ranks
to quads with trips), each value written directly, rather than by trying every five of seven:
about 30 ms in CPython for the full deck. Each is built once, on first use (``functools.cache``:
immutable once returned; nothing else is kept). The keys are fixed constants; the tests check
that the sums never collide and that every value matches the best of its 21 five-card subsets.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import combinations

__all__ = ["RANK_KEYS", "seven_ranks", "suited_best"]

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Rank (0 = deuce .. 12 = ace) -> its key: sums of seven, no rank more than four times, are
all distinct. The smallest such keys, each found greedily after the ones below it (Steve
Brecher's idea, as in SKPokerEval)."""

_HIGH_CARD, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT = 0, 1, 2, 3, 4
_FLUSH, _BOAT, _QUADS, _STRAIGHT_FLUSH = 5, 6, 7, 8
_SHORT_FLUSH, _SHORT_BOAT = 6, 5
"""Short Deck's order swaps the two: a flush beats a full house."""


def straight_top(mask: int, lowest: int) -> int:
    """The top rank of the highest straight among the ranks of ``mask`` (the ace also plays
    below the lowest rank: A-2-3-4-5, or A-6-7-8-9 when ``lowest`` is 4), or -1.

    >>> straight_top(0b1_0000_0000_1111, 0), straight_top(0b0_0011_1110_0000, 0)
    (3, 9)
    >>> straight_top(0b1_0000_1111_0000, 4), straight_top(0b1_1110_0000_0000, 0)
    (7, -1)
    """
    u = (mask >> lowest) << 1 | mask >> 12
    run = u & u >> 1 & u >> 2 & u >> 3 & u >> 4
    return run.bit_length() + 2 + lowest if run else -1


@cache
def suited_best(lowest: int = 0) -> tuple[int, ...]:
    """13-bit mask of five or more ranks of one suit -> the value of the best five of them in
    that suit (straight flush or flush); masks of fewer ranks (or of ranks below ``lowest``)
    map to 0, below every real hand, so a lookup can tell "no flush" without counting."""
    flush = _SHORT_FLUSH if lowest else _FLUSH
    table = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() < 5 or mask & ((1 << lowest) - 1):
            continue
        top = straight_top(mask, lowest)
        if top >= 0:
            table[mask] = _STRAIGHT_FLUSH << 20 | top << 16
            continue
        value = flush << 20
        m = mask
        for shift in (16, 12, 8, 4, 0):
            r = m.bit_length() - 1
            value |= r << shift
            m ^= 1 << r
        table[mask] = value
    return tuple(table)


@cache
def seven_ranks(lowest: int = 0) -> Mapping[int, int]:
    """Sum of :data:`RANK_KEYS` over seven ranks (each ``lowest`` or higher, none more than
    four times) -> the best non-flush value of seven cards of those ranks.

    Built set of distinct ranks by set of distinct ranks (highest first, so "the best kickers"
    are the first ones), then by which of them are held more than once; whether the distinct
    ranks hold a straight is asked once per set.
    """
    k = RANK_KEYS
    boat = (_SHORT_BOAT if lowest else _BOAT) << 20
    quads = _QUADS << 20
    two_pair = _TWO_PAIR << 20
    down = range(12, lowest - 1, -1)
    table: dict[int, int] = {}
    for t in combinations(down, 7):
        mask = 1 << t[0] | 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4] | 1 << t[5] | 1 << t[6]
        top = straight_top(mask, lowest)
        table[sum([k[r] for r in t])] = (
            _STRAIGHT << 20 | top << 16
            if top >= 0
            else t[0] << 16 | t[1] << 12 | t[2] << 8 | t[3] << 4 | t[4]
        )
    for t in combinations(down, 6):  # a pair and five singles
        base = sum([k[r] for r in t])
        top = straight_top(1 << t[0] | 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4] | 1 << t[5],
                           lowest)
        for i, p in enumerate(t):
            a, b, c = (t[:i] + t[i + 1 :])[:3]
            table[base + k[p]] = (
                _STRAIGHT << 20 | top << 16
                if top >= 0
                else _PAIR << 20 | p << 16 | a << 12 | b << 8 | c << 4
            )
    for t in combinations(down, 5):  # two pair and three singles, or trips and four
        base = sum([k[r] for r in t])
        top = straight_top(1 << t[0] | 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4], lowest)
        straight = _STRAIGHT << 20 | top << 16
        for i, j in combinations(range(5), 2):
            kicker = t[0] if i else t[1] if j > 1 else t[2]
            table[base + k[t[i]] + k[t[j]]] = (
                straight if top >= 0 else two_pair | t[i] << 16 | t[j] << 12 | kicker << 8
            )
        for i, r in enumerate(t):
            a, b = (t[:i] + t[i + 1 :])[:2]
            table[base + 2 * k[r]] = (
                straight if top >= 0 else _TRIPS << 20 | r << 16 | a << 12 | b << 8
            )
    for t in combinations(down, 4):
        base = sum([k[r] for r in t])
        for i, r in enumerate(t):
            others = t[:i] + t[i + 1 :]
            # Three pairs and a single: the two top pairs, the best of the rest.
            table[base + k[others[0]] + k[others[1]] + k[others[2]]] = (
                two_pair | others[0] << 16 | others[1] << 12 | max(others[2], r) << 8
            )
            # Quads and three singles.
            table[base + 3 * k[r]] = quads | r << 16 | others[0] << 12
            # Trips, a pair and two singles.
            for q in others:
                table[base + 2 * k[r] + k[q]] = boat | r << 16 | q << 12
    for t in combinations(down, 3):
        base = sum([k[r] for r in t])
        for i, r in enumerate(t):
            x, y = t[:i] + t[i + 1 :]
            # Trips and two pairs (the higher plays); two trips and a single.
            table[base + 2 * k[r] + k[x] + k[y]] = boat | r << 16 | x << 12
            table[base + 2 * k[x] + 2 * k[y]] = boat | x << 16 | y << 12
            # Quads, a pair and a single: the best other rank plays.
            table[base + 3 * k[r] + k[x]] = quads | r << 16 | t[0 if i else 1] << 12
            table[base + 3 * k[r] + k[y]] = quads | r << 16 | t[0 if i else 1] << 12
    for hi, lo in combinations(down, 2):  # quads and trips
        table[4 * k[hi] + 3 * k[lo]] = quads | hi << 16 | lo << 12
        table[4 * k[lo] + 3 * k[hi]] = quads | lo << 16 | hi << 12
    return table

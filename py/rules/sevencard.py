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
about 15 ms in CPython and 30 ms in Pyodide for the full deck. Each is built once, on first use
or by the evaluator's idle warm-up (``functools.cache``: nothing else is kept, and a returned
table is never changed: a tuple, or a dict typed as a read-only ``Mapping``). The keys are fixed
constants; the tests check that the sums never collide and that every value matches the best of
its 21 five-card subsets.
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
    map to 0, below every real hand, so a lookup can tell "no flush" without counting.

    Five ranks are written out; a larger mask without a straight has the flush of its top
    five, which is that of the mask less its lowest rank, already written.
    """
    straight_flush = _STRAIGHT_FLUSH << 20
    flush = (_SHORT_FLUSH if lowest else _FLUSH) << 20
    table = [0] * (1 << 13)
    for a, b, c, d, e in combinations(range(12, lowest - 1, -1), 5):
        table[1 << a | 1 << b | 1 << c | 1 << d | 1 << e] = (
            flush | a << 16 | b << 12 | c << 8 | d << 4 | e
        )
    below = (1 << lowest) - 1
    for mask in range(1 << 13):
        if mask & below or mask.bit_count() < 5:
            continue
        top = straight_top(mask, lowest)
        if top >= 0:
            table[mask] = straight_flush | top << 16
        elif not table[mask]:
            table[mask] = table[mask & (mask - 1)]
    return tuple(table)


@cache
def seven_ranks(lowest: int = 0) -> Mapping[int, int]:
    """Sum of :data:`RANK_KEYS` over seven ranks (each ``lowest`` or higher, none more than
    four times) -> the best non-flush value of seven cards of those ranks.

    Built set of distinct ranks by set of distinct ranks, each taken highest first (``a`` >
    ``b`` > ...), so the best kickers are the first letters; then one entry per way of holding
    some of them more than once, its value written out. Whether the distinct ranks hold a
    straight is asked once per set (``run``: five bits in a row, the ace also below the
    lowest rank). Unrolled because this runs on the first seven-card hand of a session (or
    in the page's idle warm-up): ~15 ms in CPython.
    """
    k = RANK_KEYS
    S = _STRAIGHT << 20
    P = _PAIR << 20
    TP = _TWO_PAIR << 20
    TR = _TRIPS << 20
    B = (_SHORT_BOAT if lowest else _BOAT) << 20
    Q = _QUADS << 20
    down = range(12, lowest - 1, -1)
    sh = lowest
    table: dict[int, int] = {}
    # Seven different ranks: a straight, or the five highest.
    for a, b, c, d, e, f, g in combinations(down, 7):
        u = ((1 << a | 1 << b | 1 << c | 1 << d | 1 << e | 1 << f | 1 << g) >> sh) << 1 | a // 12
        run = u & u >> 1 & u >> 2 & u >> 3 & u >> 4
        table[k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]] = (
            S | (run.bit_length() + 2 + sh) << 16 if run
            else a << 16 | b << 12 | c << 8 | d << 4 | e)
    # Six: a pair and five singles (a straight, or the pair and the three best singles).
    for a, b, c, d, e, f in combinations(down, 6):
        base = k[a] + k[b] + k[c] + k[d] + k[e] + k[f]
        u = ((1 << a | 1 << b | 1 << c | 1 << d | 1 << e | 1 << f) >> sh) << 1 | a // 12
        run = u & u >> 1 & u >> 2 & u >> 3 & u >> 4
        if run:
            v = S | (run.bit_length() + 2 + sh) << 16
            table[base + k[a]] = table[base + k[b]] = table[base + k[c]] = v
            table[base + k[d]] = table[base + k[e]] = table[base + k[f]] = v
        else:
            low = a << 12 | b << 8 | c << 4
            table[base + k[a]] = P | a << 16 | b << 12 | c << 8 | d << 4
            table[base + k[b]] = P | b << 16 | a << 12 | c << 8 | d << 4
            table[base + k[c]] = P | c << 16 | a << 12 | b << 8 | d << 4
            table[base + k[d]] = P | d << 16 | low
            table[base + k[e]] = P | e << 16 | low
            table[base + k[f]] = P | f << 16 | low
    # Five: two pair and three singles, or trips and four singles (unless a straight).
    for a, b, c, d, e in combinations(down, 5):
        ka, kb, kc, kd, ke = k[a], k[b], k[c], k[d], k[e]
        base = ka + kb + kc + kd + ke
        u = ((1 << a | 1 << b | 1 << c | 1 << d | 1 << e) >> sh) << 1 | a // 12
        run = u & u >> 1 & u >> 2 & u >> 3 & u >> 4
        if run:
            v = S | (run.bit_length() + 2 + sh) << 16
            for x in (ka + kb, ka + kc, ka + kd, ka + ke, kb + kc, kb + kd, kb + ke, kc + kd,
                      kc + ke, kd + ke, 2 * ka, 2 * kb, 2 * kc, 2 * kd, 2 * ke):
                table[base + x] = v
            continue
        table[base + ka + kb] = TP | a << 16 | b << 12 | c << 8
        table[base + ka + kc] = TP | a << 16 | c << 12 | b << 8
        table[base + ka + kd] = TP | a << 16 | d << 12 | b << 8
        table[base + ka + ke] = TP | a << 16 | e << 12 | b << 8
        table[base + kb + kc] = TP | b << 16 | c << 12 | a << 8
        table[base + kb + kd] = TP | b << 16 | d << 12 | a << 8
        table[base + kb + ke] = TP | b << 16 | e << 12 | a << 8
        table[base + kc + kd] = TP | c << 16 | d << 12 | a << 8
        table[base + kc + ke] = TP | c << 16 | e << 12 | a << 8
        table[base + kd + ke] = TP | d << 16 | e << 12 | a << 8
        table[base + 2 * ka] = TR | a << 16 | b << 12 | c << 8
        table[base + 2 * kb] = TR | b << 16 | a << 12 | c << 8
        ab = a << 12 | b << 8
        table[base + 2 * kc] = TR | c << 16 | ab
        table[base + 2 * kd] = TR | d << 16 | ab
        table[base + 2 * ke] = TR | e << 16 | ab
    # Four: three pairs and a single, quads and three singles, trips, a pair and two singles.
    for a, b, c, d in combinations(down, 4):
        ka, kb, kc, kd = k[a], k[b], k[c], k[d]
        base = ka + kb + kc + kd
        # three pairs and a single
        table[base + kb + kc + kd] = TP | b << 16 | c << 12 | a << 8
        table[base + ka + kc + kd] = TP | a << 16 | c << 12 | b << 8
        table[base + ka + kb + kd] = table[base + ka + kb + kc] = TP | a << 16 | b << 12 | c << 8
        # quads and three singles
        table[base + 3 * ka] = Q | a << 16 | b << 12
        table[base + 3 * kb] = Q | b << 16 | a << 12
        table[base + 3 * kc] = Q | c << 16 | a << 12
        table[base + 3 * kd] = Q | d << 16 | a << 12
        # trips, a pair, two singles
        for r, kr in ((a, ka), (b, kb), (c, kc), (d, kd)):
            t3 = base + 2 * kr
            v = B | r << 16
            for q, kq in ((a, ka), (b, kb), (c, kc), (d, kd)):
                if q != r:
                    table[t3 + kq] = v | q << 12
    # Three: trips and two pairs, two trips and a single, quads, a pair and a single.
    for a, b, c in combinations(down, 3):
        ka, kb, kc = k[a], k[b], k[c]
        base = ka + kb + kc
        # trips and two pairs (the higher pair plays)
        table[base + 2 * ka + kb + kc] = B | a << 16 | b << 12
        table[base + 2 * kb + ka + kc] = B | b << 16 | a << 12
        table[base + 2 * kc + ka + kb] = B | c << 16 | a << 12
        # two trips and a single
        table[base + 2 * ka + 2 * kb] = B | a << 16 | b << 12
        table[base + 2 * ka + 2 * kc] = B | a << 16 | c << 12
        table[base + 2 * kb + 2 * kc] = B | b << 16 | c << 12
        # quads, a pair and a single: the best other rank plays
        table[base + 3 * ka + kb] = table[base + 3 * ka + kc] = Q | a << 16 | b << 12
        table[base + 3 * kb + ka] = table[base + 3 * kb + kc] = Q | b << 16 | a << 12
        table[base + 3 * kc + ka] = table[base + 3 * kc + kb] = Q | c << 16 | a << 12
    # Two: quads and trips.
    for a, b in combinations(down, 2):
        table[4 * k[a] + 3 * k[b]] = Q | a << 16 | b << 12
        table[3 * k[a] + 4 * k[b]] = Q | b << 16 | a << 12
    return table

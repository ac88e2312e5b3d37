"""Poker hand evaluation: 5-card high, Hold'em best-of-7, Omaha high and 8-or-better low with any
number of hole cards (two of them play), Short Deck's high and 2-7 lowball.

Hand values are plain ints so that comparing two hands is comparing two ints.

*High values* (higher is stronger) hold the :class:`Category` in bits 20..23 and the ranks
that decide ties, in comparison order, as 4-bit nibbles from bit 16 down (a pair of aces with
K, 9, 4 is ``PAIR << 20 | 12 << 16 | 11 << 12 | 7 << 8 | 2 << 4``). Every value is below 2**24,
so it stays a one-digit int under Pyodide too (whose ints grow a digit at 2**30).

*Short-deck values* (:func:`short_high`, higher is stronger) have the high values' layout, but
the category field holds the short-deck order, in which a flush (6) beats a full house (5);
A-6-7-8-9 is a straight with top rank 7 (a nine). :func:`short_hand` decodes one into the
usual :class:`Category` and ranks. *2-7 values* (:func:`low27`, lower is better) ARE high
values (A-2-3-4-5 being ace high), decoded by :func:`high_hand`.

*Low values* (lower is better) are the 8-bit mask of the five low ranks, bit 0 for the ace
(which plays low), bit 7 for the eight. For two sets of five distinct ranks, comparing the
masks as ints is exactly comparing the ranks highest first, which is how lows are ranked.

Why tables: the host scores up to ten players on two boards every hand, in pure Python in
the browser. A 5-card value depends only on the rank multiset (plus "all one suit"), so the
non-flush part is a lookup keyed by a product of per-rank primes. :func:`warm_up` goes
further and precomputes, for every board rank multiset and every hole-pair rank multiset,
the best non-flush value over the board's triples: an Omaha hand then costs six lookups
(one per hole pair), with flushes checked apart only when the board holds three of a suit.
That table takes about half a second to build, so it is never built at import; until it
exists the same values come from the small 5-card table (built on first use, ~20 ms).

Seven cards (Hold'em, Short Deck) cost one lookup: :mod:`rules.sevencard` names a seven-card
rank multiset by a sum of per-rank keys (the suits counted in the same sum), built on the first
seven-card hand (~15 ms) or by the warm-up. For sampling, the ``*_on(board)`` functions
(:func:`holdem_on`, :func:`short_on`, :func:`omaha_high_on`, :func:`omaha_low8_on`) do a
board's share of the work once and return a function of the hole cards.

>>> from rules.cards import parse_cards
>>> v = omaha_high(parse_cards("Ac Kd Jd 3d"), parse_cards("Ah Kh 5s 2s Qd"))
>>> high_hand(v)
HighHand(value=2931200, category=<Category.TWO_PAIR: 2>, ranks=(12, 11, 10))
>>> format_low(omaha_low8(parse_cards("5c 5d 6c 7d"), parse_cards("Ah Kh 5s 2s Qd")))
'7652A'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from .cards import Card
from .sevencard import RANK_KEYS, seven_ranks, suited_best

__all__ = [
    "Category",
    "HighHand",
    "HighValue",
    "LowValue",
    "best_high",
    "best_high_best",
    "describe_high",
    "describe_low",
    "describe_low27",
    "describe_short",
    "format_low",
    "format_low27",
    "high5",
    "high_hand",
    "holdem_on",
    "is_royal",
    "is_warm",
    "low27",
    "low_ranks",
    "omaha_high",
    "omaha_high_best",
    "omaha_high_on",
    "omaha_low8",
    "omaha_low8_best",
    "omaha_low8_on",
    "short_hand",
    "short_high",
    "short_high_best",
    "short_on",
    "warm_up",
    "warm_up_steps",
]

HighValue = int
LowValue = int


class Category(IntEnum):
    """High-hand categories, weakest first. A royal flush is an ace-high STRAIGHT_FLUSH."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    BOAT = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8


_CAT_SHIFT = 20
_RANK_COUNT = (5, 4, 3, 3, 1, 5, 2, 2, 1)
"""How many tie-break ranks each category's value holds (indexed by Category)."""
_ROYAL = Category.STRAIGHT_FLUSH << _CAT_SHIFT | 12 << 16
_WHEEL = (12, 3, 2, 1, 0)
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime per rank: a product of them names a rank multiset (41**5 < 2**30)."""


def _encode(category: int, ranks: Sequence[int]) -> int:
    value = category << _CAT_SHIFT
    shift = 16
    for r in ranks:
        value |= r << shift
        shift -= 4
    return value


def _rank_multiset_value(ranks: Sequence[int]) -> int:
    """The value of five cards of these ranks when they are not all of one suit.

    Five of a kind cannot be dealt; it gets 0 so that tables stay total.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    tops = [r for r, _ in groups]
    if shape == (1, 1, 1, 1, 1):
        if tops[0] - tops[4] == 4:
            return _encode(Category.STRAIGHT, (tops[0],))
        if tuple(tops) == _WHEEL:
            return _encode(Category.STRAIGHT, (3,))
        return _encode(Category.HIGH_CARD, tops)
    category = {
        (2, 1, 1, 1): Category.PAIR,
        (2, 2, 1): Category.TWO_PAIR,
        (3, 1, 1): Category.TRIPS,
        (3, 2): Category.BOAT,
        (4, 1): Category.QUADS,
    }.get(shape)
    if category is None:
        return 0
    return _encode(category, tops)


def _suited_value(mask: int) -> int:
    """The value of five cards of one suit whose ranks form the 13-bit ``mask``."""
    tops = [r for r in range(12, -1, -1) if mask >> r & 1]
    if tops[0] - tops[4] == 4:
        return _encode(Category.STRAIGHT_FLUSH, (tops[0],))
    if tuple(tops) == _WHEEL:
        return _encode(Category.STRAIGHT_FLUSH, (3,))
    return _encode(Category.FLUSH, tops)


# --- small per-card tables, built at import (a few thousand entries, ~1 ms) -----------------

_PRIME = tuple(_PRIMES[c >> 2] for c in range(52))
"""Card index -> prime of its rank."""
_SUIT_BITS = tuple(1 << 3 * (c & 3) for c in range(52))
"""Card index -> a 3-bit counter for its suit; the sum over a board counts each suit."""
_SUIT_PLUS_ONE = 0b001_001_001_001
_SUIT_HIGH = 0b100_100_100_100
"""Adding 1 to each 3-bit suit counter makes bit 2 of a counter set exactly when three or more
cards share that suit (a board of at most five cards has at most one such suit)."""
_SUIT_NIBBLE = tuple(1 << 4 * (c & 3) for c in range(52))
"""Card index -> a 4-bit counter for its suit; adding 3 to each counter of up to seven cards sets
bit 3 of a counter exactly when five or more cards share that suit (at most one suit can)."""
_FIVE_PLUS_THREE = 0x3333
_FIVE_HIGH = 0x8888
_THREE_PLUS_FIVE = 0x5555
"""Added to the suit counters of at most five cards, sets bit 3 of a counter exactly when three
or more cards share that suit (a board of five has at most one such suit)."""
_RANK_KEY = tuple(RANK_KEYS[c >> 2] for c in range(52))
"""Card index -> its rank's key (:mod:`rules.sevencard`): the sum over seven cards names their
rank multiset."""
_CARD_KEY = tuple(RANK_KEYS[c >> 2] << 16 | 1 << 4 * (c & 3) for c in range(52))
"""Card index -> its rank's key above bit 16 and its suit's 4-bit counter below: one sum over
seven cards gives both the rank-key sum (``>> 16``) and the suit counts (as ``_SUIT_NIBBLE``)."""
_SUIT_RANK_BIT = tuple(
    tuple(1 << (c >> 2) if c & 3 == suit else 0 for c in range(52)) for suit in range(4)
)
"""Suit -> (card index -> the card's rank bit if it is of that suit, else 0): OR-ing a hand's
entries gives that suit's 13-bit rank mask."""
_PAIR_RANKS = tuple(combinations_with_replacement(range(13), 2))
"""The 91 rank multisets of two cards, in table order."""
_RANK_PAIR_SLOT = {pair: i for i, pair in enumerate(_PAIR_RANKS)}
_PAIR_SLOT = tuple(
    _RANK_PAIR_SLOT[(a >> 2, b >> 2) if a <= b else (b >> 2, a >> 2)]
    for a in range(52)
    for b in range(52)
)
"""``a * 52 + b`` (two card indexes) -> index of their rank pair among the 91."""
_LOW_BIT = tuple(1 if c >> 2 == 12 else (1 << (c >> 2) + 1 if c >> 2 < 7 else 0) for c in range(52))
"""Card index -> its bit in a low mask (ace bit 0 .. eight bit 7), 0 for nine and up."""
_NO_LOW = 1 << 10
_LOW_PAIR = tuple(
    (_LOW_BIT[a] | _LOW_BIT[b])
    if _LOW_BIT[a] and _LOW_BIT[b] and _LOW_BIT[a] != _LOW_BIT[b]
    else _NO_LOW
    for a in range(52)
    for b in range(52)
)
"""``a * 52 + b`` -> the low mask of two distinct low ranks, or a no-low sentinel (>= 256)."""


def _lowest_three(mask: int) -> int:
    out = 0
    for bit in range(8):
        if mask >> bit & 1:
            out |= 1 << bit
            if out.bit_count() == 3:
                return out
    return 1 << 9


_LOW_THREE = tuple(_lowest_three(m) for m in range(256))
"""Board low mask (minus the hole pair's ranks) -> its three lowest ranks, or a sentinel >= 256."""


# --- lazily built tables ---------------------------------------------------------------------


class _Tables:
    """The tables built after import: a cache, not state; values never depend on it.

    ``rank5``: prime product of 5 ranks -> non-flush value (6,188 entries, built on first use).
    ``suited``: 13-bit rank mask -> value of those 5 ranks in one suit.
    ``omaha`` / ``board_base``: the warm-up table (board rank multiset x hole rank pair).
    ``short_rank``: prime product of 5 or 6 ranks from six up -> best non-flush short-deck
    value (about 4,000 entries, built on the first short-deck hand of five or six cards).

    Seven-card hands use :mod:`rules.sevencard`'s tables instead (one lookup a hand).
    """

    __slots__ = ("board_base", "omaha", "rank5", "short_rank", "suited")

    def __init__(self) -> None:
        self.rank5: dict[int, int] | None = None
        self.suited: list[int] | None = None
        self.omaha: list[int] | None = None
        self.board_base: dict[int, int] | None = None
        self.short_rank: dict[int, int] | None = None

    def small(self) -> dict[int, int]:
        if self.rank5 is None:
            suited = [0] * (1 << 13)
            for ranks in combinations(range(13), 5):
                mask = _ranks_mask(ranks)
                suited[mask] = _suited_value(mask)
            self.suited = suited
            self.rank5 = _rank5_table()
        return self.rank5

    def short(self) -> dict[int, int]:
        if self.short_rank is None:
            self.short_rank = _short_rank_table(_rank5_table(lowest=4))
        return self.short_rank


_SHORT_CODE = (0, 1, 2, 3, 4, 6, 5, 7, 8)
"""Category -> its place in the short-deck order (flush and full house swapped). The map is
its own inverse, so it also turns a short-deck value's category field back into a Category."""
_SHORT_RANKS = range(4, 13)
"""The short deck's ranks: six (index 4) to ace."""
_A6789 = 1 << 12 | 0b11110000
"""Rank mask of A-6-7-8-9, the short deck's lowest straight (nine high)."""


def _to_short(value: int) -> int:
    """A high value re-encoded in the short-deck category order (ranks unchanged)."""
    category = value >> _CAT_SHIFT
    return value ^ (category ^ _SHORT_CODE[category]) << _CAT_SHIFT


def _short_rank_table(rank5: dict[int, int]) -> dict[int, int]:
    """Prime product of 5 or 6 short-deck ranks -> best non-flush short-deck value.

    Five ranks: the high value re-encoded (A-6-7-8-9 made a nine-high straight). Six: each
    five pushes its value to every multiset one card larger (no rank held five times), so each
    ends with the best of its sub-multisets and a 6-card hand costs one lookup. (Seven cards:
    :func:`rules.sevencard.seven_ranks`.)
    """
    p = _PRIMES
    a6789 = p[12] * p[7] * p[6] * p[5] * p[4]
    level: dict[int, int] = {}
    for ranks in combinations_with_replacement(_SHORT_RANKS, 5):
        if ranks[0] != ranks[4]:
            key = p[ranks[0]] * p[ranks[1]] * p[ranks[2]] * p[ranks[3]] * p[ranks[4]]
            level[key] = (
                _encode(Category.STRAIGHT, (7,)) if key == a6789 else _to_short(rank5[key])
            )
    table = dict(level)
    primes = [(p[r], p[r] ** 4) for r in _SHORT_RANKS]
    bigger: dict[int, int] = {}
    get = bigger.get
    for key, value in level.items():
        for pr, four in primes:
            if key % four:
                k = key * pr
                if value > get(k, -1):
                    bigger[k] = value
    table.update(bigger)
    return table


def _rank5_table(lowest: int = 0) -> dict[int, int]:
    """Prime product of five ranks -> non-flush value, for all 6,188 rank multisets (or those
    of ranks ``lowest`` and up: 1,287 from the six, for the short deck).

    Built shape by shape (faster than analysing each multiset, which matters for the first
    showdown before warm-up); the tests check it against :func:`_rank_multiset_value`.
    """
    p = _PRIMES
    table = {}
    down = range(12, lowest - 1, -1)
    for five in combinations(down, 5):
        table[p[five[0]] * p[five[1]] * p[five[2]] * p[five[3]] * p[five[4]]] = (
            _rank_multiset_value(five)
        )
    for r in down:
        pr = p[r]
        table[pr**5] = 0
        others = [x for x in down if x != r]
        for k in others:
            table[pr**4 * p[k]] = _encode(Category.QUADS, (r, k))
            table[pr**3 * p[k] ** 2] = _encode(Category.BOAT, (r, k))
        for k1, k2 in combinations(others, 2):
            table[pr**3 * p[k1] * p[k2]] = _encode(Category.TRIPS, (r, k1, k2))
        for k1, k2, k3 in combinations(others, 3):
            table[pr**2 * p[k1] * p[k2] * p[k3]] = _encode(Category.PAIR, (r, k1, k2, k3))
    for hi, lo in combinations(down, 2):
        both = (p[hi] * p[lo]) ** 2
        for k in down:
            if k != hi and k != lo:
                table[both * p[k]] = _encode(Category.TWO_PAIR, (hi, lo, k))
    return table


def _ranks_mask(ranks: Sequence[int]) -> int:
    """The 13-bit mask of a set of rank indexes.

    >>> bin(_ranks_mask([0, 1, 12]))
    '0b1000000000011'
    """
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


_TABLES = _Tables()


def warm_up_steps(chunk: int = 400) -> Iterator[int]:
    """Builds the Omaha table in slices, yielding the number of boards done after each; the
    first two steps build the seven-card tables (:mod:`rules.sevencard`, ~15 and ~3 ms in
    CPython, ~30 and ~8 in Pyodide), so a page that warms up in idle time pays for them before
    its first Hold'em hand or bot.

    A browser can drive it from idle callbacks so that no single step blocks the page for
    long. The table is switched on only when complete, so evaluation is correct throughout.
    Does nothing if it was already built.
    """
    if _TABLES.omaha is not None:
        return
    seven_ranks()
    yield 0
    suited_best()
    yield 0
    rank5 = _TABLES.small()
    pair_keys = [_PRIMES[a] * _PRIMES[b] for a, b in _PAIR_RANKS]
    rows: dict[int, list[int]] = {}
    for triple in combinations_with_replacement(range(13), 3):
        t = _PRIMES[triple[0]] * _PRIMES[triple[1]] * _PRIMES[triple[2]]
        rows[t] = [rank5[t * p] for p in pair_keys]
    yield 0
    table: list[int] = []
    base: dict[int, int] = {}
    done = 0
    for size in (3, 4, 5):
        for board in combinations_with_replacement(range(13), size):
            if size == 5 and board[0] == board[4]:
                continue  # five of one rank: no such board
            key = 1
            for r in board:
                key *= _PRIMES[r]
            base[key] = len(table)
            triples = {_PRIMES[x] * _PRIMES[y] * _PRIMES[z] for x, y, z in combinations(board, 3)}
            if len(triples) == 1:
                table.extend(rows[triples.pop()])
            else:
                table.extend(map(max, *(rows[t] for t in triples)))
            done += 1
            if done % chunk == 0:
                yield done
    _TABLES.board_base = base
    _TABLES.omaha = table
    yield done


def warm_up() -> None:
    """Builds the Omaha table (about 0.3-0.6 s in CPython, 1-1.5 s in Pyodide) and the
    seven-card tables now.

    Results are identical before and after; only speed changes. Never called at import.
    """
    for _ in warm_up_steps(chunk=1 << 30):
        pass


def is_warm() -> bool:
    """Whether :func:`warm_up` has finished (the fast Omaha path is on)."""
    return _TABLES.omaha is not None


# --- high hands --------------------------------------------------------------------------------


def high5(cards: Sequence[int]) -> HighValue:
    """The value of exactly five cards.

    >>> from rules.cards import parse_cards
    >>> high_hand(high5(parse_cards("As Ad Kh 9c 4d"))).ranks
    (12, 11, 7, 2)
    """
    rank5 = _TABLES.rank5 or _TABLES.small()
    a, b, c, d, e = cards
    if (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
        return _TABLES.suited[  # type: ignore[index]
            (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))
        ]
    p = _PRIME
    return rank5[p[a] * p[b] * p[c] * p[d] * p[e]]


def best_high(cards: Sequence[int]) -> HighValue:
    """The best five-card value among 5 to 7 cards (Hold'em: any five of hole plus board).

    Seven cards cost one lookup (:mod:`rules.sevencard`); to score many hole pairs on one
    board, :func:`holdem_on` does the board's part once.

    >>> from rules.cards import parse_cards
    >>> high_hand(best_high(parse_cards("Ah Kh Qh Jh Th 9h 8h"))).category.name
    'STRAIGHT_FLUSH'
    """
    n = len(cards)
    if n == 7:
        a, b, c, d, e, f, g = cards
        k = _CARD_KEY
        key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
        flush = (key + _FIVE_PLUS_THREE) & _FIVE_HIGH
        if flush:
            bit = _SUIT_RANK_BIT[flush.bit_length() // 4 - 1]
            return suited_best()[bit[a] | bit[b] | bit[c] | bit[d] | bit[e] | bit[f] | bit[g]]
        return seven_ranks()[key >> 16]
    if n == 5:
        return high5(cards)
    if n != 6:
        raise ValueError(f"best_high needs 5 to 7 cards, got {n}")
    return max([high5(five) for five in combinations(cards, 5)])


def holdem_on(board: Sequence[int]) -> Callable[[Sequence[int]], HighValue]:
    """Hold'em's :func:`best_high` of any two hole cards with this board, the board's share
    of the work done once: ``high = holdem_on(board)`` then ``high(hole)`` per player, the
    same value as ``best_high([*hole, *board])``. What sampling wants: a random run-out, then
    every hand scored on it.

    On a five-card board a hand costs one or two lookups (a flush can only come when three
    board cards share a suit, and only that suit is looked at). The board's part costs about
    one :func:`best_high`, so this pays from three hands a board (nine: 1.4× as many hands a
    second; ``tools/bench_eval7.py``). A board of three or four cards is allowed (the hand is
    then 5 or 6 cards) but gains nothing. Hole cards are not checked: two cards, none on the
    board.

    >>> from rules.cards import parse_cards
    >>> high = holdem_on(parse_cards("Ah Kh 7h 7c 2d"))
    >>> describe_high(high(parse_cards("Qh 3h"))), describe_high(high(parse_cards("7d Ad")))
    ('a Flush, Ace high', 'a Full House, Sevens full of Aces')
    """
    return _seven_on(board, 0)


def _seven_on(board: Sequence[int], lowest: int) -> Callable[[Sequence[int]], HighValue]:
    """:func:`holdem_on` (``lowest`` 0) and :func:`short_on` (4, validated by the caller)."""
    n = len(board)
    if n != 5:
        if not 3 <= n <= 4:
            raise ValueError(f"a board has 3 to 5 cards, got {n}")
        fixed = tuple(board)
        full = best_high if lowest == 0 else short_high
        return lambda hole: full((*hole, *fixed))
    ranks = seven_ranks(lowest)
    k = _RANK_KEY
    ck = _CARD_KEY
    c1, c2, c3, c4, c5 = board
    key = ck[c1] + ck[c2] + ck[c3] + ck[c4] + ck[c5]
    base = key >> 16
    three = (key + _THREE_PLUS_FIVE) & _FIVE_HIGH
    if not three:

        def high(hole: Sequence[int]) -> HighValue:
            a, b = hole
            return ranks[base + k[a] + k[b]]

        return high
    suited = suited_best(lowest)
    bit = _SUIT_RANK_BIT[three.bit_length() // 4 - 1]
    mask = bit[c1] | bit[c2] | bit[c3] | bit[c4] | bit[c5]

    def high_or_flush(hole: Sequence[int]) -> HighValue:
        a, b = hole
        return suited[mask | bit[a] | bit[b]] or ranks[base + k[a] + k[b]]

    return high_or_flush


def best_high_best(cards: Sequence[int]) -> tuple[HighValue, tuple[Card, ...]]:
    """:func:`best_high` plus the five cards that make it, in the order given (the first such
    set found when several tie): what a results screen highlights for a Hold'em winner.

    >>> from rules.cards import format_cards, parse_cards
    >>> value, five = best_high_best(parse_cards("Ah Kd 9c 9d 4s Ks 2h"))
    >>> describe_high(value), format_cards(five)
    ('Two Pair, Kings and Nines', 'Ah Kd 9c 9d Ks')
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"best_high needs 5 to 7 cards, got {len(cards)}")
    best = -1
    best_cards: tuple[int, ...] = ()
    for five in combinations(cards, 5):
        value = high5(five)
        if value > best:
            best, best_cards = value, five
    return best, tuple(Card(x) for x in best_cards)


def _omaha_flush(hole_mask: int, board_mask: int) -> int:
    """Best flush using exactly two hole and three board cards of one suit, given the 13-bit
    rank masks of that suit's cards in the hole and on the board (0 if none can be made).

    Flushes compare card by card from the top, so unless a straight flush might be made the
    best is the two highest suited hole cards with the three highest suited board cards; only
    when all the suited cards together hold five in a row are the choices tried one by one.
    """
    if not hole_mask & (hole_mask - 1) or board_mask.bit_count() < 3:
        return 0  # fewer than two hole cards (or three board cards) of the suit
    suited = _TABLES.suited
    if suited is None:
        _TABLES.small()
        suited = _TABLES.suited
    union = hole_mask | board_mask
    u = union << 1 | union >> 12  # the ace also below the deuce, for the wheel
    if u & u >> 1 & u >> 2 & u >> 3 & u >> 4:
        hole_bits = [1 << r for r in range(13) if hole_mask >> r & 1]
        board_bits = [1 << r for r in range(13) if board_mask >> r & 1]
        return max(
            suited[h1 | h2 | b1 | b2 | b3]  # type: ignore[index]
            for h1, h2 in combinations(hole_bits, 2)
            for b1, b2, b3 in combinations(board_bits, 3)
        )
    five = 0
    for mask, take in ((hole_mask, 2), (board_mask, 3)):
        for _ in range(take):
            top = 1 << mask.bit_length() - 1
            five |= top
            mask ^= top
    return suited[five]  # type: ignore[index]


def _warm_pairs(table: list[int], base: int, hole: Sequence[int]) -> int:
    """The best non-flush value of ``hole`` (two of its cards) with the board whose row of
    the warm-up table starts at ``base``: one lookup per hole pair."""
    s = _PAIR_SLOT
    holes = len(hole)
    if holes == 4:
        a, b, c, d = hole
        a52, b52, c52 = a * 52, b * 52, c * 52
        return max(
            table[base + s[a52 + b]],
            table[base + s[a52 + c]],
            table[base + s[a52 + d]],
            table[base + s[b52 + c]],
            table[base + s[b52 + d]],
            table[base + s[c52 + d]],
        )
    if holes == 5:
        a, b, c, d, e = hole
        a52, b52, c52, d52 = a * 52, b * 52, c * 52, d * 52
        return max(
            table[base + s[a52 + b]],
            table[base + s[a52 + c]],
            table[base + s[a52 + d]],
            table[base + s[a52 + e]],
            table[base + s[b52 + c]],
            table[base + s[b52 + d]],
            table[base + s[b52 + e]],
            table[base + s[c52 + d]],
            table[base + s[c52 + e]],
            table[base + s[d52 + e]],
        )
    if holes < 2:
        raise ValueError(f"Omaha needs at least 2 hole cards, got {holes}")
    return max([table[base + s[x * 52 + y]] for x, y in combinations(hole, 2)])


def _cold_pairs(triples: Sequence[int], hole: Sequence[int]) -> int:
    """:func:`_warm_pairs` before the warm-up: every hole pair with every board triple
    (``triples``: the prime products of the board's three-card rank multisets)."""
    rank5 = _TABLES.rank5 or _TABLES.small()
    p = _PRIME
    holes = len(hole)
    if holes == 4:
        a, b, c, d = hole
        pa, pb, pc, pd = p[a], p[b], p[c], p[d]
        pairs: Sequence[int] = (pa * pb, pa * pc, pa * pd, pb * pc, pb * pd, pc * pd)
    elif holes == 5:
        a, b, c, d, e = hole
        pa, pb, pc, pd, pe = p[a], p[b], p[c], p[d], p[e]
        pairs = (
            pa * pb, pa * pc, pa * pd, pa * pe, pb * pc,
            pb * pd, pb * pe, pc * pd, pc * pe, pd * pe,
        )  # fmt: skip
    elif holes >= 2:
        pairs = [p[x] * p[y] for x, y in combinations(hole, 2)]
    else:
        raise ValueError(f"Omaha needs at least 2 hole cards, got {holes}")
    return max([rank5[q * t] for q in pairs for t in triples])


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> HighValue:
    """The best high value using exactly two of the hole cards and three board cards.

    ``hole`` holds two or more cards (4 in Omaha, 5 in five-card PLO), ``board`` 3, 4 or 5.
    A flush or straight lying on the board alone does not count, and four aces in the hole
    are one pair of aces plus what the board adds. To score many hands on one board,
    :func:`omaha_high_on` does the board's part once.

    >>> from rules.cards import parse_cards
    >>> high_hand(omaha_high(parse_cards("As Ad Ac Ah"), parse_cards("Kh Qh Jh Th 2c"))).category
    <Category.PAIR: 1>
    >>> describe_high(omaha_high(parse_cards("As Ks Qs Js 8d"), parse_cards("8s 8c 3s 4h 2d")))
    'Three of a Kind, Eights'
    """
    n = len(board)
    table = _TABLES.omaha
    p = _PRIME
    if n == 5:
        e, f, g, h, i = board
        flush_suit = (
            _SUIT_BITS[e] + _SUIT_BITS[f] + _SUIT_BITS[g] + _SUIT_BITS[h] + _SUIT_BITS[i]
            + _SUIT_PLUS_ONE
        ) & _SUIT_HIGH
        if table is not None:
            base = _TABLES.board_base[p[e] * p[f] * p[g] * p[h] * p[i]]  # type: ignore[index]
    else:
        if not 3 <= n <= 4:
            raise ValueError(f"an Omaha board has 3 to 5 cards, got {n}")
        bits = 0
        key = 1
        for x in board:
            bits += _SUIT_BITS[x]
            key *= p[x]
        flush_suit = (bits + _SUIT_PLUS_ONE) & _SUIT_HIGH
        if table is not None:
            base = _TABLES.board_base[key]  # type: ignore[index]
    if table is not None:
        best = _warm_pairs(table, base, hole)
    else:
        best = _cold_pairs([p[x] * p[y] * p[z] for x, y, z in combinations(board, 3)], hole)
    if flush_suit:
        bit = _SUIT_RANK_BIT[flush_suit.bit_length() // 3 - 1]
        hole_mask = 0
        for x in hole:
            hole_mask |= bit[x]
        if hole_mask & (hole_mask - 1):
            board_mask = 0
            for x in board:
                board_mask |= bit[x]
            flush = _omaha_flush(hole_mask, board_mask)
            return flush if flush > best else best
    return best


def omaha_high_on(board: Sequence[int]) -> Callable[[Sequence[int]], HighValue]:
    """:func:`omaha_high` of any hole with this board, the board's part done once (its row
    of the warm-up table, its flush suit and that suit's ranks): ``high = omaha_high_on(board)``
    then ``high(hole)`` per player, as sampling wants. The board's part costs about two
    :func:`omaha_high` calls, so this pays from three hands a board (nine: 1.6× as many a
    second). Before :func:`warm_up` has run, each call is simply :func:`omaha_high` (the
    function does not warm up later by itself).

    >>> from rules.cards import parse_cards
    >>> high = omaha_high_on(parse_cards("Ah Ks 5s 2s Qd"))
    >>> describe_high(high(parse_cards("Ac Kd Jd 3d"))), describe_high(high(parse_cards("As 3s")))
    ('Two Pair, Aces and Kings', 'a Flush, Ace high')
    """
    n = len(board)
    if not 3 <= n <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, got {n}")
    fixed = tuple(board)
    table = _TABLES.omaha
    if table is None:
        return lambda hole: omaha_high(hole, fixed)
    key = 1
    suits = _SUIT_PLUS_ONE
    for x in fixed:
        key *= _PRIME[x]
        suits += _SUIT_BITS[x]
    base: int = _TABLES.board_base[key]  # type: ignore[index]
    row = table[base : base + len(_PAIR_RANKS)]  # this board's values, by hole rank pair
    s = _PAIR_SLOT
    flush_suit = suits & _SUIT_HIGH
    bit = _SUIT_RANK_BIT[flush_suit.bit_length() // 3 - 1] if flush_suit else _SUIT_RANK_BIT[0]
    board_mask = 0
    for x in fixed:
        board_mask |= bit[x]

    def high(hole: Sequence[int]) -> HighValue:
        if len(hole) == 4:  # _warm_pairs' Omaha case, on the row (a third faster inline)
            a, b, c, d = hole
            a52, b52, c52 = a * 52, b * 52, c * 52
            best = max(
                row[s[a52 + b]], row[s[a52 + c]], row[s[a52 + d]],
                row[s[b52 + c]], row[s[b52 + d]], row[s[c52 + d]],
            )  # fmt: skip
            if not flush_suit:
                return best
            hole_mask = bit[a] | bit[b] | bit[c] | bit[d]
        else:
            best = _warm_pairs(row, 0, hole)
            if not flush_suit:
                return best
            hole_mask = 0
            for x in hole:
                hole_mask |= bit[x]
        if hole_mask & (hole_mask - 1):
            flush = _omaha_flush(hole_mask, board_mask)
            return flush if flush > best else best
        return best

    return high


def omaha_high_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[HighValue, tuple[Card, ...]]:
    """:func:`omaha_high` plus the five cards that make it: the two hole cards, then the three
    board cards, each in the order given (the first such set found when several tie).

    >>> from rules.cards import format_cards, parse_cards
    >>> value, cards = omaha_high_best(parse_cards("As Ad 2c 3h"), parse_cards("Ah Kh 5s 2s Qd"))
    >>> high_hand(value).category.name, format_cards(cards)
    ('TRIPS', 'As Ad Ah Kh Qd')
    """
    if len(hole) < 2:
        raise ValueError(f"Omaha needs at least 2 hole cards, got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, got {len(board)}")
    best = -1
    best_cards: tuple[int, ...] = ()
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = two + three
            value = high5(five)
            if value > best:
                best, best_cards = value, five
    return best, tuple(Card(x) for x in best_cards)


# --- low hands ---------------------------------------------------------------------------------


def omaha_low8(hole: Sequence[int], board: Sequence[int]) -> LowValue | None:
    """The best 8-or-better low using exactly two hole and three board cards (lower is better).

    Five distinct ranks of eight or below are needed, aces counting low; ``None`` when no such
    hand exists. Straights and flushes do not matter for the low.

    >>> from rules.cards import parse_cards
    >>> format_low(omaha_low8(parse_cards("Ac 2d Kh Kd"), parse_cards("3c 4c 5c Qs Js")))
    '5432A'
    >>> omaha_low8(parse_cards("Ac 2d Kh Kd"), parse_cards("Ah 2h 5c Qs Js")) is None
    True
    >>> format_low(omaha_low8(parse_cards("Kc 2d Kh Kd 3s"), parse_cards("4c 5c 8c Qs Js")))
    '85432'
    """
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, got {len(board)}")
    lb = _LOW_BIT
    board_mask = 0
    for x in board:
        board_mask |= lb[x]
    return _low8(hole, board_mask)


def omaha_low8_on(board: Sequence[int]) -> Callable[[Sequence[int]], LowValue | None]:
    """:func:`omaha_low8` of any hole with this board, the board's low ranks found once.

    >>> from rules.cards import parse_cards
    >>> low = omaha_low8_on(parse_cards("3c 4c 5c Qs Js"))
    >>> format_low(low(parse_cards("Ac 2d Kh Kd"))), low(parse_cards("Kc Qd Kh 9d")) is None
    ('5432A', True)
    """
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, got {len(board)}")
    board_mask = 0
    for x in board:
        board_mask |= _LOW_BIT[x]
    return lambda hole: _low8(hole, board_mask)


def _low8(hole: Sequence[int], board_mask: int) -> LowValue | None:
    """The best low of ``hole`` (two of its cards) with a board of these low ranks: one
    lookup per hole pair, for the board's three lowest ranks the pair does not hold."""
    lp = _LOW_PAIR
    l3 = _LOW_THREE
    if len(hole) != 4:
        if len(hole) < 2:
            raise ValueError(f"Omaha needs at least 2 hole cards, got {len(hole)}")
        best = min(
            [(pair := lp[x * 52 + y]) | l3[board_mask & ~pair] for x, y in combinations(hole, 2)]
        )
        return best if best < 256 else None
    a, b, c, d = hole
    a52, b52, c52 = a * 52, b * 52, c * 52
    p1, p2, p3 = lp[a52 + b], lp[a52 + c], lp[a52 + d]
    p4, p5, p6 = lp[b52 + c], lp[b52 + d], lp[c52 + d]
    best = min(
        p1 | l3[board_mask & ~p1],
        p2 | l3[board_mask & ~p2],
        p3 | l3[board_mask & ~p3],
        p4 | l3[board_mask & ~p4],
        p5 | l3[board_mask & ~p5],
        p6 | l3[board_mask & ~p6],
    )
    return best if best < 256 else None


def omaha_low8_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[LowValue, tuple[Card, ...]] | None:
    """:func:`omaha_low8` plus the five cards that make it (two hole cards, then three board
    cards, each group lowest rank first), or ``None`` when there is no low.

    >>> from rules.cards import parse_cards
    >>> omaha_low8_best(parse_cards("Ac 2d Kh Kd"), parse_cards("3c 4c 5c Qs Js"))[1]
    (Card.parse('Ac'), Card.parse('2d'), Card.parse('3c'), Card.parse('4c'), Card.parse('5c'))
    """
    value = omaha_low8(hole, board)
    if value is None:
        return None
    board_mask = 0
    for x in board:
        board_mask |= _LOW_BIT[x]
    for x, y in combinations(hole, 2):
        pair = _LOW_PAIR[x * 52 + y]
        if pair | _LOW_THREE[board_mask & ~pair] == value:
            three = value & ~pair
            chosen_hole = _pick(hole, pair)
            chosen_board = _pick(board, three)
            return value, chosen_hole + chosen_board
    raise AssertionError("unreachable: the low value came from one of the hole pairs")


def _pick(cards: Sequence[int], mask: int) -> tuple[Card, ...]:
    """One card per low-rank bit of ``mask`` (the first one given), lowest rank first."""
    chosen: dict[int, int] = {}
    for x in cards:
        bit = _LOW_BIT[x]
        if bit & mask and bit not in chosen:
            chosen[bit] = x
    return tuple(Card(chosen[bit]) for bit in sorted(chosen))


# --- decoding ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HighHand:
    """A decoded high value: its category and the ranks (0..12) that decide ties, in order.

    A straight or straight flush lists only its top card, the wheel's top being 3 (a five).
    """

    value: int
    category: Category
    ranks: tuple[int, ...]


def high_hand(value: HighValue) -> HighHand:
    """Decodes a high value.

    >>> high_hand(_encode(Category.STRAIGHT, (3,)))
    HighHand(value=4390912, category=<Category.STRAIGHT: 4>, ranks=(3,))
    """
    category = value >> _CAT_SHIFT
    if not 0 <= category <= 8 or value < 0:
        raise ValueError(f"not a high-hand value: {value!r}")
    count = _RANK_COUNT[category]
    ranks = tuple(value >> (16 - 4 * i) & 15 for i in range(count))
    if _encode(category, ranks) != value or max(ranks) > 12:
        raise ValueError(f"not a high-hand value: {value!r}")
    return HighHand(value, Category(category), ranks)


def is_royal(value: HighValue) -> bool:
    """Whether a high value is a royal flush (the ace-high straight flush).

    >>> from rules.cards import parse_cards
    >>> royal, steel_wheel = parse_cards("Ah Kh Qh Jh Th"), parse_cards("5h 4h 3h 2h Ah")
    >>> is_royal(high5(royal)), is_royal(high5(steel_wheel))
    (True, False)
    """
    return value == _ROYAL


_LOW_CHARS = "A2345678"


def low_ranks(value: LowValue) -> tuple[int, ...]:
    """The five ranks of a low value, 1 (ace) to 8, highest first.

    >>> low_ranks(0b1100111)
    (7, 6, 3, 2, 1)
    """
    if not 0 <= value < 256 or value.bit_count() != 5:
        raise ValueError(f"not a low value: {value!r}")
    return tuple(r + 1 for r in range(7, -1, -1) if value >> r & 1)


def format_low(value: LowValue) -> str:
    """A low as printed in hand histories, highest card first: ``'7652A'``.

    >>> format_low(0b11111)
    '5432A'
    """
    return "".join(_LOW_CHARS[r - 1] for r in low_ranks(value))


_RANK_WORDS = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)
_RANK_PLURALS = tuple("Sixes" if w == "Six" else w + "s" for w in _RANK_WORDS)


def describe_high(value: HighValue) -> str:
    """A high hand in words with its ranks, as payout messages and hand histories say it.

    >>> from rules.cards import parse_cards
    >>> describe_high(high5(parse_cards("Kh Kd 5c 5s 9d")))
    'Two Pair, Kings and Fives'
    >>> def say(text): return describe_high(high5(parse_cards(text)))
    >>> say("Qh Jd Tc 9s 8d"), say("5h 4h 3h 2h Ah"), say("Ah Kh Qh Jh Th")
    ('a Straight, Queen high', 'a Straight Flush, Five high', 'a Royal Flush')
    >>> say("6h 6d 6c 2s 2d"), say("6h 6d 6c 6s 2d"), say("6h 6d 9c 2s Ad")
    ('a Full House, Sixes full of Twos', 'Four of a Kind, Sixes', 'a Pair of Sixes')
    >>> say("Kh 9h 6h 3h 2h")
    'a Flush, King high'
    >>> say("6h 6d 6c 3s 2d"), say("Kh 9d 6h 3h 2h")
    ('Three of a Kind, Sixes', 'High Card, King')
    """
    return _describe(high_hand(value))


def _describe(hand: HighHand) -> str:
    r = hand.ranks
    one, many = _RANK_WORDS, _RANK_PLURALS
    match hand.category:
        case Category.HIGH_CARD:
            return f"High Card, {one[r[0]]}"
        case Category.PAIR:
            return f"a Pair of {many[r[0]]}"
        case Category.TWO_PAIR:
            return f"Two Pair, {many[r[0]]} and {many[r[1]]}"
        case Category.TRIPS:
            return f"Three of a Kind, {many[r[0]]}"
        case Category.STRAIGHT:
            return f"a Straight, {one[r[0]]} high"
        case Category.FLUSH:
            return f"a Flush, {one[r[0]]} high"
        case Category.BOAT:
            return f"a Full House, {many[r[0]]} full of {many[r[1]]}"
        case Category.QUADS:
            return f"Four of a Kind, {many[r[0]]}"
        case _:
            return "a Royal Flush" if r[0] == 12 else f"a Straight Flush, {one[r[0]]} high"


def describe_low(value: LowValue) -> str:
    """A low hand as payout messages say it, highest card first: ``'7-5-3-2-A'``.

    >>> describe_low(0b1010111)
    '7-5-3-2-A'
    """
    return "-".join(format_low(value))


# --- Short Deck (36 cards, six to ace) ---------------------------------------------------------


def short_high(cards: Sequence[int]) -> HighValue:
    """The best short-deck value among 5 to 7 cards, all six or higher (higher is stronger).

    The layout is the high values': category in bits 20..23, tie-break ranks below, so a
    hand ranked alike in both games has the same int. Only the category field's order
    differs: a full house holds 5 and a flush 6 (the short-deck order, a flush beating a full
    house); A-6-7-8-9 is a straight (or straight flush) with top rank 7, a nine. Compare
    short values only with short values; decode them with :func:`short_hand`. One lookup:
    with five cards of a suit among seven, no quads can exist, so the flush is the hand. To
    score many hole pairs on one board, :func:`short_on` does the board's part once.

    >>> from rules.cards import parse_cards
    >>> flush = short_high(parse_cards("Ks Kh Kd 9s 7s 6s As"))
    >>> describe_short(flush), flush > short_high(parse_cards("As Ah Kc Kh Kd"))
    ('a Flush, Ace high', True)
    >>> describe_short(short_high(parse_cards("As 6c 7h 8h 9h Td")))
    'a Straight, Ten high'
    """
    n = len(cards)
    if not 5 <= n <= 7:
        raise ValueError(f"a short-deck hand is 5 to 7 cards, got {n}")
    if min(cards) < 16:
        raise ValueError("the short deck has no card below a six")
    if n == 7:
        a, b, c, d, e, f, g = cards
        k = _CARD_KEY
        key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
        flush = (key + _FIVE_PLUS_THREE) & _FIVE_HIGH
        if flush:
            bit = _SUIT_RANK_BIT[flush.bit_length() // 4 - 1]
            return suited_best(4)[bit[a] | bit[b] | bit[c] | bit[d] | bit[e] | bit[f] | bit[g]]
        return seven_ranks(4)[key >> 16]
    table = _TABLES.short_rank or _TABLES.short()
    p = _PRIME
    nib = _SUIT_NIBBLE
    key = 1
    suits = 0
    for x in cards:
        key *= p[x]
        suits += nib[x]
    flush = (suits + _FIVE_PLUS_THREE) & _FIVE_HIGH
    if flush:
        bit = _SUIT_RANK_BIT[flush.bit_length() // 4 - 1]
        mask = 0
        for x in cards:
            mask |= bit[x]
        return suited_best(4)[mask]
    return table[key]


def short_on(board: Sequence[int]) -> Callable[[Sequence[int]], HighValue]:
    """Short Deck's :func:`short_high` of any two hole cards with this board, the board's
    part done once, as :func:`holdem_on` does for Hold'em (the board is checked: 3 to 5
    cards, six or higher; the hole cards are not).

    >>> from rules.cards import parse_cards
    >>> high = short_on(parse_cards("Ks Kh 9s 7s 6s"))
    >>> describe_short(high(parse_cards("Kd As"))), describe_short(high(parse_cards("Kd 9d")))
    ('a Flush, Ace high', 'a Full House, Kings full of Nines')
    """
    if board and min(board) < 16:
        raise ValueError("the short deck has no card below a six")
    return _seven_on(board, 4)


def short_high_best(cards: Sequence[int]) -> tuple[HighValue, tuple[Card, ...]]:
    """:func:`short_high` plus the five cards that make it, in the order given (the first such
    set found when several tie).

    >>> from rules.cards import format_cards, parse_cards
    >>> value, five = short_high_best(parse_cards("Ah 9c 8d 7s 6h Kd Kc"))
    >>> describe_short(value), format_cards(five)
    ('a Straight, Nine high', 'Ah 9c 8d 7s 6h')
    """
    short_high(cards)  # validates
    best = -1
    best_cards: tuple[int, ...] = ()
    for five in combinations(cards, 5):
        value = short_high(five)
        if value > best:
            best, best_cards = value, five
    return best, tuple(Card(x) for x in best_cards)


def short_hand(value: HighValue) -> HighHand:
    """Decodes a short-deck value: its real :class:`Category` (``FLUSH``, ``BOAT``…) and
    ranks, as :func:`high_hand` does; ``hand.value`` stays the short-deck value.

    >>> from rules.cards import parse_cards
    >>> short_hand(short_high(parse_cards("Ah 6h 7h 8h 9h"))).category.name
    'STRAIGHT_FLUSH'
    """
    category = value >> _CAT_SHIFT
    if not 0 <= category <= 8 or value < 0:
        raise ValueError(f"not a short-deck value: {value!r}")
    hand = high_hand(_to_short(value))
    if min(hand.ranks) < 4 or (
        hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and hand.ranks[0] < 7
    ):
        raise ValueError(f"not a short-deck value: {value!r}")
    return HighHand(value, hand.category, hand.ranks)


def describe_short(value: HighValue) -> str:
    """A short-deck hand in words, as :func:`describe_high` says a high hand.

    >>> from rules.cards import parse_cards
    >>> describe_short(short_high(parse_cards("Ah 6h 7h 8c 9h")))
    'a Straight, Nine high'
    """
    return _describe(short_hand(value))


# --- 2-7 lowball ---------------------------------------------------------------------------------

_WHEEL_STRAIGHT = Category.STRAIGHT << _CAT_SHIFT | 3 << 16
_WHEEL_FLUSH_STRAIGHT = Category.STRAIGHT_FLUSH << _CAT_SHIFT | 3 << 16
_ACE_FIVE = _encode(Category.HIGH_CARD, _WHEEL)
_ACE_FIVE_FLUSH = _encode(Category.FLUSH, _WHEEL)


def low27(five: Sequence[int]) -> HighValue:
    """The deuce-to-seven value of exactly five cards: LOWER is better.

    It is the plain high value of the five (decode it with :func:`high_hand`), except that
    A-2-3-4-5 is no straight but ace high (and, suited, an ace-high flush). So straights,
    flushes and pairs count against the hand, aces are always high, and suits never break
    a tie. The best hand, 7-5-4-3-2 of mixed suits, has the lowest value.

    >>> from rules.cards import parse_cards
    >>> low27(parse_cards("7c 5d 4h 3s 2c")) < low27(parse_cards("8c 6d 4h 3s 2c"))
    True
    >>> format_low27(low27(parse_cards("Ac 2d 3h 4s 5c")))
    'A-5-4-3-2'
    """
    if len(five) != 5:
        raise ValueError(f"a 2-7 hand is exactly 5 cards, got {len(five)}")
    value = high5(five)
    if value == _WHEEL_STRAIGHT:
        return _ACE_FIVE
    if value == _WHEEL_FLUSH_STRAIGHT:
        return _ACE_FIVE_FLUSH
    return value


def _all_five_ranks(hand: HighHand) -> tuple[int, ...]:
    """The five ranks of a decoded hand, in tie-break order (groups first)."""
    r = hand.ranks
    match hand.category:
        case Category.STRAIGHT | Category.STRAIGHT_FLUSH:
            return _WHEEL if r[0] == 3 else tuple(range(r[0], r[0] - 5, -1))
        case Category.PAIR:
            return (r[0], *r)
        case Category.TWO_PAIR:
            return (r[0], r[0], r[1], r[1], r[2])
        case Category.TRIPS:
            return (r[0], r[0], *r)
        case Category.BOAT:
            return (r[0], r[0], r[0], r[1], r[1])
        case Category.QUADS:
            return (r[0], r[0], r[0], r[0], r[1])
        case _:
            return r


_RANK_CHARS = "23456789TJQKA"


def format_low27(value: HighValue, sep: str = "-") -> str:
    """A 2-7 hand's five ranks, highest first (pairs and trips first), as lowball players
    write it: ``'7-5-4-3-2'``, ``'4-4-7-3-2'``. Ten is ``T``. PokerStars' hand histories
    write a 2-7 low with commas (``shows [2h 6s 4c 3s 7d] (Lo: 7,6,4,3,2)``): ``sep=","``.

    >>> format_low27(_encode(Category.HIGH_CARD, (5, 3, 2, 1, 0)))
    '7-5-4-3-2'
    >>> format_low27(_encode(Category.HIGH_CARD, (5, 4, 2, 1, 0)), sep=",")
    '7,6,4,3,2'
    """
    return sep.join(_RANK_CHARS[r] for r in _all_five_ranks(high_hand(value)))


def describe_low27(value: HighValue) -> str:
    """A 2-7 hand in words: a hand with no pair, straight or flush is named by its two
    highest cards, as lowball players say it (``'Seven-Five low'``); anything else by its
    high-poker name (``'a Pair of Fours'``, ``'a Straight, Six high'``), which is what makes
    it a bad low.

    >>> describe_low27(_encode(Category.HIGH_CARD, (6, 4, 2, 1, 0)))
    'Eight-Six low'
    """
    hand = high_hand(value)
    if hand.category == Category.HIGH_CARD:
        return f"{_RANK_WORDS[hand.ranks[0]]}-{_RANK_WORDS[hand.ranks[1]]} low"
    return _describe(hand)

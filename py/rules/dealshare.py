"""A sampled deal's share of the pot, counted fast: the inner loop of :mod:`rules.equity`.

:mod:`rules.equity` counts a deal by the showdown's own functions — each hand scored by
:func:`rules.poker.value.scorer` into a :class:`~rules.poker.value.Score`, the pot divided by
:func:`rules.poker.value.divide` — which costs a few objects per hand and per deal. The
advisor wants 20,000 deals in a quarter of a second in the page, so the hot games get a
counter here that returns the same number of units for the same deal with nothing built per
deal: the player's own hand and the known board's part are worked out once, a Hold'em or
Short Deck hand is one sum and one lookup in :mod:`rules.sevencard`'s tables, an Omaha hand
six (ten for five cards) lookups in the warm-up table's row of the deal's board
(:mod:`rules.evaluator`, the same tables :func:`~rules.evaluator.omaha_high_on` reads; a
flush's best five remembered for the question, since the same suited ranks come back), and
the pot is divided by comparing ints (the rule of :func:`~rules.poker.value.divide`: the best
hand takes its part, tied hands share it evenly, Hi/Lo's low half only when a hand has a low,
a double board's halves one a board).

These are the same values and the same division, not new rules: the tests count thousands
of random deals of every game both ways and require the same units every time, so a seed
gives :mod:`rules.equity` the same result to the last digit as counting by the showdown's
functions. Games without a counter here (the draw games, Omaha before the evaluator's
warm-up) are counted the showdown's way.

A deal is the drawn cards in :mod:`rules.equity`'s order: each unknown opponent's hole cards,
then each board's missing cards; only the first ``need`` are read. PLO's high also has a
sampler (:func:`fast_sampler`) that deals its own deal lazily, the board first, and stops
dealing once the player's hand is beaten; its count of a given deal is that sampler dealing
each card where it lies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

# The evaluator's own per-card tables and warm-up table, read directly (the same objects its
# ``*_on`` functions read): a counter inlines what those functions do per hand.
from .evaluator import (
    _CARD_KEY,
    _FIVE_HIGH,
    _FIVE_PLUS_THREE,
    _LOW_BIT,
    _LOW_PAIR,
    _LOW_THREE,
    _PAIR_RANKS,
    _PAIR_SLOT,
    _PRIME,
    _SUIT_BITS,
    _SUIT_HIGH,
    _SUIT_PLUS_ONE,
    _SUIT_RANK_BIT,
    _TABLES,
    _omaha_flush,
)
from .sevencard import seven_ranks, suited_best
from .variants import Division, Evaluator

__all__ = ["Sampler", "Units", "fast_sampler", "fast_units"]

Units = Callable[[Sequence[int]], int]
"""A deal (the drawn cards) -> the hand's share of the pot in units."""

Sampler = Callable[[], int]
"""Deals one deal into its deck and returns the hand's share of it in units."""


def fast_sampler(evaluator: Evaluator, division: Division, units: int, hole: Sequence[int],
                 boards: Sequence[Sequence[int]], missing: Sequence[int],
                 known: Sequence[Sequence[int]], opponents: int, deck: list[int],
                 rand: Callable[[], float]) -> Sampler | None:
    """A sampler that deals lazily, or None where :mod:`rules.equity` deals the whole deal
    and counts it (every game but PLO's high, and PLO before the evaluator's warm-up).

    ``deck`` is the unseen cards, shuffled in place deal after deal; ``rand`` is the seeded
    ``random()``. The sampler deals the board's missing cards first, then each unknown
    opponent's, and stops at the first hand that beats the player's (see
    :func:`_omaha_high`): with five opponents it deals about half the cards."""
    if evaluator is Evaluator.OMAHA and division is Division.HIGH and len(boards) == 1 \
            and len(hole) in (4, 5) and _TABLES.omaha is not None:
        return _omaha_high(units, hole, boards[0], missing[0], known, opponents, deck, rand)
    return None


def fast_units(evaluator: Evaluator, division: Division, units: int, hole: Sequence[int],
               boards: Sequence[Sequence[int]], missing: Sequence[int],
               known: Sequence[Sequence[int]], opponents: int) -> Units | None:
    """The fast counter for this question, or None where the showdown's way must count it
    (no counter for the game, or the Omaha table not built yet).

    ``units`` is the whole pot in units; ``hole`` the player's cards, ``boards`` the known
    board cards and ``missing`` how many each board still takes, ``known`` the opponents'
    hands that are known and ``opponents`` how many unknown hands the deal holds first."""
    if evaluator in (Evaluator.HIGH, Evaluator.SHORT) and len(boards) == 1 \
            and division is Division.HIGH and len(hole) == 2:
        return _seven(4 if evaluator is Evaluator.SHORT else 0, units, hole, boards[0],
                      missing[0], known, opponents)
    if evaluator is Evaluator.OMAHA and len(hole) in (4, 5) and _TABLES.omaha is not None:
        if division is Division.HIGH and len(boards) == 1:
            def sampler(deck: list[int], rand: Callable[[], float]) -> Sampler:
                return _omaha_high(units, hole, boards[0], missing[0], known, opponents,
                                   deck, rand)
            return _laid_out(sampler, missing[0], opponents * len(hole))
        if division is Division.HILO8 and len(boards) == 1 and len(hole) == 4:
            return _omaha_hilo(units, hole, boards[0], missing[0], known, opponents)
        if division is Division.PER_BOARD and len(boards) == 2 and len(hole) == 4:
            return _omaha_boards(units, hole, boards, missing, known, opponents)
    return None


# --- Hold'em and Short Deck: seven cards, one lookup ------------------------------------------


def _seven(lowest: int, whole: int, hole: Sequence[int], board: Sequence[int], missing: int,
           known: Sequence[Sequence[int]], opponents: int) -> Units:
    """Best five of seven. A hand's key is the board's key plus its two cards'
    (:data:`rules.evaluator._CARD_KEY`: rank keys above bit 16, suit counters below); with
    five of a suit among the seven the flush (or straight flush) is the hand."""
    ranks = seven_ranks(lowest)
    suited = suited_best(lowest)
    ck = _CARD_KEY
    srb = _SUIT_RANK_BIT
    plus, high = _FIVE_PLUS_THREE, _FIVE_HIGH
    fixed = tuple(board)
    start = opponents * 2
    fill = range(start, start + missing)
    base = sum(ck[c] for c in fixed)
    masks = [0, 0, 0, 0]  # the known board's rank mask in each suit
    for suit in range(4):
        for c in fixed:
            masks[suit] |= srb[suit][c]
    hero_key = ck[hole[0]] + ck[hole[1]]
    hero = (hole[0], hole[1])
    others = tuple((h[0], h[1], ck[h[0]] + ck[h[1]]) for h in known)
    seats = tuple(range(0, start, 2))

    def flush(f: int, a: int, b: int, d: Sequence[int]) -> int:
        suit = f.bit_length() // 4 - 1
        bit = srb[suit]
        m = masks[suit] | bit[a] | bit[b]
        for i in fill:
            m |= bit[d[i]]
        return suited[m]

    def count(d: Sequence[int]) -> int:
        bk = base
        for i in fill:
            bk += ck[d[i]]
        key = bk + hero_key
        f = (key + plus) & high
        mine = flush(f, hero[0], hero[1], d) if f else ranks[key >> 16]
        ties = 1
        for i in seats:
            a = d[i]
            b = d[i + 1]
            key = bk + ck[a] + ck[b]
            f = (key + plus) & high
            v = flush(f, a, b, d) if f else ranks[key >> 16]
            if v > mine:
                return 0
            if v == mine:
                ties += 1
        for a, b, k in others:
            key = bk + k
            f = (key + plus) & high
            v = flush(f, a, b, d) if f else ranks[key >> 16]
            if v > mine:
                return 0
            if v == mine:
                ties += 1
        return whole // ties

    return count


# --- Omaha: the warm-up table's row of the deal's board ---------------------------------------


class _Board:
    """One board's part of a deal, worked out once a deal for every hand: its row in the
    warm-up table (``base``), its flush suit's rank bits (``bit``, None when no three board
    cards share a suit) and that suit's board ranks (``mask``), its low ranks (``low``).

    The known cards' part is kept (``key``, ``suits``, ``masks``, ``lows``) so a deal only
    adds its own cards; one object a board, updated in place (nothing built per deal)."""

    __slots__ = ("base", "bit", "fill", "key", "low", "lows", "mask", "masks", "suits")

    def __init__(self, cards: Sequence[int], fill: range) -> None:
        self.fill = fill
        self.key = 1
        self.suits = _SUIT_PLUS_ONE
        self.lows = 0
        for c in cards:
            self.key *= _PRIME[c]
            self.suits += _SUIT_BITS[c]
            self.lows |= _LOW_BIT[c]
        self.masks = tuple(_or(_SUIT_RANK_BIT[s], cards) for s in range(4))
        self.base = 0
        self.bit: tuple[int, ...] | None = None
        self.mask = 0
        self.low = 0

    def deal(self, d: Sequence[int], bases: dict[int, int]) -> None:
        key, suits = self.key, self.suits
        for i in self.fill:
            c = d[i]
            key *= _PRIME[c]
            suits += _SUIT_BITS[c]
        self.base = bases[key]
        f = suits & _SUIT_HIGH
        if f:
            suit = f.bit_length() // 3 - 1
            bit = self.bit = _SUIT_RANK_BIT[suit]
            m = self.masks[suit]
            for i in self.fill:
                m |= bit[d[i]]
            self.mask = m
        else:
            self.bit = None

    def deal_low(self, d: Sequence[int]) -> None:
        m = self.lows
        for i in self.fill:
            m |= _LOW_BIT[d[i]]
        self.low = m


_PAIR_ROWS = tuple(tuple(_PAIR_SLOT[a * 52:a * 52 + 52]) for a in range(52))
"""Card ``a`` -> (card ``b`` -> the place of their rank pair in a board's row): the
evaluator's ``_PAIR_SLOT`` split into rows, so a hand's pair is two reads and no sum."""
_ROW = len(_PAIR_RANKS)
"""The length of a board's row in the warm-up table: one value a hole rank pair (91)."""


def _flush_memo() -> Callable[[int, int], int]:
    """:func:`rules.evaluator._omaha_flush` remembered for one question's deals (the same
    suited hole and board ranks come back often: a flop's three are in every deal)."""
    seen: dict[int, int] = {}
    get = seen.get

    def flush(hole_mask: int, board_mask: int) -> int:
        key = hole_mask << 13 | board_mask
        value = get(key)
        if value is None:
            value = seen[key] = _omaha_flush(hole_mask, board_mask)
        return value

    return flush


def _or(bit: Sequence[int], cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= bit[c]
    return m


def _slots(hole: Sequence[int]) -> tuple[int, ...]:
    """The hand's two-card rank pairs' places in a board's row (what its high looks up)."""
    return tuple(_PAIR_SLOT[a * 52 + b] for a, b in combinations(hole, 2))


def _omaha_parts(hole: Sequence[int], boards: Sequence[Sequence[int]],
                 missing: Sequence[int], known: Sequence[Sequence[int]],
                 opponents: int) -> tuple[list[_Board], tuple[tuple[int, ...], ...],
                                          tuple[int, ...], int]:
    """The boards (each with the deal's cards it takes), the player's and the known hands'
    slots, where each unknown hand starts in a deal, and the hole size."""
    h = len(hole)
    at = opponents * h
    out = []
    for board, gap in zip(boards, missing, strict=True):
        out.append(_Board(board, range(at, at + gap)))
        at += gap
    slots = (_slots(hole), *(_slots(k) for k in known))
    return out, slots, tuple(range(0, opponents * h, h)), h


def _omaha_high(whole: int, hole: Sequence[int], board_cards: Sequence[int], missing: int,
                known: Sequence[Sequence[int]], opponents: int, deck: list[int],
                rand: Callable[[], float]) -> Sampler:
    """PLO's sampler (four or five hole cards, one board): it deals a deal into ``deck`` and
    counts it, the best Omaha high taking the pot. Six-player PLO before the flop is the
    advisor's slowest spot, so the deal is lazy: the board's missing cards first (``deck[0]``
    on), the player's hand valued on it, then each unknown opponent's cards in turn, and the
    deal stops at the first hand that beats the player's (the share is then 0 whatever the
    others hold). Each card is a partial Fisher-Yates step, the ``i``-th card swapped with
    place ``i + int(x * (len(deck) - i))`` for a uniform ``x``, so ``deck`` is always a valid
    deal in this order (the cards past those dealt are unseen cards too); one ``rand()`` gives
    two cards, the board's and each hand's first and second, third and fourth (a fifth has its
    own): ``x = rand() * span`` places the first and ``x - int(x)``, uniform again (a double
    has 53 bits, a place takes under six), the second. A call is a good part of a card's
    cost in the page.

    A deal copies its board's row of the warm-up table once (:data:`_ROW`: 91 values, one a
    hole rank pair), so each hand read after it looks its pairs up with no sum; a hole pair's
    place is ``pair_rows[a][b]`` (:data:`_PAIR_ROWS`), and a flush's value is looked up in
    the question's memo before :func:`rules.evaluator._omaha_flush` is called (a dictionary
    read, not a call). Known hands are valued before any opponent is dealt."""
    table = _TABLES.omaha
    bases = _TABLES.board_base
    assert table is not None and bases is not None
    h = len(hole)
    board = _Board(board_cards, range(missing))
    others = tuple((k, _slots(k)) for k in known)
    five_to_come = missing == 5
    known_key, known_suits, masks = board.key, board.suits, board.masks
    prime, suit_bits, srb, high_bits = _PRIME, _SUIT_BITS, _SUIT_RANK_BIT, _SUIT_HIGH
    pair_rows = _PAIR_ROWS
    width = _ROW
    mine_slots = _slots(hole)
    mine_masks = tuple(_or(srb[suit], hole) for suit in range(4))
    four = h == 4
    omaha_flush = _flush_memo()
    flushes: dict[int, int] = {}
    remembered = flushes.get
    h0, h1, h2, h3, h4, h5 = mine_slots[:6] if four else (0,) * 6
    size = len(deck)
    span = [float(size - i) for i in range(size)]  # rand() * a float: no int conversion a card
    fill = tuple((i, span[i], span[i + 1] if i + 1 < missing else 0.0)
                 for i in range(0, missing, 2))
    s0, s1, s2, s3, s4 = span[:5] if five_to_come else (0.0,) * 5
    starts = range(missing, missing + opponents * h, h)
    seats = tuple((i, span[i], span[i + 1], span[i + 2], span[i + 3], 0.0 if four else span[i + 4])
                  for i in starts)  # a fifth span of 0.0: four hole cards

    def sample() -> int:
        d = deck
        if five_to_come:  # before the flop: five cards, unrolled
            x = rand() * s0
            k = int(x)
            c0 = d[k]
            d[k] = d[0]
            j = 1 + int((x - k) * s1)
            c1 = d[j]
            d[j] = d[1]
            x = rand() * s2
            k = int(x)
            j = 2 + k
            c2 = d[j]
            d[j] = d[2]
            j = 3 + int((x - k) * s3)
            c3 = d[j]
            d[j] = d[3]
            j = 4 + int(rand() * s4)
            c4 = d[j]
            d[j] = d[4]
            d[0], d[1], d[2], d[3], d[4] = c0, c1, c2, c3, c4
            base = bases[prime[c0] * prime[c1] * prime[c2] * prime[c3] * prime[c4]]
            suits = (_SUIT_PLUS_ONE + suit_bits[c0] + suit_bits[c1] + suit_bits[c2]
                     + suit_bits[c3] + suit_bits[c4])
        else:
            key, suits = known_key, known_suits
            for i, sp, sq in fill:
                x = rand() * sp
                k = int(x)
                j = i + k
                c = d[j]
                d[j] = d[i]
                d[i] = c
                key *= prime[c]
                suits += suit_bits[c]
                if sq:
                    j = i + 1 + int((x - k) * sq)
                    c = d[j]
                    d[j] = d[i + 1]
                    d[i + 1] = c
                    key *= prime[c]
                    suits += suit_bits[c]
            base = bases[key]
        row = table[base:base + width]
        if four:
            mine = max(row[h0], row[h1], row[h2], row[h3], row[h4], row[h5])
        else:
            mine = max([row[x] for x in mine_slots])
        f = suits & high_bits
        if f:
            suit = f.bit_length() // 3 - 1
            bit = srb[suit]
            if five_to_come:
                bm = bit[c0] | bit[c1] | bit[c2] | bit[c3] | bit[c4]
            else:
                bm = masks[suit]
                for i in range(missing):
                    bm |= bit[d[i]]
            m = mine_masks[suit]
            if m & (m - 1):
                fk = m << 13 | bm
                fl = remembered(fk)
                if fl is None:
                    fl = flushes[fk] = _omaha_flush(m, bm)
                if fl > mine:
                    mine = fl
        ties = 1
        if others:
            board.deal(d, bases)
            for cards, places in others:
                v = _high_on(table, board, cards, places, omaha_flush)
                if v > mine:
                    return 0
                if v == mine:
                    ties += 1
        for i, t0, t1, t2, t3, t4 in seats:
            x = rand() * t0
            k = int(x)
            j = i + k
            a = d[j]
            d[j] = d[i]
            j = i + 1 + int((x - k) * t1)
            b = d[j]
            d[j] = d[i + 1]
            x = rand() * t2
            k = int(x)
            j = i + 2 + k
            c = d[j]
            d[j] = d[i + 2]
            j = i + 3 + int((x - k) * t3)
            e = d[j]
            d[j] = d[i + 3]
            ra, rb, rc = pair_rows[a], pair_rows[b], pair_rows[c]
            if t4:  # five-card PLO: a fifth card, ten pairs
                j = i + 4 + int(rand() * t4)
                g = d[j]
                d[j] = d[i + 4]
                d[i + 4] = g
                re = pair_rows[e]
                v = max(row[ra[b]], row[ra[c]], row[ra[e]], row[ra[g]], row[rb[c]],
                        row[rb[e]], row[rb[g]], row[rc[e]], row[rc[g]], row[re[g]])
                m = bit[a] | bit[b] | bit[c] | bit[e] | bit[g] if f else 0
            else:
                v = max(row[ra[b]], row[ra[c]], row[ra[e]], row[rb[c]], row[rb[e]], row[rc[e]])
                m = bit[a] | bit[b] | bit[c] | bit[e] if f else 0
            d[i], d[i + 1], d[i + 2], d[i + 3] = a, b, c, e
            if m & (m - 1):  # two or more hole cards of the board's flush suit
                fk = m << 13 | bm
                fl = remembered(fk)
                if fl is None:
                    fl = flushes[fk] = _omaha_flush(m, bm)
                if fl > v:
                    v = fl
            if v > mine:
                return 0
            if v == mine:
                ties += 1
        return whole // ties

    return sample


def _laid_out(sampler: Callable[[list[int], Callable[[], float]], Sampler], board_cards: int,
              held: int) -> Units:
    """A sampler's count of a deal given in :mod:`rules.equity`'s order (the opponents'
    ``held`` cards, then the board's ``board_cards``): the deal is laid out in the sampler's
    order and the sampler run with a ``rand`` of 0, which deals each card where it lies. One
    count for both ways in (:func:`rules.equity.equity_exact` lists deals)."""
    laid = [0] * (board_cards + held)
    sample = sampler(laid, _nothing)

    def count(d: Sequence[int]) -> int:
        laid[:board_cards] = d[held:held + board_cards]
        laid[board_cards:] = d[:held]
        return sample()

    return count


def _nothing() -> float:
    return 0.0


def _high_on(table: Sequence[int], board: _Board, hole: Sequence[int],
             slots: Sequence[int], flush: Callable[[int, int], int]) -> int:
    """A known hand's Omaha high on a dealt board: its best pair's entry in the board's row,
    or its flush (exactly two hole cards and three board cards of the board's flush suit)."""
    base = board.base
    best = max([table[base + x] for x in slots])
    bit = board.bit
    if bit is not None:
        m = 0
        for c in hole:
            m |= bit[c]
        if m & (m - 1):
            fl = flush(m, board.mask)
            if fl > best:
                return fl
    return best


def _low_of(pairs: Sequence[int], board_low: int) -> int:
    """A known hand's best low from its pairs' low masks (``rules.evaluator._LOW_PAIR``):
    256 or more when it has none."""
    l3 = _LOW_THREE
    return min([p | l3[board_low & ~p] for p in pairs])


def _omaha_hilo(whole: int, hole: Sequence[int], board_cards: Sequence[int], missing: int,
                known: Sequence[Sequence[int]], opponents: int) -> Units:
    """Half to the best high and half to the best 8-or-better low; the whole to the high
    when no hand has a low (four hole cards a hand, unrolled)."""
    table = _TABLES.omaha
    bases = _TABLES.board_base
    assert table is not None and bases is not None
    (board,), slots, seats, _ = _omaha_parts(hole, (board_cards,), (missing,), known, opponents)
    s, lp, l3 = _PAIR_SLOT, _LOW_PAIR, _LOW_THREE
    pairs = tuple(tuple(lp[a * 52 + b] for a, b in combinations(cards, 2))
                  for cards in (hole, *known))
    others = tuple(zip(known, slots[1:], pairs[1:], strict=True))
    h0, h1, h2, h3, h4, h5 = slots[0]
    p0, p1, p2, p3, p4, p5 = pairs[0]
    ha, hb, hc, he = hole
    half = whole // 2
    flush = _flush_memo()

    def count(d: Sequence[int]) -> int:
        board.deal(d, bases)
        board.deal_low(d)
        base, bit, fm, bm = board.base, board.bit, board.mask, board.low
        mine = max(table[base + h0], table[base + h1], table[base + h2],
                   table[base + h3], table[base + h4], table[base + h5])
        if bit is not None:
            m = bit[ha] | bit[hb] | bit[hc] | bit[he]
            if m & (m - 1):
                fl = flush(m, fm)
                if fl > mine:
                    mine = fl
        my_low = min(p0 | l3[bm & ~p0], p1 | l3[bm & ~p1], p2 | l3[bm & ~p2],
                     p3 | l3[bm & ~p3], p4 | l3[bm & ~p4], p5 | l3[bm & ~p5])
        top, top_ties = mine, 1
        low, low_ties = my_low, 1
        for i in seats:
            a, b, c, e = d[i], d[i + 1], d[i + 2], d[i + 3]
            a52, b52, c52 = a * 52, b * 52, c * 52
            ab, ac, ae = a52 + b, a52 + c, a52 + e
            bc, be, ce = b52 + c, b52 + e, c52 + e
            v = max(table[base + s[ab]], table[base + s[ac]], table[base + s[ae]],
                    table[base + s[bc]], table[base + s[be]], table[base + s[ce]])
            if bit is not None:
                m = bit[a] | bit[b] | bit[c] | bit[e]
                if m & (m - 1):
                    fl = flush(m, fm)
                    if fl > v:
                        v = fl
            q0, q1, q2, q3, q4, q5 = lp[ab], lp[ac], lp[ae], lp[bc], lp[be], lp[ce]
            lv = min(q0 | l3[bm & ~q0], q1 | l3[bm & ~q1], q2 | l3[bm & ~q2],
                     q3 | l3[bm & ~q3], q4 | l3[bm & ~q4], q5 | l3[bm & ~q5])
            if v > top:
                top, top_ties = v, 1
            elif v == top:
                top_ties += 1
            if lv < low:
                low, low_ties = lv, 1
            elif lv == low:
                low_ties += 1
        for cards, x, q in others:
            v = _high_on(table, board, cards, x, flush)
            lv = _low_of(q, bm)
            if v > top:
                top, top_ties = v, 1
            elif v == top:
                top_ties += 1
            if lv < low:
                low, low_ties = lv, 1
            elif lv == low:
                low_ties += 1
        if low >= 256:  # no low: the high takes the whole pot
            return whole // top_ties if top == mine else 0
        got = half // top_ties if top == mine else 0
        if low == my_low:
            got += half // low_ties
        return got

    return count


def _omaha_boards(whole: int, hole: Sequence[int], boards: Sequence[Sequence[int]],
                  missing: Sequence[int], known: Sequence[Sequence[int]],
                  opponents: int) -> Units:
    """Two boards, half the pot to the best high on each (four hole cards a hand, unrolled:
    a hand's pair slots are found once for both boards)."""
    table = _TABLES.omaha
    bases = _TABLES.board_base
    assert table is not None and bases is not None
    (one, two), slots, seats, _ = _omaha_parts(hole, boards, missing, known, opponents)
    s = _PAIR_SLOT
    others = tuple(zip(known, slots[1:], strict=True))
    h0, h1, h2, h3, h4, h5 = slots[0]
    ha, hb, hc, he = hole
    half = whole // 2
    flush = _flush_memo()

    def count(d: Sequence[int]) -> int:
        one.deal(d, bases)
        two.deal(d, bases)
        b1, bit1, fm1 = one.base, one.bit, one.mask
        b2, bit2, fm2 = two.base, two.bit, two.mask
        mine1 = max(table[b1 + h0], table[b1 + h1], table[b1 + h2],
                    table[b1 + h3], table[b1 + h4], table[b1 + h5])
        mine2 = max(table[b2 + h0], table[b2 + h1], table[b2 + h2],
                    table[b2 + h3], table[b2 + h4], table[b2 + h5])
        if bit1 is not None:
            m = bit1[ha] | bit1[hb] | bit1[hc] | bit1[he]
            if m & (m - 1):
                mine1 = max(mine1, flush(m, fm1))
        if bit2 is not None:
            m = bit2[ha] | bit2[hb] | bit2[hc] | bit2[he]
            if m & (m - 1):
                mine2 = max(mine2, flush(m, fm2))
        top1, ties1, top2, ties2 = mine1, 1, mine2, 1
        for i in seats:
            a, b, c, e = d[i], d[i + 1], d[i + 2], d[i + 3]
            a52, b52, c52 = a * 52, b * 52, c * 52
            x0, x1, x2 = s[a52 + b], s[a52 + c], s[a52 + e]
            x3, x4, x5 = s[b52 + c], s[b52 + e], s[c52 + e]
            v1 = max(table[b1 + x0], table[b1 + x1], table[b1 + x2],
                     table[b1 + x3], table[b1 + x4], table[b1 + x5])
            v2 = max(table[b2 + x0], table[b2 + x1], table[b2 + x2],
                     table[b2 + x3], table[b2 + x4], table[b2 + x5])
            if bit1 is not None:
                m = bit1[a] | bit1[b] | bit1[c] | bit1[e]
                if m & (m - 1):
                    v1 = max(v1, flush(m, fm1))
            if bit2 is not None:
                m = bit2[a] | bit2[b] | bit2[c] | bit2[e]
                if m & (m - 1):
                    v2 = max(v2, flush(m, fm2))
            if v1 > top1:
                top1, ties1 = v1, 1
            elif v1 == top1:
                ties1 += 1
            if v2 > top2:
                top2, ties2 = v2, 1
            elif v2 == top2:
                ties2 += 1
        for cards, x in others:
            v1 = _high_on(table, one, cards, x, flush)
            v2 = _high_on(table, two, cards, x, flush)
            if v1 > top1:
                top1, ties1 = v1, 1
            elif v1 == top1:
                ties1 += 1
            if v2 > top2:
                top2, ties2 = v2, 1
            elif v2 == top2:
                ties2 += 1
        got = half // ties1 if top1 == mine1 else 0
        if top2 == mine2:
            got += half // ties2
        return got

    return count

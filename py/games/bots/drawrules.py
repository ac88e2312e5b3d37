"""How a sound player draws in 5-card draw and 2-7 Triple Draw: which cards to keep.

The textbook draws, as pure functions of the cards held (and, in triple draw, of the draws
left), used three ways: by the bots of :mod:`.draw` (strong plays them, with some mixing;
casual with mistakes), by ``tools/draw_tables.py`` to model what an opponent who drew so many
cards ends up holding (:mod:`.drawtables`), and by the benchmark's baseline players. One
implementation, so the bots' reading of an opponent's draw is the draw they make themselves.

5-card draw (``static/rules/table-games.md#5-card-draw``): a straight or better stands pat;
trips keep the trips, two pair the two pair, a pair the pair (a low pair gives way to a
four-flush); a four-flush or an open-ended straight draws one; nothing keeps an ace (drawing
four) or the two highest cards.

2-7 Triple Draw (``static/rules/table-games.md#2-7-triple-draw``): stand pat on a smooth enough
low (eight or better with two or three draws left, nine or better on the last), otherwise keep
the lowest distinct cards up to an eight, at most four: a pair's second card, an ace, a nine
or higher go, and a straight or flush is broken by throwing its highest card.

>>> from rules.cards import parse_cards
>>> [str(c) for c in keep_draw5(parse_cards("Ks Kd 7c 4h 2s"), 3)]
['Ks', 'Kd']
>>> [str(c) for c in keep_low27(parse_cards("7c 5d 5h 3s 2c"), 3)]
['2c', '3s', '5d', '7c']
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.evaluator import Category, high5

ACE = 12
TEN = 8
EIGHT = 6
NINE = 7

# --- 5-card draw -------------------------------------------------------------------------------


def four_flush(cards: Sequence[Card]) -> list[Card] | None:
    """The four cards of one suit, if exactly four share a suit."""
    suits = [0] * 4
    for c in cards:
        suits[c & 3] += 1
    for suit in range(4):
        if suits[suit] == 4:
            return [c for c in cards if c & 3 == suit]
    return None


def open_ender(cards: Sequence[Card]) -> list[Card] | None:
    """Four cards of consecutive ranks that a card at either end makes a straight
    (no ace among them: J-Q-K-A and A-2-3-4 are one-ended)."""
    distinct = {c >> 2: c for c in cards}
    ranks = sorted(r for r in distinct if r != ACE)
    for i in range(len(ranks) - 3):
        if ranks[i + 3] - ranks[i] == 3:
            return [distinct[r] for r in ranks[i:i + 4]]
    return None


def inside_straight(cards: Sequence[Card]) -> list[Card] | None:
    """Four distinct ranks within a span of five (a gutshot; what casual players chase)."""
    distinct = {c.rank: c for c in cards}
    ranks = sorted(distinct)
    for i in range(len(ranks) - 3):
        if ranks[i + 3] - ranks[i] == 4:
            return [distinct[r] for r in ranks[i:i + 4]]
    return None


def keep_draw5(cards: Sequence[Card], draw_max: int = 3) -> list[Card]:
    """The cards a sound 5-card draw player keeps (all five: stands pat). ``draw_max`` is the
    most they may throw (4 only with an ace to keep). (Ranks read as ``card >> 2``: this runs
    for every sampled draw.)"""
    category = high5(cards) >> 20
    if category >= Category.STRAIGHT:
        return list(cards)
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    if category >= Category.TWO_PAIR:  # two pair or trips (quads stood pat above)
        return [c for c in cards if counts[c >> 2] >= 2]
    flush = four_flush(cards)
    if category == Category.PAIR:
        pair = [c for c in cards if counts[c >> 2] == 2]
        if flush is not None and pair[0] >> 2 < TEN:
            return flush
        return pair
    if flush is not None:
        return flush
    straight = open_ender(cards)
    if straight is not None:
        return straight
    high = sorted(cards, reverse=True)
    if high[0] >> 2 == ACE and draw_max >= 4:
        return high[:1]
    return high[:len(cards) - min(draw_max, 3)]


# --- 2-7 Triple Draw ---------------------------------------------------------------------------


def is_clean_low(cards: Sequence[Card]) -> bool:
    """Five distinct ranks that are neither a straight nor a flush (a 2-7 "no pair" hand)."""
    return len(cards) == 5 and Category(high5(cards) >> 20) is Category.HIGH_CARD


def top_rank(cards: Sequence[Card]) -> int:
    return max(c.rank for c in cards)


def pat_limit(draws_left: int) -> int:
    """The highest top card a sound player stands pat with: an eight with two or three draws
    left, a nine on the last."""
    return EIGHT if draws_left >= 2 else NINE


def keep_low27(cards: Sequence[Card], draws_left: int, pat_top: int | None = None,
               keep_top: int = EIGHT) -> list[Card]:
    """The cards a sound triple-draw player keeps, lowest first (all five: stands pat).
    ``pat_top``: the highest top card to stand pat with (default :func:`pat_limit`);
    ``keep_top``: the highest card worth keeping to draw to. (Ranks read as ``card >> 2``:
    this runs for every sampled draw.)"""
    if pat_top is None:
        pat_top = pat_limit(draws_left)
    distinct: list[Card] = []
    last = -1
    for c in sorted(cards):  # by rank, then suit
        if c >> 2 != last:
            distinct.append(c)
            last = c >> 2
    if len(distinct) == 5 and distinct[4] >> 2 <= pat_top:
        straight = (distinct[4] >> 2) - (distinct[0] >> 2) == 4
        flush = len({c & 3 for c in distinct}) == 1
        if not straight and not flush:
            return distinct
    # Five low cards that may not stand (a straight, a flush, or too rough to stand pat):
    # keeping the lowest four breaks a straight or a flush and keeps the smoothest four.
    return [c for c in distinct if c >> 2 <= keep_top][:4]


# --- what a final hand is worth, coarsely ------------------------------------------------------

HIGH_BUCKETS = 9 * 13
"""5-card draw: a hand's category and its top rank (the pair's, the trips', the high card)."""
LOW_BUCKETS = 13 * 13 + 8
"""2-7: a no-pair hand's two highest ranks, then one bucket per category from a pair up."""


def high_bucket(value: int) -> int:
    """The bucket of a high value (:func:`rules.evaluator.high5`): higher is better."""
    return (value >> 20) * 13 + ((value >> 16) & 15)


def low_bucket(value: int) -> int:
    """The bucket of a 2-7 value (:func:`rules.evaluator.low27`): LOWER is better, in the
    order of the values (every no-pair hand below every pair)."""
    category = value >> 20
    if category == 0:
        return ((value >> 16) & 15) * 13 + ((value >> 12) & 15)
    return 169 + category - 1

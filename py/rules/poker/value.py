"""What a player's cards are worth in each game: the showdown's scores and their words, and
the same words for a hand still being dealt.

One implementation of "which cards make a hand in which game": the engine's showdown scores
with :func:`score` and says the hands with :func:`words`, and a player's own view (the G key,
``you.value``) says theirs with :func:`hand_words`, so the table never calls a hand something
the showdown would not.

Before five cards are out (Hold'em preflop, Omaha before the flop) nothing is guessed about
cards to come: only the visible cards are described, as the seed's G key asks ("don't invent
outcomes"), e.g. a pocket pair is "a Pair of Aces" and two unpaired cards "High Card, Ace".

>>> from rules.cards import parse_cards
>>> hand_words(Game.HOLDEM, parse_cards("As Ad"), [[]])
('a Pair of Aces',)
>>> hand_words(Game.OMAHA_HILO, parse_cards("As 2d 7h Kc"), [parse_cards("3c 4d 8s")])
('High Card, Ace', '8-4-3-2-A')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..evaluator import (
    Category,
    HighHand,
    HighValue,
    LowValue,
    best_high,
    best_high_best,
    describe_high,
    describe_low,
    describe_low27,
    describe_short,
    format_low27,
    high_hand,
    low27,
    omaha_high,
    omaha_high_best,
    omaha_low8,
    omaha_low8_best,
    short_hand,
    short_high,
    short_high_best,
)
from ..variants import Division, Evaluator, Game

NO_LOW = "no low"
"""The words for a Hi/Lo hand with every board card out and no 8-or-better low."""

NO_LOW_YET = "no low yet"
"""A Hi/Lo hand with no low on a flop or turn: a later card may still make one."""

_ONE = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
        "Jack", "Queen", "King", "Ace")
_MANY = tuple("Sixes" if w == "Six" else w + "s" for w in _ONE)


@dataclass(frozen=True)
class Score:
    """A complete hand's values: ``highs``, one high a board (higher is better; no board: one,
    of the hand alone; none in lowball), and ``low``, lower is better: Hi/Lo's 8-or-better
    low (None: none), or lowball's value of the hand (None in the other games)."""

    highs: tuple[HighValue, ...]
    low: LowValue | None = None


HighOf = Callable[[Sequence[int], Sequence[int]], HighValue]
"""A game's high value of a hand with one complete board (none: the hand alone)."""


def _best_of_all(hole: Sequence[int], board: Sequence[int]) -> HighValue:
    return best_high([*hole, *board])


def _short_of_all(hole: Sequence[int], board: Sequence[int]) -> HighValue:
    return short_high([*hole, *board])


def _high_of(evaluator: Evaluator) -> HighOf:
    """Which cards make a high hand under ``evaluator``, and how it ranks: exactly two hole
    cards with three board cards (Omaha), or the best five of all (the usual or the short
    deck's ranking)."""
    if evaluator is Evaluator.OMAHA:
        return omaha_high
    if evaluator is Evaluator.HIGH:
        return _best_of_all
    if evaluator is Evaluator.SHORT:
        return _short_of_all
    raise AssertionError(f"no high value in {evaluator.value}")


def _high(evaluator: Evaluator, hole: Sequence[int], board: Sequence[int]) -> HighValue:
    """The high value of ``hole`` with one complete ``board`` (none: the hand alone)."""
    return _high_of(evaluator)(hole, board)


def _high_best(evaluator: Evaluator, hole: Sequence[Card],
               board: Sequence[Card]) -> tuple[HighValue, tuple[Card, ...]]:
    """:func:`_high` and the five cards that make it, as the evaluator picks them."""
    if evaluator is Evaluator.OMAHA:
        return omaha_high_best(hole, board)
    if evaluator is Evaluator.HIGH:
        return best_high_best([*hole, *board])
    if evaluator is Evaluator.SHORT:
        return short_high_best([*hole, *board])
    raise AssertionError(f"no high value in {evaluator.value}")


def _describe(evaluator: Evaluator, value: HighValue) -> str:
    """A high value in words (a short-deck value is decoded by its own ranking)."""
    return describe_short(value) if evaluator is Evaluator.SHORT else describe_high(value)


def score(game: Game, hole: Sequence[int], boards: Sequence[Sequence[int]]) -> Score:
    """The values a showdown compares (every board complete; a draw game: no board), from the
    game's evaluator and pot division (:mod:`rules.variants`).

    >>> from rules.cards import parse_cards
    >>> s = score(Game.BOMB_DOUBLE, parse_cards("As Ad 2c 3h"),
    ...           [parse_cards("Ah Kh 5s 2s Qd"), parse_cards("7c 8c 9d Js 4h")])
    >>> [describe_high(v) for v in s.highs]
    ['Three of a Kind, Aces', 'a Pair of Aces']
    """
    return scorer(game)(hole, boards)


Scorer = Callable[[Sequence[int], Sequence[Sequence[int]]], Score]


def scorer(game: Game) -> Scorer:
    """:func:`score` for one game, its evaluator and division looked up once: for a caller
    that scores many hands of one game (:mod:`rules.equity`'s samples).

    >>> from rules.cards import parse_cards
    >>> s = scorer(Game.OMAHA_HILO)(parse_cards("Ac 2d Kh Kd"), [parse_cards("3c 4c 5c Qs Js")])
    >>> describe_high(s.highs[0]), describe_low(s.low)
    ('a Straight, Five high', '5-4-3-2-A')
    """
    v = game.variant
    ev = v.evaluator
    if v.division is Division.LOWBALL:
        return lambda hole, boards: Score((), _low(ev, hole))
    high = _high_of(ev)
    if v.division is Division.HILO8:
        def hilo(hole: Sequence[int], boards: Sequence[Sequence[int]]) -> Score:
            first = boards[0]
            return Score(tuple(high(hole, b) for b in boards), omaha_low8(hole, first))
        return hilo

    def highs(hole: Sequence[int], boards: Sequence[Sequence[int]]) -> Score:
        if len(boards) == 1:
            return Score((high(hole, boards[0]),))
        return Score(tuple(high(hole, b) for b in boards) if boards else (high(hole, ()),))
    return highs


LOW_PART = -1
"""For :func:`winning_five`: the low half, or lowball's hand (board indexes are 0 and 1)."""


Part = tuple[int, tuple[int, ...]]
"""One part of a pot at the showdown: which hand wins it (a board index, or ``LOW_PART``)
and the winners (indexes into the scores compared; several when they tie)."""


def divide(division: Division, scores: Sequence[Score]) -> tuple[Part, ...]:
    """How a pot divides among the hands that can win it (``static/rules/table-games.md#hi-lo``,
    ``static/rules/table-games.md#double-board``): its parts, all of one size — one part is
    the whole pot, two are halves, the first half taking an odd chip. The one statement of
    the rule: the engine pays pots by it and :mod:`rules.equity` counts a sample's share by it.

    Whole to the best high (``HIGH``); to the lowest hand (``LOWBALL``); halved between the
    best high on each board (``PER_BOARD``); halved between the best high and the best
    8-or-better low, whole to the high when no hand has a low (``HILO8``).

    >>> from rules.evaluator import high5
    >>> ace_pair, king_pair = high5([48, 49, 0, 4, 8]), high5([44, 45, 0, 4, 8])
    >>> divide(Division.HILO8, [Score((ace_pair,), 0b11111), Score((king_pair,), 0b111011)])
    ((0, (0,)), (-1, (0,)))
    >>> divide(Division.HILO8, [Score((ace_pair,), None), Score((ace_pair,), None)])
    ((0, (0, 1)),)
    """
    if division is Division.HIGH or division is Division.HILO8:
        tops = [s.highs[0] for s in scores]
        best = max(tops)
        high = (0, tuple(i for i, v in enumerate(tops) if v == best))
        if division is Division.HIGH:
            return (high,)
        lows = [s.low for s in scores]
        low = min((v for v in lows if v is not None), default=None)
        if low is None:
            return (high,)
        return high, (LOW_PART, tuple(i for i, v in enumerate(lows) if v == low))
    if division is Division.LOWBALL:
        lows = [s.low for s in scores]
        low = min(v for v in lows if v is not None)
        return ((LOW_PART, tuple(i for i, v in enumerate(lows) if v == low)),)
    parts = []
    for b in (0, 1):  # PER_BOARD
        tops = [s.highs[b] for s in scores]
        best = max(tops)
        parts.append((b, tuple(i for i, v in enumerate(tops) if v == best)))
    return tuple(parts)


def _low(evaluator: Evaluator, hole: Sequence[int]) -> LowValue:
    """A lowball game's value of the hand (lower is better)."""
    if evaluator is Evaluator.LOW27:
        return low27(hole)
    raise AssertionError(f"no lowball value in {evaluator.value}")


def winning_five(game: Game, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                 which: int, s: Score) -> tuple[Card, ...]:
    """The five cards that make ``s``'s value on board ``which`` (or its low, ``LOW_PART``),
    as the evaluator picks them (hole cards first): what a results screen highlights for a
    winner. Checked against the score that won, so it can never show another hand.

    >>> from rules.cards import format_cards, parse_cards
    >>> hole, board = parse_cards("As Ad 2c 3h"), [parse_cards("Ah Kh 5s 2s Qd")]
    >>> format_cards(winning_five(Game.OMAHA, hole, board, 0, score(Game.OMAHA, hole, board)))
    'As Ad Ah Kh Qd'
    """
    v = game.variant
    if which == LOW_PART and v.division is Division.LOWBALL:
        assert _low(v.evaluator, hole) == s.low, "the hand that won is the five cards"
        return tuple(hole)
    if which == LOW_PART:
        found = omaha_low8_best(hole, boards[0])
        assert found is not None and found[0] == s.low, "the low that won has its five"
        return found[1]
    value, five = _high_best(v.evaluator, hole, boards[which] if boards else ())
    assert value == s.highs[which], "the five cards make the value that won"
    return five


def words(game: Game, s: Score) -> tuple[str, ...]:
    """A scored hand in words, as the showdown shows it: each board's high, then in Hi/Lo the
    low (or "no low").

    >>> from rules.evaluator import high5
    >>> words(Game.OMAHA_HILO, Score((high5([48, 49, 0, 4, 8]),), None))
    ('a Pair of Aces', 'no low')
    """
    v = game.variant
    out = [_describe(v.evaluator, h) for h in s.highs]
    if v.division is Division.HILO8:
        out.append(low_words(game, s.low) if s.low is not None else NO_LOW)
    if v.division is Division.LOWBALL and s.low is not None:
        out.append(low_words(game, s.low))
    return tuple(out)


def low_words(game: Game, low: LowValue) -> str:
    """A low value of ``game`` in words: Hi/Lo's low by its cards ("7-5-3-2-A"); a 2-7 hand
    with no pair, straight or flush by its cards too, highest first ("8-6-4-3-2"), anything
    else by its high-poker name ("a Pair of Fours"), which is what makes it a bad low
    (``static/rules/table-games.md#payout-messages``)."""
    if game.variant.evaluator is Evaluator.LOW27:
        if high_hand(low).category is Category.HIGH_CARD:
            return format_low27(low)
        return describe_low27(low)
    return describe_low(low)


def decided(game: Game, value: HighValue, rivals: Sequence[HighValue]) -> str:
    """``value``'s words at a showdown against ``rivals`` under ``game``'s evaluator (see
    :func:`decided_high`)."""
    if game.variant.evaluator is Evaluator.SHORT:
        return decided_high(value, rivals, short_hand, describe_short)
    return decided_high(value, rivals)


_NAMED = {Category.HIGH_CARD: 1, Category.PAIR: 1, Category.TWO_PAIR: 2, Category.TRIPS: 1,
          Category.FLUSH: 1, Category.QUADS: 1}
"""How many of a category's deciding ranks its name says (:func:`describe_high`); the rest
are kickers. A straight, full house or straight flush is named whole."""


def decided_high(value: HighValue, rivals: Sequence[HighValue],
                 decode: Callable[[HighValue], HighHand] = high_hand,
                 describe: Callable[[HighValue], str] = describe_high) -> str:
    """``value``'s words at a showdown against ``rivals`` (the other hands that could win
    the same pot on the same board; ``value`` among them or not): the name, and the
    kickers down to the one that decides when a beaten hand has the same name — "Two Pair,
    Queens and Nines" beating "Two Pair, Queens and Nines" is "..., Ace kicker". A flush
    names its cards down to the one that decides ("a Flush, King-Queen high"). ``decode``
    and ``describe`` read the values (a short deck's have their own).

    >>> from rules.cards import parse_cards
    >>> from rules.evaluator import high5
    >>> v = lambda text: high5(parse_cards(text))
    >>> decided_high(v("Qs Qd 9c 9h Ad"), [v("Qh Qc 9s 9d 8d")])
    'Two Pair, Queens and Nines, Ace kicker'
    >>> decided_high(v("Qs Qd 9c 9h Ad"), [v("Qh Qc 9s 9d Ac")])  # a split: no kicker decides
    'Two Pair, Queens and Nines'
    """
    words = describe(value)
    hand = decode(value)
    named = _NAMED.get(hand.category)
    if named is None:
        return words
    deepest = -1
    for rival in rivals:
        other = decode(rival)
        if rival >= value or other.category is not hand.category \
                or other.ranks[:named] != hand.ranks[:named]:
            continue
        deepest = max(deepest, next(i for i, (a, b) in enumerate(
            zip(hand.ranks, other.ranks, strict=True)) if a != b))
    if deepest < named:
        return words
    if hand.category is Category.FLUSH:
        return f"a Flush, {'-'.join(_ONE[r] for r in hand.ranks[:deepest + 1])} high"
    kickers = [_ONE[r] for r in hand.ranks[named:deepest + 1]]
    if len(kickers) == 1:
        return f"{words}, {kickers[0]} kicker"
    return f"{words}, {', '.join(kickers[:-1])} and {kickers[-1]} kickers"


def visible_words(cards: Sequence[int]) -> str:
    """One to four cards described as they lie, nothing assumed about cards to come: four,
    three or two of a kind, two pair, or the high card.

    >>> from rules.cards import parse_cards
    >>> visible_words(parse_cards("Kh 5d")), visible_words(parse_cards("9h 9d 4c 4s"))
    ('High Card, King', 'Two Pair, Nines and Fours')
    >>> visible_words(parse_cards("6h 6d 6c"))
    'Three of a Kind, Sixes'
    """
    if not cards:
        raise ValueError("no cards to describe")
    counts = sorted(Counter(c >> 2 for c in cards).items(), key=lambda rc: (rc[1], rc[0]),
                    reverse=True)
    (top, n), rest = counts[0], counts[1:]
    if n == 4:
        return f"Four of a Kind, {_MANY[top]}"
    if n == 3:
        return f"Three of a Kind, {_MANY[top]}"
    if n == 2 and rest and rest[0][1] == 2:
        return f"Two Pair, {_MANY[top]} and {_MANY[rest[0][0]]}"
    if n == 2:
        return f"a Pair of {_MANY[top]}"
    return f"High Card, {_ONE[top]}"


def _best_two(hole: Sequence[int]) -> list[int]:
    """The two hole cards an Omaha hand would show with no board: a pair if it holds one
    (the highest), else its two highest cards (an Omaha hand plays exactly two)."""
    by_rank = sorted(hole, key=lambda c: c >> 2, reverse=True)
    pairs = [c for c in by_rank if sum(1 for d in hole if d >> 2 == c >> 2) >= 2]
    if pairs:
        rank = pairs[0] >> 2
        return [c for c in by_rank if c >> 2 == rank][:2]
    return by_rank[:2]


def hand_words(game: Game, hole: Sequence[int],
               boards: Sequence[Sequence[int]]) -> tuple[str | None, ...]:
    """A player's hand in words now, in :func:`words`' shape (a high per board, then the low
    in Hi/Lo). With every card out, exactly the showdown's words; before that, the visible
    cards described as they lie, a Hi/Lo low not yet possible is None (a low needs three
    board cards) and one not made yet on a flop or turn is "no low yet". ``boards`` holds
    the dealt board cards only (draw: no board).

    >>> from rules.cards import parse_cards
    >>> hand_words(Game.OMAHA, parse_cards("Kc Kd 5h 2s"), [[]])
    ('a Pair of Kings',)
    >>> hand_words(Game.OMAHA_HILO, parse_cards("Kc Qd 5h 2s"), [[]])
    ('High Card, King', None)
    >>> hand_words(Game.HOLDEM, parse_cards("Kc Qd"), [parse_cards("Kh 2s 7d")])
    ('a Pair of Kings',)
    """
    if not hole:
        return ()
    v = game.variant
    ev = v.evaluator
    if v.division is Division.LOWBALL:
        return (low_words(game, _low(ev, hole)) if len(hole) == 5 else visible_words(hole),)
    out: list[str | None] = []
    if ev is Evaluator.OMAHA:
        for board in boards:
            out.append(_describe(ev, _high(ev, hole, board)) if len(board) >= 3
                       else visible_words(_best_two(hole)))
    else:  # the best five of all the cards
        board = boards[0] if boards else ()
        cards = [*hole, *board]
        out.append(_describe(ev, _high(ev, hole, board)) if len(cards) >= 5
                   else visible_words(cards))
    if v.division is Division.HILO8:
        first = boards[0] if boards else []
        if len(first) >= 3:
            low = omaha_low8(hole, first)
            out.append(low_words(game, low) if low is not None
                       else NO_LOW if len(first) == 5 else NO_LOW_YET)
        else:
            out.append(None)
    return tuple(out)

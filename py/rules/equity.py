"""How much of the pot a known hand wins, on average, against opponents whose cards are unknown.

A bot deciding whether to call and the advisor telling a player what their hand is worth both
ask the same question: given my hole cards, the board cards out so far and any cards known to be
out of play, what fraction of the pot do I take if every opponent's cards and the rest of the
board are dealt at random from the cards I cannot see? :func:`equity` answers it by sampling
(Monte Carlo), :func:`equity_exact` by listing every deal (small cases only: the river, or one
card to come against one player), and :func:`equity_steps` is :func:`equity` in slices, so a
page can run it between frames without freezing.

Every game of :mod:`rules.variants` is counted by the showdown's own rules: each player's hand
is scored as the showdown scores it (:func:`rules.poker.value.scorer`, the game's
:func:`~rules.poker.value.score` looked up once: the variant's evaluator over its deck, the best
five in Hold'em, exactly two hole cards in Omaha, the short deck's ranking, 2-7 lowball) and
the pot is divided by :func:`rules.poker.value.divide`, the function the engine pays pots by
(hi/lo halves with scoops, two boards each worth half, ties split evenly). Nothing here ranks a
hand. The hot games count a deal with :mod:`rules.dealshare` instead: the same values and the
same division inlined, the same units for every deal (the tests check it deal by deal), at a
few times the speed. PLO's high is also dealt lazily there (the board first, then one opponent
at a time, stopping at the first hand that beats the player's), so its sampled deals are not
the other games' order; each card is drawn the same way. A draw game is counted as the hands
stand (no draws): an opponent's five are random (the advisor's figure for the draw games is
``games.drawadvice``'s).

A sample's share is counted exactly, in units of 1/5040 of the pot (5040 is twice the least
common multiple of 1..10, so a half shared among up to ten tied players is a whole number of
units): the same seed gives the same result to the last digit under CPython and Pyodide.

>>> import random
>>> from rules.cards import parse_cards
>>> from rules.variants import HOLDEM
>>> e = equity(HOLDEM, parse_cards("As Ad"), [parse_cards("Ks Kd 2c 7h")], 1,
...            rng=random.Random(1), samples=2000)
>>> 0.8 < e.share < 0.95, e.samples
(True, 2000)
>>> pot_odds(20, 80)
Fraction(1, 5)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .cards import Card
from .dealshare import Sampler, fast_sampler, fast_units
from .errors import SettingsError
from .poker.value import divide, scorer
from .variants import Game, Variant

__all__ = ["DEFAULT_BATCH", "UNITS", "Equity", "equity", "equity_exact", "equity_steps", "pot_odds"]

UNITS = 5040
"""A pot in units: every share a sample can give (a whole, a half, split among up to ten
players) is a whole number of them."""

DEFAULT_BATCH = 50
"""Samples between two pauses of :func:`equity_steps` when the caller does not say: about
5 ms of work in the page for Hold'em heads-up (less in CPython), so a driver that steps until
its slice of ~10 ms is spent never overruns it by much."""


@dataclass(frozen=True)
class Equity:
    """The result of counting ``samples`` deals.

    ``share`` is the expected fraction of the pot the hand takes (its equity): a whole pot
    counts 1, half a hi/lo pot or one of two boards 1/2, a pot split three ways 1/3.
    ``win`` is the fraction of deals in which it takes the whole pot alone (a scoop);
    ``tie`` the fraction in which it takes part of the pot but not all of it alone (a split,
    one half of a hi/lo pot, one board of two). ``error`` is the standard error of ``share``
    (zero for an exact count): the true equity lies within two of them of ``share`` about 95
    times in 100.
    """

    win: float
    tie: float
    share: float
    samples: int
    error: float = 0.0

    @property
    def lose(self) -> float:
        """The fraction of deals in which the hand takes nothing."""
        return 1.0 - self.win - self.tie


def pot_odds(to_call: int, pot: int) -> Fraction:
    """What a call costs as a fraction of the pot after it: ``to_call / (pot + to_call)``,
    where ``pot`` is every chip in the middle now, the bet to be called included. Calling
    breaks even on equity alone when the hand's :attr:`Equity.share` equals it.

    >>> pot_odds(20, 80), pot_odds(0, 50)
    (Fraction(1, 5), Fraction(0, 1))
    """
    if isinstance(to_call, bool) or not isinstance(to_call, int) or to_call < 0:
        raise SettingsError(f"the amount to call must be a whole number of chips, got {to_call!r}")
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise SettingsError(f"the pot must be a whole number of chips, got {pot!r}")
    if to_call == 0:
        return Fraction(0)
    return Fraction(to_call, pot + to_call)


@dataclass(frozen=True)
class _Spot:
    """A validated question: the game, the hand, the known board cards, the cards that can
    still come (``rest``) and how many each deal takes (opponents' holes, then each board's
    missing cards)."""

    game: Game
    hole: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...]
    missing: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    opponents: int
    rest: tuple[int, ...]

    @property
    def need(self) -> int:
        return self.opponents * len(self.hole) + sum(self.missing)



def _spot(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
          opponents: int, dead: Sequence[Card], known: Sequence[Sequence[Card]]) -> _Spot:
    """Checks the question against the game's layout and deck; every mistake is a
    :class:`~rules.errors.SettingsError` naming it."""
    try:
        game = Game(variant.id)
    except ValueError:
        raise SettingsError(f"unknown game {variant.id!r}") from None
    if game.variant != variant:
        raise SettingsError(f"{variant.id!r} is not the catalogue's {game.title} record")
    if len(hole) != variant.hole:
        raise SettingsError(f"{variant.title} deals {variant.hole} hole cards, got {len(hole)}")
    if len(boards) > variant.boards and any(boards[variant.boards:]):
        raise SettingsError(f"{variant.title} has {variant.boards} boards, got {len(boards)}")
    full = variant.layout.board_cards
    padded = [tuple(b) for b in boards[:variant.boards]]
    padded += [()] * (variant.boards - len(padded))
    for b in padded:
        if len(b) > full:
            raise SettingsError(f"a {variant.title} board has {full} cards, got {len(b)}")
    for other in known:
        if len(other) != variant.hole:
            raise SettingsError(f"{variant.title} deals {variant.hole} hole cards, "
                                f"got a known hand of {len(other)}")
    top = variant.seats[1] - 1
    if isinstance(opponents, bool) or not isinstance(opponents, int) or opponents < 0 \
            or not 1 <= opponents + len(known) <= top:
        raise SettingsError(f"{variant.title} has 1 to {top} opponents, got {opponents!r} "
                            f"unknown and {len(known)} known")
    seen = [*hole, *(c for b in padded for c in b), *dead, *(c for h in known for c in h)]
    if len(set(seen)) != len(seen):
        raise SettingsError("a card is given twice among the hands, the boards and the dead cards")
    deck = variant.deck
    outside = [c for c in seen if c not in deck]
    if outside:
        raise SettingsError(f"{Card(outside[0])} is not in the {variant.title} deck")
    gone = set(seen)
    rest = tuple(int(c) for c in deck if c not in gone)
    missing = tuple(full - len(b) for b in padded)
    spot = _Spot(game, tuple(int(c) for c in hole), tuple(padded), missing,
                 tuple(tuple(int(c) for c in h) for h in known), opponents, rest)
    if spot.need > len(rest):
        raise SettingsError(f"{len(rest)} unseen cards cannot deal {opponents} opponents "
                            "and the boards")
    return spot


def _counter(spot: _Spot) -> Callable[[Sequence[int]], int]:
    """The hand's share of the pot, in :data:`UNITS`, in a deal: a function of the drawn
    cards (unknown opponents' holes first, then each board's missing cards; only the first
    :attr:`_Spot.need` are read). :mod:`rules.dealshare`'s fast counter where the game has
    one (the same units for every deal, the tests check), else :func:`_showdown_counter`."""
    v = spot.game.variant
    fast = fast_units(v.evaluator, v.division, UNITS, spot.hole, spot.boards, spot.missing,
                      spot.known, spot.opponents)
    return fast if fast is not None else _showdown_counter(spot)


def _sampler(spot: _Spot, deck: list[int], rand: Callable[[], float]) -> Sampler | None:
    """:mod:`rules.dealshare`'s lazy sampler where the game has one: it deals into ``deck``
    itself (the board's missing cards first, then each unknown opponent's, each card the same
    Fisher-Yates step) and stops once the hand is beaten, so a seed's deals differ from the
    deal-everything order's but are drawn the same way."""
    v = spot.game.variant
    return fast_sampler(v.evaluator, v.division, UNITS, spot.hole, spot.boards, spot.missing,
                        spot.known, spot.opponents, deck, rand)


def _showdown_counter(spot: _Spot) -> Callable[[Sequence[int]], int]:
    """:func:`_counter` by the showdown's own functions (each hand a
    :class:`~rules.poker.value.Score`, the pot by :func:`~rules.poker.value.divide`), with
    everything that does not change between deals worked out once: the game's scorer, the
    slices, and the known hands' scores when no board card is missing."""
    score_of = scorer(spot.game)
    division = spot.game.variant.division
    h = len(spot.hole)
    holes = [(k, k + h) for k in range(0, spot.opponents * h, h)]
    fills = []
    at = spot.opponents * h
    for board, missing in zip(spot.boards, spot.missing, strict=True):
        fills.append((board, at, at + missing))
        at += missing
    players = (spot.hole, *spot.known)
    boards = list(spot.boards)
    fixed = [score_of(hole, boards) for hole in players] if not any(spot.missing) else None

    def units(drawn: Sequence[int]) -> int:
        if fixed is None:
            for b, (board, start, end) in enumerate(fills):
                boards[b] = (*board, *drawn[start:end])
            scores = [score_of(hole, boards) for hole in players]
        else:
            scores = fixed.copy()
        for start, end in holes:
            scores.append(score_of(drawn[start:end], boards))
        parts = divide(division, scores)
        if len(parts) == 1:
            winners = parts[0][1]
            return UNITS // len(winners) if winners[0] == 0 else 0
        got = 0
        part = UNITS // len(parts)
        for _, winners in parts:
            if winners[0] == 0:  # the hand is index 0: winners are listed in order
                got += part // len(winners)
        return got

    return units


class _Tally:
    """Running counts: how many deals gave each number of units (a deal's share takes only
    a few values: nothing, the whole pot, halves and splits), so a deal costs one list
    increment; the result is worked out from the counts (all ints)."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts = [0] * (UNITS + 1)

    def result(self, exact: bool) -> Equity:
        seen = [(u, k) for u, k in enumerate(self.counts) if k]
        n = sum(k for _, k in seen)
        units = sum(u * k for u, k in seen)
        squares = sum(u * u * k for u, k in seen)
        scoops = self.counts[UNITS]
        partial = n - scoops - self.counts[0]
        mean = units / n
        error = 0.0
        if not exact and n > 1:
            variance = max(0.0, (squares - units * mean) / (n - 1))
            error = math.sqrt(variance / n) / UNITS
        return Equity(scoops / n, partial / n, mean / UNITS, n, error)


def equity_steps(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                 opponents: int, dead: Sequence[Card] = (), *, rng: random.Random,
                 samples: int, batch: int = DEFAULT_BATCH,
                 known: Sequence[Sequence[Card]] = ()) -> Iterator[Equity | None]:
    """:func:`equity` in slices: yields None after every ``batch`` samples while work
    remains, then the :class:`Equity`. The arguments are checked before the first slice (a
    mistake raises at once, not on the first ``next``); the result equals :func:`equity`'s
    for the same seed, whatever the batch.

    >>> from rules.cards import parse_cards
    >>> from rules.variants import OMAHA
    >>> steps = list(equity_steps(OMAHA, parse_cards("As Ad Ks Kd"), [], 2,
    ...                           rng=random.Random(7), samples=100, batch=40))
    >>> steps[:2], steps[2].samples
    ([None, None], 100)
    """
    spot = _spot(variant, hole, boards, opponents, dead, known)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise SettingsError(f"samples must be a positive whole number, got {samples!r}")
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise SettingsError(f"batch must be a positive whole number, got {batch!r}")
    if _deal_count(spot) <= samples:
        return _exact_steps(spot, batch)
    return _steps(spot, rng, samples, batch)


def _steps(spot: _Spot, rng: random.Random, samples: int, batch: int,
           units: Callable[[Sequence[int]], int] | None = None) -> Iterator[Equity | None]:
    """``samples`` deals, None after every ``batch``, the estimate last. ``units`` counts a
    deal (default :func:`_counter`; the benchmark passes :func:`_showdown_counter` to time
    the showdown's way on the same deals)."""
    tally = _Tally()
    counts = tally.counts
    deck = list(spot.rest)
    size = len(deck)
    rand = rng.random
    sample = _sampler(spot, deck, rand) if units is None else None
    count = units if units is not None else _counter(spot)
    # Each span a float: ``rand() * span`` is then a float product (the same value as with
    # an int span, which Python converts exactly) without the conversion each card.
    spans = tuple((i, float(size - i)) for i in range(spot.need))
    done = 0
    while True:
        now = min(batch, samples - done)
        if sample is not None:  # it deals its own deal, lazily
            for _ in range(now):
                counts[sample()] += 1
        else:
            for _ in range(now):
                # A partial Fisher-Yates shuffle: the first ``need`` cards become a uniform
                # draw from the unseen cards, whatever order the previous deal left them in.
                for i, span in spans:
                    j = i + int(rand() * span)
                    deck[i], deck[j] = deck[j], deck[i]
                counts[count(deck)] += 1
        done += now
        if done >= samples:
            break
        yield None
    yield tally.result(exact=False)


def equity(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
           opponents: int, dead: Sequence[Card] = (), *, rng: random.Random,
           samples: int, known: Sequence[Sequence[Card]] = ()) -> Equity:
    """The equity of ``hole`` against ``opponents`` players holding unknown cards, by
    sampling ``samples`` deals of the unseen cards with ``rng``.

    ``boards`` are the board cards out so far, one sequence a board (fewer than the game
    has, or empty ones, before they are dealt; none in a draw game); ``dead`` are cards
    known not to be in anyone's hand or to come (a card shown by a folded player); ``known``
    are opponents' hands that are known (shown all in), played besides the ``opponents``
    unknown ones (which may then be 0). When every deal can be counted in no more than
    ``samples`` (Hold'em's river against one player: 990 deals), they are counted instead, as
    :func:`equity_exact` does: the result is exact (``error`` 0, ``samples`` the number of
    deals) and comes sooner. Raises :class:`~rules.errors.SettingsError` when the cards do not
    fit the game.

    >>> from rules.cards import parse_cards
    >>> from rules.variants import OMAHA_HILO
    >>> e = equity(OMAHA_HILO, parse_cards("Ac 2c 3d Kd"), [parse_cards("4h 5s Qc")], 1,
    ...            rng=random.Random(3), samples=300)
    >>> 0.5 < e.share < 1, e.tie > 0
    (True, True)
    """
    *_, result = equity_steps(variant, hole, boards, opponents, dead, rng=rng,
                              samples=samples, batch=samples, known=known)
    assert result is not None
    return result


def equity_exact(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                 opponents: int = 1, dead: Sequence[Card] = (),
                 known: Sequence[Sequence[Card]] = ()) -> Equity:
    """The exact equity, counting every deal of the unseen cards (each equally likely):
    opponents' hands, then each board's missing cards. Only for small cases — the river
    against one player is 990 deals in Hold'em, the turn 45,540 — since the count grows
    fast; the tests check :func:`equity` against it.

    >>> from rules.cards import parse_cards
    >>> from rules.variants import HOLDEM
    >>> e = equity_exact(HOLDEM, parse_cards("Ah Kh"), [parse_cards("Qh Jh 2c 3d 4s")])
    >>> e.samples, round(e.share, 4), e.error
    (990, 0.3641, 0.0)
    """
    spot = _spot(variant, hole, boards, opponents, dead, known)
    *_, result = _exact_steps(spot, _deal_count(spot) + 1)
    assert result is not None
    return result


def _takes(spot: _Spot) -> tuple[int, ...]:
    """How many cards a deal takes, in order: each unknown opponent's, then each board's."""
    return (len(spot.hole),) * spot.opponents + spot.missing


def _deal_count(spot: _Spot) -> int:
    """How many deals :func:`_deals` lists."""
    count, left = 1, len(spot.rest)
    for take in _takes(spot):
        count *= math.comb(left, take)
        left -= take
    return count


def _exact_steps(spot: _Spot, batch: int) -> Iterator[Equity | None]:
    """Every deal counted, None after every ``batch`` of them, the exact equity last."""
    tally = _Tally()
    units = _counter(spot)
    counts = tally.counts
    for k, drawn in enumerate(_deals(spot.rest, _takes(spot)), 1):
        counts[units(drawn)] += 1
        if k % batch == 0:
            yield None
    yield tally.result(exact=True)


def _deals(rest: tuple[int, ...], takes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``takes[0]`` cards of ``rest``, then ``takes[1]`` of what is left,
    and so on, each as one tuple of the cards in that order."""
    if not takes:
        yield ()
        return
    for first in combinations(rest, takes[0]):
        gone = set(first)
        left = tuple(c for c in rest if c not in gone)
        for more in _deals(left, takes[1:]):
            yield first + more

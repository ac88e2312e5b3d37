"""A plain stand-in for ``rules.equity`` and ``rules.preflop`` while they are written in
parallel: the same API (the table bots are written against it), nothing clever.

Used only where the real modules are missing (:func:`install` leaves them alone when they
import): the bots' tests, and ``tools/bench_bots.py``, which says which one it ran with.
Equity samples the unseen cards and scores every hand with the rules' own showdown values
(:func:`rules.poker.value.score`), dividing the pot as the game's record says.
"""

from __future__ import annotations

import importlib
import itertools
import random
import sys
import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.cards import Card
from rules.variants import Division, Game, Variant


@dataclass(frozen=True)
class Equity:
    win: float
    tie: float
    share: float
    samples: int


def pot_odds(to_call: int, pot: int) -> Fraction:
    """The share of the pot after a call that the call is."""
    return Fraction(to_call, pot + to_call) if to_call > 0 else Fraction(0)


def _my_share(variant: Variant, values: list) -> float:  # type: ignore[type-arg]
    """My (player 0's) fraction of the pot, from each player's ``Score``."""
    div = variant.division
    if div is Division.PER_BOARD:
        out = 0.0
        for b in range(len(values[0].highs)):
            best = max(v.highs[b] for v in values)
            winners = [i for i, v in enumerate(values) if v.highs[b] == best]
            if 0 in winners:
                out += 0.5 / len(winners)
        return out
    best = max(v.highs[0] for v in values)
    hi = [i for i, v in enumerate(values) if v.highs[0] == best]
    high = (1 / len(hi)) if 0 in hi else 0.0
    if div is Division.HILO8:
        lows = [v.low for v in values if v.low is not None]
        if lows:
            lo_best = min(lows)
            lo = [i for i, v in enumerate(values) if v.low == lo_best]
            return high / 2 + ((0.5 / len(lo)) if 0 in lo else 0.0)
    return high


def equity_steps(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                 opponents: int, dead: Sequence[Card] = (), *, rng: random.Random,
                 samples: int, batch: int = 100,
                 known: Sequence[Sequence[Card]] = ()) -> Iterator[Equity | None]:
    from rules.errors import SettingsError

    seen = [int(c) for c in (*hole, *dead, *(c for h in known for c in h),
                             *(c for b in boards for c in b))]
    if len(set(seen)) != len(seen):  # raised at once, as the real one does
        raise SettingsError("a card is seen twice")
    return _steps(variant, hole, boards, opponents, known, seen, rng, samples, batch)


def _steps(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
           opponents: int, known: Sequence[Sequence[Card]], seen: list[int],
           rng: random.Random, samples: int, batch: int) -> Iterator[Equity | None]:
    from rules.poker.value import score

    game = Game.parse(variant.id)
    rest = [c for c in variant.deck if int(c) not in seen]
    n_boards = max(1, variant.boards)
    full = variant.layout.board_cards
    boards = [list(b) for b in boards] or [[] for _ in range(n_boards)]
    while len(boards) < n_boards:
        boards.append([])
    need_board = [full - len(b) for b in boards]
    need = opponents * variant.hole + sum(need_board)
    win = tie = 0
    share = 0.0
    for i in range(samples):
        drawn = rng.sample(rest, need)
        k = 0
        hands = [list(hole), *(list(h) for h in known)]
        for _ in range(opponents):
            hands.append(drawn[k:k + variant.hole])
            k += variant.hole
        full_boards = []
        for b, m in zip(boards, need_board, strict=True):
            full_boards.append(b + drawn[k:k + m])
            k += m
        values = [score(game, h, full_boards) for h in hands]
        s = _my_share(variant, values)
        share += s
        win += s >= 1.0
        tie += 0 < s < 1.0
        if (i + 1) % batch == 0 and i + 1 < samples:
            yield None
    yield Equity(win / samples, tie / samples, share / samples, samples)


def equity(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
           opponents: int, dead: Sequence[Card] = (), *, rng: random.Random,
           samples: int, known: Sequence[Sequence[Card]] = ()) -> Equity:
    for step in equity_steps(variant, hole, boards, opponents, dead, rng=rng, samples=samples,
                             known=known):
        if step is not None:
            return step
    raise AssertionError("no result")


def holdem_rank(hole: Sequence[Card]) -> int:
    """1 (aces) .. 169, by a Chen-like count (a stand-in, not a published ranking)."""
    return _HOLDEM_ORDER[_holdem_class(hole)]


def _holdem_class(hole: Sequence[Card]) -> tuple[int, int, bool]:
    a, b = sorted((Card(int(c)) for c in hole), key=lambda c: -c.rank)
    return a.rank, b.rank, a.suit == b.suit and a.rank != b.rank


def _chen(hi: int, lo: int, suited: bool) -> float:
    base = (10, 8, 7, 6, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1)[12 - hi]
    if hi == lo:
        return max(5.0, base * 2) + 0.01 * hi
    pts = base + (2 if suited else 0)
    gap = hi - lo - 1
    pts -= (0, 1, 2, 4)[min(gap, 3)] if gap < 4 else 5
    if gap <= 1 and hi < 10:
        pts += 1
    return pts + 0.01 * hi + 0.001 * lo


def _order() -> dict[tuple[int, int, bool], int]:
    classes = [(h, lo, s) for h in range(13) for lo in range(h + 1)
               for s in ((False,) if h == lo else (False, True))]
    classes.sort(key=lambda c: -_chen(*c))
    return {c: i + 1 for i, c in enumerate(classes)}


_HOLDEM_ORDER = _order()


def omaha_points(hole: Sequence[Card]) -> int:
    """A rough Hutchison-like count: high cards, pairs, suits, connectedness."""
    cards = [Card(int(c)) for c in hole]
    ranks = sorted((c.rank for c in cards), reverse=True)
    pts = 0
    for r in set(ranks):
        n = ranks.count(r)
        if n == 2:
            pts += 8 + r // 2
        elif n > 2:
            pts -= 4
    suits = [c.suit for c in cards]
    for s in set(suits):
        same = sorted((c.rank for c in cards if c.suit == s), reverse=True)
        if len(same) >= 2:
            pts += 4 + (3 if same[0] == 12 else same[0] // 4)
    uniq = sorted(set(ranks))
    for a, b in itertools.pairwise(uniq):
        if b - a <= 2:
            pts += 3 - (b - a) + (b >= 8)
    pts += sum(max(0, r - 7) for r in ranks)
    return pts


def install() -> list[str]:
    """Puts the stand-ins in place of ``rules.equity`` and ``rules.preflop`` where those do
    not import; returns the names of the stand-ins installed."""
    import rules

    here = sys.modules[__name__]
    out = []
    for name, attrs in (("equity", ("Equity", "equity", "equity_steps", "pot_odds")),
                        ("preflop", ("holdem_rank", "omaha_points"))):
        try:
            importlib.import_module(f"rules.{name}")
            continue
        except ImportError:
            pass
        mod = types.ModuleType(f"rules.{name}", f"stand-in for rules.{name} (tests)")
        for a in attrs:
            setattr(mod, a, getattr(here, a))
        sys.modules[f"rules.{name}"] = mod
        setattr(rules, name, mod)
        out.append(f"rules.{name}")
    return out

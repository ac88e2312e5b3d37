"""The betting of the board games' bots (Hold'em, Short Deck, the Omaha games, bomb pots):
one policy, told by each game's module how to rate a starting hand.

Before the flop a bot rates its hand as the share of all starting hands it beats (the game's
module says how: a ranking for Hold'em, a point count for Omaha) and plays a range that
widens heads-up and in position and narrows against a raise, the more the bigger the raise.
After the flop it samples the unseen cards (``rules.equity``) for its share of the pot against
the opponents still in — Hi/Lo's halves and both boards of a bomb pot counted by that module —
and compares it with the pot odds of a call, marking the share down the more an opponent bets
(a bet says the hand is better than a random one). It bets for value when its share is well
above its fair share (``1 / players``), raises when far above, sizes by the pot within the
bounds the view gives, and mixes: some bluffs when checked to, some slow play of a big hand.

Two levels (:class:`room.bots.Level`): "strong" as above; "casual" plays looser and more
passively — more hands, calls more, bets less, rarely bluffs, fewer samples and no notion of
position — as a friendly home player does.

The decision runs in slices: the sampling yields ``None`` between batches. Randomness comes
only from the rng the driver hands in, so the same view, level and seed give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from room.bots import Level, Move, Thought
from rules.errors import RulesError
from rules.variants import Betting, Evaluator

from .common import (
    Spot,
    check_or_call,
    check_or_fold,
    fraction_of,
    mix,
    raise_to,
    read,
    safe_move,
    size_bet,
    sliced,
)

PreflopRating = Callable[[Spot], Iterator[float | None]]
"""A starting hand's share of all starting hands it beats (0 worst .. 1 best), in slices
(``None`` between pieces of work, the share last)."""


@dataclass(frozen=True)
class Style:
    """How a level plays (see the module docstring)."""

    samples: int
    """Samples of the unseen cards per decision after the flop."""
    loosen: float
    """Added to the share of hands folded before the flop (negative: plays more hands)."""
    wariness: float
    """How much a bet of the pot marks my share down (0: not at all)."""
    value_bet: float
    """Bet when my share is at least this many times my fair share."""
    value_raise: float
    """Raise a bet when my share is at least this many times my fair share."""
    bluff: float
    """Chance of a bluff when checked to with few opponents."""
    slow_play: float
    """Chance of only checking or calling with a very big hand before the river."""
    position: bool
    """Whether position widens the range."""
    sizes: tuple[float, ...]
    """Bet sizes, in fractions of the pot, mixed."""
    loose_call: float
    """Chance of calling anyway where a fold was right (a casual player's curiosity)."""


STYLES: Mapping[Level, Style] = {
    Level.STRONG: Style(samples=250, loosen=0.0, wariness=0.25, value_bet=1.3,
                        value_raise=1.6, bluff=0.18, slow_play=0.15, position=True,
                        sizes=(0.5, 0.66, 0.75, 1.0), loose_call=0.0),
    Level.CASUAL: Style(samples=100, loosen=-0.18, wariness=0.0, value_bet=1.45,
                        value_raise=1.85, bluff=0.04, slow_play=0.35, position=False,
                        sizes=(0.5,), loose_call=0.15),
}

FIXED_LIMIT_THINNER = 0.15
"""How much lower (in fair shares) fixed-limit's thresholds to bet and raise for value are."""

BATCH = 25
"""Samples between two slices of a decision (Omaha: :data:`OMAHA_BATCH`): a slice stays
near 10 ms in the page (``tools/bench_bots.py --times`` through ``tools/run_pyodide.mjs``).
The equity is the same whatever the batch, so the move is too."""
OMAHA_BATCH = 10
"""An Omaha sample scores its hands over their two-card pairs (a bomb pot over two boards)."""


def open_range(s: Spot, style: Style) -> float:
    """The share of starting hands folded when first in: fewer opponents, fewer folds."""
    base = {1: 0.30, 2: 0.45, 3: 0.55, 4: 0.60}.get(s.opponents, 0.66) + style.loosen
    if style.position and s.in_position:
        base -= 0.07
    return min(0.95, max(0.05, base))


def preflop_move(s: Spot, p: float, style: Style, rng: random.Random) -> Move:
    """The move before the flop for a hand rated ``p`` (see :data:`PreflopRating`)."""
    bb = s.big_blind
    level = s.my_bet + s.to_call
    fold_below = open_range(s, style)
    if level <= bb:  # nobody has raised
        if p >= fold_below or (style.position and s.in_position and mix(rng, style.bluff / 2)
                               and p >= fold_below - 0.15):
            return open_raise(s, rng, style)
        if s.can_check:
            return Move("check")
        if p >= fold_below - 0.12 and mix(rng, 0.5 if style.loose_call else 0.2):
            return Move("call")  # completes or limps now and then
        return Move("fold")
    raised_bbs = level / bb
    call_at = fold_below + (1 - fold_below) * min(0.85, 0.10 * (raised_bbs - 1))
    if s.pot_odds < 0.33:  # cheap to see the flop
        call_at -= (0.33 - s.pot_odds) * 0.6
    reraise_at = max(0.88, call_at + (1 - call_at) * 0.6)
    committing = s.call_all_in or s.to_call >= s.effective_stack // 2
    if committing:
        call_at = max(call_at, 0.93 - 0.9 * (0.5 - min(0.5, s.pot_odds)) * 0.5)
    if p >= reraise_at and s.can_raise:
        if style.slow_play and mix(rng, style.slow_play / 2) and not committing:
            return check_or_call(s)
        return size_bet(s, 1.0) if s.betting is not Betting.NO_LIMIT else raise_to(s, 3 * level)
    if p >= call_at or (style.loose_call and mix(rng, style.loose_call) and s.pot_odds < 0.3):
        return check_or_call(s)
    return check_or_fold(s)


def open_raise(s: Spot, rng: random.Random, style: Style) -> Move:
    """The first raise before the flop: about three big blinds at no-limit (a little more
    with limpers in), the pot at pot-limit, the one size at fixed-limit."""
    if s.betting is Betting.NO_LIMIT:
        bbs = fraction_of(rng, (2.5, 3.0, 3.0, 3.5)) if len(style.sizes) > 1 else 3.0
        limpers = max(0, s.pot - 3 * s.big_blind // 2) // s.big_blind
        return raise_to(s, int((bbs + limpers) * s.big_blind))
    return size_bet(s, 1.0)


def postflop_move(s: Spot, share: float, style: Style, rng: random.Random) -> Move:
    """The move after the flop with ``share`` of the pot expected against the opponents
    still in, holding random hands."""
    players = s.opponents + 1
    ratio = share * players  # 1: my fair share
    last = s.street >= s.variant.layout.board_cards
    # At fixed-limit a bet is small beside the pot: calls come cheap, so value comes thinner.
    thin = FIXED_LIMIT_THINNER if s.betting is Betting.FIXED_LIMIT else 0.0
    if s.to_call == 0:
        if ratio >= style.value_bet - thin:
            if share > 0.85 and not last and mix(rng, style.slow_play):
                return Move("check")
            return size_bet(s, fraction_of(rng, style.sizes))
        bluffing = s.opponents <= 2 and (s.in_position or not style.position)
        often = style.bluff * (1.5 if not last and ratio > 0.7 else 1.0) * (0.5 if thin else 1)
        if bluffing and mix(rng, often):  # a fixed-limit bet buys less fold: bluff less
            return size_bet(s, fraction_of(rng, style.sizes[:2]))
        return Move("check")
    before = max(1, s.pot - s.to_call)
    wary = share * (1 - style.wariness * min(1.0, s.to_call / before))
    if s.live > 0 and s.can_raise and wary * players >= style.value_raise - thin:
        if not last and mix(rng, style.slow_play):
            return Move("call")
        return size_bet(s, fraction_of(rng, style.sizes[-2:]))
    margin = 0.02 if s.call_all_in else 0.0
    if wary >= s.pot_odds + margin or (style.loose_call and mix(rng, style.loose_call)
                                       and wary >= s.pot_odds * 0.7):
        return Move("call")
    return Move("fold")


OMAHA_SAMPLES = 0.6
"""The share of the level's samples an Omaha hand takes: each of its hands is scored over
its two-card pairs, so a sample costs more (a bomb pot's two boards too)."""


def samples_for(s: Spot, style: Style) -> int:
    """How many samples of the unseen cards this decision takes."""
    if s.variant.evaluator is Evaluator.OMAHA:
        return max(20, int(style.samples * OMAHA_SAMPLES))
    return style.samples


class TableBrain:
    """A board game's bot (implements :class:`room.bots.Brain`): ``rate`` rates a starting
    hand. The equity module is imported on the first decision, not with the brain."""

    def __init__(self, rate: PreflopRating) -> None:
        self.rate = rate

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        s = read(view)
        if s is None:
            yield safe_move(view)
            return
        style = STYLES[level]
        if s.opponents == 0:
            yield check_or_call(s)
        elif s.preflop:
            rated: list[float] = []
            yield from sliced(self.rate(s), rated)
            yield preflop_move(s, rated[-1], style, rng)
        else:
            from rules.equity import Equity, equity_steps

            found: list[Equity] = []
            try:  # the hands shown face up are played as they are, the others at random
                steps = equity_steps(
                    s.variant, s.hole, s.boards, s.opponents - len(s.shown), rng=rng,
                    samples=samples_for(s, style), known=s.shown,
                    batch=OMAHA_BATCH if s.variant.evaluator is Evaluator.OMAHA else BATCH)
            except RulesError:  # cards that cannot be (a host's view not ours): no guess
                yield check_or_fold(s)
                return
            yield from sliced(steps, found)
            yield postflop_move(s, found[-1].share, style, rng)

"""The Ultimate Omaha bot: Double exactly when it raises the expected result, Check otherwise.

It reads only its own seat's view (the room view its client holds, the game part a
:class:`games.viewtypes.UltimateView`): its four hole cards, the board cards shown, the phase
and whether it may act. The odds are :mod:`rules.ultimate_odds`'s, whose docstring says why
Double's edge needs neither the opponents' cards nor their number, and the model of their
choices it assumes. Nothing else is read: the stakes and the seats do not change the sign of
the edge, which is all a choice needs.

Levels:

- **strong**: on the flop every turn and river of both boards is weighed (exact, and cheaper
  than a sample good enough to match it); preflop up to :data:`STRONG_PREFLOP` deals are
  sampled, stopping as soon as the choice is beyond doubt (:func:`clear`): the claim alone,
  or the edge's lower estimate, :data:`CLEAR_Z` standard errors above zero (the option to
  Double on the flop only adds to the claim), or the edge's upper estimate as far below.
- **casual**: :data:`CASUAL_SAMPLES` deals, and its reading of the edge is off by a normal
  error of :data:`CASUAL_NOISE` of a stake, so it misjudges the close spots as people do.

Randomness comes only from the ``rng`` the driver seeds, so the same view, level and seed give
the same move. A view that does not read (a field missing or malformed) gives a Check, which
is always a legal choice while the seat has one to make.

>>> import random
>>> from room.bots import Level
>>> view = {"game": {"game": "ultimate", "phase": "flop",
...     "board1": ["Ah", "Kh", "2c", "??", "??"], "board2": ["Ac", "Kc", "3d", "??", "??"],
...     "you": {"hole": ["As", "Ad", "Ks", "Kd"], "can_act": True}}}
>>> moves = [m for m in BRAIN.think(view, Level.STRONG, random.Random(1)) if m is not None]
>>> moves
[Move(action='double', amount=None, cards=(), table=False)]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from room.bots import Level, Move, Thought
from rules.cards import Card, CardError, check_distinct
from rules.ultimate import BOARD_CARDS, FLOP_CARDS, HOLE_CARDS, Action, Phase
from rules.ultimate_odds import UltimateOdds, exact_flop_steps, odds_steps

HIDDEN = "??"
"""A face-down card in the view."""

STRONG_PREFLOP = 2400
"""Most deals the strong bot samples preflop (few hands need them all: see CLEAR_Z)."""
CLEAR_Z = 3.0
"""Standard errors from zero at which a preflop choice is certain enough to stop sampling."""
CLEAR_MIN = 128
"""Deals sampled before stopping early for a Double: a standard error read off a handful of
flops could itself be far off."""
CHECK_MIN = 640
"""Deals sampled before stopping early for a Check: more, since a hand's rare big multipliers
are what a short sample misses, and they are what would make Double right."""
CASUAL_SAMPLES = 300
"""Deals the casual bot samples, in either round."""
CASUAL_NOISE = 0.25
"""Standard deviation of the casual bot's error in reading the edge, in stakes."""
BATCH = 6
"""Deals sampled per slice: a preflop deal (a flop and its turns and rivers) takes about
1.5 ms in Pyodide, so six keep a slice near the page's 10 ms (64 took 60 to 80 ms there)."""
FLOP_BATCH = 64
"""Boards scored per slice when the flop is counted exactly (1,722 in all; 64 take a few
milliseconds in the page)."""


@dataclass(frozen=True)
class Seat:
    """What the bot needs of its view: its hole cards, the board cards shown, the round."""

    hole: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], tuple[Card, ...]]
    phase: Phase


def read(view: Mapping[str, Any]) -> Seat | None:
    """The bot's decision as its view shows it, or ``None`` when there is none to make or the
    view does not read (every field is checked: the view is data, not a promise).

    >>> read({"game": {"phase": "preflop", "board1": ["??"] * 5, "board2": ["??"] * 5,
    ...     "you": {"hole": ["2c", "3d", "4h", "5s"], "can_act": True}}}).phase
    <Phase.PREFLOP: 'preflop'>
    >>> read({"game": {"phase": "results"}}) is None
    True
    """
    game = view.get("game")
    if not isinstance(game, Mapping):
        return None
    you = game.get("you")
    if not isinstance(you, Mapping) or you.get("can_act") is not True:
        return None
    try:
        phase = Phase(str(game.get("phase")))
        if phase not in (Phase.PREFLOP, Phase.FLOP):
            return None
        hole = _cards(you.get("hole"), HOLE_CARDS)
        shown = 0 if phase == Phase.PREFLOP else FLOP_CARDS
        b1 = _cards(_shown(game.get("board1")), shown)
        b2 = _cards(_shown(game.get("board2")), shown)
        check_distinct(hole + b1 + b2, "the bot's view")
    except (ValueError, TypeError):  # CardError is a ValueError
        return None
    return Seat(hole, (b1, b2), phase)


def _shown(board: object) -> list[object]:
    if not isinstance(board, list) or len(board) != BOARD_CARDS:
        raise CardError(f"a board shows {BOARD_CARDS} places, got {board!r:.60}")
    return [c for c in board if c != HIDDEN]


def _cards(texts: object, count: int) -> tuple[Card, ...]:
    if not isinstance(texts, list) or len(texts) != count:
        raise CardError(f"expected {count} cards, got {texts!r:.60}")
    if not all(isinstance(t, str) for t in texts):
        raise CardError("a card is not a string")
    return tuple(Card.parse(t) for t in texts)


def _move(double: bool) -> Move:
    return Move(Action.DOUBLE.value if double else Action.CHECK.value)


class UltimateBrain:
    """Ultimate Omaha's :class:`room.bots.Brain` (see the module's docstring)."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        """Decides in slices: ``None`` after each batch of deals, then Check or Double."""
        seat = read(view)
        if seat is None:
            yield _move(False)
            return
        for step in choose_steps(seat, Level(level), rng):
            if step is None:
                yield None
            else:
                yield _move(step[0])
                return


Choice = tuple[bool, UltimateOdds]
"""A decision: whether to Double, and the odds it rests on."""


def choose_steps(seat: Seat, level: Level, rng: random.Random) -> Iterator[Choice | None]:
    """The choice in slices (``None`` between batches), the brain's and the benchmark's."""
    if level == Level.CASUAL:
        steps = odds_steps(seat.hole, seat.boards, rng=rng, samples=CASUAL_SAMPLES, batch=BATCH)
    elif seat.phase == Phase.FLOP:
        steps = exact_flop_steps(seat.hole, seat.boards, batch=FLOP_BATCH)
    else:
        steps = odds_steps(seat.hole, seat.boards, rng=rng, samples=STRONG_PREFLOP,
                           batch=BATCH, enough=clear)
    for step in steps:
        if step is None:
            yield None
            continue
        edge = step.double_edge
        if level == Level.CASUAL:
            edge += rng.gauss(0.0, CASUAL_NOISE)
        yield edge > 0, step
        return


def clear(result: UltimateOdds) -> bool:
    """Whether the preflop choice is beyond doubt: Double when the claim alone or the edge's
    lower estimate is well above zero, Check when the edge's upper estimate is well below."""
    low = result.double_edge - result.spread - CLEAR_Z * result.edge_se
    high = result.double_edge + result.spread + CLEAR_Z * result.edge_se
    if result.samples < CLEAR_MIN:
        return False
    double = result.claim - CLEAR_Z * result.claim_se > 0 or low > 0
    return double or (high < 0 and result.samples >= CHECK_MIN)


def decide(
    hole: Sequence[Card], boards: Sequence[Sequence[Card]], level: Level, rng: random.Random
) -> Choice:
    """The bot's choice without slices (the benchmark's entry: the brain's very steps)."""
    b = (tuple(boards[0]), tuple(boards[1]))
    seat = Seat(tuple(hole), b, Phase.PREFLOP if not b[0] else Phase.FLOP)
    for step in choose_steps(seat, level, rng):
        if step is not None:
            return step
    raise AssertionError("the choice's steps ended without a choice")


BRAIN = UltimateBrain()
"""The brain the catalogue names for Ultimate Omaha."""

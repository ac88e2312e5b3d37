"""The advisor's numbers in 5-card draw and 2-7 Triple Draw: the chance the player's own hand
wins the pot against the opponents still in, and the pot odds of a call.

A draw game has no board to complete, and an opponent's cards are never seen; what the table
does see is how many cards each player drew at each draw (the view's public ``draws``). So
the hand is counted as the draw bots count theirs (:func:`games.bots.draw.chance_tally_steps`,
one implementation): the player's own draws still to come are sampled from the cards they
have not seen, made the sound way (:mod:`games.bots.drawrules`), and each final hand is set
against what each opponent ends up holding given the cards they drew so far
(:mod:`games.bots.drawtables`: counts over 200,000 played-out hands a game, by what the
table saw them draw); the opponents are independent, a tie counts half. Unlike a strong bot,
the advisor reads nothing into a bet or a raise: "on equity alone" is about the cards, as
the other games' advisor (:mod:`rules.advice`) is.

Shown like the other table games' advice (the same :class:`~rules.advice.TableAdvice`, said
by ``web.advisortext``), at the player's own betting turn; none at a draw. With no draw to
come the chance is counted exactly; with draws to come it is an average over
:data:`DRAW_SAMPLES` sampled draws (a sample plays out the player's draws: each costs
several times a board game's sample, so fewer are taken; the model's error, not the
sampling's, is what limits it). ``win`` is the chance itself (a tie counts half in the
tables: the model does not say splits apart), ``tie`` 0.

>>> import random
>>> from games.bots.draw import Opponent
>>> view = {"game": {"game": "draw", "hand_game": "draw", "button": 0, "blinds": [5, 10],
...     "pots": [{"amount": 40}], "draws": [[0, 3], [1, 1]],
...     "you": {"seat": 1, "hole": ["As", "Ad", "Ah", "Kd", "2c"], "discards": ["7c"]},
...     "seats": [{"seat": 0, "bet": 20, "state": "in", "last_action": "bet"},
...               {"seat": 1, "bet": 0, "state": "in"}],
...     "legal": {"actions": ["fold", "call", "raise"], "call": 20}}}
>>> a = draw_advice(view["game"], rng=random.Random(1))
>>> a.opponents, a.to_call, a.pot, str(a.pot_odds), 0.6 < a.equity.share < 1
(1, 20, 60, '1/4', True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from room.bots import Level
from rules.advice import TableAdvice
from rules.equity import Equity, pot_odds

from .bots.draw import Seen, chance_tally_steps, read

__all__ = ["DRAW_BATCH", "DRAW_SAMPLES", "draw_advice", "draw_advice_steps", "draw_key"]

DRAW_SAMPLES = 5_000
"""Sampled draws behind a draw game's figure (its standard error then at most 0.7 percent):
about 100 ms of the page's time with three draws to come."""
DRAW_BATCH = 16
"""Sampled draws per slice of the page's work (a few milliseconds)."""


def _betting(game: Mapping[str, Any]) -> Seen | None:
    """The player's reading of their own betting turn in a draw game, or None (not a draw
    game, not their turn, their turn to draw, a view that does not read)."""
    seen = read({"game": game})
    if seen is None or seen.drawing or seen.to_call < 0 or seen.pot < 0:
        return None
    actions = seen.legal.get("actions")
    if not isinstance(actions, list) or not any(a in actions for a in ("call", "check")):
        return None
    return seen


def draw_key(game: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What a draw game's advice depends on (a new key: work it out again), or None when the
    view holds no betting turn of the player's: the hand, their cards and discards, every
    player's draws so far, who is still in, the pot and the call's price."""
    seen = _betting(game)
    if seen is None:
        return None
    return ("draw", seen.variant.id, game.get("hand_no"), tuple(map(str, seen.hole)),
            tuple(map(str, seen.dead)), tuple((o.seat, tuple(o.draws)) for o in seen.opponents),
            tuple(seen.my_draws), seen.pot, seen.to_call)


def _public(seen: Seen) -> Seen:
    """The reading with every opponent taken as the cards they drew say, no more: a bet or
    raise is not read as strength (the strong bot reads it; the advisor states the odds)."""
    return replace(seen, opponents=[replace(o, aggression=1.0) for o in seen.opponents])


def draw_advice_steps(game: Mapping[str, Any], rng: random.Random,
                      samples: int = DRAW_SAMPLES,
                      batch: int = DRAW_BATCH) -> Iterator[TableAdvice | None] | None:
    """The advice in slices (None between them, the :class:`~rules.advice.TableAdvice`
    last), or None when the view holds no betting turn of the player's (see
    :func:`draw_key`)."""
    seen = _betting(game)
    if seen is None:
        return None
    return _steps(_public(seen), rng, samples, batch)


def _steps(seen: Seen, rng: random.Random, samples: int,
           batch: int) -> Iterator[TableAdvice | None]:
    tally = chance_tally_steps(seen, Level.STRONG, rng, samples, batch)
    while True:
        try:
            next(tally)
        except StopIteration as done:
            chance, error, count = done.value
            break
        yield None
    equity = Equity(chance, 0.0, chance, max(1, count), error)
    yield TableAdvice(equity, len(seen.opponents), seen.to_call, seen.pot,
                      pot_odds(seen.to_call, seen.pot))


def draw_advice(game: Mapping[str, Any], *, rng: random.Random,
                samples: int = DRAW_SAMPLES) -> TableAdvice | None:
    """:func:`draw_advice_steps` run to the end (for tests and tools)."""
    steps = draw_advice_steps(game, rng, samples, samples)
    if steps is None:
        return None
    *_, advice = steps
    return advice

"""The advisor's numbers for a table game: what the player's own hand is worth against the
opponents still in, what a call costs, and whether calling pays on equity alone.

A pure function of what the player can see (their hole cards, the board, the number of
opponents still in the hand, the amount to call and the pot) and a seeded ``random.Random``:
the page draws it in words (``web.advisortext``) and any bot may read the same numbers. It
knows nothing of position, bet sizes to come or what the opponents' bets say about their
cards — "on equity alone" is exactly that — so it advises no action; it states the odds.

>>> import random
>>> from rules.cards import parse_cards
>>> from rules.variants import HOLDEM
>>> a = table_advice(HOLDEM, parse_cards("Ah Kh"), [parse_cards("Qh 7h 2c")], 1,
...                  to_call=20, pot=80, rng=random.Random(1), samples=2000)
>>> a.pot_odds, a.calling_pays, a.equity.share > 0.5
(Fraction(1, 5), True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import Card
from .equity import DEFAULT_BATCH, Equity, equity_steps, pot_odds
from .variants import Variant

__all__ = ["ADVISOR_SAMPLES", "TableAdvice", "table_advice", "table_advice_steps"]

ADVISOR_SAMPLES = 20_000
"""Samples behind an advisor's figure: its standard error is then at most 0.35 percent."""


@dataclass(frozen=True)
class TableAdvice:
    """The advisor's numbers for one decision.

    ``equity`` against ``opponents`` players still in; ``to_call`` and ``pot`` as given
    (``pot``: every chip in the middle, bets of this round included); ``pot_odds`` the call's
    part of the pot after it (0 when there is nothing to call); ``calling_pays``: whether the
    hand's share of the pot beats that (None when there is nothing to call: checking is
    free).
    """

    equity: Equity
    opponents: int
    to_call: int
    pot: int
    pot_odds: Fraction

    @property
    def calling_pays(self) -> bool | None:
        if self.to_call == 0:
            return None
        return self.equity.share > self.pot_odds


def table_advice_steps(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                       opponents: int, *, to_call: int, pot: int, rng: random.Random,
                       dead: Sequence[Card] = (), samples: int = ADVISOR_SAMPLES,
                       batch: int = DEFAULT_BATCH) -> Iterator[TableAdvice | None]:
    """:func:`table_advice` in slices: None after every ``batch`` samples while work remains,
    then the :class:`TableAdvice` (see :func:`rules.equity.equity_steps`). Bad arguments raise
    before the first slice."""
    odds = pot_odds(to_call, pot)
    steps = equity_steps(variant, hole, boards, opponents, dead, rng=rng, samples=samples,
                         batch=batch)
    return _advice(steps, opponents, to_call, pot, odds)


def _advice(steps: Iterator[Equity | None], opponents: int, to_call: int, pot: int,
            odds: Fraction) -> Iterator[TableAdvice | None]:
    for step in steps:
        yield None if step is None else TableAdvice(step, opponents, to_call, pot, odds)


def table_advice(variant: Variant, hole: Sequence[Card], boards: Sequence[Sequence[Card]],
                 opponents: int, *, to_call: int, pot: int, rng: random.Random,
                 dead: Sequence[Card] = (), samples: int = ADVISOR_SAMPLES) -> TableAdvice:
    """The advisor's numbers: ``hole``'s equity (:func:`rules.equity.equity`, ``samples``
    deals) against ``opponents`` unknown hands on ``boards``, and the pot odds of calling
    ``to_call`` into ``pot``."""
    *_, advice = table_advice_steps(variant, hole, boards, opponents, to_call=to_call, pot=pot,
                                    rng=rng, dead=dead, samples=samples, batch=samples)
    assert advice is not None
    return advice

"""The advisor's words: its numbers as a sentence people and screen readers can follow.

The numbers are the rules' (:mod:`rules.ultimate_odds` for Ultimate Omaha); this module only
words them, with no symbol a screen reader would spell out (``percent``, not ``%``; money
through ``rules.money.format_money``, one formatter for the whole page).
"""

from __future__ import annotations

from rules.money import format_money
from rules.ultimate_odds import UltimateAdvice


def ultimate_advice_words(advice: UltimateAdvice) -> str:
    """The Ultimate Omaha advisor's sentence for the player's own hand.

    >>> ultimate_advice_words(UltimateAdvice(0.4537, 1.2649, 57, True, 671580, True))
    'You qualify in 45 percent of deals; expected multiplier 1.26, a foul counting zero. \
Doubling gains $0.57 on average: Double. Exact, from every turn and river.'
    >>> ultimate_advice_words(UltimateAdvice(0.28, 0.34, -40, False, 4000, False))
    'You qualify in 28 percent of deals; expected multiplier 0.34, a foul counting zero. \
Doubling loses $0.40 on average: Check. Estimated from 4,000 deals.'
    >>> ultimate_advice_words(UltimateAdvice(0.5, 1.0, 0, False, 4000, False)).split(". ", 1)[1]
    'Doubling changes nothing on average: Check. Estimated from 4,000 deals.'
    """
    percent = round(100 * advice.p_qualify)
    first = (f"You qualify in {percent} percent of deals; expected multiplier "
             f"{advice.e_multiplier:.2f}, a foul counting zero.")
    if advice.edge_cents > 0:
        second = f"Doubling gains {format_money(advice.edge_cents)} on average: Double."
    elif advice.edge_cents < 0:
        second = f"Doubling loses {format_money(-advice.edge_cents)} on average: Check."
    else:
        second = "Doubling changes nothing on average: Check."
    third = ("Exact, from every turn and river." if advice.exact
             else f"Estimated from {advice.samples:,} deals.")
    return f"{first} {second} {third}"

"""The advisor's words: its numbers (``rules.advice``; Ultimate Omaha's
``rules.ultimate_odds``) said to people, on screen and to screen readers.

What is spoken is words and whole numbers only — "percent", never "%", players counted in
words — so a screen reader says it as a person would: "You win about 42 percent against two
players; a call costs 20 percent of the pot after it, so calling pays on equity alone." What
is shown may be shorter. Percentages are rounded to whole numbers; "about" says they are
estimates (the sampling's error is well under one percent at the advisor's sample count).

>>> import random
>>> from rules.advice import table_advice
>>> from rules.cards import parse_cards
>>> from rules.variants import HOLDEM
>>> a = table_advice(HOLDEM, parse_cards("As Ah"), [], 2, to_call=0, pot=30,
...                  rng=random.Random(1), samples=1000)
>>> spoken_table(a)[:35], spoken_table(a)[-16:]
('You win about 73 percent against tw', 'nothing to call.')
"""

from __future__ import annotations

from fractions import Fraction

from rules.advice import TableAdvice
from rules.money import format_money
from rules.ultimate_odds import UltimateAdvice

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def players(count: int) -> str:
    """``'one player'``, ``'two players'`` … in words (digits past nine).

    >>> players(1), players(3), players(12)
    ('one player', 'three players', '12 players')
    """
    word = _COUNTS[count] if 0 <= count < len(_COUNTS) else str(count)
    return f"{word} player" if count == 1 else f"{word} players"


def percent(fraction: float | Fraction) -> str:
    """A fraction as a whole percentage in words, never 0 or 100 for what is merely near
    them (a hand that can still lose is not sure to win).

    >>> percent(0.4249), percent(Fraction(1, 5)), percent(0.999), percent(0.001), percent(1)
    ('42 percent', '20 percent', 'more than 99 percent', 'less than 1 percent', '100 percent')
    """
    value = float(fraction)
    if value <= 0:
        return "0 percent"
    if value >= 1:
        return "100 percent"
    whole = round(value * 100)
    if whole >= 100:
        return "more than 99 percent"
    if whole <= 0:
        return "less than 1 percent"
    return f"{whole} percent"


def _verdict(advice: TableAdvice) -> str:
    pays = advice.calling_pays
    if pays is None:
        return "nothing to call"
    cost = f"a call costs {percent(advice.pot_odds)} of the pot after it"
    if pays:
        return f"{cost}, so calling pays on equity alone"
    return f"{cost}, more than your share, so calling does not pay on equity alone"


def spoken_table(advice: TableAdvice) -> str:
    """The table games' advice for a screen reader, one sentence in words.

    >>> from rules.equity import Equity
    >>> a = TableAdvice(Equity(0.4, 0.05, 0.4249, 20000, 0.003), 2, 20, 80, Fraction(1, 5))
    >>> spoken_table(a)
    'You win about 42 percent against two players; a call costs 20 percent of the pot after \
it, so calling pays on equity alone.'
    >>> spoken_table(TableAdvice(Equity(0.1, 0, 0.1, 20000, 0.002), 1, 50, 50, Fraction(1, 2)))
    'You win about 10 percent against one player; a call costs 50 percent of the pot after \
it, more than your share, so calling does not pay on equity alone.'
    """
    share = percent(advice.equity.share)
    return f"You win about {share} against {players(advice.opponents)}; {_verdict(advice)}."


def shown_table(advice: TableAdvice) -> str:
    """The same advice for the eye, shorter.

    >>> from rules.equity import Equity
    >>> shown_table(TableAdvice(Equity(0.4, 0.05, 0.4249, 20000, 0.003), 2, 20, 80,
    ...                         Fraction(1, 5)))
    'Equity 42% against 2 · call 20% of the pot after it: pays'
    >>> shown_table(TableAdvice(Equity(0.4, 0.05, 0.4249, 20000, 0.003), 2, 0, 80, Fraction(0)))
    'Equity 42% against 2 · nothing to call'
    """
    share = percent(advice.equity.share).replace(" percent", "%")
    head = f"Equity {share} against {advice.opponents}"
    if advice.calling_pays is None:
        return f"{head} · nothing to call"
    odds = percent(advice.pot_odds).replace(" percent", "%")
    return f"{head} · call {odds} of the pot after it: " + (
        "pays" if advice.calling_pays else "does not pay")


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
    first = (f"You qualify in {percent(advice.p_qualify)} of deals; expected multiplier "
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

"""rules.advice and web.advisortext: the advisor's numbers for a table game and its words."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from rules.advice import TableAdvice, table_advice, table_advice_steps
from rules.cards import parse_cards
from rules.equity import Equity, equity
from rules.errors import SettingsError
from rules.variants import HOLDEM, OMAHA_HILO
from web.advisortext import percent, players, shown_table, spoken_table


def test_a_made_nut_hand_facing_a_bet_is_told_calling_pays():
    # The nut flush on the river against one player: a pot-sized bet costs half the pot after it.
    a = table_advice(HOLDEM, parse_cards("Ah 3h"), [parse_cards("Kh 9h 4h Qs 2c")], 1,
                     to_call=100, pot=200, rng=random.Random(1), samples=2000)
    assert a.pot_odds == Fraction(1, 3)
    assert a.equity.share > 0.9
    assert a.calling_pays is True


def test_a_hand_drawing_thin_is_told_calling_does_not_pay():
    # Seven high on the river: a pot-sized call needs a third of the pot; this wins far less.
    a = table_advice(HOLDEM, parse_cards("7d 2c"), [parse_cards("Kh 9h 4s Qs Jc")], 3,
                     to_call=100, pot=200, rng=random.Random(2), samples=2000)
    assert a.equity.share < Fraction(1, 3)
    assert a.calling_pays is False


def test_the_advice_is_the_equity_of_the_same_seed():
    args = (OMAHA_HILO, parse_cards("Ac 2c 3d Kd"), [parse_cards("4h 5s Qc")], 2)
    a = table_advice(*args, to_call=30, pot=90, rng=random.Random(3), samples=800)
    assert a.equity == equity(*args, rng=random.Random(3), samples=800)
    assert (a.opponents, a.to_call, a.pot) == (2, 30, 90)
    assert a.calling_pays is (a.equity.share > Fraction(30, 120))


def test_nothing_to_call_is_neither_paying_nor_not():
    a = table_advice(HOLDEM, parse_cards("As Kd"), [], 2, to_call=0, pot=30,
                     rng=random.Random(4), samples=200)
    assert a.pot_odds == 0 and a.calling_pays is None


def test_advice_comes_in_slices():
    steps = list(table_advice_steps(HOLDEM, parse_cards("As Kd"), [], 2, to_call=10, pot=30,
                                    rng=random.Random(5), samples=1000, batch=250))
    assert steps[:-1] == [None] * 3
    assert isinstance(steps[-1], TableAdvice) and steps[-1].equity.samples == 1000


def test_bad_amounts_are_refused_before_any_work():
    with pytest.raises(SettingsError, match="call"):
        table_advice_steps(HOLDEM, parse_cards("As Kd"), [], 1, to_call=-5, pot=30,
                           rng=random.Random())
    with pytest.raises(SettingsError, match="hole cards"):
        table_advice_steps(HOLDEM, parse_cards("As"), [], 1, to_call=5, pot=30,
                           rng=random.Random())


def _advice(share: float, opponents: int, to_call: int, pot: int) -> TableAdvice:
    odds = Fraction(to_call, pot + to_call) if to_call else Fraction(0)
    return TableAdvice(Equity(share, 0.0, share, 20000, 0.003), opponents, to_call, pot, odds)


_SYMBOLS = re.compile(r"[%♠♥♦♣·<>=+/\\*&#@~^|]")


@pytest.mark.parametrize("share,opponents,to_call,pot", [
    (0.4249, 2, 20, 80), (0.1, 1, 50, 50), (0.9996, 9, 10, 1000), (0.0004, 3, 500, 100),
    (0.5, 1, 0, 40),
])
def test_the_spoken_advice_is_words_with_no_symbols(share, opponents, to_call, pot):
    said = spoken_table(_advice(share, opponents, to_call, pot))
    assert not _SYMBOLS.search(said), said
    assert said.startswith("You win about ") and said.endswith(".")
    assert players(opponents) in said
    assert percent(share) in said


def test_the_spoken_advice_says_the_brief_s_example():
    assert spoken_table(_advice(0.42, 2, 20, 80)) == (
        "You win about 42 percent against two players; a call costs 20 percent of the pot "
        "after it, so calling pays on equity alone.")
    assert "does not pay" in spoken_table(_advice(0.19, 2, 20, 80))
    assert spoken_table(_advice(0.5, 1, 0, 40)).endswith("; nothing to call.")


def test_near_certain_figures_are_not_rounded_to_certainty():
    assert percent(0.9996) == "more than 99 percent"
    assert percent(0.0004) == "less than 1 percent"
    assert percent(0.0) == "0 percent" and percent(1.0) == "100 percent"


def test_the_shown_advice_is_short():
    assert shown_table(_advice(0.42, 2, 20, 80)) == (
        "Equity 42% against 2 · call 20% of the pot after it: pays")

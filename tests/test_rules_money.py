"""Money display and the base-bet parser: tables of what people type and what they must see."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.money import (
    MAX_BET_CENTS,
    MoneyError,
    field_dollars,
    format_money,
    parse_dollars,
)


@pytest.mark.parametrize(
    ("cents", "plain", "signed"),
    [
        (0, "$0", "$0"),
        (1, "$0.01", "+$0.01"),
        (25, "$0.25", "+$0.25"),
        (100, "$1", "+$1"),
        (150, "$1.50", "+$1.50"),
        (105, "$1.05", "+$1.05"),
        (500, "$5", "+$5"),
        (-500, "-$5", "-$5"),
        (-150, "-$1.50", "-$1.50"),
        (-1, "-$0.01", "-$0.01"),
        # Thousands separated, as the bet field shows them too.
        (1_000_000, "$10,000", "+$10,000"),
        (123_456_789, "$1,234,567.89", "+$1,234,567.89"),
        (-100_000_00, "-$100,000", "-$100,000"),
    ],
)
def test_format_money(cents, plain, signed):
    assert format_money(cents) == plain
    assert format_money(cents, signed=True) == signed


@pytest.mark.parametrize("bad", [1.5, "100", True, None, 1e2])
def test_format_money_refuses_non_cents(bad):
    with pytest.raises(MoneyError, match="whole number of cents"):
        format_money(bad)


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("1", 100),
        ("1.5", 150),
        ("1.50", 150),
        ("$2.25", 225),
        ("$ 2.25", 225),
        ("0.01", 1),
        (".5", 50),
        ("0.29", 29),  # 0.29 is not exact in binary floating point
        ("  3  ", 300),
        ("007", 700),
        ("1,000", 100_000),
        ("1,000.10", 100_010),
        ("100000", MAX_BET_CENTS),
        ("100,000.00", MAX_BET_CENTS),
    ],
)
def test_parse_dollars_accepts(text, cents):
    assert parse_dollars(text) == cents


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("0", "less than the minimum"),
        ("0.00", "less than the minimum"),
        ("$0", "less than the minimum"),
        ("0.001", "more than two decimals"),
        ("1.234", "more than two decimals"),
        ("1.", "no cents"),
        (".", "not an amount"),
        ("$", "not an amount"),
        ("-1", "negative"),
        ("-0.50", "negative"),
        ("+1", "not an amount"),
        ("1e3", "not an amount"),
        ("NaN", "not an amount"),
        ("inf", "not an amount"),
        ("abc", "not an amount"),
        ("1,00", "not an amount"),
        ("10,0000", "not an amount"),
        ("1 000", "not an amount"),
        ("١٢", "not an amount"),  # Arabic-Indic digits: int() would take them, we do not
        ("100000.01", "more than the maximum"),
        ("9" * 5000, "more than the maximum"),
        ("1.5$", "not an amount"),
    ],
)
def test_parse_dollars_refuses_with_the_input_named(text, why):
    with pytest.raises(MoneyError, match=why) as info:
        parse_dollars(text)
    if text.strip() and len(text) < 100:
        assert repr(text) in str(info.value)


@pytest.mark.parametrize("bad", [1, 1.5, None, b"1"])
def test_parse_dollars_needs_text(bad):
    with pytest.raises(MoneyError, match="text"):
        parse_dollars(bad)


def test_money_error_is_a_value_error():
    assert issubclass(MoneyError, ValueError)


@settings(max_examples=200)
@given(st.integers(min_value=1, max_value=MAX_BET_CENTS))
def test_format_then_parse_round_trips(cents):
    assert parse_dollars(format_money(cents)) == cents


@settings(max_examples=200)
@given(st.text(max_size=12))
def test_parse_dollars_only_ever_raises_money_error(text):
    try:
        cents = parse_dollars(text)
    except MoneyError:
        return
    assert 1 <= cents <= MAX_BET_CENTS


def test_doctests():
    import doctest

    import rules.money

    assert doctest.testmod(rules.money).failed == 0


@given(st.integers(min_value=1, max_value=MAX_BET_CENTS))
def test_the_bet_field_reads_back_what_it_shows(cents):
    shown = field_dollars(cents)
    assert parse_dollars(shown) == cents
    assert format_money(cents) == "$" + shown  # the field and the page agree

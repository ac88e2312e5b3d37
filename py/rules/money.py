"""Money: integer cents in, ``$`` text out, and back.

All balances, stakes and payouts are ``int`` cents so that no float ever touches a balance
(float dollars drift: ``0.1 + 0.2 != 0.3``). This module is the one place that turns cents
into text for people and the host's typed base bet back into cents.

>>> format_money(150), format_money(-500), format_money(500, signed=True)
('$1.50', '-$5', '+$5')
>>> parse_dollars("$2.25")
225
"""

from __future__ import annotations

import re

from .errors import RulesError

MIN_BET_CENTS = 1
"""The smallest base bet: one cent."""
MAX_BET_CENTS = 100_000_00
"""The largest base bet the host may type: $100,000. A friendly game has no use for more, and
a cap keeps a slip of the finger (an extra six zeros) from producing absurd balances."""

_DOLLARS = re.compile(
    r"""
    \$?\s*                              # optional dollar sign
    (?P<whole>[0-9]{1,3}(?:,[0-9]{3})+  # 1,000 (commas in the right places only)
             |[0-9]+)?                  # or plain digits; may be absent for '.50'
    (?:\.(?P<frac>[0-9]*))?             # fraction; its length is checked below for a clear message
    """,
    re.VERBOSE | re.ASCII,
)


class MoneyError(RulesError):
    """An amount of money could not be read or is out of range; the message quotes the input."""


def _check_cents(cents: object) -> int:
    # bool is an int subclass, but True cents is surely a bug upstream.
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise MoneyError(f"money must be a whole number of cents, got {cents!r}")
    return cents


def format_money(cents: int, signed: bool = False) -> str:
    """Cents as people read them: a ``$`` prefix, decimals only when the amount is not whole.

    ``signed`` is for payouts and other changes, where a gain shows its ``+`` and nothing
    moved shows a bare ``$0``.

    Thousands are separated (``$100,000``): a long run of zeros is easy to misread.

    >>> [format_money(c) for c in (0, 100, 150, 25, 123456, -500, -5, 100_000_00)]
    ['$0', '$1', '$1.50', '$0.25', '$1,234.56', '-$5', '-$0.05', '$100,000']
    >>> [format_money(c, signed=True) for c in (500, -500, 0, 1)]
    ['+$5', '-$5', '$0', '+$0.01']
    """
    cents = _check_cents(cents)
    text = "$" + field_dollars(abs(cents))
    if cents < 0:
        return "-" + text
    if signed and cents > 0:
        return "+" + text
    return text


def field_dollars(cents: int) -> str:
    """A non-negative amount as the bet field shows it: as :func:`format_money` without the
    ``$`` (so the field and the page agree), and read back by :func:`parse_dollars`.

    >>> [field_dollars(c) for c in (50, 100, 100_000_00, 123456)]
    ['0.50', '1', '100,000', '1,234.56']
    >>> parse_dollars(field_dollars(123456))
    123456
    """
    cents = _check_cents(cents)
    if cents < 0:
        raise MoneyError(f"field_dollars takes a non-negative amount, got {cents!r}")
    dollars, rest = divmod(cents, 100)
    return f"{dollars:,}" if rest == 0 else f"{dollars:,}.{rest:02d}"


def plain_dollars(cents: int) -> str:
    """Cents as a plain decimal number, always two decimals and no ``$``: what a spreadsheet
    reads as a number and what the bet field shows, so it reads back with :func:`parse_dollars`.

    >>> [plain_dollars(c) for c in (0, 250, -500, -5)]
    ['0.00', '2.50', '-5.00', '-0.05']
    >>> parse_dollars(plain_dollars(1234))
    1234
    """
    cents = _check_cents(cents)
    whole, rest = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole}.{rest:02d}"


def parse_dollars(text: str) -> int:
    """Reads the host's base-bet field: dollars with up to two decimals, as cents.

    Accepts ``'1'``, ``'1.5'``, ``'$2.25'``, ``'.50'``, ``'1,000'`` and surrounding spaces;
    refuses anything under $0.01 or over :data:`MAX_BET_CENTS`, more than two decimals,
    signs, exponents, ``NaN`` and junk, with a :class:`MoneyError` that quotes the input.
    Parsing is done on the digits (never through ``float``), so ``'0.29'`` is exactly 29.

    >>> [parse_dollars(t) for t in ("1", "1.5", "$2.25", "0.01", " 3 ", "1,000.10")]
    [100, 150, 225, 1, 300, 100010]
    >>> parse_dollars("0.001")
    Traceback (most recent call last):
    ...
    rules.money.MoneyError: '0.001' has more than two decimals (cents are the smallest unit)
    """
    if not isinstance(text, str):
        raise MoneyError(f"amount must be text like '1.50', got {text!r}")
    stripped = text.strip()
    if not stripped:
        raise MoneyError("amount is empty; type dollars like 1 or 1.50")
    m = _DOLLARS.fullmatch(stripped)
    if m is None or (m["whole"] is None and not m["frac"]):
        if stripped.startswith("-"):
            raise MoneyError(f"{text!r} is negative; the bet must be at least $0.01")
        raise MoneyError(f"{text!r} is not an amount in dollars (like 1 or 1.50)")
    whole, frac = m["whole"], m["frac"]
    if frac == "":
        raise MoneyError(f"{text!r} has a decimal point but no cents after it")
    if frac is not None and len(frac) > 2:
        raise MoneyError(f"{text!r} has more than two decimals (cents are the smallest unit)")
    # Bounding the digit count before int() keeps a pasted megabyte of digits cheap to refuse.
    digits = (whole or "0").replace(",", "").lstrip("0") or "0"
    if len(digits) > len(str(MAX_BET_CENTS // 100)):
        raise MoneyError(f"{text!r} is more than the maximum {format_money(MAX_BET_CENTS)}")
    cents = int(digits) * 100 + int((frac or "").ljust(2, "0"))
    if cents < MIN_BET_CENTS:
        raise MoneyError(f"{text!r} is less than the minimum {format_money(MIN_BET_CENTS)}")
    if cents > MAX_BET_CENTS:
        raise MoneyError(f"{text!r} is more than the maximum {format_money(MAX_BET_CENTS)}")
    return cents

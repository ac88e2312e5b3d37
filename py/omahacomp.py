"""omahacomp: which of two Omaha Hi/Lo hands wins the high half and which the low half.

Usage: ``python3 py/omahacomp.py input.txt output.txt``

Each input line holds one deal, for example::

    HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd

and the output repeats it, followed by the verdict and a blank line between deals::

    HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd
    => HandB wins Hi (3-of-a-Kind); HandB wins Lo (7652A)

A line that cannot be read gets ``=> Error: <what is wrong>`` and the other lines still run.
Exit status: 0 when every line was read, 1 when some were not, 2 when the input file itself
could not be read or the output not written. Blank lines are skipped. Standard library only:
it uses the very evaluator the game uses (``py/rules``).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # run as a script from anywhere (even with -I): find py/rules
    sys.path.insert(0, _HERE)

from rules.cards import Card, CardError, parse_cards  # noqa: E402
from rules.evaluator import Category, format_low, high_hand, omaha_high, omaha_low8  # noqa: E402

CATEGORY_NAMES = {
    Category.HIGH_CARD: "High Card",
    Category.PAIR: "One Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.TRIPS: "3-of-a-Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.BOAT: "Full House",
    Category.QUADS: "4-of-a-Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
}
"""The names this task's output uses (a royal flush prints as a Straight Flush)."""

PARTS = {"handa": ("HandA", 4), "handb": ("HandB", 4), "board": ("Board", 5)}
"""Lower-cased label -> (name as printed, number of cards)."""

_LABEL = re.compile(r"([A-Za-z]+)\s*:")


class LineError(ValueError):
    """A deal line that cannot be read; the message says what is wrong with it."""


@dataclass(frozen=True)
class Deal:
    hand_a: tuple[Card, ...]
    hand_b: tuple[Card, ...]
    board: tuple[Card, ...]


def parse_line(line: str) -> Deal:
    """Reads ``HandA:… HandB:… Board:…`` (labels in any order and any case).

    >>> deal = parse_line("HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd")
    >>> str(deal.board[0]), len(deal.hand_b)
    ('Ah', 4)
    >>> parse_line("HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d")
    Traceback (most recent call last):
    ...
    omahacomp.LineError: missing Board
    """
    labels = list(_LABEL.finditer(line))
    if not labels:
        raise LineError("expected HandA:cards HandB:cards Board:cards")
    lead = line[: labels[0].start()].strip()
    if lead:
        raise LineError(f"unexpected text {lead!r} before {labels[0].group(1)!r}")
    found: dict[str, tuple[Card, ...]] = {}
    for i, match in enumerate(labels):
        label = match.group(1)
        key = label.lower()
        if key not in PARTS:
            raise LineError(f"unknown part {label!r} (expected HandA, HandB and Board)")
        name, count = PARTS[key]
        if name in found:
            raise LineError(f"{name} given twice")
        end = labels[i + 1].start() if i + 1 < len(labels) else len(line)
        text = line[match.end() : end]
        try:
            found[name] = parse_cards(text, count=count, what=name)
        except CardError as e:
            message = str(e)
            raise LineError(message if name in message else f"{name}: {message}") from e
    missing = [name for name, _ in PARTS.values() if name not in found]
    if missing:
        raise LineError("missing " + " and ".join(missing))
    seen: dict[int, str] = {}
    for name, cards in found.items():
        for card in cards:
            if card in seen:
                raise LineError(f"duplicate card {card} (in {seen[card]} and {name})")
            seen[card] = name
    return Deal(found["HandA"], found["HandB"], found["Board"])


def verdict(deal: Deal) -> str:
    """The high and low results of one deal, as the output prints them (after ``=> ``).

    >>> verdict(parse_line("HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-6d Board:Ad-Kh-5s-2d-Qd"))
    'HandA wins Hi (Flush); No hand qualified for Low'
    """
    high_a = omaha_high(deal.hand_a, deal.board)
    high_b = omaha_high(deal.hand_b, deal.board)
    if high_a == high_b:
        high = f"Split Pot Hi ({_category_name(high_a)})"
    else:
        winner, value = ("HandA", high_a) if high_a > high_b else ("HandB", high_b)
        high = f"{winner} wins Hi ({_category_name(value)})"

    low_a = omaha_low8(deal.hand_a, deal.board)
    low_b = omaha_low8(deal.hand_b, deal.board)
    if low_a is None and low_b is None:
        low = "No hand qualified for Low"
    elif low_a == low_b:
        low = f"Split Pot Lo ({format_low(low_a)})"  # type: ignore[arg-type]
    elif low_b is None or (low_a is not None and low_a < low_b):
        low = f"HandA wins Lo ({format_low(low_a)})"  # type: ignore[arg-type]
    else:
        low = f"HandB wins Lo ({format_low(low_b)})"
    return f"{high}; {low}"


def _category_name(value: int) -> str:
    return CATEGORY_NAMES[high_hand(value).category]


def run(lines: Iterable[str]) -> tuple[str, bool]:
    """The output text for these input lines, and whether every line could be read."""
    cases = []
    all_read = True
    for raw in lines:
        line = raw.rstrip("\r\n").rstrip()
        if not line.strip():
            continue
        try:
            result = verdict(parse_line(line))
        except LineError as e:
            result = f"Error: {e}"
            all_read = False
        cases.append(f"{line}\n=> {result}\n")
    return "\n".join(cases), all_read


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: omahacomp input.txt output.txt", file=sys.stderr)
        return 2
    source, target = args
    try:
        with open(source, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"omahacomp: cannot read {source}: {_reason(e)}", file=sys.stderr)
        return 2
    output, all_read = run(text.splitlines())
    try:
        with open(target, "w", encoding="utf-8") as f:
            f.write(output)
    except OSError as e:
        print(f"omahacomp: cannot write {target}: {_reason(e)}", file=sys.stderr)
        return 2
    return 0 if all_read else 1


def _reason(error: Exception) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 text"
    return getattr(error, "strerror", None) or str(error)


if __name__ == "__main__":
    sys.exit(main())

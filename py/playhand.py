#!/usr/bin/env python3
"""Plays one scripted hand through the table games' engine and prints what every seat wins or
loses: for settling a disputed hand, and for tests.

Usage::

    python3 py/playhand.py HAND.json      # or - to read the hand from stdin
    python3 py/playhand.py --no-pokerkit HAND.json

The input is one JSON object (issue 10 item 4)::

    {"game": "holdem", "betting": "no-limit", "stacks": [1000, 1000, 400], "button": 0,
     "blinds": [5, 10], "ante": 0, "cap": null,
     "hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"]],
     "boards": [["2c", "7h", "Kc", "3d", "9s"]], "stub": [],
     "actions": ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"]}

On success it prints ``{"net": [...], "stacks": [...], "pots": [...]}`` on stdout and exits
0. A bad script prints one line on stderr (naming the 1-based action where one is to blame)
and nothing on stdout, and exits 1.

The result is also replayed through pokerkit 0.7.7 (``rules.poker.kit``) where its rules are
ours; a disagreement is a bug in one of the engines, reported on stderr with exit status 2.
pokerkit comes from the environment, or else from the pinned wheel that ``tools/setup.sh``
puts in ``vendor/wheels/`` (a wheel is importable as a zip).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from rules.cards import Card, CardError  # noqa: E402
from rules.poker import (  # noqa: E402
    Action,
    BadSetup,
    DeckError,
    Game,
    Hand,
    PokerError,
    ScriptedCards,
    TableRules,
)
from rules.poker.records import Awarded  # noqa: E402

WHEEL = "pokerkit-0.7.7-py3-none-any.whl"
"""The pinned wheel's file name, exactly as PyPI serves it (the page will load the same file)."""
WHEEL_DIR = HERE.parent / "vendor" / "wheels"
KEYS = {"game", "betting", "stacks", "button", "blinds", "ante", "cap", "hole", "boards", "stub",
        "actions"}


class ScriptProblem(Exception):
    """A bad hand script: the message is the one line printed on stderr."""


def ensure_pokerkit() -> None:
    """Imports pokerkit, from the vendored wheel when the environment lacks it."""
    try:
        import pokerkit
        return
    except ImportError:
        pass
    wheel = WHEEL_DIR / WHEEL
    if not wheel.is_file():
        raise ScriptProblem(
            f"pokerkit 0.7.7 is not installed and {wheel} is missing: run tools/setup.sh "
            "(it fetches the pinned wheel), or pass --no-pokerkit to skip the cross-check")
    sys.path.insert(0, str(wheel))
    import pokerkit  # noqa: F401


def _cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScriptProblem(f"{what} must be a list of cards like [\"As\", \"Kd\"], "
                            f"got {value!r}")
    try:
        return [Card.parse(c) for c in value]
    except CardError as e:
        raise ScriptProblem(f"{what}: {e}") from None


def load(data: object) -> tuple[Hand, ScriptedCards, list[str]]:
    """Reads and checks a script; returns the hand (blinds posted, cards dealt), its card
    source and the actions still to play."""
    if not isinstance(data, Mapping):
        raise ScriptProblem(f"a hand script is a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScriptProblem(f"unknown key {unknown[0]!r} (keys are {', '.join(sorted(KEYS))})")
    for key in ("game", "stacks", "button", "blinds", "hole", "actions"):
        if key not in data:
            raise ScriptProblem(f"missing {key!r}")
    try:
        rules = TableRules.parse(data)
    except BadSetup as e:
        raise ScriptProblem(str(e)) from None
    game = rules.game
    stacks = data["stacks"]
    if not isinstance(stacks, list) or not all(type(s) is int and s > 0 for s in stacks):
        raise ScriptProblem(f"stacks must be a list of whole chips > 0, got {stacks!r}")
    if not 2 <= len(stacks) <= game.max_seats:
        raise ScriptProblem(f"{game.value} seats 2 to {game.max_seats} players, "
                            f"got {len(stacks)} stacks")
    n = len(stacks)
    hole_in = data["hole"]
    if not isinstance(hole_in, list) or len(hole_in) != n:
        raise ScriptProblem(f"hole must list the hole cards of each of the {n} seats")
    dealt_in = [s >= rules.ante if game is Game.BOMB_DOUBLE else True for s in stacks]
    hole = [_cards(h, f"hole cards of seat {i}") for i, h in enumerate(hole_in)]
    for i, h in enumerate(hole):
        want = game.hole_count if dealt_in[i] else 0
        if len(h) != want:
            why = "" if dealt_in[i] else f" (its stack {stacks[i]} is below the ante: not dealt in)"
            raise ScriptProblem(f"seat {i} needs {want} hole cards in {game.value}{why}, "
                                f"got {len(h)}")
    boards_in = data.get("boards", [])
    if not isinstance(boards_in, list) or len(boards_in) != game.board_count:
        raise ScriptProblem(f"{game.value} needs {game.board_count} board(s) in 'boards', "
                            f"got {boards_in!r}")
    boards = [_cards(b, f"board {i + 1}") for i, b in enumerate(boards_in)]
    for i, b in enumerate(boards):
        if len(b) != 5:
            raise ScriptProblem(f"board {i + 1} needs all 5 cards, got {len(b)}")
    stub_in = data.get("stub", [])
    stub = _cards(stub_in if stub_in is not None else [], "stub")
    if stub and game is not Game.DRAW:
        raise ScriptProblem(f"only draw has a stub; {game.value} got {len(stub)} stub cards")
    seen: dict[Card, str] = {}
    groups = [(f"seat {i}'s hole cards", h) for i, h in enumerate(hole)]
    groups += [(f"board {i + 1}", b) for i, b in enumerate(boards)]
    for what, cards in groups:
        for c in cards:
            if c in seen:
                where = what if seen[c] == what else f"{seen[c]} and {what}"
                raise ScriptProblem(f"duplicate card {c} ({where})")
            seen[c] = what
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScriptProblem(f"actions must be a list of strings like \"s0 call\", got {actions!r}")
    button = data["button"]
    source = ScriptedCards(hole, boards, stub)
    try:
        hand = Hand(rules, stacks, button, source)
    except PokerError as e:
        raise ScriptProblem(str(e)) from None
    return hand, source, list(actions)


def play(data: object) -> Hand:
    """Plays a script to the end; raises :class:`ScriptProblem` for a bad one."""
    hand, source, actions = load(data)
    for number, text in enumerate(actions, start=1):
        if hand.is_over:
            raise ScriptProblem(f"action {number} ({text!r}): the hand is already over "
                                f"(it ended after action {number - 1})")
        try:
            hand.do(Action.parse(text))
        except PokerError as e:
            raise ScriptProblem(f"action {number} ({text!r}): {e}") from None
    if not hand.is_over:
        what = "draw" if hand.phase.value == "drawing" else "act"
        raise ScriptProblem(f"the actions stop before the hand is over: seat {hand.to_act} is "
                            f"to {what} ({hand.street})")
    left = source.unused_stub()
    if left:
        raise ScriptProblem(f"the stub holds {left} card(s) the draw did not hand out")
    return hand


def result(hand: Hand) -> dict[str, Any]:
    """The output object: each seat's net and final stack, and every pot with its winners."""
    pots: list[dict[str, Any]] = []
    for index, pot in enumerate(hand.final_pots()):
        winners: dict[int, int] = {}
        for rec in hand.log:
            if isinstance(rec, Awarded) and rec.pot == index:
                winners[rec.seat] = winners.get(rec.seat, 0) + rec.amount
        pots.append({"amount": pot.amount, "eligible": list(pot.eligible),
                     "winners": [{"seat": s, "amount": a} for s, a in winners.items()]})
    return {"net": list(hand.net()), "stacks": list(hand.stacks), "pots": pots}


def read(path: str) -> object:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ScriptProblem(f"cannot read {path}: {e}") from None
    try:
        return json.loads(text)
    except ValueError as e:
        raise ScriptProblem(f"{'stdin' if path == '-' else path} is not JSON: {e}") from None


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    check = "--no-pokerkit" not in args
    args = [a for a in args if a != "--no-pokerkit"]
    if len(args) != 1:
        print("usage: python3 py/playhand.py [--no-pokerkit] HAND.json  (- reads stdin)",
              file=sys.stderr)
        return 1
    try:
        hand = play(read(args[0]))
        if check:
            ensure_pokerkit()
    except ScriptProblem as e:
        print(" ".join(str(e).split()), file=sys.stderr)
        return 1
    except (PokerError, DeckError) as e:  # pragma: no cover - load() wraps these
        print(" ".join(str(e).split()), file=sys.stderr)
        return 1
    if check:
        from rules.poker.kit import Verdict, cross_check

        verdict = cross_check(hand)
        if verdict.verdict is Verdict.DIFFER:
            print(f"internal error: pokerkit 0.7.7 disagrees: {verdict.reason}", file=sys.stderr)
            return 2
    print(json.dumps(result(hand)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

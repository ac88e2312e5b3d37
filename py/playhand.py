#!/usr/bin/env python3
"""Play one scripted betting hand and print what every seat wins or loses.

Usage::

    python3 py/playhand.py HAND.json      # or  -  to read the hand from stdin

For settling a disputed hand and for tests: the hand runs through the very engine the room
runs (``rules.poker``). Input, one JSON object::

    {"game": "holdem", "betting": "no-limit", "stacks": [1000, 1000, 400], "button": 0,
     "blinds": [5, 10], "ante": 0, "cap": null,
     "hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"]],
     "boards": [["2c", "7h", "Kc", "3d", "9s"]], "stub": [],
     "actions": ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"]}

- ``game``: a game id; ``betting``: ``no-limit`` | ``pot-limit`` | ``double-pot-limit`` |
  ``fixed-limit`` (optional: the game's default). ``playhand --help`` lists every game with its
  hole cards, boards, seats and default betting, read from the games' records
  (``rules.variants``; the rules are ``static/rules/table-games.md#the-games``).
- ``stacks`` (one a seat, as many seats as the game seats, each > 0), ``button``, ``blinds``
  ``[small, big]`` (posted in every game that always posts blinds; elsewhere the big blind is
  only the unit: a 5-card draw script is a hand with antes, the table's default, since
  ``blinds`` is in every script and so cannot also say that a draw table posts them), ``ante``
  (optional; a bomb pot's is the bomb ante: a seat below it is not dealt in and has ``[]``
  hole cards), ``cap`` (most bets and raises a round, no/pot-limit; fixed-limit is always
  four).
- ``hole`` per seat, ``boards`` (``[]`` in the draw games) all five cards each, ``stub`` (the
  draw games: exactly the cards the draws hand out, in order, every draw of the hand in one
  list; each draw goes round from left of the button). Cards must be the game's: a short deck
  has no two to five. A stub too short for the draws, or with cards left over, is refused.
  The deck can run short, even in the middle of one player's draw: the stub then goes on with
  cards from the discards made so far (never those the drawing player is throwing away),
  which are reshuffled into the order the stub lists.
- ``actions``: ``"s<seat> <verb> [amount | cards]"`` with ``fold``, ``check``, ``call``,
  ``bet N``, ``raise N`` (N is the *to* amount; optional in fixed-limit), ``allin``,
  ``draw [cards...]``. Forced bets, dealing, run-outs and the showdown are not written. Every
  draw is: every player still in draws, all in or not, even when no more betting can follow
  (``draw`` with no cards stands pat).

Output on success (exit 0), one line of JSON on stdout::

    {"net": [430, -30, -400], "stacks": [1430, 970, 0],
     "pots": [{"amount": 830, "eligible": [0, 2], "winners": [{"seat": 0, "amount": 830}]}]}

A bad script prints one line on stderr (naming the 1-based action where one applies), nothing
on stdout, and exits 1. When pokerkit is importable (the pinned wheel that ``tools/setup.sh``
puts in ``vendor/wheels/``), the hand's betting is also replayed through pokerkit 0.7.7 as a
cross-check wherever its rules agree with ours (``rules.poker.kit``); a disagreement is an
engine bug and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from rules.errors import RulesError  # noqa: E402
from rules.poker.script import StepError, parse_script, play, result_json  # noqa: E402
from rules.variants import VARIANTS  # noqa: E402

WHEEL = "pokerkit-0.7.7-py3-none-any.whl"
WHEEL_DIR = HERE.parent / "vendor" / "wheels"


def load_pokerkit() -> bool:
    """Makes ``import pokerkit`` work: the installed one, else the pinned wheel from
    ``vendor/wheels/`` (a wheel is a zip Python can import from). False when neither is there.
    """
    try:
        import pokerkit
    except ImportError:
        wheel = WHEEL_DIR / WHEEL
        if not wheel.is_file():
            return False
        sys.path.append(str(wheel))
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            return False
    return True


def games_list() -> str:
    """The games a script may name, one a line, from their records."""
    lines = ["games:"]
    for v in VARIANTS.values():
        boards = f"{v.boards} board{'s' if v.boards != 1 else ''}" if v.boards else "no board"
        draws = f", {v.draw_count} draw{'s' if v.draw_count > 1 else ''}" if v.draws else ""
        deck = f", {len(v.deck)}-card deck" if len(v.deck) != 52 else ""
        lines.append(
            f"  {v.id:<12} {v.title}: {v.hole} hole cards, {boards}{draws}{deck}, "
            f"{v.seats[0]}-{v.seats[1]} seats, {v.default_betting.value} by default"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="playhand", description="Play one scripted betting hand; print each seat's net.",
        epilog=games_list(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", help="the hand as JSON, or - for stdin")
    parser.add_argument(
        "--no-pokerkit", action="store_true",
        help="skip the cross-check against pokerkit 0.7.7",
    )
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.hand == "-" else Path(args.hand).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"playhand: cannot read {args.hand}: {e}", file=sys.stderr)
        return 1
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        print(f"playhand: not JSON: {e}", file=sys.stderr)
        return 1
    try:
        script = parse_script(obj)
        hand = play(script)
    except StepError as e:
        where = "" if e.number is None else (
            f"action {e.number} ({script.actions[e.number - 1]!r}): "
        )
        print(f"playhand: {where}{e}", file=sys.stderr)
        return 1
    except RulesError as e:
        print(f"playhand: {e}", file=sys.stderr)
        return 1
    if not args.no_pokerkit:
        if not load_pokerkit():
            print(
                f"playhand: pokerkit is not installed and {WHEEL} is not in {WHEEL_DIR}: "
                "run tools/setup.sh (or pass --no-pokerkit to skip the cross-check)",
                file=sys.stderr,
            )
            return 1
        from rules.poker.kit import KitDisagrees, cross_check

        try:
            cross_check(hand)
        except KitDisagrees as e:
            print(f"playhand: engine and pokerkit disagree (a bug): {e}", file=sys.stderr)
            return 2
    print(json.dumps(result_json(hand.result())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Ultimate Omaha showdown: score a table and settle it exactly as the game does.

Usage::

    python3 py/showdown.py TABLE.json      # or  -  to read the table from stdin

Input (JSON)::

    {"board1": ["Ah", "Kh", "Qh", "9c", "3s"], "board2": ["Kc", "Qc", "4c", "8d", "2h"],
     "players": [{"name": "Ann", "hole": ["As", "Ad", "7c", "2c"], "stake_cents": 100},
                 {"name": "Bob", "hole": ["Js", "Jd", "7d", "2s"], "stake_cents": 200}]}

Output on stdout (one line of JSON, players in input order; wrapped here)::

    {"players": [{"name": "Ann", "board1": {"hand": "Trips", "multiplier": 1},
                  "board2": {"hand": "Flush", "multiplier": 2}, "qualifies": true,
                  "total_multiplier": 2, "net_cents": 400},
                 {"name": "Bob", "board1": {"hand": "Pair", "multiplier": 0},
                  "board2": {"hand": "Pair", "multiplier": 0}, "qualifies": false,
                  "total_multiplier": 0, "net_cents": -400}], "sum_net_cents": 0}

- ``hand`` is the display name (High Card ... Royal Flush). A board's ``multiplier`` is the rules'
  table for a board that qualifies (pair of aces or better) and 0 for one that does not, so
  ``total_multiplier`` is board 1's × board 2's, and 0 for a fouled player.
- Two to ten players settle pairwise (the rules' formula); ``sum_net_cents`` is then always 0.
- One player plays the bank: ``net_cents`` is the player's result against the bank,
  ``sum_net_cents`` is the sum of the players' nets as always (here that one net), and the
  output gains ``"bank_net_cents"``, the bank's own net (minus the player's), so that players
  plus bank sum to zero.

A bad table (not JSON, missing or unknown keys, unknown or duplicate cards, wrong card counts,
no players or more than ten, a stake that is not a positive whole number of cents — JSON
``true``, ``1.0`` and ``"100"`` are not) gets a message naming the problem on stderr and exit
status 1. Scoring and settlement are the very functions the game runs (``rules.ultimate``);
only the standard library is needed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rules.cards import Card, CardError, parse_cards
from rules.errors import RulesError
from rules.ultimate import BOARD_CARDS, HOLE_CARDS, MAX_PLAYERS, result_for

MAX_INPUT_BYTES = 1_000_000
"""A table is a few hundred bytes; refusing megabytes keeps a wrong file from hanging the tool."""
TABLE_KEYS = {"board1", "board2", "players"}
PLAYER_KEYS = {"name", "hole", "stake_cents"}


class TableError(ValueError):
    """The table cannot be played; the message says where and why."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise TableError(f"key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise TableError(f"{name} is not a number JSON allows")


def load_table(text: str) -> Any:
    """Parses JSON strictly: no NaN/Infinity, no key given twice (the later would silently win)."""
    try:
        return json.loads(
            text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants
        )
    except json.JSONDecodeError as e:
        raise TableError(f"not valid JSON: {e}") from None
    except ValueError as e:  # e.g. an integer with thousands of digits
        if isinstance(e, TableError):
            raise
        raise TableError(f"not valid JSON: {e}") from None


def _keys(obj: Any, required: set[str], what: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise TableError(f"{what} must be a JSON object, got {type(obj).__name__}")
    missing = sorted(required - obj.keys())
    if missing:
        raise TableError(f"{what} is missing {', '.join(map(repr, missing))}")
    unknown = sorted(obj.keys() - required)
    if unknown:
        raise TableError(f"{what} has unknown key(s) {', '.join(map(repr, unknown))}")
    return obj


def _cards(value: Any, count: int, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise TableError(f"{what} must be a list of card strings like [\"Ah\", \"Td\"]")
    try:
        return parse_cards(value, count=count, what=what)
    except CardError as e:
        raise TableError(f"{what}: {e}") from None


def showdown(table: Any) -> dict[str, Any]:
    """Validates a parsed table and returns the output document (see the module docstring)."""
    table = _keys(table, TABLE_KEYS, "the table")
    board1 = _cards(table["board1"], BOARD_CARDS, "board1")
    board2 = _cards(table["board2"], BOARD_CARDS, "board2")
    players = table["players"]
    if not isinstance(players, list):
        raise TableError("players must be a list")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise TableError(f"a table has 1 to {MAX_PLAYERS} players, got {len(players)}")

    names: list[str] = []
    holes: list[tuple[Card, ...]] = []
    stakes: list[int] = []
    where: dict[Card, str] = {c: "board1" for c in board1}
    for c in board2:
        if c in where:
            raise TableError(f"card {c} appears twice: in {where[c]} and in board2")
        where[c] = "board2"
    for i, p in enumerate(players):
        p = _keys(p, PLAYER_KEYS, f"players[{i}]")
        name = p["name"]
        if not isinstance(name, str) or not name.strip():
            raise TableError(f"players[{i}] needs a non-empty name, got {name!r}")
        who = f"{name!r}"
        hole = _cards(p["hole"], HOLE_CARDS, f"hole of {who}")
        for c in hole:
            if c in where:
                raise TableError(f"card {c} appears twice: in {where[c]} and in the hole of {who}")
            where[c] = f"the hole of {who}"
        stake = p["stake_cents"]
        if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
            raise TableError(
                f"stake_cents of {who} must be a positive whole number of cents "
                f"(an integer like 100), got {stake!r}"
            )
        names.append(name)
        holes.append(hole)
        stakes.append(stake)

    try:
        # Ids by position: names are labels and two players may share one.
        result = result_for(
            [str(i) for i in range(len(names))], holes, stakes, board1, board2, base_cents=1
        )
    except (CardError, RulesError) as e:  # validated above; kept so a gap never crashes
        raise TableError(str(e)) from None

    out_players = [
        {
            "name": name,
            "board1": {"hand": r.score.board1.name, "multiplier": r.score.board1.multiplier},
            "board2": {"hand": r.score.board2.name, "multiplier": r.score.board2.multiplier},
            "qualifies": r.score.qualifies,
            "total_multiplier": r.score.total_multiplier,
            "net_cents": r.net_cents,
        }
        for name, r in zip(names, result.players, strict=True)
    ]
    out: dict[str, Any] = {
        "players": out_players,
        "sum_net_cents": sum(r.net_cents for r in result.players),
    }
    if result.solo:
        out["bank_net_cents"] = result.bank_net_cents
    return out


def _read(path: str) -> str:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise TableError(f"cannot read {path!r}: {e.strerror or e}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise TableError(f"{path!r} is larger than {MAX_INPUT_BYTES} bytes; not a table")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TableError(f"{path!r} is not UTF-8 text") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="showdown.py",
        description="Score and settle an Ultimate Omaha table given as JSON.",
    )
    parser.add_argument("table", help="the table as a JSON file, or - for stdin")
    args = parser.parse_args(argv)
    try:
        result = showdown(load_table(_read(args.table)))
    except TableError as e:
        print(f"showdown: {e}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

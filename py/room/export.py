"""Exports built from views alone: a hand-history entry per results view, the history as JSON,
and the session ledger as CSV.

No extra messages: a results view already carries everything about the hand (boards, every
hole, stakes, choices, automatic Checks, nets), so the client that saw it can file it. The host's
own client sees every hand it dealt, so its history is complete. Pure functions, light imports
(the evaluator is not needed to read a view).

>>> view = {"phase": "results", "ledger": {"rows": [], "bank_cents": 0, "bank_hands": 0},
...         "results": {"hand_no": 1, "base_cents": 100, "board1": [], "board2": [],
...                     "players": [], "bank_net_cents": None}}
>>> history_entry(view)["hand_no"]
1
>>> load_history(history_json([history_entry(view)]))[0]["base_cents"]
100
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from rules.ledger import BANK_ID, BANK_NAME, csv_text

from room.errors import ExportError

HISTORY_FORMAT = "ultimate-omaha-history"
HISTORY_VERSION = 1
_ENTRY_KEYS = ("hand_no", "base_cents", "board1", "board2", "players", "bank_net_cents")


def history_entry(game_view: Mapping[str, Any]) -> dict[str, Any]:
    """One hand of the history from a game view at results (a fresh, JSON-able copy).

    Raises :class:`ExportError` if the view is not at results or lacks a field.
    """
    if not isinstance(game_view, Mapping) or game_view.get("phase") != "results":
        raise ExportError("a hand-history entry needs a game view at results")
    results = game_view.get("results")
    if not isinstance(results, Mapping):
        raise ExportError("the results view has no results")
    missing = [k for k in _ENTRY_KEYS if k not in results]
    if missing:
        raise ExportError(f"the results view lacks {missing[0]!r}")
    if type(results["hand_no"]) is not int or not isinstance(results["players"], list):
        raise ExportError(f"bad results: hand_no {results['hand_no']!r}")
    # A deep copy through JSON: the entry never shares (mutable) parts with a live view.
    entry: dict[str, Any] = json.loads(json.dumps({k: results[k] for k in _ENTRY_KEYS}))
    return entry


def history_json(entries: Iterable[Mapping[str, Any]]) -> str:
    """The hand history as a JSON document, hands in ``hand_no`` order (one per number)."""
    by_no = {e["hand_no"]: dict(e) for e in entries}
    doc = {
        "format": HISTORY_FORMAT,
        "version": HISTORY_VERSION,
        "hands": [by_no[n] for n in sorted(by_no)],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def load_history(text: str) -> list[dict[str, Any]]:
    """Reads :func:`history_json` output back (e.g. to check or merge a download)."""
    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ExportError(f"not a history file: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != HISTORY_FORMAT:
        raise ExportError("not an Ultimate Omaha history file")
    if doc.get("version") != HISTORY_VERSION:
        raise ExportError(f"history version {doc.get('version')!r} is not {HISTORY_VERSION}")
    hands = doc.get("hands")
    if not isinstance(hands, list) or not all(
        isinstance(h, dict) and all(k in h for k in _ENTRY_KEYS) for h in hands
    ):
        raise ExportError("the history's hands are malformed")
    return hands


def ledger_csv(game_view: Mapping[str, Any]) -> str:
    """The session ledger of a game view as CSV, in ``rules.ledger``'s format (the bank last,
    if it ever played). Every value comes from the host, so every cell is defused the same
    way (``rules.ledger.csv_text``): numbers stay numbers, anything else is text that no
    spreadsheet evaluates. A row that is not an object is an :class:`ExportError`."""
    ledger = game_view.get("ledger") if isinstance(game_view, Mapping) else None
    if not isinstance(ledger, Mapping) or not isinstance(ledger.get("rows"), list):
        raise ExportError("the view has no ledger")
    rows: list[tuple[object, object, object, object]] = []
    for r in ledger["rows"]:
        if not isinstance(r, Mapping):
            raise ExportError(f"a ledger row is not an object: {str(r)[:40]!r}")
        rows.append((r.get("id"), r.get("name"), r.get("hands", 0), r.get("balance_cents")))
    if ledger.get("bank_hands"):
        rows.append((BANK_ID, BANK_NAME, ledger["bank_hands"], ledger.get("bank_cents")))
    return csv_text(rows)

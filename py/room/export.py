"""Exports built from views alone: a hand-history entry per results view, the history as JSON,
and the session ledger as CSV.

No extra messages: a results view already carries everything about the hand, so the client
that saw it can file it. The host's own client sees every hand it dealt, so its history is
complete. Pure functions, light imports (no game's engine is needed to read a view).

Generic: the room knows no game's results. Every game's view at results (``phase ==
"results"``) carries ``results``, the game's own history entry for the hand — a JSON object
with at least ``hand_no`` (an int); the entry is that object as is, plus ``game`` (the view's
game id), so a history can hold the hands of several games.

>>> view = {"game": "ultimate", "phase": "results",
...         "results": {"hand_no": 1, "base_cents": 100, "players": []}}
>>> history_entry(view)["game"]
'ultimate'
>>> load_history(history_json([history_entry(view)]))[0]["base_cents"]
100
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from rules.ledger import BANK_ID, BANK_NAME, csv_text

from room.errors import ExportError

HISTORY_FORMAT = "ultimate-omaha-history"  # the product's history file, whatever the games
HISTORY_VERSION = 1


def history_entry(game_view: Mapping[str, Any]) -> dict[str, Any]:
    """One hand of the history from a game view at results (a fresh, JSON-able copy).

    Raises :class:`ExportError` if the view is not at results or lacks a field.
    """
    if not isinstance(game_view, Mapping) or game_view.get("phase") != "results":
        raise ExportError("a hand-history entry needs a game view at results")
    results = game_view.get("results")
    if not isinstance(results, Mapping):
        raise ExportError("the results view has no results")
    game = game_view.get("game")
    if not isinstance(game, str):
        raise ExportError(f"the results view names no game: {str(game)[:40]!r}")
    if type(results.get("hand_no")) is not int:
        raise ExportError(f"bad results: hand_no {str(results.get('hand_no'))[:40]!r}")
    # A deep copy through JSON: the entry never shares (mutable) parts with a live view.
    entry: dict[str, Any] = json.loads(json.dumps({**results, "game": game}))
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
        raise ExportError("not a hand history file of this room")
    if doc.get("version") != HISTORY_VERSION:
        raise ExportError(f"history version {doc.get('version')!r} is not {HISTORY_VERSION}")
    hands = doc.get("hands")
    if not isinstance(hands, list) or not all(
        isinstance(h, dict) and isinstance(h.get("game"), str) and type(h.get("hand_no")) is int
        for h in hands
    ):
        raise ExportError("the history's hands are malformed")
    return hands


BOM = "\ufeff"
"""The byte-order mark a spreadsheet needs to read a CSV file as UTF-8 (Excel otherwise reads
it in the computer's legacy code page: "Zoë" comes out "ZoÃ«"); LibreOffice and Google
Sheets skip it."""


def spreadsheet_csv(game_view: Mapping[str, Any]) -> str:
    """:func:`ledger_csv` as a file a spreadsheet opens: UTF-8 with a byte-order mark, a
    header row, whole cents and dollars with two decimals as numbers.

    >>> view = {"ledger": {"rows": [{"id": "p1", "name": "Zoë", "hands": 3,
    ...                              "balance_cents": -1250}], "bank_hands": 0}}
    >>> spreadsheet_csv(view).splitlines()
    ['\ufeffplayer_id,name,hands,balance_cents,balance_dollars', 'p1,Zoë,3,-1250,-12.50']
    """
    return BOM + ledger_csv(game_view)


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

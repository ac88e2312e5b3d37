"""The session ledger as every game's view shows it, kept under the wire cap.

The shape is shared by every game, and it is the one the room reads when it opens the room
that goes on after a succession (``room.host._carried_game``): ``{"rows": [{"id", "name",
"balance_cents", "present", "hands"}], "bank_cents", "bank_hands", "total_cents",
"settle_up": [{"from", "to", "from_id", "to_id", "cents", "text"}], "omitted"}``.

>>> from rules.ledger import Ledger
>>> view = ledger_view(Ledger(), {})
>>> view["rows"], view["total_cents"], view["omitted"]
([], 0, 0)
"""

from __future__ import annotations

import json
from collections.abc import Container, Mapping
from typing import Any, TypeVar

from room.errors import Code, RoomError
from rules.errors import RulesError
from rules.ledger import BANK_ID, Ledger

from games.viewtypes import LedgerRow, LedgerView

V = TypeVar("V", bound=Mapping[str, Any])
"""A game view: any mapping with a ``ledger`` (a dict or a TypedDict of the game's)."""

GAME_VIEW_BUDGET = 11 * 1024
"""Bytes the game part of one view may take, so the whole view stays under the 16 kB wire
cap even with ten players, long names and a long session ledger (see :func:`fit`)."""


def ledger_view(led: Ledger, seated: Container[str]) -> LedgerView:
    """The ledger's public view: a row for everyone seated or who ever played, the bank, the
    total (zero) and who pays whom to settle up."""
    rows: list[LedgerRow] = []
    for row in led.rows():
        if row.player_id == BANK_ID or not (
                row.player_id in seated or row.hands or row.balance_cents):
            continue
        line: LedgerRow = {
            "id": row.player_id,
            "name": row.name,
            "balance_cents": row.balance_cents,
            "present": row.player_id in seated,
            "hands": row.hands,
        }
        if row.was:  # renamed (same key, same row): the names they went by, to show
            line["was"] = list(row.was)
        rows.append(line)
    return {
        "rows": rows,
        "bank_cents": led.bank_cents,
        "bank_hands": led.bank_hands,
        "total_cents": led.total(),
        "settle_up": [
            {
                "from": led.name(t.payer),
                "to": led.name(t.payee),
                "from_id": t.payer,
                "to_id": t.payee,
                "cents": t.cents,
                "text": led.describe(t),
            }
            for t in led.settle_up()
        ],
        "omitted": 0,
    }


def row_name(row: Mapping[str, object]) -> str:
    """A ledger row's player as the ledger shows them: the name, the names they went by
    before (a renamed player keeps their row), and whether they left.

    >>> row_name({"name": "Cyrus", "was": ["Cy"], "present": False})
    'Cyrus (was Cy) (left)'
    """
    name = str(row.get("name", ""))
    was = row.get("was")
    if isinstance(was, list) and was:
        name += f" (was {', '.join(str(n) for n in was)})"
    return name if row.get("present") else f"{name} (left)"


def fit(view: V, budget: int = GAME_VIEW_BUDGET, size: int | None = None) -> V:
    """Keep a game view (with a ``ledger`` of :func:`ledger_view`'s shape) under ``budget``
    bytes. Only a long session ledger can outgrow it (everyone who ever played keeps a row);
    then the rows of players who left, smallest balances first, and the tail of the settle-up
    list are left out, and ``ledger.omitted`` says how many lines are missing. Totals stay
    exact. ``size``: the view's size if the caller just measured it (one serialisation less:
    at a showdown every seat's view is fitted, and each costs a ``json.dumps``)."""
    size = view_size(view) if size is None else size
    ledger: LedgerView = view["ledger"]
    if size <= budget:
        return view
    gone = sorted(
        (r for r in ledger["rows"] if not r["present"]),
        key=lambda r: abs(r["balance_cents"]),
    )
    dropped: set[str] = set()
    while size > budget and (gone or ledger["settle_up"]):
        for _ in range(4):  # a few at a time: each pass re-measures the whole view
            if gone:
                dropped.add(gone.pop(0)["id"])
                ledger["omitted"] += 1
            elif ledger["settle_up"]:
                ledger["settle_up"].pop()
                ledger["omitted"] += 1
        ledger["rows"] = [r for r in ledger["rows"] if r["id"] not in dropped]
        size = view_size(view)
    return view


def ledger_from_state(data: Mapping[str, Any]) -> Ledger:
    """``Ledger.from_state`` with its refusal as a room error (a broken snapshot or view)."""
    try:
        return Ledger.from_state(data)
    except RulesError as exc:
        raise RoomError(str(exc), Code.SNAPSHOT_BAD_LEDGER) from exc


def view_size(view: Mapping[str, Any]) -> int:
    """Bytes of ``view`` as compact UTF-8 JSON (as it travels)."""
    return len(json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))

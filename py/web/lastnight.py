"""The night's ledger a player takes home: the last room's ledger and settle-up, kept in this
browser and shown on the menu as "Last night at room X" (with its CSV download) after the
player left, was removed, or the host closed the room.

Every view that carries a ledger (every game's: ``games.table.ledger.ledger_view``'s shape)
replaces the kept copy, so the copy is the room's final ledger when the room closes — the
host's close comes after the last view, and a hand cut short by it moved no money — and, for
a player who leaves, the ledger as it stood when they left (what they owe and are owed then).
It lives in ``localStorage`` (one room: the last one), so it also survives closing the tab.

:func:`record` (pure) turns a view into what is kept: the rows and settle-up already in words
and the CSV text, so the menu draws it with :mod:`web.dom` alone. (The browser's parts are
imported where used, so CPython tests import this module.)

>>> view = {"room": "ABCD234", "game": {"game": "holdem", "ledger": {
...     "rows": [{"id": "a", "name": "Ann", "hands": 3, "balance_cents": 250, "present": True},
...              {"id": "b", "name": "Bo", "hands": 3, "balance_cents": -250,
...               "present": False}],
...     "total_cents": 0, "settle_up": [{"text": "Bo pays Ann $2.50"}]}}}
>>> r = record(view)
>>> r["room"], r["rows"][1], r["settle"]
('ABCD234', ['Bo (left)', '3', '-$2.50', -250], ['Bo pays Ann $2.50'])
>>> r["csv"].splitlines()[1]
'a,Ann,3,250,2.50'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

KEY = "omaha.lastnight"
"""``localStorage``: the last room's ledger as :func:`record` made it (JSON)."""
MAX_ROWS = 64


def key(view: Mapping[str, object]) -> Any:
    """What of ``view``'s ledger the kept copy depends on (None: no ledger), cheap to compare
    on every view: a stack moving with each bet does not rewrite the copy.

    >>> key({"game": {"ledger": {"rows": [{"id": "a", "hands": 1, "balance_cents": 5,
    ...                                    "stack": 90}]}}})
    (('a', None, 1, 5, None),)
    """
    game = view.get("game")
    ledger = game.get("ledger") if isinstance(game, Mapping) else None
    rows = ledger.get("rows") if isinstance(ledger, Mapping) else None
    if not isinstance(rows, list):
        return None
    return tuple((r.get("id"), r.get("name"), r.get("hands"), r.get("balance_cents"),
                  r.get("present")) for r in rows if isinstance(r, Mapping))


def record(view: Mapping[str, object]) -> dict[str, Any] | None:
    """What is kept of ``view``'s ledger (None: the view has none, or no one played yet)."""
    from games.table.ledger import row_name
    from room.errors import ExportError
    from room.export import ledger_csv

    from web.gameform import game_choice
    from web.gametext import money

    game = view.get("game")
    if not isinstance(game, Mapping):
        return None
    ledger = game.get("ledger")
    rows = ledger.get("rows") if isinstance(ledger, Mapping) else None
    if not isinstance(ledger, Mapping) or not isinstance(rows, list) or not any(
            isinstance(r, Mapping) and r.get("hands") for r in rows):
        return None
    try:
        csv = ledger_csv(game)
    except ExportError:
        return None
    shown = []
    for r in rows[:MAX_ROWS]:
        if not isinstance(r, Mapping):
            continue
        shown.append([row_name(r), str(r.get("hands", "")),
                      money(r.get("balance_cents")), r.get("balance_cents")])
    settle = [str(t.get("text", "")) for t in ledger.get("settle_up") or ()
              if isinstance(t, Mapping)]
    return {"room": str(view.get("room", "")), "game": game_choice(game.get("game")).name,
            "rows": shown, "total": money(ledger.get("total_cents")),
            "settle": settle or ["Nobody owes anything."], "csv": csv}


def keep(view: Mapping[str, object]) -> None:
    """Keep ``view``'s ledger as the last night's (nothing if it has none)."""
    from web import storage

    got = record(view)
    if got is not None:
        storage.put("localStorage", KEY, json.dumps(got, separators=(",", ":")))


def kept() -> dict[str, Any] | None:
    """The last night's record, if this browser keeps one that reads back whole."""
    from web import storage

    try:
        data = json.loads(storage.get("localStorage", KEY) or "null")
    except ValueError:
        return None
    if not isinstance(data, dict) or not all(
            isinstance(data.get(k), t) for k, t in (("room", str), ("game", str),
                                                     ("rows", list), ("settle", list),
                                                     ("csv", str), ("total", str))):
        return None
    return data


def game_line(game: str) -> str:
    """The line under the card's title: the ledger is the room's, over every game played in
    it (it carries over each change of game), so the game kept is named as the last one.

    >>> game_line("Texas Hold'em")[:60]
    "The room's ledger over every game (last game: Texas Hold'em)"
    """
    return (f"The room's ledger over every game (last game: {game}), as it stood when you "
            "left, or the room closed.")


def show() -> None:
    """Draw the menu's "Last night at room X" card from what is kept (hidden if nothing)."""
    from web.dom import by_id, make
    from web.ledgerview import net_class

    box = by_id("last-night")
    data = kept()
    box.hidden = data is None
    if data is None:
        return
    by_id("last-night-title").textContent = f"Last night at room {data['room']}"
    by_id("last-night-game").textContent = game_line(data["game"])
    rows = []
    for cells in data["rows"]:
        if not isinstance(cells, list) or len(cells) != 4:
            continue
        tr = make("tr")
        tr.appendChild(make("td", str(cells[0])))
        tr.appendChild(make("td", str(cells[1]), "num"))
        tr.appendChild(make("td", str(cells[2]), f"num {net_class(cells[3])}"))
        rows.append(tr)
    by_id("ln-ledger-rows").replaceChildren(*rows)
    by_id("ln-ledger-total").textContent = data["total"]
    by_id("ln-settle-up").replaceChildren(*(make("li", str(t)) for t in data["settle"]))


def download() -> None:
    """The kept ledger as the same CSV as the table's download."""
    from web.files import download as offer

    data = kept()
    if data is not None:
        offer(f"ultimate-omaha-{data['room']}-ledger.csv", data["csv"], "text/csv")


def forget() -> None:
    from web import storage

    storage.remove("localStorage", KEY)
    show()

"""The session ledger with its settle-up, view → DOM, for every game's screen (Ultimate
Omaha's table and the poker table): one drawing of the same ``ledger`` part
(:func:`games.table.ledger.ledger_view`'s shape), so both screens say the same thing.

Each screen holds its own table in index.html; the element ids differ only by a prefix
(``""`` for Ultimate Omaha's ``ledger-rows``, ``"pk-"`` for the poker table's). A poker cash
table's rows also carry each player's chips (``stack``): ``chips=True`` adds that column.
Names are set with ``textContent`` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.table.ledger import row_name

from web import gametext
from web.dom import by_id, make
from web.viewdata import array


def net_class(cents: Any) -> str:
    """The colour class of a signed amount: plus, minus or even."""
    if type(cents) is not int or cents == 0:
        return "even"
    return "plus" if cents > 0 else "minus"


def render_ledger(ledger: Mapping[str, object], prefix: str = "", chips: bool = False) -> None:
    """Fill ``{prefix}ledger-rows``, ``{prefix}ledger-foot`` (with the total in
    ``{prefix}ledger-total``) and ``{prefix}settle-up`` from the view's ledger."""
    rows = []
    for row in array(ledger, "rows"):
        if not isinstance(row, Mapping):
            continue
        tr = make("tr")
        tr.dataset.player = str(row.get("id", ""))
        tr.appendChild(make("td", row_name(row)))
        tr.appendChild(make("td", str(row.get("hands", "")), "num"))
        if chips:
            stack = row.get("stack")
            tr.appendChild(make("td", f"{stack:,}" if type(stack) is int else "", "num"))
        cell = make("td", gametext.money(row.get("balance_cents")),
                    "num " + net_class(row.get("balance_cents")))
        cell.dataset.cents = str(row.get("balance_cents"))
        tr.appendChild(cell)
        rows.append(tr)
    by_id(f"{prefix}ledger-rows").replaceChildren(*rows)
    blanks = 2 if chips else 1
    foot = []
    if ledger.get("bank_hands"):
        tr = make("tr", cls="bank-row")
        tr.appendChild(make("td", "Bank (apart)"))
        tr.appendChild(make("td", str(ledger.get("bank_hands")), "num"))
        if chips:
            tr.appendChild(make("td", ""))
        tr.appendChild(make("td", gametext.money(ledger.get("bank_cents")), "num"))
        foot.append(tr)
    total = make("tr", cls="total-row")
    total.appendChild(make("th", "Players' total"))
    for _ in range(blanks):
        total.appendChild(make("td", ""))
    cell = make("td", gametext.money(ledger.get("total_cents")), "num")
    cell.id = f"{prefix}ledger-total"
    total.appendChild(cell)
    foot.append(total)
    by_id(f"{prefix}ledger-foot").replaceChildren(*foot)
    transfers = [
        make("li", str(t.get("text", ""))) for t in array(ledger, "settle_up")
        if isinstance(t, Mapping)
    ]
    if ledger.get("omitted"):
        transfers.append(make("li", f"({ledger.get('omitted')} more lines not shown)", "hint"))
    if not transfers:
        transfers = [make("li", "Nobody owes anything.", "hint")]
    by_id(f"{prefix}settle-up").replaceChildren(*transfers)

"""The key help overlay: a modal dialog listing every key of the screen on show (the poker
table's or Ultimate Omaha's, from :func:`web.pokerread.keys_for`), opened by ``?`` or the
screen's Keys button, closed by Escape or its Close button, focus given back to where it was.

A native ``<dialog>`` opened with ``showModal``: the rest of the page is inert while it is
open (the table's keys are ignored then, see ``Session.on_key``), and Escape closes it.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from web import pokerread
from web.dom import Handlers, by_id, make

OPENERS = ("keys-btn",)  # the table's, every game's


class KeysDialog:
    """Fills and shows the dialog; remembers the element that had the focus."""

    def __init__(self) -> None:
        self.back: Any = None

    def wire(self, h: Handlers) -> None:
        for button_id in OPENERS:
            h.listen(by_id(button_id), "click", lambda *_: self.open())
        h.listen(by_id("keys-close"), "click", lambda *_: by_id("keys-dialog").close())
        h.listen(by_id("keys-dialog"), "close", lambda *_: self.closed())

    def open(self) -> bool:
        """Show the keys of the current screen (False on a screen without keys)."""
        dialog = by_id("keys-dialog")
        keys = pokerread.keys_for(str(document.body.dataset.screen))
        if not keys or dialog.open:
            return False
        rows = []
        for key, what in keys:
            row = make("tr")
            head = make("th", cls="keys-key")
            head.setAttribute("scope", "row")
            head.appendChild(make("kbd", key))
            row.appendChild(head)
            row.appendChild(make("td", what))
            rows.append(row)
        by_id("keys-list").replaceChildren(*rows)
        screen = "the poker table" if document.body.dataset.screen == "poker" else (
            "Ultimate Omaha")
        by_id("keys-title").textContent = f"Keys at {screen}"
        self.back = document.activeElement
        dialog.showModal()
        by_id("keys-close").focus()
        return True

    def closed(self) -> None:
        back, self.back = self.back, None
        if back is not None and back != document.body and back.isConnected:
            back.focus()

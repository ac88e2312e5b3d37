"""The hand history screen: every hand this browser kept (``web.handstore``), room by room and
night by night, newest first, each opening the hand replayer; the night's ledger and
settle-up, the room's ledger over all its nights, and the player's lifetime results per room
and across rooms; a download of everything and deletes (a night, a room, everything), each
asked first inside the dialog.

Reachable from the menu ("Hand history") and from every table (beside "Leave room"). A native
``<dialog>`` opened with ``showModal``: the page behind is inert and the table's keys are
ignored while it is open; Escape or Close shuts it and the focus goes back where it was. Every
figure is computed by :mod:`games.handbook` (pure); this module only draws it in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.handbook import (
    BookRow,
    Night,
    Totals,
    export_json,
    ledger_of,
    nights,
    pot,
    pot_chips,
    rooms,
    totals,
    totals_by_room,
    your_chips,
    your_net,
)
from pyscript import document, window
from pyscript.ffi import is_none, to_js
from rules.ledger import BANK_ID, Ledger
from rules.money import format_money

from web.dom import Handlers, by_id, make
from web.files import download
from web.gameform import game_choice
from web.handstore import KEPT_EVENT, HandStore, StoreError

NOTHING = ("No hands kept yet. Every hand you play, at a friend's room or at a practice "
           "table, is kept here, on this device only.")
DELETED = "Deleted: {what}."


def when(ms: int) -> str:
    """A night's name in the reader's own language and time zone, short enough for a phone:
    "Thu, Nov 26, 2026, 9:04 PM" (the browser's words for the date)."""
    options = to_js({"weekday": "short", "day": "numeric", "month": "short", "year": "numeric",
                     "hour": "numeric", "minute": "2-digit"})
    return str(window.Date.new(ms).toLocaleString(window.undefined, options))


def room_name(room: str, practice: bool) -> str:
    return f"Practice table {room}" if practice else f"Room {room}"


def result_text(t: Totals) -> str:
    """The viewer's result in words ("not known" when no hand of theirs says)."""
    return format_money(t.net_cents, signed=True) if t.counted else "not known"


def net_text(row: BookRow) -> str:
    """The viewer's net in words: money, or a tournament's chips."""
    cents = your_net(row)
    if cents is not None:
        return format_money(cents, signed=True)
    chips = your_chips(row)
    return f"{chips:+,} chips" if chips is not None else "not known"


def pot_text(row: BookRow) -> str:
    cents = pot(row)
    if cents is not None:
        return format_money(cents)
    chips = pot_chips(row)
    return f"{chips:,} chips" if chips is not None else "not known"


def game_name(row: BookRow) -> str:
    record = row["record"]
    return game_choice(record.get("hand_game") or record.get("game")).name


class HistoryPanel:
    """The dialog's controller: reads the store when opened, draws what is picked."""

    def __init__(self, spawn: Callable[[Any], None]) -> None:
        self.spawn = spawn
        self.store = HandStore()
        self.handlers = Handlers()
        self.rows: list[BookRow] = []
        self.room: str | None = None
        self.night: int | None = None
        self.back: Any = None
        self.pending: Callable[[], Any] | None = None

    def wire(self) -> None:
        h = self.handlers
        h.listen(by_id("history-dialog"), "close", lambda *_: self.closed())
        h.listen(document, KEPT_EVENT, self.on_kept)
        h.listen(by_id("history-room"), "change", self.on_room)
        h.listen(by_id("history-night"), "change", self.on_night)
        h.listen(by_id("history-hands"), "click", self.on_hand)
        h.listen(by_id("history-export-btn"), "click", lambda *_: self.export())
        h.listen(by_id("history-del-night-btn"), "click", lambda *_: self.ask_delete("night"))
        h.listen(by_id("history-del-room-btn"), "click", lambda *_: self.ask_delete("room"))
        h.listen(by_id("history-del-all-btn"), "click", lambda *_: self.ask_delete("all"))
        h.listen(by_id("history-confirm-keep"), "click", lambda *_: self.keep())
        h.listen(by_id("history-confirm-go"), "click", lambda *_: self.confirmed())

    # --- opening and reading ----------------------------------------------------------------

    def open(self, back: Any) -> None:
        """Read the store into the dialog the menu opened (``back``: where the focus goes
        when it closes)."""
        dialog = by_id("history-dialog")
        if not dialog.open:
            return  # closed again before its modules came
        self.back = back
        self.hide_confirm()
        self.spawn(self.reload())

    def on_kept(self, _event: Any = None) -> None:
        """A hand was just kept (the table behind the dialog): show it, unless a delete is
        being asked (the question must not change under the reader)."""
        if bool(by_id("history-dialog").open) and self.pending is None:
            self.spawn(self.reload())

    def closed(self) -> None:
        self.hide_confirm()
        back, self.back = self.back, None
        if back is not None and back != document.body and back.isConnected:
            back.focus()

    async def reload(self, said: str = "") -> None:
        try:
            self.rows = await self.store.rows()
        except StoreError as exc:
            self.rows = []
            by_id("history-body").hidden = True
            self.say(str(exc))
            return
        focused = document.activeElement
        key = "" if is_none(focused) else str(getattr(focused.dataset, "key", None) or "")
        self.draw(said)
        if key:  # a redraw replaced the focused Replay button: focus its new one
            again = by_id("history-hands").querySelector(f'button[data-key="{key}"]')
            if not is_none(again):
                again.focus()

    def say(self, text: str) -> None:
        box = by_id("history-status")
        if str(box.textContent) != text:
            box.textContent = text

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, said: str = "") -> None:
        rows = self.rows
        by_id("history-body").hidden = not rows
        if not rows:
            self.say(f"{said} {NOTHING}".strip())
            return
        all_rooms = rooms(rows)
        everything = totals(rows)
        self.say(f"{said} {everything.hands} hands in {len(all_rooms)} "
                 f"{'room' if len(all_rooms) == 1 else 'rooms'}, kept on this device.".strip())
        practice = {r["room"]: r["practice"] for r in rows}
        life = []
        for room, t in totals_by_room(rows).items():
            tr = make("tr")
            head = make("th", room_name(room, practice[room]))
            head.setAttribute("scope", "row")
            tr.appendChild(head)
            for text in (str(t.nights), str(t.hands), result_text(t)):
                tr.appendChild(make("td", text, "num"))
            life.append(tr)
        by_id("history-life-rows").replaceChildren(*life)
        by_id("history-life-nights").textContent = str(everything.nights)
        by_id("history-life-hands").textContent = str(everything.hands)
        by_id("history-life-net").textContent = result_text(everything)
        if self.room not in all_rooms:
            self.room, self.night = all_rooms[0], None
        options = []
        for room in all_rooms:
            option = make("option", room_name(room, practice[room]))
            option.value = room
            option.selected = room == self.room
            options.append(option)
        by_id("history-room").replaceChildren(*options)
        self.draw_room()

    def draw_room(self) -> None:
        room = self.room
        assert room is not None
        room_nights = nights(self.rows, room)
        if self.night not in [n.night for n in room_nights]:
            self.night = room_nights[0].night
        options = []
        for n in room_nights:
            count = len(n.rows)
            hands = f"{count} {'hand' if count == 1 else 'hands'}"
            option = make("option", f"{when(n.night)} ({hands})")
            option.value = str(n.night)
            option.selected = n.night == self.night
            options.append(option)
        by_id("history-night").replaceChildren(*options)
        night = next(n for n in room_nights if n.night == self.night)
        self.draw_night(night)
        room_rows = [r for r in self.rows if r["room"] == room]
        draw_ledger("history-room-ledger-rows", ledger_of(room_rows).ledger, _you(room_rows))

    def draw_night(self, night: Night) -> None:
        by_id("history-night-title").textContent = f"The night of {when(night.night)}"
        rows = []
        for row in night.rows:
            tr = make("tr")
            head = make("th", f"Hand {row['hand_no']} ")  # the game beneath: fits a phone
            head.setAttribute("scope", "row")
            head.appendChild(make("span", game_name(row), "history-game"))
            tr.appendChild(head)
            tr.appendChild(make("td", net_text(row), "num"))
            tr.appendChild(make("td", pot_text(row), "num"))
            cell = make("td")
            button = make("button", "Replay", "btn btn-small")
            button.type = "button"
            button.dataset.key = row["key"]
            button.setAttribute("aria-label", f"Replay hand {row['hand_no']}")
            cell.appendChild(button)
            tr.appendChild(cell)
            rows.append(tr)
        by_id("history-hands").replaceChildren(*rows)
        book = ledger_of(night.rows)
        draw_ledger("history-ledger-rows", book.ledger, _you(night.rows))
        note = by_id("history-ledger-note")
        note.hidden = not book.skipped
        note.textContent = (f"{book.skipped} {'hand' if book.skipped == 1 else 'hands'} moved "
                            "no money (tournament chips, or a record that does not add up) "
                            "and are not in the ledger.")
        settle = [make("li", book.ledger.describe(t)) for t in book.ledger.settle_up()]
        by_id("history-settle").replaceChildren(
            *(settle or [make("li", "Nobody owes anybody anything.")]))

    # --- picking ----------------------------------------------------------------------------

    def on_room(self, _event: Any = None) -> None:
        self.room, self.night = str(by_id("history-room").value), None
        self.hide_confirm()
        if self.rows:
            self.draw_room()

    def on_night(self, _event: Any = None) -> None:
        try:
            self.night = int(str(by_id("history-night").value))
        except ValueError:
            return
        self.hide_confirm()
        night = next((n for n in nights(self.rows, self.room) if n.night == self.night), None)
        if night is not None:
            self.draw_night(night)

    def on_hand(self, event: Any) -> None:
        """A Replay button of the hand list (one listener for the whole list)."""
        target = event.target
        if is_none(target):
            return
        button = target.closest("button[data-key]")
        if is_none(button):
            return
        key = str(button.dataset.key)
        row = next((r for r in self.rows if r["key"] == key), None)
        if row is not None:
            self.replay(row)

    def replay(self, row: BookRow) -> None:
        """Open the hand in the replayer (``web.replayer``), given the record as it was filed
        and who kept it (whose Ultimate Omaha cards may show from the deal)."""
        from web.replayer import open_replayer

        open_replayer(row["record"], row["player"] or None)

    # --- download and delete ----------------------------------------------------------------

    def export(self) -> None:
        if not self.rows:
            self.say(NOTHING)
            return
        download("ultimate-omaha-history-all.json", export_json(self.rows), "application/json")
        self.say(f"Downloading all {len(self.rows)} hands as JSON.")

    def ask_delete(self, what: str) -> None:
        room, night = self.room, self.night
        if not self.rows or room is None:
            return
        practice = any(r["practice"] for r in self.rows if r["room"] == room)
        scope: tuple[str | None, int | None] = (None, None)
        if what == "night" and night is not None:
            count = sum(1 for r in self.rows if r["room"] == room and r["night"] == night)
            target = f"the night of {when(night)} at {room_name(room, practice).lower()}"
            scope = (room, night)
        elif what == "room":
            count = sum(1 for r in self.rows if r["room"] == room)
            target = f"every night at {room_name(room, practice).lower()}"
            scope = (room, None)
        else:
            count = len(self.rows)
            target = "your whole hand history"
        hands = f"{count} {'hand' if count == 1 else 'hands'}"
        by_id("history-confirm-text").textContent = (
            f"Delete {target} ({hands})? This cannot be undone: download your history first "
            "to keep a copy.")
        by_id("history-confirm-go").textContent = f"Delete {hands}"
        self.pending = lambda: self.delete(target, *scope)
        by_id("history-confirm").hidden = False
        by_id("history-confirm-keep").focus()

    def hide_confirm(self) -> None:
        self.pending = None
        by_id("history-confirm").hidden = True

    def keep(self) -> None:
        self.hide_confirm()
        self.say("Nothing deleted.")
        by_id("history-close").focus()

    def confirmed(self) -> None:
        action, self.pending = self.pending, None
        by_id("history-confirm").hidden = True
        by_id("history-close").focus()
        if action is not None:
            action()

    def delete(self, what: str, room: str | None = None, night: int | None = None) -> None:
        self.spawn(self._delete(what, room, night))

    async def _delete(self, what: str, room: str | None, night: int | None) -> None:
        try:
            await self.store.delete(room, night)
        except StoreError as exc:
            self.say(str(exc))
            return
        await self.reload(DELETED.format(what=what))


def _you(rows: tuple[BookRow, ...] | list[BookRow]) -> set[str]:
    return {r["player"] for r in rows if r["player"]}


def draw_ledger(tbody_id: str, ledger: Ledger, you: set[str]) -> None:
    """A ledger's rows (player, hands, balance), the viewer's marked "(you)" in words."""
    rows = []
    for r in ledger.rows():
        tr = make("tr", cls="history-you" if r.player_id in you else "")
        name = r.name + (" (you)" if r.player_id in you else "")
        head = make("th", name if r.player_id != BANK_ID else "The bank")
        head.setAttribute("scope", "row")
        tr.appendChild(head)
        tr.appendChild(make("td", str(r.hands), "num"))
        tr.appendChild(make("td", format_money(r.balance_cents, signed=True), "num"))
        rows.append(tr)
    by_id(tbody_id).replaceChildren(*rows)

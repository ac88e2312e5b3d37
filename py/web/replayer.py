"""The hand replayer: a dialog that steps through a finished hand of any game.

Opened from a hand list (:func:`open_replayer`, with the record the page filed: the "Replay"
button beside each of the table's last hands, and the lasting hand list) or from a file
(:func:`open_file`: our history JSON, or PHH where ``games.phh`` exists). It draws the frames
:func:`games.replay.replay` builds — boards, each seat's stack, bet, cards and last word, the
pots — and says each step's line in a live region. It decides nothing: every figure and word
is the model's (:mod:`web.replaytext` words it).

Keys (while the dialog is open; the table's keys are off then, see ``RoomControls.on_key``):
← → a step, Shift + ← → or Page Up/Down a street, Home/End the ends, Escape closes. Each
button says its key (``aria-keyshortcuts``).

One replayer at a time, owned by the open dialog: its listeners are released when the dialog
closes or another hand replaces it (no module state: the release function hangs on the dialog
element itself).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from games.replay import MAX_FILE_CHARS, Replay, hands_from_file, replay
from pyscript import document
from room.errors import ExportError

from web import replaytext
from web.cards import cards_el
from web.dom import Handlers, by_id, make

DIALOG = "replay-dialog"
TYPING = frozenset({"select", "textarea"})


def open_replayer(record: Mapping[str, Any], viewer: str | None = None) -> bool:
    """Show ``record`` (a hand as the page's history files it) from its first step.
    ``viewer``: the player whose Ultimate Omaha cards may show from the deal (a table game's
    record says it itself). False, with the reason on the dialog, if it cannot be replayed."""
    return _Replayer.take_dialog(viewer).load([dict(record)], 0)


def replay_button(hand_no: int) -> Any:
    """The "Replay" button of a hand list's row: ``data-replay`` holds the hand's number, and
    one listener on the list (:func:`on_list_click`) opens it."""
    button = make("button", "Replay", "btn btn-quiet btn-small replay-btn")
    button.type = "button"
    button.dataset.replay = str(hand_no)
    button.setAttribute("aria-label", f"Replay hand {hand_no}")
    return button


def on_list_click(event: Any, history: Mapping[int, Mapping[str, Any]],
                  viewer: str | None) -> None:
    """A click in a hand list: a "Replay" button's hand, from ``history`` (the page's
    ``GuestClient.history``), opens in the replayer."""
    target = event.target
    button = target.closest("[data-replay]") if hasattr(target, "closest") else None
    if button is None:
        return
    try:
        number = int(str(button.dataset.replay))
    except ValueError:
        return
    record = history.get(number)
    if record is not None:
        open_replayer(record, viewer)


def open_file() -> None:
    """Open the dialog on its file picker (no hand yet)."""
    player = _Replayer.take_dialog(None)
    player.clear()
    by_id("replay-file").focus()


class _Replayer:
    """The open dialog's hands, the one shown and its step."""

    def __init__(self, viewer: str | None) -> None:
        self.viewer = viewer
        self.hands: list[dict[str, Any]] = []
        self.replay: Replay | None = None
        self.at = 0
        self.said = ""
        self.handlers = Handlers()
        self.task: Any = None  # the file being read
        self.token = str(id(self))

    @classmethod
    def take_dialog(cls, viewer: str | None) -> _Replayer:
        """A new replayer owning the dialog (the one before released), the dialog shown."""
        dialog = by_id(DIALOG)
        old = getattr(dialog, "pyRelease", None)
        if old is not None:
            old()
        player = cls(viewer)
        h = player.handlers
        h.listen(dialog, "keydown", player.on_key)
        # released after the close event's own call returns (never a proxy mid-call)
        h.listen(dialog, "close",
                 lambda *_: asyncio.get_event_loop().call_soon(player.release))
        h.listen(by_id("replay-close"), "click", lambda *_: dialog.close())
        h.listen(by_id("replay-file"), "change", player.on_file)
        h.listen(by_id("replay-hand"), "change", player.on_pick)
        for move in replaytext.COMMANDS:
            h.listen(by_id(_button_id(move)), "click", lambda *_, m=move: player.go(m))
        dialog.pyRelease = h.proxy(player.release)
        dialog.dataset.owner = player.token
        if not dialog.open:
            dialog.pyBack = document.activeElement  # given the focus back at the close
            dialog.showModal()
        return player

    def release(self) -> None:
        """Free this replayer's listeners; at the close, give the focus back to where it was
        (the release of a replayer another replaces leaves the dialog, and that, alone)."""
        dialog = by_id(DIALOG)
        self.handlers.release()
        if getattr(dialog.dataset, "owner", None) != self.token:
            return
        dialog.pyRelease = None
        dialog.removeAttribute("data-owner")
        for stage_part in ("replay-seats", "replay-boards", "replay-shown", "replay-pots",
                           "replay-step", "replay-said"):  # the step's words name its cards
            by_id(stage_part).replaceChildren()
        back = getattr(dialog, "pyBack", None)
        if back is not None and not dialog.open:
            dialog.pyBack = None
            if back != document.body and back.isConnected:
                back.focus()

    # --- hands ------------------------------------------------------------------------------

    def clear(self) -> None:
        """No hand on the stage: after a file that could not be read, nothing of the hand
        before stays (hidden or not) to be taken for the file's."""
        self.hands = []
        self.replay = None
        by_id("replay-stage").hidden = True
        self.said = ""
        for box in ("replay-game", "replay-pots", "replay-step", "replay-said"):
            by_id(box).textContent = ""
        for box in ("replay-hand", "replay-boards", "replay-seats", "replay-shown"):
            by_id(box).replaceChildren()
        by_id("replay-hand").hidden = True
        by_id("replay-hand-label").hidden = True
        by_id("replay-title").textContent = "Hand replayer"
        self.error("")

    def load(self, hands: Sequence[dict[str, Any]], pick: int) -> bool:
        """Hold ``hands`` (a file's list when more than one) and show hand ``pick``."""
        self.hands = list(hands)
        box = by_id("replay-hand")
        several = len(self.hands) > 1
        box.hidden = not several
        by_id("replay-hand-label").hidden = not several
        if several:
            options = []
            for i, h in enumerate(self.hands):
                number = h.get("hand_no")
                option = make("option", replaytext.hand_label(
                    number if isinstance(number, int) else i + 1, str(h.get("game", ""))))
                option.value = str(i)
                options.append(option)
            box.replaceChildren(*options)
            box.value = str(pick)
        return self.show_hand(pick)

    def show_hand(self, index: int) -> bool:
        try:
            self.replay = replay(self.hands[index], self.viewer)
        except ExportError as exc:
            self.replay = None
            by_id("replay-stage").hidden = True
            self.error(str(exc))
            return False
        self.error("")
        r = self.replay
        by_id("replay-title").textContent = f"Hand {r.hand_no} replayed"
        by_id("replay-game").textContent = r.title
        by_id("replay-stage").hidden = False
        self.said = ""
        self.show(0)
        by_id(_button_id("next")).focus()
        return True

    def error(self, text: str) -> None:
        box = by_id("replay-error")
        box.textContent = text
        box.hidden = not text

    def on_pick(self, _event: Any = None) -> None:
        try:
            index = int(str(by_id("replay-hand").value))
        except ValueError:
            return
        if 0 <= index < len(self.hands):
            self.show_hand(index)

    def on_file(self, _event: Any = None) -> None:
        files = by_id("replay-file").files
        if files is None or files.length == 0:
            return
        file = files.item(0)
        if int(file.size) > MAX_FILE_CHARS:
            self.clear()
            self.error(f"The file is too large to replay ({int(file.size):,} bytes).")
            return
        self.task = asyncio.ensure_future(self._read(file))

    async def _read(self, file: Any) -> None:
        try:
            text = str(await file.text())
            hands = hands_from_file(text)
        except ExportError as exc:
            self.clear()
            self.error(f"{file.name}: {exc}")
            return
        except Exception as exc:  # a file the browser could not read
            self.clear()
            self.error(f"{file.name} could not be read: {exc}")
            return
        self.viewer = None  # a file's own records say whose cards they hold
        self.load(hands, 0)

    # --- steps ------------------------------------------------------------------------------

    def go(self, move: str) -> None:
        if self.replay is None:
            return
        to = replaytext.target(self.replay, self.at, move)
        if to == self.at:
            end = "start" if move in ("start", "back", "street back") else "end"
            self.say(f"This is the {end} of the hand.")
            return
        self.show(to)

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in TYPING or (tag == "input" and str(event.target.type) != "file"):
            return
        move = replaytext.command(str(event.key), bool(event.shiftKey))
        if move is None or self.replay is None:
            return
        event.preventDefault()
        self.go(move)

    def say(self, line: str) -> None:
        self.said = replaytext.said(line, self.said)
        by_id("replay-said").textContent = self.said

    def show(self, at: int) -> None:
        r = self.replay
        assert r is not None
        self.at = at
        frame = r.frames[at]
        boards = []
        for n, cards in enumerate(frame.boards, 1):
            row = make("div", cls="replay-board")
            label = "Board" if len(frame.boards) == 1 else f"Board {n}"
            if len(frame.boards) > 1:
                row.appendChild(make("span", f"B{n}", "replay-board-no"))
            row.appendChild(cards_el(replaytext.board_slots(cards), "", frozenset(), label))
            boards.append(row)
        by_id("replay-boards").replaceChildren(*boards)
        by_id("replay-pots").textContent = replaytext.pots_line(r, frame)
        items = []
        for s in frame.seats:
            words = replaytext.seat_words(r, s)
            item = make("li", cls="seat replay-seat")
            item.dataset.seat = str(s.seat)
            item.dataset.acting = "yes" if frame.actor == s.seat else "no"
            if s.you:
                item.classList.add("seat-you")
            if words.dim:
                item.classList.add("seat-dim")
            head = make("div", cls="seat-head")
            head.appendChild(make("span", s.name + (" (you)" if s.you else ""), "seat-name"))
            if s.button:
                mark = make("span", "D", "mark mark-dealer")
                mark.setAttribute("role", "img")
                mark.setAttribute("aria-label", "dealer button")
                head.appendChild(mark)
            item.appendChild(head)
            facts = make("div", cls="seat-facts")
            money = make("span", words.money, "seat-stack replay-stack")
            money.setAttribute("aria-label", words.money_spoken)
            facts.appendChild(money)
            item.appendChild(facts)
            if words.bet:
                bet = make("span", words.bet, "seat-bet replay-bet")
                bet.setAttribute("aria-label", f"bet {words.bet}")
                item.appendChild(bet)
            if s.cards:
                item.appendChild(cards_el(list(s.cards), "mini", label=f"{s.name}'s cards"))
            if words.line:
                item.appendChild(make("span", words.line, "seat-line"))
            items.append(item)
        by_id("replay-seats").replaceChildren(*items)
        shown = replaytext.shown_lines(frame)
        by_id("replay-shown").replaceChildren(*(make("li", line) for line in shown))
        by_id("replay-shown").hidden = not shown
        by_id("replay-step").textContent = replaytext.counter(r, at)
        last = len(r.frames) - 1
        for move in replaytext.COMMANDS:
            button = by_id(_button_id(move))
            back = move in ("start", "street back", "back")
            button.setAttribute("aria-disabled", "true" if (at == 0 if back else at == last)
                                else "false")
        self.say(frame.line)


def _button_id(move: str) -> str:
    return "replay-" + move.replace(" ", "-")

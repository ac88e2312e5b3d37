"""A room session in the page: PeerJS + the sans-IO room (host) or client (guest) + the DOM.

* ``HostSession``: registers the room's PeerJS id and runs :class:`room.local.HostSession` (the
  room plus the host's own :class:`room.client.GuestClient` over a loopback, peer ``"local"``):
  the host's screen is drawn from exactly what a guest would receive.
* ``GuestSession``: dials the host's id and runs a :class:`room.client.GuestClient`.

Both tick every 500 ms (heartbeats, liveness) and turn clicks into request texts. The room and
client decide everything; this module only moves texts and reports problems in plain words.
Imported on the first Create/Join click, not at page start.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from pyodide.ffi import create_once_callable
from pyscript import window
from room.client import ClientStatus, GuestClient
from room.codes import new_room_code, peer_id_for
from room.config import peer_options, share_link
from room.errors import RoomError
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.games import ultimate_omaha
from room.local import HostSession as LocalHost

from web import texts
from web.dom import Handlers, by_id, notice
from web.peer import Link, PeerNode
from web.render import render_view
from web.table import Table

TICK_MS = 500
SIGNAL_TIMEOUT_MS = 10_000  # no answer from the signalling server by then: say so
CREATE_ATTEMPTS = 5  # fresh codes tried when PeerJS says an id is taken
SIGNAL_ERRORS = frozenset(
    {"network", "server-error", "socket-error", "socket-closed", "ssl-unavailable", "invalid-key"}
)
CLOSED_TEXT = {
    "host_left": texts.ROOM_CLOSED,
    "left": texts.LEFT,
    "replaced": "You joined this room from another tab, so this one was let go.",
}

OnEnd = Callable[[str, str], None]
KEYS = {"c": "check-btn", "d": "double-btn", "n": "next-btn"}
"""Keyboard shortcuts on the table: each presses its (enabled, visible) button."""
TYPING = frozenset({"text", "search", "email", "url", "tel", "password", "number"})


def now_ms() -> int:
    """A monotonic clock in ms (``performance.now``): wall-clock jumps must not fake silence."""
    return int(window.performance.now())


def later(fn: Callable[[], Any], ms: int) -> int:
    """Run ``fn`` once after ``ms`` (the callback frees itself after it ran)."""
    return int(window.setTimeout(create_once_callable(fn), ms))


def download(filename: str, text: str, mime: str) -> None:
    """Offer ``text`` as a file: a Blob URL clicked through a temporary ``<a download>``."""
    from pyscript.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": f"{mime};charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = window.document.createElement("a")
    link.href = url
    link.download = filename
    link.hidden = True
    window.document.body.appendChild(link)
    link.click()
    link.remove()
    later(lambda: window.URL.revokeObjectURL(url), 60_000)


class Session:
    """What host and guest sessions share: the client, the ticker, the lobby controls."""

    is_host = False

    def __init__(self, name: str, token: str, code: str, params: Any, on_end: OnEnd) -> None:
        self.name = name
        self.token = token
        self.code = code
        self.params = params
        self.on_end = on_end
        self.handlers = Handlers()  # lobby controls and the ticker, released at the end
        self.client: GuestClient | None = None
        self.node: PeerNode | None = None
        self.timer: int | None = None
        self.ended = False
        self.rendered_seq = -1
        self.seen_error: dict[str, str] | None = None
        self.tasks: set[Any] = set()
        self.signal_deadline: int | None = None
        self.rendered_phase: Any = None
        self.table = Table()
        self.on_game: Callable[[], Any] | None = None  # set by the menu: warm the evaluator

    # --- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        self.spawn(self._start())

    def spawn(self, coro: Any) -> None:
        """Run a coroutine, keeping a reference until it finishes (else it may be collected)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _start(self) -> None:
        try:
            self.client = GuestClient(self.name, self.token)
        except (RoomError, ValueError) as exc:
            self.end(f"That name cannot be used: {exc}", "error")
            return
        try:
            self.options = peer_options(self.params.signal, self.params.ice)
        except RoomError as exc:
            self.end(f"The address has a bad setting ({exc}); fix or remove it.", "error")
            return
        try:
            await window.omahaBoot.loadPeer()
        except Exception:
            self.end(texts.PEERJS_FAILED, "error")
            return
        self.open_peer()

    def open_peer(self) -> None:
        raise NotImplementedError

    def arm_signal_deadline(self) -> None:
        """PeerJS reports nothing when the socket is blocked (e.g. by CSP) or hangs: give up
        on the signalling server after ``SIGNAL_TIMEOUT_MS`` without an ``open``."""
        self.disarm_signal_deadline()
        self.signal_deadline = later(self.on_signal_deadline, SIGNAL_TIMEOUT_MS)

    def disarm_signal_deadline(self) -> None:
        if self.signal_deadline is not None:
            window.clearTimeout(self.signal_deadline)
            self.signal_deadline = None

    def on_signal_deadline(self) -> None:
        self.signal_deadline = None
        if not self.ended:
            self.end(texts.SIGNAL_UNREACHABLE, "error")

    def begin_ticking(self) -> None:
        if self.timer is None:
            self.timer = self.handlers.interval(self.tick, TICK_MS)

    def wire_lobby(self) -> None:
        h = self.handlers
        h.listen(by_id("leave-btn"), "click", lambda *_: self.leave())
        h.listen(by_id("game-leave-btn"), "click", lambda *_: self.leave())
        h.listen(by_id("copy-code-btn"), "click", lambda *_: self.copy(self.code, "Room code"))
        h.listen(by_id("copy-link-btn"), "click", lambda *_: self.copy(self.link(), "Link"))
        h.listen(by_id("bet-form"), "submit", self.on_bet)
        h.listen(by_id("start-btn"), "click", lambda *_: self.request(self.client.start_game()))
        self.wire_table()

    def wire_table(self) -> None:
        """The table's controls: actions, host switches, exports, deck colours, keyboard."""
        h = self.handlers
        h.listen(by_id("check-btn"), "click", lambda *_: self.act("check"))
        h.listen(by_id("double-btn"), "click", lambda *_: self.act("double"))
        h.listen(by_id("next-btn"), "click", lambda *_: self.deal_next())
        h.listen(by_id("auto-deal"), "change", self.on_auto_deal)
        h.listen(by_id("timer-select"), "change", self.on_timer)
        h.listen(by_id("grace-select"), "change", self.on_grace)
        h.listen(by_id("export-csv-btn"), "click", lambda *_: self.export("csv"))
        h.listen(by_id("export-history-btn"), "click", lambda *_: self.export("history"))
        four = by_id("four-colour")
        four.checked = window.document.body.dataset.deck == "four"
        h.listen(four, "change", self.on_deck)
        h.listen(window.document, "keydown", self.on_key)

    def end(self, message: str, kind: str = "info") -> None:
        """Tear everything down (idempotent) and hand the page back to the menu."""
        if self.ended:
            return
        self.ended = True
        if self.timer is not None:
            window.clearInterval(self.timer)
            self.timer = None
        self.disarm_signal_deadline()
        self.close_links()
        node = self.node
        if node is not None:
            # Give flushed closes a moment before the signalling socket goes.
            later(node.destroy, 300)
            later(node.handlers.release, 1000)
        self.handlers.release()
        # Keep the code for a guest who may rejoin (lost, left); not for a closed room.
        closed = self.client is not None and self.client.closed_reason == "host_left"
        by_id("code-input").value = "" if self.is_host or closed else self.code
        self.on_end(message, kind)

    def close_links(self) -> None:
        """Close the data connections (subclasses own them)."""

    # --- the lobby's requests ---------------------------------------------------------------

    def request(self, text: str) -> None:
        raise NotImplementedError

    def leave(self) -> None:
        if self.client is None or self.ended:
            return
        self.request(self.client.leave())
        # The host answers with `closed`; if it cannot, leave anyway after a moment.
        later(lambda: self.end(texts.HOST_LEFT if self.is_host else texts.LEFT), 1500)

    def on_bet(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        from rules.money import MoneyError, parse_dollars

        raw = str(by_id("bet-input").value)
        try:
            cents = parse_dollars(raw)
            text = self.client.set_bet(cents)
        except (MoneyError, RoomError, ValueError) as exc:
            notice(f"That base bet cannot be used: {exc}", "error")
            by_id("bet-input").focus()
            return
        from rules.money import format_money

        notice(texts.BET_SET.format(amount=format_money(cents)))
        self.request(text)

    # --- the table's requests ---------------------------------------------------------------

    def act(self, action: str) -> None:
        if self.client is None or self.ended:
            return
        for button_id in ("check-btn", "double-btn"):  # one choice per round; the view re-enables
            by_id(button_id).disabled = True
        self.request(self.client.act(action))

    def deal_next(self) -> None:
        if self.client is not None and not self.ended and self.client.is_host:
            by_id("next-btn").disabled = True
            self.request(self.client.next_hand())

    def on_auto_deal(self, _event: Any = None) -> None:
        if self.client is not None:
            self.request(self.client.set_auto_deal(bool(by_id("auto-deal").checked)))

    def on_timer(self, _event: Any = None) -> None:
        self._setting(by_id("timer-select"), self.client.set_timer if self.client else None)

    def on_grace(self, _event: Any = None) -> None:
        self._setting(by_id("grace-select"), self.client.set_grace if self.client else None)

    def _setting(self, select: Any, build: Callable[[int], str] | None) -> None:
        if build is None:
            return
        try:
            text = build(int(str(select.value)))
        except (RoomError, ValueError) as exc:
            notice(f"That setting cannot be used: {exc}", "error")
            return
        self.request(text)

    def on_deck(self, _event: Any = None) -> None:
        from web.menu import DECK_KEY, _storage_set

        four = bool(by_id("four-colour").checked)
        window.document.body.dataset.deck = "four" if four else "two"
        _storage_set("localStorage", DECK_KEY, "four" if four else "two")

    def on_key(self, event: Any) -> None:
        """C checks, D doubles, N deals (host): never while typing or with a modifier."""
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        if window.document.body.dataset.screen != "game":
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        kind = str(getattr(target, "type", "") or "").lower()
        if tag in ("textarea", "select") or (tag == "input" and kind in TYPING):
            return
        if bool(getattr(target, "isContentEditable", False)):
            return
        button_id = KEYS.get(str(event.key).lower())
        if button_id is None:
            return
        button = by_id(button_id)
        from pyscript.ffi import is_none

        if not button.disabled and not is_none(button.offsetParent):  # enabled and on screen
            event.preventDefault()
            button.click()

    def export(self, what: str) -> None:
        """Download the ledger (CSV) or this browser's hand history (JSON) from the views."""
        from room.errors import ExportError
        from room.export import history_json, ledger_csv

        client = self.client
        game = client.view.get("game") if client is not None and client.view else None
        try:
            if what == "csv":
                if not isinstance(game, dict):
                    raise ExportError("no game has been played yet")
                text, mime, name = ledger_csv(game), "text/csv", "ledger.csv"
            else:
                if client is None or not client.history:
                    raise ExportError("no hand has reached the showdown yet")
                text = history_json(client.history.values())
                mime, name = "application/json", "hand-history.json"
        except ExportError as exc:
            notice(f"Nothing to download: {exc}", "error")
            return
        download(f"ultimate-omaha-{self.code}-{name}", text, mime)

    def copy(self, text: str, what: str) -> None:
        self.spawn(self._copy(text, what))

    async def _copy(self, text: str, what: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:
            # Plain-http LAN pages have no Clipboard API: fall back to a selected input.
            from web.dom import make

            box = make("textarea")
            box.value = text
            box.setAttribute("readonly", "")
            window.document.body.appendChild(box)
            box.select()
            ok = bool(window.document.execCommand("copy"))
            box.remove()
            if not ok:
                notice(texts.COPY_FAILED, "error")
                return
        notice(texts.COPIED.format(what=what))

    def link(self) -> str:
        base = str(window.location.href)
        link = share_link(base, self.code, {"signal": self.params.signal, "ice": self.params.ice})
        if self.params.assets:
            link += "&" + urlencode({"assets": self.params.assets})
        return link

    # --- client side ------------------------------------------------------------------------

    def after_client_input(self) -> None:
        """Render a new view, report new errors, and finish if the session is over."""
        client = self.client
        if client is None or self.ended:
            return
        if client.last_error is not None and client.last_error is not self.seen_error:
            self.seen_error = client.last_error
            if client.status not in (ClientStatus.REJECTED, ClientStatus.CLOSED):
                notice(f"The host refused that: {client.last_error.get('detail', '')}", "error")
        if client.status is ClientStatus.REJECTED:
            err = client.last_error or {}
            self.end(
                texts.rejection_text(err.get("code", ""), err.get("detail", ""), self.code),
                "error",
            )
            return
        if client.status is ClientStatus.CLOSED:
            reason = client.closed_reason or ""
            default = texts.HOST_LEFT if self.is_host else texts.ROOM_CLOSED
            text = texts.HOST_LEFT if self.is_host else CLOSED_TEXT.get(reason, default)
            self.end(text, "info" if reason == "left" else "error")
            return
        if client.view is not None and client.seq != self.rendered_seq:
            first = self.rendered_seq < 0
            self.rendered_seq = client.seq
            phase = client.view.get("phase")
            if phase != self.rendered_phase and not first:
                notice("")  # a new screen: old news (e.g. "bet set") no longer applies
            self.rendered_phase = phase
            render_view(client.view, client.is_host, self.link(), self.table, now_ms())
            game = client.view.get("game")
            if isinstance(game, dict):
                self.table.show_verdict(game, getattr(client, "fair_verdicts", {}))
                if self.on_game is not None:
                    self.on_game()
            if first:
                by_id("room-chip").hidden = False
                notice("")
                by_id("copy-code-btn").focus()
        window.document.body.dataset.status = str(client.status)

    def tick(self, *_: Any) -> None:
        raise NotImplementedError


class HostSession(Session):
    """The dealer's page: the room, the host's own seat over a loopback, and every guest link."""

    is_host = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.local: LocalHost | None = None
        self.links: dict[str, Link] = {}
        self.attempts = 0
        self.signal_lost = False

    def open_peer(self) -> None:
        self.attempts += 1
        self.code = new_room_code()
        self.node = PeerNode(
            self.options,
            peer_id_for(self.code),
            on_open=self.on_open,
            on_error=self.on_error,
            on_connection=self.on_connection,
            on_disconnected=self.on_signal_lost,
        )
        self.arm_signal_deadline()

    def on_open(self, _peer_id: str) -> None:
        self.disarm_signal_deadline()
        if self.ended:
            return
        if self.local is not None:  # a reconnect of the signalling socket
            self.signal_lost = False
            notice("")
            return
        self.local = LocalHost(
            self.code, self.name, self.token, now_ms(), game_factory=ultimate_omaha()
        )
        self.client = self.local.client
        self.wire_lobby()
        self.begin_ticking()
        self.deliver(self.local.open(now_ms()))

    def on_error(self, kind: str, message: str) -> None:
        if self.ended:
            return
        if kind == "unavailable-id" and self.local is None:
            old = self.node
            if old is not None:
                old.destroy()
            if self.attempts < CREATE_ATTEMPTS:
                self.open_peer()
            else:
                self.end(texts.ID_RETRIES_EXHAUSTED, "error")
            return
        if self.local is None:  # nothing to keep: creating failed
            self.end(texts.peer_error_text(kind, self.code), "error")
        elif kind in SIGNAL_ERRORS or kind == "disconnected":
            self.on_signal_lost()
        else:
            window.console.warn(f"PeerJS error {kind}: {message}")

    def on_signal_lost(self) -> None:
        if self.local is not None and not self.ended and not self.signal_lost:
            self.signal_lost = True
            notice(texts.SIGNAL_LOST, "error")

    def on_connection(self, conn: Any) -> None:
        if self.ended or self.local is None:
            Link(conn, "late").close(flush=False)
            return
        key = f"{conn.peer}/{conn.connectionId}"
        link = Link(conn, key)
        self.links[key] = link
        link.wire(
            on_open=lambda lk: self.feed(Connected(lk.key)),
            on_data=lambda lk, text: self.feed(Received(lk.key, text)),
            on_close=self.on_link_closed,
        )

    def on_link_closed(self, link: Link) -> None:
        self.links.pop(link.key, None)
        self.feed(Disconnected(link.key))
        later(link.handlers.release, 0)

    def feed(self, event: Any) -> None:
        """Give the room an event; carry its remote outputs out and redraw our own seat."""
        if self.local is not None and not self.ended:
            self.deliver(self.local.handle(event))

    def deliver(self, outputs: list[Any]) -> None:
        for out in outputs:
            if isinstance(out, Send):
                if (link := self.links.get(out.peer)) is not None:
                    link.send(out.text)
            elif isinstance(out, Close):
                link = self.links.pop(out.peer, None)
                if link is not None:
                    link.close(flush=True)
        self.after_client_input()

    def request(self, text: str) -> None:
        if self.local is not None and not self.ended:
            self.deliver(self.local.request(text))

    def tick(self, *_: Any) -> None:
        if self.ended or self.local is None:
            return
        self.feed(Tick(now_ms()))
        self.table.tick(now_ms())
        if self.signal_lost and self.node is not None:
            self.node.reconnect()

    def close_links(self) -> None:
        for link in list(self.links.values()):
            link.close(flush=True)
        self.links.clear()


class GuestSession(Session):
    """A player's page: one data connection to the host."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.link_: Link | None = None
        self.deadline: int | None = None

    def open_peer(self) -> None:
        self.node = PeerNode(self.options, None, on_open=self.on_open, on_error=self.on_error)
        self.arm_signal_deadline()

    def on_open(self, _peer_id: str) -> None:
        self.disarm_signal_deadline()
        if self.ended or self.link_ is not None or self.node is None:
            return
        notice(texts.CONNECTING_HOST.format(code=self.code))
        conn = self.node.connect(peer_id_for(self.code))
        self.link_ = Link(conn, "host")
        self.link_.wire(on_open=self.on_link_open, on_data=self.on_data, on_close=self.on_closed)
        self.deadline = later(self.on_deadline, texts.CONNECT_TIMEOUT_MS)

    def on_deadline(self) -> None:
        self.deadline = None
        if not self.ended and (self.link_ is None or not self.link_.open):
            seconds = texts.CONNECT_TIMEOUT_MS // 1000
            self.end(texts.HOST_UNREACHABLE.format(code=self.code, seconds=seconds), "error")

    def on_link_open(self, link: Link) -> None:
        if self.ended or self.client is None:
            return
        if self.deadline is not None:
            window.clearTimeout(self.deadline)
            self.deadline = None
        self.wire_lobby()
        for text in self.client.hello(now_ms()):
            link.send(text)
        self.begin_ticking()

    def on_data(self, link: Link, text: str) -> None:
        if self.ended or self.client is None:
            return
        for reply in self.client.receive(text, now_ms()):
            link.send(reply)
        self.after_client_input()

    def on_closed(self, _link: Link) -> None:
        if self.ended or self.client is None:
            return
        self.client.transport_closed()
        self.after_client_input()
        if not self.ended and self.client.status is ClientStatus.LOST:
            self.end(texts.LOST, "error")

    def on_error(self, kind: str, message: str) -> None:
        if self.ended:
            return
        joined = self.client is not None and self.client.status is ClientStatus.IN_ROOM
        if kind == "peer-unavailable" and not joined:
            self.end(texts.ROOM_NOT_FOUND.format(code=self.code), "error")
        elif not joined and (self.link_ is None or not self.link_.open):
            self.end(texts.peer_error_text(kind, self.code), "error")
        else:
            # Seated already: the data channel does not need the signalling server.
            window.console.warn(f"PeerJS error {kind}: {message}")

    def request(self, text: str) -> None:
        if self.link_ is not None:
            self.link_.send(text)

    def tick(self, *_: Any) -> None:
        if self.ended or self.client is None or self.link_ is None:
            return
        for text in self.client.tick(now_ms()):
            self.link_.send(text)
        if self.client.status is ClientStatus.LOST:
            self.end(texts.LOST, "error")
            return
        self.after_client_input()
        self.table.tick(now_ms())

    def close_links(self) -> None:
        if self.link_ is not None:
            self.link_.close(flush=True)

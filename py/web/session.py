"""A room session in the page: PeerJS + the sans-IO room (host) or client (guest) + the DOM.

* ``HostSession``: registers the room's PeerJS id and runs :class:`room.local.HostSession` (the
  room plus the host's own :class:`room.client.GuestClient` over a loopback, peer ``"local"``):
  the host's screen is drawn from exactly what a guest would receive.
* ``GuestSession``: dials the host's id and runs a :class:`room.client.GuestClient`.

Resilience (the room layer decides, this module only re-dials and says what happens):

* A guest whose host connection drops or goes silent keeps the table on screen, says
  "Reconnecting…" and dials the same host id again every ``RETRY_MS`` with the same key:
  the room gives back seat, cards and balance. Whoever answers there must first prove the
  room's key (:mod:`room.identity`); one that cannot is hung up on and told nothing, and the
  guest keeps re-dialling ("Someone else answered at this room's address…").
* The host saves the room (``HostSession.snapshot``) in this tab's sessionStorage after every
  change (:mod:`web.storage`); a reload restores it and registers the same PeerJS id again,
  retrying while the PeerServer still holds the old registration (``unavailable-id``), or a
  squatter holds it, for as long as the tab stays open (every ``REOPEN_RETRY_MS``, then every
  ``REOPEN_SLOW_MS``).
* Host gone for good: after 30 s, ``GuestClient.succession`` says who opens the next room;
  that player's GuestSession hands over to a HostSession of the new code, the others follow
  once that host proved the key its player had. Only ever that one player: if its id is
  taken, a peer there fails the check, or nobody comes for ``room.codes.NOBODY_GRACE_MS``,
  the succession stops (``GuestClient.block``), every page says why and keeps trying that one
  room; nobody else is elected (a player who blocked the code must not gain the room).

Both tick every 500 ms (heartbeats, liveness) and turn clicks into request texts. The room and
client decide everything; this module only moves texts and reports problems in plain words.
Imported on the first Create/Join click, not at page start.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any
from urllib.parse import urlencode

from games.registry import deal_reader
from games.registry import factory as game_factory
from games.ultimatesettings import bet_request
from pyodide.ffi import create_once_callable
from pyscript import window
from room.client import ClientStatus, GuestClient, new_token
from room.codes import new_room_code, peer_id_for, succession_memory, successor_rooms
from room.config import peer_options, share_link
from room.errors import RoomError
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.gate import Gate
from room.identity import signalling_id
from room.local import HostSession as LocalHost

from web import gametext, lastnight, storage, tablenews, texts
from web.dom import Handlers, by_id, notice
from web.door import Door
from web.gameform import TABLE_GAMES
from web.keysdialog import KeysDialog
from web.later import Later
from web.lobbygame import LobbyGame
from web.peer import Link, PeerNode, link_key
from web.pokerhost import PokerHost
from web.pokertable import PokerTable
from web.render import render_view
from web.shell import FairNote
from web.table import Table

TABLES_BLOCK = "py-tables"
"""index.html's list of the table games' engine: a host fetches it when it starts a table
game (or reopens one after a reload), never at page start, never for Ultimate Omaha, never
on a guest's page (guests only render the views)."""
TICK_MS = 500
RETRY_MS = 2_000  # a guest re-dials its host this often while the connection is lost
TAB_CHANNEL = "omaha-signalling-id"  # BroadcastChannel: a newer tab asks for our id
STABLE_ID_TRIES = 4  # a guest asks this often for its own signalling id before taking any
STABLE_RETRY_MS = 1_000  # ...this far apart
ATTEMPT_MS = 8_000  # a dial that has not opened by then is dropped and tried again
REOPEN_RETRY_MS = 1_500  # a reloaded host asks again for its room's PeerJS id this often...
REOPEN_FAST_MS = 60_000  # ...for this long (the old registration lingers on the PeerServer),
REOPEN_SLOW_MS = 5_000  # then this often for as long as the tab is open (a squatter may hold it)
NEWS_MS = 30_000  # how long a "the host left, ..." banner stays
SIGNAL_TIMEOUT_MS = 10_000  # no answer from the signalling server by then: say so
CREATE_ATTEMPTS = 5  # fresh codes tried when PeerJS says an id is taken
SIGNAL_ERRORS = frozenset(
    {"network", "server-error", "socket-error", "socket-closed", "ssl-unavailable", "invalid-key"}
)
CLOSED_TEXT = {
    "host_left": texts.ROOM_CLOSED,
    "left": texts.LEFT,
    "replaced": "You joined this room from another tab, so this one was let go.",
    "removed": texts.REMOVED,
}

OnEnd = Callable[[str, str], None]
KEYS = {"c": "check-btn", "d": "double-btn", "n": "next-btn"}
"""Keyboard shortcuts on the table: each presses its (enabled, visible) button."""
TYPING = frozenset({"text", "search", "email", "url", "tel", "password", "number"})


def _saved_game(saved: Any) -> Any:
    """The game id a saved host snapshot plays (None if it cannot be read)."""
    room = saved.get("room") if isinstance(saved, dict) else None
    return room.get("game_id") if isinstance(room, dict) else None


def now_ms() -> int:
    """A monotonic clock in ms (``performance.now``): wall-clock jumps must not fake silence."""
    return int(window.performance.now())


def later(fn: Callable[[], Any], ms: int) -> int:
    """Run ``fn`` once after ``ms`` (the callback frees itself after it ran)."""
    return int(window.setTimeout(create_once_callable(fn), ms))


def banner(text: str, kind: str = "info", state: str = "") -> None:
    """The connection banner above the screens ('' hides it); ``state`` goes to
    ``body[data-conn]`` (reconnecting, reopening, moved, ...) for styles and tests."""
    box = by_id("conn-banner")
    box.textContent = text
    box.hidden = not text
    box.dataset.kind = kind
    window.document.body.dataset.conn = state


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

    def __init__(self, name: str, token: str, code: str, params: Any, on_end: OnEnd,
                 host_key: str | None = None) -> None:
        self.name = name
        self.token = token
        self.code = code
        self.host_key = host_key  # the key the room's host must prove (None: trust on first use)
        self.invite: str | None = None  # the room's invitation from its link (i=...)
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
        self.poker = PokerTable()
        self.poker_host = PokerHost()
        self.keys_dialog = KeysDialog()
        self.lobby_game = LobbyGame()
        self.tables = Later(TABLES_BLOCK)  # fetched only by a host starting a table game
        self.on_game: Callable[[], Any] | None = None  # set by the menu: warm the evaluator
        self.on_switch: Callable[[Session], None] | None = None  # set by the menu: successor
        self.shown = False  # the first view has been drawn
        self.wired = False
        self.news_timer: int | None = None
        self.hiding = False  # the page is being closed or reloaded
        self.history_loaded = False  # the room's saved hand history was taken back
        self.history_saved = 0  # hands in the history when it was last saved
        self.door = Door(self)  # the host's seat controls (approve, remove)
        self.fair_note = FairNote()  # each hand's fair-deal verdict, every game
        self.on_confirm: Callable[[], Any] | None = None  # what the open dialog's yes does
        self.said_waiting = False
        self.news_before: Mapping[str, Any] | None = None  # the view the host's news is from
        self.ledger_kept: Any = None  # the ledger last kept in this browser (web.lastnight)
        self.told_name = False  # the player was told why the room renamed them, if it did

    # --- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        self.spawn(self._start())

    def spawn(self, coro: Any) -> None:
        """Run a coroutine, keeping a reference until it finishes (else it may be collected)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _start(self) -> None:
        if self.client is None:
            try:
                self.client = GuestClient(self.name, self.token, self.code or None,
                                          self.host_key, deal_rules=deal_reader)
                self.client.invite = self.invite
            except (RoomError, ValueError) as exc:
                self.end(f"That name cannot be used: {exc}", "error")
                return
        try:
            self.options = peer_options(self.params.signal, self.params.ice)
        except RoomError as exc:
            self.end(texts.BAD_ADDRESS_SETTING.format(detail=exc), "error")
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
        if self.wired:
            return
        self.wired = True
        h = self.handlers
        # Leaving the page: free our PeerJS id and close our channels at once, so the others
        # notice now (and a reloading host gets its id back sooner).
        h.listen(window, "pagehide", self.on_pagehide)
        h.listen(by_id("leave-btn"), "click", lambda *_: self.ask_leave())
        h.listen(by_id("game-leave-btn"), "click", lambda *_: self.ask_leave())
        h.listen(by_id("confirm-stay"), "click", lambda *_: by_id("confirm-dialog").close())
        h.listen(by_id("confirm-go"), "click", lambda *_: self.confirmed())
        for suffix in ("", "-table"):  # the lobby's, and the table's (every game's)
            h.listen(by_id(f"copy-code-btn{suffix}"), "click",
                     lambda *_: self.copy(self.code, "Room code"))
            h.listen(by_id(f"copy-link-btn{suffix}"), "click",
                     lambda *_: self.copy(self.link(), "Link"))
        h.listen(by_id("bet-form"), "submit", self.on_bet)
        h.listen(by_id("start-btn"), "click", lambda *_: self.start_game())
        self.lobby_game.wire(h, self.set_game, self.host_poker)
        self.door.wire(h)
        self.wire_table()
        self.wire_poker()

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

    def wire_poker(self) -> None:
        """The poker table's controls (web.pokertable) and its host and leave buttons."""
        h = self.handlers
        self.poker.wire(h, self.act_poker, self.table_poker)
        self.poker_host.wire(h, self.host_poker, self.host_poker_tables)
        self.keys_dialog.wire(h)
        h.listen(by_id("pk-next-btn"), "click", lambda *_: self.deal_next())
        h.listen(by_id("pk-cashout-btn"), "click", lambda *_: self.ask_leave())
        for what in ("history", "csv", "stars"):
            h.listen(by_id(f"pk-export-{what}-btn"), "click",
                     lambda *_, w=what: self.export(w))

    def on_pagehide(self, *_: Any) -> None:
        """The page is going (closed, reloaded): from now on nothing is decided or sent here.
        Freeing our PeerJS id and closing our channels at once tells the others now (and a
        reloading host gets its id back sooner). Without ``hiding`` the host would see its own
        channels close one by one and tell the last guests that the first ones dropped, which
        would skew the succession (it trusts who was connected in the last view)."""
        self.hiding = True
        if self.node is not None:
            self.node.destroy()

    def news(self, text: str, state: str) -> None:
        """A banner that stays ``NEWS_MS`` (e.g. "the host left; the room moved to ...")."""
        banner(text, "info", state)
        if self.news_timer is not None:
            window.clearTimeout(self.news_timer)
        self.news_timer = later(self.clear_news, NEWS_MS)

    def clear_news(self) -> None:
        self.news_timer = None
        if not self.ended and window.document.body.dataset.conn in ("moved", "hosting"):
            banner("")

    def detach(self) -> None:
        """Stop this session without going back to the menu (a successor takes over)."""
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

    def end(self, message: str, kind: str = "info") -> None:
        """Tear everything down (idempotent) and hand the page back to the menu."""
        if self.ended:
            return
        banner("")
        self.detach()
        # Keep the code for a guest who may rejoin (lost, left); not for a closed room.
        closed = self.client is not None and self.client.closed_reason == "host_left"
        by_id("code-input").value = "" if self.is_host or closed else self.code
        over = self.client is not None and self.client.status in (
            ClientStatus.CLOSED, ClientStatus.REJECTED)
        if over:  # left on purpose, closed, refused: a reload should not walk back in
            with suppress(Exception):
                window.history.replaceState(
                    None, "", texts.address_without_room(str(window.location.href)))
        self.on_end(message, kind)

    def show_address(self) -> None:
        """The address bar always carries the room we are in, and follows it to a successor
        room: a reload, or the tab reopened by a phone, goes straight back to the seat, and
        the address is a link that can be shared as it is."""
        with suppress(Exception):
            window.history.replaceState(None, "", self.link())

    def close_links(self) -> None:
        """Close the data connections (subclasses own them)."""

    # --- the lobby's requests ---------------------------------------------------------------

    def request(self, text: str) -> None:
        raise NotImplementedError

    def leave_warning(self) -> str:
        """What leaving (host: closing the room) would cost now, or ``''``."""
        if self.client is None:
            return ""
        view = self.client.view
        game = view.get("game") if isinstance(view, dict) else None
        if isinstance(game, dict) and game.get("game") not in (None, "ultimate"):
            from web.pokersidetext import leave_warning

            return leave_warning(game, self.client.you, self.is_host)
        return gametext.leave_warning(view, self.is_host)

    def ask_leave(self) -> None:
        """Leave (host: close the room) at once, or ask first when money is at stake."""
        if self.client is None or self.ended:
            return
        warning = self.leave_warning()
        if not warning:
            self.leave()
            return
        self.ask("Close the room now?" if self.is_host else "Leave now?",
                 "Close room" if self.is_host else "Leave", warning, self.leave)

    def follow_leave_question(self) -> None:
        """An open Leave / Close question follows the room: a hand that ended meanwhile no
        longer "is being played" (its text is a polite live region: the change is said)."""
        if self.on_confirm != self.leave or not bool(by_id("confirm-dialog").open):
            return
        text = self.leave_warning() or (texts.CLOSE_NOTHING_AT_STAKE if self.is_host
                                        else texts.LEAVE_NOTHING_AT_STAKE)
        box = by_id("confirm-text")
        if str(box.textContent) != text:
            box.textContent = text

    def ask(self, title: str, go: str, text: str, action: Callable[[], Any],
            stay: str = "Stay") -> None:
        """Ask for a confirmation in the page's own dialog (never ``window.confirm``, which
        would stop the page — and a host's page deals for everyone); ``action`` on yes."""
        self.on_confirm = action
        by_id("confirm-title").textContent = title
        by_id("confirm-go").textContent = go
        by_id("confirm-stay").textContent = stay
        by_id("confirm-text").textContent = text
        by_id("confirm-dialog").showModal()

    def confirmed(self) -> None:
        by_id("confirm-dialog").close()
        action, self.on_confirm = self.on_confirm, None
        if action is not None:
            action()

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

        field = by_id("bet-input")
        error = by_id("bet-error")
        try:
            cents = parse_dollars(str(field.value))
            text = self.client.set_game(*bet_request(self.client.view or {}, cents))
        except (MoneyError, RoomError, ValueError) as exc:
            # Said at the field (and marked invalid for assistive technology), not in a banner
            # far from where the player is typing.
            error.textContent = texts.BET_REFUSED.format(detail=exc)
            error.hidden = False
            field.setAttribute("aria-invalid", "true")
            field.focus()
            return
        from rules.money import field_dollars, format_money

        field.value = field_dollars(cents)  # as the page will show it: "100,000", not "100000"
        error.hidden = True
        error.textContent = ""
        field.removeAttribute("aria-invalid")
        notice(texts.BET_SET.format(amount=format_money(cents)))
        self.request(text)

    # --- the table's requests ---------------------------------------------------------------

    def set_game(self, game_id: str, settings: dict[str, Any]) -> None:
        """The host picked a game or changed one of its settings (already checked per field)."""
        if self.client is None or self.ended:
            return
        try:
            text = self.client.set_game(game_id, settings)
        except (RoomError, ValueError) as exc:
            notice(f"That game setting cannot be used: {exc}", "error")
            return
        self.request(text)

    def start_game(self) -> None:
        """Start: a table game's engine is fetched first (host only, and only now)."""
        if self.client is None or self.ended:
            return
        view = self.client.view or {}
        game_id = (view.get("settings") or {}).get("game_id")
        if game_id not in TABLE_GAMES:
            self.request(self.client.start_game())
            return
        if self.lobby_game.check() is None:
            return  # a bad field: said there
        self.spawn(self._start_table())

    async def _start_table(self) -> None:
        button = by_id("start-btn")
        button.disabled = True
        notice(texts.TABLES_LOADING)
        began = window.performance.now()
        try:
            await self.tables.ready()
            import games.poker.session  # noqa: F401  (the room's factory imports it next)

            # how long the engine took to reach the page: tools and tests read it
            window.document.body.dataset.tablesLoadMs = str(
                round(window.performance.now() - began))
        except Exception:
            notice(texts.LATER_FAILED, "error")
            return
        finally:
            button.disabled = False
        if self.client is None or self.ended:
            return
        notice("")
        self.request(self.client.start_game())

    def act_poker(self, action: str, amount: int | None, cards: tuple[str, ...]) -> None:
        if self.client is None or self.ended:
            return
        self.request(self.client.act(action, amount, cards))

    def table_poker(self, action: str, amount: int | None) -> None:
        if self.client is None or self.ended:
            return
        self.request(self.client.table(action, amount))

    def host_poker(self, build: Callable[[Any], str]) -> None:
        """A request of the host panel (web.pokerhost), built from our client."""
        if self.client is None or self.ended:
            return
        self.request(build(self.client))

    def host_poker_tables(self, build: Callable[[Any], str]) -> None:
        """A host request that needs the table games' engine here (a change of game to a
        table game): fetched first, as Start does, since a room that began with Ultimate Omaha
        never loaded it and the room builds the new game at once."""
        self.spawn(self._host_poker_tables(build))

    async def _host_poker_tables(self, build: Callable[[Any], str]) -> None:
        try:
            await self.tables.ready()
            import games.poker.session  # noqa: F401  (the room's factory imports it next)
        except Exception:
            notice(texts.LATER_FAILED, "error")
            return
        self.host_poker(build)

    def act(self, action: str) -> None:
        if self.client is None or self.ended:
            return
        for button_id in ("check-btn", "double-btn"):  # one choice per round; the view re-enables
            by_id(button_id).disabled = True
        self.request(self.client.act(action))

    def deal_next(self) -> None:
        if self.client is not None and not self.ended and self.client.is_host:
            by_id("next-btn").disabled = True
            by_id("pk-next-btn").disabled = True
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
        from web.menu import DECK_KEY

        four = bool(by_id("four-colour").checked)
        window.document.body.dataset.deck = "four" if four else "two"
        storage.put("localStorage", DECK_KEY, "four" if four else "two")

    def on_key(self, event: Any) -> None:
        """C checks, D doubles, N deals (host): never while typing, with a modifier or while a
        dialog is open. At a poker table: the actions (C, F, R, Shift+A, 1-5 marking draw
        cards) and reading keys of web.pokertable.key, Shift+N deals (host). ? opens the key
        help of either table (web.keysdialog)."""
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        screen = window.document.body.dataset.screen
        if screen not in ("game", "poker"):
            return
        from pyscript.ffi import is_none

        if not is_none(window.document.querySelector("dialog[open]")):
            return  # the dialog has the keys (Escape closes it)
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        kind = str(getattr(target, "type", "") or "").lower()
        if tag in ("textarea", "select") or (tag == "input" and kind in TYPING):
            return
        if bool(getattr(target, "isContentEditable", False)):
            return
        if str(event.key) == "?":
            if self.keys_dialog.open():
                event.preventDefault()
            return
        if screen == "poker":
            key = str(event.key)
            if key.lower() == "n" and event.shiftKey:
                button_id = "pk-next-btn"
            elif self.poker.key(key, bool(event.shiftKey), now_ms()):
                event.preventDefault()
                return
            else:
                return
        else:
            button_id = KEYS.get(str(event.key).lower())
        if button_id is None:
            return
        button = by_id(button_id)
        if not button.disabled and not is_none(button.offsetParent):  # enabled and on screen
            event.preventDefault()
            button.click()

    def stars_text(self) -> str:
        """This browser's table-game hands in PokerStars text, as this player saw them:
        written from the history entries its results views filed (each with the player's
        own hole cards), by the same writer as the host's (``games.pokerstars``; it needs no
        engine, which a guest's page never loads)."""
        from games.pokerstars import TABLE, pokerstars_document

        client = self.client
        return pokerstars_document(client.history.values() if client is not None else (),
                                   table=f"{TABLE} {self.code}")

    def export(self, what: str) -> None:
        """Download the ledger (CSV), this browser's hand history (JSON) from the views, or
        the table game's hands as PokerStars text (every player: as they saw them)."""
        from room.errors import ExportError
        from room.export import history_json, ledger_csv

        client = self.client
        game = client.view.get("game") if client is not None and client.view else None
        try:
            if what == "csv":
                if not isinstance(game, dict):
                    raise ExportError("no game has been played yet")
                text, mime, name = ledger_csv(game), "text/csv", "ledger.csv"
            elif what == "stars":
                text, mime, name = self.stars_text(), "text/plain", "hand-history.txt"
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
        key = self.client.host_key if self.client is not None else None
        if self.client is not None and self.client.room != self.code:
            key = None  # between rooms (a successor being dialled): no key to vouch for yet
        link = share_link(base, self.code, {"signal": self.params.signal, "ice": self.params.ice},
                          key, self.link_invite() if key is not None else None)
        if self.params.assets:
            link += "&" + urlencode({"assets": self.params.assets})
        return link

    def link_invite(self) -> str | None:
        """The room's invitation for the link: the one this page's own link carried."""
        client = self.client
        return client.invite if client is not None and client.room == self.code else None

    # --- client side ------------------------------------------------------------------------

    def keep_history(self, client: GuestClient) -> None:
        """This browser's hand history outlives a reload: what was saved for the room is taken
        back once, and every new hand is saved (and listed under "Recent hands")."""
        from room.errors import ExportError
        from room.export import history_json, load_history

        first = not self.history_loaded
        if first:
            self.history_loaded = True
            try:
                for entry in load_history(storage.stored_history(self.code) or "null"):
                    client.history.setdefault(entry["hand_no"], entry)
            except ExportError:
                pass  # nothing saved yet, or an unreadable copy: start afresh
        if len(client.history) == self.history_saved and not first:
            return
        if len(client.history) != self.history_saved:
            self.history_saved = len(client.history)
            storage.save_history(self.code, history_json(client.history.values()))
        # drawn at once in a new room too: the lists must not keep an earlier room's hands
        self.table.render_recent(client.history, client.you)
        self.poker.side.render_recent(client.history, client.you)

    def after_client_input(self) -> None:
        """Render a new view, report new errors, and finish if the session is over."""
        client = self.client
        if client is None or self.ended:
            return
        if client.last_error is not None and client.last_error is not self.seen_error:
            self.seen_error = client.last_error
            if client.status not in (ClientStatus.REJECTED, ClientStatus.CLOSED):
                notice(f"The host refused that: {client.last_error.get('detail', '')}", "error")
                self.lobby_game.refused(client.last_error.get("code"),
                                        client.last_error.get("detail"))
        if client.status is ClientStatus.REJECTED:
            err = client.last_error or {}
            self.end(
                texts.rejection_text(err.get("code", ""), err.get("detail", ""), self.code),
                "error",
            )
            return
        if client.status is ClientStatus.WAITING and not self.said_waiting:
            self.said_waiting = True  # said once, politely: the host decides
            notice(texts.WAITING_FOR_HOST.format(code=self.code))
        if client.status is ClientStatus.CLOSED:
            reason = client.closed_reason or ""
            default = texts.HOST_LEFT if self.is_host else texts.ROOM_CLOSED
            text = texts.HOST_LEFT if self.is_host else CLOSED_TEXT.get(reason, default)
            self.end(text, "info" if reason == "left" else "error")
            return
        if client.you is not None:  # seated: "you" in the history is known (not before join)
            self.keep_history(client)
        if client.view is not None and client.seq != self.rendered_seq:
            memory = succession_memory(client.view)
            if memory is not None:  # to find the room it becomes, should its host leave
                storage.remember_succession(self.code, json.dumps(memory, sort_keys=True))
        if client.view is not None and client.seq != self.rendered_seq:
            first = not self.shown
            self.shown = True
            self.rendered_seq = client.seq
            phase = client.view.get("phase")
            if phase != self.rendered_phase and not first:
                notice("")  # a new screen: old news (e.g. "bet set") no longer applies
            self.rendered_phase = phase
            news = by_id("announce").textContent
            render_view(client.view, client.is_host, self.link(), self.table, now_ms(),
                        self.poker, self.lobby_game)
            news = by_id("announce").textContent != news
            kept = lastnight.key(client.view)
            if kept is not None and kept != self.ledger_kept:
                self.ledger_kept = kept  # the night's ledger, kept for after the room
                lastnight.keep(client.view)
            said = tablenews.news(self.news_before, client.view, client.is_host)
            self.news_before = client.view
            if said:  # what the host did, once, in words, to everyone (web.tablenews)
                notice(" ".join(said))
            self.poker_host.render(client.view, client.is_host)
            self.door.render(client.view, client.is_host)
            game = client.view.get("game")
            if isinstance(game, dict):
                self.fair_note.show(client.verdict(), game.get("hand_no"), news)
                if self.on_game is not None:
                    self.on_game()
            if first:
                by_id("room-chip").hidden = False
                notice("")
                by_id("copy-code-btn").focus()
            self.follow_leave_question()
            if not self.told_name and client.you is not None:
                self.told_name = True  # once: the room names us when it seats us
                players = [p for p in client.view.get("players") or [] if isinstance(p, dict)]
                mine = next((str(p.get("name")) for p in players if p.get("id") == client.you),
                            "")
                note = texts.rename_note(client.name, mine, [
                    str(p.get("name")) for p in players if p.get("id") != client.you])
                if note:
                    notice(note)
        window.document.body.dataset.status = str(client.status)

    def tick(self, *_: Any) -> None:
        raise NotImplementedError


class HostSession(Session):
    """The dealer's page: the room, the host's own seat over a loopback, and every guest link.

    Three ways to open: a new room (fresh code), ``saved`` (this tab's room before a reload:
    same code, restored from its snapshot), ``successor`` (the GuestClient of a player elected
    to host after the old host left: the code is the succession's).
    """

    is_host = True

    def __init__(self, *args: Any, saved: dict[str, Any] | None = None,
                 successor: GuestClient | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.local: LocalHost | None = None
        self.links: dict[str, Link] = {}
        self.attempts = 0
        self.signal_lost = False
        self.saved = saved
        self.successor = successor
        self.fixed_code = saved is not None or successor is not None
        self.client = successor
        self.first_try: int | None = None
        self.saved_seq: int | None = None
        self.gate = Gate(accept_offers=True)  # signalling screened before PeerJS

    async def _start(self) -> None:
        if self.saved is not None:
            if _saved_game(self.saved) in TABLE_GAMES:
                try:  # a table game is being played: its engine before the restore
                    await self.tables.ready()
                except Exception:
                    self.end(texts.LATER_FAILED, "error")
                    return
            self.preview()
            if self.ended:
                return
        await super()._start()

    def link_invite(self) -> str | None:
        """The room's own invitation (the host derives it from its key)."""
        return self.local.room.invite if self.local is not None else None

    def preview(self) -> None:
        """Show the saved table at once, while the room's id is being registered again."""
        try:
            now = now_ms()
            seen = LocalHost.restore(self.saved, now, games=game_factory,
                                       deal_rules=deal_reader)
            seen.open(now)
        except (RoomError, ValueError, KeyError, TypeError) as exc:
            storage.forget_host()
            self.saved = None
            self.end(texts.RESTORE_FAILED.format(detail=exc), "error")
            return
        if seen.client.view is not None:
            render_view(seen.client.view, True, self.link(), self.table, now)
            # Nothing can be done until the room is reachable again; its clocks are stopped.
            for button_id in ("check-btn", "double-btn", "next-btn", "pk-fold", "pk-call",
                              "pk-raise", "pk-allin", "pk-draw", "pk-next-btn"):
                by_id(button_id).disabled = True
            by_id("deadline").hidden = True
        banner(texts.REOPENING.format(code=self.code, tries=1), "error", "reopening")

    def open_peer(self) -> None:
        self.attempts += 1
        if not self.fixed_code:
            self.code = new_room_code()
        if self.first_try is None:
            self.first_try = now_ms()
        self.node = PeerNode(
            self.options,
            peer_id_for(self.code),
            on_open=self.on_open,
            on_error=self.on_error,
            on_connection=self.on_connection,
            on_disconnected=self.on_signal_lost,
            screen=lambda fields: self.gate.screen(fields, now_ms()),
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
        now = now_ms()
        try:
            if self.saved is not None:
                self.local = LocalHost.restore(self.saved, now, games=game_factory,
                                       deal_rules=deal_reader)
            elif self.successor is not None:
                self.local = LocalHost.from_succession(self.successor, now, games=game_factory)
            else:
                self.local = LocalHost(self.code, self.name, self.token, now, games=game_factory,
                                       deal_rules=deal_reader)
        except RoomError as exc:
            if self.saved is not None:
                storage.forget_host()
            self.end(texts.RESTORE_FAILED.format(detail=exc), "error")
            return
        self.client = self.local.client
        storage.remember_room(self.code, self.client.token, self.local.room.key)
        self.show_address()
        self.wire_lobby()
        self.begin_ticking()
        if self.successor is not None:
            self.news(texts.NEW_HOST_YOU.format(code=self.code)
                      + texts.void_note(self.successor.view), "hosting")
        elif self.saved is not None:
            banner("", state="reopened")
            window.document.body.dataset.reopenTries = str(self.attempts)
        self.deliver(self.local.open(now))

    def on_error(self, kind: str, message: str) -> None:
        if self.ended:
            return
        if kind == "unavailable-id" and self.local is None:
            self.disarm_signal_deadline()  # the server answered: it is reachable
            old = self.node
            if old is not None:
                old.destroy()
                later(old.handlers.release, 1000)
            if self.fixed_code:  # our own room's id, still held by our previous page
                waited = now_ms() - (self.first_try or 0)
                if self.saved is not None:
                    banner(texts.REOPENING.format(code=self.code, tries=self.attempts + 1),
                           "error", "reopening")
                elif self.successor is not None:  # someone registered our successor code
                    self.successor.block(self.code, "taken")
                    banner(texts.SUCCESSION_TAKEN.format(code=self.code, tries=self.attempts),
                           "error", "blocked")
                # Never give up while the tab is open: a squatter may hold the id for long.
                later(self.retry_open,
                      REOPEN_RETRY_MS if waited < REOPEN_FAST_MS else REOPEN_SLOW_MS)
            elif self.attempts < CREATE_ATTEMPTS:
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

    def retry_open(self) -> None:
        if not self.ended and self.local is None:
            self.open_peer()

    def on_signal_lost(self) -> None:
        if self.local is not None and not self.ended and not self.signal_lost:
            self.signal_lost = True
            notice(texts.SIGNAL_LOST, "error")

    def on_connection(self, conn: Any) -> None:
        key = link_key(conn)  # None: not a data connection of ours
        if self.ended or self.local is None or key is None or key not in self.gate.entries:
            with suppress(Exception):
                conn.close()  # frees its RTCPeerConnection at once
            if key is not None:
                self.gate.closed(key)
            return
        link = Link(conn, key)
        self.links[key] = link
        link.wire(
            on_open=lambda lk: self.feed(Connected(lk.key, lk.remote)),
            on_data=self.on_link_data,
            on_close=self.on_link_closed,
            on_bad=self.cut_link,
        )

    def on_link_data(self, link: Link, text: str) -> None:
        self.feed(Received(link.key, text))
        room = self.local.room if self.local is not None else None
        if room is not None and link.key in self.gate.entries and (
                room.seat_of_peer(link.key) is not None
                or room.door.by_peer(link.key) is not None):
            self.gate.joined(link.key)  # in the room: no longer on the gate's clock

    def cut_link(self, link: Link) -> None:
        """Close a connection at once (a frame that is not ours, or its join deadline passed)
        and tell the room it is gone."""
        self.links.pop(link.key, None)
        self.gate.closed(link.key)
        link.close(flush=False)
        self.feed(Disconnected(link.key, now_ms()))
        later(link.handlers.release, 0)

    def on_link_closed(self, link: Link) -> None:
        self.links.pop(link.key, None)
        self.gate.closed(link.key)
        self.feed(Disconnected(link.key, now_ms()))
        later(link.handlers.release, 0)

    def feed(self, event: Any) -> None:
        """Give the room an event; carry its remote outputs out and redraw our own seat."""
        if self.local is not None and not self.ended and not self.hiding:
            self.deliver(self.local.handle(event))

    def deliver(self, outputs: list[Any]) -> None:
        for out in outputs:
            if isinstance(out, Send):
                if (link := self.links.get(out.peer)) is not None:
                    link.send(out.text)
            elif isinstance(out, Close):
                link = self.links.pop(out.peer, None)
                self.gate.closed(out.peer)
                if link is not None:
                    link.close(flush=True)
        self.save()
        self.after_client_input()

    def save(self) -> None:
        """Keep the room in this tab's storage whenever it changed. Every change of the room
        is broadcast, and the host's own seat gets every broadcast, so a new view for our
        own client is the cue (pings and pongs do not count)."""
        local = self.local
        if local is None or self.ended or local.client.seq == self.saved_seq:
            return
        if local.client.status is ClientStatus.CLOSED:
            storage.forget_host()
            return
        self.saved_seq = local.client.seq
        try:
            storage.save_host(self.code, local.snapshot())
        except (TypeError, ValueError) as exc:  # a bug, not the player's problem: say it in the log
            window.console.warn(f"the room could not be saved: {exc}")

    def leave(self) -> None:
        storage.forget_host()  # closing on purpose: nothing to reopen after a reload
        super().leave()

    def end(self, message: str, kind: str = "info") -> None:
        if self.client is not None and self.client.status is ClientStatus.CLOSED:
            storage.forget_host()
        super().end(message, kind)

    def request(self, text: str) -> None:
        if self.local is not None and not self.ended:
            self.deliver(self.local.request(text))

    def stars_text(self) -> str:
        """Every hand of the room, as a guest's file has them (the entries the host's own
        results views filed: every game played here, over changes of game and reloads), each
        replaced by the game's own whole record while the game being played holds it (a long
        hand's view may be shortened), with the host's own hole cards, through the one writer."""
        from games.pokerstars import TABLE, pokerstars_document, room_records

        game = self.local.room.game if self.local is not None else None
        records_for = getattr(game, "records_for", None)
        hero = self.client.you if self.client is not None else None
        filed = self.client.history.values() if self.client is not None else ()
        whole = records_for(hero) if records_for is not None else ()
        return pokerstars_document(room_records(filed, whole), table=f"{TABLE} {self.code}")

    def tick(self, *_: Any) -> None:
        if self.ended or self.local is None:
            return
        for key in self.gate.expire(now_ms()):  # offered, never joined in time
            link = self.links.get(key)
            if link is not None:
                self.cut_link(link)
        self.feed(Tick(now_ms()))
        self.table.tick(now_ms())
        self.poker.tick(now_ms())
        if self.signal_lost and self.node is not None:
            self.node.reconnect()

    def close_links(self) -> None:
        for link in list(self.links.values()):
            link.close(flush=True)
        self.links.clear()


class GuestSession(Session):
    """A player's page: one data connection to the host, re-dialled when it is lost."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.link_: Link | None = None
        self.deadline: int | None = None
        self.reconnecting = False
        self.tries = 0
        self.try_started = 0
        self.next_try = 0
        self.moved_text = ""
        self.impostor_seen = False  # someone else answered at the address we re-dial
        self.relay_seen = False  # ...and passed the real host's answer on (a go-between)
        self.pinned = ""  # the room whose host key we stored (once seated there)
        self.first_code = self.code  # the room asked for (it may have moved: try_next_room)
        self.next_rooms: list[tuple[str, str]] | None = None  # where it may have moved
        self.gate = Gate(accept_offers=False)  # only our own dials' answers
        self.id_taken = 0  # times our own signalling id was found registered already
        self.node_stable = False  # the node holds (or asked for) our own signalling id
        self.holds_id = False  # our node registered our own signalling id
        self.tab_channel: Any = None  # hears newer tabs of this browser (see id_held)
        self.tab = new_token()  # tells this tab's own messages apart

    @property
    def seated(self) -> bool:
        """Whether we ever sat in this room (then a lost connection is worth re-dialling)."""
        return self.client is not None and self.client.you is not None

    def open_peer(self) -> None:
        """A PeerJS node under this player's own signalling id for the room
        (:func:`room.identity.signalling_id`: the host's gate keeps places for it), or under
        one the server gives when ours stayed taken (another tab of this browser holds it)."""
        stable = signalling_id(self.token) if self.id_taken < STABLE_ID_TRIES else None
        self.listen_for_newer_tab()
        self.node = PeerNode(self.options, stable, on_open=self.on_open, on_error=self.on_error,
                             screen=lambda fields: self.gate.screen(fields, now_ms()))
        self.node_stable = stable is not None
        self.arm_signal_deadline()

    def id_held(self) -> None:
        """Our signalling id is registered already: the page before a reload (its
        registration lingers a moment) or another tab of this browser (the newer tab takes
        the seat over; the older one then lets the id go). Try again shortly, a few times,
        then take a server-given id (no place kept at the gate, but a way in)."""
        self.disarm_signal_deadline()  # the server answered: it is reachable
        self.id_taken += 1
        self.tell_older_tab()
        old = self.node
        if old is not None:
            old.destroy()
            later(old.handlers.release, 1000)
        if not self.reconnecting:  # (re-dialling makes a fresh node on its own schedule)
            later(lambda: self.retry_peer(old), STABLE_RETRY_MS)

    def listen_for_newer_tab(self) -> None:
        """Hear a newer tab of this browser asking for our signalling id (same token, same
        room): it takes the seat over, so this tab ends and lets the id go at once."""
        if self.tab_channel is not None:
            return
        with suppress(Exception):  # (no BroadcastChannel: the newer tab takes another id)
            self.tab_channel = window.BroadcastChannel.new(TAB_CHANNEL)
            self.handlers.listen(self.tab_channel, "message", self.on_tab_message)

    def tell_older_tab(self) -> None:
        with suppress(Exception):
            channel = window.BroadcastChannel.new(TAB_CHANNEL)
            channel.postMessage(json.dumps({"id": signalling_id(self.token), "from": self.tab}))
            channel.close()

    def on_tab_message(self, event: Any) -> None:
        try:
            said = json.loads(str(event.data))
        except ValueError:
            return
        if (not self.ended and self.holds_id and isinstance(said, dict)
                and said.get("from") != self.tab and said.get("id") == signalling_id(self.token)):
            self.end(CLOSED_TEXT["replaced"], "info")

    def close_links(self) -> None:
        if self.tab_channel is not None:
            with suppress(Exception):
                self.tab_channel.close()
            self.tab_channel = None
        self.close_link()

    def retry_peer(self, old: PeerNode | None) -> None:
        if not self.ended and self.node is old:
            self.open_peer()

    def on_open(self, _peer_id: str) -> None:
        self.disarm_signal_deadline()
        if self.ended or self.node is None:
            return
        self.holds_id = self.node_stable
        if self.node_stable:
            self.id_taken = 0  # ours again: next time, ask for it first again
        if self.reconnecting:  # a fresh PeerJS node made while re-dialling
            self.dial(now_ms())
            return
        if self.link_ is not None:
            return
        notice(texts.CONNECTING_HOST.format(code=self.code))
        self.link_ = self.new_link()
        self.deadline = later(self.on_deadline, texts.CONNECT_TIMEOUT_MS)

    def new_link(self) -> Link:
        assert self.node is not None
        link = Link(self.node.connect(peer_id_for(self.code)), "host")
        self.gate.dialled(link.signal_key, now_ms())
        link.wire(on_open=self.on_link_open, on_data=self.on_data, on_close=self.on_closed,
                  on_bad=lambda lk: lk.close(flush=False))  # not our host: PeerJS says close
        return link

    def on_signal_deadline(self) -> None:
        """Re-dialling outlives a signalling server that is away for a while: drop the node
        that got no answer; the next attempt makes a fresh one."""
        if self.reconnecting and not self.ended:
            self.signal_deadline = None
            if self.node is not None:
                self.node.destroy()
            return
        super().on_signal_deadline()

    def on_deadline(self) -> None:
        self.deadline = None
        if self.ended or self.reconnecting or self.seated:
            return
        if self.link_ is None or not self.link_.open:
            seconds = texts.CONNECT_TIMEOUT_MS // 1000
            self.end(texts.HOST_UNREACHABLE.format(code=self.code, seconds=seconds), "error")

    def on_link_open(self, link: Link) -> None:
        if self.ended or self.client is None:
            return
        if link is not self.link_:  # an older dial that opened late
            link.close(flush=False)
            return
        if self.deadline is not None:
            window.clearTimeout(self.deadline)
            self.deadline = None
        self.wire_lobby()
        self.rendered_seq = -2  # a new view stream: draw whatever comes first
        try:
            hello = self.client.hello(now_ms(), link.local_id)
        except ValueError as exc:  # PeerJS gave us no id of ours: nothing we could sign
            window.console.warn(f"cannot say hello: {exc}")
            link.close(flush=False)
            return
        for text in hello:
            link.send(text)
        storage.remember_room(self.code, self.client.token)
        self.show_address()
        self.begin_ticking()

    def on_data(self, link: Link, text: str) -> None:
        if self.ended or self.client is None or link is not self.link_:
            return
        for reply in self.client.receive(text, now_ms()):
            link.send(reply)
        if self.client.status is ClientStatus.UNVERIFIED:
            self.impostor(link)
            return
        if self.client.status is ClientStatus.IN_ROOM and self.pinned != self.code:
            self.pinned = self.code  # keep the key this room's host proved, beside the token
            storage.remember_room(self.code, self.client.token, self.client.host_key)
            if self.code != self.first_code and self.next_rooms is not None:
                self.news(texts.FOUND_MOVED.format(old=self.first_code, code=self.code),
                          "moved")
        self.after_client_input()
        if self.reconnecting and self.client.status is ClientStatus.IN_ROOM:
            self.reconnected()

    def on_closed(self, link: Link) -> None:
        later(link.handlers.release, 0)
        self.gate.closed(link.signal_key)
        if self.ended or self.client is None or link is not self.link_:
            return
        self.client.transport_closed()
        self.after_client_input()
        if self.ended or self.client.status is not ClientStatus.LOST:
            return
        if self.seated:
            self.lost()
        else:
            self.end(texts.LOST, "error")

    def impostor(self, link: Link) -> None:
        """The peer at the address we dialled failed the host check: it got our hello and
        nothing else. Hang up; a first join stops here, a seated player keeps re-dialling
        (or, at a successor's code, passes that candidate over and follows the next)."""
        client = self.client
        assert client is not None
        self.link_ = None
        link.close(flush=False)
        if not self.seated:
            why = texts.IMPOSTOR_WHY.get(client.unverified or "", "it failed the check")
            self.end(texts.IMPOSTOR_FIRST.format(code=self.code, why=why), "error")
            return
        self.impostor_seen = True
        self.relay_seen = client.unverified == "relayed"
        self.lost()
        now = now_ms()
        old_room = client.view.get("room") if isinstance(client.view, dict) else None
        if self.code != old_room:  # a successor's code, held by a stranger: the room stops
            client.block(self.code, "impostor")
        self.next_try = now + RETRY_MS
        self.impostor_banner(max(self.tries, 1))

    def impostor_banner(self, tries: int) -> None:
        """Say who answered at the address instead of our host, as far as we can tell (at a
        successor's code: that the room cannot go on, and why)."""
        client = self.client
        if client is not None and client.blocked in texts.SUCCESSION_BLOCKED:
            text = texts.SUCCESSION_BLOCKED[client.blocked]
            banner(text.format(name=self.host_name(self.code), tries=tries), "error", "blocked")
        elif self.relay_seen:
            banner(texts.RELAYED.format(tries=tries), "error", "relayed")
        else:
            banner(texts.IMPOSTOR.format(tries=tries), "error", "impostor")

    # --- reconnecting -----------------------------------------------------------------------

    def lost(self) -> None:
        """The host went quiet or the channel closed: keep the table, say so, re-dial."""
        if self.reconnecting:
            return
        self.reconnecting = True
        self.tries = 0
        self.next_try = now_ms() + RETRY_MS // 2
        banner(texts.RECONNECTING.format(tries=1), "error", "reconnecting")
        self.begin_ticking()

    def reconnected(self) -> None:
        self.reconnecting = False
        self.impostor_seen = False
        if self.moved_text:
            self.news(self.moved_text, "moved")
            self.moved_text = ""
        else:
            banner(texts.RECONNECTED, "info", "back")
            later(self.clear_back, 3000)

    def clear_back(self) -> None:
        if not self.ended and window.document.body.dataset.conn == "back":
            banner("")

    def retry(self, now: int) -> None:
        """Dial again unless a dial is under way (opening, or open and waiting for the host)."""
        link, client = self.link_, self.client
        if link is not None and not link.closed and client is not None:
            if link.open and client.status is not ClientStatus.LOST:
                return  # join sent; the client re-sends it and notices silence by itself
            if not link.open and now - self.try_started < ATTEMPT_MS:
                return  # still negotiating
        if now >= self.next_try:
            self.dial(now)

    def dial(self, now: int) -> None:
        """One attempt: drop the old channel, make sure our PeerJS node works, dial the host."""
        self.next_try = now + RETRY_MS
        self.try_started = now
        old, self.link_ = self.link_, None
        if old is not None:
            old.close(flush=False)
            self.gate.closed(old.signal_key)
        node = self.node
        if node is None or node.gone:
            if node is not None:
                later(node.handlers.release, 1000)
            self.open_peer()  # on_open dials
            return
        if node.disconnected:
            node.reconnect()  # dial once the signalling socket is back (next attempt)
            return
        self.tries += 1
        if (self.impostor_seen and not self.moved_text) or (
                self.client is not None and self.client.blocked is not None):
            self.impostor_banner(self.tries)
        else:
            banner(texts.RECONNECTING.format(tries=self.tries), "error",
                   "moving" if self.moved_text else "reconnecting")
        try:
            self.link_ = self.new_link()
        except Exception as exc:  # PeerJS refuses to dial (e.g. node just lost its server)
            window.console.warn(f"re-dial failed: {exc}")

    def try_next_room(self) -> bool:
        """The room is not there: if this browser sat in it, its host may have left for
        good and the players moved on. Try, in the order they elect a host, each room it may
        have become (its host must prove the key its player had); our token then gives back
        our own seat, name and balance there. False when there is nothing (more) to try."""
        client = self.client
        if client is None:
            return False
        if self.next_rooms is None:
            self.next_rooms = successor_rooms(storage.succession_of(self.first_code))
        if not self.next_rooms:
            return False
        code, key = self.next_rooms.pop(0)
        if self.link_ is not None:
            self.link_.close(flush=False)
        self.code = code
        client.aim(code, key)
        notice(texts.LOOKING_FOR_MOVED.format(old=self.first_code, code=code))
        if self.deadline is not None:
            window.clearTimeout(self.deadline)
        self.link_ = self.new_link()
        self.deadline = later(self.on_deadline, texts.CONNECT_TIMEOUT_MS)
        return True

    def follow(self, decision: tuple[str, str]) -> None:
        """The host is gone for good: host the next room ourselves, or go where it moved."""
        kind, code = decision
        client = self.client
        if client is None or self.ended:
            return
        if kind == "host":
            self.become_host(code)
            return
        if code == self.code:
            return
        self.code = code
        self.impostor_seen = False
        client.move_to(code, now_ms())  # its host must prove the key its player had
        storage.remember_room(code, client.token)
        self.show_address()
        self.moved_text = (texts.NEW_HOST_OTHER.format(code=code, name=self.host_name(code))
                           + texts.void_note(client.view))
        banner(self.moved_text, "info", "moving")
        self.next_try = 0  # dial the new room now

    def host_name(self, code: str) -> str:
        """The name of the player whose next room has this code (from the last view)."""
        from room.codes import next_code

        view = self.client.view if self.client is not None else None
        secret = view.get("succession_secret") if isinstance(view, dict) else None
        for player in view.get("players", []) if isinstance(view, dict) else []:
            if (isinstance(secret, str) and isinstance(player, dict)
                    and next_code(secret, str(player.get("id"))) == code):
                return str(player.get("name", "?"))
        return "another player"

    def become_host(self, code: str) -> None:
        """Hand the page over to a HostSession of the succession's room, same client."""
        client = self.client
        assert client is not None
        self.detach()
        host = HostSession(name=self.name, token=self.token, code=code, params=self.params,
                           on_end=self.on_end, successor=client)
        host.table = self.table
        host.poker = self.poker
        host.on_game = self.on_game
        host.on_switch = self.on_switch
        host.rendered_phase = self.rendered_phase
        host.shown = True
        banner(texts.NEW_HOST_YOU.format(code=code) + texts.void_note(client.view), "info",
               "hosting")
        if self.on_switch is not None:
            self.on_switch(host)
        host.start()

    # --- the rest ---------------------------------------------------------------------------

    def on_error(self, kind: str, message: str) -> None:
        if self.ended:
            return
        if kind == "unavailable-id" and self.node_stable:
            self.id_held()
            return
        if self.reconnecting:
            if kind == "peer-unavailable" and self.link_ is not None and not self.link_.open:
                self.link_.close(flush=False)  # this attempt failed; the next comes in due time
            else:
                window.console.warn(f"PeerJS error {kind} while reconnecting: {message}")
            return
        joined = self.seated
        if kind == "peer-unavailable" and not joined:
            if self.try_next_room():
                return
            self.end(texts.ROOM_NOT_FOUND.format(code=self.first_code), "error")
        elif not joined and (self.link_ is None or not self.link_.open):
            self.end(texts.peer_error_text(kind, self.code), "error")
        else:
            # Seated already: the data channel does not need the signalling server.
            window.console.warn(f"PeerJS error {kind}: {message}")

    def request(self, text: str) -> None:
        if self.link_ is not None and self.link_.open:
            self.link_.send(text)
        elif self.reconnecting:
            notice(texts.NOT_CONNECTED, "error")

    def tick(self, *_: Any) -> None:
        if self.ended or self.client is None:
            return
        now = now_ms()
        out = self.client.tick(now)
        if self.link_ is not None and self.link_.open:
            for text in out:
                self.link_.send(text)
        link = self.link_
        if (self.seated and self.client.status is ClientStatus.LOST and link is not None
                and link.open and not self.client.host_proved):
            self.impostor(link)  # it took our call and never proved anything: a stranger
            if self.ended:
                return
        if self.client.status is ClientStatus.LOST:
            if not self.seated:
                self.end(texts.LOST, "error")
                return
            self.lost()
        if self.reconnecting:
            if self.client.status is ClientStatus.IN_ROOM:
                self.reconnected()
            else:
                decision = self.client.succession(now)
                if decision is not None:
                    self.follow(decision)
                    if self.ended:
                        return
                if (self.client.blocked is None and self.client.overdue(self.code, now)
                        and self.client.block(self.code, "nobody")):
                    self.impostor_banner(max(self.tries, 1))  # that successor never came
                self.retry(now)
        self.after_client_input()
        self.table.tick(now)
        self.poker.tick(now)

    def close_link(self) -> None:
        if self.link_ is not None:
            self.link_.close(flush=True)

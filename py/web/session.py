"""What a host's and a guest's room page share: the client, the ticker, leaving, the link,
and turning the client's state into the screen.

* :class:`web.hostpage.HostPage` registers the room's PeerJS id and runs the room with the
  host's own seat over a loopback (:class:`room.local.HostSession`): the host's screen is
  drawn from exactly what a guest would receive.
* :class:`web.guestpage.GuestPage` dials the host's id and runs a
  :class:`room.client.GuestClient`; when and where it re-dials is :mod:`room.redial`'s.

Both tick every :data:`TICK_MS` (heartbeats, liveness) and turn clicks into request texts
(:mod:`web.controls`). The room and client decide everything; a session only moves texts and
reports problems in plain words, on its :class:`web.screen.Screen` (handed from a guest page
to the host page it becomes when elected). Imported on the first Create or Join click, not
at page start.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any
from urllib.parse import urlencode

from games.registry import deal_reader
from pyscript import window
from room.client import ClientStatus, GuestClient
from room.codes import succession_memory
from room.config import peer_options, share_link
from room.errors import RoomError
from room.viewtypes import Refusal

from web import gametext, storage, texts
from web.advisor import Advisor
from web.bots import BotControls, badge_bots
from web.connbanner import banner
from web.controls import RoomControls
from web.dom import Handlers, by_id, notice
from web.door import Door
from web.exports import room_hands, stars_text
from web.later import Later
from web.peer import PeerNode
from web.screen import Screen
from web.timers import later

TABLES_BLOCK = "py-tables"
"""index.html's list of the table games' engine: a host fetches it when it starts a table
game (or reopens one after a reload), never at page start, never for Ultimate Omaha, never
on a guest's page (guests only render the views)."""
TICK_MS = 500
SIGNAL_TIMEOUT_MS = 10_000  # no answer from the signalling server by then: say so
ROOM_DIALOGS = ("confirm-dialog", "keys-dialog", "stats-dialog")
"""The dialogs a room's session answers (its Leave question, the table's keys and stats): they
close when the session ends, or they would stay open over the menu with buttons answering
nobody (the host closed the room while a guest was being asked "Leave now?")."""
CLOSED_TEXT = {
    "host_left": texts.ROOM_CLOSED,
    "left": texts.LEFT,
    "replaced": "You joined this room from another tab or device, so this one was let go.",
    "removed": texts.REMOVED,
}

OnEnd = Callable[[str, str], None]


class Session:
    """What host and guest pages share: the client, the ticker, the screen, leaving."""

    is_host = False
    practice = False  # a practice table (web.practice): its hands are kept marked as such

    def __init__(self, name: str, token: str, code: str, params: Any, on_end: OnEnd,
                 host_key: str | None = None, screen: Screen | None = None) -> None:
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
        self.options: Any = None
        self.timer: int | None = None
        self.ended = False
        self.tasks: set[Any] = set()
        self.signal_deadline: int | None = None
        self.screen = screen or Screen()
        self.controls = RoomControls(self)
        self.door = Door(self)  # the host's seat controls (approve, remove)
        self.bot_controls = BotControls(self)  # the host's bots (add, remove)
        self.advisor = Advisor(self)  # the odds of our own hand, when the host allows
        self.tables = Later(TABLES_BLOCK)  # fetched only by a host starting a table game
        self.on_game: Callable[[], Any] | None = None  # set by the menu: warm the evaluator
        self.on_switch: Callable[[Session], None] | None = None  # set by the menu: successor
        self.wired = False
        self.hiding = False  # the page is being closed or reloaded
        self.keeper: Any = None  # files each hand in this browser's history (web.handstore)
        self.history_saved = 0  # hands in the client's history when the lists were drawn
        self.on_confirm: Callable[[], Any] | None = None  # what the open dialog's yes does
        self.said_waiting = False

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
        if not self.wired:
            self.wired = True
            self.controls.wire()

    def on_pagehide(self, *_: Any) -> None:
        """The page is going (closed, reloaded): from now on nothing is decided or sent here.
        Freeing our PeerJS id and closing our channels at once tells the others now (and a
        reloading host gets its id back sooner). Without ``hiding`` the host would see its own
        channels close one by one and tell the last guests that the first ones dropped, which
        would skew the succession (it trusts who was connected in the last view)."""
        self.hiding = True
        if self.node is not None:
            self.node.destroy()

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
        for dialog_id in ROOM_DIALOGS:
            dialog = by_id(dialog_id)
            if dialog.open:
                dialog.close()
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

    # --- leaving ----------------------------------------------------------------------------

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

    # --- the room's address -----------------------------------------------------------------

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

    def stars_text(self) -> str:
        """This browser's table-game hands in PokerStars text, as this player saw them."""
        return stars_text(self.client, self.code)

    def room_hands(self) -> list[Any]:
        """This browser's table-game hands' records, as this player saw them (PHH, OHH)."""
        return room_hands(self.client)

    # --- the client's state on screen -------------------------------------------------------

    def keep_history(self, client: GuestClient) -> None:
        """Every hand this player takes part in is kept in this browser (``web.handstore``:
        IndexedDB, across reloads and restarts); after a reload the room's hands of the night
        still going on come back into the client's history (listed under "Recent hands")."""
        if self.keeper is None:
            from web.handstore import Keeper

            self.keeper = Keeper(self.spawn, self.redraw_history,
                                 lambda text: notice(text, "error"))
            self.screen.draw_history(client)  # at once in a new room: no earlier room's hands
        self.keeper.keep(client, self.code, practice=self.practice)
        if len(client.history) != self.history_saved:
            self.history_saved = len(client.history)
            self.screen.draw_history(client)

    def redraw_history(self) -> None:
        """The client's history changed outside a view (hands kept before a reload came back)."""
        if self.client is not None and not self.ended:
            self.history_saved = len(self.client.history)
            self.screen.draw_history(self.client)

    def after_client_input(self) -> None:
        """Render a new view, report new errors, and finish if the session is over."""
        client = self.client
        if client is None or self.ended:
            return
        self.screen.say_refusal(client, client.status in (ClientStatus.REJECTED,
                                                          ClientStatus.CLOSED))
        if client.status is ClientStatus.REJECTED:
            err = client.last_error or Refusal(code="", detail="")
            self.end(texts.rejection_text(err["code"], err["detail"], self.code), "error")
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
        if client.view is not None and client.seq != self.screen.rendered_seq:
            memory = succession_memory(client.view)
            if memory is not None:  # to find the room it becomes, should its host leave
                storage.remember_succession(self.code, json.dumps(memory, sort_keys=True))
        if self.screen.draw(client, client.is_host, self.link(), self.door):
            view = client.view or {}
            self.bot_controls.render(view, client.is_host and view.get("phase") != "closed")
            badge_bots(view)
            self.advisor.render(view)
            game = view.get("game")
            if isinstance(game, dict) and self.on_game is not None:
                self.on_game()
            self.follow_leave_question()
        window.document.body.dataset.status = str(client.status)

    def tick(self, *_: Any) -> None:
        raise NotImplementedError

"""The dealer's page: registers the room's PeerJS id, runs the room with the host's own seat
over a loopback (:class:`room.local.HostSession`), carries every guest's texts, and saves the
room after every change.

Three ways to open: a new room (fresh code), ``saved`` (this tab's room before a reload: same
code, restored from its snapshot), ``successor`` (the client of a player elected to host after
the old host left: the code is the succession's, see :mod:`room.redial`).

Re-registration: a reload restores the room and registers the same PeerJS id again, retrying
while the PeerServer still holds the old registration (``unavailable-id``), or a squatter
holds it, for as long as the tab stays open (every :data:`REOPEN_RETRY_MS`, then every
:data:`REOPEN_SLOW_MS`). A successor whose id is taken stops the succession there
(``GuestClient.block``): every page says why, nobody else is elected.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from typing import Any

from games.registry import deal_reader
from games.registry import factory as game_factory
from pyscript import window
from room.client import ClientStatus, GuestClient
from room.codes import new_room_code, peer_id_for
from room.errors import RoomError
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.gate import Gate
from room.local import HostSession

from web import storage, texts
from web.bots import BotPump
from web.connbanner import banner
from web.dom import by_id, notice
from web.exports import room_hands, stars_text
from web.gameform import TABLE_GAMES
from web.peer import Link, PeerNode, link_key
from web.render import render_view
from web.session import TICK_MS, Session
from web.timers import later, now_ms

REOPEN_RETRY_MS = 1_500  # a reloaded host asks again for its room's PeerJS id this often...
REOPEN_FAST_MS = 60_000  # ...for this long (the old registration lingers on the PeerServer),
REOPEN_SLOW_MS = 5_000  # then this often for as long as the tab is open (a squatter may hold it)
CREATE_ATTEMPTS = 5  # fresh codes tried when PeerJS says an id is taken
SIGNAL_ERRORS = frozenset(
    {"network", "server-error", "socket-error", "socket-closed", "ssl-unavailable", "invalid-key"}
)
ACTION_BUTTONS = ("check-btn", "double-btn", "next-btn", "pk-fold", "pk-call", "pk-raise",
                  "pk-allin", "pk-draw", "pk-next-btn")


def saved_game(saved: Any) -> Any:
    """The game id a saved host snapshot plays (None if it cannot be read)."""
    room = saved.get("room") if isinstance(saved, dict) else None
    return room.get("game_id") if isinstance(room, dict) else None


class HostPage(Session):
    """The dealer's page (see the module)."""

    is_host = True

    def __init__(self, *args: Any, saved: dict[str, Any] | None = None,
                 successor: GuestClient | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.local: HostSession | None = None  # the room and our own seat
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
        self.pump = BotPump(self)  # the bots' thinking, in slices (web.bots)

    async def _start(self) -> None:
        if self.saved is not None:
            if saved_game(self.saved) in TABLE_GAMES:
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
        if self.saved is None:
            return
        try:
            now = now_ms()
            seen = HostSession.restore(self.saved, now, games=game_factory,
                                       deal_rules=deal_reader)
            seen.open(now)
        except (RoomError, ValueError, KeyError, TypeError) as exc:
            storage.forget_host()
            self.saved = None
            self.end(texts.RESTORE_FAILED.format(detail=exc), "error")
            return
        if seen.client.view is not None:
            render_view(seen.client.view, True, self.link(), self.screen.table, now)
            # Nothing can be done until the room is reachable again; its clocks are stopped.
            for button_id in ACTION_BUTTONS:
                by_id(button_id).disabled = True
            by_id("deadline").hidden = True
        banner(texts.REOPENING.format(code=self.code, tries=1), "error", "reopening")

    # --- registering the room's id ----------------------------------------------------------

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
                self.local = HostSession.restore(self.saved, now, games=game_factory,
                                                 deal_rules=deal_reader)
            elif self.successor is not None:
                self.local = HostSession.from_succession(self.successor, now,
                                                         games=game_factory)
            else:
                self.local = HostSession(self.code, self.name, self.token, now,
                                         games=game_factory, deal_rules=deal_reader)
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
            self.screen.news.say(texts.NEW_HOST_YOU.format(code=self.code)
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

    # --- the guests' connections ------------------------------------------------------------

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
        self.pump.wake()  # a bot's turn may have come

    def begin_ticking(self) -> None:
        """The room's tick from the wake clock (web.wakeclock): with the tab in the background
        the clocks, auto-deal and bots keep their time (a hidden tab's own timers run once a
        second at best)."""
        if self.timer is None:
            self.timer = 0  # (no page timer to clear: the wake clock stops with the session)
            self.pump.tick_every(self.tick, TICK_MS)

    def detach(self) -> None:
        super().detach()
        self.pump.close()

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
        return stars_text(self.client, self.code, self._whole())

    def room_hands(self) -> list[Any]:
        """Every hand of the room as :meth:`stars_text` takes them, for PHH and OHH."""
        return room_hands(self.client, self._whole())

    def _whole(self) -> Iterable[Any]:
        game = self.local.room.game if self.local is not None else None
        hero = self.client.you if self.client is not None else None
        return game.records_for(hero) if game is not None else ()

    def tick(self, *_: Any) -> None:
        if self.ended or self.local is None:
            return
        for key in self.gate.expire(now_ms()):  # offered, never joined in time
            link = self.links.get(key)
            if link is not None:
                self.cut_link(link)
        self.feed(Tick(now_ms()))
        self.screen.tick(now_ms())
        if self.signal_lost and self.node is not None:
            self.node.reconnect()

    def close_links(self) -> None:
        for link in list(self.links.values()):
            link.close(flush=True)
        self.links.clear()

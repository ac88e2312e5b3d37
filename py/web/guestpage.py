"""A player's page: one data connection to the host, re-dialled when it is lost.

When to dial, re-dial, give up, and whose room to follow when the host is gone for good is
:mod:`room.redial`'s (a sans-IO machine, tested on the in-memory network); this page feeds it
what PeerJS reports and turns its commands into PeerJS calls, banners and the hand-over to a
:class:`web.hostpage.HostPage` when this player is elected to host.

Whoever answers at the room's address must first prove the room's key (:mod:`room.identity`);
one that cannot is hung up on and told nothing. The page's own PeerJS id is its signalling id
(:func:`room.identity.signalling_id`: the host's gate keeps places for it); a newer tab of this
browser takes it over (:mod:`web.tabs`).
"""

from __future__ import annotations

from typing import Any

from pyscript import window
from room.codes import next_code, peer_id_for, successor_rooms
from room.gate import Gate
from room.identity import signalling_id
from room.redial import (
    CONNECT_TIMEOUT_MS,
    Command,
    Dial,
    End,
    Event,
    HangUp,
    Heard,
    Host,
    LinkClosed,
    LinkOpened,
    NodeReady,
    NotThere,
    Pin,
    Redial,
    Say,
    TimePassed,
)

from web import storage, texts
from web.connbanner import banner
from web.dom import notice
from web.hostpage import HostPage
from web.peer import Link, PeerNode
from web.session import CLOSED_TEXT, Session
from web.tabs import TabHandover
from web.timers import later, now_ms

STABLE_ID_TRIES = 4  # a guest asks this often for its own signalling id before taking any
STABLE_RETRY_MS = 1_000  # ...this far apart


class GuestPage(Session):
    """A player's page (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.channel: Link | None = None  # our data connection to the host, if any
        self.redial: Redial | None = None  # the re-dial policy, once the client exists
        self.pending_dial: str | None = None  # a dial waiting for our PeerJS node
        self.moved_text = ""  # what to say once back in the room we followed
        self.gate = Gate(accept_offers=False)  # only our own dials' answers
        self.id_taken = 0  # times our own signalling id was found registered already
        self.node_stable = False  # the node holds (or asked for) our own signalling id
        self.tabs = TabHandover(self.token, lambda: self.end(CLOSED_TEXT["replaced"], "info"))

    @property
    def seated(self) -> bool:
        """Whether we ever sat in this room (then a lost connection is worth re-dialling)."""
        return self.client is not None and self.client.you is not None

    @property
    def redialing(self) -> bool:
        return self.redial is not None and self.redial.redialing

    # --- our PeerJS node --------------------------------------------------------------------

    def open_peer(self) -> None:
        """A PeerJS node under this player's own signalling id for the room
        (:func:`room.identity.signalling_id`: the host's gate keeps places for it), or under
        one the server gives when ours stayed taken (another tab of this browser holds it)."""
        stable = signalling_id(self.token) if self.id_taken < STABLE_ID_TRIES else None
        self.tabs.listen(self.handlers)
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
        self.tabs.tell_older_tab()
        old = self.node
        if old is not None:
            old.destroy()
            later(old.handlers.release, 1000)
        if not self.redialing:  # (re-dialling makes a fresh node on its own schedule)
            later(lambda: self.retry_peer(old), STABLE_RETRY_MS)

    def retry_peer(self, old: PeerNode | None) -> None:
        if not self.ended and self.node is old:
            self.open_peer()

    def on_open(self, _peer_id: str) -> None:
        self.disarm_signal_deadline()
        if self.ended or self.node is None or self.client is None:
            return
        self.tabs.holds_id = self.node_stable
        if self.node_stable:
            self.id_taken = 0  # ours again: next time, ask for it first again
        if self.redial is None:
            moved = successor_rooms(storage.succession_of(self.code))
            self.redial = Redial(self.client, self.code, moved)
            notice(texts.CONNECTING_HOST.format(code=self.code))
            self.begin_ticking()
            self.feed(NodeReady(now_ms()))
        elif self.pending_dial is not None:  # a fresh (or reconnected) node for a re-dial
            self.place(self.pending_dial)

    def on_signal_deadline(self) -> None:
        """Re-dialling outlives a signalling server that is away for a while: drop the node
        that got no answer; the next attempt makes a fresh one."""
        if self.redialing and not self.ended:
            self.signal_deadline = None
            if self.node is not None:
                self.node.destroy()
            return
        super().on_signal_deadline()

    def on_error(self, kind: str, message: str) -> None:
        if self.ended:
            return
        if kind == "unavailable-id" and self.node_stable:
            self.id_held()
            return
        if kind == "peer-unavailable" and (self.redialing or not self.seated):
            self.feed(NotThere(now_ms()))  # nobody registered at the address we dialled
        elif self.redialing:
            window.console.warn(f"PeerJS error {kind} while reconnecting: {message}")
        elif not self.seated and (self.channel is None or not self.channel.open):
            self.end(texts.peer_error_text(kind, self.code), "error")
        else:
            # Seated already: the data channel does not need the signalling server.
            window.console.warn(f"PeerJS error {kind}: {message}")

    # --- the machine's commands -------------------------------------------------------------

    def feed(self, event: Event) -> None:
        """Tell the re-dial policy what happened and carry out what it says."""
        if self.redial is None or self.ended:
            return
        for command in self.redial.handle(event):
            if self.ended:
                return
            self.do(command)

    def do(self, command: Command) -> None:
        if isinstance(command, Dial):
            self.code = command.code
            self.place(command.code)
        elif isinstance(command, HangUp):
            self.hang_up()
        elif isinstance(command, Pin):
            if self.client is not None:
                storage.remember_room(command.code, self.client.token, command.host_key)
            self.show_address()
        elif isinstance(command, Say):
            self.say(command)
        elif isinstance(command, Host):
            self.become_host(command.code)
        elif isinstance(command, End):
            self.end(self.end_text(command), "error")

    def place(self, code: str) -> None:
        """One dial: drop the old channel, make sure our PeerJS node works, dial the host."""
        self.pending_dial = None
        self.hang_up()
        node = self.node
        if node is None or node.gone:
            if node is not None:
                later(node.handlers.release, 1000)
            self.pending_dial = code
            self.open_peer()  # on_open dials
            return
        if node.disconnected:
            self.pending_dial = code
            node.reconnect()  # dial once the signalling socket is back
            return
        try:
            link = Link(node.connect(peer_id_for(code)), "host")
        except Exception as exc:  # PeerJS refuses to dial (e.g. node just lost its server)
            window.console.warn(f"dial failed: {exc}")
            later(lambda: self.feed(LinkClosed(now_ms())), 0)
            return
        self.gate.dialled(link.signal_key, now_ms())
        link.wire(on_open=self.on_link_open, on_data=self.on_data, on_close=self.on_closed,
                  on_bad=lambda lk: lk.close(flush=False))  # not our host: PeerJS says close
        self.channel = link

    def hang_up(self) -> None:
        link, self.channel = self.channel, None
        if link is not None:
            link.close(flush=False)
            self.gate.closed(link.signal_key)

    def say(self, said: Say) -> None:
        """The connection's news, in words (banners, or a notice)."""
        client = self.client
        tries = said.tries
        if said.news == "reconnecting":
            banner(texts.RECONNECTING.format(tries=tries), "error", "reconnecting")
        elif said.news == "reconnecting_moved":
            banner(texts.RECONNECTING.format(tries=tries), "error", "moving")
        elif said.news == "following":
            view = client.view if client is not None else None
            self.moved_text = (texts.NEW_HOST_OTHER.format(code=said.code,
                                                           name=self.host_name(said.code))
                               + texts.void_note(view))
            banner(self.moved_text, "info", "moving")
        elif said.news == "impostor":
            banner(texts.IMPOSTOR.format(tries=tries), "error", "impostor")
        elif said.news == "relayed":
            banner(texts.RELAYED.format(tries=tries), "error", "relayed")
        elif said.news == "blocked" and client is not None and client.blocked is not None:
            text = texts.SUCCESSION_BLOCKED[client.blocked]
            banner(text.format(name=self.host_name(said.code), tries=tries), "error", "blocked")
        elif said.news == "back":
            self.screen.news.back(texts.RECONNECTED)
        elif said.news == "moved":
            self.screen.news.say(self.moved_text, "moved")
            self.moved_text = ""
        elif said.news == "found_moved":
            old = self.redial.first_code if self.redial is not None else self.code
            self.screen.news.say(texts.FOUND_MOVED.format(old=old, code=said.code), "moved")
        elif said.news == "looking":
            old = self.redial.first_code if self.redial is not None else self.code
            notice(texts.LOOKING_FOR_MOVED.format(old=old, code=said.code))

    def end_text(self, end: End) -> str:
        first = self.redial.first_code if self.redial is not None else self.code
        if end.why == "unreachable":
            return texts.HOST_UNREACHABLE.format(code=self.code,
                                                 seconds=CONNECT_TIMEOUT_MS // 1000)
        if end.why == "not_found":
            return texts.ROOM_NOT_FOUND.format(code=first)
        if end.why == "impostor":
            unverified = self.client.unverified if self.client is not None else None
            why = texts.IMPOSTOR_WHY.get(unverified or "", "it failed the check")
            return texts.IMPOSTOR_FIRST.format(code=self.code, why=why)
        return texts.LOST

    def host_name(self, code: str) -> str:
        """The name of the player whose next room has this code (from the last view)."""
        view = self.client.view if self.client is not None else None
        secret = view.get("succession_secret") if isinstance(view, dict) else None
        for player in view.get("players", []) if isinstance(view, dict) else []:
            if (isinstance(secret, str) and isinstance(player, dict)
                    and next_code(secret, str(player.get("id"))) == code):
                return str(player.get("name", "?"))
        return "another player"

    def become_host(self, code: str) -> None:
        """Hand the page over to a host page of the succession's room: same client, same
        screen."""
        client = self.client
        assert client is not None
        self.detach()
        self.screen.new_stream()  # the new room numbers its views afresh
        host = HostPage(name=self.name, token=self.token, code=code, params=self.params,
                        on_end=self.on_end, screen=self.screen, successor=client)
        host.on_game = self.on_game
        host.on_switch = self.on_switch
        banner(texts.NEW_HOST_YOU.format(code=code) + texts.void_note(client.view), "info",
               "hosting")
        if self.on_switch is not None:
            self.on_switch(host)
        host.start()

    # --- the channel ------------------------------------------------------------------------

    def on_link_open(self, link: Link) -> None:
        if self.ended or self.client is None:
            return
        if link is not self.channel:  # an older dial that opened late
            link.close(flush=False)
            return
        self.feed(LinkOpened(now_ms()))
        self.wire_lobby()
        self.screen.new_stream()  # a new view stream: draw whatever comes first
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

    def on_data(self, link: Link, text: str) -> None:
        if self.ended or self.client is None or link is not self.channel:
            return
        for reply in self.client.receive(text, now_ms()):
            link.send(reply)
        self.feed(Heard(now_ms()))
        self.after_client_input()

    def on_closed(self, link: Link) -> None:
        later(link.handlers.release, 0)
        self.gate.closed(link.signal_key)
        if self.ended or self.client is None or link is not self.channel:
            return
        self.channel = None
        self.feed(LinkClosed(now_ms()))
        self.after_client_input()

    def request(self, text: str) -> None:
        if self.channel is not None and self.channel.open:
            self.channel.send(text)
        elif self.redialing:
            notice(texts.NOT_CONNECTED, "error")

    def tick(self, *_: Any) -> None:
        if self.ended or self.client is None:
            return
        now = now_ms()
        out = self.client.tick(now)
        if self.channel is not None and self.channel.open:
            for text in out:
                self.channel.send(text)
        self.feed(TimePassed(now))
        if self.ended:
            return
        self.after_client_input()
        self.screen.tick(now)

    def close_links(self) -> None:
        self.tabs.close()
        if self.channel is not None:
            self.channel.close(flush=True)

"""Guest pages driven by :class:`room.redial.Redial` over in-memory networks.

What the browser's guest page does with the machine's commands, minus PeerJS: a
:class:`Switchboard` routes a dial to the :class:`MemoryNetwork` registered at a code (the
PeerServer's job), a :class:`MemoryGuest` turns :class:`~room.redial.Dial`, ``HangUp`` and
``Host`` into connections of those networks and feeds back what happened. Tests then play a
host that vanishes, a squatter at a successor's code, a lossy or reordering network, and read
the commands each page was given.

>>> board = Switchboard()
>>> net = board.open_room('Ann')
>>> bob = board.guest('Bob', net.host.code)
>>> bob.redial.phase.value, bob.client.you
('seated', 'p2')
"""

from __future__ import annotations

from games.registry import deal_reader, ultimate_omaha
from room.client import GuestClient, new_token
from room.game import GameFactory
from room.host import LOCAL_PEER
from room.local import HostSession
from room.redial import (
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
    Redial,
    Say,
    TimePassed,
)

from testing.memory import TICK_MS, MemoryNetwork


class Switchboard:
    """The rooms registered by code, one clock for all, and the guest pages dialling them."""

    def __init__(self, now_ms: int = 0, factory: GameFactory | None = None,
                 faults: dict[str, float] | None = None) -> None:
        self.now_ms = now_ms
        self.faults = dict(faults or {})
        """``drop``, ``duplicate``, ``reorder`` for every room's network (see MemoryNetwork)."""
        self.factory = factory or ultimate_omaha()
        self.rooms: dict[str, MemoryNetwork] = {}
        self.pages: list[MemoryGuest] = []
        self.silent: set[str] = set()
        """Codes whose dials never open (nobody answers, nobody says so)."""
        self.mute: set[str] = set()
        """Codes where someone takes every call and never says anything."""

    def open_room(self, host_name: str = "Ann", code: str = "ABCD234", *,
                  host_token: str | None = None, seed: int = 0) -> MemoryNetwork:
        """A room whose host (``host_name``) is seated over its loopback, registered at
        ``code``; a different ``host_token`` makes a squatter's room there."""
        net = MemoryNetwork(code=code, now_ms=self.now_ms, seed=seed,
                            game_factory=self.factory, host_token=host_token)
        net.join_host(host_name)
        self.register(net)
        return net

    def register(self, net: MemoryNetwork) -> None:
        net.watch = self._watched
        for knob, value in self.faults.items():
            setattr(net, knob, value)
        self.rooms[net.host.code] = net

    def vanish(self, code: str) -> None:
        """The host's page at ``code`` is gone: nothing more is routed there, and every
        channel to it closes."""
        net = self.rooms.pop(code)
        for page in self.pages:
            if page.net is net and page.peer is not None:
                net.open.discard(page.peer)
                net.clients.pop(page.peer, None)
                page.net, page.peer = None, None
                page.feed(LinkClosed(self.now_ms))

    def guest(self, name: str, code: str, *, token: str | None = None,
              key: str | None = None, moved_rooms: list[tuple[str, str]] | None = None,
              start: bool = True) -> MemoryGuest:
        """A guest page for room ``code`` (expecting its host's ``key``, by default the
        registered room's) that starts dialling at once."""
        room = self.rooms.get(code)
        if key is None and room is not None:
            key = room.host.key
        client = GuestClient(name, token or new_token(), code, key, deal_rules=deal_reader)
        if room is not None:
            client.invite = room.host.invite
        page = MemoryGuest(self, client, Redial(client, code, moved_rooms))
        self.pages.append(page)
        if start:
            page.feed(NodeReady(self.now_ms))
        return page

    def advance(self, ms: int, step: int = TICK_MS) -> None:
        """Let ``ms`` pass: every room ticks (its host and the clients connected to it), each
        page's client ticks if it is on no room, then each page's machine ticks."""
        end = self.now_ms + ms
        while self.now_ms < end:
            self.now_ms = min(self.now_ms + step, end)
            for net in list(self.rooms.values()):
                net.advance(self.now_ms - net.now_ms, step)
            for page in list(self.pages):
                if page.net is None:
                    page.client.tick(self.now_ms)
                page.feed(TimePassed(self.now_ms))

    def _watched(self, net: MemoryNetwork, peer: str, what: str) -> None:
        for page in self.pages:
            if page.net is net and page.peer == peer:
                page.seen.append(what)


class MemoryGuest:
    """One guest's page: its client, its :class:`Redial`, its current channel, and every
    command it was given (``commands``)."""

    def __init__(self, board: Switchboard, client: GuestClient, redial: Redial) -> None:
        self.board = board
        self.client = client
        self.redial = redial
        self.net: MemoryNetwork | None = None  # the room our channel goes to
        self.peer: str | None = None  # our channel's id there
        self.seen: list[str] = []  # "heard" / "closed", from the network, not yet fed
        self.commands: list[Command] = []
        self.hosting: HostSession | None = None  # the room we opened, once elected
        self._dials = 0

    def feed(self, event: Event) -> None:
        """Give the machine one event and carry out its commands (then what they caused)."""
        self._pump()
        for command in self.redial.handle(event):
            self.commands.append(command)
            self._do(command)
        self._pump()

    def said(self) -> list[str]:
        """The news the page was told to say, in order."""
        return [c.news for c in self.commands if isinstance(c, Say)]

    def ended(self) -> str | None:
        return next((c.why for c in self.commands if isinstance(c, End)), None)

    def _pump(self) -> None:
        while self.seen:
            what = self.seen.pop(0)
            now = self.board.now_ms
            if what == "heard":
                self.feed(Heard(now))
            else:
                self._drop_channel()
                self.feed(LinkClosed(now))

    def _do(self, command: Command) -> None:
        now = self.board.now_ms
        if isinstance(command, Dial):
            self._hang_up()
            if command.code in self.board.silent:
                return
            if command.code in self.board.mute:
                self.redial.handle(LinkOpened(now))
                self.client.hello(now, f"{self.client.name}-mute")
                return
            room = self.board.rooms.get(command.code)
            if room is None:
                self.seen.clear()
                self.feed(NotThere(now))
                return
            self._dials += 1
            self.net, self.peer = room, f"{self.client.name}-{self._dials}"
            room.connect(self.peer, self.client, settle=False)  # says hello
            self.redial.handle(LinkOpened(now))
            room.run()
        elif isinstance(command, HangUp):
            self._hang_up()
        elif isinstance(command, Host):
            self._hang_up()
            if command.code in self.board.rooms:  # someone registered our room's id
                self.client.block(command.code, "taken")
                return
            self.hosting = HostSession.from_succession(self.client, now, self.board.factory)
            net = MemoryNetwork(code=command.code, now_ms=now)
            net.host = self.hosting.room
            self.board.register(net)
            self.net, self.peer = net, LOCAL_PEER
            net.connect(LOCAL_PEER, self.client)

    def _hang_up(self) -> None:
        net, peer = self.net, self.peer
        self.net, self.peer = None, None
        self.seen.clear()
        if net is not None and peer is not None and peer in net.open:
            net.hang_up(peer)

    def _drop_channel(self) -> None:
        if self.net is not None and self.peer is not None:
            self.net.clients.pop(self.peer, None)
        self.net, self.peer = None, None

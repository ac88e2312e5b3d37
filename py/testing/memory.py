"""An in-memory network: one :class:`HostRoom`, up to ten :class:`GuestClient`, a fake clock.

The harness is the real code minus the network (h11's ``ConnectionPair`` idea): the same
room and clients the browser runs, wired by queues, so tests can play whole lobbies in a
millisecond — and, with the seeded knobs, on a network that drops, duplicates and reorders
messages, which WebRTC data channels do not do but a buggy adapter or a reconnect might.
The host's own seat (``LOCAL_PEER``) is in-process in the browser, so the knobs spare it;
so are the host's bots (:mod:`room.bots`): the network makes each bot's client when the room
invites one (as ``room.local.HostSession`` does on the host's page), on the bot's own peer id,
and a :class:`room.botdriver.BotDriver` can play them on this network (it is a ``BotTable``).

>>> net = MemoryNetwork()
>>> host = net.join_host('Ann')
>>> peer, bob = net.join_guest('Bob')
>>> [p['name'] for p in bob.view['players']]
['Ann', 'Bob']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from games.registry import deal_reader
from room.client import GuestClient, new_token
from room.events import Close, Connected, Disconnected, Outgoing, Received, Send, Tick
from room.game import GameFactory
from room.host import LOCAL_PEER, GameChooser, HostRoom
from room.local import BotSeat
from room.viewtypes import RoomView

TICK_MS = 500  # the adapter's tick period


class MemoryNetwork:
    """Queues between a host room and its clients, with seeded faults for remote peers.

    ``drop``, ``duplicate`` and ``reorder`` are probabilities per message (0..1); they may be
    changed between steps (e.g. set to 0 to let the room settle). ``random.Random`` is fine
    here: it picks faults in a test harness, it never deals a card.
    """

    def __init__(
        self,
        code: str = "ABCD234",
        now_ms: int = 0,
        *,
        seed: int = 0,
        drop: float = 0.0,
        duplicate: float = 0.0,
        reorder: float = 0.0,
        game_factory: GameFactory | None = None,
        host_token: str | None = None,
        games: GameChooser | None = None,
    ) -> None:
        self.now_ms = now_ms
        self.host_token = host_token or new_token()  # the host player's: the room signs with it
        self.games = games  # the page's registry, if the host picks the game (set_game)
        self.host = HostRoom(code, now_ms, game_factory, host_token=self.host_token,
                             games=games)
        self.clients: dict[str, GuestClient] = {}
        self.open: set[str] = set()
        self.drop, self.duplicate, self.reorder = drop, duplicate, reorder
        self.delivered: dict[str, list[str]] = {}  # every text each peer received, in order
        self._rng = random.Random(seed)
        self._to_host: list[tuple[str, str]] = []
        self._to_peer: list[tuple[str, str]] = []
        self._closing: set[str] = set()
        self.cut_off: set[str] = set()  # partitioned peers: everything to and from them is lost
        self.faults = {"dropped": 0, "duplicated": 0, "reordered": 0}  # proof the knobs bit
        self._next_guest = 1
        self.bots: dict[str, BotSeat] = {}
        """The host's bots, by peer id: their clients are in :attr:`clients` too."""
        self.watch: Callable[[MemoryNetwork, str, str], None] | None = None
        """Told ``(network, peer, "heard" | "closed")`` after a peer's client took a text or
        its connection closed (a guest page's adapter listens: ``testing.redialing``)."""

    # --- people -------------------------------------------------------------------------

    def join_host(self, name: str = "Host", token: str | None = None) -> GuestClient:
        """The host's own seat joins over the loopback peer, as in the browser (with the
        room's host token unless another is given: then the room refuses it)."""
        client = GuestClient(name, token or self.host_token, self.host.code, self.host.key,
                             deal_rules=deal_reader)
        self.connect(LOCAL_PEER, client)
        return client

    def join_guest(
        self, name: str, token: str | None = None, peer: str | None = None
    ) -> tuple[str, GuestClient]:
        """A guest opens a connection and says hello; returns (peer id, client). The guest
        came by the room's link: it expects the room's key and has its invitation."""
        if peer is None:
            peer = f"g{self._next_guest}"
            self._next_guest += 1
        client = GuestClient(name, token or new_token(), self.host.code, self.host.key,
                             deal_rules=deal_reader)
        client.invite = self.host.invite  # the link carries the room's invitation too
        self.connect(peer, client)
        return peer, client

    def connect(self, peer: str, client: GuestClient, settle: bool = True) -> None:
        """Open a connection for ``client`` as ``peer`` and send its hello (a client aimed at
        no room yet is aimed at this one, trusting the first key shown)."""
        if client.room is None:
            client.aim(self.host.code)
        self.clients[peer] = client
        self.open.add(peer)
        self._closing.discard(peer)
        self._host_event(Connected(peer))
        for text in client.hello(self.now_ms, peer):
            self._queue_to_host(peer, text)
        if settle:
            self.run()

    def disconnect(self, peer: str) -> None:
        """The connection drops (both ends notice)."""
        self.open.discard(peer)
        self._host_event(Disconnected(peer, self.now_ms))
        client = self.clients.get(peer)
        if client is not None:
            client.transport_closed()
            self._tell(peer, "closed")
        self.run()

    def hang_up(self, peer: str) -> None:
        """The guest's page closes its connection on purpose: the room sees it go, the client
        is not told (its page knows) and leaves the network."""
        self.open.discard(peer)
        self.clients.pop(peer, None)
        self._host_event(Disconnected(peer, self.now_ms))
        self.run()

    @property
    def room(self) -> HostRoom:
        """The host's room (a ``BotTable``'s)."""
        return self.host

    def send_as(self, peer: str, text: str) -> list[Outgoing]:
        """An in-process peer (a bot) sends ``text``; delivered at once. Nothing is returned:
        this network delivers the room's outputs itself (a ``BotTable``'s)."""
        self.send(peer, text)
        return []

    def send(self, peer: str, text: str, settle: bool = True) -> None:
        """``peer`` sends a raw text to the host (for tests of hostile input)."""
        self._queue_to_host(peer, text)
        if settle:
            self.run()

    def partition(self, peer: str) -> None:
        """Lose every message to and from ``peer`` (the connection stays open, silently)."""
        self.cut_off.add(peer)

    def heal(self, peer: str) -> None:
        """End a :meth:`partition`: messages flow again (nothing lost is replayed)."""
        self.cut_off.discard(peer)

    def reload_host(self, game_factory: GameFactory | None = None) -> dict[str, str]:
        """The host's page reloads: its room goes through ``snapshot()``, JSON and
        ``HostRoom.restore``; every connection dies with the page (messages in flight are
        lost); the host's own client rejoins over the loopback; every guest that was
        connected reconnects on a fresh peer id. Returns old peer id -> new peer id."""
        snapshot = json.loads(json.dumps(self.host.snapshot()))
        self._to_host.clear()
        self._to_peer.clear()
        self._closing.clear()
        self.host = HostRoom.restore(snapshot, self.now_ms, game_factory, self.games)
        moved: dict[str, str] = {}
        for peer in sorted(self.open):
            self.open.discard(peer)
            self.clients[peer].transport_closed()
            if peer != LOCAL_PEER and peer not in self.bots:
                moved[peer] = f"{peer}r"
        if LOCAL_PEER in self.clients:
            self.connect(LOCAL_PEER, self.clients[LOCAL_PEER])
        for bot in self.bots.values():  # the page's bots: back on their own peer ids
            self._hello_bot(bot)
        self.run()
        for old, new in moved.items():
            self.connect(new, self.clients.pop(old))
        return moved

    # --- time and delivery -------------------------------------------------------------

    def advance(self, ms: int, step: int = TICK_MS) -> None:
        """Let ``ms`` pass: tick host and clients every ``step`` ms, delivering in between."""
        end = self.now_ms + ms
        while self.now_ms < end:
            self.now_ms = min(self.now_ms + step, end)
            self._host_event(Tick(self.now_ms))
            for peer, client in list(self.clients.items()):
                if peer in self.open:
                    for text in client.tick(self.now_ms):
                        self._queue_to_host(peer, text)
                else:
                    client.tick(self.now_ms)
            self.run()

    def run(self, max_steps: int = 100_000) -> None:
        """Deliver queued messages (faults applied) until nothing is in flight."""
        for _ in range(max_steps):
            if self._to_host:
                peer, text = self._pop(self._to_host)
                if peer in self.open and peer not in self._closing:
                    self._host_event(Received(peer, text))
            elif self._to_peer:
                peer, text = self._pop(self._to_peer)
                self._deliver_to_peer(peer, text)
            else:
                self._finish_closes()
                if not (self._to_host or self._to_peer):
                    return
        raise RuntimeError("the network did not settle (a message loop?)")

    # --- checks ---------------------------------------------------------------------------

    def expected_view(self, peer: str) -> RoomView | None:
        """What the host would show this peer's seat now (None if it holds no seat)."""
        seat = self.host.seat_of_peer(peer)
        return None if seat is None else self.host.view_for(seat.id)

    def converged(self) -> bool:
        """Every seated, open client holds exactly the view the host would send it now."""
        return all(
            self.clients[peer].view == self.expected_view(peer)
            for peer in self.open
            if self.host.seat_of_peer(peer) is not None
        )

    # --- internals ---------------------------------------------------------------------

    def _host_event(self, event: Any) -> None:
        self._route(self.host.handle(event))
        for peer, place in list(self.host.bots.items()):
            if place.seat is None and peer not in self.bots:  # invited: the page makes it
                self.bots[peer] = BotSeat.invited(peer, place, self.host)
                self._hello_bot(self.bots[peer])

    def _hello_bot(self, bot: BotSeat) -> None:
        self.clients[bot.peer] = bot.client
        self.open.add(bot.peer)
        self._closing.discard(bot.peer)
        for text in bot.client.hello(self.now_ms, bot.peer):
            self._queue_to_host(bot.peer, text)

    def _route(self, outputs: list[Outgoing]) -> None:
        for out in outputs:
            if isinstance(out, Send):
                self._queue(self._to_peer, out.peer, out.text)
            elif isinstance(out, Close):
                self._closing.add(out.peer)

    def _queue_to_host(self, peer: str, text: str) -> None:
        self._queue(self._to_host, peer, text)

    def _queue(self, queue: list[tuple[str, str]], peer: str, text: str) -> None:
        if peer in self.cut_off:
            return
        if peer == LOCAL_PEER or peer in self.bots:  # in-process: nothing on the way
            queue.append((peer, text))
            return
        if self._rng.random() < self.drop:
            self.faults["dropped"] += 1
            return
        queue.append((peer, text))
        if self._rng.random() < self.duplicate:
            self.faults["duplicated"] += 1
            queue.append((peer, text))

    def _pop(self, queue: list[tuple[str, str]]) -> tuple[str, str]:
        if len(queue) > 1 and self._rng.random() < self.reorder:
            index = self._rng.randrange(len(queue))
            if queue[index][0] != LOCAL_PEER and queue[index][0] not in self.bots:
                self.faults["reordered"] += index > 0
                return queue.pop(index)
        return queue.pop(0)

    def _deliver_to_peer(self, peer: str, text: str) -> None:
        client = self.clients.get(peer)
        if client is None or peer not in self.open:
            return
        self.delivered.setdefault(peer, []).append(text)
        for reply in client.receive(text, self.now_ms):
            self._queue_to_host(peer, reply)
        self._tell(peer, "heard")

    def _tell(self, peer: str, what: str) -> None:
        if self.watch is not None:
            self.watch(self, peer, what)

    def _finish_closes(self) -> None:
        for peer in list(self._closing):
            self._closing.discard(peer)
            self.bots.pop(peer, None)  # a bot the host removed: the page lets it go
            if peer in self.open:
                self.open.discard(peer)
                self._host_event(Disconnected(peer, self.now_ms))
                client = self.clients.get(peer)
                if client is not None:
                    client.transport_closed()
                    self._tell(peer, "closed")

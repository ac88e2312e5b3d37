"""The host's browser in one object: the room plus the host's own client and its bots'
clients, wired in-process.

The host plays through the same :class:`GuestClient` and the same ``handle`` path as any
guest (peer :data:`LOCAL_PEER`). Looping the local messages back is protocol plumbing, so it
lives here, tested, instead of in a PeerJS callback; the web adapter only carries the
remote ``Send``/``Close`` outputs and draws ``session.client.view``.

The bots the host adds (:mod:`room.bots`) are clients of this page too, each a
:class:`BotSeat` on its own peer id: the room invites one (``room.bots``), the session makes
its client (a fresh token and a secret seed from :mod:`secrets`), which says hello and joins
like anyone; from then on its views are delivered to its client and its answers (the deck
nonce, heartbeats, the moves of :class:`room.botdriver.BotDriver`) go back through the same
``handle`` path. A bot's client checks no deal: the host's own client does, on this page.

>>> s = HostSession('ABCD234', 'Ann', 'a' * 16, now_ms=0)
>>> s.open(0)
[]
>>> s.client.you, s.client.view['host']
('p1', 'p1')
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from room.bots import Level
from room.client import DealRules, GuestClient, new_token
from room.errors import Code, RoomError
from room.events import Close, Event, Outgoing, Received, Send, Tick
from room.game import GameFactory
from room.host import LOCAL_PEER, GameChooser, HostRoom
from room.roomstate import BotPlace
from room.viewtypes import BotSeatState, HostSnapshot

SEED_BITS = 64


class BotClient(GuestClient):
    """A bot's client: a :class:`GuestClient` that files no hand history (the host's own
    client keeps the room's; a bot's would only grow the host's saved room, hand after hand)."""

    def _file_history(self, game: Any) -> None:
        return


@dataclass
class BotSeat:
    """One bot of the host's page: its peer id, level, secret seed (its decisions' randomness
    comes from it: :class:`room.botdriver.BotDriver`) and its client, whose ``view`` is all
    the bot ever sees."""

    peer: str
    level: Level
    seed: int
    client: GuestClient

    @classmethod
    def invited(cls, peer: str, place: BotPlace, room: HostRoom) -> BotSeat:
        """The client for the bot the room invited as ``place`` on ``peer``: a fresh key
        (its own, never the host's) and a fresh secret seed."""
        client = BotClient(place.name, new_token(), room=room.code, host_key=room.key)
        return cls(peer, Level(place.level), secrets.randbits(SEED_BITS), client)

    def snapshot(self) -> BotSeatState:
        """JSON-ready, for the host's storage only (its token and seed are secrets)."""
        return {"peer": self.peer, "level": self.level.value, "seed": self.seed,
                "client": self.client.snapshot()}

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> BotSeat:
        """The bot of a :meth:`snapshot`, not connected yet."""
        return cls(str(data["peer"]), Level(data["level"]), int(data["seed"]),
                   BotClient.restore(dict(data["client"])))


class HostSession:
    """A :class:`HostRoom` and the host's :class:`GuestClient`, local traffic looped back."""

    def __init__(
        self,
        code: str,
        name: str,
        token: str,
        now_ms: int,
        game_factory: GameFactory | None = None,
        games: GameChooser | None = None,
        deal_rules: DealRules | None = None,
    ) -> None:
        self.room = HostRoom(code, now_ms, game_factory, host_token=token, games=games)
        self.client = GuestClient(name, token, room=self.room.code, host_key=self.room.key,
                                  deal_rules=deal_rules)
        self.bots: dict[str, BotSeat] = {}
        """The host's bots, by peer id (:mod:`room.bots`)."""

    def snapshot(self) -> HostSnapshot:
        """The room, the host's own client and its bots as JSON-ready data, for the host's
        page to keep in its own storage and survive a reload (:meth:`restore`). It holds the
        host's and the bots' rejoin tokens, the bots' seeds and the running hand's cards and
        seed: never send it to anyone."""
        return {"room": self.room.snapshot(), "client": self.client.snapshot(),
                "bots": [bot.snapshot() for bot in self.bots.values()]}

    @classmethod
    def restore(
        cls, snapshot: dict[str, Any], now_ms: int, game_factory: GameFactory | None = None,
        games: GameChooser | None = None, deal_rules: DealRules | None = None,
    ) -> HostSession:
        """The session of a :meth:`snapshot` on the reloaded page's clock. Call :meth:`open`
        next (it re-seats the host); guests come back by joining with their keys and are
        shown as disconnected until then (the grace period runs). ``RoomError``
        (``snapshot/...``) for data that is not a snapshot."""
        session = cls.__new__(cls)
        try:
            session.client = GuestClient.restore(snapshot["client"], deal_rules=deal_rules)
            bots = [BotSeat.restore(b) for b in snapshot.get("bots", [])]
            session.bots = {bot.peer: bot for bot in bots}
        except (KeyError, TypeError, ValueError) as exc:
            raise RoomError(f"a broken host snapshot: {exc!r}"[:300],
                            Code.SNAPSHOT_BROKEN) from None
        session.room = HostRoom.restore(snapshot["room"], now_ms, game_factory, games)
        session.client.aim(session.room.code, session.room.key)
        for bot in session.bots.values():
            bot.client.aim(session.room.code, session.room.key)
        return session

    @classmethod
    def from_succession(
        cls, client: GuestClient, now_ms: int, game_factory: GameFactory | None = None,
        games: GameChooser | None = None,
    ) -> HostSession:
        """The new room this player opens when ``client.succession(now)`` says
        ``("host", code)``: :meth:`HostRoom.from_succession` from the client's last view,
        with the same client (its history and deal records go on) as the host's own seat.
        Register the PeerJS id for ``session.room.code``, then call :meth:`open`."""
        if client.view is None:
            raise RoomError("no view of the old room to go on from", Code.SUCCESSION_BAD_VIEW)
        session = cls.__new__(cls)
        session.room = HostRoom.from_succession(client.view, client.token, now_ms, game_factory,
                                                games)
        client.aim(session.room.code, session.room.key)
        session.client = client
        session.bots = {}  # the old host's bots were its page's: they do not come along
        return session

    def open(self, now_ms: int) -> list[Outgoing]:
        """Seat the host (the first local joiner is the host), then bring back the bots of a
        restored session. Returns remote outputs."""
        out = self._loop(LOCAL_PEER, self.client.hello(now_ms, LOCAL_PEER), now_ms)
        for bot in list(self.bots.values()):
            out += self._loop(bot.peer, bot.client.hello(now_ms, bot.peer), now_ms)
        return out + self._spawn(now_ms)

    def handle(self, event: Event) -> list[Outgoing]:
        """An event from the transport; returns only what must go to remote peers."""
        now = event.now_ms if isinstance(event, Tick) else self.room.now_ms
        out = self._route(self.room.handle(event), now)
        if isinstance(event, Tick):
            out += self._loop(LOCAL_PEER, self.client.tick(event.now_ms), event.now_ms)
            for bot in list(self.bots.values()):
                out += self._loop(bot.peer, bot.client.tick(event.now_ms), event.now_ms)
        return out + self._spawn(now)

    def request(self, text: str) -> list[Outgoing]:
        """The host's own request (built with ``session.client.set_grace(...)`` etc.)."""
        return self.send_as(LOCAL_PEER, text)

    def send_as(self, peer: str, text: str) -> list[Outgoing]:
        """A text from the host's own seat or one of its bots (``peer``), through the room
        as any request; returns only what must go to remote peers."""
        return self._loop(peer, [text], self.room.now_ms) + self._spawn(self.room.now_ms)

    def _spawn(self, now_ms: int) -> list[Outgoing]:
        """Clients for the bots the room invited and has none yet: each says hello on its
        own peer id and joins (a new seat)."""
        out: list[Outgoing] = []
        while new := [(peer, place) for peer, place in self.room.bots.items()
                      if place.seat is None and peer not in self.bots]:
            for peer, place in new:
                bot = self.bots[peer] = BotSeat.invited(peer, place, self.room)
                out += self._loop(peer, bot.client.hello(now_ms, peer), now_ms)
        return out

    def _loop(self, peer: str, texts: list[str], now_ms: int) -> list[Outgoing]:
        out: list[Outgoing] = []
        for text in texts:
            out += self._route(self.room.handle(Received(peer, text)), now_ms)
        return out

    def _local(self, peer: str) -> GuestClient | None:
        if peer == LOCAL_PEER:
            return self.client
        bot = self.bots.get(peer)
        return bot.client if bot is not None else None

    def _route(self, outputs: list[Outgoing], now_ms: int) -> list[Outgoing]:
        remote: list[Outgoing] = []
        replies: list[tuple[str, list[str]]] = []
        for item in outputs:
            client = self._local(item.peer)
            if client is None:
                remote.append(item)
            elif isinstance(item, Send):
                replies.append((item.peer, client.receive(item.text, now_ms)))
            elif isinstance(item, Close):  # never for the host's seat; a bot removed
                client.transport_closed()
                self.bots.pop(item.peer, None)
        for peer, texts in replies:
            if peer == LOCAL_PEER or peer in self.bots:
                remote += self._loop(peer, texts, now_ms)
        return remote

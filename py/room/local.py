"""The host's browser in one object: the room plus the host's own client, wired in-process.

The host plays through the same :class:`GuestClient` and the same ``handle`` path as any
guest (peer :data:`LOCAL_PEER`). Looping the local messages back is protocol plumbing, so it
lives here, tested, instead of in a PeerJS callback; the web adapter only carries the
remote ``Send``/``Close`` outputs and draws ``session.client.view``.

>>> s = HostSession('ABCD234', 'Ann', 'a' * 16, now_ms=0)
>>> s.open(0)
[]
>>> s.client.you, s.client.view['host']
('p1', 'p1')
"""

from __future__ import annotations

from typing import Any

from room.client import DealRules, GuestClient
from room.errors import Code, RoomError
from room.events import Close, Event, Outgoing, Received, Send, Tick
from room.game import GameFactory
from room.host import LOCAL_PEER, GameChooser, HostRoom
from room.viewtypes import HostSnapshot


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

    def snapshot(self) -> HostSnapshot:
        """The room and the host's own client as JSON-ready data, for the host's page to keep
        in its own storage and survive a reload (:meth:`restore`). It holds the host's rejoin
        token and the running hand's cards and seed: never send it to anyone."""
        return {"room": self.room.snapshot(), "client": self.client.snapshot()}

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
        except (KeyError, TypeError, ValueError) as exc:
            raise RoomError(f"a broken host snapshot: {exc!r}"[:300],
                            Code.SNAPSHOT_BROKEN) from None
        session.room = HostRoom.restore(snapshot["room"], now_ms, game_factory, games)
        session.client.aim(session.room.code, session.room.key)
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
        return session

    def open(self, now_ms: int) -> list[Outgoing]:
        """Seat the host (the first local joiner is the host). Returns remote outputs."""
        return self._loop(self.client.hello(now_ms, LOCAL_PEER), now_ms)

    def handle(self, event: Event) -> list[Outgoing]:
        """An event from the transport; returns only what must go to remote peers."""
        now = event.now_ms if isinstance(event, Tick) else self.room.now_ms
        out = self._route(self.room.handle(event), now)
        if isinstance(event, Tick):
            out += self._loop(self.client.tick(event.now_ms), event.now_ms)
        return out

    def request(self, text: str) -> list[Outgoing]:
        """The host's own request (built with ``session.client.set_grace(...)`` etc.)."""
        return self._loop([text], self.room.now_ms)

    def _loop(self, texts: list[str], now_ms: int) -> list[Outgoing]:
        out: list[Outgoing] = []
        for text in texts:
            out += self._route(self.room.handle(Received(LOCAL_PEER, text)), now_ms)
        return out

    def _route(self, outputs: list[Outgoing], now_ms: int) -> list[Outgoing]:
        remote: list[Outgoing] = []
        replies: list[str] = []
        for item in outputs:
            if item.peer != LOCAL_PEER:
                remote.append(item)
            elif isinstance(item, Send):
                replies += self.client.receive(item.text, now_ms)
            elif isinstance(item, Close):  # never emitted for the local seat; be safe
                self.client.transport_closed()
        if replies:
            remote += self._loop(replies, now_ms)
        return remote

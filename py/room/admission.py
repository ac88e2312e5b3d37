"""The room's door: who may take a seat, who waits for the host, who was removed (sans-IO).

Eight connections with fresh tokens could fill a room for good. The host now has three
tools, and this module holds their state (:class:`room.host.HostRoom` applies them):

* **Approval** (a host setting, off by default): a newcomer — a token the room does not know —
  does not get a seat at once but *knocks*: the host sees the name and approves or denies;
  the asker is told it waits. Returning players (a known token) and the host never knock.
* **Removal** (kick): the removed player's token is barred for good (kept as its hash); a
  stake in a running hand is played out first by the game.
* **Knocks are bounded**: at most :data:`MAX_KNOCKS` wait at once, none longer than
  :data:`KNOCK_TIMEOUT_MS`, so knocking cannot become the next way to fill the room.

>>> door = Door()
>>> knock = door.knock("peer-1", "Zed", "z" * 16, now_ms=0)
>>> knock.id, door.view()
('r1', [{'id': 'r1', 'name': 'Zed'}])
>>> door.take("r1").name, door.view()
('Zed', [])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from room.codes import token_hash
from room.errors import RoomError

MAX_KNOCKS = 10
"""Newcomers waiting for the host at once; one more is turned away (``room/busy``)."""
KNOCK_TIMEOUT_MS = 5 * 60_000
"""A knock the host has not answered in 5 minutes is turned away (``join/not_admitted``)."""


@dataclass(frozen=True)
class Knock:
    """A newcomer asking for a seat: their connection, chosen (cleaned) name and token."""

    id: str
    peer: str
    name: str
    token: str
    since_ms: int


class Door:
    """The approval switch, the knocks waiting for the host, and the removed tokens."""

    def __init__(self) -> None:
        self.approval = False
        self._knocks: dict[str, Knock] = {}
        self._removed: set[str] = set()  # token hashes
        self._next = 1

    # --- knocks ---------------------------------------------------------------------------

    def knock(self, peer: str, name: str, token: str, now_ms: int) -> Knock:
        """File a newcomer's request; :class:`RoomError` ``room/busy`` when too many wait."""
        if len(self._knocks) >= MAX_KNOCKS:
            raise RoomError(f"{MAX_KNOCKS} people already wait for the host; try later",
                            "room/busy")
        knock = Knock(f"r{self._next}", peer, name, token, int(now_ms))
        self._next += 1
        self._knocks[knock.id] = knock
        return knock

    def by_peer(self, peer: str) -> Knock | None:
        """The knock waiting on this connection, if any."""
        return next((k for k in self._knocks.values() if k.peer == peer), None)

    def take(self, request_id: str) -> Knock:
        """Remove and return a knock to answer it; ``door/unknown`` if it is gone."""
        knock = self._knocks.pop(request_id, None)
        if knock is None:
            raise RoomError(f"nobody waits as {request_id} (they may have left)",
                            "door/unknown")
        return knock

    def drop_peer(self, peer: str) -> bool:
        """The connection closed: forget its knock. True if there was one."""
        knock = self.by_peer(peer)
        if knock is not None:
            del self._knocks[knock.id]
        return knock is not None

    def expire(self, now_ms: int) -> list[Knock]:
        """Knocks that waited longer than :data:`KNOCK_TIMEOUT_MS`, removed."""
        old = [k for k in self._knocks.values() if now_ms - k.since_ms > KNOCK_TIMEOUT_MS]
        for k in old:
            del self._knocks[k.id]
        return old

    def names(self) -> list[str]:
        """Names of those waiting (a newcomer must not pass for one of them)."""
        return [k.name for k in self._knocks.values()]

    def view(self) -> list[dict[str, str]]:
        """What the host's view shows of the knocks: id and name, oldest first."""
        return [{"id": k.id, "name": k.name} for k in self._knocks.values()]

    # --- removal --------------------------------------------------------------------------

    def remove(self, token: str) -> None:
        """Bar this token from the room for good."""
        self._removed.add(token_hash(token))

    def is_removed(self, token: str) -> bool:
        return token_hash(token) in self._removed

    # --- the host's own snapshot ------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The switch and the removed tokens' hashes (knocks are connections: not kept)."""
        return {"approval": self.approval, "removed": sorted(self._removed),
                "next": self._next}

    @classmethod
    def restore(cls, data: Mapping[str, Any] | None) -> Door:
        door = cls()
        if data:
            door.approval = bool(data["approval"])
            door._removed = {str(h) for h in _strings(data["removed"])}
            door._next = int(data["next"])
        return door


def _strings(items: Iterable[Any]) -> list[str]:
    return [str(x) for x in items]

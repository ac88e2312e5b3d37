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
* **Only the invited knock** (:func:`invite_for`): the room's share link carries an
  invitation, the start of the host's signature over the room code; with approval on, a
  newcomer without it is turned away at once (``join/no_invite``) and never reaches the
  host's list. Ten fresh keys knocking with only the code used to fill the list ("Too many
  people are waiting") and come back as soon as they were denied; a stranger who knows only
  the code (read off a screen, typed by a friend) now cannot ask at all. As a meeting's
  passcode rides in its invitation link, the invitation rides in the room's link: a
  returning player needs none, and a reloaded host derives the same one.
* **A denied newcomer stays out**: their key is refused from then on, as a removed
  player's is (``join/denied``), so "Deny" is not "ask again in a second".

>>> door = Door()
>>> knock = door.knock("peer-1", "Zed", "z" * 16, now_ms=0)
>>> knock.id, door.view()
('r1', [{'id': 'r1', 'name': 'Zed'}])
>>> door.take("r1").name, door.view()
('Zed', [])
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from room.codes import token_hash
from room.errors import Code, RoomError
from room.viewtypes import DoorState, SeatRequest

INVITE_DOMAIN = b"uomaha-invite-v1:"
INVITE_CHARS = 22
"""An invitation is this many base64url characters (132 bits) of the host's signature."""


def invite_for(sign: Callable[[bytes], str], code: str) -> str:
    """The invitation of room ``code`` whose host signs with ``sign``: the first
    :data:`INVITE_CHARS` characters of its Ed25519 signature over the domain and the code.
    Ed25519 signatures are deterministic, so the host derives the same one after a reload,
    and nobody without the host's key can derive it (the signature's first half is a point
    from a secret hash of the key and the message).

    >>> from room.identity import Identity
    >>> host = Identity.from_token("h" * 20)
    >>> a = invite_for(host.sign, "ABCD234")
    >>> len(a), a == invite_for(host.sign, "ABCD234"), a == invite_for(host.sign, "ABCD235")
    (22, True, False)
    """
    return sign(INVITE_DOMAIN + code.encode("ascii"))[:INVITE_CHARS]


def invited(invite: str | None, expected: str) -> bool:
    """Whether ``invite`` (from a join) is the room's invitation (in constant time)."""
    return invite is not None and hmac.compare_digest(invite.encode(), expected.encode())


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
        self._denied: set[str] = set()  # hashes of the keys the host turned away
        self._next = 1

    # --- knocks ---------------------------------------------------------------------------

    def knock(self, peer: str, name: str, token: str, now_ms: int) -> Knock:
        """File a newcomer's request; :class:`RoomError` ``room/busy`` when too many wait."""
        if len(self._knocks) >= MAX_KNOCKS:
            raise RoomError(f"{MAX_KNOCKS} people already wait for the host; try later",
                            Code.ROOM_BUSY)
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
                            Code.DOOR_UNKNOWN)
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

    def view(self) -> list[SeatRequest]:
        """What the host's view shows of the knocks: id and name, oldest first."""
        return [{"id": k.id, "name": k.name} for k in self._knocks.values()]

    # --- removal --------------------------------------------------------------------------

    def remove(self, token: str) -> None:
        """Bar this token from the room for good."""
        self._removed.add(token_hash(token))

    def is_removed(self, token: str) -> bool:
        return token_hash(token) in self._removed

    def deny(self, token: str) -> None:
        """The host said no to this key: it may not ask again in this room."""
        self._denied.add(token_hash(token))

    def is_denied(self, token: str) -> bool:
        return token_hash(token) in self._denied

    # --- the host's own snapshot ------------------------------------------------------------

    def snapshot(self) -> DoorState:
        """The switch and the removed tokens' hashes (knocks are connections: not kept)."""
        return {"approval": self.approval, "removed": sorted(self._removed),
                "denied": sorted(self._denied), "next": self._next}

    @classmethod
    def restore(cls, data: Mapping[str, Any] | None) -> Door:
        door = cls()
        if data:
            door.approval = bool(data["approval"])
            door._removed = {str(h) for h in _strings(data["removed"])}
            door._denied = {str(h) for h in _strings(data.get("denied", []))}
            door._next = int(data["next"])
        return door


def _strings(items: Iterable[Any]) -> list[str]:
    return [str(x) for x in items]

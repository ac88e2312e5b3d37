"""Events into :class:`room.host.HostRoom` and the outputs it returns.

The web adapter translates PeerJS callbacks into these and carries the outputs back out;
nothing here knows about PeerJS, so the same room runs in tests over an in-memory network.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Connected:
    """A data connection from ``peer`` opened (it has not joined a seat yet). ``caller`` is
    the signalling (PeerJS) id it comes from, as the transport knows it — what the handshake
    binds to the connection (:mod:`room.identity`); None: ``peer`` itself is that id (the
    in-memory network and the host's own seat)."""

    peer: str
    caller: str | None = None


@dataclass(frozen=True)
class Disconnected:
    """The transport saw the connection to ``peer`` close, at ``now_ms`` on the adapter's
    clock: a dropped player's grace counts from that moment, not from the room's last
    :class:`Tick` (half a second earlier at most). None: the last tick's time."""

    peer: str
    now_ms: int | None = None


@dataclass(frozen=True)
class Received:
    """``peer`` sent ``text`` (a JSON string, still untrusted)."""

    peer: str
    text: str


@dataclass(frozen=True)
class Tick:
    """Time passed; the adapter calls this every ~500 ms with its clock in milliseconds."""

    now_ms: int


Event = Connected | Disconnected | Received | Tick


@dataclass(frozen=True)
class Send:
    """Deliver ``text`` to ``peer`` (``room.host.LOCAL_PEER`` is the host's own client)."""

    peer: str
    text: str


@dataclass(frozen=True)
class Close:
    """Cut ``peer`` off: the adapter closes the data connection."""

    peer: str


Outgoing = Send | Close

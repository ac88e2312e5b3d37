"""Who may open a connection to the host, and which signalling messages reach PeerJS (sans-IO).

The PeerServer relays anything to the host's id. 600 ``OFFER`` messages with
fake connection ids made PeerJS build 600 ``RTCPeerConnection`` objects until Chromium refused
new ones (no player could join or come back); 600 one-megabyte ``CANDIDATE`` messages for
unknown connection ids were kept by PeerJS for good (``Peer._lostMessages``, a +150 MB heap).
The web adapter puts a :class:`Gate` in front of PeerJS's signalling handler
(``Peer._handleMessage``) and asks it about every message *before* PeerJS acts on it:

* **An offer is checked first** (:func:`check_offer`): a data connection with our
  serialization (:data:`SERIALIZATION`), reliable, a plain connection id and label, no
  metadata, an SDP of sensible size. Anything else is dropped before PeerJS builds anything
  (an offer with serialization ``"constructor"`` included).
* **Few connections wait at once.** A connection is *pending* from its offer until the room
  has it as a player (or a newcomer waiting for approval): at most
  :data:`MAX_PENDING_PER_SOURCE` per signalling id, :data:`MAX_PENDING` from strangers
  altogether, each for at most :data:`JOIN_DEADLINE_MS` (then the adapter closes it). A
  further offer is dropped while the limits are reached.
* **Returning players keep their way in**: a signalling id that has held a seat in this room
  (a guest re-dialling from the same page) gets :data:`RESERVED_PENDING` places of its own, so
  a flood of strangers cannot lock the players out.
* **Nothing is stored for connections we do not have**: ``ANSWER``/``CANDIDATE`` (and any other
  per-connection message) pass only for a connection the gate let in, at most
  :data:`MAX_CANDIDATES` candidates each, each at most :data:`MAX_CANDIDATE_CHARS`; a
  guest's gate lets in no offer at all and only its own dialled connections.

Pure and clock-driven like the room, so it is tested without a browser (``tests/test_gate.py``).

>>> gate = Gate(accept_offers=True)
>>> offer = {"type": "data", "connectionId": "dc_abc", "serialization": "raw",
...          "reliable": True, "label": "dc_abc", "sdp": {"type": "offer", "sdp": "v=0"}}
>>> gate.screen({"type": "OFFER", "src": "guest-1", "payload": offer}, now_ms=0)
'pass'
>>> gate.screen({"type": "CANDIDATE", "src": "rogue", "payload": {"connectionId": "x"}}, 0)
'drop'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SERIALIZATION = "raw"
"""The only PeerJS serialization we speak: JSON strings go as they are (no JS-side decoding, no
chunking, so no half-received frame can pile up), and anything that is not a string is cut."""
MAX_PENDING = 6
"""Connections from strangers that may be on their way in at once (offer made, not joined)."""
MAX_PENDING_PER_SOURCE = 2
"""Per signalling id: a guest dials one connection at a time (a retry may overlap the last)."""
RESERVED_PENDING = 10
"""Extra places for signalling ids that have held a seat here, beyond :data:`MAX_PENDING`."""
MAX_RETURNING_SOURCES = 64
"""How many signalling ids of players the gate remembers (the oldest are forgotten)."""
JOIN_DEADLINE_MS = 10_000
"""From offer to join: a guest gives up a dial after 8 s and joins as soon as it opens."""
MAX_CANDIDATES = 32
"""ICE candidates per connection (an honest browser sends a handful)."""
MAX_CANDIDATE_CHARS = 1024
MAX_SDP_CHARS = 8192
"""An offer's SDP for one data channel is about 1 kB (candidates come separately)."""
SERVER_TYPES = frozenset({"OPEN", "ERROR", "ID-TAKEN", "INVALID-KEY", "HEARTBEAT"})
"""From the signalling server itself, about our own registration: always passed on."""
PEER_TYPES_WITHOUT_CONNECTION = frozenset({"LEAVE", "EXPIRE"})
"""About a peer, not a connection: PeerJS closes that peer's connections or reports it gone."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_SOURCE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")

PASS, DROP = "pass", "drop"


def _field(data: Any, name: str) -> Any:
    return data.get(name) if isinstance(data, Mapping) else None


def check_offer(payload: Any) -> str | None:
    """Why this ``OFFER`` payload is not one our client sends (None: it is).

    >>> check_offer({"type": "data", "connectionId": "dc_1", "serialization": "constructor",
    ...              "reliable": True, "label": "dc_1", "sdp": {"type": "offer", "sdp": "v=0"}})
    "serialization 'constructor' (only 'raw' is spoken here)"
    """
    if not isinstance(payload, Mapping):
        return "payload missing"
    if payload.get("type") != "data":
        return f"type {payload.get('type')!r:.40} (only data connections)"
    conn_id = payload.get("connectionId")
    if not isinstance(conn_id, str) or not _ID.fullmatch(conn_id):
        return f"connectionId {conn_id!r:.40}"
    serialization = payload.get("serialization")
    if serialization != SERIALIZATION:
        return f"serialization {serialization!r:.40} (only {SERIALIZATION!r} is spoken here)"
    if payload.get("reliable") is not True:
        return "reliable is not true"
    label = payload.get("label")
    if label is not None and (not isinstance(label, str) or not _ID.fullmatch(label)):
        return f"label {label!r:.40}"
    if payload.get("metadata") is not None:
        return "metadata present (our client sends none)"
    sdp = payload.get("sdp")
    text = _field(sdp, "sdp")
    if _field(sdp, "type") != "offer" or not isinstance(text, str):
        return "sdp is not an offer"
    if len(text) > MAX_SDP_CHARS:
        return f"sdp of {len(text)} characters (at most {MAX_SDP_CHARS})"
    return None


@dataclass
class Entry:
    """A connection the gate let in: its signalling id, since when, candidates seen."""

    source: str
    since_ms: int
    pending: bool = True
    candidates: int = 0


class Gate:
    """The host's (``accept_offers=True``) or a guest's signalling gate; see the module doc.

    Keys are ``"<source>/<connection id>"``, as the web adapter names its links.
    """

    def __init__(self, accept_offers: bool) -> None:
        self.accept_offers = accept_offers
        self.entries: dict[str, Entry] = {}
        self.returning: dict[str, None] = {}  # signalling ids that held a seat, oldest first
        self.dropped = 0  # messages kept from PeerJS (for the figures and the tests)
        self.refused: dict[str, int] = {}  # why offers were dropped, counted

    @staticmethod
    def key(source: str, connection_id: str) -> str:
        return f"{source}/{connection_id}"

    # --- the one question -------------------------------------------------------------------

    def screen(self, message: Mapping[str, Any], now_ms: int) -> str:
        """``'pass'`` to hand this signalling message to PeerJS, ``'drop'`` to forget it.

        ``message`` holds the fields as the server sent them (``type``, ``src``, ``payload``);
        the adapter reads only what is asked for here.
        """
        verdict = self._screen(message, int(now_ms))
        if verdict == DROP:
            self.dropped += 1
        return verdict

    def _screen(self, message: Mapping[str, Any], now_ms: int) -> str:
        kind = message.get("type")
        if kind in SERVER_TYPES:
            return PASS
        source = message.get("src")
        if not isinstance(source, str) or not _SOURCE.fullmatch(source):
            return DROP
        if kind in PEER_TYPES_WITHOUT_CONNECTION:
            return PASS
        payload = message.get("payload")
        conn_id = _field(payload, "connectionId")
        if not isinstance(conn_id, str) or not _ID.fullmatch(conn_id):
            return DROP
        key = self.key(source, conn_id)
        if kind == "OFFER":
            return PASS if self._admit(key, source, payload, now_ms) else DROP
        entry = self.entries.get(key)
        if entry is None:
            return DROP  # PeerJS would keep it for good, waiting for an offer that never comes
        if kind == "CANDIDATE":
            candidate = _field(_field(payload, "candidate"), "candidate")
            entry.candidates += 1
            if (
                entry.candidates > MAX_CANDIDATES
                or not isinstance(candidate, str)
                or len(candidate) > MAX_CANDIDATE_CHARS
            ):
                return DROP
            return PASS
        if kind == "ANSWER":
            return PASS if not self.accept_offers else DROP  # the host never dials out
        return DROP

    def _admit(self, key: str, source: str, payload: Any, now_ms: int) -> bool:
        if not self.accept_offers:
            return self._refuse("offer to a guest")
        if key in self.entries:
            return self._refuse("offer for a connection already made")
        problem = check_offer(payload)
        if problem is not None:
            return self._refuse(problem.split(" ", 1)[0])  # a bounded set of reasons
        # (connections past their deadline no longer count: the adapter's next tick closes them)
        pending = [e for e in self.entries.values()
                   if e.pending and now_ms - e.since_ms <= JOIN_DEADLINE_MS]
        if sum(e.source == source for e in pending) >= MAX_PENDING_PER_SOURCE:
            return self._refuse("too many from one source")
        returning = source in self.returning
        strangers = sum(e.source not in self.returning for e in pending)
        if not returning and strangers >= MAX_PENDING:
            return self._refuse("too many waiting")
        if returning and len(pending) - strangers >= RESERVED_PENDING:
            return self._refuse("too many returning")
        self.entries[key] = Entry(source, now_ms)
        return True

    def _refuse(self, why: str) -> bool:
        self.refused[why] = self.refused.get(why, 0) + 1
        return False

    # --- what the adapter tells the gate ------------------------------------------------------

    def dialled(self, key: str, now_ms: int) -> None:
        """A guest dialled this connection itself: its answer and candidates may come in."""
        source = key.split("/", 1)[0]
        self.entries[key] = Entry(source, int(now_ms), pending=False)

    def joined(self, key: str) -> None:
        """The room took this connection in (a seat, or a newcomer waiting for approval): it
        no longer counts as pending, and its signalling id is remembered as a player's."""
        entry = self.entries.get(key)
        if entry is None or not entry.pending:
            return
        entry.pending = False
        self.returning.pop(entry.source, None)
        self.returning[entry.source] = None
        while len(self.returning) > MAX_RETURNING_SOURCES:
            del self.returning[next(iter(self.returning))]

    def closed(self, key: str) -> None:
        """The connection is gone (closed by either side, or by :meth:`expire`)."""
        self.entries.pop(key, None)

    def expire(self, now_ms: int) -> list[str]:
        """Pending connections past :data:`JOIN_DEADLINE_MS`, forgotten: the adapter closes
        them (PeerJS's ``close`` frees their ``RTCPeerConnection`` at once)."""
        late = [k for k, e in self.entries.items()
                if e.pending and int(now_ms) - e.since_ms > JOIN_DEADLINE_MS]
        for key in late:
            del self.entries[key]
        return late

    def pending(self) -> list[str]:
        """Keys of the connections on their way in, oldest first."""
        return [k for k, e in self.entries.items() if e.pending]

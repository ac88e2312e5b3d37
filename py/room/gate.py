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
* **PeerJS keeps only what it reads** (:func:`kept_message`): a message that passes is
  rebuilt from its known fields, each bounded, and PeerJS is handed that copy. (PeerJS keeps
  an offer's whole payload with its connection: 20 MB of padding in a passing ``OFFER`` was
  held for as long as the connection waited.)

Pure and clock-driven like the room, so it is tested without a browser
(``tests/test_room_gate.py``).

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
MAX_SDP_MID_CHARS = 64
"""A candidate's ``sdpMid`` ("0") and ``usernameFragment`` (4-256 characters by the ICE
spec) are short."""
MAX_UFRAG_CHARS = 256
SERVER_TYPES = frozenset({"OPEN", "ERROR", "ID-TAKEN", "INVALID-KEY", "HEARTBEAT"})
"""From the signalling server itself, about our own registration: always passed on."""
PEER_TYPES_WITHOUT_CONNECTION = frozenset({"LEAVE", "EXPIRE"})
"""About a peer, not a connection: PeerJS closes that peer's connections or reports it gone."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_SOURCE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")

PASS, DROP = "pass", "drop"


def _field(data: Any, name: str) -> Any:
    return data.get(name) if isinstance(data, Mapping) else None


def _short(value: Any, most: int) -> bool:
    """None, or a string of at most ``most`` characters."""
    return value is None or (isinstance(value, str) and len(value) <= most)


def _small_int(value: Any) -> bool:
    return value is None or (type(value) is int and 0 <= value < 1024) or (
        isinstance(value, float) and value.is_integer() and 0 <= value < 1024)


def kept_message(message: Mapping[str, Any]) -> dict[str, Any] | None:
    """The copy of a message :meth:`Gate.screen` passed that PeerJS is handed instead of the
    message itself: only the fields PeerJS 1.5.5 reads (``Peer._handleMessage``,
    ``DataConnection.handleMessage``, the negotiator), each already bounded by the screen.
    PeerJS keeps an offer's payload for the life of its connection, so anything else a
    sender put in (any amount of padding) would stay in the host's memory while the
    connection waits. None for the signalling server's own messages (passed as they are).

    >>> kept_message({"type": "OFFER", "src": "g-1", "pad": "x" * 99, "payload": {
    ...     "type": "data", "connectionId": "dc_1", "serialization": "raw", "reliable": True,
    ...     "label": "dc_1", "metadata": None, "sdp": {"type": "offer", "sdp": "v=0"},
    ...     "browser": "x" * 99}})["payload"].keys()
    dict_keys(['type', 'connectionId', 'serialization', 'reliable', 'label', 'metadata', 'sdp'])
    """
    kind = message.get("type")
    if kind in SERVER_TYPES:
        return None
    out: dict[str, Any] = {"type": kind, "src": message.get("src")}
    if kind in PEER_TYPES_WITHOUT_CONNECTION:
        return out
    payload = message.get("payload")
    kept: dict[str, Any] = {"type": _field(payload, "type"),
                            "connectionId": _field(payload, "connectionId")}
    if kind == "OFFER":
        kept |= {k: _field(payload, k) for k in ("serialization", "reliable", "label")}
        kept["metadata"] = None  # check_offer let only offers without metadata through
    if kind in ("OFFER", "ANSWER"):
        sdp = _field(payload, "sdp")
        kept["sdp"] = {"type": _field(sdp, "type"), "sdp": _field(sdp, "sdp")}
    if kind == "CANDIDATE":
        ice = _field(payload, "candidate")
        kept["candidate"] = {k: _field(ice, k) for k in (
            "candidate", "sdpMid", "sdpMLineIndex", "usernameFragment")}
    out["payload"] = kept
    return out


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
            ice = _field(payload, "candidate")
            candidate = _field(ice, "candidate")
            entry.candidates += 1
            if (
                entry.candidates > MAX_CANDIDATES
                or not isinstance(candidate, str)
                or len(candidate) > MAX_CANDIDATE_CHARS
                or not _short(_field(ice, "sdpMid"), MAX_SDP_MID_CHARS)
                or not _short(_field(ice, "usernameFragment"), MAX_UFRAG_CHARS)
                or not _small_int(_field(ice, "sdpMLineIndex"))
            ):
                return DROP
            return PASS
        if kind == "ANSWER":
            if self.accept_offers:
                return DROP  # the host never dials out
            sdp = _field(payload, "sdp")
            text = _field(sdp, "sdp")
            ok = (_field(sdp, "type") == "answer" and isinstance(text, str)
                  and len(text) <= MAX_SDP_CHARS)
            return PASS if ok else DROP
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

"""PeerJS adapter: a ``Peer`` and its data connections, reported as plain Python callbacks.

It only forwards: ``open``/``data``/``close``/``error`` become calls on a listener, texts go out as
JSON strings (a Python dict handed to ``conn.send`` silently loses nested data). All decisions are
made by ``room`` (host and client) and the pages (``web.hostpage``, ``web.guestpage``).

Hostile peers shape three things here:

* **One serialization, ``raw``** (:data:`room.gate.SERIALIZATION`): strings travel as they are,
  PeerJS decodes and chunks nothing (its ``binary`` serialization kept a rogue's unfinished
  chunks forever: 256 → 872 MB). A frame that is not a string is a peer that is not our
  client: the connection is cut (``on_bad``).
* **Signalling is screened** before PeerJS acts on it (``screen``, a :class:`room.gate.Gate`):
  PeerJS builds an ``RTCPeerConnection`` for every ``OFFER`` and stores every message for an
  unknown connection id. ``PeerNode`` routes the server's messages through ``screen`` by taking
  the place of PeerJS 1.5.5's ``Peer._handleMessage`` on its own instance (the socket calls it
  by name), and hands on only what passes.
* **No exception from a peer's message reaches a PeerJS callback** (it would break PeerJS's
  own handling of that event): every callback is guarded and logs instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any

from pyodide.ffi import JsProxy, create_once_callable
from pyscript import window
from pyscript.ffi import is_none, to_js
from room.gate import SERIALIZATION, kept_message

from web.dom import Handlers

FLUSH_MS = 1000  # a flushing close gives queued messages this long before PeerJS tears down

Screen = Callable[[Mapping[str, object]], str]


def guarded(where: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` for a JS callback: an exception is logged, never thrown back into PeerJS."""

    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # a bug, or a peer finding one: say it, keep PeerJS working
            window.console.error(f"{where}: {exc!r}")
            return None

    return call


def js_get(obj: Any, name: str) -> Any:
    """``obj[name]`` of a JS object as a Python value (None for missing, null, undefined or a
    non-object ``obj``); nested objects stay proxies."""
    if not isinstance(obj, JsProxy):
        return None
    value = getattr(obj, name, None)
    return None if value is None or is_none(value) else value


def signal_fields(message: Any) -> dict[str, Any]:
    """The fields of a PeerServer message that :class:`room.gate.Gate` judges and PeerJS
    reads, as plain data (any other field, however big, is never read; PeerJS is handed
    :func:`room.gate.kept_message` of these, not the message)."""
    payload = js_get(message, "payload")
    out: dict[str, Any] = {"type": js_get(message, "type"), "src": js_get(message, "src")}
    if isinstance(payload, JsProxy):
        fields: dict[str, Any] = {
            k: js_get(payload, k)
            for k in ("connectionId", "type", "serialization", "reliable", "label")
        }
        for k, v in fields.items():
            if isinstance(v, JsProxy):
                fields[k] = ["not a plain value"]
        fields["metadata"] = None if js_get(payload, "metadata") is None else "present"
        sdp = js_get(payload, "sdp")
        fields["sdp"] = {"type": js_get(sdp, "type"), "sdp": js_get(sdp, "sdp")}
        ice = js_get(payload, "candidate")
        fields["candidate"] = {k: js_get(ice, k) for k in (
            "candidate", "sdpMid", "sdpMLineIndex", "usernameFragment")}
        out["payload"] = fields
    return out


def link_key(conn: Any) -> str | None:
    """``"<peer id>/<connection id>"`` of a PeerJS data connection, or None if ``conn`` is not
    one with our serialization (an offer with serialization ``"constructor"`` made
    PeerJS hand over a ``String`` object, whose ``.peer`` raised in our callback)."""
    peer, conn_id = js_get(conn, "peer"), js_get(conn, "connectionId")
    if not isinstance(peer, str) or not isinstance(conn_id, str):
        return None
    if js_get(conn, "serialization") != SERIALIZATION:
        return None
    return f"{peer}/{conn_id}"


def _error_kind(err: Any) -> str:
    """PeerJS errors carry a ``type`` string ('peer-unavailable', 'network', ...)."""
    kind = getattr(err, "type", None)
    return str(kind) if isinstance(kind, str) and kind else "unknown"


class Link:
    """One open-or-opening data connection (either side)."""

    def __init__(self, conn: Any, key: str) -> None:
        self.conn = conn
        self.key = key
        self.handlers = Handlers()
        self.open = False
        self.closed = False
        conn_id = js_get(conn, "connectionId")
        peer = js_get(conn, "peer")
        self.signal_key = f"{peer}/{conn_id}"  # as the signalling gate names it
        self.remote = peer if isinstance(peer, str) else ""
        """The PeerJS id at the other end, as the signalling server routed this connection:
        the caller a host's challenge names (:mod:`room.identity`)."""

    @property
    def local_id(self) -> str:
        """Our own PeerJS id on this connection (its ``Peer``'s): what a guest's handshake
        names as the caller."""
        found = js_get(js_get(self.conn, "provider"), "id")
        return found if isinstance(found, str) else ""

    def send(self, text: str) -> None:
        if not self.closed:
            try:
                self.conn.send(text)
            except Exception as exc:  # the channel died under us; 'close' follows
                window.console.warn(f"send to {self.key} failed: {exc}")

    def close(self, flush: bool = True) -> None:
        """Close; with ``flush``, after the queued messages went out. (PeerJS's own
        ``close({flush})`` sends an in-band close request that the ``raw`` serialization does
        not know: closing the data channel itself sends what is queued first, then tells the
        other side; PeerJS then tears the connection down.)"""
        if self.closed:
            return
        self.closed = True
        conn = self.conn

        def now() -> None:
            with suppress(Exception):
                conn.close()

        if flush:
            with suppress(Exception):
                channel = js_get(conn, "dataChannel")
                if channel is not None:
                    channel.close()
            window.setTimeout(create_once_callable(now), FLUSH_MS)
        else:
            now()

    def wire(
        self,
        on_open: Callable[[Link], None],
        on_data: Callable[[Link, str], None],
        on_close: Callable[[Link], None],
        on_bad: Callable[[Link], None] | None = None,
    ) -> None:
        """``on_bad``: the peer sent a frame that is not a string (not our client)."""

        def opened(*_: Any) -> None:
            self.open = True
            on_open(self)

        def data(value: Any = None, *_: Any) -> None:
            if isinstance(value, str):
                on_data(self, value)
            elif not self.closed and on_bad is not None:
                on_bad(self)

        def closed(*_: Any) -> None:
            was_closed = self.closed
            self.closed = True
            if not was_closed or self.open:
                on_close(self)
            self.open = False

        def errored(err: Any = None, *_: Any) -> None:
            window.console.warn(f"data connection {self.key}: {_error_kind(err)}")

        where = f"data connection {self.key}"
        self.conn.on("open", self.handlers.proxy(guarded(where, opened)))
        self.conn.on("data", self.handlers.proxy(guarded(where, data)))
        self.conn.on("close", self.handlers.proxy(guarded(where, closed)))
        self.conn.on("error", self.handlers.proxy(guarded(where, errored)))


class PeerNode:
    """A PeerJS ``Peer``: the host's (fixed id from the room code) or a guest's (server-given).

    Listener callbacks: ``on_open(peer_id)``, ``on_error(kind, message)``, ``on_connection(conn)``
    (host side), ``on_disconnected()`` (signalling socket lost; data channels may live on).
    ``screen(fields) -> 'pass' | 'drop'`` judges every message from the signalling server
    before PeerJS sees it (:func:`signal_fields`; see the module docstring).
    """

    def __init__(
        self,
        options: dict[str, Any],
        peer_id: str | None,
        on_open: Callable[[str], None],
        on_error: Callable[[str, str], None],
        on_connection: Callable[[Any], None] | None = None,
        on_disconnected: Callable[[], None] | None = None,
        screen: Screen | None = None,
    ) -> None:
        self.handlers = Handlers()
        js_options = to_js(options)
        ctor = window.Peer
        self.peer = ctor.new(peer_id, js_options) if peer_id else ctor.new(js_options)
        self.destroyed = False
        if screen is not None:
            self._screen_signalling(screen)

        def opened(pid: Any = None, *_: Any) -> None:
            on_open(str(pid))

        def errored(err: Any = None, *_: Any) -> None:
            message = getattr(err, "message", "")
            on_error(_error_kind(err), str(message) if isinstance(message, str) else "")

        self.peer.on("open", self.handlers.proxy(guarded("peer open", opened)))
        self.peer.on("error", self.handlers.proxy(guarded("peer error", errored)))
        if on_connection is not None:
            self.peer.on("connection", self.handlers.proxy(
                guarded("incoming connection", lambda conn=None, *_: on_connection(conn))))
        if on_disconnected is not None:
            self.peer.on("disconnected", self.handlers.proxy(
                guarded("signalling lost", lambda *_: on_disconnected())))

    def _screen_signalling(self, screen: Screen) -> None:
        """Take the place of PeerJS's handler of server messages on this Peer: only what
        ``screen`` passes reaches PeerJS. (The signalling socket is open before any message
        can arrive, so nothing slips past.)"""
        peer = self.peer
        original = peer._handleMessage

        def handle(message: Any = None, *_: Any) -> None:
            try:
                fields = signal_fields(message)
                verdict = screen(fields)
            except Exception as exc:  # a bug in the screen: keep the message out, say it
                window.console.error(f"signalling screen: {exc!r}")
                return
            if verdict == "pass":
                try:  # PeerJS gets only the known fields (it would keep the rest)
                    kept = kept_message(fields)
                    original.call(peer, message if kept is None else to_js(kept))
                except Exception as exc:  # PeerJS choked on a message: it stays alive
                    window.console.error(f"PeerJS could not handle a signalling message: {exc!r}")

        peer._handleMessage = self.handlers.proxy(handle)

    def connect(self, peer_id: str) -> Any:
        """Dial ``peer_id`` (reliable, ordered channel, our one serialization)."""
        return self.peer.connect(
            peer_id, to_js({"reliable": True, "serialization": SERIALIZATION}))

    @property
    def disconnected(self) -> bool:
        return bool(self.peer.disconnected) and not self.destroyed

    @property
    def gone(self) -> bool:
        """Destroyed (by us, or by PeerJS after a fatal error): a new node is needed."""
        return self.destroyed or bool(self.peer.destroyed)

    def reconnect(self) -> None:
        """Re-open the signalling socket (keeps the id; open data channels are unaffected)."""
        if self.disconnected and not bool(self.peer.destroyed):
            with suppress(Exception):
                self.peer.reconnect()

    def destroy(self) -> None:
        """Close every connection and free the id on the signalling server."""
        if not self.destroyed:
            self.destroyed = True
            with suppress(Exception):
                self.peer.destroy()

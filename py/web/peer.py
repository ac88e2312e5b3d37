"""PeerJS adapter: a ``Peer`` and its data connections, reported as plain Python callbacks.

It only forwards: ``open``/``data``/``close``/``error`` become calls on a listener, texts go out as
JSON strings (a Python dict handed to ``conn.send`` silently loses nested data). All decisions are
made by ``room`` (host and client) and ``web.session``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import window
from pyscript.ffi import to_js

from web.dom import Handlers


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

    def send(self, text: str) -> None:
        if not self.closed:
            try:
                self.conn.send(text)
            except Exception as exc:  # the channel died under us; 'close' follows
                window.console.warn(f"send to {self.key} failed: {exc}")

    def close(self, flush: bool = True) -> None:
        """Close after the queued messages went out (PeerJS ``close({flush})``)."""
        if not self.closed:
            self.closed = True
            with suppress(Exception):
                self.conn.close(to_js({"flush": flush}))

    def wire(
        self,
        on_open: Callable[[Link], None],
        on_data: Callable[[Link, str], None],
        on_close: Callable[[Link], None],
    ) -> None:
        def opened(*_: Any) -> None:
            self.open = True
            on_open(self)

        def data(value: Any = None, *_: Any) -> None:
            if isinstance(value, str):  # anything else cannot be one of our messages
                try:
                    on_data(self, value)
                except Exception as exc:  # a bug: say it, but never wedge PeerJS's callback
                    window.console.error(f"data from {self.key} could not be handled: {exc!r}")

        def closed(*_: Any) -> None:
            was_closed = self.closed
            self.closed = True
            if not was_closed or self.open:
                on_close(self)
            self.open = False

        def errored(err: Any = None, *_: Any) -> None:
            window.console.warn(f"data connection {self.key}: {_error_kind(err)}")

        self.conn.on("open", self.handlers.proxy(opened))
        self.conn.on("data", self.handlers.proxy(data))
        self.conn.on("close", self.handlers.proxy(closed))
        self.conn.on("error", self.handlers.proxy(errored))


class PeerNode:
    """A PeerJS ``Peer``: the host's (fixed id from the room code) or a guest's (server-given).

    Listener callbacks: ``on_open(peer_id)``, ``on_error(kind, message)``, ``on_connection(conn)``
    (host side), ``on_disconnected()`` (signalling socket lost; data channels may live on).
    """

    def __init__(
        self,
        options: dict[str, Any],
        peer_id: str | None,
        on_open: Callable[[str], None],
        on_error: Callable[[str, str], None],
        on_connection: Callable[[Any], None] | None = None,
        on_disconnected: Callable[[], None] | None = None,
    ) -> None:
        self.handlers = Handlers()
        js_options = to_js(options)
        ctor = window.Peer
        self.peer = ctor.new(peer_id, js_options) if peer_id else ctor.new(js_options)
        self.destroyed = False

        def opened(pid: Any = None, *_: Any) -> None:
            on_open(str(pid))

        def errored(err: Any = None, *_: Any) -> None:
            message = getattr(err, "message", "")
            on_error(_error_kind(err), str(message) if isinstance(message, str) else "")

        self.peer.on("open", self.handlers.proxy(opened))
        self.peer.on("error", self.handlers.proxy(errored))
        if on_connection is not None:
            self.peer.on("connection", self.handlers.proxy(lambda conn, *_: on_connection(conn)))
        if on_disconnected is not None:
            self.peer.on("disconnected", self.handlers.proxy(lambda *_: on_disconnected()))

    def connect(self, peer_id: str) -> Any:
        """Dial ``peer_id`` (reliable, ordered channel)."""
        return self.peer.connect(peer_id, to_js({"reliable": True}))

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

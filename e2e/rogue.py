"""A rogue peer for hostile e2e tests: the stock PeerJS library in a plain page, *not* our client.

The hostile peers we defend against come from outside our own client — a page with PeerJS that
knows only the room code. :class:`Rogue` is that page: it loads the pinned ``peerjs.min.js``
(answered offline like the CDN) into a blank page of the test site's origin and exposes a small
JS toolkit, ``window.rogue``, driven from Python:

* ``open(id)`` registers a PeerJS id (``None``: a server-given one) — e.g. squat ``uomaha-<code>``;
* ``connect(target, options)`` dials a peer (any ``serialization``: ``raw``, ``json``, ``binary``)
  and records everything that arrives on that connection;
* ``send(i, data)`` / ``send_many(i, data, count)`` send on connection ``i`` (strings as they are);
* ``listen(replies)`` accepts incoming connections (when squatting a host id), records what each
  sends, and answers each connection's first message with ``replies`` (texts, as they are);
* ``squat(id, replies)`` registers ``id`` as soon as it is free (retrying while it is taken),
  then listens at once — a squatter racing the owner of an id;
* ``signal(message)`` writes a raw message on the signalling socket (``OFFER`` floods and the like);
  ``signalFlood(message, count, ms)`` and ``dataFlood(indices, data, perSecond, seconds)`` send
  many at a steady pace without blocking the test (``floodDone()`` waits for the end).

Every call returns plain JSON data; what arrived is read back with :meth:`Rogue.received`.
"""

from __future__ import annotations

import json
from typing import Any

from harness import MODULES, Site, VendorFiles, new_context
from playwright.sync_api import Browser, BrowserContext, Page

PEERJS = MODULES / "peerjs" / "dist" / "peerjs.min.js"

ROGUE_JS = r"""
window.rogue = (() => {
  const state = { peer: null, conns: [], incoming: [], errors: [], opened: null, flood: null };
  // Call fn(k) for k = 0..count-1, evenly over `ms` (in 20 ms steps); resolves to count.
  const pace = (count, ms, fn) => new Promise((resolve) => {
    const steps = Math.max(1, Math.round(ms / 20));
    let k = 0, step = 0;
    const timer = setInterval(() => {
      step += 1;
      const upto = Math.min(count, Math.round(count * step / steps));
      for (; k < upto; k++) fn(k);
      if (k >= count) { clearInterval(timer); resolve(count); }
    }, 20);
  });
  const record = (entry, conn) => {
    conn.on('open', () => { entry.open = true; });
    conn.on('data', (d) => {
      entry.data.push(typeof d === 'string' ? d : JSON.stringify(d));
    });
    conn.on('close', () => { entry.closed = true; });
    conn.on('error', (e) => { entry.errors.push(String(e && e.type || e)); });
  };
  return {
    state,
    open(id, options) {
      return new Promise((resolve) => {
        const peer = id ? new Peer(id, options) : new Peer(options);
        state.peer = peer;
        peer.on('open', (pid) => { state.opened = pid; resolve({ ok: true, id: pid }); });
        peer.on('error', (e) => {
          state.errors.push(String(e && e.type || e));
          resolve({ ok: false, error: String(e && e.type || e) });
        });
      });
    },
    listen(replies) {
      state.peer.on('connection', (conn) => {
        const entry = { peer: conn.peer, data: [], open: false, closed: false, errors: [],
                        serialization: conn.serialization, metadata: conn.metadata ?? null };
        state.incoming.push(entry);
        entry.conn = conn;
        record(entry, conn);
        let answered = false;
        conn.on('data', () => {
          if (answered) return;
          answered = true;
          for (const text of replies || []) conn.send(text);
        });
      });
      return true;
    },
    async squat(id, options, replies, tries) {
      for (let i = 0; i < tries; i++) {
        const peer = new Peer(id, options);
        const got = await new Promise((done) => {
          peer.on('open', () => done('open'));
          peer.on('error', (e) => done(String(e && e.type || e)));
        });
        if (got === 'open') {
          state.peer = peer;
          state.opened = id;
          this.listen(replies);
          return { ok: true, tries: i + 1 };
        }
        peer.destroy();
        await new Promise((done) => setTimeout(done, 50));
      }
      return { ok: false, tries };
    },
    connect(target, options) {
      const conn = state.peer.connect(target, options || {});
      const entry = { peer: target, data: [], open: false, closed: false, errors: [], conn };
      record(entry, conn);
      state.conns.push(entry);
      return state.conns.length - 1;
    },
    waitOpen(i, ms) {
      const entry = state.conns[i];
      return new Promise((resolve) => {
        const t0 = Date.now();
        const check = () => {
          if (entry.open || entry.closed || Date.now() - t0 > ms) resolve(entry.open);
          else setTimeout(check, 20);
        };
        check();
      });
    },
    send(i, data) { state.conns[i].conn.send(data); return true; },
    sendMany(i, data, count) {
      for (let k = 0; k < count; k++) state.conns[i].conn.send(data);
      return count;
    },
    sendIncoming(i, data) { state.incoming[i].conn.send(data); return true; },
    signal(message) { state.peer.socket.send(message); return true; },
    // `count` copies of a signalling message spread over `ms`; a payload.connectionId gets
    // the copy's number appended (fake connections). Runs on: see floodDone().
    signalFlood(message, count, ms) {
      const base = message.payload && message.payload.connectionId;
      state.flood = pace(count, ms, (k) => {
        const m = JSON.parse(JSON.stringify(message));
        if (base !== undefined) m.payload.connectionId = base + k;
        if (state.peer && state.peer.socket) state.peer.socket.send(m);
      });
      return true;
    },
    // `perSecond` copies of `data` a second on each connection of `indices`, for `seconds`.
    dataFlood(indices, data, perSecond, seconds) {
      state.flood = pace(perSecond * seconds, seconds * 1000, () => {
        for (const i of indices) {
          const c = state.conns[i];
          if (!c.open || c.closed) continue;
          try { c.conn.send(data); } catch (e) { c.errors.push(String(e)); }
        }
      });
      return true;
    },
    floodDone() { return state.flood || Promise.resolve(0); },
    close(i) { state.conns[i].conn.close(); return true; },
    destroy() { if (state.peer) state.peer.destroy(); state.peer = null; return true; },
    view() {
      const strip = (e) => ({ peer: e.peer, data: e.data, open: e.open, closed: e.closed,
                              errors: e.errors, serialization: e.serialization,
                              metadata: e.metadata });
      return { conns: state.conns.map(strip), incoming: state.incoming.map(strip),
               errors: state.errors, opened: state.opened };
    },
  };
})();
"""


class Rogue:
    """A hostile PeerJS peer in its own browser context (own storage, own WebRTC stack)."""

    def __init__(self, browser: Browser, vendor: VendorFiles, site: Site) -> None:
        self.site = site
        # A page of the test site's own origin, loaded over the network: Chromium lets only a
        # page served from a loopback address reach the loopback PeerServer (a page answered
        # by a Playwright route counts as public). Its CSP is bypassed so the toolkit can be
        # injected; the room's pages keep theirs.
        self.context: BrowserContext = new_context(browser, vendor, bypass_csp=True)
        self.page: Page = self.context.new_page()
        self.page.goto(f"{site.base}/__rogue__")  # any answer will do, a 404 included
        self.page.add_script_tag(content=PEERJS.read_text())
        self.page.add_script_tag(content=ROGUE_JS)
        self.page.wait_for_function("window.rogue !== undefined")

    @property
    def options(self) -> dict[str, Any]:
        """PeerJS options for the test site's local PeerServer, no ICE servers (offline)."""
        return {"host": "127.0.0.1", "port": self.site.peer_port, "path": "/",
                "secure": False, "config": {"iceServers": []}}

    def js(self, expression: str, *args: Any) -> Any:
        """Run ``rogue.<expression>`` with JSON arguments; returns what it resolves to."""
        call = f"rogue.{expression}({', '.join(json.dumps(a) for a in args)})"
        return self.page.evaluate(f"async () => {call}")

    def open(self, peer_id: str | None = None) -> dict[str, Any]:
        """Register ``peer_id`` (``None``: any) on the signalling server: ``{ok, id|error}``."""
        return dict(self.js("open", peer_id, self.options))

    def connect(self, target: str, serialization: str = "raw", wait_ms: int = 15_000,
                **options: Any) -> int:
        """Dial ``target``; returns the connection's index once it opened (AssertionError if
        it did not within ``wait_ms``)."""
        index = int(self.js("connect", target, {"serialization": serialization,
                                                 "reliable": True, **options}))
        assert self.js("waitOpen", index, wait_ms), f"rogue could not open a channel to {target}"
        return index

    def squat(self, peer_id: str, replies: list[str] | None = None, tries: int = 400
              ) -> dict[str, Any]:
        """Register ``peer_id`` as soon as it is free and listen, answering each incoming
        connection's first message with ``replies``: ``{ok, tries}``."""
        return dict(self.js("squat", peer_id, self.options, replies or [], tries))

    def listen(self, replies: list[str] | None = None) -> None:
        """Accept incoming connections on the registered id (see :meth:`squat`)."""
        self.js("listen", replies or [])

    def destroy(self) -> None:
        """Let go of the registered id and every connection (the page stays, for replays)."""
        self.js("destroy")

    def send(self, index: int, data: Any) -> None:
        self.js("send", index, data)

    def send_many(self, index: int, data: Any, count: int) -> None:
        self.js("sendMany", index, data, count)

    def received(self) -> dict[str, Any]:
        """Everything so far: ``{conns: [...], incoming: [...], errors, opened}``."""
        return dict(self.js("view"))

    def close(self) -> None:
        self.context.close()

"""Hostile peers below the game (signalling floods, message floods, odd serializations), from a
stock PeerJS page (e2e/rogue.py) against a real host page and real guests.

* 8.4: 600 ``OFFER`` messages through the PeerServer (fake connection ids) used to make PeerJS
  build an ``RTCPeerConnection`` for each until Chromium refused new ones: nobody could join or
  come back. Now the host's signalling gate lets at most two of one sender's connections wait,
  and a newcomer joins and a guest comes back during the flood.
* 8.6: connections on another serialization than ours are never opened; a room of rogues
  flooding just under the per-connection limit is cut by the room's budget while an honest
  guest is never shown as lost and plays on; 600 large ``CANDIDATE`` messages for unknown
  connections are not kept.
* 8.11: an ``OFFER`` with serialization ``"constructor"`` no longer reaches our callback.

Behaviour only: no timed assertion (the figures are in tools/bench_flood.py).
"""

from __future__ import annotations

import json
import time
from contextlib import suppress

from harness import DESKTOP
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from rogue import Rogue

from conftest import Player

WAIT_MS = 30_000

WATCH = """() => {
  window.__lost = [];
  const check = () => {
    if (document.body.dataset.conn === 'reconnecting') window.__lost.push('reconnecting');
    for (const el of document.querySelectorAll('[data-connected="no"]')) {
      window.__lost.push('disconnected: ' + el.textContent.slice(0, 40));
    }
  };
  window.__lostWatch = new MutationObserver(check);
  window.__lostWatch.observe(document.body, {attributes: true, subtree: true, childList: true});
  return true;
}"""
UNWATCH = "() => window.__lostWatch && window.__lostWatch.disconnect()"


PC_COUNTER = """(() => {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.__pcs.push(this); }
  };
})();"""


def offer(conn: str, serialization: str = "raw", host: str = "") -> dict:
    """An OFFER as PeerJS 1.5.5 sends one (Negotiator._makeOffer), with a minimal SDP."""
    return {"type": "OFFER", "dst": host, "payload": {
        "sdp": {"type": "offer", "sdp": "v=0\r\n"}, "type": "data", "connectionId": conn,
        "metadata": None, "label": conn, "reliable": True, "serialization": serialization}}


# Host and Ann are booted once for the module's tests (each opens its own room): the host's
# page counts its RTCPeerConnections from the first one it makes (PC_COUNTER), and each test
# starts that count afresh. Newcomers and reloads stay per test: they are what a test is about.
SHARED_PLAYERS = (("host", DESKTOP), ("ann", DESKTOP))


def count_connections(player: Player) -> None:
    """The shared pages' init (conftest.SharedPlayers): every RTCPeerConnection of the host's
    page is kept in ``window.__pcs``."""
    if player.label == "host":
        player.context.add_init_script(PC_COUNTER)


SHARED_INIT = count_connections


def open_room(site, players: list[Player]) -> tuple[Player, list[Player], str]:
    """Hana opens a room on the first page, the others (named after their labels) join it;
    the host's connection count starts from this room."""
    host, *guests = players
    for p in players:
        p.open_site(site)
    host.wait_ready()
    host.page.evaluate("window.__pcs = []")  # only this room's connections are counted
    code = host.create_room("Hana")
    for p in guests:
        p.wait_ready()
        p.join(p.label.title(), code)
    expect(host.page.locator("#player-list .player")).to_have_count(1 + len(guests),
                                                                    timeout=WAIT_MS)
    return host, guests, code


def errors(player) -> list[str]:
    return [line for line in player.console
            if line.startswith(("error", "pageerror")) and "WebSocket" not in line]


def test_an_offer_flood_neither_locks_newcomers_out_nor_keeps_players_from_coming_back(
        site, shared_players, new_player, browser, vendor):
    host, (ann,), code = open_room(site, shared_players)
    host_id = f"uomaha-{code.lower()}"
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        # 600 OFFERs in 12 s, and 600 one-megabyte CANDIDATEs for connections
        # that do not exist (PeerJS used to keep them all)
        rogue.js("signalFlood", offer("dc_flood", host=host_id), 600, 12_000)
        big = {"type": "CANDIDATE", "dst": host_id, "payload": {
            "type": "data", "connectionId": "dc_ghost",
            "candidate": {"candidate": "a" * 1_000_000, "sdpMid": "0", "sdpMLineIndex": 0}}}
        rogue.js("signal", big)
        # during the flood: a newcomer joins, and Ann's page reloads and comes back
        cy = new_player("cy")
        cy.goto(site.url())
        cy.wait_ready()
        host.page.wait_for_timeout(3000)  # well into the flood
        cy.join("Cy", code)
        ann.page.reload()
        ann.wait_ready()  # a page's boot: under load it may take longer than WAIT_MS
        for p in (host, ann, cy):
            expect(p.page.locator("#player-list .player"), p.label).to_have_count(
                3, timeout=WAIT_MS)
        assert rogue.page.evaluate("async () => await rogue.floodDone()") == 600
        # after the flood: both still play — the host's bet reaches them
        host.page.fill("#bet-input", "4")
        host.page.press("#bet-input", "Enter")
        for p in (ann, cy):
            expect(p.page.locator("#bet-display")).to_have_text("$4", timeout=WAIT_MS)
        # the host's page let the rogue's connections in at most two at a time and closed them
        made, live = host.page.evaluate(
            "() => [window.__pcs.length,"
            " window.__pcs.filter(pc => pc.signalingState !== 'closed').length]")
        assert live <= 2 + 2, (made, live)  # Ann's and Cy's, and at most two waiting
        assert made <= 40, (made, live)  # of 600 offers: two at a time, 10 s each
        assert not errors(host), host.dump()
    finally:
        rogue.close()


def test_other_serializations_are_never_opened_and_a_constructor_offer_is_harmless(
        site, shared_players, browser, vendor):
    host, (ann,), code = open_room(site, shared_players)
    host_id = f"uomaha-{code.lower()}"
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        # serialization "constructor" made PeerJS hand our callback a String object
        for odd in ("constructor", "__proto__", "toString"):
            rogue.js("signal", offer(f"dc_{odd.strip('_')}", odd, host_id))
        # our serialization opens at once; binary (unfinished chunks kept forever) and json
        # are never opened: PeerJS on the host does not even build them a connection
        tried = {s: int(rogue.js("connect", host_id, {"serialization": s, "reliable": True}))
                 for s in ("binary", "json", "raw")}
        dialled = time.monotonic()
        assert rogue.js("waitOpen", tried["raw"], WAIT_MS) is True
        # the raw one is judged like any peer's words, and a binary frame on it cuts it
        rogue.send(tried["raw"], json.dumps({"v": 1, "type": "set_grace", "seconds": 1}))
        rogue.page.evaluate(
            "(i) => rogue.state.conns[i].conn.dataChannel.send(new Uint8Array([1, 2, 3]))",
            tried["raw"])
        for _ in range(100):
            state = rogue.received()["conns"][tried["raw"]]
            if state["closed"]:
                break
            host.page.wait_for_timeout(100)
        assert state["closed"], state
        assert [json.loads(t)["code"] for t in state["data"]] == ["auth/not_joined"], state
        # nothing of it reached the room, which plays on
        host.page.fill("#bet-input", "2")
        host.page.press("#bet-input", "Enter")
        expect(ann.page.locator("#bet-display")).to_have_text("$2", timeout=WAIT_MS)
        # 8 s after they were dialled (the rest above ran meanwhile), neither other one opened
        left_ms = max(100, round(8000 - (time.monotonic() - dialled) * 1000))
        assert rogue.js("waitOpen", tried["binary"], left_ms) is False
        assert rogue.js("waitOpen", tried["json"], 100) is False
        assert not errors(host), host.dump()
    finally:
        rogue.close()


def test_a_room_of_flooders_is_cut_while_an_honest_guest_plays_on(
        site, shared_players, browser, vendor):
    """Connections each just under the per-connection message limit. The room's
    budget cuts the heaviest; the honest guest is never shown as lost (on her page or the
    host's) and her action goes through. (Three rogue pages, two connections each: as many as
    the gate lets strangers hold open without joining.)"""
    host, (ann,), code = open_room(site, shared_players)
    host_id = f"uomaha-{code.lower()}"
    for p in (host, ann):
        assert p.page.evaluate(WATCH)
    rogues = [Rogue(browser, vendor, site) for _ in range(3)]
    try:
        for rogue in rogues:
            assert rogue.open()["ok"]
        conns = [(rogue, rogue.connect(host_id)) for rogue in rogues for _ in range(2)]
        host.page.click("#start-btn")
        expect(ann.page.locator("#double-btn")).to_be_enabled(timeout=WAIT_MS)
        ping = json.dumps({"v": 1, "type": "ping", "t": 1, "seen": -1})
        padded = ping + " " * 3900  # valid, just under the 4 kB request cap
        for n, (rogue, index) in enumerate(conns):  # 4 × 90 small and 2 × 90 × 4 kB a second
            rogue.js("dataFlood", [index], padded if n % 3 == 2 else ping, 90, 8)
        # Ann plays during the flood: her Double goes through
        ann.page.click("#double-btn")
        seat = host.page.locator("#seats .seat", has_text="Ann")
        expect(seat).to_have_attribute("data-acted", "yes", timeout=WAIT_MS)
        states = []
        for rogue in rogues:
            rogue.page.evaluate("async () => await rogue.floodDone()")
            states += rogue.received()["conns"]
        assert sum(c["closed"] for c in states) >= 3, states  # the budgets cut them
        reasons = [json.loads(t).get("code") for c in states for t in c["data"]
                   if json.loads(t).get("type") == "rejected"]
        assert reasons and set(reasons) == {"msg/flood"}, reasons
        for p in (host, ann):
            lost = p.page.evaluate("window.__lost")
            assert not [x for x in lost if "Ann" in x or x == "reconnecting"], lost
        assert not errors(host), host.dump()
    finally:
        for rogue in rogues:
            rogue.close()
        for p in (host, ann):
            with suppress(PlaywrightError):
                p.page.evaluate(UNWATCH)


def test_a_padded_offer_that_passes_the_gate_is_not_kept(site, shared_players, browser, vendor):
    """An ``OFFER`` our gate lets through (a real SDP, our serialization) with megabytes of
    fields no client sends: PeerJS keeps an offer's payload with its connection while it
    waits, so the padding used to stay in the host's memory (2 × 3 MB: +6 MB). Now PeerJS is
    handed only the known fields: the connections are built (they passed) and the heap does
    not grow by the padding."""
    host, _guests, code = open_room(site, shared_players)
    host_id = f"uomaha-{code.lower()}"
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        sdp = rogue.page.evaluate("""async () => {
          const pc = new RTCPeerConnection();
          pc.createDataChannel('dc');
          const offer = await pc.createOffer();
          pc.close();
          return offer.sdp;
        }""")
        cdp = host.context.new_cdp_session(host.page)

        def heap_mb() -> float:
            cdp.send("HeapProfiler.collectGarbage")
            cdp.send("HeapProfiler.collectGarbage")
            return cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6

        before, built = heap_mb(), host.page.evaluate("window.__pcs.length")
        pad = "x" * 3_000_000
        for k in range(2):
            message = offer(f"dc_pad{k}", host=host_id)
            message["payload"] |= {"sdp": {"type": "offer", "sdp": sdp}, "padding": pad,
                                   "browser": pad[:1_000_000]}
            rogue.js("signal", message)
        for _ in range(100):  # both passed the gate: PeerJS built their connections
            if host.page.evaluate("window.__pcs.length") >= built + 2:
                break
            host.page.wait_for_timeout(100)
        assert host.page.evaluate("window.__pcs.length") == built + 2
        host.page.wait_for_timeout(1000)
        grown = heap_mb() - before
        assert grown < 3, f"the host's heap grew by {grown:.1f} MB while the offers wait"
        assert not errors(host), host.dump()
        cdp.detach()
    finally:
        rogue.close()


MANY_IDS_FLOOD = r"""async ([host, options, ids, perSecond, seconds]) => {
  const peers = await Promise.all(Array.from({length: ids}, () => new Promise((ok) => {
    const p = new Peer(options);
    p.on('open', () => ok(p));
    p.on('error', () => ok(null));
  })));
  const live = peers.filter(Boolean);
  const flood = window.__flood = {ids: live.length, sent: 0, running: true};
  let n = 0;
  const timer = setInterval(() => {
    for (const p of live) {
      const id = 'dc_many' + (n++);
      p.socket.send({type: 'OFFER', dst: host, payload: {
        sdp: {type: 'offer', sdp: 'v=0\r\n'}, type: 'data', connectionId: id, metadata: null,
        label: id, reliable: true, serialization: 'raw'}});
      flood.sent += 1;
    }
  }, 1000 / perSecond);
  setTimeout(() => { clearInterval(timer); flood.running = false; }, seconds * 1000);
  return live.length;
}"""


def test_a_seated_guest_who_reloads_during_an_offer_flood_from_many_ids_gets_back_in(
        site, shared_players, browser, vendor):
    """OFFERs from 40 signalling ids keep every place the gate has for strangers taken. A
    seated guest's reloaded page comes back under her own signalling id for this room
    (derived from her token), for which the gate keeps places: she is back while the flood
    goes on. (Before, a reloaded page got a new id from the server: a stranger, locked out.)"""
    host, (ann,), code = open_room(site, shared_players)
    host_id = f"uomaha-{code.lower()}"
    rogue = Rogue(browser, vendor, site)
    tab = None
    try:
        ids = rogue.page.evaluate(MANY_IDS_FLOOD, [host_id, rogue.options, 40, 2, 300])
        assert ids == 40, ids
        host.page.wait_for_timeout(3000)  # well into the flood: the strangers' places are full
        ann.page.reload()
        expect(ann.page.locator("body")).to_have_attribute("data-status", "in_room",
                                                           timeout=120_000)
        expect(host.page.locator("#player-list .player[data-connected='yes']")).to_have_count(
            2, timeout=WAIT_MS)
        flood = rogue.page.evaluate("window.__flood")
        assert flood["running"], flood  # back in while the flood still went on
        host.page.fill("#bet-input", "3")
        host.page.press("#bet-input", "Enter")
        expect(ann.page.locator("#bet-display")).to_have_text("$3", timeout=WAIT_MS)
        # Two tabs of one browser are one player: Ann opens the room in a second tab, which
        # finds her id held by the first, asks it to let go, and takes the seat over (still
        # under her own id, so the flood does not keep it out either).
        tab = Player(ann.context, ann.context.new_page(), "ann2")
        tab.goto(site.url(f"room={code}"))
        tab.wait_ready()
        expect(tab.page.locator("body")).to_have_attribute("data-status", "in_room",
                                                           timeout=120_000)
        expect(ann.page.locator("#notice")).to_contain_text("from another tab", timeout=WAIT_MS)
        expect(tab.page.locator("#bet-display")).to_have_text("$3", timeout=WAIT_MS)
        flood = rogue.page.evaluate("window.__flood")
        assert flood["running"], flood
        tab.screenshot("flood-second-tab")
        print(f"\nE2E flood: Ann reloaded, then opened a second tab, under {flood['sent']} "
              f"OFFERs from {ids} ids so far; both times back in her seat while it went on")
        assert not errors(host), host.dump()
    finally:
        rogue.close()
        if tab is not None:  # the shared pages go on without the second tab
            tab.page.close()

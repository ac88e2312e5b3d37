"""What a rogue peer costs the host's page below the game (floods of messages), measured in real
Chromium.

A host page (the real one) and a rogue PeerJS page (e2e/rogue.py). Three figures, each printed
beside its quiet baseline from the same run:

1. **Ping round trip under a CPU flood**: a rogue connection pings the host once a second (as a
   guest does; pings are answered before any join) while five other connections, from three
   rogue pages, each send 90 messages of 16 kB a second (the flood we defend against, within
   what the host's signalling gate lets strangers hold open); median and worst round trip, quiet vs
   flooded.
2. **Heap after 600 one-megabyte ``CANDIDATE`` messages** for connections that do not exist
   (PeerJS kept them): the host page's JS heap after a forced garbage collection, before and
   after.
3. **Heap after 2,000 unfinished ``binary`` chunk frames** (16 kB each, never completed; PeerJS
   kept them) on a connection of PeerJS's ``binary`` serialization — if one can be opened.
4. **Heap while padded offers wait**: two ``OFFER`` messages that pass the gate (a real SDP),
   each carrying 3 MB of fields no client sends; the heap is read while they still wait to
   join (PeerJS kept each offer's whole payload with its connection).
5. **Cheap requests that cost the host** (``--seats``): a Hold'em tournament of ten seats,
   the host's and nine a rogue page took with keys of its own (``e2e/rogue_join.py``), all
   pinging as guests do. The host's ping round trip, measured on one seated rogue's
   connection, quiet, then while three seated rogues each toggle sit out / sit in 80 times a
   second (every toggle used to rebuild and send all ten views), then while three other
   connections send ``join`` messages with bad signatures 80 times a second each (re-dialling
   when cut), then both at once: median and p90, each as a ratio to the quiet median of the
   same run. A host click (a new bet) is timed until a seated rogue receives it, quiet and
   under both attacks.

Run it on any checkout to compare (e.g. the old code in another worktree):
``.venv/bin/python tools/bench_flood.py [--root DIR]``. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=HERE, help="checkout whose page is served")
    ap.add_argument("--seconds", type=int, default=7, help="length of the flood (< 10 s)")
    ap.add_argument("--serialization", default="raw",
                    help="the flooders' PeerJS serialization (the original flood used binary; "
                         "a host that refuses it is measured with raw)")
    ap.add_argument("--only-seats", action="store_true",
                    help="measure only the seated rogues' requests (figure 5)")
    ap.add_argument("--attack-seconds", type=int, default=10,
                    help="length of each attack of figure 5")
    args = ap.parse_args()
    root = args.root.resolve()
    sys.path[:0] = [str(HERE / "e2e"), str(HERE / "py")]
    import harness

    harness.ROOT = root  # serve that checkout's page (harness reads ROOT at call time)
    from harness import CHROMIUM, LAUNCH_ARGS, VendorFiles, new_context, serve_site
    from playwright.sync_api import sync_playwright
    from rogue import Rogue

    with serve_site(Path(tempfile.mkdtemp())) as site, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        vendor = VendorFiles()
        ctx = new_context(browser, vendor)
        host = ctx.new_page()
        host.goto(site.url())
        host.wait_for_selector("body[data-ready='menu']", state="attached", timeout=60_000)
        host.fill("#name-input", "Hana")
        host.click("#create-btn")
        host.wait_for_selector("body[data-screen='lobby']", state="attached", timeout=30_000)
        code = host.inner_text("#lobby-code").strip()
        host_id = f"uomaha-{code.lower()}"
        cdp = ctx.new_cdp_session(host)

        def heap_mb() -> float:
            cdp.send("HeapProfiler.collectGarbage")
            cdp.send("HeapProfiler.collectGarbage")
            return cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6

        if args.only_seats:
            seated_attacks(host, host_id, code, browser, vendor, site, args.attack_seconds)
            browser.close()
            return

        rogue = Rogue(browser, vendor, site)
        assert rogue.open()["ok"]
        before = heap_mb()
        pad = "x" * 3_000_000
        # a real offer's SDP (so PeerJS builds the connection and waits for its ICE), from
        # an RTCPeerConnection of the rogue page's own
        sdp = rogue.page.evaluate("""async () => {
          const pc = new RTCPeerConnection();
          pc.createDataChannel('dc');
          const offer = await pc.createOffer();
          pc.close();
          return offer.sdp;
        }""")
        for n, page in enumerate([rogue]):
            for k in range(2):
                page.js("signal", {"type": "OFFER", "dst": host_id, "payload": {
                    "sdp": {"type": "offer", "sdp": sdp}, "type": "data",
                    "connectionId": f"dc_pad{n}{k}", "metadata": None,
                    "label": f"dc_pad{n}{k}", "reliable": True, "serialization": "raw",
                    "padding": pad}})
        host.wait_for_timeout(3000)  # they wait (10 s) for a join that never comes
        after = heap_mb()
        print(f"host JS heap while 2 offers with 3 MB of padding each wait: {before:.0f} → "
              f"{after:.0f} MB (+{after - before:.0f} MB)")
        host.wait_for_timeout(11_000)  # the gate closes them (10 s after their offer)
        floods = [Rogue(browser, vendor, site) for _ in range(3)]
        flooders = []
        for n, page in enumerate(floods):
            assert page.open()["ok"]
            for _ in range(1 if n == 2 else 2):
                flooders.append((page, page.connect(host_id, args.serialization)))

        def pings(seconds: int) -> list[float]:
            script = """async ([i, seconds]) => {
              const c = rogue.state.conns[i].conn;
              const out = [];
              for (let k = 0; k < seconds; k++) {
                const t0 = performance.now();
                const seen = rogue.state.conns[i].data.length;
                c.send(JSON.stringify({v: 1, type: 'ping', t: Math.round(t0), seen: -1}));
                while (!rogue.state.conns[i].data.slice(seen).some(d => d.includes('"pong"'))
                       && performance.now() - t0 < 10000) {
                  await new Promise(r => setTimeout(r, 2));
                }
                out.push(performance.now() - t0);
                await new Promise(r => setTimeout(r, Math.max(0, 1000 - (performance.now() - t0))));
              }
              return out;
            }"""
            return list(rogue.page.evaluate(script, [probe, seconds]))

        # A probe that never joins is closed by the host's gate 10 s after its offer: each
        # phase gets a fresh one and lasts less than that.
        probe = rogue.connect(host_id)
        quiet = pings(5)
        rogue.js("close", probe)
        probe = rogue.connect(host_id)
        blob = json.dumps({"v": 1, "type": "ping", "t": 1, "pad": "x" * 16_300})
        for page, index in flooders:
            page.js("dataFlood", [index], blob, 90, args.seconds)
        flooded = pings(args.seconds)
        cut = 0
        for page, index in flooders:
            page.page.evaluate("async () => await rogue.floodDone()")
            cut += bool(page.received()["conns"][index]["closed"])
        print(f"ping round trip, quiet: median {statistics.median(quiet):.1f} ms, "
              f"max {max(quiet):.1f} ms")
        print(f"ping round trip under {len(flooders)} × 90 × 16 kB/s: median "
              f"{statistics.median(flooded):.1f} ms, max {max(flooded):.1f} ms ({cut} of "
              f"{len(flooders)} {args.serialization} flooders cut)")

        before = heap_mb()
        big = {"type": "CANDIDATE", "dst": host_id, "payload": {
            "type": "data", "connectionId": "dc_ghost",
            "candidate": {"candidate": "a" * 1_000_000, "sdpMid": "0", "sdpMLineIndex": 0}}}
        rogue.js("signalFlood", big, 600, 12_000)
        rogue.page.evaluate("async () => await rogue.floodDone()")
        host.wait_for_timeout(2000)
        after = heap_mb()
        print(f"host JS heap after 600 × 1 MB CANDIDATE: {before:.0f} → {after:.0f} MB "
              f"(+{after - before:.0f} MB)")

        index = int(rogue.js("connect", host_id, {"serialization": "binary", "reliable": True}))
        if rogue.js("waitOpen", index, 8000):
            before = heap_mb()
            rogue.page.evaluate("""(i) => {
              const c = rogue.state.conns[i].conn;
              for (let k = 1; k <= 2000; k++) {
                c.send({__peerData: k, n: 0, total: 2, data: new Uint8Array(16000)}, true);
              }
            }""", index)
            host.wait_for_timeout(5000)
            after = heap_mb()
            print(f"host JS heap after 2000 unfinished binary chunks: {before:.0f} → "
                  f"{after:.0f} MB (+{after - before:.0f} MB)")
        else:
            print("binary serialization: the host never opened the connection (nothing kept)")

        seated_attacks(host, host_id, code, browser, vendor, site, args.attack_seconds)
        browser.close()


TOGGLE_JS = """([indices, perSecond, seconds]) => {
  // Each connection alternates sit_out / sit_in, perSecond requests a second, for seconds.
  const texts = ['sit_out', 'sit_in'].map(
    (a) => JSON.stringify({v: 1, type: 'table', action: a}));
  let k = 0;
  const end = performance.now() + seconds * 1000;
  window.__toggles = 0;
  return new Promise((done) => {
    const timer = setInterval(() => {
      if (performance.now() > end) { clearInterval(timer); done(window.__toggles); return; }
      const each = Math.round(perSecond / 50);  // every 20 ms
      for (let n = 0; n < each; n++) {
        for (const i of indices) {
          rogue.state.conns[i].conn.send(texts[k % 2]);
          window.__toggles += 1;
        }
        k += 1;
      }
    }, 20);
  });
}"""

BAD_JOINS_JS = r"""([target, slots, perSecond, seconds]) => {
  // `slots` connections each say hello, then send joins with a bad signature perSecond times a
  // second; a connection that is cut (or never opens) is dialled again.
  // A real public key (so the host must check the signature), a signature that is not one.
  const b64u = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const end = performance.now() + seconds * 1000;
  let join = null;
  window.__badJoins = 0;
  window.__redials = 0;
  const run = async () => {
    if (join === null) {
      const pair = await crypto.subtle.generateKey({name: 'Ed25519'}, true,
                                                   ['sign', 'verify']);
      const key = b64u(await crypto.subtle.exportKey('raw', pair.publicKey));
      // a true signature of this key, over other words: checked in full, then refused
      const sig = b64u(await crypto.subtle.sign({name: 'Ed25519'}, pair.privateKey,
                                                new TextEncoder().encode('not the join')));
      join = JSON.stringify({v: 1, type: 'join', name: 'Mal', key, sig});
    }
    while (performance.now() < end) {
      const conn = rogue.state.peer.connect(target, {serialization: 'raw', reliable: true});
      window.__redials += 1;
      let open = false, closed = false;
      conn.on('open', () => { open = true; });
      conn.on('close', () => { closed = true; });
      conn.on('error', () => { closed = true; });
      const t0 = performance.now();
      while (!open && !closed && performance.now() - t0 < 8000) {
        await new Promise((r) => setTimeout(r, 10));
      }
      if (!open) { try { conn.close(); } catch (e) {} continue; }
      conn.send(JSON.stringify({v: 1, type: 'hello', nonce: 'ab'.repeat(16)}));
      await new Promise((r) => setTimeout(r, 50));
      while (!closed && performance.now() < end) {
        const each = Math.max(1, Math.round(perSecond / 50));
        for (let n = 0; n < each; n++) { conn.send(join); window.__badJoins += 1; }
        await new Promise((r) => setTimeout(r, 20));
      }
      try { conn.close(); } catch (e) {}
    }
  };
  return Promise.all(Array.from({length: slots}, run)).then(() => window.__badJoins);
}"""

PINGER_JS = """(indices) => {
  // Seated rogues ping once a second, as guests do (else they would be shown as gone).
  setInterval(() => {
    for (const i of indices) {
      const c = rogue.state.conns[i];
      if (c.open && !c.closed) {
        c.conn.send(JSON.stringify({v: 1, type: 'ping', t: Math.round(performance.now()),
                                    seen: 1e9}));
      }
    }
  }, 1000);
  return true;
}"""

PINGS_JS = """async ([i, seconds, every]) => {
  const entry = rogue.state.conns[i];
  const out = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const seen = entry.data.length;
    entry.conn.send(JSON.stringify({v: 1, type: 'ping', t: Math.round(t0), seen: 1e9}));
    while (!entry.data.slice(seen).some(d => d.includes('"pong"'))
           && performance.now() - t0 < 10000) {
      await new Promise(r => setTimeout(r, 2));
    }
    out.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, Math.max(0, every - (performance.now() - t0))));
  }
  return out;
}"""

BET_SEEN_JS = """([i, cents, t0]) => new Promise((done) => {
  // When the seated rogue's connection first carries a view with base_cents == cents.
  const entry = rogue.state.conns[i];
  const check = () => {
    for (const d of entry.data) {
      if (d.includes('"base_cents":' + cents + ',')) { done(performance.now() - t0); return; }
    }
    if (performance.now() - t0 > 20000) { done(null); return; }
    setTimeout(check, 2);
  };
  check();
})"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def seated_attacks(host: Any, host_id: str, code: str, browser: Any, vendor: Any, site: Any,
                   seconds: int) -> None:
    """Figure 5 (see the module docstring)."""
    from rogue import Rogue
    from rogue_join import join
    from tablesteps import start_table

    class Shim:  # what e2e's table steps drive: an object with .page
        page = host

    seated = Rogue(browser, vendor, site)
    assert seated.open()["ok"]
    conns = []
    for n in range(9):
        index = seated.connect(host_id)
        assert join(seated, index, code, f"Rogue{n}")["ok"], n
        conns.append(index)
    seated.page.evaluate(PINGER_JS, conns)
    host.wait_for_function("document.querySelectorAll('#player-list .player').length == 10",
                           timeout=30_000)
    start_table(Shim, "holdem", mode="tournament", starting_stack="1000")
    host.wait_for_selector("body[data-screen='poker']", state="attached", timeout=30_000)
    host.wait_for_timeout(5000)  # the deal waits for the rogues' nonces (3 s once)
    probe, togglers = conns[0], conns[1:4]
    joiners = Rogue(browser, vendor, site)
    assert joiners.open()["ok"]
    cents = [500]

    def click_to_guest() -> float | None:
        """The host sets a new bet (a room request from its page); until the probe's
        connection carries the view with it."""
        cents[0] += 100
        t0 = seated.page.evaluate("performance.now()")
        host.evaluate("""(v) => { document.querySelector('#bet-input').value = v;
            document.querySelector('#bet-form').requestSubmit(); }""", str(cents[0] // 100))
        return seated.page.evaluate(BET_SEEN_JS, [probe, cents[0], t0])

    def measure(label: str, attack: Any) -> tuple[list[float], float | None]:
        if attack is not None:
            attack()
            host.wait_for_timeout(500)
        pings = seated.page.evaluate(PINGS_JS, [probe, seconds - 2, 250])
        click = click_to_guest()
        return pings, click

    def toggle() -> None:
        seated.page.evaluate(f"() => {{ window.__toggling = ({TOGGLE_JS})"
                             f"([{togglers}, 80, {seconds}]); }}")

    def bad_joins() -> None:
        joiners.page.evaluate(f"() => {{ window.__joining = ({BAD_JOINS_JS})"
                              f"(['{host_id}', 3, 80, {seconds}]); }}")

    def both() -> None:
        toggle()
        bad_joins()

    results = {}
    for label, attack in (("quiet", None), ("3 seats toggling sit out/in 80/s each", toggle),
                          ("3 connections of bad-signature joins 80/s each", bad_joins),
                          ("both at once", both)):
        results[label] = measure(label, attack)
        for page, name in ((seated, "__toggling"), (joiners, "__joining")):
            page.page.evaluate(f"async () => await (window.{name} || 0)")
        host.wait_for_timeout(1500)
    quiet = statistics.median(results["quiet"][0])
    print("host ping round trip at a 10-seat Hold'em table (ms; ratio to the quiet median):")
    for label, (pings, click) in results.items():
        med, p90 = statistics.median(pings), percentile(pings, 0.9)
        shown = "never" if click is None else f"{click:.0f} ms"
        print(f"  {label}: median {med:.1f} ({med / quiet:.2f}×), p90 {p90:.1f} "
              f"({p90 / quiet:.2f}×), max {max(pings):.1f}, {len(pings)} pings; "
              f"a host's bet reached a seat in {shown}")
    kinds = seated.page.evaluate("""(ix) => {
      const out = {};
      for (const i of ix) for (const d of rogue.state.conns[i].data) {
        let k = 'other';
        try { const m = JSON.parse(d); k = m.type + (m.code ? ':' + m.code : ''); } catch (e) {}
        out[k] = (out[k] || 0) + 1;
      }
      return out;
    }""", togglers)
    print(f"  (what the three togglers received over the run: {kinds})")
    toggles = seated.page.evaluate("window.__toggles")
    joins = joiners.page.evaluate("[window.__badJoins, window.__redials]")
    print(f"  (last run: {toggles} toggles sent; {joins[0]} bad joins sent over {joins[1]} "
          "dials)")
    seated.close()
    joiners.close()


if __name__ == "__main__":
    main()

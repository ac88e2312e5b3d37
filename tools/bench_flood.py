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

HERE = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=HERE, help="checkout whose page is served")
    ap.add_argument("--seconds", type=int, default=7, help="length of the flood (< 10 s)")
    ap.add_argument("--serialization", default="raw",
                    help="the flooders' PeerJS serialization (the original flood used binary; "
                         "a host that refuses it is measured with raw)")
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

        rogue = Rogue(browser, vendor, site)
        assert rogue.open()["ok"]
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
        browser.close()


if __name__ == "__main__":
    main()

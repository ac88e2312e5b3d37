"""Click → every page updated, at a 6-player table game, in real Chromium.

Six pages (one browser, six contexts, as six people on one machine) sit at a Texas Hold'em
tournament through the real PeerServer. Each round, the page whose turn it is clicks its
Check/Call button (a real ``click`` on the button, so the product's own handler runs: on a
guest's page the request goes over PeerJS to the host, the host's room validates it, the engine
acts, and every page gets its view and renders it). Every page records, with a
``MutationObserver`` on its action log, the moment its DOM shows the new line
("Ann calls 10") and the page is laid out. The latency of one click is the time until the
*last* of the six pages shows it. Times are ``performance.timeOrigin + performance.now()``:
one clock on one machine.

Printed: p50 / p95 / worst over all clicks, split by who clicked (the host's own page or a
guest's), against the targets (p50 ≤ 50 ms, p95 ≤ 150 ms). The reference from the same
run is the bare wire: the round trip of a small message between two plain PeerJS pages through
the same PeerServer and browser, so the ratio says what the game adds on top of it.
Figures only; nothing is asserted.

    .venv/bin/python tools/bench_latency.py [--clicks 120] [--root DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
NAMES = ("Hana", "Ann", "Bo", "Cy", "Di", "Ed")

WATCH = """
window.__marks = [];
new MutationObserver((records) => {
  const log = document.getElementById('pk-log');
  if (!log || !records.some(r => log.contains(r.target) || r.target === log)) return;
  // Laid out, not only written: the layout the next frame needs is done here, so work a
  // redraw leaves to the frame (rather than forcing it inside the redraw) is counted too.
  void document.body.offsetHeight;
  const t = performance.timeOrigin + performance.now();
  // The last lines: an action that ends a betting round is followed by the next street's.
  const tail = [...log.children].slice(-4).map(li => li.textContent).join(' | ');
  window.__marks.push([t, tail]);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

CLICK = """() => {
  const b = document.getElementById('pk-call');
  const label = b.textContent;
  const t = performance.timeOrigin + performance.now();
  b.click();
  return [t, label];
}"""

SHOWN = """([t0, words]) => {
  const m = window.__marks.find(([t, text]) => t >= t0 && text.includes(words));
  return m ? m[0] : null;
}"""


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def line(label: str, xs: list[float]) -> str:
    if not xs:
        return f"{label:<28} (none)"
    return (f"{label:<28} n={len(xs):<4} p50 {statistics.median(xs):6.1f}  "
            f"p95 {pct(xs, 95):6.1f}  worst {max(xs):6.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=HERE, help="checkout whose page is served")
    ap.add_argument("--clicks", type=int, default=120, help="clicks to measure")
    args = ap.parse_args()
    sys.path[:0] = [str(HERE / "e2e"), str(HERE / "py")]
    import harness

    harness.ROOT = args.root.resolve()
    from harness import CHROMIUM, LAUNCH_ARGS, VendorFiles, new_context, serve_site
    from playwright.sync_api import Page, sync_playwright

    with serve_site(Path(tempfile.mkdtemp())) as site, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        vendor = VendorFiles()
        pages: dict[str, Page] = {}
        for name in NAMES:
            ctx = new_context(browser, vendor)
            ctx.add_init_script(WATCH)
            page = ctx.new_page()
            page.goto(site.url())
            pages[name] = page
        for name, page in pages.items():
            page.wait_for_selector("body[data-ready='menu']", state="attached", timeout=90_000)
            page.fill("#name-input", name)
            if name == NAMES[0]:
                page.click("#create-btn")
                page.wait_for_selector("body[data-screen='lobby']", state="attached")
                page.wait_for_selector("#player-list .player")
                code = page.inner_text("#lobby-code").strip()
            else:
                page.fill("#code-input", code)
                page.click("#join-btn")
                page.wait_for_selector("body[data-screen='lobby']", state="attached",
                                       timeout=30_000)
        host = pages[NAMES[0]]
        host.wait_for_function("n => document.querySelectorAll('#player-list .player').length"
                               " === n", arg=len(NAMES), timeout=30_000)
        host.select_option("#game-select", "holdem")
        host.select_option("#gs-mode", "tournament")
        host.fill("#gs-starting_stack", "100000")
        host.press("#gs-starting_stack", "Tab")
        host.click("#start-btn")
        for page in pages.values():
            page.wait_for_selector("body[data-screen='poker']", state="attached",
                                   timeout=30_000)

        by_host: list[float] = []
        by_guest: list[float] = []
        per_page: dict[str, list[float]] = {n: [] for n in NAMES}
        deadline = time.monotonic() + 30 * 60
        while len(by_host) + len(by_guest) < args.clicks and time.monotonic() < deadline:
            actor = None
            for name, page in pages.items():
                if page.locator("#pk-actions[data-mine='yes'] #pk-call:visible").count():
                    actor = name
                    break
            if actor is None:
                if host.locator("#pk-next-btn:enabled:visible").count():
                    host.click("#pk-next-btn")
                host.wait_for_timeout(50)
                continue
            t0, label = pages[actor].evaluate(CLICK)
            words = f"{actor} {'checks' if label.strip().startswith('Check') else 'calls'}"
            shown: dict[str, float] = {}
            wait_until = time.monotonic() + 10
            while len(shown) < len(pages) and time.monotonic() < wait_until:
                # Hands off while the pages work: each page stamps the moment itself, so
                # reading late changes nothing, and polling would take their CPU.
                time.sleep(0.3)
                for name, page in pages.items():
                    if name not in shown:
                        t = page.evaluate(SHOWN, [t0, words])
                        if t is not None:
                            shown[name] = t - t0
            if len(shown) < len(pages):
                print(f"a click by {actor} was not shown everywhere in 10 s: {sorted(shown)}")
                continue
            (by_host if actor == NAMES[0] else by_guest).append(max(shown.values()))
            for name, ms in shown.items():
                per_page[name].append(ms)

        ping = wire_reference(browser, vendor, site)
        browser.close()

    every = by_host + by_guest
    print("\nClick on one page → the last of six pages shows the action (ms):")
    print(line("every click", every))
    print(line("clicked on the host's page", by_host))
    print(line("clicked on a guest's page", by_guest))
    for name in NAMES:
        print(line(f"  shown on {name}'s page", per_page[name]))
    print(line("reference: wire round trip", ping))
    if every and ping:
        print(f"\ntargets: p50 ≤ 50 ms → {statistics.median(every):.1f} ms; "
              f"p95 ≤ 150 ms → {pct(every, 95):.1f} ms")
        print(f"ratio to the wire's round trip (p50): "
              f"{statistics.median(every) / statistics.median(ping):.1f}×")


ECHO_RTTS = """async ([i, n]) => {
  const conn = rogue.state.conns[i].conn;
  const out = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    const back = new Promise((done) => conn.once('data', done));
    conn.send('ping ' + k);
    await back;
    out.push(performance.now() - t0);
    await new Promise((done) => setTimeout(done, 20));
  }
  return out;
}"""


def wire_reference(browser: Any, vendor: Any, site: Any, rounds: int = 60) -> list[float]:
    """Round trips of a small message between two plain PeerJS pages through the same local
    PeerServer and browser (e2e/rogue.py's toolkit, one page echoing): the wire alone."""
    from rogue import Rogue

    echo, caller = Rogue(browser, vendor, site), Rogue(browser, vendor, site)
    try:
        assert echo.open("bench-latency-echo")["ok"]
        echo.listen()
        echo.page.evaluate("() => rogue.state.peer.on('connection', "
                           "c => c.on('data', d => c.send(d)))")
        assert caller.open()["ok"]
        index = caller.connect("bench-latency-echo")
        return [float(x) for x in caller.page.evaluate(ECHO_RTTS, [index, rounds])]
    finally:
        echo.close()
        caller.close()


if __name__ == "__main__":
    main()

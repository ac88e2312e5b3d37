"""Page start-up: our page vs a bare PyScript page, same browser, same run, interleaved.

Measures navigation → "usable Create Room button" (our page: the moment Python enables it) against
navigation → first Python line of e2e/bare.html (PyScript loading one print). Both pages are
served by tools/serve.mjs under netlify.toml's headers, with the CDN files answered from
node_modules by Playwright routes (cold: routing bypasses the HTTP cache), exactly as in e2e.
Each sample is a fresh browser context, so each boots its own Pyodide. Our page is measured as it
ships (Pyodide started from the memory snapshot, tools/make_snapshot.py) and with
``?snapshot=off`` (Pyodide's own cold start, as before the snapshot).

Also the longest main-thread block before the page is usable (a Long Tasks observer, from
navigation): while it lasts, typing and clicks wait — what a player feels as a frozen page. And,
in separate samples that type from the first response byte until the page is usable, the
longest wait of a keystroke. Those samples take the vendor files from tools/serve.mjs
(``?assets=local``): answering the CDN routes keeps this script busy for a second at a time
(the 9.6 MB wasm goes through the Playwright pipe), and keys it should send meanwhile would wait
on it, not on the page.

Targets: ready ≤ 1.15 × bare; longest block well under the bare page's (< 1 s). Ratios
are printed, never asserted.

Usage: .venv/bin/python tools/bench_start.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from harness import (  # the e2e harness (not a package), on sys.path above
    CHROMIUM,
    LAUNCH_ARGS,
    READY_TIMEOUT_MS,
    VendorFiles,
    new_context,
    serve_site,
)
from playwright.sync_api import Browser, sync_playwright

TARGET = 1.15
PAGES = ("bare", "ours", "ours, snapshot=off")


LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
new MutationObserver((changes, observer) => {  // tells typing_sample without being asked
  if (document.body && document.body.dataset.readyMs) {
    console.log('bench:ready');
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready-ms']});
window.__keyTimes = [];
for (const type of ['keydown', 'keyup']) {
  document.addEventListener(type, () => {
    window.__keyTimes.push(performance.timeOrigin + performance.now());
  }, true);
}
"""


def sample(browser: Browser, vendor: VendorFiles, url: str) -> tuple[float, float]:
    """(ms from navigation start to the page's ``data-ready-ms`` stamp, the longest main-thread
    task in ms that started before it)."""
    context = new_context(browser, vendor)
    context.add_init_script(LONG_TASKS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=READY_TIMEOUT_MS)
        ready = float(page.get_attribute("body", "data-ready-ms") or "nan")
        tasks = page.evaluate("window.__longTasks")
        longest = max((d for start, d in tasks if start < ready), default=0.0)
        return ready, float(longest)
    finally:
        context.close()


def typing_sample(browser: Browser, vendor: VendorFiles, url: str) -> tuple[float, int]:
    """(the longest wait of a keystroke typed while the page starts, in ms; keys typed).

    One key every ~30 ms from the first response byte until the page is usable, sent to the
    page rather than the name box: waiting for the box and focusing it would ask the page, and a
    question asked during a freeze stops the typing until the freeze is over (the page says it is
    ready on the console, unasked, for the same reason).

    A key event's wait runs from the moment this script sends it (wall clock) to the moment the
    page's listener runs (``performance.timeOrigin + now()``, the same clock). The event's own
    ``timeStamp`` cannot serve: Chromium stamps keys sent over CDP only when the busy page takes
    them. Events (down, then up: either may be the one caught in a freeze) go one at a time,
    each call returning once the page has it, so the n-th sent from the end is the n-th seen
    from the end."""
    context = new_context(browser, vendor)
    context.add_init_script(LONG_TASKS)
    try:
        page = context.new_page()
        ready: list[str] = []
        page.on("console", lambda message: ready.append(message.text))
        page.goto(url, wait_until="commit")
        sent: list[float] = []
        while "bench:ready" not in ready and len(sent) < 2000:
            key = "abcdefghij"[len(sent) // 2 % 10]
            sent.append(time.time() * 1000)
            page.keyboard.down(key)
            sent.append(time.time() * 1000)
            page.keyboard.up(key)
            page.wait_for_timeout(30)
        seen = page.evaluate("window.__keyTimes")
        if not 0 < len(seen) <= len(sent) or len(seen) < len(sent) - 20:
            raise RuntimeError(f"{len(sent)} keys sent, {len(seen)} seen by the page")
        # The first few keys may reach the document before its listener: match from the end.
        return max(s - t for t, s in zip(sent[-len(seen):], seen, strict=True)), len(sent) // 2
    finally:
        context.close()


def show(name: str, values: list[float], unit: str = "ms") -> str:
    shown = ", ".join(f"{v:.0f}" for v in values)
    return f"{name:20s} median {statistics.median(values):6.0f} {unit}   samples: {shown}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, list[float]] = {k: [] for k in PAGES}
    blocks: dict[str, list[float]] = {k: [] for k in PAGES}
    keys: dict[str, list[float]] = {k: [] for k in PAGES[1:]}
    with tempfile.TemporaryDirectory() as tmp, serve_site(Path(tmp)) as site, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        vendor = VendorFiles()
        pages = {"bare": f"{site.base}/e2e/bare.html", "ours": site.url(),
                 "ours, snapshot=off": site.url("snapshot=off")}
        typing = {"ours": site.url("assets=local"),
                  "ours, snapshot=off": site.url("assets=local&snapshot=off")}
        sample(browser, vendor, pages["bare"])  # warm-up: disk cache of node_modules, JIT
        for i in range(args.rounds):
            order = PAGES if i % 2 == 0 else PAGES[::-1]
            for name in order:
                ready, longest = sample(browser, vendor, pages[name])
                results[name].append(ready)
                blocks[name].append(longest)
            for name in keys if i % 2 == 0 else list(keys)[::-1]:
                keys[name].append(typing_sample(browser, vendor, typing[name])[0])
        browser.close()
    print("navigation → usable:")
    for name, values in results.items():
        print("  " + show(name, values))
    print("longest main-thread block before usable:")
    for name, values in blocks.items():
        print("  " + show(name, values))
    print("longest wait of a key typed during start-up (assets=local):")
    for name, values in keys.items():
        print("  " + show(name, values))
    bare = statistics.median(results["bare"])
    bare_block = statistics.median(blocks["bare"])
    for name in PAGES[1:]:
        ratio = statistics.median(results[name]) / bare
        verdict = "within" if ratio <= TARGET else "OVER"
        block = statistics.median(blocks[name]) / bare_block
        print(f"{name}: start-up ours/bare = {ratio:.3f} ({verdict} the {TARGET} target); "
              f"longest block ours/bare = {block:.2f}")


if __name__ == "__main__":
    main()

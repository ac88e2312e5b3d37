"""Page start-up: our page vs a bare PyScript page, same browser, same run, interleaved.

Measures navigation → "usable Create Room button" (our page: the moment Python enables it) against
navigation → first Python line of e2e/bare.html (PyScript loading one print). Both pages are
served by tools/serve.mjs under netlify.toml's headers, with the CDN files answered from
node_modules by Playwright routes (cold: routing bypasses the HTTP cache), exactly as in e2e.
Each sample is a fresh browser context, so each boots its own Pyodide.

Also the longest main-thread block before the page is usable (a Long Tasks observer, from
navigation): while it lasts, typing and clicks wait — what a player feels as a frozen page.

Target: ours ≤ 1.15 × bare (median). A ratio is printed, never asserted.

Usage: .venv/bin/python tools/bench_start.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
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


LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, list[float]] = {"bare": [], "ours": []}
    blocks: dict[str, list[float]] = {"bare": [], "ours": []}
    with tempfile.TemporaryDirectory() as tmp, serve_site(Path(tmp)) as site, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        vendor = VendorFiles()
        pages = {"bare": f"{site.base}/e2e/bare.html", "ours": site.url()}
        sample(browser, vendor, pages["bare"])  # warm-up: disk cache of node_modules, JIT
        for i in range(args.rounds):
            order = ("bare", "ours") if i % 2 == 0 else ("ours", "bare")
            for name in order:
                ready, longest = sample(browser, vendor, pages[name])
                results[name].append(ready)
                blocks[name].append(longest)
        browser.close()
    bare, ours = (statistics.median(results[k]) for k in ("bare", "ours"))
    for name, values in results.items():
        shown = ", ".join(f"{v:.0f}" for v in values)
        print(f"{name:5s} median {statistics.median(values):6.0f} ms   samples: {shown}")
    for name, values in blocks.items():
        shown = ", ".join(f"{v:.0f}" for v in values)
        print(f"{name:5s} longest main-thread block before usable: median "
              f"{statistics.median(values):5.0f} ms   samples: {shown}")
    ratio = ours / bare
    verdict = "within" if ratio <= TARGET else "OVER"
    print(f"start-up ratio ours/bare = {ratio:.3f} ({verdict} the {TARGET} target)")


if __name__ == "__main__":
    main()

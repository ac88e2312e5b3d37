"""Memory of our page's renderer, started from the Pyodide snapshot and without it
(``?snapshot=off``).

Why: two e2e runs lost a page to "Target crashed" soon after pages began starting from the
snapshot; this says what a page costs either way, at its peak while booting and once it sits in
a room, as the e2e suite opens them (one Chromium, a fresh context per player, several at once).

Per round: ``--pages`` fresh contexts open the page at once (as ``seat_three`` does), each waits
for the menu, the first creates a room and the others join it. For each page's renderer process
(found as the renderers that appear with its context): resident memory now (VmRSS), its peak
(VmHWM, the kernel's high-water mark, so a short spike while the snapshot is unpacked counts),
and the machine's available memory before and at the end. Figures are printed, never asserted.

Usage: .venv/bin/python tools/page_memory.py [--rounds 2] [--pages 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from browserlog import LoggedChromium, meminfo_mb, renderers  # e2e/, on sys.path above
from harness import (
    ARTIFACTS,
    CHROMIUM,
    LAUNCH_ARGS,
    READY_TIMEOUT_MS,
    VendorFiles,
    new_context,
    serve_site,
)
from playwright.sync_api import Browser, expect, sync_playwright


def renderer_pids(browser_pid: int | None) -> set[int]:
    return {pid for pid, _ in renderers(browser_pid)}


def status_mb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in MB (0, 0 once it is gone)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0, 0
    got = {line.split(":")[0]: int(line.split()[1]) // 1024 for line in lines
           if line.startswith(("VmRSS:", "VmHWM:"))}
    return got.get("VmRSS", 0), got.get("VmHWM", 0)


def one_round(browser: Browser, logged: LoggedChromium, vendor: VendorFiles, site_url: str,
              query: str, pages: int) -> list[tuple[int, int, int]]:
    """(rss at the menu, rss in the room, peak) per page, MB."""
    players = []
    owned: list[list[int]] = []
    known = renderer_pids(logged.pid())
    url = site_url + (f"&{query}" if query else "")
    for _ in range(pages):  # each navigation committed before the next: its renderer is new
        context = new_context(browser, vendor)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        mine = sorted(renderer_pids(logged.pid()) - known)
        known |= set(mine)
        players.append((context, page))
        owned.append(mine)
    for _, page in players:
        page.wait_for_selector("body[data-ready='menu']", timeout=READY_TIMEOUT_MS)
    started = {page.evaluate("window.omahaBoot.started") for _, page in players}
    at_menu = [sum(status_mb(p)[0] for p in pids) for pids in owned]
    host = players[0][1]
    host.fill("#name-input", "Hana")
    host.click("#create-btn")
    host.wait_for_selector("#player-list .player")
    code = host.inner_text("#lobby-code").strip()
    for n, (_, page) in enumerate(players[1:]):
        page.fill("#name-input", f"G{n}")
        page.fill("#code-input", code)
        page.click("#join-btn")
    expect(host.locator("#player-list .player")).to_have_count(pages, timeout=60_000)
    out = []
    for pids, menu in zip(owned, at_menu, strict=True):
        rss = sum(status_mb(p)[0] for p in pids)
        peak = sum(status_mb(p)[1] for p in pids)
        out.append((menu, rss, peak))
    print(f"  {query or 'snapshot'} (started: {', '.join(sorted(started))}): per page "
          f"[menu, room, peak] MB = {out}")
    for context, _ in players:
        context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pages", type=int, default=3)
    args = parser.parse_args()
    vendor = VendorFiles()
    with tempfile.TemporaryDirectory() as tmp, serve_site(Path(tmp)) as site, \
            sync_playwright() as pw:
        logged = LoggedChromium.make(CHROMIUM, Path(tmp), ARTIFACTS)
        browser = pw.chromium.launch(executable_path=str(logged.executable),
                                     args=[*LAUNCH_ARGS, "--enable-logging=stderr",
                                           "--log-level=1"])
        print(f"machine: {meminfo_mb()} MB before")
        figures: dict[str, list[tuple[int, int, int]]] = {"": [], "snapshot=off": []}
        for _ in range(args.rounds):
            for query in figures:  # interleaved, so that the machine's load hits both alike
                figures[query] += one_round(browser, logged, vendor, site.url(), query,
                                            args.pages)
        print(f"machine: {meminfo_mb()} MB after")
        for query, rows in figures.items():
            menu, room, peak = (statistics.median(r[i] for r in rows) for i in range(3))
            print(f"{query or 'snapshot (as shipped)'}: median per page {menu:.0f} MB at the "
                  f"menu, {room:.0f} MB in a room, peak {peak:.0f} MB "
                  f"(max peak {max(r[2] for r in rows)} MB; {len(rows)} pages)")
        browser.close()


if __name__ == "__main__":
    main()

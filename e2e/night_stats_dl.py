"""The table's Stats and downloads where the table's game is one the standards can say (not a
test: run it by name, ``pytest e2e/night_stats_dl.py -s``): Kai practises Hold'em, then PLO, against
bots by keyboard, three hands each, and downloads the PokerStars text, PHH, OHH, JSON and
ledger CSV of each table into ``/tmp/night/dl2``."""

from __future__ import annotations

from pathlib import Path

import night_play
from night_play import KEYS, Night

OUT = Path("/tmp/night/dl3")
night_play.OUT, night_play.SHOTS = OUT, OUT / "shots"
BUTTONS = ("#pk-export-history-btn", "#pk-export-stars-btn", "#pk-export-phh-btn",
           "#pk-export-ohh-btn", "#pk-export-csv-btn")


def test_downloads(browser, vendor, site):
    (OUT / "shots").mkdir(parents=True, exist_ok=True)
    night = Night(browser, vendor, site)
    lines: list[str] = []
    p = night.open(KEYS, (1280, 800))
    page = p.page
    try:
        for game in ("holdem", "omaha"):
            page.goto(site.url(), wait_until="commit")
            page.wait_for_selector("body[data-ready='menu']", timeout=300_000)
            page.fill("#name-input", "Kai")
            page.select_option("#practice-game", game)
            page.click("#practice-btn")
            page.wait_for_selector("body[data-screen='poker']", timeout=120_000)
            for _ in range(400):
                if page.inner_text("#hand-no").strip() == "3" and page.locator(
                        "body[data-poker-phase='results']").count():
                    break
                if night.mine(KEYS):
                    night.off_inputs()
                    page.keyboard.press("c")
                elif page.locator("#pk-next-btn").is_visible() and page.locator(
                        "#pk-next-btn").is_enabled():
                    night.off_inputs()
                    page.keyboard.press("Shift+N")
                page.wait_for_timeout(500)
            night.shot(KEYS, f"{game}-practice")
            night.off_inputs()
            night.key_press("#stats-btn")
            page.wait_for_selector("#stats-dialog[open]", timeout=60_000)
            page.wait_for_timeout(1500)
            night.shot(KEYS, f"{game}-stats")
            lines.append(f"{game} stats: " + page.inner_text("#stats-dialog")[:3000])
            page.keyboard.press("Escape")
            page.wait_for_timeout(500)
            for sel in BUTTONS:
                if not page.locator(sel).is_visible():
                    lines.append(f"{game}: {sel} hidden")
                    continue
                with page.expect_download(timeout=90_000) as info:
                    page.click(sel)
                d = info.value
                path = OUT / f"{game}-{d.suggested_filename}"
                d.save_as(path)
                lines.append(f"{game}: {sel} -> {path.name} ({path.stat().st_size} bytes)")
    finally:
        (OUT / "downloads.txt").write_text("\n".join(lines))
        print("\n".join(lines))
        p.context.close()

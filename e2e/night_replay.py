"""The night's replayer, by keyboard only (not a test: run it by name, ``pytest
e2e/night_replay.py -s``): Kai practises a PLO double-board bomb pot against bots, opens his
hand history with Tab and Enter, steps through a hand with the replayer's keys, then opens the
night's downloaded PHH and PokerStars files in the replayer. Live regions recorded as in
``night_play``; output in ``/tmp/night/replay``."""

from __future__ import annotations

import json
from pathlib import Path

import night_play
from night_play import KEYS, Night
from playwright.sync_api import expect

OUT = Path("/tmp/night/replay")
night_play.OUT, night_play.SHOTS = OUT, OUT / "shots"  # apart from the night's own files


def said(page) -> str:
    return page.inner_text("#replay-said") + " | " + page.inner_text("#replay-step")


def test_replay(browser, vendor, site):
    (OUT / "shots").mkdir(parents=True, exist_ok=True)
    night = Night(browser, vendor, site)
    lines: list[str] = []
    try:
        p = night.open(KEYS, (1280, 800))
        page = p.page
        page.goto(site.url(), wait_until="commit")
        page.wait_for_selector("body[data-ready='menu']", timeout=300_000)
        night.tab_to("#name-input")
        page.keyboard.type("Kai")
        night.tab_to("#practice-game")
        page.select_option("#practice-game", "bomb-double")  # a select by arrows: same value
        night.key_press("#practice-btn")
        page.wait_for_selector("body[data-screen='poker']", timeout=120_000)
        for hand in range(2):
            for _ in range(60):
                if page.locator("body[data-poker-phase='results']").count() and hand == 0 \
                        and page.inner_text("#hand-no").strip() == "1":
                    break
                if page.inner_text("#hand-no").strip() == str(hand + 1) and \
                        page.locator("body[data-poker-phase='results']").count():
                    break
                if night.mine(KEYS):
                    night.off_inputs()
                    page.keyboard.press("c")
                elif page.locator("#pk-next-btn").is_visible() and \
                        page.locator("#pk-next-btn").is_enabled():
                    night.off_inputs()
                    page.keyboard.press("Shift+N")
                page.wait_for_timeout(700)
            lines.append(f"hand {hand + 1} over: {page.inner_text('#pk-results')[:200]!r}")
            if hand == 0:
                night.off_inputs()
                page.keyboard.press("Shift+N")
                page.wait_for_timeout(2000)
        night.shot(KEYS, "practice-table")
        night.off_inputs()
        night.key_press("#history-table-btn")
        expect(page.locator("#history-dialog")).to_be_visible(timeout=60_000)
        expect(page.locator("#history-status")).not_to_have_text("Reading your hand history…",
                                                                 timeout=60_000)
        page.wait_for_timeout(1500)
        lines.append("history status: " + page.inner_text("#history-status") + " | rows "
                     + str(page.locator("#history-hands tr").count()))
        night.shot(KEYS, "practice-history")
        if page.locator("#history-hands button").count():
            ok = night.tab_to("#history-hands button")
            lines.append(f"Tab reached the first Replay button in the history: {ok}")
        else:  # the table's own list of the last hands
            page.keyboard.press("Escape")
            page.wait_for_timeout(500)
            ok = night.tab_to("#pk-recent button")
            lines.append(f"Tab reached the first Replay button of Last hands: {ok}")
        page.keyboard.press("Enter")
        expect(page.locator("#replay-dialog")).to_be_visible(timeout=60_000)
        page.wait_for_timeout(1000)
        focused = page.evaluate("document.activeElement && document.activeElement.id")
        lines.append(f"replayer opened; focus on {focused!r}; {said(page)}")
        night.shot(KEYS, "replay-open")
        for key in ["ArrowRight"] * 6 + ["Shift+ArrowRight", "PageDown", "PageUp", "End",
                                         "ArrowLeft", "Home", "Shift+ArrowLeft"]:
            page.keyboard.press(key)
            page.wait_for_timeout(400)
            lines.append(f"{key:>17}: {said(page)}")
            if key == "End":
                night.shot(KEYS, "replay-end")
        page.keyboard.press("Escape")
        page.wait_for_timeout(500)
        lines.append("after Escape: focus on " + str(page.evaluate(
            "document.activeElement && (document.activeElement.id || "
            "document.activeElement.textContent)")) + "; dialogs open: "
            + str(page.locator("dialog[open]").count()))
        page.keyboard.press("Escape")
        # the night's files in the replayer
        for f in sorted(Path("/tmp/night/dl").glob("*")):
            if f.suffix not in (".phh", ".txt", ".json") or "ultimate" in f.name:
                continue
            night.off_inputs()
            for _ in range(3):
                if page.locator("dialog[open]").count():
                    page.keyboard.press("Escape")
            night.key_press("#pk-replay-file-btn")
            expect(page.locator("#replay-dialog")).to_be_visible(timeout=30_000)
            page.set_input_files("#replay-file", str(f))
            page.wait_for_timeout(3000)
            err = page.inner_text("#replay-error") if page.locator(
                "#replay-error").is_visible() else ""
            hands = page.locator("#replay-hand option").count()
            lines.append(f"file {f.name}: {hands} hands listed; error {err!r}; {said(page)}")
            page.keyboard.press("End")
            page.wait_for_timeout(500)
            lines.append(f"   End: {said(page)}")
            night.shot(KEYS, f"replay-file-{f.suffix[1:]}")
            page.keyboard.press("Escape")
            page.wait_for_timeout(500)
    finally:
        (OUT / "replay.txt").write_text("\n".join(lines))
        live = page.evaluate("window.__live || []")
        (OUT / "live.json").write_text(json.dumps(live))
        print("\n".join(lines))
        p.context.close()


def test_replay_files(browser, vendor, site):
    """The night's downloaded files (PHH, PokerStars text, the JSON history, OHH) opened in
    the replayer from the menu, by keyboard."""
    (OUT / "shots").mkdir(parents=True, exist_ok=True)
    night = Night(browser, vendor, site)
    night.shot_no = 100
    lines: list[str] = []
    p = night.open(KEYS, (1280, 800))
    page = p.page
    try:
        page.goto(site.url(), wait_until="commit")
        page.wait_for_selector("body[data-ready='menu']", timeout=300_000)
        for f in sorted(Path("/tmp/night/dl3").glob("holdem-*")):
            if f.suffix == ".csv":
                continue
            for _ in range(3):
                if page.locator("dialog[open]").count():
                    page.keyboard.press("Escape")
            night.key_press("#menu-replay-btn")
            expect(page.locator("#replay-dialog")).to_be_visible(timeout=60_000)
            page.set_input_files("#replay-file", str(f))
            page.wait_for_timeout(4000)
            err = page.inner_text("#replay-error") if page.locator(
                "#replay-error").is_visible() else ""
            hands = page.locator("#replay-hand option").count()
            lines.append(f"file {f.name}: {hands} hands listed; error {err!r}; {said(page)}")
            if not err:
                page.locator("#replay-next").focus()
                page.keyboard.press("End")
                page.wait_for_timeout(500)
                lines.append(f"   End: {said(page)}")
            night.shot(KEYS, f"replay-file-{f.suffix[1:]}")
    finally:
        (OUT / "replay-files.txt").write_text("\n".join(lines))
        print("\n".join(lines))
        p.context.close()

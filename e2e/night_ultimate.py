"""Three hands of Ultimate Omaha at the night's table (not a test: run it by name, ``pytest
e2e/night_ultimate.py -s``): Hana on the desktop (mouse), Pia on the phone (touch), Kai by
keyboard only; the live regions, screenshots and the downloads land in ``/tmp/night/ultimate``."""

from __future__ import annotations

from pathlib import Path

import night_play
from night_play import HOST, KEYS, PHONE_P, Night
from playwright.sync_api import expect

OUT = Path("/tmp/night/ultimate")
night_play.OUT, night_play.SHOTS = OUT, OUT / "shots"


def test_ultimate(browser, vendor, site):
    (OUT / "shots").mkdir(parents=True, exist_ok=True)
    (OUT / "dl").mkdir(exist_ok=True)
    night = Night(browser, vendor, site)
    try:
        night.step("boot", night.boot_plain)
        night.step("seat", night.seat)

        def play() -> None:
            host = night.page(HOST)
            host.select_option("#game-select", "ultimate")
            host.fill("#bet-input", "0.50")
            host.press("#bet-input", "Enter")
            host.click("#start-btn")
            for n in range(3):
                for p in night.pages.values():
                    p.wait_screen("game", timeout=90_000)
                    expect(p.page.locator("#hand-no")).to_have_text(str(n + 1),
                                                                    timeout=90_000)
                for round_ in range(2):
                    for who in (HOST, PHONE_P, KEYS):
                        page = night.page(who)
                        verb = "check" if (n + round_ + len(who)) % 2 else "double"
                        btn = page.locator("#check-btn" if verb == "check" else "#double-btn")
                        expect(btn).to_be_enabled(timeout=90_000)
                        if who == KEYS:
                            night.off_inputs()
                            page.keyboard.press("c" if verb == "check" else "d")
                        else:
                            night.press(who, "#check-btn" if verb == "check"
                                        else "#double-btn")
                        night.log(f"hand {n + 1} round {round_ + 1}: {who} {verb}")
                    for who in night.pages:  # the round is over for everyone
                        expect(night.page(who).locator("#phase-label")).not_to_have_attribute(
                            "data-phase", "preflop" if round_ == 0 else "flop",
                            timeout=90_000)
                for who in night.pages:
                    expect(night.page(who).locator("#phase-label")).to_have_attribute(
                        "data-phase", "results", timeout=90_000)
                result = night.page(KEYS).inner_text("#you-result")
                night.log(f"hand {n + 1}: Kai's result {result!r}")
                for who in night.pages:
                    night.shot(who, f"showdown-{n + 1}")
                if n < 2:
                    host.click("#next-btn")
            for sel in ("#export-history-btn", "#export-csv-btn"):
                with host.expect_download(timeout=90_000) as info:
                    host.click(sel)
                d = info.value
                d.save_as(OUT / "dl" / d.suggested_filename)
                night.log(f"download {d.suggested_filename}")

        night.step("ultimate", play)
    finally:
        night.close()
        print("\n".join(night.findings))

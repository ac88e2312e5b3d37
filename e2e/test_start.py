"""Start-up as a newcomer meets it: the bare LAN address, typing while Python boots, a
load failure that stays a failure, a phone without key hints, and the invitee's page."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from harness import new_context
from playwright.sync_api import Browser, Page, expect

PHONE = (375, 740)
STILL_LOADING_S = 20  # boot.js's "still loading" note comes this long after the page loads


@pytest.fixture(scope="module", autouse=True)
def failed_load(browser: Browser, site) -> Iterator[tuple[Page, float]]:
    """A page whose engine cannot load, opened before this module's other tests: the moment
    of its "still loading" note passes while they run (see the last test), rather than in a
    wait of its own. No internet (every CDN request fails) and a mistyped ``assets=``: the page
    says at once what failed and what to do, and the warning shows too. Yields the page and
    when it said so."""
    context = browser.new_context()
    try:
        context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"),
                      lambda route: route.abort("internetdisconnected"))
        page = context.new_page()
        page.goto(f"{site.base}/?signal={site.signal}&ice=none&assets=zzz")
        notice = page.locator("#notice")
        expect(notice).to_contain_text("could not be loaded", timeout=15_000)
        failed_at = time.monotonic()
        expect(notice).to_contain_text("Unknown assets=")
        expect(notice).to_contain_text("npm start")
        yield page, failed_at
    finally:
        context.close()




def test_bare_lan_address_on_a_phone_keeps_the_name_typed_while_python_boots(site, new_player):
    """A friend types http://host:port/ with no parameters: `npm start`'s server fills in its
    own settings (local files, its signalling server), so Create works with no internet.
    The name box is on screen long before Python; what is typed there must survive the
    moment Python takes over the page (it used to be replaced by the remembered name).
    (One page for both: each boot of Python costs seconds.)"""
    ann = new_player("ann", viewport=PHONE)
    ann.context.add_init_script("localStorage.setItem('omaha.name', 'Old Name')")
    ann.page.goto(f"{site.base}/", wait_until="commit")
    ann.page.wait_for_selector("#name-input")
    ann.page.locator("#name-input").fill("")
    ann.page.type("#name-input", "Early Bird", delay=30)
    ann.wait_ready()
    url = ann.page.url
    assert "assets=local" in url and f"signal=127.0.0.1:{site.peer_port}" in url, url
    assert ann.page.evaluate("window.omahaBoot.base.pyodide") == f"{site.base}/vendor/pyodide/"
    expect(ann.page.locator("#name-input")).to_have_value("Early Bird")
    # A name longer than the limit is shortened out loud, not silently.
    ann.page.fill("#name-input", "A very long name that goes on and on")
    ann.page.click("#create-btn")
    expect(ann.page.locator("#notice")).to_contain_text("at most 20 characters")
    expect(ann.page.locator("#name-input")).to_have_value("A very long name tha")
    ann.page.click("#create-btn")  # pressed again: goes on with the shortened name
    ann.wait_screen("lobby")
    ann.page.wait_for_selector("#player-list .player")
    code = ann.page.inner_text("#lobby-code").strip()
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{7}", code)


def test_touch_phone_shows_no_key_hints(browser, vendor, site):
    context = browser.new_context(
        permissions=["microphone"], viewport={"width": 375, "height": 740},
        has_touch=True, is_mobile=True,
    )
    desktop = new_context(browser, vendor)
    try:
        context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), vendor.answer)
        phone = context.new_page()
        laptop = desktop.new_page()
        # the static page: no need to wait for Python; both load at once
        for page in (phone, laptop):
            page.goto(site.url(), wait_until="commit")
        for page in (phone, laptop):
            page.wait_for_load_state("load")
        assert phone.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
        shown = "els => els.map(e => getComputedStyle(e).display)"
        on_phone = phone.locator(".keys-hint").evaluate_all(shown)
        on_laptop = laptop.locator(".keys-hint").evaluate_all(shown)
        assert on_phone == ["none"]  # the one table's line, for every game
        assert "none" not in on_laptop
    finally:
        context.close()
        desktop.close()


def test_a_load_failure_stays_a_failure(failed_load):
    """No internet and a mistyped `assets=` (the page :func:`failed_load` opened): 20 s after
    it said what failed, it has not turned into "still loading" while the buttons promise
    nothing. The wait is what is left of those 20 s after the module's other tests."""
    page, failed_at = failed_load
    left_s = STILL_LOADING_S + 1 - (time.monotonic() - failed_at)
    if left_s > 0:
        page.wait_for_timeout(left_s * 1000)  # past the "still loading" note's moment
    notice = page.locator("#notice")
    expect(notice).to_contain_text("could not be loaded")
    expect(notice).not_to_contain_text("Still loading")
    expect(page.locator("#create-btn")).to_have_text("Unavailable")
    expect(page.locator("#create-btn")).to_be_disabled()

"""History that lasts: the hands a player took part in survive a reload of the page AND a
restart of the browser (a persistent profile, closed and opened again), the old localStorage
store is moved in, and the history dialog is usable at 375 px and by keyboard, with its night
ledger, settle-up and a delete asked first.

One page at a practice table (bots on the page, no network needed): the same host page and
the same keeping of hands (``web.session.Session.keep_history``) as a room with friends.
"""

from __future__ import annotations

import json

from harness import ARTIFACTS, LAUNCH_ARGS, PHONE
from playwright.sync_api import expect
from tablepage import act, wait_phase

MENU = "body[data-ready='menu'][data-screen='menu']"
OLD_ROOM = "OLDROOM"
OLD_STORE = {  # what an older version kept in localStorage for one room (its last hands)
    "format": "ultimate-omaha-history", "version": 1,
    "hands": [{"hand_no": 4, "game": "ultimate", "base_cents": 100,
               "board1": ["2c", "7d", "9h", "Js", "Kc"], "board2": ["3c", "5d", "8h", "Ts", "Qc"],
               "bank_net_cents": None,
               "players": [{"id": "p1", "name": "Old Ann", "net_cents": 300, "hole": []},
                           {"id": "p2", "name": "Old Bo", "net_cents": -300, "hole": []}]}],
}


def launch(browser, chromium_log, local_cdn, vendor, profile):
    """A browser with its own profile on disk: what it keeps outlives the process."""
    cdn_args = local_cdn.launch_args() if local_cdn else []
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=str(chromium_log.executable),
        args=[*LAUNCH_ARGS, *cdn_args], permissions=["microphone"],
        viewport={"width": PHONE[0], "height": PHONE[1]})
    vendor.install(context)
    page = context.pages[0] if context.pages else context.new_page()
    return context, page


def open_history(page, opener):
    """Open the dialog by keyboard from ``opener`` and wait until it has read the store."""
    page.locator(opener).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#history-dialog")).to_be_visible()
    # at once, then filled in once the room's modules are here (fetched now after a reload)
    expect(page.locator("#history-status")).not_to_have_text("Reading your hand history…",
                                                             timeout=60_000)


def shows_hand_one(page, net):
    page.select_option("#history-room", index=0)  # the practice table, played last
    row = page.locator("#history-hands tr", has_text="Hand 1")
    expect(row).to_have_count(1)
    expect(row.locator("th .history-game")).to_have_text("Ultimate Omaha")
    expect(row.locator("td").nth(0)).to_have_text(net)
    expect(row.get_by_role("button", name="Replay hand 1")).to_be_visible()


def test_history_survives_a_reload_and_a_browser_restart(site, browser, chromium_log,
                                                         local_cdn, vendor, tmp_path):
    profile = tmp_path / "profile"
    context, page = launch(browser, chromium_log, local_cdn, vendor, profile)
    try:
        page.goto(site.url())
        page.wait_for_selector(MENU)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"omaha.history.{OLD_ROOM}", json.dumps(OLD_STORE)])
        # One hand of Ultimate Omaha at a practice table.
        page.fill("#name-input", "Solo")
        page.select_option("#practice-game", "ultimate")
        page.click("#practice-btn")
        page.wait_for_selector("body[data-screen='game']")
        wait_phase(page, 1, "preflop", timeout=60_000)
        act(page, "check", keyboard=True, last=True)
        wait_phase(page, 1, "flop", timeout=40_000)
        act(page, "check", keyboard=True, last=True)
        wait_phase(page, 1, "results", timeout=40_000)
        balance = page.locator(".seat-you .seat-balance").inner_text().strip()
        net = balance if balance.startswith("-") or balance == "$0" else f"+{balance}"

        # From the table, by keyboard: the hand is listed with the player's net.
        open_history(page, "#history-table-btn")
        shows_hand_one(page, net)
        # The old store was moved in (and removed from localStorage), with its night's
        # ledger and settle-up.
        page.select_option("#history-room", OLD_ROOM)
        expect(page.locator("#history-hands tr", has_text="Hand 4")).to_have_count(1)
        expect(page.locator("#history-settle")).to_have_text("Old Bo pays Old Ann $3")
        assert page.evaluate("(k) => localStorage.getItem(k)", f"omaha.history.{OLD_ROOM}") \
            is None
        # It fits a 375 px phone: nothing scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        box = page.locator("#history-dialog").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
        page.screenshot(path=str(ARTIFACTS / "history-phone.png"))
        page.keyboard.press("Escape")
        expect(page.locator("#history-dialog")).to_be_hidden()
        expect(page.locator("#history-table-btn")).to_be_focused()  # the focus came back

        # A reload: the practice table is gone, its hand is not.
        page.reload()
        page.wait_for_selector(MENU)
        open_history(page, "#history-btn")
        shows_hand_one(page, net)
        # Replay opens the replayer (or, in a page without it, says so): the record is found.
        page.get_by_role("button", name="Replay hand 1").press("Enter")
        expect(page.locator("#history-status:has-text('Hand 1: the hand replayer'), "
                            "dialog[open]:not(#history-dialog)")).not_to_have_count(0)
    finally:
        context.close()

    # A browser restart on the same profile: still there. Then delete, asked first.
    context, page = launch(browser, chromium_log, local_cdn, vendor, profile)
    try:
        page.goto(site.url())
        page.wait_for_selector(MENU)
        open_history(page, "#history-btn")
        shows_hand_one(page, net)
        expect(page.locator("#history-life-hands")).to_have_text("2")
        page.click("#history-del-room-btn")
        expect(page.locator("#history-confirm")).to_be_visible()
        expect(page.locator("#history-confirm-keep")).to_be_focused()
        page.keyboard.press("Enter")  # "Keep them": nothing deleted
        expect(page.locator("#history-confirm")).to_be_hidden()
        expect(page.locator("#history-life-hands")).to_have_text("2")
        page.click("#history-del-all-btn")
        expect(page.locator("#history-confirm-text")).to_contain_text("(2 hands)")
        page.click("#history-confirm-go")
        expect(page.locator("#history-status")).to_contain_text("No hands kept yet")
        expect(page.locator("#history-body")).to_be_hidden()
        page.screenshot(path=str(ARTIFACTS / "history-deleted-phone.png"))
    finally:
        context.close()

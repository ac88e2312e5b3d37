"""A room from the lobby's point of view: three real browsers, one real PeerServer.

One long scenario on purpose: each page boots Pyodide once (≈4 CPU-s) and is reused across the
steps, so the suite stays quick on two cores.
"""

from __future__ import annotations

import time

from playwright.sync_api import expect

PHONE = (375, 740)
HTML_NAME = "<b>Bo</b><i>!</i>"


def test_lobby_life_cycle(site, new_player):
    host = new_player("host")
    ann = new_player("ann", viewport=PHONE)  # joins by code, takes vendor files from /vendor/
    bo = new_player("bo")  # joins by link, with a name that looks like HTML
    host.goto(site.url())
    ann.goto(site.url("assets=local"))
    host.wait_ready()
    host.screenshot("menu-desktop")
    code = host.create_room("Hana")
    assert len(code) == 7
    ann.wait_ready()
    ann.screenshot("menu-phone")

    # A code that no host holds: "not found", and the menu is usable again.
    ann.enter_name("Ann")
    ann.page.fill("#code-input", "ZZZZ222" if code != "ZZZZ222" else "ZZZZ333")
    ann.page.press("#code-input", "Enter")
    expect(ann.page.locator("#notice")).to_contain_text("was not found", timeout=20_000)
    expect(ann.page.locator("#join-btn")).to_be_enabled()
    expect(ann.page.locator("#code-input")).to_be_focused()  # to type the code again
    ann.screenshot("not-found-phone")

    ann.join("Ann", code.lower())
    link = host.page.input_value("#share-link")
    assert f"room={code}" in link and f"signal={site.signal}" in link and "ice=none" in link
    assert "assets=local" in ann.page.input_value("#share-link")
    host.page.click("#copy-link-btn")
    expect(host.page.locator("#notice")).to_have_text("Link copied.")

    # Bo opens the link with no name remembered: asked for one, then joins.
    bo.goto(link)
    bo.wait_ready()
    expect(bo.page.locator("#notice")).to_contain_text(f"room {code}")
    assert bo.page.input_value("#code-input") == code
    bo.join(HTML_NAME, code)

    for player in (host, ann, bo):
        expect(player.page.locator("#player-list .player-name")).to_have_text(
            ["Hana", "Ann", HTML_NAME]
        )
        assert player.page.locator("#player-list b, #player-list i").count() == 0
    expect(host.page.locator("#player-list .badge-host")).to_have_count(1)
    expect(host.page.locator("#start-btn")).to_be_visible()
    expect(ann.page.locator("#start-btn")).to_be_hidden()
    expect(ann.page.locator("#bet-form")).to_be_hidden()
    host.screenshot("lobby-desktop-host")
    ann.screenshot("lobby-phone-guest")

    # The bet: refused with a message when malformed, shown to everyone when set.
    host.page.fill("#bet-input", "1.234")
    host.page.click("#bet-btn")
    # The error is said at the field, which is marked invalid.
    expect(host.page.locator("#bet-error")).to_contain_text("base bet cannot be used")
    expect(host.page.locator("#bet-input")).to_have_attribute("aria-invalid", "true")
    assert "bet-error" in (host.page.get_attribute("#bet-input", "aria-describedby") or "")
    expect(host.page.locator("#bet-input")).to_be_focused()
    expect(ann.page.locator("#bet-display")).to_have_text("$1")
    # Big amounts read with separators, on the page and in the field alike.
    host.page.fill("#bet-input", "100000")
    host.page.press("#bet-input", "Enter")
    expect(host.page.locator("#bet-error")).to_be_hidden()
    expect(host.page.locator("#bet-input")).not_to_have_attribute("aria-invalid", "true")
    for player in (host, ann):
        expect(player.page.locator("#bet-display")).to_have_text("$100,000")
    expect(host.page.locator("#bet-input")).to_have_value("100,000")
    host.page.fill("#bet-input", "2.50")
    host.page.press("#bet-input", "Enter")
    for player in (host, ann, bo):
        expect(player.page.locator("#bet-display")).to_have_text("$2.50")

    # The address carries the room, even for Ann who typed the code on a phone, so
    # a reload (what a phone does to a background tab) puts her straight back in her seat.
    assert f"room={code}" in ann.page.url and f"signal={site.signal}" in ann.page.url
    ann.page.reload()
    ann.wait_ready()
    ann.wait_screen("lobby")
    for player in (host, ann):
        expect(player.page.locator("#player-list .player-name")).to_have_text(
            ["Hana", "Ann", HTML_NAME])

    # Bo leaves; the others see it. His address no longer holds the room.
    bo.page.click("#leave-btn")
    bo.wait_screen("menu")
    expect(bo.page.locator("#notice")).to_contain_text("You left")
    assert "room=" not in bo.page.url and f"signal={site.signal}" in bo.page.url
    for player in (host, ann):
        expect(player.page.locator("#player-list .player-name")).to_have_text(["Hana", "Ann"])

    # Ann's page goes dead without a word: its script is stopped in the debugger, so its data
    # channel stays open and PeerJS fires no close event; only the heartbeats can tell. The
    # host must notice within 5 s.
    ann_row = host.page.locator("#player-list li", has_text="Ann")
    expect(ann_row).to_have_attribute("data-connected", "yes")
    cdp = ann.page.context.new_cdp_session(ann.page)
    t0 = time.monotonic()
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    expect(ann_row).to_have_attribute("data-connected", "no", timeout=10_000)
    stopped_after = time.monotonic() - t0
    print(f"\nE2E drop detection: stopped guest (no close event) shown disconnected "
          f"{stopped_after:.2f} s after it stopped")
    assert stopped_after < 5.0
    cdp.send("Debugger.resume")
    cdp.send("Debugger.disable")
    expect(ann_row).to_have_attribute("data-connected", "yes", timeout=15_000)

    # Then her page is closed: the host shows her disconnected within 5 s.
    t0 = time.monotonic()
    ann.page.close()
    expect(ann_row).to_have_attribute("data-connected", "no", timeout=10_000)
    dropped_after = time.monotonic() - t0
    print(f"E2E drop detection: guest shown disconnected {dropped_after:.2f} s after page close")
    assert dropped_after < 5.0
    host.screenshot("lobby-desktop-disconnected")

    # The host starts; Bo reloads the link: the name is remembered, so the page joins straight
    # away, and the tab's token gives back Bo's seat, marked to join at the next hand.
    host.page.click("#start-btn")
    host.wait_screen("game")
    bo.goto(link)
    bo.wait_ready()
    bo.wait_screen("game")
    bo_row = host.page.locator("#seats .seat", has_text=HTML_NAME)
    expect(bo_row.locator(".badge-queued")).to_have_text("Joining next hand")
    host.screenshot("game-desktop-host")
    host.page.click("#game-leave-btn")
    expect(host.page.locator("#confirm-text")).to_contain_text("closing the room ends it")
    host.page.click("#confirm-go")  # a hand is running: closing is asked first
    host.wait_screen("menu")
    bo.wait_screen("menu")
    expect(bo.page.locator("#notice")).to_contain_text("host closed the room")
    bo.screenshot("room-closed-desktop")
    for player in (host, bo):
        assert player.csp_violations() == []

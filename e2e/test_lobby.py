"""A room from the lobby's point of view: three real browsers, one real PeerServer."""

from __future__ import annotations

from playwright.sync_api import expect


def test_host_and_two_guests_meet_in_the_lobby(site, new_player):
    host = new_player("host")
    by_code = new_player("by-code")
    host.goto(site.url())
    by_code.goto(site.url())
    host.wait_ready()
    code = host.create_room("Hana")
    by_code.wait_ready()
    by_code.join("Gus", code)
    expect(host.page.locator("#player-list .player-name")).to_have_text(["Hana", "Gus"])
    expect(by_code.page.locator("#player-list .player-name")).to_have_text(["Hana", "Gus"])

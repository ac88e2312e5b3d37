"""The page boots under the deployed headers, from the CDNs (routed) or from /vendor/, and says
clearly what is wrong with a bad address or an unreachable signalling server."""

from __future__ import annotations

import re

from harness import READY_TIMEOUT_MS, free_port
from playwright.sync_api import expect


def errors_in(player) -> list[str]:
    return [line for line in player.console if line.startswith(("error", "pageerror"))]


def test_cdn_boot_bad_assets_param_and_unreachable_signalling(site, new_player):
    ann = new_player("ann")
    dead = f"127.0.0.1:{free_port()}"  # nothing listens here
    ann.goto(f"{site.base}/?signal={dead}&ice=none&assets=nonsense")
    ann.wait_ready()
    assert ann.page.evaluate("window.omahaBoot.base.pyodide").startswith(
        "https://cdn.jsdelivr.net/pyodide/v314.0.2/"
    )
    assert ann.page.evaluate("window.omahaBoot.started") == "snapshot"  # not the 1.8 s freeze
    expect(ann.page.locator("#notice")).to_contain_text("Unknown assets")
    ann.create_attempt("Ann")
    # The page's own deadline is 10 s (web.session.SIGNAL_TIMEOUT_MS); its timers run late
    # on a loaded machine.
    expect(ann.page.locator("#notice")).to_contain_text(
        "signalling server could not be reached", timeout=30_000
    )
    expect(ann.page.locator("#create-btn")).to_be_enabled()
    ann.screenshot("signal-unreachable-desktop")
    # The only complaint: the socket to a server the CSP does not list (PeerJS stays silent
    # about it, hence the page's own deadline).
    assert all(v.startswith("connect-src ws://127.0.0.1") for v in ann.csp_violations())
    assert all("Content Security Policy" in e or "WebSocket" in e for e in errors_in(ann)), (
        ann.dump()
    )


def test_local_boot_bad_room_link_and_bad_ice(site, new_player):
    bo = new_player("bo", viewport=(375, 740))
    bo.goto(f"{site.base}/?signal={site.signal}&ice=bogus&assets=local&room=0OO0")
    bo.wait_ready()
    assert bo.page.evaluate("window.omahaBoot.base.pyodide") == f"{site.base}/vendor/pyodide/"
    assert bo.page.evaluate("window.omahaBoot.started") == "snapshot"
    expect(bo.page.locator("#notice")).to_contain_text("room code is not valid")
    # The bad ice= is reported on load, beside the bad code, before any click (once the
    # modules loaded after the menu are in: seconds on a loaded machine).
    expect(bo.page.locator("#notice")).to_contain_text("bad setting", timeout=30_000)
    # An invitation's page makes Join the main button, not Create.
    expect(bo.page.locator("#join-btn")).to_have_class(re.compile(r"\bbtn-invite\b"))
    expect(bo.page.locator("#create-btn")).not_to_have_class(re.compile(r"\bbtn-primary\b"))
    bo.page.fill("#code-input", "")
    bo.enter_name("Bo")
    bo.page.press("#name-input", "Enter")  # keyboard: Enter in the name box creates a room
    expect(bo.page.locator("#notice")).to_contain_text("bad setting")
    expect(bo.page.locator("#notice")).to_contain_text("ice")
    expect(bo.page.locator("#create-btn")).to_be_enabled()
    # A name the room refuses (control character) is explained, not sent.
    bo.page.evaluate("document.getElementById('name-input').value = 'A\\u0007B'")
    bo.page.click("#create-btn")
    expect(bo.page.locator("#notice")).to_contain_text("name cannot be used")
    assert bo.csp_violations() == []
    assert errors_in(bo) == [], bo.dump()


def test_an_altered_or_missing_snapshot_only_costs_time(site, new_player):
    """The snapshot is an accelerator, never a dependency: altered bytes fail its integrity
    check, a missing file fails the fetch, and `snapshot=off` skips it; each time Pyodide
    starts from scratch and the room works. (The three pages boot side by side.)"""
    def altered(route):
        body = bytearray(route.fetch().body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body),
                      headers={"Content-Type": "application/octet-stream"})

    cases = [
        ("altered", altered, ""),
        ("missing", lambda route: route.fulfill(status=404, body="gone"), ""),
        ("off", None, "snapshot=off"),
    ]
    players = []
    for label, answer, query in cases:
        player = new_player(label)
        if answer is not None:
            player.context.route("**/static/pyodide/snapshot-*.gz", answer)
        player.page.goto(site.url(query), wait_until="commit")
        players.append(player)
    for (label, _answer, _query), player in zip(cases, players, strict=True):
        # three boots share the cores: give the first as long as all three would take
        player.page.wait_for_selector("body[data-ready='menu']",
                                      timeout=len(cases) * READY_TIMEOUT_MS)
        assert player.page.evaluate("window.omahaBoot.started") == "scratch", label
        if label != "off":
            assert any("snapshot unavailable" in line for line in player.console), player.dump()
        code = player.create_room(label.title())
        assert re.fullmatch(r"[2-9A-HJKMNP-Z]{7}", code)
        player.context.close()

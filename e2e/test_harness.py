"""The harness itself. Its stand-in for the CDNs (``harness.serve_cdn``): the browser gets the
pinned bytes under the CDN URLs from the local HTTPS server itself (no Playwright route on the
way), and any other host name goes nowhere. Its page pool (``conftest.PagePool``): a page
comes back to the next test at the menu, out of the last test's room."""

from __future__ import annotations

import pytest
from harness import DESKTOP, MODULES, PHONE, new_context
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

PYODIDE = "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/"


def test_cdn_urls_come_from_the_local_server_and_other_hosts_fail(browser, vendor, local_cdn):
    if local_cdn is None:
        pytest.skip("no openssl, or E2E_CDN=route: the CDNs are answered by routes")
    context = new_context(browser, vendor)
    try:
        page = context.new_page()
        response = page.goto(PYODIDE + "pyodide-lock.json")
        assert response is not None and response.ok
        # A routed answer has no server address; this one came over the network from cdn.mjs.
        assert response.server_addr() == {"ipAddress": "127.0.0.1", "port": local_cdn.port}
        assert response.security_details() is not None  # over TLS, as from the real CDN
        assert response.body() == (MODULES / "pyodide" / "pyodide-lock.json").read_bytes()
        wasm = page.evaluate(
            "async (url) => { const r = await fetch(url); return [r.status,"
            " r.headers.get('content-type'), (await r.arrayBuffer()).byteLength]; }",
            PYODIDE + "pyodide.asm.wasm",
        )
        size = (MODULES / "pyodide" / "pyodide.asm.wasm").stat().st_size
        assert wasm == [200, "application/wasm", size]
        core = page.goto("https://pyscript.net/releases/2026.7.3/core.js")
        assert core is not None and core.ok
        assert core.body() == (MODULES / "@pyscript" / "core" / "dist" / "core.js").read_bytes()
        assert page.goto(PYODIDE + "no-such-file.js").status == 404
        with pytest.raises(PlaywrightError, match="ERR_NAME_NOT_RESOLVED"):
            page.goto("https://example.com/")
    finally:
        context.close()


def test_the_page_pool_gives_the_next_test_a_page_at_the_menu_out_of_the_last_room(
        site, page_pool, crash_watch):
    page_pool.close()  # (what other tests left: this one's page is the pool's only one)
    first = page_pool.player("host", DESKTOP, crash_watch)
    first.open_site(site)
    first.wait_ready()
    code = first.create_room("Hana")
    page_pool.give_back([first])  # the test ends in its lobby
    again = page_pool.player("ann", PHONE, crash_watch)
    assert again is first
    assert again.label == "ann" and again.at_menu(site)
    assert again.page.viewport_size == {"width": PHONE[0], "height": PHONE[1]}
    again.enter_name("Ann")  # the room is closed, not just left behind: nobody holds it
    again.page.fill("#code-input", code)
    again.page.click("#join-btn")
    expect(again.page.locator("#notice")).to_contain_text("was not found", timeout=30_000)
    again.reusable = False  # as after an alteration: closed, not kept
    page_pool.give_back([again])
    assert again.page.is_closed() and page_pool.idle == []

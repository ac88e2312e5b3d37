"""The page boots under the deployed headers, from the CDNs (routed) and from /vendor/."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("assets", ["", "assets=local"])
def test_menu_boots_under_csp(site, new_player, assets):
    ann = new_player("ann")
    ann.goto(site.url(assets))
    ann.wait_ready()
    assert ann.page.locator("#create-btn").is_enabled()
    assert ann.csp_violations() == []
    errors = [line for line in ann.console if line.startswith(("error", "pageerror"))]
    assert errors == [], ann.dump()
    vendor_base = ann.page.evaluate("window.omahaBoot.base.pyodide")
    if assets:
        assert vendor_base == f"{site.base}/vendor/pyodide/"
    else:
        assert vendor_base.startswith("https://cdn.jsdelivr.net/pyodide/v314.0.2/")

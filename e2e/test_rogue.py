"""The rogue-peer harness itself: a stock PeerJS page that is not our client reaches a real host.

Hostile tests build on :mod:`rogue`; this checks that the rogue really talks to the
room over WebRTC, and that what it sends is judged by the host like any peer's words.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect
from rogue import Rogue


def test_rogue_peer_reaches_host_and_is_refused(site, pooled_player, browser, vendor):
    host = pooled_player("host")
    host.open_site(site)
    host.wait_ready()
    code = host.create_room("Hana")
    rogue = Rogue(browser, vendor, site)
    try:
        opened = rogue.open()
        assert opened["ok"], opened
        index = rogue.connect(f"uomaha-{code.lower()}")
        rogue.send(index, "not json at all")
        rogue.send(index, json.dumps({"v": 1, "type": "set_grace", "seconds": 1}))
        got: list[dict] = []
        for _ in range(100):
            got = [json.loads(t) for t in rogue.received()["conns"][index]["data"]]
            if len(got) >= 2:
                break
            host.page.wait_for_timeout(100)
        codes = [m.get("code") for m in got if m.get("type") == "error"]
        assert codes[:2] == ["msg/bad_json", "auth/not_joined"], got
        # The room runs on: the host's lobby still lists only the host.
        expect(host.page.locator("#player-list .player")).to_have_count(1)
    finally:
        rogue.close()

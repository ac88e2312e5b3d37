"""Hostile peers that are not our client, in real browsers: a stock PeerJS page that
knows only the room code (e2e/rogue.py) against a real host page and real guests.

* Deep JSON (8.1): a 16 kB ``[[[[…]]]]`` used to overflow Pyodide's stack inside ``json.loads``
  and kill the host's Python (about 100 such messages spread over connections did it); a fake
  host killed a guest the same way. Now both refuse them and play on (the host cuts each such
  connection at its first one).

The honest pages (host Hana, guests Ann and Bo) are booted once for the module
(conftest.SharedPlayers); each test opens its own room. The attackers are always rogue pages.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from harness import DESKTOP
from playwright.sync_api import expect
from rogue import Rogue
from rogue_join import join
from room.host import DEFAULT_TIMER_S
from tablepage import act

SHARED_PLAYERS = (("host", DESKTOP), ("ann", DESKTOP), ("bo", DESKTOP))
TIMER_S = 15  # the decision timer the idle stranger meets (its length is not what is tested)
DEEP = ["[" * 8000 + "]" * 8000, "[" * 2040 + "]" * 2040, '{"a":' * 2500 + "1" + "}" * 2500]


def hana_and_ann(site, shared_players):
    """Hana hosts a room and Ann joins it: the honest table each attack meets (Bo's page
    stays at the menu)."""
    host, ann, _bo = shared_players
    host.open_site(site)
    ann.open_site(site)
    host.wait_ready()
    code = host.create_room("Hana")
    ann.wait_ready()
    ann.join("Ann", code)
    return host, ann, code


def wait_rejected(rogue: Rogue, index: int, timeout_ms: int = 20_000) -> dict:
    """The ``rejected`` message the host sent on the rogue's connection ``index``."""
    for _ in range(timeout_ms // 100):
        found = [m for m in replies(rogue, index) if m.get("type") == "rejected"]
        if found:
            return found[0]
        rogue.page.wait_for_timeout(100)
    raise AssertionError(f"not rejected: {replies(rogue, index)}")


def replies(rogue: Rogue, index: int) -> list[dict]:
    return [json.loads(t) for t in rogue.received()["conns"][index]["data"]]


def test_deep_json_neither_kills_the_host_nor_a_guest(site, shared_players, browser, vendor):
    host, ann, code = hana_and_ann(site, shared_players)
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        # 120 deep messages over six connections. No client of ours sends such a thing, so
        # each connection is refused once and cut, and the rogue must dial again.
        got: list[dict] = []
        for _ in range(6):
            index = rogue.connect(f"uomaha-{code.lower()}")
            for text in (DEEP * 7)[:20]:
                rogue.send(index, text)
            for _ in range(200):
                state = rogue.received()["conns"][index]
                if state["closed"]:
                    break
                host.page.wait_for_timeout(100)
            assert state["closed"], state
            got += replies(rogue, index)
        # The host is alive: it refused each connection once, for the depth or size...
        assert [m["type"] for m in got] == ["rejected"] * 6, got
        assert {m["code"] for m in got} <= {"msg/too_deep", "msg/too_big"}, got
        # ...and the room plays on: a bet the host sets reaches the guest.
        host.page.fill("#bet-input", "3")
        host.page.press("#bet-input", "Enter")
        expect(ann.page.locator("#bet-display")).to_have_text("$3")
        assert not [line for line in host.console if "RecursionError" in line
                    or "fatal" in line.lower()], host.dump()

        # A fake host: the rogue holds another room's id and answers a joining guest with deep
        # JSON. The guest's page refuses it and stays usable.
        fake = "ZZZZ222" if code != "ZZZZ222" else "ZZZZ333"
        squat = Rogue(browser, vendor, site)
        try:
            assert squat.open(f"uomaha-{fake.lower()}")["ok"]
            squat.js("listen")
            bo = shared_players[2]
            bo.open_site(site)
            bo.wait_ready()
            bo.enter_name("Bo")
            bo.page.fill("#code-input", fake)
            bo.page.click("#join-btn")
            for _ in range(200):
                if squat.received()["incoming"]:
                    break
                bo.page.wait_for_timeout(100)
            for _ in range(120):
                squat.js("sendIncoming", 0, DEEP[0])
            expect(bo.page.locator("#join-btn")).to_be_enabled(timeout=30_000)
            bo.page.fill("#code-input", "")
            code_b = bo.create_room("Bo")  # Python still runs: a room of his own opens
            assert len(code_b) == 7
            assert not [line for line in bo.console if "fatal" in line.lower()], bo.dump()
            bo.page.click("#leave-btn")  # back to the menu (the next test finds him there)
            bo.wait_screen("menu")
        finally:
            squat.close()
    finally:
        rogue.close()


@pytest.mark.alone  # eight joins within 20 s: with another browser test beside it, 2 of 8 came
def test_strangers_who_fill_the_room_can_be_removed_and_kept_out(
        site, shared_players, new_player, pooled_player, browser, vendor):
    """Filling the room: eight connections with fresh keys (a rogue page signing its own joins, not
    our client) filled the room to 10 of 10 and nobody could remove them. Now the host removes
    one (its seat is free at once for a friend), and with approval switched on a stranger only
    waits and is turned away. (Seats of players gone for a minute between hands free up by
    themselves: tests/test_room_door.py, on the room's clock.)"""
    host, _ann, code = hana_and_ann(site, shared_players)
    target = f"uomaha-{code.lower()}"
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        for n in range(8):
            index = rogue.connect(target)
            assert join(rogue, index, code, f"Mallory{n}")["ok"]
        expect(host.page.locator("#player-count")).to_have_text("(10 of 10)", timeout=20_000)
        bo = shared_players[2]
        bo.open_site(site)
        bo.wait_ready()
        bo.enter_name("Bo")
        bo.page.fill("#code-input", code)
        bo.page.click("#join-btn")
        expect(bo.page.locator("#notice")).to_contain_text("is full", timeout=20_000)

        # The host removes one of them: the seat is free at once, and Bo gets in.
        host.page.select_option("#kick-select", label="Mallory3")
        host.page.click("#kick-btn")
        host.page.click("#confirm-go")
        expect(host.page.locator("#player-count")).to_have_text("(9 of 10)")
        bo.page.click("#join-btn")
        bo.wait_screen("lobby")
        expect(host.page.locator("#player-count")).to_have_text("(10 of 10)")

        # With approval on, strangers who know only the code cannot even ask: ten knocks
        # from fresh keys used to fill the host's list ("Too many people are waiting").
        host.page.click("#kick-select")  # (the seat controls are in view)
        host.page.select_option("#kick-select", label="Mallory4")
        host.page.click("#kick-btn")
        host.page.click("#confirm-go")
        host.page.check("#approval-toggle")
        knocks = []
        for n in range(10):
            index = rogue.connect(target)
            assert join(rogue, index, code, f"Stranger{n}")["ok"]
            knocks.append(index)
        for index in knocks:
            refused = wait_rejected(rogue, index)
            assert refused["code"] == "join/no_invite" and "link" in refused["detail"], refused
        expect(host.page.locator("#request-list .request-name")).to_have_count(0)
        # Our own page, with the code typed by hand, hears why (and the host hears nothing).
        dee = pooled_player("dee")
        dee.open_site(site)
        dee.wait_ready()
        dee.enter_name("Dee")
        dee.page.fill("#code-input", code)
        dee.page.click("#join-btn")
        expect(dee.page.locator("#notice")).to_contain_text(
            "by invitation: open the room's link from the host", timeout=20_000)
        dee.screenshot("join-no-invite")
        expect(host.page.locator("#request-list .request-name")).to_have_count(0)
        # Someone with the room's link (its invitation) only waits in the host's list, and
        # once turned away, is turned away at once when the same key asks again.
        link = host.page.input_value("#share-link")
        invite = parse_qs(urlsplit(link).query)["i"][0]
        index = rogue.connect(target)
        assert join(rogue, index, code, "Mallory9", invite)["ok"]
        expect(host.page.locator("#request-list .request-name")).to_have_text(["Mallory9"],
                                                                            timeout=20_000)
        expect(host.page.locator("#player-count")).to_have_text("(9 of 10)")
        host.page.get_by_role("button", name="Deny Mallory9").click()
        expect(host.page.locator("#request-list .request-name")).to_have_count(0)
        got = rogue.received()["conns"][index]["data"]
        assert got and not any('"type":"welcome"' in t or '"type":"view"' in t for t in got), got
        index = rogue.connect(target)
        assert join(rogue, index, code, "Mallory9", invite, again="Mallory9")["ok"]
        assert wait_rejected(rogue, index)["code"] == "join/denied"
        host.page.wait_for_timeout(500)
        expect(host.page.locator("#request-list .request-name")).to_have_count(0)
        # A friend who opens the link asks, and is let in.
        cy = new_player("cy")
        cy.page.goto(link)
        cy.wait_ready()
        cy.enter_name("Cy")
        cy.page.click("#join-btn")
        expect(host.page.locator("#request-list .request-name")).to_have_text(["Cy"],
                                                                            timeout=20_000)
        host.page.get_by_role("button", name="Approve Cy").click()
        expect(host.page.locator("#player-count")).to_have_text("(10 of 10)", timeout=20_000)
    finally:
        rogue.close()


def test_a_stranger_who_never_acts_cannot_hold_the_hand_hostage(site, shared_players, browser,
                                                                vendor):
    """Stalling the hand: a seated stranger that keeps its connection alive (it pings every second)
    but never sends a nonce and never acts used to stall the hand forever. Now the deal goes on
    without its nonce and the decision timer (on by default) checks for it, round after round;
    it stays shown as online: idle, not gone. The room's timer is on at its default; the
    host then shortens it (to ``TIMER_S``), so the test waits out two shorter rounds."""
    host, ann, code = hana_and_ann(site, shared_players)
    timer = host.page.locator("#gs-timer")
    expect(timer).to_have_value(str(DEFAULT_TIMER_S))  # on by default
    timer.select_option(str(TIMER_S))
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        index = rogue.connect(f"uomaha-{code.lower()}")
        assert join(rogue, index, code, "Idle")["ok"]
        # It pings every second and gives its deck nonce when asked (so it is dealt in), and
        # never does anything else.
        rogue.page.evaluate("""i => {
          const conn = rogue.state.conns[i].conn;
          setInterval(() => conn.send(JSON.stringify({v: 1, type: 'ping', t: Date.now()})),
                      1000);
          const given = new Set();
          conn.on('data', (text) => {
            let m = null;
            try { m = JSON.parse(text); } catch (e) { return; }
            const g = m && m.type === 'view' && m.view && m.view.game;
            if (g && g.fair && g.fair.want_nonce && !given.has(g.hand_no)) {
              given.add(g.hand_no);
              const value = [...crypto.getRandomValues(new Uint8Array(16))]
                .map((b) => b.toString(16).padStart(2, '0')).join('');
              conn.send(JSON.stringify({v: 1, type: 'nonce', hand_no: g.hand_no, value}));
            }
          });
        }""", index)
        expect(host.page.locator("#player-list .player")).to_have_count(3, timeout=20_000)
        host.page.click("#start-btn")
        idle = host.page.locator("#seats .seat", has=host.page.locator(
            ".seat-name", has_text=re.compile("^Idle$")))
        for phase in ("preflop", "flop"):
            for p in (host, ann):
                expect(p.page.locator("#phase-label")).to_have_attribute(
                    "data-phase", phase, timeout=60_000)
                act(p.page, "check", last=True)  # the timer may end the round at once
        for p in (host, ann):
            expect(p.page.locator("#phase-label")).to_have_attribute(
                "data-phase", "results", timeout=(TIMER_S + 30) * 1000)
        expect(idle).to_have_attribute("data-connected", "yes")
        expect(idle.locator(".badge-auto")).to_have_text("auto-checked")
        sent = [json.loads(t).get("type") for t in rogue.received()["conns"][index]["data"]
                if t.startswith("{")]
        assert "view" in sent  # it was seated and shown the hand all along
    finally:
        rogue.close()

"""The host's door and a stalling seat, in real browsers: a room filled by strangers, and a
seat that never acts.

One scenario (each page boots Pyodide, ≈4 CPU-s on two cores): Hana hosts, Ann and Bo join;
Cy and Dee open the room's link at the same time (their pages boot side by side).

* Hana switches on approval with the keyboard; Cy (a phone) asks to join, is told to wait, and
  Hana — told by the live region who asks — approves with the keyboard; Dee asks and is denied.
* The room's decision timer is on by default; Hana shortens it to 15 s before the start (the
  test is about a seat that never acts, not the timer's length). Bo's page stays open but Bo
  never acts: the decision timer checks for him, so the hand does not stall.
* On the flop Hana removes Bo with the seat controls (keyboard, confirmed): Bo's last
  decision becomes a Check at once, the hand settles with Bo in it, Bo's page is told he was
  removed, his balance stays in the ledger, and his browser cannot take the seat back.

The seat controls must fit a 375 px phone and a desktop without sideways scrolling.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect
from room.host import DEFAULT_TIMER_S
from tablepage import act, seat_three, seats, wait_phase
from web import texts

from conftest import booted

PHONE = (375, 740)
SLOW = 60_000
TIMER_S = 15  # the decision timer of this test's room (the host's choice; the default is longer)


def seat_of(page: Page, name: str):
    exact = page.locator(".seat-name", has_text=re.compile(f"^{re.escape(name)}$"))
    return page.locator("#seats .seat").filter(has=exact)


def no_sideways_scroll(page: Page) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, (scroll, inner)


def test_host_approves_and_removes_and_an_idle_seat_cannot_stall(site, new_player,
                                                                 pooled_player):
    host, ann, bo = pooled_player("host"), pooled_player("ann"), pooled_player("bo")
    booted(site, host, ann, bo)
    code = seat_three(site, host, ann, bo)
    cy, dee = new_player("cy", viewport=PHONE), new_player("dee")

    # --- approval, by keyboard -------------------------------------------------------------
    tools = host.page.locator("#host-tools")
    expect(tools).to_be_visible()
    expect(ann.page.locator("#host-tools")).to_be_hidden()  # the host's alone
    host.page.focus("#approval-toggle")
    host.page.keyboard.press("Space")
    expect(host.page.locator("#approval-toggle")).to_be_checked()

    # With approval on a newcomer asks with the room's link (its invitation), not the code.
    link = host.page.input_value("#share-link")
    assert "&i=" in link, link
    for p in (cy, dee):  # both pages boot at once; Dee asks once Cy is seated
        p.page.goto(link, wait_until="commit")
    cy.wait_ready()
    cy.enter_name("Cy")
    cy.page.click("#join-btn")
    expect(cy.page.locator("#notice")).to_have_text(
        texts.WAITING_FOR_HOST.format(code=code), timeout=SLOW)
    expect(cy.page.locator("body")).to_have_attribute("data-status", "waiting")
    requests = host.page.locator("#door-requests")
    expect(requests).to_be_visible(timeout=SLOW)
    expect(host.page.locator("#request-list .request-name")).to_have_text(["Cy"])
    expect(host.page.locator("#door-announce")).to_have_text(
        "Cy asks to join the room: Approve or Deny under Asking to join.")
    expect(ann.page.locator("#door-requests")).to_be_hidden()
    expect(host.page.locator("#player-list .player")).to_have_count(3)  # not seated yet
    host.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    no_sideways_scroll(host.page)
    host.screenshot("door-request-phone")
    host.page.set_viewport_size({"width": 1280, "height": 800})
    host.screenshot("door-request-desktop")
    approve = host.page.get_by_role("button", name="Approve Cy")
    approve.focus()
    host.page.keyboard.press("Enter")
    cy.wait_screen("lobby", timeout=SLOW)
    expect(requests).to_be_hidden()
    for p in (host, ann, cy):
        expect(p.page.locator("#player-list .player")).to_have_count(4, timeout=SLOW)

    dee.wait_ready()
    dee.enter_name("Dee")
    dee.page.click("#join-btn")
    expect(host.page.locator("#request-list .request-name")).to_have_text(["Dee"],
                                                                          timeout=SLOW)
    host.page.get_by_role("button", name="Deny Dee").click()
    expect(dee.page.locator("#notice")).to_have_text(texts.DENIED.format(code=code),
                                                     timeout=SLOW)
    expect(dee.page.locator("body")).to_have_attribute("data-screen", "menu")
    expect(host.page.locator("#player-list .player")).to_have_count(4)

    # --- a seat whose person never acts does not stall the hand ------------------------------
    expect(host.page.locator("#gs-timer")).to_have_value(str(DEFAULT_TIMER_S))  # on by default
    host.page.select_option("#gs-timer", str(TIMER_S))
    host.page.click("#start-btn")
    players = {"Hana": host, "Ann": ann, "Cy": cy}
    for p in (*players.values(), bo):
        p.wait_screen("game", timeout=SLOW)
        wait_phase(p.page, 1, "preflop", timeout=SLOW)
    expect(host.page.locator("#timer-select")).to_have_value(str(TIMER_S))
    expect(host.page.locator("#deadline")).to_contain_text("Auto-check in")
    for p in players.values():
        act(p.page, "check")
    expect(seat_of(host.page, "Bo")).to_have_attribute("data-acted", "no")
    t0 = time.monotonic()
    for p in players.values():  # nobody touches Bo's page: the timer acts for him
        wait_phase(p.page, 1, "flop", timeout=(TIMER_S + 30) * 1000)
    waited = time.monotonic() - t0
    expect(seat_of(host.page, "Bo").locator(".badge-auto")).to_have_text("auto-checked")
    assert seats(bo.page)["Bo"]["connected"]  # he was there all along, just idle

    # --- the host removes Bo on the flop (keyboard, confirmed) --------------------------------
    expect(host.page.locator("#kick-select option")).to_have_text(
        ["Choose a player…", "Ann", "Bo", "Cy"])
    host.page.select_option("#kick-select", label="Bo")
    host.page.focus("#kick-btn")
    host.page.keyboard.press("Enter")
    dialog = host.page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(host.page.locator("#confirm-title")).to_have_text("Remove Bo?")
    expect(host.page.locator("#confirm-stay")).to_have_text("Cancel")
    expect(host.page.locator("#confirm-stay")).to_be_focused()  # the safe answer first
    host.page.keyboard.press("Tab")
    expect(host.page.locator("#confirm-go")).to_be_focused()
    host.page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(bo.page.locator("body")).to_have_attribute("data-screen", "menu", timeout=SLOW)
    expect(bo.page.locator("#notice")).to_have_text(texts.REMOVED)
    expect(seat_of(host.page, "Bo")).to_have_attribute("data-acted", "yes")  # checked at once
    names = list(players)
    for i, name in enumerate(names):
        act(players[name].page, "check", last=i == len(names) - 1)
    for p in players.values():
        wait_phase(p.page, 1, "results", timeout=SLOW)
    bo_result = seats(host.page)["Bo"]
    assert bo_result["stake"] == "$1" and len(bo_result["hole"]) == 4  # he settled in the hand
    rows = host.page.locator("#ledger-rows tr").all_inner_texts()
    assert any(r.startswith("Bo (left)") for r in rows), rows
    expect(host.page.locator("#ledger-total")).to_have_text("$0")
    no_sideways_scroll(cy.page)
    host.screenshot("door-removed-desktop")
    expect(host.page.locator("#kick-select option")).to_have_text(
        ["Choose a player…", "Ann", "Cy"])

    # Bo's browser tries to take the seat back: refused, in words
    bo.wait_ready()
    bo.enter_name("Bo")
    bo.page.fill("#code-input", code)
    bo.page.click("#join-btn")
    expect(bo.page.locator("#notice")).to_have_text(texts.REMOVED, timeout=SLOW)
    expect(bo.page.locator("body")).to_have_attribute("data-screen", "menu")
    print(f"\nE2E door: an idle seat was auto-checked {waited:.1f} s into the wait "
          f"(decision timer {TIMER_S} s)")
    for p in (host, ann, bo, cy, dee):
        assert p.csp_violations() == []

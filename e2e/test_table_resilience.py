"""A guest drops and comes back mid-hand at a table game (Hold'em), in real browsers.

Three players (Bo on a phone) in a Hold'em tournament, the room's default grace period
(``room.host.DEFAULT_GRACE_S``). As Ultimate Omaha's resilience test does it, once by closing
the page and opening the room's link again in the same browser, once by reloading the page:

(a) Hand 1, flop, Bo's turn with nothing to call: Bo's page closes. The others see Bo
    disconnected and still seated with the same chips; the hand goes on by the timeout rule,
    Bo's decision becoming an automatic Check after the grace period (nobody else acts while
    Bo is away: the hand waits at another player's turn). Bo opens the link again: back in
    the same seat with the same stack and the same two hole cards, no one else's card
    anywhere on the page, and Bo's next decision is Bo's own (a bet, taken by the table).
(b) Hand 2, Bo faces a bet: Bo's tab leaves the page and stays away past the grace period:
    Bo's decision is an automatic Fold. Back at the same address, Bo sees their own (folded)
    cards and still nobody else's.
(c) Hand 3, with a 60 s grace: Bo reloads the page at their own turn; back within the grace,
    nothing was decided for Bo, the turn still waits on Bo, and Bo acts.

Chips add up to the entrants' stacks on every page at the end of each hand. Times are
printed, never asserted.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect
from pokerpage import PHONE, cards_on, to_act
from room.host import DEFAULT_GRACE_S
from tablepage import seat_three
from tablesteps import (
    act_and_sync,
    click,
    room_setting,
    start_tournament,
    table_state,
    turn_of,
    wait_turn,
)

from conftest import Player

STACK = 1000
SLOW = 60_000
CARD_RE = re.compile(r"^[2-9TJQKA][cdhs]$")


def seat_of(page: Page, name: str):
    exact = page.locator(".pk-name", has_text=re.compile(f"^{re.escape(name)}$"))
    return page.locator("#seats .pk-seat").filter(has=exact)


def others_cards(page: Page) -> list[str]:
    """Face-up cards on this page outside the viewer's own hole cards and the board."""
    seen = cards_on(page, "body")
    mine = set(cards_on(page, "#pk-hole")) | set(cards_on(page, ".pk-seat-you"))
    board = set(cards_on(page, "#boards"))
    return [c for c in seen if CARD_RE.match(c) and c not in mine | board]


def reopen(bo: Player, url: str) -> Player:
    """Bo opens the room's link again in a new page of the same browser."""
    back = Player(bo.context, bo.context.new_page(), "bo2")
    back.page.on("console", lambda msg: back.console.append(f"{msg.type}: {msg.text}"))
    back.goto(url)
    back.wait_ready()
    back.wait_screen("poker", timeout=SLOW)
    return back


def check_back(bo: Player, bo_id: str, stack: int, hole: list[str]) -> None:
    """Bo's page shows Bo's seat, stack and hole cards as they were, nobody else's cards."""
    page = bo.page
    expect(page.locator(".pk-seat-you .pk-name")).to_have_text("Bo", timeout=SLOW)
    expect(page.locator(".pk-seat-you")).to_have_attribute("data-player", bo_id)
    expect(page.locator(".pk-seat-you .pk-stack")).to_have_text(f"{stack:,}")
    expect(page.locator("#pk-hole .pc")).to_have_count(len(hole), timeout=SLOW)
    assert cards_on(page, "#pk-hole") == hole
    assert others_cards(page) == []
    assert page.locator("#seats .pk-seat:not(.pk-seat-you) .pc:not(.pc-back)").count() == 0


def test_a_guest_drops_mid_hand_and_comes_back(site, new_player, pooled_player):
    # Bo's page is closed, reopened and reloaded: a context of its own, not the pool's.
    t0 = time.monotonic()
    host = pooled_player("host")
    ann = pooled_player("ann")
    bo = new_player("bo", viewport=PHONE)
    code = seat_three(site, host, ann, bo)
    start_tournament(host, STACK, 5, 10)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
    bo_id = bo.page.locator(".pk-seat-you").get_attribute("data-player")
    assert bo_id

    # (a) Hand 1: everyone calls to the flop, then checks until it is Bo's turn.
    while (name := to_act(pages)) is not None:
        page = pages[name].page
        on_flop = len(cards_on(page, "#boards")) >= 3
        if on_flop and name == "Bo":
            break
        act_and_sync(pages, name, click("#pk-call"))  # call or check
    assert name == "Bo"
    expect(bo.page.locator("#pk-call-label")).to_have_text("Check")
    hole = cards_on(bo.page, "#pk-hole")
    assert len(hole) == 2
    stack = table_state(host.page).seats["Bo"]["stack"]
    log_before = len(table_state(host.page).log)
    bo.page.close()
    t_drop = time.monotonic()
    others = {"Hana": host, "Ann": ann}
    for p in others.values():
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "no", timeout=SLOW)
        expect(seat_of(p.page, "Bo")).to_contain_text("away")
    noticed = time.monotonic() - t_drop
    # Within the grace period the seat is kept, with its chips and (face-down) cards.
    for p in others.values():
        st = table_state(p.page)
        assert st.seats["Bo"]["stack"] == stack and st.seats["Bo"]["state"] == "in"
        assert st.seats["Bo"]["cards"] == ["??", "??"]
        assert turn_of(p.page) == "Bo"
    host.screenshot("poker-resilience-away-desktop")
    # The timeout rule: nothing to call, so an automatic Check; the hand goes on.
    for p in others.values():
        expect(p.page.locator("#pk-log")).to_contain_text("Bo checks (automatically)",
                                                         timeout=SLOW)
    auto_after = time.monotonic() - t_drop
    # A new round may start with Bo again (another automatic Check): wait until the table
    # waits on Hana or Ann, who do not act while Bo is away.
    waiting_on = wait_turn(host.page, {"Hana", "Ann"}, SLOW)
    autos = [line for line in table_state(host.page).log[log_before:]
             if line.startswith("Bo ")]
    assert autos and all(line == "Bo checks (automatically)" for line in autos), autos
    for p in others.values():
        assert table_state(p.page).seats["Bo"]["stack"] == stack

    bo = reopen(bo, site.url(f"room={code}"))
    pages["Bo"] = bo
    for p in others.values():
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "yes", timeout=SLOW)
    back = time.monotonic() - t_drop
    check_back(bo, bo_id, stack, hole)
    expect(bo.page.locator("#seats .pk-seat")).to_have_count(3)
    assert turn_of(bo.page) == waiting_on
    bo.screenshot("poker-resilience-back-phone")

    # Bo can act: the others check to Bo, who bets; then everyone calls to the end.
    while (name := to_act(pages)) is not None and name != "Bo":
        act_and_sync(pages, name, click("#pk-call"))
    assert name == "Bo", "the hand ended before Bo had a decision again"
    expect(bo.page.locator("#pk-raise-form")).to_be_visible()
    act_and_sync(pages, "Bo", click("#pk-raise"))  # the minimum bet the box holds
    for p in pages.values():
        expect(p.page.locator("#pk-log")).to_contain_text(re.compile(r"Bo bets \d+"))
    while (name := to_act(pages)) is not None:
        act_and_sync(pages, name, click("#pk-call"))
    for name, p in pages.items():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=SLOW)
        st = table_state(p.page)
        assert st.chips == 3 * STACK, (name, st.seats)

    # (b) Hand 2: Bo faces a bet and reloads; away past the grace, Bo's hand is folded.
    host.page.click("#pk-next-btn")
    for p in pages.values():
        expect(p.page.locator("#hand-no")).to_have_text("2", timeout=SLOW)
    bet = False
    while (name := to_act(pages)) is not None:
        page = pages[name].page
        if name == "Bo" and bet:
            break
        if name != "Bo" and not bet and page.locator("#pk-raise-form").is_visible():
            act_and_sync(pages, name, click("#pk-raise"))  # a raise (or bet) Bo must answer
            bet = True
        else:
            act_and_sync(pages, name, click("#pk-call"))
    assert name == "Bo" and bet
    expect(bo.page.locator("#pk-fold")).to_be_visible()
    hole2 = cards_on(bo.page, "#pk-hole")
    stack2 = table_state(host.page).seats["Bo"]["stack"]
    # The tab leaves the page (the way a reload does, held up long enough to outlast the
    # grace period) and comes back to the same address.
    address = bo.page.url
    t_drop = time.monotonic()
    bo.page.goto("about:blank")
    for p in others.values():
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "no", timeout=SLOW)
        expect(p.page.locator("#pk-log")).to_contain_text("Bo folds (automatically)",
                                                         timeout=SLOW)
    fold_after = time.monotonic() - t_drop
    bo.goto(address)
    bo.wait_ready()
    bo.wait_screen("poker", timeout=SLOW)
    for p in others.values():
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "yes", timeout=SLOW)
    check_back(bo, bo_id, stack2, hole2)
    expect(bo.page.locator("#pk-hole")).to_have_attribute("data-folded", "yes")
    expect(bo.page.locator("#pk-note")).to_have_text("You folded.")
    bo.screenshot("poker-resilience-folded-phone")
    while (name := to_act(pages)) is not None:
        assert name != "Bo"
        act_and_sync(pages, name, click("#pk-call"))
    for name, p in pages.items():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=SLOW)
        st = table_state(p.page)
        assert st.chips == 3 * STACK, (name, st.seats)

    # (c) Hand 3, a longer grace (60 s): Bo reloads the page at their own turn and is back
    # within it: nothing was decided for Bo, the turn waits, Bo acts.
    room_setting(host, "#grace-select", "60")
    host.page.click("#pk-next-btn")
    for p in pages.values():
        expect(p.page.locator("#hand-no")).to_have_text("3", timeout=SLOW)
    while (name := to_act(pages)) is not None and name != "Bo":
        act_and_sync(pages, name, click("#pk-call"))
    assert name == "Bo"
    hole3 = cards_on(bo.page, "#pk-hole")
    stack3 = table_state(host.page).seats["Bo"]["stack"]
    log3 = table_state(host.page).log
    t_drop = time.monotonic()
    bo.page.reload()
    bo.wait_ready()
    bo.wait_screen("poker", timeout=SLOW)
    for p in others.values():
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "yes", timeout=SLOW)
    check_back(bo, bo_id, stack3, hole3)
    expect(bo.page.locator("#pk-actions")).to_have_attribute("data-mine", "yes", timeout=SLOW)
    reload_back = time.monotonic() - t_drop
    assert table_state(host.page).log == log3  # nothing happened while Bo was away
    assert turn_of(host.page) == "Bo"
    act_and_sync(pages, "Bo", click("#pk-call"))
    line = table_state(host.page).log[len(log3)]
    assert line.startswith("Bo ") and "automatically" not in line, line
    while (name := to_act(pages)) is not None:
        act_and_sync(pages, name, click("#pk-call"))
    for name, p in pages.items():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=SLOW)
        st = table_state(p.page)
        assert st.chips == 3 * STACK, (name, st.seats)
    for p in pages.values():
        assert p.csp_violations() == []
    print(f"\n[table resilience] grace {DEFAULT_GRACE_S} s; page closed: noticed by the others "
          f"{noticed:.1f} s, automatic Check at {auto_after:.1f} s, Bo back in the seat at "
          f"{back:.1f} s; away facing a bet: automatic Fold at {fold_after:.1f} s; "
          f"reload within a 60 s grace: back at the table, able to act, {reload_back:.1f} s; "
          f"{time.monotonic() - t0:.1f} s in all")

"""A poker night's host controls and its end, in real browsers (Hana hosts on a desktop, Ann
plays on a phone): a draw table with no forced bet is refused at the ante field; the host sets
the table's clock (decision timer, time bank) and the player to act hears "10 seconds left"
then, assertively, "5 seconds left"; a pause, a stack the host set and a change of game are
said to the guest in words, with the line under the table true while paused and the host's
Next hand disabled; after the change to 5-card draw the hand antes (a pot, not nothing);
Ann leaves with her stack and finds the night's ledger and settle-up on the menu (and
downloads it), as does the host after closing the room; a new room shows no hand of the old
one."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from pokerpage import STACKS_JS, seat_players, to_act
from tablesteps import table_state, wait_change

PHONE = (375, 740)


def total_stacks(page) -> int:
    return sum(page.locator("#seats .pk-stack").evaluate_all(STACKS_JS))


def play_out(pages: dict) -> None:
    """Everyone to act checks (or calls, or stands pat) until the hand is over."""
    for _ in range(20):
        name = to_act(pages)
        if name is None:
            return
        page = pages[name].page
        before = table_state(page).signature
        if page.locator("#pk-draw-row").is_visible():
            page.click("#pk-draw")
        else:
            page.click("#pk-call")
        # The next turn is read once this page drew the view after its action (until then
        # it still marks its own turn, with its buttons already put away).
        wait_change(page, before)
    raise AssertionError("the hand never ended")


def test_a_night_of_host_controls_ends_with_the_ledger_in_every_hand(site, new_player):
    host, ann = new_player("host"), new_player("ann", viewport=PHONE)
    pages = {"Hana": host, "Ann": ann}
    code = seat_players(site, pages)

    # 5-card draw with the ante set to 0 would play for nothing: refused at the ante field.
    host.page.select_option("#game-select", "draw")
    ante = host.page.locator("#gs-ante")
    expect(ante).to_have_attribute("placeholder", "one small blind")
    ante.fill("0")
    ante.press("Tab")
    host.page.click("#start-btn")
    error = host.page.locator("#gs-ante-error")
    expect(error).to_contain_text("no blinds")
    expect(ante).to_have_attribute("aria-invalid", "true")
    expect(ann.page.locator("body[data-screen='lobby']")).to_be_attached()
    # The lobby offers the clock too; guests read it on the game card.
    expect(host.page.locator("#gs-timer")).to_have_value("30")
    expect(ann.page.locator("#game-summary")).to_contain_text("Decision timer 30 seconds")

    host.page.select_option("#game-select", "holdem")
    ante.fill("")
    ante.press("Tab")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.click("#pk-buyin-btn")  # the suggested 1,000 chips
    host.page.wait_for_function(
        "() => [...document.querySelectorAll('#seats .pk-stack')].length === 2")

    # The clock at the table: a 15-second timer and no time bank, set between hands (a
    # 10-second one gets no "10 seconds left": it would be due at once, over the deal's news).
    host.page.select_option("#pk-bank-select", "0")
    host.page.select_option("#pk-timer-select", "15")
    expect(host.page.locator("#pk-timer-select")).to_have_value("15")
    expect(host.page.locator("#pk-bank-select")).to_have_value("0")
    host.screenshot("night-host-clock-desktop")
    host.page.click("#pk-next-btn")
    name = to_act(pages)
    assert name is not None
    actor = pages[name].page
    expect(actor.locator("#announce")).to_contain_text("10 seconds left to choose",
                                                      timeout=20_000)
    expect(actor.locator("#alert")).to_contain_text("5 seconds left to choose; then you",
                                                   timeout=10_000)
    host.page.select_option("#pk-timer-select", "0")  # the rest at the players' pace
    play_out(pages)
    expect(host.page.locator("#pk-recent-box")).to_be_visible()

    # A pause is said to the guest, and the lines under the table say what is true.
    host.page.click("#pk-pause-btn")
    expect(ann.page.locator("#notice")).to_contain_text("The host paused the table")
    expect(ann.page.locator("#pk-note")).to_have_text(
        "The host paused the table: no new hand until they resume.")
    expect(host.page.locator("#pk-note")).to_have_text("Paused: press Resume first, then deal.")
    expect(host.page.locator("#pk-next-btn")).to_be_disabled()
    host.page.click("#pk-pause-btn")
    expect(ann.page.locator("#notice")).to_contain_text("The host resumed the table.")

    # A stack the host set is said to the guest; above the suggested buy-in, Add chips
    # is not pre-filled with the most (the hint gives the range).
    option = host.page.locator("#pk-stack-player option", has_text="Ann (")
    assert option.inner_text().endswith(" chips)")  # between hands: the stack is named
    host.page.select_option("#pk-stack-player", option.get_attribute("value"))
    host.page.fill("#pk-stack-amount", "1,500")
    host.page.click("#pk-stack-btn")
    expect(ann.page.locator("#notice")).to_contain_text(
        "The host set Ann's stack to 1,500 chips.")
    expect(ann.page.locator("#pk-buyin-btn")).to_have_text("Add chips")
    expect(ann.page.locator("#pk-buyin-amount")).to_have_value("")

    # Removing a player says what happens at a poker table (Cancel: nobody is removed).
    host.page.select_option("#kick-select", host.page.locator(
        "#kick-select option", has_text="Ann").get_attribute("value"))
    host.page.click("#kick-btn")
    expect(host.page.locator("#confirm-text")).to_contain_text("folded for them")
    host.page.click("#confirm-stay")

    # The change of game to draw is said to the guest, and draw antes: the pot is not empty.
    host.page.select_option("#change-game-select", "draw")
    host.page.click("#change-game-form button[type='submit']")
    expect(ann.page.locator("#notice")).to_contain_text(
        "The host picked 5-Card Draw for the next hand.")
    before = total_stacks(ann.page)
    host.page.click("#pk-next-btn")
    expect(ann.page.locator("#notice")).to_contain_text("Now playing 5-Card Draw.")
    expect(ann.page.locator("#pk-hole .pc")).to_have_count(5)
    ann.page.wait_for_function(
        "want => [...document.querySelectorAll('#seats .pk-stack')]"
        ".map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
        ".reduce((a, b) => a + b, 0) === want", arg=before - 10)  # two antes of 5
    ann.screenshot("night-draw-antes-phone")
    # The news goes after a few seconds, the hand still running: it held 60 px of a phone's
    # screen above the table all hand.
    expect(ann.page.locator("#notice")).to_be_hidden(timeout=20_000)
    assert ann.page.locator("#pk-hole .pc").count() == 5
    ann.screenshot("night-news-gone-phone")
    host.screenshot("night-news-gone-desktop")
    play_out(pages)
    # The night's hands as PokerStars text at the draw table too (its writer covers draw):
    # the Hold'em hands and the draw hand, as Ann saw them.
    stars = ann.page.locator("#pk-export-stars-btn")
    expect(stars).to_be_visible()
    with ann.page.expect_download() as got:
        stars.click()
    text = Path(got.value.path()).read_text(encoding="utf-8")
    assert "Hold'em No Limit" in text and "5 Card Draw" in text, text[:2000]

    # Ann leaves with her stack: the menu keeps the night's ledger and settle-up.
    ann.page.click("#pk-cashout-btn")
    if ann.page.locator("#confirm-dialog[open]").count():
        ann.page.click("#confirm-go")
    ann.wait_screen("menu")
    night = ann.page.locator("#last-night")
    expect(night).to_be_visible()
    expect(ann.page.locator("#last-night-title")).to_have_text(f"Last night at room {code}")
    expect(ann.page.locator("#ln-ledger-rows tr")).to_have_count(2)
    expect(ann.page.locator("#ln-settle-up li").first).to_be_visible()
    ann.screenshot("night-last-night-phone")
    with ann.page.expect_download() as got:
        ann.page.click("#ln-csv-btn")
    assert got.value.suggested_filename == f"ultimate-omaha-{code}-ledger.csv"
    ann.page.reload()  # kept in the browser: still there on a fresh page
    expect(ann.page.locator("#last-night")).to_be_visible(timeout=60_000)

    # The host closes the room: the same ledger on the host's menu.
    host.page.click("#game-leave-btn")
    if host.page.locator("#confirm-dialog[open]").count():
        host.page.click("#confirm-go")
    host.wait_screen("menu")
    expect(host.page.locator("#last-night-title")).to_have_text(f"Last night at room {code}")

    # A new room shows none of the old room's hands.
    host.create_room("Hana")
    host.page.select_option("#game-select", "holdem")
    host.page.click("#start-btn")
    host.wait_screen("poker")
    expect(host.page.locator("#pk-recent li")).to_have_count(0)
    expect(host.page.locator("#pk-recent-box")).to_be_hidden()
    for p in pages.values():
        assert p.csp_violations() == []

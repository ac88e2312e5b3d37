"""The host's table controls in real browsers (web.pokerhost): a three-player cash Hold'em
table where, between hands, the host edits a stack, calls a bomb pot for the next hand (every
page then shows two boards), and changes the game to Pot-Limit Omaha, which starts at the next
deal with the stacks carried over, then to Ultimate Omaha and back (the one table section
drawn afresh by each game). Checked as people see it: the panel only on the host's page,
the stacks on a guest's page, the boards, the game's name, and the room's balances summing to
zero."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from pokerpage import STACKS_JS, seat_players, to_act
from tablepage import act, open_three, wait_phase

BALANCES_JS = "els => els.map(e => e.textContent)"
SUM_JS = ("[...document.querySelectorAll('#seats .pk-stack')]"
          ".map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
          ".reduce((a, b) => a + b, 0)")


def stacks(page: Page) -> list[int]:
    return page.locator("#seats .pk-stack").evaluate_all(STACKS_JS)


def cents(text: str) -> int:
    """'$1.50' -> 150, '-$0.05' -> -5 (rules.money.format_money's shapes)."""
    match = re.fullmatch(r"(-?)\$([0-9,]+)(?:\.([0-9]{2}))?", text.strip())
    assert match, text
    value = int(match[2].replace(",", "")) * 100 + int(match[3] or 0)
    return -value if match[1] else value


def fold_round(pages: dict) -> None:
    """Everyone to act folds until the hand is over."""
    name = to_act(pages)
    steps = 0
    while name is not None:
        steps += 1
        assert steps < 12
        pages[name].page.click("#pk-fold")
        name = to_act(pages)


def test_host_edits_a_stack_calls_a_bomb_pot_and_changes_the_game(site, pooled_player):
    pages = open_three(site, pooled_player, phone=None)
    host, ann, bo = pages.values()
    host.page.select_option("#game-select", "holdem")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.click("#pk-buyin-btn")  # the suggested 1,000 chips
    host.page.wait_for_function(f"() => ({SUM_JS}) === 3000")
    expect(host.page.locator("#pk-host")).to_be_visible()
    for p in (ann, bo):
        expect(p.page.locator("#pk-host")).to_be_hidden()
    host.page.click("#pk-next-btn")
    fold_round(pages)  # hand 1: the blinds go to the big blind

    # A stack edit between hands: Bo's stack becomes 1,500; the chips on the table follow.
    total = sum(stacks(host.page))
    assert total == 3000
    bo_before = int(host.page.locator("#seats .pk-seat", has_text="Bo")
                    .locator(".pk-stack").inner_text().replace(",", ""))
    expect(host.page.locator("#pk-stack-btn")).to_be_enabled()
    host.page.select_option("#pk-stack-player", label=f"Bo ({bo_before:,} chips)")
    amount = host.page.locator("#pk-stack-amount")
    amount.fill("lots")
    amount.press("Enter")
    expect(host.page.locator("#pk-stack-error")).to_have_text("Enter a whole number of chips.")
    expect(amount).to_have_attribute("aria-invalid", "true")
    amount.fill("1,500")
    host.page.click("#pk-stack-btn")
    expect(host.page.locator("#pk-stack-error")).to_be_hidden()
    expect(ann.page.locator("#seats .pk-seat", has_text="Bo").locator(".pk-stack")
           ).to_have_text("1,500")
    total += 1500 - bo_before

    # Bomb pot next hand, by keyboard: Tab into the ante box, type, Enter.
    ante = host.page.locator("#pk-bomb-ante")
    ante.focus()
    host.page.keyboard.type("20")
    host.page.keyboard.press("Enter")
    status = host.page.locator("#pk-host-status")
    change = host.page.locator("#change-game-status")
    expect(status).to_contain_text("Bomb pot next hand: 20 chips each")
    expect(host.page.locator("#pk-bomb-off")).to_be_visible()
    host.page.locator("#pk-host").scroll_into_view_if_needed()
    host.screenshot("poker-host-panel-desktop")
    host.page.click("#pk-next-btn")
    for p in pages.values():
        expect(p.page.locator("#boards .pk-board")).to_have_count(2)
        expect(p.page.locator("#pk-hole .pc")).to_have_count(4)
        expect(p.page.locator("#phase-label")).to_have_text("Flop")
        expect(p.page.locator("#game-name")).to_have_text("Texas Hold'em · bomb pot")
    expect(host.page.locator("#pk-bomb-off")).to_be_hidden()
    host.screenshot("poker-host-bomb-desktop")

    # The host types in the panel while a guest acts: the views that come keep the focus
    # (only the controls that go with the turn hand theirs on).
    name = to_act(pages)
    if name == "Hana":
        host.page.click("#pk-call")  # a check on the bomb pot's flop
        name = to_act(pages)
    assert name in ("Ann", "Bo")
    ante.fill("")
    ante.focus()
    host.page.keyboard.type("3")
    lines = host.page.locator("#pk-log li").count()
    pages[name].page.click("#pk-call")
    expect(host.page.locator("#pk-log li")).not_to_have_count(lines)
    assert host.page.evaluate("document.activeElement.id") == "pk-bomb-ante"
    expect(ante).to_have_value("3")
    ante.fill("")

    # Change the game while the bomb pot is played: it waits for the next deal.
    host.page.select_option("#change-game-select", "omaha")
    host.page.click("#change-game-btn")
    expect(change).to_have_text("Pot-Limit Omaha from the next hand.")
    expect(status).not_to_contain_text("from the next hand")  # said once, on the game card
    expect(ann.page.locator("#game-name")).to_have_text("Texas Hold'em · bomb pot")
    fold_round(pages)
    assert sum(stacks(host.page)) == total
    host.page.click("#pk-next-btn")
    for p in pages.values():
        expect(p.page.locator("#game-name")).to_have_text("Pot-Limit Omaha")
        expect(p.page.locator("#pk-hole .pc")).to_have_count(4)
        expect(p.page.locator("#boards .pk-board")).to_have_count(1)
    expect(change).to_have_text("")
    fold_round(pages)
    assert sum(stacks(host.page)) == total  # stacks carried over, no chip made or lost
    host.screenshot("poker-host-plo-desktop")

    # To Ultimate Omaha and back to Pot-Limit Omaha, on the one table section: each game
    # draws the shared header, felt and seats afresh over what the other drew.
    host.page.select_option("#change-game-select", "ultimate")
    host.page.click("#change-game-btn")
    expect(change).to_have_text("Ultimate Omaha from the next hand.")
    hand = int(host.page.locator("#hand-no").inner_text()) + 1
    host.page.click("#pk-next-btn")
    for p in pages.values():
        p.wait_screen("game")
        wait_phase(p.page, hand, "preflop")
        expect(p.page.locator("#game-name")).to_have_text("Ultimate Omaha")
        expect(p.page.locator("#seats .seat")).to_have_count(3)
        expect(p.page.locator("#seats .pk-seat")).to_have_count(0)
        expect(p.page.locator("#boards .board")).to_have_count(2)
        expect(p.page.locator("#boards .pk-board")).to_have_count(0)
        expect(p.page.locator("#pk-actions")).to_be_hidden()  # the table games' parts
    expect(host.page.locator("#change-game")).to_be_visible()  # the host's, at every game
    for p in (ann, bo):
        expect(p.page.locator("#change-game")).to_be_hidden()
    for phase in ("preflop", "flop"):
        for p in pages.values():
            wait_phase(p.page, hand, phase)
            act(p.page, "check", last=True)
    for p in pages.values():
        wait_phase(p.page, hand, "results")
    host.screenshot("poker-host-ultimate-desktop")
    host.page.select_option("#change-game-select", "omaha")
    host.page.click("#change-game-btn")
    expect(change).to_have_text("Pot-Limit Omaha from the next hand.")
    host.page.click("#next-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#game-name")).to_have_text("Pot-Limit Omaha")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
        expect(p.page.locator("#seats .seat:not(.pk-seat)")).to_have_count(0)
        expect(p.page.locator("#boards .board")).to_have_count(0)
        p.page.click("#pk-buyin-btn")  # Ultimate Omaha kept no stacks: buy in again
    host.page.wait_for_function(f"() => ({SUM_JS}) === 3000")  # every buy-in at the host
    host.page.click("#pk-next-btn")
    for p in pages.values():
        expect(p.page.locator("#hand-no")).to_have_text(str(hand + 1))
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
        expect(p.page.locator("#boards .pk-board")).to_have_count(1)
        expect(p.page.locator("#pk-hole .pc")).to_have_count(4)
    fold_round(pages)

    # The room's ledger (every page's player list) still sums to zero, and money moved.
    for p in pages.values():
        texts = p.page.locator("#player-list .player-balance").evaluate_all(BALANCES_JS)
        assert len(texts) == 3 and sum(cents(t) for t in texts) == 0, texts
        assert any(cents(t) for t in texts)
    for p in pages.values():
        assert p.csp_violations() == []


def test_a_room_begun_with_ultimate_omaha_changes_to_a_table_game(site, pooled_player):
    """A room that starts with Ultimate Omaha never fetched the table games' engine (only a
    host starting a table game does): the host's Change game to Hold'em fetches it first, so
    the change is taken (not an error in the page) and the next deal is Hold'em's."""
    host, ann = pooled_player("host"), pooled_player("ann")
    pages = {"Hana": host, "Ann": ann}
    seat_players(site, pages)
    host.page.select_option("#gs-timer", "0")
    host.page.select_option("#game-select", "ultimate")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("game")
        wait_phase(p.page, 1, "preflop")
    host.page.select_option("#change-game-select", "holdem")
    host.page.click("#change-game-btn")
    expect(host.page.locator("#change-game-status")).to_have_text(
        "Texas Hold'em from the next hand.", timeout=60_000)
    for phase in ("preflop", "flop"):
        for p in pages.values():
            wait_phase(p.page, 1, phase)
            act(p.page, "check", last=True)
    for p in pages.values():
        wait_phase(p.page, 1, "results")
    host.page.click("#next-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#game-name")).to_have_text("Texas Hold'em")
        # The line under the title (the table games show their live region) no longer
        # tells Ultimate Omaha's last showdown ("Press N to deal", "You foul") at Hold'em.
        expect(p.page.locator("#pk-buyin-btn")).to_be_visible()
        expect(p.page.locator("#announce")).not_to_contain_text("Showdown")
    host.screenshot("poker-host-ultimate-to-holdem-desktop")
    assert not [line for line in host.console if "Error" in line], host.dump()

"""Run it twice, the rabbit hunt and showing by choice in real browsers: the host (desktop)
and Ann (a 375 px phone) play heads-up Hold'em with both options on, chosen in the lobby form.

Hand 1: the first to act folds; Ann asks for the rabbit by keyboard, and both pages draw the
five cards that would have come in the board's own places, with the deal still verified on
Ann's page; the winner shows one card, which the other page shows. Hand 2: all in and called; both
pages ask "Run it twice?" (the question said in the live region), Ann agrees by keyboard, the
host by click, and the results draw the second runout under the first, the payouts name both
runs, and Ann's page verifies the deal with the second runout in it. Nothing scrolls sideways
at 375 px. Screenshots: ``runtwice-question-phone.png``, ``runtwice-results-phone.png``,
``rabbit-desktop.png``.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from pokerpage import PHONE, cards_on, deal, open_cash_table, seat_players, to_act

WAIT_MS = 60_000
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def test_rabbit_show_and_run_it_twice_on_screen(site: Any, pooled_player: Any) -> None:
    players = {"Hana": pooled_player("host"), "Ann": pooled_player("ann", viewport=PHONE)}
    seat_players(site, players, timeout=WAIT_MS)
    open_cash_table(players, "holdem", {"Hana": 1000, "Ann": 1000},
                    {"run_twice": "true", "rabbit_hunt": "true"})
    ann = players["Ann"].page

    # Hand 1: folded at once; the rabbit and a card shown by choice.
    deal(players, 1)
    first = to_act(players, timeout_ms=WAIT_MS)
    assert first is not None
    players[first].page.click("#pk-fold")
    for p in players.values():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)
    assert not ann.locator("#boards .pc[data-rabbit]").count()  # nothing before it is asked
    rabbit = ann.locator("#pk-choices-buttons button[data-choice='rabbit']")
    expect(rabbit).to_be_visible()
    rabbit.focus()
    ann.keyboard.press("Enter")
    for p in players.values():
        row = p.page.locator("#boards .pk-board[data-rabbit='yes'] .pc[data-card]")
        expect(row).to_have_count(5, timeout=WAIT_MS)  # in the board's own places
        expect(p.page.locator("#boards .pk-board-extra")).to_have_count(0)
        expect(p.page.locator("#pk-log")).to_contain_text("The rabbit:")
    assert cards_on(ann, "#boards .pk-board[data-rabbit]") == cards_on(
        players["Hana"].page, "#boards .pk-board[data-rabbit]")
    note = ann.locator("#fair-note")
    expect(note).to_have_attribute("data-ok", "yes", timeout=WAIT_MS)  # judged with it
    players["Hana"].screenshot("rabbit-desktop")
    winner = "Ann" if first == "Hana" else "Hana"
    other = players[first].page
    hole = cards_on(players[winner].page, "#pk-hole")
    players[winner].page.click("#pk-choices-buttons button[data-choice='show_card'] >> nth=0")
    expect(other.locator("#pk-log")).to_contain_text(f"{winner} shows", timeout=WAIT_MS)
    assert hole[1] not in cards_on(other, "#pk-results") + cards_on(other, "#seats")

    # Hand 2: all in and called; both agree to run it twice.
    deal(players, 2)
    first = to_act(players, timeout_ms=WAIT_MS)
    assert first is not None
    players[first].page.click("#pk-allin")
    second = "Ann" if first == "Hana" else "Hana"
    expect(players[second].page.locator("#pk-call")).to_be_enabled(timeout=WAIT_MS)
    players[second].page.click("#pk-call")
    for p in players.values():
        box = p.page.locator("#pk-choices")
        expect(box).to_be_visible(timeout=WAIT_MS)
        expect(box).to_have_attribute("data-asked", "yes")
        expect(p.page.locator("#pk-choices-q")).to_contain_text("Run it twice?")
        expect(p.page.locator("#announce")).to_contain_text("Run it twice?")
    assert ann.evaluate(WIDTH_JS)[0] <= PHONE[0]
    players["Ann"].screenshot("runtwice-question-phone")
    yes = ann.locator("#pk-choices-buttons button[data-choice='run_twice']")
    yes.focus()
    ann.keyboard.press("Enter")
    players["Hana"].page.click("#pk-choices-buttons button[data-choice='run_twice']")
    for p in players.values():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)
        run2 = p.page.locator("#boards .pk-board-extra[data-extra='Run 2'] .pc[data-card]")
        expect(run2).to_have_count(5)
        expect(p.page.locator("#pk-log")).to_contain_text("first run's half")
        expect(p.page.locator("#pk-log")).to_contain_text("second run's half")
    expect(note).to_have_attribute("data-ok", "yes", timeout=WAIT_MS)
    assert ann.evaluate(WIDTH_JS)[0] <= PHONE[0]
    players["Ann"].screenshot("runtwice-results-phone")

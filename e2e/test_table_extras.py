"""The home-game extras in real browsers (``static/rules/table-games.md``, "Dealer's choice",
"Straddle"): the host ticks them in the lobby form; at the table the straddle box keeps the
player's standing choice; when a hand ends the player who will have the next button — here on
a 375 px phone — picks the next hand's game by keyboard alone (the labelled list, arrow down,
Enter), the other page is told who is picking and what was picked, and the next hand is dealt
in the picked game. Screenshots: ``extras-pick-phone.png``, ``extras-pick-desktop.png``,
``extras-picked-phone.png``."""

from __future__ import annotations

from harness import DESKTOP, PHONE
from playwright.sync_api import expect
from pokerpage import cards_on, seat_players, wait_chips
from tablesteps import timer_off
from test_table_variants import WIDTH_JS

SHARED_PLAYERS = (("host", DESKTOP), ("ann", PHONE))
WAIT_MS = 40_000


def test_the_button_picks_the_next_game_by_keyboard_on_a_phone(site, shared_players):
    hana, ann = shared_players
    players = {"Hana": hana, "Ann": ann}
    seat_players(site, players)
    host = hana.page
    timer_off(hana)
    host.select_option("#game-select", "holdem")
    expect(host.locator("#gs-dc_omaha")).to_be_hidden()  # the games show with the option
    host.check("#gs-dealers_choice")
    expect(host.locator("#gs-dc_omaha")).to_be_visible()
    host.uncheck("#gs-dc_triple_draw")
    host.check("#gs-straddle")
    host.set_checked("#gs-auto-deal", False)  # the test deals: no race with auto-deal
    expect(ann.page.locator("#game-summary")).to_contain_text("Dealer's choice: Texas Hold'em")
    expect(ann.page.locator("#game-summary")).not_to_contain_text("2-7 Triple Draw")
    host.click("#start-btn")
    for p in players.values():
        p.wait_screen("poker")
        p.page.fill("#pk-buyin-amount", "1000")
        p.page.click("#pk-buyin-btn")
    wait_chips(host, 2000, phase_ok=("waiting",))

    box = ann.page.locator("#pk-straddle")  # the standing straddle, kept by the host
    expect(box).to_be_visible()
    box.check()
    expect(ann.page.get_by_label("Straddle when I am under the gun (two big blinds, "
                                 "before the cards)")).to_be_checked()

    host.click("#pk-next-btn")  # hand 1: the table's own game; Hana has the button
    for p in players.values():
        expect(p.page.locator("#hand-no")).to_have_text("1", timeout=WAIT_MS)
    expect(host.locator("#pk-fold")).to_be_enabled(timeout=WAIT_MS)  # heads-up: button first
    host.click("#pk-fold")

    picker = ann.page.get_by_label("Next hand's game")  # Ann has the next button: her pick
    expect(picker).to_be_visible(timeout=WAIT_MS)
    expect(ann.page.locator("#pk-pick-line")).to_have_text(  # the timer is off: it waits
        "Your pick: the game of hand 2. Texas Hold'em if you do not pick before the host deals.")
    expect(host.locator("#pk-pick-line")).to_have_text("Ann is picking the game of hand 2.")
    expect(host.locator("#pk-pick-form")).to_be_hidden()  # nobody else may pick
    options = picker.locator("option").all_text_contents()
    assert options[:2] == ["Texas Hold'em", "Pot-Limit Omaha"], options
    assert "2-7 Triple Draw" not in options
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)  # no sideways scrolling at 375 px
    ann.screenshot("extras-pick-phone")
    hana.screenshot("extras-pick-desktop")

    # Longer than the pick's shortest time (15 s): with the turn timer off it still waits for
    # her (static/rules/table-games.md#dealers-choice), however slowly she picks.
    ann.page.wait_for_timeout(16_000)
    picker.focus()  # by keyboard alone: down to the next game, Enter picks it
    ann.page.keyboard.press("ArrowDown")
    expect(picker).to_have_value("1")
    ann.page.keyboard.press("Enter")
    expect(host.locator("#pk-pick-line")).to_have_text("Ann picked Pot-Limit Omaha for hand 2.",
                                                       timeout=WAIT_MS)
    expect(host.locator("#announce")).to_contain_text("Ann picked Pot-Limit Omaha",
                                                      timeout=WAIT_MS)
    ann.screenshot("extras-picked-phone")

    host.click("#pk-next-btn")
    for p in players.values():
        expect(p.page.locator("#hand-no")).to_have_text("2", timeout=WAIT_MS)
        expect(p.page.locator("#game-name")).to_contain_text("Omaha")
        expect(p.page.locator("#pk-hole .pc[data-card]").first).to_be_attached(timeout=WAIT_MS)
        assert len(cards_on(p.page, "#pk-hole")) == 4  # Omaha's four hole cards
    expect(ann.page.locator("#pk-straddle")).to_be_checked()  # still on, hand after hand

"""A Hold'em hand played by keyboard alone, checked by reading the live regions, as a
screen-reader player meets the table: three players (Ann on a 375 px phone), every decision
taken with C, F, R (amount typed, Enter) — no click in the hand — and the reading keys'
answers (D, E, G, N, P, S, X, Z, L, M, V, Shift+T, the card numbers) compared with the cards,
stacks and pots the page shows. The turn comes to the assertive region, actions and results to
the polite one; the key help (?) opens, lists the table's keys, and Escape gives the focus back.
Expected hand values are computed apart, by the rules layer in the test process.
"""

from __future__ import annotations

import re

from harness import ARTIFACTS
from playwright.sync_api import Page, expect
from pokerpage import STACKS_JS, WIDTH_JS, cards_on, to_act
from rules.cards import Card
from rules.poker import Game
from rules.poker.value import hand_words
from tablepage import open_three
from web.pokertext import speakable

REPEAT = "\u00a0"
STACK = 1000


def shot(page: Page, name: str) -> None:
    """The viewport as the player sees it (the dialog sits over it, not over a full page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def names(cards: list[str]) -> str:
    return ", ".join(Card.parse(c).name for c in cards)


def readout(page: Page, key: str) -> str:
    """Press ``key`` with the focus on the page (no text box) and return what the readout
    region then says (its text must change: a key pressed twice is read twice)."""
    region = page.locator("#readout")
    before = region.evaluate("e => e.textContent")
    page.locator("#pk-note").focus()
    page.keyboard.press(key)
    page.wait_for_function("b => document.getElementById('readout').textContent !== b",
                           arg=before)
    return str(region.evaluate("e => e.textContent")).rstrip(REPEAT)


def stacks_by_name(page: Page) -> dict[str, int]:
    rows = page.locator("#seats .pk-seat").evaluate_all(
        "els => els.map(e => [e.querySelector('.pk-name').textContent,"
        " parseInt(e.querySelector('.pk-stack').textContent.replace(/,/g, ''), 10)])")
    return {name: stack for name, stack in rows}


def in_step(pages: dict, with_page: Page) -> None:
    """Wait until every page shows as many log lines as ``with_page`` (the last view)."""
    count = with_page.locator("#pk-log li").count()
    for p in pages.values():
        expect(p.page.locator("#pk-log li")).to_have_count(count)


def check_reading_keys(name: str, page: Page) -> None:
    """D, E, G, S, P, X, Z and the card numbers say what the page shows."""
    hole = cards_on(page, "#pk-hole")
    board = cards_on(page, "#boards")
    mine = f"Your cards: {names(hole)}."
    assert readout(page, "d") in (mine, f"{mine} You folded.")
    again = page.locator("#readout").evaluate("e => e.textContent")
    assert readout(page, "d").startswith(mine)  # said again, marked apart
    assert page.locator("#readout").evaluate("e => e.textContent") != again
    assert readout(page, "e") == (f"Board: {names(board)}." if board else "No board cards yet.")
    words = hand_words(Game.HOLDEM, [Card.parse(c) for c in hole],
                       [[Card.parse(c) for c in board]])
    lead = "Your hand: " if board else "Before the flop: "
    assert readout(page, "g") == f"{lead}{words[0]}."
    assert readout(page, "1") == f"Card 1, your hand: {Card.parse(hole[0]).name}."
    if board:
        assert readout(page, "3") == f"Card 3, board: {Card.parse(board[0]).name}."
    else:
        assert readout(page, "3") == "Card 3, board: not dealt yet."
    stacks = readout(page, "s")
    for who, chips in stacks_by_name(page).items():
        said = "You" if who == name else who
        assert f"{said} {chips:,}" in stacks, (who, stacks)
    pots = readout(page, "p")
    for amount in page.locator("#pk-pots .pk-pot:not(.pk-pot-bets)").all_inner_texts():
        if not amount.endswith(": 0"):
            assert amount.split(": ")[1] in pots, (amount, pots)
    dealer = page.locator("#seats .pk-seat", has=page.locator(".pk-dealer"))
    owner = dealer.locator(".pk-name").inner_text()
    x = readout(page, "x")
    assert x == ("You have the button." if owner == name else f"{owner} has the button.")
    assert readout(page, "z").endswith("3 players dealt in.")


def all_named(page: Page) -> None:
    """Every control on show in the poker screen has an accessible name."""
    controls = page.locator("#screen-table").locator(
        "button:visible, input:visible, select:visible")
    assert controls.count() >= 2
    for i in range(controls.count()):
        expect(controls.nth(i)).to_have_accessible_name(re.compile(r"\w"))


def check_clocks(name: str, page: Page) -> None:
    """V: the tournament's level; Shift+T: the turn's time left, as the countdown shows it."""
    assert readout(page, "v").startswith("Level 1: blinds 5 and 10.")
    clock = page.locator("#pk-clock").inner_text()  # "Bo's turn: 28 s left"
    whose = clock.split(":")[0]
    said = readout(page, "Shift+T")
    # said in words: "28 seconds left", or with the time bank "1 minute 30 seconds left, of
    # which 1 minute time bank"
    left = re.fullmatch(rf"{re.escape(whose)}: (?:(\d+) minutes? ?)?(?:(\d+) seconds? )?left.*\.",
                        said)
    assert left and (left.group(1) or left.group(2)), (name, said, clock)
    seconds = 60 * int(left.group(1) or 0) + int(left.group(2) or 0)
    assert seconds <= int(re.search(r"(\d+) s left", clock).group(1)) + 1, (said, clock)


def test_a_holdem_hand_played_by_keyboard_alone_read_from_the_live_regions(site, pooled_player):
    """The turn clock runs (30 s) while anyone reads: each turn reads on two pages only (the
    player to act and one other, in turn), and the key help is tried once the hand is over."""
    pages = open_three(site, pooled_player)
    host, ann, bo = pages.values()
    host.page.select_option("#game-select", "holdem")
    host.page.select_option("#gs-mode", "tournament")
    host.page.fill("#gs-starting_stack", str(STACK))
    host.page.press("#gs-starting_stack", "Tab")
    expect(ann.page.locator("#game-summary")).to_contain_text("Tournament: 1,000 chips each")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)

    steps = 0
    raised = False
    folded = ""
    seen_rounds: set[int] = set()
    readers = list(pages)
    while (name := to_act(pages)) is not None:
        steps += 1
        assert steps < 30
        page = pages[name].page
        expect(page.locator("#alert")).to_contain_text("Your turn")
        alert = page.locator("#alert").inner_text()
        to_call = readout(page, "n")
        label = page.locator("#pk-call-label").inner_text()
        if label == "Check":
            assert to_call.endswith("You may check.") and "may check" in alert, (to_call, alert)
        else:
            amount = label.removeprefix("Call ")
            assert to_call.endswith(f"{amount} to call."), (to_call, label)
            assert f"{amount} to call" in alert
        board = cards_on(page, "#boards")
        if steps == 1:
            all_named(page)  # the actions on show too
            check_clocks(name, page)
        if len(board) not in seen_rounds:  # once a street: the reading keys, on two pages
            seen_rounds.add(len(board))
            in_step(pages, page)
            other = readers[len(seen_rounds) % len(readers)]
            other = other if other != name else readers[(len(seen_rounds) + 1) % len(readers)]
            for who in (name, other):
                check_reading_keys(who, pages[who].page)
            log = readout(page, "l")
            assert log.startswith("Preflop" if not board else "Flop" if len(board) == 3
                                  else "Turn" if len(board) == 4 else "River"), log
        if not raised and page.locator("#pk-raise-form").is_visible():
            raised = True
            m = readout(page, "m")
            low = re.match(r"Minimum: (?:raise to|bet) ([\d,]+)\.", m)
            assert low, m
            page.locator("#pk-note").focus()
            page.keyboard.press("r")
            expect(page.locator("#pk-amount")).to_be_focused()
            page.keyboard.press("Control+a")
            page.keyboard.type(low.group(1).replace(",", ""))
            page.keyboard.press("Enter")
            for p in pages.values():
                expect(p.page.locator("#announce")).to_contain_text(
                    f"{name} {'raises to' if 'raise' in m else 'bets'} {low.group(1)}")
        elif len(board) == 5 and not folded:
            folded = name  # one player lets the river go: F
            page.locator("#pk-note").focus()
            page.keyboard.press("f")
            for p in pages.values():
                expect(p.page.locator("#announce")).to_contain_text(f"{name} folds")
            expect(page.locator("#pk-actions")).to_have_attribute("data-mine", "no")
            assert readout(page, "d").endswith("You folded.")
        else:
            page.locator("#pk-note").focus()
            page.keyboard.press("c")
            word = "checks" if label == "Check" else "calls"
            for other, p in pages.items():
                if other != name:
                    expect(p.page.locator("#announce")).to_contain_text(f"{name} {word}")
    assert raised and folded and len(seen_rounds) == 4  # every street was read

    for p in pages.values():
        expect(p.page.locator("#pk-results")).to_be_visible()
        payouts = p.page.locator("#pk-results .pk-payouts li").all_inner_texts()
        expect(p.page.locator("#announce")).to_contain_text(speakable(payouts[-1]))
        stacks = p.page.locator("#seats .pk-stack").evaluate_all(STACKS_JS)
        assert sum(stacks) == 3 * STACK
        assert readout(p.page, "n") == "No betting now: no hand is running."
        all_named(p.page)
    check_reading_keys("Bo", bo.page)  # the river's cards and the stacks after the payout

    # The key help: ? opens it over the table, Escape closes it, the focus comes back.
    page = bo.page
    page.locator("#pk-note").focus()
    page.keyboard.press("?")
    dialog = page.locator("#keys-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#keys-title")).to_have_text("Keys at the poker table")
    # The card keys run 1 to 9, then 0 for the tenth card (five-card PLO's river).
    for key in ("Shift+T", "Shift+N", "Shift+A", "G", "1 to 9, 0"):
        expect(dialog.locator("th", has_text=re.compile(f"^{re.escape(key)}$"))).to_have_count(1)
    expect(page.locator("#keys-close")).to_be_focused()
    shot(page, "poker-keys-help-desktop")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#pk-note")).to_be_focused()
    ann.page.click("#keys-btn")  # the visible button, on the phone
    expect(ann.page.locator("#keys-dialog")).to_be_visible()
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)
    shot(ann.page, "poker-keys-help-phone")
    ann.page.keyboard.press("Escape")
    expect(ann.page.locator("#keys-dialog")).to_be_hidden()
    expect(ann.page.locator("#keys-btn")).to_be_focused()

    # N reads; Shift+N deals (the host's key), never N, nor anything while the help is open.
    hand = host.page.locator("#hand-no")
    expect(hand).to_have_text("1")
    readout(host.page, "n")
    host.page.keyboard.press("?")
    expect(host.page.locator("#keys-dialog")).to_be_visible()
    host.page.keyboard.press("Shift+N")
    host.page.keyboard.press("Escape")
    expect(host.page.locator("#keys-dialog")).to_be_hidden()
    expect(hand).to_have_text("1")
    host.page.keyboard.press("Shift+N")
    for p in pages.values():
        expect(p.page.locator("#hand-no")).to_have_text("2")
    for p in pages.values():
        assert p.csp_violations() == []


def test_ultimate_omahas_key_help_lists_its_own_keys(site, pooled_player):
    """? at Ultimate Omaha's table lists C, D and N (its keys, not the poker table's); while
    it is open C does not check; Escape closes it and the focus comes back."""
    host = pooled_player("host")
    host.open_site(site)
    host.wait_ready()
    host.create_room("Hana")
    host.page.click("#start-btn")
    host.wait_screen("game")
    page = host.page
    expect(page.locator("#check-btn")).to_be_enabled()
    page.locator("#you-note").focus()
    page.keyboard.press("?")
    dialog = page.locator("#keys-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#keys-title")).to_have_text("Keys at Ultimate Omaha")
    keys = dialog.locator("th.keys-key").all_inner_texts()
    assert keys == ["C", "D", "N", "?"], keys
    page.keyboard.press("c")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#you-note")).to_be_focused()
    expect(page.locator("#check-btn")).to_be_enabled()  # C slept while the help was open
    page.click("#keys-btn")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#keys-btn")).to_be_focused()

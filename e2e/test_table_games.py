"""The table games in real browsers: the host picks Texas Hold'em in the lobby, three players
(one on a 375 px phone) play a hand to showdown through the poker table's controls.

Checked as a person (or a screen reader) meets them: the lobby's fields and their messages,
what guests read of the choice, the controls and keys of the player to act, the live region,
every page's DOM holding no other player's cards before the showdown, and the stacks after the
hand summing to the chips the table started with. The engine's files (``py-tables``) must be
requested by the host's page alone, and only once it starts the table game.
"""

from __future__ import annotations

from harness import ARTIFACTS
from playwright.sync_api import expect
from pokerpage import PHONE, STACKS_JS, WIDTH_JS, cards_on, to_act
from tablepage import open_three, seat_three
from web.pokertext import speakable

from tools.sync_page_files import page_modules, table_modules

STACK = 1000
TABLES = tuple(f"/{path}" for path in table_modules(page_modules()))
"""The engine's files (``py-tables``; the table games' facts the lobby reads are not among
them: ``tools/sync_page_files.py``)."""


def tables_requested(log: list[str]) -> list[str]:
    return [u for u in log if any(part in u for part in TABLES)]


def test_three_players_play_a_holdem_hand_to_showdown(site, new_player):
    host = new_player("host")
    ann = new_player("ann", viewport=PHONE)
    bo = new_player("bo")
    requests: dict[str, list[str]] = {"Hana": [], "Ann": [], "Bo": []}
    for name, p in (("Hana", host), ("Ann", ann), ("Bo", bo)):
        p.page.on("request", lambda r, log=requests[name]: log.append(r.url))
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}

    # The lobby: Ultimate Omaha by default; the host picks Hold'em, a tournament of 1,000.
    expect(host.page.locator("#game-select")).to_have_value("ultimate")
    expect(ann.page.locator("#game-pick")).to_be_hidden()
    host.page.select_option("#game-select", "holdem")
    expect(host.page.locator("#game-line")).to_contain_text("Two cards each")
    expect(host.page.locator("#bet-card")).to_be_hidden()
    host.page.select_option("#gs-mode", "tournament")
    big = host.page.locator("#gs-big_blind")
    big.fill("ten")
    big.press("Tab")
    error = host.page.locator("#gs-big_blind-error")
    expect(error).to_have_text("Big blind: enter a whole number of chips.")
    expect(big).to_have_attribute("aria-invalid", "true")
    big.fill("10")
    big.press("Tab")
    expect(error).to_be_hidden()
    host.page.fill("#gs-starting_stack", str(STACK))
    host.page.press("#gs-starting_stack", "Tab")
    for p in (ann, bo):
        summary = p.page.locator("#game-summary")
        expect(summary).to_contain_text("Texas Hold'em")
        expect(summary).to_contain_text("Tournament: 1,000 chips each")
        expect(summary).to_contain_text("Blinds: 5 / 10 chips")
    host.screenshot("poker-lobby-host-desktop")
    ann.screenshot("poker-lobby-guest-phone")
    assert all(tables_requested(log) == [] for log in requests.values())

    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#game-name")).to_have_text("Texas Hold'em")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
    stacks0 = host.page.locator("#seats .pk-stack").evaluate_all(STACKS_JS)
    bets0 = [int(t.replace(",", "")) for t in
             host.page.locator("#seats .pk-bet").all_inner_texts()]
    assert sum(stacks0) + sum(bets0) == 3 * STACK and sorted(bets0) == [5, 10]
    expect(host.page.locator("#seats .pk-dealer")).to_have_count(1)
    expect(host.page.locator("#seats .pk-blind")).to_have_count(2)

    holes = {}
    for name, p in pages.items():
        holes[name] = cards_on(p.page, "#pk-hole")
        assert len(holes[name]) == 2
    steps = 0
    raised = False
    shots = False
    while (name := to_act(pages)) is not None:
        steps += 1
        assert steps < 30
        # No page shows anyone else's hole cards before the showdown.
        for viewer, p in pages.items():
            seen = set(cards_on(p.page, "body"))
            board = set(cards_on(p.page, "#boards"))
            assert seen - board <= set(holes[viewer]), (viewer, seen - board)
            assert p.page.locator("#seats .pk-seat:not(.pk-seat-you) "
                                  ".pc:not(.pc-back)").count() == 0
        page = pages[name].page
        expect(page.locator("#alert")).to_contain_text("Your turn")
        expect(page.locator("#pk-clock")).to_contain_text("Your turn:")
        call = page.locator("#pk-call")
        if not raised and page.locator("#pk-raise-form").is_visible():
            # By keyboard: R puts the focus in the amount box, then type and Enter.
            raised = True
            bounds = page.locator("#pk-amount-label").inner_text()
            assert bounds.startswith(("Raise to (", "Bet (")), bounds
            page.locator("#pk-note").focus()
            page.keyboard.press("r")
            expect(page.locator("#pk-amount")).to_be_focused()
            page.keyboard.press("Control+a")
            page.keyboard.type("1")  # below the minimum: refused at the field, nothing sent
            page.keyboard.press("Enter")
            expect(page.locator("#pk-amount-error")).to_be_visible()
            page.click("#pk-p-pot")
            amount = int(page.input_value("#pk-amount"))
            page.locator("#pk-amount").press("Enter")
            for p in pages.values():
                expect(p.page.locator("#pk-log")).to_contain_text(f"{name} raises to {amount}")
        elif call.is_visible():
            label = call.inner_text()
            if name == "Ann":
                call.click()  # the phone by touch
            else:
                page.locator("#pk-note").focus()
                page.keyboard.press("c")
            word = "checks" if label.startswith("Check") else "calls"
            expect(pages["Bo" if name != "Bo" else "Hana"].page.locator("#pk-log")).to_contain_text(
                f"{name} {word}")
        else:
            raise AssertionError(f"{name} has neither call nor raise")
        board = cards_on(host.page, "#boards")
        if not shots and len(board) >= 3:
            shots = True
            host.screenshot("poker-holdem-flop-desktop")
            ann.screenshot("poker-holdem-flop-phone")
            width, inner = ann.page.evaluate(WIDTH_JS)
            assert width <= inner, (width, inner)
    assert raised and shots

    # Showdown: results on every page, the chips all still there.
    for name, p in pages.items():
        expect(p.page.locator("#pk-results")).to_be_visible()
        payouts = p.page.locator("#pk-results .pk-payouts li").all_inner_texts()
        assert payouts and all(" wins " in t or " split " in t for t in payouts)
        stacks = p.page.locator("#seats .pk-stack").evaluate_all(STACKS_JS)
        assert sum(stacks) == 3 * STACK, (name, stacks)
        expect(p.page.locator("#announce")).to_contain_text(speakable(payouts[-1]))
    shown = host.page.locator("#pk-results .pk-shown")
    assert shown.count() >= 2  # everybody called to the river: hands shown
    host.screenshot("poker-holdem-showdown-desktop")
    ann.screenshot("poker-holdem-showdown-phone")
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)

    # The engine's files: fetched by the host's page, at Start; never by a guest's.
    assert tables_requested(requests["Hana"])
    load_ms = host.page.get_attribute("body", "data-tables-load-ms")
    assert load_ms is not None and load_ms.isdigit()
    # imported a module per step (web/tablesload.py), the page answering between steps
    step_ms = host.page.get_attribute("body", "data-tables-step-ms")
    assert step_ms is not None and step_ms.isdigit()
    print(f"\nthe table games' engine reached the host's page in {load_ms} ms "
          f"(fetch of py-tables + import; target 600 ms), its longest step {step_ms} ms "
          f"({host.page.get_attribute('body', 'data-tables-step')})")
    assert tables_requested(requests["Ann"]) == [] and tables_requested(requests["Bo"]) == []
    expect(host.page.locator("#pk-next-btn")).to_be_enabled()
    expect(ann.page.locator("#pk-next-btn")).to_be_hidden()
    assert ARTIFACTS.is_dir()
    for p in pages.values():
        assert p.csp_violations() == []


def test_a_cash_table_buys_in_at_the_table_then_deals(site, pooled_player):
    """A cash Hold'em table (the lobby's default mode): after Start the table waits while each
    player buys in at their cash card (a buy-in outside the host's range is said at the field
    and nothing is sent), then the host deals; between hands a player sits out."""
    pages = open_three(site, pooled_player)
    host, ann, bo = pages.values()
    host.page.select_option("#game-select", "holdem")
    expect(host.page.locator("#gs-mode")).to_have_value("cash")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#pk-cash")).to_be_visible()
        expect(p.page.locator("#pk-buyin-btn")).to_have_text("Buy in")
        expect(p.page.locator("#pk-buyin-amount")).to_have_value("1000")  # 100 big blinds
    expect(host.page.locator("#phase-label")).to_have_text("Waiting")
    expect(host.page.locator("#pk-post-btn")).to_be_hidden()  # nobody waits before hand 1

    box = ann.page.locator("#pk-buyin-amount")
    box.fill("300")
    box.press("Enter")
    error = ann.page.locator("#pk-buyin-error")
    expect(error).to_have_text("Buy in from 400 to 2,500 chips.")
    expect(box).to_have_attribute("aria-invalid", "true")
    box.fill("2,000")
    ann.page.click("#pk-buyin-btn")
    expect(error).to_be_hidden()
    for p in (host, bo):
        p.page.click("#pk-buyin-btn")
    stacks = host.page.locator("#seats .pk-stack")
    expect(stacks).to_have_count(3)
    host.page.wait_for_function(
        "() => [...document.querySelectorAll('#seats .pk-stack')]"
        ".map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
        ".reduce((a, b) => a + b, 0) === 4000")
    ann.screenshot("poker-cash-buyin-phone")

    host.page.click("#pk-next-btn")  # the host deals once everyone has chips
    name = to_act(pages)
    folds = 0
    while name is not None and folds < 6:
        pages[name].page.click("#pk-fold")
        folds += 1
        name = to_act(pages)
    assert name is None, "folding round the table ends the hand"
    total = stacks.evaluate_all(STACKS_JS)
    assert sum(total) == 4000, total  # no chip made or lost; the blinds went to the winner

    bo.page.click("#pk-sit-btn")
    expect(bo.page.locator("#pk-sit-btn")).to_have_text("Sit back in")
    expect(host.page.locator("#seats .pk-seat", has_text="Bo")).to_contain_text(
        "Sitting out")
    for p in pages.values():
        assert p.csp_violations() == []

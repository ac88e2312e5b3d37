"""The poker table's pre-actions and results screen in real browsers: three players (one on
a 375 px phone) play a PLO double-board bomb pot to a showdown.

Before the first bet the two players waiting choose "Call any"; when the bet reaches them
their pages call by themselves (nobody clicks), and the choice is gone at the next round. At
the showdown every page highlights, per board, the five cards that won it: the test works the
winners and their five out apart, with the rules layer, from the cards the page shows (the
boards and the shown hands), and compares. The payout messages are in the log and the live
region, and the chips fly to the winners (not under prefers-reduced-motion: reduce, which Bo's
page asks for). Screenshots: ``poker-results-desktop.png`` and ``poker-results-phone.png``.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pokerpage import to_act
from rules.cards import Card, parse_cards
from rules.evaluator import high5, omaha_high, omaha_high_best
from tablepage import seat_three
from web.pokertext import speakable

PHONE = (375, 740)
STACK = 1000
CARDS_JS = "els => els.map(e => e.dataset.card).filter(Boolean)"
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
SHOWN_JS = """els => els.map(e => ({
  name: e.querySelector('.pk-shown-name').textContent,
  cards: [...e.querySelector(':scope > .cards').querySelectorAll('.pc')].map(
      c => c.dataset.card),
  marked: Object.fromEntries([...e.querySelectorAll(':scope > .cards .pc[data-win]')].map(
      c => [c.dataset.card, c.dataset.win])),
  parts: [...e.querySelectorAll('.pk-part')].map(p => ({
    part: p.dataset.part, won: p.dataset.won === 'yes',
    five: [...p.querySelectorAll('.pk-five .pc')].map(c => c.dataset.card)})),
}))"""
BOARD_MARKS_JS = """els => els.map(e => e.dataset.win ? [e.dataset.card, e.dataset.win] : null)
  .filter(Boolean)"""
CHIPS_JS = """els => els.map(e => ({
  name: e.closest('.pk-seat').querySelector('.pk-name').textContent,
  text: e.textContent, fly: e.classList.contains('pk-won-fly'),
  animation: getComputedStyle(e).animationName}))"""


def board(page: Page, n: int) -> list[Card]:
    return parse_cards(" ".join(
        page.locator(f"#boards .pk-board[data-board='{n}'] .pc").evaluate_all(CARDS_JS)))


def expected_winners(hands: dict[str, list[Card]], cards: list[Card]) -> dict[str, set[Card]]:
    """Who wins this board and with which five, by the rules layer in this process."""
    values = {name: omaha_high(hole, cards) for name, hole in hands.items()}
    best = max(values.values())
    return {name: set(omaha_high_best(hole, cards)[1]) for name, hole in hands.items()
            if values[name] == best}


def test_call_any_fires_at_the_turn_and_the_results_mark_each_boards_winning_five(
        site, pooled_player):
    host = pooled_player("host")
    ann = pooled_player("ann", viewport=PHONE)
    bo = pooled_player("bo")
    bo.page.emulate_media(reduced_motion="reduce")
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.select_option("#game-select", "bomb-double")
    host.page.select_option("#gs-mode", "tournament")
    host.page.fill("#gs-starting_stack", str(STACK))
    host.page.press("#gs-starting_stack", "Tab")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#boards .pk-board")).to_have_count(2)

    # The flop is out (a bomb pot: everyone antes, no preflop); before anyone bets, the two
    # players waiting choose "Call any" on their pre-action buttons.
    first = to_act(pages)
    assert first is not None
    waiting = [n for n in pages if n != first]
    expect(pages[first].page.locator("#pk-pre")).to_be_hidden()  # the player to act decides
    for name in waiting:
        page = pages[name].page
        expect(page.locator("#pk-pre")).to_be_visible()
        expect(page.locator("#pk-pre-call")).to_have_text("Check")  # nothing owed yet
        button = page.locator("#pk-pre-call_any")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    pages[waiting[0]].screenshot("poker-preaction-" + (
        "phone" if waiting[0] == "Ann" else "desktop"))
    page = pages[first].page
    expect(page.locator("#pk-raise-form")).to_be_visible()
    bet = int(page.input_value("#pk-amount"))
    page.locator("#pk-amount").press("Enter")  # the minimum bet
    for name in waiting:  # their pages call for them when the bet reaches them
        for p in pages.values():
            expect(p.page.locator("#pk-log")).to_contain_text(f"{name} calls {bet}")
    # The choice fired once and lapsed with its round: the turn finds it cleared.
    expect(host.page.locator("#phase-label")).to_have_text("Turn")
    for name in waiting:
        page = pages[name].page
        expect(page.locator("#pk-pre-call_any")).to_have_attribute("aria-pressed", "false")

    steps = 0
    while (name := to_act(pages)) is not None:  # check it down
        steps += 1
        assert steps < 12
        call = pages[name].page.locator("#pk-call")
        expect(call).to_contain_text("Check")
        call.click()
        expect(call).to_be_disabled()

    # Showdown. Worked out apart: per board, the winners and their five (rules layer).
    for p in pages.values():
        expect(p.page.locator("#pk-results")).to_be_visible()
    shown = host.page.locator("#pk-results .pk-shown").evaluate_all(SHOWN_JS)
    assert len(shown) == 3  # everybody was in to the river
    hands = {s["name"]: parse_cards(" ".join(s["cards"])) for s in shown}
    boards = {n: board(host.page, n) for n in (1, 2)}
    want = {n: expected_winners(hands, boards[n]) for n in (1, 2)}
    for viewer, p in pages.items():
        assert p.page.locator("#pk-results .pk-shown").evaluate_all(SHOWN_JS) == shown, viewer
        for n in (1, 2):
            token = f"board-{n}"
            cards = set(boards[n])
            assert board(p.page, n) == boards[n]
            marks = dict(p.page.locator(
                f"#boards .pk-board[data-board='{n}'] .pc").evaluate_all(BOARD_MARKS_JS))
            on_board = {Card.parse(c) for c, t in marks.items() if token in t.split()}
            assert on_board == set().union(*want[n].values()) & cards, (viewer, n)
            for s in shown:
                part = next(x for x in s["parts"] if x["part"] == token)
                five = set(parse_cards(" ".join(part["five"])))
                hole = set(hands[s["name"]])
                marked = {Card.parse(c) for c, t in s["marked"].items() if token in t.split()}
                if s["name"] in want[n]:
                    assert part["won"] and five == want[n][s["name"]], (viewer, n, s)
                    assert high5(tuple(five)) == omaha_high(hands[s["name"]], boards[n])
                    assert len(five & hole) == 2 and five <= hole | cards
                    assert marked == five & hole
                else:
                    assert not part["won"] and five == set() and marked == set()

        # The payout messages: in the results, at the end of the log, in the live region.
        payouts = p.page.locator("#pk-results .pk-payouts li").all_inner_texts()
        assert payouts and all("board 1" in t or "board 2" in t for t in payouts), payouts
        assert p.page.locator("#pk-log .pk-log-result").all_inner_texts() == payouts
        for text in payouts:
            expect(p.page.locator("#announce")).to_contain_text(speakable(text))

        # Chips to each winner; flying, except where reduced motion is asked for.
        chips = p.page.locator("#seats .pk-won").evaluate_all(CHIPS_JS)
        winners = set(want[1]) | set(want[2])
        assert {c["name"] for c in chips} == winners, (viewer, chips)
        for c in chips:
            assert c["fly"] and c["text"].startswith("+")
            assert c["animation"] == ("none" if viewer == "Bo" else "pk-chips"), (viewer, c)
        stacks = p.page.locator("#seats .pk-stack").all_inner_texts()
        assert sum(int(t.replace(",", "")) for t in stacks) == 3 * STACK

    host.page.wait_for_timeout(1000)  # the chips' flight is over: a still picture
    host.screenshot("poker-results-desktop")
    ann.screenshot("poker-results-phone")
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)
    for p in pages.values():
        assert p.csp_violations() == []

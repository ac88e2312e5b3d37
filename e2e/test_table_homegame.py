"""A home game's night at one table in real browsers: run it twice, dealer's choice and the
7-2 bounty together (``static/rules/table-games.md``: Run it twice, Dealer's choice, 7-2
bounty), three players, Ann on a 375 px phone.

Hand 1 (Hold'em): Ann or Bo moves all in, the other calls, Hana folds; both players in are
asked "Run it twice?", agree (Ann by keyboard), and every page draws the second runout and
pays each run's half; the guests verify the deal, second runout included. The player who
will have the next button picks hand 2's game by keyboard (Texas Hold'em); every page is told.
Hand 2 is dealt by an altered host page that gives Hana seven-deuce offsuit: she raises, the
others fold, and her uncontested win turns the 7-2 up and collects the bounty from each of the
two others on every page, the chips on the table unchanged; the guests' pages say the deal was
NOT VERIFIED (the stacked deck is caught, as every cheat is). Screenshots:
``homegame-twice-phone.png``, ``homegame-pick-phone.png`` or ``-desktop``,
``homegame-bounty-desktop.png``.
"""

from __future__ import annotations

from typing import Any

from harness import PHONE
from playwright.sync_api import expect
from pokerpage import cards_on, chips_on, seat_players, to_act, wait_chips
from tablesteps import table_state, timer_off
from test_fair_cheat import alter

WAIT_MS = 60_000
BOUNTY = 50
STACKED_72 = '''

# --- altered host (the test's stacked deck): from hand 2 on, a Hold'em hand deals Hana
# seven-deuce offsuit, each card moved from its place in the true deck ---
def _stacked(_honest=start):
    def stacked(hand_no, ids, seats, names, config, stream, **kw):
        deck = list(stream.deck())
        if hand_no >= 2 and config.game is Game.HOLDEM and "Hana" in names:
            order = list(config.seats_in_order)
            i = order.index(list(names).index("Hana"))
            for k, text in enumerate(("7c", "2d")):
                place, at = k * len(order) + i, deck.index(Card.parse(text))
                deck[place], deck[at] = deck[at], deck[place]
        return _honest(hand_no, ids, seats, names, config, FixedStream(deck), **kw)
    return stacked


start = _stacked()
'''


def open_home_game(players: dict[str, Any]) -> None:
    """The host picks Hold'em with dealer's choice, run it twice and a 7-2 bounty, no timer
    and no auto-deal (the test deals), and everyone buys in 1,000."""
    host = players["Hana"].page
    timer_off(players["Hana"])
    host.select_option("#game-select", "holdem")
    host.check("#gs-dealers_choice")
    host.check("#gs-run_twice")
    host.fill("#gs-bounty", str(BOUNTY))
    host.press("#gs-bounty", "Tab")
    host.set_checked("#gs-auto-deal", False)
    for name in ("Ann", "Bo"):  # the guests read the host's choices
        expect(players[name].page.locator("#game-summary")).to_contain_text("Dealer's choice")
    host.click("#start-btn")
    for p in players.values():
        p.wait_screen("poker")
        p.page.fill("#pk-buyin-amount", "1000")
        p.page.click("#pk-buyin-btn")
    for p in players.values():
        wait_chips(p.page, 3000, phase_ok=("waiting",))


def deal(players: dict[str, Any], hand_no: int) -> None:
    """The host deals; every page shows the hand, and the players with chips their cards."""
    seats = table_state(players["Hana"].page).seats
    players["Hana"].page.click("#pk-next-btn")
    for name, p in players.items():
        expect(p.page.locator("#hand-no")).to_have_text(str(hand_no), timeout=WAIT_MS)
        if seats[name]["stack"] > 0:
            expect(p.page.locator("#pk-hole .pc[data-card]").first).to_be_attached(
                timeout=WAIT_MS)


def test_run_it_twice_the_buttons_pick_and_a_7_2_bounty_at_one_table(site, new_player,
                                                                      pooled_player):
    # The altered host's page is a new one (its engine is fetched through the alteration).
    players = {"Hana": new_player("host"), "Ann": pooled_player("ann", viewport=PHONE),
               "Bo": pooled_player("bo")}
    alter(players["Hana"], "games/poker/hands.py", STACKED_72)
    seat_players(site, players, timeout=WAIT_MS)
    open_home_game(players)

    # Hand 1: Ann and Bo all in and called (whoever acts first of them moves in), Hana
    # folds (she keeps chips for hand 2); both players in agree to run it twice.
    deal(players, 1)
    in_hand: list[str] = []
    for _ in range(3):  # three players preflop: three decisions, then the question
        name = to_act(players, timeout_ms=WAIT_MS)
        assert name is not None
        if name == "Hana":
            players[name].page.click("#pk-fold")
            continue
        players[name].page.click("#pk-call" if in_hand else "#pk-allin")
        in_hand.append(name)
    assert len(in_hand) == 2, in_hand
    for name in in_hand:
        q = players[name].page.locator("#pk-choices")
        expect(q).to_have_attribute("data-asked", "yes", timeout=WAIT_MS)
        expect(players[name].page.locator("#pk-choices-q")).to_contain_text("Run it twice?")
    for name in in_hand:
        yes = players[name].page.locator(
            "#pk-choices-buttons button[data-choice='run_twice']")
        if name == "Ann":  # the phone, by keyboard
            yes.focus()
            players[name].page.keyboard.press("Enter")
        else:
            yes.click()
    for p in players.values():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)
        run2 = p.page.locator("#boards .pk-board-extra[data-extra='Run 2'] .pc[data-card]")
        expect(run2).to_have_count(5)
        expect(p.page.locator("#pk-log")).to_contain_text("second run's half")
        assert chips_on(p.page) == 3000
    # The host presses Next hand too soon: refused (the button is picking), and Next hand is
    # usable again (a refusal brings no new view; the page gives the button back itself).
    host_next = players["Hana"].page.locator("#pk-next-btn")
    host_next.click()
    expect(players["Hana"].page.locator("#notice")).to_contain_text("picking the next game")
    expect(host_next).to_be_enabled()
    for name in ("Ann", "Bo"):  # the honest first hand: verified, second runout and all
        expect(players[name].page.locator("#fair-note")).to_have_attribute(
            "data-ok", "yes", timeout=WAIT_MS)
    players["Ann"].screenshot("homegame-twice-phone")

    # The next button picks hand 2's game, by keyboard; the others are told.
    picker = next(n for n, p in players.items()
                  if p.page.locator("#pk-pick-form").is_visible())
    box = players[picker].page.get_by_label("Next hand's game")
    expect(box).to_be_visible()
    players[picker].screenshot("homegame-pick-" + ("phone" if picker == "Ann" else "desktop"))
    box.focus()
    box.select_option(label="Texas Hold'em")
    players[picker].page.keyboard.press("Enter")
    for name, p in players.items():
        if name != picker:
            expect(p.page.locator("#pk-pick-line")).to_have_text(
                f"{picker} picked Texas Hold'em for hand 2.", timeout=WAIT_MS)

    # Hand 2: Hana holds seven-deuce offsuit; she raises, the others fold. Who pays the
    # bounty: every other player with chips after hand 1 (one of them may have lost all).
    stacks = table_state(players["Hana"].page).seats
    payers = sorted(n for n in ("Ann", "Bo") if stacks[n]["stack"] > 0)
    deal(players, 2)
    assert sorted(cards_on(players["Hana"].page, "#pk-hole")) == ["2d", "7c"]
    steps = 0
    while (name := to_act(players, timeout_ms=WAIT_MS)) is not None:
        steps += 1
        assert steps < 10
        page = players[name].page
        if name == "Hana":
            if page.locator("#pk-raise-form").is_visible():
                page.locator("#pk-amount").press("Enter")  # the minimum raise
            else:
                page.click("#pk-call")
        elif page.locator("#pk-fold").is_visible():
            page.click("#pk-fold")
        else:
            page.click("#pk-call")
    for p in players.values():
        results = p.page.locator("#pk-results")
        expect(results).to_contain_text("Hana wins the 7-2 bounty", timeout=WAIT_MS)
        expect(results).to_contain_text(
            f"{BOUNTY * 2} chips ({BOUNTY} from each of" if len(payers) == 2
            else f"{BOUNTY} chips (from {payers[0]})")
        assert chips_on(p.page) == 3000  # the bounty moves chips, it makes none
    for name in ("Ann", "Bo"):  # the stacked deck is caught on every guest's page
        note = players[name].page.locator("#fair-note")
        expect(note).to_have_attribute("data-ok", "no", timeout=WAIT_MS)
        expect(note).to_contain_text("DEAL NOT VERIFIED")
        shown = cards_on(players[name].page, "#pk-results")
        assert "7c" in shown and "2d" in shown, shown  # turned up to claim the bounty
    players["Hana"].screenshot("homegame-bounty-desktop")

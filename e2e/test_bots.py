"""Bots in the real page: a host alone with three bots plays a hand of Ultimate Omaha and a hand
of Pot-Limit Omaha to the end, a practice table starts with the network off, and the odds
advisor speaks at a practice table of 2-7 Triple Draw.

The host adds the bots by keyboard under Seats (each said in the live region), sees them as
bots in the player list and on their seats (a "bot" badge with the level in words), and plays
its own decisions by keyboard; the bots play theirs through the room like anyone (a game
whose brain is not in the catalogue yet is played for them by the decision clock, as for a
person who does not act: the test sets the shortest timer, so it ends either way).

Practice alone: the page has loaded its modules, then the browser goes offline
(``context.set_offline``); one click on Practice seats the player at a table of bots, no
PeerJS peer is ever made (counted by an init script around ``window.Peer``), the odds advisor
shows this player's own hand (switched off and on again by the host's switch), and a hand is
played to its results.

Two pages are booted once for the module (conftest.SharedPlayers): the host Hana (desktop) and
Gus (phone), the guest of the advisor's test and the player of the draw practice table. The
practice table with the network off keeps a page of its own: it counts the peers a page makes
from its first moment.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tablepage import act, wait_phase
from tablesteps import room_setting

PHONE = (375, 740)
DESKTOP = (1280, 860)
SHARED_PLAYERS = [("Hana", DESKTOP), ("Gus", PHONE)]

COUNT_PEERS = """
(() => {
  let real;
  window.__peers = 0;
  Object.defineProperty(window, 'Peer', {
    configurable: true,
    get() { return real; },
    set(v) {
      real = new Proxy(v, { construct(t, args) { window.__peers += 1; return new t(...args); } });
    },
  });
})();
"""


def add_bots(host, level: str, count: int) -> None:
    """Under Seats: the level chosen, then Add a bot pressed by keyboard ``count`` times;
    each arrival is said in the live region."""
    page = host.page
    page.select_option("#bot-level", level)
    button = page.locator("#bot-add-btn")
    seated = page.locator("#bot-list .bot-row").count()
    for n in range(count):
        button.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#bot-list .bot-row")).to_have_count(seated + n + 1)
        expect(page.locator("#bot-announce")).to_contain_text("sat down")
    expect(page.locator("#bot-announce")).to_contain_text(f"a {level} bot")


def test_host_alone_with_three_bots_plays_ultimate_then_plo(shared_players):
    host, _gus = shared_players
    page = host.page
    host.create_room("Hana")
    add_bots(host, "casual", 2)
    add_bots(host, "strong", 1)
    expect(page.locator("#player-list .player")).to_have_count(4)
    expect(page.locator("#player-list .badge-bot")).to_have_text(
        ["casual bot", "casual bot", "strong bot"])
    # A bot is removed under Bots, not with the people (the kick list has nobody in it).
    expect(page.locator("#kick-select option")).to_have_count(1)
    expect(page.locator("#bot-list button").first).to_have_attribute(
        "aria-label", "Remove Casual bot 1")
    host.screenshot("bots-lobby")

    # Ultimate Omaha, the lobby's default game, with the shortest decision timer.
    page.select_option("#gs-timer", "10")
    page.click("#start-btn")
    host.wait_screen("game")
    wait_phase(page, 1, "preflop")
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator("#seats .seat .badge-bot")).to_have_count(3)
    expect(page.locator("#seats .seat .badge-bot").last).to_have_text("strong bot")
    act(page, "double", keyboard=True, last=True)  # the bots may have chosen already
    wait_phase(page, 1, "flop", timeout=40_000)
    act(page, "check", keyboard=True, last=True)
    wait_phase(page, 1, "results", timeout=40_000)
    host.screenshot("bots-ultimate-results")
    # The ledger names the bots as bots too.
    expect(page.locator("#ledger-rows .badge-bot")).to_have_text(
        ["casual bot", "casual bot", "strong bot"])
    # Every seat was settled: the bots' hands are shown like everyone's.
    expect(page.locator("#seats .seat .seat-result, #seats .seat .result")).not_to_have_count(0)

    # A bot removed between hands leaves at once; the live region says so.
    page.locator("#bot-list button").last.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#bot-announce")).to_contain_text("Strong bot 3 left the table.")
    expect(page.locator("#bot-list .bot-row")).to_have_count(2)
    add_bots(host, "strong", 1)


def test_host_alone_with_three_bots_plays_a_plo_hand(shared_players):
    host, _gus = shared_players
    page = host.page
    host.create_room("Hana")
    add_bots(host, "casual", 3)
    page.select_option("#game-select", "omaha")
    page.select_option("#gs-mode", "tournament")
    page.select_option("#gs-timer", "10")
    page.fill("#gs-time_bank_s", "0")  # a bot without a brain yet is played by the clock
    page.press("#gs-time_bank_s", "Tab")
    page.click("#start-btn")
    host.wait_screen("poker")
    expect(page.locator("#seats .pk-seat")).to_have_count(4)
    expect(page.locator("#seats .pk-seat .badge-bot")).to_have_count(3)
    if page.locator("#pk-next-btn").is_visible():
        page.click("#pk-next-btn")
    expect(page.locator("#hand-no")).to_have_text("1", timeout=30_000)
    host.screenshot("bots-plo-hand")
    play_to_results(page)
    host.screenshot("bots-plo-results")
    log = " ".join(page.locator("#pk-log li").all_inner_texts())
    assert "Casual bot" in log


def play_to_results(page, rounds: int = 300) -> None:
    """The host checks or calls (key C) whenever it is its turn, until the hand's results."""
    for _ in range(rounds):
        if page.evaluate("document.body.dataset.pokerPhase") == "results":
            return
        call = page.locator("#pk-call")
        if call.is_visible() and call.is_enabled():
            page.locator("#game-title").click()  # the focus on the page, outside any field
            page.keyboard.press("c")
        page.wait_for_timeout(300)
    expect(page.locator("body")).to_have_attribute("data-poker-phase", "results")


def test_a_practice_table_starts_with_the_network_off(site, new_player):
    player = new_player("Solo", PHONE)
    player.context.add_init_script(COUNT_PEERS)
    player.open_site(site)
    player.wait_ready()
    page = player.page
    # The page has everything it runs (its room modules come a moment after the menu)...
    expect(page.locator("body")).to_have_attribute("data-later", "ready", timeout=60_000)
    player.context.set_offline(True)  # ...then no network at all
    player.enter_name("Solo")
    page.select_option("#practice-game", "ultimate")
    page.select_option("#practice-level", "strong")
    page.click("#practice-btn")
    player.wait_screen("game")
    wait_phase(page, 1, "preflop", timeout=30_000)
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator("#seats .seat .badge-bot")).to_have_count(3)
    expect(page.locator("#seats .seat .badge-bot").first).to_have_text("strong bot")
    assert page.evaluate("window.__peers") == 0  # no PeerJS peer, no signalling
    expect(page.locator("body")).to_have_attribute("data-peers", "none")
    room_setting(player, "#timer-select", "10")
    # The odds advisor is on at a practice table: this page's own hand, worked out here.
    expect(page.locator("#advisor")).to_be_visible()
    expect(page.locator("#advisor-text")).not_to_be_empty()
    player.screenshot("practice-phone")
    page.locator("#gs-advisor").uncheck()  # the host's switch, under Seats
    expect(page.locator("#advisor")).to_be_hidden()
    page.locator("#gs-advisor").check()
    expect(page.locator("#advisor")).to_be_visible()
    act(page, "check", keyboard=True, last=True)  # the bots may have chosen already
    wait_phase(page, 1, "flop", timeout=40_000)
    act(page, "double", keyboard=True, last=True)
    wait_phase(page, 1, "results", timeout=40_000)
    player.screenshot("practice-phone-results")
    assert page.evaluate("window.__peers") == 0



def test_the_advisor_reaches_a_guest_who_works_out_its_own_hand(site, shared_players):
    """The host switches the advisor on: the guest's page (no control of its own) shows the
    panel for its own hand, worked out there; switched off, it goes."""
    host, guest = shared_players
    for p in (host, guest):
        p.open_site(site)
    host.wait_ready()
    code = host.create_room("Hana")
    guest.wait_ready()
    guest.join("Gus", code)
    add_bots(host, "casual", 1)
    expect(guest.page.locator("#host-tools")).to_be_hidden()
    host.page.locator("#gs-advisor").check()
    host.page.select_option("#gs-timer", "10")
    host.page.click("#start-btn")
    for p in (host, guest):
        p.wait_screen("game")
        wait_phase(p.page, 1, "preflop", timeout=30_000)
        expect(p.page.locator("#advisor")).to_be_visible()
        expect(p.page.locator("#advisor-text")).not_to_be_empty()
    guest.screenshot("advisor-guest-phone")
    host.page.locator("#gs-advisor").uncheck()
    expect(guest.page.locator("#advisor")).to_be_hidden()


def test_the_advisor_speaks_in_a_draw_game_from_the_draws_it_saw(site, shared_players):
    """2-7 Triple Draw at a practice table: at the player's turn to bet, the advisor gives the
    hand's chance to win against the bots still in, in words; at the draw it says nothing;
    after the draw it speaks again, from the cards each player was seen to draw. The page's
    own time for the advice (its slices' work) is printed, never asserted."""
    _host, player = shared_players  # Gus's phone page, at the menu
    player.open_site(site)
    player.wait_ready()
    page = player.page
    player.enter_name("Drew")
    page.select_option("#practice-game", "triple-draw")
    page.select_option("#practice-level", "casual")
    page.click("#practice-btn")
    player.wait_screen("poker")
    # seated with chips already (the table's suggested buy-in): the card offers only more
    expect(page.locator("#pk-buyin-btn")).to_have_text("Add chips")
    page.click("#pk-next-btn")  # the first hand; the next ones deal themselves
    text = page.locator("#advisor-text")
    expect(text).to_contain_text("You win about", timeout=60_000)
    first = text.inner_text()
    assert re.search(r"You win about [\w ]+ percent against (one|two|three) players?;", first)
    assert "%" not in first
    whole = player.screenshot("advisor-draw-phone")
    page.evaluate("document.getElementById('advisor').scrollIntoView({block: 'start'})")
    page.locator("#advisor").screenshot(path=str(whole.with_name("advisor-draw-panel.png")))
    print("advisor work in the page, ms, before the first draw:",
          page.evaluate("document.body.dataset.advisorWorkMs"))
    drew = False
    for _ in range(250):  # check or call (key C); at the draw, stand pat; until it speaks again
        if page.locator("#pk-draw-row").is_visible():
            expect(page.locator("#advisor")).to_be_hidden()  # nothing to say at a draw
            page.click("#pk-draw")
            drew = True
        elif drew and page.locator("#advisor").is_visible() and text.inner_text() != first \
                and "You win about" in text.inner_text():
            break
        else:
            call = page.locator("#pk-call")
            if call.is_visible() and call.is_enabled():
                page.locator("#game-title").click()
                page.keyboard.press("c")
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the advisor did not speak after the draw")
    print("advisor work in the page, ms, after the draw:",
          page.evaluate("document.body.dataset.advisorWorkMs"), "-", text.inner_text())
    player.screenshot("advisor-draw-after-phone")

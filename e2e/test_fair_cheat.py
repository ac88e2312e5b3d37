"""A host page altered to cheat the provably fair deal, and the honest guests who catch it.

The host's browser knows the whole deck once the players' nonces are in. An altered host page
— our page, with Python added to the module that deals (served to the host's browser only, by
a route of its browser context) — hands the host the aces from wherever they lie in the true
deck. Views never say where a card comes from: each guest's page rebuilds the hand from the
dealing order published with the commitment, so every real guest page must say, at results,
loudly and in the assertive live region, that the deal is NOT VERIFIED. An honest hand first
(Hold'em) shows and says "Deal verified" at results, at a table game as in Ultimate Omaha.
Screenshots: ``fair-cheat-ultimate.png``, ``fair-verified-holdem.png``,
``fair-cheat-holdem.png``.

The three pages are booted once for both tests (conftest.SharedPlayers): the host's context
is given both altered modules before its page loads, and each test opens its own room.
"""

from __future__ import annotations

from typing import Any

from harness import DESKTOP
from playwright.sync_api import Route, expect
from pokerpage import cards_on, deal, open_cash_table, seat_players, to_act
from tablepage import act, seat_three, wait_phase
from tablesteps import act_and_sync, click

WAIT_MS = 60_000
SHARED_PLAYERS = (("host", DESKTOP), ("ann", DESKTOP), ("bo", DESKTOP))

ULTIMATE_CHEAT = '''

# --- altered host: it deals itself the four aces, from their places in the true deck ---
def _cheating(_honest=UltimateGame._deal):
    def deal(self, players, deck):
        deck = list(deck)
        if self.seen.host in players:
            i = list(players).index(self.seen.host)
            for k, text in enumerate(("As", "Ah", "Ad", "Ac")):
                at = deck.index(Card.parse(text))
                deck[4 * i + k], deck[at] = deck[at], deck[4 * i + k]
        return _honest(self, players, deck)
    return deal


UltimateGame._deal = _cheating()
'''

HOLDEM_CHEAT = '''

# --- altered host: from hand 2 on it deals itself two aces from their places in the deck ---
def _cheating(_honest=start):
    def cheat(hand_no, ids, seats, names, config, stream, **kw):
        deck = list(stream.deck())
        if hand_no >= 2 and "p1" in ids:
            order = list(config.seats_in_order)
            n, i = len(order), order.index(list(ids).index("p1"))
            for place, text in ((i, "As"), (n + i, "Ah")):
                at = deck.index(Card.parse(text))
                deck[place], deck[at] = deck[at], deck[place]
        return _honest(hand_no, ids, seats, names, config, FixedStream(deck), **kw)
    return cheat


start = _cheating()
'''


def alter(player: Any, module: str, patch: str) -> None:
    """The host's browser gets ``module`` with ``patch`` appended (nobody else's does). The
    page must be a new one (``new_player``), whose module is not loaded yet; the page pool
    never takes it back."""
    player.reusable = False

    def serve(route: Route) -> None:
        honest = route.fetch()
        route.fulfill(response=honest, body=honest.text() + patch)

    player.context.route(f"**/py/{module}", serve)


def SHARED_INIT(player: Any) -> None:
    """The host's page is the altered one, at Ultimate Omaha and at Hold'em alike."""
    if player.label == "host":
        alter(player, "games/ultimate.py", ULTIMATE_CHEAT)
        alter(player, "games/poker/hands.py", HOLDEM_CHEAT)


def expect_caught(page: Any) -> None:
    note = page.locator("#fair-note")
    expect(note).to_be_visible(timeout=WAIT_MS)
    expect(note).to_have_attribute("data-ok", "no")
    expect(note).to_contain_text("DEAL NOT VERIFIED")
    expect(note).to_contain_text("where the dealing order puts")
    expect(page.locator("#alert")).to_contain_text("Warning: deal not verified.")


def test_a_host_dealing_itself_four_aces_at_ultimate_omaha_is_caught_by_every_guest(
        site, shared_players):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo, timeout=WAIT_MS)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.click("#start-btn")
    for phase in ("preflop", "flop"):
        for p in pages.values():
            wait_phase(p.page, 1, phase, timeout=WAIT_MS)
        names = list(pages)
        for i, name in enumerate(names):
            act(pages[name].page, "check", last=i == len(names) - 1)
    for p in pages.values():
        wait_phase(p.page, 1, "results", timeout=WAIT_MS)
    seat = ann.page.locator("#seats .seat", has_text="Hana").locator(".pc[data-card]")
    held = seat.evaluate_all("els => els.map(e => e.dataset.card)")
    assert {"As", "Ah", "Ad", "Ac"} <= set(held), held  # the cheat happened
    for p in (ann, bo):
        expect_caught(p.page)
    ann.screenshot("fair-cheat-ultimate")


def test_a_holdem_guest_hears_the_deal_verified_then_catches_a_host_dealing_itself_aces(
        site, shared_players):
    players = dict(zip(("Hana", "Ann", "Bo"), shared_players, strict=True))
    seat_players(site, players, timeout=WAIT_MS)
    open_cash_table(players, "holdem", {name: 1000 for name in players})
    guests = [players["Ann"], players["Bo"]]
    for hand_no in (1, 2):
        deal(players, hand_no)
        steps = 0
        while (name := to_act(players, timeout_ms=WAIT_MS)) is not None:
            steps += 1
            assert steps < 30
            act_and_sync(players, name, click("#pk-call"), timeout_ms=WAIT_MS)
        for p in players.values():
            expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)
        if hand_no == 1:  # honest: shown, and said politely, on every guest's page
            for p in guests:
                note = p.page.locator("#fair-note")
                expect(note).to_be_visible(timeout=WAIT_MS)
                expect(note).to_have_attribute("data-ok", "yes")
                expect(note).to_contain_text("Deal verified")
                expect(p.page.locator("#announce")).to_contain_text(
                    "Deal verified by this browser.")
            players["Bo"].screenshot("fair-verified-holdem")
        else:
            shown = cards_on(players["Ann"].page, "#pk-results")
            assert {"As", "Ah"} <= set(shown), shown  # the cheat happened
            for p in guests:
                expect_caught(p.page)
            players["Ann"].screenshot("fair-cheat-holdem")

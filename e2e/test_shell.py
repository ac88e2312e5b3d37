"""One table shell for every game: Ultimate Omaha and Texas Hold'em on the same oval felt.

Three players (one on a 375 px phone) sit at each game; checked as a person sees the page: the
seats stand on the felt around the middle (boards), each seat shows its name, money and
connection in the same component, the header names the game, the hand and the room, and the
phone never scrolls sideways. Screenshots of both games on desktop and phone are saved as
``e2e/artifacts/shell-<game>-<device>.png``.
"""

from __future__ import annotations

from games.poker import SETTINGS
from games.ultimatesettings import BASE_CENTS
from harness import DESKTOP
from playwright.sync_api import expect
from rules.money import format_money
from tablepage import seat_three

PHONE = (375, 740)
SHARED_PLAYERS = (("host", DESKTOP), ("ann", PHONE), ("bo", DESKTOP))  # booted once (conftest)
DEFAULTS = {s.name: s.default for s in SETTINGS}
BET = f"Bet {format_money(BASE_CENTS)}"  # Ultimate's default stakes, in the header
BLINDS = f"Blinds {DEFAULTS['small_blind']}/{DEFAULTS['big_blind']}"
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
SHELL_JS = """screen => {
  const s = document.getElementById(screen);
  const box = e => { const r = e.getBoundingClientRect();
                     return [r.left, r.top, r.right, r.bottom]; };
  const felt = s.querySelector('.felt');
  return {
    felt: box(felt),
    middle: box(felt.querySelector('.felt-center').firstElementChild),
    seats: [...felt.querySelectorAll('.felt-seats > .seat')].map(e => ({
      box: box(e),
      name: e.querySelector('.seat-name').textContent,
      conn: e.querySelector('.seat-conn').textContent,
      money: e.querySelector('.seat-facts').textContent,
      you: e.classList.contains('seat-you'),
      position: getComputedStyle(e).position,
    })),
    title: s.querySelector('.table-head h1').textContent,
    stakes: s.querySelector('.table-head .muted').textContent,
    copy: [...s.querySelectorAll('.table-head .table-share button')].map(b => b.textContent),
    side: !!s.querySelector('.table-layout > .table-side'),
  };
}"""


def shoot(players: dict, game: str) -> None:
    for device, p in players.items():
        p.page.evaluate("window.scrollTo(0, 0)")
        p.screenshot(f"shell-{game}-{device}")


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_shell(player, screen: str, game_name: str, stakes: str, you: str, phone: bool) -> None:
    """The same shell on every game's screen: the header, the felt, one seat component per
    player on it (around the oval on a wide screen, a grid on a phone), the side column."""
    shell = player.page.evaluate(SHELL_JS, screen)
    assert shell["title"].startswith(f"{game_name} · Hand "), shell["title"]
    assert shell["stakes"].startswith(stakes), shell["stakes"]
    assert shell["copy"] == ["Copy code", "Copy link"] and shell["side"]
    seats = shell["seats"]
    assert sorted(s["name"] for s in seats) == ["Ann", "Bo", "Hana"]
    assert [s["name"] for s in seats if s["you"]] == [you]
    assert all(s["conn"].strip() == "online" and s["money"].strip() for s in seats), seats
    felt = shell["felt"]
    for s in seats:
        left, top, right, bottom = s["box"]
        cx, cy = (left + right) / 2, (top + bottom) / 2
        assert felt[0] <= cx <= felt[2] and felt[1] <= cy <= felt[3], (s, felt)
    for i, a in enumerate(seats):
        assert not any(overlap(a["box"], b["box"]) for b in seats[i + 1:]), seats
    if phone:
        assert all(s["position"] == "relative" for s in seats)  # a grid below the middle
        scroll, inner = player.page.evaluate(WIDTH_JS)
        assert scroll <= inner, (scroll, inner)  # no sideways scrolling at 375 px
    else:
        assert all(s["position"] == "absolute" for s in seats)  # around the oval
        mine = next(s for s in seats if s["you"])
        assert mine["box"][1] >= max(s["box"][1] for s in seats)  # the viewer at the bottom
        assert not any(overlap(s["box"], shell["middle"]) for s in seats), shell  # boards clear


def test_ultimate_on_the_shell(site, shared_players):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    host.page.click("#start-btn")
    for p in (host, ann, bo):
        p.wait_screen("game")
        expect(p.page.locator("#phase-label")).to_have_attribute("data-phase", "preflop",
                                                                  timeout=20_000)
    check_shell(host, "screen-table", "Ultimate Omaha", BET, "Hana", phone=False)
    check_shell(ann, "screen-table", "Ultimate Omaha", BET, "Ann", phone=True)
    shoot({"desktop": host, "phone": ann}, "ultimate")


def test_holdem_on_the_shell(site, shared_players):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    host.page.select_option("#game-select", "holdem")
    host.page.select_option("#gs-mode", "tournament")  # chips at once: a hand is dealt
    expect(ann.page.locator("#game-summary")).to_contain_text("Tournament")
    host.page.click("#start-btn")
    for p in (host, ann, bo):
        p.wait_screen("poker")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
    check_shell(host, "screen-table", "Texas Hold'em", BLINDS, "Hana", phone=False)
    check_shell(ann, "screen-table", "Texas Hold'em", BLINDS, "Ann", phone=True)
    shoot({"desktop": host, "phone": ann}, "holdem")

"""Reading and driving the game screen of one player's page (e2e helper).

Reads what a person sees: DOM text and data attributes of the table, never the page's Python.
Expected values are computed apart, by the rules layer in the test process.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from harness import DESKTOP, PHONE
from playwright.sync_api import Page, expect
from rules.cards import parse_cards
from rules.money import format_money
from rules.ultimate import BoardScore, HandResult, hand_words, result_for

SEATS_JS = """els => els.map(e => ({
  id: e.dataset.player,
  name: e.querySelector('.seat-name').textContent,
  in_hand: e.dataset.inHand === 'yes',
  acted: e.dataset.acted || null,
  connected: e.dataset.connected === 'yes',
  balance: (e.querySelector('.seat-balance') || {}).textContent || null,
  stake: (e.querySelector('.seat-stake') || {}).textContent || null,
  queued: (e.querySelector('.badge-queued') || {}).textContent || null,
  auto: !!e.querySelector('.badge-auto'),
  hole: [...e.querySelectorAll('.seat-result > .cards .pc')].map(c => c.dataset.card),
  hands: [...e.querySelectorAll('.seat-board .hand-name')].map(h => h.textContent),
  board_cards: [...e.querySelectorAll('.seat-board')].map(
      b => [...b.querySelectorAll('.pc')].map(c => c.dataset.card)),
  total: (e.querySelector('.seat-total') || {}).textContent || null,
}))"""

CARDS_JS = "els => els.map(e => e.dataset.card || '??')"


def seat_three(site: Any, host: Any, ann: Any, bo: Any, timeout: int = 20_000) -> str:
    """Hana creates a room, Ann and Bo join it by code; returns the code once all three pages
    list three players. The usual table of the game, wire and resilience tests. The pages load
    at once (a page shared by a module's tests, already at the menu, is used as it is)."""
    for p in (host, ann, bo):
        p.open_site(site)
    host.wait_ready()
    code = host.create_room("Hana")
    ann.wait_ready()
    ann.join("Ann", code)
    bo.wait_ready()
    bo.join("Bo", code)
    for p in (host, ann, bo):
        expect(p.page.locator("#player-list .player")).to_have_count(3, timeout=timeout)
    return code


def open_three(site: Any, new_player: Any, phone: str | None = "ann") -> dict[str, Any]:
    """Three new pages (``phone``: the label of the one 375 px wide) seated by
    :func:`seat_three`; by player name, the host (Hana) first."""
    labels = {"Hana": "host", "Ann": "ann", "Bo": "bo"}
    pages = {name: new_player(label, viewport=PHONE if label == phone else DESKTOP)
             for name, label in labels.items()}
    seat_three(site, *pages.values())
    return pages


def seats(page: Page) -> dict[str, dict[str, Any]]:
    """Every seat box on this page, by player name."""
    rows = page.locator("#seats .seat").evaluate_all(SEATS_JS)
    return {r["name"]: r for r in rows}


def board(page: Page, n: int) -> list[str]:
    return page.locator(f"#boards .board[data-board='{n}'] .pc").evaluate_all(CARDS_JS)


def hole(page: Page) -> list[str]:
    return page.locator("#you-hole .pc").evaluate_all(CARDS_JS)


def wait_phase(page: Page, hand_no: int, phase: str, timeout: int = 20_000) -> None:
    expect(page.locator("#hand-no")).to_have_text(str(hand_no), timeout=timeout)
    expect(page.locator("#phase-label")).to_have_attribute("data-phase", phase, timeout=timeout)


def act(page: Page, action: str, keyboard: bool = False, last: bool = False) -> None:
    """Check or Double, by click or by keyboard (Double by its D key; Check by Enter on the
    focused button); then the buttons must be disabled (unless this was the ``last`` choice of
    the round: then the next round enables them again)."""
    button = page.locator("#check-btn" if action == "check" else "#double-btn")
    expect(button).to_be_enabled()
    if keyboard and action == "check":
        button.focus()
        page.keyboard.press("Enter")
    elif keyboard:
        page.locator("#table-line").click()  # focus the page, outside any input
        page.keyboard.press("d")
    else:
        button.click()
    if last:
        return
    if keyboard and action == "check":
        # The pressed button gets disabled: focus moves to the line saying what happened,
        # never to the page body.
        expect(page.locator("#you-note")).to_be_focused()
        expect(page.locator("#you-note")).to_contain_text("You checked.")
    try:
        expect(page.locator("#check-btn")).to_be_disabled()
        expect(page.locator("#double-btn")).to_be_disabled()
    except AssertionError as exc:
        where = f"{page.inner_text('#game-title')!r} by {page.inner_text('.seat-you .seat-name')!r}"
        raise AssertionError(f"{action} not taken at {where}; notice: "
                             f"{page.inner_text('#notice')!r}; note: "
                             f"{page.inner_text('#you-note')!r}") from exc


def download_text(page: Page, selector: str, dest: Path) -> str:
    """Click a download button; returns the downloaded file's text (also saved at ``dest``)."""
    with page.expect_download() as info:
        page.click(selector)
    download = info.value
    download.save_as(dest)
    return dest.read_text()


def settle_entry(entry: dict[str, Any]) -> HandResult:
    """The rules layer's settlement of a history entry's cards and stakes."""
    players = entry["players"]
    return result_for(
        [p["id"] for p in players],
        [parse_cards(p["hole"]) for p in players],
        [p["stake_cents"] for p in players],
        parse_cards(entry["board1"]),
        parse_cards(entry["board2"]),
        entry["base_cents"],
    )


def expected_board_text(score: BoardScore) -> str:
    words = hand_words(score.value)  # the hand with its ranks
    if not score.qualifies:
        return f"{words} (below aces)"
    return f"{words} ({score.multiplier}×)"


def expected_total_text(result: HandResult, pid: str) -> str:
    p = result.player(pid)
    net = format_money(p.net_cents, signed=True)
    if p.score.qualifies:
        return f"{p.score.total_multiplier}× → {net}"
    return f"Foul → {net}"


def load_json(text: str) -> Any:
    return json.loads(text)


TEN_SEATS_JS = """() => {
  const ul = document.getElementById('seats');
  const first = ul.children[0];
  while (ul.children.length < 10) {
    const seat = first.cloneNode(true);
    seat.querySelector('.seat-name').textContent = 'Maximilian-Alexandra';
    ul.appendChild(seat);
  }
  return [document.documentElement.scrollWidth, window.innerWidth, ul.children.length];
}"""


def fill_ten_seats(page: Page) -> tuple[int, int]:
    """Copy seat boxes (showdown and all, 20-letter names) until ten players sit; returns the
    page's scroll width and viewport width. The next view redraws the real seats."""
    scroll, inner, count = page.evaluate(TEN_SEATS_JS)
    assert count == 10
    return scroll, inner

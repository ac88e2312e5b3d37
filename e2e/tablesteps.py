"""Reading a poker table page in one go, and playing a turn on it (e2e helper for the table
tests: tournament, resilience, wire).

:func:`table_state` reads everything a conservation or seat check needs in one evaluate, so
the numbers come from one render of the page (the page redraws from each view in one go).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

STATE_JS = """() => {
  const num = (t) => parseInt(String(t).replace(/[^0-9]/g, ''), 10);
  const seats = [...document.querySelectorAll('#seats .pk-seat')].map((e) => ({
    id: e.dataset.player,
    name: e.querySelector('.pk-name').textContent,
    state: e.dataset.state,
    connected: e.dataset.connected === 'yes',
    stack: num(e.querySelector('.pk-stack').textContent),
    bet: e.querySelector('.pk-bet') ? num(e.querySelector('.pk-bet').textContent) : 0,
    last: e.querySelector('.pk-last') ? e.querySelector('.pk-last').textContent : '',
    cards: [...e.querySelectorAll('.pc')].map((c) => c.dataset.card || '??'),
  }));
  // The chips collected in the pots (the headline "Pot: N" counts the bets in front too):
  // each pot's when they are listed, else the headline's one pot.
  const parts = [...document.querySelectorAll('#pk-pots .pk-pot-part')];
  const pots = (parts.length ? parts : [...document.querySelectorAll('#pk-pots .pk-pot-total')])
    .map((e) => num(e.dataset.chips || '0'));
  return {
    hand: document.getElementById('hand-no').textContent,
    phase: document.body.dataset.pokerPhase || '',
    blinds: document.getElementById('game-stakes').textContent,
    log: [...document.querySelectorAll('#pk-log li')].map((e) => e.textContent),
    seats, pots,
    hole: [...document.querySelectorAll('#pk-hole .pc')].map((c) => c.dataset.card || '??'),
    mine: (document.getElementById('pk-actions').dataset.mine || '') === 'yes',
  };
}"""


@dataclass(frozen=True)
class TableState:
    """One page's table as drawn from one view."""

    hand: str
    phase: str
    blinds: str
    log: tuple[str, ...]
    seats: dict[str, dict[str, Any]]  # by name
    pots: tuple[int, ...]
    hole: tuple[str, ...]
    mine: bool

    @property
    def chips(self) -> int:
        """Every chip the page shows: stacks, bets in front, pots."""
        return sum(s["stack"] + s["bet"] for s in self.seats.values()) + sum(self.pots)

    @property
    def signature(self) -> tuple[str, str, int]:
        """What tells one view of the hand from the next one (no clock runs in these tests:
        every change is an action, a deal or a result, and each adds a log line or moves
        the phase)."""
        return self.hand, self.phase, len(self.log)


def table_state(page: Page) -> TableState:
    raw = page.evaluate(STATE_JS)
    return TableState(raw["hand"], raw["phase"], raw["blinds"], tuple(raw["log"]),
                      {s["name"]: s for s in raw["seats"]}, tuple(raw["pots"]),
                      tuple(raw["hole"]), raw["mine"])


def wait_state(page: Page, want: tuple[str, str, int], timeout_ms: int = 30_000) -> TableState:
    """The page's table once it shows the view with signature ``want``."""
    waited = 0
    state = table_state(page)
    while state.signature != want:
        if waited >= timeout_ms:
            raise AssertionError(f"the page stayed at {state.signature}, not {want}")
        page.wait_for_timeout(100)
        waited += 100
        state = table_state(page)
    return state


def wait_change(page: Page, before: tuple[str, str, int], timeout_ms: int = 30_000
                ) -> TableState:
    """The page's table once it shows a view other than ``before``."""
    waited = 0
    state = table_state(page)
    while state.signature == before:
        if waited >= timeout_ms:
            raise AssertionError(f"the page stayed at {before}")
        page.wait_for_timeout(100)
        waited += 100
        state = table_state(page)
    return state


POST_RE = re.compile(r"^(.+) posts the (small blind|big blind|ante), ([0-9,]+)")


def posts(log: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """``(name, kind, chips)`` of every post in a page's log of the hand."""
    out = []
    for line in log:
        m = POST_RE.match(line)
        if m:
            out.append((m.group(1), m.group(2), int(m.group(3).replace(",", ""))))
    return out


def chips_text(n: int) -> str:
    return f"{n:,}"


def turn_of(page: Page) -> str | None:
    """The name on the seat this page marks as the one to act (None between hands)."""
    seat = page.locator("#seats .pk-seat[data-turn='yes'] .pk-name")
    return seat.inner_text() if seat.count() else None


def wait_turn(page: Page, who: set[str], timeout_ms: int = 30_000) -> str:
    """The name of the player to act once this page marks one of ``who``."""
    waited = 0
    while (name := turn_of(page)) not in who:
        if waited >= timeout_ms:
            raise AssertionError(f"the turn stayed with {name}, not one of {who}")
        page.wait_for_timeout(100)
        waited += 100
    assert name is not None
    return name


def timer_off(host: Any) -> None:
    """The host turns the room's decision timer (30 s by default) off in the lobby's clock
    controls, so that no step of a test on a loaded machine becomes an automatic action; only
    a dropped player's grace runs."""
    host.page.select_option("#gs-timer", "0")


def room_setting(host: Any, select: str, value: str) -> None:
    """The host changes a room setting through its select on the Ultimate table's host panel
    (hidden on the poker screen, which has no control of its own for it yet): the change
    event sends the same room request as a click would."""
    host.page.locator(select).evaluate(
        "(e, v) => { e.value = v; e.dispatchEvent(new Event('change')); }", value)


def start_table(host: Any, game_id: str, **fields: str) -> None:
    """The host picks table game ``game_id`` in the lobby with these form fields (by setting
    name), turns the decision timer off and starts."""
    timer_off(host)
    host.page.select_option("#game-select", game_id)
    if "mode" in fields:  # the mode decides which other fields the form shows
        host.page.select_option("#gs-mode", fields.pop("mode"))
    for field, value in fields.items():
        box = host.page.locator(f"#gs-{field}")
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
            box.press("Tab")
    host.page.click("#start-btn")


def start_tournament(host: Any, stack: int, small: int, big: int, **extra: str) -> None:
    """A Hold'em tournament of ``stack`` chips at ``small``/``big`` (``extra``: more fields)."""
    start_table(host, "holdem", mode="tournament", small_blind=str(small),
                big_blind=str(big), starting_stack=str(stack), **extra)


def act_and_sync(pages: dict[str, Any], name: str, do: Any, host: str = "Hana",
                 timeout_ms: int = 40_000) -> TableState:
    """``name`` acts (``do(page)`` clicks), then every page is waited for until it draws the
    host's next view: the next turn is read from pages that all show the same table (a page
    still showing the old view would offer the old turn's controls)."""
    before = table_state(pages[host].page).signature
    do(pages[name].page)
    after = wait_change(pages[host].page, before, timeout_ms)
    for p in pages.values():
        wait_state(p.page, after.signature, timeout_ms)
    return after


LOG_TEXT_JS = "() => document.getElementById('pk-log').textContent"


def draw_and_wait(page: Page, button: Any = None, timeout_ms: int = 15_000) -> None:
    """Click Draw (or Stand pat: ``button``, else ``#pk-draw``) and wait until this page's log
    says it: the page has drawn the view after the draw, with the new cards in the hand."""
    before = page.evaluate(LOG_TEXT_JS)
    (button if button is not None else page.locator("#pk-draw")).click()
    page.wait_for_function(f"before => ({LOG_TEXT_JS})() !== before", arg=before,
                           timeout=timeout_ms)


def click(selector: str) -> Any:
    return lambda page: page.click(selector)

"""The home-game extras' layout in a real browser, one host page and its bots, on a desktop
(1280 x 800) and a phone (375 x 667) by turns (``static/rules/table-games.md``: Rabbit hunt,
Run it twice; the odds advisor).

The host's page is altered so that its Hold'em bots play a script (the test's, never the
product's): they check or fold, except in the last hand, where they call anything. A bot
joins before each hand, so hands 1 to 8 are played with two to nine seats: the host raises
(or checks), everyone folds, and the host asks for the rabbit. After each, on both screens,
no card of the board or the rabbit and no pot overlaps a seat, and no seat another; on the
phone nothing scrolls sideways. The first time the host is to act on the phone with the
advisor on, the advisor's words and the board are in view, not under the bar of controls.
Hand 9, nine seats: the host moves all in, the bots call, everyone agrees to run it twice
(the host by keyboard, on the phone); the results list every shown hand on run 1 and run 2,
in words, and the second runout's row overlaps no seat on either screen. The layout is also
checked at each of the host's turns, while the seats still hold their cards. Screenshots:
``layout-rabbit-2-desktop.png``, ``layout-rabbit-9-desktop.png``,
``layout-rabbit-9-phone.png``, ``layout-advisor-turn-phone.png``,
``layout-twice-question-phone.png``, ``layout-twice-9-desktop.png``,
``layout-twice-9-phone.png``, ``layout-twice-results-phone.png`` (the results card), and the
side column with the choices after an uncontested win and the straddle box:
``layout-choices-phone.png``, ``layout-choices-desktop.png``.
"""

from __future__ import annotations

from typing import Any

from harness import ARTIFACTS, DESKTOP
from playwright.sync_api import expect
from pokerpage import seat_players, to_act
from tablesteps import timer_off
from test_fair_cheat import alter

WAIT_MS = 60_000
PHONE = (375, 667)  # a small phone: the bar of controls leaves the least room
LAST_HAND = 9
SCRIPTED_BOTS = f'''

# --- altered host (the test's script for its bots): check or fold; in hand {LAST_HAND}, call
# anything ---
from games.bots.common import check_or_call as _call, check_or_fold as _fold, read as _read
from games.bots.common import safe_move as _safe


class _Scripted:
    def think(self, view, level, rng):
        s = _read(view)
        if s is None:
            yield _safe(view)
            return
        game = view.get("game") or {{}}
        yield _call(s) if game.get("hand_no") == {LAST_HAND} else _fold(s)


BRAIN = _Scripted()
'''
OVERLAPS_JS = """() => {
  const box = e => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = s => s.querySelector('.pk-name').textContent;
  const middle = [...document.querySelectorAll('#boards .pc, #boards .pk-board-no, #pk-pots > *')]
    .filter(e => e.getClientRects().length);
  const seats = [...document.querySelectorAll('#seats .pk-seat')];
  const out = [];
  for (const m of middle)
    for (const s of seats)
      if (hit(box(m), box(s))) out.push(`${m.dataset.card || m.textContent} over ${name(s)}`);
  seats.forEach((s, i) => seats.slice(i + 1).forEach(t => {
    if (hit(box(s), box(t))) out.push(`${name(s)} over ${name(t)}`);
  }));
  return out;
}"""
UNCOVERED_JS = """(selector) => {
  const bar = document.querySelector('#pk-actions');
  return [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length)
    .map(e => {
      const b = e.getBoundingClientRect();
      const points = [[b.left + 3, b.top + 3], [b.right - 3, b.top + 3],
                      [b.left + 3, b.bottom - 3], [b.right - 3, b.bottom - 3]];
      return points.every(([x, y]) => {
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        const at = document.elementFromPoint(x, y);
        return !!at && (e.contains(at) || (bar.contains(e) && bar.contains(at)));
      });
    });
}"""
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def shot(host: Any, name: str) -> None:
    """What the screen shows (the viewport, as the person sees it, the phone's bar fixed at
    its foot), saved as ``name``."""
    ARTIFACTS.mkdir(exist_ok=True)
    host.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def controls(host: Any, name: str) -> None:
    """The host's hand and choices, and the home-game card, on the phone and the desktop,
    each cut whole from the page (``name``-phone.png, ``name``-desktop.png): none cut off,
    nothing sideways."""
    page = host.page
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for part in ("#pk-actions", "#pk-extras"):
            box = page.locator(part)
            expect(box).to_be_visible()
            width = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert width[0] <= width[1], (label, part, width)
        page.locator(".table-side").screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def words_in_view(page: Any, selector: str) -> bool:
    """Whether some element ``selector`` names is shown whole on screen, covered by nothing
    (an element inside the bar of controls may be covered only by the bar's own parts)."""
    return any(page.evaluate(UNCOVERED_JS, selector))


def check_layout(host: Any, seats: int, name: str | None = None) -> None:
    """On the phone and then on the desktop: nothing in the felt's middle over a seat, no
    seat over another, nothing sideways on the phone; screenshots named ``name``."""
    page = host.page
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        expect(page.locator("#seats .pk-seat")).to_have_count(seats)
        page.wait_for_timeout(100)  # a frame for the new width's layout
        found = page.evaluate(OVERLAPS_JS)
        if found:  # what overlapped, to look at
            host.screenshot(f"layout-overlap-{seats}-{label}")
        assert found == [], (label, seats)
        if label == "phone":
            width, inner = page.evaluate(WIDTH_JS)
            assert width <= inner, (seats, width, inner)
        if name is not None:
            page.evaluate("document.getElementById('felt').scrollIntoView({block: 'center'})")
            shot(host, f"{name}-{label}")


def play_to_the_end(host: Any, players: dict[str, Any], seats: int,
                    advisor_seen: list[bool]) -> None:
    """The host raises when it may (else checks) whenever it is to act, until the hand is
    over; the first time it acts on the phone it checks what the bar leaves in view, and at
    each turn the layout with the seats still holding their cards."""
    page = host.page
    while to_act(players, timeout_ms=WAIT_MS) is not None:
        if not advisor_seen:
            expect(page.locator("#advisor-text")).to_contain_text("percent", timeout=WAIT_MS)
            assert words_in_view(page, "#boards .pk-board"), "the board is under the bar"
            words = page.locator("#advisor-text").inner_text()
            shown = "#pk-advisor-line, #advisor-text"
            assert words and words_in_view(page, shown), "the advisor is under the bar"
            shot(host, "layout-advisor-turn-phone")
            advisor_seen.append(True)
        check_layout(host, seats)
        if page.locator("#pk-raise-form").is_visible():
            page.locator("#pk-amount").press("Enter")  # the minimum raise
        else:
            page.click("#pk-call")
        expect(page.locator("#pk-actions[data-mine='yes']")).to_have_count(0, timeout=WAIT_MS)


def test_rabbit_run_twice_and_advisor_fit_with_two_to_nine_seats(site, new_player):
    host = new_player("host", viewport=PHONE)
    alter(host, "games/bots/holdem.py", SCRIPTED_BOTS)
    players = {"Hana": host}
    seat_players(site, players, timeout=WAIT_MS)
    page = host.page
    timer_off(host)
    page.select_option("#game-select", "holdem")
    for option in ("run_twice", "rabbit_hunt", "straddle"):
        page.check(f"#gs-{option}")
    page.locator("#gs-advisor").check()
    page.select_option("#bot-level", "casual")
    page.click("#bot-add-btn")
    expect(page.locator("#bot-list .bot-row")).to_have_count(1)
    page.click("#start-btn")
    host.wait_screen("poker")
    page.fill("#pk-buyin-amount", "2000")
    page.click("#pk-buyin-btn")
    expect(page.locator("#seats .pk-seat")).to_have_count(2, timeout=WAIT_MS)

    advisor_seen: list[bool] = []
    for hand_no in range(1, LAST_HAND):
        seats = hand_no + 1
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        if hand_no > 1:  # one more bot, between hands
            page.click("#bot-add-btn")
            expect(page.locator("#seats .pk-seat")).to_have_count(seats, timeout=WAIT_MS)
        expect(page.locator("#pk-next-btn")).to_be_enabled(timeout=WAIT_MS)
        page.click("#pk-next-btn")
        expect(page.locator("#hand-no")).to_have_text(str(hand_no), timeout=WAIT_MS)
        play_to_the_end(host, players, seats, advisor_seen)
        rabbit = page.locator("#pk-choices-buttons button[data-choice='rabbit']")
        expect(rabbit).to_be_visible(timeout=WAIT_MS)
        if hand_no == 1:  # the choices after an uncontested win, and the straddle box
            controls(host, "layout-choices")
        rabbit.click()
        expect(page.locator("#pk-log")).to_contain_text("The rabbit:", timeout=WAIT_MS)
        expect(page.locator("#boards .pc[data-card]")).not_to_have_count(0)
        check_layout(host, seats, "layout-rabbit-" + str(seats)
                     if seats in (2, 9) else None)
    assert advisor_seen, "the host was never to act in eight hands"

    # Hand 9: all in, nine ways, run twice.
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.click("#pk-next-btn")
    expect(page.locator("#hand-no")).to_have_text(str(LAST_HAND), timeout=WAIT_MS)
    expect(page.locator("#pk-actions[data-mine='yes']")).to_have_count(1, timeout=WAIT_MS)
    page.click("#pk-allin")
    question = page.locator("#pk-choices[data-asked='yes']")
    expect(question).to_be_visible(timeout=WAIT_MS)
    yes = page.locator("#pk-choices-buttons button[data-choice='run_twice']")
    for part in ("#pk-choices-q", "#pk-choices-buttons button[data-choice='run_twice']"):
        assert words_in_view(page, part), f"{part} is not in view when asked"
    shot(host, "layout-twice-question-phone")
    yes.focus()
    page.keyboard.press("Enter")
    run2 = page.locator("#boards .pk-board-extra[data-extra='Run 2'] .pc[data-card]")
    expect(run2).to_have_count(5, timeout=WAIT_MS)
    expect(page.locator("#boards .pk-board[data-board='1'] .pk-board-no")).to_have_text("Run 1")
    shown = page.locator("#pk-results .pk-shown")
    assert shown.count() >= 2
    for k in range(shown.count()):  # every shown hand, on both runs, in words
        labels = shown.nth(k).locator(".pk-part-label").all_inner_texts()
        assert labels == ["Run 1:", "Run 2:"], labels
    check_layout(host, LAST_HAND, "layout-twice-9")
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.locator("#pk-results").screenshot(path=str(ARTIFACTS / "layout-twice-results-phone.png"))

"""Ultimate Omaha's lines stay true: what the table says after you act, when the timer checks
for someone, when a hand ends under an open dialog, and at the menu and lobby.

Three players (Ann on a 375 × 667 phone) on pages shared by the module's tests. Every text put
into the live regions (``#announce``, polite; ``#alert``, assertive) is recorded by a
MutationObserver from the page's first moment, so a test reads what a screen reader was given,
in order, and how often — not only the last text. Screenshots: ``e2e/artifacts/lines-*.png``.
"""

from __future__ import annotations

import re

from harness import ARTIFACTS, DESKTOP
from playwright.sync_api import Page, expect
from tablepage import act, seat_three, wait_phase
from tablesteps import room_setting

PHONE_SMALL = (375, 667)
SHARED_PLAYERS = (("host", DESKTOP), ("ann", PHONE_SMALL), ("bo", DESKTOP))
TIMER_S = 15  # the decision timer of these tests: Bo lets it run out
# Watched through the body, not the two elements: leaving a room puts the table section back
# as the page loaded it (new elements), and these pages play a room a test.
RECORDER = """
window.__said = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver((records) => {
    const seen = new Set();
    for (const r of records) {
      const node = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
      const region = node && node.closest('#announce, #alert');
      if (region && !seen.has(region.id)) {
        seen.add(region.id);
        window.__said.push([region.id, region.textContent]);
      }
    }
  }).observe(document.body, {childList: true, characterData: true, subtree: true});
});
"""
VISIBLE_LINES_JS = """() => [...document.querySelectorAll(
    '#screen-table .table-head ~ p, #screen-table .table-head ~ div > p')]
  .filter(e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                 return r.width > 2 && r.height > 2 && s.visibility !== 'hidden'
                        && s.clipPath === 'none' && s.clip === 'auto'; })
  .map(e => e.textContent.trim()).filter(t => t)"""
FIT_JS = """seats => {
  // As many seats as a full table (copies of the first; the next view redraws the real ones),
  // then the page scrolled as a player scrolls to the buttons: until they show at the bottom.
  const ul = document.getElementById('seats');
  while (ul.children.length < seats) {
    const seat = ul.children[0].cloneNode(true);
    seat.querySelector('.seat-name').textContent = 'Maximilian-Alexandra';
    ul.appendChild(seat);
  }
  document.getElementById('double-btn').scrollIntoView({block: 'end'});
  const sel = '#seats .seat, #boards .board, #you-hole, #check-btn, #double-btn';
  return [...document.querySelectorAll(sel)].map(e => {
    const r = e.getBoundingClientRect();
    return [e.id || e.className, r.top >= -1 && r.bottom <= innerHeight + 1  // sub-pixel
            && r.left >= 0 && r.right <= innerWidth, Math.round(r.top), Math.round(r.bottom)];
  });
}"""


def SHARED_INIT(player) -> None:
    player.context.add_init_script(RECORDER)


def said(page: Page, region: str = "announce") -> list[str]:
    """Every text the page put into a live region since it loaded (or since :func:`hush`)."""
    return [text for where, text in page.evaluate("window.__said") if where == region]


def hush(page: Page) -> None:
    page.evaluate("window.__said = []")


def top_lines(page: Page) -> list[str]:
    """The table's lines a sighted player reads above the felt (visible, not screen-reader
    only)."""
    return page.evaluate(VISIBLE_LINES_JS)


def test_a_bad_room_code_is_marked_at_its_field(shared_players):
    """The error is said beside the field, the field is marked invalid and described by it,
    and the message is announced (an alert); editing the code clears it."""
    _host, ann, _bo = shared_players
    page = ann.page
    ann.enter_name("Ann")
    page.fill("#code-input", "AB1")
    page.click("#join-btn")
    field, error = page.locator("#code-input"), page.locator("#code-error")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(error).to_contain_text("That room code is not valid")
    expect(error).to_be_visible()
    assert "code-error" in (field.get_attribute("aria-describedby") or "").split()
    assert error.get_attribute("role") == "alert"
    expect(field).to_be_focused()
    ann.screenshot("lines-bad-code-phone")
    page.fill("#code-input", "ABCD23")  # typing again: the old complaint no longer holds
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(error).to_have_text("")


def test_a_renamed_guest_is_told_why(shared_players, site):
    host, ann, bo = shared_players
    for p in shared_players:
        p.open_site(site)
    host.wait_ready()
    code = host.create_room("Hana")
    ann.join("Ann", code)
    bo.join("Ann", code)  # a second Ann: the room calls her "Ann (2)"
    expect(bo.page.locator("#player-list .player-name")).to_have_text(["Hana", "Ann", "Ann (2)"])
    note = bo.page.locator("#notice")
    expect(note).to_contain_text("Another player is called Ann, so you are Ann (2).")
    expect(note).to_be_visible()
    assert note.get_attribute("aria-live") == "polite"
    expect(ann.page.locator("#notice")).not_to_contain_text("Another player")


def test_lines_stay_true_and_every_event_is_said_once(shared_players, site):
    host, ann, bo = shared_players
    pages = {"Hana": host.page, "Ann": ann.page, "Bo": bo.page}
    seat_three(site, host, ann, bo)
    room_setting(host, "#timer-select", str(TIMER_S))
    for page in pages.values():
        hush(page)
    host.page.click("#start-btn")
    for page in pages.values():
        wait_phase(page, 1, "preflop")

    # On the phone, while Ann chooses: the seats, both boards, her cards and the buttons fit,
    # for three players and for a full table of ten.
    fits = {3: ann.page.evaluate(FIT_JS, 3)}
    ann.page.screenshot(path=str(ARTIFACTS / "lines-preflop-phone.png"))  # the screen only
    fits[10] = ann.page.evaluate(FIT_JS, 10)
    ann.page.screenshot(path=str(ARTIFACTS / "lines-preflop-phone-ten.png"))

    # Ann checks first, then Hana doubles: each one's top line says what they did.
    act(ann.page, "check")
    expect(host.page.locator("#seats .seat", has_text="Ann")).to_have_attribute(
        "data-acted", "yes")
    act(host.page, "double")
    for name, done in (("Hana", "You doubled."), ("Ann", "You checked.")):
        page = pages[name]
        expect(page.locator("#table-line")).to_contain_text(done)
        expect(page.locator("#table-line")).to_contain_text("Waiting for Bo.")
        lines = " | ".join(top_lines(page))
        assert "Waiting for you" not in lines and "Check or Double" not in lines, (name, lines)
        # The countdown is no longer theirs: it says whose it is.
        expect(page.locator("#deadline")).to_contain_text("Next auto-check in")
        expect(page.locator("#deadline")).not_to_contain_text("Auto-check in")
    host.page.evaluate("window.scrollTo(0, 0)")
    host.screenshot("lines-acted-desktop")
    expect(bo.page.locator("#table-line")).to_contain_text("Check or Double.")
    expect(bo.page.locator("#deadline")).to_contain_text("Auto-check in")

    # Bo lets the timer run: warned once, assertively, then checked automatically.
    warning = bo.page.locator("#alert")
    expect(warning).to_contain_text("seconds left", timeout=TIMER_S * 1000)
    first_warning = warning.text_content()
    for page in pages.values():
        wait_phase(page, 1, "flop", timeout=15_000)
    expect(warning).to_have_text("")  # the warning no longer holds: cleared
    expect(bo.page.locator("#table-line")).to_contain_text("Check or Double.")
    for name, page in pages.items():
        texts = said(page)
        flop = [t for t in texts if "Flop: board 1" in t]
        assert len(flop) == 1, (name, texts)
        auto = "You were checked automatically" if name == "Bo" else \
            "Bo was checked automatically"
        assert sum(auto in t for t in texts) == 1, (name, texts)
        assert flop[0].index(auto) < flop[0].index("Flop: board 1"), (name, flop[0])
        assert " You have " in flop[0], (name, flop[0])  # the hand on each board
    ann.page.evaluate("document.getElementById('double-btn').scrollIntoView({block: 'end'})")
    ann.page.screenshot(path=str(ARTIFACTS / "lines-flop-phone.png"))

    # The flop: Hana and Ann act, Bo is checked again. The second warning is not the first.
    for page in pages.values():
        hush(page)
    act(host.page, "check")
    act(ann.page, "double")
    expect(warning).to_contain_text("seconds left", timeout=TIMER_S * 1000)
    assert warning.text_content() != first_warning
    for page in pages.values():
        wait_phase(page, 1, "results", timeout=15_000)
    expect(warning).to_have_text("")
    for name, page in pages.items():
        texts = said(page)
        shown = [t for t in texts if "Showdown: board 1" in t]
        assert len(shown) == 1, (name, texts)
        auto = "You were checked automatically" if name == "Bo" else \
            "Bo was checked automatically"
        assert sum(auto in t for t in texts) == 1, (name, texts)
        line = " | ".join(top_lines(page))
        assert "Check or Double" not in line and "Waiting" not in line, (name, line)
        # Cards in the hand lines read as the cards do: "10", never "T".
        made = " ".join(page.locator("#you-result .made-with").all_text_contents())
        assert not re.search(r"\bT[♠♥♦♣]", made), made
    expect(host.page.locator("#table-line")).to_contain_text("Press N to deal the next hand.")
    expect(bo.page.locator("#table-line")).not_to_contain_text("Press N")
    host.screenshot("lines-results-desktop")
    ann.screenshot("lines-results-phone")
    # (checked last, so that every other line of this test is checked too)
    for n, in_view in fits.items():
        off = [row for row in in_view if not row[1]]
        assert len(in_view) == n + 5 and not off, (n, off)


def test_the_close_dialog_follows_the_hand(shared_players, site):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    room_setting(host, "#timer-select", "0")  # nobody is hurried: the dialog stays open
    host.page.click("#start-btn")
    for p in shared_players:
        wait_phase(p.page, 1, "preflop")
    act(host.page, "double")
    act(ann.page, "check")
    act(bo.page, "check", last=True)
    for p in shared_players:
        wait_phase(p.page, 1, "flop")
    act(host.page, "check")
    host.page.click("#game-leave-btn")
    dialog = host.page.locator("#confirm-dialog")
    text = host.page.locator("#confirm-text")
    expect(dialog).to_be_visible()
    expect(text).to_contain_text("A hand is being played")
    act(ann.page, "check")
    act(bo.page, "double", last=True)
    wait_phase(host.page, 1, "results")
    # The hand is over: the open question says what closing costs now.
    expect(text).not_to_contain_text("A hand is being played")
    expect(text).to_contain_text(re.compile("[Cc]losing the room"))
    assert text.get_attribute("aria-live") == "polite"  # and says it when it changes
    host.screenshot("lines-close-dialog-desktop")
    host.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

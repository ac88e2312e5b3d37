"""A pot-limit Omaha tournament of deep stacks (2,255 chips at 5/10), with Ann on a 375×667
phone: the all-in button says what it does ("Raise to 35 (pot)", its key and accessible name
the same), the raise box is left by Escape and a bad amount is announced and marked on the
field, the board, the pot, your cards and your buttons stay in view together on the phone
while you act, and nothing on a seat covers anything else (the bet chip and the cards, the
win chip and the blind marks, a long name). Screenshots in e2e/artifacts."""

from __future__ import annotations

from typing import Any

from harness import ARTIFACTS, DESKTOP
from playwright.sync_api import Page, expect
from pokerpage import seat_players, to_act
from tablesteps import start_table

STACK = 2255
PHONE_667 = (375, 667)
LONG_NAME = "Hannelore-Marie"
REPEAT = "\u00a0"

OVERLAPS_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const meets = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right - 1
    && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  for (const seat of document.querySelectorAll('#seats .pk-seat')) {
    const name = seat.querySelector('.pk-name').textContent;
    const parts = [...seat.querySelectorAll('.pc, .pk-bet, .mark, .pk-won, .pk-name, .pk-stack')];
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i], b = parts[j];
        if (a.contains(b) || b.contains(a)) continue;
        if (meets(box(a), box(b))) out.push([name, a.className, b.className]);
      }
    }
    const n = seat.querySelector('.pk-name');
    if (n.scrollWidth > n.clientWidth + 1) out.push([name, 'name cut', n.textContent]);
  }
  return out;
}"""

IN_VIEW_JS = """(sels) => sels.map((s) => {
  const e = document.querySelector(s);
  if (!e) return [s, 'missing'];
  const r = e.getBoundingClientRect();
  return [s, r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.height > 0
    ? 'in view' : `${Math.round(r.top)}..${Math.round(r.bottom)} of ${window.innerHeight}`];
})"""


def shot(p: Any, name: str) -> None:
    """The viewport as the player sees it (what is in view is the point)."""
    ARTIFACTS.mkdir(exist_ok=True)
    p.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def no_overlaps(p: Any, where: str) -> None:
    """No two parts of a seat cover each other, measured at rest (the won chips' flight
    from the pot crosses the seats on purpose)."""
    p.page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')")
    found = p.page.evaluate(OVERLAPS_JS)
    if found:
        shot(p, f"ui-overlap-{p.label}")
    assert not found, (where, found)


def readout(page: Page, key: str) -> str:
    region = page.locator("#readout")
    before = region.evaluate("e => e.textContent")
    page.keyboard.press(key)
    page.wait_for_function("b => document.getElementById('readout').textContent !== b",
                           arg=before)
    return str(region.evaluate("e => e.textContent")).rstrip(REPEAT)


def test_limits_keys_and_the_phone_layout_at_a_deep_pot_limit_table(site, pooled_player):
    players = {LONG_NAME: pooled_player("host", viewport=DESKTOP),
               "Ann": pooled_player("ann", viewport=PHONE_667),
               "Bo": pooled_player("bo", viewport=DESKTOP)}
    seat_players(site, players)
    host, ann, _bo = players.values()
    start_table(host, "omaha", mode="tournament", small_blind="5", big_blind="10",
                starting_stack=str(STACK))
    for p in players.values():
        p.wait_screen("poker")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)
    # Preflop: 15 in the blinds, said as the pot (not "Pot: 0 · Bets: 15").
    for p in players.values():
        expect(p.page.locator("#pk-pots")).to_have_text("Pot: 15")

    name = to_act(players)
    assert name is not None
    page = players[name].page
    allin = page.locator("#pk-allin")
    expect(allin).to_be_visible()
    expect(allin).to_have_accessible_name("Raise to 35 (pot)")
    expect(page.locator("#pk-p-max")).to_have_text("Max")

    # R, then Escape: back where the focus was, the box reset, C and F no longer typed in.
    page.locator("#pk-note").focus()
    page.keyboard.press("r")
    box = page.locator("#pk-amount")
    expect(box).to_be_focused()
    page.keyboard.type("c")
    page.keyboard.press("Escape")
    expect(page.locator("#pk-note")).to_be_focused()
    expect(box).to_have_value("20")
    expect(page.locator("#readout")).to_contain_text("Back to the table")
    # A bad amount: announced (assertive), marked on the field, described by its message.
    page.keyboard.press("r")
    expect(box).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    error = page.locator("#pk-amount-error")
    expect(error).to_be_visible()
    expect(error).to_have_text("Raise to a whole number from 20 to 35.")
    expect(page.locator("#alert")).to_contain_text("Raise to a whole number from 20 to 35.")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert "pk-amount-error" in (box.get_attribute("aria-describedby") or "").split()
    shot(players[name], "ui-raise-error")
    page.keyboard.press("Escape")
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(error).to_be_hidden()
    expect(page.locator("#pk-note")).to_be_focused()
    # Shift+A does what the button says.
    page.keyboard.press("Shift+A")
    for p in players.values():
        expect(p.page.locator("#announce")).to_contain_text(f"{name} raises to 35")

    phone_turns = play_out(players, ann)
    assert phone_turns >= 1
    for who, p in players.items():
        expect(p.page.locator("#pk-results")).to_be_visible()
        no_overlaps(p, f"{who} at the results")
    shot(ann, "ui-phone-results")
    shot(host, "ui-desktop-results")
    label = host.page.locator("#phase-label").inner_text()
    shown = host.page.locator("#pk-results .pk-shown").count()
    assert (label == "Showdown") == (shown > 0), (label, shown)

    # A bomb pot called at an Omaha Hi/Lo table is a two-board hand in every word.
    host.page.select_option("#change-game-select", "omaha-hilo")
    host.page.click("#change-game-btn")
    expect(host.page.locator("#change-game-status")).to_have_text(
        "Omaha Hi/Lo from the next hand.")
    host.page.click("#pk-next-btn")  # a Hi/Lo hand, folded round (the change deals it)
    for p in players.values():
        expect(p.page.locator("#game-name")).to_have_text("Omaha Hi/Lo")
    while (name := to_act(players)) is not None:
        players[name].page.locator("#pk-fold").click()
        players[name].page.locator("#pk-actions[data-mine='no']").wait_for()
    host.page.fill("#pk-bomb-ante", "10")
    host.page.click("#pk-bomb-btn")
    expect(host.page.locator("#pk-bomb-off")).to_be_visible()
    host.page.click("#pk-next-btn")
    for p in players.values():
        expect(p.page.locator("#game-name")).to_have_text("Omaha Hi/Lo · bomb pot")
        expect(p.page.locator("#boards .pk-board")).to_have_count(2)
    play_out(players, ann)
    for who, p in players.items():
        expect(p.page.locator("#pk-results")).to_be_visible()
        p.page.locator("#pk-note").focus()
        g = readout(p.page, "g")
        assert g.startswith("Board 1: ") and "Board 2: " in g and "Low" not in g, (who, g)
        labels = p.page.locator("#pk-results .pk-part-label").all_inner_texts()
        assert labels and set(labels) == {"Board 1:", "Board 2:"}, (who, labels)
        # Each board's winning five holds three of its cards: marked on both boards.
        for n in (1, 2):
            won = p.page.locator(f"#boards .pk-board[data-board='{n}'] .pc[data-win]")
            assert won.count() >= 3, (who, n, won.count())
        said = p.page.locator("#announce").inner_text()
        assert "high, " not in said and "low, " not in said, (who, said)
        no_overlaps(p, f"{who} at the bomb pot's results")
    shot(host, "ui-bomb-results-desktop")
    shot(ann, "ui-bomb-results-phone")

    # Five-card draw: five cards in every seat, none over another.
    host.page.select_option("#change-game-select", "draw")
    host.page.click("#change-game-btn")
    host.page.click("#pk-next-btn")
    for p in players.values():
        expect(p.page.locator("#pk-hole .pc")).to_have_count(5)
    for who, p in players.items():
        no_overlaps(p, f"{who} in the draw")
    shot(host, "ui-draw-desktop")
    shot(ann, "ui-draw-phone")


def play_out(players: dict[str, Any], phone: Any) -> int:
    """Everyone checks or calls (stands pat in the draw) to the end of the hand; at each
    turn no seat part covers another on any page, and on the phone's turns the board, the
    pot, the cards and the buttons are in view together. Returns the phone's turns."""
    phone_turns = 0
    while (name := to_act(players)) is not None:
        page = players[name].page
        for who, p in players.items():
            no_overlaps(p, f"{who} while {name} acts")
            pre = p.page.locator("#pk-pre-check_fold")
            if who != name and pre.is_visible():  # said in words, as its pressed state
                expect(pre).to_have_accessible_name("Check or fold")
        if players[name] is phone:
            phone_turns += 1
            shot(phone, f"ui-phone-turn-{phone_turns}")
            where = page.evaluate(IN_VIEW_JS, ["#boards", "#pk-pots", "#pk-hole",
                                               "#pk-call"])
            assert all(w == "in view" for _, w in where), where
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_667[0]
        if page.locator("#pk-draw").is_visible():
            page.locator("#pk-draw").click()
        elif page.locator("#pk-call").is_visible():
            page.locator("#pk-call").click()
        else:
            page.locator("#pk-fold").click()
        page.locator("#pk-actions[data-mine='no']").wait_for()
    return phone_turns

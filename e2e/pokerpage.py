"""Playing the poker table in real pages (e2e helper shared by the table-game tests).

Reads what a person sees (the DOM of ``#screen-table``), never the page's Python. What a hand
should come to is computed apart, in the test process, by the rules layer: :func:`replay`
rebuilds the hand in ``rules.poker``'s engine from the cards the pages showed (each player's
own cards on their own page, the boards, the hands shown) and the actions the test took, so
the payouts and stacks the pages show can be compared with an independent result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness import PHONE
from playwright.sync_api import Page, expect
from rules.cards import Card
from rules.poker import Action, Betting, Game, Hand, HandConfig, Verb
from rules.poker.history import payout_messages
from tablesteps import table_state, timer_off
from web.pokerresults import written

__all__ = ["PHONE"]  # re-exported: the table tests take their viewports from here
CARDS_JS = "els => els.map(e => e.dataset.card).filter(Boolean)"
STACKS_JS = "els => els.map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
SEATS_JS = """els => els.map(e => ({
  name: e.querySelector('.pk-name').textContent,
  stack: parseInt(e.querySelector('.pk-stack').textContent.replace(/,/g, ''), 10),
  bet: e.querySelector('.pk-bet')
       ? parseInt(e.querySelector('.pk-bet').textContent.replace(/,/g, ''), 10) : 0,
  dealer: !!e.querySelector('.pk-dealer'),
  state: e.dataset.state,
  last: (e.querySelector('.pk-last') || {}).textContent || '',
  cards: [...e.querySelectorAll('.pc')].map(c => c.dataset.card || '??'),
}))"""
OVERFLOW_JS = """els => els.flatMap(seat => {
  const box = seat.getBoundingClientRect();
  return [...seat.querySelectorAll('.pc')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.left < box.left || r.right > box.right;
  }).map(c => seat.querySelector('.pk-name').textContent + ' ' + (c.dataset.card || '??'));
})"""
MARKUP_JS = "() => [document.body.innerHTML, document.body.textContent]"
SHOWN_JS = """els => els.map(e => ({
  name: e.querySelector('.pk-shown-name').textContent,
  cards: [...e.querySelectorAll(':scope > .cards .pc')].map(c => c.dataset.card),
}))"""


def cards_on(page: Page, selector: str) -> list[str]:
    return page.locator(f"{selector} .pc").evaluate_all(CARDS_JS)


def seats(page: Page) -> list[dict[str, Any]]:
    """The seats on the felt, in seat order (the engine's order), as the page shows them."""
    return page.locator("#seats .pk-seat").evaluate_all(SEATS_JS)


def chips_on(page: Page) -> int:
    """Every chip the page shows (stacks, bets in front, pots), read from one render."""
    return table_state(page).chips


def cards_outside_seats(page: Page) -> list[str]:
    """Cards drawn past the edge of their seat's box (a five-card draw hand must fit too)."""
    return page.locator("#seats .pk-seat").evaluate_all(OVERFLOW_JS)


def boards(page: Page) -> list[list[str]]:
    rows = page.locator("#boards .pk-board")
    return [cards_on(page, f"#boards .pk-board[data-board='{n + 1}']")
            for n in range(rows.count())]


def phase(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.pokerPhase"))


STUCK_JS = """() => {
  const act = document.getElementById('pk-actions');
  const log = document.getElementById('pk-log');
  return {phase: document.body.dataset.pokerPhase, mine: act && act.dataset.mine,
          buttons: [...document.querySelectorAll('#pk-actions button:not([hidden])')]
            .map(b => b.id + (b.disabled ? ' (disabled)' : '')),
          log: log ? log.innerText.slice(-400) : ''};
}"""
"""What a page shows when nobody seems to have the turn: said in :func:`to_act`'s failure."""


def to_act(pages: Mapping[str, Any], timeout_ms: int = 30_000) -> str | None:
    """The name of the player whose page offers live controls; None once every page shows the
    hand is over. A page that has just sent its decision still draws its controls until the
    next view, marked ``data-mine="sent"``: it is not the one to act."""
    waited = 0
    any_page = next(iter(pages.values())).page
    while waited < timeout_ms:
        for name, p in pages.items():
            if p.page.locator("#pk-actions[data-mine='yes']").count():
                return name
        if all(phase(p.page) == "results" for p in pages.values()):
            return None
        any_page.wait_for_timeout(100)
        waited += 100
    seen = {name: p.page.evaluate(STUCK_JS) for name, p in pages.items()}
    raise AssertionError(f"nobody was offered a control, and the hand is not over: {seen}")


def seat_players(site: Any, players: Mapping[str, Any], timeout: int = 30_000) -> str:
    """The first player creates a room, the others join it by code (in order); returns the
    code once every page lists everyone. The pages load at once (a page shared by a module's
    tests, already at the menu, is used as it is)."""
    items = list(players.items())
    for _, p in items:
        p.open_site(site)
    host_name, host = items[0]
    host.wait_ready()
    code = host.create_room(host_name)
    for name, p in items[1:]:
        p.wait_ready()
        p.join(name, code)
    for _, p in items:
        expect(p.page.locator("#player-list .player")).to_have_count(len(items),
                                                                     timeout=timeout)
    return code


def open_cash_table(players: Mapping[str, Any], game: str, buy_ins: Mapping[str, int],
                    fields: Mapping[str, str] | None = None) -> None:
    """The host (first player) turns the decision timer off, picks ``game`` at a cash table
    (the lobby's default mode), fills the settings ``fields`` (``{"ante": "5"}`` fills
    ``#gs-ante``), starts, and each player buys in their amount at the cash card; returns once
    every page shows every stack."""
    host = next(iter(players.values()))
    timer_off(host)  # no automatic action on a loaded machine
    host.page.select_option("#game-select", game)
    expect(host.page.locator("#gs-mode")).to_have_value("cash")
    for name, value in (fields or {}).items():
        box = host.page.locator(f"#gs-{name}")
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
            continue
        if box.get_attribute("type") == "checkbox":  # a yes-or-no option: "true" ticks it
            box.set_checked(value == "true")
            continue
        box.fill(value)
        box.press("Tab")
        expect(host.page.locator(f"#gs-{name}-error")).to_be_hidden()
    host.page.click("#start-btn")
    for name, p in players.items():
        p.wait_screen("poker")
        box = p.page.locator("#pk-buyin-amount")
        expect(box).to_be_visible()
        box.fill(str(buy_ins[name]))
        p.page.click("#pk-buyin-btn")
    total = sum(buy_ins.values())
    for p in players.values():
        expect(p.page.locator("#seats .pk-seat")).to_have_count(len(players))
        wait_chips(p.page, total, phase_ok=("waiting",))


def wait_chips(page: Page, total: int, phase_ok: Sequence[str] = (), tries: int = 100) -> None:
    """Waits until the page's stacks come to ``total`` (a buy-in's view may still be on its
    way), then checks it stays so."""
    for _ in range(tries):
        if sum(s["stack"] for s in seats(page)) == total and (
                not phase_ok or phase(page) in phase_ok):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"stacks {seats(page)} never came to {total}")


def deal(players: Mapping[str, Any], hand_no: int) -> None:
    """The host deals hand ``hand_no``; returns once every page shows its own cards."""
    host = next(iter(players.values()))
    host.page.click("#pk-next-btn")
    for p in players.values():
        expect(p.page.locator("#hand-no")).to_have_text(str(hand_no), timeout=30_000)
        expect(p.page.locator("#pk-hole .pc[data-card]").first).to_be_attached(timeout=30_000)


@dataclass
class HandLog:
    """One hand as the test saw it: seat order, button, starting stacks, every player's own
    cards (each read from their own page), and the actions the test took."""

    game: Game
    betting: Betting
    names: list[str]
    stacks: list[int]
    button: int
    blinds: tuple[int, int]
    ante: int
    holes: dict[str, list[str]] = field(default_factory=dict)
    final_holes: dict[str, list[str]] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    discards: dict[str, list[str]] = field(default_factory=dict)
    draw_blinds: bool = False
    """5-card draw with the host's blinds."""
    drawn: list[tuple[list[str], list[str]]] = field(default_factory=list)
    """Each draw the test made, in order: the drawer's cards before it and after it (a game
    of several draws; 5-card draw's one draw is read from ``holes`` and ``final_holes``)."""

    @classmethod
    def begin(cls, players: Mapping[str, Any], game: Game, betting: Betting,
              blinds: tuple[int, int], ante: int, stacks: Mapping[str, int],
              draw_blinds: bool = False) -> HandLog:
        host = next(iter(players.values())).page
        rows = seats(host)
        names = [r["name"] for r in rows]
        button = next(i for i, r in enumerate(rows) if r["dealer"])
        log = cls(game, betting, names, [stacks[n] for n in names], button, blinds, ante,
                  draw_blinds=draw_blinds)
        for name, p in players.items():
            log.holes[name] = cards_on(p.page, "#pk-hole")
            assert len(log.holes[name]) == game.hole_count, (name, log.holes[name])
        return log

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def did(self, name: str, verb: Verb, amount: int | None = None,
            cards: Sequence[str] = ()) -> None:
        self.actions.append(Action(self.seat(name), verb, amount,
                                   tuple(Card.parse(c) for c in cards)))
        if verb is Verb.DRAW:
            self.discards[name] = list(cards)

    def others_cards(self, viewer: str) -> set[str]:
        """Every card another player held in this hand (drawn and discarded ones too)."""
        out: set[str] = set()
        for name in self.names:
            if name != viewer:
                out |= set(self.holes.get(name, [])) | set(self.final_holes.get(name, []))
        return out


def replay(log: HandLog, board_cards: Sequence[Sequence[str]]) -> Hand:
    """The hand rebuilt in the rules engine from what the pages showed and the actions taken:
    the deck is laid out in the engine's dealing order (hole cards round the table, a burn
    before each street — any unseen card will do for a burn — draws in the drawers' order),
    from the game's own deck (short deck: 36 cards) and streets."""
    config = HandConfig(log.game, log.betting, tuple(log.stacks), log.button, log.blinds,
                        log.ante, draw_blinds=log.draw_blinds)
    order = config.seats_in_order
    n_hole = log.game.hole_count
    deck: list[str | None] = [log.holes[log.names[s]][k] for k in range(n_hole) for s in order]
    variant = log.game.variant
    if variant.layout.stub and log.drawn:  # several draws: each replacement where it landed
        drawn = [a for a in log.actions if a.verb is Verb.DRAW]
        for a, (before, after) in zip(drawn, log.drawn, strict=True):
            deck += [after[before.index(str(c))] for c in a.cards]
    elif variant.layout.stub:
        drawn = [a for a in log.actions if a.verb is Verb.DRAW]
        for a in drawn:
            name = log.names[a.seat]
            first, last = log.holes[name], log.final_holes[name]
            deck += [last[first.index(str(c))] for c in a.cards]
    else:
        at = 0
        for count in variant.layout.streets:  # flop (the bomb pot's, on both boards), turn, river
            if at >= len(board_cards[0]):
                break
            deck.append(None)  # the burn
            for b in board_cards:
                deck += b[at:at + count]
            at += count
    known = {c for c in deck if c is not None}
    spare = iter(str(c) for c in variant.deck if str(c) not in known)
    cards = [c if c is not None else next(spare) for c in deck] + list(spare)
    hand = Hand(config, [Card.parse(c) for c in cards])
    for action in log.actions:
        hand.do(action)
    assert hand.is_over, "the actions the test took end the hand"
    for name in log.names:
        seen = log.final_holes.get(name) or log.holes[name]
        assert [str(c) for c in hand.hole[log.seat(name)]] == seen, name
    assert [[str(c) for c in b] for b in hand.boards] == [list(b) for b in board_cards]
    return hand


def expected_payouts(hand: Hand, names: Sequence[str]) -> list[str]:
    """The rules' payout messages as the results box writes them (a low's ten as 10)."""
    return [written(line) for line in payout_messages(hand, list(names))]


def shown_hands(page: Page) -> dict[str, list[str]]:
    """The hands shown at showdown, by player name, as the results box lists them."""
    rows = page.locator("#pk-results .pk-shown").evaluate_all(SHOWN_JS)
    return {r["name"]: r["cards"] for r in rows}


def assert_private(players: Mapping[str, Any], log: HandLog,
                   shown: Mapping[str, Sequence[str]] | None = None) -> None:
    """No page's DOM holds another player's card that was not shown at the showdown: not as a
    card face (``data-card``), not in an accessible name, not in text (``A♠``)."""
    open_cards = {c for cards in (shown or {}).values() for c in cards}
    for viewer, p in players.items():
        hidden = log.others_cards(viewer) - open_cards
        if not hidden:
            continue
        markup, text = p.page.evaluate(MARKUP_JS)
        for code in hidden:
            card = Card.parse(code)
            assert f'data-card="{code}"' not in markup, (viewer, code)
            assert card.name not in markup, (viewer, card.name)
            assert card.pretty() not in text, (viewer, card.pretty())


def assert_chips(players: Mapping[str, Any], total: int) -> None:
    """Every page's stacks, bets and pots come to the chips in play."""
    for name, p in players.items():
        shown = chips_on(p.page)
        assert shown == total, (name, shown, total, table_state(p.page))


def stacks_by_name(page: Page) -> dict[str, int]:
    return {s["name"]: s["stack"] for s in seats(page)}


def focus_off_inputs(page: Page) -> None:
    """Keys act on the table only outside a text box: focus the turn note first."""
    page.locator("#pk-note").focus()


NUMBER = re.compile(r"[\d,]+")


def number_in(text: str) -> int:
    m = NUMBER.search(text)
    assert m is not None, text
    return int(m.group(0).replace(",", ""))

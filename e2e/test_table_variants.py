"""The table-game variants in real browsers: Pot-Limit Omaha with a side
pot, the double-board bomb pot with a different winner per board, an Omaha Hi/Lo split, and
5-card draw with draws. Three or four players, one on a 375 px phone, at a cash table.

The deal is the provably fair one, shuffled with ``secrets``: no test fixes a card. The
side-pot hand is made by the actions alone (a short stack shoves, two others keep betting);
the bomb pot and the Hi/Lo hand are played until the wanted outcome comes up (at most a
handful of hands; the test says how many it took). Each hand is then rebuilt in the rules
engine in this process (``pokerpage.replay``) from the cards the pages showed, and the pages'
payouts and stacks must be the ones the rules compute. Throughout: every page's stacks, bets
and pots come to the chips in play, and no page holds a card of another player that was not
shown at the showdown.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from harness import DESKTOP
from playwright.sync_api import Page, expect
from pokerpage import (
    PHONE,
    WIDTH_JS,
    HandLog,
    assert_chips,
    assert_private,
    boards,
    cards_on,
    cards_outside_seats,
    deal,
    expected_payouts,
    focus_off_inputs,
    number_in,
    open_cash_table,
    phase,
    replay,
    seat_players,
    seats,
    shown_hands,
    stacks_by_name,
    to_act,
)
from rules.cards import parse_cards
from rules.evaluator import high5, omaha_high, omaha_low8
from rules.poker import Betting, Game, Verb
from tablesteps import draw_and_wait, table_state
from web.pokertext import speakable

SIGNATURE_JS = """() => [document.getElementById('pk-log').textContent,
  document.body.dataset.pokerPhase, document.getElementById('hand-no').textContent]"""

Policy = Callable[["Table", str, Page], None]

# From the worker's page pool (conftest.PagePool), out of their last rooms with nothing of them
# left in the page; each test opens its own room with the first three (Cy sits out the
# three-player tests at the menu).
SHARED_PLAYERS = (("host", DESKTOP), ("ann", PHONE), ("bo", DESKTOP), ("cy", DESKTOP))


def named(shared: list[Any], count: int) -> dict[str, Any]:
    """The first ``count`` shared pages by player name, the host (Hana) first."""
    return dict(list(zip(("Hana", "Ann", "Bo", "Cy"), shared, strict=True))[:count])


class Table:
    """The players' pages and the hand the test is playing, with the moves a person makes."""

    def __init__(self, players: Mapping[str, Any], game: Game, betting: Betting,
                 blinds: tuple[int, int], ante: int, draw_blinds: bool = False) -> None:
        self.players = dict(players)
        self.host = next(iter(self.players.values()))
        self.game, self.betting, self.blinds, self.ante = game, betting, blinds, ante
        self.draw_blinds = draw_blinds
        self.total = sum(stacks_by_name(self.host.page).values())
        self.hand_no = 0
        self.log: HandLog | None = None
        self.steps = 0
        self.opened = time.monotonic()

    def page(self, name: str) -> Page:
        return self.players[name].page

    def deal(self) -> HandLog:
        before = stacks_by_name(self.host.page)
        self.hand_no += 1
        deal(self.players, self.hand_no)
        self.log = HandLog.begin(self.players, self.game, self.betting, self.blinds, self.ante,
                                 before, self.draw_blinds)
        return self.log

    # --- one move, then wait for the view it makes ----------------------------------------

    def _moved(self, name: str, before: list[str]) -> None:
        page = self.page(name)
        for _ in range(300):
            if page.evaluate(SIGNATURE_JS) != before:
                return
            page.wait_for_timeout(50)
        raise AssertionError(f"{name}'s move changed nothing on their page: "
                             f"{page.inner_text('#pk-note')!r}")

    def check_or_call(self, name: str, by_key: bool) -> None:
        page = self.page(name)
        before = page.evaluate(SIGNATURE_JS)
        label = page.inner_text("#pk-call-label")
        verb = Verb.CHECK if label.startswith("Check") else Verb.CALL
        if by_key:
            focus_off_inputs(page)
            page.keyboard.press("c")
        else:
            page.click("#pk-call")
        self.log_action(name, verb)
        self._moved(name, before)

    def fold(self, name: str) -> None:
        page = self.page(name)
        before = page.evaluate(SIGNATURE_JS)
        focus_off_inputs(page)
        page.keyboard.press("f")
        self.log_action(name, Verb.FOLD)
        self._moved(name, before)

    def all_in(self, name: str, by_key: bool) -> None:
        page = self.page(name)
        before = page.evaluate(SIGNATURE_JS)
        if by_key:
            focus_off_inputs(page)
            page.keyboard.press("Shift+A")
        else:
            page.click("#pk-allin")
        self.log_action(name, Verb.ALLIN)
        self._moved(name, before)

    def bet(self, name: str, preset: str | None = None) -> int:
        """Bet or raise: the amount box's minimum, or a preset (``pot``); by R and Enter."""
        page = self.page(name)
        before = page.evaluate(SIGNATURE_JS)
        verb = Verb.BET if page.inner_text("#pk-amount-label").startswith("Bet") else Verb.RAISE
        if preset:
            page.click(f"#pk-p-{preset}")
        focus_off_inputs(page)
        page.keyboard.press("r")
        expect(page.locator("#pk-amount")).to_be_focused()
        amount = int(page.input_value("#pk-amount"))
        page.keyboard.press("Enter")
        self.log_action(name, verb, amount)
        self._moved(name, before)
        return amount

    def log_action(self, name: str, verb: Verb, amount: int | None = None,
                   cards: tuple[str, ...] = ()) -> None:
        assert self.log is not None
        self.log.did(name, verb, amount, cards)

    # --- a whole hand -------------------------------------------------------------------

    def play(self, policy: Policy, on_step: Callable[[], None] | None = None) -> None:
        """Asks ``policy`` for each move until the hand is over; before every move checks the
        chips and the privacy of every page."""
        assert self.log is not None
        while (name := to_act(self.players)) is not None:
            self.steps += 1
            assert self.steps < 400, "the hands never ended"
            assert_chips(self.players, self.total)
            assert_private(self.players, self.log)
            if on_step is not None:
                on_step()
            policy(self, name, self.page(name))

    def showdown(self) -> tuple[list[list[str]], dict[str, list[str]], list[str]]:
        """At results: the boards, the hands shown, and the payouts, the same on every page;
        checks them against the rules engine's replay of the hand, and the stacks too."""
        assert self.log is not None
        for p in self.players.values():
            expect(p.page.locator("#pk-results")).to_be_visible()
        host = self.host.page
        board = boards(host)
        shown = shown_hands(host)
        payouts = host.locator("#pk-results .pk-payouts li").all_inner_texts()
        for name, p in self.players.items():
            assert boards(p.page) == board, name
            assert shown_hands(p.page) == shown, name
            assert p.page.locator("#pk-results .pk-payouts li").all_inner_texts() == payouts
        for name, cards in shown.items():  # a shown hand is the one that player held
            assert cards == (self.log.final_holes.get(name) or self.log.holes[name]), name
        hand = replay(self.log, board)
        assert payouts == expected_payouts(hand, self.log.names), payouts
        result = hand.result()
        want = dict(zip(self.log.names, result.stacks, strict=True))
        for name, p in self.players.items():
            assert stacks_by_name(p.page) == want, (name, stacks_by_name(p.page), want)
            expect(p.page.locator("#announce")).to_contain_text(speakable(payouts[-1]))
        assert_chips(self.players, self.total)
        assert_private(self.players, self.log, shown)
        return board, shown, payouts


def shots(players: Mapping[str, Any], desktop: str, phone: str, game: str, stage: str) -> None:
    players[desktop].screenshot(f"poker-{game}-{stage}-desktop")
    players[phone].screenshot(f"poker-{game}-{stage}-phone")
    width, inner = players[phone].page.evaluate(WIDTH_JS)
    assert width <= inner, (stage, width, inner)  # no sideways scrolling at 375 px
    for name in (desktop, phone):
        assert cards_outside_seats(players[name].page) == [], (name, stage)


def all_check(by_key: tuple[str, ...]) -> Policy:
    """Check or call every time (the named players by the C key, the others by a click)."""
    def policy(table: Table, name: str, page: Page) -> None:
        table.check_or_call(name, by_key=name in by_key)
    return policy


def bet_level(page: Page, name: str) -> int:
    """The bet to match: what the player has in front plus what a call adds."""
    mine = next(s["bet"] for s in seats(page) if s["name"] == name)
    return mine + number_in(page.inner_text("#pk-call-label"))


def finish(started: float, table: Table, label: str) -> None:
    """Prints the test's wall time, the part spent opening the pages and the table (Pyodide
    boots, buy-ins) and the hands played."""
    now = time.monotonic()
    print(f"\n{label}: {now - started:.1f} s in all, {table.opened - started:.1f} s to open "
          f"the table, {now - table.opened:.1f} s for {table.hand_no} hand(s)")


# --- 1. Pot-Limit Omaha to a showdown with a side pot --------------------------------------

def test_plo_showdown_with_a_side_pot(site, shared_players):
    """Four players buy in differently; Cy folds, Ann (the phone, 400 chips) raises the pot
    limit whenever she may, Hana re-raises her once before the flop (so Ann's next raise is
    all in), Bo calls; then Hana and Bo bet between themselves: a main pot for three and a
    side pot for two, shown in the middle and paid as the rules say."""
    started = time.monotonic()
    players = named(shared_players, 4)
    seat_players(site, players)
    open_cash_table(players, "omaha", {"Hana": 1500, "Ann": 400, "Bo": 1200, "Cy": 1000})
    table = Table(players, Game.OMAHA, Betting.POT_LIMIT, (5, 10), 0)
    assert table.total == 4100
    table.deal()
    done = {"reraise": False, "side_bet": False}
    seen = {"side_pot": False, "flop_shot": False, "ann_all_in": False}

    def ann_all_in() -> bool:
        return next(s for s in seats(table.host.page) if s["name"] == "Ann")["state"] == "all_in"

    def policy(t: Table, name: str, page: Page) -> None:
        facing = not page.inner_text("#pk-call-label").startswith("Check")
        can_raise = page.locator("#pk-raise-form").is_visible()
        preflop = not boards(page)[0]
        if name == "Cy":
            t.fold(name)
        elif name == "Ann":
            if page.locator("#pk-allin").is_visible():
                t.all_in(name, by_key=False)  # the phone, by touch
            else:
                t.check_or_call(name, by_key=False)
        elif name == "Hana" and preflop and facing and can_raise and not done["reraise"] \
                and bet_level(page, name) > 10:  # facing more than the big blind
            done["reraise"] = True
            t.bet(name, preset="pot")
        elif not facing and ann_all_in() and not done["side_bet"] and can_raise:
            done["side_bet"] = True
            t.bet(name, preset="min" if name == "Bo" else None)  # both keep chips behind
        else:
            t.check_or_call(name, by_key=name == "Hana")

    def on_step() -> None:
        host = table.host.page
        if ann_all_in():  # nothing to buy, post or sit out: no empty "Your chips" card
            expect(players["Ann"].page.locator("#pk-cash")).to_be_hidden()
            seen["ann_all_in"] = True
        if not seen["flop_shot"] and len(boards(host)[0]) >= 3:
            seen["flop_shot"] = True
            shots(players, "Hana", "Ann", "omaha", "flop")
        if len(table_state(host).pots) >= 2:
            seen["side_pot"] = True
            for p in players.values():
                expect(p.page.locator("#pk-pots")).to_contain_text("Side pot 1")

    table.play(policy, on_step)
    assert done["reraise"] and done["side_bet"] and seen["flop_shot"] and seen["ann_all_in"]
    board, shown, payouts = table.showdown()
    assert seen["side_pot"], ("a side pot was in the middle before the showdown",
                             " ".join(f"{a};" for a in table.log.actions), table.log.names)
    assert set(shown) == {"Hana", "Ann", "Bo"}  # Cy's folded hand is never shown
    assert len(board[0]) == 5
    hand = replay(table.log, board)
    assert len(hand.result().pots) == 2
    assert hand.result().pots[1].eligible == tuple(
        sorted(table.log.seat(n) for n in ("Hana", "Bo")))
    assert any("side pot" in line for line in payouts), payouts
    shots(players, "Hana", "Ann", "omaha", "showdown")
    finish(started, table, "PLO side pot")
    for p in players.values():
        assert p.csp_violations() == []


# --- 2. The double-board bomb pot: a different winner on each board ------------------------

MAX_BOMB_HANDS = 12
"""About half the three-way bomb pots have one winner per board, a different one on each:
twelve hands all failing is a chance of about 1 in 10,000."""


def board_winners(shown: Mapping[str, list[str]], board: list[str]) -> set[str]:
    """Who has the best Omaha high hand on ``board`` (the rules layer's evaluator)."""
    values = {n: omaha_high(parse_cards(" ".join(c)), parse_cards(" ".join(board)))
              for n, c in shown.items()}
    best = max(values.values())
    return {n for n, v in values.items() if v == best}


def test_bomb_pot_with_a_different_winner_on_each_board(site, shared_players):
    """Everyone antes and checks down two boards; hands are dealt until the two boards have
    different winners (the shuffle is random), then the payout says so per board."""
    started = time.monotonic()
    players = named(shared_players, 3)
    seat_players(site, players)
    open_cash_table(players, "bomb-double", {"Hana": 1000, "Ann": 1000, "Bo": 1000})
    table = Table(players, Game.BOMB_DOUBLE, Betting.POT_LIMIT, (5, 10), 10)
    found = None
    for _ in range(MAX_BOMB_HANDS):
        table.deal()
        for p in players.values():
            expect(p.page.locator("#boards .pk-board")).to_have_count(2)
            # Antes only: the big blind is just the minimum bet, no "Blinds" in the header.
            expect(p.page.locator("#game-stakes")).to_have_text(
                "Ante 10, minimum bet 10 · pot-limit")
        if table.hand_no == 1:
            shots(players, "Hana", "Ann", "bomb", "flop")
        table.play(all_check(("Hana", "Bo")))
        board, shown, payouts = table.showdown()
        one, two = (board_winners(shown, b) for b in board)
        if one != two and len(one) == len(two) == 1:
            found = (one, two, payouts)
            break
    assert found is not None, f"no hand of {MAX_BOMB_HANDS} had a different winner per board"
    one, two, payouts = found
    (w1,), (w2,) = one, two
    assert any(line.startswith(f"{w1} wins the half on board 1") for line in payouts), payouts
    assert any(line.startswith(f"{w2} wins the half on board 2") for line in payouts), payouts
    shots(players, "Hana", "Ann", "bomb", "showdown")
    finish(started, table, "bomb pot, different winners")


# --- 3. Omaha Hi/Lo: the pot split between a high and a low winner -------------------------

MAX_HILO_HANDS = 20
"""About a third of the three-way hands checked down split between a high and a low winner:
twenty all failing is a chance of about 1 in 5,000."""


def halves(shown: Mapping[str, list[str]], board: list[str]) -> tuple[set[str], set[str]]:
    """The high winners and the low winners (empty: no qualifying low), by the evaluator."""
    b = parse_cards(" ".join(board))
    highs = {n: omaha_high(parse_cards(" ".join(c)), b) for n, c in shown.items()}
    lows = {n: v for n, c in shown.items()
            if (v := omaha_low8(parse_cards(" ".join(c)), b)) is not None}
    top = max(highs.values())
    high = {n for n, v in highs.items() if v == top}
    low = {n for n, v in lows.items() if v == min(lows.values())} if lows else set()
    return high, low


def test_omaha_hilo_splits_between_a_high_and_a_low_winner(site, shared_players):
    """Three players call and check every hand down until one hand's high and low halves go
    to different players; the payouts name both halves as the rules compute them."""
    started = time.monotonic()
    players = named(shared_players, 3)
    seat_players(site, players)
    open_cash_table(players, "omaha-hilo", {"Hana": 1000, "Ann": 1000, "Bo": 1000})
    table = Table(players, Game.OMAHA_HILO, Betting.POT_LIMIT, (5, 10), 0)
    found = None
    for _ in range(MAX_HILO_HANDS):
        table.deal()
        table.play(all_check(("Hana",)))
        board, shown, payouts = table.showdown()
        high, low = halves(shown, board[0])
        if low and not high & low:
            found = (high, low, payouts)
            break
    assert found is not None, f"no hand of {MAX_HILO_HANDS} split between high and low"
    high, low, payouts = found
    for who in high:
        assert any(who in line and "high half" in line for line in payouts), payouts
    for who in low:
        assert any(who in line and "low half" in line for line in payouts), payouts
    shots(players, "Hana", "Ann", "hilo", "showdown")
    finish(started, table, "Omaha Hi/Lo split")


# --- 4. 5-card draw: marking cards by key and by touch, drawing, standing pat --------------

def test_five_card_draw_with_draws(site, shared_players):
    """Hana marks cards with the keys 1-5 (one marked and unmarked again) and draws two; Ann,
    on the phone, taps three and draws them; Bo stands pat. Every page reads the counts; the
    new cards are on the drawer's page only; the showdown pays as the rules say."""
    started = time.monotonic()
    players = named(shared_players, 3)
    seat_players(site, players)
    open_cash_table(players, "draw", {"Hana": 1000, "Ann": 1000, "Bo": 1000}, {"ante": "5"})
    table = Table(players, Game.DRAW, Betting.NO_LIMIT, (5, 10), 5)
    log = table.deal()
    for p in players.values():
        expect(p.page.locator("#boards .pk-board")).to_have_count(0)
        expect(p.page.locator("#game-stakes")).to_have_text("Ante 5, minimum bet 10 · no-limit")
        assert len(cards_on(p.page, "#pk-hole")) == 5
    plan = {"Hana": 2, "Ann": 3, "Bo": 0}
    drew: list[str] = []

    def draw(t: Table, name: str, page: Page) -> None:
        hole = cards_on(page, "#pk-hole")
        button = page.locator("#pk-draw")
        expect(button).to_have_text("Stand pat")
        hint = page.inner_text("#pk-draw-hint")
        most = int(hint.rsplit("up to ", 1)[1].rstrip("."))
        assert most in (3, 4) and (most == 4) == any(c.startswith("A") for c in hole)
        marked: list[str] = []
        if name == "Hana":  # by keys: 1, 2, 3, then 2 again to unmark it
            focus_off_inputs(page)
            for key in "1232":
                page.keyboard.press(key)
            marked = [hole[0], hole[2]]
        elif name == "Ann":  # by touch, one too many first when only three may go
            for card in hole[:3]:
                page.click(f"#pk-hole [data-toggle='{card}']")
            marked = hole[:3]
            if most == 3:
                page.click(f"#pk-hole [data-toggle='{hole[3]}']")
                expect(button).to_be_disabled()
                expect(page.locator("#pk-draw-hint")).to_have_text("You may discard at most 3.")
                page.click(f"#pk-hole [data-toggle='{hole[3]}']")
        for card in hole:
            expect(page.locator(f"#pk-hole [data-toggle='{card}']")).to_have_attribute(
                "aria-pressed", "true" if card in marked else "false")
        expect(button).to_have_text(f"Draw {len(marked)}" if marked else "Stand pat")
        expect(button).to_be_enabled()
        draw_and_wait(page, button)
        t.log_action(name, Verb.DRAW, cards=tuple(marked))
        after = cards_on(page, "#pk-hole")
        kept = [c for c in hole if c not in marked]
        new = [c for c in after if c not in hole]
        assert len(new) == len(marked) and all(c in after for c in kept), (hole, after, marked)
        assert not set(new) & set(hole)
        log.final_holes[name] = after
        words = f"draws {len(marked)}" if marked else "stands pat"
        for p in players.values():  # every page reads the count, nobody the cards
            expect(p.page.locator("#seats .pk-seat", has_text=name)).to_contain_text(words)
            expect(p.page.locator("#pk-log")).to_contain_text(
                f"{name} draws {len(marked)}" if marked else f"{name} stands pat")
        assert_private(players, log)
        drew.append(name)
        if name == "Ann":
            shots(players, "Hana", "Ann", "draw", "drawn")

    def policy(t: Table, name: str, page: Page) -> None:
        if page.locator("#pk-draw-row").is_visible():
            if len(drew) == 0:
                shots(players, "Hana", "Ann", "draw", "drawing")
            draw(t, name, page)
        else:
            t.check_or_call(name, by_key=name != "Ann")

    table.play(policy)
    assert sorted(drew) == sorted(plan)
    for name, count in plan.items():
        assert len(log.discards[name]) == count
    for name in players:
        log.final_holes.setdefault(name, log.holes[name])
    assert phase(table.host.page) == "results"
    board, shown, payouts = table.showdown()
    assert board == [] and set(shown) == set(players)
    best = max(high5(parse_cards(" ".join(c))) for c in shown.values())
    winners = {n for n, c in shown.items() if high5(parse_cards(" ".join(c))) == best}
    assert all(any(w in line for line in payouts) for w in winners), (winners, payouts)
    shots(players, "Hana", "Ann", "draw", "showdown")
    finish(started, table, "5-card draw")


# --- 5. 5-card draw with the host's blinds --------------------------------------------------

def test_five_card_draw_with_the_host_s_blinds(site, shared_players):
    """The host picks "Blinds" as draw's forced bets in the lobby: the table says "Blinds 5/10";
    the small and big blind are posted left of the button, the button (left of the big blind)
    acts first, everyone stands pat, and after the draw the small blind (left of the button)
    acts first; the showdown pays as the rules engine says."""
    started = time.monotonic()
    players = named(shared_players, 3)
    seat_players(site, players)
    open_cash_table(players, "draw", {"Hana": 1000, "Ann": 1000, "Bo": 1000},
                    {"forced_bets": "blinds"})
    table = Table(players, Game.DRAW, Betting.NO_LIMIT, (5, 10), 0, draw_blinds=True)
    log = table.deal()
    names = log.names
    button = names[log.button]
    small, big = names[(log.button + 1) % 3], names[(log.button + 2) % 3]
    for p in players.values():
        expect(p.page.locator("#game-stakes")).to_have_text("Blinds 5/10 · no-limit")
        expect(p.page.locator("#pk-log")).to_contain_text(f"{small} posts the small blind, 5")
        expect(p.page.locator("#pk-log")).to_contain_text(f"{big} posts the big blind, 10")
    assert to_act(players) == button  # left of the big blind
    drew: list[str] = []
    after: list[str] = []  # who acted after the draw, in order

    def policy(t: Table, name: str, page: Page) -> None:
        if page.locator("#pk-draw-row").is_visible():
            expect(page.locator("#pk-draw")).to_have_text("Stand pat")
            draw_and_wait(page)
            t.log_action(name, Verb.DRAW)
            drew.append(name)
            return
        if len(drew) == 3:
            after.append(name)
        t.check_or_call(name, by_key=name != "Ann")

    table.play(policy)
    assert drew == [small, big, button] and after == [small, big, button], (drew, after)
    for name in players:
        log.final_holes.setdefault(name, log.holes[name])
    shots(players, "Hana", "Ann", "draw-blinds", "showdown")
    table.showdown()
    finish(started, table, "5-card draw with blinds")

"""A Hold'em tournament in real browsers, played to a single winner through blind increases.

Three players (Ann on a 375 px phone) start with small stacks on a fast schedule: the blinds go
up every hand. Hand 1: the first to act folds, the next shoves, the last calls (so at most one
player busts and a second hand, at the next level, is dealt); from hand 2 on everybody shoves
or calls, until one player holds every chip.

Checked on every page, as drawn: after every action and every deal the stacks, bets in front
and pots add up to the chips the entrants started with; each hand posts the blinds of its level
(the schedule computed here, apart, from the rule: the starting blinds times 1, 1.5, 2, 3, ...
rounded down); a player left with no chips is marked eliminated and dealt no more; the last
player holds everything and is named the winner.
"""

from __future__ import annotations

import time

from playwright.sync_api import expect
from pokerpage import WIDTH_JS, to_act
from tablepage import open_three
from tablesteps import (
    TableState,
    posts,
    start_tournament,
    table_state,
    wait_change,
    wait_state,
)

STACK = 200
SMALL, BIG = 10, 20
FACTORS = ((1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (8, 1))
"""The rules' schedule: level n's blinds are the starting ones times these (rounded down)."""
MAX_HANDS = len(FACTORS)
ORDINALS = {2: "2nd", 3: "3rd"}
SLOW = 40_000


def level_blinds(level: int) -> tuple[int, int]:
    n, d = FACTORS[level]
    return max(1, SMALL * n // d), max(1, BIG * n // d)


def check_conserved(states: dict[str, TableState], where: str) -> None:
    for name, st in states.items():
        assert st.chips == 3 * STACK, (where, name, st.chips, st.seats, st.pots)


def everyone_at(pages: dict, want: tuple[str, str, int]) -> dict[str, TableState]:
    return {name: wait_state(p.page, want, SLOW) for name, p in pages.items()}


def test_holdem_tournament_to_a_single_winner(site, pooled_player):
    t0 = time.monotonic()
    pages = open_three(site, pooled_player)
    host, ann, bo = pages.values()

    start_tournament(host, STACK, SMALL, BIG, level_by="hands", level_length="1")
    for p in pages.values():
        p.wait_screen("poker")
        expect(p.page.locator("#seats .pk-seat")).to_have_count(3)

    eliminated: list[str] = []  # in the order they went out
    places: dict[str, int] = {}
    hand = 0
    steps = 0
    shots = set()
    while True:
        hand += 1
        assert hand <= MAX_HANDS, "the blinds should have ended it by now"
        name = to_act(pages)
        assert name is not None, f"hand {hand} dealt nobody a turn"
        states = {n: table_state(p.page) for n, p in pages.items()}
        want = states[name].signature
        states = everyone_at(pages, want)
        assert want[0] == str(hand)
        check_conserved(states, f"hand {hand} dealt")
        # The blinds of this hand's level, on every page: the label and what was posted.
        small, big = level_blinds(hand - 1)
        alive = [n for n in pages if n not in eliminated]
        for viewer, st in states.items():
            assert st.blinds.startswith(f"Blinds {small}/{big}"), (viewer, hand, st.blinds)
            posted = posts(st.log)
            kinds = sorted((k, c) for _, k, c in posted)
            stacks_before = {n: st.seats[n]["stack"] + st.seats[n]["bet"] for n in alive}
            hand_start = stacks_before
            short = any(c < {"small blind": small, "big blind": big}[k] for _, k, c in posted)
            assert short or kinds == [("big blind", big), ("small blind", small)], (
                viewer, hand, posted, stacks_before)
            assert {n for n, _, _ in posted} <= set(alive), (viewer, posted, eliminated)
            for out in eliminated:  # out players: no cards, no chips, marked
                seat = st.seats[out]
                assert seat["state"] == "eliminated" and seat["stack"] == 0, (viewer, seat)
                assert seat["cards"] == [] and seat["bet"] == 0, (viewer, seat)
        for out in eliminated:  # told they are out, not promised the next hand
            expect(pages[out].page.locator("#pk-hole")).to_have_text(
                "You are out of the tournament.")
        # No decision timer runs (the host turned it off): no countdown for the player to act.
        expect(host.page.locator("#pk-clock")).to_be_hidden()
        if hand == 2:
            host.screenshot("poker-tournament-level2-desktop")
            ann.screenshot("poker-tournament-level2-phone")
            shots.add("level2")

        shoved = False
        acted_in_hand = 0
        while name is not None:
            steps += 1
            assert steps < 80
            page = pages[name].page
            before = table_state(page).signature
            allin = page.locator("#pk-allin")
            call = page.locator("#pk-call")
            if hand == 1 and acted_in_hand == 0:
                page.click("#pk-fold")
            elif not shoved and allin.is_visible():
                shoved = True
                allin.click()
            elif call.is_visible():
                call.click()
            else:
                page.click("#pk-fold")  # nothing else (never reached when all shove)
            acted_in_hand += 1
            # Every page draws the host's next view: the chips are all there on each.
            after = wait_change(host.page, before, SLOW)
            states = everyone_at(pages, after.signature)
            check_conserved(states, f"hand {hand} after {name}'s action {acted_in_hand}")
            if after.phase == "results":
                break
            name = to_act(pages)

        # The hand is over on every page: results, the chips still all there.
        for p in pages.values():
            expect(p.page.locator("#pk-results")).to_be_visible(timeout=SLOW)
        states = {n: table_state(p.page) for n, p in pages.items()}
        want = states["Hana"].signature
        states = everyone_at(pages, want)
        check_conserved(states, f"hand {hand} results")
        stacks = {n: s["stack"] for n, s in states["Hana"].seats.items()}
        print(f"\n[tournament] hand {hand} ({small}/{big}): stacks after it {stacks}")
        for viewer, st in states.items():
            assert {n: s["stack"] for n, s in st.seats.items()} == stacks, (viewer, st.seats)
        busted = [n for n, s in stacks.items() if s == 0 and n not in eliminated]
        # Places count from the bottom; two out in one hand: the larger starting stack of
        # the hand ranks higher, equal ones share the better place
        # (static/rules/table-games.md#tournaments).
        ranked = sorted(busted, key=lambda n: -hand_start[n])
        for k, n in enumerate(ranked):
            tie = k and hand_start[n] == hand_start[ranked[k - 1]]
            places[n] = places[ranked[k - 1]] if tie else len(alive) - len(ranked) + 1 + k
        eliminated += ranked
        for viewer, st in states.items():
            for out in busted:
                assert st.seats[out]["state"] == "eliminated", (viewer, out, st.seats[out])
                assert "Eliminated" in st.seats[out]["last"], (viewer, st.seats[out])
            for n in stacks:
                if n not in eliminated:
                    assert st.seats[n]["state"] != "eliminated", (viewer, n, st.seats[n])
        if busted and "bust" not in shots:
            shots.add("bust")
            host.screenshot("poker-tournament-elimination-desktop")
            ann.screenshot("poker-tournament-elimination-phone")
        alive = [n for n, s in stacks.items() if s > 0]
        if len(alive) == 1:
            break
        assert hand == 1 or len(alive) <= 3
        host.page.click("#pk-next-btn")
        for p in pages.values():  # the next hand is dealt on every page
            expect(p.page.locator("#hand-no")).to_have_text(str(hand + 1), timeout=SLOW)

    assert hand >= 2, "the tournament went through at least one blind increase"
    winner = alive[0]
    assert len(eliminated) == 2
    assert stacks[winner] == 3 * STACK
    for viewer, p in pages.items():
        st = table_state(p.page)
        assert st.seats[winner]["stack"] == 3 * STACK, (viewer, st.seats)
        win = p.page.locator("#pk-winner")
        expect(win).to_be_visible(timeout=SLOW)
        expect(win).to_contain_text(f"{winner} wins the tournament")
        for name, place in places.items():
            expect(win).to_contain_text(f"{ORDINALS[place]} {name}")
        expect(p.page.locator("#announce")).to_contain_text(f"{winner} wins the tournament.")
        # The host is not offered a hand the game would refuse.
        expect(p.page.locator("#pk-next-btn")).to_be_hidden()
    host.screenshot("poker-tournament-winner-desktop")
    ann.screenshot("poker-tournament-winner-phone")
    bo.screenshot("poker-tournament-winner-bo")
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)
    for p in pages.values():
        assert p.csp_violations() == []
    print(f"\n[tournament] {hand} hands, {steps} actions, out in order {eliminated}, "
          f"winner {winner}; {time.monotonic() - t0:.1f} s")

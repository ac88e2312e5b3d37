"""Ultimate Omaha at the table: real browsers play whole hands through a real PeerServer.

One long scenario on purpose (each page boots Pyodide once, ≈4 CPU-s, on two cores): three
players play three hands with a mix of Check and Double (the host by keyboard), a fourth joins
mid-hand and is dealt in at the next one, then the host plays one hand alone against the bank.

Every number a screen shows is checked against the rules layer run here, in the test process,
on the cards of the host's downloaded hand history: ``rules.ultimate.result_for`` settles the
same holes, boards and stakes, and each player's screen must show exactly those hands,
multipliers and nets, and balances that add up to zero.
"""

from __future__ import annotations

import csv
import io

from harness import ARTIFACTS
from playwright.sync_api import expect
from rules.money import format_money
from rules.ultimate import pair_flow
from tablepage import (
    act,
    board,
    download_text,
    expected_board_text,
    expected_total_text,
    fill_ten_seats,
    hole,
    load_json,
    seat_three,
    seats,
    settle_entry,
    wait_phase,
)

PHONE = (375, 740)
BASE = 50  # $0.50: amounts with cents get shown too

# Per hand: name -> (preflop, flop). The host (Hana) plays by keyboard.
HANDS = [
    {"Hana": ("double", "check"), "Ann": ("check", "double"), "Bo": ("double", "check")},
    {"Hana": ("check", "double"), "Ann": ("double", "double"), "Bo": ("check", "check")},
    {"Hana": ("double", "double"), "Ann": ("check", "check"), "Bo": ("double", "check"),
     "Dee": ("check", "double")},
]
KEYBOARD = {"Hana"}
IN_VIEW_JS = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
})"""


def stake_after(choices: tuple[str, ...]) -> int:
    return BASE * 2 ** sum(c == "double" for c in choices)


def test_three_players_three_hands_then_solo(site, new_player, pooled_player, tmp_path):
    host = pooled_player("host")
    ann = new_player("ann", viewport=PHONE)  # keeps the four-colour deck it picks: not pooled
    bo = pooled_player("bo")
    code = seat_three(site, host, ann, bo)
    host.page.fill("#bet-input", "0.50")
    host.page.press("#bet-input", "Enter")
    for p in (host, ann, bo):
        expect(p.page.locator("#bet-display")).to_have_text("$0.50")
    dee = pooled_player("dee")  # boots (if new) while the first hands are played
    dee.open_site(site)

    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    balances: dict[str, int] = {}
    host.page.click("#start-btn")

    for no, choices in enumerate(HANDS, start=1):
        if no == 3:
            pages["Dee"] = dee
        players = {name: pages[name] for name in choices}
        holes: dict[str, list[str]] = {}
        for name, p in players.items():
            p.wait_screen("game")
            wait_phase(p.page, no, "preflop")
            holes[name] = hole(p.page)
            assert len(holes[name]) == 4 and "??" not in holes[name]
            assert board(p.page, 1) == ["??"] * 5 and board(p.page, 2) == ["??"] * 5
            # Nobody sees another's cards before the showdown.
            assert all(s["hole"] == [] for s in seats(p.page).values())

        if no == 2:  # Dee joins mid-hand: queued, shown as joining next hand
            dee.wait_ready()
            dee.enter_name("Dee")
            dee.page.fill("#code-input", code)
            dee.page.click("#join-btn")
            dee.wait_screen("game")
            expect(dee.page.locator("#you-panel")).to_have_attribute("data-in-hand", "no")
            expect(dee.page.locator("#you-note")).to_have_text("Joining next hand.")
            expect(dee.page.locator("#check-btn")).to_be_disabled()
            for p in (host, ann, dee):
                dee_seat = p.page.locator("#seats .seat", has_text="Dee")
                expect(dee_seat.locator(".badge-queued")).to_have_text("Joining next hand")
                expect(p.page.locator("#queued-line")).to_have_text("Joining next hand: Dee")

        # Preflop: everyone chooses; the others see only that a player acted.
        names = list(players)
        if no == 1:  # at 1280 × 800 the host sees every seat while choosing
            host.page.evaluate("window.scrollTo(0, 0)")
            in_view = host.page.evaluate(IN_VIEW_JS, "#seats .seat, #check-btn, #double-btn")
            assert len(in_view) == 5 and all(in_view), in_view
        for i, name in enumerate(names):
            act(players[name].page, choices[name][0], keyboard=name in KEYBOARD,
                last=i == len(names) - 1)
            if i == 0:
                other = players[names[-1]].page
                seat = other.locator("#seats .seat", has_text=name)
                expect(seat).to_have_attribute("data-acted", "yes")
                assert seats(other)[names[-1]]["acted"] == "no"
                # The stake shown is the round's starting stake: a Double is not revealed.
                assert seats(other)[name]["stake"] == format_money(BASE)

        flop = {}
        for name, p in players.items():
            wait_phase(p.page, no, "flop")
            flop[name] = (board(p.page, 1), board(p.page, 2))
            seen = seats(p.page)
            for other, ch in choices.items():
                assert seen[other]["stake"] == format_money(stake_after(ch[:1])), (name, other)
                assert seen[other]["acted"] == "no"
            expect(p.page.locator("#you-stake")).to_have_text(
                f"Stake {format_money(stake_after(choices[name][:1]))}"
            )
        b1, b2 = flop["Hana"]
        assert b1[3:] == ["??", "??"] and "??" not in b1[:3] and "??" not in b2[:3]
        assert all(v == (b1, b2) for v in flop.values())
        announce = host.page.locator("#announce")
        expect(announce).to_contain_text("Flop: board 1 ")
        if no == 1:
            # Sharing from the table, at any time.
            bo.page.click("#copy-link-btn-table")
            expect(bo.page.locator("#notice")).to_have_text("Link copied.")
            host.screenshot("table-flop-desktop")
            ann.screenshot("table-flop-phone")

        for i, name in enumerate(names):
            act(players[name].page, choices[name][1], keyboard=name in KEYBOARD,
                last=i == len(names) - 1)
        for p in players.values():
            wait_phase(p.page, no, "results")

        # The host's hand history, settled again by the rules layer here.
        history = load_json(
            download_text(host.page, "#export-history-btn", tmp_path / f"history{no}.json")
        )
        entry = history["hands"][-1]
        assert entry["hand_no"] == no and len(history["hands"]) == no
        ids = {p["name"]: p["id"] for p in entry["players"]}
        assert set(ids) == set(players)
        result = settle_entry(entry)
        for name, pid in ids.items():
            assert result.player(pid).stake == stake_after(choices[name])
            assert [str(c) for c in result.player(pid).hole] == holes[name]
            balances[name] = balances.get(name, 0) + result.net(pid)
        assert sum(balances.values()) == 0
        assert sum(result.nets().values()) == 0

        for viewer, p in players.items():
            assert board(p.page, 1) == entry["board1"] and board(p.page, 2) == entry["board2"]
            seen = seats(p.page)
            for name, pid in ids.items():
                mine = result.player(pid)
                s = seen[name]
                assert s["stake"] == format_money(mine.stake), (viewer, name)
                assert s["hole"] == [str(c) for c in mine.hole]
                assert s["hands"] == [expected_board_text(mine.score.board1),
                                      expected_board_text(mine.score.board2)], (viewer, name)
                assert sorted(s["board_cards"][0]) == sorted(map(str, mine.score.board1.cards))
                assert sorted(s["board_cards"][1]) == sorted(map(str, mine.score.board2.cards))
                assert s["total"] == expected_total_text(result, pid), (viewer, name)
            for name, cents in balances.items():
                assert seen[name]["balance"] == format_money(cents), (viewer, name)
            expect(p.page.locator("#ledger-total")).to_have_text("$0")
            mine = result.player(ids[viewer])
            verdict = ("You qualify with a multiplier of " if mine.score.qualifies
                       else "You foul and ")
            expect(p.page.locator("#announce")).to_contain_text(verdict)
            expect(p.page.locator("#you-result .net")).to_have_text(
                expected_total_text(result, ids[viewer])
            )
            # The result explained — each board's 2 + 3 cards, and one line per
            # opponent whose amount is the pair's flow by the rules; the lines sum to the net.
            made = p.page.locator("#you-result .made-with").all_text_contents()
            assert len(made) == 2 and all("from your hand" in m for m in made), made
            why = p.page.locator("#you-result .why-lines li").all_text_contents()
            others = [n for n in ids if n != viewer]
            assert len(why) == len(others), why
            me = (mine.stake, mine.score)
            for line, other in zip(why, others, strict=True):
                them = result.player(ids[other])
                flow = pair_flow(me, (them.stake, them.score))
                assert line.startswith(f"{other}: ") and line.endswith(
                    "→ " + format_money(flow, signed=True)), (viewer, line)
            # The five cards of each board hand are marked on the boards.
            used = p.page.locator("#boards .board[data-board='1'] .pc-used")
            expect(used).to_have_count(3)
        if any(balances.values()):
            expect(host.page.locator("#settle-up li").first).to_contain_text(" pays ")
        if no == 1:
            host.screenshot("table-showdown-desktop")
            # Ann prefers the four-colour deck; the page remembers it.
            ann.page.check("#four-colour")
            expect(ann.page.locator("body")).to_have_attribute("data-deck", "four")
            assert ann.page.evaluate("localStorage.getItem('omaha.deck')") == "four"
            ann.screenshot("table-showdown-phone")
        if no == 3:
            host.screenshot("table-showdown4-desktop")
            dee.screenshot("table-showdown4-desktop-guest")
            # Ten players at the showdown fit a phone and a desktop without sideways scrolling.
            for p, shot in ((ann, "table-ten-phone"), (dee, "table-ten-desktop")):
                scroll, inner = fill_ten_seats(p.page)
                assert scroll <= inner, (shot, scroll, inner)
                p.screenshot(shot)
        expect(ann.page.locator("#next-btn")).to_be_hidden()

        # The next hand: N on the keyboard after hand 1, the button after hand 2.
        if no == 1:
            host.page.locator("#table-line").click()
            host.page.keyboard.press("n")
        elif no == 2:
            host.page.click("#next-btn")

    # The ledger as CSV: the same balances, summing to zero.
    rows = list(csv.DictReader(io.StringIO(
        download_text(host.page, "#export-csv-btn", tmp_path / "ledger.csv")
    )))
    assert {r["name"]: int(r["balance_cents"]) for r in rows} == balances

    # Everyone else leaves: the host plays the bank alone.
    for p in (ann, bo, dee):
        p.page.click("#game-leave-btn")
        p.wait_screen("menu")
    expect(host.page.locator("#seats .seat[data-connected='yes']")).to_have_count(1)
    # A 10 s decision timer: the host lets it run out, so the preflop becomes an auto Check.
    host.page.select_option("#timer-select", "10")
    host.page.click("#next-btn")
    wait_phase(host.page, 4, "preflop")
    expect(host.page.locator("#seats .seat")).to_have_count(1)
    expect(host.page.locator("#deadline")).to_contain_text("Auto-check in")
    wait_phase(host.page, 4, "flop", timeout=25_000)
    expect(host.page.locator("#seats .seat .badge-auto")).to_have_count(1)
    act(host.page, "double", last=True)
    wait_phase(host.page, 4, "results")
    history = load_json(
        download_text(host.page, "#export-history-btn", tmp_path / "history4.json")
    )
    entry = history["hands"][-1]
    assert entry["hand_no"] == 4 and len(entry["players"]) == 1
    result = settle_entry(entry)
    pid = entry["players"][0]["id"]
    assert result.solo and result.player(pid).stake == 2 * BASE
    assert entry["bank_net_cents"] == result.bank_net_cents == -result.net(pid)
    solo_seat = seats(host.page)["Hana"]
    assert solo_seat["total"] == expected_total_text(result, pid)
    expect(host.page.locator("#bank-box")).to_be_visible()
    expect(host.page.locator("#bank-box .bank-net")).to_have_text(
        f"This hand: {format_money(result.bank_net_cents, signed=True)}"
    )
    balances["Hana"] += result.net(pid)
    expect(host.page.locator("#ledger-total")).to_have_text(
        format_money(sum(balances.values()))
    )
    expect(host.page.locator("#ledger-foot .bank-row")).to_contain_text(
        format_money(result.bank_net_cents)
    )
    host.screenshot("table-solo-desktop")
    assert result.player(pid).score is not None and entry["players"][0]["auto"] == ["preflop"]

    # Auto-deal: switched on at results, the next hand comes by itself after a countdown.
    host.page.check("#auto-deal")
    expect(host.page.locator("#auto-deal-left")).to_contain_text("Next hand in")
    wait_phase(host.page, 5, "preflop", timeout=15_000)
    # Closing the room mid-hand asks first: Stay keeps the table as it is.
    host.page.click("#game-leave-btn")
    dialog = host.page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("A hand is being played")
    expect(host.page.locator("#confirm-stay")).to_be_focused()
    host.page.keyboard.press("Escape")  # the dialog's own cancel: Stay
    expect(dialog).to_be_hidden()
    assert host.page.evaluate("document.body.dataset.screen") == "game"
    host.page.click("#game-leave-btn")
    host.page.click("#confirm-go")  # asked and answered: the room closes
    host.wait_screen("menu")
    assert ARTIFACTS.is_dir()
    # The evaluator's big table was built in idle slices along the way.
    expect(host.page.locator("body")).to_have_attribute("data-evaluator", "warm")
    for p in (host, ann, bo, dee):
        assert p.csp_violations() == []

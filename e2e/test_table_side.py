"""The poker table's side panel in real browsers (web/pokerside.py): three players, one on a
375 px phone.

* A Hold'em tournament with one hand per level, played all in to a single winner: every page's
  level panel goes up hand after hand (the next level's blinds it promised are the blinds of
  the next hand), its standings are the stacks the seats show, the last hands are listed, and
  each player knocked out is said in the live region with their place, and at the end the
  standings and the level panel say the tournament is over.
* A cash Hold'em table: after two hands the ledger panel sums to zero and settles up; a guest's
  hand-history download parses and holds no card a player kept hidden but their own; the
  PokerStars text, downloaded on the host's page and on a guest's, names each one's own cards
  and is otherwise the same text (the room's table, the host's deal times, the same hand
  numbers); after a change of game the host's text still holds every hand of the room; the
  hands as PHH (read and replayed by the pinned pokerkit) and Open Hand History, and the
  ledger as a spreadsheet's CSV, on a guest's page; a guest leaves with their stack.
* Stats (web/statsview.py): after a walk and a hand checked down, every page counts the same
  figures, hand-counted; the chart, its table; open and closed by keyboard; 375 px wide; and
  from the menu's "Last night" card once the player left.

Read as a person sees the page (DOM text and data attributes), never the page's Python.
"""

from __future__ import annotations

import json
import re
from contextlib import suppress

from harness import ARTIFACTS, DESKTOP
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from pokerpage import to_act, wait_chips
from tablepage import download_text, seat_three

PHONE = (375, 740)
SHARED_PLAYERS = (("host", DESKTOP), ("ann", PHONE), ("bo", DESKTOP))  # booted once (conftest)
STACK = 300
WIDTH_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
SEATS_JS = """els => Object.fromEntries(els.map(e => [
  e.querySelector('.pk-name').textContent,
  parseInt(e.querySelector('.pk-stack').textContent.replace(/,/g, ''), 10)]))"""
STANDINGS_JS = """els => els.map(e => ({name: e.dataset.name, out: e.dataset.out === 'yes',
  stack: parseInt(e.dataset.stack, 10), text: e.textContent}))"""
LISTEN_JS = """() => {
  window.__said = [];
  const el = document.getElementById('announce');
  new MutationObserver(() => window.__said.push(el.textContent))
    .observe(el, {childList: true, characterData: true, subtree: true});
}"""
CARD = "ahkqjt98765432"
STARS_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def play(pages: dict, choose) -> None:
    """Play the hand on screen to its end: ``choose(name, page)`` clicks for the actor."""
    steps = 0
    while (name := to_act(pages)) is not None:
        steps += 1
        assert steps < 40
        choose(name, pages[name].page)
        pages[name].page.wait_for_function(
            "() => document.getElementById('pk-actions').dataset.mine !== 'yes' "
            "|| document.body.dataset.pokerPhase === 'results'")


def all_in(_name: str, page: Page) -> None:
    if page.locator("#pk-allin").is_visible():
        page.click("#pk-allin")
    else:
        page.click("#pk-call")


def fold_or_check(_name: str, page: Page) -> None:
    page.click("#pk-fold" if page.locator("#pk-fold").is_visible() else "#pk-call")


def check_or_call(_name: str, page: Page) -> None:
    page.click("#pk-call")


def level_no(page: Page) -> int:
    return int(page.inner_text("#pk-level-title").split()[1])


def test_a_tournament_levels_up_each_hand_and_ranks_to_its_winner(site, shared_players):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.select_option("#game-select", "holdem")
    host.page.select_option("#gs-mode", "tournament")
    for field, value in (("starting_stack", STACK), ("level_length", 1)):
        host.page.fill(f"#gs-{field}", str(value))
        host.page.press(f"#gs-{field}", "Tab")
    host.page.select_option("#gs-level_by", "hands")
    expect(ann.page.locator("#game-summary")).to_contain_text(f"Tournament: {STACK} chips each")
    expect(ann.page.locator("#game-summary")).to_contain_text("1 hands")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.evaluate(LISTEN_JS)
        expect(p.page.locator("#pk-level-box")).to_be_visible()
        expect(p.page.locator("#pk-ledger-box")).to_be_hidden()  # no money in a tournament

    promised: str | None = None
    levels: list[int] = []
    hand = 1
    while True:
        for p in pages.values():
            expect(p.page.locator("#hand-no")).to_have_text(str(hand))
        blinds = host.page.inner_text("#pk-level-blinds")
        if promised is not None:  # what the panel said the next level would be, it is
            assert blinds == f"Blinds {promised}", (blinds, promised)
        upcoming = host.page.inner_text("#pk-level-next")
        promised = upcoming.split(": ", 1)[1] if upcoming.startswith("Next ") else None
        for p in pages.values():
            expect(p.page.locator("#pk-level-blinds")).to_have_text(blinds)
        levels.append(level_no(host.page))
        if hand == 1:
            host.screenshot("poker-side-tournament-desktop")
            ann.screenshot("poker-side-tournament-phone")
            width, inner = ann.page.evaluate(WIDTH_JS)
            assert width <= inner, (width, inner)
        play(pages, all_in if hand > 2 else fold_or_check)  # two hands of blinds, then all in
        for name, p in pages.items():
            # the standings are the stacks the seats show, best first
            expect(p.page.locator("#pk-recent li").first).to_contain_text(f"Hand {hand} — ")
            seats = p.page.locator("#seats .pk-seat").evaluate_all(SEATS_JS)
            rows = p.page.locator("#pk-standings li").evaluate_all(STANDINGS_JS)
            alive = [r for r in rows if not r["out"]]
            assert sorted(r["name"] for r in rows) == sorted(seats), (name, rows, seats)
            for r in alive:
                assert r["stack"] == seats[r["name"]], (name, r, seats)
            assert [r["stack"] for r in alive] == sorted(
                (r["stack"] for r in alive), reverse=True)
            assert sum(seats.values()) == 3 * STACK
            for r in rows:
                if r["out"]:
                    assert seats[r["name"]] == 0
        if host.page.locator("#pk-winner").is_visible():
            break
        hand += 1
        assert hand < 40
        host.page.click("#pk-next-btn")
    assert len(levels) >= 3 and levels == list(range(1, len(levels) + 1))  # up one a hand

    for name, p in pages.items():
        seats = p.page.locator("#seats .pk-seat").evaluate_all(SEATS_JS)
        winner = max(seats, key=lambda n: seats[n])
        assert seats[winner] == 3 * STACK, (name, seats)
        expect(p.page.locator("#pk-winner")).to_contain_text(f"{winner} wins the tournament")
        expect(p.page.locator("#pk-level-next")).to_have_text("The tournament is over.")
        rows = p.page.locator("#pk-standings li").evaluate_all(STANDINGS_JS)
        assert rows[0] == {"name": winner, "out": False, "stack": 3 * STACK,
                           "text": f"1. {winner} — {3 * STACK}"}, rows
        assert len(rows) == 3 and all(r["out"] for r in rows[1:]), rows
        said = p.page.evaluate("window.__said")
        for r in rows[1:]:  # "2nd Bo — out": said once, when it happened
            place = r["text"].split()[0]
            assert any(f"{r['name']} is out in {place} place." in t for t in said), said
        assert p.csp_violations() == []
    host.screenshot("poker-side-winner-desktop")
    ann.screenshot("poker-side-winner-phone")
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)


def check_tool_files(pages: dict, holes: dict, hands: list, tmp_path) -> None:
    """The hands as the tools' formats on a guest's page: PHH that the pinned pokerkit reads
    and replays to its end, Open Hand History with the guest as hero, each with the guest's
    own cards and no card of anyone else that was not shown; the ledger as a spreadsheet's
    CSV (a byte-order mark, a header row)."""
    import pokerkit

    ann = pages["Ann"]
    for what in ("phh", "ohh", "stars"):
        expect(ann.page.locator(f"#pk-export-{what}-btn")).to_be_visible()
    phh = download_text(ann.page, "#pk-export-phh-btn", tmp_path / "ann.phhs")
    read = list(pokerkit.HandHistory.loads_all(phh))
    assert [h.variant for h in read] == ["NT", "NT"]
    for i, h in enumerate(read):
        final = list(h)[-1]
        assert not final.status and list(final.stacks) == h.finishing_stacks
        mine = "".join(holes["Ann"][i])
        assert any(a.startswith("d dh p") and a.endswith(mine) for a in h.actions)
        seen = set(holes["Ann"][i]) | {c for s in hands[i]["shown"] for c in s["cards"]} | {
            c for b in hands[i]["boards"] for c in b}
        named = {w[k:k + 2] for a in h.actions for w in a.split()[2:]
                 for k in range(0, len(w), 2) if re.fullmatch(r"[2-9TJQKA][cdhs]", w[k:k + 2])}
        assert named <= seen
    ohh = download_text(ann.page, "#pk-export-ohh-btn", tmp_path / "ann.ohh")
    objs = [json.loads(line)["ohh"] for line in ohh.strip().split("\n\n")]
    assert len(objs) == 2 and all(o["game_type"] == "Holdem" for o in objs)
    for i, o in enumerate(objs):
        dealt = [a for r in o["rounds"] for a in r["actions"] if a["action"] == "Dealt Cards"]
        assert [a["cards"] for a in dealt] == [holes["Ann"][i]]
        assert dealt[0]["player_id"] == o["hero_player_id"]
    ledger = download_text(ann.page, "#pk-export-csv-btn", tmp_path / "ann.csv")
    assert ledger.startswith("\ufeffplayer_id,name,hands,balance_cents,balance_dollars\n")
    (ARTIFACTS / "poker-side-guest.phhs").write_text(phh)
    (ARTIFACTS / "poker-side-guest.ohh").write_text(ohh)


def cards_in(value) -> set[str]:
    """Every card-like string anywhere in a JSON value."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, str) and len(value) == 2 and value[0].lower() in CARD \
            and value[1] in "cdhs":
        return {value}
    return set()


def test_a_cash_table_ledger_sums_to_zero_and_the_history_hides_what_was_hidden(
        site, shared_players, tmp_path):
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.select_option("#game-select", "holdem")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.click("#pk-buyin-btn")
        expect(p.page.locator("#pk-ledger-box")).to_be_visible()
        expect(p.page.locator("#pk-level-box")).to_be_hidden()
    host.page.wait_for_function(
        "() => [...document.querySelectorAll('#seats .pk-stack')]"
        ".map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
        ".reduce((a, b) => a + b, 0) === 3000")

    holes: dict[str, list[list[str]]] = {n: [] for n in pages}

    def note_holes():
        hand_no = host.page.inner_text("#hand-no")
        for n, p in pages.items():
            # each page's own view of this hand: one page is offered a control while another's
            # view of the same moment may still be on its way (still "dealing" there)
            p.page.wait_for_function(HAND_DEALT_JS, arg=hand_no)
            holes[n].append(p.page.locator("#pk-hole .pc").evaluate_all(
                "els => els.map(e => e.dataset.card).filter(Boolean)"))

    # Hand 1: folded round to the big blind (nobody shows); hand 2: called down to showdown.
    host.page.click("#pk-next-btn")
    to_act(pages)
    note_holes()
    play(pages, lambda n, page: page.click("#pk-fold"))
    host.page.click("#pk-next-btn")
    expect(host.page.locator("#hand-no")).to_have_text("2")
    to_act(pages)
    note_holes()
    play(pages, check_or_call)
    for name, p in pages.items():
        expect(p.page.locator("#pk-recent li")).to_have_count(2)
        cents = p.page.locator("#pk-ledger-rows td[data-cents]").evaluate_all(
            "els => els.map(e => parseInt(e.dataset.cents, 10))")
        assert len(cents) == 3 and sum(cents) == 0 and any(cents), (name, cents)
        expect(p.page.locator("#pk-ledger-total")).to_have_text("$0")
        expect(p.page.locator("#pk-settle-up li").first).to_contain_text(" pays ")
        assert p.csp_violations() == []
    expect(ann.page.locator("#pk-cashout-btn")).to_have_text(
        f"Leave with your {ann.page.locator('#seats .pk-seat-you .pk-stack').inner_text()}"
        " chips")
    expect(host.page.locator("#pk-cashout-btn")).to_be_hidden()  # the host closes the room
    host.screenshot("poker-side-cash-desktop")
    ann.screenshot("poker-side-cash-phone")
    width, inner = ann.page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)

    # A guest's history: both hands, and no card but the boards, the hands shown and the
    # guest's own hole cards (filed with each hand, as dealt).
    text = download_text(ann.page, "#pk-export-history-btn", tmp_path / "ann.json")
    doc = json.loads(text)
    hands = doc["hands"]
    assert [h["hand_no"] for h in hands] == [1, 2] and doc["format"]
    for i, h in enumerate(hands):
        assert h["you"]["hole"] == holes["Ann"][i]
        public = {c for b in h["boards"] for c in b} | {c for s in h["shown"] for c in s["cards"]}
        assert cards_in(h) <= public | set(holes["Ann"][i]), h["hand_no"]
    assert hands[0]["shown"] == []  # nobody showed in the folded hand...
    assert not any(set(holes[n][0]) & cards_in(hands[0]) for n in pages if n != "Ann")
    assert len(hands[1]["shown"]) >= 2
    # PokerStars text, on the host's page and on a guest's: both hands, each with that
    # player's own cards dealt to them, the rest the same text, and no card of anyone else
    # that was not shown (none at all in the hand folded round).
    stars = download_text(host.page, "#pk-export-stars-btn", tmp_path / "hana.txt")
    assert stars.count("PokerStars Hand #") == 2
    assert f"Dealt to Hana [{' '.join(holes['Hana'][0])}]" in stars
    guest_stars = download_text(ann.page, "#pk-export-stars-btn", tmp_path / "ann.txt")
    assert guest_stars.count("PokerStars Hand #") == 2
    assert [line for line in guest_stars.splitlines() if line.startswith("Dealt to ")] == [
        f"Dealt to Ann [{' '.join(holes['Ann'][i])}]" for i in (0, 1)]

    def without_dealt(t: str) -> list[str]:
        return [line for line in t.splitlines() if not line.startswith("Dealt to ")]

    assert without_dealt(guest_stars) == without_dealt(stars)
    first, second = guest_stars.split("\n\n\n")
    shown_cards = {c for s in hands[1]["shown"] for c in s["cards"]}
    for n in ("Hana", "Bo"):
        assert not set(holes[n][0]) & set(STARS_CARD.findall(first)), n
        assert not (set(holes[n][1]) - shown_cards) & set(STARS_CARD.findall(second)), n
    (ARTIFACTS / "poker-side-history-guest.json").write_text(text)
    (ARTIFACTS / "poker-side-stars-guest.txt").write_text(guest_stars)
    check_tool_files(pages, holes, hands, tmp_path)
    # What a tracker keys on: the room's table, the host's deal time (not a fixed date), hand
    # numbers unique to each deal and the same on every page.
    head = [ln for ln in stars.splitlines() if ln.startswith("PokerStars Hand #")]
    assert head == [ln for ln in guest_stars.splitlines() if ln.startswith("PokerStars Hand #")]
    assert len({ln.split(":")[0] for ln in head}) == 2
    assert not any(" 2000/01/01 " in ln for ln in head) and all(" ET]" in ln for ln in head)
    tables = {ln.split("' ")[0] for ln in stars.splitlines() if ln.startswith("Table '")}
    assert len(tables) == 1 and tables.pop().startswith("Table 'Ultimate Omaha ")

    # A change of game: the host's file still holds every hand of the room, as a guest's.
    host.page.select_option("#change-game-select", "omaha")
    host.page.click("#change-game-btn")
    host.page.click("#pk-next-btn")
    expect(host.page.locator("#hand-no")).to_have_text("3")
    expect(host.page.locator("#pk-hole .pc")).to_have_count(4)
    to_act(pages)
    play(pages, check_or_call)
    stars = download_text(host.page, "#pk-export-stars-btn", tmp_path / "hana-3.txt")
    guest_stars = download_text(ann.page, "#pk-export-stars-btn", tmp_path / "ann-3.txt")
    assert stars.count("PokerStars Hand #") == guest_stars.count("PokerStars Hand #") == 3
    assert stars.count(" Hold'em No Limit (") == 2 and stars.count(" Omaha Pot Limit (") == 1
    assert without_dealt(guest_stars) == without_dealt(stars)
    phh = download_text(host.page, "#pk-export-phh-btn", tmp_path / "hana-3.phhs")
    assert re.findall(r"^variant = \"(\S+)\"$", phh, re.M) == ["NT", "NT", "PO"]

    # Bo leaves with his stack: asked first, then his row stays in the ledger, marked left.
    bo_stack = bo.page.locator("#seats .pk-seat-you .pk-stack").inner_text()
    expect(bo.page.locator("#pk-leave-note")).to_contain_text(
        f"You leave with your stack: {bo_stack} chips")
    bo.page.click("#pk-cashout-btn")
    expect(bo.page.locator("#confirm-text")).to_contain_text(
        f"You leave with your stack: {bo_stack} chips")
    bo.page.click("#confirm-go")
    row = host.page.locator("#pk-ledger-rows tr", has_text="Bo (left)")
    expect(row).to_have_count(1)
    expect(host.page.locator("#seats .pk-seat")).to_have_count(2)
    cents = host.page.locator("#pk-ledger-rows td[data-cents]").evaluate_all(
        "els => els.map(e => parseInt(e.dataset.cents, 10))")
    assert sum(cents) == 0

    # Back at the menu, Bo's page keeps nothing of the table: no card face, no log line, no
    # result, seat or ledger row, hidden or not (the next person at this device, or a search
    # of the page, finds none of that room's cards).
    bo.wait_screen("menu")
    # the focus starts again at the top of the menu, the notice saying why in view
    expect(bo.page.locator("#menu-title")).to_be_focused()
    expect(bo.page.locator("#notice")).to_be_in_viewport()
    assert bo.page.evaluate(TABLE_LEFT_JS) == {
        "cards": 0, "log": 0, "results": 0, "seats": 0, "ledger": 0, "recent": 0}
    # The next table on this page is a clean one whose Hand history button still opens the
    # hands kept (the button is the page's, not a room's): a practice table of bots.
    bo.page.select_option("#practice-game", "ultimate")
    bo.page.click("#practice-btn")
    bo.wait_screen("game")
    expect(bo.page.locator("#seats .seat")).not_to_have_count(0)
    bo.page.click("#history-table-btn")
    expect(bo.page.locator("#history-dialog")).to_be_visible()
    expect(bo.page.locator("#history-room option")).not_to_have_count(0, timeout=30_000)
    bo.page.keyboard.press("Escape")
    expect(bo.page.locator("#history-dialog")).to_be_hidden()
    bo.page.click("#game-leave-btn")
    with suppress(PlaywrightError):  # asked first only when a hand is being played
        bo.page.locator("#confirm-go").click(timeout=2_000)
    bo.wait_screen("menu")


HAND_DEALT_JS = """(hand) => document.getElementById('hand-no').textContent === hand
  && !['dealing', 'waiting', 'results'].includes(document.body.dataset.pokerPhase)
  && document.querySelectorAll('#pk-hole .pc[data-card]').length > 0"""
TABLE_LEFT_JS = """() => {
  const count = (sel) => document.querySelectorAll(sel).length;
  return {cards: count('.pc'), log: count('#pk-log > *'),
          results: count('#pk-results > *, #you-result > *'), seats: count('#seats > *'),
          ledger: count('#pk-ledger-rows > *, #ledger-rows > *'),
          recent: count('#pk-recent > *, #recent-hands > *')};
}"""


REPLAY_SEATS_JS = """els => Object.fromEntries(els.map(e => [
  e.querySelector('.seat-name').textContent.replace(' (you)', ''),
  parseInt(e.querySelector('.replay-stack').textContent.replace(/,/g, ''), 10)]))"""
CARDS_JS = "els => els.map(e => e.dataset.card || '??')"


def ultimate_history() -> str:
    """An Ultimate Omaha hand as a guest's page files it, played in this process by the real
    room and game over the in-memory network (the page replays files from anywhere)."""
    from games.registry import ultimate_omaha
    from room.export import history_json
    from room.host import LOCAL_PEER
    from testing.memory import MemoryNetwork

    net = MemoryNetwork(game_factory=ultimate_omaha(None))
    una = net.join_host("Una")
    peer, vic = net.join_guest("Vic")
    net.send(LOCAL_PEER, una.start_game())
    for choice in ("double", "check"):
        net.send(LOCAL_PEER, una.act(choice))
        net.send(peer, vic.act("check"))
    assert sorted(vic.history) == [1]
    return history_json(vic.history.values())


def test_a_hand_replays_step_by_step_from_the_list_and_from_files(site, shared_players,
                                                                  tmp_path):
    """The hand replayer (web/replayer.py): Ann, on the phone, replays the hand just played
    from the last hands' "Replay" with the keys alone, every step said in words, ending on the
    table's own stacks and board; the host opens the room's history file and an Ultimate Omaha
    file with the file picker, and a file that is neither is refused with a reason."""
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.select_option("#game-select", "holdem")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.click("#pk-buyin-btn")
    host.page.wait_for_function(
        "() => [...document.querySelectorAll('#seats .pk-stack')]"
        ".map(e => parseInt(e.textContent.replace(/,/g, ''), 10))"
        ".reduce((a, b) => a + b, 0) === 3000")
    host.page.click("#pk-next-btn")
    to_act(pages)
    play(pages, check_or_call)  # to the showdown
    page = ann.page
    expect(page.locator("#pk-recent li")).to_have_count(1)
    page.click("#pk-recent [data-replay='1']")
    expect(page.locator("#replay-dialog")).to_have_attribute("open", "")
    expect(page.locator("#replay-step")).to_contain_text("Step 1 of ")
    assert page.evaluate("document.activeElement.id") == "replay-next"
    total = int(page.inner_text("#replay-step").split(" of ")[1].split()[0])
    said = [page.inner_text("#replay-said")]
    assert said[0].startswith("Hand 1: Texas Hold'em, 3 players.") and "Your cards: " in said[0]
    for step in range(2, total + 1):  # the right arrow alone, one step at a time
        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay-step")).to_contain_text(f"Step {step} of {total}")
        said.append(page.inner_text("#replay-said"))
    for line in said:
        assert not STARS_CARD.search(line) and not re.search("[♠♥♦♣]", line), line
    assert [s.split(":")[0].split(".")[0] for s in said if s.split(":")[0].split(".")[0] in (
        "Preflop", "Flop", "Turn", "River", "Showdown")] == [
        "Preflop", "Flop", "Turn", "River", "Showdown"]
    assert "Result: " in said[-1]
    # the end of the replay is the table as the hand left it: stacks and board
    stacks = page.locator("#replay-seats .replay-seat").evaluate_all(REPLAY_SEATS_JS)
    assert stacks == page.locator("#seats .pk-seat").evaluate_all(SEATS_JS)
    board = page.locator("#replay-boards .pc").evaluate_all(CARDS_JS)
    assert board == page.locator("#boards .pc").evaluate_all(CARDS_JS) and "??" not in board
    page.keyboard.press("ArrowRight")  # past the end: said, not moved
    expect(page.locator("#replay-said")).to_have_text("This is the end of the hand.")
    ann.screenshot("replayer-end-phone")
    page.locator("#replay-dialog").screenshot(path=ARTIFACTS / "replayer-dialog-phone.png")
    width, inner = page.evaluate(WIDTH_JS)
    assert width <= inner, (width, inner)
    page.keyboard.press("Home")
    expect(page.locator("#replay-step")).to_contain_text("Step 1 of")
    expect(page.locator("#replay-seats .pc:not(.pc-back)")).to_have_count(2)  # hers only
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#replay-said")).to_have_text("Preflop.")
    page.keyboard.press("PageDown")
    expect(page.locator("#replay-said")).to_contain_text("Flop: ")
    expect(page.locator("#replay-boards .pc:not(.pc-back)")).to_have_count(3)
    ann.screenshot("replayer-flop-phone")
    page.keyboard.press("Escape")
    expect(page.locator("#replay-dialog")).not_to_have_attribute("open", "")
    assert page.evaluate("document.activeElement.dataset.replay") == "1"  # focus back
    # closed, the replayer keeps no card of the hand: no face, and no step's words naming one
    expect(page.locator("#replay-dialog .pc")).to_have_count(0)
    expect(page.locator("#replay-said")).to_have_text("")
    expect(page.locator("#replay-step")).to_have_text("")

    # The host: the room's history file, then Ultimate Omaha's, then a file that is neither
    hp = host.page
    download_text(hp, "#pk-export-history-btn", tmp_path / "hana.json")
    hp.click("#pk-replay-file-btn")
    expect(hp.locator("#replay-dialog")).to_have_attribute("open", "")
    hp.set_input_files("#replay-file", tmp_path / "hana.json")
    expect(hp.locator("#replay-said")).to_contain_text("Hand 1: Texas Hold'em")
    hp.click("#replay-end")
    expect(hp.locator("#replay-said")).to_contain_text("Result: ")
    stacks = hp.locator("#replay-seats .replay-seat").evaluate_all(REPLAY_SEATS_JS)
    assert stacks == hp.locator("#seats .pk-seat").evaluate_all(SEATS_JS)
    host.screenshot("replayer-end-desktop")
    hp.set_input_files("#replay-file", files=[{
        "name": "ultimate.json", "mimeType": "application/json",
        "buffer": ultimate_history().encode()}])
    expect(hp.locator("#replay-game")).to_contain_text("Ultimate Omaha")
    expect(hp.locator("#replay-boards .replay-board")).to_have_count(2)
    hp.click("#replay-next-street")
    expect(hp.locator("#replay-said")).to_contain_text("Flop. Board 1: ")
    hp.keyboard.press("End")
    expect(hp.locator("#replay-said")).to_contain_text("Result: Una ")
    expect(hp.locator("#replay-boards .pc:not(.pc-back)")).to_have_count(10)
    expect(hp.locator("#replay-seats .pc:not(.pc-back)")).to_have_count(8)  # both shown
    host.screenshot("replayer-ultimate-desktop")
    hp.locator("#replay-dialog").screenshot(path=ARTIFACTS / "replayer-dialog-desktop.png")
    hp.set_input_files("#replay-file", files=[{
        "name": "notes.txt", "mimeType": "text/plain", "buffer": b"just some notes"}])
    expect(hp.locator("#replay-error")).to_contain_text("notes.txt: ")
    expect(hp.locator("#replay-stage")).to_be_hidden()
    # Bo, back at the menu (no room): the menu's button opens the replayer on its file picker
    bo.page.click("#game-leave-btn")
    with suppress(PlaywrightError):  # asked when leaving with chips
        bo.page.locator("#confirm-dialog[open] #confirm-go").click(timeout=2_000)
    bo.page.click("#menu-replay-btn")
    expect(bo.page.locator("#replay-dialog")).to_have_attribute("open", "")
    expect(bo.page.locator("#replay-file")).to_be_focused()
    bo.page.set_input_files("#replay-file", tmp_path / "hana.json")
    expect(bo.page.locator("#replay-said")).to_contain_text("Hand 1: Texas Hold'em")
    for p in pages.values():
        assert p.csp_violations() == []
    for p in (host, bo):  # Escape closes the replayer (the module's next test uses the pages)
        p.page.keyboard.press("Escape")
        expect(p.page.locator("#replay-dialog")).not_to_have_attribute("open", "")


STATS_JS = """rows => rows.map(r => ({
  name: r.querySelector('th').textContent,
  rates: [...r.querySelectorAll('td .sr-only')].map(e => e.textContent),
  net: r.lastElementChild.textContent}))"""


def test_the_stats_panel_counts_the_hands_seen_with_a_chart_and_its_table(site, shared_players):
    """Stats (web/statsview.py) after a walk and a hand checked down, counted by hand: hand 1
    folds round to the big blind (a walk: no chance to put money in), hand 2 is called round
    and checked down, so over both hands the VPIPs are 1 of 1 (hand 1's big blind, who calls
    in hand 2's small blind), 1 of 2 (hand 2's button) and 0 of 2 (hand 2's big blind, who
    checks); every player went to showdown once of once. The same on the host's page and on
    the phone; opened and closed by keyboard; the host alone sees the leaderboard."""
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    host.page.select_option("#game-select", "holdem")
    host.page.click("#start-btn")
    for p in pages.values():
        p.wait_screen("poker")
        p.page.click("#pk-buyin-btn")
    for p in pages.values():  # every buy-in on every page, so all three are dealt hand 1
        wait_chips(p.page, 3000, phase_ok=("waiting",))
    host.page.click("#pk-next-btn")
    to_act(pages)
    play(pages, lambda n, page: page.click("#pk-fold"))
    host.page.click("#pk-next-btn")
    expect(host.page.locator("#hand-no")).to_have_text("2")
    to_act(pages)
    play(pages, check_or_call)
    for p in (host, ann):
        expect(p.page.locator("#pk-recent li")).to_have_count(2)

    stacks = {n: v - 1000 for n, v in
              host.page.locator("#seats .pk-seat").evaluate_all(SEATS_JS).items()}
    seen = {}
    for label, p in (("host", host), ("ann", ann)):  # by keyboard: the focus on the title
        p.page.focus("#stats-btn")
        p.page.keyboard.press("Enter")
        expect(p.page.locator("#stats-dialog")).to_have_attribute("open", "")
        expect(p.page.locator("#stats-title")).to_be_focused()
        rows = p.page.locator("#stats-all tr").evaluate_all(STATS_JS)
        seen[label] = {r.pop("name").removesuffix(" (you)"): r for r in rows}
        assert sorted(r["rates"][0] for r in rows) == [
            "0% (0 of 2)", "100% (1 of 1)", "50% (1 of 2)"], rows
        assert {r["rates"][1] for r in rows} == {"0% (0 of 2)", "0% (0 of 1)"}  # no raise
        assert {r["rates"][2] for r in rows} == {"no chance yet"}  # no raise: no 3-bet
        for name, net in stacks.items():  # each net is the chips their seat won or lost
            text = seen[label][name]["net"].replace(",", "")
            assert text == (f"+{net}" if net > 0 else f"{net}"), (name, text)
        # the player's own stats, chart and its table: two hands, the line from zero
        expect(p.page.locator("#stats-one tr", has_text="Went to showdown")).to_contain_text(
            "100% (1 of 1)")
        expect(p.page.locator("#stats-points tr")).to_have_count(2)
        expect(p.page.locator("#stats-chart-summary")).to_contain_text("Net over 2 hands")
        assert len(p.page.get_attribute("#stats-line", "points").split()) == 3
    assert seen["host"] == seen["ann"]  # the same hands seen: the same stats, on every page
    expect(host.page.locator("#stats-leaders tr")).to_have_count(3)
    expect(ann.page.locator("#stats-leaders-box")).to_be_hidden()
    # another player's chart, chosen on the phone
    ann.page.select_option("#stats-player", label="Bo")
    expect(ann.page.locator("#stats-chart-title")).to_have_text("Net over time of Bo")
    width, inner = ann.page.evaluate(WIDTH_JS)
    box = ann.page.locator("#stats-dialog").bounding_box()
    assert width <= inner and box is not None and box["x"] >= 0 and (
        box["x"] + box["width"] <= inner), (width, inner, box)
    ann.screenshot("stats-phone")
    ann.page.locator("#stats-dialog").screenshot(path=ARTIFACTS / "stats-phone-dialog.png")
    ann.page.locator("#stats-points").scroll_into_view_if_needed()
    ann.page.locator("#stats-dialog").screenshot(path=ARTIFACTS / "stats-phone-chart.png")
    host.screenshot("stats-desktop")
    for p in (host, ann):  # Escape closes it, the focus back on the button
        p.page.keyboard.press("Escape")
        expect(p.page.locator("#stats-dialog")).not_to_have_attribute("open", "")
        expect(p.page.locator("#stats-btn")).to_be_focused()
    # Ann leaves: the menu's "Last night" card opens the same stats from the hands kept
    ann.page.click("#pk-cashout-btn")
    ann.page.click("#confirm-go")
    ann.wait_screen("menu")
    ann.page.click("#ln-stats-btn")
    expect(ann.page.locator("#stats-dialog")).to_have_attribute("open", "")
    rows = ann.page.locator("#stats-all tr").evaluate_all(STATS_JS)
    assert {r.pop("name"): r for r in rows} == {
        (f"{n} (you)" if n == "Ann" else n): r for n, r in seen["ann"].items()}
    ann.screenshot("stats-menu-phone")
    ann.page.keyboard.press("Escape")
    expect(ann.page.locator("#ln-stats-btn")).to_be_focused()


def test_a_room_closed_under_open_dialogs_leaves_the_guests_at_a_usable_menu(site,
                                                                              shared_players):
    """The host closes the room while Ann (phone) is being asked "Leave now?" and Bo (desktop)
    reads the keys: their pages go back to the menu with no dialog left open over it (whose
    buttons would have answered nobody: they were the room's), the focus at the menu's top
    and the notice saying the room was closed."""
    host, ann, bo = shared_players
    seat_three(site, host, ann, bo)
    host.page.click("#start-btn")  # Ultimate Omaha, the lobby's default: a hand at once
    for p in (host, ann, bo):
        p.wait_screen("game")
        expect(p.page.locator("#check-btn")).to_be_enabled(timeout=30_000)
    ann.page.click("#game-leave-btn")  # a hand is running: asked first
    expect(ann.page.locator("#confirm-dialog")).to_be_visible()
    bo.page.click("#keys-btn")
    expect(bo.page.locator("#keys-dialog")).to_be_visible()
    host.page.click("#game-leave-btn")
    host.page.click("#confirm-go")
    for p in (ann, bo):
        p.wait_screen("menu")
        expect(p.page.locator("dialog[open]")).to_have_count(0)
        expect(p.page.locator("#menu-title")).to_be_focused()
        expect(p.page.locator("#notice")).to_contain_text("closed")
    ann.page.click("#code-input")  # the menu answers: nothing modal over it
    expect(ann.page.locator("#code-input")).to_be_focused()

"""The PokerStars-format hand history (:mod:`games.pokerstars`), written from a hand's public
record plus its reader's own hole cards, parsed back: seats, forced bets, actions with amounts,
boards and winners must be exactly what the engine's operation log says, for every game it
covers; pokerkit's own PokerStars reader must replay it to the same stacks; and it names no
card its reader did not see.
"""

from __future__ import annotations

import json
import random
import re
import warnings

import pytest
from games.poker.hands import PlayedHand, viewer_record
from games.pokerstars import (
    NOT_DOUBLE_POT,
    hand_number,
    pokerstars_document,
    pokerstars_text,
)
from poker_random import Knobs, random_hand
from room.errors import ExportError
from rules.poker import Betting, Game, Hand, Verb
from rules.poker.records import Acted, Awarded, Dealt, Drew, Posted, Returned, RoundStarted, Shown

STARS_BETTINGS = (Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT)
"""The betting structures PokerStars' format has (not double pot limit)."""
NAMES = ["Ann", "Bill", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe"]

STAMP = r"(\d{4}/\d\d/\d\d [12]?\d:\d\d:\d\d)"
HEADER = re.compile(r"PokerStars Hand #(\d+): +(?:Tournament #\d+, Freeroll +)?"
                    r"(Hold'em|Omaha|Omaha Hi/Lo|Split Omaha|5 Card Draw|5 Card Omaha|6\+ Hold'em"
                    r"|Triple Draw 2-7 Lowball) "
                    r"(No Limit|Pot Limit|Limit) (?:- Level [IVXLC]+ )?\((\d+)/(\d+)\) - "
                    + STAMP + r" UTC \[" + STAMP + r" ET\]")
TABLE = re.compile(r"Table '([^']+)' (\d+)-max Seat #(\d+) is the button")
SEAT = re.compile(r"Seat (\d+): (\w+) \((\d+) in chips\)")
POST = re.compile(r"(\w+): posts (the ante|small blind|big blind) (\d+)( and is all-in)?")
ACT = re.compile(r"(\w+): (folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))"
                 r"( and is all-in)?")
COLLECT = re.compile(r"(\w+) collected (\d+) from (pot|main pot|side pot(?:-\d+)?)")
SHOW_DOWN = re.compile(r"\*\*\* (?:(?:FIRST|SECOND) )?SHOW DOWN \*\*\*")
SHOWS = re.compile(r"(\w+): shows \[([^\]]+)\]")
DEALT = re.compile(r"Dealt to (\w+) \[([^\]]+)\]")
STREET = re.compile(r"\*\*\* (?:(FIRST|SECOND) )?(FLOP|TURN|RIVER) \*\*\* \[([^\]]+)\]"
                    r"(?: \[([^\]]+)\])?")
RETURNED = re.compile(r"Uncalled bet \((\d+)\) returned to (\w+)")
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def parse(text: str) -> dict:
    """A small PokerStars hand-history reader (what a tracker reads first)."""
    lines = text.splitlines()
    m = HEADER.fullmatch(lines[0])
    assert m, lines[0]
    t = TABLE.fullmatch(lines[1])
    assert t, lines[1]
    out: dict = {"hand_no": int(m.group(1)), "game": m.group(2), "structure": m.group(3),
                 "blinds": (int(m.group(4)), int(m.group(5))), "button": int(t.group(3)) - 1,
                 "seats": {}, "posts": [], "actions": [], "collected": {}, "shows": [],
                 "dealt": [], "streets": [], "returned": []}
    for line in lines[2:]:
        if (s := SEAT.fullmatch(line)) and "SUMMARY" not in out:
            out["seats"][s.group(2)] = (int(s.group(1)) - 1, int(s.group(3)))
        elif p := POST.fullmatch(line):
            out["posts"].append((p.group(1), p.group(2), int(p.group(3))))
        elif a := ACT.fullmatch(line):
            verb = a.group(2).split()[0]
            amount = a.group(3) or a.group(4) or a.group(6)
            out["actions"].append((a.group(1), verb, int(amount) if amount else None,
                                   bool(a.group(7))))
        elif c := COLLECT.fullmatch(line):
            out["collected"][c.group(1)] = out["collected"].get(c.group(1), 0) + int(c.group(2))
        elif sh := SHOWS.fullmatch(line.split(" (")[0] if " (" in line else line):
            out["shows"][-1].append((sh.group(1), sh.group(2)))
        elif SHOW_DOWN.fullmatch(line):
            out["shows"].append([])
        elif r := RETURNED.fullmatch(line):
            out["returned"].append((r.group(2), int(r.group(1))))
        elif d := DEALT.fullmatch(line):
            out["dealt"].append((d.group(1), d.group(2)))
        elif st := STREET.fullmatch(line):
            cards = st.group(3).split() + (st.group(4).split() if st.group(4) else [])
            out["streets"].append((st.group(1) or "", st.group(2), cards))
        elif line == "*** SUMMARY ***":
            out["SUMMARY"] = True
    return out


VERBS = {Verb.FOLD: "folds", Verb.CHECK: "checks", Verb.CALL: "calls", Verb.BET: "bets",
         Verb.RAISE: "raises"}


def played(hand: Hand, seed: int, *, spread: bool = False) -> PlayedHand:
    """``hand`` as a session keeps it, engine seat ``e`` at table seat ``e`` (or, ``spread``,
    at scattered table seats, as at a ten-seat table with gaps)."""
    n = hand.seats
    seats = (tuple(sorted(random.Random(seed).sample(range(10), n))) if spread
             else tuple(range(n)))
    return PlayedHand(seed + 1, tuple(f"p{e}" for e in range(n)), seats, tuple(NAMES[:n]),
                      hand.config, (), hand)


def own_hole(hand: Hand, e: int) -> list[str]:
    return [str(c) for c in hand.hole[e]]


@pytest.mark.parametrize("spread", [False, True], ids=["", "scattered-seats"])
@pytest.mark.parametrize("posts", [False, True], ids=["", "newcomers-post"])
@pytest.mark.parametrize("game", [Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.BOMB_DOUBLE,
                                  Game.PLO5, Game.SHORT_DECK])
def test_pokerstars_text_reads_back(game, posts, spread):
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(game,), bettings=STARS_BETTINGS, posts=posts))
        p = played(hand, seed, spread=spread)
        names = p.names
        hero = hand.order[0]
        record = viewer_record(p, p.ids[hero])
        text = pokerstars_text(json.loads(json.dumps(record)))  # as it travels to a guest
        got = parse(text)
        cfg = hand.config
        table = p.seats
        assert got["hand_no"] == hand_number(record)
        small, big = cfg.blinds
        stakes = (big, 2 * big) if cfg.betting is Betting.FIXED_LIMIT else (small, big)
        assert got["blinds"] == stakes and got["button"] == table[cfg.button]
        assert got["seats"] == {names[s]: (table[s], cfg.stacks[s]) for s in hand.order}
        assert got["posts"] == [(names[r.seat], r.kind if r.kind != "ante" else "the ante",
                                 r.amount) for r in hand.log if isinstance(r, Posted)]
        assert got["dealt"] == [(names[hero], " ".join(own_hole(hand, hero)))]
        want = []
        for r in hand.log:
            if isinstance(r, Acted):
                amount = {Verb.CALL: r.added, Verb.BET: r.to, Verb.RAISE: r.to}.get(r.verb)
                want.append((names[r.seat], VERBS[r.verb], amount, r.all_in))
        assert got["actions"] == want
        assert got["returned"] == [(names[r.seat], r.amount) for r in hand.log
                                   if isinstance(r, Returned)]
        # Every street dealt has its line, each board its cards so far, in the engine's order.
        rounds = [r.name for r in hand.log if isinstance(r, RoundStarted)
                  if r.name != "preflop"]
        prefixes = ["FIRST", "SECOND"] if game is Game.BOMB_DOUBLE else [""]
        counts = {"flop": 3, "turn": 4, "river": 5}
        assert got["streets"] == [(pre, name.upper(), [str(c) for c in hand.boards[b][
            :counts[name]]]) for name in rounds for b, pre in enumerate(prefixes)]
        won: dict[str, int] = {}
        for r in hand.log:
            if isinstance(r, Awarded):
                won[names[r.seat]] = won.get(names[r.seat], 0) + r.amount
        assert got["collected"] == won
        shown = [(names[r.seat], " ".join(map(str, r.cards))) for r in hand.log
                 if isinstance(r, Shown)]
        # Each show down shows each hand once (side pots first: another order than ours).
        boards = 2 if game is Game.BOMB_DOUBLE else 1
        assert [sorted(part) for part in got["shows"]] == (
            [sorted(shown)] * boards if shown else [])
        # No card of another seat but those shown: not a folded hand, not an unshown one.
        seen = {str(c) for b in hand.boards for c in b} | set(own_hole(hand, hero)) | {
            str(c) for r in hand.log if isinstance(r, Shown) for c in r.cards}
        assert set(CARD.findall(text)) <= seen
        folded = {r.seat for r in hand.log if isinstance(r, Acted) and r.verb is Verb.FOLD}
        shown_cards = {c for line in text.splitlines() if not line.startswith("Dealt to")
                       for group in re.findall(r"\[([^\]]+)\]", line) for c in group.split()}
        for seat in folded:
            leaked = {str(c) for c in hand.hole[seat]} & shown_cards
            assert not leaked, f"the folded hand of seat {seat} leaked: {leaked}"


def test_each_reader_sees_their_own_hole_and_nobody_elses_unshown_cards():
    """The same hand, read by every seat and by a spectator: the texts differ only in the
    "Dealt to" line, which holds that reader's cards."""
    for seed in range(40):
        hand = random_hand(seed, Knobs(games=(Game.OMAHA,), bettings=STARS_BETTINGS))
        p = played(hand, seed)
        shown = {r.seat for r in hand.log if isinstance(r, Shown)}
        texts = {}
        for e in hand.order:
            text = pokerstars_text(viewer_record(p, p.ids[e]))
            texts[e] = text
            for other in hand.order:
                if other != e and other not in shown:
                    assert not set(own_hole(hand, other)) & set(CARD.findall(text)), (seed, e)
        spectator = pokerstars_text(viewer_record(p, "nobody"))
        assert "Dealt to" not in spectator
        for text in texts.values():
            assert [line for line in text.splitlines() if not line.startswith("Dealt to")] \
                == spectator.splitlines()


def test_pokerkit_replays_the_text_to_the_same_stacks():
    """pokerkit's own PokerStars reader (No-Limit Hold'em, blinds only) replays our text
    through its rules: every action must be legal there and end with the stacks our engine
    paid. Hands it rules differently are left out (known differences, listed in
    ``rules.poker.kit``: a short all-in blind, a bet or raise short of a full one, its odd-chip
    split)."""
    notation = pytest.importorskip("pokerkit.notation")
    checked = 0
    for seed in range(400):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,)))
        if hand.config.ante or any(
            (isinstance(r, Posted) and r.all_in) or (isinstance(r, Acted) and not r.full)
            for r in hand.log
        ) or any(len(pot.winners) > 1 for pot in hand.result().pots):
            continue
        p = played(hand, seed, spread=True)
        text = pokerstars_text(viewer_record(p, p.ids[hand.order[-1]]))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its notes on unusual folds and field names
            (hh,) = notation.HandHistory.from_pokerstars(text, error_status=True)
            final = list(hh)[-1]
        assert not final.status, f"seed {seed}: pokerkit expects more of the hand"
        names = {p.names[e]: e for e in hand.order}
        assert sorted(hh.players) == sorted(names)
        assert dict(zip(hh.players, hh.starting_stacks, strict=True)) == {
            n: hand.config.stacks[e] for n, e in names.items()}
        assert dict(zip(hh.players, final.stacks, strict=True)) == {
            n: hand.result().stacks[e] for n, e in names.items()}, seed
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("betting", STARS_BETTINGS)
def test_five_card_draw_is_written_as_pokerstars_5_card_draw(betting):
    """PokerStars' 5 Card Draw: "*** DEALING HANDS ***", every draw by its count ("discards
    2 cards", "stands pat"), the reader's own by card, then "Dealt to" with the cards they kept
    and the ones they drew; folds "before the Draw" / "after the Draw". Betting, payouts and
    the hands shown read back as the engine played them, and no card of another player but
    those shown appears."""
    draws = 0
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(Game.DRAW,), bettings=(betting,)))
        p = played(hand, seed)
        hero = hand.order[seed % len(hand.order)]
        record = json.loads(json.dumps(viewer_record(p, p.ids[hero])))
        text = pokerstars_text(record)
        got = parse(text)
        names = p.names
        assert " 5 Card Draw " in text.splitlines()[0]
        assert "*** DEALING HANDS ***" in text and "*** HOLE CARDS ***" not in text
        want = []
        for r in hand.log:
            if isinstance(r, Acted):
                amount = {Verb.CALL: r.added, Verb.BET: r.to, Verb.RAISE: r.to}.get(r.verb)
                want.append((names[r.seat], VERBS[r.verb], amount, r.all_in))
        assert got["actions"] == want
        said = [ln for ln in text.splitlines() if re.fullmatch(r".+: (discards|stands pat).*", ln)]
        drew = [r for r in hand.log if isinstance(r, Drew)]
        assert len(said) == len(drew)
        for line, r in zip(said, drew, strict=True):
            n = len(r.discards)
            if r.seat == hero and n:
                cards = " ".join(map(str, r.discards))
                assert line == f"{names[r.seat]}: discards {n} card{'s' * (n > 1)} [{cards}]"
                draws += 1
            elif n:
                assert line == f"{names[r.seat]}: discards {n} card{'s' * (n > 1)}"
            else:
                assert line == f"{names[r.seat]}: stands pat"
        own = [r for r in drew if r.seat == hero and r.discards]
        dealt = [ln for ln in text.splitlines() if ln.startswith("Dealt to ")]
        first = [str(r.card) for r in hand.log
                 if isinstance(r, Dealt) and r.to == "hole" and r.seat == hero]
        assert dealt[0] == f"Dealt to {names[hero]} [{' '.join(first)}]"
        assert len(dealt) == 1 + len(own)
        if own:
            line = next(ln for ln in text.splitlines()
                        if ln.startswith(f"Dealt to {names[hero]} [") and "] [" in ln)
            assert line.endswith(f"] [{' '.join(map(str, own[0].received))}]")
        won: dict[str, int] = {}
        for r in hand.log:
            if isinstance(r, Awarded) and r.amount:  # a draw without antes: nothing to win
                won[names[r.seat]] = won.get(names[r.seat], 0) + r.amount
        assert got["collected"] == won
        seen = set(first) | {str(c) for r in own for c in r.received} | {
            str(c) for r in hand.log if isinstance(r, Shown) for c in r.cards}
        assert set(CARD.findall(text)) <= seen, seed
    assert draws > 5


def test_a_bomb_pot_in_an_omaha_session_is_written_as_the_bomb_pot_it_was():
    """A history entry's ``game`` is the session's game (``room.export.history_entry``); the
    hand's own game is ``hand_game``."""
    hand = random_hand(3, Knobs(games=(Game.BOMB_DOUBLE,), bettings=STARS_BETTINGS))
    record = {**viewer_record(played(hand, 3), "p0"), "game": "omaha"}
    assert "*** FIRST FLOP ***" in pokerstars_text(record)


def test_the_document_holds_every_table_hand_once_in_order_and_skips_the_rest():
    records = []
    for seed, game, bettings in ((5, Game.OMAHA, STARS_BETTINGS),
                                 (2, Game.OMAHA, (Betting.DOUBLE_POT_LIMIT,)),
                                 (1, Game.HOLDEM, STARS_BETTINGS)):
        hand = random_hand(seed, Knobs(games=(game,), bettings=bettings))
        records.append(viewer_record(played(hand, seed), "p0"))
    records.append({"hand_no": 9, "game": "ultimate", "players": []})
    records.append(records[0])  # the same hand filed twice
    text = pokerstars_document(records)
    assert [int(n) for n in re.findall(r"PokerStars Hand #(\d+):", text)] == [
        hand_number(records[2]), hand_number(records[0])]  # room hands 2 and 6, in that order
    assert text.count("\n\n\n") == 1 and text.endswith("\n") and not text.endswith("\n\n")
    with pytest.raises(ExportError, match="no hand of a table game"):
        pokerstars_document([records[3]])


def test_a_shortened_log_or_a_malformed_record_is_refused_saying_why():
    hand = random_hand(4, Knobs(games=(Game.HOLDEM,), bettings=STARS_BETTINGS))
    good = viewer_record(played(hand, 4), "p0")
    pokerstars_text(good)
    with pytest.raises(ExportError, match="first 7 actions left out"):
        pokerstars_text({**good, "actions_omitted": 7})
    bad_records = [
        {**good, "you": {"seat": good["you"]["seat"], "hole": ["Xx", "As"]}},
        {**good, "you": {"seat": good["you"]["seat"], "hole": ["As\nSeat 9: forged"]}},
        {**good, "boards": [["Ah", 3]]},
        {**good, "actions": [*good["actions"], {"type": "act", "seat": 0, "action": "sing"}]},
        {k: v for k, v in good.items() if k != "seats"},
        {**good, "blinds": "5/10"},
        {**good, "pots": None},
    ]
    for bad in bad_records:
        with pytest.raises(ExportError, match=f"hand {good['hand_no']}: the record is malformed"):
            pokerstars_text(bad)
    with pytest.raises(ExportError, match="not 'chess'"):
        pokerstars_text({**good, "game": "chess", "hand_game": None})


def test_a_name_cannot_forge_a_line():
    hand = random_hand(6, Knobs(games=(Game.HOLDEM,), bettings=STARS_BETTINGS))
    record = viewer_record(played(hand, 6), "p0")
    plain = pokerstars_text(record)
    record["seats"][0]["name"] = "Ann\n*** SUMMARY ***\nSeat 1: Ann"
    text = pokerstars_text(record)
    assert text.splitlines().count("*** SUMMARY ***") == 1
    assert len(text.splitlines()) == len(plain.splitlines())


# --- what trackers key on and read (fixed limit, double boards, numbers, times, names) --------


def record_of(game: Game, betting: Betting, seed: int, *, want=None, seats=None,
              viewer: int = 0) -> dict:
    """The first random hand (from ``seed`` on) of ``game``/``betting`` that ``want(hand)``
    accepts, as its engine seat ``viewer`` keeps it (a guest's copy: through JSON)."""
    knobs = Knobs(games=(game,), bettings=(betting,), fold_weight=0.15,
                  **({} if seats is None else {"min_seats": seats, "max_seats": seats}))
    for s in range(seed, seed + 3000):
        hand = random_hand(s, knobs)
        if want is None or want(hand):
            p = played(hand, s)
            return json.loads(json.dumps(viewer_record(p, p.ids[viewer])))
    raise AssertionError("no such hand")


def awards(hand: Hand) -> list[Awarded]:
    return [r for r in hand.log if isinstance(r, Awarded)]


def showdown(hand: Hand) -> bool:
    return any(r.hand is not None for r in awards(hand))


def test_fixed_limit_is_named_by_its_small_and_big_bets():
    """PokerStars names a limit game by its bets: blinds 5/10 are "Limit (10/20)"; trackers
    read the stakes from there. No limit and pot limit are named by their blinds."""
    for betting, words in ((Betting.FIXED_LIMIT, "Limit"), (Betting.NO_LIMIT, "No Limit"),
                           (Betting.POT_LIMIT, "Pot Limit")):
        record = record_of(Game.HOLDEM, betting, 1)
        small, big = record["blinds"]
        stakes = (big, 2 * big) if betting is Betting.FIXED_LIMIT else (small, big)
        first = pokerstars_text(record).splitlines()[0]
        assert f" Hold'em {words} ({stakes[0]}/{stakes[1]}) - " in first, first


def test_a_bomb_pot_is_written_as_pokerstars_double_board_game():
    """PokerStars' own double-board hands: "Split" in the game's name (trackers read the
    boards side by side, not as a hand run twice), a show down per board, each board's half
    paid there, and each board's result in the summary."""
    record = record_of(Game.BOMB_DOUBLE, Betting.POT_LIMIT, 1, want=lambda h: len(
        {r.seat for r in awards(h)}) > 1 and showdown(h))
    text = pokerstars_text(record)
    lines = text.splitlines()
    assert " Split Omaha Pot Limit (" in lines[0]
    first, second = lines.index("*** FIRST SHOW DOWN ***"), lines.index("*** SECOND SHOW DOWN ***")
    summary = lines.index("*** SUMMARY ***")
    names = {s["seat"]: s["name"] for s in record["seats"]}
    for board, part in ((1, lines[first:second]), (2, lines[second:summary])):
        paid = [(m[1], int(m[2])) for line in part if (m := COLLECT.fullmatch(line))]
        want = [(names[w["seat"]], w["amount"]) for p in reversed(record["pots"])
                for sh in p["shares"] if sh["share"] in (f"board {board}", "")
                and (board == 1 or sh["share"])  # a pot paid whole: under the first board
                for w in sh["winners"]]
        assert paid == want, (board, part)
    for s in record["shown"]:
        (line,) = [ln for ln in lines if ln.startswith(f"Seat {s['seat'] + 1}: {s['name']}")
                   and " showed [" in ln]
        assert re.search(r"showed \[[^\]]+\] and (won \(\d+\)|lost) with .+, and "
                         r"(won \(\d+\)|lost) with ", line), line
    assert [ln.split(" [")[0] for ln in lines if "Board [" in ln] == ["FIRST Board",
                                                                      "SECOND Board"]


def test_hand_numbers_are_the_same_on_every_page_and_differ_between_hands_and_rooms():
    """A tracker keeps one hand per site and number: the number comes from the deal's public
    commitment, the same in every player's copy, different for every deal; a stacked deck
    (no commitment) takes the table's name into account."""
    hand = random_hand(8, Knobs(games=(Game.HOLDEM,), bettings=STARS_BETTINGS))
    p = played(hand, 8)
    readers = [viewer_record(p, p.ids[e]) for e in hand.order] + [viewer_record(p, None)]
    records = [{**r, "commitment": "ab" * 32} for r in readers]
    assert len({hand_number(r) for r in records}) == 1
    numbers = {hand_number({**records[0], "commitment": f"{i:064x}"}) for i in range(2000)}
    assert len(numbers) == 2000 and max(numbers) < 10**15 and min(numbers) > 0
    plain = readers[0]
    assert plain["commitment"] is None
    assert hand_number(plain, "Ultimate Omaha ABCD234") != hand_number(plain, "Ultimate Omaha X")


def test_the_time_is_the_hosts_deal_time_in_utc_and_eastern_time():
    """Every page writes the time the host dealt the hand (``started_ms`` in its record), as
    PokerStars does: a time, then Eastern time in brackets (daylight time in summer)."""
    record = record_of(Game.HOLDEM, Betting.NO_LIMIT, 2)
    winter = 1_795_700_000_000  # 2026-11-26 13:33:20 UTC
    summer = 1_783_000_000_000  # 2026-07-02 13:46:40 UTC
    assert pokerstars_text({**record, "started_ms": winter}).splitlines()[0].endswith(
        " - 2026/11/26 13:33:20 UTC [2026/11/26 8:33:20 ET]")
    assert pokerstars_text({**record, "started_ms": summer}).splitlines()[0].endswith(
        " - 2026/07/02 13:46:40 UTC [2026/07/02 9:46:40 ET]")


def test_the_table_is_named_after_the_room():
    record = record_of(Game.OMAHA, Betting.POT_LIMIT, 3)
    text = pokerstars_text(record, table="Ultimate Omaha K7Q2M4P")
    assert text.splitlines()[1].startswith("Table 'Ultimate Omaha K7Q2M4P' ")
    assert "Table 'Ultimate Omaha Anns' " in pokerstars_text(record, table="Ultimate Omaha Ann's")


def test_the_session_stamps_each_hand_with_the_hosts_wall_clock():
    """The host's session stamps each hand with its wall clock when it deals it: the time
    every page's file gives (a page's own clock would differ)."""
    from test_room_table_games import passive, three

    table = three("holdem")
    clock = iter(range(1_795_700_000_000, 1_795_800_000_000, 60_000))
    table.send("Ann", table.clients["Ann"].start_game())
    table.game.wall_clock = lambda: next(clock)
    for name in ("Ann", "Bob", "Cy"):
        table.send(name, table.clients[name].table("buy_in", 1000))
    table.next_hand()
    table.play(passive)
    table.next_hand()
    table.play(passive)
    assert [e["started_ms"] for _, e in sorted(table.clients["Bob"].history.items())] == [
        1_795_700_000_000, 1_795_700_060_000]


def test_one_side_pot_is_side_pot_and_several_are_numbered():
    """PokerStars: "Main pot 30. Side pot 8." with one side pot; "Side pot-1 8. Side pot-2
    4." from two on; collected "from side pot" / "from side pot-1"."""
    seen = set()
    for seed in range(0, 4000, 7):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=STARS_BETTINGS))
        pots = hand.result().pots
        if len(pots) < 2 or len(pots) in seen:
            continue
        seen.add(min(len(pots), 3))
        text = pokerstars_text(viewer_record(played(hand, seed), "p0"))
        total = next(ln for ln in text.splitlines() if ln.startswith("Total pot"))
        amounts = [p.amount for p in pots]
        if len(pots) == 2:
            assert total == (f"Total pot {sum(amounts)} Main pot {amounts[0]}. Side pot "
                             f"{amounts[1]}. | Rake 0")
            assert "side pot-" not in text
        else:
            assert f" Side pot-1 {amounts[1]}. Side pot-2 {amounts[2]}." in total
        if seen >= {2, 3}:
            return
    raise AssertionError(f"no hands with one and with several side pots: {seen}")


def test_side_pots_are_shown_and_paid_before_the_main_pot():
    """PokerStars' showdown starts with the outermost side pot: its players show, it is
    paid; then the next; the main pot last."""
    def several(h: Hand) -> bool:
        return len(h.result().pots) >= 2 and showdown(h)

    record = record_of(Game.HOLDEM, Betting.NO_LIMIT, 11, want=several)
    lines = pokerstars_text(record).splitlines()
    paid = [m[3] for line in lines if (m := COLLECT.fullmatch(line))]
    count = len(record["pots"])
    order = ["side pot" if count == 2 else f"side pot-{i}" for i in range(count - 1, 0, -1)]
    assert [p for i, p in enumerate(paid) if i == 0 or p != paid[i - 1]] == [
        *order, "main pot"][-len(set(paid)):] or paid[-1] == "main pot", paid
    assert paid[-1] == "main pot" and paid[0] != "main pot"


def test_hi_lo_pays_each_half_on_its_own_line_and_says_when_no_low_qualified():
    with_low = record_of(Game.OMAHA_HILO, Betting.POT_LIMIT, 1, want=lambda h: any(
        r.share == "low" for r in awards(h)) and len(h.result().pots) == 1)
    lines = pokerstars_text(with_low).splitlines()
    names = {s["seat"]: s["name"] for s in with_low["seats"]}
    paid = [(m[1], int(m[2])) for line in lines if (m := COLLECT.fullmatch(line))]
    assert paid == [(names[w["seat"]], w["amount"]) for sh in with_low["pots"][0]["shares"]
                    for w in sh["winners"]]
    assert "No low hand qualified" not in lines
    assert any("; LO: " in ln and re.search(r"LO: [2-8A](,[2-8A]){4}\)", ln) for ln in lines)
    no_low = record_of(Game.OMAHA_HILO, Betting.POT_LIMIT, 1, want=lambda h: showdown(h)
                       and not any(r.share == "low" for r in awards(h))
                       and len(h.result().pots) == 1)
    lines = pokerstars_text(no_low).splitlines()
    last_paid = max(i for i, ln in enumerate(lines) if COLLECT.fullmatch(ln))
    assert lines[last_paid + 1] == "No low hand qualified"
    assert not any("LO:" in ln for ln in lines)


def test_hand_names_are_written_as_pokerstars_writes_them():
    """Lower-case classes, "Deuces", a straight by its ends, "a Royal Flush"."""
    from games.pokerstars import stars_hand

    assert [stars_hand(w) for w in (
        "High Card, King", "a Pair of Twos", "Two Pair, Kings and Fives",
        "Three of a Kind, Sixes", "a Straight, Queen high", "a Straight, Five high",
        "a Flush, King high", "a Full House, Sixes full of Twos", "Four of a Kind, Sixes",
        "a Straight Flush, Six high", "a Royal Flush")] == [
        "high card King", "a pair of Deuces", "two pair, Kings and Fives",
        "three of a kind, Sixes", "a straight, Eight to Queen", "a straight, Ace to Five",
        "a flush, King high", "a full house, Sixes full of Deuces", "four of a kind, Sixes",
        "a straight flush, Deuce to Six", "a Royal Flush"]
    # Short deck: the lowest straight runs from the ace to the nine (the deck's lowest rank
    # is the six), as PokerStars' 6+ Hold'em says it.
    assert stars_hand("a Straight, Nine high", lowest=4) == "a straight, Ace to Nine"
    assert stars_hand("a Straight Flush, Ten high", lowest=4) == "a straight flush, Six to Ten"
    record = record_of(Game.HOLDEM, Betting.NO_LIMIT, 4, want=showdown)
    shows = [ln for ln in pokerstars_text(record).splitlines() if ": shows [" in ln]
    assert shows and all(re.search(r"\] \((high card|a pair|two pair|three of a kind|a straight"
                                   r"|a flush|a full house|four of a kind|a straight flush|a Royal"
                                   r")", ln) for ln in shows), shows


def test_the_summary_says_who_did_not_bet_and_the_heads_up_button_is_the_small_blind():
    """"folded before Flop (didn't bet)" for a player who put no chips in but antes; heads
    up, the button posts the small blind: "(button) (small blind)"."""
    three_way = record_of(Game.HOLDEM, Betting.NO_LIMIT, 1, seats=4, want=lambda h: any(
        isinstance(r, Acted) and r.verb is Verb.FOLD and r.added == 0 and not any(
            isinstance(q, Posted) and q.seat == r.seat and q.kind != "ante" for q in h.log)
        and not any(isinstance(q, Acted) and q.seat == r.seat and q.added for q in h.log)
        for r in h.log if isinstance(r, Acted)) and not h.boards[0])
    summary = pokerstars_text(three_way).split("*** SUMMARY ***")[1].splitlines()
    quiet = [ln for ln in summary if ln.endswith("folded before Flop (didn't bet)")]
    assert quiet and not any("blind)" in ln for ln in quiet)
    assert all(ln.endswith("(didn't bet)") for ln in summary
               if "folded before Flop" in ln and "blind)" not in ln and "(button)" not in ln)
    heads_up = record_of(Game.HOLDEM, Betting.NO_LIMIT, 1, seats=2)
    button = heads_up["button"]
    summary = pokerstars_text(heads_up).split("*** SUMMARY ***")[1]
    assert f"Seat {button + 1}: {NAMES[button]} (button) (small blind) " in summary


def test_a_tournament_hand_is_written_as_a_tournament_hand():
    """PokerStars' tournament header: the tournament's number, its buy-in (ours are played
    for chips: "Freeroll"), the level; the table is the tournament's."""
    record = {**record_of(Game.HOLDEM, Betting.FIXED_LIMIT, 6), "level": 2,
              "tournament": "0123456789abcdef"}
    from games.pokerstars import tournament_number

    lines = pokerstars_text(record).splitlines()
    t = tournament_number("0123456789abcdef")
    big = record["blinds"][1]
    assert re.fullmatch(rf"PokerStars Hand #\d+: Tournament #{t}, Freeroll  Hold'em Limit - "
                        rf"Level III \({big}/{2 * big}\) - .+ UTC \[.+ ET\]", lines[0]), lines[0]
    assert lines[1].startswith(f"Table '{t} 1' ")


def test_double_pot_limit_is_refused_saying_pokerstars_has_no_such_structure():
    record = record_of(Game.OMAHA, Betting.DOUBLE_POT_LIMIT, 1)
    with pytest.raises(ExportError, match="no double-pot-limit betting"):
        pokerstars_text(record)
    with pytest.raises(ExportError, match=re.escape(NOT_DOUBLE_POT)):
        pokerstars_document([record])
    other = record_of(Game.OMAHA, Betting.POT_LIMIT, 1)
    assert pokerstars_document([record, {**other, "hand_no": 99}]).count("PokerStars Hand #") == 1


@pytest.mark.parametrize("name, written", [
    ("Bo: folds", "Bo:folds"), ("Bo (button)", "Bo <button>"), ("Cy [Ah Kd]", "Cy <Ah Kd>"),
    ("  Di  ", "Di"), ("Ed\n*** SUMMARY ***", "Ed +++ SUMMARY +++"), ("Fi\u2028x", "Fi x"),
    ("", "Seat 1"), ("Bo collected 999 from pot", "Bo collect-ed 999 from pot"),
    ("Hand cancelled", "Hand-cancelled"), ("Al CASHED OUT", "Al CASHED-OUT")])
def test_a_name_is_written_so_no_line_reads_as_another(name, written):
    record = record_of(Game.HOLDEM, Betting.NO_LIMIT, 7, want=showdown)
    seat = record["seats"][0]["seat"]
    record["seats"][0]["name"] = name
    text = pokerstars_text(record)
    expect = written if name else f"Seat {seat + 1}"
    assert f"Seat {seat + 1}: {expect} (" in text
    plain = pokerstars_text({**record, "seats": [{**record["seats"][0], "name": "Zed"},
                                                 *record["seats"][1:]]})
    assert len(text.splitlines()) == len(plain.splitlines())
    # Words a tracker looks for anywhere in a hand (fpdb drops a hand that has them in a
    # name) appear only where the plain text has them.
    for words in (" collected ", "***", "Hand cancelled", "cashed out"):
        assert text.count(words) == plain.count(words), words
    # As a tracker reads an action line (fpdb: the shortest name before ": verb"), every
    # line says the same player and verb as with a plain name.
    for odd, usual in zip(text.splitlines(), plain.splitlines(), strict=True):
        a, b = TRACKER_ACT.match(odd), TRACKER_ACT.match(usual)
        assert (a is None) == (b is None), (odd, usual)
        if a and b:
            assert (a[1].replace(expect, "Zed"), a[2]) == (b[1], b[2]), (odd, usual)


TRACKER_ACT = re.compile(r"(.+?): (bets|checks|raises|calls|folds|shows|mucks|posts)\b")


def test_a_rooms_history_spans_every_game_played_in_it():
    """The host's file holds every hand of the room, also those of the games played before
    the last change of game: the entries its own results views filed (as a guest's file
    does), each replaced by the game's whole record while that game still holds it."""
    from games.pokerstars import room_records
    from test_room_table_games import passive, three

    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    table.play(passive)
    table.next_hand()
    table.play(passive)
    table.send("Ann", table.clients["Ann"].set_game("omaha", {}))
    table.next_hand()
    assert table.game.game_id == "omaha"
    table.play(passive)
    ann, bob = table.clients["Ann"], table.clients["Bob"]
    whole = table.game.records_for(ann.you)
    assert [r["hand_no"] for r in whole] == [3]  # the game being played knows only its own
    host = pokerstars_document(room_records(ann.history.values(), whole))
    guest = pokerstars_document(bob.history.values())
    assert host.count("PokerStars Hand #") == guest.count("PokerStars Hand #") == 3
    assert [ln[:40] for ln in host.splitlines() if ln.startswith("PokerStars Hand")] == [
        ln[:40] for ln in guest.splitlines() if ln.startswith("PokerStars Hand")]
    assert "Omaha Pot Limit" in host and "Hold'em No Limit" in host


# --- a maintained tracker's parser reads our text back -------------------------------------


STREET_NAMES = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River"}


@pytest.mark.parametrize("betting", [Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT])
def test_pokerdf_reads_tournament_holdem_back_as_our_engine_played_it(betting):
    """pokerdf (a maintained PyPI package that turns PokerStars tournament hand histories
    into tables; it reads Hold'em: two hole cards, seats 1 to 9) reads random tournament hands
    of ours back, player by player: stacks, blinds and antes, every bet, call and raise with
    its amount on its street, all-ins, who folded, the cards shown, who won what, bets
    returned, the boards, the pots, the level, the stakes, the hand and tournament numbers."""
    convert = pytest.importorskip("pokerdf.core.read_and_convert")
    from games.pokerstars import tournament_number

    for seed in range(40):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=(betting,), max_seats=9))
        p = played(hand, seed)
        hero = hand.order[0]
        record = {**viewer_record(p, p.ids[hero]), "tournament": f"t{seed}", "level": 3}
        text = pokerstars_text(json.loads(json.dumps(record)))
        rows = {row.Player: row for row in convert.apply_regex(text).itertuples()}
        cfg = hand.config
        names = p.names
        assert set(rows) == {names[e] for e in hand.order}
        small, big = cfg.blinds
        first = next(iter(rows.values()))
        assert (first.HandID, first.TournID, first.Level) == (
            str(hand_number(record)), str(tournament_number(f"t{seed}")), "IV")
        assert list(first.Blinds) == ([big, 2 * big] if betting is Betting.FIXED_LIMIT
                                      else [small, big])
        assert first.OwnersHand == tuple(own_hole(hand, hero))
        boards = [str(c) for c in hand.boards[0]]
        for street, count in (("BoardFlop", 3), ("BoardTurn", 4), ("BoardRiver", 5)):
            got = getattr(first, street)
            assert (list(got) if isinstance(got, tuple) else []) == (
                boards[:count] if len(boards) >= count else []), street
        pots = [pot.amount for pot in hand.result().pots]
        assert first.TotalPotLog == sum(pots)
        if len(pots) > 1:
            assert list(first.PotBreakdown) == pots
        # Player by player, against the engine's log.
        acts: dict[str, dict[str, list]] = {n: {s: [] for s in STREET_NAMES.values()}
                                           for n in rows}
        allin = {n: {s: False for s in STREET_NAMES.values()} for n in rows}
        street, level = "Preflop", 0
        for r in hand.log:
            if isinstance(r, Posted):
                level = max(level, r.amount) if r.kind != "ante" else level
            elif isinstance(r, RoundStarted):
                if r.name != "preflop":
                    level = 0
                street = STREET_NAMES[r.name]
            elif isinstance(r, Acted):
                amount = {Verb.CALL: r.added, Verb.BET: r.to, Verb.RAISE: r.to - level}.get(
                    r.verb)
                if amount is not None:  # pokerdf reads "checks" and "folds" only when a
                    # space follows (PokerStars' 2025 files end the line there, as ours do):
                    # those are checked by its result column ("folded") below
                    acts[names[r.seat]][street].append((VERBS[r.verb], str(amount)))
                allin[names[r.seat]][street] |= r.all_in
                level = max(level, r.to)
        won: dict[str, int] = {}
        for r in hand.log:
            if isinstance(r, Awarded):
                won[names[r.seat]] = won.get(names[r.seat], 0) + r.amount
        shown = {names[r.seat]: tuple(map(str, r.cards)) for r in hand.log
                 if isinstance(r, Shown)}
        returned = {names[r.seat]: r.amount for r in hand.log if isinstance(r, Returned)}
        folded = {names[r.seat] for r in hand.log if isinstance(r, Acted) and r.verb is Verb.FOLD}
        for e in hand.order:
            n = names[e]
            row = rows[n]
            assert row.Stack == cfg.stacks[e], (seed, n)
            posts = {r.kind: r.amount for r in hand.log if isinstance(r, Posted) and r.seat == e}
            blind = posts.get("big blind", posts.get("small blind"))
            assert (None if row.PostedBlind != row.PostedBlind else row.PostedBlind) == blind
            assert (row.PostedAnte or None) == (posts.get("ante") or None), (seed, n)
            for s in STREET_NAMES.values():
                got = [a for a in getattr(row, f"{s}Action") if a != ("", "")]
                assert got == acts[n][s], (seed, n, s, got)
                assert getattr(row, f"{s}AllIn") == allin[n][s], (seed, n, s)
            assert (tuple(row.RevealedCards) if n in shown else None) == shown.get(n)
            balance = None if row.Balance != row.Balance else row.Balance
            assert balance == won.get(n), (seed, n)
            returned_got = None if row.UncalledReturned != row.UncalledReturned else (
                row.UncalledReturned)
            assert returned_got == returned.get(n), (seed, n)
            result = ("folded" if n in folded else
                      "won at showdown" if n in won and n in shown else
                      "lost at showdown" if n in shown else row.Result)
            assert row.Result == result, (seed, n, row.Result)


def test_a_tournaments_hands_keep_its_number_over_a_host_reload():
    """Every hand of one tournament names the same tournament (its random id, kept in the
    host's snapshot), and every page writes the same header for it."""
    from test_room_table_games import passive, three

    table = three("holdem", {"mode": "tournament", "starting_stack": 2000,
                             "level_by": "hands", "level_length": 1})
    table.start(None)
    table.play(passive)
    moved = table.net.reload_host()
    table.peers = {n: moved.get(p, p) for n, p in table.peers.items()}
    table.next_hand()
    table.play(passive)
    bob, cy = table.clients["Bob"], table.clients["Cy"]
    tours = {e["tournament"] for e in bob.history.values()}
    assert len(tours) == 1 and None not in tours
    heads = [ln for ln in pokerstars_document(bob.history.values()).splitlines()
             if ln.startswith("PokerStars Hand #")]
    assert len(heads) == 2 and len({ln.split(", ")[0].split(": ")[1] for ln in heads}) == 1
    assert " - Level I (" in heads[0] and " - Level II (" in heads[1]
    assert heads == [ln for ln in pokerstars_document(cy.history.values()).splitlines()
                     if ln.startswith("PokerStars Hand #")]


_ORDINALS = ("FIRST", "SECOND", "THIRD")


@pytest.mark.parametrize("betting", STARS_BETTINGS)
def test_triple_draw_is_written_as_pokerstars_triple_draw_2_7_lowball(betting):
    """PokerStars' "Triple Draw 2-7 Lowball": "*** DEALING HANDS ***", each draw under its
    own heading ("*** FIRST DRAW ***" ... "*** THIRD DRAW ***") with every player's discards
    by count (the reader's by card, then "Dealt to" with the cards kept and those drawn, the
    hand as it stands at that draw); folds "before the Draw", "after the 1st Draw" ...; a
    shown hand as a low ("Lo: 9,8,7,6,3", "Lo: a pair of Fives"). Betting and payouts read
    back as the engine played them, and no card but the reader's own and those shown."""
    headings = readers_draws = 0
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(Game.TRIPLE_DRAW,), bettings=(betting,)))
        p = played(hand, seed)
        hero = hand.order[seed % len(hand.order)]
        record = json.loads(json.dumps(viewer_record(p, p.ids[hero])))
        text = pokerstars_text(record)
        lines = text.splitlines()
        names = p.names
        assert lines[0].split(":  ")[1].startswith(
            "Triple Draw 2-7 Lowball " + {"no-limit": "No Limit", "pot-limit": "Pot Limit",
                                          "fixed-limit": "Limit"}[betting.value] + " (")
        assert "*** DEALING HANDS ***" in lines and "*** HOLE CARDS ***" not in lines
        got = parse(text)
        want = [(names[r.seat], VERBS[r.verb],
                 {Verb.CALL: r.added, Verb.BET: r.to, Verb.RAISE: r.to}.get(r.verb), r.all_in)
                for r in hand.log if isinstance(r, Acted)]
        assert got["actions"] == want
        drew = [r for r in hand.log if isinstance(r, Drew)]
        seen_headings = [ln for ln in lines if re.fullmatch(r"\*\*\* \w+ DRAW \*\*\*", ln)]
        draws_made = max([sum(r.seat == seat for r in drew) for seat in hand.order], default=0)
        assert seen_headings == [f"*** {o} DRAW ***" for o in _ORDINALS[:draws_made]]
        headings += len(seen_headings)
        said = [ln for ln in lines if re.fullmatch(r".+: (discards|stands pat).*", ln)]
        assert len(said) == len(drew)
        held = [str(r.card) for r in hand.log
                if isinstance(r, Dealt) and r.to == "hole" and r.seat == hero]
        dealt = iter(ln for ln in lines if ln.startswith(f"Dealt to {names[hero]} "))
        assert next(dealt) == f"Dealt to {names[hero]} [{' '.join(held)}]"
        for line, r in zip(said, drew, strict=True):
            n = len(r.discards)
            if not n:
                assert line == f"{names[r.seat]}: stands pat"
            elif r.seat == hero:
                assert line == (f"{names[r.seat]}: discards {n} card{'s' * (n > 1)} "
                                f"[{' '.join(map(str, r.discards))}]")
                held = [c for c in held if c not in {str(c) for c in r.discards}]
                assert next(dealt) == (f"Dealt to {names[hero]} [{' '.join(held)}] "
                                       f"[{' '.join(map(str, r.received))}]")
                held += [str(c) for c in r.received]
                readers_draws += 1
            else:
                assert line == f"{names[r.seat]}: discards {n} card{'s' * (n > 1)}"
        for ln in lines:
            if m := re.fullmatch(r"Seat \d+: \w+(?: \([a-z ]+\))* folded (.+)", ln):
                assert re.fullmatch(r"(before the Draw|after the (1st|2nd|3rd) Draw)"
                                    r"( \(didn't bet\))?", m[1]), ln
            if ": shows [" in ln:
                assert re.search(r"\] \(Lo: ([2-9TJQKA](,[2-9TJQKA]){4}|[a-z].+)\)$", ln), ln
        won: dict[str, int] = {}
        for r in hand.log:
            if isinstance(r, Awarded) and r.amount:
                won[names[r.seat]] = won.get(names[r.seat], 0) + r.amount
        assert got["collected"] == won
        seen = {str(r.card) for r in hand.log if isinstance(r, Dealt) and r.seat == hero} | {
            str(c) for r in drew if r.seat == hero for c in r.received} | {
            str(c) for r in hand.log if isinstance(r, Shown) for c in r.cards}
        assert set(CARD.findall(text)) <= seen, seed
    assert headings > 20 and readers_draws > 5

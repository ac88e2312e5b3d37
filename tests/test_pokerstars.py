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
from games.pokerstars import NOT_DRAW, pokerstars_document, pokerstars_text
from poker_random import Knobs, random_hand
from room.errors import ExportError
from rules.poker import Betting, Game, Hand, Verb
from rules.poker.records import Acted, Awarded, Posted, Returned, RoundStarted, Shown

NAMES = ["Ann", "Bill", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe"]

HEADER = re.compile(r"PokerStars Hand #(\d+): (Hold'em|Omaha|Omaha Hi/Lo) "
                    r"(No Limit|Pot Limit|Double Pot Limit|Limit) \((\d+)/(\d+)\) - "
                    r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET")
TABLE = re.compile(r"Table '([^']+)' (\d+)-max Seat #(\d+) is the button")
SEAT = re.compile(r"Seat (\d+): (\w+) \((\d+) in chips\)")
POST = re.compile(r"(\w+): posts (the ante|small blind|big blind) (\d+)( and is all-in)?")
ACT = re.compile(r"(\w+): (folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))"
                 r"( and is all-in)?")
COLLECT = re.compile(r"(\w+) collected (\d+) from (pot|main pot|side pot(?:-\d+)?)")
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
            out["shows"].append((sh.group(1), sh.group(2)))
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
@pytest.mark.parametrize("game", [Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.BOMB_DOUBLE])
def test_pokerstars_text_reads_back(game, posts, spread):
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(game,), posts=posts))
        p = played(hand, seed, spread=spread)
        names = p.names
        hero = hand.order[0]
        record = viewer_record(p, p.ids[hero])
        text = pokerstars_text(json.loads(json.dumps(record)))  # as it travels to a guest
        got = parse(text)
        cfg = hand.config
        table = p.seats
        assert got["hand_no"] == seed + 1
        assert got["blinds"] == cfg.blinds and got["button"] == table[cfg.button]
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
        assert got["shows"] == shown
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
        hand = random_hand(seed, Knobs(games=(Game.OMAHA,)))
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


def test_draw_is_refused_with_a_clear_message():
    hand = random_hand(1, Knobs(games=(Game.DRAW,)))
    record = viewer_record(played(hand, 1), "p0")
    assert record["hand_game"] == "draw"
    with pytest.raises(ExportError, match="Hold'em and the Omaha games, not 5-card draw"):
        pokerstars_text(record)
    with pytest.raises(ExportError, match=re.escape(NOT_DRAW)):
        pokerstars_document([record])


def test_a_bomb_pot_in_an_omaha_session_is_written_as_the_bomb_pot_it_was():
    """A history entry's ``game`` is the session's game (``room.export.history_entry``); the
    hand's own game is ``hand_game``."""
    hand = random_hand(3, Knobs(games=(Game.BOMB_DOUBLE,)))
    record = {**viewer_record(played(hand, 3), "p0"), "game": "omaha"}
    assert "*** FIRST FLOP ***" in pokerstars_text(record)


def test_the_document_holds_every_table_hand_once_in_order_and_skips_the_rest():
    records = []
    for seed, game in ((5, Game.OMAHA), (2, Game.DRAW), (1, Game.HOLDEM)):
        hand = random_hand(seed, Knobs(games=(game,)))
        records.append(viewer_record(played(hand, seed), "p0"))
    records.append({"hand_no": 9, "game": "ultimate", "players": []})
    records.append(records[0])  # the same hand filed twice
    text = pokerstars_document(records)
    assert [int(n) for n in re.findall(r"PokerStars Hand #(\d+):", text)] == [2, 6]
    assert text.count("\n\n\n") == 1 and text.endswith("\n") and not text.endswith("\n\n")
    with pytest.raises(ExportError, match="no hand of a table game"):
        pokerstars_document([records[3]])


def test_a_shortened_log_or_a_malformed_record_is_refused_saying_why():
    hand = random_hand(4, Knobs(games=(Game.HOLDEM,)))
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
    hand = random_hand(6, Knobs(games=(Game.HOLDEM,)))
    record = viewer_record(played(hand, 6), "p0")
    plain = pokerstars_text(record)
    record["seats"][0]["name"] = "Ann\n*** SUMMARY ***\nSeat 1: Ann"
    text = pokerstars_text(record)
    assert text.splitlines().count("*** SUMMARY ***") == 1
    assert len(text.splitlines()) == len(plain.splitlines())

"""The PokerStars-format hand history, parsed back: seats, forced bets, actions with amounts,
boards and winners must be exactly what the operation log says, for every game it covers.
"""

from __future__ import annotations

import re

import pytest
from poker_random import Knobs, random_hand
from rules.poker import Game, Verb
from rules.poker.history import pokerstars_text
from rules.poker.records import Acted, Awarded, Posted, Shown

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


def parse(text: str) -> dict:
    """A small PokerStars hand-history reader (what a tracker reads first)."""
    lines = text.splitlines()
    m = HEADER.fullmatch(lines[0])
    assert m, lines[0]
    t = TABLE.fullmatch(lines[1])
    assert t, lines[1]
    out: dict = {"game": m.group(2), "structure": m.group(3),
                 "blinds": (int(m.group(4)), int(m.group(5))), "button": int(t.group(3)) - 1,
                 "seats": {}, "posts": [], "actions": [], "collected": {}, "shows": []}
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
        elif line == "*** SUMMARY ***":
            out["SUMMARY"] = True
    return out


VERBS = {Verb.FOLD: "folds", Verb.CHECK: "checks", Verb.CALL: "calls", Verb.BET: "bets",
         Verb.RAISE: "raises"}


@pytest.mark.parametrize("posts", [False, True], ids=["", "newcomers-post"])
@pytest.mark.parametrize("game", [Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.BOMB_DOUBLE])
def test_pokerstars_text_reads_back(game, posts):
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(game,), posts=posts))
        names = NAMES[: hand.seats]
        text = pokerstars_text(hand, names, hand_id=seed + 1, hero=hand.order[0])
        got = parse(text)
        cfg = hand.config
        assert got["blinds"] == cfg.blinds and got["button"] == cfg.button
        assert got["seats"] == {names[s]: (s, cfg.stacks[s]) for s in hand.order}
        assert got["posts"] == [(names[r.seat], r.kind if r.kind != "ante" else "the ante",
                                 r.amount) for r in hand.log if isinstance(r, Posted)]
        want = []
        for r in hand.log:
            if isinstance(r, Acted):
                amount = {Verb.CALL: r.added, Verb.BET: r.to, Verb.RAISE: r.to}.get(r.verb)
                want.append((names[r.seat], VERBS[r.verb].rstrip("s") + "s", amount, r.all_in))
        assert [(n, v, a, ai) for n, v, a, ai in got["actions"]] == want
        won: dict[str, int] = {}
        for r in hand.log:
            if isinstance(r, Awarded):
                won[names[r.seat]] = won.get(names[r.seat], 0) + r.amount
        assert got["collected"] == won
        shown = [(names[r.seat], " ".join(map(str, r.cards))) for r in hand.log
                 if isinstance(r, Shown)]
        assert got["shows"] == shown
        folded = {r.seat for r in hand.log if isinstance(r, Acted) and r.verb is Verb.FOLD}
        shown_cards = {c for line in text.splitlines() if not line.startswith("Dealt to")
                       for group in re.findall(r"\[([^\]]+)\]", line) for c in group.split()}
        for seat in folded:
            leaked = {str(c) for c in hand.hole[seat]} & shown_cards
            assert not leaked, f"the folded hand of seat {seat} leaked: {leaked}"


def test_draw_is_not_exported_in_pokerstars_format():
    hand = random_hand(1, Knobs(games=(Game.DRAW,)))
    with pytest.raises(ValueError, match="Hold'em and the Omaha games"):
        pokerstars_text(hand)

"""The replayer's words and keys (:mod:`web.replaytext`) over real replays: every command
lands where it should, every seat's words come from its frame, no card code or suit symbol
is ever read out."""

from __future__ import annotations

import re

from games.replay import replay
from rules.poker import Game
from test_games_replay import table_record
from test_room_export import played as ultimate_table
from web import replaytext

SYMBOLS = re.compile(r"\b[2-9TJQKA][cdhs]\b|[♠♥♦♣]")


def test_keys_and_moves_walk_a_whole_hand():
    record, _ = table_record(Game.OMAHA_HILO, 4)
    r = replay(record)
    last = len(r.frames) - 1
    at, seen = 0, [0]
    while at < last:  # → alone visits every step once, in order
        at = replaytext.target(r, at, replaytext.command("ArrowRight", False) or "")
        seen.append(at)
    assert seen == list(range(last + 1))
    assert replaytext.target(r, last, "next") == last  # stays put at the end
    assert replaytext.target(r, 0, "back") == 0
    assert replaytext.target(r, 5, replaytext.command("Home", False) or "") == 0
    assert replaytext.target(r, 0, replaytext.command("End", False) or "") == last
    streets = []
    at = 0
    while at < last:  # Shift+→ and Page Down visit the streets, in order
        at = replaytext.target(r, at, replaytext.command("PageDown", False) or "")
        streets.append(r.frames[at].kind)
    assert set(streets[:-1]) <= {"street", "showdown"}
    assert replaytext.command("ArrowLeft", True) == replaytext.command("PageUp", False)


def test_seat_words_and_counter_come_from_the_frame():
    record, _ = table_record(Game.HOLDEM, 7)
    r = replay(record)
    for i, f in enumerate(r.frames):
        assert replaytext.counter(r, i).startswith(f"Step {i + 1} of {len(r.frames)}")
        for s in f.seats:
            w = replaytext.seat_words(r, s)
            assert w.money == f"{s.stack:,}" and w.money_spoken == f"stack {w.money}"
            assert w.bet == (f"{s.bet:,}" if s.bet else "")
            assert ("folded" in w.line) == s.folded
            assert not SYMBOLS.search(w.line + w.money_spoken)
    nets = [replaytext.seat_words(r, s).line for s in r.frames[-1].seats if s.net]
    assert nets and all("net " in line for line in nets)
    ultimate = next(iter(ultimate_table(hands=1).clients["Ann"].history.values()))
    u = replay(ultimate)
    w = replaytext.seat_words(u, u.frames[-1].seats[0])
    assert w.money.startswith("$") and w.money_spoken.startswith("stake $") and not w.bet
    assert replaytext.pots_line(u, u.frames[0]).startswith("Pot $")

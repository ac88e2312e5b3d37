#!/usr/bin/env python3
"""How strong the bots are: "strong" against baselines, heads-up, through the real table game.

Usage::

    nice python3 tools/bench_bots.py [--hands 5000] [--games holdem-nl,plo] \
        [--opponents station,maniac] [--workers 2] [--json out.json]

Every hand is dealt and played by the table game the room runs (``games.poker.PokerGame``
on ``rules.poker``): each player is handed only its own view (``view_for``, the dict a
bot's client receives, wrapped as the room view is) and answers with a move that goes
through ``handle_action`` like a person's — an illegal one stops the run. Stacks are reset
to 100 big blinds before every hand.

**Duplicate deals.** Hands come in pairs dealt from the same deck; the button moves between
the two, so in the second hand each player holds the cards, and has the position, that the
other had in the first. Luck of the cards cancels within a pair; the pair's net is one
sample. A result is the strong bot's win in big blinds per 100 hands with a 95% confidence
interval (1.96 standard errors of the pairs' mean).

**Opponents.** ``station`` checks or calls everything; ``maniac`` always raises (the pot,
or the one size at fixed-limit; calls when no raise is left); ``random`` picks uniformly
among the legal verbs (an amount uniform in the bounds); ``casual`` is the bots' casual
level; ``mc`` is the Monte-Carlo player beginners write: call (or check) when its sampled
equity against the players still in beats ``1/n``, else check or fold; ``rlcard`` is
rlcard 1.2.0's ``limit-holdem-rule-v1`` rule agent, at fixed-limit Hold'em only, its
observation made from our view (its cards as ``"SA"``; its legal actions from ``legal``).

**Plug-ins.** Each game family adds its games through its own function returning
:class:`BenchGame` records (:func:`board_games`, :func:`draw_games`), listed in
:data:`GAME_LISTS`: a game says its table settings, the brain to test and which opponents
apply.

The run goes round the matchups in chunks, in ``--workers`` processes (each at low
priority), and prints every matchup's figures, the strong bot's decision times (p50/p95 ms
and slices) and, with ``--json``, writes them as it goes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT / "py", ROOT / "tests"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from games.poker import PokerGame  # noqa: E402
from room.bots import Brain, Level, Move  # noqa: E402
from room.game import PlayerInfo, Request, TableRequest, TableSettings  # noqa: E402
from rules.variants import VARIANTS  # noqa: E402

STACK_BB = 100
BIG = 10
CHUNK_PAIRS = 50
"""Deal pairs per task: the run goes round the matchups this many pairs at a time."""
HERO, VILLAIN = "hero", "villain"
WEIGHTS = {"casual": 3, "mc": 2}
"""Times ``--hands`` played against these opponents (the others: once): their results are
the closest to zero."""


# --- players ---------------------------------------------------------------------------------


class Player(Protocol):
    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move: ...


@dataclass
class Timing:
    """The decision times of one player, in ms, and the slices each took."""

    ms: list[float] = field(default_factory=list)
    slices: list[int] = field(default_factory=list)
    longest_slice: float = 0.0
    """The longest piece of work between two yields (what could hold up a page), in ms."""


@dataclass
class BrainPlayer:
    """A brain at a level, stepped through its slices like the page's driver."""

    brain: Brain
    level: Level
    timing: Timing | None = None

    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        t = last = time.process_time()  # CPU time: the wait for a core on a shared machine
        for slices, step in enumerate(self.brain.think(view, self.level, rng), 1):  # is not
            now = time.process_time()  # counted
            if self.timing is not None:
                self.timing.longest_slice = max(self.timing.longest_slice, (now - last) * 1000)
            last = now
            if step is not None:
                if self.timing is not None:
                    self.timing.ms.append((now - t) * 1000)
                    self.timing.slices.append(slices)
                return step
        raise RuntimeError("a thought ended without a move")


def _legal(view: Mapping[str, Any]) -> Mapping[str, Any]:
    legal = view["game"]["legal"]
    assert isinstance(legal, Mapping)
    return legal


class Station:
    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        return Move("check" if _legal(view)["can_check"] else "call")


class Maniac:
    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        legal = _legal(view)
        r = legal["raise"]
        if r is None:
            return Move("check" if legal["can_check"] else "call")
        presets = dict((k, v) for k, v in legal["presets"])
        return Move(r["verb"], presets.get("pot", r["min_to"]))


class RandomPlayer:
    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        legal = _legal(view)
        verbs = [v for v in legal["actions"] if v != "allin"]
        verb = rng.choice(verbs)
        if verb in ("bet", "raise"):
            r = legal["raise"]
            return Move(verb, rng.randint(r["min_to"], r["max_to"]))
        return Move(verb)


@dataclass
class MonteCarlo:
    """Calls when its sampled equity beats 1/n (n: the players still in)."""

    samples: int

    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        from games.bots.common import read
        from rules.equity import equity

        legal = _legal(view)
        s = read(view)
        if s is None or s.opponents == 0:
            return Move("check" if legal["can_check"] else "call")
        e = equity(s.variant, s.hole, s.boards, s.opponents - len(s.shown), rng=rng,
                   samples=self.samples, known=s.shown)
        if e.share > 1 / (s.opponents + 1):
            return Move("check" if s.can_check else "call")
        return Move("check" if s.can_check else "fold")


class RlcardRule:
    """rlcard 1.2.0's ``limit-holdem-rule-v1`` agent, seeing our view as its observation."""

    def __init__(self) -> None:
        from rlcard.models import load

        self.agent = load("limit-holdem-rule-v1").agents[0]

    @staticmethod
    def _card(text: str) -> str:
        return text[1].upper() + text[0]

    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Move:
        g = view["game"]
        legal = g["legal"]
        raw_legal = ["call" if not legal["can_check"] else "check", "fold"]
        if legal["raise"] is not None:
            raw_legal.insert(1, "raise")
        state = {"raw_legal_actions": raw_legal, "raw_obs": {
            "hand": [self._card(c) for c in g["you"]["hole"]],
            "public_cards": [self._card(c) for c in (g["boards"][0] if g["boards"] else [])],
        }}
        action = self.agent.step(state)
        if action == "raise":
            return Move(legal["raise"]["verb"], legal["raise"]["min_to"])
        return Move(action)


# --- games -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BenchGame:
    """One game of the benchmark: the table game id and settings, the brain module."""

    key: str
    game: str
    settings: Mapping[str, Any]
    brain: str
    opponents: tuple[str, ...] = ("station", "maniac", "random", "casual", "mc")
    mc_samples: int = 100


def board_games() -> list[BenchGame]:
    """The board games (Hold'em in three structures, Short Deck, the Omaha games)."""
    h, o = "games.bots.holdem", "games.bots.omaha"
    base = ("station", "maniac", "random", "casual", "mc")
    return [
        BenchGame("holdem-nl", "holdem", {"betting": "no-limit"}, h),
        BenchGame("holdem-fl", "holdem", {"betting": "fixed-limit"}, h, (*base, "rlcard")),
        BenchGame("holdem-pl", "holdem", {"betting": "pot-limit"}, h),
        BenchGame("shortdeck", "shortdeck", {}, h),
        BenchGame("plo", "omaha", {}, o, mc_samples=60),
        BenchGame("plo5", "plo5", {}, o, mc_samples=60),
        BenchGame("omaha-hilo", "omaha-hilo", {}, o, mc_samples=60),
        BenchGame("bomb-double", "bomb-double", {}, o, mc_samples=60),
    ]


def draw_games() -> list[BenchGame]:
    """The draw games (5-card draw, 2-7 Triple Draw): their bots' part of the benchmark."""
    return []


GAME_LISTS: tuple[Callable[[], list[BenchGame]], ...] = (board_games, draw_games)


def all_games() -> dict[str, BenchGame]:
    return {g.key: g for make in GAME_LISTS for g in make()}


def make_player(name: str, game: BenchGame, timing: Timing | None = None) -> Player:
    import importlib

    brain: Brain = importlib.import_module(game.brain).BRAIN
    if name == "strong":
        return BrainPlayer(brain, Level.STRONG, timing)
    if name == "casual":
        return BrainPlayer(brain, Level.CASUAL)
    return {"station": Station, "maniac": Maniac, "random": RandomPlayer,
            "rlcard": RlcardRule}[name]() if name != "mc" else MonteCarlo(game.mc_samples)


# --- one chunk of deal pairs -----------------------------------------------------------------


def _table(game: BenchGame, decks: Iterator[list[int]]) -> PokerGame:
    g = PokerGame(deck_source=lambda: next(decks), game=game.game)
    settings = {"small_blind": BIG // 2, "big_blind": BIG, "min_buy_in_bb": STACK_BB,
                "max_buy_in_bb": STACK_BB, **game.settings}
    g.configure(TableSettings(10_000, 0, False, settings))
    g.set_players([PlayerInfo(HERO, "Strong", True, True), PlayerInfo(VILLAIN, "Other", True)], 0)
    for pid in (HERO, VILLAIN):
        g.handle_table(pid, TableRequest("buy_in", STACK_BB * BIG))
    return g


def play_chunk(key: str, opponent: str, seed: int, pairs: int) -> dict[str, Any]:
    """Plays ``pairs`` duplicate pairs; returns each pair's net for the strong bot (chips)
    and its decision timings."""
    with contextlib.suppress(OSError):
        os.nice(max(0, 10 - os.nice(0)))  # low priority (at least 10), however started
    game = all_games()[key]
    timing = Timing()
    players = {HERO: make_player("strong", game, timing), VILLAIN: make_player(opponent, game)}
    rng = random.Random(seed)
    deck_cards = list(VARIANTS[game.game].deck)

    def decks() -> Iterator[list[int]]:
        while True:
            d = list(deck_cards)
            rng.shuffle(d)
            yield d
            yield d

    g = _table(game, decks())
    start = STACK_BB * BIG
    nets: list[int] = []
    pair = 0
    for hand in range(2 * pairs):
        for pid in (HERO, VILLAIN):
            if g.stack_of(pid) != start:
                g.handle_table(HERO, TableRequest("set_stack", start, pid))
        g.next_hand()
        steps = 0
        while g.hand_running:
            (pid,) = g.to_act()
            view = {"game": g.view_for(pid)}
            move = players[pid].decide(view, rng)
            g.handle_action(pid, Request(move.action, g.seq, move.amount, move.cards))
            steps += 1
            if steps > 400:
                raise RuntimeError("a hand that does not end")
        pair += g.stack_of(HERO) - start
        if hand % 2:
            nets.append(pair)
            pair = 0
    return {"key": key, "opponent": opponent, "nets": nets, "ms": timing.ms,
            "slices": timing.slices}


# --- figures ---------------------------------------------------------------------------------


@dataclass
class Tally:
    nets: list[int] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    slices: list[int] = field(default_factory=list)
    longest_slice: float = 0.0
    """The longest piece of work between two yields (what could hold up a page), in ms."""

    def bb100(self) -> tuple[float, float]:
        """The win in big blinds per 100 hands and the half-width of its 95% interval."""
        n = len(self.nets)
        if n < 2:
            return (math.nan, math.nan)
        mean = statistics.fmean(self.nets) / 2  # a pair is two hands
        half = 1.96 * statistics.stdev(self.nets) / math.sqrt(n) / 2
        return (mean / BIG * 100, half / BIG * 100)


def pct(xs: Sequence[float], q: float) -> float:
    if not xs:
        return math.nan
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def report(tallies: Mapping[tuple[str, str], Tally]) -> list[dict[str, Any]]:
    rows = []
    for (key, opp), t in tallies.items():
        win, half = t.bb100()
        rows.append({"game": key, "opponent": opp, "hands": 2 * len(t.nets),
                     "bb100": round(win, 1), "ci95": round(half, 1),
                     "above_zero": bool(win - half > 0),
                     "decisions": len(t.ms), "p50_ms": round(pct(t.ms, 0.5), 2),
                     "p95_ms": round(pct(t.ms, 0.95), 2),
                     "slices_p95": pct(t.slices, 0.95) if t.slices else None})
    return rows


def print_rows(rows: list[dict[str, Any]]) -> None:
    print(f"{'game':<12} {'opponent':<9} {'hands':>6} {'bb/100':>8} {'±95%':>7}  "
          f"{'p50 ms':>7} {'p95 ms':>7} slices")
    for r in rows:
        print(f"{r['game']:<12} {r['opponent']:<9} {r['hands']:>6} {r['bb100']:>8.1f} "
              f"{r['ci95']:>7.1f}{' ' if r['above_zero'] else '!'} {r['p50_ms']:>7.2f} "
              f"{r['p95_ms']:>7.2f} {r['slices_p95']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000,
                        help="hands per matchup (times WEIGHTS for casual and mc)")
    parser.add_argument("--games", default="", help="comma-separated keys (default: all)")
    parser.add_argument("--opponents", default="", help="comma-separated (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", default="", help="write the figures here as they come")
    parser.add_argument("--times", type=int, default=0,
                        help="only the strong bot's decision times over this many hands a game")
    args = parser.parse_args(argv)
    if args.times:
        for key, row in decision_times(str(args.times)).items():
            print(key, row)
        return 0
    games = all_games()
    keys = [k for k in args.games.split(",") if k] or list(games)
    wanted = [o for o in args.opponents.split(",") if o]
    matchups = [(k, o) for k in keys for o in games[k].opponents if not wanted or o in wanted]
    chunks = max(1, math.ceil(args.hands / 2 / CHUNK_PAIRS))
    # Round by round over every matchup (figures so far stay balanced if stopped early); the
    # close matchups get more rounds (WEIGHTS): their intervals are the ones to narrow.
    tasks = [(k, o, args.seed * 1_000_003 + 7919 * i + 104_729 * j, CHUNK_PAIRS)
             for i in range(chunks * max(WEIGHTS.values()))
             for j, (k, o) in enumerate(matchups) if i < chunks * WEIGHTS.get(o, 1)]
    tallies = {m: Tally() for m in matchups}
    started = time.perf_counter()
    print(f"{len(matchups)} matchups, {chunks * CHUNK_PAIRS * 2} hands each (times {WEIGHTS}), "
          "duplicate deals, "
          f"heads-up, {STACK_BB} bb stacks, {args.workers} workers", flush=True)

    def take(res: dict[str, Any]) -> None:
        t = tallies[(res["key"], res["opponent"])]
        t.nets += res["nets"]
        t.ms += res["ms"]
        t.slices += res["slices"]
        if args.json:
            Path(args.json).write_text(json.dumps({
                "elapsed_s": round(time.perf_counter() - started),
                "rows": report(tallies)}, indent=1))

    if args.workers <= 1:
        for task in tasks:
            take(play_chunk(*task))
    else:
        from multiprocessing import Pool

        with Pool(args.workers) as pool:
            for res in pool.imap_unordered(_star, tasks):
                take(res)
    print_rows(report(tallies))
    print(f"elapsed {time.perf_counter() - started:.0f} s")
    return 0


def decision_times(hands: str = "40") -> dict[str, Any]:
    """The strong bot's decision times in each board game (CPU ms: p50, p95, max, over the
    decisions that sample, after the flop, and over all), playing ``hands`` hands heads-up
    against a calling station (which lets every hand reach the river). For Pyodide:
    ``node tools/run_pyodide.mjs bench_bots decision_times 40``."""
    from games.bots.common import read
    from games.bots.tablebrain import STYLES, samples_for

    out: dict[str, Any] = {}
    for game in board_games():
        if game.key in out or game.key == "holdem-pl":
            continue
        timing = Timing()
        brain = make_player("strong", game, timing)
        assert isinstance(brain, BrainPlayer)
        players = {HERO: brain, VILLAIN: Station()}
        rng = random.Random(7)
        deck_cards = list(VARIANTS[game.game].deck)

        def decks(cards: list[int] = deck_cards, r: random.Random = rng) -> Iterator[list[int]]:
            while True:
                d = list(cards)
                r.shuffle(d)
                yield d

        g = _table(game, decks())
        samples: set[int] = set()
        for _ in range(int(hands)):
            for pid in (HERO, VILLAIN):
                if g.stack_of(pid) != STACK_BB * BIG:
                    g.handle_table(HERO, TableRequest("set_stack", STACK_BB * BIG, pid))
            g.next_hand()
            while g.hand_running:
                (pid,) = g.to_act()
                view = {"game": g.view_for(pid)}
                if pid == HERO:
                    s = read(view)
                    if s is not None and not s.preflop:
                        samples.add(samples_for(s, STYLES[Level.STRONG]))
                move = players[pid].decide(view, rng)
                g.handle_action(pid, Request(move.action, g.seq, move.amount, move.cards))
        sampled = [ms for ms, n in zip(timing.ms, timing.slices, strict=True) if n > 1]
        out[game.key] = {
            "decisions": len(timing.ms), "sampled": len(sampled), "samples": sorted(samples),
            "p50_ms": round(pct(sampled, 0.5), 1), "p95_ms": round(pct(sampled, 0.95), 1),
            "max_ms": round(max(sampled, default=math.nan), 1),
            "all_p95_ms": round(pct(timing.ms, 0.95), 1),
            "slices_max": max(timing.slices, default=0),
            "longest_slice_ms": round(timing.longest_slice, 1)}
    return out


def _star(task: tuple[str, str, int, int]) -> dict[str, Any]:
    return play_chunk(*task)


if __name__ == "__main__":
    sys.exit(main())

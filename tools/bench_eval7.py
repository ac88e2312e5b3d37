"""Benchmark: our seven-card evaluation against eval7 0.1.11 (C) and treys 0.1.8, in one run.

What bots and the advisor need is many run-outs a decision, every hand scored on each, so the
figure is hands scored per second: Hold'em best of seven (``best_high``, one call a hand), the
same with the board's part done once (``holdem_on``: one board, then 2 or 9 hands on it, the
board's cost included), and the other games beside them: Omaha and PLO5 high (``omaha_high``,
``omaha_high_on``, after ``warm_up``), Omaha 8-or-better low, Short Deck (``short_high``,
``short_on``) and 2-7 (``low27``, five cards). The target (README, "Benchmarks"): Hold'em
``best_high`` at least 0.25× eval7's ``evaluate`` in CPython.

The machine is shared: times are this process's CPU time (``time.process_time``; under Pyodide
Node's ``process.cpuUsage()``), so the time spent waiting for a core is not counted (on an idle
machine it is the wall time). Each round times every evaluator once, back to back; a ratio is
the median over rounds of the two rates measured in the same round, a rate the best round's.
The load average is printed before and after. Every evaluator gets the same random deals,
converted to its card type before timing; eval7's and treys' values are checked to order the
deals as ours do.

The Pyodide half (``node tools/bench_eval7_pyodide.mjs``, started from here) runs
:func:`bench_core` in the npm ``pyodide`` the page uses, with treys (pure Python) copied in
from the virtualenv; eval7 is C and has no Pyodide build, so Pyodide's rates are set against
CPython's eval7 of this run. It also times the tables' builds there (``rules.sevencard``, built
on first use; the page never builds them at start).

Usage: ``.venv/bin/python tools/bench_eval7.py [--hands N] [--rounds R] [--no-pyodide]``.
Speed is reported, never asserted by the tests.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_DIR = os.path.join(ROOT, "py")
if PY_DIR not in sys.path:
    sys.path.insert(0, PY_DIR)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SHORT_DECK = [c for c in range(52) if c >> 2 >= 4]
TARGET = 0.25
"""Hold'em best of seven, ours ÷ eval7, CPython."""


def _node_cpu_seconds() -> float:
    """Under Pyodide in Node: the Node process's CPU time (``process.cpuUsage()``, user and
    system, in microseconds); Pyodide's own ``process_time`` is the wall clock there."""
    from js import process  # type: ignore[import-not-found]

    usage = process.cpuUsage()
    return float(usage.user + usage.system) / 1e6


def _clock() -> Callable[[], float]:
    if sys.platform == "emscripten":
        try:
            _node_cpu_seconds()
        except Exception:
            return time.perf_counter
        return _node_cpu_seconds
    return time.process_time


CLOCK = _clock()


def card_text(index: int) -> str:
    return RANKS[index >> 2] + SUITS[index & 3]


def hands(count: int, size: int, deck: Sequence[int] = range(52), seed: int = 7) -> list[tuple]:
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def boards(count: int, players: int, hole: int, deck: Sequence[int] = range(52),
           seed: int = 9) -> list[tuple[tuple, list[tuple]]]:
    """``count`` deals of one five-card board and ``players`` holes of ``hole`` cards."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dealt = rng.sample(deck, 5 + players * hole)
        out.append((tuple(dealt[:5]),
                    [tuple(dealt[5 + i * hole : 5 + (i + 1) * hole]) for i in range(players)]))
    return out


Job = Callable[[], int]
"""Scores a whole batch once; returns how many hands it scored."""


def per_hand(fn: Callable[[Any], object], batch: Sequence) -> Job:
    def job() -> int:
        for x in batch:
            fn(x)
        return len(batch)

    return job


def per_board(on: Callable[[Any], Callable[[Any], object]], deals: Sequence) -> Job:
    """The board-once pattern: ``high = on(board)``, then every hole scored with it."""

    def job() -> int:
        n = 0
        for board, holes in deals:
            high = on(board)
            for hole in holes:
                high(hole)
            n += len(holes)
        return n

    return job


def per_hole_and_board(fn: Callable[[Any, Any], object], deals: Sequence) -> Job:
    def job() -> int:
        n = 0
        for board, holes in deals:
            for hole in holes:
                fn(hole, board)
            n += len(holes)
        return n

    return job


def race(jobs: dict[str, Job], rounds: int, reference: str | None) -> tuple[dict, dict]:
    """Rates (hands/s, best round) of every job, and each one's median ratio to ``reference``
    over rounds (both timed within the same round, in an order that turns each round)."""
    names = list(jobs)
    times: dict[str, list[float]] = {n: [] for n in names}
    counts: dict[str, int] = {}
    for i in range(rounds):
        turn = names[i % len(names):] + names[: i % len(names)]
        for name in turn:
            start = CLOCK()
            counts[name] = jobs[name]()
            times[name].append(CLOCK() - start)
    rates = {n: counts[n] / min(times[n]) for n in names}
    ratios = {}
    if reference in jobs:
        for n in names:
            ratios[n] = statistics.median(
                (counts[n] / t) / (counts[reference] / r)
                for t, r in zip(times[n], times[reference], strict=True)
            )
    return rates, ratios


def build_times() -> dict[str, float]:
    """Milliseconds to build each table from nothing (best of three)."""
    from rules import evaluator, sevencard

    out: dict[str, float] = {}
    for name, build in (
        ("seven_ranks_ms", lambda: sevencard.seven_ranks(0)),
        ("suited_best_ms", lambda: sevencard.suited_best(0)),
        ("short_seven_ranks_ms", lambda: sevencard.seven_ranks(4)),
        ("short_suited_best_ms", lambda: sevencard.suited_best(4)),
    ):
        best = float("inf")
        for _ in range(3):
            sevencard.seven_ranks.cache_clear()
            sevencard.suited_best.cache_clear()
            t = CLOCK()
            build()
            best = min(best, (CLOCK() - t) * 1000)
        out[name] = best
    saved = evaluator._TABLES
    try:
        evaluator._TABLES = evaluator._Tables()
        sevencard.seven_ranks.cache_clear()
        sevencard.suited_best.cache_clear()
        players = boards(1, 10, 2, seed=3)[0]
        t = CLOCK()
        for hole in players[1]:
            evaluator.best_high([*hole, *players[0]])
        out["first_holdem_showdown_ms"] = (CLOCK() - t) * 1000
        t = CLOCK()
        evaluator.warm_up()
        out["warm_up_ms"] = (CLOCK() - t) * 1000
    finally:
        evaluator._TABLES = saved
    return out


def bench_core(count: int = 20000, rounds: int = 9, with_refs: bool = True) -> dict[str, Any]:
    """Every rate and ratio of this runtime (CPython or Pyodide), as a JSON-able dict."""
    from rules import evaluator

    results: dict[str, Any] = {"python": sys.version.split()[0]}
    results.update(build_times())
    evaluator.warm_up()
    sevens = hands(count, 7)
    two_up = boards(count // 2, 2, 2)
    nine_up = boards(count // 9, 9, 2)
    jobs: dict[str, Job] = {
        "holdem_best_high": per_hand(evaluator.best_high, sevens),
        "holdem_on_2": per_board(evaluator.holdem_on, two_up),
        "holdem_on_9": per_board(evaluator.holdem_on, nine_up),
    }
    eval7: Any = None
    treys: Any = None
    if with_refs:
        try:
            import eval7
        except ImportError:
            results["eval7"] = "not installed"
        try:
            import treys
        except ImportError:
            results["treys"] = "not installed"
    if eval7 is not None:
        e7 = [eval7.Card(card_text(i)) for i in range(52)]
        e7_sevens = [[e7[c] for c in h] for h in sevens]
        jobs["eval7_evaluate"] = per_hand(eval7.evaluate, e7_sevens)
        results["eval7_orders_alike"] = same_order(
            [evaluator.best_high(h) for h in sevens[:2000]],
            [eval7.evaluate(h) for h in e7_sevens[:2000]],
        )
    if treys is not None:
        tc = [treys.Card.new(card_text(i)) for i in range(52)]
        ev = treys.Evaluator()
        t_sevens = [([tc[c] for c in h[:5]], [tc[c] for c in h[5:]]) for h in sevens]
        jobs["treys_evaluate"] = per_hand(lambda bh: ev.evaluate(bh[0], bh[1]), t_sevens)
        results["treys_orders_alike"] = same_order(
            [evaluator.best_high(h) for h in sevens[:2000]],
            [-ev.evaluate(b, h) for b, h in t_sevens[:2000]],
        )
    reference = "eval7_evaluate" if eval7 is not None else None
    rates, ratios = race(jobs, rounds, reference)

    # The other games: their rates, timed the same way (in the same rounds as eval7 again, so
    # their ratios to it see one load too).
    omaha = boards(count // 9, 9, 4, seed=11)
    plo5 = boards(count // 9, 9, 5, seed=12)
    short = boards(count // 9, 9, 2, SHORT_DECK, seed=13)
    short_sevens = hands(count, 7, SHORT_DECK, seed=14)
    fives = hands(count, 5, seed=15)
    games: dict[str, Job] = {
        "omaha_high": per_hole_and_board(evaluator.omaha_high, omaha),
        "omaha_high_on_9": per_board(evaluator.omaha_high_on, omaha),
        "plo5_high": per_hole_and_board(evaluator.omaha_high, plo5),
        "plo5_high_on_9": per_board(evaluator.omaha_high_on, plo5),
        "omaha_low8": per_hole_and_board(evaluator.omaha_low8, omaha),
        "omaha_low8_on_9": per_board(evaluator.omaha_low8_on, omaha),
        "short_high": per_hand(evaluator.short_high, short_sevens),
        "short_on_9": per_board(evaluator.short_on, short),
        "low27": per_hand(evaluator.low27, fives),
    }
    if eval7 is not None:
        games["eval7_evaluate"] = jobs["eval7_evaluate"]
        games["eval7_evaluate_5"] = per_hand(eval7.evaluate,
                                             [[e7[c] for c in h] for h in fives])
    if treys is not None:
        plo = treys.PLOEvaluator()
        t_omaha = [([tc[c] for c in b], [[tc[c] for c in h] for h in hs])
                   for b, hs in omaha[: max(count // 90, 20)]]
        games["treys_plo"] = per_hole_and_board(plo.evaluate, t_omaha)
    game_rates, game_ratios = race(games, max(rounds // 2, 3), reference)
    for name, rate in game_rates.items():
        rates.setdefault(name, rate)
    for name, ratio in game_ratios.items():
        ratios.setdefault(name, ratio)
    results["rates"] = rates
    results["ratios_to_eval7"] = ratios
    return results


def same_order(ours: Sequence[int], theirs: Sequence[int]) -> bool:
    """Whether two scorings (higher is better in both) order the hands alike."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    return all(
        (ours[i] < ours[j]) == (theirs[i] < theirs[j])
        and (ours[i] == ours[j]) == (theirs[i] == theirs[j])
        for i, j in pairwise(order)
    )


def pyodide_results() -> dict[str, Any] | None:
    script = os.path.join(ROOT, "tools", "bench_eval7_pyodide.mjs")
    try:
        done = subprocess.run(["node", script], cwd=ROOT, capture_output=True, text=True,
                              timeout=1200)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: skipped ({e})", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"pyodide: failed\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs"


ROWS = [
    ("Hold'em best of 7: ours `best_high`", "holdem_best_high"),
    ("Hold'em: ours `holdem_on`, 2 hands a board (board's cost included)", "holdem_on_2"),
    ("Hold'em: ours `holdem_on`, 9 hands a board", "holdem_on_9"),
    ("Hold'em best of 7: eval7 0.1.11 `evaluate` (C)", "eval7_evaluate"),
    ("Hold'em best of 7: treys 0.1.8 `Evaluator`", "treys_evaluate"),
    ("Omaha high (after `warm_up`): ours `omaha_high`", "omaha_high"),
    ("Omaha high: ours `omaha_high_on`, 9 hands a board", "omaha_high_on_9"),
    ("Omaha high: treys 0.1.8 `PLOEvaluator`", "treys_plo"),
    ("PLO5 high: ours `omaha_high`", "plo5_high"),
    ("PLO5 high: ours `omaha_high_on`, 9 hands a board", "plo5_high_on_9"),
    ("Omaha 8-or-better low: ours `omaha_low8`", "omaha_low8"),
    ("Omaha 8-or-better low: ours `omaha_low8_on`, 9 hands a board", "omaha_low8_on_9"),
    ("Short Deck best of 7: ours `short_high`", "short_high"),
    ("Short Deck: ours `short_on`, 9 hands a board", "short_on_9"),
    ("2-7, five cards: ours `low27`", "low27"),
    ("five cards: eval7 0.1.11 `evaluate` (C)", "eval7_evaluate_5"),
]


def _k(x: float | None) -> str:
    return "–" if x is None else f"{x / 1000:,.0f} k"


def _x(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}×"


def main(argv: Sequence[str]) -> int:
    count, rounds = 20000, 9
    if "--hands" in argv:
        count = int(argv[argv.index("--hands") + 1])
    if "--rounds" in argv:
        rounds = int(argv[argv.index("--rounds") + 1])
    print(f"CPython {sys.version.split()[0]}, {count} hands a batch, {rounds} rounds; "
          f"{load()}", flush=True)
    cp = bench_core(count, rounds)
    print(f"CPython done; {load()}", flush=True)
    py = None if "--no-pyodide" in argv else pyodide_results()
    if py is not None:
        print(f"Pyodide {py['python']} done; {load()}")
    cp_rates, cp_ratios = cp["rates"], cp["ratios_to_eval7"]
    py_rates = {} if py is None else py["rates"]
    eval7_rate = cp_rates.get("eval7_evaluate")
    print()
    print("| hands/s (same random deals) | CPython | ÷ eval7 | Pyodide | Pyodide ÷ CPython eval7 |")
    print("| --- | --- | --- | --- | --- |")
    for label, key in ROWS:
        if key not in cp_rates and key not in py_rates:
            continue
        py_rate = py_rates.get(key)
        cross = None if py_rate is None or eval7_rate is None else py_rate / eval7_rate
        print(f"| {label} | {_k(cp_rates.get(key))} | {_x(cp_ratios.get(key))} | "
              f"{_k(py_rate)} | {_x(cross)} |")
    print()
    print("| tables, built on first use (ms) | CPython | Pyodide |")
    print("| --- | --- | --- |")
    for label, key in (
        ("`seven_ranks()`: 49,205 seven-card rank multisets", "seven_ranks_ms"),
        ("`suited_best()`: 8,192 suit rank masks", "suited_best_ms"),
        ("Short Deck's `seven_ranks(4)` / `suited_best(4)`", None),
        ("first 10-player Hold'em showdown, every table empty", "first_holdem_showdown_ms"),
        ("`warm_up()` (Omaha's board table, in idle slices on the page)", "warm_up_ms"),
    ):
        if key is None:
            cells = [f"{d['short_seven_ranks_ms']:.0f} / {d['short_suited_best_ms']:.0f}"
                     if d else "–" for d in (cp, py)]
        else:
            cells = [f"{d[key]:.0f}" if d else "–" for d in (cp, py)]
        print(f"| {label} | {cells[0]} | {cells[1]} |")
    print()
    for name in ("eval7", "treys"):
        if f"{name}_orders_alike" in cp:
            alike = "orders the same 2,000 hands as ours" if cp[f"{name}_orders_alike"] else (
                "ORDERS HANDS DIFFERENTLY FROM OURS")
            print(f"{name}: {alike}")
        elif name in cp:
            print(f"{name}: {cp[name]} (pip install -r tests/requirements.txt)")
    ratio = cp_ratios.get("holdem_best_high")
    if ratio is None:
        print("target: not measured (no eval7)")
    else:
        verdict = "met" if ratio >= TARGET else "MISSED"
        print(f"target: Hold'em best_high ÷ eval7 in CPython = {ratio:.2f}× "
              f"(≥ {TARGET}×): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

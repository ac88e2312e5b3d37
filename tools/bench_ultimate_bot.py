"""How well and how fast the Ultimate Omaha bot chooses: agreement with the exact choice.

Over random spots (a random hole, preflop or on a random flop, half each), the strong bot's
choice (Double or Check, :func:`games.bots.ultimate.decide`, the brain's very steps) is
compared with the choice of :func:`rules.ultimate_odds.reference`: exact on the flop (every
turn and river of both boards), preflop 20,000 whole deals that settle a clear Double, and for
the spots they leave open 300 flops each enumerated exactly. Agreement is reported by round,
with the spots where the bot differs and how far the reference's edge was from zero (a
disagreement on an edge of 0.01 of a stake costs next to nothing). The casual bot's agreement
is reported beside it.

Decision time (CPython, this run): mean and 95th percentile per decision, and the deals the
bot weighed. ``--pyodide`` also times the strong bot's decisions in Pyodide (node and the npm
``pyodide`` package, as the page's, through ``tools/run_pyodide.mjs``), on the first 200
spots (Pyodide is slower; the spots are the same).

A benchmark, not a test: it prints figures and asserts nothing; the target is ≥ 97 %.

Usage: python3 tools/bench_ultimate_bot.py [--spots 1000] [--seed 1] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from games.bots.ultimate import decide  # noqa: E402
from room.bots import Level  # noqa: E402
from rules.cards import Card  # noqa: E402
from rules.evaluator import warm_up  # noqa: E402
from rules.ultimate_odds import SCREEN_DEALS, odds, reference  # noqa: E402

Spot = tuple[tuple[Card, ...], tuple[tuple[Card, ...], tuple[Card, ...]]]


def spots(count: int, seed: int) -> list[Spot]:
    """Random spots, preflop and flop alternately."""
    rng = random.Random(seed)
    out: list[Spot] = []
    for i in range(count):
        deck = [Card(c) for c in rng.sample(range(52), 10)]
        hole = tuple(deck[:4])
        boards = ((), ()) if i % 2 == 0 else (tuple(deck[4:7]), tuple(deck[7:10]))
        out.append((hole, boards))
    return out


def time_decisions(cases: list[Spot], seed: int) -> dict[str, Any]:
    """The strong bot's decision time per spot (also the Pyodide half's entry)."""
    warm_up()
    times: list[float] = []
    deals: list[int] = []
    for i, (hole, boards) in enumerate(cases):
        t = time.perf_counter()
        _double, odds = decide(hole, boards, Level.STRONG, random.Random(seed * 100_003 + i))
        times.append(time.perf_counter() - t)
        deals.append(odds.samples)
    return {"times_ms": [round(x * 1000, 3) for x in times], "deals": deals}


def marginal_hands(count: int, seed: int) -> list[Spot]:
    """Preflop hands where the choice is hard: a quick estimate of the claim below zero, so
    the option to Double on the flop may decide (random spots meet few of them)."""
    rng = random.Random(seed)
    out: list[Spot] = []
    while len(out) < count:
        hole = tuple(Card(c) for c in rng.sample(range(52), 4))
        quick = odds(hole, ((), ()), rng=rng, samples=800)
        if quick.claim < 0:
            out.append((hole, ((), ())))
    return out


def pyodide_times(count: str, seed: str) -> dict[str, Any]:
    """The Pyodide half (``node tools/run_pyodide.mjs bench_ultimate_bot pyodide_times N S``)."""
    return time_decisions(spots(int(count), int(seed)), int(seed))


def _summary(times_ms: list[float]) -> str:
    cut = statistics.quantiles(times_ms, n=20)[-1] if len(times_ms) >= 20 else max(times_ms)
    return f"mean {statistics.fmean(times_ms):.1f} ms, p95 {cut:.1f} ms, max {max(times_ms):.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--spots", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pyodide", action="store_true")
    ap.add_argument("--marginal", type=int, default=0,
                    help="also this many preflop hands whose claim is near or below zero")
    args = ap.parse_args()
    warm_up()
    cases = spots(args.spots, args.seed)
    timing = time_decisions(cases, args.seed)
    agree = {"preflop": [0, 0], "flop": [0, 0]}
    casual = [0, 0]
    misses: list[str] = []
    ref_time = 0.0
    for i, (hole, boards) in enumerate(cases):
        rnd = "preflop" if not boards[0] else "flop"
        t = time.perf_counter()
        ref = reference(hole, boards, random.Random(args.seed * 7919 + i))
        ref_time += time.perf_counter() - t
        double, odds = decide(hole, boards, Level.STRONG, random.Random(args.seed * 100_003 + i))
        agree[rnd][1] += 1
        if double == ref.double:
            agree[rnd][0] += 1
        else:
            misses.append(f"  {' '.join(map(str, hole))} {rnd} "
                          f"{' '.join(str(c) for b in boards for c in b)}: reference edge "
                          f"{ref.double_edge:+.3f} ± {ref.edge_se:.3f}, "
                          f"bot {odds.double_edge:+.3f}")
        c_double, _ = decide(hole, boards, Level.CASUAL, random.Random(args.seed * 31 + i))
        casual[1] += 1
        casual[0] += c_double == ref.double
    total = sum(a for a, _ in agree.values()), sum(n for _, n in agree.values())
    print(f"Ultimate Omaha bot vs the exact choice, {args.spots} random spots (seed {args.seed})")
    print(f"strong: {total[0]}/{total[1]} = {100 * total[0] / total[1]:.1f} % agree "
          f"(preflop {agree['preflop'][0]}/{agree['preflop'][1]}, "
          f"flop {agree['flop'][0]}/{agree['flop'][1]})")
    print(f"casual: {casual[0]}/{casual[1]} = {100 * casual[0] / casual[1]:.1f} % agree")
    if misses:
        print("strong bot's disagreements:")
        print("\n".join(misses))
    for rnd in ("preflop", "flop"):
        ms = [t for t, (_h, b) in zip(timing["times_ms"], cases, strict=True)
              if bool(b[0]) == (rnd == "flop")]
        ds = [d for d, (_h, b) in zip(timing["deals"], cases, strict=True)
              if bool(b[0]) == (rnd == "flop")]
        print(f"CPython {sys.version.split()[0]} strong decision, {rnd}: {_summary(ms)}; "
              f"deals weighed: median {statistics.median(ds):.0f}, max {max(ds)}")
    print(f"CPython all spots: {_summary(timing['times_ms'])}")
    print(f"(reference: {ref_time:.0f} s for all spots)")
    if args.marginal:
        hard = marginal_hands(args.marginal, args.seed)
        same = 0
        print(f"{args.marginal} preflop hands with a claim near or below zero:")
        for i, (hole, boards) in enumerate(hard):
            ref = reference(hole, boards, random.Random(args.seed * 7 + i))
            double, odds_ = decide(hole, boards, Level.STRONG, random.Random(i))
            same += double == ref.double
            edge = (f"≥ {ref.claim:+.3f} (screened)" if ref.samples == SCREEN_DEALS
                    else f"{ref.double_edge:+.3f} ± {ref.edge_se:.3f}")
            print(f"  {' '.join(map(str, hole))}: reference claim {ref.claim:+.3f}, edge "
                  f"{edge}; bot edge "
                  f"{odds_.double_edge:+.3f} ± {odds_.spread:.3f} (spread) ± "
                  f"{odds_.edge_se:.3f} (se), {odds_.samples} deals: "
                  f"{'same' if double == ref.double else 'DIFFERS'}")
        print(f"strong bot agrees on {same}/{len(hard)} of them")
    if args.pyodide:
        import subprocess

        n = min(args.spots, 200)
        run = subprocess.run(["node", str(ROOT / "tools" / "run_pyodide.mjs"),
                              "bench_ultimate_bot", "pyodide_times", str(n), str(args.seed)],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        out = json.loads(run.stdout.strip().splitlines()[-1])
        py_ms = out["result"]["times_ms"]
        cp_ms = timing["times_ms"][:n]
        for rnd, flop in (("preflop", False), ("flop", True)):
            sel = [t for t, (_h, b) in zip(py_ms, cases, strict=False) if bool(b[0]) == flop]
            print(f"Pyodide (Python {out['python']}) strong decision, {rnd}: {_summary(sel)}")
        print(f"Pyodide all {n} spots: {_summary(py_ms)}; "
              f"Pyodide/CPython mean ratio {statistics.fmean(py_ms) / statistics.fmean(cp_ms):.2f}")


if __name__ == "__main__":
    main()

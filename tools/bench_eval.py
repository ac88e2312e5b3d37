"""Benchmark: our hand evaluator against treys 0.1.8 and pokerkit 0.7.7, in CPython and Pyodide.

Usage: ``.venv/bin/python tools/bench_eval.py [--deals N] [--no-pyodide]``

All evaluators see the same random deals (a seeded list, converted to each library's card
type before timing). Prints evaluations per second, ratios against the targets, the cold cost
of "import the evaluator and score a first 10-player, two-board showdown" (in a fresh
subprocess), and a markdown table for the README. The Pyodide half runs
``tools/bench_pyodide.mjs`` under Node, which loads this same file into Pyodide and calls
:func:`bench_core` there. Not part of the test run: speed is reported, never asserted.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_DIR = os.path.join(ROOT, "py")
if PY_DIR not in sys.path:
    sys.path.insert(0, PY_DIR)

RANKS = "23456789TJQKA"
SUITS = "cdhs"

COLD_SCRIPT = os.path.join(ROOT, "tools", "bench_cold.py")


def make_deals(count: int, seed: int = 2024) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deal = rng.sample(range(52), 9)
        out.append((tuple(deal[:4]), tuple(deal[4:])))
    return out


def card_text(index: int) -> str:
    return RANKS[index >> 2] + SUITS[index & 3]


def rate(fn: Callable, pairs: Sequence, seconds: float = 1.0, trials: int = 5) -> float:
    """Evaluations per second of ``fn`` over ``pairs``: the best of ``trials`` timed runs, each
    looping over the pairs for at least ``seconds / trials`` (the best run is the one least
    disturbed by whatever else shares the machine)."""
    best = 0.0
    for _ in range(trials):
        rounds = 0
        start = time.perf_counter()
        while True:
            for hole, board in pairs:
                fn(hole, board)
            rounds += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / trials:
                break
        best = max(best, rounds * len(pairs) / elapsed)
    return best


def bench_core(deals_count: int = 5000, slow_count: int = 600, with_pokerkit: bool = True) -> dict:
    """Times every evaluator available here on the same deals; returns evaluations/s and more.

    Runs unchanged under CPython and Pyodide (there without pokerkit).
    """
    from rules import evaluator

    results: dict[str, float] = {}
    deals = make_deals(deals_count)
    t = time.perf_counter()
    sample = [evaluator.omaha_high(h, b) for h, b in deals[:20]]
    results["first_20_cold_ms"] = (time.perf_counter() - t) * 1000
    results["ours_high_cold"] = rate(evaluator.omaha_high, deals)
    t = time.perf_counter()
    evaluator.warm_up()
    results["warm_up_s"] = time.perf_counter() - t
    assert [evaluator.omaha_high(h, b) for h, b in deals[:20]] == sample
    results["ours_high"] = rate(evaluator.omaha_high, deals)
    results["ours_low"] = rate(evaluator.omaha_low8, deals)

    try:
        import treys
    except ImportError:
        treys = None
    if treys is not None:
        tc = [treys.Card.new(card_text(i)) for i in range(52)]
        treys_deals = [([tc[c] for c in h], [tc[c] for c in b]) for h, b in deals]
        plo = treys.PLOEvaluator()
        results["treys_high"] = rate(plo.evaluate, treys_deals[: slow_count * 4], 2.0)
        # Same order as ours on these deals (treys: lower is stronger)?
        ours_v = [evaluator.omaha_high(h, b) for h, b in deals[:300]]
        theirs_v = [plo.evaluate(h, b) for h, b in treys_deals[:300]]
        results["treys_order_agrees"] = float(
            all(
                (ours_v[i] > ours_v[i + 1]) == (theirs_v[i] < theirs_v[i + 1])
                for i in range(len(ours_v) - 1)
            )
        )

    if with_pokerkit:
        try:
            import pokerkit
        except ImportError:
            pokerkit = None
        if pokerkit is not None:
            pc = [next(iter(pokerkit.Card.parse(card_text(i)))) for i in range(52)]
            pk_deals = [([pc[c] for c in h], [pc[c] for c in b]) for h, b in deals[:slow_count]]
            results["pokerkit_high"] = rate(pokerkit.OmahaHoldemHand.from_game, pk_deals, 2.0)
            low_hand = pokerkit.OmahaEightOrBetterLowHand

            def pk_low(hole, board):
                try:
                    return low_hand.from_game(hole, board)
                except ValueError:
                    return None

            results["pokerkit_low"] = rate(pk_low, pk_deals, 2.0)
    return results


def cold_cost(runs: int = 7) -> tuple[float, float]:
    """Median (import ms, first showdown ms) in fresh CPython processes."""
    imports, showdowns = [], []
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, COLD_SCRIPT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        a, b = map(float, done.stdout.split()[-2:])
        imports.append(a)
        showdowns.append(b)
    return statistics.median(imports), statistics.median(showdowns)


def pyodide_results() -> dict | None:
    script = os.path.join(ROOT, "tools", "bench_pyodide.mjs")
    try:
        done = subprocess.run(
            ["node", script], cwd=ROOT, capture_output=True, text=True, timeout=900
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: skipped ({e})", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"pyodide: failed\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def _k(x: float | None) -> str:
    return "–" if x is None else f"{x / 1000:,.1f} k"


def _ratio(a: float | None, b: float | None) -> str:
    return "–" if a is None or b is None else f"{a / b:,.0f}×" if a / b >= 10 else f"{a / b:.1f}×"


def main(argv: Sequence[str]) -> int:
    deals_count = 5000
    if "--deals" in argv:
        deals_count = int(argv[argv.index("--deals") + 1])
    print(f"CPython {sys.version.split()[0]}: timing on {deals_count} random deals…", flush=True)
    cp = bench_core(deals_count)
    cold_import, cold_showdown = cold_cost()
    py = None if "--no-pyodide" in argv else pyodide_results()
    g = (lambda d, k: None if d is None else d.get(k))  # noqa: E731

    rows = [
        ("Omaha high: ours (after warm_up)", "ours_high"),
        ("Omaha high: ours (before warm_up)", "ours_high_cold"),
        ("Omaha high: treys 0.1.8 `PLOEvaluator`", "treys_high"),
        ("Omaha high: pokerkit 0.7.7 `OmahaHoldemHand`", "pokerkit_high"),
        ("Omaha 8-or-better low: ours", "ours_low"),
        ("Omaha 8-or-better low: pokerkit 0.7.7 `OmahaEightOrBetterLowHand`", "pokerkit_low"),
    ]
    print()
    print("| evaluations/s (same random deals) | CPython | Pyodide |")
    print("| --- | --- | --- |")
    for label, key in rows:
        print(f"| {label} | {_k(g(cp, key))} | {_k(g(py, key))} |")
    print()
    checks = [
        ("Omaha high, ours ÷ treys", "ours_high", "treys_high", 5, 10),
        ("Omaha high, ours ÷ pokerkit", "ours_high", "pokerkit_high", 100, None),
        ("Omaha low, ours ÷ pokerkit", "ours_low", "pokerkit_low", 100, None),
    ]
    print("| ratio | CPython | Pyodide | target |")
    print("| --- | --- | --- | --- |")
    for label, a, b, cp_target, py_target in checks:
        target = f"≥ {cp_target}× CPython" + (f", ≥ {py_target}× Pyodide" if py_target else "")
        cp_ratio, py_ratio = _ratio(g(cp, a), g(cp, b)), _ratio(g(py, a), g(py, b))
        print(f"| {label} | {cp_ratio} | {py_ratio} | {target} |")
    print()
    cold_total = cold_import + cold_showdown
    print("| cold cost | CPython | Pyodide | target |")
    print("| --- | --- | --- | --- |")
    py_cold = (
        "–" if py is None else f"{py['cold_import_ms'] + py['cold_showdown_ms']:.0f} ms "
        f"({py['cold_import_ms']:.0f} + {py['cold_showdown_ms']:.0f})"
    )
    print(
        f"| import evaluator + first 10-player two-board showdown | {cold_total:.0f} ms "
        f"({cold_import:.0f} + {cold_showdown:.0f}) | {py_cold} | ≤ 150 ms CPython |"
    )
    warm_py = "–" if py is None else f"{py['warm_up_s']:.2f} s"
    warm_cp = f"{cp['warm_up_s']:.2f} s"
    print(f"| `warm_up()` (big Omaha table) | {warm_cp} | {warm_py} | off the start path |")
    print()

    failures = []
    for label, a, b, cp_target, py_target in checks:
        if g(cp, a) and g(cp, b) and cp[a] / cp[b] < cp_target:
            failures.append(f"{label} under CPython below {cp_target}×")
        if py_target and g(py, a) and g(py, b) and py[a] / py[b] < py_target:
            failures.append(f"{label} under Pyodide below {py_target}×")
    if cold_total > 150:
        failures.append(f"cold cost {cold_total:.0f} ms > 150 ms")
    if g(cp, "treys_order_agrees") == 0.0:
        failures.append("treys orders the sample hands differently")
    for f in failures:
        print(f"MISSED: {f}")
    if not failures:
        print("All targets met.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

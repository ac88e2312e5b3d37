"""Benchmark: how fast ``rules.equity`` samples, in every table game, in CPython and Pyodide.

Usage: ``.venv/bin/python tools/bench_equity.py [--samples N] [--no-pyodide]``

The advisor shows a hand's equity from 20,000 samples, and the page should have them within
250 ms (80,000 samples a second in Pyodide). Each case times :func:`rules.equity.equity_steps`
on a fixed spot in the page's slices (``web.advisorcall.TABLE_BATCH`` samples each), the best
of three runs in CPU time (under Pyodide, Node's ``process.cpuUsage()``: the machine this runs
on is shared, and its neighbours must not count), and prints samples a second, the
milliseconds 20,000 would take, and how many times faster than counting each deal the
showdown's way (``rules.equity._showdown_counter``: every hand a ``Score``, the pot by
``divide``, the loop before ``rules.dealshare``) on the same deals in the same run (PLO's
high deals lazily, stopping at the first hand that beats the player's, so there it is the same
seed and the same number of deals, dealt whole) — the ratio is what a busy machine leaves
steady. The spots include three and six players. The draw
games' advisor (``games.drawadvice``) is timed for its own sample count. A second reference is
the evaluator alone: 7-card Hold'em hands (``best_high``) and 4-card Omaha hands on a full
board (``omaha_high``, warm) a second — a heads-up sample costs two such evaluations plus the
deal and the pot's division, so "samples per evaluation" says how much of the time is the
evaluator's. Speed is reported, never asserted.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "py") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "py"))

from rules import evaluator  # noqa: E402
from rules.cards import parse_cards  # noqa: E402
from rules.equity import _showdown_counter, _spot, _steps, equity_steps  # noqa: E402
from rules.variants import VARIANTS  # noqa: E402
from web.advisorcall import TABLE_BATCH  # noqa: E402

CASES = (
    ("holdem", "As Kd", (), 1, "Hold'em preflop, heads-up"),
    ("holdem", "As Kd", ("Qh 7c 2d",), 1, "Hold'em flop, heads-up"),
    ("holdem", "As Kd", ("Qh 7c 2d",), 3, "Hold'em flop, 3 opponents"),
    ("holdem", "As Kd", (), 2, "Hold'em preflop, 3 players"),
    ("holdem", "As Kd", (), 5, "Hold'em preflop, 6 players"),
    ("omaha", "As Ad Kc Qh", (), 1, "PLO preflop, heads-up"),
    ("omaha", "As Ad Kc Qh", ("Qd 7c 2d",), 1, "PLO flop, heads-up"),
    ("omaha", "As Ad Kc Qh", ("Qd 7c 2d",), 3, "PLO flop, 3 opponents"),
    ("omaha", "As Ad Kc Qh", (), 2, "PLO preflop, 3 players"),
    ("omaha", "As Ad Kc Qh", (), 5, "PLO preflop, 6 players"),
    ("plo5", "As Ad Kc Qh 9h", ("Qd 7c 2d",), 1, "PLO5 flop, heads-up"),
    ("omaha-hilo", "As 2d Kc 3h", ("Qd 7c 4d",), 1, "Omaha Hi/Lo flop, heads-up"),
    ("bomb-double", "As Ad Kc Qh", ("Qd 7c 2d", "8s 9s Th"), 1, "double board flop, heads-up"),
    ("shortdeck", "As Kd", ("Qh 7c 6d",), 1, "Short Deck flop, heads-up"),
    ("draw", "As Ad Kc Qh 9h", (), 1, "5-card draw as dealt, heads-up"),
)
ADVISOR = 20_000
"""The advisor's samples (rules.advice.ADVISOR_SAMPLES)."""

DRAW_CASES = (
    ("draw", "As Ad Kc Qh 9h", 1, (), "5-card draw before the draw, heads-up"),
    ("triple-draw", "2s 3d 4c 5h 9c", 1, (), "2-7 before the first draw, heads-up"),
    ("triple-draw", "2s 3d 4c 5h 9c", 2, (), "2-7 before the first draw, 3 players"),
    ("triple-draw", "2s 3d 4c 5h 9c", 5, (), "2-7 before the first draw, 6 players"),
    ("triple-draw", "2s 3d 4c 5h 9c", 1, (1, 2), "2-7 before the last draw, heads-up"),
)
"""The draw games' advisor (``games.drawadvice``): the hand, the opponents, the draws so far
(each player drew that many cards at each); timed for its own sample count."""


def draw_view(game: str, hole: str, opponents: int, drawn: tuple[int, ...]) -> dict[str, Any]:
    """A draw game's view of seat 0's turn to check or bet (``games.viewtypes.TableView``)."""
    seats = [{"seat": n, "bet": 0, "state": "in"} for n in range(opponents + 1)]
    draws = [[n, k] for k in drawn for n in range(opponents + 1)]
    return {"game": game, "hand_game": game, "button": opponents, "blinds": [5, 10],
            "pots": [{"amount": 100}], "draws": draws,
            "you": {"seat": 0, "hole": hole.split(), "discards": []}, "seats": seats,
            "legal": {"actions": ["check", "bet"], "call": 0, "can_check": True}}


def cpu_seconds() -> float:
    """This process's CPU time: CPython's ``time.process_time``; under Pyodide (whose
    ``process_time`` is the wall clock) Node's ``process.cpuUsage()`` of the process running
    the wasm, so a busy machine slows neither figure."""
    if sys.platform == "emscripten":
        from js import process  # type: ignore[import-not-found]

        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


def _best_of(runs: int, work: Any) -> float:
    """The least CPU time of ``runs`` runs of ``work`` (CPU time, not wall time: on a shared
    machine the figures then measure the code, not the neighbours; on an idle one they are the
    same)."""
    best = float("inf")
    for _ in range(runs):
        start = cpu_seconds()
        work()
        best = min(best, cpu_seconds() - start)
    return best


def references(count: int) -> dict[str, float]:
    """The evaluator alone, hands a second: 7-card high and 4-card Omaha on five cards."""
    rng = random.Random(1)
    deals = [rng.sample(range(52), 9) for _ in range(count)]
    sevens = [d[:7] for d in deals]
    omaha = [(d[:4], d[4:9]) for d in deals]
    best_high, omaha_high = evaluator.best_high, evaluator.omaha_high

    def high() -> None:
        for cards in sevens:
            best_high(cards)

    def plo() -> None:
        for hole, board in omaha:
            omaha_high(hole, board)

    return {"best_high_per_s": count / _best_of(3, high),
            "omaha_high_per_s": count / _best_of(3, plo)}


def bench(samples: int = 4000) -> dict[str, Any]:
    """Every figure, where this Python runs (the Omaha table warmed up first)."""
    out: dict[str, Any] = {"python": sys.version.split()[0]}
    start = time.perf_counter()
    evaluator.warm_up()
    out["warm_up_ms"] = round((time.perf_counter() - start) * 1000, 1)
    out["reference"] = {k: round(v) for k, v in references(samples).items()}
    cases = []
    for game, hole, boards, opponents, title in CASES:
        variant = VARIANTS[game]
        cards = parse_cards(hole)
        board_cards = [parse_cards(b) for b in boards]
        seconds = _best_of(3, lambda v=variant, c=cards, b=board_cards, n=opponents: list(
            equity_steps(v, c, b, n, rng=random.Random(2), samples=samples, batch=TABLE_BATCH)))
        spot = _spot(variant, cards, board_cards, opponents, (), ())
        old = _best_of(3, lambda s=spot: list(_steps(s, random.Random(2), samples, TABLE_BATCH,
                                                     _showdown_counter(s))))
        rate = samples / seconds
        cases.append({"case": title, "samples_per_s": round(rate),
                      "ms_for_20000": round(ADVISOR / rate * 1000, 1),
                      "vs_showdown": round(old / seconds, 2)})
    out["cases"] = cases
    from games.drawadvice import DRAW_SAMPLES, draw_advice

    draw_cases = []
    for game, hole, opponents, drawn, title in DRAW_CASES:
        view = draw_view(game, hole, opponents, drawn)
        seconds = _best_of(3, lambda v=view: draw_advice(v, rng=random.Random(2)))
        draw_cases.append({"case": title, "samples": DRAW_SAMPLES,
                           "ms": round(seconds * 1000, 1)})
    out["draw_cases"] = draw_cases
    return out


def bench_text(samples: str) -> dict[str, Any]:
    """The Pyodide run's entry point (``tools/run_pyodide.mjs bench_equity bench_text N``)."""
    return bench(int(samples))


def run_pyodide(samples: int) -> dict[str, Any] | None:
    script = os.path.join(ROOT, "tools", "run_pyodide.mjs")
    try:
        p = subprocess.run(["node", script, "bench_equity", "bench_text", str(samples)],
                           capture_output=True, text=True, timeout=1800, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: not run ({e})", file=sys.stderr)
        return None
    if p.returncode != 0:
        print(f"pyodide: failed\n{p.stderr[-2000:]}", file=sys.stderr)
        return None
    result: dict[str, Any] = json.loads(p.stdout.strip().splitlines()[-1])["result"]
    return result


def report(where: str, r: dict[str, Any]) -> None:
    ref = r["reference"]
    print(f"\n{where} (Python {r['python']}); evaluator alone: 7-card high "
          f"{ref['best_high_per_s']:,}/s, Omaha high {ref['omaha_high_per_s']:,}/s "
          f"(warm-up {r['warm_up_ms']} ms)")
    print(f"  {'case':34s} {'samples/s':>10s} {'ms / 20k':>9s} {'× showdown':>10s}"
          "  target 250 ms")
    for c in r["cases"]:
        met = "met" if c["ms_for_20000"] <= 250 else "not met"
        print(f"  {c['case']:34s} {c['samples_per_s']:>10,} {c['ms_for_20000']:>9.1f} "
              f"{c['vs_showdown']:>10.2f}  {met}")
    print(f"  the draw games' advisor ({r['draw_cases'][0]['samples']:,} sampled draws)")
    for c in r["draw_cases"]:
        met = "met" if c["ms"] <= 250 else "not met"
        print(f"  {c['case']:44s} {c['ms']:>9.1f} ms  {met}")
    holdem = r["cases"][0]["samples_per_s"] / ref["best_high_per_s"]
    plo = next(c for c in r["cases"] if c["case"].startswith("PLO preflop, heads"))[
        "samples_per_s"] / ref["omaha_high_per_s"]
    print(f"  heads-up preflop samples per evaluation: Hold'em {holdem:.2f}, PLO {plo:.2f} "
          "(0.5 would be the evaluator's cost alone)")


def main() -> int:
    samples = 4000
    if "--samples" in sys.argv:
        samples = int(sys.argv[sys.argv.index("--samples") + 1])
    results: dict[str, Any] = {"cpython": bench(samples)}
    if "--no-pyodide" not in sys.argv:
        results["pyodide"] = run_pyodide(samples)
    for where, r in results.items():
        if r is not None:
            report(where, r)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

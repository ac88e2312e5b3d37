"""Benchmark: our hand evaluators against treys 0.1.8 and pokerkit 0.7.7, in CPython and Pyodide.

Omaha high and low (4 hole cards) are the project's reference figures; PLO5 (5 hole cards),
Short Deck (best five of seven) and 2-7 lowball are measured in the same run against them and
against pokerkit's hand classes for the same games, with the time of a 9-player PLO5 showdown
over a 9-player PLO one (target: at most 2×).

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


def make_showdowns(
    count: int, hole_count: int, players: int = 9, seed: int = 2025
) -> list[tuple[list[tuple[int, ...]], tuple[int, ...]]]:
    """``count`` random Omaha showdowns: ``players`` hands of ``hole_count`` cards, one board."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deal = rng.sample(range(52), players * hole_count + 5)
        holes = [tuple(deal[i * hole_count : (i + 1) * hole_count]) for i in range(players)]
        out.append((holes, tuple(deal[-5:])))
    return out


SHORT_DECK = [c for c in range(52) if c >> 2 >= 4]
"""The 36 cards from six to ace (card index = rank * 4 + suit, rank 4 a six)."""


def make_hands(count: int, size: int, deck: Sequence[int], seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


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


def paired_showdowns(
    fn: Callable, first: Sequence, second: Sequence, rounds: int = 15
) -> tuple[float, float, float]:
    """Showdowns/s of ``first`` and of ``second`` (best round of each), and the median over
    rounds of (time of ``second`` ÷ time of ``first``). Each round times one pass over both,
    back to back in alternating order, so that a ratio sees one load on a shared machine."""
    times: dict[int, list[float]] = {0: [], 1: []}
    sets = (first, second)
    for i in range(rounds):
        for which in (0, 1) if i % 2 == 0 else (1, 0):
            start = time.perf_counter()
            for holes, board in sets[which]:
                for hole in holes:
                    fn(hole, board)
            times[which].append(time.perf_counter() - start)
    ratios = [b / a for a, b in zip(times[0], times[1], strict=True)]
    return (
        len(first) / min(times[0]),
        len(second) / min(times[1]),
        statistics.median(ratios),
    )


def first_call_ms(fn: Callable, *args: object, tries: int = 3) -> float:
    """Milliseconds of one call with the evaluator's tables empty (as right after import,
    the seven-card ones too): the best of ``tries``, each with fresh empty tables."""
    from rules import evaluator, sevencard

    saved = evaluator._TABLES
    best = float("inf")
    try:
        for _ in range(tries):
            evaluator._TABLES = evaluator._Tables()
            sevencard.seven_ranks.cache_clear()
            sevencard.suited_best.cache_clear()
            t = time.perf_counter()
            fn(*args)
            best = min(best, (time.perf_counter() - t) * 1000)
    finally:
        evaluator._TABLES = saved
    return best


def bench_core(deals_count: int = 5000, slow_count: int = 600, with_pokerkit: bool = True) -> dict:
    """Times every evaluator available here on the same deals; returns evaluations/s and more.

    Runs unchanged under CPython and Pyodide (there with pokerkit when its sources were copied
    in). Omaha (4 hole cards) is the project's own reference figure; PLO5 (5 hole cards),
    Short Deck (best of 7) and 2-7 (five cards) are timed in the same run against it and
    against pokerkit's pure-Python hand classes for the same games.
    """
    from rules import evaluator

    results: dict[str, float] = {}
    deals = make_deals(deals_count)
    deals5 = [((*h, b[0]), (*b[1:], c)) for (h, b), c in zip(deals, _extra(deals), strict=True)]
    plo9 = make_showdowns(max(deals_count // 9, 50), 4)
    plo5_9 = make_showdowns(max(deals_count // 9, 50), 5)
    shorts = [(h, None) for h in make_hands(deals_count, 7, SHORT_DECK, 36)]
    lows = [(h, None) for h in make_hands(deals_count, 5, range(52), 27)]
    short_high, low27 = evaluator.short_high, evaluator.low27

    def plo5_first() -> None:
        for hole in plo5_9[0][0]:
            evaluator.omaha_high(hole, plo5_9[0][1])

    def short_first() -> None:
        for hole, _ in shorts[:9]:
            short_high(hole)

    def low27_first() -> None:
        for hole, _ in lows[:6]:
            low27(hole)

    results["plo5_first_showdown_ms"] = first_call_ms(plo5_first)
    results["short_first_showdown_ms"] = first_call_ms(short_first)
    results["low27_first_showdown_ms"] = first_call_ms(low27_first)
    t = time.perf_counter()
    sample = [evaluator.omaha_high(h, b) for h, b in deals[:20]]
    results["first_20_cold_ms"] = (time.perf_counter() - t) * 1000
    results["ours_high_cold"] = rate(evaluator.omaha_high, deals)
    results["ours_plo5_cold"] = rate(evaluator.omaha_high, deals5)
    rates = paired_showdowns(evaluator.omaha_high, plo9[:200], plo5_9[:200])
    results["plo9_cold"], results["plo5_9_cold"], results["plo5_over_plo_cold"] = rates
    t = time.perf_counter()
    evaluator.warm_up()
    results["warm_up_s"] = time.perf_counter() - t
    assert [evaluator.omaha_high(h, b) for h, b in deals[:20]] == sample
    results["ours_high"] = rate(evaluator.omaha_high, deals)
    results["ours_plo5"] = rate(evaluator.omaha_high, deals5)
    results["ours_low"] = rate(evaluator.omaha_low8, deals)
    rates = paired_showdowns(evaluator.omaha_high, plo9, plo5_9)
    results["plo9"], results["plo5_9"], results["plo5_over_plo"] = rates
    results["ours_short"] = rate(lambda cards, _: short_high(cards), shorts)
    results["ours_holdem"] = rate(lambda cards, _: evaluator.best_high(cards), shorts)
    results["ours_low27"] = rate(lambda cards, _: low27(cards), lows)

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
        holdem = treys.Evaluator()
        treys_sevens = [([tc[c] for c in h[:2]], [tc[c] for c in h[2:]]) for h, _ in shorts]
        results["treys_holdem"] = rate(holdem.evaluate, treys_sevens[: slow_count * 4])
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
            pk5 = [([pc[c] for c in h], [pc[c] for c in b]) for h, b in deals5[:slow_count]]
            results["pokerkit_plo5"] = rate(pokerkit.OmahaHoldemHand.from_game, pk5, 2.0)
            short_hand = pokerkit.ShortDeckHoldemHand.from_game
            pk_shorts = [([pc[c] for c in h[:2]], [pc[c] for c in h[2:]]) for h, _ in shorts]
            results["pokerkit_short"] = rate(short_hand, pk_shorts[:slow_count], 2.0)
            low_27 = pokerkit.StandardLowHand
            pk_lows = [([pc[c] for c in h], None) for h, _ in lows]
            results["pokerkit_low27"] = rate(lambda cards, _: low_27(cards), pk_lows, 2.0)
            # The same order as ours on these hands (a sanity check; the tests do it in full)?
            ours_s = [short_high(h) for h, _ in shorts[:300]]
            theirs_s = [short_hand(h, b) for h, b in pk_shorts[:300]]
            ours_l = [low27(h) for h, _ in lows[:300]]
            theirs_l = [low_27(h) for h, _ in pk_lows[:300]]
            results["pokerkit_order_agrees"] = float(
                all(
                    (ours_s[i] > ours_s[i + 1]) == (theirs_s[i] > theirs_s[i + 1])
                    and (ours_l[i] > ours_l[i + 1]) == (theirs_l[i] < theirs_l[i + 1])
                    for i in range(299)
                )
            )
    return results


def _extra(deals: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[int]:
    """For each deal, one more card not in it: PLO5's deals are the Omaha deals with the
    board's first card moved into the hole and this card ending the board."""
    rng = random.Random(5)
    out = []
    for hole, board in deals:
        used = set(hole + board)
        out.append(rng.choice([c for c in range(52) if c not in used]))
    return out


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


def _times(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}×"


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
        ("PLO5 high (5 hole cards): ours (after warm_up)", "ours_plo5"),
        ("PLO5 high (5 hole cards): ours (before warm_up)", "ours_plo5_cold"),
        ("PLO5 high (5 hole cards): pokerkit 0.7.7 `OmahaHoldemHand`", "pokerkit_plo5"),
        ("Short Deck, best of 7: ours `short_high`", "ours_short"),
        ("Short Deck, best of 7: pokerkit 0.7.7 `ShortDeckHoldemHand`", "pokerkit_short"),
        ("Hold'em, best of 7 (reference): ours `best_high`", "ours_holdem"),
        ("Hold'em, best of 7 (reference): treys 0.1.8 `Evaluator`", "treys_holdem"),
        ("2-7 lowball, five cards: ours `low27`", "ours_low27"),
        ("2-7 lowball, five cards: pokerkit 0.7.7 `StandardLowHand`", "pokerkit_low27"),
    ]
    print()
    print("| evaluations/s (same random deals) | CPython | Pyodide |")
    print("| --- | --- | --- |")
    for label, key in rows:
        print(f"| {label} | {_k(g(cp, key))} | {_k(g(py, key))} |")
    print()
    showdown_rows = [
        ("PLO, 9 players (after warm_up)", "plo9"),
        ("PLO5, 9 players (after warm_up)", "plo5_9"),
        ("PLO, 9 players (before warm_up)", "plo9_cold"),
        ("PLO5, 9 players (before warm_up)", "plo5_9_cold"),
    ]
    print("| showdowns/s (one board, every hand scored) | CPython | Pyodide |")
    print("| --- | --- | --- |")
    for label, key in showdown_rows:
        print(f"| {label} | {_k(g(cp, key))} | {_k(g(py, key))} |")
    print()
    checks = [
        ("Omaha high, ours ÷ treys", "ours_high", "treys_high", 5, 10),
        ("Omaha high, ours ÷ pokerkit", "ours_high", "pokerkit_high", 100, None),
        ("Omaha low, ours ÷ pokerkit", "ours_low", "pokerkit_low", 100, None),
        ("PLO5 high, ours ÷ pokerkit", "ours_plo5", "pokerkit_plo5", None, None),
        ("Short Deck, ours ÷ pokerkit", "ours_short", "pokerkit_short", None, None),
        ("2-7 lowball, ours ÷ pokerkit", "ours_low27", "pokerkit_low27", None, None),
    ]
    print("| ratio | CPython | Pyodide | target |")
    print("| --- | --- | --- | --- |")
    for label, a, b, cp_target, py_target in checks:
        target = (
            "–"
            if cp_target is None
            else f"≥ {cp_target}× CPython" + (f", ≥ {py_target}× Pyodide" if py_target else "")
        )
        cp_ratio, py_ratio = _ratio(g(cp, a), g(cp, b)), _ratio(g(py, a), g(py, b))
        print(f"| {label} | {cp_ratio} | {py_ratio} | {target} |")
    against_omaha = [
        ("PLO5 high ÷ our Omaha high (hands/s)", "ours_plo5", "ours_high"),
        ("Short Deck, 7 cards ÷ our Omaha high (hands/s)", "ours_short", "ours_high"),
        ("2-7, 5 cards ÷ our Omaha high (hands/s)", "ours_low27", "ours_high"),
        ("Short Deck ÷ our Hold'em, both best of 7 (hands/s)", "ours_short", "ours_holdem"),
    ]
    for label, a, b in against_omaha:
        print(f"| {label} | {_ratio(g(cp, a), g(cp, b))} | {_ratio(g(py, a), g(py, b))} | – |")
    for label, key in (
        ("PLO5 ÷ PLO, time of a 9-player showdown (after warm_up)", "plo5_over_plo"),
        ("PLO5 ÷ PLO, time of a 9-player showdown (before warm_up)", "plo5_over_plo_cold"),
    ):
        cp_r, py_r = _times(g(cp, key)), _times(g(py, key))
        print(f"| {label} (median of paired rounds) | {cp_r} | {py_r} | ≤ 2× |")
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
    for label, key in (
        ("first PLO5 9-player showdown, tables empty", "plo5_first_showdown_ms"),
        ("first Short Deck 9-player showdown, tables empty", "short_first_showdown_ms"),
        ("first 2-7 6-player showdown, tables empty", "low27_first_showdown_ms"),
    ):
        cp_ms = f"{cp[key]:.0f} ms"
        py_ms = "–" if py is None else f"{py[key]:.0f} ms"
        print(f"| {label} | {cp_ms} | {py_ms} | ≤ 150 ms CPython |")
    warm_py = "–" if py is None else f"{py['warm_up_s']:.2f} s"
    warm_cp = f"{cp['warm_up_s']:.2f} s"
    print(f"| `warm_up()` (big Omaha table) | {warm_cp} | {warm_py} | off the start path |")
    print()

    failures = []
    for label, a, b, cp_target, py_target in checks:
        if cp_target and g(cp, a) and g(cp, b) and cp[a] / cp[b] < cp_target:
            failures.append(f"{label} under CPython below {cp_target}×")
        if py_target and g(py, a) and g(py, b) and py[a] / py[b] < py_target:
            failures.append(f"{label} under Pyodide below {py_target}×")
    if cold_total > 150:
        failures.append(f"cold cost {cold_total:.0f} ms > 150 ms")
    for key in ("plo5_first_showdown_ms", "short_first_showdown_ms", "low27_first_showdown_ms"):
        if cp[key] > 150:
            failures.append(f"{key} {cp[key]:.0f} ms > 150 ms")
    for name, d in (("CPython", cp), ("Pyodide", py)):
        for key in ("plo5_over_plo", "plo5_over_plo_cold"):
            if (g(d, key) or 0) > 2:
                failures.append(f"a PLO5 showdown of 9 over 2× a PLO one ({key}) under {name}")
    if g(cp, "treys_order_agrees") == 0.0:
        failures.append("treys orders the sample hands differently")
    if g(cp, "pokerkit_order_agrees") == 0.0:
        failures.append("pokerkit orders the sample short-deck or 2-7 hands differently")
    for f in failures:
        print(f"MISSED: {f}")
    if not failures:
        print("All targets met.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

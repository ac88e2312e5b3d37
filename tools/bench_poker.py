"""Benchmark of the table games' engine (rules.poker), in CPython and in Pyodide.

Measures, on hands dealt from a seeded shuffle:

* **showdown, 10-player PLO**: the last check of the river, which evaluates all ten hands
  (our evaluator, tables not warmed up), divides the pot and writes the log;
* **showdown, 10-player double-board bomb pot**: the same with both boards (twenty hands);
* **ordinary action**: one preflop call at a 10-player PLO table (verify + apply + log);
* **reference, measured in the same run**: pokerkit 0.7.7 evaluating the same ten PLO hands
  (``OmahaHoldemHand.from_game``, what its showdown spends its time on), and one ordinary
  action through pokerkit's own state machine.

Prints p50/p95 per figure and the ratios ours/pokerkit. The Pyodide half runs the same
:func:`bench_core` under the npm ``pyodide`` (the page's version) via
``tools/bench_poker_pyodide.mjs``. Target (issue 10): a showdown <= 30 ms in Pyodide.

Usage: python3 tools/bench_poker.py [--no-pyodide] [--rounds N]
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from rules.cards import FULL_DECK  # noqa: E402
from rules.poker import Deck, Hand, TableRules  # noqa: E402


def _deck(rng: random.Random) -> list[Any]:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck


def _river_hand(rng: random.Random, game: str) -> Hand:
    """A 10-player hand played to the river's last check (nobody folds)."""
    rules = TableRules.parse({"game": game, "blinds": [5, 10],
                              "ante": 10 if game == "bomb-double" else 0})
    hand = Hand(rules, [1000] * 10, 0, Deck(_deck(rng)))
    while True:
        opts = hand.options()
        seat = opts.seat
        action = f"s{seat} call" if opts.call else f"s{seat} check"
        if hand.street.value == "river" and _last_to_act(hand):
            return hand
        hand.do(action)


def _last_to_act(hand: Hand) -> bool:
    """Whether the seat to act is the last one on the river (its check ends the hand)."""
    n = hand.seat_count
    to_act = hand.to_act
    assert to_act is not None
    return all(hand._acted[s] or s == to_act for s in range(n) if hand.can_act(s))


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3)}


def bench_core(rounds: int = 30, with_pokerkit: bool = True) -> dict[str, Any]:
    """Every figure, in milliseconds; runs the same in CPython and Pyodide."""
    rng = random.Random(2026)
    out: dict[str, Any] = {"rounds": rounds}
    for name, game in (("plo_showdown", "omaha"), ("bomb_showdown", "bomb-double")):
        samples = []
        for _ in range(rounds + 1):
            hand = _river_hand(rng, game)
            action = f"s{hand.to_act} check"
            started = time.perf_counter()
            hand.do(action)
            samples.append((time.perf_counter() - started) * 1000)
            assert hand.is_over
        if name == "plo_showdown":
            # the first showdown builds the evaluator's small tables (it is never warmed up)
            out["cold_showdown_ms"] = round(samples[0], 3)
        out[name] = _percentiles(samples[1:])
    samples = []
    for _ in range(rounds * 10):
        rules = TableRules.parse({"game": "omaha", "blinds": [5, 10]})
        hand = Hand(rules, [1000] * 10, 0, Deck(_deck(rng)))
        hand.do("s3 call")
        started = time.perf_counter()
        hand.do("s4 call")
        samples.append((time.perf_counter() - started) * 1000)
    out["action"] = _percentiles(samples)
    if with_pokerkit:
        out.update(_pokerkit_reference(rng, rounds))
    return out


def _pokerkit_reference(rng: random.Random, rounds: int) -> dict[str, Any]:
    try:
        import pokerkit
    except ImportError:
        return {"pokerkit": None}
    from pokerkit import Automation, OmahaHoldemHand, PotLimitOmahaHoldem

    samples = []
    for _ in range(rounds):
        deck = [str(c) for c in _deck(rng)]
        board = "".join(deck[40:45])
        holes = ["".join(deck[4 * p:4 * p + 4]) for p in range(10)]
        started = time.perf_counter()
        for hole in holes:
            OmahaHoldemHand.from_game(hole, board)
        samples.append((time.perf_counter() - started) * 1000)
    out: dict[str, Any] = {"pokerkit": getattr(pokerkit, "__version__", "0.7.7"),
                           "pokerkit_plo_eval": _percentiles(samples)}
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
                   Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
                   Automation.HOLE_DEALING, Automation.BOARD_DEALING)
    samples = []
    for _ in range(rounds * 10):
        state = PotLimitOmahaHoldem.create_state(automations, True, 0, (5, 10), 10,
                                                 (1000,) * 10, 10)
        state.check_or_call()
        started = time.perf_counter()
        state.check_or_call()
        samples.append((time.perf_counter() - started) * 1000)
    out["pokerkit_action"] = _percentiles(samples)
    return out


def _pyodide(rounds: int) -> dict[str, Any] | None:
    runner = ROOT / "tools" / "bench_poker_pyodide.mjs"
    try:
        done = subprocess.run(["node", str(runner), str(rounds)], capture_output=True,
                              text=True, timeout=900, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: not run ({e})", file=sys.stderr)
        return None
    if done.returncode:
        print(f"pyodide: failed\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _report(where: str, r: dict[str, Any]) -> None:
    print(f"\n{where}  (ms, p50 / p95, {r['rounds']} hands each)")
    for key, label in (("plo_showdown", "10-player PLO showdown (last check of the river)"),
                       ("bomb_showdown", "10-player bomb pot, both boards' showdown"),
                       ("action", "one ordinary action (a preflop call, 10 seats)"),
                       ("pokerkit_plo_eval", "reference: pokerkit evaluating the 10 PLO hands"),
                       ("pokerkit_action", "reference: one action in pokerkit's state")):
        if key in r:
            print(f"  {label:<52} {r[key]['p50']:>8.3f} / {r[key]['p95']:>8.3f}")
    print(f"  {'the first showdown of the process (cold tables)':<52} "
          f"{r['cold_showdown_ms']:>8.3f}")
    if r.get("pokerkit_plo_eval"):
        ratio = r["plo_showdown"]["p50"] / r["pokerkit_plo_eval"]["p50"]
        print(f"  ratio: our whole PLO showdown / pokerkit's evaluation alone = {ratio:.3f}")
        ratio = r["action"]["p50"] / r["pokerkit_action"]["p50"]
        print(f"  ratio: our action / pokerkit's action = {ratio:.2f}")
    if "load_ms" in r:
        print(f"  loading Pyodide {r['load_ms']:.0f} ms; importing rules.poker "
              f"{r['import_ms']:.0f} ms; importing pokerkit "
              f"{r.get('pokerkit_import_ms', 0):.0f} ms")


def main(argv: list[str]) -> None:
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 40
    print(f"python {sys.version.split()[0]}")
    _report("CPython", bench_core(rounds))
    if "--no-pyodide" not in argv:
        result = _pyodide(rounds)
        if result is not None:
            _report(f"Pyodide (Python {result.get('python')})", result)
            p95 = result["plo_showdown"]["p95"], result["bomb_showdown"]["p95"]
            verdict = "meets" if max(p95) <= 30 else "misses"
            print(f"\nPyodide showdown p95 {max(p95):.1f} ms: {verdict} the 30 ms target")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Benchmark: the betting engine's costs, in CPython and in Pyodide, against pokerkit 0.7.7.

Usage: ``.venv/bin/python tools/bench_poker.py [--no-pyodide]``

Measures, per run (best and median of repeated timings, milliseconds):

- **showdown**: the last action of a 10-player PLO hand (everyone all-in preflop), which runs
  the board out, evaluates and pays every pot: with the evaluator cold (as at the first
  showdown) and warm (after ``evaluator.warm_up``);
- **bomb showdown**: the same for a 10-player double-board bomb pot (both boards);
- **action**: one ordinary action (a preflop call that does not end the round) at 10 seats;
- **reference**: pokerkit's own showdown of the same PLO hand (our cards and actions
  replayed in a pokerkit ``State`` by ``rules.poker.kit``), and one pokerkit call.

The Pyodide half runs ``tools/bench_poker_pyodide.mjs`` under Node (the npm Pyodide the page
uses), which loads this file and the pinned pokerkit wheel and calls :func:`bench_core`.
Targets: showdown <= 30 ms in Pyodide. Speed is reported, never asserted.
"""

from __future__ import annotations

import copy
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "py"),):
    if path not in sys.path:
        sys.path.insert(0, path)

from rules import evaluator  # noqa: E402
from rules.cards import FULL_DECK  # noqa: E402
from rules.poker import Action, Betting, Game, Hand, HandConfig, Verb  # noqa: E402


def _all_in_hand(game: Game, seed: int) -> tuple[Hand, Action]:
    """A 10-player hand one action before its showdown: everyone all-in preflop (bomb pot:
    on the flop), different stacks so there are side pots."""
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    stacks = tuple(100 * (k + 1) + rng.randint(0, 50) for k in range(10))
    bomb = game is Game.BOMB_DOUBLE
    cfg = HandConfig(game, Betting.NO_LIMIT, stacks, 0, (5, 10), 20 if bomb else 0)
    hand = Hand(cfg, deck)
    while True:
        seat = hand.to_act
        assert seat is not None
        verb = Verb.ALLIN if hand.legal().all_in_to is not None else Verb.CALL
        action = Action(seat, verb)
        clone = copy.deepcopy(hand)
        clone.do(action)
        if clone.is_over:
            return hand, action
        hand.do(action)


def _time(fn: Callable[[], Any], prepare: Callable[[], Any], rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        arg = prepare()
        start = time.perf_counter()
        fn(arg) if arg is not None else fn()  # type: ignore[call-arg]
        out.append((time.perf_counter() - start) * 1000)
    return out


def _summary(samples: list[float]) -> dict[str, float]:
    return {"best": round(min(samples), 3), "median": round(statistics.median(samples), 3),
            "first": round(samples[0], 3)}


def bench_core(with_pokerkit: bool = True, rounds: int = 30) -> dict[str, Any]:
    """Every figure of the benchmark, in milliseconds (run where this Python runs)."""
    out: dict[str, Any] = {"python": sys.version.split()[0]}
    plo, plo_last = _all_in_hand(Game.OMAHA, 1)
    bomb, bomb_last = _all_in_hand(Game.BOMB_DOUBLE, 2)

    def showdown(hand: Hand, last: Action) -> Callable[[], list[float]]:
        return lambda: _time(lambda h: h.do(last), lambda: copy.deepcopy(hand), rounds)

    cold = evaluator.is_warm()
    out["evaluator_warm_at_start"] = cold
    out["plo_showdown_cold"] = _summary(showdown(plo, plo_last)())
    out["bomb_showdown_cold"] = _summary(showdown(bomb, bomb_last)())
    start = time.perf_counter()
    evaluator.warm_up()
    out["warm_up_ms"] = round((time.perf_counter() - start) * 1000, 1)
    out["plo_showdown_warm"] = _summary(showdown(plo, plo_last)())
    out["bomb_showdown_warm"] = _summary(showdown(bomb, bomb_last)())

    rng = random.Random(5)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    ten = Hand(HandConfig(Game.OMAHA, Betting.POT_LIMIT, (1000,) * 10, 0, (5, 10)), deck)
    call = Action(3, Verb.CALL)
    samples = _time(lambda h: h.do(call), lambda: copy.deepcopy(ten), rounds * 20)
    out["action"] = _summary(samples)
    legal = _time(lambda h: h.legal(), lambda: ten, rounds * 20)
    out["legal_query"] = _summary(legal)

    if with_pokerkit:
        from rules.poker import kit

        done = copy.deepcopy(plo)
        done.do(plo_last)
        pre = kit.build_state(plo)
        _replay_partial(plo, pre)
        samples = _time(lambda s: _pk_finish(s, done), lambda: copy.deepcopy(pre), 5)
        out["pokerkit_plo_showdown"] = _summary(samples)
        ten_pk = kit.build_state(_started(ten))
        _replay_partial(_started(ten), ten_pk)
        samples = _time(lambda s: s.check_or_call(), lambda: copy.deepcopy(ten_pk), rounds * 20)
        out["pokerkit_action"] = _summary(samples)
    return out


def _started(hand: Hand) -> Hand:
    return copy.deepcopy(hand)


def _replay_partial(hand: Hand, state: Any) -> None:
    """Deals ``hand``'s hole cards and replays its actions so far into pokerkit ``state``."""
    from rules.poker import kit
    from rules.poker.records import Acted, Dealt

    for rec in hand.log:
        if isinstance(rec, Dealt) and rec.to == "hole":
            state.deal_hole((kit._pk_card(rec.card),), hand.order.index(rec.seat or 0))
        elif isinstance(rec, Acted):
            if rec.verb in (Verb.CALL, Verb.CHECK):
                state.check_or_call()
            elif rec.verb is Verb.FOLD:
                state.fold()
            else:
                state.complete_bet_or_raise_to(rec.to)


def _pk_finish(state: Any, done: Hand) -> None:
    """pokerkit's last action and showdown: the call, our board cards, its evaluation and
    chip pushing."""
    from rules.poker import kit
    from rules.poker.records import Acted, Dealt

    last = [r for r in done.log if isinstance(r, Acted)][-1]
    if last.verb is Verb.CALL:
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(last.to)
    for rec in done.log:
        if isinstance(rec, Dealt) and rec.to != "hole":
            while state.can_select_runout_count():
                state.select_runout_count(1)
            if rec.to == "burn" and state.can_burn_card():
                state.burn_card(kit._pk_card(rec.card))
            elif rec.to == "board":
                state.deal_board((kit._pk_card(rec.card),))
    assert not state.status, "pokerkit's hand did not finish"


def run_pyodide() -> dict[str, Any] | None:
    script = os.path.join(ROOT, "tools", "bench_poker_pyodide.mjs")
    try:
        p = subprocess.run(["node", script], capture_output=True, text=True, timeout=900,
                           cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: not run ({e})", file=sys.stderr)
        return None
    if p.returncode != 0:
        print(f"pyodide: failed\n{p.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    results = {"cpython": bench_core()}
    if "--no-pyodide" not in sys.argv:
        results["pyodide"] = run_pyodide()
    for where, r in results.items():
        if r is None:
            continue
        print(f"\n{where} (Python {r['python']}), ms, best / median / first call:")
        for key, value in r.items():
            if isinstance(value, dict):
                print(f"  {key:28s} {value['best']:9.3f} / {value['median']:9.3f}"
                      f" / {value['first']:9.3f}")
            elif key != "python":
                print(f"  {key:28s} {value}")
        ref = r.get("pokerkit_plo_showdown")
        if ref:
            for key in ("plo_showdown_cold", "plo_showdown_warm"):
                print(f"  {key} / pokerkit showdown: "
                      f"{r[key]['median'] / ref['median']:.3f}")
            print(f"  action / pokerkit action: "
                  f"{r['action']['median'] / r['pokerkit_action']['median']:.2f}")
    py = results.get("pyodide")
    if py:
        worst = max(py[k][s] for k in ("plo_showdown_cold", "bomb_showdown_cold")
                    for s in ("median", "first"))
        print(f"\ntarget: showdown <= 30 ms in Pyodide: worst (first call, cold) {worst:.1f} ms "
              f"({'met' if worst <= 30 else 'NOT met'})")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Seven-card and board-once values over random deals, computed the same way under CPython and
under Pyodide (``tests/test_rules_evaluator_pyodide.py`` runs :func:`values` in both): the
tables' sums reach 2**39, past one 30-bit digit, so the wasm build's int arithmetic is checked
on the page's own interpreter, not assumed."""

from __future__ import annotations

import hashlib
import json
import random

from rules import evaluator


def values(count: str = "3000") -> dict[str, object]:
    rng = random.Random(19)
    short_deck = [c for c in range(52) if c >> 2 >= 4]
    two_suits = [c for c in range(52) if c & 3 in (1, 2)]
    out: dict[str, list[int | None]] = {
        "best_high": [], "short_high": [], "holdem_on": [], "short_on": [],
        "omaha_high_on": [], "omaha_low8_on": [],
    }  # fmt: skip
    evaluator.warm_up()
    for i in range(int(count)):
        deck = two_suits if i % 2 else list(range(52))
        seven = rng.sample(deck, 7)
        out["best_high"].append(evaluator.best_high(seven))
        out["holdem_on"].append(evaluator.holdem_on(seven[2:])(seven[:2]))
        short = rng.sample(short_deck, 7)
        out["short_high"].append(evaluator.short_high(short))
        out["short_on"].append(evaluator.short_on(short[2:])(short[:2]))
        nine = rng.sample(deck, 9)
        out["omaha_high_on"].append(evaluator.omaha_high_on(nine[4:])(nine[:4]))
        out["omaha_low8_on"].append(evaluator.omaha_low8_on(nine[4:])(nine[:4]))
    digest = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
    return {"digest": digest, "count": sum(len(v) for v in out.values())}

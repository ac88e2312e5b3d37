"""Equities computed where this Python runs: called under CPython by
``tests/test_rules_equity_pyodide.py`` and under Pyodide through ``tools/run_pyodide.mjs``,
which must agree to the last digit (the same seed, the same deals, the same integer count)."""

from __future__ import annotations

import random

from rules.cards import parse_cards
from rules.equity import equity
from rules.variants import VARIANTS

SPOTS = (
    ("holdem", "As Kd", ("Qh 7c 2d",), 2),
    ("omaha-hilo", "As 2d Kc 3h", ("Qd 7c 4d",), 1),
    ("bomb-double", "As Ad Kc Qh", ("Qd 7c 2d", "8s 9s Th"), 2),
    ("shortdeck", "As Kd", (), 1),
    ("triple-draw", "2s 3d 4c 5c 8h", (), 2),
)


def equities() -> list[list[float]]:
    """Each spot's win, tie and share from 300 samples with a fixed seed."""
    out = []
    for game, hole, boards, opponents in SPOTS:
        e = equity(VARIANTS[game], parse_cards(hole), [parse_cards(b) for b in boards],
                   opponents, rng=random.Random(f"{game}-19"), samples=300)
        out.append([e.win, e.tie, e.share, e.error])
    return out

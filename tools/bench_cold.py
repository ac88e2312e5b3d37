"""Cold cost: import the evaluator, then score a first 10-player, two-board Ultimate Omaha showdown.

Run in a fresh interpreter (``tools/bench_eval.py`` starts one per measurement; under Pyodide
``tools/bench_pyodide.mjs`` runs it first thing). Prints ``import_ms showdown_ms``. The deal
is a fixed permutation so that nothing (not even ``random``) is imported before timing.
"""

import os
import sys
import time

try:
    _PY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py")
except NameError:  # run from a string (Pyodide): the caller has set sys.path
    _PY = None
if _PY and _PY not in sys.path:
    sys.path.insert(0, _PY)

DECK = [(i * 7 + 3) % 52 for i in range(50)]  # 7 is prime to 52: fifty distinct cards
HOLES = [DECK[4 * i : 4 * i + 4] for i in range(10)]
BOARD1, BOARD2 = DECK[40:45], DECK[45:50]

t0 = time.perf_counter()
from rules.evaluator import omaha_high  # noqa: E402

t1 = time.perf_counter()
scores = [(omaha_high(hole, BOARD1), omaha_high(hole, BOARD2)) for hole in HOLES]
t2 = time.perf_counter()
COLD_MS = ((t1 - t0) * 1000, (t2 - t1) * 1000)
print(f"{COLD_MS[0]:.3f} {COLD_MS[1]:.3f}")

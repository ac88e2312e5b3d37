"""Benchmark: rules.ed25519 (pure-Python Ed25519) sign and verify, in CPython and in Pyodide.

Usage: ``.venv/bin/python tools/bench_ed25519.py [--no-pyodide]``

Every new data connection costs the host one signature (its challenge) and one verification
(the guest's join), and the guest the same the other way round; a host reload means one of each
per guest at once. Prints milliseconds per operation, the one-off cost of the base-point table
(built on first use), and each figure as a ratio against a reference measured in the same run:
``derive_deck`` of the provably fair deal (what the page already does once per hand). The
Pyodide half runs ``tools/bench_ed25519.mjs`` under Node, which loads this file into Pyodide
and calls :func:`bench_core` there. Not part of the test run: speed is reported, never asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_DIR = os.path.join(ROOT, "py")
if PY_DIR not in sys.path:
    sys.path.insert(0, PY_DIR)


def best_ms(fn: Callable[[], object], rounds: int, trials: int = 5) -> float:
    """Milliseconds per call: the best of ``trials`` runs of ``rounds`` calls."""
    best = float("inf")
    for _ in range(trials):
        start = time.perf_counter()
        for _ in range(rounds):
            fn()
        best = min(best, (time.perf_counter() - start) * 1000 / rounds)
    return best


def bench_core() -> dict[str, float]:
    """The figures of this interpreter (also called inside Pyodide)."""
    start = time.perf_counter()
    from rules import ed25519
    from rules.fairdeal import derive_deck

    import_ms = (time.perf_counter() - start) * 1000
    seed = bytes(range(32))
    start = time.perf_counter()
    public = ed25519.public_key(seed)  # builds the base-point table on first use
    first_key_ms = (time.perf_counter() - start) * 1000
    message = b"uomaha-join-v1" + bytes(100)
    signature = ed25519.sign(seed, message, public)
    assert ed25519.verify(public, message, signature)
    nonces = {f"p{i}": f"{i:032x}" for i in range(1, 11)}
    return {
        "import_ms": import_ms,
        "first_key_ms": first_key_ms,
        "keygen_ms": best_ms(lambda: ed25519.public_key(seed), 20),
        "sign_ms": best_ms(lambda: ed25519.sign(seed, message, public), 20),
        "verify_ms": best_ms(lambda: ed25519.verify(public, message, signature), 10),
        "derive_deck_ms": best_ms(lambda: derive_deck("ab" * 32, nonces), 50),
    }


def report(label: str, r: dict[str, float]) -> None:
    ref = r["derive_deck_ms"]
    print(f"{label}: import {r['import_ms']:.1f} ms; first key (builds the table) "
          f"{r['first_key_ms']:.1f} ms; key {r['keygen_ms']:.2f} ms "
          f"({r['keygen_ms'] / ref:.1f}x a deck); sign {r['sign_ms']:.2f} ms "
          f"({r['sign_ms'] / ref:.1f}x a deck); verify {r['verify_ms']:.2f} ms "
          f"({r['verify_ms'] / ref:.1f}x a deck); reference derive_deck {ref:.3f} ms")


def main() -> None:
    report(f"CPython {sys.version.split()[0]}", bench_core())
    if "--no-pyodide" in sys.argv:
        return
    run = subprocess.run(["node", os.path.join(ROOT, "tools", "bench_ed25519.mjs")],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    pyodide = json.loads(run.stdout.strip().splitlines()[-1])
    report(f"Pyodide (Python {pyodide.pop('python')})", pyodide)


if __name__ == "__main__":
    main()

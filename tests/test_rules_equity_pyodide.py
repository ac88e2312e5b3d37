"""The same seed gives the same equity under Pyodide (the page's Python) as under CPython.

Runs ``tests/equity_pyodide.py`` under the npm Pyodide the page loads (``tools/run_pyodide.mjs``,
Node): a bot's decision and the advisor's figure depend only on the view and the seed, on any
player's browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from equity_pyodide import equities

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tools" / "run_pyodide.mjs"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (the README's set-up installs both)",
)


def test_equities_under_pyodide_are_cpythons_to_the_last_digit():
    proc = subprocess.run(["node", str(RUNNER), "equity_pyodide", "equities"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, (proc.stdout[-2000:], proc.stderr[-3000:])
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.14")  # really Pyodide's Python, not ours
    assert out["result"] == equities()

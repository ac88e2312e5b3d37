"""The seven-card and board-once evaluators give Pyodide the same values as CPython.

Runs ``tests/evaluator_pyodide.py`` under the npm Pyodide the page loads
(``tools/run_pyodide.mjs``, Node) and here, and compares the digests of every value.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tools" / "run_pyodide.mjs"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (the README's set-up installs both)",
)


def test_pyodide_scores_every_random_deal_as_cpython():
    import evaluator_pyodide

    proc = subprocess.run(
        ["node", str(RUNNER), "evaluator_pyodide", "values", "3000"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, (proc.stdout[-2000:], proc.stderr[-3000:])
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.14")  # really Pyodide's Python, not ours
    ours = evaluator_pyodide.values("3000")
    assert ours["count"] == 18000
    assert out["result"] == ours

"""The hostile-message corpus inside Pyodide, where a deep JSON message used to kill the host.

Runs ``tests/hostile_pyodide.py`` under the npm Pyodide the page loads (``tools/run_pyodide.mjs``,
Node), so the stack the parser recurses on is Pyodide's, not CPython's.
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


def run(function: str) -> dict:
    proc = subprocess.run(
        ["node", str(RUNNER), "hostile_pyodide", function],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, (proc.stdout[-2000:], proc.stderr[-3000:])
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.14")  # really Pyodide's Python, not ours
    return out


def test_deep_nesting_is_refused_and_the_fuzz_session_passes_under_pyodide():
    """One Pyodide for both (a boot is most of a run): the deep shapes first, then the fuzz
    session in the same interpreter, which shows it is fine after the refusals too."""
    out = run("both")["result"]
    codes = out["deep"]["codes"]
    assert out["deep"]["refused"] == 1000  # 5 shapes × 100 × 2 parsers
    assert set(codes) <= {"msg/too_deep", "msg/too_big", "msg/unexpected_type"}
    assert codes.get("msg/too_deep", 0) >= 300
    assert out["fuzz"] == "passed"

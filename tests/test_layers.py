"""Import direction: rules imports nothing of ours, room only rules, only web touches the browser.

Read with ``ast`` rather than by importing, so a forbidden import is caught even on a code
path no test runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
OURS = {p.name for p in PY.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
OURS |= {p.stem for p in PY.glob("*.py")}
BROWSER = {"js", "pyodide", "pyscript", "pyodide_js"}


def imported_roots(path: Path, root: Path = PY) -> set[str]:
    """Top-level names of every module ``path`` imports (relative imports count as its own)."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                roots.add(path.relative_to(root).parts[0])
            elif node.module:
                roots.add(node.module.split(".")[0])
    return roots


def files(package: str) -> list[Path]:
    return sorted((PY / package).rglob("*.py"))


def test_the_layers_exist():
    assert files("rules") and files("room") and files("games") and files("testing")


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("rules", {"rules"}),
        ("room", {"rules", "room"}),  # the room never imports a game: the page hands it one
        ("games", {"rules", "room", "games"}),
        ("testing", OURS - {"web"}),  # test harnesses: any layer but the browser's
    ],
)
def test_layer_imports_only_what_it_may(package, allowed):
    for path in files(package):
        ours = imported_roots(path) & (OURS | BROWSER)
        assert ours <= allowed, f"{path.relative_to(PY)} imports {sorted(ours - allowed)}"


def test_only_web_touches_the_browser():
    for path in sorted(PY.rglob("*.py")):
        if path.relative_to(PY).parts[0] == "web":
            continue
        bad = imported_roots(path) & BROWSER
        assert not bad, f"{path.relative_to(PY)} imports {sorted(bad)}"


def test_the_scan_sees_every_import_form(tmp_path):
    (tmp_path / "pkg").mkdir()
    sample = tmp_path / "pkg" / "mod.py"
    sample.write_text(
        "import js\nimport web.dom as d\nfrom pyscript import display\n"
        "from . import sibling\ndef f():\n    import pyodide.ffi\n",
        encoding="utf-8",
    )
    assert imported_roots(sample, tmp_path) == {"js", "web", "pyscript", "pkg", "pyodide"}


def test_only_the_pokerkit_replay_imports_pokerkit():
    """The betting engine is pure standard library (the page loads pokerkit only for a table
    game, and the engine does not need it); ``rules.poker.kit`` alone replays hands in it."""
    users = sorted(
        str(path.relative_to(PY)) for path in files("rules")
        if "pokerkit" in imported_roots(path)
    )
    assert users == ["rules/poker/kit.py"]

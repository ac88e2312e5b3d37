"""The whole suite's pytest set-up: the examples in ``py/``'s docstrings are collected as tests.

``--doctest-modules`` (pyproject.toml) collects every module under ``py/``, so a new module's
examples run without any list to update. A module that imports the browser (``js``,
``pyscript``, ``pyodide``: the page's glue in ``web``, and ``main.py``) cannot be imported
under CPython; its examples are left to the browser tests. Only that import error is forgiven:
any other failure to import a module is an error of the suite.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent / "py"
BROWSER = frozenset({"js", "pyscript", "pyodide", "pyodide_js"})


def module_name(path: Path) -> str:
    """The dotted name ``path`` (a file under ``py/``) is imported by."""
    parts = path.relative_to(PY).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def needs_browser(path: Path) -> bool:
    """Whether importing the module at ``path`` needs the browser (CPython has none)."""
    try:
        importlib.import_module(module_name(path))
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in BROWSER:
            return True
        raise
    return False


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or not collection_path.is_relative_to(PY):
        return None
    return True if needs_browser(collection_path) else None



class ModuleTimes:
    """Sums each module's test time (set-up, call, tear-down; xdist workers' too) and prints the
    slowest modules at the end of a run: the README's table of them comes from here."""

    SLOWEST = 8

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        module = report.nodeid.split("::", 1)[0]
        self.seconds[module] = self.seconds.get(module, 0.0) + report.duration

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if len(self.seconds) < 2:
            return
        terminalreporter.write_sep("=", f"slowest {self.SLOWEST} modules (s, their tests summed)")
        ranked = sorted(self.seconds.items(), key=lambda kv: -kv[1])
        for module, seconds in ranked[:self.SLOWEST]:
            terminalreporter.write_line(f"{seconds:8.1f}  {module}")
        where = os.environ.get("MODULE_TIMES")  # every module's, for a closer look
        if where:
            Path(where).write_text("".join(f"{s:.1f} {m}\n" for m, s in ranked))


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # xdist's workers report to the main process
        config.pluginmanager.register(ModuleTimes(), "module-times")

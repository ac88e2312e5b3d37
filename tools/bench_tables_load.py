"""Python half of tools/bench_tables_load.mjs (run inside the npm ``pyodide``; read that file).

:func:`measure` prepares a host's lobby (web modules imported with ``pyscript`` stubbed, the
room's first game built), takes the table games' engine out of the file system, then times
web/later.py fetching the ``py-tables`` block and the import of ``games.poker.session`` in one
go. :func:`measure_sliced` does what the page does: the import a module per step
(web/tablesload.py), reporting the longest step. :func:`reference` times the references in
a fresh interpreter.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
import types
from typing import Any

HOME = "/home/pyodide"
ENGINE = "games.poker.session"
STDLIB_REF = ("decimal", "fractions", "statistics", "email.parser", "http.client",
              "xml.dom.minidom", "argparse", "difflib", "logging", "zipfile")


class _Anything:
    """Stands in for ``pyscript.window`` / ``document`` in the lobby's imports."""

    def __getattr__(self, name: str) -> Any:
        return _Anything()

    def __call__(self, *args: Any, **kw: Any) -> Any:
        return _Anything()


class _Block:
    def __init__(self, text: str) -> None:
        self.textContent = text


class _Document(_Anything):
    def __init__(self, block: str) -> None:
        self.block = block

    def getElementById(self, block_id: str) -> Any:
        return _Block(self.block) if block_id == "py-tables" else None


def _lobby(block: str) -> None:
    import js  # Pyodide's own: gives the real fetch (Node 18+)

    stub = types.ModuleType("pyscript")
    stub.window = js  # type: ignore[attr-defined]
    stub.document = _Document(block)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyscript.ffi")
    from pyodide import ffi as real_ffi

    ffi.create_proxy = real_ffi.create_proxy  # type: ignore[attr-defined]
    ffi.to_js = real_ffi.to_js  # type: ignore[attr-defined]
    ffi.is_none = lambda v: v is None  # type: ignore[attr-defined]
    stub.ffi = ffi  # type: ignore[attr-defined]
    sys.modules["pyscript"] = stub
    sys.modules["pyscript.ffi"] = ffi
    for name in sorted(os.listdir(f"{HOME}/py/web")):
        if name.endswith(".py"):
            importlib.import_module("web." + name[:-3])
    from games.registry import factory

    factory(None)()  # the room's first game, Ultimate Omaha, as a host's room has it
    # the engine must come from the fetch: drop the copies loadProject wrote
    for dest in json.loads(block)["files"].values():
        os.remove(os.path.join(HOME, "py", dest))
    os.chdir(f"{HOME}/py")  # Later writes where the page's other files are, as in the page
    importlib.invalidate_caches()
    loaded = [m for m in sys.modules if m.startswith(("games.poker", "rules.poker.engine"))]
    assert not loaded, f"the lobby already holds the engine: {loaded}"


class _Profile:
    """Self time of each module executed while installed: wraps the import system's
    ``_load_unlocked`` (one call per module body run), so a module's own cost excludes the
    modules it imports."""

    def __init__(self) -> None:
        self.self_ms: dict[str, float] = {}
        self.stack: list[float] = []
        self.boot = sys.modules["_frozen_importlib"]
        self.real = self.boot._load_unlocked

    def __enter__(self) -> _Profile:
        self.boot._load_unlocked = self._load
        return self

    def __exit__(self, *exc: object) -> None:
        self.boot._load_unlocked = self.real

    def _load(self, spec: Any) -> Any:
        self.stack.append(0.0)
        t = time.perf_counter()
        try:
            return self.real(spec)
        finally:
            spent = (time.perf_counter() - t) * 1000
            children = self.stack.pop()
            if self.stack:
                self.stack[-1] += spent
            self.self_ms[spec.name] = spent - children


def later_block() -> str:
    return str(sys.modules["pyscript"].document.getElementById("py-tables").textContent)


def _module(dest: str) -> str:
    name = dest.removeprefix("./").removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


async def _fetch_block() -> tuple[float, dict[str, str]]:
    from web.later import Later

    later = Later("py-tables")
    t = time.perf_counter()
    await later.ready()
    files = json.loads(later_block())["files"]  # what Later wrote (source -> path)
    return (time.perf_counter() - t) * 1000, files


async def measure(block: str, base: str, with_kit: bool) -> dict[str, Any]:
    """One load, whole: fetch then import (the top ten self times come along)."""
    _lobby(block.replace('"./py/', f'"{base}py/'))
    fetch_ms, files = await _fetch_block()
    with _Profile() as prof:
        t = time.perf_counter()
        importlib.import_module(ENGINE)
        import_ms = (time.perf_counter() - t) * 1000
    top = sorted(prof.self_ms.items(), key=lambda kv: -kv[1])[:10]
    unread = sorted(set(map(_module, files.values())) - set(sys.modules))
    return {"fetch_ms": round(fetch_ms, 1), "import_ms": round(import_ms, 1),
            "load_ms": round(fetch_ms + import_ms, 1), "fetched_unread": unread,
            "top": [[k, round(v, 1)] for k, v in top]}


async def measure_sliced(block: str, base: str) -> dict[str, Any]:
    """One load the page's way (web/controls.py's ``load_tables``): fetch, then the import a
    module per step (web/tablesload.py), yielding to the event loop between steps."""
    _lobby(block.replace('"./py/', f'"{base}py/'))
    from web.tablesload import import_steps

    fetch_ms, files = await _fetch_block()
    import asyncio

    steps: list[tuple[float, str]] = []
    planned = import_steps(files)
    t = time.perf_counter()
    while True:  # import_sliced's loop, with each step's name kept
        began = time.perf_counter()
        step = next(planned, None)  # the first also reads the files and plans the order
        if step is None:
            break
        step()
        steps.append(((time.perf_counter() - began) * 1000, step.__qualname__))
        await asyncio.sleep(0)
    total = (time.perf_counter() - t) * 1000
    longest = max(steps)[0]
    assert ENGINE in sys.modules
    return {"sliced_fetch_ms": round(fetch_ms, 1), "sliced_import_ms": round(total, 1),
            "sliced_load_ms": round(fetch_ms + total, 1),
            "sliced_max_step_ms": round(longest, 1), "sliced_steps": len(steps),
            "sliced_work_ms": round(sum(ms for ms, _ in steps), 1),
            "longest_steps": [[round(ms, 1), name] for ms, name in sorted(steps)[-5:]]}


def reference(which: str) -> float:
    """Import time of pokerkit (``kit``) or of :data:`STDLIB_REF` (``stdlib``), in ms."""
    t = time.perf_counter()
    if which == "kit":
        import pokerkit  # noqa: F401
    else:
        for name in STDLIB_REF:
            importlib.import_module(name)
    return round((time.perf_counter() - t) * 1000, 1)

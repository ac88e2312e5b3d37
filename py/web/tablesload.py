"""Imports the table games' engine in slices, so the page answers while it loads.

Importing ``games.poker.session`` in one go runs every module of the ``py-tables`` block (see
:mod:`web.later`) in one task: Pyodide compiles each from source, and the whole took hundreds of
milliseconds with the page frozen (``tools/bench_tables_load.mjs`` measures it). Here the same
modules are imported one per step, leaves first, and each step's compile is a step of its own
(the bytecode is written next to the source, where the import then reads it), so the host's page
awaits the event loop between steps: a click or a key is answered within one step.

:func:`import_order` reads the order from the files' own top-level imports, so a module added
to the block needs no list kept here; an import it cannot resolve only makes one step larger.
Pure standard library (no ``pyscript``): the unit tests run it under CPython.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

ROOT = "games.poker.session"
"""What the room's factory imports for a table game: everything the engine needs to start."""

_IMPORT = re.compile(r"^(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)"
                     r"|import[ \t]+([^\n]*))", re.MULTILINE)
_REEXPORT = re.compile(r"^[ \t]*from[ \t]+\.(\w+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)",
                       re.MULTILINE)


def module_name(dest: str) -> str:
    """``./games/poker/hands.py`` → ``games.poker.hands`` (an ``__init__``: its package)."""
    parts = Path(dest).with_suffix("").parts
    parts = tuple(p for p in parts if p not in (".", ""))
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _names(text: str) -> list[str]:
    text = re.sub(r"#[^\n]*", "", text).strip("() \n")
    return [n.split(" as ")[0].strip() for n in text.split(",") if n.strip()]


def _absolute(module: str, is_package: bool, target: str) -> str:
    if not target.startswith("."):
        return target
    dots = len(target) - len(target.lstrip("."))
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - dots + 1]
    rest = target[dots:]
    return ".".join(base + ([rest] if rest else []))


def import_order(sources: Mapping[str, str], root: str = ROOT) -> list[str]:
    """The modules ``root`` needs among ``sources`` (module name → source text, packages under
    their package's name with ``__init__`` noted by ``is_package`` below), leaves first, each
    after the modules its top-level imports load; ``root`` last. Modules nothing imports at
    import time are left out: fetched, never run until used."""
    packages = {m for m in sources if any(o.startswith(m + ".") for o in sources)}
    reexports: dict[str, dict[str, str]] = {}
    for module in packages:
        table = reexports.setdefault(module, {})
        for sub, names in _REEXPORT.findall(sources[module]):
            for name in _names(names):
                table[name] = f"{module}.{sub}"

    def deps(module: str) -> list[str]:
        found: list[str] = []
        is_package = module in packages
        for target, names, plain in _IMPORT.findall(sources[module]):
            if plain:
                found += [n.split(" as ")[0].strip() for n in plain.split(",")]
                continue
            if target == "__future__":
                continue
            base = _absolute(module, is_package, target)
            found.append(base)
            for name in _names(names):
                found.append(reexports.get(base, {}).get(name, f"{base}.{name}"))
        # a module's parent packages run first, as the import system runs them
        parents = [".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)]
        return [d for d in parents + found if d in sources and d != module]

    order: list[str] = []
    seen: set[str] = set()

    def visit(module: str) -> None:
        stack: list[tuple[str, Iterator[str]]] = [(module, iter(deps(module)))]
        seen.add(module)
        while stack:
            current, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                order.append(current)
            elif child not in seen:
                seen.add(child)
                stack.append((child, iter(deps(child))))

    visit(root)
    return order


def _compile_step(module: str) -> Callable[[], None]:
    def step() -> None:
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.has_location or spec.origin is None:
            return
        import py_compile

        # on failure the import compiles it itself, in its own step
        with contextlib.suppress(OSError, py_compile.PyCompileError):
            py_compile.compile(spec.origin, doraise=True)
    step.__qualname__ = f"compile {module}"
    return step


def _import_step(module: str) -> Callable[[], None]:
    def step() -> None:
        importlib.import_module(module)
    step.__qualname__ = f"import {module}"
    return step


COMPILE_APART = 10_000
"""Source size (bytes) from which a module's compile is a step of its own: a smaller one
compiles in a few milliseconds, so its import compiles it (no bytecode file written and read)."""


def import_steps(files: Mapping[str, str], root: str = ROOT,
                 compile_apart: int = COMPILE_APART) -> Iterator[Callable[[], None]]:
    """Steps that together import ``root`` from the block's ``files`` (source URL → path
    written, as :class:`web.later.Later` wrote them): ``py_compile``'s import, then for each
    module not yet imported its compile (sources of ``compile_apart`` bytes or more), then its
    import."""
    sources: dict[str, str] = {}
    for dest in files.values():
        path = Path(dest)
        if path.exists():
            sources[module_name(dest)] = path.read_text(encoding="utf-8")
    if root not in sources:
        yield _import_step(root)
        return
    first = _import_step("py_compile")  # the compiler's own import, not the first module's
    first.__qualname__ = "plan the order, import py_compile"  # the plan runs before it is yielded
    yield first
    for module in import_order(sources, root):
        if module in sys.modules:
            continue
        if len(sources[module].encode()) >= compile_apart:
            yield _compile_step(module)
        yield _import_step(module)


async def import_sliced(files: Mapping[str, str], root: str = ROOT) -> tuple[float, str]:
    """Imports ``root`` step by step, yielding to the page's event loop between steps; returns
    the longest step: its ms and its name (tools and tests read them)."""
    longest = (0.0, "")
    steps = import_steps(files, root)
    while True:
        began = time.perf_counter()
        step = next(steps, None)  # the first also reads the files and plans the order
        if step is None:
            return longest
        step()
        longest = max(longest, ((time.perf_counter() - began) * 1000, step.__qualname__))
        await asyncio.sleep(0)

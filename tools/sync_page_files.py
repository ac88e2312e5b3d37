"""Rewrite the three lists of Python files in index.html from what is under py/rules, py/room,
py/games and py/web (tests/test_site.py fails until they are in step):

* ``py-config`` ``files``: fetched by PyScript before any Python runs, so only what the menu
  needs (:data:`START`) — every file here delays the first usable screen;
* ``py-later`` ``files``: everything else the page uses, fetched by ``web.later`` when a room
  is opened (and before the evaluator warm-up);
* ``py-tables`` ``files``: the table games' engine (:data:`TABLES`), fetched by ``web.later``
  only when a host starts a table game (guests never run it: they render its views).

Test-only modules (:data:`NOT_IN_PAGE`, and the ``testing`` package, which is not one of
:data:`PACKAGES`) are in none.

Usage: python3 tools/sync_page_files.py
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "room", "games", "web")
START = frozenset({
    "py/room/__init__.py", "py/room/codes.py", "py/room/errors.py",
    "py/web/__init__.py", "py/web/dom.py", "py/web/later.py", "py/web/menu.py",
    "py/web/storage.py", "py/web/texts.py",
})
NOT_IN_PAGE = frozenset({
    "py/rules/poker/kit.py",  # the pokerkit replay: a cross-check for tests and playhand
    "py/rules/poker/script.py",  # playhand's scripts: the command line's, not the page's
})
TABLES = ("py/rules/poker/", "py/games/poker/")
"""The table games' engine and session: a host fetches them when it starts a table game."""
LOBBY_READS = ("py/games/catalogue.py",)
"""Read in the lobby on every page: these and what they import at module level (the table
games' facts in ``rules/poker/config.py``) go with py-later, even from under :data:`TABLES`."""


def _module_file(name: str) -> list[str]:
    """The files a module's import runs: its packages' ``__init__.py`` and its own."""
    parts = name.split(".")
    found = []
    for i in range(1, len(parts) + 1):
        base = ROOT / "py" / Path(*parts[:i])
        for candidate in (base / "__init__.py", base.with_suffix(".py")):
            if candidate.exists():
                found.append(candidate.relative_to(ROOT).as_posix())
    return found


def module_level_imports(path: str) -> list[str]:
    """The files ``path`` runs by importing at module level (an ``if`` block's, such as
    ``TYPE_CHECKING``, and a function's imports come later or never)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    package = Path(path).parent.relative_to("py").parts
    names = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.append(module)
            names += [f"{module}.{a.name}" for a in node.names]
    return [f for name in names for f in _module_file(name)]


def table_modules(files: list[str]) -> list[str]:
    """The files py-tables holds: the engine's, less what the lobby reads (:data:`LOBBY_READS`)
    and what any module outside the engine imports at module level (the advisor's
    ``rules.equity`` scores hands by the showdown's ``rules/poker/value.py`` on every
    player's page), followed through their imports."""
    light: set[str] = set()
    todo = [f for f in files if not f.startswith(TABLES)] + list(LOBBY_READS)
    while todo:
        path = todo.pop()
        if path not in light:
            light.add(path)
            todo += module_level_imports(path)
    return [f for f in files if f.startswith(TABLES) and f not in light]


def page_modules() -> list[str]:
    """Every module the page may import, as repository paths."""
    found = (p for pkg in PACKAGES for p in (ROOT / "py" / pkg).rglob("*.py"))
    return sorted(
        path for path in (p.relative_to(ROOT).as_posix() for p in found)
        if path not in NOT_IN_PAGE
    )


def _entries(files: list[str]) -> str:
    return ",\n".join(f'      "./{f}": "./{f.removeprefix("py/")}"' for f in files)


def main() -> None:
    index = ROOT / "index.html"
    files = page_modules()
    start = [f for f in files if f in START]
    tables = table_modules(files)
    later = [f for f in files if f not in START and f not in tables]
    text = index.read_text()
    for block, chosen in (("py-config", start), ("py-later", later), ("py-tables", tables)):
        text, count = re.subn(
            r'(id="' + block + r'">\s*\{\n    "files": \{\n).*?(\n    \})',
            lambda m, chosen=chosen: m.group(1) + _entries(chosen) + m.group(2),
            text, flags=re.S,
        )
        if count != 1:
            raise SystemExit(f"index.html: could not find the files block of {block}")
    index.write_text(text)
    print(f"index.html: {len(start)} Python files at start, {len(later)} later, "
          f"{len(tables)} for table games")


if __name__ == "__main__":
    main()

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
    tables = [f for f in files if f.startswith(TABLES)]
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

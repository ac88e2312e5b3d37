"""Rewrite the two lists of Python files in index.html from what is under py/rules, py/room and
py/web (tests/test_site.py fails until they are in step):

* ``py-config`` ``files``: fetched by PyScript before any Python runs, so only what the menu
  needs (:data:`START`) — every file here delays the first usable screen;
* ``py-later`` ``files``: everything else the page uses, fetched by ``web.later`` when a room
  is opened (and before the evaluator warm-up).

Test-only modules (:data:`NOT_IN_PAGE`) are in neither.

Usage: python3 tools/sync_page_files.py
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "room", "web")
START = frozenset({
    "py/room/__init__.py", "py/room/codes.py", "py/room/errors.py",
    "py/web/__init__.py", "py/web/dom.py", "py/web/later.py", "py/web/menu.py",
    "py/web/storage.py", "py/web/texts.py",
})
NOT_IN_PAGE = frozenset({
    "py/room/memory.py",  # the in-memory network of the tests
    "py/rules/poker/kit.py",  # pokerkit's second opinion, for tests and py/playhand.py
})
NOT_YET_IN_PAGE = ("py/rules/poker/",)
"""The table games' engine (issue 10): the page loads it when part 2 puts the games on screen
(remove this then, and run this tool)."""


def page_modules() -> list[str]:
    """Every module the page may import, as repository paths."""
    found = (p for pkg in PACKAGES for p in (ROOT / "py" / pkg).rglob("*.py"))
    return sorted(
        path for path in (p.relative_to(ROOT).as_posix() for p in found)
        if path not in NOT_IN_PAGE and not path.startswith(NOT_YET_IN_PAGE)
    )


def _entries(files: list[str]) -> str:
    return ",\n".join(f'      "./{f}": "./{f.removeprefix("py/")}"' for f in files)


def main() -> None:
    index = ROOT / "index.html"
    files = page_modules()
    start = [f for f in files if f in START]
    later = [f for f in files if f not in START]
    text = index.read_text()
    for block, chosen in (("py-config", start), ("py-later", later)):
        text, count = re.subn(
            r'(id="' + block + r'">\s*\{\n    "files": \{\n).*?(\n    \})',
            lambda m, chosen=chosen: m.group(1) + _entries(chosen) + m.group(2),
            text, flags=re.S,
        )
        if count != 1:
            raise SystemExit(f"index.html: could not find the files block of {block}")
    index.write_text(text)
    print(f"index.html: {len(start)} Python files at start, {len(later)} later")


if __name__ == "__main__":
    main()

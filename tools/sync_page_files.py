"""Rewrite the PyScript ``files`` list in index.html to hold every .py under py/rules, py/room
and py/web (tests/test_site.py fails until the list is in step).

Usage: python3 tools/sync_page_files.py
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "room", "web")


def main() -> None:
    index = ROOT / "index.html"
    found = (p for pkg in PACKAGES for p in (ROOT / "py" / pkg).rglob("*.py"))
    files = sorted(p.relative_to(ROOT).as_posix() for p in found)
    entries = ",\n".join(f'      "./{f}": "./{f.removeprefix("py/")}"' for f in files)
    text = index.read_text()
    new, count = re.subn(
        r'    "files": \{\n.*?\n    \}', lambda _: '    "files": {\n' + entries + "\n    }", text,
        flags=re.S,
    )
    if count != 1:
        raise SystemExit("index.html: could not find the files block of the py-config")
    index.write_text(new)
    print(f"index.html lists {len(files)} Python files")


if __name__ == "__main__":
    main()

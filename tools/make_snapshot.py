"""Write the Pyodide memory snapshot the page starts from, and pin it in static/js/boot.js.

Why: a cold ``loadPyodide()`` spends about 1.8 s in one synchronous call (Python's own
initialisation and the imports of Pyodide's bootstrap, ``finalizeBootstrap``), and while it runs
the page cannot take a keystroke. Started from a snapshot of the wasm memory taken
just after that bootstrap, the same call restores the memory instead and the longest block falls
to a few hundred ms (``tools/bench_start.py`` measures it).

How: the pinned Pyodide (node_modules, the same bytes as the CDN) is started in Chromium with
``_makeSnapshot`` (Pyodide's own, private option; the snapshot carries Pyodide's build id and
``loadPyodide`` refuses one from another build), nothing else is run in it, and
``makeMemorySnapshot()`` is gzipped into ``static/pyodide/snapshot-<version>-<hash>.gz``. The file's
name and sha384 are written into boot.js, which fetches it with that integrity; tests/test_site.py
checks both against the file and the pinned Pyodide. Re-run after changing the Pyodide version.

The snapshot holds a Python that has run no project code. Two things in it are the same for
every visitor: ``random``'s state (``static/js/pyodide-snapshot.mjs`` reseeds it from
``os.urandom`` at start; the room uses ``secrets`` anyway) and the str-hash secret (a peer's
request is at most 4 KB, too small for a hash-collision flood to matter).

Usage: .venv/bin/python tools/make_snapshot.py
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOT = ROOT / "static" / "js" / "boot.js"
PYODIDE_URL = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
PAGE_URL = "https://snapshot.invalid/"  # answered by a route below; never leaves the machine

# Standard-library modules imported into the snapshot, so the page does not compile them at start
# (python_stdlib.zip holds sources, no .pyc: urllib.parse pulls in ipaddress, 81 kB, and PyScript's
# html.entities is 75 kB). What PyScript 2026.7.3 and the menu's modules (sync_page_files.START)
# import that Pyodide's bootstrap has not; tests/test_site.py checks the menu's side. Only
# modules that keep no per-visitor state belong here (``secrets`` draws on os.urandom per call).
PRELOAD = (
    "asyncio", "collections.abc", "contextlib", "dataclasses", "enum", "hashlib", "hmac",
    "html", "html.entities", "importlib", "json", "pathlib", "secrets", "typing",
    "urllib.parse",
)  # enum: room.errors' codes; already in every snapshot made with json (re imports it)

# The page: start Pyodide as PyScript does (indexURL, stdout/stderr left to Pyodide), import
# PRELOAD, snapshot, gzip in the page (CompressionStream), hand back base64.
MAKE = """
async ([indexURL, preload]) => {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const py = await loadPyodide({ indexURL, _makeSnapshot: true });
  py.runPython(preload.map((name) => "import " + name).join("\\n"));
  const raw = py.makeMemorySnapshot();
  const gz = new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"));
  const blob = await new Response(gz).blob();
  const url = await new Promise((ok) => {
    const reader = new FileReader();
    reader.onload = () => ok(reader.result);
    reader.readAsDataURL(blob);
  });
  return { raw: raw.length, data: url.slice(url.indexOf(",") + 1) };
}
"""


def pinned_version() -> str:
    return str(json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"])


FOLDER = ROOT / "static" / "pyodide"


def snapshot_path(version: str, data: bytes) -> Path:
    """Named for the Pyodide version and the content: a remade snapshot gets a new address, so a
    browser's cached copy (static/ is cached for an hour) is never checked against a new hash."""
    return FOLDER / f"snapshot-{version}-{hashlib.sha256(data).hexdigest()[:12]}.gz"


def sri(data: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


def build_id(snapshot: bytes) -> str:
    """The Pyodide build id in a (decompressed) snapshot's header: words 4-11, as
    ``loadPyodide`` reads it before it accepts the memory."""
    words = [int.from_bytes(snapshot[i:i + 4], "little") for i in range(16, 48, 4)]
    return "".join(f"{w:08x}" for w in words)


def make(version: str) -> bytes:
    """The gzipped snapshot of the pinned Pyodide, made in Chromium (imports here: the tests
    read this module's helpers without a browser)."""
    sys.path.insert(0, str(ROOT / "e2e"))
    from harness import CHROMIUM, LAUNCH_ARGS, VendorFiles, new_context  # e2e/, above
    from playwright.sync_api import Route, sync_playwright

    index_url = PYODIDE_URL.format(version=version)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            context = new_context(browser, VendorFiles())

            def page(route: Route) -> None:
                route.fulfill(status=200, body="<!doctype html><title>snapshot</title>",
                              headers={"Content-Type": "text/html"})

            context.route(PAGE_URL, page)
            tab = context.new_page()
            tab.goto(PAGE_URL)
            result = tab.evaluate(MAKE, [index_url, list(PRELOAD)])
        finally:
            browser.close()
    data = base64.b64decode(result["data"])
    if len(gzip.decompress(data)) != result["raw"]:
        raise SystemExit("the snapshot did not survive the trip out of the browser")
    return data


def boot_entry(path: Path, data: bytes) -> str:
    """The line of boot.js that names the snapshot and its integrity."""
    return (f'var SNAPSHOT = {{\n    file: "{path.relative_to(ROOT).as_posix()}",\n'
            f'    integrity: "{sri(data)}",\n  }};')


def pin(path: Path, data: bytes) -> None:
    """Point boot.js at ``path`` with ``data``'s integrity."""
    text = BOOT.read_text()
    entry = boot_entry(path, data)
    text, count = re.subn(r"var SNAPSHOT = \{[^}]*\};", entry, text)
    if count != 1:
        raise SystemExit("static/js/boot.js: no `var SNAPSHOT = {...};` line to update")
    BOOT.write_text(text)


def main() -> None:
    version = pinned_version()
    data = make(version)
    path = snapshot_path(version, data)
    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in FOLDER.glob("snapshot-*.gz"):
        old.unlink()
    path.write_bytes(data)
    pin(path, data)
    raw = gzip.decompress(data)
    print(f"{path.relative_to(ROOT)}: {len(data) / 1e6:.1f} MB gzipped "
          f"({len(raw) / 1e6:.1f} MB of wasm memory), Pyodide build {build_id(raw)[:12]}…; "
          "boot.js updated")


if __name__ == "__main__":
    main()

"""The rest of the project's Python, fetched when a room is opened instead of at page start.

PyScript fetches every file of its ``files`` config before the first line of Python runs, so
each file listed there delays the first usable screen (measured: the full list of ~30 modules
put page start at 1.17x a bare PyScript page; the menu's eight modules alone, 1.05x). So
index.html lists only what the menu needs in ``py-config`` and everything else in a second
JSON block, ``py-later``, which :class:`Later` fetches in parallel and writes into Pyodide's
file system on the first Create / Join / link / reload (and before the evaluator warm-up).

The table games' betting engine (``rules/poker``, ``games/poker``) is a third block,
``py-tables``: only a host runs it (guests render the views it builds), so it is fetched when a
host starts a table game, never at page start nor for Ultimate Omaha.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from pathlib import Path
from typing import Any

from pyscript import document, window


class LoadError(Exception):
    """A module file could not be fetched (offline, or the server is gone)."""


class Later:
    """Fetches the files of one JSON block of index.html once (``py-later`` unless told);
    ``await later.ready()`` before importing them.

    A failed load is forgotten, so the next attempt fetches again.
    """

    def __init__(self, block_id: str = "py-later") -> None:
        self.block_id = block_id
        self.files: dict[str, str] = {}
        """The block's files (source → path written), once loaded: web/tablesload.py reads them."""
        self._task: Any = None

    def ready(self) -> Any:
        """An awaitable that completes when every later module can be imported."""
        if self._task is None or (self._task.done() and self._task.exception() is not None):
            self._task = asyncio.ensure_future(self._load())
        return self._task

    async def _load(self) -> None:
        block = document.getElementById(self.block_id)
        files: dict[str, str] = json.loads(str(block.textContent))["files"] if block else {}
        texts = await asyncio.gather(*(_fetch(source) for source in files))
        for dest, text in zip(files.values(), texts, strict=True):
            path = Path(dest)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        importlib.invalidate_caches()
        self.files = files


async def _fetch(source: str) -> str:
    try:
        response = await window.fetch(source)
    except Exception as exc:
        raise LoadError(f"cannot fetch {source}: {exc}") from None
    if not response.ok:
        raise LoadError(f"cannot fetch {source}: HTTP {response.status}")
    return str(await response.text())

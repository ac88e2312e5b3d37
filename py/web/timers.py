"""The page's clock and one-shot timers, for the room sessions.

``now_ms`` reads ``performance.now`` (monotonic): a wall-clock jump must not fake a host's
silence or a guest's. ``later`` frees its callback once it ran (Pyodide proxies are not
collected by themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window


def now_ms() -> int:
    """A monotonic clock in ms (``performance.now``): wall-clock jumps must not fake silence."""
    return int(window.performance.now())


def later(fn: Callable[[], Any], ms: int) -> int:
    """Run ``fn`` once after ``ms`` (the callback frees itself after it ran)."""
    return int(window.setTimeout(create_once_callable(fn), ms))

"""Builds the evaluator's big Omaha table in idle slices, after the page is usable.

``rules.evaluator.warm_up_steps()`` does the work in small steps; this drives it from
``requestIdleCallback`` (``setTimeout`` where the browser lacks it), running steps for at most
a few milliseconds per callback, so the page never stalls. Evaluation is correct before, during
and after: only showdowns get faster. Never started before the menu is usable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

SLICE_MS = 8.0  # work per idle callback
IDLE_TIMEOUT_MS = 1000  # run anyway after this long, even on a busy page


class WarmUp:
    """One build of the table, started at most once (``start`` is idempotent)."""

    def __init__(self) -> None:
        self.steps: Iterator[int] | None = None
        self.done = False

    def start(self) -> None:
        if self.steps is not None or self.done:
            return
        from rules.evaluator import is_warm, warm_up_steps

        if is_warm():
            self.finish()
            return
        self.steps = warm_up_steps()
        self.schedule()

    def schedule(self) -> None:
        idle = getattr(window, "requestIdleCallback", None)
        if idle is not None:
            from pyscript.ffi import to_js

            window.requestIdleCallback(create_once_callable(self.run),
                                       to_js({"timeout": IDLE_TIMEOUT_MS}))
        else:
            window.setTimeout(create_once_callable(self.run), 30)

    def run(self, deadline: Any = None) -> None:
        if self.steps is None:
            return
        perf = window.performance
        end = perf.now() + SLICE_MS
        try:
            while perf.now() < end:
                next(self.steps)
        except StopIteration:
            self.finish()
            return
        self.schedule()

    def finish(self) -> None:
        self.steps = None
        self.done = True
        document.body.dataset.evaluator = "warm"  # for tests and the curious

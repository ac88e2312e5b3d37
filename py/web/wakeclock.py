"""One-shot timers that keep their time in a background tab, for the host's page.

A hidden tab's own timers are throttled by Chromium: ``setTimeout`` and ``setInterval`` run at
most once a second there (after five minutes hidden, once a minute), so a host who switched
tabs would leave a table of bots thinking at one slice a second. A dedicated worker's timers
are not throttled (measured, see the README's "Bots in the page"), so :class:`WakeClock`
asks ``static/js/wake-worker.js`` to post back after the delay. Where the worker cannot be
started (an old browser, a page served without the file) the page's own ``setTimeout`` is
used: slower when hidden, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from web.timers import later

WORKER = "static/js/wake-worker.js"


class WakeClock:
    """``after(fn, ms)``: run ``fn`` once after ``ms``, from a worker's timer when possible."""

    def __init__(self) -> None:
        self.waiting: dict[int, Callable[[], Any]] = {}
        self.next_id = 1
        self.worker: Any = None
        self.proxy: Any = None
        with suppress(Exception):
            worker = window.Worker.new(WORKER)
            self.proxy = create_proxy(self.on_message)
            worker.addEventListener("message", self.proxy)
            self.worker = worker

    @property
    def kind(self) -> str:
        """Which timers it uses, for the page's dataset: "worker" or "page"."""
        return "worker" if self.worker is not None else "page"

    def after(self, fn: Callable[[], Any], ms: int) -> None:
        if self.worker is None:
            later(fn, ms)
            return
        key = self.next_id
        self.next_id += 1
        self.waiting[key] = fn
        self.worker.postMessage(to_js({"id": key, "ms": max(0, int(ms))},
                                      dict_converter=window.Object.fromEntries))

    def on_message(self, event: Any) -> None:
        fn = self.waiting.pop(int(event.data.id), None)
        if fn is not None:
            fn()

    def close(self) -> None:
        """Stop the worker and free the callback (nothing waiting runs any more)."""
        self.waiting.clear()
        if self.worker is not None:
            with suppress(Exception):
                self.worker.terminate()
            self.worker = None
        if self.proxy is not None:
            with suppress(Exception):
                self.proxy.destroy()
            self.proxy = None

"""One-shot timers that keep their time in a background tab, for the host's page.

A hidden tab's own timers are throttled by Chromium: ``setTimeout`` and ``setInterval`` run at
most once a second there, and soon after only once a minute (measured in a real background tab
by ``tools/bench_hidden_tab.py``: the README's bots section), so a host who switched tabs
would leave a table of bots all but stopped. A dedicated worker's timers are not throttled,
so :class:`WakeClock` asks a small worker (:data:`WORKER_JS`, made from a ``blob:`` URL, which
the site's CSP allows: nothing is fetched, so it starts with the network off too) to post
back after the delay. Where the worker cannot be started or fails, the page's own
``setTimeout`` is used: slower when hidden, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from web.timers import later

WORKER_JS = """
var timers = {};
self.onmessage = function (event) {
  var job = event.data || {};
  timers[job.id] = setTimeout(function () {
    delete timers[job.id];
    self.postMessage({ id: job.id });
  }, Math.max(0, job.ms | 0));
};
"""
"""The worker: ``{id, ms}`` in, ``{id}`` back after ``ms``."""


class WakeClock:
    """``after(fn, ms)``: run ``fn`` once after ``ms``, from a worker's timer when possible."""

    def __init__(self) -> None:
        self.waiting: dict[int, Callable[[], Any]] = {}
        self.next_id = 1
        self.worker: Any = None
        self.proxy: Any = None
        self.on_error_proxy: Any = None
        self.url: Any = None
        with suppress(Exception):
            blob = window.Blob.new(to_js([WORKER_JS]), to_js(
                {"type": "text/javascript"}, dict_converter=window.Object.fromEntries))
            url = window.URL.createObjectURL(blob)
            worker = window.Worker.new(url)
            self.url = url  # revoked when the clock closes
            self.proxy = create_proxy(self.on_message)
            self.on_error_proxy = create_proxy(self.on_error)
            worker.addEventListener("message", self.proxy)
            worker.addEventListener("error", self.on_error_proxy)
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

    def on_error(self, _event: Any = None) -> None:
        """The worker failed: the page's own timers from now on, the waiting ones at once."""
        window.console.warn("the wake clock's worker failed: using the page's timers")
        waiting, self.waiting = list(self.waiting.values()), {}
        self.close()
        for fn in waiting:
            later(fn, 0)

    def close(self) -> None:
        """Stop the worker and free the callback (nothing waiting runs any more)."""
        self.waiting.clear()
        if self.worker is not None:
            with suppress(Exception):
                self.worker.terminate()
            self.worker = None
        for proxy in (self.proxy, self.on_error_proxy):
            if proxy is not None:
                with suppress(Exception):
                    proxy.destroy()
        self.proxy = self.on_error_proxy = None
        if self.url is not None:
            with suppress(Exception):
                window.URL.revokeObjectURL(self.url)
            self.url = None

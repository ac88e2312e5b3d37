"""The tests' Chromium keeps its heap profiler off (``harness.NO_HEAP_PROFILER``, and with it
the sampling memory-error detector, ``harness.NO_GWP_ASAN``): a session
that turns it on crashes every page that runs Pyodide, so a run would fail for the browser's
fault. Forced on from the command line, it must still stay off with our flags (and come on
without them, so the check can fail), and Playwright's own disabled features must still be in
the one ``--disable-features`` switch Chromium reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import (
    CHROMIUM,
    LAUNCH_ARGS,
    NO_GWP_ASAN,
    NO_HEAP_PROFILER,
    playwright_disabled_features,
)

FORCE_ON = ("--enable-features=HeapProfilerReporting:nonstable-probability/1.0/"
            "stable-probability/1.0/renderer-prob-pct/100")


def profiled_renderers() -> int:
    """Renderers on this machine started with the heap profiler on (read from /proc: ps
    cuts long command lines to the terminal's width)."""
    count = 0
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = cmdline.read_bytes()  # Chromium rewrites its title: spaces, not NULs
        except OSError:
            continue  # gone meanwhile
        count += b"--type=renderer" in line and b"--subproc-heap-profiling" in line
    return count


def test_the_heap_profiler_stays_off_even_when_forced_on(browser):
    flag = next(a for a in LAUNCH_ARGS if a.startswith("--disable-features="))
    disabled = flag.split("=", 1)[1].split(",")
    theirs = playwright_disabled_features()
    assert theirs and set(theirs) <= set(disabled) and NO_HEAP_PROFILER in disabled
    assert set(NO_GWP_ASAN) <= set(disabled)  # the sampling detector's scan crashes Pyodide too
    without = [a for a in LAUNCH_ARGS if a != flag]
    for args, ours in ((without, False), (LAUNCH_ARGS, True)):
        other = browser.browser_type.launch(executable_path=CHROMIUM, args=[*args, FORCE_ON])
        try:
            other.new_page().goto("about:blank")
            profiled = profiled_renderers() > 0
        finally:
            other.close()
        if not ours and not profiled:
            # Chromium is installed from apt unpinned: one whose feature parameters differ
            # cannot be forced this way, and then there is nothing to show here.
            pytest.skip("this Chromium does not take the forced heap-profiler parameters")
        assert profiled is not ours, args

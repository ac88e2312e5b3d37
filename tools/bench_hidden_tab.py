"""A table of bots with the host's tab in the background: hands per minute in front and behind
another tab, with the page's bot clock as it ships (a worker's timers, ``web.wakeclock``) and
with the page's own timers only (``--timers page``: the fallback, what a hidden tab throttles).

Chromium runs a hidden tab's timers at most once a second (once a minute after five minutes
hidden); Playwright cannot show it (it keeps pages visible and launches Chromium with timer
throttling off), so tools/hidden_tab.mjs drives a plain headless Chromium over the DevTools
protocol: a practice table of Ultimate Omaha, the player checking at once whenever it may,
then a blank tab opened in front of it. The figures are printed, never asserted.

Usage: .venv/bin/python tools/bench_hidden_tab.py [--seconds 60] [--hidden 60]
                                                   [--timers wake|page]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from harness import (  # the e2e harness (not a package), on sys.path above
    CHROMIUM,
    LAUNCH_ARGS,
    ROOT,
    serve_cdn,
    serve_site,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=60, help="in front")
    parser.add_argument("--hidden", type=int, default=60, help="behind another tab")
    parser.add_argument("--timers", choices=("wake", "page"), default="wake")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, serve_site(Path(tmp)) as site, \
            serve_cdn(Path(tmp)) as cdn:
        if cdn is None:
            sys.exit("needs openssl for the local CDN (see e2e/harness.py serve_cdn)")
        subprocess.run(["node", str(ROOT / "tools" / "hidden_tab.mjs"), "--url", site.url(),
                        "--chromium", CHROMIUM, "--seconds", str(args.seconds),
                        "--hidden", str(args.hidden),
                        "--timers", args.timers, "--", *LAUNCH_ARGS, *cdn.launch_args()],
                       check=True, cwd=ROOT)


if __name__ == "__main__":
    main()

"""The connection banner above the screens: how this page stands with its room, in words.

``body[data-conn]`` carries the state (reconnecting, reopening, moved, blocked, ...) for styles
and tests. News (the host left, the room moved) stays :data:`NEWS_MS`, then goes unless the
state changed meanwhile.
"""

from __future__ import annotations

from pyscript import window

from web.dom import by_id
from web.timers import later

NEWS_MS = 30_000  # how long a "the host left, ..." banner stays
BACK_MS = 3_000  # how long "Reconnected" stays


def banner(text: str, kind: str = "info", state: str = "") -> None:
    """The connection banner above the screens ('' hides it); ``state`` goes to
    ``body[data-conn]`` (reconnecting, reopening, moved, ...) for styles and tests."""
    box = by_id("conn-banner")
    box.textContent = text
    box.hidden = not text
    box.dataset.kind = kind
    window.document.body.dataset.conn = state


def conn_state() -> str:
    return str(window.document.body.dataset.conn or "")


class NewsBanner:
    """News in the banner for a while (one at a time: a newer one restarts the wait)."""

    def __init__(self) -> None:
        self.timer: int | None = None

    def say(self, text: str, state: str) -> None:
        """A banner that stays ``NEWS_MS`` (e.g. "the host left; the room moved to ...")."""
        banner(text, "info", state)
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = later(self.clear, NEWS_MS)

    def clear(self) -> None:
        self.timer = None
        if conn_state() in ("moved", "hosting"):
            banner("")

    def back(self, text: str) -> None:
        """Say we are back, briefly."""
        banner(text, "info", "back")
        later(lambda: banner("") if conn_state() == "back" else None, BACK_MS)

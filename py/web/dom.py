"""Small DOM helpers: find elements, switch screens, say things, keep JS callbacks alive.

Everything a player typed is written with ``textContent`` (never ``innerHTML``), so a name such as
``<b>Ann</b>`` shows as those characters.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

SCREENS = ("menu", "lobby", "game", "poker")
TABLE_SCREENS = ("game", "poker")
"""The two table screens are one section, ``#screen-table``, showing one game's parts
(``data-game-part`` in index.html: which, the game catalogue's ``GameEntry.screen`` says)."""


def by_id(element_id: str) -> Any:
    """The element with this id; a missing one is a bug in index.html, so fail loudly."""
    element = document.getElementById(element_id)
    if element is None:
        raise LookupError(f"index.html has no element #{element_id}")
    return element


class Elements:
    """One screen's elements by id, each looked up once, and the texts last written to them.

    A redraw comes with every action of a hand, and each ``by_id`` and each write is a call
    from Python into the browser; a table's redraw made about fifty lookups and rewrote
    headings that had not changed (the click-to-every-page latency of
    ``tools/bench_latency.py``). Only for the elements of index.html that this screen alone
    writes, or whose owner starts a new one when another wrote them (the table section's
    header: ``PokerTable.forget``): a text written around it would not be seen.
    """

    def __init__(self) -> None:
        self.found: dict[str, Any] = {}
        self.texts: dict[str, str] = {}
        self.hidden: dict[str, bool] = {}

    def __call__(self, element_id: str) -> Any:
        element = self.found.get(element_id)
        if element is None:
            element = self.found[element_id] = by_id(element_id)
        return element

    def text(self, element_id: str, text: str) -> None:
        """Set the element's text, unless it already shows exactly that."""
        if self.texts.get(element_id) != text:
            self(element_id).textContent = text
            self.texts[element_id] = text

    def hide(self, element_id: str, hidden: bool) -> None:
        """Hide or show the element, unless it already is."""
        if self.hidden.get(element_id) != hidden:
            self(element_id).hidden = hidden
            self.hidden[element_id] = hidden


def show_screen(name: str, part: str | None = None) -> None:
    """Show one screen section and hide the others; "game" and "poker" are the one table
    section with ``part``, one game's parts (``body[data-screen]`` still names which, for the
    keys and the styles)."""
    if name not in SCREENS or (part is None) == (name in TABLE_SCREENS):
        raise ValueError(f"unknown screen {name!r} (part {part!r})")
    shown = name if part is None else "table"
    for section in ("menu", "lobby", "table"):
        by_id(f"screen-{section}").hidden = section != shown
    if part is not None:
        by_id("screen-table").setAttribute("data-game", part)
    document.body.dataset.screen = name


def table_part() -> str:
    """Which game's parts the table section holds now ("ultimate" or "poker"): the game
    last drawn into its shared header, felt and live regions."""
    return str(by_id("screen-table").getAttribute("data-game") or "")


def notice(text: str, kind: str = "info") -> None:
    """Put a message in the page's live region (screen readers announce it); '' clears it."""
    box = by_id("notice")
    box.textContent = text
    box.hidden = not text
    box.dataset.kind = kind


def make(tag: str, text: str = "", cls: str = "") -> Any:
    """A new element holding ``text`` as plain text."""
    element = document.createElement(tag)
    if text:
        element.textContent = text
    if cls:
        element.className = cls
    return element


class Handlers:
    """Owns the Python callbacks handed to JavaScript.

    A proxy made by ``create_proxy`` must stay referenced while JS may call it and be destroyed
    when it may not; this object is that reference, and ``release()`` is the destroy.
    """

    def __init__(self) -> None:
        self._proxies: list[Any] = []
        self._listeners: list[tuple[Any, str, Any]] = []

    def proxy(self, fn: Callable[..., Any]) -> Any:
        """A JS-callable wrapper of ``fn`` kept alive until ``release()``."""
        p = create_proxy(fn)
        self._proxies.append(p)
        return p

    def listen(self, element: Any, event: str, fn: Callable[..., Any]) -> None:
        """``element.addEventListener(event, fn)`` with a kept proxy (removed by ``release()``)."""
        p = self.proxy(fn)
        element.addEventListener(event, p)
        self._listeners.append((element, event, p))

    def interval(self, fn: Callable[[], Any], ms: int) -> int:
        """``setInterval`` with a kept proxy; returns the timer id for ``clearInterval``."""
        return int(window.setInterval(self.proxy(fn), ms))

    def timeout(self, fn: Callable[[], Any], ms: int) -> int:
        """``setTimeout`` with a kept proxy; returns the timer id for ``clearTimeout``."""
        return int(window.setTimeout(self.proxy(fn), ms))

    def release(self) -> None:
        """Remove our DOM listeners and destroy every proxy (timers must be cleared first)."""
        for element, event, p in self._listeners:
            with suppress(Exception):
                element.removeEventListener(event, p)
        self._listeners.clear()
        for p in self._proxies:
            with suppress(Exception):  # already destroyed by its owner: nothing left to free
                p.destroy()
        self._proxies.clear()

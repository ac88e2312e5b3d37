"""What the page keeps in the browser's own storage, and why where.

* ``localStorage`` (this browser, every tab, survives restarts): the name, the deck colours, and
  the rejoin token used in each room (``omaha.rooms``, also kept per tab), so that reopening a
  room's link in a new tab of the same browser gives back the seat, cards and balance, and the
  key its host proved (pinned: whoever answers at that room's address later must prove it);
  and, once the player asked for its recovery code, this browser's player (``omaha.identity``).
* ``sessionStorage`` (this tab only, survives a reload of the tab, dies with it): the tab's
  default token, and the host's saved room (``omaha.host``). The host snapshot holds every
  seat's rejoin token and the running hand's cards: it belongs to the tab that deals, must
  survive that tab's reload, and must not outlive it nor reach another tab. It is never sent.

The hand history is not here: it lives in IndexedDB (``web.handstore``), with no cap but the
device's, and what an older version kept here (``omaha.history.<CODE>``) is moved there.

Blocked or full storage (private modes throw) is treated as empty: the game still runs, it
just cannot come back after a reload.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import suppress
from typing import Any

from pyscript import window

HOST_KEY = "omaha.host"
ROOMS_KEY = "omaha.rooms"
ROOMS_KEPT = 12  # rooms whose token this browser remembers (the most recent ones)
DECK_KEY = "omaha.deck"  # "four" for the four-colour deck (localStorage)


def get(store: str, key: str) -> str:
    """Read web storage, treating a blocked or absent store as empty."""
    try:
        value = getattr(window, store).getItem(key)
    except Exception:
        return ""
    return value if isinstance(value, str) else ""


def put(store: str, key: str, value: str) -> None:
    with suppress(Exception):  # storage full or blocked: simply not remembered
        getattr(window, store).setItem(key, value)


def remove(store: str, key: str) -> None:
    with suppress(Exception):
        getattr(window, store).removeItem(key)


def _rooms(store: str) -> list[list[str]]:
    """Rows ``[code, token, host key]`` ('' when no key was pinned; older rows have none)."""
    try:
        rows = json.loads(get(store, ROOMS_KEY) or "[]")
    except ValueError:
        return []
    return [[*r, ""][:3] for r in rows if isinstance(r, list) and len(r) in (2, 3)
            and all(isinstance(x, str) for x in r)] if isinstance(rows, list) else []


def room_token(code: str, stores: tuple[str, ...] = ("sessionStorage", "localStorage")) -> str:
    """The token this tab, or else this browser, last sat with in room ``code`` ('' if none).
    The tab's own memory comes first: two tabs of one browser may be two players there."""
    for store in stores:
        token = next((token for c, token, _ in _rooms(store) if c == code), "")
        if token:
            return token
    return ""


IDENTITY_KEY = "omaha.identity"
"""This browser's player (localStorage): the rejoin token its recovery code carries
(``room.recovery``), set when the player first shows the code or imports one. Once set,
every tab of this browser is that one player in any room it did not already sit in."""


def identity() -> str:
    """The token of this browser's player ('' while none was set)."""
    return get("localStorage", IDENTITY_KEY)


def set_identity(token: str, forget_tab: bool = False) -> None:
    """Make ``token`` this browser's player. ``forget_tab``: an imported identity, so this
    tab forgets the seats it held under another one (the browser's own rows stay)."""
    put("localStorage", IDENTITY_KEY, token)
    if forget_tab:
        remove("sessionStorage", ROOMS_KEY)


def latest_room_token() -> str:
    """The token this browser last sat with in any room ('' if none)."""
    rows = _rooms("localStorage")
    return rows[0][1] if rows else ""


def room_key(code: str) -> str:
    """The host key this tab, or else this browser, pinned for room ``code`` when it sat
    there ('' if none): the key whoever answers at the room's address must prove."""
    for store in ("sessionStorage", "localStorage"):
        key = next((key for c, _, key in _rooms(store) if c == code), "")
        if key:
            return key
    return ""


def remember_room(code: str, token: str, key: str | None = None) -> None:
    """Remember ``token`` as this tab's and this browser's seat in room ``code``, and ``key``
    as the key of its host (pinned; a row keeps its key when none is given)."""
    for store in ("sessionStorage", "localStorage"):
        old = next((r for r in _rooms(store) if r[0] == code), None)
        pinned = key or (old[2] if old is not None else "")
        rows = [[code, token, pinned]] + [r for r in _rooms(store) if r[0] != code]
        put(store, ROOMS_KEY, json.dumps(rows[:ROOMS_KEPT]))
        if store == "localStorage":
            for old_code, _, _ in rows[ROOMS_KEPT:]:  # forgotten rooms: no successor to find
                remove(store, NEXT_PREFIX + old_code)


NEXT_PREFIX = "omaha.next."
"""``omaha.next.<CODE>``: what this browser last saw of room ``CODE`` for finding the room it
became after its host left for good (``room.codes.succession_memory``)."""


def remember_succession(code: str, text: str) -> None:
    """Keep the room's succession memory (JSON text; written only when it changed)."""
    if get("localStorage", NEXT_PREFIX + code) != text:
        put("localStorage", NEXT_PREFIX + code, text)


def succession_of(code: str) -> dict[str, Any] | None:
    """The succession memory saved for room ``code``, if any."""
    try:
        data = json.loads(get("localStorage", NEXT_PREFIX + code) or "null")
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def save_host(code: str, snapshot: Mapping[str, object]) -> None:
    """Keep the host's room for a reload of this tab (see the module docstring)."""
    put("sessionStorage", HOST_KEY, json.dumps({"code": code, "snapshot": snapshot},
                                               separators=(",", ":")))


def saved_host() -> tuple[str, dict[str, Any]] | None:
    """The room this tab was hosting before a reload, if any: ``(code, snapshot)``."""
    try:
        data = json.loads(get("sessionStorage", HOST_KEY) or "null")
        code, snapshot = data["code"], data["snapshot"]
    except (ValueError, TypeError, KeyError):
        return None
    if not isinstance(code, str) or not isinstance(snapshot, dict):
        return None
    return code, snapshot


def forget_host() -> None:
    """The host closed the room (or it cannot come back): nothing to reopen on reload."""
    remove("sessionStorage", HOST_KEY)

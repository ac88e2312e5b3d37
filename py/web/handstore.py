"""Every hand this browser took part in, kept in IndexedDB across reloads, closed tabs and
browser restarts, with no cap but the device's.

Why IndexedDB: ``localStorage`` holds a few megabytes per site and every read and write of it
stops the page (a host's page deals for everyone); IndexedDB is asynchronous and sized by the
device. Each call here awaits IndexedDB's own events through asyncio futures, so the page
never waits on storage. Every transaction's requests are all made before the first ``await``
(a transaction with nothing left to do commits when control goes back to the browser), so a
read and the write it leads to are two transactions.

What a row is, its key, its night and the merging of a hand sent again are
:mod:`games.handbook`'s (pure, tested without a browser); a row is stored as
``{key, room, text}`` with ``text`` the row as JSON, so nothing of Python's crosses into
JavaScript but strings and numbers. Keys sort by room, night and hand, so a room or a night is
deleted as one key range.

The old store (the last hands of each remembered room in ``localStorage``, ``omaha.history.
<CODE>``, the history file's JSON) is moved here on the first open and then removed.

A full device (``QuotaExceededError``) or a blocked store (some private modes) gives a
:class:`StoreError` whose message says so in words; the game itself goes on.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from typing import Any

from games.handbook import NIGHT_GAP_MS, BookRow, nights, place_all, row_key, to_row, took_part
from pyscript import window
from pyscript.ffi import create_proxy, to_js
from room.errors import ExportError
from room.export import load_history

DB_NAME = "ultimate-omaha"
DB_VERSION = 1
STORE = "hands"
LEGACY_PREFIX = "omaha.history."
"""``localStorage``: the old last-hands store of room ``<CODE>`` (moved, then removed)."""
KEPT_EVENT = "omaha-hands-kept"
"""Dispatched on the document when new hands were written."""
LAST_KEY = "\uffff"
"""Above every character a key holds: ``prefix`` to ``prefix + LAST_KEY`` is the prefix's range."""

FULL = ("This device has no room left for your hand history, so the last hands were not "
        "kept. Download your history and delete old nights or rooms to make room.")
BLOCKED = ("This browser does not let the page keep your hand history (its storage is "
           "blocked, as in some private windows): hands are not kept after you leave.")
FAILED = "Your hand history could not be read or written: {detail}"


class StoreError(Exception):
    """The hand history could not be read or written; the message says why, in words."""


def _error_text(target: Any) -> str:
    """Words for a failed request or transaction (a full device named as such)."""
    return _words(getattr(target, "error", None))


def _words(error: Any) -> str:
    """Words for a DOMException (or pyodide's JsException around one)."""
    name = str(getattr(error, "name", "") or "")
    if name == "QuotaExceededError":
        return FULL
    message = str(getattr(error, "message", "") or name or "unknown error")
    return FAILED.format(detail=message[:200])


async def _until(target: Any, ok: str, bad: tuple[str, ...]) -> None:
    """Wait, without stopping the page, for ``target``'s ``ok`` event; a ``bad`` one raises
    :class:`StoreError`. The listeners are removed and their proxies destroyed either way."""
    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()
    hooks: list[tuple[str, Any]] = []

    def fire(kind: str) -> None:
        if future.done():
            return
        if kind == ok:
            future.set_result(None)
        elif kind == "blocked":
            future.set_exception(StoreError(BLOCKED))
        else:
            future.set_exception(StoreError(_error_text(target)))

    for kind in (ok, *bad):
        proxy = create_proxy(lambda *_, kind=kind: fire(kind))
        target.addEventListener(kind, proxy)
        hooks.append((kind, proxy))
    try:
        await future
    finally:
        for kind, proxy in hooks:
            target.removeEventListener(kind, proxy)
            proxy.destroy()


class HandStore:
    """The page's one way into the stored hands (open once, then every call reuses it)."""

    def __init__(self) -> None:
        self._db: Any = None
        self._opening: asyncio.Task[Any] | None = None
        self._lock = asyncio.Lock()  # one read-merge-write at a time on this page
        self._close_proxy: Any = None

    async def _database(self) -> Any:
        if self._db is not None:
            return self._db
        if self._opening is None or (self._opening.done()
                                     and self._opening.exception() is not None):
            self._opening = asyncio.ensure_future(self._open())
        self._db = await self._opening
        return self._db

    async def _open(self) -> Any:
        factory = getattr(window, "indexedDB", None)
        if factory is None:
            raise StoreError(BLOCKED)
        try:
            request = factory.open(DB_NAME, DB_VERSION)
        except Exception:  # a blocked store throws at once (SecurityError)
            raise StoreError(BLOCKED) from None
        upgrade = create_proxy(lambda *_: self._create(request.result))
        request.addEventListener("upgradeneeded", upgrade)
        try:
            await _until(request, "success", ("error", "blocked"))
        finally:
            request.removeEventListener("upgradeneeded", upgrade)
            upgrade.destroy()
        db = request.result
        close = create_proxy(lambda *_: self._closed())
        db.addEventListener("versionchange", close)  # a newer page's upgrade: let it go
        db.addEventListener("close", close)
        self._close_proxy = close
        with_storage = getattr(window.navigator, "storage", None)
        if with_storage is not None and getattr(with_storage, "persist", None) is not None:
            with suppress(Exception):  # ask the browser not to evict it when space runs short
                with_storage.persist()
        await self._move_old_store(db)
        return db

    @staticmethod
    def _create(db: Any) -> None:
        if not db.objectStoreNames.contains(STORE):
            db.createObjectStore(STORE, to_js({"keyPath": "key"}))

    def _closed(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db, self._opening = None, None

    # --- reading and writing ----------------------------------------------------------------

    async def rows(self, room: str | None = None) -> list[BookRow]:
        """Every kept row (of ``room`` only, if given), in key order."""
        db = await self._database()
        return await self._read(db, room)

    async def records(self, room: str | None = None) -> list[dict[str, Any]]:
        """Every kept hand's record as filed (of ``room`` only, if given), oldest first: what
        a reader of records (stats, exports) takes, as it takes ``GuestClient.history``."""
        rows = sorted(await self.rows(room), key=lambda r: (r["at"], r["hand_no"]))
        return [r["record"] for r in rows]

    @staticmethod
    async def _read(db: Any, room: str | None) -> list[BookRow]:
        tx = db.transaction(STORE, "readonly")
        store = tx.objectStore(STORE)
        request = store.getAll(_range(f"{room}/") if room is not None else None)
        await _until(request, "success", ("error",))
        out = []
        for value in request.result:
            try:
                row = to_row(json.loads(str(value.text)))
            except (ValueError, AttributeError):
                row = None
            if row is not None:  # a damaged entry is skipped, never trusted
                out.append(row)
        return out

    @staticmethod
    async def _write(db: Any, rows: Iterable[BookRow]) -> None:
        tx = db.transaction(STORE, "readwrite")
        store = tx.objectStore(STORE)
        try:
            for row in rows:
                store.put(to_js({"key": row["key"], "room": row["room"],
                                 "text": json.dumps(row, separators=(",", ":"))}))
        except Exception as exc:  # put throws at once on some errors (quota in some browsers)
            raise StoreError(_words(exc)) from None
        await _until(tx, "complete", ("error", "abort"))

    async def keep(self, room: str, records: Iterable[Mapping[str, Any]], player: str,
                   now_ms: int, chip_cents: int | None = None,
                   deal_time: bool = False, practice: bool = False) -> list[BookRow]:
        """Keep ``records`` (hands of ``room`` the viewer ``player`` took part in), merged with
        what is kept (``games.handbook.place_all``); the rows written."""
        records = list(records)
        async with self._lock:
            db = await self._database()
            kept = await self._read(db, room)
            changed = place_all(kept, room, records, player, now_ms, chip_cents,
                                deal_time=deal_time, practice=practice)
            if changed:
                await self._write(db, changed)
        return changed

    async def delete(self, room: str | None = None, night: int | None = None) -> None:
        """Delete every kept hand, or a room's, or one night of a room."""
        db = await self._database()
        async with self._lock:
            tx = db.transaction(STORE, "readwrite")
            store = tx.objectStore(STORE)
            if room is None:
                store.clear()
            elif night is None:
                store.delete(_range(f"{room}/"))
            else:
                store.delete(_range(row_key(room, night, 0)[:-8]))
            await _until(tx, "complete", ("error", "abort"))

    # --- the old store ----------------------------------------------------------------------

    async def _move_old_store(self, db: Any) -> None:
        """Move ``localStorage``'s last hands of each room here, then remove them there
        (only once written: a full device keeps them where they were)."""
        try:
            local = window.localStorage
            keys = [str(local.key(i)) for i in range(int(local.length))]
        except Exception:  # blocked storage: nothing to move
            return
        now = int(window.Date.now())
        for key in keys:
            if not key.startswith(LEGACY_PREFIX):
                continue
            room = key[len(LEGACY_PREFIX):]
            try:
                records = load_history(str(local.getItem(key) or "null"))
            except ExportError:
                records = []
            kept = await self._read(db, room)
            changed = place_all(kept, room, records, "", now, deal_time=True)
            if changed:
                await self._write(db, changed)
            local.removeItem(key)


def _range(prefix: str) -> Any:
    """The key range of every key starting with ``prefix``."""
    return window.IDBKeyRange.bound(prefix, prefix + LAST_KEY)


def chip_value(view: Mapping[str, Any] | None) -> int | None:
    """A table game's chip value in cents from the view its hand ended in (None elsewhere)."""
    game = view.get("game") if isinstance(view, Mapping) else None
    ledger = game.get("ledger") if isinstance(game, Mapping) else None
    chip = ledger.get("chip_cents") if isinstance(ledger, Mapping) else None
    return chip if type(chip) is int and chip >= 1 else None



class Keeper:
    """A room page's side of the store: keeps each new hand of the client's history that the
    player took part in, and after a reload gives the client back the room's hands of the
    night still going on (a guest's client starts empty; the host's comes back whole).

    ``spawn`` runs a coroutine (the session's); ``redraw`` draws the client's history again;
    ``say`` shows a message (a full device is said once, not at every hand).
    """

    def __init__(self, spawn: Callable[[Any], None], redraw: Callable[[], None],
                 say: Callable[[str], None]) -> None:
        self.store = HandStore()
        self.spawn = spawn
        self.redraw = redraw
        self.say = say
        self.filed: dict[int, Any] = {}
        """Hand number → the entry last handed to the store (its own copy or an equal one)."""
        self.restored = False
        self.said = ""

    def keep(self, client: Any, room: str, practice: bool = False) -> None:
        """File the client's new or changed hands (a cheap check on every view)."""
        if not self.restored:
            self.restored = True
            self.spawn(self._restore(client, room))
        you = str(client.you or "")
        new = []
        for hand_no, entry in client.history.items():
            old = self.filed.get(hand_no)
            if old is entry:
                continue
            self.filed[hand_no] = entry
            if old != entry and isinstance(entry, dict) and took_part(entry, you):
                new.append(entry)
        if new:
            chip = chip_value(client.view)
            now = int(window.Date.now())
            self.spawn(self._keep(room, new, you, now, chip, practice))

    async def _keep(self, room: str, records: list[dict[str, Any]], you: str, now: int,
                    chip: int | None, practice: bool) -> None:
        try:
            kept = await self.store.keep(room, records, you, now, chip, practice=practice)
        except StoreError as exc:
            self._say(str(exc))
            return
        if kept:  # an open history dialog reads the store again (web.historyview)
            window.document.dispatchEvent(window.CustomEvent.new(KEPT_EVENT))

    async def _restore(self, client: Any, room: str) -> None:
        try:
            rows = await self.store.rows(room)
        except StoreError as exc:
            self._say(str(exc))
            return
        latest = nights(rows, room)[:1]
        if not latest or int(window.Date.now()) - latest[0].last_at > NIGHT_GAP_MS:
            return  # the room's last night is over: this is a new one
        before = len(client.history)
        for row in latest[0].rows:
            entry = client.history.setdefault(row["hand_no"], row["record"])
            self.filed.setdefault(row["hand_no"], entry)
        if len(client.history) != before:
            self.redraw()

    def _say(self, text: str) -> None:
        if text != self.said:
            self.said = text
            self.say(text)

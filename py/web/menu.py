"""The menu: name, Create Room, Join by code, and ``?room=CODE`` links.

Imported at page start, so it imports only what the menu needs; the room protocol, PeerJS adapter
and renderer (``web.hostpage``, ``web.guestpage``) are imported on the first Create or Join click.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from web import storage, texts
from web.dom import Handlers, by_id, notice, show_screen
from web.later import Later

NAME_KEY = "omaha.name"
TOKEN_KEY = "omaha.token"
BUTTONS = ("create-btn", "join-btn", "practice-btn")
IDENTITY_BUTTONS = ("identity-show-btn", "identity-hide-btn", "identity-copy-btn",
                    "identity-yes-btn", "identity-no-btn")
RECOVER_HASH = "#recover="  # web.identitytext.HASH_PREFIX (this module loads first)
PRACTICE_NAME = "You"
"""The player's name at a practice table when none was typed (nobody else reads it)."""
TABLE_OPENER = "history-table-btn"
"""Every table's Hand history button: the one control inside the table section that the menu
(not a session) answers, beside the menu's own ``history-btn``."""
WARM_DELAY_MS = 3000
"""The evaluator's big table is built in idle slices this long after the menu is usable (or
when a game starts, if sooner): never on the way to the first usable screen."""


class Menu:
    """Controller of the menu screen and owner of the current room session (at most one)."""

    def __init__(self) -> None:
        self.handlers = Handlers()
        self.params = texts.read_params(str(window.location.search))
        self.session: Any = None
        self.busy = False
        self.warm: Any = None
        self.later = Later()  # the modules not needed by the menu, fetched on first use
        self.tables = Later("py-tables")  # the table games' engine, for practice (web.practice)
        self.tasks: set[Any] = set()
        self.link_room: tuple[str, str | None] | None = None  # (code, host key) of a link
        self.history: Any = None  # the hand history dialog (web.historyview), once opened
        self.table_blank: Any = None  # the table section as the page loaded it (clear_table)
        self.table_handlers = Handlers()  # the menu's listener inside that section

    # --- start-up ---------------------------------------------------------------------------

    def start(self) -> None:
        name_input = by_id("name-input")
        if not str(name_input.value).strip():  # never wipe what was typed while Python booted
            name_input.value = storage.get("localStorage", NAME_KEY)
        four = storage.get("localStorage", storage.DECK_KEY) == "four"
        document.body.dataset.deck = "four" if four else "two"
        self.handlers.listen(by_id("create-btn"), "click", self.on_create)
        self.handlers.listen(by_id("join-form"), "submit", self.on_join)
        self.handlers.listen(by_id("practice-form"), "submit", self.on_practice)
        self.handlers.listen(by_id("practice-game"), "change", self.on_practice_game)
        self.handlers.listen(name_input, "change", self.on_name_change)
        self.handlers.listen(name_input, "keydown", self.on_name_key)
        self.handlers.listen(by_id("ln-csv-btn"), "click", self.on_last_night_csv)
        self.handlers.listen(by_id("ln-forget-btn"), "click", self.on_last_night_forget)
        self.handlers.listen(by_id("menu-replay-btn"), "click",
                             lambda *_: self.spawn(self.open_replayer()))
        self.stats: Any = None  # the Stats panel of the last night (web.statsview), once wired
        self.handlers.listen(by_id("code-input"), "input", self.on_code_input)
        self.handlers.listen(by_id("history-btn"), "click", self.on_history)
        self.wire_table()
        self.handlers.listen(by_id("history-close"), "click",
                             lambda *_: by_id("history-dialog").close())
        for button_id in IDENTITY_BUTTONS:
            self.handlers.listen(by_id(button_id), "click", self.on_identity)
        self.handlers.listen(by_id("identity-form"), "submit", self.on_identity)
        by_id("history-btn").disabled = False  # usable once Python listens (as the others)
        self.table_blank = by_id("screen-table").cloneNode(True)  # before any room draws in it
        for button_id in BUTTONS:
            button = by_id(button_id)
            button.textContent = button.dataset.readyLabel
            button.disabled = False
        boot = getattr(window, "omahaBoot", None)
        warning = str(boot.warning) if boot is not None and boot.warning else ""
        notice(warning, "error")  # '' clears boot.js's "still loading" note, if it showed
        document.body.dataset.ready = "menu"
        document.body.dataset.readyMs = str(int(window.performance.now()))  # for the benchmark
        if boot is not None:
            boot.loadPeer()  # now, off the start-up path, so Create/Join need not wait for it
        self.handlers.timeout(self.warm_up, WARM_DELAY_MS)
        from web.storage import saved_host

        saved = saved_host()
        linked = (self.params.room or "").replace("-", "").replace(" ", "").upper()
        if saved is not None and linked in ("", saved[0]):
            self.reopen(*saved)  # this tab was hosting before a reload: reopen that room
        elif self.params.room:
            self.open_from_link(self.params.room)
        if self.params.signal or self.params.ice:
            self.spawn(self.check_address())
        fragment = str(window.location.hash)
        if fragment.startswith(RECOVER_HASH):  # a recovery code's QR code opened this page
            window.history.replaceState(None, "", f"{window.location.pathname}"
                                                  f"{window.location.search}")
            self.spawn(self._identity("identity-form", fragment))

    async def check_address(self) -> None:
        """Say at once when ``signal=``/``ice=`` cannot be used, not only after a click."""
        try:
            await self.later.ready()
        except Exception:
            return  # Create/Join will report the load failure
        from room.config import peer_options
        from room.errors import ConfigError

        try:
            peer_options(self.params.signal, self.params.ice)
        except ConfigError as exc:
            if self.session is None:
                box = by_id("notice")  # keep what the page already said (a bad room code)
                said = str(box.textContent) if not box.hidden else ""
                text = texts.BAD_ADDRESS_SETTING.format(detail=exc)
                notice(f"{said} {text}" if said and text not in said else text, "error")

    def reopen(self, code: str, snapshot: dict[str, Any]) -> None:
        """Restore the room this tab hosted (same code, same hand) after a reload."""
        client = snapshot.get("client")
        name = client.get("name") if isinstance(client, dict) else None
        if not isinstance(name, str) or not name:
            from web.storage import forget_host

            forget_host()
            return
        self.begin(host=True, name=name, code=code, saved=snapshot)

    def open_from_link(self, raw_code: str) -> None:
        """``?room=CODE``: join straight away, asking only for a name when none is remembered."""
        from room.codes import normalize_code  # small; only links need it at start
        from room.errors import CodeError

        # The invitee came to join: Join is the main button of this page, not Create.
        by_id("create-btn").classList.remove("btn-primary")
        by_id("join-btn").classList.add("btn-invite")
        try:
            code = normalize_code(raw_code)
        except CodeError as err:
            notice(f"The link's room code is not valid: {err}", "error")
            return
        if self.params.key is not None or self.params.invite is not None:
            # checked when joining (room.identity loads later)
            self.link_room = (code, self.params.key)
        by_id("code-input").value = code
        if self.name():
            self.join(code)
        else:
            notice(texts.LINK_INVITE.format(code=code))
            by_id("name-input").focus()

    def spawn(self, coro: Any) -> None:
        """Run a coroutine, keeping a reference until it finishes (else it may be collected)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def warm_up(self, *_: Any) -> None:
        """Start building the evaluator's table in idle slices (once; see ``web.warm``)."""
        self.spawn(self._warm_up())

    async def _warm_up(self) -> None:
        try:
            await self.later.ready()
        except Exception:
            return  # the table is only a speed-up: a later Create/Join will try the load again
        document.body.dataset.later = "ready"  # the room's modules are here (tests read it)
        if self.session is None:
            self.show_last_night()
        if self.warm is None:
            from web.warm import WarmUp

            self.warm = WarmUp()
        self.warm.start()

    def show_last_night(self) -> None:
        """The last room's ledger and settle-up this browser kept (``web.lastnight``), once
        its modules are here (after a session, or the menu's warm-up)."""
        from web.lastnight import kept, show
        from web.statsview import StatsPanel

        show()
        data = kept()
        by_id("ln-stats-btn").hidden = True  # shown once the store says it kept hands
        if data is not None:
            self.spawn(self._offer_stats(data["room"]))
        if self.stats is None:
            self.stats = StatsPanel()
            self.stats.wire(self.handlers, "ln-stats-btn", self.on_last_night_stats)

    async def _offer_stats(self, room: str) -> None:
        from web.statsview import kept_records

        by_id("ln-stats-btn").hidden = not await kept_records(room)

    def on_last_night_stats(self) -> None:
        """The Stats panel on the last room's hands this browser kept (no leaderboard: that
        is the host's, at the table)."""
        self.spawn(self._last_night_stats())

    async def _last_night_stats(self) -> None:
        from web.lastnight import kept
        from web.statstext import viewer_of
        from web.statsview import kept_records

        data = kept()
        if data is None or self.stats is None:
            return
        records = await kept_records(data["room"])
        self.stats.show(records, viewer_of(records, self.name()), {}, False, "ln-stats-btn")

    async def open_replayer(self) -> None:
        """The hand replayer on its file picker, once the room's modules are here."""
        try:
            await self.later.ready()
        except Exception as exc:
            notice(f"The replayer could not be loaded: {exc}", "error")
            return
        from web.replayer import open_file

        open_file()

    def on_history(self, _event: Any = None) -> None:
        """Open the hand history at once; it fills in when its modules (the room's, fetched
        if not yet) have read the store."""
        dialog = by_id("history-dialog")
        if bool(dialog.open):
            return
        back = document.activeElement
        by_id("history-status").textContent = texts.HISTORY_READING
        by_id("history-body").hidden = True
        dialog.showModal()
        by_id("history-close").focus()
        self.spawn(self._open_history(back))

    async def _open_history(self, back: Any) -> None:
        try:
            await self.later.ready()
        except Exception:
            by_id("history-status").textContent = texts.LATER_FAILED
            return
        if self.history is None:
            from web.historyview import HistoryPanel

            self.history = HistoryPanel(self.spawn)
            self.history.wire()
        self.history.open(back)

    def on_last_night_csv(self, _event: Any = None) -> None:
        from web.lastnight import download

        download()

    def on_last_night_forget(self, _event: Any = None) -> None:
        from web.lastnight import forget

        forget()
        by_id("create-btn").focus()  # the button pressed is gone with its card

    # --- one person, one identity (web.identitycard, loaded with the room's modules) --------

    def on_identity(self, event: Any) -> None:
        """A click or a submit in the "Play on another device" card."""
        if str(event.type) == "submit":
            event.preventDefault()
        self.spawn(self._identity(str(event.currentTarget.id)))

    async def _identity(self, target: str, fragment: str = "") -> None:
        try:
            await self.later.ready()
        except Exception:
            notice(texts.LATER_FAILED, "error")
            return
        from web.identitycard import card
        from web.identitytext import from_hash

        shown = card(self)
        if target == "identity-show-btn":
            shown.toggle(self.token())
        elif target == "identity-hide-btn":
            shown.hide()
        elif target == "identity-copy-btn":
            shown.copy()
        elif target == "identity-yes-btn":
            shown.confirm()
        elif target == "identity-no-btn":
            shown.cancel()
        elif target == "identity-form":
            if fragment:
                by_id("identity-input").value = from_hash(fragment)
                by_id("identity-card").scrollIntoView()
            shown.check(str(by_id("identity-input").value))

    # --- input ------------------------------------------------------------------------------

    def name(self) -> str:
        return texts.clean_name(str(by_id("name-input").value))

    def on_name_change(self, _event: Any = None) -> None:
        name = self.name()
        if name:
            storage.put("localStorage", NAME_KEY, name)

    def on_name_key(self, event: Any) -> None:
        """Enter in the name box: join when a code is typed, else create a room."""
        if event.key == "Enter":
            event.preventDefault()
            if str(by_id("code-input").value).strip():
                self.on_join()
            else:
                self.on_create()

    def require_name(self) -> str:
        raw = str(by_id("name-input").value)
        if texts.name_too_long(raw):
            name = texts.clean_name(raw)
            by_id("name-input").value = name
            notice(texts.NAME_SHORTENED.format(limit=texts.NAME_MAX, name=name), "error")
            by_id("name-input").focus()
            return ""
        name = self.name()
        if not name:
            notice(texts.NEED_NAME, "error")
            by_id("name-input").focus()
            return ""
        self.on_name_change()
        return name

    def token(self, code: str = "") -> str:
        """The rejoin token for room ``code``: the one this tab sat with there (a reload gives
        back the seat); else this browser's player, once it has one (``storage.identity``:
        shown or imported with a recovery code, so one person is one player on every device);
        else the one this browser last sat with there (the room's link opened again in a new
        tab); else this tab's own token (per tab, in sessionStorage: two tabs of one browser
        that join a room afresh are two players)."""
        from web.storage import identity, room_token

        for token in (room_token(code, ("sessionStorage",)) if code else "", identity(),
                      room_token(code, ("localStorage",)) if code else ""):
            if 16 <= len(token) <= 64:
                return token
        token = storage.get("sessionStorage", TOKEN_KEY)
        if not (16 <= len(token) <= 64):
            token = secrets.token_urlsafe(24)
            storage.put("sessionStorage", TOKEN_KEY, token)
        return token

    def host_key(self, code: str) -> str | None:
        """The key room ``code``'s host must prove: the one pinned when this browser sat
        there, else the share link's; None when the code was typed by hand and never visited
        (trust on first use: the first key shown is pinned)."""
        from web.storage import room_key

        pinned = room_key(code)
        if pinned:
            return pinned
        if self.link_room is not None and self.link_room[0] == code:
            return self.link_room[1]
        return None

    def on_create(self, _event: Any = None) -> None:
        name = self.require_name()
        if name and not self.busy:
            self.begin(host=True, name=name, code="")

    def on_practice_game(self, _event: Any = None) -> None:
        """A table game chosen for practice: its engine is fetched now, so the table can
        start later without the network."""
        self.spawn(self._fetch_tables(str(by_id("practice-game").value)))

    async def _fetch_tables(self, game_id: str) -> None:
        try:
            await self.later.ready()
            from web.gameform import TABLE_GAMES

            if game_id not in TABLE_GAMES:
                return
            await self.tables.ready()
        except Exception:
            return  # tried again when the practice table starts (and said there if it fails)
        document.body.dataset.practiceTables = "ready"

    def on_practice(self, event: Any = None) -> None:
        """Practice alone: a table of bots for the chosen game, on this page only
        (web.practice); the typed name if any, else "You"."""
        if event is not None:
            event.preventDefault()
        if self.busy:
            return
        name = self.name()
        if texts.name_too_long(str(by_id("name-input").value)):
            name = self.require_name()
            if not name:
                return
        self.begin(host=True, name=name or PRACTICE_NAME, code="",
                   practice=(str(by_id("practice-game").value),
                             str(by_id("practice-level").value)))

    def on_join(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        from room.codes import normalize_code
        from room.errors import CodeError

        raw = str(by_id("code-input").value)
        try:
            code = normalize_code(raw)
        except CodeError as err:
            self.code_error(texts.BAD_CODE.format(detail=err))
            return
        self.code_error("")
        self.join(code)

    def code_error(self, text: str) -> None:
        """Say what is wrong with the typed room code at the field itself: the message beside
        it (an alert, so it is announced; the field's description), the field marked
        invalid and focused. ``''`` takes the complaint back."""
        field = by_id("code-input")
        by_id("code-error").textContent = text
        if text:
            field.setAttribute("aria-invalid", "true")
            notice("")  # the complaint is at the field, not in the banner far from it
            field.focus()
        else:
            field.removeAttribute("aria-invalid")

    def on_code_input(self, _event: Any = None) -> None:
        """The code is being typed again: the last complaint no longer holds."""
        if str(by_id("code-error").textContent):
            self.code_error("")

    def join(self, code: str) -> None:
        name = self.require_name()
        if name and not self.busy:
            self.begin(host=False, name=name, code=code)

    # --- sessions ---------------------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        self.busy = busy
        for button_id in BUTTONS:
            by_id(button_id).disabled = busy

    def begin(self, host: bool, name: str, code: str, saved: Any = None,
              practice: tuple[str, str] | None = None) -> None:
        self.set_busy(True)
        notice("" if saved is not None else texts.PRACTICE_OPENING if practice
               else texts.CREATING if host else texts.JOINING.format(code=code))
        self.spawn(self._begin(host, name, code, saved, practice))

    async def _begin(self, host: bool, name: str, code: str, saved: Any,
                     practice: tuple[str, str] | None = None) -> None:
        try:
            await self.later.ready()
        except Exception:
            self.set_busy(False)
            notice(texts.LATER_FAILED, "error")
            return
        from web.guestpage import GuestPage
        from web.hostpage import HostPage

        if practice is not None:
            from web.practice import PracticePage

            game_id, level = practice
            self.session = PracticePage(name=name, token=self.token(), code="",
                                        params=self.params, on_end=self.ended,
                                        game_id=game_id, level=level)
            self.session.tables = self.tables  # fetched when the game was chosen, if it was
        elif host:
            token = self.token()
            if saved is not None:
                token = str(saved["client"]["token"])
            self.session = HostPage(name=name, token=token, code=code, params=self.params,
                                    on_end=self.ended, saved=saved)
        else:
            from room.identity import is_key

            host_key = self.host_key(code)
            if host_key is not None and not is_key(host_key):  # a broken or edited link:
                self.set_busy(False)  # nothing to check the host with, so no join
                notice(texts.BAD_LINK_KEY, "error")
                return
            self.session = GuestPage(name=name, token=self.token(code), code=code,
                                     params=self.params, on_end=self.ended,
                                     host_key=host_key)
            if self.link_room is not None and self.link_room[0] == code:
                self.session.invite = self.params.invite  # the link's, to this room only
        self.session.on_game = self.warm_up
        self.session.on_switch = self.switched
        self.session.start()

    def switched(self, session: Any) -> None:
        """The host left for good and this page now hosts the next room."""
        self.session = session

    def ended(self, message: str, kind: str = "info") -> None:
        """A session finished (left, closed, lost, failed): back to the menu with its reason."""
        self.session = None
        self.set_busy(False)
        show_screen("menu")
        self.clear_table()
        by_id("room-chip").hidden = True
        by_id("player-list").removeAttribute("data-drawn")  # the next room draws afresh
        notice(message, kind)
        # A focus on the table (Leave, or wherever the room's end found it) is gone with it:
        # it starts again at the top of the menu, with the notice that says why in view. One
        # still on the menu stays (a join refused: the code box, to type the code again).
        active = document.activeElement
        if is_none(active) or not bool(by_id("screen-menu").contains(active)):
            window.scrollTo(0, 0)
            by_id("menu-title").focus()
        self.show_last_night()  # the ledger and settle-up the player leaves with

    def clear_table(self) -> None:
        """Leaving a room leaves nothing of its table in the page: the table section is put
        back as the page loaded it, so no card, log line or result of that room stays in the
        DOM (hidden, but there for the next person at this device, or a page search, to find),
        and the next room draws on a clean table, as a new page would.

        Only the section's elements are new: every session's listeners on them were released
        with the session (``web.dom.Handlers``); the menu's own, the table's history button,
        is wired again here.
        """
        if self.table_blank is None:
            return
        by_id("screen-table").replaceWith(self.table_blank.cloneNode(True))
        self.wire_table()

    def wire_table(self) -> None:
        """The menu's listener in the table section, on the section there now (once at start,
        again after each :meth:`clear_table`)."""
        self.table_handlers.release()
        self.table_handlers.listen(by_id(TABLE_OPENER), "click", self.on_history)


def start() -> Menu:
    """Wire up the menu; returns the controller (kept referenced by the caller)."""
    menu = Menu()
    menu.start()
    return menu

"""A room's controls: every click and key of the lobby and the tables becomes a request of the
session's client (the host decides), and nothing else.

Wired once per session (:meth:`RoomControls.wire`), released with the session's handlers. The
table games' engine is fetched here, by a host, when a table game is first started or chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ultimatesettings import bet_request
from pyscript import window
from room.errors import RoomError

from web import replayer, storage, texts
from web.dom import by_id, notice
from web.exports import export
from web.gameform import TABLE_GAMES
from web.timers import now_ms

KEYS = {"c": "check-btn", "d": "double-btn", "n": "next-btn"}
"""Keyboard shortcuts on the table: each presses its (enabled, visible) button."""
TYPING = frozenset({"text", "search", "email", "url", "tel", "password", "number"})


class RoomControls:
    """The lobby's and the tables' controls of one session."""

    def __init__(self, session: Any) -> None:
        self.session = session
        """The :class:`web.session.Session` whose client builds the requests and sends them
        (``client``, ``request``, ``ended``, ``screen``, ``door``, ``tables``, ``spawn``...)."""

    @property
    def live(self) -> bool:
        return self.session.client is not None and not self.session.ended

    def wire(self) -> None:
        session = self.session
        screen = session.screen
        h = session.handlers
        # Leaving the page: free our PeerJS id and close our channels at once, so the others
        # notice now (and a reloading host gets its id back sooner).
        h.listen(window, "pagehide", session.on_pagehide)
        h.listen(by_id("leave-btn"), "click", lambda *_: session.ask_leave())
        h.listen(by_id("game-leave-btn"), "click", lambda *_: session.ask_leave())
        h.listen(by_id("confirm-stay"), "click", lambda *_: by_id("confirm-dialog").close())
        h.listen(by_id("confirm-go"), "click", lambda *_: session.confirmed())
        for suffix in ("", "-table"):  # the lobby's, and the table's (every game's)
            h.listen(by_id(f"copy-code-btn{suffix}"), "click",
                     lambda *_: self.copy(session.code, "Room code"))
            h.listen(by_id(f"copy-link-btn{suffix}"), "click",
                     lambda *_: self.copy(session.link(), "Link"))
        h.listen(by_id("bet-form"), "submit", self.on_bet)
        h.listen(by_id("start-btn"), "click", lambda *_: self.start_game())
        screen.lobby_game.wire(h, self.set_game, self.host_poker)
        session.door.wire(h)
        session.bot_controls.wire(h)
        session.advisor.wire(h)
        self.wire_table()
        self.wire_poker()

    def wire_table(self) -> None:
        """The table's controls: actions, host switches, exports, deck colours, keyboard."""
        h = self.session.handlers
        h.listen(by_id("check-btn"), "click", lambda *_: self.act("check"))
        h.listen(by_id("double-btn"), "click", lambda *_: self.act("double"))
        h.listen(by_id("next-btn"), "click", lambda *_: self.deal_next())
        h.listen(by_id("auto-deal"), "change", self.on_auto_deal)
        h.listen(by_id("timer-select"), "change", self.on_timer)
        h.listen(by_id("grace-select"), "change", self.on_grace)
        h.listen(by_id("export-csv-btn"), "click", lambda *_: self.export("csv"))
        h.listen(by_id("export-history-btn"), "click", lambda *_: self.export("history"))
        for list_id in ("recent-hands", "pk-recent"):  # each hand's "Replay" (web.replayer)
            h.listen(by_id(list_id), "click", self.on_replay)
        for button_id in ("replay-file-btn", "pk-replay-file-btn"):
            h.listen(by_id(button_id), "click", lambda *_: replayer.open_file())
        self.session.screen.stats.wire(h, "stats-btn", self.open_stats)
        four = by_id("four-colour")
        four.checked = window.document.body.dataset.deck == "four"
        h.listen(four, "change", self.on_deck)
        h.listen(window.document, "keydown", self.on_key)

    def wire_poker(self) -> None:
        """The poker table's controls (web.pokertable) and its host and leave buttons."""
        session = self.session
        screen = session.screen
        h = session.handlers
        screen.poker.wire(h, self.act_poker, self.table_poker)
        screen.poker_host.wire(h, self.host_poker, self.host_poker_tables)
        screen.keys_dialog.wire(h)
        h.listen(by_id("pk-next-btn"), "click", lambda *_: self.deal_next())
        h.listen(by_id("pk-cashout-btn"), "click", lambda *_: session.ask_leave())
        for what in ("history", "csv", "stars", "phh", "ohh"):
            h.listen(by_id(f"pk-export-{what}-btn"), "click",
                     lambda *_, w=what: self.export(w))

    # --- the lobby's requests ---------------------------------------------------------------

    def on_bet(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        from rules.money import MoneyError, parse_dollars

        client = self.session.client
        if client is None:
            return
        field = by_id("bet-input")
        error = by_id("bet-error")
        try:
            cents = parse_dollars(str(field.value))
            text = client.set_game(*bet_request(client.view or {}, cents))
        except (MoneyError, RoomError, ValueError) as exc:
            # Said at the field (and marked invalid for assistive technology), not in a banner
            # far from where the player is typing.
            error.textContent = texts.BET_REFUSED.format(detail=exc)
            error.hidden = False
            field.setAttribute("aria-invalid", "true")
            field.focus()
            return
        from rules.money import field_dollars, format_money

        field.value = field_dollars(cents)  # as the page will show it: "100,000", not "100000"
        error.hidden = True
        error.textContent = ""
        field.removeAttribute("aria-invalid")
        notice(texts.BET_SET.format(amount=format_money(cents)))
        self.session.request(text)

    def set_game(self, game_id: str, settings: dict[str, Any]) -> None:
        """The host picked a game or changed one of its settings (already checked per field)."""
        client = self.session.client
        if client is None or self.session.ended:
            return
        try:
            text = client.set_game(game_id, settings)
        except (RoomError, ValueError) as exc:
            notice(f"That game setting cannot be used: {exc}", "error")
            return
        self.session.request(text)

    def start_game(self) -> None:
        """Start: a table game's engine is fetched first (host only, and only now)."""
        client = self.session.client
        if client is None or self.session.ended:
            return
        view = client.view or {}
        game_id = (view.get("settings") or {}).get("game_id")
        if game_id not in TABLE_GAMES:
            self.session.request(client.start_game())
            return
        if self.session.screen.lobby_game.check() is None:
            return  # a bad field: said there
        self.session.spawn(self._start_table())

    async def _start_table(self) -> None:
        button = by_id("start-btn")
        button.disabled = True
        notice(texts.TABLES_LOADING)
        began = window.performance.now()
        try:
            await self.load_tables()

            # how long the engine took to reach the page: tools and tests read it
            window.document.body.dataset.tablesLoadMs = str(
                round(window.performance.now() - began))
        except Exception:
            notice(texts.LATER_FAILED, "error")
            return
        finally:
            button.disabled = False
        client = self.session.client
        if client is None or self.session.ended:
            return
        notice("")
        self.session.request(client.start_game())

    async def load_tables(self) -> None:
        """Fetches the table games' engine (``py-tables``) and imports it a module per step,
        the page answering between steps (web/tablesload.py): the room's factory imports
        ``games.poker.session`` next and finds it ready."""
        await self.session.tables.ready()
        from web.tablesload import import_sliced

        longest_ms, longest_step = await import_sliced(self.session.tables.files)
        # the longest step the page ran without answering: tools and tests read it
        window.document.body.dataset.tablesStepMs = str(round(longest_ms))
        window.document.body.dataset.tablesStep = longest_step

    # --- the tables' requests ---------------------------------------------------------------

    def act_poker(self, action: str, amount: int | None, cards: tuple[str, ...]) -> None:
        client = self.session.client
        if client is not None and not self.session.ended:
            self.session.request(client.act(action, amount, cards))

    def table_poker(self, action: str, amount: int | None) -> None:
        client = self.session.client
        if client is not None and not self.session.ended:
            self.session.request(client.table(action, amount))

    def host_poker(self, build: Callable[[Any], str]) -> None:
        """A request of the host panel (web.pokerhost), built from our client."""
        client = self.session.client
        if client is not None and not self.session.ended:
            self.session.request(build(client))

    def host_poker_tables(self, build: Callable[[Any], str]) -> None:
        """A host request that needs the table games' engine here (a change of game to a
        table game): fetched first, as Start does, since a room that began with Ultimate Omaha
        never loaded it and the room builds the new game at once."""
        self.session.spawn(self._host_poker_tables(build))

    async def _host_poker_tables(self, build: Callable[[Any], str]) -> None:
        try:
            await self.load_tables()
        except Exception:
            notice(texts.LATER_FAILED, "error")
            return
        self.host_poker(build)

    def act(self, action: str) -> None:
        client = self.session.client
        if client is None or self.session.ended:
            return
        for button_id in ("check-btn", "double-btn"):  # one choice per round; the view re-enables
            by_id(button_id).disabled = True
        self.session.request(client.act(action))

    def deal_next(self) -> None:
        client = self.session.client
        if client is not None and not self.session.ended and client.is_host:
            by_id("next-btn").disabled = True
            by_id("pk-next-btn").disabled = True
            self.session.request(client.next_hand())

    def on_auto_deal(self, _event: Any = None) -> None:
        client = self.session.client
        if client is not None:
            self.session.request(client.set_auto_deal(bool(by_id("auto-deal").checked)))

    def on_timer(self, _event: Any = None) -> None:
        client = self.session.client
        self._setting(by_id("timer-select"), client.set_timer if client else None)

    def on_grace(self, _event: Any = None) -> None:
        client = self.session.client
        self._setting(by_id("grace-select"), client.set_grace if client else None)

    def _setting(self, select: Any, build: Callable[[int], str] | None) -> None:
        if build is None:
            return
        try:
            text = build(int(str(select.value)))
        except (RoomError, ValueError) as exc:
            notice(f"That setting cannot be used: {exc}", "error")
            return
        self.session.request(text)

    # --- this page only ---------------------------------------------------------------------

    def on_deck(self, _event: Any = None) -> None:
        four = bool(by_id("four-colour").checked)
        window.document.body.dataset.deck = "four" if four else "two"
        storage.put("localStorage", storage.DECK_KEY, "four" if four else "two")

    def on_key(self, event: Any) -> None:
        """C checks, D doubles, N deals (host): never while typing, with a modifier or while a
        dialog is open. At a poker table: the actions (C, F, R, Shift+A, 1-5 marking draw
        cards) and reading keys of web.pokertable.key, Shift+N deals (host). ? opens the key
        help of either table (web.keysdialog)."""
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        screen = window.document.body.dataset.screen
        if screen not in ("game", "poker"):
            return
        from pyscript.ffi import is_none

        if not is_none(window.document.querySelector("dialog[open]")):
            return  # the dialog has the keys (Escape closes it)
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        kind = str(getattr(target, "type", "") or "").lower()
        if tag in ("textarea", "select") or (tag == "input" and kind in TYPING):
            return
        if bool(getattr(target, "isContentEditable", False)):
            return
        parts = self.session.screen
        if str(event.key) == "?":
            if parts.keys_dialog.open():
                event.preventDefault()
            return
        if screen == "poker":
            key = str(event.key)
            if key.lower() == "n" and event.shiftKey:
                button_id: str | None = "pk-next-btn"
            elif parts.poker.key(key, bool(event.shiftKey), now_ms()):
                event.preventDefault()
                return
            else:
                return
        else:
            button_id = KEYS.get(str(event.key).lower())
        if button_id is None:
            return
        button = by_id(button_id)
        if not button.disabled and not is_none(button.offsetParent):  # enabled and on screen
            event.preventDefault()
            button.click()

    def on_replay(self, event: Any) -> None:
        client = self.session.client
        if client is not None:
            replayer.on_list_click(event, client.history, client.you)
    def open_stats(self) -> None:
        """The Stats panel, on the hands this browser filed (in the order played)."""
        from web.statsview import ordered
        from web.viewdata import part

        client = self.session.client
        if client is None:
            return
        self.session.screen.stats.show(ordered(client.history), client.you,
                                       part(client.view or {}, "game"), client.is_host)

    def export(self, what: str) -> None:
        session = self.session
        export(what, session.client, session.code, session.stars_text, session.room_hands)

    def copy(self, text: str, what: str) -> None:
        self.session.spawn(self._copy(text, what))

    async def _copy(self, text: str, what: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:
            # Plain-http LAN pages have no Clipboard API: fall back to a selected input.
            from web.dom import make

            box = make("textarea")
            box.value = text
            box.setAttribute("readonly", "")
            window.document.body.appendChild(box)
            box.select()
            ok = bool(window.document.execCommand("copy"))
            box.remove()
            if not ok:
                notice(texts.COPY_FAILED, "error")
                return
        notice(texts.COPIED.format(what=what))

"""The bots on the host's page: their thinking stepped in short slices, the host's controls to
add and remove them, and a "bot" mark on their seats.

* :class:`BotPump` runs :class:`room.botdriver.BotDriver` (the room's, sans-IO) from the
  page's timer: each run steps the driver until :data:`SLICE_MS` would be passed (measured
  step by step, the longest step seen kept in ``body[data-bot-step-ms]``), hands what it sent
  to the session like any other room output, and comes back after :data:`REST_MS` while a bot
  is thinking or waiting to send. The page answers the person between runs: it never
  freezes. Its timers are :class:`web.wakeclock.WakeClock`'s, which a background tab does not
  throttle, and so is the host page's own tick while bots sit (:meth:`BotPump.tick_every`).
* :class:`BotControls`: the host's "Add a bot" (level: casual or strong) and one "Remove"
  button per bot, under Seats (lobby and table); every change said in words in a polite live
  region. A bot in a hand leaves at its end (the room decides that; the row says so).
* :func:`badge_bots`: a bot named as one ("casual bot", :mod:`web.bottext`) on its seat at
  the table and in the ledger (the player list draws its own badge; a hand's history names a
  bot by its name, "Casual bot 2").

The brains come from ``games.bots.registry`` (the catalogue's ``brain`` field), imported
when a bot first has to decide at a game, never at page start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from web.bottext import LEVELS, bot_news, bot_rows, bot_words
from web.dom import by_id, make
from web.timers import now_ms
from web.wakeclock import WakeClock

SLICE_MS = 10.0
"""The longest the page runs the bots' thinking without answering the person: a run stops
before the next step would pass it (judged by the longest step seen so far)."""
REST_MS = 20
"""The pause between runs while a bot thinks or waits to send its move."""
MAX_PLAYERS = 10


def bot_levels(view: Mapping[str, Any]) -> dict[str, str]:
    """Player id -> a bot's words ("casual bot"), for the bots seated and the last ones gone
    (the view's ``bots``), and for every bot in the player list."""
    out = {pid: words for pid, _name, words, _leaving in bot_rows(view)}
    raw = view.get("bots")
    for pid, level in (raw.items() if isinstance(raw, Mapping) else ()):
        out.setdefault(str(pid), bot_words({"kind": "bot", "level": level}))
    return out


def badge_bots(view: Mapping[str, Any]) -> None:
    """Mark each bot's seat at the table and its ledger row with a "bot" badge and its level
    in words (the seats and rows are drawn by the games' renderers; an element kept from the
    last draw keeps its badge)."""
    bots = bot_levels(view)
    for seat in document.querySelectorAll("#seats [data-player]"):
        _badge(seat, ".seat-head", bots.get(str(seat.dataset.player), ""))
    for row in document.querySelectorAll("#ledger-rows tr[data-player], "
                                          "#pk-ledger-rows tr[data-player]"):
        _badge(row, "td", bots.get(str(row.dataset.player), ""))


def _badge(element: Any, where: str, words: str) -> None:
    badge = element.querySelector(".badge-bot")
    if not is_none(badge) and str(badge.textContent) == words:
        return
    if not is_none(badge):
        badge.remove()
    if not words:
        return
    head = element.querySelector(where)
    head = element if is_none(head) else head
    # "bot" always shows; the level beside it where there is room (a phone's seat keeps it
    # for screen readers only: the words are read in full).
    level, _, _ = words.rpartition(" bot")
    badge = make("span", "", "badge badge-bot")
    if level:
        badge.appendChild(make("span", level + " ", "bot-level"))
    badge.appendChild(make("span", "bot"))
    badge.title = f"A {words}: it plays from its own cards only, like any player"
    head.appendChild(badge)


class BotPump:
    """Steps the room's bot driver from the page's timers (see the module)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        """The :class:`web.hostpage.HostPage` whose ``local`` (``room.local.HostSession``)
        seats the bots and whose ``deliver`` carries their outputs."""
        self.clock = WakeClock()
        self.driver: Any = None
        self.driver_of: Any = None  # the HostSession the driver was made for
        self.scheduled = False
        self.running = False  # delivering our own outputs: their redraw needs no new run
        self.longest_ms = 0.0
        self.longest_step_ms = 0.0
        self.runs = 0
        self.failures_said = 0
        self.loaded: set[str] = set()  # the games whose brain was imported
        window.document.body.dataset.botClock = self.clock.kind

    def make_driver(self, local: Any) -> Any:
        from games.bots.registry import brain_for, chores_for
        from room.botdriver import BotDriver

        return BotDriver(local, brain_for, chores_for)

    def wake(self) -> None:
        """Something happened in the room: look for a bot's turn soon (once)."""
        local = self.session.local
        if (self.scheduled or self.running or self.session.ended or local is None
                or not local.bots):
            return
        self.scheduled = True
        self.clock.after(self.run, 0)

    def run(self) -> None:
        self.scheduled = False
        session = self.session
        local = session.local
        if session.ended or session.hiding or local is None:
            return
        if self.driver is None or self.driver_of is not local:
            self.driver, self.driver_of = self.make_driver(local), local
        driver = self.driver
        if self.load_brain(local):
            self.scheduled = True  # the import was this task: the thinking is the next one's
            self.clock.after(self.run, 0)
            return
        seq = local.client.seq
        perf = window.performance
        began = float(perf.now())
        longest_step = 0.0
        out: list[Any] = []
        try:
            while True:
                t0 = float(perf.now())
                out += driver.step(now_ms())
                spent = float(perf.now()) - t0
                longest_step = max(longest_step, spent)
                if not driver.busy or float(perf.now()) - began + longest_step > SLICE_MS:
                    break
        except Exception as exc:  # our bug (a brain that cannot be loaded): said, and the
            # clock plays for the bots as for a person who does not act; the room goes on
            self.say_failures([*driver.failures, ("driver", repr(exc)[:300])])
            window.document.body.dataset.botError = repr(exc)[:200]
            self.driver = None  # a fresh one next time
            session.deliver(out)
            return
        self.runs += 1
        ran = float(perf.now()) - began
        if ran > self.longest_ms:  # a run of several steps; and the longest single step
            self.longest_ms = ran  # (one slice of a brain: not the pump's to cut)
            window.document.body.dataset.botStepMs = f"{ran:.1f}"
        if longest_step > self.longest_step_ms:
            self.longest_step_ms = longest_step
            window.document.body.dataset.botSliceMs = f"{longest_step:.1f}"
        window.document.body.dataset.botRuns = str(self.runs)
        self.say_failures(driver.failures)
        self.running = True
        try:
            session.deliver(out)  # sends, saves and redraws like any room output
        finally:
            self.running = False
        # Again soon while a bot thinks or waits, or after a move (it may be the next bot's
        # turn now); else the next room event wakes the pump.
        moved = local.client.seq != seq
        if (driver.busy or moved) and not self.scheduled and not session.ended:
            self.scheduled = True
            self.clock.after(self.run, REST_MS)

    def load_brain(self, local: Any) -> bool:
        """Import the brain of the game being played, once, in a task of its own (a brain
        may bring the evaluator and the odds with it: compiling them is not thinking, and is
        timed apart, in ``body[data-bot-load-ms]``). True if it was loaded now."""
        view = local.client.view
        game = view.get("game") if isinstance(view, Mapping) else None
        game_id = game.get("game") if isinstance(game, Mapping) else None
        if not isinstance(game_id, str) or game_id in self.loaded:
            return False
        self.loaded.add(game_id)
        from games.bots.registry import brain_for

        began = float(window.performance.now())
        try:
            brain_for(game_id)
        except Exception as exc:  # said; the driver meets it again and reports it there
            window.console.warn(f"the bots' brain for {game_id} cannot be loaded: {exc!r}")
        window.document.body.dataset.botLoadMs = f"{float(window.performance.now()) - began:.0f}"
        return True

    def say_failures(self, failures: list[tuple[str, str]]) -> None:
        """A brain that broke is our bug: said in the console (the clock plays for it)."""
        for peer, what in failures[self.failures_said:]:
            window.console.warn(f"bot {peer}: {what}")
        self.failures_said = len(failures)

    def tick_every(self, tick: Callable[[], Any], ms: int) -> None:
        """Run ``tick`` every ``ms`` from the wake clock, until the session ends (the host
        page's own tick: auto-deal and the decision clocks keep their time with the tab in
        the background)."""
        def again() -> None:
            if self.session.ended:
                return
            self.clock.after(again, ms)
            tick()

        self.clock.after(again, ms)

    def close(self) -> None:
        self.clock.close()


class BotControls:
    """The host's bot controls under Seats (see the module)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.rows: list[tuple[str, str, str, bool]] | None = None  # None: never drawn

    def wire(self, handlers: Any) -> None:
        handlers.listen(by_id("bot-add-btn"), "click", self.on_add)
        handlers.listen(by_id("bot-list"), "click", self.on_list_click)

    def on_add(self, _event: Any = None) -> None:
        client = self.session.client
        if client is None or self.session.ended:
            return
        level = str(by_id("bot-level").value)
        self.session.request(client.add_bot(level if level in LEVELS else "casual"))

    def on_list_click(self, event: Any) -> None:
        button = event.target.closest("button")
        client = self.session.client
        if is_none(button) or not button.dataset.bot or client is None:
            return
        self.session.request(client.remove_bot(str(button.dataset.bot)))

    def render(self, view: Mapping[str, Any], is_host: bool) -> None:
        """The bot list and the add button (host only); changes said once, in words."""
        box = by_id("bot-tools")
        box.hidden = not is_host
        if not is_host:
            return
        players = view.get("players")
        count = len(players) if isinstance(players, list) else 0
        add = by_id("bot-add-btn")
        full = count >= MAX_PLAYERS
        if bool(add.disabled) != full:
            add.disabled = full
        rows = bot_rows(view)
        if rows == self.rows:
            return
        before, self.rows = self.rows, rows
        listing = by_id("bot-list")
        had_focus = bool(listing.contains(document.activeElement))
        items = []
        for pid, name, words, leaving in rows:
            item = make("li", cls="bot-row")
            item.dataset.player = pid
            item.appendChild(make("span", name, "bot-name"))
            item.appendChild(make("span", words, "badge badge-bot"))
            if leaving:
                item.appendChild(make("span", "leaves after this hand", "hint bot-leaving"))
            button = make("button", "Remove", "btn btn-quiet btn-small")
            button.type = "button"
            button.dataset.bot = pid
            button.setAttribute("aria-label", f"Remove {name}")
            button.disabled = leaving
            item.appendChild(button)
            items.append(item)
        listing.replaceChildren(*items)
        listing.hidden = not items
        if before is not None:
            news = bot_news(before, rows)
            if news:
                by_id("bot-announce").textContent = news
        if had_focus:  # the button pressed is gone or disabled: the next one, else Add
            nxt = listing.querySelector("button:not([disabled])")
            (add if is_none(nxt) else nxt).focus()

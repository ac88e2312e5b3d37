"""The host's panel at a table game: the clock (decision timer, time bank, auto-deal), pause
and resume, a bomb pot for the next hand, a stack edited between hands (index.html
``#pk-host``); and the change of game, which the host
has at every game's table, Ultimate Omaha's too (``#change-game``).

Only the host sees it; what shows and what it says is :mod:`web.hosttext`'s (pure, tested under
CPython). Every control is a native button, select or text box with a label, so it is reached
with Tab and named for a screen reader; the panel adds no key of its own. A problem in a typed
amount is said at its field (:func:`web.pokertable.say_at_field`); everything else is judged by
the host's game, whose refusal comes back as the page's usual error notice. Removing a player
is the room's seat tools (``#host-tools``, :mod:`web.door`), shown under the table already.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from pyscript import document

from web import hosttext
from web.dom import Handlers, by_id, make
from web.gameform import GAME_CHOICES, TABLE_GAMES
from web.pokertable import say_at_field

Ask = Callable[[Callable[[Any], str]], None]
"""Sends the request a builder makes from the page's ``room.client.GuestClient``."""


class PokerHost:
    """Draws ``#pk-host`` from each view and turns its controls into requests."""

    def __init__(self) -> None:
        self.panel = hosttext.Panel(shown=False)
        self.drawn: hosttext.Panel | None = None  # the panel as last drawn
        self.players_drawn: list[tuple[str, str]] = []  # the stack editor's list as drawn
        self.change = hosttext.Change(shown=False)
        self.change_drawn: hosttext.Change | None = None  # the card as last drawn
        self.clock_drawn: hosttext.Clock | None = None  # the clock controls as last drawn
        self.view: Mapping[str, object] = {}
        self.ask: Ask | None = None
        self.ask_tables: Ask | None = None

    def wire(self, h: Handlers, ask: Ask, ask_tables: Ask | None = None) -> None:
        """``ask_tables`` sends a request that needs the table games' engine on the host's
        page (a change to a table game from a room that began with Ultimate Omaha, which never
        fetched it): it fetches the engine first (default: ``ask``)."""
        self.ask, self.ask_tables = ask, ask_tables or ask
        h.listen(by_id("pk-pause-btn"), "click", self.on_pause)
        h.listen(by_id("pk-bomb-form"), "submit", self.on_bomb)
        h.listen(by_id("pk-bomb-off"), "click", self.on_bomb_off)
        h.listen(by_id("pk-stack-form"), "submit", self.on_stack)
        h.listen(by_id("change-game-form"), "submit", self.on_game)
        h.listen(by_id("pk-timer-select"), "change", self.on_timer)
        h.listen(by_id("pk-bank-select"), "change", self.on_bank)
        h.listen(by_id("pk-auto-deal"), "change", self.on_auto_deal)
        by_id("change-game-select").replaceChildren(*(
            _option(g.game_id, g.name) for g in GAME_CHOICES))

    # --- requests ---------------------------------------------------------------------------

    def send(self, build: Callable[[Any], str], shown: bool | None = None) -> None:
        """Send a request of a control on show (``shown``: its card's; default the panel's)."""
        if self.ask is not None and (self.panel.shown if shown is None else shown):
            self.ask(build)

    def on_pause(self, _event: Any = None) -> None:
        action = "resume" if self.panel.paused else "pause"
        self.send(lambda c: c.table(action))

    def on_bomb(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        box, error = by_id("pk-bomb-ante"), by_id("pk-bomb-error")
        text = str(box.value).strip()
        ante, problem = (
            (None, None) if not text else hosttext.read_chips(text, 1, hosttext.MAX_CHIPS))
        if say_at_field(box, error, problem):
            self.send(lambda c: c.table("bomb_pot", ante))

    def on_bomb_off(self, _event: Any = None) -> None:
        self.send(lambda c: c.table("bomb_pot_off"))
        by_id("pk-bomb-btn").focus()  # the button that had focus hides

    def on_stack(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        box, error = by_id("pk-stack-amount"), by_id("pk-stack-error")
        chips, problem = hosttext.read_chips(str(box.value), 0, hosttext.MAX_CHIPS)
        pid = str(by_id("pk-stack-player").value)
        if say_at_field(box, error, problem) and chips is not None and pid:
            box.value = ""
            self.send(lambda c: c.table("set_stack", chips, pid))

    def on_timer(self, _event: Any = None) -> None:
        seconds = int(str(by_id("pk-timer-select").value))
        self.send(lambda c: c.set_timer(seconds))

    def on_bank(self, _event: Any = None) -> None:
        game_id, body = hosttext.bank_settings(self.view, int(str(by_id("pk-bank-select").value)))
        self.send(lambda c: c.set_game(game_id, body))

    def on_auto_deal(self, _event: Any = None) -> None:
        on = bool(by_id("pk-auto-deal").checked)
        self.send(lambda c: c.set_auto_deal(on))

    def on_game(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        chosen = str(by_id("change-game-select").value)
        settings = self.view.get("settings")
        current = settings.get("game") if isinstance(settings, Mapping) else None
        same = chosen == self.change.game_id
        body = dict(current) if same and isinstance(current, Mapping) else (
            hosttext.change_settings(current if isinstance(current, Mapping) else {}, chosen))
        if self.change.shown and self.ask_tables is not None and chosen in TABLE_GAMES:
            self.ask_tables(lambda c: c.set_game(chosen, body))
            return
        self.send(lambda c: c.set_game(chosen, body), self.change.shown)

    # --- drawing ----------------------------------------------------------------------------

    def render(self, view: Mapping[str, object], is_host: bool) -> None:
        self.view = view
        self.render_change(hosttext.change(view, is_host))
        p = self.panel = hosttext.panel(view, is_host)
        if p.shown:
            self.render_clock(hosttext.clock(view))
        # Drawn again only when it changed. The list names the stacks only when they can be
        # edited (:func:`web.hosttext.stack_choices`), so a bet does not redraw it.
        drawn = p if p.stacks_editable else replace(
            p, players=tuple((pid, name, 0) for pid, name, _ in p.players))
        if drawn == self.drawn:
            return
        self.drawn = drawn
        by_id("pk-host").hidden = not p.shown
        if not p.shown:
            return
        by_id("pk-pause-btn").textContent = p.pause_label
        by_id("pk-host-status").textContent = p.status
        by_id("pk-bomb-form").hidden = not p.bomb_allowed
        by_id("pk-bomb-ante").placeholder = f"{p.bomb_default:,}" if p.bomb_default else ""
        by_id("pk-bomb-hint").textContent = (
            f"Empty: one big blind ({p.bomb_default:,} chips)." if p.bomb_default else "")
        off = by_id("pk-bomb-off")
        off.hidden = p.bomb_called is None
        self.render_players(drawn)
        for el_id in ("pk-stack-player", "pk-stack-amount", "pk-stack-btn"):
            by_id(el_id).disabled = not p.stacks_editable
        by_id("pk-stack-note").textContent = p.stacks_note

    def render_clock(self, c: hosttext.Clock) -> None:
        """The decision timer, time bank and auto-deal as the room holds them (a select the
        host is using is left alone; drawn again only when it changed)."""
        if c == self.clock_drawn:
            return
        self.clock_drawn = c
        for select_id, values, value, off in (
                ("pk-timer-select", c.timers, c.timer_s, "Off"),
                ("pk-bank-select", c.banks, c.bank_s, "None")):
            select = by_id(select_id)
            if document.activeElement == select:
                continue
            select.replaceChildren(
                *(_option(str(v), hosttext.seconds_words(v, off)) for v in values))
            select.value = str(value)
        by_id("pk-auto-deal").checked = c.auto_deal

    def render_change(self, c: hosttext.Change) -> None:
        """The change-of-game card: the game waiting for the next deal, or the one played
        (drawn again only when it changed: a view comes with every action)."""
        self.change = c
        if c == self.change_drawn:
            return
        self.change_drawn = c
        by_id("change-game").hidden = not c.shown
        if not c.shown:
            return
        by_id("change-game-status").textContent = c.status
        select = by_id("change-game-select")
        if document.activeElement != select:
            select.value = c.next_game or c.game_id

    def render_players(self, p: hosttext.Panel) -> None:
        """The stack editor's player list, rebuilt only when it changes (keeps the choice)."""
        select = by_id("pk-stack-player")
        wanted = hosttext.stack_choices(p)
        if wanted == self.players_drawn:
            return
        self.players_drawn = wanted
        keep = select.value
        select.replaceChildren(*(_option(pid, label) for pid, label in wanted))
        if any(pid == keep for pid, _ in wanted):
            select.value = keep


def _option(value: str, label: str) -> Any:
    option = make("option", label)
    option.value = value
    return option

"""The lobby's game card: the host picks the game and its main settings; guests read them.

The fields are drawn once from :data:`web.gameform.FIELDS` and then only filled, shown or
hidden, so focus survives every view. Each field is checked as the host leaves it (the message
is said at the field, which is marked invalid); only a form with no bad field is sent
(``set_game``). What the game itself refuses at Start comes back as the room's error and is put
at its field too (:meth:`LobbyGame.refused`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.catalogue import DEFAULT_GAME
from pyscript import document

from web import gameform, hosttext
from web.dom import Handlers, by_id, make
from web.viewdata import part

Send = Callable[[str, dict[str, Any]], None]
Ask = Callable[[Callable[[Any], str]], None]
"""Sends the request a builder makes from the page's ``room.client.GuestClient``."""


class LobbyGame:
    """Owner of the game card's controls (one per session)."""

    def __init__(self) -> None:
        self.built = False
        self.errors: dict[str, str] = {}
        self.send: Send | None = None
        self.ask: Ask | None = None
        self.game_id = DEFAULT_GAME
        self.clock_touched = False
        """The host chose auto-deal here (or the lobby switched it on for a table game):
        the lobby's default is applied once, never over the host's choice."""
        self.room: Mapping[str, object] = {}

    def build(self) -> None:
        if self.built:
            return
        self.built = True
        select = by_id("game-select")
        select.replaceChildren(*(_option(g.game_id, g.name) for g in gameform.GAME_CHOICES))
        rows = []
        for f in gameform.FIELDS:
            s = f.setting
            row = make("div", cls="game-field")
            row.dataset.field = s.name
            if f.mode:
                row.dataset.mode = f.mode
            label = make("label", f.label)
            label.htmlFor = f"gs-{s.name}"
            row.appendChild(label)
            if s.kind == "choice":
                control = make("select")
                control.replaceChildren(*(_option(c, gameform.CHOICE_WORDS.get(c, c))
                                          for c in s.choices))
            elif s.kind == "bool":  # a yes-or-no option: a box its label ticks
                control = make("input")
                control.type = "checkbox"
                row.classList.add("game-field-box")
            else:
                control = make("input")
                control.type = "text"
                control.setAttribute("inputmode", "numeric")
                control.setAttribute("autocomplete", "off")
                control.placeholder = f"{s.default:,}"
            control.id = f"gs-{s.name}"
            control.name = s.name
            control.setAttribute("aria-describedby", f"gs-{s.name}-error gs-{s.name}-unit")
            box = make("div", cls="row")
            box.appendChild(control)
            unit = make("span", f.unit, "hint unit")
            unit.id = f"gs-{s.name}-unit"
            box.appendChild(unit)
            row.appendChild(box)
            error = make("p", "", "field-error")
            error.id = f"gs-{s.name}-error"
            error.hidden = True
            row.appendChild(error)
            rows.append(row)
        by_id("game-form").replaceChildren(*rows)
        self.fill({})

    def wire(self, h: Handlers, send: Send, ask: Ask | None = None) -> None:
        self.build()
        self.send = send
        self.ask = ask
        h.listen(by_id("game-select"), "change", lambda *_: self.changed())
        h.listen(by_id("gs-timer"), "change", lambda *_: self.on_timer())
        h.listen(by_id("gs-auto-deal"), "change", lambda *_: self.on_auto_deal())
        h.listen(by_id("game-form"), "change", lambda *_: self.changed())
        h.listen(by_id("game-form"), "submit", self.on_submit)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.changed()

    def raw(self) -> dict[str, str]:
        return {f.setting.name: _text(f, by_id(f"gs-{f.setting.name}")) for f in gameform.FIELDS}

    def check(self) -> tuple[str, dict[str, Any]] | None:
        """The choice as the form holds it, or None (and the messages shown) if a field is
        bad; the first bad field gets the focus."""
        game_id = str(by_id("game-select").value)
        settings, errors = gameform.parse_form(game_id, self.raw())
        self.errors = errors
        for f in gameform.FIELDS:
            self.say(f.setting.name, errors.get(f.setting.name, ""))
        if errors:
            by_id(f"gs-{next(iter(errors))}").focus()
            return None
        return game_id, settings

    def changed(self) -> None:
        self.show_fields(str(by_id("game-select").value), str(by_id("gs-mode").value))
        got = self.check()
        if got is not None and self.send is not None:
            self.send(*got)
            if got[0] in gameform.TABLE_GAMES and not self.clock_touched:
                self.clock_touched = True  # the lobby's default for a table game, once
                if self.room.get("auto_deal") is not gameform.LOBBY_AUTO_DEAL and self.ask:
                    self.ask(lambda c: c.set_auto_deal(gameform.LOBBY_AUTO_DEAL))

    def on_timer(self) -> None:
        seconds = int(str(by_id("gs-timer").value))
        if self.ask is not None:
            self.ask(lambda c: c.set_timer(seconds))

    def on_auto_deal(self) -> None:
        self.clock_touched = True
        on = bool(by_id("gs-auto-deal").checked)
        if self.ask is not None:
            self.ask(lambda c: c.set_auto_deal(on))

    def render_clock(self, room: Mapping[str, object]) -> None:
        """The room's decision timer and auto-deal in the lobby's controls."""
        c = hosttext.clock({"settings": room})
        select = by_id("gs-timer")
        if document.activeElement != select:
            select.replaceChildren(*(_option(str(v), hosttext.seconds_words(v)) for v in c.timers))
            select.value = str(c.timer_s)
        by_id("gs-auto-deal").checked = c.auto_deal

    def say(self, name: str, text: str) -> None:
        error = by_id(f"gs-{name}-error")
        control = by_id(f"gs-{name}")
        error.textContent = text
        error.hidden = not text
        if text:
            control.setAttribute("aria-invalid", "true")
        else:
            control.removeAttribute("aria-invalid")

    def refused(self, code: Any, detail: Any) -> bool:
        """The room refused the settings at Start: say it at the field (True if one fits)."""
        name = gameform.field_of(code, detail)
        if name is None:
            return False
        self.errors[name] = str(detail)
        self.say(name, f"{gameform.BY_NAME[name].label}: {detail}")
        by_id("game-pick").hidden = False
        by_id(f"gs-{name}").focus()
        return True

    def fill(self, settings: Mapping[str, object]) -> None:
        """Put the room's settings in the fields (not one being typed in, nor one whose
        message still stands)."""
        active = document.activeElement
        for f in gameform.FIELDS:
            s = f.setting
            control = by_id(f"gs-{s.name}")
            if control == active or s.name in self.errors:
                continue
            value = settings.get(s.name)
            if s.kind == "choice":
                control.value = str(value if value is not None else s.default)
            elif s.kind == "bool":
                control.checked = bool(value if value is not None else s.default)
            else:
                control.value = "" if value is None else f"{value}"

    def show_fields(self, game_id: str, mode: str) -> None:
        shown = {f.setting.name for f in gameform.shown_fields(game_id, mode, self.raw())}
        for f in gameform.FIELDS:
            if f.setting.kind == "int":
                by_id(f"gs-{f.setting.name}").placeholder = gameform.placeholder(f.setting.name,
                                                                           game_id)
            row = document.querySelector(f".game-field[data-field='{f.setting.name}']")
            if row is not None:
                row.hidden = f.setting.name not in shown
        by_id("game-form").hidden = not shown

    def render(self, view: Mapping[str, object], is_host: bool) -> None:
        self.build()
        settings = part(view, "settings")
        game_id = str(settings.get("game_id") or DEFAULT_GAME)
        chosen = part(settings, "game")
        self.game_id = game_id
        self.room = settings
        if is_host:
            self.render_clock(settings)
        choice = gameform.game_choice(game_id)
        by_id("game-pick").hidden = not is_host
        by_id("game-line").textContent = choice.line if is_host else ""
        select = by_id("game-select")
        if is_host and document.activeElement != select:
            select.value = game_id
        if is_host:
            self.fill(chosen)
            mode = str(by_id("gs-mode").value)
            self.show_fields(str(select.value), mode)
        lines = [] if is_host else [*gameform.summary(game_id, chosen),
                                    gameform.clock_line(settings, game_id)]
        by_id("game-summary").replaceChildren(*(make("li", t) for t in lines))
        by_id("game-summary").hidden = not lines
        by_id("bet-card").hidden = game_id in gameform.TABLE_GAMES


def _option(value: str, text: str) -> Any:
    option = make("option", text)
    option.value = value
    return option


def _text(field: gameform.Field, control: Any) -> str:
    """A field's text as :func:`web.gameform.parse_form` reads it (a box: ticked or not)."""
    if field.setting.kind == "bool":
        return gameform.TRUE if control.checked else gameform.FALSE
    return str(control.value)

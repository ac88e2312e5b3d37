"""The poker table (Hold'em, the Omaha games, the bomb pot, draw): game view → DOM, in the
one table section every game shares (index.html ``#screen-table``, its "poker" parts).

Decides nothing: every bound is the view's ``legal`` (see :mod:`web.pokertext`). The action
controls live in index.html and are only shown, hidden, enabled or re-labelled here, so keyboard
focus survives every redraw; the seats, boards, pots and log hold no focusable control and are
rebuilt from each view. Text from the wire goes in with ``textContent`` only.

The turn countdown (``turn.deadline_ms``, milliseconds left when the host built the view) is
anchored to the moment the view arrived and counted down by :meth:`PokerTable.tick`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window
from pyscript.ffi import to_js

from web import (
    choicetext,
    gametext,
    hosttext,
    picktext,
    pokerread,
    pokerresults,
    pokertext,
    preaction,
    seating,
    shell,
)
from web.cards import card_el, cards_el
from web.choicepicker import ChoicePicker
from web.dom import Elements, Handlers, make
from web.pokerside import PokerSide
from web.timewarn import TimeWarnings
from web.viewdata import array, mapping, number, part, records, string

Act = Callable[[str, "int | None", "tuple[str, ...]"], None]
TableAsk = Callable[[str, "int | None"], None]
"""Sends a table request that is not a turn (buy_in with chips, sit_out, sit_in, post)."""
PRESET_KEYS = ("min", "half", "threeq", "pot", "max")
ACTION_IDS = ("pk-fold", "pk-call", "pk-raise", "pk-allin", "pk-draw")
NARROW = "(max-width: 39.99rem)"
"""A phone (static/css/app.css): your turn's controls sit in a bar fixed to the bottom."""
TURN_CONTROLS = ("#pk-fold, #pk-call, #pk-allin, #pk-raise-form, #pk-draw-row, #pk-hole, "
                 "#pk-next-btn")
"""The controls that go when the turn does: focus on one of them moves to the note. Focus
anywhere else (the host's panel, a buy-in amount being typed) stays where it is."""


def say_at_field(box: Any, error: Any, problem: str | None) -> bool:
    """Show ``problem`` beside its field (marked invalid for assistive technology, focus kept
    there), or clear it; True when there is none and the request may go."""
    if problem:
        error.textContent = problem
        error.hidden = False
        box.setAttribute("aria-invalid", "true")
        box.focus()
        return False
    error.hidden = True
    box.removeAttribute("aria-invalid")
    return True


class PokerTable:
    """Draws the poker screen and turns its controls into requests (through ``act``)."""

    def __init__(self) -> None:
        self.game: Mapping[str, object] = {}
        self.controls = pokertext.Controls()
        self.discards = pokertext.Discards()
        self.deadline_at: float | None = None
        self.act: Act | None = None
        self.table: TableAsk | None = None
        self.cash: pokertext.Cash | None = None
        self.side = PokerSide()
        self.picker = ChoicePicker()  # the home-game card: the button's pick, the straddle
        self.view_at: float = 0.0
        self.pre: preaction.Armed | None = None
        self.pre_offer: preaction.Offer | None = None
        self.pre_seq: Any = None  # the decision (view seq) a pre-action last fired at
        self.raise_from: Any = None  # what had the focus when R put it in the amount box
        self.turn_seen: Any = None  # the decision (view seq) the board was shown for
        self.asked_seen: Any = None  # the hand whose question to me was brought into view
        self.forget()

    def forget(self) -> None:
        """Forget what this table last drew, so that the next view draws it all afresh.

        The header, the live regions, the felt's boards and the seat list are the one table
        section's (index.html ``#screen-table``), which Ultimate Omaha's table writes too when
        the room changes game between hands: what is remembered of them would then be stale
        (a header text not rewritten, seats swapped into a list that no longer holds them).
        Called by :func:`web.render.render_view` when the section last showed the other game.
        """
        self.el = Elements()  # the texts last written (an element is looked up once again)
        self.phase_shown: Any = None  # the phase last marked on the page
        self.before: Mapping[str, object] | None = None  # the view last announced from
        self.drawn_seats = shell.DrawnSeats()
        self.log_drawn: list[tuple[str, str]] = []  # (text, class) of the log's lines
        self.boards_drawn: Any = None  # the boards last drawn (the results mark theirs)
        self.hole_drawn: Any = None  # my cards as last drawn (likewise)
        self.pots_drawn: list[tuple[str, str, int]] = []  # the pots' lines as last drawn
        self.announcer = pokerread.Announcer()
        self.warnings = TimeWarnings()  # the low-time warnings said (shared with Ultimate Omaha)
        self.flown: Any = None  # the hand whose chips last flew to its winners
        self.choices_drawn: Any = None  # the choices last drawn (web.choicetext)

    # --- wiring -----------------------------------------------------------------------------

    def wire(self, h: Handlers, act: Act, table: TableAsk) -> None:
        self.act = act
        self.table = table
        self.picker.wire(h, table)
        h.listen(self.el("pk-buyin-form"), "submit", self.on_buy_in)
        h.listen(self.el("pk-post-btn"), "click", lambda *_: self.ask_table("post"))
        h.listen(self.el("pk-sit-btn"), "click", lambda *_: self.ask_table(
            "sit_in" if self.cash is not None and self.cash.sitting_out else "sit_out"))
        h.listen(self.el("pk-fold"), "click", lambda *_: self.send("fold"))
        h.listen(self.el("pk-call"), "click", lambda *_: self.send(
            "check" if self.controls.check else "call"))
        h.listen(self.el("pk-raise-form"), "submit", self.on_raise)
        h.listen(self.el("pk-raise-form"), "keydown", self.on_raise_key)
        h.listen(self.el("pk-allin"), "click", lambda *_: self.send("allin"))
        h.listen(self.el("pk-draw"), "click", lambda *_: self.on_draw())
        h.listen(self.el("pk-slider"), "input", self.on_slider)
        for key in PRESET_KEYS:
            h.listen(self.el(f"pk-p-{key}"), "click",
                     lambda *_, k=key: self.on_preset(k))
        h.listen(self.el("pk-hole"), "click", self.on_card)
        for kind in preaction.KINDS:
            h.listen(self.el(f"pk-pre-{kind}"), "click", lambda *_, k=kind: self.on_pre(k))
        h.listen(self.el("pk-choices-buttons"), "click", self.on_choice)

    def on_choice(self, event: Any) -> None:
        """A choice outside a turn (run it twice, the rabbit, showing, mucking): the one the
        view offers, sent as a table request."""
        button = event.target.closest("button") if event.target is not None else None
        if button is None:
            return
        choice = button.getAttribute("data-choice")
        if not choice:
            return
        amount = button.getAttribute("data-amount")  # absent: None (dataset would raise)
        button.disabled = True  # one request per offer: the next view draws them afresh
        self.ask_table(str(choice), int(amount) if amount else None)

    def send(self, action: str, amount: int | None = None, cards: tuple[str, ...] = ()) -> None:
        if self.act is None:
            return
        allowed = {"fold": self.controls.fold, "check": self.controls.check,
                   "call": self.controls.call is not None,
                   "allin": self.controls.all_in_to is not None,
                   "bet": self.controls.raise_verb == "bet",
                   "raise": self.controls.raise_verb == "raise",
                   "draw": self.controls.draw_max is not None}
        if not allowed.get(action):
            return  # never a request the view does not allow (a stale key press)
        for button_id in ACTION_IDS:  # one decision per view: the next view re-enables
            self.el(button_id).disabled = True
        self.el("pk-actions").dataset.mine = "sent"  # still drawn, no longer live: the host has it
        self.act(action, amount, cards)

    def on_pre(self, kind: str) -> None:
        """A pre-action button: arm it (or disarm it); nothing is sent before the turn."""
        if self.pre_offer is None:
            return
        self.pre = preaction.choose(self.pre, kind, self.pre_offer)
        self.render_pre()

    def fire_pre(self, seq: Any, action: str) -> None:
        """Sends an armed pre-action's request, unless the view moved on meanwhile; through
        :meth:`send`, as a click, so it is checked against the view's ``legal`` too."""
        if self.game.get("seq") == seq:
            self.send(action)

    def ask_table(self, action: str, amount: int | None = None) -> None:
        if self.table is not None:
            self.table(action, amount)

    def on_buy_in(self, event: Any = None) -> None:
        """Buy in (or add chips) with the amount typed, checked at the field against the
        host's range first: a refusal is said beside the box, and nothing is sent."""
        if event is not None:
            event.preventDefault()
        cash = self.cash
        if cash is None:
            return
        box = self.el("pk-buyin-amount")
        chips, problem = cash.check(str(box.value))
        if say_at_field(box, self.el("pk-buyin-error"), problem) and chips is not None:
            self.ask_table("buy_in", chips)

    def on_raise(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        c = self.controls
        if c.raise_verb is None:
            return
        if c.fixed:
            self.send(c.raise_verb, c.min_to)
            return
        box = self.el("pk-amount")
        amount, why = pokertext.check_amount(str(box.value), c)
        if say_at_field(box, self.el("pk-amount-error"), why if amount is None else None):
            self.send(c.raise_verb, amount)
        else:  # said at once, not only shown: else Enter seems to do nothing
            self.el("alert").textContent = self.announcer.assertive.put(why)

    def on_raise_key(self, event: Any) -> None:
        """Escape in the amount box (or on a size button) goes back to the table: the box
        reset to the smallest raise, its error cleared, the focus where it was before R (the
        table's keys work again: C and F no longer type into the box)."""
        if str(event.key) != "Escape":
            return
        event.preventDefault()
        event.stopPropagation()
        box = self.el("pk-amount")
        c = self.controls
        if c.raise_verb is not None and not c.fixed:
            box.value = str(c.min_to)
            self.el("pk-slider").value = str(c.min_to)
        self.el("pk-amount-error").hidden = True
        box.removeAttribute("aria-invalid")
        back = self.raise_from
        self.raise_from = None
        if back is None or not back.isConnected or back.closest("[hidden]") is not None \
                or back == box or back == document.body:
            back = self.el("pk-note")
        back.focus()
        self.say("Back to the table: no raise made.")

    def on_slider(self, _event: Any = None) -> None:
        self.el("pk-amount").value = str(self.el("pk-slider").value)
        self.el("pk-amount-error").hidden = True

    def on_preset(self, key: str) -> None:
        for p in self.controls.presets:
            if p.key == key:
                self.el("pk-amount").value = str(p.to)
                self.el("pk-slider").value = str(p.to)
                self.el("pk-amount-error").hidden = True

    def on_card(self, event: Any) -> None:
        target = event.target.closest("[data-toggle]") if event.target else None
        if target is None or self.controls.draw_max is None:
            return
        self.toggle(str(target.dataset.toggle))

    def toggle(self, card: str) -> None:
        self.discards.toggle(card)
        self.render_hole(self.game)
        self.render_draw()

    def toggle_nth(self, n: int) -> bool:
        """Keys 1–5 in the draw: mark card ``n`` (1-based) to discard, and say so; a key past
        the hand says what the keys do while drawing."""
        hole = array(part(self.game, "you"), "hole")
        draw_max = self.controls.draw_max
        if draw_max is None:
            return False
        if not 1 <= n <= len(hole):  # 6 to 9 and 0: said, not silent
            self.say(pokerread.draw_key_words(len(hole)))
            return True
        card = str(hole[n - 1])
        self.toggle(card)
        self.say(pokerread.mark_words(card, self.discards.for_seq(self.game.get("seq")), draw_max))
        return True

    def say(self, text: str) -> None:
        """A key's answer, in its own polite live region (read again if asked again)."""
        self.el("readout").textContent = self.announcer.read(pokertext.speakable(text))

    def on_draw(self) -> None:
        c = self.controls
        if c.draw_max is None:
            return
        hole = [str(x) for x in array(part(self.game, "you"), "hole")]
        cards = self.discards.for_seq(self.game.get("seq"))
        if pokertext.draw_problem(hole, cards, c.draw_max, c.draw_keeps):
            return
        self.send("draw", None, tuple(cards))

    def key(self, key: str, shift: bool, now: float | None = None) -> bool:
        """A table key: the actions (C, F, R, Shift+A, 1–5 marking cards while drawing) and
        the reading keys (:func:`web.pokerread.read`); True if it did something."""
        c = self.controls
        lower = key.lower()
        if lower == "a" and shift and c.all_in_to is not None and c.all_in_label:
            self.send("allin")
        elif lower == "a" and shift and c.all_in_to is not None:
            self.say(pokerread.all_in_key(self.game))
        elif lower == "c" and not shift and (c.check or c.call is not None):
            self.send("check" if c.check else "call")
        elif lower == "f" and not shift and c.fold:
            self.send("fold")
        elif lower == "r" and not shift and c.raise_verb is not None:
            if c.fixed:
                self.send(c.raise_verb, c.min_to)
            else:
                box = self.el("pk-amount")
                if document.activeElement != box:
                    self.raise_from = document.activeElement  # Escape gives it back
                box.focus()
                box.select()
        elif key.isdigit() and c.draw_max is not None and not shift:
            return self.toggle_nth(int(key))
        else:
            elapsed = 0 if now is None else max(0, int(now - self.view_at))
            text = pokerread.read(key, shift, self.game, elapsed) if self.game else None
            if text is None:
                return False
            self.say(text)
        return True

    # --- the whole screen -------------------------------------------------------------------

    def render(self, view: Mapping[str, object], is_host: bool, now: float) -> None:
        game = part(view, "game")
        self.game = game
        self.view_at = now
        self.controls = pokertext.controls(game)
        self.el.text("game-name", pokertext.game_title(game))
        self.el.text("hand-no", gametext.hand_number(game))
        self.el.hide("hand-part", not gametext.hand_number(game))
        phase = game.get("phase")
        self.el.text("phase-label", pokertext.phase_label(game))
        self.el.text("game-stakes", pokertext.stakes_line(game))
        if phase != self.phase_shown:  # on the page's body: every style rule may read it
            self.phase_shown = phase
            self.el("phase-label").dataset.phase = str(phase)
            document.body.dataset.pokerPhase = str(phase)

        self.render_seats(game, view.get("you"), view.get("host"))
        self.render_middle(game)
        self.render_hole(game)
        self.render_controls(game, is_host)
        self.pre = preaction.keep(self.pre, game)
        self.pre_offer = preaction.offer(game)
        self.render_pre()
        self.render_choices(game)
        self.render_cash(game, view.get("you"))
        self.picker.render(game, view.get("you"), now)
        self.render_log(game)
        self.render_results(game)

        turn = part(game, "turn")
        left = turn.get("deadline_ms")
        self.deadline_at = now + left if type(left) is int else None

        lines = pokertext.news(self.before, game, view.get("you"))
        lines += choicetext.news(self.before, game)
        lines += picktext.pick_news(self.before, game, view.get("you"))
        lines += self.side.render(view, is_host, now)
        self.before = game
        polite, alert = self.announcer.news(lines, game)
        if polite is not None:
            self.el("announce").textContent = polite
        if alert is not None:
            self.el("alert").textContent = alert
        self.tick(now)  # after the news: a time warning is not overwritten by them
        if self.controls.any and self.pre is not None and game.get("seq") != self.pre_seq:
            # The turn came with a choice made: one request per decision (Fold to any bet
            # stays armed, but a second view of the same turn must not send it again).
            self.pre_seq = game.get("seq")
            armed = self.pre
            action = preaction.fire(armed, self.controls)
            self.pre = preaction.after_fire(armed) if action else None
            if action:  # after this redraw, not inside it
                seq = game.get("seq")
                window.setTimeout(create_once_callable(
                    lambda: self.fire_pre(seq, action)), 0)

    def tick(self, now: float) -> None:
        self.side.tick(now)
        self.picker.tick(now)
        turn = part(self.game, "turn")
        self.warn(turn, now)
        if self.deadline_at is None or not turn:
            self.el.hide("pk-clock", True)
            return
        self.el.hide("pk-clock", False)
        who = "Your" if self.controls.any else f"{turn_name(self.game)}'s"
        left = gametext.seconds_left(self.deadline_at - now)
        self.el.text("pk-clock", f"{who} turn: {left} left")
        for el in document.querySelectorAll(".pk-seat[data-turn='yes'] .pk-timer"):
            el.textContent = gametext.seconds_left(self.deadline_at - now)

    def warn(self, turn: Mapping[str, object], now: float) -> None:
        """The low-time warning (:mod:`web.timewarn`, the one rule of every game): "10
        seconds left" politely, "5 seconds left" assertively, once per decision."""
        c = self.controls
        then = ("then you check automatically" if c.check else
                "then you stand pat automatically" if c.draw_max is not None else
                "then you fold automatically")
        key = (self.game.get("hand_no"), self.game.get("seq"))
        left = self.deadline_at - now if self.deadline_at is not None and turn else None
        warning = self.warnings.due(key, left, c.any, then)
        if warning is not None:
            self.el("alert" if warning.assertive else "announce").textContent = warning.text
        elif self.warnings.cleared():
            self.el("alert").textContent = ""

    # --- parts ------------------------------------------------------------------------------

    def render_seats(self, game: Mapping[str, object], you: Any, host: Any) -> None:
        """The seats on the oval felt (the shared seat of :mod:`web.shell`)."""
        seats = [s for s in records(game, "seats") if type(s.get("seat")) is int]
        mine = part(game, "you").get("seat")
        spots = seating.seat_spots([s.get("seat") for s in seats], mine)
        # Keyed by whatever the view's seat holds: a seat that is not an int finds no mark.
        marks: dict[Any, str] = pokertext.blind_marks(game)
        turn = part(game, "turn").get("seat")
        button = game.get("button")
        playing = game.get("phase") != "results"
        shell.render_seats("seats", [
            (s.get("seat"), seating.poker_face(s, you, host, s.get("seat") == button,
                                               marks.get(s.get("seat")),
                                               s.get("seat") == turn and playing))
            for s in seats], spots, drawn=self.drawn_seats,
            # The results mark the seats' winning cards and add a chip to them: those seats
            # are drawn afresh from each results view.
            epoch=(game.get("hand_no"), game.get("phase"),
                   None if playing else game.get("seq")))

    def render_middle(self, game: Mapping[str, object]) -> None:
        boards = [b for b in array(game, "boards") if isinstance(b, list)]
        key = (boards, game.get("seq") if game.get("phase") == "results" else None)
        if key != self.boards_drawn:  # most actions deal no card: keep the boards drawn
            self.boards_drawn = key
            second = choicetext.extra_boards(game)
            self.draw_boards(boards, choicetext.rabbit_boards(game), run_one=bool(second))
            self.draw_extra_boards(second)
        items = pokertext.pot_lines(game)
        if items != self.pots_drawn:
            self.pots_drawn = items
            spans = []
            for text, cls, collected in items:  # the chips collected, for the tests' count
                span = make("span", text, cls)
                span.dataset.chips = str(collected)
                spans.append(span)
            self.el("pk-pots").replaceChildren(*spans)

    def draw_boards(self, boards: list[list[Any]], rabbits: list[list[str]],
                    run_one: bool = False) -> None:
        """Each board in a row (named "Run 1" when a second runout follows); the rabbit's
        cards, when asked for, in the board's empty places (``data-rabbit``: drawn apart,
        named as the rabbit for a screen reader), so that the felt's middle grows no row
        and covers no seat."""
        rows = []
        for n, cards in enumerate(boards, 1):
            row = make("div", cls="pk-board")
            row.dataset.board = str(n)
            label = "Board" if len(boards) == 1 else f"Board {n}"
            if run_one:
                label = "Run 1" if len(boards) == 1 else f"Run 1, board {n}"
                row.appendChild(make("span", label, "pk-board-no"))
            elif len(boards) > 1:
                row.appendChild(make("span", f"B{n}", "pk-board-no"))
            rabbit = iter(rabbits[n - 1] if n <= len(rabbits) else [])
            faces = [c if gametext.card_of(c) is not None else next(rabbit, c) for c in cards]
            hunted = [k for k, c in enumerate(faces) if c != cards[k]]
            if hunted:
                row.dataset.rabbit = "yes"
                row.appendChild(make("span", "Rabbit", "pk-board-no pk-rabbit-tag"))
                label += ", with the rabbit's cards"
            box = cards_el([], "", frozenset(), label)
            for k, face in enumerate(faces):
                el = card_el(face)
                if k in hunted:
                    el.dataset.rabbit = "yes"
                    el.setAttribute("aria-label", f"{gametext.card_name(face)}, the rabbit")
                box.appendChild(el)
            row.appendChild(box)
            rows.append(row)
        self.el("boards").replaceChildren(*rows)

    def draw_extra_boards(self, rows: list[tuple[str, list[str]]]) -> None:
        """The results' second runout, each board a row under the boards, named
        (``data-run2``: its number, where its winning cards are marked)."""
        box = self.el("boards")
        for n, (label, cards) in enumerate(rows, 1):
            row = make("div", cls="pk-board pk-board-extra")
            row.dataset.extra = label
            row.dataset.run2 = str(n)
            row.appendChild(make("span", label, "pk-board-no"))
            row.appendChild(cards_el(cards, "", frozenset(), label))
            box.appendChild(row)

    def render_hole(self, game: Mapping[str, object]) -> None:
        me = part(game, "you")
        hole = [str(c) for c in array(me, "hole")]
        drawing = self.controls.draw_max is not None
        marked = self.discards.for_seq(game.get("seq")) if drawing else []
        key = (hole, drawing, tuple(marked), me.get("in_hand"),
               pokertext.no_cards_words(game) if not hole else None,
               game.get("seq") if game.get("phase") == "results" else None)
        if key == self.hole_drawn:  # most actions leave my cards as they are
            return
        self.hole_drawn = key  # (the results mark their winning cards: drawn afresh there)
        box = self.el("pk-hole")
        if not hole:
            box.replaceChildren(make("p", pokertext.no_cards_words(game), "hint"))
            return
        items = []
        for card in hole:
            if drawing:
                b = make("button", cls="pk-card-toggle")
                b.type = "button"
                b.dataset.toggle = card
                b.setAttribute("aria-pressed", "true" if card in marked else "false")
                b.setAttribute("aria-label", f"Discard the {gametext.card_name(card)}")
                b.appendChild(card_el(card, "big"))
                items.append(b)
            else:
                items.append(card_el(card, "big"))
        box.replaceChildren(*items)
        box.dataset.folded = "yes" if not me.get("in_hand") else "no"

    def render_controls(self, game: Mapping[str, object], is_host: bool) -> None:
        c = self.controls
        fold, call, allin = self.el("pk-fold"), self.el("pk-call"), self.el("pk-allin")
        active = document.activeElement
        mine = c.any
        if not mine and active is not None and active.closest(TURN_CONTROLS) is not None:
            self.el("pk-note").focus()  # the focused control is going: keep the place
        fold.hidden = not c.fold
        fold.disabled = not c.fold
        call.hidden = not (c.check or c.call is not None)
        call.disabled = call.hidden
        self.el.text("pk-call-label", "Check" if c.check else c.call_label)
        allin.hidden = not c.all_in_label
        allin.disabled = allin.hidden
        self.el.text("pk-allin-label", c.all_in_label or "All in")
        form = self.el("pk-raise-form")
        form.hidden = c.raise_verb is None
        raise_btn = self.el("pk-raise")
        raise_btn.disabled = c.raise_verb is None
        self.el.text("pk-raise-label", c.raise_label or "Raise to")
        sizing = self.el("pk-sizing")
        sizing.hidden = c.raise_verb is None or c.fixed
        box, slider = self.el("pk-amount"), self.el("pk-slider")
        if c.raise_verb is not None and not c.fixed:
            label = "Bet" if c.raise_verb == "bet" else "Raise to"
            self.el.text("pk-amount-label", (
                f"{label} ({pokertext.chips(c.min_to)} to {pokertext.chips(c.max_to)})"))
            for el in (box, slider):
                el.min = str(c.min_to)
                el.max = str(c.max_to)
            fresh = self.before is None or self.before.get("seq") != game.get("seq")
            if fresh or document.activeElement != box:
                current = str(box.value).strip()
                if fresh or not current.isdigit() or not c.min_to <= int(current) <= c.max_to:
                    box.value = str(c.min_to)
                    slider.value = str(c.min_to)
            for key in PRESET_KEYS:
                btn = self.el(f"pk-p-{key}")
                preset = next((p for p in c.presets if p.key == key), None)
                btn.hidden = preset is None
                if preset is not None:
                    btn.textContent = preset.label
                    btn.setAttribute("aria-label", f"{preset.label}: {pokertext.chips(preset.to)}")
        if c.raise_verb is None or c.fixed:
            self.el("pk-amount-error").hidden = True
        draw_row = self.el("pk-draw-row")
        draw_row.hidden = c.draw_max is None
        self.render_draw()
        bar = self.el("pk-actions")
        bar.dataset.mine = "yes" if mine else "no"
        if mine and window.matchMedia(NARROW).matches:  # a phone: the bar covers the bottom
            # the page's foot grows by the bar's height, so anything scrolls out from under it
            height = float(bar.getBoundingClientRect().height)
            document.body.style.setProperty("--pk-bar-h", f"{height:.0f}px")
        if mine and game.get("seq") != self.turn_seen:
            self.turn_seen = game.get("seq")
            if window.matchMedia(NARROW).matches:
                self.el("boards").scrollIntoView(to_js({"block": "nearest"}))
        self.el.text("pk-note", self.note(game, is_host))
        nxt = self.el("pk-next-btn")
        between = game.get("phase") in ("results", "waiting")
        over = pokertext.tournament_over(game)
        nxt.hidden = not (is_host and between) or over is not None
        winner = self.el("pk-winner")
        winner.textContent = over or ""
        winner.hidden = over is None
        nxt.disabled = nxt.hidden or game.get("paused") is True  # the note says: Resume

    def render_pre(self) -> None:
        """The pre-action buttons: shown while the viewer waits for their turn in a betting
        round, the armed one pressed, "Call N" saying what is owed now."""
        o = self.pre_offer
        box = self.el("pk-pre")
        active = document.activeElement
        if o is None and not box.hidden and active is not None and str(
                active.id).startswith("pk-pre-"):
            self.el("pk-note").focus()  # the buttons are going: keep the place
        box.hidden = o is None
        if o is None:
            return
        for kind, label in o.choices:
            btn = self.el(f"pk-pre-{kind}")
            btn.textContent = label
            btn.setAttribute("aria-label", preaction.spoken(kind, label))
            btn.setAttribute("aria-pressed", "true" if self.pre is not None
                             and self.pre.kind == kind else "false")

    def render_choices(self, game: Mapping[str, object]) -> None:
        """The choices outside a turn (:mod:`web.choicetext`): the run-it-twice question and
        its answers, the rabbit, showing after an uncontested win, mucking losing hands."""
        offered = choicetext.buttons(game) if game.get("phase") not in (
            "waiting", "dealing") and part(game, "you").get("seated") else []
        key = (tuple(offered), choicetext.question(game), game.get("seq"))
        if key == self.choices_drawn:
            return
        self.choices_drawn = key
        box = self.el("pk-choices")
        box.hidden = not offered
        asked = choicetext.question(game)
        box.dataset.asked = "yes" if asked else "no"
        self.el("pk-choices-q").textContent = asked or "Your choices:"
        items = []
        for c in offered:
            b = make("button", c.label, "btn btn-small")
            b.type = "button"
            b.dataset.choice = c.action
            if c.amount is not None:
                b.dataset.amount = str(c.amount)
            if c.action in ("muck_on", "muck_off"):
                b.classList.add("btn-toggle")
                b.setAttribute("aria-pressed", "true" if c.action == "muck_off" else "false")
                b.textContent = "Muck losing hands"
            items.append(b)
        self.el("pk-choices-buttons").replaceChildren(*items)
        mine = any(c.action == "run_twice" for c in offered)
        if mine and self.asked_seen != game.get("hand_no"):
            # Asked to run it twice, on a clock: the question and its answers come into view
            # wherever the page was scrolled (after the all in, a phone's bar has gone).
            self.asked_seen = game.get("hand_no")
            box.scrollIntoView(to_js({"block": "center"}))

    def render_cash(self, game: Mapping[str, object], you: Any) -> None:
        """The cash card: buy in or add chips between hands, sit out or back, post to play
        at once. Shown only at a cash table, to a seated player, when it can be used."""
        cash = pokertext.cash(game, you)
        before, self.cash = self.cash, cash
        card = self.el("pk-cash")
        card.hidden = cash is None or not cash.offers_anything
        if cash is None:
            return
        form = self.el("pk-buyin-form")
        form.hidden = not cash.can_buy
        if cash.can_buy:
            self.el.text("pk-buyin-label", cash.label)
            self.el.text("pk-buyin-btn", cash.label)
            self.el.text("pk-buyin-hint", cash.hint)
            box = self.el("pk-buyin-amount")
            if before is None or before.stack != cash.stack or not str(box.value).strip():
                box.value = str(cash.suggested) if cash.suggested else ""  # none: the hint
        post = self.el("pk-post-btn")
        post.hidden = not cash.waiting
        sit = self.el("pk-sit-btn")
        sit.hidden = cash.stack == 0
        sit.textContent = "Sit back in" if cash.sitting_out else "Sit out"

    def render_draw(self) -> None:
        c = self.controls
        button = self.el("pk-draw")
        if c.draw_max is None:
            button.disabled = True
            return
        hole = [str(x) for x in array(part(self.game, "you"), "hole")]
        cards = self.discards.for_seq(self.game.get("seq"))
        problem = pokertext.draw_problem(hole, cards, c.draw_max, c.draw_keeps)
        button.disabled = bool(problem)
        button.textContent = pokertext.draw_label(len(cards))
        self.el.text("pk-draw-hint", problem or (
            f"Tap or press 1–{len(hole)} to mark the cards to discard: up to {c.draw_max}."))

    def note(self, game: Mapping[str, object], is_host: bool) -> str:
        phase = game.get("phase")
        me = part(game, "you")
        if phase == "waiting" and game.get("paused") is True:
            return hosttext.next_hand_note(game, is_host)
        if phase == "waiting":
            return "Waiting for the first hand." if not is_host else "Deal when everyone is in."
        if phase == "results" and pokertext.tournament_over(game):
            return "The tournament is over."
        if phase == "results":
            return hosttext.next_hand_note(game, is_host)
        if self.controls.any:
            return pokertext.turn_words(self.controls)
        if not me.get("in_hand"):
            return "You are not in this hand." if me.get("hole") == [] else "You folded."
        turn = part(game, "turn")
        return f"Waiting for {turn_name(game)}." if turn else ""

    def render_log(self, game: Mapping[str, object]) -> None:
        """The hand's log; only the new lines are added when the old ones still lead it (one
        action adds one line: rebuilding two dozen lines from each view was a third of a
        guest's redraw)."""
        names = pokertext.names_by_seat(game)
        lines = [(pokertext.log_line(mapping(e), names, game), "") for e in array(game, "log")]
        lines += [(line, "pk-log-result") for line in pokerresults.log_lines(game)]
        lines = [line for line in lines if line[0]]
        log = self.el("pk-log")
        old = self.log_drawn
        if lines[:len(old)] == old and old:
            for text, cls in lines[len(old):]:
                log.appendChild(make("li", text, cls))
        elif lines != old:
            log.replaceChildren(*[make("li", text, cls) for text, cls in lines])
        else:
            return
        self.log_drawn = lines  # the newest line stays in view by CSS (.pk-logscroll)

    def render_results(self, game: Mapping[str, object]) -> None:
        """The results card (shown hands in showdown order, each board or half with the
        five cards it won with, the payout messages), the winning cards marked on the boards
        and the seats (``data-win``: which board or half), and the chips flying from the
        pot to the winners once per hand (a class; still under prefers-reduced-motion)."""
        box = self.el("pk-results")
        r = pokerresults.results(game)
        if r is None:
            box.hidden = True
            box.replaceChildren()
            return
        parts = [make("h2", "Results")]
        for h in r.hands:
            line = make("div", cls="pk-shown")
            line.dataset.seat = str(h.seat)
            line.appendChild(make("span", h.name, "pk-shown-name"))
            line.appendChild(marked(cards_el(list(h.cards), "mini",
                                             label=f"{h.name}'s cards"), h.marks))
            rows = make("ul", cls="pk-parts")
            for p in h.parts:
                row = make("li", cls="pk-part")
                row.dataset.part = p.token
                if p.label:
                    row.appendChild(make("span", f"{p.label}:", "pk-part-label"))
                row.appendChild(make("span", p.words, "pk-shown-hand"))
                if p.five and not pokerresults.shows_five(h, p):  # a draw's five: the hand
                    row.dataset.won = "yes"
                    row.appendChild(make("span", "wins", "pk-won-tag"))
                elif p.five:
                    row.dataset.won = "yes"
                    row.appendChild(make("span", "wins with", "pk-won-tag"))
                    five = cards_el(list(p.five), "mini", label=pokerresults.five_label(h, p))
                    five.classList.add("pk-five")
                    row.appendChild(five)
                rows.appendChild(row)
            line.appendChild(rows)
            parts.append(line)
        payouts = make("ul", cls="pk-payouts")
        for words in r.payouts:
            payouts.appendChild(make("li", words))
        parts.append(payouts)
        box.replaceChildren(*parts)
        box.hidden = False
        for n, marks in enumerate(r.boards, 1):
            for row in document.querySelectorAll(f"#boards .pk-board[data-board='{n}']"):
                marked(row, marks)
        for n, marks in enumerate(r.run2, 1):  # the second runout's own rows
            for row in document.querySelectorAll(f"#boards .pk-board[data-run2='{n}']"):
                marked(row, marks)
        ids = {number(s, "seat"): string(s, "id") for s in records(game, "seats")}
        by_player = {str(ids.get(h.seat)): h.marks for h in r.hands}
        for el in document.querySelectorAll("#seats .pk-seat"):
            seat_marks = by_player.get(str(el.dataset.player))
            if seat_marks:
                marked(el, seat_marks)
        mine = next((h.marks for h in r.hands
                     if h.seat == part(game, "you").get("seat")), None)
        if mine:
            marked(self.el("pk-hole"), mine)
        self.fly_chips(game, r)

    def fly_chips(self, game: Mapping[str, object], r: pokerresults.Results) -> None:
        """A chip with the amount won on each winner's seat; the first time a hand's
        results are drawn it flies there from the pot (``pk-won-fly``: the offset from the
        seat to the pot in ``--dx``/``--dy``, measured here since the seats sit around the
        felt on a desktop and below it on a phone)."""
        ids = {number(s, "seat"): string(s, "id") for s in records(game, "seats")}
        fresh = self.flown != game.get("hand_no")
        self.flown = game.get("hand_no")
        pot = self.el("pk-pots").getBoundingClientRect()
        px, py = pot.left + pot.width / 2, pot.top + pot.height / 2
        for el in document.querySelectorAll("#seats .pk-seat"):
            seat = next((k for k, v in ids.items() if v == str(el.dataset.player)), None)
            amount = r.won.get(seat, 0) if seat is not None else 0
            if not amount:
                continue
            chip = make("span", f"+{pokertext.chips(amount)}", "pk-won")
            chip.setAttribute("aria-hidden", "true")  # the payouts say it in words
            el.appendChild(chip)
            if fresh:
                box = chip.getBoundingClientRect()
                chip.style.setProperty("--dx", f"{px - (box.left + box.width / 2):.0f}px")
                chip.style.setProperty("--dy", f"{py - (box.top + box.height / 2):.0f}px")
                chip.classList.add("pk-won-fly")


def marked(box: Any, marks: Mapping[str, str]) -> Any:
    """Marks the winning cards inside ``box``: ``data-win`` holds the boards or halves they
    won (styled per half), and their names say so to a screen reader."""
    for el in box.querySelectorAll(".pc[data-card]"):
        tokens = marks.get(str(el.dataset.card))
        if tokens:
            el.dataset.win = tokens
            words = " and ".join(pokerresults.token_words(t) for t in tokens.split())
            el.setAttribute("aria-label", f"{gametext.card_name(str(el.dataset.card))}, {words}")
    return box


def turn_name(game: Mapping[str, object]) -> str:
    seat = part(game, "turn").get("seat")
    return pokertext.names_by_seat(game).get(seat, "?") if type(seat) is int else "?"

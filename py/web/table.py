"""Ultimate Omaha's table: game view → DOM, in the one table section every game shares
(index.html ``#screen-table``, its "ultimate" parts). Decides nothing; every number is the
view's.

The buttons and switches live in index.html and are only enabled, disabled or re-labelled here,
so keyboard focus survives every redraw; boards, seats and the ledger hold no controls and are
rebuilt from each view. Player-typed text is set with ``textContent`` only.

Countdowns (``deadline_ms``, ``auto_deal_ms``) are milliseconds left when the host built the
view; clocks differ between browsers, so they are anchored to the moment the view arrived here
and counted down locally by :meth:`Table.tick`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import catalogue
from pyscript import document

from web import gametext, seating, shell
from web.cards import card_el, cards_el
from web.dom import by_id, make
from web.ledgerview import net_class, render_ledger
from web.replayer import replay_button
from web.timewarn import TimeWarnings
from web.viewdata import array, mapping, part, sequence

RECENT_HANDS = 10
"""How many of the last hands the table lists (the download has them all)."""
GAME_ID = catalogue.FLAGSHIP.game_id
"""The game this table draws: the flagship, Ultimate Omaha (the table games have
:mod:`web.pokertable`)."""
GAME_NAME = catalogue.FLAGSHIP.names.full
"""The header's name of the game, as the lobby offers it (the catalogue's)."""
"""A player who still has to choose hears (assertively) this long before the timer runs out."""


class Table:
    """Draws the table and keeps what the page needs between views (countdowns, what was said)."""

    def __init__(self) -> None:
        self.before: Mapping[str, object] | None = None  # the game view last announced from
        self.warnings = TimeWarnings()  # the low-time warnings said (web.timewarn, shared)
        self.alerting = ""  # the time warning this table put in the alert region, while it holds
        self.can_act = False
        self.deadline_at: float | None = None  # the soonest automatic Check of anyone
        self.own_deadline_at: float | None = None  # ours, while we still have to choose
        self.auto_deal_at: float | None = None
        self.phase: Any = None

    # --- the whole screen -------------------------------------------------------------------

    def forget(self) -> None:
        """Another game drew into the table section's shared header, felt and live regions
        since this table's last view (the room changed game): announce from this view afresh,
        not as news since a hand of long ago. Everything else is redrawn from each view."""
        self.before = None
        self.warnings = TimeWarnings()
        self.alerting = ""

    def render(self, view: Mapping[str, object], is_host: bool, now: float) -> None:
        game = part(view, "game")
        you = view.get("you")
        # The section's header is every game's: the table games write their own name in it.
        by_id("game-name").textContent = GAME_NAME
        if not game:
            by_id("boards").replaceChildren(make("p", "Dealing…", "hint"))
            by_id("seats").replaceChildren()  # none yet (nor the last game's)
            by_id("table-line").textContent = ""
            return
        phase = game.get("phase")
        self.phase = phase
        results = part(game, "results")
        mine = gametext.result_of(game, you) or {}
        by_id("hand-no").textContent = gametext.hand_number(game)
        by_id("hand-part").hidden = not gametext.hand_number(game)
        label = by_id("phase-label")
        label.textContent = gametext.phase_name(phase)
        label.dataset.phase = str(phase)
        document.body.dataset.phase = str(phase)
        base = game.get("base_cents")  # the stakes in the header, where the table games say blinds
        stakes = f"Bet {gametext.money(base)}" if type(base) is int else ""
        by_id("game-stakes").textContent = stakes

        self.render_boards(game, mine)
        self.render_you(game, mine, is_host)
        self.render_host(view, game, is_host)
        self.render_seats(view, game)
        self.render_bank(game, results)
        self.render_ledger(game)

        deadline = game.get("deadline_ms")
        self.deadline_at = now + deadline if type(deadline) is int else None
        own = part(game, "you").get("deadline_ms")
        self.own_deadline_at = now + own if type(own) is int else None
        auto = game.get("auto_deal_ms")
        self.auto_deal_at = now + auto if type(auto) is int else None

        # The line a sighted player reads above the felt: redrawn from each view, so it never
        # outlives the state it describes; the events go to the (screen-reader) live region.
        by_id("table-line").textContent = gametext.state_line(game, you, is_host)
        lines = gametext.news(self.before, game, you, is_host)
        self.before = game
        if lines:
            by_id("announce").textContent = " ".join(lines)
        self.tick(now)  # after the news: a time warning is not overwritten by them

    def tick(self, now: float) -> None:
        """Count the countdowns down (called every half second and on each view)."""
        box = by_id("deadline")
        choosing = self.phase in ("preflop", "flop")
        own = self.own_deadline_at if self.can_act and choosing else None
        shown = own if own is not None else self.deadline_at if choosing else None
        if shown is None:
            box.hidden = True
        else:
            box.hidden = False
            box.textContent = gametext.countdown(own is not None, shown - now)
        key = (mapping(self.before).get("hand_no"), self.phase)
        warning = self.warnings.due(key, None if own is None else own - now, self.can_act,
                                    "then you check automatically", gametext.decision_name(*key))
        if warning is not None:  # the shared rule: 10 s politely, 5 s assertively, once each
            region = by_id("alert" if warning.assertive else "announce")
            region.textContent = warning.text
            if warning.assertive:
                self.alerting = warning.text
        elif self.warnings.cleared() and self.alerting:
            alert = by_id("alert")  # no longer holds: taken back, so the next one is news
            if str(alert.textContent) == self.alerting:  # ours, not another game's alert
                alert.textContent = ""
            self.alerting = ""
        for box_id in ("auto-deal-left", "guest-next"):
            el = by_id(box_id)
            if self.auto_deal_at is None:
                if box_id == "auto-deal-left":
                    el.hidden = True
                continue
            el.hidden = False
            el.textContent = f"Next hand in {gametext.seconds_left(self.auto_deal_at - now)}"

    def render_recent(self, history: Mapping[int, Mapping[str, object]], you: Any) -> None:
        """The last hands this browser saw settle, newest first (kept over reloads)."""
        numbers = sorted((n for n in history if history[n].get("game") == GAME_ID),
                         reverse=True)[:RECENT_HANDS]  # a table game's hands: pokerside
        items = []
        for n in numbers:  # the line, and the button that replays the hand (web.replayer)
            item = make("li")
            item.appendChild(make("span", gametext.recent_line(history[n], you)))
            item.appendChild(replay_button(n))
            items.append(item)
        by_id("recent-hands").replaceChildren(*items)
        by_id("recent-box").hidden = not items

    # --- parts ------------------------------------------------------------------------------

    def render_boards(self, game: Mapping[str, object], mine: Mapping[str, object]) -> None:
        rows = []
        for n in (1, 2):
            key = f"board{n}"
            cards = sequence(game.get(key))
            mine_board = mapping(mine.get(key))
            used = frozenset(c for c in array(mine_board, "cards") if isinstance(c, str))
            row = make("div", cls="board")
            row.dataset.board = str(n)
            head = make("div", cls="board-head")
            head.appendChild(make("span", f"Board {n}", "board-name"))
            if mine_board:
                hand = make("span", f"You: {gametext.board_label(mine_board)}", "board-hand")
                head.appendChild(hand)
            row.appendChild(head)
            row.appendChild(cards_el(cards, "", used, f"Board {n}"))
            rows.append(row)
        by_id("boards").replaceChildren(*rows)

    def render_you(self, game: Mapping[str, object], mine: Mapping[str, object],
                   is_host: bool) -> None:
        you = part(game, "you")
        in_hand = bool(you.get("in_hand"))
        used: set[str] = set()
        for key in ("board1", "board2"):
            used.update(c for c in array(mapping(mine.get(key)), "cards") if isinstance(c, str))
        hole = array(you, "hole")
        if in_hand and not hole:  # dealing: the cards are still being shuffled
            hole = [gametext.HIDDEN] * 4
        if hole:
            by_id("you-hole").replaceChildren(*(card_el(c, "big", c in used) for c in hole))
        else:
            by_id("you-hole").replaceChildren(
                make("p", "You are dealt in at the next hand.", "hint")
            )
        by_id("you-stake").textContent = (
            f"Stake {gametext.money(you.get('stake_cents'))}" if in_hand else ""
        )
        result = by_id("you-result")
        if mine:
            parts = []
            for n in (1, 2):
                board = mapping(mine.get(f"board{n}"))
                line = make("span", f"Board {n}: {gametext.board_label(board)}", "board-line")
                made = gametext.made_with(board, array(mine, "hole"))
                if made:
                    how = make("span", f" — {made}", "made-with")
                    how.setAttribute("aria-label", gametext.made_with(
                        board, array(mine, "hole"), spoken=True))
                    line.appendChild(how)
                parts.append(line)
            parts.append(make("strong", gametext.total_label(mine),
                              "net " + net_class(mine.get("net_cents"))))
            why = gametext.breakdown(game, mine.get("id"))
            if why:
                details = make("details", "", "why")
                details.appendChild(make("summary", "Why this result?"))
                items = make("ul", "", "why-lines")
                for text in why:
                    items.appendChild(make("li", text))
                details.appendChild(items)
                parts.append(details)
            result.replaceChildren(*parts)
            result.hidden = False
        else:
            result.replaceChildren()
            result.hidden = True
        can_act = bool(you.get("can_act"))
        self.can_act = can_act
        choosing = game.get("phase") in ("preflop", "flop")  # dealing, results: no choice at all
        active = document.activeElement
        if not can_act and active is not None and str(active.id) in ("check-btn", "double-btn"):
            # The focused button is about to be disabled (or hidden): keep the keyboard user's
            # place on the line that says what happened, not on the page body.
            by_id("you-note").focus()
        for button_id in ("check-btn", "double-btn"):
            button = by_id(button_id)
            button.disabled = not can_act
            button.hidden = not choosing
        by_id("you-panel").dataset.inHand = "yes" if in_hand else "no"
        phase = game.get("phase")
        note = ""
        if phase == "dealing":
            note = "Shuffling: every player's browser adds to the deck…"
        elif phase == "results":
            note = "" if is_host else "The host deals the next hand."
        elif not in_hand:
            note = "Joining next hand."
        elif you.get("acted"):
            waiting = [str(s.get("name", "?")) for s in array(game, "seats")
                       if isinstance(s, Mapping) and s.get("in_hand") and not s.get("acted")]
            note = f"{gametext.choice_text(you.get('choice'), you.get('auto'))}."
            if waiting:
                note += f" Waiting for {gametext.join_names(waiting)}."
        elif can_act:
            note = "Check keeps your stake; Double doubles it."
        by_id("you-note").textContent = note

    def render_host(self, view: Mapping[str, object], game: Mapping[str, object],
                    is_host: bool) -> None:
        by_id("host-panel").hidden = not is_host
        by_id("keys-host").hidden = not is_host
        settings = part(view, "settings")
        by_id("next-btn").disabled = not (is_host and game.get("phase") == "results")
        auto = by_id("auto-deal")
        auto.checked = bool(settings.get("auto_deal"))
        for select_id, key in (("timer-select", "timer_s"), ("grace-select", "grace_s")):
            select = by_id(select_id)
            value = settings.get(key)
            if type(value) is int and document.activeElement != select:
                _select_value(select, value)
        guest_next = by_id("guest-next")
        guest_next.hidden = is_host or game.get("auto_deal_ms") is None

    def render_seats(self, view: Mapping[str, object], game: Mapping[str, object]) -> None:
        """The players on the oval felt around the boards (the shared seat of
        :mod:`web.shell`), each with its showdown at results."""
        you = view.get("you")
        host = view.get("host")
        phase = game.get("phase")
        results = {
            str(p.get("id")): result_el(p)
            for p in array(part(game, "results"), "players")
            if isinstance(p, Mapping)
        }
        seats = [s for s in array(game, "seats") if isinstance(s, Mapping)]
        spots = seating.seat_spots([s.get("id") for s in seats], you)
        by_id("felt").dataset.phase = str(phase)
        shell.render_seats("seats", [(s.get("id"), seating.ultimate_face(s, you, host, phase))
                                     for s in seats], spots, results)
        queued = [str(n) for n in array(game, "queued")]
        line = by_id("queued-line")
        line.hidden = not queued
        line.textContent = "Joining next hand: " + ", ".join(queued) if queued else ""

    def render_bank(self, game: Mapping[str, object], results: Mapping[str, object]) -> None:
        box = by_id("bank-box")
        bank_net = results.get("bank_net_cents")
        ledger = part(game, "ledger")
        solo = type(bank_net) is int
        box.hidden = not solo
        if solo:
            box.replaceChildren(
                make("h2", "The bank"),
                make("p", f"This hand: {gametext.money(bank_net, signed=True)}", "bank-net"),
                make("p", f"Bank balance: {gametext.money(ledger.get('bank_cents'))}", "hint"),
            )

    def render_ledger(self, game: Mapping[str, object]) -> None:
        render_ledger(part(game, "ledger"))


def result_el(result: Mapping[str, object]) -> Any:
    """A player's showdown: hole cards, each board's hand and five cards, the total."""
    box = make("div", cls="seat-result")
    box.appendChild(cards_el(array(result, "hole"), "mini", label="Hole cards"))
    for n in (1, 2):
        board = mapping(result.get(f"board{n}"))
        line = make("div", cls="seat-board")
        line.dataset.board = str(n)
        line.appendChild(make("span", f"B{n}", "seat-board-no"))
        line.appendChild(make("span", gametext.board_label(board), "hand-name"))
        line.appendChild(cards_el(array(board, "cards"), "mini",
                                  label=f"Board {n} hand"))
        box.appendChild(line)
    total = make("div", gametext.total_label(result),
                 "seat-total " + net_class(result.get("net_cents")))
    total.dataset.net = str(result.get("net_cents"))
    box.appendChild(total)
    return box


def _select_value(select: Any, value: int) -> None:
    """Show ``value`` in a select, adding an option when the host set an unlisted one."""
    text = str(value)
    options = [str(o.value) for o in select.options]
    if text not in options:
        option = make("option", f"{value} s" if value else "Off")
        option.value = text
        select.appendChild(option)
    select.value = text

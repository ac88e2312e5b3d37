"""The poker table's side panel: view → DOM for what sits around the table.

A tournament's level (blinds, ante, when the next level comes and its blinds) and standings
(the winner line above the table is :class:`web.pokertable.PokerTable`'s); a cash table's
ledger with settle-up (drawn by the shared
:mod:`web.ledgerview`, as Ultimate Omaha's) and a "leave with your stack" button; the last
hands' results (from the hand history this page keeps, :meth:`web.session.Session.keep_history`);
the download buttons. The words are :mod:`web.pokersidetext`'s; this module only puts them on
the page. The hand's log is drawn by :class:`web.pokertable.PokerTable` (it sits in this panel).

A minutes level's time left is anchored to the moment the view arrived and counted down by
:meth:`PokerSide.tick`, as the turn clock is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import catalogue

from web import pokersidetext
from web.dom import Elements, make
from web.ledgerview import render_ledger
from web.replayer import replay_button
from web.viewdata import part


class PokerSide:
    """Draws the side panel; remembers the last tournament part (to announce what changed)
    and the minutes clock's anchor."""

    def __init__(self) -> None:
        self.el = Elements()
        self.tournament: Mapping[str, object] | None = None
        self.level_at: float | None = None  # when the level ends, on this page's clock
        self.shown_tournament = False
        self.standings_drawn: list[pokersidetext.Standing] | None = None
        self.exports = {"phh": False, "ohh": False}  # from the history (render_recent)

    def render(self, view: Mapping[str, object], is_host: bool, now: float) -> list[str]:
        """Draw the panel; returns what the live region should say of it (eliminations), to
        be spoken with the table's own news."""
        game = part(view, "game")
        you = view.get("you")
        t = game.get("tournament")
        news: list[str] = []
        if isinstance(t, Mapping):
            news = pokersidetext.tournament_news(
                self.tournament if self.shown_tournament else None, t)
            self.tournament = t
            self.shown_tournament = True
            self.render_tournament(game, t, now)
        else:
            self.tournament = None
            self.level_at = None
            self.el("pk-level-box").hidden = True
        self.render_cash(game, you, isinstance(t, Mapping), is_host)
        entry = catalogue.entry(game.get("game"))
        stars = entry is not None and entry.history is not None  # PokerStars can write it
        self.el("pk-export-stars-btn").hidden = not stars
        self.show_exports()
        self.el("pk-export-csv-btn").hidden = isinstance(t, Mapping)
        return news

    def render_tournament(self, game: Mapping[str, object], t: Mapping[str, object],
                          now: float) -> None:
        left = t.get("left_ms")
        self.level_at = now + left if type(left) is int and not t.get("paused") else None
        box = self.el("pk-level-box")
        box.hidden = False
        self.render_level(now)
        if self.standings_drawn is not None and game.get("phase") not in ("results", "waiting"):
            return  # as the last hand left them: a bet in a running hand moves no one's place
        standings = pokersidetext.standings(game)
        if standings == self.standings_drawn:
            return
        self.standings_drawn = standings
        items = []
        for s in standings:
            item = make("li", s.text, "pk-standing")
            item.dataset.out = "yes" if s.out else "no"
            item.dataset.stack = str(s.stack)
            item.dataset.name = s.name
            items.append(item)
        self.el("pk-standings").replaceChildren(*items)

    def render_level(self, now: float) -> None:
        t = self.tournament
        if t is None:
            return
        left = None if self.level_at is None else self.level_at - now
        lv = pokersidetext.level(t, left)
        self.el.text("pk-level-title", lv.title)
        self.el.text("pk-level-blinds", lv.blinds)
        self.el.text("pk-level-next", lv.upcoming)

    def tick(self, now: float) -> None:
        """Count a minutes level down (every half second)."""
        if self.level_at is not None:
            self.render_level(now)

    def render_cash(self, game: Mapping[str, object], you: Any, tournament: bool,
                    is_host: bool) -> None:
        """The ledger with settle-up and the leave button, at a cash table only (a
        tournament's ledger moves no money). The host has none: their leaving closes the
        room (the "Close room" button says so)."""
        box = self.el("pk-ledger-box")
        ledger = game.get("ledger")
        box.hidden = tournament or not isinstance(ledger, Mapping)
        if box.hidden:
            return
        assert isinstance(ledger, Mapping)
        render_ledger(ledger, "pk-", chips=True)
        seated = pokersidetext.my_stack(game, you) is not None and not is_host
        button = self.el("pk-cashout-btn")
        button.hidden = not seated
        note = self.el("pk-leave-note")
        note.hidden = not seated
        if seated:
            button.textContent = pokersidetext.leave_label(game, you)
            note.textContent = (pokersidetext.leave_warning(game, you, False) or
                                "You have no chips at this table: leaving costs nothing.")

    def render_recent(self, history: Mapping[int, Mapping[str, object]], you: Any) -> None:
        """The last hands this page saw settle, newest first (kept over reloads)."""
        items = []
        for n in pokersidetext.recent_numbers(history):
            item = make("li")  # the line, and the button that replays the hand (web.replayer)
            item.appendChild(make("span", pokersidetext.result_line(history[n], you)))
            item.appendChild(replay_button(n))
            items.append(item)
        self.el("pk-recent").replaceChildren(*items)
        self.el("pk-recent-box").hidden = not items
        self.exports = pokersidetext.export_shown(history.values())
        self.show_exports()

    def show_exports(self) -> None:
        """PHH and OHH: each shown while the history holds a hand the format writes
        (:func:`web.pokersidetext.export_shown`), whatever the table plays now."""
        self.el("pk-export-phh-btn").hidden = not self.exports["phh"]
        self.el("pk-export-ohh-btn").hidden = not self.exports["ohh"]

"""The Stats panel: each player's figures from the hands this browser kept, a chart of one
player's net over time with its table, and for the host the night's leaderboard.

A modal ``<dialog>`` (index.html ``#stats-dialog``), opened by the table's Stats button (every
game), closed by Escape or Close, the focus given back to where it was. Opened or not, it reads
nothing but what it is handed: :meth:`StatsPanel.show` takes the records as an iterable (today
``GuestClient.history``'s values, tomorrow a longer store's) and the game view for the book
and the ledger; ``games.stats`` counts, ``web.statstext`` words. Names are set with
``textContent`` only. While it is open, each new hand redraws it (:meth:`StatsPanel.refresh`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.stats import (
    Book,
    CountedHand,
    PlayerStats,
    Rate,
    Tally,
    leaderboard,
    series_of,
    stats_of,
)

from web import statstext
from web.dom import Handlers, by_id, make
from web.ledgerview import net_class
from web.viewdata import View, part

CHART_W, CHART_H = 300, 100  # the line's box in the SVG (its viewBox keeps a margin round it)


def ordered(history: Mapping[int, Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A client's filed hands in the order played (by hand number)."""
    return [history[n] for n in sorted(history)]


async def kept_records(room: str) -> list[Mapping[str, Any]]:
    """The hands this browser kept of room ``room`` (``web.handstore``), in the order played;
    empty if the store cannot be read (its reason is the history screen's to say)."""
    from web.handstore import HandStore, StoreError

    try:
        return list(await HandStore().records(room))
    except StoreError:
        return []


class StatsPanel:
    """Fills and shows the dialog; remembers what it shows so a choice redraws only that."""

    def __init__(self) -> None:
        self.back: Any = None
        self.tally = Tally()
        self.hands: list[CountedHand] = []
        self.you: str | None = None
        self.book = Book.CHIPS
        self.player: str | None = None
        self.game: View = {}
        self.is_host = False
        self.active = False
        """This panel is the one showing."""

    def wire(self, h: Handlers, opener: str, open_it: Any) -> None:
        """``open_it()`` on a click of the button ``opener``; the dialog's own controls
        answer this panel only while it is the one showing (the menu's panel and a
        session's share the dialog)."""
        h.listen(by_id(opener), "click", lambda *_: open_it())
        h.listen(by_id("stats-close"), "click", lambda *_: self.close())
        h.listen(by_id("stats-dialog"), "close", lambda *_: self.closed())
        h.listen(by_id("stats-player"), "change", lambda *_: self.on_player())
        h.listen(by_id("stats-book"), "change", lambda *_: self.on_book())

    @property
    def is_open(self) -> bool:
        return self.active and bool(by_id("stats-dialog").open)

    def show(self, records: Iterable[Mapping[str, object]], you: str | None,
             game: View, is_host: bool, opener: str = "stats-btn") -> None:
        """Open the panel on ``records`` (in the order played) as player ``you`` sees them,
        the book of the game on the table first; the leaderboard from ``game``'s ledger for
        the host. ``opener``: the button the focus goes back to when it closes."""
        self.hands = self.tally.hands(records)
        self.you = you
        held = statstext.books_held(self.hands)
        self.book = statstext.book_now(game.get("game"), held)
        self.player = None
        self.fill(game, is_host, held)
        dialog = by_id("stats-dialog")
        if not dialog.open:
            self.active = True
            self.back = by_id(opener)
            dialog.showModal()
            by_id("stats-title").focus()

    def refresh(self, records: Iterable[Mapping[str, object]], game: View,
                is_host: bool) -> None:
        """A new hand while the panel is open: count again, keeping the player and book."""
        if not self.is_open:
            return
        self.hands = self.tally.hands(records)
        self.fill(game, is_host, statstext.books_held(self.hands))

    def fill(self, game: View, is_host: bool, held: list[Book]) -> None:
        self.game, self.is_host = game, is_host
        books = by_id("stats-book")
        books.replaceChildren(*[self._option(b.value, statstext.BOOK_WORDS[b], b is self.book)
                                for b in held])
        by_id("stats-book-row").hidden = len(held) < 2
        self._leaders(part(game, "ledger"), is_host)
        stats = stats_of(self.hands, self.book)
        self._everyone(stats)
        ids = [s.id for s in stats]
        if self.player not in ids:
            self.player = self.you if self.you in ids else (ids[0] if ids else None)
        by_id("stats-player").replaceChildren(*[
            self._option(s.id, s.name + (" (you)" if s.id == self.you else ""),
                         s.id == self.player) for s in stats])
        self._one(next((s for s in stats if s.id == self.player), None))

    def close(self) -> None:
        if self.active:
            by_id("stats-dialog").close()

    def on_player(self) -> None:
        if not self.active:
            return
        self.player = str(by_id("stats-player").value)
        stats = stats_of(self.hands, self.book)
        self._one(next((s for s in stats if s.id == self.player), None))

    def on_book(self) -> None:
        if not self.active:
            return
        value = str(by_id("stats-book").value)
        self.book = next((b for b in Book if b.value == value), self.book)
        self.player = None
        self.fill(self.game, self.is_host, statstext.books_held(self.hands))

    def closed(self) -> None:
        if not self.active:
            return
        self.active = False
        back, self.back = self.back, None
        if back is not None and back.isConnected:
            back.focus()

    # --- the parts ---------------------------------------------------------------------------

    @staticmethod
    def _option(value: str, text: str, selected: bool) -> Any:
        option = make("option", text)
        option.value = value
        option.selected = selected
        return option

    def _leaders(self, ledger: View, is_host: bool) -> None:
        board = leaderboard(ledger) if is_host else []
        by_id("stats-leaders-box").hidden = not board
        rows = []
        for leader in board:
            tr = make("tr")
            tr.appendChild(make("td", f"{leader.place}."))
            tr.appendChild(make("td", leader.name))
            tr.appendChild(make("td", f"{leader.hands:,}", "num"))
            tr.appendChild(make("td", statstext.amount(leader.balance_cents, Book.CENTS, True),
                                "num " + net_class(leader.balance_cents)))
            rows.append(tr)
        by_id("stats-leaders").replaceChildren(*rows)

    def _everyone(self, stats: list[PlayerStats]) -> None:
        table = self.book is Book.CHIPS
        heads = ["Player", "Hands", *(("VPIP", "PFR", "3-bet") if table else ("Won",)),
                 "Net"]
        cells = []
        for i, text in enumerate(heads):
            th = make("th", text, "" if i == 0 else "num")
            th.setAttribute("scope", "col")
            cells.append(th)
        by_id("stats-all-head").replaceChildren(*cells)
        rows = []
        for s in stats:
            tr = make("tr")
            th = make("th", s.name + (" (you)" if s.id == self.you else ""))
            th.setAttribute("scope", "row")
            tr.appendChild(th)
            tr.appendChild(make("td", f"{s.hands:,}", "num"))
            for rate in ((s.vpip, s.pfr, s.three_bet) if table else (s.won_showdown,)):
                tr.appendChild(self._rate_cell(rate))
            tr.appendChild(make("td", statstext.bare(s.net, s.book), "num " + net_class(s.net)))
            rows.append(tr)
        if not rows:
            empty = make("td", "No hand has ended yet.", "hint")
            empty.setAttribute("colspan", str(len(heads)))
            row = make("tr")
            row.appendChild(empty)
            rows.append(row)
        by_id("stats-all").replaceChildren(*rows)

    @staticmethod
    def _rate_cell(rate: Rate | None) -> Any:
        """A narrow column's rate for the eyes (``33%``), and in full for a screen reader
        (``33% (1 of 3)``): the short text is hidden from it, the words from the eyes."""
        td = make("td", cls="num")
        seen = make("span", statstext.short(rate))
        seen.setAttribute("aria-hidden", "true")
        td.appendChild(seen)
        td.appendChild(make("span", rate.words() if rate is not None else "", "sr-only"))
        return td

    def _one(self, s: PlayerStats | None) -> None:
        rows = []
        for name, value in statstext.stat_lines(s) if s is not None else []:
            tr = make("tr")
            th = make("th", name)
            th.setAttribute("scope", "row")
            tr.appendChild(th)
            tr.appendChild(make("td", value, "num"))
            rows.append(tr)
        by_id("stats-one").replaceChildren(*rows)
        by_id("stats-one-title").textContent = (f"Stats of {s.name}" if s is not None
                                                else "No stats yet")
        points = series_of(self.hands, s.id, self.book) if s is not None else []
        shape = statstext.chart(points, CHART_W, CHART_H)
        by_id("stats-line").setAttribute("points", shape.line)
        zero = by_id("stats-zero")
        zero.setAttribute("y1", str(shape.zero_y))
        zero.setAttribute("y2", str(shape.zero_y))
        who = "" if s is None else (" (you)" if s.id == self.you else f" of {s.name}")
        by_id("stats-chart-title").textContent = f"Net over time{who}"
        by_id("stats-chart-summary").textContent = statstext.chart_summary(points, self.book)
        rows = []
        for p in points:
            tr = make("tr")
            th = make("th", f"Hand {p.hand_no}")
            th.setAttribute("scope", "row")
            tr.appendChild(th)
            tr.appendChild(make("td", statstext.amount(p.net, self.book, True),
                                "num " + net_class(p.net)))
            tr.appendChild(make("td", statstext.amount(p.total, self.book, True),
                                "num " + net_class(p.total)))
            rows.append(tr)
        by_id("stats-points").replaceChildren(*rows)

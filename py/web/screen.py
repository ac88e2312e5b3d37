"""What a room session draws on: the table, the poker table, the lobby's and host's panels, the
fair-deal note, the news banner — and what was drawn last.

One :class:`Screen` lives as long as the page stays in a room, across the room's changes of
host: a guest elected to host the next room hands its screen to the host page that takes over
(:meth:`web.guestpage.GuestPage.become_host`), so the table on screen, its cards and its
timers go on where they were, and nothing said is said twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from room.client import GuestClient
from room.viewtypes import Refusal

from web import lastnight, tablenews, texts
from web.connbanner import NewsBanner
from web.dom import by_id, notice
from web.keysdialog import KeysDialog
from web.lobbygame import LobbyGame
from web.pokerhost import PokerHost
from web.pokertable import PokerTable
from web.render import render_view
from web.shell import FairNote
from web.statsview import StatsPanel, ordered
from web.table import Table
from web.timers import now_ms
from web.viewdata import part


class Screen:
    """The page's drawing parts and the memory of what they show (see the module)."""

    def __init__(self) -> None:
        self.table = Table()
        self.poker = PokerTable()
        self.poker_host = PokerHost()
        self.keys_dialog = KeysDialog()
        self.stats = StatsPanel()
        self.lobby_game = LobbyGame()
        self.fair_note = FairNote()  # each hand's fair-deal verdict, every game
        self.news = NewsBanner()
        self.shown = False  # the first view has been drawn
        self.rendered_seq = -1
        self.rendered_phase: Any = None
        self.seen_error: Refusal | None = None
        self.news_before: Mapping[str, object] | None = None  # the view the host's news is from
        self.news_said: tablenews.Said | None = None  # the host's news on top, until it fades
        self.ledger_kept: Any = None  # the ledger last kept in this browser (web.lastnight)
        self.told_name = False  # the player was told why the room renamed them, if it did

    def new_stream(self) -> None:
        """A new connection (or a new room) numbers its views afresh: draw what comes first."""
        self.rendered_seq = -2

    def say_refusal(self, client: GuestClient, over: bool) -> None:
        """A new error from the host, once, in words (not when the session is ``over``)."""
        if client.last_error is None or client.last_error is self.seen_error:
            return
        refusal = self.seen_error = client.last_error
        if not over:
            notice(f"The host refused that: {refusal['detail']}", "error")
            self.lobby_game.refused(refusal["code"], refusal["detail"])
            # A refusal brings no new view, so nothing would give back the buttons the click
            # disabled while its request went (the host's Next hand, refused while the button
            # picks the game): the view drawn last is drawn again.
            self.rendered_seq = -2

    def draw(self, client: GuestClient, is_host: bool, link: str, door: Any) -> bool:
        """Draw the client's view if it is new (True if it was): the screens, what the host
        did in words, the host's panels, the fair-deal verdict, the first focus."""
        view = client.view
        if view is None or client.seq == self.rendered_seq:
            return False
        first = not self.shown
        self.shown = True
        self.rendered_seq = client.seq
        phase = view.get("phase")
        if phase != self.rendered_phase and not first:
            notice("")  # a new screen: old news (e.g. "bet set") no longer applies
        self.rendered_phase = phase
        news = by_id("announce").textContent
        render_view(view, is_host, link, self.table, now_ms(), self.poker, self.lobby_game)
        news = by_id("announce").textContent != news
        kept = lastnight.key(view)
        if kept is not None and kept != self.ledger_kept:
            self.ledger_kept = kept  # the night's ledger, kept for after the room
            lastnight.keep(view)
        said = tablenews.news(self.news_before, view, is_host)
        self.news_before = view
        if said:  # what the host did, once, in words, to everyone (web.tablenews)
            self.news_said = tablenews.Said(" ".join(said), now_ms(), tablenews.hand_of(view))
            notice(self.news_said.text)
        self.fade_news(view, now_ms())
        self.poker_host.render(view, is_host)
        door.render(view, is_host)
        game = view.get("game")
        if isinstance(game, dict):
            self.fair_note.show(client.verdict(), game.get("hand_no"), news)
        if first:
            by_id("room-chip").hidden = False
            notice("")
            by_id("copy-code-btn").focus()
        if not self.told_name and client.you is not None:
            self.told_name = True  # once: the room names us when it seats us
            players = [p for p in view.get("players") or [] if isinstance(p, dict)]
            mine = next((str(p.get("name")) for p in players if p.get("id") == client.you), "")
            note = texts.rename_note(client.name, mine, [
                str(p.get("name")) for p in players if p.get("id") != client.you])
            if note:
                notice(note)
        return True

    def draw_history(self, client: GuestClient) -> None:
        """The "Recent hands" lists of both tables, from the client's history (and the Stats
        panel, if it is open)."""
        self.table.render_recent(client.history, client.you)
        self.poker.side.render_recent(client.history, client.you)
        self.stats.refresh(ordered(client.history), part(client.view or {}, "game"),
                           client.is_host)

    def tick(self, now: int) -> None:
        """The turn clocks on screen, and the host's news fading."""
        self.table.tick(now)
        self.poker.tick(now)
        self.fade_news(self.news_before, now)

    def fade_news(self, view: Mapping[str, object] | None, now: int) -> None:
        """The host's news leaves the top of the page (60 px of a phone's screen) once it has
        been read or the next hand starts (:meth:`tablenews.Said.faded`); not words that
        replaced it since."""
        said = self.news_said
        if said is None or view is None or not said.faded(view, now):
            return
        self.news_said = None
        box = by_id("notice")
        if str(box.textContent) == said.text:
            notice("")

"""Practice alone: one click on the menu seats the player at a table of bots, on this page only.

A practice table is a host page with no network at all: no PeerJS peer is made and no
signalling server is asked (so it starts with the network off), no room code is shown or put
in the address, and nothing is kept for a reload (a reload of a room this page hosted would
register it on the signalling server). The room, its rules and its bots are exactly a
hosted room's (:class:`room.local.HostSession` in-process, its bots driven by
:class:`web.bots.BotPump`), so what is practised here is what is played with friends.

The table starts at once: :data:`PRACTICE_BOTS` bots of the chosen level sit down, the game
is picked with its defaults (a table game's engine is fetched first, as Start does), and
the player buys in at a cash table for the buy-in it suggests (what each bot buys), before
the bots' own buy-ins reach the room, so the first hand is dealt to the player too. The
host's controls (bots, clocks, next hand) stay the host's.
"""

from __future__ import annotations

from typing import Any

from pyscript import document
from room.codes import new_room_code, peer_id_for

from web import texts
from web.dom import notice
from web.gameform import TABLE_GAMES
from web.hostpage import HostPage
from web.pokertext import opening_buy_in

PRACTICE_BOTS = 3
"""Bots seated at a practice table: four players in all, a short-handed table for every game
(the host adds or removes more under Seats)."""


class PracticePage(HostPage):
    """A host page that never goes on the network (see the module)."""

    practice = True

    def __init__(self, *args: Any, game_id: str, level: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_id = game_id
        self.level = level

    async def _start(self) -> None:
        document.body.dataset.practice = "yes"
        if self.game_id in TABLE_GAMES:
            try:  # the table games' engine before the game is built (as Start does)
                await self.controls.load_tables()
            except Exception:
                self.end(texts.LATER_FAILED, "error")
                return
        self.code = new_room_code()  # the room's own name; never shown, never registered
        self.on_open(peer_id_for(self.code))
        client, local = self.client, self.local
        if self.ended or client is None or local is None:
            return
        document.body.dataset.peers = "none"  # no PeerJS peer on this page (tests read it)
        for _ in range(PRACTICE_BOTS):
            self.request(client.add_bot(self.level))
        self.request(client.set_auto_deal(True))
        self.request(client.set_advisor(True))  # practice is for learning: the odds shown
        self.request(client.set_game(self.game_id, {}))
        self.request(client.start_game())
        game = (client.view or {}).get("game")
        chips = opening_buy_in(game, client.you) if isinstance(game, dict) else None
        if chips is not None:  # seated with chips before the first deal, as the bots are
            self.request(client.table("buy_in", chips))
        notice("")

    def open_peer(self) -> None:
        """Never: a practice table has no peer (``_start`` opens the room in-process)."""

    def show_address(self) -> None:
        """Nothing to put in the address bar: there is no room to come back to or share."""

    def save(self) -> None:
        """Nothing is kept for a reload: reopening would register the room's id."""

    def end(self, message: str, kind: str = "info") -> None:
        document.body.dataset.practice = "no"
        super().end(message, kind)

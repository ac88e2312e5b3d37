"""The host's pacing: message budgets per guest and for the room, the per-seat limit on
requests that change the table, and views coalesced per tick.

Why each limit has the value it has is said at the constant. Honest play never meets one.
"""

from __future__ import annotations

from room.errors import Code, ErrorCode, MalformedMessage, RoomError
from room.events import Outgoing, Send
from room.messages import Ping, Pong, View
from room.roomstate import RoomState, Seat
from room.viewtypes import wire

GUEST_SILENCE_MS = 3000  # > 3 s without a word: shown as disconnected (noticed within 5 s)
RESEND_AFTER_MS = 1000  # a ping still missing a view this old gets the current view again
FLOOD_LIMIT = 100  # messages per window per guest; heartbeats are 1/s
FLOOD_WINDOW_MS = 1000
FLOOD_BYTES = 32 * 1024  # characters per window per guest; an honest one sends under 2 kB
ROOM_MESSAGES = 300
"""Messages per window from all guests together (ten connections each just under
the per-guest limit pushed the host's replies from 3 ms to 3.6 s). Honest traffic is far
below: ten players send about 5 a second each at most. Over budget, the guest that sent the
most this window is cut off, so a flooder goes first and an honest player never does (a room
has at most ~26 remote connections — seats, knocks, the gate's few pending — so a flood
spread thinly enough to tie with honest players stays under the budget)."""
ROOM_BYTES = 256 * 1024  # characters per window from all guests together
SEAT_REQUESTS = 10
"""Requests that change the table a seated guest may make per :data:`FLOOD_WINDOW_MS`: each
rebuilds and sends every player's view (about 3 ms and 50 kB at ten seats), so three seats
toggling sit out/in 80 times a second used to hold the host's ping at a second or more. An
honest player makes one or two a second at most (an action, a sit-out, a deck nonce per
hand); past the limit every request of that seat is refused with ``msg/too_fast`` until the
next second, and changes nothing. A refused or idle request costs no view and is not
counted (the message budgets bound those). The host's own seat is never limited."""
VIEW_BURST = 4
"""Views sent to one connection at once between two ticks (~500 ms). More changes in that
time are coalesced: the connection gets the latest view at the next tick instead (so a
burst of changes costs one view per player per tick, not one per change). Honest play
makes one or two changes in a tick's time, so its views are never delayed."""
JOIN_COST = 20
"""What a ``join`` costs against the sender's and the room's message budgets: checking its
signature takes 1.4 ms (CPython) to 2.4 ms (Pyodide), some 20-50 times an ordinary
request. So a connection can make 5 joins a second, the whole room 15."""


class PacedRoom(RoomState):
    """The room's budgets and the views it sends (see the module's docstring)."""

    def _send_stale(self) -> list[Outgoing]:
        """The latest view for each connection whose views were coalesced since the last
        tick (:data:`VIEW_BURST`)."""
        stale, self._stale = self._stale, set()
        return [self._view_message(seat) for seat in self.seats.values()
                if seat.peer in stale and seat.peer not in self._closed_peers]

    def _charge(self, peer: str, messages: int, size: int) -> tuple[list[Outgoing], bool]:
        """Count ``messages`` (a request's worth each) and ``size`` characters against this
        guest's and the room's budgets. Returns what to send (cut-offs) and whether ``peer``
        itself was cut off (then nothing more is done for it)."""
        self._counts[peer] = self._counts.get(peer, 0) + messages
        self._sizes[peer] = self._sizes.get(peer, 0) + size
        self._room_load[0] += messages
        self._room_load[1] += size
        if self._counts[peer] > FLOOD_LIMIT:
            return self._cut_off_flooder(peer), True
        if self._sizes[peer] > FLOOD_BYTES:
            return self._cut_off(peer, Code.MSG_FLOOD,
                                 f"more than {FLOOD_BYTES} characters a second"), True
        if self._room_load[0] > ROOM_MESSAGES or self._room_load[1] > ROOM_BYTES:
            heaviest = self._heaviest_guest()
            out = self._cut_off(heaviest, Code.MSG_FLOOD,
                                "the room is busier than it can serve; you sent the most")
            return out, heaviest == peer
        return [], False

    def on_ping(self, peer: str, seat: Seat | None, msg: Ping) -> list[Outgoing]:
        """``ping``: a pong, and the last view again if theirs got lost."""
        # Answered even before join: harmless, and a reordered join may still be on its way.
        out: list[Outgoing] = [self._send(peer, Pong(msg.t))]
        sent = self._sent.get(peer)
        if (
            seat is not None
            and sent is not None
            and msg.seen < sent[0]
            and self.now_ms - sent[1] >= RESEND_AFTER_MS
        ):
            out.append(self._view_message(seat))  # their copy of the last view got lost
        return out

    def _cut_off_flooder(self, peer: str) -> list[Outgoing]:
        return self._cut_off(peer, Code.MSG_FLOOD, f"more than {FLOOD_LIMIT} messages a second")

    def _cut_off(self, peer: str, code: ErrorCode, detail: str) -> list[Outgoing]:
        """Refuse this connection and close it; its seat (if any) stays, disconnected, and
        its player may come back on a new connection. Its load leaves the room's budget."""
        self._room_load[0] -= self._counts.pop(peer, 0)
        self._room_load[1] -= self._sizes.pop(peer, 0)
        out = self._reject(peer, code, detail)
        seat = self.seat_of_peer(peer)
        if seat is not None:
            self._detach(seat)
            out += self._broadcast()
        return out

    def _too_fast(self, peer: str, seat: Seat) -> RoomError | None:
        """The refusal of a request from ``seat`` past :data:`SEAT_REQUESTS` this window
        (the host's own seat and its bots, and a room never ticked, are not limited)."""
        if (self.in_process(peer) or not self._paced
                or self._requests.get(seat.id, 0) < SEAT_REQUESTS):
            return None
        return RoomError(f"more than {SEAT_REQUESTS} changes a second from your seat: "
                         "this request was not done; try again in a moment", Code.MSG_TOO_FAST)

    def _count_request(self, peer: str, seat: Seat, broadcasts: int) -> None:
        """A guest's request that changed the table (views were sent since ``broadcasts``)
        counts against its seat's :data:`SEAT_REQUESTS`."""
        if not self.in_process(peer) and self._paced and self._broadcasts != broadcasts:
            self._requests[seat.id] = self._requests.get(seat.id, 0) + 1

    def _heaviest_guest(self) -> str:
        """The guest connection that used most of this window's budget (messages and
        characters, each against its per-guest limit)."""
        return max(self._counts, key=lambda p: (
            self._counts[p] / FLOOD_LIMIT + self._sizes.get(p, 0) / FLOOD_BYTES))

    def _view_message(self, seat: Seat) -> Send:
        assert seat.peer is not None
        self._sync_game()
        self._view_seq += 1
        self._sent[seat.peer] = (self._view_seq, self.now_ms)
        self._views_this_tick[seat.peer] = self._views_this_tick.get(seat.peer, 0) + 1
        self._stale.discard(seat.peer)
        try:
            return self._send(seat.peer, View(self._view_seq, wire(self.view_for(seat.id))))
        except MalformedMessage as exc:  # over 16 kB: the game keeps its views smaller, but a
            # view that still outgrows the wire must not take the room down with it
            return self._refuse(seat.peer, Code.VIEW_TOO_BIG, exc.detail)

    def _broadcast(self) -> list[Outgoing]:
        """Every connected seat's new view; a connection already sent :data:`VIEW_BURST`
        views since the last tick gets its latest view at the next one instead (built then,
        once) — except the connection whose request this answers (it sees its own request
        done), the players the game waits for (they act on a true view) and everyone while a
        deal waits for their deck nonces (the deal goes on when they come). A room that was
        never ticked (driven event by event, as in most unit tests) sends every view at
        once."""
        self._sync_game()
        self._broadcasts += 1
        game = self.game
        dealing = game is not None and game.is_dealing()  # everyone's nonce is wanted now
        urgent = game.to_act() if game is not None and self._paced else frozenset()
        out: list[Outgoing] = []
        for seat in self.seats.values():
            peer = seat.peer
            if peer is None or peer in self._closed_peers:
                continue
            if (self._paced and self._views_this_tick.get(peer, 0) >= VIEW_BURST
                    and not dealing and peer != self._asking and seat.id not in urgent):
                self._stale.add(peer)
                continue
            out.append(self._view_message(seat))
        return out


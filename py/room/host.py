"""The authoritative host room: seats, joins, liveness, per-viewer views (sans-IO).

The host's browser is the dealer. :class:`HostRoom` takes :mod:`room.events` and returns
``Send``/``Close`` outputs; the web adapter owns the connections and the clock. Rules kept here:

* **Identity comes from the connection.** The adapter names the peer; no payload field can
  claim another seat (unknown fields are rejected by :mod:`room.messages`).
* **The host's own seat uses the same path** as any guest, as peer :data:`LOCAL_PEER`, so host
  and guests cannot get different rules (boardgame.io p2p's lesson).
* **Bad input changes nothing**: it gets an ``error`` to that peer only, and the room runs on.
* **Views are built fresh per viewer** from a whitelist (never a filtered dump): no tokens,
  no peer ids, nothing of another player's that they may not see.

Every request climbs one validation ladder, read from one table (:mod:`room.requests`:
message type -> who may send it, in which stage, its handler) before any handler runs. The
parts of the room live in modules named for what they hold, each a layer of
:class:`HostRoom`: its state and views (:mod:`room.roomstate`), budgets and pacing
(:mod:`room.pacing`), joins and the door (:mod:`room.joins`), the relay to the game and the
host's settings (:mod:`room.relay`). This module keeps the events, the ladder and the
snapshot.

The game itself plugs in through :class:`room.game.GameSession` (the room never imports a
game: the page hands it a factory from ``games.registry``); until a game engine is given,
``start`` only moves the room to phase ``"playing"``.

Trust and resilience: ``nonce`` requests go to the game's provably fair deal
(``games.table.fair``); :meth:`HostRoom.snapshot`/:meth:`HostRoom.restore` carry the
room over a reload of the host's page (host storage only); :meth:`HostRoom.from_succession`
opens the room that goes on when the host is gone for good (see the end of
:mod:`room.codes`). Views carry ``succession_secret`` and ``players[].key`` for it.

Who sits here: the host may remove a player (``kick``), may make newcomers wait
for approval (``set_approval``/``admit``, state in :mod:`room.admission`), and a guest gone
:data:`AWAY_SEAT_MS` with nothing at stake gives up the seat. The host's view alone carries
``requests`` (who waits); every view's ``settings.approval`` says whether newcomers wait.

Identity (:mod:`room.identity`): the room signs with its host player's key (derived from the
host's token, passed as ``host_token``); see :mod:`room.joins`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from room.admission import Door
from room.bots import Level
from room.codes import next_code
from room.errors import Code, MalformedMessage, NotAllowed, RoomError
from room.events import Connected, Disconnected, Event, Outgoing, Received, Tick
from room.game import GameFactory
from room.identity import is_key
from room.joins import AWAY_SEAT_MS, JOIN_TIMEOUT_MS, MAX_BAD_JOINS
from room.messages import Act, Message, Table, parse_request
from room.pacing import (
    FLOOD_BYTES,
    FLOOD_LIMIT,
    FLOOD_WINDOW_MS,
    GUEST_SILENCE_MS,
    JOIN_COST,
    RESEND_AFTER_MS,
    ROOM_BYTES,
    ROOM_MESSAGES,
    SEAT_REQUESTS,
    VIEW_BURST,
)
from room.relay import GameRelay, _carried_game, _has_game
from room.requests import Rule, Sender, Stage, rule_for
from room.roomstate import (
    BOT_PEER,
    DEFAULT_GRACE_S,
    DEFAULT_TIMER_S,
    LOCAL_PEER,
    MAX_PLAYERS,
    BotPlace,
    GameChooser,
    RoomPhase,
    Seat,
)
from room.viewtypes import RoomSnapshot

__all__ = [  # what callers import from here (the parts live in the modules above)
    "AWAY_SEAT_MS", "DEFAULT_GRACE_S", "DEFAULT_TIMER_S", "FLOOD_BYTES",
    "FLOOD_LIMIT", "FLOOD_WINDOW_MS", "GUEST_SILENCE_MS", "JOIN_COST", "JOIN_TIMEOUT_MS",
    "LOCAL_PEER", "MAX_BAD_JOINS", "MAX_PLAYERS", "RESEND_AFTER_MS", "ROOM_BYTES",
    "ROOM_MESSAGES", "SEAT_REQUESTS", "VIEW_BURST", "GameChooser", "HostRoom", "RoomPhase",
    "Seat", "_carried_game",
]


CUT_CODES = frozenset({Code.MSG_TOO_BIG, Code.MSG_TOO_DEEP})
"""Malformed messages no client of ours ever sends: the connection is cut, not answered."""
SNAPSHOT_VERSION = 3  # HostRoom.snapshot's format; restore takes it and 2, no other
OLD_VERSION = 2
"""The snapshots before the room's base bet moved into Ultimate Omaha's settings: they still
load, their bet taken over by the game (:meth:`HostRoom._take_old_bet`). (1 kept tokens.)"""
OLD_BET, OLD_DEFAULT_BET = "base_cents", 100
"""Where a version-2 snapshot kept the room-wide base bet, and the bet a room started with."""
_SEAT_ID = re.compile(r"p[1-9][0-9]{0,5}")


class HostRoom(GameRelay):
    """The room as the host runs it. Feed it events with :meth:`handle`.

    >>> from room.client import GuestClient
    >>> room = HostRoom('ABCD234', now_ms=0, host_token='a' * 16)
    >>> ann = GuestClient('Ann', 'a' * 16, room='ABCD234', host_key=room.key)
    >>> (hello,) = ann.hello(0, LOCAL_PEER)
    >>> [challenge] = room.handle(Received(LOCAL_PEER, hello))
    >>> (join,) = ann.receive(challenge.text, 0)
    >>> out = room.handle(Received(LOCAL_PEER, join))
    >>> [type(o).__name__ for o in out], room.host_id
    (['Send', 'Send'], 'p1')
    """

    # --- the host's own snapshot (page reload) ----------------------------------------------

    def snapshot(self) -> RoomSnapshot:
        """The whole room as JSON-ready data, to survive a reload of the host's page.

        For the host's own browser storage only: it holds the host's rejoin token (the room's
        signing key) and the running hand's cards and seed, so it must never be sent to anyone
        (no message carries it; the tests check no output does). Seats are kept by public key.
        Connections are not in it: after :meth:`restore` every guest counts as disconnected
        until it joins again (the grace period runs meanwhile), and the host's own seat rejoins
        through :data:`LOCAL_PEER`. The bots' seats are kept with their peer ids, levels and
        a removal waiting for the hand's end; their clients are the host's page's
        (:meth:`room.local.HostSession.snapshot`) and rejoin on the same peer ids.
        """
        def seat(s: Seat) -> list[str | bool]:
            return [s.id, s.name, s.key, s.queued]

        return {
            "snapshot": SNAPSHOT_VERSION,
            "code": self.code,
            "host_token": self._host_token,
            "now_ms": self.now_ms,
            "phase": self.phase.value,
            "grace_s": self.grace_s,
            "timer_s": self.timer_s,
            "auto_deal": self.auto_deal,
            "advisor": self.advisor,
            "host_id": self.host_id,
            "seats": [seat(s) for s in self.seats.values()],
            "departed": [seat(s) for s in self.departed.values()],
            "balances": dict(self.balances),
            "next_seat": self._next_seat,
            "view_seq": self._view_seq,
            "succession_secret": self.succession_secret,
            "reserved": {pid: list(row) for pid, row in self._reserved.items()},
            "carry": self._carry,
            "door": self.door.snapshot(),
            "bots": [[peer, place.level, place.name, place.seat,
                      self.seats[place.seat].leaving]
                     for peer, place in self.bots.items()
                     if place.seat is not None and place.seat in self.seats],
            "next_bot": self._next_bot,
            "departed_bots": {s.id: s.level for s in self.departed.values()
                              if s.level is not None},
            "game_id": self.game_id,
            "game_settings": dict(self.game_settings),
            "next_game": (None if self.next_game is None
                          else [self.next_game[0], dict(self.next_game[1])]),
            "game": self.game.snapshot() if self.game is not None else None,
        }

    @classmethod
    def restore(
        cls, snapshot: Mapping[str, Any], now_ms: int, game_factory: GameFactory | None = None,
        games: GameChooser | None = None,
    ) -> HostRoom:
        """The room of a :meth:`snapshot`, on the reloaded page's clock ``now_ms``.

        ``game_factory`` must be the one the room was created with (the game's state is
        restored into a fresh game from it). Raises :class:`RoomError` (``snapshot/...``)
        for data that is not a snapshot of this version or the one before (e.g. a stale or
        edited storage).
        """
        version = snapshot.get("snapshot") if isinstance(snapshot, Mapping) else None
        if version not in (OLD_VERSION, SNAPSHOT_VERSION):
            raise RoomError("not a room snapshot of this version", Code.SNAPSHOT_VERSION)
        try:
            room = cls(snapshot["code"], now_ms, game_factory, str(snapshot["host_token"]),
                       games)
            picked = snapshot.get("game_id")
            room.game_id = picked if isinstance(picked, str) else None
            room.game_settings = dict(snapshot.get("game_settings", {}))
            upcoming = snapshot.get("next_game")
            room.next_game = (None if upcoming is None
                              else (str(upcoming[0]), dict(upcoming[1])))
            room.phase = RoomPhase(snapshot["phase"])
            room.grace_s, room.timer_s = int(snapshot["grace_s"]), int(snapshot["timer_s"])
            room.auto_deal = bool(snapshot["auto_deal"])
            room.advisor = snapshot.get("advisor") is True
            room.host_id = snapshot["host_id"]
            for target, rows in ((room.seats, snapshot["seats"]),
                                 (room.departed, snapshot["departed"])):
                for sid, name, key, queued in rows:
                    if not is_key(key):
                        raise ValueError(f"seat {sid!r} has no public key")
                    target[sid] = Seat(sid, name, key, None, False, bool(queued), room.now_ms)
            room.balances = {k: int(v) for k, v in snapshot["balances"].items()}
            room._next_seat = int(snapshot["next_seat"])
            room._view_seq = int(snapshot["view_seq"])
            room.succession_secret = str(snapshot["succession_secret"])
            room._reserved = {pid: (n, h) for pid, (n, h) in snapshot["reserved"].items()}
            room._carry = snapshot["carry"]
            room.door = Door.restore(snapshot.get("door"))
            for peer, level, name, sid, leaving in snapshot.get("bots", []):
                if not str(peer).startswith(BOT_PEER) or sid not in room.seats:
                    raise ValueError(f"bot {peer!r} has no seat")
                room.bots[str(peer)] = BotPlace(Level(level).value, str(name), str(sid))
                room.seats[sid].level, room.seats[sid].leaving = Level(level).value, bool(leaving)
            room._next_bot = int(snapshot.get("next_bot", 1))
            for sid, level in snapshot.get("departed_bots", {}).items():
                room.departed[sid].level = Level(level).value
            if snapshot["game"] is not None:
                make = room._factory()
                if make is None:
                    raise RoomError("the snapshot has a game: pass its game factory",
                                    Code.SNAPSHOT_NO_FACTORY)
                room.game = make()
                room.game.restore(snapshot["game"], room.now_ms)
                room._sync_game()
            if version == OLD_VERSION:
                room._take_old_bet(int(snapshot[OLD_BET]))
        except (KeyError, TypeError, ValueError) as exc:  # RoomError is a ValueError too
            if isinstance(exc, RoomError) and exc.code.startswith("snapshot/"):
                raise
            raise RoomError(f"a broken room snapshot: {exc!r}"[:300],
                            Code.SNAPSHOT_BROKEN) from None
        return room

    def _take_old_bet(self, cents: int) -> None:
        """A version-2 snapshot's room-wide base bet, offered to the game in force as its
        setting of the same name: kept if that game takes it (Ultimate Omaha, the one game
        that had a base bet), dropped if the game has no such setting (a table game never
        used it). The bet every room started with needs nothing: it is the game's default."""
        make = self._factory()
        if cents == OLD_DEFAULT_BET or OLD_BET in self.game_settings or make is None:
            return
        trial = {**self.game_settings, OLD_BET: cents}
        try:
            make().configure(self._settings(trial))
        except RoomError:
            return
        self.game_settings = trial

    # --- succession: the host is gone for good ----------------------------------------------

    @classmethod
    def from_succession(
        cls,
        last_view: Mapping[str, Any],
        my_token: str,
        now_ms: int,
        game_factory: GameFactory | None = None,
        games: GameChooser | None = None,
    ) -> HostRoom:
        """The room the elected player opens when the old host is gone (:mod:`room.succession`).

        Built from the elected player's last view of the old room: the code is
        ``next_code(succession_secret, you)``; settings and the ledger (public balances) carry
        over; the interrupted hand is void. Every old player may take back their seat (same
        id, name and balance) by joining with the key they had in the last view (the join's
        signature proves it); anyone else joins as a new player. The room signs with
        ``my_token``'s key, which must be this player's key in the view: that is what the
        others check before they follow. The host's own seat joins through
        :data:`LOCAL_PEER` as usual. The room starts in the lobby: the new host deals with
        Start once the others are back. ``RoomError`` (``succession/...``) if ``my_token`` is
        not the token of ``last_view``'s viewer or the view is unusable.
        """
        try:
            you, secret = last_view["you"], last_view["succession_secret"]
            rows = {p["id"]: (p["name"], p["key"]) for p in last_view["players"]}
            room = cls(next_code(secret, you), now_ms, game_factory, my_token, games)
            if rows.get(you, ("", ""))[1] != room.key:
                raise RoomError("that token is not the one of this view's player",
                                Code.SUCCESSION_BAD_TOKEN)
            settings = last_view["settings"]
            room.grace_s, room.timer_s = int(settings["grace_s"]), int(settings["timer_s"])
            room.auto_deal = bool(settings["auto_deal"])
            room.advisor = settings.get("advisor") is True
            room.door.approval = settings.get("approval") is True
            if games is not None and isinstance(settings.get("game_id"), str):
                games(settings["game_id"])  # a game this page has, or game/unknown
                room.game_id = settings["game_id"]
                room.game_settings = dict(settings.get("game") or {})
                upcoming = settings.get("next_game")
                if isinstance(upcoming, Mapping) and _has_game(games, upcoming["game_id"]):
                    # The host had changed the game for the next deal: the successor's
                    # first deal is that deal, from the same books (as _switch_game does).
                    # One this page cannot make is dropped: the room goes on as it was.
                    room.game_id = str(upcoming["game_id"])
                    room.game_settings = dict(upcoming.get("game") or {})
            room.host_id = you
            room._reserved = dict(rows)
            game = last_view.get("game")
            if isinstance(game, Mapping):
                room._carry = _carried_game(game)
                # Refuse a ledger the game could not take now, not at Start (where a failure
                # would leave a room playing with no game to show).
                from rules.ledger import Ledger

                Ledger.from_state(room._carry["ledger"])
                room.balances = {pid: bal for pid, _, _, bal in room._carry["ledger"]["rows"]}
            else:
                room.balances = {p["id"]: int(p["balance_cents"]) for p in last_view["players"]}
            numbers = [int(pid[1:]) for pid in [*rows, *room.balances] if _SEAT_ID.fullmatch(pid)]
            room._next_seat = max(numbers, default=0) + 1
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, RoomError) and exc.code.startswith("succession/"):
                raise
            raise RoomError(f"cannot open a room from that view: {exc!r}"[:300],
                            Code.SUCCESSION_BAD_VIEW) from None
        return room

    # --- the one entry point ----------------------------------------------------------------

    def handle(self, event: Event) -> list[Outgoing]:
        """Process one event; return what to send and which connections to close.

        Peer-caused problems never raise: they become ``error``/``rejected`` messages.
        A ``TypeError`` here means the adapter passed something that is not an event.
        """
        if isinstance(event, Tick):
            return self._on_tick(int(event.now_ms))
        if isinstance(event, Received):
            self._asking = event.peer
            try:
                return self._on_received(event.peer, event.text)
            finally:
                self._asking = None
        if isinstance(event, Connected):
            return self._on_connected(event.peer, event.caller)
        if isinstance(event, Disconnected):
            if event.now_ms is not None:  # a clock that steps back must not revive anyone
                self.now_ms = max(self.now_ms, int(event.now_ms))
            return self._on_disconnected(event.peer)
        raise TypeError(f"not a room event: {event!r}")

    # --- event handlers -------------------------------------------------------------------

    def _on_connected(self, peer: str, caller: str | None) -> list[Outgoing]:
        if self.phase is RoomPhase.CLOSED:
            return self._reject(peer, Code.ROOM_CLOSED, "this room has been closed by its host")
        if peer not in self._peer_seat:
            self._pending.setdefault(peer, self.now_ms)
        self._challenges.pop(peer, None)  # a new connection: a new handshake
        if caller is not None:
            self._callers[peer] = caller
        return []

    def _on_disconnected(self, peer: str) -> list[Outgoing]:
        self._pending.pop(peer, None)
        self._challenges.pop(peer, None)
        self._callers.pop(peer, None)
        self._counts.pop(peer, None)
        self._sizes.pop(peer, None)
        self._bad_joins.pop(peer, None)
        self._stale.discard(peer)
        if self.door.drop_peer(peer):  # gave up waiting: the host's list changes
            return self._broadcast()
        seat = self.seat_of_peer(peer)
        if seat is None or self.in_process(peer):
            return []
        self._detach(seat)
        return self._broadcast()

    def _on_tick(self, now_ms: int) -> list[Outgoing]:
        self.now_ms = max(self.now_ms, now_ms)  # a clock that steps back must not revive anyone
        if self.now_ms - self._window_start >= FLOOD_WINDOW_MS:
            self._counts.clear()
            self._sizes.clear()
            self._requests.clear()
            self._room_load = [0, 0]
            self._window_start = self.now_ms
        self._paced = True
        self._views_this_tick.clear()
        out: list[Outgoing] = self._send_stale()
        for peer, since in list(self._pending.items()):
            if self.now_ms - since > JOIN_TIMEOUT_MS:
                out += self._reject(peer, Code.JOIN_TIMEOUT, "no join message arrived in time")
        changed = False
        for knock in self.door.expire(self.now_ms):
            out += self._reject(knock.peer, Code.JOIN_NOT_ADMITTED,
                                "the host did not answer your request for a seat")
            changed = True
        for seat in self.seats.values():
            if (
                seat.connected
                and not self.in_process(seat.peer)
                and self.now_ms - seat.last_heard_ms > GUEST_SILENCE_MS
            ):
                seat.connected = False
                changed = True
        seated = len(self.seats)
        out += self._free_away_seats()
        changed = changed or len(self.seats) != seated
        if self.game is not None:
            self._sync_game()
            if self._auto_switch() or self.game.tick(self.now_ms):
                changed = True
        if changed:
            out += self._broadcast()
        return out

    def _on_received(self, peer: str, text: str) -> list[Outgoing]:
        if peer in self._closed_peers:
            return []  # cut off already; the transport may still flush a few messages
        if self.phase is RoomPhase.CLOSED:
            return self._reject(peer, Code.ROOM_CLOSED, "this room has been closed by its host")
        seat = self.seat_of_peer(peer)
        if seat is None and self.door.by_peer(peer) is None:  # a knock waits for the host
            self._pending.setdefault(peer, self.now_ms)
        out: list[Outgoing] = []
        if not self.in_process(peer):
            size = len(text) if isinstance(text, str) else 0
            out, cut = self._charge(peer, 1, size)
            if cut:
                return out
        if seat is not None:
            seat.last_heard_ms = self.now_ms
            if not seat.connected:
                seat.connected = True  # they spoke: they are back, whatever they said
                out += self._broadcast()
        try:
            msg = parse_request(text)
        except MalformedMessage as exc:
            if exc.code in CUT_CODES and not self.in_process(peer):
                return [*out, *self._cut_off(peer, exc.code, exc.detail)]
            return [*out, self._error(peer, exc)]
        rule = rule_for(type(msg))
        broadcasts = self._broadcasts
        try:
            self._climb(rule, peer, seat, msg)
            out += rule.handler(self, peer, seat, msg)
        except RoomError as exc:
            return [*out, self._error(peer, exc)]
        if seat is not None and rule.sender is not Sender.ANYONE:
            self._count_request(peer, seat, broadcasts)  # if it changed the table
        return out

    def _climb(self, rule: Rule, peer: str, seat: Seat | None, msg: Message) -> None:
        """The validation ladder of :mod:`room.requests` after the shape: sender, stage,
        turn. Raises the first refusal (nothing is done then); returning, the handler runs."""
        if rule.sender is Sender.ANYONE:
            return
        if seat is None:
            raise NotAllowed(Code.AUTH_NOT_JOINED.text, Code.AUTH_NOT_JOINED)
        too_fast = self._too_fast(peer, seat)
        if too_fast is not None:
            raise too_fast
        words: str | None = rule.host_words or None
        if isinstance(msg, Table) and self.game is not None:  # Sender.HOST_IF_GAME_SAYS
            words = self.game.table_host_only(msg.action)
        if words is not None and seat.id != self.host_id:
            raise NotAllowed(f"only the host can {words}", Code.AUTH_NOT_HOST)
        if rule.off_stage is not None and self._stage() not in rule.stages:
            raise RoomError(rule.off_stage[1], rule.off_stage[0])
        if rule.turn and isinstance(msg, Act):
            self._check_turn(seat, msg)

    def _stage(self) -> Stage:
        """Where the room stands, as the table's rules see it."""
        if self.phase is RoomPhase.LOBBY:
            return Stage.LOBBY
        return Stage.NO_GAME if self.game is None else Stage.GAME


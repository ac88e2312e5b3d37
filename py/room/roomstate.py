"""What the host's room holds: its phase, its seats, and the views built from them.

The base of :class:`room.host.HostRoom` (which adds the events, the snapshot and the table of
requests): the state every part of the host reads — seats and connections, the host's
settings, the game — and the small helpers they share (sending, refusing, telling the game
who sits here). Nothing here handles a message.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from room.admission import Door, invite_for
from room.codes import normalize_code, peer_id_for
from room.errors import ErrorCode, RoomError, peer_detail
from room.events import Close, Outgoing, Send
from room.game import GameFactory, GameSession, PlayerInfo, SeatKind
from room.identity import Identity
from room.messages import Error, Message, Rejected, Welcome
from room.viewtypes import RoomView

LOCAL_PEER = "local"
BOT_PEER = LOCAL_PEER + "-bot"
"""A bot's peer id is this and a number: in-process on the host's page like
:data:`LOCAL_PEER` (a remote connection's id holds a ``/``: it can never be one)."""
MAX_PLAYERS = 10
GONE_BOTS_SHOWN = 20
"""Bots that left shown as bots in the views' ``bots`` (the ledger's and history's rows of
the last ones gone); older ones are only names there."""
DEFAULT_GRACE_S = 10  # the rules' default grace before a dropped player's default action
DEFAULT_TIMER_S = 30
"""The decision timer a room starts with. With none, a connected player who never acts holds
every hand hostage; 30 s is ample for one decision at a time, and the
host may change it (or switch it off, and remove a player who stalls)."""
GameChooser = Callable[[str | None], GameFactory]
"""The page's game registry as the room sees it: a game id -> that game's factory, or
``RoomError`` ``game/unknown`` (``games.registry.factory``); None -> the page's default game
(the host picked none). The room imports and names no game."""


class RoomPhase(StrEnum):
    """Where the room is: gathering players, playing, or closed by the host."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


@dataclass
class Seat:
    """One player's place in the room. Internal: never sent as is (views are whitelisted)."""

    id: str
    name: str
    key: str  # the player's public key (room.identity): their seat is theirs by signature
    peer: str | None
    connected: bool
    queued: bool
    last_heard_ms: int
    level: str | None = None
    """A bot's :class:`room.bots.Level` value (None: a person)."""
    leaving: bool = False
    """A bot the host removed during a hand it has a stake in: it leaves at the hand's end."""


@dataclass
class BotPlace:
    """A bot the host added: its name and level, and its seat once its client joined (on its
    own peer id, :data:`BOT_PEER` and a number). The host's page makes the client
    (:class:`room.local.HostSession`); the room only lets that peer join as this bot."""

    level: str
    name: str
    seat: str | None = None


class RoomState:
    """The host room's state and shared helpers (see :class:`room.host.HostRoom`)."""

    def __init__(
        self,
        code: str,
        now_ms: int,
        game_factory: GameFactory | None = None,
        host_token: str | None = None,
        games: GameChooser | None = None,
    ) -> None:
        """``host_token``: the host player's rejoin token, whose key pair signs this room's
        challenges (the host's own seat must join with it); a fresh one if None (tests).
        ``games``: the registry the host picks the game from (``set_game``); without it the
        room plays ``game_factory``'s game only."""
        self.code = normalize_code(code)
        self._host_token = host_token if host_token is not None else secrets.token_urlsafe(24)
        self._identity = Identity.from_token(self._host_token)
        self.key = self._identity.key
        """The room's public key: its host player's key (in share links and views)."""
        self.now_ms = int(now_ms)
        self.phase = RoomPhase.LOBBY
        self.grace_s = DEFAULT_GRACE_S
        self.timer_s = DEFAULT_TIMER_S
        self.auto_deal = False
        self.advisor = False  # the odds advisor, shown to everyone when on (off by default)
        self.host_id: str | None = None
        self.seats: dict[str, Seat] = {}  # active seats in seat order
        self.departed: dict[str, Seat] = {}  # seats that left: their key can bring them back
        self.balances: dict[str, int] = {}  # the session ledger: everyone ever seated, in cents
        self.game: GameSession | None = None
        self._game_factory = game_factory
        self._games = games
        self.game_id: str | None = None
        """The game the host picked (``set_game``), played from the next Start; None: the
        page's default game (or the one game the room was made with)."""
        self.game_settings: dict[str, Any] = {}
        """That game's own settings as the host gave them (the game judges them)."""
        self.next_game: tuple[str, dict[str, Any]] | None = None
        """A change of game the host asked for while a game runs (id, settings): it takes
        effect at the next deal (:meth:`_switch_game`)."""
        self._between_since: int | None = None  # auto-deal of a change: when the hand ended
        self._peer_seat: dict[str, str] = {}
        self._pending: dict[str, int] = {}  # connected, not joined yet: peer -> since
        self._challenges: dict[str, tuple[str, str]] = {}  # peer -> (guest nonce, our nonce)
        self._callers: dict[str, str] = {}  # peer -> the PeerJS id it comes from (Connected)
        self._closed_peers: set[str] = set()
        self._next_seat = 1
        self._view_seq = 0
        self._sent: dict[str, tuple[int, int]] = {}  # peer -> (last view seq, sent at)
        self._counts: dict[str, int] = {}
        self._sizes: dict[str, int] = {}  # characters per guest this window
        self._room_load = [0, 0]  # messages, characters from all guests this window
        self._window_start = self.now_ms
        self._requests: dict[str, int] = {}  # seat id -> requests that changed the table
        self._broadcasts = 0  # how many times the views were sent (to tell a change)
        self._bad_joins: dict[str, int] = {}  # peer -> joins whose signature failed
        self._paced = False
        """Ticked at least once: the room's clock runs (the page ticks it every 500 ms), so
        the per-seat request limit, the join's cost and the coalescing of views apply. A room
        driven event by event without a clock (most unit tests) has no windows to count in."""
        self._views_this_tick: dict[str, int] = {}  # peer -> views sent since the last tick
        self._stale: set[str] = set()  # peers owed the latest view at the next tick
        self._asking: str | None = None  # the peer whose message is being handled
        self.succession_secret = secrets.token_hex(16)  # in every view: see room.succession
        self._reserved: dict[str, tuple[str, str]] = {}  # succession: id -> (name, key)
        self._carry: dict[str, Any] | None = None  # succession: the old room's ledger for the game
        self.door = Door()  # approval, knocks waiting for the host, removed keys
        self.bots: dict[str, BotPlace] = {}
        """The bots the host added, by their peer id: invited (``seat`` None, the page's
        client joins next) or seated. A peer in here is in-process (:meth:`in_process`)."""
        self._next_bot = 1
        self.invite = invite_for(self._identity.sign, self.code)
        """The room's invitation, for its share link: with approval on, newcomers without
        it cannot ask for a seat (:mod:`room.admission`)."""

    # --- public queries -------------------------------------------------------------------

    def seat_of_peer(self, peer: str) -> Seat | None:
        """The seat this connection holds, if it joined."""
        seat_id = self._peer_seat.get(peer)
        return self.seats.get(seat_id) if seat_id is not None else None

    def view_for(self, player_id: str) -> RoomView:
        """``player_id``'s view, built from scratch: only fields on the whitelist below
        (``room.viewtypes`` declares them)."""
        view: RoomView = {
            "room": self.code,
            "you": player_id,
            "host": self.host_id,
            "phase": self.phase.value,
            "settings": {
                "grace_s": self.grace_s,
                "timer_s": self.timer_s,
                "auto_deal": self.auto_deal,
                "advisor": self.advisor,
                "approval": self.door.approval,
                "game_id": self.game_id,
                "game": dict(self.game_settings),
                "next_game": (None if self.next_game is None else
                              {"game_id": self.next_game[0], "game": dict(self.next_game[1])}),
            },
            "players": [
                {
                    "id": seat.id,
                    "name": seat.name,
                    "is_host": seat.id == self.host_id,
                    "queued": seat.queued,
                    "connected": seat.connected,
                    "balance_cents": self.balances.get(seat.id, 0),
                    "key": seat.key,
                    "kind": (SeatKind.HUMAN if seat.level is None else SeatKind.BOT).value,
                    "level": seat.level,
                    "leaving": seat.leaving,
                }
                for seat in self.seats.values()
            ],
            "succession_secret": self.succession_secret,
            "bots": self._bot_levels(),
        }
        if player_id == self.host_id:  # who asks for a seat: for the host's eyes only
            view["requests"] = self.door.view()
        if self.game is not None and player_id in self.seats:
            view["game"] = self.game.view_for(player_id)
        return view

    def _bot_levels(self) -> dict[str, str]:
        """Player id -> level of the bots seated here and of the last
        :data:`GONE_BOTS_SHOWN` that left (bounded: a view must fit the wire)."""
        gone = [s for s in self.departed.values() if s.level is not None]
        return {s.id: s.level for s in (*gone[-GONE_BOTS_SHOWN:], *self.seats.values())
                if s.level is not None}

    def in_process(self, peer: str | None) -> bool:
        """Whether ``peer`` is on the host's own page: the host's seat or a bot's. Such a
        peer is never silent, never flooding and never cut off (the page is the host's)."""
        return peer == LOCAL_PEER or (peer is not None and peer in self.bots)

    def caller_of(self, peer: str) -> str:
        """The PeerJS id connection ``peer`` comes from, as the transport said at
        :class:`Connected` (else ``peer`` itself): what our challenge names and a join must
        have been signed on."""
        return self._callers.get(peer, peer)

    @property
    def peer_id(self) -> str:
        """This room's own PeerJS id (the address its guests dial)."""
        return peer_id_for(self.code)

    def _sync_game(self) -> None:
        """Tell the game who sits here now and take back who is queued and the balances.

        Called before anything the game does or shows, so it never acts on a stale roster
        (drops are noticed in many places: a closed transport, silence, a flood cut-off)."""
        if self.game is None:
            return
        self.game.set_players(self._player_infos(), self.now_ms)
        for s in self.seats.values():
            s.queued = self.game.is_queued(s.id)
        self.balances.update(self.game.balances())

    def _player_infos(self) -> list[PlayerInfo]:
        return [PlayerInfo(s.id, s.name, s.connected, s.id == self.host_id,
                           SeatKind.HUMAN if s.level is None else SeatKind.BOT)
                for s in self.seats.values()]

    def _attach(self, seat: Seat, peer: str) -> None:
        seat.peer = peer
        seat.connected = True
        seat.last_heard_ms = self.now_ms
        self._peer_seat[peer] = seat.id
        self._pending.pop(peer, None)

    def _detach(self, seat: Seat) -> None:
        if seat.peer is not None:
            self._peer_seat.pop(seat.peer, None)
            self._sent.pop(seat.peer, None)
        seat.peer = None
        seat.connected = False

    def _reject(self, peer: str, code: ErrorCode, detail: str) -> list[Outgoing]:
        """Refuse this connection for good (``rejected``, then closed); the host's own page
        only hears why."""
        if peer == LOCAL_PEER:  # the host's own loop is never cut: it only hears why
            return [self._refuse(peer, code, detail)]
        self._pending.pop(peer, None)
        self._challenges.pop(peer, None)
        self._callers.pop(peer, None)
        self._closed_peers.add(peer)
        return [self._send(peer, Rejected(code, peer_detail(code, detail)[:1000])), Close(peer)]

    def _refuse(self, peer: str, code: ErrorCode, detail: str) -> Send:
        """An ``error`` to ``peer`` alone: the one way a refusal is sent, so a bug of ours
        always says so (:func:`room.errors.peer_detail`)."""
        return self._send(peer, Error(code, peer_detail(code, detail)[:1000]))

    def _error(self, peer: str, exc: RoomError) -> Send:
        return self._refuse(peer, exc.code, exc.detail)

    def _welcome(self, seat: Seat) -> Send:
        assert seat.peer is not None
        return self._send(seat.peer, Welcome(seat.id, self.code))

    @staticmethod
    def _send(peer: str, msg: Message) -> Send:
        return Send(peer, msg.to_wire())

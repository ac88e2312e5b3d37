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

The game itself plugs in through :class:`room.game.GameSession` (the room never imports a
game: the page hands it a factory from ``games.registry``); until a game engine is given,
``start`` only moves the room to phase ``"playing"``. The room stays generic: it tells the
game who sits here (``set_players``) and what the host set (:class:`room.game.TableSettings`),
passes on actions after its validation ladder (:meth:`HostRoom._check_act`), and asks for
views, balances and who is queued.

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
host's token, passed as ``host_token``). Every connection opens with ``hello`` → ``challenge``
→ ``join``; a seat belongs to a public key, and a join counts only with a signature over this
connection's fresh challenge, so no token travels and a recorded join opens nothing. The
door (approval, removal) knows players by their keys as well.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from room.admission import Door, invite_for, invited
from room.codes import next_code, normalize_code, peer_id_for
from room.errors import InvalidName, MalformedMessage, NotAllowed, RoomError
from room.events import Close, Connected, Disconnected, Event, Outgoing, Received, Send, Tick
from room.game import (
    AUTO_DEAL_MS,
    GameFactory,
    GameSession,
    PlayerInfo,
    Request,
    TableRequest,
    TableSettings,
)
from room.identity import PEER_ID_RE, Identity, challenge_text, check, is_key, join_text
from room.messages import (
    Act,
    Admit,
    Challenge,
    Closed,
    Error,
    Hello,
    Join,
    Kick,
    Leave,
    Message,
    NextHand,
    Nonce,
    Ping,
    Pong,
    Rejected,
    SetApproval,
    SetAutoDeal,
    SetBet,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    Table,
    View,
    Waiting,
    Welcome,
    parse_request,
)
from room.names import clean_name, unique_name

LOCAL_PEER = "local"
MAX_PLAYERS = 10
DEFAULT_BASE_CENTS = 100
GUEST_SILENCE_MS = 3000  # > 3 s without a word: shown as disconnected (noticed within 5 s)
JOIN_TIMEOUT_MS = 15000  # a connection that never joins is cut off after this
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
MAX_BAD_JOINS = 3
"""Joins with a bad signature one connection may send before it is cut (``join/bad_signature``):
our client signs each challenge once; a retry crossing a new challenge may fail once."""
CUT_CODES = frozenset({"msg/too_big", "msg/too_deep"})
"""Malformed messages no client of ours ever sends: the connection is cut, not answered."""
DEFAULT_GRACE_S = 10  # the rules' default grace before a dropped player's default action
DEFAULT_TIMER_S = 30
"""The decision timer a room starts with. With none, a connected player who never acts holds
every hand hostage; 30 s is ample for one decision at a time, and the
host may change it (or switch it off, and remove a player who stalls)."""
AWAY_SEAT_MS = 60_000
"""A guest disconnected this long, with no stake in a running hand, gives up the seat (it
moves to ``departed``: the ledger row stays and their key still brings them back, if a seat
is free). So connections that come and go cannot fill the room for good."""
SNAPSHOT_VERSION = 2  # HostRoom.snapshot's format; restore refuses any other (1 kept tokens)
GameChooser = Callable[[str | None], GameFactory]
"""The page's game registry as the room sees it: a game id -> that game's factory, or
``RoomError`` ``game/unknown`` (``games.registry.factory``); None -> the page's default game
(the host picked none). The room imports and names no game."""


WAITING_TEXT = "The host has been asked to let you in; please wait."
NO_INVITE_TEXT = ("the host lets newcomers in by invitation: open the room's link from the "
                  "host (the room code alone is not enough)")
_SEAT_ID = re.compile(r"p[1-9][0-9]{0,5}")


def _has_game(games: GameChooser, game_id: Any) -> bool:
    """Whether this page's registry can make ``game_id``."""
    try:
        games(str(game_id))
    except RoomError:
        return False
    return True


def _carried_game(game: Mapping[str, Any]) -> dict[str, Any]:
    """What a game needs from the old room's game view to go on (its ``carry_over``): the
    ledger as public in the view, and the hand count, so hand numbers never repeat (the
    interrupted hand's number is used up: it is void). Rows a long ledger left out of the
    view are carried as one row, ``p0`` ("Earlier players"), so the ledger still sums to 0.

    The room reads no game's own fields, only this part every game's view shares (the table
    policy's, ``games.table.ledger``): ``hand_no`` (the last hand dealt, or being dealt),
    ``phase`` (``"results"`` once that hand is settled), ``seq``, and ``ledger`` with
    ``rows[]`` of ``id``/``name``/``hands``/``balance_cents``, ``bank_cents``, ``bank_hands``
    and ``omitted``. What it returns is the one shape every ``carry_over`` takes:
    ``{"ledger": rules.ledger.Ledger state, "hand_no": int, "seq": int, "view": the game view
    as it was}`` — ``view`` (public: what the new host's last view showed) for what only the
    game knows how to read, such as a table game's stacks as they were when the interrupted
    hand started. A change of game between hands (:meth:`HostRoom._switch_game`) hands the
    new game the same shape, from the old game's view at that moment (phase ``"results"``,
    or ``"waiting"`` before any hand: nothing is interrupted)."""
    ledger = game["ledger"]
    rows = [[r["id"], r["name"], int(r["hands"]), int(r["balance_cents"])]
            for r in ledger["rows"]]
    bank_cents, bank_hands = int(ledger["bank_cents"]), int(ledger["bank_hands"])
    rest = -(sum(r[3] for r in rows) + bank_cents)
    if rest or ledger.get("omitted"):
        rows.append(["p0", "Earlier players", 0, rest])
    settled = int(game["hand_no"]) - (0 if game["phase"] in ("results", "waiting") else 1)
    return {
        "ledger": {"rows": rows, "bank": [bank_cents, bank_hands], "hands_applied": settled},
        "hand_no": int(game["hand_no"]),
        "seq": int(game["seq"]),
        "view": dict(game),
    }


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


class HostRoom:
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
        self.base_cents = DEFAULT_BASE_CENTS
        self.grace_s = DEFAULT_GRACE_S
        self.timer_s = DEFAULT_TIMER_S
        self.auto_deal = False
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
        self.invite = invite_for(self._identity.sign, self.code)
        """The room's invitation, for its share link: with approval on, newcomers without
        it cannot ask for a seat (:mod:`room.admission`)."""

    # --- public queries -------------------------------------------------------------------

    def seat_of_peer(self, peer: str) -> Seat | None:
        """The seat this connection holds, if it joined."""
        seat_id = self._peer_seat.get(peer)
        return self.seats.get(seat_id) if seat_id is not None else None

    def view_for(self, player_id: str) -> dict[str, Any]:
        """``player_id``'s view, built from scratch: only fields on the whitelist below."""
        view: dict[str, Any] = {
            "room": self.code,
            "you": player_id,
            "host": self.host_id,
            "phase": self.phase.value,
            "base_cents": self.base_cents,
            "settings": {
                "grace_s": self.grace_s,
                "timer_s": self.timer_s,
                "auto_deal": self.auto_deal,
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
                }
                for seat in self.seats.values()
            ],
            "succession_secret": self.succession_secret,
        }
        if player_id == self.host_id:  # who asks for a seat: for the host's eyes only
            view["requests"] = self.door.view()
        if self.game is not None and player_id in self.seats:
            view["game"] = self.game.view_for(player_id)
        return view

    # --- the host's own snapshot (page reload) ----------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole room as JSON-ready data, to survive a reload of the host's page.

        For the host's own browser storage only: it holds the host's rejoin token (the room's
        signing key) and the running hand's cards and seed, so it must never be sent to anyone
        (no message carries it; the tests check no output does). Seats are kept by public key.
        Connections are not in it: after :meth:`restore` every guest counts as disconnected
        until it joins again (the grace period runs meanwhile), and the host's own seat rejoins
        through :data:`LOCAL_PEER`.
        """
        def seat(s: Seat) -> list[Any]:
            return [s.id, s.name, s.key, s.queued]

        return {
            "snapshot": SNAPSHOT_VERSION,
            "code": self.code,
            "host_token": self._host_token,
            "now_ms": self.now_ms,
            "phase": self.phase.value,
            "base_cents": self.base_cents,
            "grace_s": self.grace_s,
            "timer_s": self.timer_s,
            "auto_deal": self.auto_deal,
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
        for data that is not a snapshot of this version (e.g. a stale or edited storage).
        """
        if not isinstance(snapshot, Mapping) or snapshot.get("snapshot") != SNAPSHOT_VERSION:
            raise RoomError("not a room snapshot of this version", "snapshot/version")
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
            room.base_cents = int(snapshot["base_cents"])
            room.grace_s, room.timer_s = int(snapshot["grace_s"]), int(snapshot["timer_s"])
            room.auto_deal = bool(snapshot["auto_deal"])
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
            if snapshot["game"] is not None:
                make = room._factory()
                if make is None:
                    raise RoomError("the snapshot has a game: pass its game factory",
                                    "snapshot/no_factory")
                room.game = make()
                room.game.restore(snapshot["game"], room.now_ms)
                room._sync_game()
        except (KeyError, TypeError, ValueError) as exc:  # RoomError is a ValueError too
            if isinstance(exc, RoomError) and exc.code.startswith("snapshot/"):
                raise
            raise RoomError(f"a broken room snapshot: {exc!r}"[:300], "snapshot/broken") from None
        return room

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
                                "succession/bad_token")
            settings = last_view["settings"]
            room.base_cents = int(last_view["base_cents"])
            room.grace_s, room.timer_s = int(settings["grace_s"]), int(settings["timer_s"])
            room.auto_deal = bool(settings["auto_deal"])
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
                            "succession/bad_view") from None
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
            return self._reject(peer, "room/closed", "this room has been closed by its host")
        if peer not in self._peer_seat:
            self._pending.setdefault(peer, self.now_ms)
        self._challenges.pop(peer, None)  # a new connection: a new handshake
        if caller is not None:
            self._callers[peer] = caller
        return []

    def caller_of(self, peer: str) -> str:
        """The PeerJS id connection ``peer`` comes from, as the transport said at
        :class:`Connected` (else ``peer`` itself): what our challenge names and a join must
        have been signed on."""
        return self._callers.get(peer, peer)

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
        if seat is None or peer == LOCAL_PEER:
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
                out += self._reject(peer, "join/timeout", "no join message arrived in time")
        changed = False
        for knock in self.door.expire(self.now_ms):
            out += self._reject(knock.peer, "join/not_admitted",
                                "the host did not answer your request for a seat")
            changed = True
        for seat in self.seats.values():
            if (
                seat.connected
                and seat.peer != LOCAL_PEER
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

    def _send_stale(self) -> list[Outgoing]:
        """The latest view for each connection whose views were coalesced since the last
        tick (:data:`VIEW_BURST`)."""
        stale, self._stale = self._stale, set()
        return [self._view_message(seat) for seat in self.seats.values()
                if seat.peer in stale and seat.peer not in self._closed_peers]

    def _on_received(self, peer: str, text: str) -> list[Outgoing]:
        if peer in self._closed_peers:
            return []  # cut off already; the transport may still flush a few messages
        if self.phase is RoomPhase.CLOSED:
            return self._reject(peer, "room/closed", "this room has been closed by its host")
        seat = self.seat_of_peer(peer)
        if seat is None and self.door.by_peer(peer) is None:  # a knock waits for the host
            self._pending.setdefault(peer, self.now_ms)
        out: list[Outgoing] = []
        if peer != LOCAL_PEER:
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
            if exc.code in CUT_CODES and peer != LOCAL_PEER:
                return [*out, *self._cut_off(peer, exc.code, exc.detail)]
            return [*out, self._error(peer, exc)]
        if isinstance(msg, Ping):
            return out + self._on_ping(peer, seat, msg)
        if isinstance(msg, Hello):
            return out + self._on_hello(peer, msg)
        if isinstance(msg, Join):
            return out + self._on_join(peer, seat, msg)
        if seat is None:
            return [*out, self._send(peer, Error("auth/not_joined", "send join first"))]
        limited = peer != LOCAL_PEER and self._paced
        if limited and self._requests.get(seat.id, 0) >= SEAT_REQUESTS:
            return [*out, self._send(peer, Error(
                "msg/too_fast", f"more than {SEAT_REQUESTS} changes a second from your seat: "
                                "this request was not done; try again in a moment"))]
        broadcasts = self._broadcasts
        try:
            out += self._on_request(seat, msg)
        except RoomError as exc:
            return [*out, self._error(peer, exc)]
        if limited and self._broadcasts != broadcasts:  # it changed the table: it counts
            self._requests[seat.id] = self._requests.get(seat.id, 0) + 1
        return out

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
            return self._cut_off(peer, "msg/flood",
                                 f"more than {FLOOD_BYTES} characters a second"), True
        if self._room_load[0] > ROOM_MESSAGES or self._room_load[1] > ROOM_BYTES:
            heaviest = self._heaviest_guest()
            out = self._cut_off(heaviest, "msg/flood",
                                "the room is busier than it can serve; you sent the most")
            return out, heaviest == peer
        return [], False

    def _on_ping(self, peer: str, seat: Seat | None, msg: Ping) -> list[Outgoing]:
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

    def _on_hello(self, peer: str, msg: Hello) -> list[Outgoing]:
        """Prove this room's key over the guest's fresh nonce and one of ours, for the caller
        this connection comes from. A repeated hello (a retry) gets the same challenge, so a
        join already on its way still counts."""
        caller = self.caller_of(peer)
        if not PEER_ID_RE.fullmatch(caller):  # an adapter's id no handshake can name
            return self._reject(peer, "join/no_caller", "this connection's caller is unknown")
        current = self._challenges.get(peer)
        if current is None or current[0] != msg.nonce:
            current = (msg.nonce, secrets.token_hex(16))
            self._challenges[peer] = current
        guest_nonce, host_nonce = current
        sig = self._identity.sign(
            challenge_text(self.code, guest_nonce, host_nonce, self.peer_id, caller))
        return [self._send(peer, Challenge(self.key, host_nonce, sig, caller))]

    @property
    def peer_id(self) -> str:
        """This room's own PeerJS id (the address its guests dial)."""
        return peer_id_for(self.code)

    def _on_join(self, peer: str, seat: Seat | None, msg: Join) -> list[Outgoing]:
        challenge = self._challenges.get(peer)
        if challenge is None:
            return [self._send(peer, Error("join/no_challenge",
                                           "say hello first, then sign its challenge"))]
        caller = self.caller_of(peer)
        if msg.caller != caller:  # signed on someone else's connection, passed on here
            return self._reject(peer, "join/relayed", (
                f"this join was signed on a connection from {msg.caller} and arrived on one "
                f"from {caller}: someone is passing another player's messages on"))
        out: list[Outgoing] = []
        if peer != LOCAL_PEER and self._paced:  # the signature check is the expensive part
            out, cut = self._charge(peer, JOIN_COST - 1, 0)
            if cut:
                return out
        signed = join_text(self.code, self.key, *challenge, caller, self.peer_id)
        if not check(msg.key, signed, msg.sig):
            bad = self._bad_joins[peer] = self._bad_joins.get(peer, 0) + 1
            detail = ("the join is not signed for this connection's challenge, room, host and "
                      "caller")
            if bad >= MAX_BAD_JOINS and peer != LOCAL_PEER:
                return [*out, *self._cut_off(peer, "join/bad_signature", detail)]
            return [*out, self._send(peer, Error("join/bad_signature", detail))]
        return [*out, *self._on_join_checked(peer, seat, msg)]

    def _on_join_checked(self, peer: str, seat: Seat | None, msg: Join) -> list[Outgoing]:
        """A join whose signature checked out: a seat, a knock, or why not."""
        if seat is not None:
            if seat.key == msg.key:  # a duplicate join: same seat, repeat the answer
                return [self._welcome(seat), self._view_message(seat)]
            return [self._send(peer, Error("join/already_joined",
                                           f"this connection already sits as {seat.id}"))]
        knock = self.door.by_peer(peer)
        if knock is not None:
            if knock.token == msg.key:  # a repeated join while waiting: still waiting
                return [self._send(peer, Waiting(WAITING_TEXT))]
            return [self._send(peer, Error("join/waiting", "this connection already asked "
                                                           "for a seat; wait for the host"))]
        if (msg.key == self.key) != (peer == LOCAL_PEER):
            return [self._send(peer, Error(
                "join/bad_key", "only the host's own page joins with the host's key"
                if peer != LOCAL_PEER else "this is not the key of this room's host"))]
        try:
            name = clean_name(msg.name)
        except InvalidName as exc:
            return [self._error(peer, exc)]
        if self.door.is_removed(msg.key):
            return self._reject(peer, "join/removed", "the host removed you from this room")
        for existing in self.seats.values():
            if existing.key == msg.key:
                return self._rejoin(peer, existing)
        for gone in self.departed.values():
            if gone.key == msg.key:
                return self._return_departed(peer, gone)
        if len(self.seats) >= MAX_PLAYERS:
            return self._reject(peer, "room/full", f"the room already has {MAX_PLAYERS} players")
        seat_id = f"p{self._next_seat}"
        claimed = [pid for pid, (_, key) in self._reserved.items() if key == msg.key]
        if claimed:  # back from the room before the succession: same seat, same balance
            seat_id = claimed[0]
            if (seat_id == self.host_id) != (peer == LOCAL_PEER):
                return [self._send(peer, Error("join/bad_key",
                                               "this key belongs to a seat you cannot take"))]
            name = self._reserved.pop(seat_id)[0]
        elif peer == LOCAL_PEER and self.host_id is not None and self.host_id not in self.seats:
            return [self._send(peer, Error("join/bad_key",
                                           "this is not the key of this room's host"))]
        elif peer != LOCAL_PEER and self.door.approval:
            if self.door.is_denied(msg.key):
                return self._reject(peer, "join/denied", "the host did not let you in")
            if not invited(msg.invite, self.invite):
                return self._reject(peer, "join/no_invite", NO_INVITE_TEXT)
            return self._knock(peer, name, msg.key)
        else:
            self._next_seat += 1
        return self._take_seat(peer, seat_id, name, msg.key, newcomer=not claimed)

    def _take_seat(
        self, peer: str, seat_id: str, name: str, key: str, newcomer: bool
    ) -> list[Outgoing]:
        taken = [s.name for s in self.seats.values()]
        if newcomer:  # a newcomer cannot pass for an old player still on the way back
            taken += [n for n, _ in self._reserved.values()]
        seat = Seat(
            id=seat_id,
            name=unique_name(name, taken),
            key=key,
            peer=peer,
            connected=True,
            queued=self.phase is not RoomPhase.LOBBY,
            last_heard_ms=self.now_ms,
        )
        if peer == LOCAL_PEER and self.host_id is None:
            self.host_id = seat.id
        self.seats[seat.id] = seat
        self.balances.setdefault(seat.id, 0)
        self._attach(seat, peer)
        return [self._welcome(seat), *self._broadcast()]

    def _knock(self, peer: str, name: str, key: str) -> list[Outgoing]:
        """Approval is on: the newcomer waits for the host's answer (``admit``)."""
        try:
            self.door.knock(peer, name, key, self.now_ms)
        except RoomError as exc:
            return self._reject(peer, exc.code, exc.detail)
        self._pending.pop(peer, None)  # not cut off by the join timeout while it waits
        return [self._send(peer, Waiting(WAITING_TEXT)), *self._broadcast()]

    def _on_admit(self, msg: Admit) -> list[Outgoing]:
        knock = self.door.take(msg.request)
        if knock.peer in self._closed_peers:
            raise RoomError(f"{knock.name} has gone", "door/unknown")
        if not msg.accept:
            self.door.deny(knock.token)
            return [*self._reject(knock.peer, "join/denied",
                                  "the host did not let you in"), *self._broadcast()]
        if len(self.seats) >= MAX_PLAYERS:
            return [*self._reject(knock.peer, "room/full",
                                  f"the room already has {MAX_PLAYERS} players"),
                    *self._broadcast()]
        seat_id = f"p{self._next_seat}"
        self._next_seat += 1
        return self._take_seat(knock.peer, seat_id, knock.name, knock.token, newcomer=True)

    def _remove(self, target: Seat) -> list[Outgoing]:
        """The host removes ``target``: key barred, seat gone (balance kept), connection
        closed, and a stake in the running hand played out by the game."""
        self.door.remove(target.key)
        peer = target.peer
        del self.seats[target.id]
        self.departed[target.id] = target
        self._detach(target)
        out: list[Outgoing] = []
        if peer is not None and peer not in self._closed_peers:
            out += [self._send(peer, Closed("removed")), Close(peer)]
            self._closed_peers.add(peer)
        if self.game is not None:
            self._sync_game()
            self.game.play_out(target.id)
            self.game.tick(self.now_ms)
        return out + self._broadcast()

    def _free_away_seats(self) -> list[Outgoing]:
        """Seats of guests gone :data:`AWAY_SEAT_MS` with nothing at stake move to
        ``departed`` (their key brings them back while a seat is free)."""
        out: list[Outgoing] = []
        for seat in list(self.seats.values()):
            if (
                seat.connected
                or seat.id == self.host_id
                or self.now_ms - seat.last_heard_ms < AWAY_SEAT_MS
                or (self.game is not None and self.game.holds(seat.id))
            ):
                continue
            peer = seat.peer
            del self.seats[seat.id]
            self.departed[seat.id] = seat
            self._detach(seat)
            if peer is not None and peer not in self._closed_peers:
                out.append(Close(peer))  # a silent connection: if it lives, it rejoins
                self._closed_peers.add(peer)
            if self.game is not None:
                self._sync_game()
        return out

    def _rejoin(self, peer: str, seat: Seat) -> list[Outgoing]:
        if (seat.id == self.host_id) != (peer == LOCAL_PEER):
            return [self._send(peer, Error("join/bad_key",
                                           "this key belongs to a seat you cannot take"))]
        out: list[Outgoing] = []
        old = seat.peer
        if old is not None and old != peer:
            self._peer_seat.pop(old, None)
            if old not in self._closed_peers:
                out += [self._send(old, Closed("replaced")), Close(old)]
                self._closed_peers.add(old)
        self._attach(seat, peer)
        return [*out, self._welcome(seat), *self._broadcast()]

    def _return_departed(self, peer: str, gone: Seat) -> list[Outgoing]:
        if peer == LOCAL_PEER:
            return [self._send(peer, Error("join/bad_key",
                                           "this key belongs to a seat you cannot take"))]
        if len(self.seats) >= MAX_PLAYERS:
            return self._reject(peer, "room/full", f"the room already has {MAX_PLAYERS} players")
        del self.departed[gone.id]
        gone.name = unique_name(gone.name, (s.name for s in self.seats.values()))
        gone.queued = self.phase is not RoomPhase.LOBBY
        self.seats[gone.id] = gone  # seat order: back at the end of the table
        self._attach(gone, peer)
        return [self._welcome(gone), *self._broadcast()]

    def _on_request(self, seat: Seat, msg: Message) -> list[Outgoing]:
        if isinstance(msg, Leave):
            return self._on_leave(seat)
        if isinstance(msg, SetBet):
            self._require_host(seat, "set the bet")
            if msg.cents == self.base_cents:
                return []
            self.base_cents = msg.cents  # a running hand keeps its bet; the next one uses this
            return self._configure()
        if isinstance(msg, SetGrace):
            self._require_host(seat, "set the grace period")
            if msg.seconds == self.grace_s:
                return []
            self.grace_s = msg.seconds
            return self._configure()
        if isinstance(msg, SetTimer):
            self._require_host(seat, "set the decision timer")
            if msg.seconds == self.timer_s:
                return []
            self.timer_s = msg.seconds
            return self._configure()
        if isinstance(msg, SetAutoDeal):
            self._require_host(seat, "switch auto-deal")
            if msg.on == self.auto_deal:
                return []
            self.auto_deal = msg.on
            return self._configure()
        if isinstance(msg, SetGame):
            self._require_host(seat, "choose the game")
            if self._games is None:
                raise RoomError("this room plays one game only", "game/unknown")
            make = self._games(msg.game)  # game/unknown for an id the registry does not have
            if self.game is None:  # the lobby: played from Start
                self.game_id, self.game_settings = msg.game, dict(msg.settings)
                return self._broadcast()
            return self._change_game(make, msg.game, dict(msg.settings))
        if isinstance(msg, SetApproval):
            self._require_host(seat, "ask for approval of newcomers")
            if msg.on == self.door.approval:
                return []
            self.door.approval = msg.on
            return self._broadcast()
        if isinstance(msg, Admit):
            self._require_host(seat, "let newcomers in")
            return self._on_admit(msg)
        if isinstance(msg, Kick):
            self._require_host(seat, "remove a player")
            target = self.seats.get(msg.player)
            if target is None:
                raise RoomError(f"{msg.player} is not seated in this room", "kick/unknown")
            if target.id == self.host_id:
                raise RoomError("the host cannot remove themselves; close the room instead",
                                "kick/host")
            return self._remove(target)
        if isinstance(msg, Start):
            self._require_host(seat, "start the game")
            if self.phase is not RoomPhase.LOBBY:
                raise RoomError("the game has already started", "game/already_started")
            return self._start()
        if isinstance(msg, NextHand):
            self._require_host(seat, "deal the next hand")
            if self.phase is RoomPhase.LOBBY:
                return self._start()
            if self.game is None:
                raise RoomError("no game is running", "game/not_running")
            self._sync_game()
            if self.next_game is not None and self._between_hands():
                self._switch_game(keep_if=("game/no_players",))
                return self._broadcast()
            self.game.next_hand()
            return self._broadcast()
        if isinstance(msg, Nonce):
            if self.game is None:
                raise RoomError("no deal is waiting for nonces", "fair/not_dealing")
            self._sync_game()
            return self._broadcast() if self.game.handle_nonce(seat.id, msg) else []
        if isinstance(msg, Table):
            # The game names its table requests; the room only enforces who the host is.
            if self.game is None:
                raise RoomError("no game is running", "game/not_running")
            host_words = self.game.table_host_only(msg.action)
            if host_words is not None:
                self._require_host(seat, host_words)
            self._sync_game()
            if self.game.handle_table(seat.id, TableRequest.of(msg)) is False:
                return []  # it changed nothing: nobody's view is rebuilt or sent
            return self._broadcast()
        if isinstance(msg, Act):
            self._check_act(seat, msg)
            assert self.game is not None
            self.game.handle_action(seat.id, Request.of(msg))
            return self._broadcast()
        raise AssertionError(f"unhandled request {msg!r}")  # parse_request lets nothing else in

    def _check_act(self, seat: Seat, msg: Act) -> None:
        """The validation ladder every game's requests climb before the game sees them, in
        this order (the first refusal wins; each changes nothing):

        1. ``game/not_running``: no game is running (the lobby);
        2. ``game/queued``: the player waits to be dealt in at the next hand;
        3. ``game/dealing``: a deal waits for nonces, nobody has cards yet;
        4. ``game/stale``: the request was chosen on a view with another game ``seq`` (a
           double click landing after the table moved on);
        5. ``game/not_your_turn``: the player is not among ``game.to_act()`` (acted already
           this round, the hand is over, or another seat is to act).

        Then the game itself refuses what it does not allow (a verb it does not have, an
        amount or cards it does not take, a move its rules forbid now), with a precise code
        of its own (``game/illegal``...): the wire bounded only the verb's shape, since the
        room knows no game's verbs. Queued and dealing come before the seq so a player who
        has no cards yet hears why, not that their view is old (the first game's codes before
        the ladder moved here)."""
        game = self.game
        if game is None:
            raise RoomError("no game is running", "game/not_running")
        self._sync_game()
        if seat.queued:
            raise RoomError("you are dealt in at the next hand", "game/queued")
        if game.is_dealing():
            raise RoomError("the next hand is being dealt; wait for your cards", "game/dealing")
        if msg.seq != game.seq:
            raise RoomError(
                f"that {msg.action} was chosen on an older view (seq {msg.seq}; "
                f"the table is at seq {game.seq}); nothing was done",
                "game/stale",
            )
        to_act = game.to_act()
        if seat.id not in to_act:
            names = [s.name for s in self.seats.values() if s.id in to_act]
            waiting = f"waiting for {', '.join(names)}" if names else "nobody is to act now"
            raise RoomError(f"it is not your turn to {msg.action} ({waiting})",
                            "game/not_your_turn")

    def _start(self) -> list[Outgoing]:
        self.phase = RoomPhase.PLAYING
        for s in self.seats.values():
            s.queued = False
        make = self._factory()
        if make is not None:
            try:
                self.game = make()
                if self._carry is not None:
                    self.game.carry_over(self._carry)  # the ledger of the room before the
                    # succession
                self.game.configure(self._settings())
                self._sync_game()
            except RoomError:  # nothing to go on from, or settings it refuses: the lobby
                self.game = None
                self.phase = RoomPhase.LOBBY
                raise
            try:
                self.game.next_hand()
            except RoomError as exc:
                if exc.code != "game/no_players":
                    self.game = None
                    self.phase = RoomPhase.LOBBY
                    raise
                # Nobody can be dealt in yet (a cash table: the players buy in at the table,
                # which needs the game): play on with its waiting table; the host deals next.
        return self._broadcast()

    def _factory(self) -> GameFactory | None:
        """The factory of the game to play: the picked game's from the registry, else the
        one game the room was made with."""
        if self._games is not None:
            return self._games(self.game_id)  # None: the page's default game
        return self._game_factory

    def _settings(self, game: Mapping[str, Any] | None = None) -> TableSettings:
        """The settings the game is told: ``game``'s own (default: the running game's). While
        a change of game waits, the old game does not deal by itself: the room deals the new
        one (:meth:`_auto_switch`)."""
        return TableSettings(
            base_cents=self.base_cents,
            grace_ms=self.grace_s * 1000,
            timer_ms=self.timer_s * 1000,
            auto_deal=self.auto_deal and (game is not None or self.next_game is None),
            game=MappingProxyType(dict(self.game_settings if game is None else game)),
        )

    # --- a change of game while a game runs -----------------------------------------------

    def _change_game(self, make: GameFactory, game_id: str,
                     settings: dict[str, Any]) -> list[Outgoing]:
        """The host's ``set_game`` while a game runs. The same game: new settings, judged by
        the game now, taken by its next hand. Another game: checked now by building it from
        this one's books (refusals change nothing), played from the next deal — the host's
        Deal, or auto-deal :data:`~room.game.AUTO_DEAL_MS` after the hand ends — with the
        ledger, and what the new game can read of the table (a table game: seats and stacks),
        carried over, so no money is lost. Asking for the game being played calls a waiting
        change off."""
        assert self.game is not None
        self._sync_game()
        if game_id == self.game.game_id:
            before = self.game_settings, self.next_game
            self.game_settings, self.next_game = settings, None
            try:
                return self._configure()
            except RoomError:
                self.game_settings, self.next_game = before
                self._configure()
                raise
        self._build_game(make, settings)  # refused here if the settings do not fit
        self.next_game = (game_id, settings)
        self._between_since = None
        return self._configure()  # the old game stops auto-dealing

    def _build_game(self, make: GameFactory, settings: Mapping[str, Any]) -> GameSession:
        """A new game that goes on from the running one's books (its public view, as a
        succession's new game does), told the players and configured."""
        assert self.game is not None and self.host_id is not None
        carried = _carried_game(self.game.view_for(self.host_id))
        game = make()
        game.carry_over(carried)
        game.set_players(self._player_infos(), self.now_ms)
        game.configure(self._settings(settings))
        return game

    def _between_hands(self) -> bool:
        """No hand is being played or dealt: nobody, seated or gone, has a stake."""
        game = self.game
        return game is not None and not game.is_dealing() and not any(
            game.holds(pid) for pid in (*self.seats, *self.departed))

    def _switch_game(self, keep_if: tuple[str, ...]) -> None:
        """Plays the waiting change of game: the new game takes over and deals. If it cannot
        deal, the old game stays (nothing changed) unless the reason is in ``keep_if``."""
        assert self.next_game is not None and self._games is not None
        game_id, settings = self.next_game
        old, old_choice = self.game, (self.game_id, self.game_settings)
        new = self._build_game(self._games(game_id), settings)
        self.game, self.game_id, self.game_settings = new, game_id, settings
        self.next_game, self._between_since = None, None
        try:
            self._sync_game()
            new.next_hand()
        except RoomError as exc:
            if exc.code not in keep_if:
                self.game, self.next_game = old, (game_id, settings)
                self.game_id, self.game_settings = old_choice
                raise
        self._sync_game()

    def _auto_switch(self) -> bool:
        """With auto-deal on, a waiting change of game is dealt :data:`AUTO_DEAL_MS` after the
        hand ends (the old game's results stay on the table until then). True if it was."""
        if self.next_game is None or not self.auto_deal or not self._between_hands():
            self._between_since = None
            return False
        if self._between_since is None:
            self._between_since = self.now_ms
        if self.now_ms < self._between_since + AUTO_DEAL_MS:
            return False
        try:
            self._switch_game(keep_if=("game/no_players", "game/paused"))
        except RoomError:
            self.next_game = None  # the new game cannot be played here: the old one goes on
            self._configure()
        return True

    def _configure(self) -> list[Outgoing]:
        if self.game is not None:
            self._sync_game()
            self.game.configure(self._settings())
        return self._broadcast()

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
        return [PlayerInfo(s.id, s.name, s.connected, s.id == self.host_id)
                for s in self.seats.values()]

    def _on_leave(self, seat: Seat) -> list[Outgoing]:
        out: list[Outgoing] = []
        if seat.id == self.host_id:
            self.phase = RoomPhase.CLOSED
            for other in self.seats.values():
                if other.peer is not None and other.peer not in self._closed_peers:
                    if other.peer == LOCAL_PEER:
                        out.append(self._send(LOCAL_PEER, Closed("left")))
                    else:
                        out += [self._send(other.peer, Closed("host_left")), Close(other.peer)]
                        self._closed_peers.add(other.peer)
            for waiting in list(self._pending):
                out += self._reject(waiting, "room/closed",
                                    "this room has been closed by its host")
            return out
        peer = seat.peer
        del self.seats[seat.id]
        self.departed[seat.id] = seat
        self._detach(seat)
        if peer is not None:
            out += [self._send(peer, Closed("left")), Close(peer)]
            self._closed_peers.add(peer)
        return out + self._broadcast()

    # --- helpers ----------------------------------------------------------------------------

    def _require_host(self, seat: Seat, what: str) -> None:
        if seat.id != self.host_id:
            raise NotAllowed(f"only the host can {what}", "auth/not_host")

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

    def _cut_off_flooder(self, peer: str) -> list[Outgoing]:
        return self._cut_off(peer, "msg/flood", f"more than {FLOOD_LIMIT} messages a second")

    def _cut_off(self, peer: str, code: str, detail: str) -> list[Outgoing]:
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

    def _heaviest_guest(self) -> str:
        """The guest connection that used most of this window's budget (messages and
        characters, each against its per-guest limit)."""
        return max(self._counts, key=lambda p: (
            self._counts[p] / FLOOD_LIMIT + self._sizes.get(p, 0) / FLOOD_BYTES))

    def _reject(self, peer: str, code: str, detail: str) -> list[Outgoing]:
        if peer == LOCAL_PEER:  # the host's own loop is never cut: it only hears why
            return [self._send(peer, Error(code, detail))]
        self._pending.pop(peer, None)
        self._challenges.pop(peer, None)
        self._callers.pop(peer, None)
        self._closed_peers.add(peer)
        return [self._send(peer, Rejected(code, detail)), Close(peer)]

    def _error(self, peer: str, exc: RoomError) -> Send:
        return self._send(peer, Error(exc.code, exc.detail[:1000]))

    def _welcome(self, seat: Seat) -> Send:
        assert seat.peer is not None
        return self._send(seat.peer, Welcome(seat.id, self.code))

    def _view_message(self, seat: Seat) -> Send:
        assert seat.peer is not None
        self._sync_game()
        self._view_seq += 1
        self._sent[seat.peer] = (self._view_seq, self.now_ms)
        self._views_this_tick[seat.peer] = self._views_this_tick.get(seat.peer, 0) + 1
        self._stale.discard(seat.peer)
        try:
            return self._send(seat.peer, View(self._view_seq, self.view_for(seat.id)))
        except MalformedMessage as exc:  # over 16 kB: the game keeps its views smaller, but a
            # view that still outgrows the wire must not take the room down with it
            return self._send(seat.peer, Error("view/too_big", exc.detail[:1000]))

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

    @staticmethod
    def _send(peer: str, msg: Message) -> Send:
        return Send(peer, msg.to_wire())

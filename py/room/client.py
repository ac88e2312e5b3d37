"""The guest side of the protocol (sans-IO), used by guests *and* by the host's own seat.

The web layer feeds it texts and clock readings and sends what it returns; it holds the
latest view for rendering. Using the same client for the host's seat means the host's
screen is drawn from exactly what a guest would get — no shortcut around the rules.

Before it says anything that matters the client makes the peer at the room's address prove
it is the room's host (:mod:`room.identity`): ``hello`` with a fresh nonce, then a
``challenge`` signed by the key it expects — ``host_key``, from the share link, the key pinned
when it last sat in this room, or a successor's key from the last view; with none (a code
typed by hand, first visit) it trusts the first key shown and pins it. Only then does it send
``join``, signed for that challenge. The token never leaves the client. A peer that fails
the check gets nothing more: the status is ``UNVERIFIED`` and the page closes that connection.
The challenge must also name our own PeerJS id as the caller the host answered: a genuine
challenge naming another caller came through someone who dialled the host in our place and
passed our hello on (``unverified == "relayed"``).

Every hand's provably fair deal is checked here, by this browser: the commitment and the
hand's public dealing order published before our nonce, every card each view shows placed by
that order (never by the host: the game's :data:`DealReader`, which the page hands over as
``deal_rules`` from its games registry — the room names no game), and at results the revealed
seed. :meth:`GuestClient.verdict` is the verdict on the hand on screen
(``static/rules/fair-deal.md``).

>>> c = GuestClient('Ann', 'a' * 16, room='ABCD234')
>>> [text] = c.hello(0, 'my-peer-id')
>>> text.startswith('{"v":1,"type":"hello","nonce":'), 'aaaa' in text
(True, False)
>>> c.status
<ClientStatus.CONNECTING: 'connecting'>
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Collection, Mapping
from enum import StrEnum
from typing import Any

from rules.fairdeal import (
    FairDealError,
    Placed,
    Verdict,
    new_nonce,
    order_deck,
    verify_dealt,
)

from room.codes import NOBODY_GRACE_MS, decide, is_valid_code, peer_id_for, successor
from room.errors import ExportError, MalformedMessage
from room.export import history_entry
from room.identity import PEER_ID_RE, Identity, challenge_text, check, is_key, join_text
from room.messages import (
    TOKEN_RE,
    Act,
    Admit,
    Bot,
    Challenge,
    Closed,
    Error,
    Hello,
    Join,
    Kick,
    Leave,
    NextHand,
    Nonce,
    Ping,
    Pong,
    Rejected,
    SetAdvisor,
    SetApproval,
    SetAutoDeal,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    Table,
    View,
    Waiting,
    Welcome,
    parse_reply,
)
from room.names import clean_name
from room.viewtypes import ClientSnapshot, Refusal

HEARTBEAT_MS = 1000  # ping the host this often
HOST_SILENCE_MS = 5000  # nothing from the host for longer than this: LOST
JOIN_RETRY_MS = 2000  # no answer to join yet: send it again (duplicates are harmless)
FAIR_MEMORY_HANDS = 4  # deal records kept for this many deals before the latest one
MAX_PLACED = 64
"""Whole hands (:class:`rules.fairdeal.Placed` of several cards) kept per deal: a showdown
shows ten at most; more means a host varying what it shows."""
_CARD_RE = re.compile(r"[2-9TJQKA][cdhs]")
DealReader = Callable[[Mapping[str, Any], Mapping[str, Any], Collection[str], "str | None"],
                      list[Placed]]
"""A game's reading of its own views (``(game view, the dealing order published before the
nonces, the players whose nonce is in the set, our id) -> the places of the public dealing
order holding the cards the view shows``; ``ValueError`` saying why for a view that
contradicts the published order). The page hands the client ``games.registry.deal_reader``:
the room knows no game, and a card's place never comes from the host."""
DealRules = Callable[[object], "DealReader | None"]
"""Game id of a view -> its :data:`DealReader` (None: a game this page cannot check)."""
NOT_FAIR = Verdict(False, "This hand was not dealt through the provably fair deal: the host "
                          "published no commitment for it, so its cards cannot be checked.")
"""The verdict on a hand whose views carry no deal record (a fixed deck, or a host that
skipped the fair deal): not a verdict of an earlier hand."""
BLOCKED_REASONS = frozenset({"taken", "impostor", "nobody"})
"""Why a succession stopped (:meth:`GuestClient.block`)."""
NAME_LISTS = frozenset({"queued"})
"""Keys of the game view whose lists hold names, not cards (a player may be called "Kd")."""


def _cards_shown(game: Any) -> list[str]:
    """Every card a game view shows, wherever it is: the items of each list made only of
    cards and face-down ``"??"`` (hole cards, boards, a showdown's hands), outside the deal's
    own record (``fair``) and the lists of names. Generic: no game's layout is known here.
    Iterative, so a deeply nested view from a hostile host cannot exhaust the stack.

    >>> _cards_shown({"you": {"hole": ["As", "Kd"]}, "board1": ["??"], "queued": ["Qh"],
    ...               "fair": {"cards": [[0, "As"]]}, "seats": [{"name": "Jc"}]})
    ['As', 'Kd']
    """
    found: list[str] = []
    stack: list[tuple[str, Any]] = [("", game)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, dict):
            stack.extend((k, v) for k, v in reversed(node.items()) if k != "fair")
        elif isinstance(node, list) and key not in NAME_LISTS:
            if node and all(isinstance(x, str) and (x == "??" or _CARD_RE.fullmatch(x))
                            for x in node):
                found += [x for x in node if x != "??"]
            else:
                stack.extend(("", x) for x in reversed(node))
    return found


def new_token() -> str:
    """A fresh rejoin token (kept in the browser; it is the key to this player's seat)."""
    return secrets.token_urlsafe(24)


class ClientStatus(StrEnum):
    """Where this client stands with the host."""

    CONNECTING = "connecting"  # join sent, no answer yet
    WAITING = "waiting"  # the host decides whether we get a seat (approval is on)
    IN_ROOM = "in_room"  # seated; views arrive
    REJECTED = "rejected"  # the host refused us (room full, closed...); see last_error
    CLOSED = "closed"  # the session ended (we left, the host left, replaced...); see closed_reason
    LOST = "lost"  # the host went silent or the connection dropped; a new hello() may rejoin
    # (same key, same seat); after 30 s of silence see GuestClient.succession()
    UNVERIFIED = "unverified"  # the peer at the room's address failed to prove it is the
    # room's host (see GuestClient.unverified): close that connection; a new hello() tries again


class GuestClient:
    """One player's end of the connection to the host.

    Validates the name, token, room code and host key up front (``InvalidName``/
    ``ValueError``) so the web layer can show the problem before dialling anyone. ``room`` is
    the code being dialled (the host signs it); ``host_key`` the key its host must show
    (None: trust on first use).
    """

    def __init__(
        self, name: str, token: str, room: str | None = None, host_key: str | None = None,
        *, deal_rules: DealRules | None = None,
    ) -> None:
        self.name = clean_name(name)
        if not isinstance(token, str) or not TOKEN_RE.fullmatch(token):
            raise ValueError(f"token must be 16-64 characters of A-Z a-z 0-9 _ -, got {token!r}")
        self.token = token
        self.identity = Identity.from_token(token)
        self.status = ClientStatus.CONNECTING
        self.deal_rules = deal_rules
        """How each game deals (its :data:`DealReader`), from the page's game registry."""
        self.view: dict[str, Any] | None = None
        self.seq = -1  # seq of self.view; older views are ignored
        self.you: str | None = None
        self.room: str | None = None
        self.host_key: str | None = None
        self.invite: str | None = None
        """The room's invitation from its share link (``i=``), sent with our join: with
        approval on, the host lets a newcomer ask only with it (:mod:`room.admission`)."""
        self.aim(room, host_key)
        self.unverified: str | None = None
        """Why the last peer failed the host check: ``wrong_key`` (another key than the one
        expected), ``bad_signature`` (not a signature of our fresh challenge) or ``relayed``
        (the host's genuine answer to someone else's connection: a relay in between)."""
        self.me = ""  # our own PeerJS id on this connection (the caller the host must name)
        self.blocked: str | None = None
        """Why the succession cannot go on, once it cannot (see :meth:`block`): ``taken``,
        ``impostor`` or ``nobody``. Nobody else is ever elected; the page keeps trying."""
        self._aimed_at: dict[str, int] = {}  # successor code -> when we first went for it
        self._nonce = ""  # this connection's hello nonce
        self._join_text: str | None = None  # our signed join, once the host proved itself
        self._welcomed = False  # seated on this connection
        self.last_error: Refusal | None = None
        self.closed_reason: str | None = None
        self.waiting_detail: str | None = None  # what the host said while we wait for a seat
        self.rtt_ms: int | None = None  # last measured ping round trip
        self.history: dict[int, dict[str, Any]] = {}  # hand_no -> entry, from results views
        # Provably fair deal, filed by each deal's commitment: what we saw of it, our nonce,
        # the verdict at results (see _follow_deal).
        self._deals: dict[str, dict[str, Any]] = {}
        self._verdicts: dict[str, Verdict] = {}
        self._verdict_no: dict[str, Any] = {}  # commitment -> the hand number it was shown as
        self._current: str | None = None  # commitment of the deal the latest view shows
        self._unfair: Any = None  # hand_no of a hand shown without a deal record (None: none)
        self._nonce_due: tuple[int, str] | None = None  # (hand_no, nonce) still asked for
        self._watch_from: int | None = None  # hand_no of the first view (0: no game yet)
        self._last_nonce = 0
        self._heard_host: int | None = None  # last word from a host (hello does not reset it)
        self._last_heard = 0
        self._last_ping = 0
        self._last_join = 0

    # --- driving the client -----------------------------------------------------------------

    @property
    def host_proved(self) -> bool:
        """Whether the peer on this connection proved it is the room's host (our join went)."""
        return self._join_text is not None

    @property
    def key(self) -> str:
        """Our public key (derived from the token; public, shown in views)."""
        return self.identity.key

    def aim(self, room: str | None, host_key: str | None = None) -> None:
        """Dial room ``room`` next, whose host must prove ``host_key`` (None: the first key
        shown is trusted and pinned). ``ValueError`` for a malformed code or key."""
        if room is not None and not is_valid_code(room):
            raise ValueError(f"room must be a 7-character room code, got {room!r}")
        if host_key is not None and not is_key(host_key):
            raise ValueError(f"host key must be 43 base64url characters, got {host_key!r}")
        if self.room is not None and room != self.room:
            self.invite = None  # an invitation is to one room
        self.room, self.host_key = room, host_key

    def hello(self, now_ms: int, me: str) -> list[str]:
        """The first message on a fresh connection (also to rejoin after LOST): a ``hello``
        with a fresh nonce; the join follows once the host proved itself. ``me`` is our own
        PeerJS id, the one this connection was dialled from (the host must name it)."""
        if self.room is None:
            raise ValueError("aim at a room before saying hello")
        if not isinstance(me, str) or not PEER_ID_RE.fullmatch(me):
            raise ValueError(f"our PeerJS id must be a PeerJS id, got {me!r}")
        self.me = me
        now = int(now_ms)
        self.status = ClientStatus.CONNECTING
        self.unverified = None
        self.seq = -1  # a new connection starts a new view stream (the host may be new too)
        self._nonce = secrets.token_hex(16)
        self._join_text = None
        self._welcomed = False
        self._last_heard = self._last_ping = self._last_join = now
        return [Hello(self._nonce).to_wire()]

    def _on_challenge(self, msg: Challenge, now: int) -> list[str]:
        """The host's proof: the key we expect (or the first one, pinned) and its signature
        over our fresh nonce. Only then our join, signed for this connection."""
        if self._join_text is not None:
            return []  # a repeated challenge: our join is on its way (tick repeats it)
        assert self.room is not None
        if self.host_key is not None and msg.key != self.host_key:
            self.status, self.unverified = ClientStatus.UNVERIFIED, "wrong_key"
            return []
        host_id = peer_id_for(self.room)
        signed = challenge_text(self.room, self._nonce, msg.nonce, host_id, msg.caller)
        if not check(msg.key, signed, msg.sig):
            self.status, self.unverified = ClientStatus.UNVERIFIED, "bad_signature"
            return []
        if msg.caller != self.me:  # the host's own words, to whoever dialled it for us
            self.status, self.unverified = ClientStatus.UNVERIFIED, "relayed"
            return []
        self.host_key = msg.key  # pinned (trust on first use when nothing was expected)
        self._last_heard = self._heard_host = self._last_join = now
        sig = self.identity.sign(
            join_text(self.room, msg.key, self._nonce, msg.nonce, self.me, host_id))
        self._join_text = Join(self.name, self.key, sig, self.me, self.invite).to_wire()
        return [self._join_text]

    def receive(self, text: str, now_ms: int) -> list[str]:
        """Take one text from the host. Returns texts to send back: our deck nonce when a
        view of a fair deal asks for it (``game.fair.want_nonce``), else nothing.

        A malformed text from the host is recorded in ``last_error`` with code
        ``msg/...`` and otherwise ignored: a broken message must not break the screen.
        """
        now = int(now_ms)
        reply: list[str] = []
        try:
            msg = parse_reply(text)
        except MalformedMessage as exc:
            self.last_error = exc.to_dict()
            return []
        if self.status in (ClientStatus.REJECTED, ClientStatus.CLOSED, ClientStatus.UNVERIFIED):
            return []  # the session is over, or this peer is not our host
        if self._join_text is None:  # the peer has not proved it is the host: only its proof
            return self._on_challenge(msg, now) if isinstance(msg, Challenge) else []
        if isinstance(msg, Challenge):
            return []  # a repeat: our join is on its way
        self._last_heard = self._heard_host = now
        if self.status is ClientStatus.LOST and self._welcomed:
            self.status = ClientStatus.IN_ROOM  # the host is back on the same connection
        if isinstance(msg, Welcome):
            if msg.room == self.room:
                self.you, self._welcomed = msg.you, True
                self.status = ClientStatus.IN_ROOM
        elif isinstance(msg, View):
            if msg.seq > self.seq:  # reordered or duplicated older views are stale
                self.seq, self.view = msg.seq, msg.view
                if self._watch_from is None:
                    first = msg.view.get("game")
                    hand = first.get("hand_no") if isinstance(first, dict) else 0
                    self._watch_from = hand if type(hand) is int else 0
                if not self._welcomed:  # the welcome is late or lost (or we waited)
                    you, room = msg.view.get("you"), msg.view.get("room")
                    if isinstance(you, str) and room == self.room:
                        self.you, self._welcomed = you, True
                        self.status = ClientStatus.IN_ROOM
                self._file_history(msg.view.get("game"))
                reply = self._follow_deal(msg.view.get("game"), now)
        elif isinstance(msg, Pong):
            if msg.t <= now:
                self.rtt_ms = now - msg.t
        elif isinstance(msg, Rejected):
            self.status = ClientStatus.REJECTED
            self.last_error = {"code": msg.code, "detail": msg.detail}
        elif isinstance(msg, Error):
            self.last_error = {"code": msg.code, "detail": msg.detail}
        elif isinstance(msg, Closed):
            self.status = ClientStatus.CLOSED
            self.closed_reason = msg.reason
        elif isinstance(msg, Waiting) and self.status is ClientStatus.CONNECTING:
            self.status = ClientStatus.WAITING  # no more join retries: the host has ours
            self.waiting_detail = msg.detail
        return reply

    def tick(self, now_ms: int) -> list[str]:
        """Heartbeats (every second), hello and join retries, and noticing a silent host
        (LOST). Before the host proved itself only the hello is repeated: nothing else."""
        now = int(now_ms)
        if (self.status in (ClientStatus.REJECTED, ClientStatus.CLOSED, ClientStatus.UNVERIFIED)
                or not self._nonce):  # (no hello yet: nothing to say)
            return []
        out: list[str] = []
        if now - self._last_heard > HOST_SILENCE_MS:
            self.status = ClientStatus.LOST
        if self._join_text is None:
            if now - self._last_join >= JOIN_RETRY_MS:  # (LOST too: the link may be fine)
                self._last_join = now
                out.append(Hello(self._nonce).to_wire())
            return out
        if (not self._welcomed and self.status is not ClientStatus.WAITING
                and now - self._last_join >= JOIN_RETRY_MS):
            self._last_join = now
            out.append(self._join_text)
        if now - self._last_ping >= HEARTBEAT_MS:
            self._last_ping = now
            out.append(Ping(max(now, 0), max(self.seq, -1)).to_wire())
        due = self._nonce_due
        if due is not None and now - self._last_nonce >= HEARTBEAT_MS:
            self._last_nonce = now  # the host still asks: ours got lost (repeats are harmless)
            out.append(Nonce(*due).to_wire())
        return out

    def transport_closed(self) -> None:
        """The web layer saw the data connection close: LOST unless the session had ended
        (or the peer was found not to be our host: that stays UNVERIFIED until the next
        hello)."""
        if self.status not in (ClientStatus.REJECTED, ClientStatus.CLOSED,
                               ClientStatus.UNVERIFIED):
            self.status = ClientStatus.LOST

    # --- request builders (wire texts; the host decides) -----------------------------------

    def start_game(self) -> str:
        """Ask to start the game (host only)."""
        return Start().to_wire()

    def leave(self) -> str:
        """Leave the room (for the host: close it)."""
        return Leave().to_wire()

    def act(self, action: str, amount: int | None = None,
            cards: tuple[str, ...] = ()) -> str:
        """A turn: the game's verb ``action`` with the ``amount`` and ``cards`` it takes, if
        any (the room knows no game's verbs: the host's game refuses one it lacks), stamped
        with the game ``seq`` of the view it was chosen on, so the host refuses it if the
        table has moved on (``game/stale``)."""
        game = self.view.get("game") if self.view is not None else None
        seq = game.get("seq") if isinstance(game, dict) else None
        return Act(action, seq if type(seq) is int and seq >= 0 else 0, amount,
                   tuple(cards)).to_wire()

    def table(self, action: str, amount: int | None = None, player: str | None = None) -> str:
        """A table request that is not a turn: the game's request name ``action``, with
        ``amount`` chips and a target ``player`` where the game's request takes them. The
        room knows no game's requests (the game declares them and the host checks them), so
        this builds only the bounded shape of :class:`room.messages.Table`."""
        return Table(action, amount, player).to_wire()

    def next_hand(self) -> str:
        """Ask to deal the next hand (host only, at results)."""
        return NextHand().to_wire()

    def set_advisor(self, on: bool) -> str:
        """Show every player the odds of their own hand, or stop (host only)."""
        return SetAdvisor(on).to_wire()

    def set_auto_deal(self, on: bool) -> str:
        """Switch dealing the next hand by itself after results (host only)."""
        return SetAutoDeal(on).to_wire()

    def set_grace(self, seconds: int) -> str:
        """Seconds a dropped player's decision waits before the game's default action (host
        only)."""
        return SetGrace(seconds).to_wire()

    def set_timer(self, seconds: int) -> str:
        """Per-decision timer in seconds, 0 for none (host only)."""
        return SetTimer(seconds).to_wire()

    def kick(self, player_id: str) -> str:
        """Remove a player from the room (host only); ``MalformedMessage`` for a bad id."""
        return Kick(player_id).to_wire()

    def add_bot(self, level: str) -> str:
        """Seat a bot of ``level`` (a ``room.bots.Level`` value) in a free seat (host only);
        ``MalformedMessage`` for a level that is none."""
        return Bot("add", level=level).to_wire()

    def remove_bot(self, player_id: str) -> str:
        """Remove the bot ``player_id`` (host only): at once, or at the end of the hand it
        plays; ``MalformedMessage`` for a bad id."""
        return Bot("remove", player=player_id).to_wire()

    def set_game(self, game: str, settings: dict[str, Any]) -> str:
        """Pick the game and its own settings (host only, in the lobby); ``MalformedMessage``
        for an id or a setting that is not of the wire's shape."""
        return SetGame(game, dict(settings)).to_wire()

    def set_approval(self, on: bool) -> str:
        """Whether newcomers wait for the host's approval before taking a seat (host only)."""
        return SetApproval(on).to_wire()

    def admit(self, request_id: str, accept: bool) -> str:
        """Let a waiting newcomer in, or turn them away (host only)."""
        return Admit(request_id, accept).to_wire()

    # --- the host gone for good -------------------------------------------------------------

    def succession(self, now_ms: int) -> tuple[str, str] | None:
        """What the page should do when the host has been silent for 30 s or more, decided
        from the last view (:mod:`room.codes`): ``("host", code)`` — open the new room
        with :meth:`room.local.HostSession.from_succession` (passing this client) —,
        ``("join", code)`` — :meth:`move_to` that code, connect and send :meth:`hello` —, or
        None: keep waiting (the host may still come back; a reload takes seconds). Always the
        same elected player, whatever went wrong at its code (:meth:`block`).

        None as well once the session ended (``CLOSED``: the host closed the room on purpose;
        ``REJECTED``), or before we ever sat in the room. "Silent" counts from the last word
        of a host that proved itself: a squatter cannot hold the room back.
        """
        if self.status in (ClientStatus.REJECTED, ClientStatus.CLOSED, ClientStatus.IN_ROOM):
            return None
        if self._heard_host is None or self.view is None:
            return None
        return decide(self.view, int(now_ms) - self._heard_host)

    def move_to(self, code: str, now_ms: int) -> None:
        """Aim at the successor room ``code`` (from :meth:`succession`): its host must prove
        the key its player had in our last view, before we follow it or send it anything."""
        found = successor(self.view, code)
        if found is None:
            raise ValueError(f"{code!r} is not the code of a successor in the last view")
        self._aimed_at.setdefault(code, int(now_ms))
        self.aim(code, found[1])

    def block(self, code: str, why: str) -> bool:
        """Record that the elected player's room ``code`` did not come, and why: ``taken``
        (we are that player and its id is registered by someone else), ``impostor`` (a peer
        there failed the host check) or ``nobody`` (see :meth:`overdue`). The succession
        stops there: :meth:`succession` goes on naming the same room, never the next
        candidate's (whoever blocks a code must not be elected for it). True if ``code`` is
        the elected player's room (else nothing changes)."""
        if successor(self.view, code) is None or why not in BLOCKED_REASONS:
            return False
        self.blocked = why
        return True

    def overdue(self, code: str, now_ms: int) -> bool:
        """Whether the successor room ``code`` is overdue: we went for it
        :data:`room.codes.NOBODY_GRACE_MS` ago and no host proved its player's key there
        (an honest successor registers in seconds). Not for the old room (a reload takes
        its time)."""
        since = self._aimed_at.get(code)
        return since is not None and int(now_ms) - since >= NOBODY_GRACE_MS

    # --- the host's own snapshot -----------------------------------------------------------

    def snapshot(self) -> ClientSnapshot:
        """This client's memory as JSON-ready data (for :class:`room.local.HostSession`'s
        snapshot: the host's page keeps its own seat's history and deal records over a
        reload). Holds the rejoin token and our nonces: browser storage only, never sent."""
        return {
            "name": self.name,
            "token": self.token,
            "you": self.you,
            "room": self.room,
            "host_key": self.host_key,
            "history": {str(k): v for k, v in self.history.items()},
            "deals": self._deals,
            "verdicts": {k: [v.ok, v.reason, self._verdict_no.get(k)]
                         for k, v in self._verdicts.items()},
            "current_deal": self._current,
        }

    @classmethod
    def restore(cls, data: dict[str, Any], *, deal_rules: DealRules | None = None
                ) -> GuestClient:
        """The client of a :meth:`snapshot`, not connected yet: send :meth:`hello` to rejoin."""
        client = cls(data["name"], data["token"], data["room"], data.get("host_key"),
                     deal_rules=deal_rules)
        client.you = data["you"]
        client.history = {int(k): v for k, v in data["history"].items()}
        client._deals = {str(k): dict(v) for k, v in data.get("deals", {}).items()}
        for k, (ok, reason, hand_no) in data.get("verdicts", {}).items():
            client._verdicts[str(k)] = Verdict(bool(ok), str(reason))
            client._verdict_no[str(k)] = hand_no
        client._current = data.get("current_deal")
        return client

    # --- provably fair deal -----------------------------------------------------------------

    def _follow_deal(self, game: Any, now: int) -> list[str]:
        """Keep what each deal published before results, keyed by its commitment (which a
        host cannot reuse unnoticed, unlike a hand number): its dealing order, fixed before
        the nonces; answer a request for our nonce (a fresh one per deal, never reused); read
        every card each view shows as a place of that dealing order (the game's
        :data:`DealReader`); file the verdict at results."""
        self._nonce_due = None
        if not isinstance(game, dict):
            return []
        fair, hand_no, phase = game.get("fair"), game.get("hand_no"), game.get("phase")
        if type(hand_no) is not int:
            hand_no = None  # from the host: anything; filed only as a number or nothing
        if not isinstance(fair, dict) or not isinstance(fair.get("commitment"), str):
            current = self._deals.get(self._current or "")
            if (current is not None and current.get("hand_no") == hand_no
                    and phase == "results" and current.get("judged") is None):
                # the deal we followed reached results without its record: nothing to check
                current["judged"] = hand_no
                self._verdict_no[self._current or ""] = hand_no
                self._verdicts[self._current or ""] = Verdict(
                    False, "the host showed the results without the deal's record (seed, "
                           "nonces, dealing order), so this deal cannot be checked")
            elif current is None or current.get("hand_no") != hand_no:
                self._current = None  # another hand, dealt without a record: not ours
            return []
        key = fair["commitment"][:64]
        rec = self._deals.get(key)
        if rec is None:
            rec = self._deals[key] = {
                "hand_no": hand_no, "dealer_id": fair.get("dealer_id"),
                "dealer_nonce": fair.get("dealer_nonce"), "cards": {}, "sets": [],
                "order": fair.get("order"), "problem": None,
                "from_dealing": phase == "dealing", "in_hand": False, "judged": None,
                "watched": (self._watch_from is not None and type(hand_no) is int
                            and hand_no > self._watch_from),
            }
            for old in list(self._deals)[:-FAIR_MEMORY_HANDS - 1]:
                del self._deals[old]
        elif rec["hand_no"] != hand_no and rec["problem"] is None:
            problem = (f"the host reused the deal of hand {rec['hand_no']} for hand "
                       f"{hand_no}: a deal whose seed is known proves nothing")
            rec["problem"] = problem
            if key in self._verdicts:  # the earlier hand's verdict no longer stands either
                self._verdicts[key] = Verdict(False, problem)
        self._current = key
        if isinstance(fair.get("nonces"), dict) and "nonces" not in rec:
            rec["nonces"] = dict(fair["nonces"])  # the set published with the deal
        you = game.get("you")
        if isinstance(you, dict) and you.get("in_hand") is True and phase != "dealing":
            rec["in_hand"] = True
        if rec["problem"] is None and fair.get("order") != rec["order"]:
            rec["problem"] = ("the dealing order published with the commitment (who is dealt "
                              "in, in which order, the button, the game) was changed later")
        if rec["problem"] is None and phase != "dealing":
            rec["problem"] = self._read_cards(game, fair, rec)
        out: list[str] = []
        if (phase == "dealing" and fair.get("want_nonce") is True and type(hand_no) is int
                and rec["hand_no"] == hand_no):  # never a nonce for a deal shown twice
            if "mine" not in rec:
                rec["mine"] = new_nonce()
                self._last_nonce = now
                out.append(Nonce(hand_no, rec["mine"]).to_wire())
            self._nonce_due = (hand_no, rec["mine"])
        seen = (len(rec["cards"]), len(rec.get("sets", ())), rec["problem"])
        if phase == "results" and (rec["judged"] is None or (
                rec["judged"] == hand_no and rec.get("judged_seen") != seen)):
            # judged again when a later results view shows more cards (the game's cards
            # after the hand: a rabbit, a hand shown by choice) or a problem
            rec["judged"] = hand_no
            rec["judged_seen"] = seen
            self._verdicts[key] = self._check_deal(fair, rec)
            self._verdict_no[key] = hand_no
        return out

    def _read_cards(self, game: dict[str, Any], fair: dict[str, Any],
                    rec: dict[str, Any]) -> str | None:
        """What is wrong with the cards this view shows, if anything. The game's reader says
        which place of the published dealing order holds each card (the places come from
        the order and the nonce set, never from the host); a place must keep its card all
        hand long, and every card the view shows anywhere must be one of those placed."""
        reader = self.deal_rules(game.get("game")) if self.deal_rules is not None else None
        if reader is None:
            return (f"this page does not know how {str(game.get('game'))[:30]!r} deals, so it "
                    "cannot check the cards")
        nonces, order = fair.get("nonces"), rec.get("order")
        if not isinstance(nonces, dict):
            return "the deal's nonces were not published with the cards"
        if not isinstance(order, dict):
            return "the deal has no dealing order published before the nonces"
        try:
            placed = reader(game, order, frozenset(nonces), self.you)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            return f"the hand is not the one its published dealing order deals: {exc}"[:300]
        named: set[str] = set()
        for place in placed:
            named.update(str(c) for c in place.cards)
            if len(place.pool) == 1 and place.must == place.pool:
                at, card = str(place.pool[0]), str(place.cards[0])
                before = rec["cards"].setdefault(at, card)
                if before != card:
                    return (f"the card at deck position {at} (by the dealing order) was shown "
                            f"as {before} and later as {card}")
                continue
            wire, kept = place.to_wire(), rec.setdefault("sets", [])
            if wire not in kept:
                if len(kept) >= MAX_PLACED:
                    return "the host showed more hands than a deal can have"
                kept.append(wire)
        for card in _cards_shown(game):
            if card not in named:
                return (f"{card} is shown where the published dealing order puts no card "
                        "of this hand")
        return None

    def _check_deal(self, fair: dict[str, Any], rec: dict[str, Any]) -> Verdict:
        """The verdict on one deal: nothing was wrong with the cards along the way, the seed
        opens the commitment, the nonce set and the dealer's nonce are those published before
        the cards, our own nonce was used unchanged (or we are told plainly that it was not),
        and every card we saw is where the public dealing order puts it in the derived
        deck."""
        if rec["problem"] is not None:
            return Verdict(False, rec["problem"])
        seed, nonces = fair.get("seed"), fair.get("nonces")
        if not isinstance(seed, str):
            return Verdict(False, "the host did not reveal the seed of this hand")
        if not isinstance(nonces, dict):
            return Verdict(False, "the host did not reveal the nonces of this hand")
        if rec.get("nonces") not in (None, nonces):
            return Verdict(False, "the nonces shown at results differ from those of the deal")
        dealer = rec.get("dealer_id")
        if not isinstance(dealer, str) or nonces.get(dealer) != rec.get("dealer_nonce"):
            return Verdict(False, "the dealer's nonce is not the one published with the "
                                  "commitment")
        you, mine = self.you, rec.get("mine")
        if mine is not None and you not in nonces:
            return Verdict(False, "your nonce was not used: this browser sent it, but the host "
                                  "dealt without it (saying it came too late), so you cannot "
                                  "count on this deal not having been picked")
        watched = rec["from_dealing"] or rec["watched"]
        if mine is None and you != dealer and watched and (rec["in_hand"] or you in nonces):
            # we watched this deal from its start and were never asked: the host alone could
            # have picked our cards (a page that came in mid-hand cannot tell)
            return Verdict(False, "you were dealt in without your nonce (this browser was "
                                  "never asked for it), so the host could have chosen the "
                                  "deck alone")
        try:
            seen = [Placed.at(int(p), c) for p, c in rec["cards"].items()]
            seen += [Placed.from_wire(w) for w in rec.get("sets", [])]
            cards = order_deck(rec["order"])  # the deck published before the nonces
        except (ValueError, TypeError, FairDealError) as exc:
            return Verdict(False, f"cannot check the deal: {exc}")
        verdict = verify_dealt(fair["commitment"], seed, nonces, seen, cards=cards,
                               mine=(you, mine) if mine is not None and you is not None else None)
        redealt = sum(1 for w in rec.get("sets", []) for p in w[0] if p is None)
        if verdict.ok and redealt:
            return Verdict(True, f"{verdict.reason}; the {redealt} cards drawn from reshuffled "
                                 "discards cannot be checked here (they depend on the other "
                                 "players' discards, which nobody else may see)")
        return verdict

    @property
    def fair_verdicts(self) -> dict[Any, Verdict]:
        """Hand number → this browser's verdict on that hand's deal (``ok`` False is a loud
        warning for the page to show). A summary: verdicts are filed by deal commitment,
        so of a hand number the host used twice this shows the later deal."""
        return {self._verdict_no.get(k): v for k, v in self._verdicts.items()}

    def verdict(self) -> Verdict | None:
        """The verdict on the deal of the hand the latest view shows at results (None before
        results). Each verdict belongs to its own hand: a hand shown without a deal record
        gets :data:`NOT_FAIR`, never an earlier hand's verdict."""
        game = self.view.get("game") if self.view is not None else None
        if not isinstance(game, dict) or game.get("phase") != "results":
            return None
        if self._current is None:
            return NOT_FAIR
        return self._verdicts.get(self._current)

    def _file_history(self, game: Any) -> None:
        if isinstance(game, dict) and game.get("phase") == "results":
            try:
                entry = history_entry(game)
            except ExportError as exc:  # a broken view must not break the screen
                self.last_error = exc.to_dict()
                return
            players = self.view.get("players") if self.view is not None else None
            keys = {p["id"]: p["key"] for p in players or () if isinstance(p, dict)
                    and isinstance(p.get("id"), str) and is_key(p.get("key"))}
            if keys:  # who each player id is, by key: readers merge a person across names
                entry["keys"] = keys
            self.history[entry["hand_no"]] = entry

    @property
    def is_host(self) -> bool:
        """Whether the latest view names us as the host (for showing host controls)."""
        return self.view is not None and self.you is not None and self.view.get("host") == self.you

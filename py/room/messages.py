"""Versioned JSON wire messages, parsed at the edge into frozen, self-checking records.

Every message on a data connection is a JSON *string* holding an object with ``"v": 1`` and a
``"type"``. :func:`parse_message` is the only way untrusted text becomes a message: it checks
size, JSON, version, type and every field (type, range, pattern) and raises
:class:`MalformedMessage` with a stable ``code`` and a detail naming the field and value.
Records also check themselves in ``__post_init__`` so the host cannot *build* a bad one either.

Decisions:

* **Unknown fields are rejected** (``msg/bad_field``), not ignored. Host and guests load the
  same page, so they speak the same version; an unexpected field is a typo or someone
  probing (e.g. ``"player": "p1"`` claiming another identity), and silence would hide both.
  Incompatible changes bump ``v``.
* A field with a default (``ping.seen``) may be missing; every other field is required.
* ``to_wire()`` is compact JSON, UTF-8, at most 16 kB, and round-trips through
  :func:`parse_message`.

>>> parse_message('{"v": 1, "type": "set_grace", "seconds": 20}')
SetGrace(seconds=20)
>>> SetGrace(seconds=20).to_wire()
'{"v":1,"type":"set_grace","seconds":20}'
"""

from __future__ import annotations

import json
import re
from dataclasses import MISSING, dataclass, fields
from itertools import accumulate
from types import MappingProxyType
from typing import Any, ClassVar

from room.bots import Level
from room.codes import is_valid_code
from room.errors import Code, MalformedMessage
from room.identity import HANDSHAKE_NONCE_RE, KEY_RE, PEER_ID_RE, SIG_RE, is_key

VERSION = 1
MAX_WIRE_BYTES = 16 * 1024
MAX_REQUEST_BYTES = 4 * 1024  # a guest's request is small (the largest is a join); views are not
MAX_NESTING = 24  # JSON arrays/objects inside each other; our deepest message has about 8
MAX_TIME_MS = 2**53 - 1  # JavaScript's largest exact integer: clocks come from JS
MAX_SEQ = 2**53 - 1
MAX_RAW_NAME = 200  # names are cleaned by room.names; this only bounds the raw text
MAX_DETAIL = 1000
ACTION_RE = re.compile(r"[a-z_]{1,16}")
"""A turn's verb (an ``act``'s ``action``): only its shape. Which verbs exist, and whether
one is legal now, is the game's to say (it refuses any other with a precise
:class:`~room.errors.RoomError`, changing nothing): the room knows no game, so it cannot
know a game's verbs. Bounded here, so a probe is refused at the edge (``msg/bad_field``) and
a game only ever meets a short lower-case word."""
MAX_CHIPS = 10**12
"""The largest chip amount a request may name: far above any stack, and exact in JavaScript
(below 2**53), so an amount can never turn into a float on its way."""
MAX_CARDS = 5
"""The most cards one request may name (no game of the room names more in one turn)."""
TABLE_ACTION_RE = ACTION_RE
"""The name of a table request that is not a turn: the same bounded shape as a verb. Which
names exist, what each carries and who may make it is the game's to declare
(``GameSession.table_host_only`` and ``handle_table``)."""

TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
PLAYER_ID_RE = re.compile(r"p[1-9][0-9]{0,5}")
CODE_RE = re.compile(r"[a-z_]{1,30}/[a-z_]{1,40}")
REASON_RE = re.compile(r"[a-z_]{1,40}")


def _show(value: Any) -> str:
    """A short repr of an offending value for error details (inputs may be huge)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bad(msg_type: str, name: str, value: Any, expected: str) -> MalformedMessage:
    return MalformedMessage(
        f"{msg_type}.{name}: expected {expected}, got {_show(value)}", Code.MSG_BAD_FIELD
    )


def _check_int(msg_type: str, name: str, value: Any, lo: int, hi: int) -> None:
    # bool is an int subclass in Python but never a number on our wire.
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(msg_type, name, value, f"an integer from {lo} to {hi}")


def _check_str(
    msg_type: str, name: str, value: Any, pattern: re.Pattern[str] | None, max_len: int,
    expected: str,
) -> None:
    if not isinstance(value, str) or len(value) > max_len:
        raise _bad(msg_type, name, value, expected)
    if pattern is not None and not pattern.fullmatch(value):
        raise _bad(msg_type, name, value, expected)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _bad(msg_type, name, value, "text without lone surrogates") from None


@dataclass(frozen=True)
class Message:
    """Base of all wire messages; subclasses set ``TYPE`` and validate in ``__post_init__``."""

    TYPE: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object this message travels as (``v`` and ``type`` included)."""
        data: dict[str, Any] = {"v": VERSION, "type": self.TYPE}
        for f in fields(self):
            data[f.name] = getattr(self, f.name)
        return data

    def to_wire(self) -> str:
        """Compact JSON text; raises ``MalformedMessage(Code.MSG_TOO_BIG)`` over 16 kB (a bug)."""
        text = json.dumps(
            self.to_dict(), ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
        if _wire_size(text) > MAX_WIRE_BYTES:
            raise MalformedMessage(
                f"{self.TYPE} message is {_wire_size(text)} bytes; at most {MAX_WIRE_BYTES}",
                Code.MSG_TOO_BIG,
            )
        return text


# --- guest -> host ---------------------------------------------------------------------


@dataclass(frozen=True)
class Hello(Message):
    """The first word on a new connection: a fresh random ``nonce`` the host must sign over
    (:mod:`room.identity`), so a recorded challenge cannot pass for a fresh one."""

    TYPE: ClassVar[str] = "hello"
    nonce: str

    def __post_init__(self) -> None:
        _check_str("hello", "nonce", self.nonce, HANDSHAKE_NONCE_RE, 32,
                   "32 lower-case hex characters")


INVITE_RE = re.compile(r"[A-Za-z0-9_-]{22}")


def _check_key(msg_type: str, name: str, value: Any) -> None:
    _check_str(msg_type, name, value, KEY_RE, 43, "a public key (43 base64url characters)")
    if not is_key(value):
        raise _bad(msg_type, name, value, "a public key (43 base64url characters)")


def _check_sig(msg_type: str, value: Any) -> None:
    _check_str(msg_type, "sig", value, SIG_RE, 86, "a signature (86 base64url characters)")


def _check_caller(msg_type: str, value: Any) -> None:
    _check_str(msg_type, "caller", value, PEER_ID_RE, 64,
               "a PeerJS id (letters, digits, space, _ and -; at most 64)")


@dataclass(frozen=True)
class Join(Message):
    """Take a seat (or take back the seat of public ``key``), answering this connection's
    challenge: ``sig`` signs the room, the host's key, both nonces and both ends' PeerJS ids,
    ``caller`` being the guest's own (:mod:`room.identity`): said out loud so that a join
    passed on from another connection is refused as what it is. No token travels: the key
    pair is derived from it in the player's browser."""

    TYPE: ClassVar[str] = "join"
    name: str
    key: str
    sig: str
    caller: str
    invite: str | None = None
    """The room's invitation from its share link (:func:`room.admission.invite_for`): with
    approval on, a newcomer may ask for a seat only with it. Left out of the wire when None."""

    def __post_init__(self) -> None:
        _check_str("join", "name", self.name, None, MAX_RAW_NAME,
                   f"text of at most {MAX_RAW_NAME} characters")
        _check_key("join", "key", self.key)
        _check_sig("join", self.sig)
        _check_caller("join", self.caller)
        if self.invite is not None:
            _check_str("join", "invite", self.invite, INVITE_RE, 22,
                       "an invitation (22 base64url characters)")

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        if self.invite is None:
            del data["invite"]
        return data


@dataclass(frozen=True)
class Ping(Message):
    """Heartbeat; ``seen`` is the last view seq the guest holds so the host can resend."""

    TYPE: ClassVar[str] = "ping"
    t: int
    seen: int = -1

    def __post_init__(self) -> None:
        _check_int("ping", "t", self.t, 0, MAX_TIME_MS)
        _check_int("ping", "seen", self.seen, -1, MAX_SEQ)


@dataclass(frozen=True)
class Start(Message):
    """Host only: leave the lobby and start playing."""

    TYPE: ClassVar[str] = "start"


@dataclass(frozen=True)
class Leave(Message):
    """Leave the room for good (from the host: close the room)."""

    TYPE: ClassVar[str] = "leave"


CARD_RE = re.compile(r"[2-9TJQKA][cdhs]")
"""A card as views write it (``str(rules.cards.Card)``): rank upper case, suit lower case."""


@dataclass(frozen=True)
class Act(Message):
    """A turn: the game's verb ``action`` (:data:`ACTION_RE`); ``seq`` echoes the view it
    was chosen on, so stale clicks are caught; an optional ``amount`` (chips, 0 to
    :data:`MAX_CHIPS`) and up to :data:`MAX_CARDS` different ``cards``, each as the views
    write it.

    Only the shape and bounds are checked here, before any game code runs. Which verbs a game
    has, and which of them take an amount or cards, the game says itself (refusing an unknown
    verb or a stray field with a precise code, changing nothing), because the room knows no
    game.

    >>> Act("nap", 3, 0, ("Ah",)).to_wire()
    '{"v":1,"type":"act","action":"nap","seq":3,"amount":0,"cards":["Ah"]}'
    """

    TYPE: ClassVar[str] = "act"
    action: str
    seq: int
    amount: int | None = None  # chips, as the game's verb reads them
    cards: tuple[str, ...] = ()  # cards the verb names (a game's discards, say)

    def __post_init__(self) -> None:
        _check_str("act", "action", self.action, ACTION_RE, 16,
                   "a verb of 1 to 16 lower-case letters and '_'")
        _check_int("act", "seq", self.seq, 0, MAX_SEQ)
        if self.amount is not None:
            _check_int("act", "amount", self.amount, 0, MAX_CHIPS)
        cards = self.cards
        if not isinstance(cards, list | tuple) or len(cards) > MAX_CARDS:
            raise _bad("act", "cards", cards, f"a list of at most {MAX_CARDS} cards")
        for card in cards:
            if not isinstance(card, str) or not CARD_RE.fullmatch(card):
                raise _bad("act", "cards", card, "a card such as 'Ah' or 'Td'")
        if len(set(cards)) != len(cards):
            raise _bad("act", "cards", cards, "different cards")
        object.__setattr__(self, "cards", tuple(cards))  # a JSON list arrives: keep it frozen

    def to_dict(self) -> dict[str, Any]:
        """Optional parts travel only when given, so a bare verb is what it always was."""
        data = super().to_dict()
        if self.amount is None:
            del data["amount"]
        if self.cards:
            data["cards"] = list(self.cards)
        else:
            del data["cards"]
        return data


@dataclass(frozen=True)
class Table(Message):
    """A table request that is not a turn: a request ``action`` (:data:`TABLE_ACTION_RE`),
    an optional ``amount`` (chips, 0 to :data:`MAX_CHIPS`) and an optional ``player`` (a
    player id: the request's target, never the sender, whose identity is the connection's).

    Only the shape and bounds are checked here, before any game code runs; which actions a
    game has, and which of them need or forbid an amount or a player, the game declares and
    checks itself (refusing an unknown one with ``game/illegal``, a missing or stray field
    with ``msg/bad_field``), because the room knows no game. No ``seq``: a table request
    does not answer a decision of the hand.

    >>> Table("nap", 0, "p2").to_wire()
    '{"v":1,"type":"table","action":"nap","amount":0,"player":"p2"}'
    """

    TYPE: ClassVar[str] = "table"
    action: str
    amount: int | None = None
    player: str | None = None

    def __post_init__(self) -> None:
        _check_str("table", "action", self.action, TABLE_ACTION_RE, 16,
                   "a request name of 1 to 16 lower-case letters and '_'")
        if self.amount is not None:
            _check_int("table", "amount", self.amount, 0, MAX_CHIPS)
        if self.player is not None:
            _check_str("table", "player", self.player, PLAYER_ID_RE, 7, "a player id like 'p2'")

    def to_dict(self) -> dict[str, Any]:
        """Optional parts travel only when given."""
        data = super().to_dict()
        for name in ("amount", "player"):
            if data[name] is None:
                del data[name]
        return data


NONCE_RE = re.compile(r"[0-9a-f]{32}")  # rules.fairdeal.NONCE_BYTES as lower-case hex


@dataclass(frozen=True)
class Nonce(Message):
    """A player's fresh random contribution to the deck of hand ``hand_no`` (provably fair deal).

    Sent by :class:`room.client.GuestClient` by itself when a view asks for it
    (``game.fair.want_nonce``). ``hand_no`` names the deal it is for, so a late or repeated
    nonce can never count for another hand. 32 lower-case hex characters (16 bytes).
    """

    TYPE: ClassVar[str] = "nonce"
    hand_no: int
    value: str

    def __post_init__(self) -> None:
        _check_int("nonce", "hand_no", self.hand_no, 1, MAX_SEQ)
        _check_str("nonce", "value", self.value, NONCE_RE, 32, "32 lower-case hex characters")


MAX_GRACE_S = 300
MAX_TIMER_S = 600
MIN_TIMER_S = 5  # a shorter decision timer would make the game unplayable on a slow phone


@dataclass(frozen=True)
class NextHand(Message):
    """Host only: deal the next hand (at results; in the lobby it starts the game)."""

    TYPE: ClassVar[str] = "next_hand"


@dataclass(frozen=True)
class SetAutoDeal(Message):
    """Host only: deal the next hand by itself a few seconds after results (``on``)."""

    TYPE: ClassVar[str] = "set_auto_deal"
    on: bool

    def __post_init__(self) -> None:
        if type(self.on) is not bool:
            raise _bad("set_auto_deal", "on", self.on, "true or false")


@dataclass(frozen=True)
class SetAdvisor(Message):
    """Host only: show every player the odds of their own hand (``on``); each page computes
    them from its own view."""

    TYPE: ClassVar[str] = "set_advisor"
    on: bool

    def __post_init__(self) -> None:
        if type(self.on) is not bool:
            raise _bad("set_advisor", "on", self.on, "true or false")


@dataclass(frozen=True)
class SetGrace(Message):
    """Host only: seconds a dropped player's decision waits before it becomes the game's
    default action."""

    TYPE: ClassVar[str] = "set_grace"
    seconds: int

    def __post_init__(self) -> None:
        _check_int("set_grace", "seconds", self.seconds, 0, MAX_GRACE_S)


@dataclass(frozen=True)
class SetTimer(Message):
    """Host only: seconds each player has per decision before the game's default
    action (0 = off)."""

    TYPE: ClassVar[str] = "set_timer"
    seconds: int

    def __post_init__(self) -> None:
        value = self.seconds
        if type(value) is not int or not (value == 0 or MIN_TIMER_S <= value <= MAX_TIMER_S):
            raise _bad("set_timer", "seconds", value,
                       f"0 (no timer) or an integer from {MIN_TIMER_S} to {MAX_TIMER_S}")


GAME_ID_RE = re.compile(r"[a-z][a-z0-9-]{0,23}")  # "plo5"
SETTING_NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,29}")  # "dc_plo5"
SETTING_WORD_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,23}")
MAX_GAME_SETTINGS = 32
"""A game's settings in one ``set_game``: room for every one a game declares (the table games
have 28), still a small bound on what a peer may send."""


@dataclass(frozen=True)
class SetGame(Message):
    """Host only, in the lobby: the game to play (a registry id such as ``"holdem"``) and its
    own ``settings`` (name -> whole number, true/false or a short lower-case word). Only the
    shape is checked here; the values are the game's to judge when it is configured (the
    room knows no game), and a refusal names the setting (``settings/<name>``)."""

    TYPE: ClassVar[str] = "set_game"
    game: str
    settings: dict[str, Any]

    def __post_init__(self) -> None:
        _check_str("set_game", "game", self.game, GAME_ID_RE, 24, "a game id like 'holdem'")
        given = self.settings
        if not isinstance(given, dict) or len(given) > MAX_GAME_SETTINGS:
            raise _bad("set_game", "settings", given,
                       f"an object of at most {MAX_GAME_SETTINGS} settings")
        for name, value in given.items():
            _check_str("set_game", "settings", name, SETTING_NAME_RE, 30,
                       "setting names like 'big_blind'")
            if type(value) is bool:
                continue
            if type(value) is int:
                _check_int("set_game", name, value, 0, MAX_CHIPS)
                continue
            _check_str("set_game", name, value, SETTING_WORD_RE, 24,
                       "a whole number, true/false or a word like 'pot-limit'")
        object.__setattr__(self, "settings", dict(given))  # our own copy, never the caller's


# --- host -> guest ---------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge(Message):
    """The host's answer to ``hello``: its public ``key``, a fresh ``nonce``, ``caller`` (the
    PeerJS id this connection comes from, as the host's transport reports it) and ``sig``, its
    signature over the room code, both nonces and both ends' ids. The guest checks all of it
    before it joins: a ``caller`` that is not its own id means someone passed its hello on."""

    TYPE: ClassVar[str] = "challenge"
    key: str
    nonce: str
    sig: str
    caller: str

    def __post_init__(self) -> None:
        _check_key("challenge", "key", self.key)
        _check_str("challenge", "nonce", self.nonce, HANDSHAKE_NONCE_RE, 32,
                   "32 lower-case hex characters")
        _check_sig("challenge", self.sig)
        _check_caller("challenge", self.caller)


@dataclass(frozen=True)
class Welcome(Message):
    """You sit as player ``you`` in room ``room``."""

    TYPE: ClassVar[str] = "welcome"
    you: str
    room: str

    def __post_init__(self) -> None:
        _check_str("welcome", "you", self.you, PLAYER_ID_RE, 7, "a player id like 'p1'")
        if not is_valid_code(self.room):
            raise _bad("welcome", "room", self.room, "a 7-character room code")


@dataclass(frozen=True)
class View(Message):
    """What this viewer may see now; ``seq`` grows with every view the host sends."""

    TYPE: ClassVar[str] = "view"
    seq: int
    view: dict[str, Any]

    def __post_init__(self) -> None:
        _check_int("view", "seq", self.seq, 0, MAX_SEQ)
        if not isinstance(self.view, dict):
            raise _bad("view", "view", self.view, "an object")


@dataclass(frozen=True)
class Pong(Message):
    """Answer to ``ping``, echoing its ``t`` (lets the guest measure the round trip)."""

    TYPE: ClassVar[str] = "pong"
    t: int

    def __post_init__(self) -> None:
        _check_int("pong", "t", self.t, 0, MAX_TIME_MS)


@dataclass(frozen=True)
class Error(Message):
    """Your last message was refused; nothing else changed."""

    TYPE: ClassVar[str] = "error"
    code: str
    detail: str

    def __post_init__(self) -> None:
        _check_str(self.TYPE, "code", self.code, CODE_RE, 71, "a code like 'msg/bad_field'")
        _check_str(self.TYPE, "detail", self.detail, None, MAX_DETAIL,
                   f"text of at most {MAX_DETAIL} characters")


@dataclass(frozen=True)
class Rejected(Error):
    """You cannot enter this room (full, closed...); the host closes the connection next."""

    TYPE: ClassVar[str] = "rejected"


@dataclass(frozen=True)
class Closed(Message):
    """The host ended your session (``host_left``, ``left``, ``replaced``, ``flood``...)."""

    TYPE: ClassVar[str] = "closed"
    reason: str

    def __post_init__(self) -> None:
        _check_str("closed", "reason", self.reason, REASON_RE, 40, "a reason like 'host_left'")


# --- who sits at the table: the host's door (room.admission) ---------------------------

REQUEST_ID_RE = re.compile(r"r[1-9][0-9]{0,5}")


@dataclass(frozen=True)
class Kick(Message):
    """Host only: remove ``player`` from the room. A seat in a hand is played out first (the
    game's default action for every decision left); the balance stays in the ledger; the
    player's token no longer brings them back."""

    TYPE: ClassVar[str] = "kick"
    player: str

    def __post_init__(self) -> None:
        _check_str("kick", "player", self.player, PLAYER_ID_RE, 7, "a player id like 'p2'")


BOT_ACTIONS = ("add", "remove")
"""What a ``bot`` request does: seat a new bot, or remove one."""


@dataclass(frozen=True)
class Bot(Message):
    """Host only: seat a bot of ``level`` (``action`` ``"add"``: a :class:`room.bots.Level`
    value, no ``player``), or remove the bot ``player`` (``"remove"``, no ``level``): at once
    between hands; a bot with a stake in the running hand plays it out and leaves at its end.

    >>> Bot("add", "casual").to_wire()
    '{"v":1,"type":"bot","action":"add","level":"casual"}'
    >>> Bot("remove", "casual")
    Traceback (most recent call last):
    ...
    room.errors.MalformedMessage: bot.level: expected no level with remove, got 'casual'
    """

    TYPE: ClassVar[str] = "bot"
    action: str
    level: str | None = None
    player: str | None = None

    def __post_init__(self) -> None:
        if self.action not in BOT_ACTIONS:
            raise _bad("bot", "action", self.action, " or ".join(map(repr, BOT_ACTIONS)))
        adding = self.action == "add"
        if adding:
            levels = tuple(lv.value for lv in Level)
            if self.level not in levels:
                raise _bad("bot", "level", self.level, "a level: " + " or ".join(levels))
        elif self.level is not None:
            raise _bad("bot", "level", self.level, "no level with remove")
        if not adding:
            _check_str("bot", "player", self.player, PLAYER_ID_RE, 7, "a player id like 'p2'")
        elif self.player is not None:
            raise _bad("bot", "player", self.player, "no player with add")

    def to_dict(self) -> dict[str, Any]:
        """Only the part the action takes travels."""
        data = super().to_dict()
        for name in ("level", "player"):
            if data[name] is None:
                del data[name]
        return data


@dataclass(frozen=True)
class SetApproval(Message):
    """Host only: whether a newcomer waits for the host's approval before taking a seat."""

    TYPE: ClassVar[str] = "set_approval"
    on: bool

    def __post_init__(self) -> None:
        if type(self.on) is not bool:
            raise _bad("set_approval", "on", self.on, "true or false")


@dataclass(frozen=True)
class Admit(Message):
    """Host only: let the newcomer of request ``request`` in (``accept``) or turn them away."""

    TYPE: ClassVar[str] = "admit"
    request: str
    accept: bool

    def __post_init__(self) -> None:
        _check_str("admit", "request", self.request, REQUEST_ID_RE, 7,
                   "a request id like 'r1'")
        if type(self.accept) is not bool:
            raise _bad("admit", "accept", self.accept, "true or false")


@dataclass(frozen=True)
class Waiting(Message):
    """Host → newcomer: you asked for a seat; the host decides (``detail`` says so)."""

    TYPE: ClassVar[str] = "waiting"
    detail: str

    def __post_init__(self) -> None:
        _check_str("waiting", "detail", self.detail, None, MAX_DETAIL,
                   f"text of at most {MAX_DETAIL} characters")


GUEST_MESSAGES: tuple[type[Message], ...] = (
    Hello, Join, Ping, Start, Leave, Act, NextHand, SetAutoDeal, SetGrace, SetTimer,
    Nonce, Kick, SetApproval, Admit, SetGame, Table, Bot, SetAdvisor,
)
HOST_MESSAGES: tuple[type[Message], ...] = (
    Challenge, Welcome, View, Pong, Error, Rejected, Closed, Waiting
)
MESSAGE_TYPES: MappingProxyType[str, type[Message]] = MappingProxyType(
    {cls.TYPE: cls for cls in GUEST_MESSAGES + HOST_MESSAGES}
)


def _wire_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


# A JSON string, or an unterminated one running to the end of the text. Possessive, and never
# failing once it has started, so the scan cannot backtrack from one quote to the next: linear
# on any input. (A plain ``"(?:[^"\\]|\\.)*"`` is quadratic on a text of escaped quotes that
# never closes: 1.7 s of CPython for one 16 kB ``"\\"\\"\\"…``, a CPU flood in one message.)
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_BRACKET_STEP = MappingProxyType({"[": 1, "{": 1, "]": -1, "}": -1})


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets inside strings do not
    count), without parsing it. Measured before ``json.loads`` because the parser recurses
    once per level: under Pyodide's small stack, a 16 kB ``[[[[…]]]]`` kills the interpreter
    (CPython copes, so a CPython test cannot see it).

    It is the highest running count of opening minus closing brackets from the start:
    ``json.loads`` reads left to right and stops at the first unmatched closing bracket, so
    it never nests deeper than this. Linear, at C speed (two regex passes and a running sum),
    no recursion: it runs on every message.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}'), nesting_depth("[" * 5 + "]" * 5)
    (3, 5)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets), initial=0))


def _reject_constant(name: str) -> Any:
    raise MalformedMessage(f"JSON constant {name} is not allowed", Code.MSG_BAD_JSON)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise MalformedMessage(f"duplicate JSON key {_show(key)}", Code.MSG_BAD_JSON)
        data[key] = value
    return data


def parse_message(
    text: Any, allowed: tuple[type[Message], ...] | None = None,
    max_bytes: int = MAX_WIRE_BYTES,
) -> Message:
    """Validate untrusted wire ``text`` into a message, or raise :class:`MalformedMessage`.

    ``allowed`` restricts the types accepted (the host only accepts guest messages and vice
    versa; anything else is ``msg/unexpected_type``). Size (``msg/too_big``) and nesting
    (``msg/too_deep``) are bounded before any parsing. No other exception escapes.

    >>> parse_message('{"v": 1, "type": "start", "as": "p1"}')
    Traceback (most recent call last):
    ...
    room.errors.MalformedMessage: start: unknown field 'as'
    """
    if not isinstance(text, str):
        raise MalformedMessage(
            f"expected a JSON text, got {type(text).__name__}", Code.MSG_BAD_JSON
        )
    if len(text) > max_bytes or _wire_size(text) > max_bytes:
        raise MalformedMessage(
            f"message is {_wire_size(text)} bytes; at most {max_bytes}", Code.MSG_TOO_BIG
        )
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise MalformedMessage(
            f"JSON nested {depth} levels deep; at most {MAX_NESTING}", Code.MSG_TOO_DEEP
        )
    try:
        data = json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates
        )
    except MalformedMessage:
        raise
    except (ValueError, RecursionError) as exc:
        raise MalformedMessage(f"not valid JSON: {exc}", Code.MSG_BAD_JSON) from None
    if not isinstance(data, dict):
        raise MalformedMessage(
            f"expected a JSON object, got {type(data).__name__}", Code.MSG_NOT_OBJECT
        )
    version = data.get("v", None)
    if type(version) is not int or version != VERSION:
        raise MalformedMessage(
            f"v: expected {VERSION}, got {_show(version)}", Code.MSG_BAD_VERSION
        )
    msg_type = data.get("type", None)
    cls = MESSAGE_TYPES.get(msg_type) if isinstance(msg_type, str) else None
    if cls is None:
        raise MalformedMessage(f"type: unknown message type {_show(msg_type)}",
                               Code.MSG_UNKNOWN_TYPE)
    if allowed is not None and cls not in allowed:
        raise MalformedMessage(f"type: {msg_type!r} is not expected here",
                               Code.MSG_UNEXPECTED_TYPE)
    kwargs: dict[str, Any] = {}
    known = set()
    for f in fields(cls):
        known.add(f.name)
        if f.name in data:
            kwargs[f.name] = data[f.name]
        elif f.default is MISSING:
            raise MalformedMessage(f"{msg_type}: missing field {f.name!r}", Code.MSG_BAD_FIELD)
    extra = sorted(set(data) - known - {"v", "type"})
    if extra:
        raise MalformedMessage(f"{msg_type}: unknown field {_show(extra[0])}", Code.MSG_BAD_FIELD)
    return cls(**kwargs)


def parse_request(text: Any) -> Message:
    """A guest → host message (what the host accepts from any peer; at most 4 kB)."""
    return parse_message(text, GUEST_MESSAGES, MAX_REQUEST_BYTES)


def parse_reply(text: Any) -> Message:
    """A host → guest message (what a client accepts from the host)."""
    return parse_message(text, HOST_MESSAGES)

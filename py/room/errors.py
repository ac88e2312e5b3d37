"""One exception hierarchy for the room layer, and the one enumeration of its error codes.

Every refusal carries a :class:`Code`: its wire string (``'msg/bad_field'``, stable: the web's
texts and the tests switch on it), who is to blame (:class:`Blame`, as h11 tells a
``RemoteProtocolError`` from a ``LocalProtocolError``) and a default message. Peer-caused
problems go back to that peer as ``error {code, detail}``, ``detail`` naming the offending
field and value for a human. A code blamed on a :attr:`Blame.BUG` is ours: it never reaches a
peer as if the peer had done wrong (:func:`peer_detail`).

>>> Code.AUTH_NOT_HOST == "auth/not_host", Code("auth/not_host").blame
(True, <Blame.PEER: 'peer'>)
>>> RoomError("set_grace.seconds: too many", Code.MSG_BAD_FIELD).to_dict()
{'code': 'msg/bad_field', 'detail': 'set_grace.seconds: too many'}
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a type only: the page fetches room.viewtypes after this module
    from room.viewtypes import Refusal


class Blame(StrEnum):
    """Who is to blame for a refusal."""

    PEER = "peer"
    """The one who asked: a malformed, untimely or forbidden request, or input they typed."""
    SETTINGS = "settings"
    """What the host's page was set up with or kept: a setting the game refuses, a link's
    ``signal``/``ice``, a stored snapshot of another version."""
    BUG = "bug"
    """Ours: the room or a game broke its own contract. Loud in tests; a peer who meets one
    is told it was not their doing."""


class ErrorCode(StrEnum):
    """The one shape of every error code: wire string, blame, default message.

    The wire string is the member's value (a ``StrEnum``: ``Code.X == "x/y"`` and it goes
    into JSON as is). Its members are :class:`Code` (the room's, and what every game shares)
    and, one layer up, ``games.codes.TableCode`` (codes that name a table game's own requests
    and settings, which the room may not name: ``tests/test_layers.py``). Add a code to one
    of them before raising it anywhere (``tests/test_room_errors.py`` checks no other code
    string is used in ``py/``).
    """

    blame: Blame
    text: str

    def __new__(cls, wire: str, blame: Blame = Blame.PEER, text: str = "") -> ErrorCode:
        member = str.__new__(cls, wire)
        member._value_ = wire
        member.blame = blame
        member.text = text or wire
        return member

    @staticmethod
    def of(wire: str) -> ErrorCode:
        """The code whose wire string is ``wire`` (among the kinds loaded); ``ValueError``
        (a bug: raise codes as members) for a string that is none."""
        for kind in ErrorCode.__subclasses__():
            try:
                return kind(wire)
            except ValueError:
                continue
        raise ValueError(f"{wire!r} is not an error code")


class Code(ErrorCode):
    """The room's error codes, and those every game shares (``game/…``, ``settings/…``)."""

    # The wire (room.messages): a text that is not a request we take.
    MSG_BAD_FIELD = "msg/bad_field", Blame.PEER, "a field of the message is missing or wrong"
    MSG_BAD_JSON = "msg/bad_json", Blame.PEER, "the message is not valid JSON"
    MSG_TOO_BIG = "msg/too_big", Blame.PEER, "the message is too big"
    MSG_TOO_DEEP = "msg/too_deep", Blame.PEER, "the message is nested too deeply"
    MSG_NOT_OBJECT = "msg/not_object", Blame.PEER, "the message is not a JSON object"
    MSG_BAD_VERSION = "msg/bad_version", Blame.PEER, "the message is of another version"
    MSG_UNKNOWN_TYPE = "msg/unknown_type", Blame.PEER, "no message has that type"
    MSG_UNEXPECTED_TYPE = "msg/unexpected_type", Blame.PEER, "that message is not taken here"
    MSG_FLOOD = "msg/flood", Blame.PEER, "too many messages"
    MSG_TOO_FAST = "msg/too_fast", Blame.PEER, "too many changes a second; try again"
    # Who may ask (room.requests).
    AUTH_NOT_JOINED = "auth/not_joined", Blame.PEER, "send join first"
    AUTH_NOT_HOST = "auth/not_host", Blame.PEER, "only the host can do that"
    AUTH_NOT_ALLOWED = "auth/not_allowed", Blame.PEER, "that is not allowed now"
    # Joining (room.host, room.admission).
    JOIN_NO_CHALLENGE = "join/no_challenge", Blame.PEER, "say hello first, then sign its challenge"
    JOIN_NO_CALLER = "join/no_caller", Blame.PEER, "this connection's caller is unknown"
    JOIN_RELAYED = "join/relayed", Blame.PEER, "this join was signed on another connection"
    JOIN_BAD_SIGNATURE = "join/bad_signature", Blame.PEER, "the join's signature does not check"
    JOIN_ALREADY_JOINED = "join/already_joined", Blame.PEER, "this connection already sits"
    JOIN_WAITING = "join/waiting", Blame.PEER, "this connection already asked for a seat"
    JOIN_BAD_KEY = "join/bad_key", Blame.PEER, "this key belongs to a seat you cannot take"
    JOIN_REMOVED = "join/removed", Blame.PEER, "the host removed you from this room"
    JOIN_DENIED = "join/denied", Blame.PEER, "the host did not let you in"
    JOIN_NO_INVITE = "join/no_invite", Blame.PEER, "the host lets newcomers in by invitation"
    JOIN_NOT_ADMITTED = "join/not_admitted", Blame.PEER, "the host did not answer in time"
    JOIN_TIMEOUT = "join/timeout", Blame.PEER, "no join message arrived in time"
    ROOM_FULL = "room/full", Blame.PEER, "the room is full"
    ROOM_CLOSED = "room/closed", Blame.PEER, "this room has been closed by its host"
    ROOM_BUSY = "room/busy", Blame.PEER, "too many newcomers are waiting; try again later"
    DOOR_UNKNOWN = "door/unknown", Blame.PEER, "nobody waits with that request"
    KICK_UNKNOWN = "kick/unknown", Blame.PEER, "that player is not seated in this room"
    KICK_HOST = "kick/host", Blame.PEER, "the host cannot remove themselves"
    BOT_UNKNOWN = "bot/unknown", Blame.PEER, "no bot sits there"
    BOT_NOT_A_BOT = "bot/not_a_bot", Blame.PEER, "a person sits there, not a bot"
    NAME_INVALID = "name/invalid", Blame.PEER, "that name cannot be used"
    CODE_INVALID = "code/invalid", Blame.PEER, "that is not a room code"
    RECOVERY_INVALID = "recovery/invalid", Blame.PEER, "that is not a recovery code"
    # The game's requests (room.requests' ladder, then the game).
    GAME_NOT_RUNNING = "game/not_running", Blame.PEER, "no game is running"
    GAME_ALREADY_STARTED = "game/already_started", Blame.PEER, "the game has already started"
    GAME_QUEUED = "game/queued", Blame.PEER, "you are dealt in at the next hand"
    GAME_DEALING = "game/dealing", Blame.PEER, "the next hand is being dealt"
    GAME_STALE = "game/stale", Blame.PEER, "that was chosen on an older view"
    GAME_NOT_YOUR_TURN = "game/not_your_turn", Blame.PEER, "it is not your turn"
    GAME_ILLEGAL = "game/illegal", Blame.PEER, "the rules do not allow that now"
    GAME_BAD_ACTION = "game/bad_action", Blame.PEER, "this game has no such action"
    GAME_HAND_RUNNING = "game/hand_running", Blame.PEER, "a hand is still running"
    GAME_NO_HAND = "game/no_hand", Blame.PEER, "no hand is running"
    GAME_NO_PLAYERS = "game/no_players", Blame.PEER, "nobody can be dealt in"
    GAME_PAUSED = "game/paused", Blame.PEER, "the table is paused"
    GAME_OVER = "game/over", Blame.PEER, "the tournament is over"
    GAME_UNKNOWN = "game/unknown", Blame.SETTINGS, "this page has no such game"
    FAIR_NOT_DEALING = "fair/not_dealing", Blame.PEER, "no deal is waiting for nonces"
    FAIR_STALE = "fair/stale", Blame.PEER, "that nonce is for another deal"
    FAIR_NOT_INVITED = "fair/not_invited", Blame.PEER, "you are not dealt in this hand"
    FAIR_NONCE_TWICE = "fair/nonce_twice", Blame.PEER, "your nonce for this deal is in"
    EXPORT_INVALID = "export/invalid", Blame.PEER, "that is not a hand history of this room"
    # The host's settings and what the host's page kept.
    SETTINGS_INVALID = "settings/invalid", Blame.SETTINGS, "the game's settings are not an object"
    SETTINGS_UNKNOWN = "settings/unknown", Blame.SETTINGS, "the game has no such setting"
    SETTINGS_BAD_VALUE = "settings/bad_value", Blame.SETTINGS, "a setting has a bad value"
    SETTINGS_LOCKED = "settings/locked", Blame.SETTINGS, "that setting cannot change now"
    SETTINGS_TIMER = "settings/timer", Blame.SETTINGS, "the timer does not fit the settings"
    CONFIG_INVALID = "config/invalid", Blame.SETTINGS, "the link has a bad setting"
    SNAPSHOT_VERSION = "snapshot/version", Blame.SETTINGS, "not a room snapshot of this version"
    SNAPSHOT_BROKEN = "snapshot/broken", Blame.SETTINGS, "a broken room snapshot"
    SNAPSHOT_NO_FACTORY = "snapshot/no_factory", Blame.SETTINGS, "the snapshot's game is missing"
    SNAPSHOT_OTHER_GAME = "snapshot/other_game", Blame.SETTINGS, "a snapshot of another game"
    SNAPSHOT_BAD_LEDGER = "snapshot/bad_ledger", Blame.SETTINGS, "the snapshot's ledger is broken"
    SUCCESSION_BAD_VIEW = "succession/bad_view", Blame.SETTINGS, "no usable view of the old room"
    SUCCESSION_BAD_TOKEN = "succession/bad_token", Blame.SETTINGS, "not this view's player's token"
    # Ours.
    ROOM_ERROR = "room/error", Blame.BUG, "the room refused that without saying why (a bug)"
    VIEW_TOO_BIG = "view/too_big", Blame.BUG, "the host built a view too big to send (a bug)"


BUG_NOTICE = "not your doing: the host's page hit a bug and did nothing ({text}): "
"""How a :attr:`Blame.BUG` refusal begins when it reaches a peer (:func:`peer_detail`)."""


def peer_detail(code: ErrorCode, detail: str) -> str:
    """The ``detail`` a peer is sent with ``code``: as is for the peer's or the settings'
    doing; for a bug of ours, said to be ours first, so it never reads as the peer's fault."""
    if code.blame is Blame.BUG:
        return BUG_NOTICE.format(text=code.text) + detail
    return detail


class RoomError(ValueError):
    """Base of every error the room layer raises about bad input.

    A ``ValueError`` so that callers which only know "bad input" can catch it, while
    ``code`` (a :class:`Code`) keeps the machine-readable reason and who is to blame.
    ``detail`` defaults to the code's own message.
    """

    default_code: ErrorCode = Code.ROOM_ERROR

    def __init__(self, detail: str | None = None, code: ErrorCode | None = None) -> None:
        self.code: ErrorCode = (self.default_code if code is None else
                                code if isinstance(code, ErrorCode) else ErrorCode.of(code))
        self.detail: str = self.code.text if detail is None else detail
        super().__init__(self.detail)

    def to_dict(self) -> Refusal:
        """The ``{code, detail}`` pair as sent in an ``error`` message."""
        return {"code": self.code.value, "detail": self.detail}


class MalformedMessage(RoomError):
    """A wire text that is not a valid message (bad JSON, unknown type, bad field...)."""

    default_code = Code.MSG_BAD_FIELD


class CodeError(RoomError):
    """A room code that cannot be a code we issued."""

    default_code = Code.CODE_INVALID


class RecoveryError(RoomError):
    """A recovery code (``room.recovery``) that was mistyped or is not one of ours."""

    default_code = Code.RECOVERY_INVALID


class InvalidName(RoomError):
    """A player name that is empty, too long or holds control characters."""

    default_code = Code.NAME_INVALID


class ConfigError(RoomError):
    """A ``signal`` or ``ice`` URL parameter that cannot be turned into PeerJS options."""

    default_code = Code.CONFIG_INVALID


class NotAllowed(RoomError):
    """A well-formed request this peer may not make now (not host, not joined, ...)."""

    default_code = Code.AUTH_NOT_ALLOWED


class ExportError(RoomError):
    """A view or history text that cannot be exported or read back (not a results view...)."""

    default_code = Code.EXPORT_INVALID

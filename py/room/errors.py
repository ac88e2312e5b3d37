"""One exception hierarchy for the room layer, each error carrying a stable wire code.

Peer-caused problems go back to that peer as ``error {code, detail}``; the ``code`` is a
stable namespaced string (``'msg/bad_field'``) that the web layer and tests can switch on,
and ``detail`` names the offending field and value for a human.
"""

from __future__ import annotations


class RoomError(ValueError):
    """Base of every error the room layer raises about bad input.

    A ``ValueError`` so that callers which only know "bad input" can catch it, while
    ``code`` keeps the machine-readable reason.
    """

    default_code = "room/error"

    def __init__(self, detail: str, code: str | None = None) -> None:
        super().__init__(detail)
        self.code = code or self.default_code
        self.detail = detail

    def to_dict(self) -> dict[str, str]:
        """The ``{code, detail}`` pair as sent in an ``error`` message."""
        return {"code": self.code, "detail": self.detail}


class MalformedMessage(RoomError):
    """A wire text that is not a valid message (bad JSON, unknown type, bad field...)."""

    default_code = "msg/bad_field"


class CodeError(RoomError):
    """A room code that cannot be a code we issued."""

    default_code = "code/invalid"


class InvalidName(RoomError):
    """A player name that is empty, too long or holds control characters."""

    default_code = "name/invalid"


class ConfigError(RoomError):
    """A ``signal`` or ``ice`` URL parameter that cannot be turned into PeerJS options."""

    default_code = "config/invalid"


class NotAllowed(RoomError):
    """A well-formed request this peer may not make now (not host, not joined, ...)."""

    default_code = "auth/not_allowed"


class ExportError(RoomError):
    """A view or history text that cannot be exported or read back (not a results view...)."""

    default_code = "export/invalid"

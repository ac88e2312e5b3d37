"""Room codes: short, unambiguous when read aloud or typed, and unguessable enough.

Seven characters from an alphabet without 0/O, 1/I/L (which people confuse) give
31**7 ≈ 2**34.7 codes, drawn with ``secrets`` so a stranger cannot enumerate live rooms.
The PeerJS id of a room's host is derived from its code, so the code is all a guest needs.

>>> normalize_code(' abcd-234 ')
'ABCD234'
>>> peer_id_for('ABCD234')
'uomaha-abcd234'
"""

from __future__ import annotations

import secrets

from room.errors import CodeError

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 7
PEER_PREFIX = "uomaha-"
_CONFUSABLE = frozenset("0O1IL")


def new_room_code() -> str:
    """A fresh random room code (``secrets``, never ``random``: codes guard rooms)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """The canonical form of a code as a person typed it, or :class:`CodeError`.

    Case, spaces and dashes are forgiven because people copy codes out of chats;
    anything else is reported with the exact input so the player can see the typo.

    >>> normalize_code('abcd 234')
    'ABCD234'
    >>> normalize_code('ABCD0OO')
    Traceback (most recent call last):
    ...
    room.errors.CodeError: room code 'ABCD0OO' cannot contain 0, O, 1, I or L
    """
    if not isinstance(text, str):
        raise CodeError(f"room code must be text, got {text!r}")
    cleaned = "".join(ch for ch in text if ch not in " -\t").upper()
    if not cleaned:
        raise CodeError("room code is empty")
    confusable = sorted(set(cleaned) & _CONFUSABLE)
    if confusable:
        raise CodeError(f"room code {text!r} cannot contain 0, O, 1, I or L")
    bad = [ch for ch in cleaned if ch not in ALPHABET]
    if bad:
        raise CodeError(f"room code {text!r} has a character that is not allowed: {bad[0]!r}")
    if len(cleaned) != CODE_LENGTH:
        raise CodeError(
            f"room code {text!r} has {len(cleaned)} characters; a code has {CODE_LENGTH}"
        )
    return cleaned


def is_valid_code(text: str) -> bool:
    """Whether ``text`` is already a canonical code (no normalisation applied)."""
    return (
        isinstance(text, str)
        and len(text) == CODE_LENGTH
        and all(ch in ALPHABET for ch in text)
    )


def peer_id_for(code: str) -> str:
    """The PeerJS id the host of room ``code`` registers under (lower case: PeerJS ids)."""
    return PEER_PREFIX + normalize_code(code).lower()

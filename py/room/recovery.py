"""The recovery code: a player's rejoin token in a form a person can carry to another device.

Why: a player is their key, and the key is derived from the rejoin token their browser keeps
(:mod:`room.identity`). Whoever has the token is that player — same seat, same ledger row in
every room they sat in. To be the same person on a phone and a laptop, the token has to travel,
and people carry it by reading and typing (or by a QR code of the same text, ``web.qr``).

The text: the token's 24 bytes (our tokens are ``secrets.token_urlsafe(24)``), behind a 3-bit
version, as 39 characters of Crockford's base32 (digits and capitals without I, L, O and U,
which look like 1, 1, 0 and V), then 3 check characters: 42 characters in 7 groups of 6, such
as ``7KQ2ZB-…``. Typing is forgiving (lower case, spaces, dashes, O for 0, I or L for 1), and
the check is a weighted sum modulo a prime (32,749) with weights that are powers of 36, so
*every* single wrong character and *every* swap of two characters is caught, and so is
every pair of wrong characters among the first 39: no ratio of two weights is a ratio of two
differences of digits (from -31 to 31), which is what two errors cancelling out would need
(``tests/test_room_recovery.py`` checks it). Other errors slip through about once in 32,749. A
code that fails says what is wrong and changes nothing.

>>> token = "A" * 32
>>> code = recovery_code(token)
>>> len(code), code.count("-"), token_from_code(code.lower()) == token
(48, 6, True)
"""

from __future__ import annotations

from room.errors import RecoveryError
from room.identity import decode, encode, key_of

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 digits, in value order."""
SECRET_BYTES = 24
VERSION = 0
VERSION_BITS = 3
DATA_CHARS = (SECRET_BYTES * 8 + VERSION_BITS) // 5  # 39
CHECK_CHARS = 3
CHECK_PRIME = 32749  # the largest prime below 32 ** 3
CODE_CHARS = DATA_CHARS + CHECK_CHARS  # 42
GROUP = 6
MAX_TYPED = 200
"""Longer typed text is refused before it is read (a paste of something else)."""
READ_AS = {"O": "0", "I": "1", "L": "1"}
"""Letters people type for the digits they look like."""
WEIGHT_BASE = 36
WEIGHTS = tuple(pow(WEIGHT_BASE, i, CHECK_PRIME) for i in range(DATA_CHARS))
assert len(set(WEIGHTS)) == DATA_CHARS  # distinct weights: every swap is caught


def can_carry(token: str) -> bool:
    """Whether ``token`` is one a recovery code can carry (24 bytes, base64url, as our
    pages make them)."""
    return isinstance(token, str) and len(token) == 32 and decode(token, SECRET_BYTES) is not None


def _check(values: list[int]) -> list[int]:
    total = sum(w * v for w, v in zip(WEIGHTS, values, strict=True)) % CHECK_PRIME
    return [(total >> (5 * k)) & 31 for k in reversed(range(CHECK_CHARS))]


def recovery_code(token: str) -> str:
    """The recovery code of ``token``: 42 characters in groups of 6 joined by dashes
    (:class:`room.errors.RecoveryError` for a token no code can carry)."""
    raw = decode(token, SECRET_BYTES) if isinstance(token, str) else None
    if raw is None or len(token) != 32:
        raise RecoveryError("this browser's identity is of an older kind that no recovery "
                            "code can carry")
    number = (VERSION << (SECRET_BYTES * 8)) | int.from_bytes(raw, "big")
    values = [(number >> (5 * k)) & 31 for k in reversed(range(DATA_CHARS))]
    chars = "".join(ALPHABET[v] for v in values + _check(values))
    return "-".join(chars[i:i + GROUP] for i in range(0, CODE_CHARS, GROUP))


def token_from_code(text: str) -> str:
    """The token a typed recovery code carries, or :class:`room.errors.RecoveryError`
    saying what is wrong (empty, a character that is in no code, too short or long,
    mistyped, another version)."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        raise RecoveryError(f"that is too long for a recovery code ({CODE_CHARS} letters "
                            "and digits)")
    chars = "".join(READ_AS.get(c, c) for c in text.upper() if c not in " -\t\r\n.")
    if not chars:
        raise RecoveryError("the recovery code is empty")
    for i, c in enumerate(chars):
        if c not in ALPHABET:
            raise RecoveryError(f"character {i + 1} of the code, {c!r}, is in no recovery "
                                "code (they use digits and the letters A to Z but U)")
    if len(chars) != CODE_CHARS:
        raise RecoveryError(f"the code has {len(chars)} of {CODE_CHARS} characters: one "
                            "may be missing or typed twice")
    values = [ALPHABET.index(c) for c in chars]
    data, check = values[:DATA_CHARS], values[DATA_CHARS:]
    if _check(data) != check:
        raise RecoveryError("the code is mistyped somewhere (its check characters do not "
                            "match): compare it with your other device's, group by group")
    number = 0
    for v in data:
        number = number << 5 | v
    if number >> (SECRET_BYTES * 8) != VERSION:
        raise RecoveryError("this recovery code is of a newer kind than this page reads")
    return encode((number & ((1 << (SECRET_BYTES * 8)) - 1)).to_bytes(SECRET_BYTES, "big"))


def spoken(code: str) -> str:
    """The code as a screen reader should say it: character by character, a pause between
    groups (``"7 K Q, …"``), so that no group is read out as a word or a number."""
    return ", ".join(" ".join(group) for group in code.split("-"))


def fingerprint(token: str) -> str:
    """A short, public name of the player a token makes: the first 40 bits of their public
    key in the code's alphabet (``"ABCD-EFGH"``), shown beside a code and in its confirm
    step so a person can see that both devices mean the same player. Not a secret: it is
    part of the key every room already sees.

    >>> fingerprint("A" * 32) == fingerprint("A" * 32) != fingerprint("B" * 32)
    True
    """
    raw = decode(key_of(token), 32)
    assert raw is not None  # our own encoding of a key
    number = int.from_bytes(raw[:5], "big")
    chars = "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(8)))
    return f"{chars[:4]}-{chars[4:]}"

"""Player names: cleaned once at the edge, then unique within the room.

Names are shown to every player, so they are data, never markup: we do not escape or
strip ``<`` here (the web layer renders text nodes), but we do refuse control and
bidirectional-override characters, which could garble or spoof how other names look.

>>> clean_name('  Ann   Lee ')
'Ann Lee'
>>> unique_name('ann', ['Ann'])
'ann (2)'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from room.errors import InvalidName

MAX_NAME_LENGTH = 20
# Explicit bidi embeddings/overrides/isolates: they can make one name look like another.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def clean_name(text: object) -> str:
    """Trim and collapse whitespace, then check 1–20 characters with no control chars.

    >>> clean_name('')
    Traceback (most recent call last):
    ...
    room.errors.InvalidName: name is empty
    """
    if not isinstance(text, str):
        raise InvalidName(f"name must be text, got {type(text).__name__}")
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if not name:
        raise InvalidName("name is empty")
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI_CONTROLS:
            raise InvalidName(f"name {name!r} contains a control character U+{ord(ch):04X}")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidName(
            f"name {name[:30]!r} is {len(name)} characters long; at most {MAX_NAME_LENGTH}"
        )
    return name


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``… so no two seats look alike.

    Comparison ignores case ("ann" and "Ann" are hard to tell apart at a table); the base is
    shortened when needed so the result still fits in 20 characters.

    >>> unique_name('Abcdefghijklmnopqrst', ['abcdefghijklmnopqrst'])
    'Abcdefghijklmnop (2)'
    """
    used = {_looks(other) for other in taken}
    if _looks(name) not in used:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        if _looks(candidate) not in used:
            return candidate
        n += 1


def _looks(name: str) -> str:
    """How a name looks, for telling names apart: case folded, invisible format characters
    (zero-width space, word joiner, soft hyphen...) dropped, so "An\u200bn" is "Ann".

    >>> _looks("An\u200bN") == _looks("ann")
    True
    """
    return "".join(ch for ch in name if unicodedata.category(ch) != "Cf").casefold()

"""Player names: cleaned once at the edge, then unique within the room.

Names are shown to every player, so they are data, never markup: we do not escape or
strip ``<`` here (the web layer renders text nodes), but we do refuse control and
bidirectional-override characters, which could garble or spoof how other names look, a
name with no visible character (only a zero-width joiner, a Hangul filler...), and
combining marks stacked more than :data:`MAX_MARKS` deep on one character.

Names that *look* alike are made distinct, not refused: "Ann" beside "ann", "An\u200bn" or
"\u0410nn" (Cyrillic A) becomes "Ann (2)". Looking alike is decided by Unicode's confusable
skeleton (:mod:`room.confusables`), case folded, invisible characters ignored.

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
MAX_MARKS = 3
"""Combining marks allowed on one character: enough for Vietnamese, Thai or Devanagari
(at most two in practice), not for a tower of marks spilling over the names around it."""
# Explicit bidi embeddings/overrides/isolates: they can make one name look like another.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
# Letters, symbols and marks that draw nothing (Unicode's default-ignorable code points that
# are not format characters, and the blank braille pattern): they hide in a name like a space.
_BLANKS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)


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
    if not any(_visible(ch) for ch in name):
        raise InvalidName(
            f"name {name!r} has no visible character (only spaces, marks or invisible ones)"
        )
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if run > MAX_MARKS:
            raise InvalidName(
                f"name {name!r} stacks more than {MAX_MARKS} combining marks on one character"
            )
    return name


def _visible(ch: str) -> bool:
    """Whether ``ch`` draws something on its own: a letter, digit, punctuation or symbol
    that is not one of the blank ones."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANKS


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``… so no two seats look alike.

    Comparison is by how names look (:func:`looks`): case, invisible characters and
    confusable letters from other scripts ("\u0410nn", Cyrillic A) do not make a name
    distinct. The base is shortened when needed so the result still fits in 20 characters.

    >>> unique_name('Abcdefghijklmnopqrst', ['abcdefghijklmnopqrst'])
    'Abcdefghijklmnop (2)'
    """
    used = {looks(other) for other in taken}
    if looks(name) not in used:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        if looks(candidate) not in used:
            return candidate
        n += 1


def looks(name: str) -> str:
    """How a name looks, for telling names apart: invisible characters (zero-width space,
    word joiner, soft hyphen, Hangul filler...) dropped, then Unicode's confusable skeleton,
    case folded, and the skeleton again (so "I", "l" and "1" meet, and Cyrillic "\u0430"
    is Latin "a" in either case).

    >>> looks("An\u200bN") == looks("ann") == looks("\u0410nn")
    True
    >>> looks("Bob") == looks("B0b"), looks("Ann") == looks("Anna")
    (True, False)
    """
    from room.confusables import skeleton

    shown = "".join(
        ch for ch in unicodedata.normalize("NFD", name)
        if unicodedata.category(ch) != "Cf" and ch not in _BLANKS
    )
    return skeleton(skeleton(shown).casefold())

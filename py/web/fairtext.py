"""The words of a hand's fair-deal verdict, shown and spoken at results in every game.

The verdict is the room client's (``room.client.GuestClient.verdict``: this browser's own check
of the hand on screen); this module only says it to people, in words — a card in a reason is
named ("ace of spades", not "As"), and the marks ✓ and ⚠ are for the eye only
(:mod:`web.shell` hides them from screen readers).

>>> from rules.fairdeal import Verdict
>>> ok = Verdict(True, "the seed matches the commitment")
>>> shown(ok), spoken(ok)
(('', 'Deal verified ', '✓', ' (checked by this browser): the seed matches the commitment'), \
'Deal verified by this browser.')
>>> bad = Verdict(False, "As shown where the dealing order puts 7c (deck position 4)")
>>> "".join(shown(bad))
'⚠ DEAL NOT VERIFIED — this hand may have been tampered with: ace of spades shown where \
the dealing order puts seven of clubs (deck position 4)'
>>> spoken(bad)[:60]
'Warning: deal not verified. This hand may have been tampered'
"""

from __future__ import annotations

import re
from typing import Any

from rules.cards import Card

OK_WORDS = "Deal verified"
FAIL_WORDS = "DEAL NOT VERIFIED"
TAMPERED = "this hand may have been tampered with: "
_CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])")


def in_words(reason: str) -> str:
    """``reason`` with every card code named in words."""
    return _CARD.sub(lambda m: Card.parse(m.group(0)).name, reason)


def _reason(verdict: Any) -> str:
    return in_words(str(getattr(verdict, "reason", "")))


def _plain(reason: str) -> bool:
    """A reason that says plainly why there is nothing to check (no fair record)."""
    return reason.startswith("This hand was not dealt")


def shown(verdict: Any) -> tuple[str, str, str, str]:
    """The note's visible parts: ``(mark before, words, mark after, rest)``; the marks are
    hidden from screen readers."""
    reason = _reason(verdict)
    if getattr(verdict, "ok", False):
        return "", f"{OK_WORDS} ", "✓", f" (checked by this browser): {reason}"
    return "⚠", f" {FAIL_WORDS} — ", "", reason if _plain(reason) else TAMPERED + reason


def spoken(verdict: Any) -> str:
    """What a screen reader hears: short when verified, the whole reason when not."""
    if getattr(verdict, "ok", False):
        return "Deal verified by this browser."
    reason = _reason(verdict)
    if not _plain(reason):
        reason = TAMPERED[0].upper() + TAMPERED[1:] + reason
    return f"Warning: deal not verified. {reason}"

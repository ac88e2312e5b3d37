"""What the identity card says and which identity it shows (``web.identitycard`` draws it):
pure, so CPython tests read it.

Which token a browser's recovery code carries: the identity it already has (``storage``'s
``omaha.identity``); else the token it last sat with in any room (so a player who played on
this laptop tonight carries tonight's seats to their phone); else this tab's own.
"""

from __future__ import annotations

from urllib.parse import unquote

from room.recovery import can_carry, fingerprint

HASH_PREFIX = "#recover="
"""A QR code opens the page at ``…#recover=CODE``: the code is filled in and the confirm step
shown (a fragment never reaches any server)."""


def chosen_identity(identity: str, latest_room: str, tab: str) -> str:
    """The token this browser's recovery code carries (see the module's docstring); '' when
    none of them can be carried.

    >>> chosen_identity("", "B" * 32, "C" * 32) == "B" * 32, chosen_identity("x", "", "")
    (True, '')
    """
    return next((t for t in (identity, latest_room, tab) if can_carry(t)), "")


def key_line(token: str) -> str:
    return (f"Player key {fingerprint(token)}: your other device shows the same key once it "
            "uses this code.")


def confirm_text(new: str, current: str) -> str:
    """The confirm step's question before a browser becomes the code's player."""
    text = (f"Play as player {fingerprint(new)} on this browser? Rooms that player sat in "
            "give back their seat and balance when you join them again from here.")
    if current and can_carry(current) and current != new:
        text += (f" This browser's own player, {fingerprint(current)}, is set aside: if you "
                 "want it back one day, show and keep its recovery code first.")
    return text


def done_text(new: str) -> str:
    return (f"This browser now plays as player {fingerprint(new)}. Join your room again to "
            "take your seat back.")


def same_text(new: str) -> str:
    return f"This browser already plays as player {fingerprint(new)}: nothing changed."


def from_hash(fragment: str) -> str:
    """The code a QR code's link carries in the page's fragment ('' if none).

    >>> from_hash("#recover=ABC-DEF"), from_hash("#other")
    ('ABC-DEF', '')
    """
    if not fragment.startswith(HASH_PREFIX):
        return ""
    return unquote(fragment[len(HASH_PREFIX):][:200])

"""What the page says and which address it shares: pure functions, testable under CPython.

The browser modules (``web.dom``, ``web.menu``, ``web.session``) decide *when* to say something;
this module decides *what*, so every message a player can meet is listed in one place, and reads
the page's URL parameters.

>>> read_params("?room=abcd234&signal=10.0.0.2:9000&x=1").room
'abcd234'
>>> read_params("?assets=local&signal=h:1").passed_on()
{'signal': 'h:1', 'assets': 'local'}
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

NAME_MAX = 20
"""Longest player name the menu accepts (``room.names`` has the same limit and the last word)."""

PASSED_ON = ("signal", "ice", "assets")
"""URL parameters a shared link keeps, so a friend's page talks to the same signalling server,
uses the same ICE servers and takes its files from the same place as ours."""

CONNECT_TIMEOUT_MS = 10_000
"""How long a guest waits for the host's data connection to open. A failed ICE negotiation is
silent in PeerJS, so without our own deadline a guest would wait forever."""


@dataclass(frozen=True)
class PageParams:
    """The URL parameters the page understands, as raw strings (None when absent).

    Parsing ``signal``/``ice`` into PeerJS options is ``room.config``'s job; ``room`` is checked
    by ``room.codes.normalize_code``. This only picks them out of the query string.
    """

    room: str | None = None
    signal: str | None = None
    ice: str | None = None
    assets: str | None = None
    key: str | None = None  # ``k``: the room's public key, checked by ``room.identity``
    invite: str | None = None  # ``i``: the room's invitation (``room.admission.invite_for``)

    def passed_on(self) -> dict[str, str]:
        """The parameters a shared link carries over, in a stable order."""
        values = {"signal": self.signal, "ice": self.ice, "assets": self.assets}
        return {k: v for k in PASSED_ON if (v := values[k])}


def read_params(search: str) -> PageParams:
    """Pick our parameters out of ``location.search`` (first value wins, blanks count as absent).

    >>> read_params("")
    PageParams(room=None, signal=None, ice=None, assets=None, key=None, invite=None)
    >>> read_params("?room=&ice=turn:x&ice=y").ice
    'turn:x'
    """
    query = parse_qs(search.removeprefix("?"), keep_blank_values=False)

    def first(key: str) -> str | None:
        values = query.get(key)
        return values[0].strip() if values and values[0].strip() else None

    return PageParams(
        room=first("room"), signal=first("signal"), ice=first("ice"), assets=first("assets"),
        key=first("k"), invite=first("i"),
    )


def address_without_room(href: str) -> str:
    """The page's address once it no longer stands for a room (left, closed): the same
    address with ``room`` taken out, the other parameters (signalling, ICE, assets) kept, so a
    reload shows the menu rather than joining again.

    >>> address_without_room("http://h:8/?room=ABCD234&signal=h:9&ice=none#x")
    'http://h:8/?signal=h:9&ice=none'
    >>> address_without_room("https://omaha.example/?room=ABCD234")
    'https://omaha.example/'
    """
    base, _, rest = href.partition("?")
    query = rest.partition("#")[0]
    kept = [part for part in query.split("&") if part and part.split("=", 1)[0] != "room"]
    return base.partition("#")[0] + ("?" + "&".join(kept) if kept else "")


def clean_name(text: str) -> str:
    """Trim a typed name and fold runs of whitespace; the room decides whether it is acceptable.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    """
    return " ".join(text.split())[:NAME_MAX]


def name_too_long(text: str) -> bool:
    """Whether :func:`clean_name` would cut ``text`` (the page then says so instead of
    silently playing under a shorter name).

    >>> name_too_long("A" * 20), name_too_long(" " + "A" * 21)
    (False, True)
    """
    return len(" ".join(text.split())) > NAME_MAX


# --- Messages ------------------------------------------------------------------------------

NEED_NAME = "Type your name first: the other players see it at the table."
BAD_CODE = "That room code is not valid: {detail}"
NAME_SHORTENED = (
    "Names are at most {limit} characters, so yours was shortened to “{name}”. "
    "Change it or press again to go on."
)
BAD_ADDRESS_SETTING = "The address has a bad setting ({detail}); fix or remove it."
LINK_INVITE = "You are invited to room {code}: type your name, then Join."
PYTHON_FAILED = "The game could not start in this browser. Reload the page to try again."
PEERJS_FAILED = (
    "The connection library (PeerJS) could not be loaded. Check the internet connection, "
    "or on a LAN open the address printed by `npm start`."
)
TABLES_LOADING = "Fetching the table games' rules (once per visit)…"
HISTORY_READING = "Reading your hand history…"
"""Said in the hand history dialog while its modules load and it reads the store."""
LATER_FAILED = (
    "Part of the game could not be loaded (the connection to this site dropped?). "
    "Try again in a moment."
)
CREATING = "Creating the room…"
PRACTICE_OPENING = "Setting up a table of bots…"
JOINING = "Joining room {code}…"
CONNECTING_HOST = "Connecting to the host of room {code}…"
ROOM_NOT_FOUND = (
    "Room {code} was not found. Check the code with the host: the room exists only while the "
    "host's page is open."
)
HOST_UNREACHABLE = (
    "The host of room {code} could not be reached (no direct connection within {seconds} s). "
    "Both of you may need to be on the same network, or a TURN server is needed (ice=…)."
)
SIGNAL_UNREACHABLE = (
    "The signalling server could not be reached, so no room can be created or joined. "
    "Check the internet connection (or the signal= address), then try again."
)
SIGNAL_LOST = (
    "The connection to the signalling server dropped; new players cannot join until it returns."
)
ROOM_FULL = "Room {code} is full."
WAITING_FOR_HOST = ("You asked to join room {code}. The host has to let you in: please wait "
                    "(keep this page open).")
DENIED = "The host of room {code} did not let you in."
NO_INVITE = ("Room {code} lets newcomers in by invitation: open the room's link from the host "
             "(the room code alone is not enough).")
NOT_ADMITTED = "The host of room {code} did not answer your request to join in time."
REMOVED = "The host removed you from this room."
ROOM_BUSY = "Too many people are waiting to join room {code}; try again in a few minutes."
REJECTED = "The host turned the request down: {detail}"
LOST = "The connection to the host was lost. The host may have closed the page."
ROOM_CLOSED = "The host closed the room."
LEFT = "You left the room."
HOST_LEFT = "You closed the room; the players were told."
COPIED = "{what} copied."
COPY_FAILED = "Could not copy; select the text and copy it by hand."
BET_SET = "Base bet set to {amount}."
BET_REFUSED = "That base bet cannot be used: {detail}"
ID_RETRIES_EXHAUSTED = "Could not get a free room code; please try again."
RECONNECTING = (
    "Connection to the host lost. Reconnecting… (try {tries}) If the host does not come back "
    "within 30 s, another player takes over the room and everyone moves there."
)
RECONNECTED = "Reconnected: you are back in your seat."
NOT_CONNECTED = "Not connected to the host right now: choose again once reconnected."
REOPENING = (
    "Reopening room {code}… (the room's address is still taken; try {tries}). This page keeps "
    "trying every few seconds for as long as it stays open."
)
IMPOSTOR = (
    "Someone else answered at this room's address; waiting for the real host… (try {tries})"
)
IMPOSTOR_FIRST = (
    "Whoever answered at room {code}'s address could not prove it is that room's host "
    "({why}), so nothing was sent to it. Check the code, or ask the host for a fresh link."
)
SUCCESSION_TAKEN = (
    "The host left and you were to host the next room, {code}, but someone else registered "
    "its address first. The room cannot go on while they hold it, and nobody else takes "
    "over (whoever blocks it must not gain the room). This page keeps trying. (try {tries})"
)
SUCCESSION_BLOCKED = {
    "impostor": (
        "The host left and {name} was to host the next room, but someone else answered at its "
        "address and could not prove to be {name}. The room cannot go on, and nobody else "
        "takes over (whoever blocks it must not gain the room). Still trying {name}'s room… "
        "(try {tries})"
    ),
    "nobody": (
        "The host left and {name} was to host the next room, but nobody has opened it. The "
        "room cannot go on without {name}, and nobody else takes over. Still trying… "
        "(try {tries})"
    ),
}
RELAYED = (
    "Someone else answered at this room's address and passed the real host's answer on from "
    "a connection of their own, so nothing was sent through them; waiting for the real host… "
    "(try {tries})"
)
IMPOSTOR_WHY = {
    "wrong_key": "it holds another key than the one this link or this browser knows",
    "bad_signature": "its signature does not check out",
    "relayed": "it passed on the real host's answer to a connection of its own: a go-between",
}
BAD_LINK_KEY = (
    "The link's room key (k=…) is not valid, so it cannot be checked; ask the host for the "
    "link again."
)
RESTORE_FAILED = "The saved room could not be reopened ({detail}); it was discarded."
NEW_HOST_YOU = "The host left; you are now hosting room {code}."
LOOKING_FOR_MOVED = (
    "Room {old} is gone; its players may have moved on when its host left. "
    "Looking for it at {code}…"
)
FOUND_MOVED = "Room {old} moved to {code} when its host left: you are back in your own seat."
NEW_HOST_OTHER = "The host left; the room moved to {code} (hosted by {name})."


def void_note(view: object) -> str:
    """Said with the move to a successor room when the old host left mid-hand: that hand is
    void, and why, so nobody wonders where their stake went.

    >>> void_note({"game": {"hand_no": 7, "phase": "flop"}})
    ' Hand 7 was void: its cards left with the old host, so no money moved for it.'
    >>> void_note({"game": {"hand_no": 7, "phase": "results"}}), void_note(None)
    ('', '')
    """
    game = view.get("game") if isinstance(view, dict) else None
    if not isinstance(game, dict) or game.get("phase") not in ("dealing", "preflop", "flop"):
        return ""
    return (f" Hand {game.get('hand_no', '?')} was void: its cards left with the old host, "
            "so no money moved for it.")
def rename_note(asked: str, given: str, others: list[str]) -> str:
    """Why the room seated us under another name than the one we typed (``''``: it did not):
    names must not look alike at one table, so the room numbered ours.

    >>> rename_note("Ann", "Ann (2)", ["Hana", "Ann"])
    'Another player is called Ann, so you are Ann (2).'
    >>> rename_note("ann", "ann (2)", ["Ann"])
    'Another player’s name looks the same as ann, so you are ann (2).'
    >>> rename_note("Ann", "Ann", ["Hana"])
    ''
    """
    if not given or given == asked:
        return ""
    if asked in others:
        return f"Another player is called {asked}, so you are {given}."
    return f"Another player’s name looks the same as {asked}, so you are {given}."


LEAVE_NOTHING_AT_STAKE = "Nothing is at stake now: leaving costs you nothing."
CLOSE_NOTHING_AT_STAKE = "Nothing is at stake now: closing the room ends the game for everyone."
"""What the open Leave / Close question says once what it warned about no longer holds (the
hand ended meanwhile, and no money is in the ledger)."""
BROWSER_NO_WEBRTC = "This browser cannot make direct connections (WebRTC is missing or disabled)."

PEER_ERROR_TEXT: dict[str, str] = {
    "browser-incompatible": BROWSER_NO_WEBRTC,
    "network": SIGNAL_UNREACHABLE,
    "server-error": SIGNAL_UNREACHABLE,
    "socket-error": SIGNAL_UNREACHABLE,
    "socket-closed": SIGNAL_UNREACHABLE,
    "ssl-unavailable": SIGNAL_UNREACHABLE,
    "disconnected": SIGNAL_LOST,
    "webrtc": "The direct connection failed (WebRTC error). Try again.",
    "invalid-id": "The room code is not valid.",
    "invalid-key": SIGNAL_UNREACHABLE,
}
"""PeerJS error ``type`` → what the player reads. ``peer-unavailable`` and ``unavailable-id``
are handled apart: the first means "room not found", the second makes the host retry."""


def peer_error_text(kind: str, code: str = "") -> str:
    """Explain a PeerJS error ``type`` to a player.

    >>> peer_error_text("peer-unavailable", "ABCD234").startswith("Room ABCD234 was not found")
    True
    >>> peer_error_text("something-new")
    'Connection problem (something-new). Try again.'
    """
    if kind == "peer-unavailable":
        return ROOM_NOT_FOUND.format(code=code)
    return PEER_ERROR_TEXT.get(kind, f"Connection problem ({kind}). Try again.")


def rejection_text(code: str, detail: str, room: str) -> str:
    """Explain a host's ``rejected``/``error`` message; ``room/full`` gets its own words."""
    words = {"room/full": ROOM_FULL, "join/denied": DENIED, "join/not_admitted": NOT_ADMITTED,
             "join/removed": REMOVED, "room/busy": ROOM_BUSY,
             "join/no_invite": NO_INVITE}.get(code)
    if words is not None:
        return words.format(code=room)
    return REJECTED.format(detail=detail or code)

"""Room codes: short, unambiguous when read aloud or typed, and unguessable enough; and the
next room's code when a host is gone for good (succession, at the end of this module).

Seven characters from an alphabet without 0/O, 1/I/L (which people confuse) give
31**7 ≈ 2**34.7 codes, drawn with ``secrets`` so a stranger cannot enumerate live rooms.
The PeerJS id of a room's host is derived from its code, so the code is all a guest needs.

>>> normalize_code(' abcd-234 ')
'ABCD234'
>>> peer_id_for('ABCD234')
'uomaha-abcd234'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

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
    >>> normalize_code('<SCRIPT>')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    room.errors.CodeError: room code '<SCRIPT>' has a character that is not allowed: '<' ...
    """
    if not isinstance(text, str):
        raise CodeError(f"room code must be text, got {text!r}")
    cleaned = "".join(ch for ch in text if ch not in " -\t").upper()
    if not cleaned:
        raise CodeError("room code is empty")
    # A character no code ever has is named first: "<" is not a confusable letter.
    bad = [ch for ch in cleaned if ch not in ALPHABET and ch not in _CONFUSABLE]
    if bad:
        raise CodeError(f"room code {text!r} has a character that is not allowed: {bad[0]!r} "
                        "(codes have only letters and digits)")
    if set(cleaned) & _CONFUSABLE:
        raise CodeError(f"room code {text!r} cannot contain 0, O, 1, I or L")
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


# --- succession: when the host is gone for good -----------------------------------------------
#
# Who hosts next, under which code, and who may take which seat. Every view carries what the
# players need to agree without the host (pure functions here, used by
# :class:`room.client.GuestClient` and :meth:`room.host.HostRoom.from_succession`):
#
# * ``succession_secret``: a random room-wide secret. Only people seated in the room see it,
#   so only they can work out the next room's code (:func:`next_code`).
# * ``players[].key``: each player's public key (:mod:`room.identity`). The new host signs
#   with its own, and everyone checks it is the key its player had in the last view before
#   following it or sending it anything; old players reclaim their seat (id, name, balance)
#   by a join signed with their key. Nobody can take another's seat without their token.
#
# Decisions:
#
# * **Who hosts**: the earliest-joined player (``players[]`` is in join order) who was
#   connected in the last view and is not the old host (:func:`elect`). Everyone holds the
#   same last view, so everyone elects the same player without talking to each other.
# * **When**: after :data:`SUCCESSION_AFTER_MS` without a word from a host that proved
#   itself.
# * **Only the first candidate, ever.** If the elected player's room does not come — its code
#   is taken when it tries to open it, a peer there fails the host check (another key, a bad
#   signature, a relayed challenge, no challenge at all), or nobody answers there — the
#   succession stops there: nobody else is elected, every player is told why in words, and
#   every page keeps trying that one room (the elected player keeps asking for its id, the
#   others keep dialling it), so the room goes on if the elected player's page gets through.
#   Why: moving on to the next candidate is exactly what a seated player wants who squats
#   the codes of everyone elected before it — each would "fall through" and it would be
#   elected, the others following it as their host. Absence cannot be told from blocking:
#   whoever holds a code can answer each caller with a forged ``EXPIRE`` (the PeerServer
#   passes it on), which reads exactly like "nobody registered here". So blocking earlier
#   candidates can stop the room (a denial of service, as squatting the code always could)
#   but never hands the room to the blocker. The price: if the elected player's page went
#   with the host, the room stops too (its players start a new one; balances are on screen).
# * **Next code**: ``next_code(secret, new_host_id)``, so players who (rarely) disagree on
#   the host end up in different rooms rather than fighting over one PeerJS id.
# * **Money**: the new room starts in the lobby with the old ledger (balances are public);
#   the interrupted hand is void (it never settled, so no money moves).
# * **Seats**: old players take back their seat (id, name, balance) with their key; players
#   who had left the old room, and anyone else, join the new one as new players.
#
# Limit: a seated player can work out the elected player's code and register it first; the
# room then cannot go on (a denial of service, not a theft: nobody follows a host that cannot
# sign with the elected player's key, and nobody else is elected).

SUCCESSION_AFTER_MS = 30_000
"""Host silent this long: the players move on to a new room."""
NOBODY_GRACE_MS = 15_000
"""No host proved the elected player's key at its code this long after we went for it: say
that the room cannot go on (and keep trying). An honest successor registers in seconds."""
CODE_DOMAIN = b"uomaha-next-room-v1:"
TOKEN_DOMAIN = b"uomaha-succession-v1:"


def token_hash(token: str) -> str:
    """A public fingerprint of an identifier (hex SHA-256, domain-separated): what the room
    keeps of a removed player's key (:mod:`room.admission`)."""
    return hashlib.sha256(TOKEN_DOMAIN + token.encode("utf-8")).hexdigest()


def next_code(secret: str, host_id: str) -> str:
    """The code of the room that ``host_id`` opens when the host of the room with
    ``succession_secret`` ``secret`` is gone: 7 characters of the room alphabet, derived by
    HMAC-SHA256, so everyone who holds the secret gets the same code and nobody else can.

    >>> next_code("00" * 16, "p2"), next_code("00" * 16, "p3") != next_code("00" * 16, "p2")
    ('4NMFUGC', True)
    """
    digest = hmac.new(bytes.fromhex(secret), CODE_DOMAIN + host_id.encode("utf-8"),
                      hashlib.sha256).digest()
    n = int.from_bytes(digest, "big")
    chars = []
    for _ in range(CODE_LENGTH):
        n, r = divmod(n, len(ALPHABET))
        chars.append(ALPHABET[r])
    return "".join(chars)


def candidates(view: Mapping[str, Any]) -> list[str]:
    """Who may host next, in order: players connected in ``view``, earliest joined first,
    the old host left out."""
    return [
        p["id"] for p in view.get("players", [])
        if isinstance(p, Mapping) and p.get("connected") is True and p.get("id") != view.get("host")
    ]


def elect(view: Mapping[str, Any], silent_ms: int) -> str | None:
    """The player to host after ``silent_ms`` of host silence (None: not yet, or nobody): the
    first candidate, and only ever that one (see "Only the first candidate, ever" above).

    >>> view = {"host": "p1", "players": [{"id": f"p{i}", "connected": True}
    ...                                    for i in (1, 2, 3, 4)]}
    >>> elect(view, 29_999), elect(view, 30_000), elect(view, 600_000)
    (None, 'p2', 'p2')
    """
    if silent_ms < SUCCESSION_AFTER_MS:
        return None
    order = candidates(view)
    return order[0] if order else None


def decide(view: Mapping[str, Any] | None, silent_ms: int) -> tuple[str, str] | None:
    """What the page should do after ``silent_ms`` of host silence, from the last view:
    ``("host", code)`` (open the new room), ``("join", code)`` (join it), or None.

    >>> view = {"you": "p3", "host": "p1", "succession_secret": "00" * 16,
    ...         "players": [{"id": "p1", "connected": True}, {"id": "p2", "connected": True},
    ...                     {"id": "p3", "connected": True}]}
    >>> decide(view, 29_999) is None, decide(view, 30_000)
    (True, ('join', '4NMFUGC'))
    >>> decide(view, 600_000)  # p2 never opened it: still p2's room, nobody else's
    ('join', '4NMFUGC')
    """
    if not isinstance(view, Mapping):
        return None
    secret, you = view.get("succession_secret"), view.get("you")
    if not isinstance(secret, str) or not isinstance(you, str):
        return None
    elected = elect(view, silent_ms)
    if elected is None:
        return None
    return ("host" if elected == you else "join", next_code(secret, elected))


def successor(view: Mapping[str, Any] | None, code: str) -> tuple[str, str] | None:
    """``(player id, public key)`` of the candidate whose successor room is ``code`` in
    ``view``, or None: the key its host must prove before anyone follows it.

    >>> view = {"host": "p1", "succession_secret": "00" * 16,
    ...         "players": [{"id": "p2", "connected": True, "key": "K2"}]}
    >>> successor(view, "4NMFUGC"), successor(view, "ABCD234")
    (('p2', 'K2'), None)
    """
    if not isinstance(view, Mapping):
        return None
    secret = view.get("succession_secret")
    if not isinstance(secret, str):
        return None
    for player in view.get("players", []):
        if not isinstance(player, Mapping):
            continue
        pid, key = player.get("id"), player.get("key")
        if isinstance(pid, str) and isinstance(key, str) and next_code(secret, pid) == code:
            return pid, key
    return None


def succession_memory(view: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """What a browser keeps of a room's last view so that, coming back later to a room that
    is gone (its host closed the tab), it can still find the room it became: the secret, the
    host, and each player's id, key and whether they were connected. Public to everyone
    seated; nothing of it opens a seat (that takes the player's own token).

    >>> succession_memory({"succession_secret": "00" * 16, "host": "p1", "you": "p1",
    ...                    "players": [{"id": "p2", "key": "K2", "connected": True,
    ...                                 "name": "Ann"}]})
    {'succession_secret': '00000000000000000000000000000000', 'host': 'p1', \
'players': [{'id': 'p2', 'key': 'K2', 'connected': True}]}
    """
    if not isinstance(view, Mapping) or not isinstance(view.get("succession_secret"), str):
        return None
    players = [
        {"id": p.get("id"), "key": p.get("key"), "connected": p.get("connected") is True}
        for p in view.get("players", [])
        if isinstance(p, Mapping) and isinstance(p.get("id"), str)
        and isinstance(p.get("key"), str)
    ]
    return {"succession_secret": view["succession_secret"], "host": view.get("host"),
            "players": players}


def successor_rooms(memory: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """Where a room that is gone may have moved: ``(code, key its host must prove)`` of the
    one player its players elect (:func:`elect`), or nothing. Never a later candidate's room:
    a player who blocked the elected one's code may have opened its own.

    >>> memory = {"succession_secret": "00" * 16, "host": "p1", "players": [
    ...     {"id": "p1", "key": "K1", "connected": True},
    ...     {"id": "p2", "key": "K2", "connected": True},
    ...     {"id": "p3", "key": "K3", "connected": True}]}
    >>> successor_rooms(memory)
    [('4NMFUGC', 'K2')]
    """
    if not isinstance(memory, Mapping) or not isinstance(memory.get("succession_secret"), str):
        return []
    keys = {p.get("id"): p.get("key") for p in memory.get("players", [])
            if isinstance(p, Mapping)}
    order = candidates(memory)
    key = keys.get(order[0]) if order else None
    if not isinstance(key, str):
        return []
    try:
        return [(next_code(memory["succession_secret"], order[0]), key)]
    except ValueError:  # a secret that is not hex: nothing to find
        return []

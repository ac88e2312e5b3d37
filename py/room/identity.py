"""Who is who in a room, proved by signatures: a player's key pair, and the two signed texts of
the handshake that opens every data connection.

Why: the room's address (``uomaha-<code>``) is a PeerJS id anyone may register while the host
is away (a reload, a dropped network), and a rejoin token sent in the clear to whoever holds it
is a stolen seat. So nothing reusable travels any more:

* **Keys.** Each player's Ed25519 key pair is derived from the rejoin token the browser already
  keeps (``seed = SHA-256(KEY_DOMAIN || token)``): the browser stores only the token, and the
  same player has the same key in every room of the session, successors included. A room's
  host key is its host player's own key. Keys travel as unpadded base64url (43 characters).
* **Handshake** on every new data connection (:mod:`room.host` and :mod:`room.client`)::

      guest → host   hello {nonce: g}
      host  → guest  challenge {key: K_host, nonce: h, caller: G,
                               sig: Sign_host(CHALLENGE || code || g || h || H || G)}
      guest → host   join {name, key: K_guest, caller: G,
                          sig: Sign_guest(JOIN || code || K_host || g || h || G || H)}

  ``H`` is the room's PeerJS id (``uomaha-<code>``) and ``G`` the caller's, each as its own
  end sees it: the host takes ``G`` from its transport (who this connection comes from), the
  guest knows its own id and which id it dialled.

  The guest checks ``K_host`` against the key it expects (the share link's ``k``, the key it
  pinned when it sat in the room, or a successor's key from the last view) and the signature
  over its own fresh ``g`` before it says anything else; a squatter can neither forge that nor
  replay a challenge it recorded from the real host (another ``g``). The host checks the join's
  signature over its own fresh ``h`` and identifies a returning seat by ``K_guest``: a join
  recorded anywhere is worthless on any other connection, and a join signed for another code or
  another host key is refused.
* **Bound to the connection.** Both signatures name both ends' PeerJS ids. A stranger who
  holds the room's id while the host is away can otherwise *relay*: keep a returning guest's
  channel, dial the real host itself and pass hello, challenge and join through unchanged —
  the host would seat the relay as that guest. Now the host's challenge says whom it answers
  (the relay), and the guest, who knows it is someone else, stops there (``relayed``); a join
  signed on another connection is refused by the host (``join/relayed``). What the ids are
  worth is what the signalling server's routing is worth: it is trusted to deliver an id's
  messages only to whoever registered it.

>>> me = Identity.from_token("a" * 16)
>>> len(me.key), check(me.key, b"x", me.sign(b"x")), check(me.key, b"y", me.sign(b"x"))
(43, True, False)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass, field

from rules import ed25519

KEY_DOMAIN = b"uomaha-player-key-v1:"
CHALLENGE_DOMAIN = b"uomaha-host-challenge-v1:"
JOIN_DOMAIN = b"uomaha-join-v1:"
SIGNAL_DOMAIN = b"uomaha-signalling-id-v1:"
SIGNAL_PREFIX = "uomaha-g-"
KEY_RE = re.compile(r"[A-Za-z0-9_-]{43}")
SIG_RE = re.compile(r"[A-Za-z0-9_-]{86}")
HANDSHAKE_NONCE_RE = re.compile(r"[0-9a-f]{32}")  # 16 random bytes, lower-case hex
PEER_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")
"""A signalling (PeerJS) id as a handshake names it (PeerJS's own ids, and ours, fit)."""


def encode(data: bytes) -> str:
    """Unpadded base64url (keys and signatures on the wire and in links)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode(text: str, size: int) -> bytes | None:
    """The ``size`` bytes of an unpadded base64url text, or None if it is anything else
    (including a non-canonical spelling of the same bytes: one key, one text).

    >>> decode(encode(bytes(32)), 32) == bytes(32), decode("A" * 42 + "B", 32)
    (True, None)
    """
    if not isinstance(text, str) or not text.isascii():
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return data if len(data) == size and encode(data) == text else None


def is_key(text: object) -> bool:
    """Whether ``text`` is a public key as the wire and links carry it."""
    return isinstance(text, str) and KEY_RE.fullmatch(text) is not None and (
        decode(text, ed25519.KEY_BYTES) is not None)


@dataclass(frozen=True)
class Identity:
    """One player's key pair (kept in memory only; the browser stores the token)."""

    key: str
    seed: bytes = field(repr=False)

    @classmethod
    def from_token(cls, token: str) -> Identity:
        """The key pair of a rejoin token: the same token gives the same key everywhere."""
        seed = hashlib.sha256(KEY_DOMAIN + token.encode("utf-8")).digest()
        return cls(encode(ed25519.public_key(seed)), seed)

    def sign(self, message: bytes) -> str:
        public = decode(self.key, ed25519.KEY_BYTES)
        return encode(ed25519.sign(self.seed, message, public))


def signalling_id(token: str) -> str:
    """The PeerJS id a player's page registers in the room of ``token``: the same after a
    reload (so the host's signalling gate, which keeps places for the ids of players who sat
    there, still knows it under a flood of strangers), different for every room, and one-way
    (domain-separated SHA-256, 128 bits shown: the token cannot be worked back, nor the id
    guessed). Never a room's id: those have no second dash.

    >>> a = signalling_id("a" * 16)
    >>> a == signalling_id("a" * 16), a != signalling_id("b" * 16), a[:9], len(a)
    (True, True, 'uomaha-g-', 41)
    """
    digest = hashlib.sha256(SIGNAL_DOMAIN + token.encode("utf-8")).hexdigest()
    return SIGNAL_PREFIX + digest[:32]


def key_of(token: str) -> str:
    """The public key of a rejoin token."""
    return Identity.from_token(token).key


def check(key: str, message: bytes, sig: str) -> bool:
    """Whether ``sig`` is ``key``'s signature of ``message`` (False for anything malformed)."""
    public = decode(key, ed25519.KEY_BYTES)
    signature = decode(sig, ed25519.SIGNATURE_BYTES)
    return public is not None and signature is not None and ed25519.verify(
        public, message, signature)


def challenge_text(code: str, guest_nonce: str, host_nonce: str, host_id: str,
                   caller: str) -> bytes:
    """What the host signs in its ``challenge``: this room, the guest's and its own nonce,
    its own PeerJS id and the caller's, as the host's transport reports it."""
    return CHALLENGE_DOMAIN + b"|".join(
        s.encode("utf-8") for s in (code, guest_nonce, host_nonce, host_id, caller))


def join_text(code: str, host_key: str, guest_nonce: str, host_nonce: str, caller: str,
              host_id: str) -> bytes:
    """What a guest signs in its ``join``: this room, its host's key, both nonces, its own
    PeerJS id and the one it dialled."""
    return JOIN_DOMAIN + b"|".join(
        s.encode("utf-8") for s in (code, host_key, guest_nonce, host_nonce, caller, host_id))

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
      host  → guest  challenge {key: K_host, nonce: h, sig: Sign_host(CHALLENGE || code || g || h)}
      guest → host   join {name, key: K_guest, sig: Sign_guest(JOIN || code || K_host || g || h)}

  The guest checks ``K_host`` against the key it expects (the share link's ``k``, the key it
  pinned when it sat in the room, or a successor's key from the last view) and the signature
  over its own fresh ``g`` before it says anything else; a squatter can neither forge that nor
  replay a challenge it recorded from the real host (another ``g``). The host checks the join's
  signature over its own fresh ``h`` and identifies a returning seat by ``K_guest``: a join
  recorded anywhere is worthless on any other connection, and a join signed for another code or
  another host key is refused.

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
KEY_RE = re.compile(r"[A-Za-z0-9_-]{43}")
SIG_RE = re.compile(r"[A-Za-z0-9_-]{86}")
HANDSHAKE_NONCE_RE = re.compile(r"[0-9a-f]{32}")  # 16 random bytes, lower-case hex


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


def key_of(token: str) -> str:
    """The public key of a rejoin token."""
    return Identity.from_token(token).key


def check(key: str, message: bytes, sig: str) -> bool:
    """Whether ``sig`` is ``key``'s signature of ``message`` (False for anything malformed)."""
    public = decode(key, ed25519.KEY_BYTES)
    signature = decode(sig, ed25519.SIGNATURE_BYTES)
    return public is not None and signature is not None and ed25519.verify(
        public, message, signature)


def challenge_text(code: str, guest_nonce: str, host_nonce: str) -> bytes:
    """What the host signs in its ``challenge``: this room, the guest's and its own nonce."""
    return CHALLENGE_DOMAIN + b"|".join(
        s.encode("ascii") for s in (code, guest_nonce, host_nonce))


def join_text(code: str, host_key: str, guest_nonce: str, host_nonce: str) -> bytes:
    """What a guest signs in its ``join``: this room, its host's key, both nonces."""
    return JOIN_DOMAIN + b"|".join(
        s.encode("ascii") for s in (code, host_key, guest_nonce, host_nonce))

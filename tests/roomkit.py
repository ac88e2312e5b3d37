"""Test helpers: the handshake of a raw peer with a HostRoom (hello → challenge → signed join),
for tests that drive the room message by message rather than through a GuestClient."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from room.codes import peer_id_for
from room.events import Connected, Received, Send
from room.host import HostRoom
from room.identity import Identity, join_text
from room.messages import Hello, Join


def hello(room: HostRoom, peer: str, nonce: str | None = None) -> tuple[str, str]:
    """Say hello as ``peer``; returns (our nonce, the host's nonce) from its challenge."""
    g = nonce or secrets.token_hex(16)
    outs = room.handle(Received(peer, Hello(g).to_wire()))
    challenges = [json.loads(o.text) for o in outs
                  if isinstance(o, Send) and o.peer == peer and '"challenge"' in o.text]
    assert challenges, f"no challenge for {peer}: {outs}"
    return g, challenges[-1]["nonce"]


def signed_join(room: HostRoom, token: str, name: str, g: str, h: str, caller: str,
                code: str | None = None, host_key: str | None = None) -> Join:
    """The join ``token``'s player signs for challenge (g, h) of ``room`` on a connection from
    PeerJS id ``caller`` (or of another ``code``/``host_key``, to test refusals)."""
    me = Identity.from_token(token)
    text = join_text(code or room.code, host_key or room.key, g, h, caller,
                     peer_id_for(code or room.code))
    return Join(name, me.key, me.sign(text), caller)


def join(room: HostRoom, peer: str, name: str, token: str) -> list:
    """A new connection: Connected, hello, and a join signed for its challenge."""
    room.handle(Connected(peer))
    g, h = hello(room, peer)
    return room.handle(Received(peer, signed_join(room, token, name, g, h, peer).to_wire()))


GUEST_ID = "guest-peer-id"
"""The PeerJS id of a client driven by hand in these helpers."""


def challenge(client_hello: str, host_token: str, code: str, host_nonce: str | None = None,
              sign_code: str | None = None, caller: str = GUEST_ID) -> str:
    """The challenge a host holding ``host_token`` answers ``client_hello`` with, on a
    connection from ``caller`` (signed over ``sign_code`` instead of ``code`` to forge a bad
    one)."""
    from room.identity import challenge_text
    from room.messages import Challenge, parse_request

    g = parse_request(client_hello).nonce  # type: ignore[attr-defined]
    h = host_nonce or secrets.token_hex(16)
    me = Identity.from_token(host_token)
    signed = challenge_text(sign_code or code, g, h, peer_id_for(code), caller)
    return Challenge(me.key, h, me.sign(signed), caller).to_wire()


def verified(client, host_token: str, code: str, now: int = 0) -> list[str]:
    """Put ``client`` past the handshake with the host of ``host_token`` (for tests that then
    feed it recorded host texts); returns its signed join."""
    client.aim(code, Identity.from_token(host_token).key)
    (text,) = client.hello(now, GUEST_ID)
    return client.receive(challenge(text, host_token, code), now)


@dataclass(frozen=True)
class SignedJoin:
    """A property-test event: ``peer`` says hello and joins as ``name`` with ``token``'s key,
    signing the challenge it gets (resolved when sent, as a live client does)."""

    peer: str
    name: str
    token: str


def handle_signed_join(room: HostRoom, ev: SignedJoin) -> list:
    """The room's outputs to a :class:`SignedJoin` (hello, then the join if challenged)."""
    g = secrets.token_hex(16)
    outs = room.handle(Received(ev.peer, Hello(g).to_wire()))
    found = [json.loads(o.text)["nonce"] for o in outs
             if isinstance(o, Send) and o.peer == ev.peer and '"challenge"' in o.text]
    if found:
        join = signed_join(room, ev.token, ev.name, g, found[-1], ev.peer)
        outs += room.handle(Received(ev.peer, join.to_wire()))
    return outs

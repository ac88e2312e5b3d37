"""A rogue that *joins*: the handshake of room.identity done in the rogue page's own JavaScript
(WebCrypto Ed25519), with a fresh key per seat — what a stranger who knows only the room code
can do to take seats (fill the room with strangers). Not our client: no Python, no page of ours.

``join(rogue, index, code, name)`` sends ``hello`` on the rogue's connection ``index``, waits for
the host's ``challenge``, signs the join text exactly as the protocol says, sends ``join``, and
returns ``{ok, key}`` (or ``{ok: false, error}``).
"""

from __future__ import annotations

from typing import Any

from rogue import Rogue

JOIN_JS = r"""
window.rogueJoin = async (index, code, name, invite, again) => {
  const b64u = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  window.rogueKeys = window.rogueKeys || {};
  const pair = again ? window.rogueKeys[again]
    : await crypto.subtle.generateKey({name: 'Ed25519'}, true, ['sign', 'verify']);
  window.rogueKeys[name] = pair;
  const key = b64u(await crypto.subtle.exportKey('raw', pair.publicKey));
  const nonce = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0')).join('');
  const entry = rogue.state.conns[index];
  const seen = entry.data.length;
  entry.conn.send(JSON.stringify({v: 1, type: 'hello', nonce}));
  let challenge = null;
  for (const t0 = Date.now(); !challenge && Date.now() - t0 < 10000;) {
    for (const text of entry.data.slice(seen)) {
      try { const m = JSON.parse(text); if (m.type === 'challenge') challenge = m; } catch (e) {}
    }
    if (!challenge) await new Promise((r) => setTimeout(r, 20));
  }
  if (!challenge) return {ok: false, error: 'no challenge'};
  // bound to this connection: our own PeerJS id, and the one we dialled
  const me = rogue.state.peer.id, host = entry.peer;
  const signed = new TextEncoder().encode(
    'uomaha-join-v1:' + [code, challenge.key, nonce, challenge.nonce, me, host].join('|'));
  const sig = b64u(await crypto.subtle.sign({name: 'Ed25519'}, pair.privateKey, signed));
  const join = {v: 1, type: 'join', name, key, sig, caller: me};
  if (invite) join.invite = invite;
  entry.conn.send(JSON.stringify(join));
  return {ok: true, key};
};
"""


def join(rogue: Rogue, index: int, code: str, name: str, invite: str | None = None,
         again: str | None = None) -> dict[str, Any]:
    """Take a seat in room ``code`` on the rogue's connection ``index`` under ``name``, with
    the room's ``invite`` (from its link) if given, and with a fresh key — or, ``again``, the
    key this page used for that earlier name."""
    if not rogue.page.evaluate("typeof window.rogueJoin === 'function'"):
        rogue.page.add_script_tag(content=JOIN_JS)
    return dict(rogue.page.evaluate(
        "([i, c, n, v, a]) => window.rogueJoin(i, c, n, v, a)",
        [index, code, name, invite, again]))

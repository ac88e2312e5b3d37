"""Secrecy on the wire: what each guest's data channel really receives, checked message by message.

The rules promise that nothing a player may not see travels on that player's connection, not
only that the screen hides it. This test listens below PeerJS: an init script wraps
``RTCPeerConnection`` (channels it creates with ``createDataChannel`` and channels it receives
with the ``datachannel`` event) and records every ``message`` event's data as the guest's
browser got it off the data channel. Our pages speak PeerJS's ``raw`` serialization:
each JSON string is one text frame, as it is, and the test checks that every frame on the wire is
one. (The decoder of PeerJS's ``binary`` serialization — binarypack strings, 0xd8/0xd9 + length +
UTF-8 bytes, and chunk maps ``__peerData``/``n``/``total``/``data`` over 16300 bytes — stays, in
the test process (:func:`unpack`), for the checker's own check.)

Three players (host Hana, guests Ann and Bo) play two hands with a mix of Check and Double, in
an order that makes every guest receive views in which another player has already doubled in
the current round. Afterwards the true cards come from the host's hand-history download and
the true choices from its ``actions``; each guest's recording is then checked in order, each
message against the hand and phase of the latest view before it:

* parsed: every card string anywhere in a view is one the viewer may see then (own hole cards,
  the board of the phase; everything only at results); the board and own hole cards are the
  true ones; another player's stake is the round's starting stake (a Double is not revealed
  before the round ends); "check"/"double" appear only as the viewer's own ``you.choice``
  before results; ``fair.seed`` is null before results; no key of the host's snapshot
  (``snapshot``, ``token``...) appears anywhere;
* raw: in the received packet bytes, no quoted card string the viewer may not see yet (all
  52 probed per message), no hand's seed before its results, no player's rejoin token.

The checker is itself checked: doctored copies of a recording (an opponent's hole card, a turn
card, a seed, a doubled stake, a token planted early, re-framed as binarypack) must each be
caught. At results every page shows the fair-deal verdict "Deal verified ✓ (checked by this
browser): ..."; on Bo, the recorder, switched on for this test, rewrites the seed of hand
1's results message before PeerJS delivers it, and Bo's page must show the loud "⚠ DEAL NOT
VERIFIED" for hand 1 (and the ✓ again for hand 2).

The table games (Hold'em, Pot-Limit Omaha, Omaha Hi/Lo, the double-board bomb pot, 5-card
draw) get the same recording, one hand each with a bet, a fold, a showdown (and draws). The
truth is the host's own game state: its saved snapshot (the tab's ``omaha.host``) holds each
finished hand's deck, fair record and actions; here every hand is replayed action by action,
so each view a guest received is matched to the host's hand at that point (by the length of
its public log) and checked against the cards dealt by then: the boards so far, the guest's
own cards (draws included), and at results the hands the rules showed. Anything else —
another seat's card, a folded hand, a discard, a burn or the stub — is a violation, parsed or
in the raw bytes; the deck must be the one the seed and nonces give (``rules.fairdeal``).
"""

from __future__ import annotations

import base64
import json
import re
import struct
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from games.poker.hands import boards, public_log, replay
from harness import DESKTOP
from playwright.sync_api import expect
from pokerpage import to_act
from rules.cards import FULL_DECK, Card
from rules.fairdeal import commitment, derive_deck
from rules.poker import Verb
from rules.poker.records import Acted, Dealt, Shown
from tablepage import act, download_text, load_json, seat_three, wait_phase
from tablesteps import act_and_sync, click, start_table

WAIT_MS = 30_000  # a loaded two-core machine: wait on the page, generously
# Per hand, per round: (name, choice) in the order they act; the first one acts, every other
# page sees the mark, then the others act (so they receive views after a hidden Double).
HANDS = [
    {"preflop": [("Hana", "double"), ("Ann", "check"), ("Bo", "double")],
     "flop": [("Ann", "double"), ("Bo", "check"), ("Hana", "check")]},
    {"preflop": [("Bo", "double"), ("Hana", "check"), ("Ann", "double")],
     "flop": [("Hana", "double"), ("Ann", "check"), ("Bo", "double")]},
]
TAMPER_HAND = 1  # Bo's copy of this hand's results gets a forged seed
OK_TEXT = ("Deal verified ✓ (checked by this browser): the seed matches the commitment and "
           "every card shown is where the public dealing order puts it")
FAIL_TEXT = ("⚠ DEAL NOT VERIFIED — this hand may have been tampered with: the revealed seed "
             "does not match the commitment")
ACTIONS = {"check", "double"}
CARD_RE = re.compile(r"[2-9TJQKA][cdhs]")
ALL_CARDS = [str(Card(c)) for c in FULL_DECK]
# Keys of the host's snapshot (room, game, client memory) that no view has: one of them on
# the wire means a backup (with every secret in it) went to a guest.
SNAPSHOT_KEYS = {"snapshot", "token", "host_token", "reserved", "departed", "carry",
                 "fair_seen", "fair_verdicts", "deals", "verdicts", "current_deal", "away_since",
                 "round_start", "invited", "dealing", "next_seat", "view_seq", "mine"}

RECORDER = r"""
(() => {
  if (window.__wire) return;
  const rec = {channels: [], messages: [], sent: [], tampered: []};
  window.__wire = rec;
  const b64 = (u8) => {
    let s = '';
    for (let i = 0; i < u8.length; i += 0x8000) {
      s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
    }
    return btoa(s);
  };
  const record = (ch, data) => {
    if (typeof data === 'string') {
      rec.messages.push({ch, kind: 'text', data, t: performance.now()});
    } else if (data instanceof ArrayBuffer) {
      rec.messages.push({ch, kind: 'bytes', data: b64(new Uint8Array(data)), t: performance.now()});
    } else if (data instanceof Blob) {  // kept in arrival order, filled in when read
      const slot = {ch, kind: 'bytes', data: null, t: performance.now()};
      rec.messages.push(slot);
      data.arrayBuffer().then((b) => { slot.data = b64(new Uint8Array(b)); });
    } else {
      rec.messages.push({ch, kind: 'other', data: String(data), t: performance.now()});
    }
  };
  // Bo only, while window.__wireTamperHand is set: forge the seed of that hand's results
  // (same length, so the frame stays valid).
  const forge = (e) => {
    const hand = window.__wireTamperHand;
    if (hand === undefined || typeof e.data !== 'string') return e;
    const text = e.data;
    let msg;
    try { msg = JSON.parse(text); } catch (_) { return e; }
    const game = msg && msg.view && msg.view.game;
    if (!game || game.phase !== 'results' || game.hand_no !== hand || !game.fair
        || typeof game.fair.seed !== 'string') return e;
    const seed = game.fair.seed;
    const forged = (seed[0] === '0' ? '1' : '0') + seed.slice(1);
    rec.tampered.push(hand);
    return {type: 'message',
            data: text.replace('"seed":"' + seed + '"', '"seed":"' + forged + '"')};
  };
  const watch = (dc, how) => {
    if (dc.__wireIndex !== undefined) return dc;
    const ch = rec.channels.length;
    dc.__wireIndex = ch;
    rec.channels.push({label: dc.label, how});
    const add = dc.addEventListener;
    add.call(dc, 'message', (e) => record(ch, e.data));  // first listener: the raw arrival
    const send = dc.send;
    dc.send = function (data) {  // what this page sends (for the figures only)
      if (typeof data === 'string') rec.sent.push({kind: 'text', data});
      else if (data instanceof ArrayBuffer) {
        rec.sent.push({kind: 'bytes', data: b64(new Uint8Array(data))});
      }
      return send.call(this, data);
    };
    dc.addEventListener = function (type, fn, opts) {  // forge() passes e on unless asked
      if (type === 'message' && typeof fn === 'function') {
        const inner = fn;
        fn = (e) => inner(forge(e));
      }
      return add.call(this, type, fn, opts);
    };
    return dc;
  };
  const Native = window.RTCPeerConnection;
  const create = Native.prototype.createDataChannel;
  Native.prototype.createDataChannel = function (...args) {
    return watch(create.apply(this, args), 'created');
  };
  class Recorded extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('datachannel', (e) => watch(e.channel, 'received'));
    }
  }
  window.RTCPeerConnection = Recorded;
})();
"""


# --- PeerJS binarypack (peerjs-js-binarypack 2.1.0, as PeerJS 1.5.5's "binary" uses it) ------

class PackError(ValueError):
    """Bytes that are not a binarypack value PeerJS could have sent."""


def unpack(buf: bytes, i: int = 0) -> tuple[Any, int]:
    """One binarypack value at ``buf[i:]``; returns it and the index after it.

    >>> unpack(b"\\xb2hi")
    ('hi', 3)
    >>> unpack(pack_string("é" * 20))[0] == "é" * 20
    True
    """
    if i >= len(buf):
        raise PackError(f"truncated packet at byte {i}")
    t = buf[i]
    i += 1

    def take(n: int) -> bytes:
        nonlocal i
        if i + n > len(buf):
            raise PackError(f"truncated packet: {n} bytes wanted at {i} of {len(buf)}")
        out = buf[i:i + n]
        i += n
        return out

    def seq(n: int, as_map: bool) -> Any:
        nonlocal i
        if as_map:
            out: dict[Any, Any] = {}
            for _ in range(n):
                k, i = unpack(buf, i)
                out[k], i = unpack(buf, i)
            return out
        items = []
        for _ in range(n):
            v, i = unpack(buf, i)
            items.append(v)
        return items

    if t < 0x80:
        return t, i
    if t >= 0xe0:
        return t - 0x100, i
    if 0xa0 <= t <= 0xaf:
        return take(t - 0xa0), i
    if 0xb0 <= t <= 0xbf:
        return take(t - 0xb0).decode("utf-8"), i
    if 0x90 <= t <= 0x9f:
        return seq(t - 0x90, False), i
    if 0x80 <= t <= 0x8f:
        return seq(t - 0x80, True), i
    fixed = {0xc0: None, 0xc1: None, 0xc2: False, 0xc3: True}
    if t in fixed:
        return fixed[t], i
    numbers = {0xca: ">f", 0xcb: ">d", 0xcc: ">B", 0xcd: ">H", 0xce: ">I", 0xcf: ">Q",
               0xd0: ">b", 0xd1: ">h", 0xd2: ">i", 0xd3: ">q"}
    if t in numbers:
        fmt = numbers[t]
        return struct.unpack(fmt, take(struct.calcsize(fmt)))[0], i
    if t in (0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf):
        n = struct.unpack(">H" if t % 2 == 0 else ">I", take(2 if t % 2 == 0 else 4))[0]
        if t in (0xd8, 0xd9):
            return take(n).decode("utf-8"), i
        if t in (0xda, 0xdb):
            return take(n), i
        return seq(n, t in (0xde, 0xdf)), i
    raise PackError(f"unknown binarypack type byte {t:#04x} at {i - 1}")


def pack_string(text: str) -> bytes:
    """A JSON string framed as PeerJS's binary serialization sends it."""
    body = text.encode("utf-8")
    if len(body) <= 0x0f:
        return bytes([0xb0 + len(body)]) + body
    if len(body) <= 0xffff:
        return b"\xd8" + struct.pack(">H", len(body)) + body
    return b"\xd9" + struct.pack(">I", len(body)) + body


@dataclass(frozen=True)
class Raw:
    """One recorded ``message`` event: its channel and the bytes (or text) as received."""

    channel: int
    payload: bytes | str


@dataclass(frozen=True)
class Received:
    """One PeerJS message after de-chunking: the whole packet and the string it carries."""

    packet: bytes
    text: str


def reassemble(raws: list[Raw]) -> tuple[list[Received], int]:
    """The messages PeerJS delivered, in order (chunks joined when their last one came), and
    the number of PeerJS control packets (close) seen. Anything that is not a string is an
    error: our app only ever sends JSON strings."""
    out: list[Received] = []
    chunks: dict[tuple[int, Any], dict[str, Any]] = {}
    control = 0

    def deliver(channel: int, packet: bytes) -> None:
        nonlocal control
        value, end = unpack(packet)
        if end != len(packet):
            raise PackError(f"{len(packet) - end} stray bytes after a packet")
        if isinstance(value, dict) and "__peerData" in value:
            peer = value["__peerData"]
            if isinstance(peer, dict):  # {"type": "close"}
                control += 1
                return
            slot = chunks.setdefault((channel, peer), {"parts": {}, "total": value["total"]})
            slot["parts"][value["n"]] = value["data"]
            if len(slot["parts"]) == slot["total"]:
                del chunks[(channel, peer)]
                deliver(channel, b"".join(slot["parts"][k] for k in range(slot["total"])))
            return
        if not isinstance(value, str):
            raise PackError(f"a non-string message arrived: {value!r:.80}")
        out.append(Received(packet, value))

    for raw in raws:
        if isinstance(raw.payload, str):
            out.append(Received(raw.payload.encode("utf-8"), raw.payload))
        else:
            deliver(raw.channel, raw.payload)
    assert not chunks, f"incomplete chunked messages: {list(chunks)}"
    return out, control


def raws_of(recording: dict[str, Any], first_channel: int = 0) -> list[Raw]:
    """The recorded arrivals on channels ``first_channel`` and later (a page shared by several
    tests keeps the channels of earlier rooms: a test reads only those of its own room)."""
    raws = []
    for m in recording["messages"]:
        if m["ch"] < first_channel:
            continue
        assert m["kind"] in ("bytes", "text"), m
        assert m["data"] is not None, "a Blob was never read"
        data = base64.b64decode(m["data"]) if m["kind"] == "bytes" else m["data"]
        raws.append(Raw(m["ch"], data))
    return raws


# --- what each viewer may see ----------------------------------------------------------------

@dataclass(frozen=True)
class HandTruth:
    """One hand as it really was (host's history download), plus its revealed seed."""

    hand_no: int
    base: int
    ids: tuple[str, ...]
    holes: dict[str, list[str]]
    board1: list[str]
    board2: list[str]
    actions: dict[str, dict[str, str]]
    seed: str

    def round_start_stake(self, pid: str, phase: str) -> int:
        """A player's stake as everyone else may see it during ``phase``: the stake at the
        start of that betting round."""
        doubles = 1 if phase == "flop" and self.actions[pid].get("preflop") == "double" else 0
        return self.base * 2 ** doubles

    def allowed_cards(self, phase: str, viewer: str) -> set[str]:
        if phase == "results":
            return {c for h in self.holes.values() for c in h} | set(self.board1 + self.board2)
        if phase == "dealing":
            return set()
        shown = 3 if phase == "flop" else 0
        return set(self.holes.get(viewer, [])) | set(self.board1[:shown] + self.board2[:shown])


@dataclass
class Report:
    violations: list[str] = field(default_factory=list)
    checks: int = 0  # individual assertions made
    probes: int = 0  # raw byte searches made
    views: int = 0
    by_phase: dict[tuple[int, str], int] = field(default_factory=dict)
    hidden_double_views: int = 0  # views after another's Double in the same round

    def check(self, ok: bool, text: str) -> None:
        self.checks += 1
        if not ok:
            self.violations.append(text)


def walk(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (path, leaf-or-key) in a JSON value; keys come as ('key', name) entries."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*path, "key"), k
            yield from walk(v, (*path, str(k)))
    elif isinstance(value, list):
        for n, v in enumerate(value):
            yield from walk(v, (*path, str(n)))
    else:
        yield path, value


def check_wire(received: list[Received], hands: dict[int, HandTruth], viewer: str,
               tokens: dict[str, str]) -> Report:
    """Every message a guest received, in order, against what that guest may see then."""
    rep = Report()
    hand_no, phase = 0, "lobby"
    for idx, msg in enumerate(received):
        where = f"message {idx}"
        try:
            data = json.loads(msg.text)
        except ValueError:
            rep.check(False, f"{where}: not JSON: {msg.text[:80]!r}")
            continue
        game = data.get("view", {}).get("game") if data.get("type") == "view" else None
        if isinstance(game, dict):
            hand_no, phase = int(game["hand_no"]), str(game["phase"])
            rep.views += 1
            rep.by_phase[(hand_no, phase)] = rep.by_phase.get((hand_no, phase), 0) + 1
        where += f" (hand {hand_no} {phase})"
        truth = hands.get(hand_no)
        allowed = truth.allowed_cards(phase, viewer) if truth is not None else set()
        # raw: the bytes as received, before any parsing of ours
        for card in ALL_CARDS:
            rep.probes += 1
            if card not in allowed and f'"{card}"'.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry hidden card {card}")
        for h in hands.values():
            rep.probes += 1
            revealed = hand_no > h.hand_no or (hand_no == h.hand_no and phase == "results")
            if not revealed and h.seed.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry hand {h.hand_no}'s seed")
        if phase != "results":  # at most one choice word: the viewer's own you.choice
            rep.probes += 1
            words = sum(msg.packet.count(f'"{a}"'.encode()) for a in ACTIONS)
            if words > 1:
                rep.violations.append(f"{where}: raw bytes carry {words} choice words")
        for pid, token in tokens.items():
            rep.probes += 1
            if token.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry {pid}'s rejoin token")
        # parsed
        for path, value in walk(data):
            if path and path[-1] == "key":
                rep.check(value not in SNAPSHOT_KEYS,
                          f"{where}: snapshot key {value!r} at {'.'.join(path[:-1])}")
            elif isinstance(value, str) and CARD_RE.fullmatch(value):
                rep.check(value in allowed, f"{where}: hidden card {value} at {'.'.join(path)}")
            elif isinstance(value, str) and value in ACTIONS and phase != "results":
                rep.check(path[-3:] == ("game", "you", "choice"),
                          f"{where}: a choice {value!r} at {'.'.join(path)}")
        if not isinstance(game, dict) or truth is None:
            continue
        check_game(game, truth, viewer, phase, where, rep)
    return rep


def check_game(game: dict[str, Any], truth: HandTruth, viewer: str, phase: str, where: str,
               rep: Report) -> None:
    """One game view's fields against the hand's truth (positives included: the checks are
    only worth something if the view is the one we think it is)."""
    fair = game.get("fair") or {}
    you = game["you"]
    if phase == "results":
        res = game["results"]
        rep.check(res["board1"] == truth.board1 and res["board2"] == truth.board2,
                  f"{where}: results boards differ from the history")
        rep.check({p["id"]: p["hole"] for p in res["players"]} == truth.holes,
                  f"{where}: results holes differ from the history")
        rep.check(fair.get("seed") == truth.seed, f"{where}: results seed differs")
        return
    rep.check(game["results"] is None, f"{where}: results before results")
    rep.check(fair.get("seed") is None, f"{where}: seed {fair.get('seed')!r} before results")
    shown = {"dealing": 0, "preflop": 0, "flop": 3}[phase]
    for key, board in (("board1", truth.board1), ("board2", truth.board2)):
        rep.check(game[key] == board[:shown] + ["??"] * (5 - shown),
                  f"{where}: {key} is {game[key]}")
    rep.check(you["hole"] == (truth.holes[viewer] if phase != "dealing" else []),
              f"{where}: own hole {you['hole']}")
    if phase != "dealing":
        mine = truth.actions[viewer].get(phase)
        rep.check(you["choice"] in (None, mine), f"{where}: own choice {you['choice']!r}")
    for seat in game["seats"]:
        pid = seat["id"]
        if pid == viewer or not seat["in_hand"]:
            continue
        start = truth.round_start_stake(pid, phase) if phase != "dealing" else truth.base
        rep.check(seat["stake_cents"] == start,
                  f"{where}: {pid}'s stake shows {seat['stake_cents']}, round start {start}")
        if phase != "dealing" and seat["acted"] and truth.actions[pid].get(phase) == "double":
            rep.hidden_double_views += 1


def truth_from(history: dict[str, Any], seeds: dict[int, str]) -> dict[int, HandTruth]:
    hands = {}
    for entry in history["hands"]:
        players = entry["players"]
        hands[entry["hand_no"]] = HandTruth(
            hand_no=entry["hand_no"],
            base=entry["base_cents"],
            ids=tuple(p["id"] for p in players),
            holes={p["id"]: p["hole"] for p in players},
            board1=entry["board1"],
            board2=entry["board2"],
            actions={p["id"]: p["actions"] for p in players},
            seed=seeds[entry["hand_no"]],
        )
    return hands


def revealed(received: list[Received]) -> tuple[dict[int, str], dict[int, dict[str, Any]]]:
    """Per hand: the seed and the fair record of the first results view received."""
    seeds: dict[int, str] = {}
    fairs: dict[int, dict[str, Any]] = {}
    for msg in received:
        game = json.loads(msg.text).get("view", {}).get("game")
        if isinstance(game, dict) and game["phase"] == "results" and game["hand_no"] not in seeds:
            seeds[game["hand_no"]] = game["fair"]["seed"]
            fairs[game["hand_no"]] = game["fair"]
    return seeds, fairs


# --- the checker's own check ---------------------------------------------------------------

def doctor(received: list[Received], pick: Callable[[dict[str, Any]], bool],
           change: Callable[[dict[str, Any]], None], binary: bool = False) -> list[Raw]:
    """A copy of the received messages, the first matching ``pick`` changed, each as the
    frame it came in (a text frame: our one serialization), or, with ``binary``, each as one
    binarypack packet (so the whole decode → check path runs on it either way)."""
    for n, msg in enumerate(received):
        data = json.loads(msg.text)
        if pick(data):
            change(data)
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            texts = [text if k == n else m.text for k, m in enumerate(received)]
            return [Raw(0, pack_string(t) if binary else t) for t in texts]
    raise AssertionError("no message to doctor")


def game_of(data: dict[str, Any]) -> dict[str, Any] | None:
    game = data.get("view", {}).get("game") if data.get("type") == "view" else None
    return game if isinstance(game, dict) else None


def at(hand_no: int, phase: str, extra: Callable[[dict[str, Any]], bool] = lambda g: True
       ) -> Callable[[dict[str, Any]], bool]:
    def pick(data: dict[str, Any]) -> bool:
        g = game_of(data)
        return g is not None and g["hand_no"] == hand_no and g["phase"] == phase and extra(g)
    return pick


def self_check(received: list[Received], hands: dict[int, HandTruth],
               viewer: str, tokens: dict[str, str]) -> int:
    """Plants one leak at a time in a copy of ``viewer``'s recording; each must be caught,
    by the parsed and (where the leak is a string) the raw check. Returns how many."""
    h1 = hands[1]
    other = next(p for p in h1.ids if p != viewer)
    doubler = next(pid for pid, a in h1.actions.items()
                   if pid != viewer and a["preflop"] == "double")

    def seat(g: dict[str, Any], pid: str) -> dict[str, Any]:
        return next(s for s in g["seats"] if s["id"] == pid)

    def plant_hole(d: dict[str, Any]) -> None:
        seat(game_of(d) or {}, other)["hole"] = [h1.holes[other][0]]

    def plant_turn(d: dict[str, Any]) -> None:
        (game_of(d) or {})["board1"][3] = h1.board1[3]

    def plant_flop_early(d: dict[str, Any]) -> None:
        (game_of(d) or {})["board2"][0] = h1.board2[0]

    def plant_seed(d: dict[str, Any]) -> None:
        (game_of(d) or {})["fair"]["seed"] = h1.seed

    def plant_double(d: dict[str, Any]) -> None:
        seat(game_of(d) or {}, doubler)["stake_cents"] = 2 * h1.base

    def hidden_double(g: dict[str, Any]) -> str | None:
        """Another player whose Double this view hides, in a view showing our own choice."""
        h = hands.get(g["hand_no"])
        if h is None or g["phase"] not in ("preflop", "flop") or g["you"]["choice"] is None:
            return None
        return next((s["id"] for s in g["seats"] if s["id"] != viewer and s["acted"]
                     and h.actions[s["id"]].get(g["phase"]) == "double"), None)

    def plant_choice(d: dict[str, Any]) -> None:
        g = game_of(d) or {}
        seat(g, hidden_double(g) or "")["choice"] = "double"

    def plant_token(d: dict[str, Any]) -> None:
        d["view"]["token"] = tokens[other]

    def doubled(g: dict[str, Any]) -> bool:
        return seat(g, doubler)["acted"]

    cases = [
        ("hole", at(1, "preflop"), plant_hole, f"hidden card {h1.holes[other][0]}"),
        ("turn", at(1, "flop"), plant_turn, f"hidden card {h1.board1[3]}"),
        ("flop before the flop", at(1, "preflop"), plant_flop_early,
         f"hidden card {h1.board2[0]}"),
        ("seed", at(1, "flop"), plant_seed, "seed"),
        ("stake", at(1, "preflop", doubled), plant_double, f"{doubler}'s stake shows"),
        ("choice", lambda d: (g := game_of(d)) is not None and hidden_double(g) is not None,
         plant_choice, "a choice 'double'"),
        ("token", at(1, "preflop"), plant_token, "token"),
    ]
    for name, pick, change, expected in cases:
        for binary in (False, True):
            forged, _ = reassemble(doctor(received, pick, change, binary))
            rep = check_wire(forged, hands, viewer, tokens)
            assert any(expected in v for v in rep.violations), (name, rep.violations)
            if name != "stake":  # a number: only the parsed check can tell
                assert any("raw bytes" in v for v in rep.violations), (name, rep.violations)
    return len(cases)


# --- the scenario -----------------------------------------------------------------------------

MARK_JS = """() => ({channels: window.__wire.channels.length, sent: window.__wire.sent.length,
                     tampered: window.__wire.tampered.length})"""


def recording_since(page: Any, mark: dict[str, int]) -> dict[str, Any]:
    """A shared page's recording of this test's room only: its channels' arrivals, and what it
    sent and forged since ``mark`` (:data:`MARK_JS`, read before the room opened)."""
    rec = page.evaluate("window.__wire")
    return {"channels": rec["channels"][mark["channels"]:],
            "messages": [m for m in rec["messages"] if m["ch"] >= mark["channels"]],
            "sent": rec["sent"][mark["sent"]:], "tampered": rec["tampered"][mark["tampered"]:]}


def test_guests_receive_nothing_they_may_not_see(site, shared_players, tmp_path):
    """Ultimate Omaha, two hands; Bo's page forges the seed of hand 1's results while this test
    runs (its recorder's switch, ``window.__wireTamperHand``)."""
    host, ann, bo = shared_players
    marks = {"Ann": ann.page.evaluate(MARK_JS), "Bo": bo.page.evaluate(MARK_JS)}
    bo.page.evaluate(f"window.__wireTamperHand = {TAMPER_HAND}")
    try:
        pages = {"Hana": host, "Ann": ann, "Bo": bo}
        play_ultimate_hands(site, pages, tmp_path, marks)
    finally:
        if not bo.page.is_closed():
            bo.page.evaluate("delete window.__wireTamperHand")


def play_ultimate_hands(site: Any, pages: dict[str, Any], tmp_path: Any,
                        marks: dict[str, dict[str, int]]) -> None:
    host, ann, bo = pages.values()
    seat_three(site, host, ann, bo, timeout=WAIT_MS)
    host.page.click("#start-btn")

    for no, rounds in enumerate(HANDS, start=1):
        for phase, order in rounds.items():
            for p in pages.values():
                wait_phase(p.page, no, phase, timeout=WAIT_MS)
            for i, (name, choice) in enumerate(order):
                act(pages[name].page, choice, last=i == len(order) - 1)
                if i == 0:  # the others receive the mark (and must not receive the choice)
                    for other, p in pages.items():
                        if other != name:
                            seat = p.page.locator("#seats .seat", has_text=name)
                            expect(seat).to_have_attribute("data-acted", "yes", timeout=WAIT_MS)
        for name, p in pages.items():
            wait_phase(p.page, no, "results", timeout=WAIT_MS)
            note = p.page.locator("#fair-note")
            if name == "Bo" and no == TAMPER_HAND:
                expect(note).to_contain_text(FAIL_TEXT, timeout=WAIT_MS)
                expect(note).to_have_attribute("data-ok", "no")
            else:
                expect(note).to_have_text(OK_TEXT, timeout=WAIT_MS)
                expect(note).to_have_attribute("data-ok", "yes")
        if no < len(HANDS):
            host.page.click("#next-btn")

    history = load_json(download_text(host.page, "#export-history-btn", tmp_path / "h.json"))
    assert [h["hand_no"] for h in history["hands"]] == list(range(1, len(HANDS) + 1))
    names = {p["name"]: p["id"] for p in history["hands"][0]["players"]}
    tokens = {names[n]: p.page.evaluate("sessionStorage.getItem('omaha.token')")
              for n, p in pages.items()}
    assert all(isinstance(t, str) and len(t) >= 16 for t in tokens.values()), tokens

    recordings = {n: recording_since(pages[n].page, marks[n]) for n in ("Ann", "Bo")}
    assert recordings["Bo"]["tampered"] and set(recordings["Bo"]["tampered"]) == {TAMPER_HAND}
    assert recordings["Ann"]["tampered"] == []
    decoded = {}
    for name, rec in recordings.items():
        raws = raws_of(rec)
        received, control = reassemble(raws)
        decoded[name] = (raws, received, control)
    seeds, fairs = revealed(decoded["Ann"][1])
    assert revealed(decoded["Bo"][1])[0] == seeds  # the wire copy, before Bo's forgery
    hands = truth_from(history, seeds)
    for no, truth in hands.items():  # the seed is real: it opens the commitment, makes the deck
        fair = fairs[no]
        assert commitment(truth.seed) == fair["commitment"]
        dealt = [c for pid in truth.ids for c in truth.holes[pid]] + truth.board1 + truth.board2
        assert [str(c) for c in derive_deck(truth.seed, fair["nonces"])[:len(dealt)]] == dealt
        for name, rounds in zip(("preflop", "flop"), (HANDS[no - 1]["preflop"],
                                                     HANDS[no - 1]["flop"]), strict=True):
            assert {names[n]: c for n, c in rounds} == {
                pid: a[name] for pid, a in truth.actions.items()}

    total_checks = total_probes = 0
    for name in ("Ann", "Bo"):
        raws, received, control = decoded[name]
        viewer = names[name]
        rep = check_wire(received, hands, viewer, tokens)
        assert rep.violations == [], f"{name}:\n" + "\n".join(rep.violations[:20])
        for no in hands:  # every phase of every hand was seen on this wire
            for phase in ("dealing", "preflop", "flop", "results"):
                assert rep.by_phase.get((no, phase), 0) >= 1, (name, no, phase, rep.by_phase)
        assert rep.hidden_double_views >= 2, (name, rep.hidden_double_views)
        planted = self_check(received, hands, viewer, tokens)
        kinds = Counter(json.loads(m.text).get("type") for m in received)
        sent, _ = reassemble(raws_of({"messages": [dict(m, ch=0)
                                                   for m in recordings[name]["sent"]]}))
        # one serialization on the wire, ours: every frame each way is a text frame
        assert {m["kind"] for m in recordings[name]["messages"]} == {"text"}
        assert {m["kind"] for m in recordings[name]["sent"]} == {"text"}
        times = [m["t"] for m in recordings[name]["messages"]]
        span = max(times) - min(times)
        sent_kinds = Counter(json.loads(m.text).get("type") for m in sent)
        # What the guest said: a hello and a join signed with its public key, never a token.
        assert sent_kinds["hello"] >= 1 and sent_kinds["join"] >= 1, sent_kinds
        for m in sent:
            assert not any(t.encode() in m.packet for t in tokens.values()), m.text[:200]
            assert '"token"' not in m.text, m.text[:200]
        total_checks += rep.checks
        total_probes += rep.probes
        print(f"\n[wire] {name}: {len(raws)} message events recorded on "
              f"{len(recordings[name]['channels'])} channel(s), {len(received)} messages "
              f"({dict(kinds)}; {rep.views} game views, {control} PeerJS control), "
              f"views by phase {sorted(rep.by_phase.items())}, "
              f"{rep.hidden_double_views} views after a hidden Double, "
              f"{rep.checks} parsed checks, {rep.probes} raw probes, "
              f"{planted} planted leaks caught; sent {dict(sent_kinds)}; "
              f"{span / 1000:.1f} s from first to last message")
    print(f"[wire] total: {total_checks} parsed checks, {total_probes} raw probes; "
          f"Bo's forged seed (hand {TAMPER_HAND}) showed the NOT VERIFIED verdict")
    for p in pages.values():
        assert p.csp_violations() == []


# --- the table games: every game, every guest's wire against the host's own game state -------

TABLE_GAMES = ("holdem", "omaha", "omaha-hilo", "bomb-double", "draw")
TABLE_SNAPSHOT_KEYS = SNAPSHOT_KEYS | {"deck", "reshuffles", "sitters", "finished", "flow",
                                       "banks", "away_ago", "played_out", "results_ago"}
"""Keys of a table game's snapshot (``games.poker.saving``) that no view has."""


@dataclass(frozen=True)
class TableStep:
    """A hand after its first k actions, replayed from the host's saved hand."""

    log_len: int  # public log entries by then (a view's log_omitted + len(log))
    dealt: tuple[Any, ...]  # the engine's Dealt records so far
    boards: list[list[str]]
    holes: list[list[str]]  # per engine seat


@dataclass(frozen=True)
class TableTruth:
    """One hand as the host's game state has it (its snapshot's saved hand, replayed)."""

    hand_no: int
    seat_of: dict[str, int]  # player id -> engine seat
    steps: tuple[TableStep, ...]
    shown: dict[int, list[str]]  # engine seat -> cards shown at showdown
    folded: dict[int, list[str]]  # engine seat -> the cards of a hand that folded
    seed: str
    deck: list[str]

    def step_at(self, log_len: int) -> TableStep | None:
        return next((s for s in self.steps if s.log_len == log_len), None)

    def allowed(self, step: TableStep, viewer: str, phase: str) -> set[str]:
        """The cards ``viewer`` may see at ``step``: the boards dealt so far, their own cards
        (drawn ones too), and at results the hands the rules showed."""
        me = self.seat_of.get(viewer)
        out = {str(d.card) for d in step.dealt
               if d.to == "board" or (d.to in ("hole", "draw") and d.seat == me)}
        if phase == "results":
            out |= {c for cards in self.shown.values() for c in cards}
        return out


def table_truth(game_snapshot: dict[str, Any]) -> dict[int, TableTruth]:
    """Every finished hand of the host's game snapshot, replayed action by action."""
    hands = {}
    for saved in game_snapshot["finished"]:
        steps = []
        for k in range(len(saved["actions"]) + 1):
            played = replay({**saved, "actions": saved["actions"][:k]})
            steps.append(TableStep(
                len(public_log(played)),
                tuple(r for r in played.hand.log if isinstance(r, Dealt)),
                boards(played.hand),
                [[str(c) for c in h] for h in played.hand.hole],
            ))
        hand = played.hand  # all actions: the finished hand
        folded = {r.seat: [str(c) for c in hand.hole[r.seat]] for r in hand.log
                  if isinstance(r, Acted) and r.verb is Verb.FOLD}
        hands[played.hand_no] = TableTruth(
            hand_no=played.hand_no,
            seat_of={pid: i for i, pid in enumerate(played.ids)},
            steps=tuple(steps),
            shown={r.seat: [str(c) for c in r.cards] for r in hand.log
                   if isinstance(r, Shown)},
            folded=folded,
            seed=saved["fair"]["seed"],
            deck=list(saved["deck"]),
        )
        # The deck is the provably fair one of the seed and nonces (rules.fairdeal, apart).
        fair = saved["fair"]
        assert [str(c) for c in derive_deck(fair["seed"], fair["nonces"])] == saved["deck"]
    return hands


@dataclass
class TableReport:
    violations: list[str] = field(default_factory=list)
    checks: int = 0
    probes: int = 0
    views: int = 0
    by_phase: Counter[str] = field(default_factory=Counter)
    folded_probed: int = 0  # folded cards of others looked for in this wire's bytes

    def check(self, ok: bool, text: str) -> None:
        self.checks += 1
        if not ok:
            self.violations.append(text)


def check_table_wire(received: list[Received], hands: dict[int, TableTruth], viewer: str,
                     tokens: dict[str, str]) -> TableReport:
    """Every message a guest received, in order, against what the guest may see then: the
    hand's point is the host's replayed step whose public log is as long as the view's."""
    rep = TableReport()
    hand_no, phase, step = 0, "lobby", None
    for idx, msg in enumerate(received):
        where = f"message {idx}"
        try:
            data = json.loads(msg.text)
        except ValueError:
            rep.check(False, f"{where}: not JSON: {msg.text[:80]!r}")
            continue
        game = game_of(data)
        if game is not None and game.get("game") in TABLE_GAMES:
            hand_no, phase = int(game["hand_no"]), str(game["phase"])
            truth = hands.get(hand_no)
            step = None
            if truth is not None and phase not in ("dealing", "waiting"):
                total = int(game.get("log_omitted", 0)) + len(game["log"])
                step = truth.step_at(total)
                rep.check(step is not None, f"{where}: hand {hand_no} at no point of the "
                                            f"host's (log of {total})")
            rep.views += 1
            rep.by_phase[phase] += 1
        where += f" (hand {hand_no} {phase})"
        truth = hands.get(hand_no)
        allowed = truth.allowed(step, viewer, phase) if truth and step else set()
        for card in ALL_CARDS:  # raw: the bytes as received
            rep.probes += 1
            if card not in allowed and f'"{card}"'.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry hidden card {card}")
        if truth is not None:
            for seat, cards in truth.folded.items():
                if seat != truth.seat_of.get(viewer):
                    rep.folded_probed += len(cards)
        for h in hands.values():
            rep.probes += 1
            revealed = hand_no > h.hand_no or (hand_no == h.hand_no and phase == "results")
            if not revealed and h.seed.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry hand {h.hand_no}'s seed")
        for pid, token in tokens.items():
            rep.probes += 1
            if token.encode() in msg.packet:
                rep.violations.append(f"{where}: raw bytes carry {pid}'s rejoin token")
        for path, value in walk(data):  # parsed
            if path and path[-1] == "key":
                rep.check(value not in TABLE_SNAPSHOT_KEYS,
                          f"{where}: snapshot key {value!r} at {'.'.join(path[:-1])}")
            elif isinstance(value, str) and CARD_RE.fullmatch(value):
                rep.check(value in allowed, f"{where}: hidden card {value} at {'.'.join(path)}")
        if game is not None and truth is not None and step is not None:
            check_table_view(game, truth, step, viewer, phase, where, rep)
    return rep


def check_table_view(game: dict[str, Any], truth: TableTruth, step: TableStep, viewer: str,
                     phase: str, where: str, rep: TableReport) -> None:
    """A view's cards field by field against the host's hand at that step (positives too:
    the view is the one we think it is)."""
    me = truth.seat_of.get(viewer)
    rep.check(game["boards"] == step.boards, f"{where}: boards {game['boards']}")
    if me is not None:
        rep.check(game["you"]["hole"] == step.holes[me], f"{where}: own hole "
                                                         f"{game['you']['hole']}")
    for seat in game["seats"]:
        other = truth.seat_of.get(seat["id"])
        if seat["id"] == viewer or other is None:
            continue
        if phase == "results":
            want = truth.shown.get(other, [])
            rep.check(seat["cards"] == want, f"{where}: {seat['id']}'s cards {seat['cards']}")
        else:
            rep.check(all(c == "??" for c in seat["cards"]),
                      f"{where}: {seat['id']}'s cards {seat['cards']}")
    if phase != "results":
        rep.check((game.get("fair") or {}).get("seed") is None, f"{where}: seed before results")
    else:
        rep.check((game.get("fair") or {}).get("seed") == truth.seed, f"{where}: wrong seed")


def table_self_check(received: list[Received], hands: dict[int, TableTruth], viewer: str,
                     tokens: dict[str, str]) -> int:
    """Plants one leak at a time in a copy of ``viewer``'s recording (another seat's card
    before the showdown, a folded hand at results, the next board card early, the seed);
    each must be caught by the parsed and the raw check. Returns how many."""
    h = hands[min(hands)]
    me = h.seat_of.get(viewer)  # None: a seat not dealt in (it watches)
    other = next(s for s in h.seat_of.values() if s != me)
    other_id = next(p for p, s in h.seat_of.items() if s == other)
    first = h.steps[0]
    hidden = first.holes[other][0]

    def running(d: dict[str, Any]) -> bool:
        g = game_of(d)
        return g is not None and g["hand_no"] == h.hand_no and g["phase"] == "betting"

    def plant_hole(d: dict[str, Any]) -> None:
        g = game_of(d) or {}
        next(s for s in g["seats"] if s["id"] == other_id)["cards"][0] = hidden

    undealt = next(c for c in h.deck if c not in {str(x.card) for x in h.steps[-1].dealt})

    def plant_undealt(d: dict[str, Any]) -> None:
        g = game_of(d) or {}
        g["you"] = {**(g.get("you") or {}), "discards": [undealt]}

    def plant_seed(d: dict[str, Any]) -> None:
        (game_of(d) or {})["fair"]["seed"] = h.seed

    cases = [("hole", running, plant_hole, f"hidden card {hidden}"),
             ("undealt", running, plant_undealt, f"hidden card {undealt}"),
             ("seed", running, plant_seed, "seed")]
    folded = [(s, cards) for s, cards in h.folded.items() if s != me]
    if folded:
        seat, cards = folded[0]
        fid = next(p for p, s in h.seat_of.items() if s == seat)

        def over(d: dict[str, Any]) -> bool:
            g = game_of(d)
            return g is not None and g["hand_no"] == h.hand_no and g["phase"] == "results"

        def plant_folded(d: dict[str, Any]) -> None:
            g = game_of(d) or {}
            next(s for s in g["seats"] if s["id"] == fid)["cards"] = list(cards)

        cases.append(("folded", over, plant_folded, f"hidden card {cards[0]}"))
    for name, pick, change, expected in cases:
        forged, _ = reassemble(doctor(received, pick, change))
        rep = check_table_wire(forged, hands, viewer, tokens)
        assert any(expected in v for v in rep.violations), (name, rep.violations)
        assert any("raw bytes" in v for v in rep.violations), (name, rep.violations)
    return len(cases)


def play_table_hand(pages: dict[str, Any]) -> dict[str, int]:
    """One hand with a bet, a fold and (in the draw) discards: the first player who may bet
    bets the minimum, the next one folds, every other decision is a check or a call, every
    draw throws the first two cards. Returns how often each happened."""
    did: Counter[str] = Counter()
    while (name := to_act(pages)) is not None:
        page = pages[name].page
        if page.locator("#pk-draw-row").is_visible():
            def draw(page: Any) -> None:
                for n in (0, 1):
                    page.locator("#pk-hole .pk-card-toggle").nth(n).click()
                expect(page.locator("#pk-draw")).to_have_text("Draw 2")
                page.click("#pk-draw")
            act_and_sync(pages, name, draw)
            did["draw"] += 1
        elif not did["bet"] and page.locator("#pk-raise-form").is_visible():
            act_and_sync(pages, name, click("#pk-raise"))
            did["bet"] += 1
        elif did["bet"] and not did["fold"] and page.locator("#pk-fold").is_visible():
            act_and_sync(pages, name, click("#pk-fold"))
            did["fold"] += 1
        else:
            act_and_sync(pages, name, click("#pk-call"))
            did["call"] += 1
    return dict(did)


def record_guests(player: Any) -> None:
    """The shared pages' init (conftest.SharedPlayers): the guests' connections are recorded."""
    if player.label != "host":
        player.context.add_init_script(RECORDER)


# The module's tests share three booted pages (each test opens its own room); the guests'
# connections are recorded, and Bo's forges a seed while the Ultimate Omaha test asks it to.
SHARED_PLAYERS = (("host", DESKTOP), ("ann", DESKTOP), ("bo", DESKTOP))
SHARED_INIT = record_guests


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_table_guests_receive_nothing_they_may_not_see(site, shared_players, game_id):
    """Each table game: three players play a hand with a bet, a fold and a showdown (and
    draws); every message on each guest's connection is checked against the host's own game
    state (its saved snapshot's hands, replayed action by action here): no other seat's card
    before the showdown, no folded card, no card not dealt (burns, the stub, the next street),
    no seed before results, no token, no snapshot key. The checker is checked by planted
    leaks."""
    host, ann, bo = shared_players
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    first = {n: pages[n].page.evaluate("window.__wire.channels.length") for n in ("Ann", "Bo")}
    seat_three(site, host, ann, bo, timeout=WAIT_MS)
    start_table(host, game_id, mode="tournament", starting_stack="1000")
    for p in pages.values():
        p.wait_screen("poker")
    did = play_table_hand(pages)
    assert did.get("bet") and did.get("fold"), did
    assert game_id != "draw" or did.get("draw", 0) >= 2, did
    for p in pages.values():
        expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)

    saved = json.loads(host.page.evaluate("sessionStorage.getItem('omaha.host')"))
    game_state = saved["snapshot"]["room"]["game"]
    assert game_state["game"] == game_id
    hands = table_truth(game_state)
    assert list(hands) == [1]
    truth = hands[1]
    names = {name: pid for pid, name in game_state["names"].items()}
    tokens = {n: p.page.evaluate("sessionStorage.getItem('omaha.token')")
              for n, p in pages.items()}
    assert all(isinstance(t, str) and len(t) >= 16 for t in tokens.values()), tokens
    assert truth.folded, "a hand folded"
    for name in ("Ann", "Bo"):
        rec = pages[name].page.evaluate("window.__wire")
        received, _ = reassemble(raws_of(rec, first[name]))
        rep = check_table_wire(received, hands, names[name], tokens)
        assert rep.violations == [], f"{name}:\n" + "\n".join(rep.violations[:20])
        assert rep.by_phase["betting"] >= 2 and rep.by_phase["results"] >= 1, rep.by_phase
        assert game_id != "draw" or rep.by_phase["drawing"] >= 1, rep.by_phase
        planted = table_self_check(received, hands, names[name], tokens)
        print(f"\n[wire {game_id}] {name}: {len(received)} messages, {rep.views} views "
              f"{dict(rep.by_phase)}, {rep.checks} parsed checks, {rep.probes} raw probes "
              f"({rep.folded_probed} for folded cards), {planted} planted leaks caught; "
              f"actions {did}")
    for p in pages.values():
        assert p.csp_violations() == []


# --- a seat that is not our client, at cash tables and bomb pots -----------------------------

ROGUE_PINGS = """(i) => {
  // A seated rogue pings once a second, as a guest does (else its seat would be let go).
  setInterval(() => {
    const c = rogue.state.conns[i];
    if (c.open && !c.closed) {
      c.conn.send(JSON.stringify({v: 1, type: 'ping', t: Math.round(performance.now()),
                                  seen: 1e9}));
    }
  }, 1000);
  return true;
}"""


def call_bomb_pot(host: Any, ante: int) -> None:
    """The host calls a bomb pot for the next hand from the table's host panel (by keyboard:
    the ante box, then Enter)."""
    box = host.page.locator("#pk-bomb-ante")
    box.fill(str(ante))
    box.press("Enter")
    expect(host.page.locator("#pk-host-status")).to_contain_text(
        f"Bomb pot next hand: {ante} chips each")


@pytest.mark.parametrize(("game_id", "bomb"), [("holdem", True), ("omaha-hilo", True),
                                               ("bomb-double", False)])
def test_a_rogue_seat_at_a_cash_table_receives_nothing_it_may_not_see(
        site, shared_players, browser, vendor, game_id, bomb):
    """Cash tables, two hands each with a bet, a fold and a showdown: Hold'em and Omaha Hi/Lo
    with a bomb pot the host calls for the second hand (a double-board hand at a Hold'em or a
    Hi/Lo table), and the PLO double-board bomb pot game. Besides the two recording guests,
    a seat is taken by a page that is not our client (stock PeerJS signing its own join,
    ``e2e/rogue_join.py``): it never buys in, so it watches every hand from its seat, and
    everything it receives is checked like a guest's: no hole card, no folded hand, no card
    not dealt, no seed before results, ever."""
    from rogue import Rogue
    from rogue_join import join

    host, ann, bo = shared_players
    pages = {"Hana": host, "Ann": ann, "Bo": bo}
    first = {n: pages[n].page.evaluate("window.__wire.channels.length") for n in ("Ann", "Bo")}
    code = seat_three(site, host, ann, bo, timeout=WAIT_MS)
    rogue = Rogue(browser, vendor, site)
    try:
        assert rogue.open()["ok"]
        index = rogue.connect(f"uomaha-{code.lower()}")
        assert join(rogue, index, code, "Rogue")["ok"]
        rogue.page.evaluate(ROGUE_PINGS, index)
        expect(host.page.locator("#player-list .player")).to_have_count(4, timeout=WAIT_MS)
        start_table(host, game_id)  # cash: each player buys in at the table
        for p in pages.values():
            p.wait_screen("poker")
            p.page.click("#pk-buyin-btn")  # the suggested buy-in (the rogue buys none)
        host.page.wait_for_function(
            "() => document.querySelectorAll('#seats .pk-seat .pk-stack').length >= 3")
        did: Counter[str] = Counter()
        for hand in (1, 2):
            if hand == 2 and bomb:
                call_bomb_pot(host, 20)
            expect(host.page.locator("#pk-next-btn")).to_be_enabled(timeout=WAIT_MS)
            host.page.click("#pk-next-btn")
            if hand == 2 and bomb:
                for p in pages.values():
                    expect(p.page.locator("#boards .pk-board")).to_have_count(
                        2, timeout=WAIT_MS)
            did.update(play_table_hand(pages))
            for p in pages.values():
                expect(p.page.locator("#pk-results")).to_be_visible(timeout=WAIT_MS)
        assert did.get("bet", 0) >= 2 and did.get("fold", 0) >= 2, did

        saved = json.loads(host.page.evaluate("sessionStorage.getItem('omaha.host')"))
        game_state = saved["snapshot"]["room"]["game"]
        assert game_state["game"] == game_id
        hands = table_truth(game_state)
        assert sorted(hands) == [1, 2]
        assert all(h.folded for h in hands.values()), "a hand folded in each"
        if bomb:  # the second hand was played on two boards
            assert len(hands[2].steps[-1].boards) == 2, hands[2].steps[-1].boards
        names = {row[1]: row[0] for row in saved["snapshot"]["room"]["seats"]}
        assert names.keys() == {"Hana", "Ann", "Bo", "Rogue"}, names
        tokens = {n: p.page.evaluate("sessionStorage.getItem('omaha.token')")
                  for n, p in pages.items()}
        wires = {}
        for name in ("Ann", "Bo"):
            rec = pages[name].page.evaluate("window.__wire")
            wires[name] = reassemble(raws_of(rec, first[name]))[0]
        for _ in range(40):  # an onlooker's view may come at the host's next tick (views to
            # whoever neither asked nor must act are coalesced per tick under load)
            rogue_texts = rogue.received()["conns"][index]["data"]
            wires["Rogue"] = [Received(t.encode("utf-8"), t) for t in rogue_texts]
            if check_table_wire(wires["Rogue"], hands, names["Rogue"],
                                tokens).by_phase["results"] >= 2:
                break
            host.page.wait_for_timeout(250)
        for name, received in wires.items():
            viewer = names[name]
            rep = check_table_wire(received, hands, viewer, tokens)
            assert rep.violations == [], f"{name}:\n" + "\n".join(rep.violations[:20])
            assert rep.by_phase["results"] >= 2 and rep.views >= 6, (name, rep.by_phase)
            planted = table_self_check(received, hands, viewer, tokens)
            print(f"\n[wire {game_id} cash{' + bomb pot' if bomb else ''}] {name}: "
                  f"{len(received)} messages, {rep.views} views {dict(rep.by_phase)}, "
                  f"{rep.checks} parsed checks, {rep.probes} raw probes "
                  f"({rep.folded_probed} for folded cards), {planted} planted leaks caught")
        # the rogue watched every hand: it was sent each one's views, and no card of anyone's
        rogue_seen = {int(g["hand_no"]) for d in map(json.loads, rogue_texts)
                      if (g := game_of(d)) is not None and g.get("game") == game_id}
        assert {1, 2} <= rogue_seen, rogue_seen
    finally:
        rogue.close()
    for p in pages.values():
        assert p.csp_violations() == []

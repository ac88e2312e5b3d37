"""Hostile peers against a live Ultimate Omaha table.

Several peers send ≥ 10,000 random and mutated messages — malformed and oversize JSON, unknown
types, acts claiming other players through extra fields, stale/future/odd seqs, acts out of
phase, host-only requests, floods (which get them cut off; they come back on a new connection
with their token), leaves and rejoins — interleaved with honest play by three players, with a
decision timer and auto-deal running. Afterwards:

* the host never raised (an exception would escape ``HostRoom.handle`` and fail the test);
* every hand that reached results paid exactly what ``rules.ultimate.result_for`` pays on the
  same cards and stakes, and the ledger is the sum of those hands (applied once each);
* the balances (with the bank's) sum to zero;
* the honest players' manual actions are exactly the acts they sent (nobody acted for them);
* every act whose verb has the wire's shape but is not Ultimate's (``fold``, ``nap``...: the
  wire bounds only the shape, the game names its verbs) is refused with a clear code and
  leaves the game's snapshot as it was; from a player to act at the current seq (past the
  room's whole ladder) the game's own ``game/illegal``, naming the verb;
* no text delivered to any peer held a card or choice its viewer may not see
  (:func:`test_room_game_harness.secrecy_violations`, itself tested to catch planted leaks);
* the room still plays a clean hand correctly.

The figures (messages sent, hands played, texts checked) are printed (``pytest -s``).
Seed 4242 (2026-11-23, unknown verbs of the wire's shape added): 10,000 hostile messages and
605 honest ones, 398 flood cut-offs, 412 rejoins, 88 hands settled and re-checked against the
rules, 19,455 delivered texts checked for secrecy, 97 unknown verbs refused changing nothing
(38 of them by the game itself); about 15 s on CPython (2 cores, loaded machine).
"""

from __future__ import annotations

import json
import random
import re
import string
from typing import Any

from room.client import GuestClient, new_token
from room.errors import MalformedMessage
from room.host import MAX_PLAYERS
from room.identity import key_of
from room.messages import ACTION_RE, MAX_WIRE_BYTES, Act, parse_request
from rules.ultimate import Action
from test_room_game_harness import Table, check_secrecy, expected_result

SEED = 4242
HOSTILE_MESSAGES = 10_000
HONEST = ("Ann", "Bob", "Cy")
VERB_REFUSALS = re.compile(r"(game|auth|msg)/[a-z_]+")
"""Where an unknown verb's refusal may come from: the room's ladder or the game (``game/``),
the sender (not joined: ``auth/``), the flood limits (``msg/``)."""


def unknown_verb(text: str) -> Act | None:
    """The ``act`` of ``text`` if its verb has the wire's shape but Ultimate has no such
    verb (the game must refuse it), else None."""
    try:
        msg = parse_request(text)  # the wire's own check: deep or huge texts are safe here
    except MalformedMessage:
        return None
    if not isinstance(msg, Act) or msg.action in {a.value for a in Action}:
        return None
    assert ACTION_RE.fullmatch(msg.action)
    return msg


def hostile_text(rng: random.Random, seq: int, honest_texts: list[str]) -> str | list[str]:
    """One hostile text (or a flood: a list of them)."""
    kind = rng.randrange(16)
    if kind == 0:  # random junk text
        alphabet = string.printable + "{}[]\":,\\\u00e9\u2603\U0001f0a1\ud800"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
    if kind == 1:  # oversize
        return json.dumps({"v": 1, "type": "act", "action": "check", "seq": seq,
                           "pad": "x" * (MAX_WIRE_BYTES + rng.randrange(1, 5000))})
    if kind == 2:  # truncated / mutated honest message
        text = rng.choice(honest_texts) if honest_texts else '{"v":1,"type":"start"}'
        cut = rng.randrange(len(text))
        if rng.random() < 0.5:
            return text[:cut]
        return text[:cut] + rng.choice('{}[]":,0x\\') + text[cut + 1:]
    if kind == 3:  # unknown or host-only-from-guest types
        t = rng.choice(["fold", "raise", "view", "welcome", "deal", "reveal", "", None, 5])
        return json.dumps({"v": 1, "type": t})
    if kind == 4:  # act claiming another identity through an extra field
        field = rng.choice(["player", "as", "you", "id", "seat"])
        return json.dumps({"v": 1, "type": "act", "action": rng.choice(["check", "double"]),
                           "seq": seq, field: f"p{rng.randrange(1, 4)}"})
    if kind == 5:  # odd seqs
        s = rng.choice([seq, seq - 1, seq + 1, 0, -1, 2**53, 1.0, True, "1", None, seq])
        return json.dumps({"v": 1, "type": "act", "action": "double", "seq": s})
    if kind == 6:  # odd actions: other games' verbs and unknown ones of the wire's shape
        # (the game refuses those), bad shapes (the wire does), and a real one
        a = rng.choice(["fold", "raise", "nap", "check_raise", "x" * 16, "DOUBLE", "", None,
                        1, ["check"], "check ", "x" * 17, "double"])
        return json.dumps({"v": 1, "type": "act", "action": a, "seq": seq})
    if kind == 7:  # host-only requests
        return rng.choice([
            '{"v":1,"type":"next_hand"}', '{"v":1,"type":"start"}',
            '{"v":1,"type":"set_bet","cents":1}', '{"v":1,"type":"set_timer","seconds":5}',
            '{"v":1,"type":"set_grace","seconds":0}', '{"v":1,"type":"set_auto_deal","on":false}',
        ])
    if kind == 8:  # bad field values on the new messages
        return json.dumps(rng.choice([
            {"v": 1, "type": "set_timer", "seconds": rng.choice([-5, 3, 10**9, 1.5, "9"])},
            {"v": 1, "type": "set_grace", "seconds": rng.choice([-1, 301, None])},
            {"v": 1, "type": "set_auto_deal", "on": rng.choice([0, 1, "yes", None])},
            {"v": 1, "type": "next_hand", "hand_no": 3},
        ]))
    if kind == 9:  # wrong version, not an object, duplicate keys, deep nesting
        return rng.choice([
            '{"v":2,"type":"act","action":"check","seq":1}', '[1,2,3]', '"act"', 'null',
            '{"v":1,"type":"act","type":"act","action":"check","seq":1}',
            "[" * 5000 + "]" * 5000, '{"v":1,"type":"act","action":"check","seq":NaN}',
            # Nesting that overflows Pyodide's stack inside json.loads (CPython copes;
            # tests/test_room_pyodide_hostile.py runs this corpus under Pyodide).
            "[" * 8000 + "]" * 8000, '{"a":' * 3000 + "1" + "}" * 3000,
            '{"v":1,"type":"join","name":' + "[" * 6000 + "]" * 6000 + ',"token":"x"}',
        ])
    if kind == 10:  # a flood now and then (each is ~100 messages; most turns are single)
        if rng.random() < 0.15:
            return ['{"v":1,"type":"ping","t":1}'] * rng.randrange(90, 140)
        return '{"v":1,"type":"leave","extra":1}'
    if kind == 11:  # pings with odd values
        return json.dumps({"v": 1, "type": "ping", "t": rng.choice([0, -1, 2**60, 5]),
                           "seen": rng.choice([-1, -2, 10**6, 0])})
    if kind == 12:  # joins: again, other keys, bad names, forged or replayed signatures,
        # a hello to re-challenge, an old token where the key now goes
        key = key_of(new_token())
        return rng.choice([
            json.dumps({"v": 1, "type": "join", "name": rng.choice(["Ann", "", "\u202eX"]),
                        "key": key, "sig": "A" * 86}),
            json.dumps({"v": 1, "type": "join", "name": "Ann", "token": new_token()}),
            json.dumps({"v": 1, "type": "hello", "nonce": f"{rng.getrandbits(128):032x}"}),
            *[t for t in honest_texts if '"join"' in t][-1:],  # Bob's, on another connection
        ])
    # 13..15: plausible acts at the current seq (out of phase, twice, or legal)
    return json.dumps({"v": 1, "type": "act", "action": rng.choice(["check", "double"]),
                       "seq": seq})


class Fuzz:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table = Table(seed=seed)
        self.hostile_sent = 0
        self.honest_sent = 0
        self.honest_acts = 0
        self.cut_offs = 0
        self.rejoins = 0
        self.honest_texts: list[str] = []
        self.hostiles: dict[str, GuestClient] = {}  # name -> client (its token is its seat)
        self.raw: list[str] = []  # connections that never join
        self.verbs_refused = 0  # unknown verbs of the wire's shape, each checked
        self.verbs_by_game = 0  # of those, refused by the game itself (past the ladder)

    def seq(self) -> int:
        game = self.table.game
        return game.seq if game is not None else 0

    def setup(self) -> None:
        t = self.table
        ann = t.host("Ann")
        t.guest("Bob")
        t.guest("Cy")
        for name in ("Eve", "Mal"):
            self.hostiles[name] = t.guest(name)
        for i in range(2):
            peer = f"raw{i}"
            t.net.clients[peer] = GuestClient("Raw", new_token())
            t.net.open.add(peer)
            self.raw.append(peer)
        self.honest_texts.append(t.clients["Bob"]._join_text or "")  # replayed by hostiles
        for text in (ann.set_timer(5), ann.set_grace(2), ann.set_auto_deal(True),
                     ann.start_game()):
            t.send("Ann", text)

    def hostile_step(self) -> None:
        t = self.table
        if self.rng.random() < 0.1:
            peer = self.rng.choice(self.raw)
            name = None
        else:
            name = self.rng.choice(sorted(self.hostiles))
            peer = t.peers[name]
        out = hostile_text(self.rng, self.seq(), self.honest_texts)
        texts = out if isinstance(out, list) else [out]
        act = unknown_verb(texts[0]) if len(texts) == 1 else None
        before = self.verb_state(peer, act) if act is not None else None
        for text in texts:
            t.net.send(peer, text, settle=False)
        t.net.run()
        t.record()
        if act is not None and before is not None and peer in t.net.open:
            self.check_verb_refused(peer, act.action, before)
        self.hostile_sent += len(texts)
        if name is not None and peer not in t.net.open:  # cut off (flood): back with its token
            self.cut_offs += 1
            self.rejoins += 1
            t.guest(name, token=self.hostiles[name].token, peer=f"{name}-{self.rejoins}")
        elif name is not None and self.rng.random() < 0.004:
            t.send(name, t.clients[name].leave())
            t.guest(name, token=self.hostiles[name].token, peer=f"{name}-r{self.rejoins}")
            self.rejoins += 1

    def verb_state(self, peer: str, act: Act) -> dict[str, Any]:
        """What an unknown verb must leave as it was, and whether it passes the ladder."""
        room = self.table.net.host
        game = room.game
        seat = room.seat_of_peer(peer)
        return {
            "game": None if game is None else json.dumps(game.snapshot(), sort_keys=True),
            "delivered": len(self.table.net.delivered.get(peer, [])),
            "past_ladder": (game is not None and seat is not None and not seat.queued
                            and not game.is_dealing() and act.seq == game.seq
                            and seat.id in game.to_act()),
        }

    def errors_of(self, peer: str, since: int = 0) -> list[dict[str, Any]]:
        """The errors among the texts ``peer`` received from the ``since``-th on (the texts
        before it were read at an earlier check: not parsed again)."""
        return [m for m in map(json.loads, self.table.net.delivered.get(peer, [])[since:])
                if m["type"] == "error"]

    def check_verb_refused(self, peer: str, verb: str, before: dict[str, Any]) -> None:
        """An unknown verb was refused with one clear error and changed nothing."""
        game = self.table.net.host.game
        errors = self.errors_of(peer, before["delivered"])
        assert len(errors) == 1, ("an unknown verb was not refused once", verb, errors)
        error = errors[0]
        assert VERB_REFUSALS.fullmatch(error["code"]) and error["detail"], error
        after = None if game is None else json.dumps(game.snapshot(), sort_keys=True)
        assert after == before["game"], ("an unknown verb changed the game", verb, error)
        self.verbs_refused += 1
        if before["past_ladder"]:
            assert error["code"] == "game/illegal" and f"'{verb}'" in error["detail"], error
            self.verbs_by_game += 1

    def honest_step(self) -> None:
        t = self.table
        game = t.game
        name = self.rng.choice(HONEST)
        client = t.clients[name]
        g = (client.view or {}).get("game")
        if g is None:
            return
        if g["phase"] == "results" and name == "Ann" and self.rng.random() < 0.3:
            text = client.next_hand()
        elif g["you"]["can_act"]:
            text = client.act(self.rng.choice(["check", "double"]))
            self.honest_acts += 1
        else:
            return
        t.send(name, text)
        self.honest_texts.append(text)
        self.honest_sent += 1
        assert game is t.game  # one game for the whole session

    def run(self, messages: int) -> None:
        self.setup()
        while self.hostile_sent < messages:
            r = self.rng.random()
            if r < 0.6:
                self.hostile_step()
            elif r < 0.9:
                self.honest_step()
            else:
                self.table.advance(500)


def check_hands(table: Table) -> int:
    """Every finished hand paid by the rules on its own cards; the ledger is their sum."""
    totals: dict[str, int] = {}
    bank = 0
    finished = 0
    for hand_no, hand in sorted(table.hands.items()):
        result = hand.results()
        if result is None:
            continue
        finished += 1
        stakes = [p.stake for p in result.players]
        want = expected_result(table, hand_no, stakes)
        assert result == want, hand_no
        for p in result.players:
            totals[p.player_id] = totals.get(p.player_id, 0) + p.net_cents
        bank += result.bank_net_cents
    ledger = table.game.ledger
    assert {k: v for k, v in ledger.balances.items() if v or k in totals} == totals
    assert ledger.bank_cents == bank
    assert sum(ledger.balances.values()) + ledger.bank_cents == 0
    return finished


def test_hostile_peers_cannot_break_the_room():
    fuzz_session(HOSTILE_MESSAGES)


def fuzz_session(messages: int) -> None:
    """The session of ``messages`` hostile messages among honest play, and its checks (the
    figures each must reach grow with it). ``tests/hostile_pyodide.py`` runs a shorter one
    under Pyodide."""
    fuzz = Fuzz(SEED)
    fuzz.run(messages)
    table = fuzz.table
    room = table.net.host
    assert len(room.seats) <= MAX_PLAYERS and room.host_id == "p1"
    assert len(table.hands) == table.game.hand_no  # no hand was missed by the recorder
    # (every hand and every delivered text is checked once, at the end: the clean hand below
    # only adds to them)
    # nobody acted for an honest player: their manual actions are exactly the acts they sent
    manual = sum(
        1 for hand in table.hands.values() for r in hand.actions()
        if r.player_id in ("p1", "p2", "p3") and not r.automatic
    )
    assert manual == fuzz.honest_acts

    # the hostiles go; the honest table still plays a correct hand
    honest_peers = {table.peers[n] for n in HONEST}
    for peer in sorted(table.net.open - honest_peers):  # hostiles, and raw peers that joined
        table.net.disconnect(peer)
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_auto_deal(False))
    table.advance(20_000)  # the decision timer finishes a running hand; no new one is dealt
    assert table.gview("Ann")["phase"] == "results"
    table.send("Ann", ann.set_timer(0))
    table.send("Ann", ann.next_hand())
    hand_no = table.gview("Ann")["hand_no"]
    assert list(table.hands[hand_no].player_ids) == ["p1", "p2", "p3"]
    for choice in ("double", "check"):
        for name in HONEST:
            table.act(name, choice)
    table.advance(500)  # six changes at one instant: onlookers' views come at the next tick
    g = table.gview("Bob")
    assert g["phase"] == "results" and g["hand_no"] == hand_no
    want = expected_result(table, hand_no, [200, 200, 200])
    assert [p["net_cents"] for p in g["results"]["players"]] == [
        p.net_cents for p in want.players]
    finished = check_hands(table)
    checked = check_secrecy(table)
    delivered = sum(len(v) for v in table.net.delivered.values())
    figures = (
        f"fuzz seed {SEED}: {fuzz.hostile_sent} hostile + {fuzz.honest_sent} honest messages, "
        f"{fuzz.cut_offs} flood cut-offs, {fuzz.rejoins} rejoins, {finished} hands settled "
        f"and re-checked, {checked} delivered texts checked for secrecy ({delivered} total)"
    )
    figures += (f"; {fuzz.verbs_refused} unknown verbs refused, changing nothing "
                f"({fuzz.verbs_by_game} by the game itself)")
    print(figures)
    assert fuzz.verbs_refused >= messages // 200 and fuzz.verbs_by_game >= messages // 1000
    assert fuzz.hostile_sent >= messages and finished >= 10 and checked == delivered

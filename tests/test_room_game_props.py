"""Property test: arbitrary event sequences against a room running the real Ultimate game.

Whatever peers send and whenever time passes, the host never raises, every output is a valid
host message, no output shows a viewer what they may not see, and the ledger sums to zero.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from games.registry import ultimate_omaha
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.host import LOCAL_PEER, HostRoom
from room.identity import key_of
from room.messages import (
    Act,
    Join,
    Leave,
    NextHand,
    Nonce,
    SetAutoDeal,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    parse_reply,
)
from roomkit import SignedJoin, handle_signed_join
from test_room_game_harness import secrecy_violations

PEERS = [LOCAL_PEER, "peer1", "peer2", "peer3", "peer4"]
TOKENS = [f"TOKEN{i:02d}-abcdefghijk" for i in range(6)]

texts = st.one_of(
    st.builds(lambda n, t: Join(n, key_of(t), "A" * 86, "g1").to_wire(),  # a join signed by nobody
              st.sampled_from(["Ann", "Bob", "Cy"]), st.sampled_from(TOKENS)),
    st.builds(lambda a, s: Act(a, s).to_wire(), st.sampled_from(["check", "double"]),
              st.integers(0, 12)),
    st.builds(lambda a, s: Act(a, s).to_wire(), st.sampled_from(["check", "double"]),
              st.integers(1, 4)),  # seqs of the first hands: mostly current, some stale
    st.just(Start().to_wire()),
    st.just(NextHand().to_wire()),
    st.just(Leave().to_wire()),
    st.builds(lambda c: SetGame("ultimate", {"base_cents": c}).to_wire(), st.integers(0, 1000)),
    st.builds(lambda s: SetTimer(s).to_wire(), st.sampled_from([0, 5, 6])),
    st.builds(lambda s: SetGrace(s).to_wire(), st.integers(0, 3)),
    st.builds(lambda on: SetAutoDeal(on).to_wire(), st.booleans()),
    st.builds(lambda h, v: Nonce(h, v).to_wire(), st.integers(1, 4),
              st.sampled_from(["0" * 32, "ab" * 16])),
)

@dataclass(frozen=True)
class CurrentAct:
    """An act at the table's current seq (resolved when it is sent), as a live client sends."""

    peer: str
    action: str


@dataclass(frozen=True)
class CurrentNonce:
    """A nonce for the deal under way (resolved when sent), as a live client answers it."""

    peer: str


honest_nonces = st.builds(
    lambda peers: [CurrentNonce(p) for p in peers],
    st.lists(st.sampled_from(PEERS[1:3]), min_size=1, max_size=3),
)

honest_acts = st.builds(
    CurrentAct, st.sampled_from(PEERS[:3]), st.sampled_from(["check", "double"])
)
honest_rounds = st.builds(  # the three first seats each act once, in any order
    lambda peers, actions: [CurrentAct(p, a) for p, a in zip(peers, actions, strict=True)],
    st.permutations(PEERS[:3]),
    st.lists(st.sampled_from(["check", "double"]), min_size=3, max_size=3),
)

events = st.one_of(
    st.builds(SignedJoin, st.sampled_from(PEERS[1:]), st.sampled_from(["Ann", "Bob", "Cy"]),
              st.sampled_from(TOKENS)),
    honest_nonces,
    honest_nonces,
    honest_rounds,
    honest_rounds,
    honest_acts,
    st.builds(Received, st.sampled_from(PEERS), texts),
    st.builds(Received, st.sampled_from(PEERS), texts),  # requests twice as likely
    st.builds(Connected, st.sampled_from(PEERS[1:])),
    st.builds(Disconnected, st.sampled_from(PEERS[1:])),
    st.builds(Tick, st.integers(0, 3000)),  # a step, made cumulative below
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, min_size=20, max_size=80))
def test_game_room_invariants_hold_under_any_input(evs):
    room = HostRoom("ABCD234", 0, game_factory=ultimate_omaha(),
                    host_token="HOSTTOKEN-abcdefghij")
    handle_signed_join(room, SignedJoin(LOCAL_PEER, "Hostie", "HOSTTOKEN-abcdefghij"))
    for i, peer in enumerate(PEERS[1:3]):
        room.handle(Connected(peer))
        handle_signed_join(room, SignedJoin(peer, f"G{i}", TOKENS[i]))
    room.handle(Received(LOCAL_PEER, Start().to_wire()))
    hands = {}
    seeds = {}
    now = 0
    flat = [e for ev in evs for e in (ev if isinstance(ev, list) else [ev])]
    for ev in flat:
        if isinstance(ev, Tick):
            now += ev.now_ms
            ev = Tick(now)
        if isinstance(ev, CurrentAct):
            seq = room.game.seq if room.game is not None else 0
            ev = Received(ev.peer, Act(ev.action, seq).to_wire())
        if isinstance(ev, CurrentNonce):
            deal = room.game.dealing if room.game is not None else None
            ev = Received(ev.peer, Nonce(deal.hand_no if deal else 1,
                                         f"{len(seeds):032x}").to_wire())
        outs = handle_signed_join(room, ev) if isinstance(ev, SignedJoin) else room.handle(ev)
        game = room.game
        if game is not None:
            if game.hand is not None:
                hands[game.hand_no] = game.hand
            for deal in (game.fair, game.dealing):
                if deal is not None:
                    seeds[deal.hand_no] = deal.seed
        for out in outs:
            if isinstance(out, Close):
                assert out.peer != LOCAL_PEER
                continue
            assert isinstance(out, Send)
            msg = parse_reply(out.text)
            assert "TOKEN" not in out.text
            if msg.TYPE == "view":
                assert secrecy_violations(out.text, hands, seeds) == [], out.text
                view = json.loads(out.text)["view"]
                if "game" in view:
                    dealing = game.dealing
                    assert view["game"]["hand_no"] == (
                        dealing.hand_no if dealing is not None else game.hand_no)
            else:
                assert secrecy_violations(out.text, hands, seeds) == [], out.text
        if game is not None:
            ledger = game.ledger
            assert sum(ledger.balances.values()) + ledger.bank_cents == 0
            assert ledger.hands_applied == sum(1 for h in hands.values() if h.is_over)
            assert set(room.balances) >= set(room.seats) | set(room.departed)
    finished = sum(1 for h in hands.values() if h.is_over)
    autos = sum(1 for h in hands.values() if any(r.automatic for r in h.actions()))
    event(f"hands dealt: {min(len(hands), 3)}+")
    event(f"most players in a hand: {max((len(h.player_ids) for h in hands.values()), default=0)}")
    event(f"hands settled: {min(finished, 2)}+")
    if hands:
        event(f"hands with an automatic Check: {min(autos, 1)}+")

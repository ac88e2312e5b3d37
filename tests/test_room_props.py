"""Property test: whatever peers send, in whatever order, the room keeps its invariants."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from room.events import Close, Connected, Disconnected, Received, Send, Tick
from room.host import LOCAL_PEER, MAX_PLAYERS, HostRoom
from room.identity import key_of
from room.messages import Act, Join, Leave, Ping, SetGrace, Start, parse_reply
from roomkit import SignedJoin, handle_signed_join

PEERS = [LOCAL_PEER] + [f"peer{i}" for i in range(13)]
TOKENS = [f"TOKEN{i:02d}-abcdefghijk" for i in range(12)]  # enough to fill the room

texts = st.one_of(
    st.builds(lambda n, t: Join(n, key_of(t), "A" * 86, "g1").to_wire(),  # a join signed by nobody
              st.sampled_from(["Ann", "ann", "  Bob ", "", "x" * 25, "<i>Cy</i>"]),
              st.sampled_from(TOKENS)),
    st.builds(lambda t, s: Ping(t, s).to_wire(), st.integers(0, 10**6), st.integers(-1, 50)),
    st.builds(lambda s: SetGrace(s).to_wire(), st.integers(0, 300)),
    st.just(Start().to_wire()),
    st.just(Leave().to_wire()),
    st.builds(lambda a, s: Act(a, s).to_wire(), st.sampled_from(["check", "double"]),
              st.integers(0, 50)),
    st.sampled_from(['{"v":1,"type":"set_grace","seconds":true}', "{", "[]",
                     '{"v":1,"type":"start","player":"p1"}', '{"v":1,"type":"welcome"}']),
    st.text(max_size=30),
)

events = st.one_of(
    st.builds(SignedJoin, st.sampled_from(PEERS), st.sampled_from(["Ann", "  Bob ", ""]),
              st.sampled_from(TOKENS)),
    st.builds(Received, st.sampled_from(PEERS), texts),
    st.builds(Connected, st.sampled_from(PEERS)),
    st.builds(Disconnected, st.sampled_from(PEERS)),
    st.builds(Tick, st.integers(0, 400)),  # a step, made cumulative below
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, max_size=60))
def test_room_invariants_hold_under_any_input(evs):
    room = HostRoom("ABCD234", 0, host_token="HOSTTOKEN-abcdefghij")
    handle_signed_join(room, SignedJoin(LOCAL_PEER, "Hostie", "HOSTTOKEN-abcdefghij"))
    now = 0
    last_seq: dict[str, int] = {}
    closed: set[str] = set()
    for ev in evs:
        if isinstance(ev, Tick):
            now += ev.now_ms
            ev = Tick(now)
        outs = handle_signed_join(room, ev) if isinstance(ev, SignedJoin) else room.handle(ev)
        for out in outs:
            if isinstance(out, Close):
                assert out.peer != LOCAL_PEER
                closed.add(out.peer)
                continue
            assert isinstance(out, Send)
            msg = parse_reply(out.text)  # every output is a valid host message
            assert "TOKEN" not in out.text
            # peer ids never travel to anyone else (a challenge names its own caller)
            shown = out.text.replace(f'"{out.peer}"', '"its own id"')
            assert not any(f'"{p}"' in shown for p in PEERS[1:])
            if msg.TYPE == "view":
                assert msg.seq > last_seq.get(out.peer, 0)
                last_seq[out.peer] = msg.seq
                assert msg.view == json.loads(out.text)["view"]
        # invariants after every event
        assert len(room.seats) <= MAX_PLAYERS
        peers = [s.peer for s in room.seats.values() if s.peer is not None]
        assert len(peers) == len(set(peers))
        keys = [s.key for s in room.seats.values()]
        assert len(keys) == len(set(keys))
        if room.phase.value != "closed":
            assert room.host_id == "p1" and room.seats["p1"].peer == LOCAL_PEER
        assert set(room.balances) >= set(room.seats) | set(room.departed)
        assert 0 <= room.grace_s <= 300

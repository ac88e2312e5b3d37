"""The signalling gate: what reaches PeerJS, and how many wait at once."""

from __future__ import annotations

import json

import pytest
from room.gate import (
    JOIN_DEADLINE_MS,
    MAX_CANDIDATE_CHARS,
    MAX_CANDIDATES,
    MAX_PENDING,
    MAX_PENDING_PER_SOURCE,
    MAX_SDP_CHARS,
    RESERVED_PENDING,
    Gate,
    check_offer,
    kept_message,
)


def offer(conn: str = "dc_a1", **changes: object) -> dict:
    payload = {"type": "data", "connectionId": conn, "serialization": "raw", "reliable": True,
               "label": conn, "sdp": {"type": "offer", "sdp": "v=0\r\n" * 50}}
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not DELETE}


DELETE = object()


def msg(kind: str, src: str, payload: object = None) -> dict:
    return {"type": kind, "src": src, "payload": payload}


def candidate(conn: str, text: str = "candidate:1 1 udp 1 127.0.0.1 5000 typ host") -> dict:
    return {"connectionId": conn, "type": "data",
            "candidate": {"candidate": text, "sdpMid": "0", "sdpMLineIndex": 0}}


def test_our_clients_offer_passes_and_its_signalling_follows():
    gate = Gate(accept_offers=True)
    assert gate.screen(msg("OFFER", "g-1", offer("dc_1")), 0) == "pass"
    assert gate.screen(msg("CANDIDATE", "g-1", candidate("dc_1")), 10) == "pass"
    assert gate.pending() == ["g-1/dc_1"]
    gate.joined("g-1/dc_1")
    assert gate.pending() == [] and "g-1" in gate.returning
    assert gate.screen(msg("ANSWER", "g-1", {"connectionId": "dc_1"}), 20) == "drop"  # host


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"serialization": "constructor"}, "serialization"),  # PeerJS would hand over a String
        ({"serialization": "__proto__"}, "serialization"),
        ({"serialization": "binary"}, "serialization"),  # PeerJS keeps unfinished chunks
        ({"serialization": "json"}, "serialization"),
        ({"serialization": DELETE}, "serialization"),
        ({"type": "media"}, "type"),
        ({"reliable": False}, "reliable"),
        ({"metadata": {"x": 1}}, "metadata"),
        ({"label": "x" * 500}, "label"),
        ({"label": ["dc"]}, "label"),
        ({"sdp": {"type": "answer", "sdp": "v=0"}}, "sdp"),
        ({"sdp": {"type": "offer", "sdp": "v" * (MAX_SDP_CHARS + 1)}}, "sdp"),
        ({"sdp": "v=0"}, "sdp"),
    ],
)
def test_offers_our_client_never_makes_are_dropped_before_peerjs_sees_them(changes, reason):
    assert check_offer(offer(**changes)).startswith(reason)
    gate = Gate(accept_offers=True)
    assert gate.screen(msg("OFFER", "rogue", offer(**changes)), 0) == "drop"
    assert gate.entries == {} and gate.refused == {reason: 1}


@pytest.mark.parametrize("payload", [None, [], "x", {"connectionId": 5}, {"connectionId": ""},
                                     {"connectionId": "a/b"}, {"connectionId": "x" * 65}])
def test_malformed_payloads_are_dropped(payload):
    gate = Gate(accept_offers=True)
    for kind in ("OFFER", "CANDIDATE", "ANSWER", "SOMETHING"):
        assert gate.screen(msg(kind, "rogue", payload), 0) == "drop"


def test_server_messages_and_peer_notices_pass_and_a_message_without_source_does_not():
    gate = Gate(accept_offers=True)
    for kind in ("OPEN", "ERROR", "ID-TAKEN", "INVALID-KEY"):
        assert gate.screen({"type": kind, "payload": {"msg": "x"}}, 0) == "pass"
    assert gate.screen(msg("LEAVE", "g-1"), 0) == "pass"
    assert gate.screen(msg("EXPIRE", "g-1"), 0) == "pass"
    assert gate.screen({"type": "OFFER", "payload": offer()}, 0) == "drop"
    assert gate.screen(msg("OFFER", "x" * 65, offer()), 0) == "drop"


def test_signalling_for_connections_we_do_not_have_is_never_kept():
    """PeerJS stores every message for an unknown connection id for good (the +150 MB heap of
    600 one-megabyte candidates): the gate drops them before PeerJS sees them."""
    gate = Gate(accept_offers=True)
    big = "a" * 1_000_000
    for n in range(600):
        assert gate.screen(msg("CANDIDATE", "rogue", candidate(f"dc_{n}", big)), n) == "drop"
    assert gate.dropped == 600 and gate.entries == {}


def test_candidates_are_bounded_per_connection():
    gate = Gate(accept_offers=True)
    gate.screen(msg("OFFER", "g-1", offer("dc_1")), 0)
    assert gate.screen(msg("CANDIDATE", "g-1", candidate("dc_1", "c" * (MAX_CANDIDATE_CHARS + 1))),
                       1) == "drop"
    verdicts = [gate.screen(msg("CANDIDATE", "g-1", candidate("dc_1")), 2)
                for _ in range(MAX_CANDIDATES + 5)]
    assert verdicts.count("pass") == MAX_CANDIDATES - 1  # the oversize one counted too


def test_an_offer_flood_from_one_source_holds_two_places_and_the_room_stays_open():
    """600 OFFERs with fake connection ids in 12 s. One signalling id gets at most
    two connections on their way in; a newcomer and a returning player still get in."""
    gate = Gate(accept_offers=True)
    gate.screen(msg("OFFER", "ann", offer("dc_ann")), 0)
    gate.joined("ann/dc_ann")
    passed, closed = 0, []
    for n in range(600):
        now = n * 20
        passed += gate.screen(msg("OFFER", "rogue", offer(f"dc_{n}")), now) == "pass"
        if now % 500 == 0:  # the adapter's tick closes what expired
            closed += gate.expire(now)
        assert len(gate.pending()) <= 2 * MAX_PENDING_PER_SOURCE  # expired, not closed yet
    assert passed <= MAX_PENDING_PER_SOURCE * (600 * 20 // JOIN_DEADLINE_MS + 1)
    assert len(closed) >= passed - MAX_PENDING_PER_SOURCE
    now = 600 * 20
    assert gate.screen(msg("OFFER", "bo", offer("dc_bo")), now) == "pass"  # a newcomer
    assert gate.screen(msg("OFFER", "ann", offer("dc_ann2")), now) == "pass"  # Ann re-dials


def test_a_flood_from_many_sources_cannot_lock_returning_players_out():
    gate = Gate(accept_offers=True)
    players = [f"p{n}" for n in range(RESERVED_PENDING)]
    for p in players:
        gate.screen(msg("OFFER", p, offer("dc_0")), 0)
        gate.joined(f"{p}/dc_0")
    strangers = [gate.screen(msg("OFFER", f"rogue{n}", offer("dc_x")), 100) for n in range(50)]
    assert strangers.count("pass") == MAX_PENDING
    # every player's page re-dials at once (e.g. after a network blip): all get in
    assert all(gate.screen(msg("OFFER", p, offer("dc_1")), 200) == "pass" for p in players)
    assert gate.screen(msg("OFFER", "rogue99", offer("dc_x")), 300) == "drop"


def test_waiting_connections_expire_and_free_their_places():
    gate = Gate(accept_offers=True)
    for n in range(MAX_PENDING):
        assert gate.screen(msg("OFFER", f"r{n}", offer()), 0) == "pass"
    assert gate.screen(msg("OFFER", "late", offer()), JOIN_DEADLINE_MS) == "drop"
    # past the deadline they no longer count, even before the adapter's tick closed them
    assert gate.screen(msg("OFFER", "late", offer()), JOIN_DEADLINE_MS + 1) == "pass"
    expired = gate.expire(JOIN_DEADLINE_MS + 1)
    assert sorted(expired) == sorted(f"r{n}/dc_a1" for n in range(MAX_PENDING))
    assert gate.pending() == ["late/dc_a1"] and gate.expire(JOIN_DEADLINE_MS + 2) == []
    gate.closed("late/dc_a1")
    assert gate.entries == {}


def test_a_joined_connection_never_expires_and_repeated_offers_are_dropped():
    gate = Gate(accept_offers=True)
    gate.screen(msg("OFFER", "g", offer("dc_1")), 0)
    gate.joined("g/dc_1")
    assert gate.expire(10 * JOIN_DEADLINE_MS) == []
    assert gate.screen(msg("OFFER", "g", offer("dc_1")), 1) == "drop"  # same connection again


def test_a_guest_takes_no_offer_and_only_its_own_connections_signalling():
    gate = Gate(accept_offers=False)
    assert gate.screen(msg("OFFER", "uomaha-abcd234", offer()), 0) == "drop"
    gate.dialled("uomaha-abcd234/dc_me", 0)
    answer = {"connectionId": "dc_me", "type": "data", "sdp": {"type": "answer", "sdp": "v=0"}}
    assert gate.screen(msg("ANSWER", "uomaha-abcd234", answer), 1) == "pass"
    assert gate.screen(msg("ANSWER", "uomaha-abcd234", {"connectionId": "dc_me"}), 1) == "drop"
    assert gate.screen(msg("CANDIDATE", "uomaha-abcd234", candidate("dc_me")), 1) == "pass"
    assert gate.screen(msg("CANDIDATE", "uomaha-abcd234", candidate("dc_other")), 1) == "drop"
    assert gate.screen(msg("ANSWER", "rogue", {"connectionId": "dc_me"}), 1) == "drop"
    assert gate.expire(10 * JOIN_DEADLINE_MS) == []  # its own dials are not the gate's to cut


# --- what PeerJS is handed of a message that passed -------------------------------------------


def test_a_passing_offer_keeps_only_its_known_fields():
    """A padded offer that passes the gate: PeerJS is handed a copy with only the fields it
    reads (it keeps an offer's payload while the connection waits: 20 MB of padding was held
    12 s), every one bounded."""
    pad = "x" * 1_000_000
    padded = offer("dc_pad", padding=pad, browser=pad, extra={"deep": [pad]})
    message = {**msg("OFFER", "g-1", padded), "pad": pad, "dst": "uomaha-abcd234"}
    gate = Gate(accept_offers=True)
    assert gate.screen(message, 0) == "pass"
    kept = kept_message(message)
    assert kept is not None
    assert set(kept) == {"type", "src", "payload"}
    assert set(kept["payload"]) == {"type", "connectionId", "serialization", "reliable",
                                    "label", "metadata", "sdp"}
    assert set(kept["payload"]["sdp"]) == {"type", "sdp"}
    assert len(json.dumps(kept)) <= MAX_SDP_CHARS + 300
    assert pad not in json.dumps(kept)
    # what PeerJS needs is all there, unchanged
    assert kept["payload"]["sdp"] == padded["sdp"]
    assert kept["payload"]["serialization"] == "raw" and kept["payload"]["reliable"] is True


def test_passing_candidates_and_answers_keep_only_their_known_fields():
    pad = "y" * 500_000
    host = Gate(accept_offers=True)
    host.screen(msg("OFFER", "g-1", offer("dc_1")), 0)
    ice = candidate("dc_1")
    ice["candidate"] = {**ice["candidate"], "usernameFragment": "abcd", "pad": pad}
    message = msg("CANDIDATE", "g-1", {**ice, "pad": pad})
    assert host.screen(message, 1) == "pass"
    kept = kept_message(message)
    assert kept is not None and pad not in json.dumps(kept)
    assert kept["payload"]["candidate"] == {
        "candidate": ice["candidate"]["candidate"], "sdpMid": "0", "sdpMLineIndex": 0,
        "usernameFragment": "abcd"}
    # a candidate's other fields are bounded as its text is
    for bad in ({"sdpMid": pad}, {"usernameFragment": pad}, {"sdpMLineIndex": 10**9}):
        big = candidate("dc_1")
        big["candidate"] = {**big["candidate"], **bad}
        assert host.screen(msg("CANDIDATE", "g-1", big), 2) == "drop", bad
    guest = Gate(accept_offers=False)
    guest.dialled("uomaha-abcd234/dc_2", 0)
    answer = {"connectionId": "dc_2", "type": "data", "pad": pad,
              "sdp": {"type": "answer", "sdp": "v=0\r\n", "pad": pad}}
    message = msg("ANSWER", "uomaha-abcd234", answer)
    assert guest.screen(message, 1) == "pass"
    kept = kept_message(message)
    assert kept is not None and pad not in json.dumps(kept)
    assert kept["payload"]["sdp"] == {"type": "answer", "sdp": "v=0\r\n"}
    huge = {**answer, "sdp": {"type": "answer", "sdp": "v" * (MAX_SDP_CHARS + 1)}}
    assert guest.screen(msg("ANSWER", "uomaha-abcd234", huge), 2) == "drop"
    # the signalling server's own messages pass as they are; a peer's LEAVE keeps its sender
    assert kept_message({"type": "OPEN", "payload": {"x": 1}}) is None
    assert kept_message({"type": "LEAVE", "src": "g-1", "pad": pad}) == {
        "type": "LEAVE", "src": "g-1"}

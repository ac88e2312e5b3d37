"""Who is who: the host proves its key before a guest says anything that matters, a seat is
taken back by a signature over a fresh challenge (never a token), the handshake is bound to
the connection it travels on (a relay seats nobody), and a squatted successor code stops the
succession for everyone alike (nobody else is elected, least of all the squatter)."""

from __future__ import annotations

import json

import pytest
from games.registry import ultimate_omaha
from room.client import ClientStatus, GuestClient
from room.codes import NOBODY_GRACE_MS, SUCCESSION_AFTER_MS, next_code, successor
from room.events import Close, Connected, Disconnected, Received, Send
from room.host import LOCAL_PEER, HostRoom
from room.identity import Identity, key_of
from room.local import HostSession
from room.messages import Hello, parse_request
from roomkit import GUEST_ID, challenge, hello, signed_join
from test_room_game_harness import Table
from testing.memory import TICK_MS, MemoryNetwork

CODE = "ABCD234"
HOST = "host-token-abcdefghij"
BOB = "bob-token-abcdefghijk"
ROGUE = "rogue-token-abcdefghi"


def room_with_bob() -> tuple[HostRoom, GuestClient, list[str]]:
    """A room hosted by HOST's key with Bob seated on connection g1; returns Bob's sent texts."""
    room = HostRoom(CODE, 0, host_token=HOST)
    host = GuestClient("Hana", HOST, CODE, room.key)
    run(room, LOCAL_PEER, host)
    bob = GuestClient("Bob", BOB, CODE, room.key)
    sent = run(room, "g1", bob)
    assert bob.status is ClientStatus.IN_ROOM and bob.you == "p2"
    return room, bob, sent


def run(room: HostRoom, peer: str, client: GuestClient, now: int = 0) -> list[str]:
    """Connect ``client`` as ``peer`` and deliver both ways until quiet; what it sent."""
    room.handle(Connected(peer))
    sent: list[str] = []
    queue = client.hello(now, peer)
    while queue:
        text = queue.pop(0)
        sent.append(text)
        for out in room.handle(Received(peer, text)):
            if isinstance(out, Send) and out.peer == peer:
                queue += client.receive(out.text, now)
    return sent


def to_host(room: HostRoom, peer: str, text: str) -> list[dict]:
    return [json.loads(o.text) for o in room.handle(Received(peer, text))
            if isinstance(o, Send) and o.peer == peer]


# --- the host proves itself ------------------------------------------------------------------


def test_a_squatter_with_another_key_gets_nothing_but_a_hello():
    real = Identity.from_token(HOST).key
    bob = GuestClient("Bob", BOB, CODE, real)
    squatter = HostRoom(CODE, 0, host_token=ROGUE)  # holds the room's id, not its key
    sent = run(squatter, "bob", bob)
    assert bob.status is ClientStatus.UNVERIFIED and bob.unverified == "wrong_key"
    assert [parse_request(t).TYPE for t in sent] == ["hello"]
    assert all(BOB not in t and bob.key not in t for t in sent)
    assert squatter.seats == {}
    # it says nothing more on that connection, whatever arrives
    assert bob.tick(10_000) == [] and bob.tick(20_000) == []
    fake_view = {"v": 1, "type": "view", "seq": 1, "view": {"room": CODE, "you": "p2"}}
    assert bob.receive(json.dumps(fake_view), 30_000) == [] and bob.view is None
    bob.transport_closed()
    assert bob.status is ClientStatus.UNVERIFIED  # the page re-dials; a new hello starts over


def test_a_recorded_genuine_challenge_does_not_fool_a_guest():
    room, _, _ = room_with_bob()
    room.handle(Connected("spy"))
    g, _h = hello(room, "spy")  # the squatter once asked the real host (before squatting)
    recorded = next(o.text for o in room.handle(Received("spy", Hello(g).to_wire())))
    cy = GuestClient("Cy", "cy-token-abcdefghijkl", CODE, room.key)
    cy.hello(0, "cy")
    assert cy.receive(recorded, 0) == []  # the real key, but not over Cy's fresh nonce
    assert cy.status is ClientStatus.UNVERIFIED and cy.unverified == "bad_signature"


def test_a_challenge_signed_for_another_room_is_refused():
    cy = GuestClient("Cy", "cy-token-abcdefghijkl", CODE, key_of(HOST))
    (text,) = cy.hello(0, GUEST_ID)
    assert cy.receive(challenge(text, HOST, CODE, sign_code="ZZZZ234"), 0) == []
    assert cy.unverified == "bad_signature"


def test_trust_on_first_use_pins_the_key_and_the_join_is_useless_elsewhere():
    squatter = HostRoom(CODE, 0, host_token=ROGUE)
    cy = GuestClient("Cy", "cy-token-abcdefghijkl", CODE)  # typed the code: nothing to check
    sent = run(squatter, "cy", cy)
    assert cy.status is ClientStatus.IN_ROOM and cy.host_key == squatter.key  # pinned
    join = next(t for t in sent if parse_request(t).TYPE == "join")
    assert "cy-token" not in join
    # the squatter replays Cy's join against the real room: refused, with or without hello
    room, _, _ = room_with_bob()
    room.handle(Connected("rogue"))
    assert [m["code"] for m in to_host(room, "rogue", join)] == ["join/no_challenge"]
    hello(room, "rogue")
    renamed = join.replace('"caller":"cy"', '"caller":"rogue"')  # as if signed on its own
    assert [m["code"] for m in to_host(room, "rogue", renamed)] == ["join/bad_signature"]
    assert [m["code"] for m in to_host(room, "rogue", join)] == ["join/relayed"]
    assert [s.name for s in room.seats.values()] == ["Hana", "Bob"]


# --- the handshake is bound to its connection ------------------------------------------------


def relay(room: HostRoom, client: GuestClient, me: str, relay_id: str) -> tuple[list, list]:
    """A stranger between ``client`` (who dialled from ``me`` and reached the stranger) and the
    real ``room`` (which the stranger dialled from ``relay_id``): every text passes through
    unchanged. Returns (what the client sent, what the room answered the relay)."""
    room.handle(Connected("relay-conn", caller=relay_id))
    sent: list[str] = []
    answered: list[dict] = []
    queue = client.hello(0, me)
    while queue:
        text = queue.pop(0)
        sent.append(text)
        for out in room.handle(Received("relay-conn", text)):
            if isinstance(out, Send) and out.peer == "relay-conn":
                answered.append(json.loads(out.text))
                queue += client.receive(out.text, 0)
    return sent, answered


def test_a_relayed_handshake_seats_nobody_and_the_guest_is_told_it_was_relayed():
    room, bob, _ = room_with_bob()
    room.handle(Disconnected("g1"))  # Bob's page lost the host (a reload) and re-dials...
    bob.transport_closed()
    # ...reaching a stranger at the room's address, who dials the real host itself
    sent, answered = relay(room, bob, "bob-peer-id", "relay-peer-id")
    assert bob.status is ClientStatus.UNVERIFIED and bob.unverified == "relayed"
    assert [parse_request(t).TYPE for t in sent] == ["hello"]  # no join reaches the relay
    assert [m["type"] for m in answered] == ["challenge"]
    assert answered[0]["caller"] == "relay-peer-id"  # whom the host says it answers
    assert room.seat_of_peer("relay-conn") is None and room.seats["p2"].peer is None
    # on his own connection Bob is back in his seat
    run(room, "g1-again", bob)
    assert bob.status is ClientStatus.IN_ROOM and room.seats["p2"].peer == "g1-again"


def test_a_join_signed_on_another_connection_is_refused_as_relayed():
    room, _bob, _ = room_with_bob()
    room.handle(Connected("relay-conn", caller="relay-peer-id"))
    g, h = hello(room, "relay-conn")
    # what a client that did not check the caller would sign: its own connection's ids
    passed_on = signed_join(room, BOB, "Bob", g, h, "bob-peer-id")
    outs = room.handle(Received("relay-conn", passed_on.to_wire()))
    replies = [json.loads(o.text) for o in outs if isinstance(o, Send)]
    assert [(m["type"], m["code"]) for m in replies] == [("rejected", "join/relayed")]
    assert "bob-peer-id" in replies[0]["detail"] and "relay-peer-id" in replies[0]["detail"]
    assert any(isinstance(o, Close) and o.peer == "relay-conn" for o in outs)
    assert room.seat_of_peer("relay-conn") is None and room.seats["p2"].peer == "g1"


def test_an_honest_handshake_names_the_connections_caller_and_passes():
    room, _, _ = room_with_bob()
    cy = GuestClient("Cy", "cy-token-abcdefghijkl", CODE, room.key)
    room.handle(Connected("conn-7", caller="cy-peer-id"))
    queue, seen = cy.hello(0, "cy-peer-id"), []
    while queue:
        for out in room.handle(Received("conn-7", queue.pop(0))):
            if isinstance(out, Send) and out.peer == "conn-7":
                seen.append(json.loads(out.text))
                queue += cy.receive(out.text, 0)
    assert seen[0]["type"] == "challenge" and seen[0]["caller"] == "cy-peer-id"
    assert cy.status is ClientStatus.IN_ROOM and room.seat_of_peer("conn-7") is not None
    assert json.loads(cy._join_text or "{}")["caller"] == "cy-peer-id"


# --- the guest proves its seat ---------------------------------------------------------------


def test_a_replayed_join_is_refused_and_the_seat_stays_put():
    room, _bob, sent = room_with_bob()
    join = next(t for t in sent if parse_request(t).TYPE == "join")
    room.handle(Connected("thief"))
    hello(room, "thief")
    renamed = join.replace('"caller":"g1"', '"caller":"thief"')
    assert [m["code"] for m in to_host(room, "thief", renamed)] == ["join/bad_signature"]
    assert [m["code"] for m in to_host(room, "thief", join)] == ["join/relayed"]
    assert room.seat_of_peer("thief") is None and room.seats["p2"].peer == "g1"


@pytest.mark.parametrize("where", ["code", "host_key"])
def test_a_join_signed_for_another_room_or_host_key_is_refused(where):
    room, _, _ = room_with_bob()
    room.handle(Connected("g2"))
    g, h = hello(room, "g2")
    other = {"code": {"code": "ZZZZ234"}, "host_key": {"host_key": key_of(ROGUE)}}[where]
    join = signed_join(room, "cy-token-abcdefghijkl", "Cy", g, h, "g2", **other)
    assert [m["code"] for m in to_host(room, "g2", join.to_wire())] == ["join/bad_signature"]
    assert room.seat_of_peer("g2") is None
    good = signed_join(room, "cy-token-abcdefghijkl", "Cy", g, h, "g2")
    assert [m["type"] for m in to_host(room, "g2", good.to_wire())][:1] == ["welcome"]


def test_a_public_key_alone_takes_no_seat():
    room, bob, _ = room_with_bob()
    room.handle(Connected("thief"))
    g, h = hello(room, "thief")
    forged = signed_join(room, ROGUE, "Bob", g, h, "thief")  # signed by the rogue's own key...
    text = forged.to_wire().replace(forged.key, bob.key)  # ...claiming Bob's public key
    assert [m["code"] for m in to_host(room, "thief", text)] == ["join/bad_signature"]
    assert room.seats["p2"].peer == "g1"


def test_a_hello_retry_gets_the_same_challenge_a_new_nonce_a_new_one():
    room = HostRoom(CODE, 0, host_token=HOST)
    room.handle(Connected("g1"))
    first = hello(room, "g1", "01" * 16)
    assert hello(room, "g1", "01" * 16) == first
    second = hello(room, "g1", "02" * 16)
    assert second[1] != first[1]
    stale = signed_join(room, BOB, "Bob", *first, "g1")  # for the challenge that was replaced
    assert [m["code"] for m in to_host(room, "g1", stale.to_wire())] == ["join/bad_signature"]
    room.handle(Disconnected("g1"))
    room.handle(Connected("g1"))
    fresh = signed_join(room, BOB, "Bob", *second, "g1")  # a new connection: a new handshake
    assert [m["code"] for m in to_host(room, "g1", fresh.to_wire())] == ["join/no_challenge"]


def test_rejoin_by_key_on_a_new_connection():
    room, bob, _ = room_with_bob()
    room.handle(Disconnected("g1"))
    bob.transport_closed()
    run(room, "g1-again", bob, 100)
    assert bob.status is ClientStatus.IN_ROOM and bob.you == "p2"
    assert room.seats["p2"].peer == "g1-again" and len(room.seats) == 2


def test_the_host_seat_needs_the_rooms_own_key():
    room = HostRoom(CODE, 0, host_token=HOST)
    impostor = GuestClient("Hana", ROGUE, CODE)  # trusts the room's key, but is not its host
    run(room, LOCAL_PEER, impostor)
    assert impostor.last_error["code"] == "join/bad_key" and room.seats == {}


def test_the_token_never_travels_and_views_carry_public_keys():
    table = Table()
    table.host("Ann")
    table.guest("Bob")
    table.net.reload_host()
    tokens = [c.token for c in table.clients.values()]
    for texts in table.net.delivered.values():
        assert not any(t in text for t in tokens for text in texts)
    view = table.view("Bob")
    assert [p["key"] for p in view["players"]] == [table.clients[n].key for n in ("Ann", "Bob")]


# --- succession: the successor proves itself, a squatted code stops it -------------------------


NAMES = ["Ann", "Bob", "Cy", "Dee"]


def four_at_a_table() -> tuple[Table, int]:
    """Ann hosts Bob, Cy and Dee; a hand is played; then Ann's page is gone for 30 s."""
    table = Table(fair=True)
    table.host("Ann")
    for name in NAMES[1:]:
        table.guest(name)
    table.send("Ann", table.clients["Ann"].start_game())
    for action in ("double", "check"):
        for name in NAMES:
            table.act(name, action)
    for name in NAMES[1:]:
        table.net.open.discard(table.peers[name])
        table.clients[name].transport_closed()
    now = table.net.now_ms
    while now < table.net.now_ms + SUCCESSION_AFTER_MS:
        now += TICK_MS
        for name in NAMES[1:]:
            table.clients[name].tick(now)
    return table, now


def test_the_elected_player_is_the_first_candidate_whatever_time_passes():
    table, now = four_at_a_table()
    view = table.view("Cy")
    secret = view["succession_secret"]
    assert successor(view, next_code(secret, "p2")) == ("p2", table.clients["Bob"].key)
    bob, cy, dee = (table.clients[n] for n in NAMES[1:])
    x = next_code(secret, "p2")
    for later in (0, 30_000, 60_000, 600_000):  # no turn ever passes to the next candidate
        assert bob.succession(now + later) == ("host", x)
        assert cy.succession(now + later) == dee.succession(now + later) == ("join", x)


def test_blocking_the_earlier_codes_stops_the_succession_and_never_elects_the_blocker():
    table, now = four_at_a_table()
    bob, cy, dee = (table.clients[n] for n in NAMES[1:])
    secret = cy.view["succession_secret"]
    x, y, z = (next_code(secret, pid) for pid in ("p2", "p3", "p4"))
    # Dee (seated, elected last) worked out Bob's and Cy's codes and holds both with rooms
    # of her own key, waiting for the host to go.
    squats = {code: MemoryNetwork(code=code, now_ms=now, host_token="dee-token-abcdefghijk")
              for code in (x, y)}
    # Bob is elected and finds his id taken: the succession stops, he stays the one elected.
    assert bob.succession(now) == ("host", x)
    assert bob.block(x, "taken") and bob.blocked == "taken"
    # Cy and Dee go to X: the peer there cannot prove Bob's key; the succession stops.
    for name, client in (("Cy", cy), ("Dee", dee)):
        assert client.succession(now) == ("join", x)
        client.move_to(x, now)
        squats[x].connect(f"to-x-{name}", client)
        assert client.status is ClientStatus.UNVERIFIED and client.unverified == "wrong_key"
        assert client.block(x, "impostor") and client.blocked == "impostor"
    assert not cy.block("ZZZZ234", "impostor")  # not a successor's code: nothing changes
    # However long it lasts, nobody goes to Cy's code, let alone Dee's: nobody follows Dee.
    for later in range(0, 600_000, 5_000):
        for client in (bob, cy, dee):
            decision = client.succession(now + later)
            assert decision is not None and decision[1] == x, decision
    assert squats[y].delivered == {} and all(
        json.loads(t)["type"] == "challenge" for t in squats[x].delivered.get("to-x-Cy", []))
    assert z not in {c.room for c in (bob, cy, dee)}


def test_nobody_at_the_successor_code_is_said_after_the_grace_and_nobody_else_is_elected():
    table, now = four_at_a_table()
    cy = table.clients["Cy"]
    _kind, x = cy.succession(now)
    cy.move_to(x, now)
    assert cy.host_key == table.clients["Bob"].key  # Bob must prove the key he had
    assert not cy.overdue(x, now + NOBODY_GRACE_MS - 1)
    assert cy.overdue(x, now + NOBODY_GRACE_MS)
    assert cy.block(x, "nobody") and cy.blocked == "nobody"
    assert cy.succession(now + 10 * NOBODY_GRACE_MS) == ("join", x)


def test_the_elected_player_opens_late_and_everyone_still_meets_there():
    table, now = four_at_a_table()
    bob, cy, dee = (table.clients[n] for n in NAMES[1:])
    settled = {p["id"]: p["balance_cents"] for p in cy.view["players"]}
    x = next_code(cy.view["succession_secret"], "p2")
    for client in (cy, dee):
        client.move_to(x, now)
        client.block(x, "nobody")  # Bob's page was slow: they said so, and kept trying
    later = now + 5 * NOBODY_GRACE_MS
    assert bob.succession(later) == ("host", x)
    session = HostSession.from_succession(bob, later, ultimate_omaha())
    assert session.room.key == bob.key
    net = MemoryNetwork(code=x, now_ms=later)
    net.host = session.room
    net.connect(LOCAL_PEER, bob)
    for name, client in (("Cy", cy), ("Dee", dee)):
        net.connect(f"new-{name}", client)
        assert client.status is ClientStatus.IN_ROOM and client.room == x, name
    assert {c.you for c in (bob, cy, dee)} == {"p2", "p3", "p4"}  # their own seats
    assert {p["id"]: p["balance_cents"] for p in dee.view["players"]} == {
        pid: settled[pid] for pid in ("p2", "p3", "p4")}


def test_the_successor_reclaims_seats_by_key_only():
    table, now = four_at_a_table()
    cy = table.clients["Cy"]
    room = HostRoom.from_succession(cy.view, cy.token, now)
    assert room.key == cy.key
    bob_key = table.clients["Bob"].key
    room.handle(Connected("thief"))
    g, h = hello(room, "thief")
    forged = signed_join(room, ROGUE, "Bob", g, h, "thief")
    text = forged.to_wire().replace(forged.key, bob_key)  # Bob's public key from the view
    assert [m["code"] for m in to_host(room, "thief", text)] == ["join/bad_signature"]
    outs = to_host(room, "thief", signed_join(room, ROGUE, "Bob", g, h, "thief").to_wire())
    assert outs[0] == {"v": 1, "type": "welcome", "you": "p5", "room": room.code}
    bob = table.clients["Bob"]
    bob.move_to(room.code, now)
    run(room, "bob", bob, now)
    assert bob.you == "p2" and room.seats["p2"].name == "Bob"
    assert room.seats["p5"].name != "Bob"  # the newcomer could not pass for Bob


# --- a player's own signalling id ----------------------------------------------------------------


def test_a_players_signalling_id_is_stable_per_token_one_way_and_a_valid_peerjs_id():
    import hashlib

    from room.gate import _SOURCE
    from room.identity import PEER_ID_RE, signalling_id

    ids = {t: signalling_id(t) for t in (BOB, ROGUE, HOST)}
    assert ids[BOB] == signalling_id(BOB) and len(set(ids.values())) == 3
    for token, sid in ids.items():
        assert token not in sid and token.lower() not in sid
        assert sid != hashlib.sha256(token.encode()).hexdigest()[:32]  # domain-separated
        assert PEER_ID_RE.fullmatch(sid) and _SOURCE.fullmatch(sid)
        assert sid.startswith("uomaha-g-") and sid.count("-") == 2  # never a room's id
        assert sid != Identity.from_token(token).key

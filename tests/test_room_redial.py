"""The guest's re-dial and succession policy (room.redial) on in-memory networks: first visits,
a host that reloads or vanishes, the elected player's room, squatters and silent strangers,
on clean and on lossy, reordering networks."""

from __future__ import annotations

import pytest
from room.client import ClientStatus
from room.codes import NOBODY_GRACE_MS, SUCCESSION_AFTER_MS, next_code
from room.redial import (
    ATTEMPT_MS,
    CONNECT_TIMEOUT_MS,
    RETRY_MS,
    Dial,
    End,
    HangUp,
    Heard,
    Host,
    LinkClosed,
    NodeReady,
    NotThere,
    Pin,
    Redial,
    RedialPhase,
    Say,
    TimePassed,
)
from testing.redialing import MemoryGuest, Switchboard

CODE = "ABCD234"


def room_of_four(**faults: float) -> tuple[Switchboard, dict[str, MemoryGuest]]:
    """Ann hosts; Bob, Cy and Dee are seated through their pages (the network's faults, if
    any, on the room's guests)."""
    board = Switchboard(faults=faults)
    board.open_room("Ann", CODE)
    pages = {name: board.guest(name, CODE) for name in ("Bob", "Cy", "Dee")}
    board.advance(3_000)
    assert all(p.redial.phase is RedialPhase.SEATED for p in pages.values())
    return board, pages


def dials(page: MemoryGuest) -> list[str]:
    return [c.code for c in page.commands if isinstance(c, Dial)]


# --- first visits ---------------------------------------------------------------------------


def test_a_first_visit_is_seated_and_pins_the_key_its_host_proved():
    board = Switchboard()
    net = board.open_room("Ann", CODE)
    bob = board.guest("Bob", CODE, key=None)  # a code typed by hand: trust on first use
    assert bob.redial.phase is RedialPhase.SEATED and bob.client.you == "p2"
    assert bob.commands == [Dial(CODE), Pin(CODE, net.host.key)]


def test_nobody_at_the_code_ends_the_visit_after_the_rooms_it_may_have_become():
    board = Switchboard()
    assert board.guest("Bob", CODE).ended() == "not_found"
    net = board.open_room("Bo", "XYZW234")
    cy = board.guest("Cy", CODE, moved_rooms=[("QRST234", net.host.key),
                                              ("XYZW234", net.host.key)])
    assert dials(cy) == [CODE, "QRST234", "XYZW234"]
    assert cy.said() == ["looking", "looking", "found_moved"]
    assert cy.redial.phase is RedialPhase.SEATED and cy.client.room == "XYZW234"
    assert cy.redial.first_code == CODE


def test_a_dial_that_never_opens_ends_as_unreachable_after_the_deadline():
    board = Switchboard()
    client = board.guest("Bob", CODE, start=False).client
    redial = Redial(client, CODE)
    assert redial.handle(TimePassed(CONNECT_TIMEOUT_MS * 5)) == []  # not dialled yet: no deadline
    start = 1_000
    assert redial.handle(NodeReady(start)) == [Dial(CODE)]
    assert redial.handle(TimePassed(start + CONNECT_TIMEOUT_MS - 1)) == []
    assert redial.handle(TimePassed(start + CONNECT_TIMEOUT_MS)) == [End("unreachable")]
    assert redial.handle(TimePassed(start + 10 * CONNECT_TIMEOUT_MS)) == []  # over: says nothing


def test_a_first_visit_that_meets_a_stranger_at_the_address_ends_there():
    board = Switchboard()
    real = board.open_room("Ann", CODE)
    key = real.host.key
    board.vanish(CODE)
    board.open_room("Eve", CODE, host_token="eve-token-abcdefghijk")
    bob = board.guest("Bob", CODE, key=key)
    assert bob.client.status is ClientStatus.UNVERIFIED
    assert bob.commands[-2:] == [HangUp(), End("impostor")]


def test_a_link_lost_before_ever_being_seated_ends_the_visit():
    board = Switchboard()
    board.open_room("Ann", CODE)
    bob = board.guest("Bob", CODE, start=False)
    redial = bob.redial
    redial.handle(NodeReady(0))
    bob.client.hello(0, "bob-1")
    assert redial.handle(LinkClosed(10)) == [End("lost")]


# --- the same room again ----------------------------------------------------------------------


def test_a_host_that_reloads_gets_its_guests_back_in_their_seats():
    board, pages = room_of_four()
    net = board.rooms[CODE]
    snapshot = net.host.snapshot()
    board.vanish(CODE)
    for page in pages.values():
        assert page.redial.phase is RedialPhase.REDIALING
        assert page.said()[-1] == "reconnecting"
    board.advance(RETRY_MS // 2)  # the first re-dial after a second: nobody there yet
    assert all(dials(p)[-1] == CODE for p in pages.values())
    from room.host import HostRoom

    net.host = HostRoom.restore(snapshot, board.now_ms, board.factory)
    net.open.clear()
    net.clients.clear()
    net.now_ms = board.now_ms
    ann = net.join_host("Ann")
    assert ann.you is None or ann.status is not ClientStatus.REJECTED
    board.register(net)
    board.advance(2 * RETRY_MS)
    for name, page in pages.items():
        assert page.redial.phase is RedialPhase.SEATED, name
        assert page.said()[-1] == "back"
    assert {p.client.you for p in pages.values()} == {"p2", "p3", "p4"}


def test_re_dials_come_every_retry_and_wait_for_a_dial_still_negotiating():
    board, pages = room_of_four()
    bob = pages["Bob"]
    board.silent.add(CODE)  # the address answers no dial (the channel never opens)
    board.vanish(CODE)
    start = board.now_ms
    board.advance(RETRY_MS // 2 - 500)
    assert len(dials(bob)) == 1  # the first re-dial waits half a retry
    board.advance(500)
    assert len(dials(bob)) == 2  # the first visit's, then the first re-dial
    board.advance(ATTEMPT_MS - RETRY_MS // 2)
    assert len(dials(bob)) == 2  # still negotiating: not dropped before ATTEMPT_MS
    board.advance(RETRY_MS)
    assert len(dials(bob)) == 3
    assert board.now_ms - start < SUCCESSION_AFTER_MS


def test_a_stranger_that_takes_the_call_and_says_nothing_is_hung_up_on():
    board, pages = room_of_four()
    board.vanish(CODE)
    board.mute.add(CODE)  # someone at the address takes calls and never proves anything
    board.advance(10_000)
    bob = pages["Bob"]
    assert "impostor" in bob.said() and HangUp() in bob.commands
    assert bob.redial.phase is RedialPhase.REDIALING and bob.ended() is None


# --- the host gone for good -------------------------------------------------------------------


@pytest.mark.parametrize("faults", [{}, {"drop": 0.2, "duplicate": 0.1, "reorder": 0.3}])
def test_the_host_gone_for_good_the_elected_player_hosts_and_the_others_follow(faults):
    board, pages = room_of_four(**faults)
    secret = pages["Cy"].client.view["succession_secret"]
    x = next_code(secret, "p2")
    board.vanish(CODE)
    board.advance(SUCCESSION_AFTER_MS - 1_000)
    assert all(p.redial.phase is RedialPhase.REDIALING for p in pages.values())
    board.advance(2_000 + 6 * RETRY_MS)
    bob, cy, dee = pages["Bob"], pages["Cy"], pages["Dee"]
    assert Host(x) in bob.commands and bob.redial.phase is RedialPhase.HOSTING
    for page in (cy, dee):
        assert Pin(x) in page.commands and Say("following", code=x) in page.commands
        assert page.redial.phase is RedialPhase.SEATED and page.client.room == x
        assert page.said()[-1] == "moved"
        assert set(dials(page)) == {CODE, x}  # nobody else's room, ever
    assert {p.client.you for p in pages.values()} == {"p2", "p3", "p4"}
    assert board.rooms[x].host.key == bob.client.key
    if faults:  # the knobs bit, in the old room and in the new one
        assert board.rooms[x].faults["dropped"] and board.rooms[x].faults["reordered"]


def test_a_stranger_at_the_successor_code_stops_the_succession_for_good():
    board, pages = room_of_four()
    bob, cy, dee = pages["Bob"], pages["Cy"], pages["Dee"]
    x = next_code(cy.client.view["succession_secret"], "p2")
    y = next_code(cy.client.view["succession_secret"], "p3")
    board.open_room("Eve", x, host_token="dee-token-abcdefghijk")  # squats Bob's code
    board.vanish(CODE)
    board.advance(SUCCESSION_AFTER_MS + 20 * RETRY_MS)
    assert bob.client.blocked == "taken"  # its page could not register its room
    for page in (cy, dee):
        assert page.client.blocked == "impostor"
        assert any(isinstance(c, Say) and c.news == "blocked" and c.code == x
                   for c in page.commands)
        assert set(dials(page)) == {CODE, x} and y not in dials(page)
        assert dials(page)[-3:] == [x, x, x]  # and it keeps trying that one room
        assert page.redial.phase is RedialPhase.MOVING and page.ended() is None


def test_nobody_at_the_successor_code_is_said_after_the_grace_and_the_late_host_is_met():
    board, pages = room_of_four()
    bob, cy, dee = pages["Bob"], pages["Cy"], pages["Dee"]
    board.pages.remove(bob)  # Bob's page is slow: it has not opened his room yet
    x = next_code(cy.client.view["succession_secret"], "p2")
    board.vanish(CODE)
    board.advance(SUCCESSION_AFTER_MS + NOBODY_GRACE_MS - 2_000)
    assert cy.client.blocked is None
    board.advance(3_000)
    for page in (cy, dee):
        assert page.client.blocked == "nobody" and "blocked" in page.said()
    board.pages.append(bob)
    bob.client.tick(board.now_ms)
    board.advance(1_000)  # Bob's page ticks again: elected, it hosts
    assert Host(x) in bob.commands
    board.advance(3 * RETRY_MS)
    for page in (cy, dee):
        assert page.redial.phase is RedialPhase.SEATED and page.client.room == x


def test_a_closed_room_is_not_followed_anywhere():
    board, pages = room_of_four()
    net = board.rooms[CODE]
    from room.host import LOCAL_PEER

    net.send(LOCAL_PEER, net.clients[LOCAL_PEER].leave())
    board.advance(SUCCESSION_AFTER_MS * 2)
    for page in pages.values():
        assert page.client.status is ClientStatus.CLOSED
        assert not any(isinstance(c, Host) or c == Say("following") for c in page.commands)
        assert len(dials(page)) == 1


def test_events_after_the_end_are_ignored():
    board = Switchboard()
    bob = board.guest("Bob", CODE)
    assert bob.ended() == "not_found"
    for event in (TimePassed(10**6), Heard(10**6), LinkClosed(10**6), NotThere(10**6)):
        assert bob.redial.handle(event) == []

"""One seat component for every game (web.seating): where seats sit on the oval, and what each
game's seat says — checked against real views of an Ultimate Omaha room and a Hold'em table."""

from __future__ import annotations

import doctest

from games.registry import ultimate_omaha
from room.local import HostSession
from rules.money import format_money
from test_web_poker import table
from web import pokertext as pt
from web import seating


def test_doctests():
    result = doctest.testmod(seating)
    assert result.attempted > 0 and result.failed == 0


def test_seat_spots_put_the_viewer_at_the_bottom_and_nobody_on_top_of_another():
    for n in range(2, 11):
        seats = list(range(n))
        for mine in (None, *seats):
            spots = seating.seat_spots(seats, mine)
            assert len(set(spots.values())) == n
            bottom = max(spots, key=lambda s: spots[s][1])
            assert bottom == (mine if mine is not None else 0)
            assert all(5 <= x <= 95 and 5 <= y <= 95 for x, y in spots.values())


def test_an_ultimate_seat_says_balance_stake_and_acted_but_never_the_choice():
    s = HostSession("ABCD234", "Ann", "a" * 16, 0, game_factory=ultimate_omaha())
    s.open(0)
    s.request(s.client.start_game())
    view = s.client.view
    game = view["game"]
    seat = game["seats"][0]
    before = seating.ultimate_face(seat, view["you"], view["host"], game["phase"])
    assert before.you and before.name == "Ann"
    assert [b.text for b in before.badges] == ["host", "you"]
    assert [(f.label, f.value) for f in before.money] == [
        ("Balance", format_money(seat["balance_cents"])),
        ("Stake", format_money(seat["stake_cents"]))]
    assert before.data["acted"] == "no" and [m.spoken for m in before.marks] == ["not acted yet"]
    s.request(s.client.act("double"))
    seat = s.client.view["game"]["seats"][0]
    after = seating.ultimate_face(seat, view["you"], view["host"], "flop")
    assert after.data["inHand"] == "yes" and not after.dim
    assert "double" not in repr(after).lower()
    done = seating.ultimate_face(seat, view["you"], view["host"], "results")
    assert "acted" not in done.data and done.marks == ()  # the showdown has no ✓ to wait for


def test_a_poker_seat_shows_the_engine_view_stack_bet_marks_and_turn():
    game = table("holdem", seed=3)
    for viewer in ("p1", "p2", "p3"):
        view = game.view_for(viewer)
        marks = pt.blind_marks(view)
        turn = view["turn"]["seat"]
        faces = [seating.poker_face(s, viewer, "p1", s["seat"] == view["button"],
                                    marks.get(s["seat"]), s["seat"] == turn)
                 for s in view["seats"]]
        assert sum(f.you for f in faces) == 1
        assert [f.money[0].value for f in faces] == [pt.chips(s["stack"]) for s in view["seats"]]
        assert sorted(int(f.bet) for f in faces if f.bet) == sorted(
            s["bet"] for s in view["seats"] if s["bet"])
        assert sum(m.text == "D" for f in faces for m in f.marks) == 1
        assert sorted(m.text for f in faces for m in f.marks if m.text != "D") == ["BB", "SB"]
        assert [f.data["turn"] for f in faces].count("yes") == 1
        assert all(f.hooks["seat"] == "pk-seat" for f in faces)
        for f, s in zip(faces, view["seats"], strict=True):
            assert f.cards == tuple(s["cards"])  # what the view shows, no more

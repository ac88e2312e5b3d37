"""The poker host panel's decisions (web.hosttext), against real views of the room and the
table-game session."""

from __future__ import annotations

import doctest

import pytest
from test_room_table_games import passive
from test_room_table_host import cash
from web import hosttext as ht


def test_doctests():
    result = doctest.testmod(ht)
    assert result.attempted > 0 and result.failed == 0


def test_only_the_host_sees_the_panel_and_only_at_a_table_game():
    table = cash()
    assert ht.panel(table.clients["Ann"].view, True).shown
    assert not ht.panel(table.clients["Bob"].view, False).shown
    lobby = dict(table.clients["Ann"].view, phase="lobby")
    assert not ht.panel(lobby, True).shown


def test_the_panel_follows_the_view_pause_bomb_pot_stacks_and_next_game():
    table = cash(big_blind=10, small_blind=5)
    ann = table.clients["Ann"]
    p = ht.panel(ann.view, True)
    assert not p.stacks_editable and p.stacks_note == "Stacks are edited between hands."
    assert p.bomb_allowed and p.bomb_default == 10 and p.bomb_called is None
    table.play(passive)
    table.send("Ann", ann.table("pause"))
    table.send("Ann", ann.table("bomb_pot", 30))
    table.send("Ann", ann.set_game("omaha", {"chip_cents": 2}))
    p = ht.panel(ann.view, True)
    assert p.paused and p.pause_label == "Resume" and p.stacks_editable
    assert p.bomb_called == 30
    assert "paused" in p.status and "30 chips" in p.status
    c = ht.change(ann.view, True)
    assert c.shown and c.game_id == "holdem" and c.next_game == "omaha"
    assert c.status == "Pot-Limit Omaha from the next hand."
    assert "Pot-Limit Omaha" not in p.status  # said once, on the change-of-game card
    assert {pid for pid, _, _ in p.players} == {"p1", "p2", "p3"}


def test_the_change_of_game_is_offered_at_every_games_table_to_the_host_only():
    """Ultimate Omaha's table has no host panel of the table games, but the host changes its
    game there too (the room takes it: room.host's change of game)."""
    table = cash()
    ann = table.clients["Ann"]
    table.play(passive)
    table.send("Ann", ann.set_game("ultimate", {}))
    table.send("Ann", ann.next_hand())
    assert ann.view["game"]["game"] == "ultimate"
    assert not ht.panel(ann.view, True).shown  # the table games' controls: not here
    c = ht.change(ann.view, True)
    assert c.shown and c.game_id == "ultimate" and c.next_game is None and c.status == ""
    assert not ht.change(table.clients["Bob"].view, False).shown
    table.send("Ann", ann.set_game("holdem", {"chip_cents": 2}))
    c = ht.change(ann.view, True)
    assert c.next_game == "holdem" and c.status == "Texas Hold'em from the next hand."


def test_no_bomb_pot_button_in_draw_and_no_stack_edit_in_a_tournament():
    table = cash("draw")
    assert not ht.panel(table.clients["Ann"].view, True).bomb_allowed
    table = cash(mode="tournament")
    p = ht.panel(table.clients["Ann"].view, True)
    assert not p.stacks_editable and "tournament" in p.stacks_note


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("1,250", 1250), (" 40 ", 40)])
def test_read_chips(text, value):
    assert ht.read_chips(text, 0, 10_000) == (value, None)

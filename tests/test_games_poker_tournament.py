"""Tournaments through the session: equal stacks, levels by hands and minutes, pause,
eliminations and the winner, late arrivals watching."""

from __future__ import annotations

import random

import pytest
from games.poker import PokerGame
from poker_shapes import Ask, Player, Settings, Tab
from room.errors import RoomError
from rules.cards import FULL_DECK


def tourney(n: int = 3, **game) -> PokerGame:
    rng = random.Random(5)

    def deck():
        d = list(FULL_DECK)
        rng.shuffle(d)
        return d

    g = PokerGame(deck_source=deck, game=game.pop("game", "holdem"))
    g.configure(Settings(game={"mode": "tournament", **game}))
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(n)], 0)
    return g


def act(g: PokerGame, action: str, amount=None) -> None:
    (pid,) = g.to_act()
    g.handle_action(pid, Ask(action, g.seq, amount))


def test_everyone_starts_with_the_same_stack_and_no_buy_ins():
    g = tourney(3, starting_stack=800)
    with pytest.raises(RoomError) as e:
        g.handle_table("p0", Tab("buy_in", 100))
    assert e.value.code == "table/not_cash"
    g.next_hand()
    assert [s["hand_start"] for s in g.view_for("p0")["seats"]] == [800, 800, 800]
    assert g.chips_on_table() == 2400 and set(g.balances().values()) == {0}


def test_blinds_rise_by_hands_and_the_view_warns_a_hand_ahead():
    g = tourney(2, level_by="hands", level_length=2)
    seen = []
    for _ in range(5):
        g.next_hand()
        t = g.view_for("p0")["tournament"]
        seen.append((g.played.config.blinds, t["up_next_hand"]))
        act(g, "fold")
    assert seen == [((5, 10), False), ((5, 10), True), ((7, 15), False), ((7, 15), True),
                    ((10, 20), False)]


def test_blinds_rise_by_minutes_the_running_hand_keeps_its_own_and_pause_stops_the_clock():
    g = tourney(2, level_by="minutes", level_length=1)
    g.next_hand()
    g.tick(61_000)
    assert g.view_for("p1")["tournament"]["up_next_hand"] is True
    assert g.played.config.blinds == (5, 10)
    act(g, "fold")
    g.handle_table("p0", Tab("pause"))
    with pytest.raises(RoomError):
        g.handle_table("p1", Tab("bounce"))  # not a table request
    g.tick(500_000)
    with pytest.raises(RoomError) as refused:  # a paused table deals no hand
        g.next_hand()
    assert refused.value.code == "game/paused" and not g.hand_running
    g.handle_table("p0", Tab("resume"))
    g.next_hand()
    assert g.played.config.blinds == (7, 15)
    act(g, "fold")
    g.tick(500_000 + 58_000)  # 61 s before the pause + 58 s: 119 s of play
    g.next_hand()
    assert g.played.config.blinds == (7, 15)
    act(g, "fold")
    g.tick(500_000 + 60_000)
    g.next_hand()
    assert g.played.config.blinds == (10, 20)


def test_eliminations_rank_by_order_and_the_last_player_wins():
    g = tourney(3, starting_stack=100)
    while g.standings is None or g.standings.winner is None:
        g.next_hand()
        while g.hand_running:
            view = g.view_for(next(iter(g.to_act())))
            act(g, "allin" if view["legal"]["all_in_to"] is not None else "call")
    t = g.view_for("p0")["tournament"]
    order = [row["id"] for row in t["finishing_order"]]
    assert sorted(order) == ["p0", "p1", "p2"] and t["winner"] == order[0]
    assert t["finishing_order"][0]["place"] == 1
    assert g.stack_of(order[0]) == 300
    with pytest.raises(RoomError) as e:
        g.next_hand()
    assert e.value.code == "game/over"
    assert g.view_for("p1")["seats"][int(order[-1][1])]["state"] == "eliminated"


def test_late_arrivals_watch_and_leavers_are_blinded_and_folded():
    g = tourney(3, starting_stack=1000)
    g.next_hand()
    g.set_players([Player("p0", "P0", is_host=True), Player("p1", "P1"), Player("late", "L")],
                  1000)
    assert "late" not in g.seating and "late" in g.watchers
    assert "p2" in g.seating  # keeps the seat
    while g.hand_running:
        g.tick(g.now + 60_000)
        if g.hand_running and "p2" not in g.to_act():
            act(g, "fold")
    g.next_hand()
    assert g.played.dealt_in("p2")


def test_a_sitting_out_tournament_player_is_dealt_in_and_folded_at_once():
    g = tourney(3)
    g.handle_table("p0", Tab("sit_out"))
    g.next_hand()
    assert g.played.dealt_in("p0")
    assert "p0" not in g.to_act()
    assert g.view_for("p1")["seats"][0]["state"] == "folded"


def test_a_bomb_pot_tournament_deals_short_stacks_in_all_in_and_plays_to_a_winner():
    """static/rules/table-games.md, Bomb pot: in a tournament a stack below the bomb ante posts
    all it has. Here the ante (120) is above every starting stack (100): with short stacks left
    out, no hand could ever be dealt; dealt in all in, the first hand decides the tournament."""
    g = tourney(3, game="bomb-double", starting_stack=100, ante=120, level_by="hands")
    g.next_hand()
    assert g.played is not None and g.played.config.dealt_in == (True, True, True)
    hand = g.played.hand
    assert hand.is_over and sum(hand.stacks) == 300  # everyone all in: no decision left
    assert g.chips_on_table() == 300 and g.standings is not None
    winners = [s["id"] for s in g.view_for("p0")["seats"] if s["stack"] > 0]
    # all three were all in for 100: one takes the main pot (maybe split), the rest are out
    assert 1 <= len(winners) <= 3
    if len(winners) == 1:
        assert g.standings.winner == winners[0]

"""The host's table controls, session level (``games.poker.hostctl``): pause, a bomb pot
called for the next hand, a stack edited between hands. Every refusal changes nothing; chips
and cents are conserved."""

from __future__ import annotations

import json

import pytest
from games.poker import PokerGame
from poker_shapes import Tab
from room.errors import RoomError
from rules.poker import Game
from test_games_poker_session import act, table


def state(g: PokerGame) -> str:
    return json.dumps(g.snapshot(), sort_keys=True)


def chips_conserved(g: PokerGame) -> None:
    assert g.chips_on_table() == g.book.chips_in()


def fold_out(g: PokerGame) -> None:
    while g.hand_running:
        legal = g.played.hand.legal()
        act(g, "check" if legal.can_check else "fold")


# --- pause ------------------------------------------------------------------------------------


def test_a_paused_cash_table_deals_no_hand_by_hand_or_auto_deal_until_resumed():
    g = table(3)
    g.auto_deal = True
    g.next_hand()
    g.handle_table("p0", Tab("pause"))
    assert g.hand_running and g.view_for("p1")["paused"] is True  # the hand goes on
    fold_out(g)
    with pytest.raises(RoomError) as refused:
        g.next_hand()
    assert refused.value.code == "game/paused"
    assert g.tick(10**6) is False and not g.hand_running and g.hand_no == 1
    g.handle_table("p0", Tab("pause"))  # twice is harmless
    g.handle_table("p0", Tab("resume"))
    assert g.view_for("p1")["paused"] is False
    g.tick(10**6 + 10_000)
    assert g.hand_running and g.hand_no == 2


# --- bomb pot next hand -----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo"])
def test_a_called_bomb_pot_deals_one_double_board_plo_hand_then_the_game_goes_on(game):
    g = table(3, game=game, betting="fixed-limit" if game == "omaha-hilo" else "auto",
              big_blind=10, small_blind=5)
    g.handle_table("p0", Tab("bomb_pot", 30))
    assert g.view_for("p2")["bomb_next"] == 30
    g.next_hand()
    c = g.played.config
    assert (c.game, c.betting.value, c.ante, c.blinds) == (Game.BOMB_DOUBLE, "pot-limit", 30,
                                                            (5, 10))
    assert all(len(g.played.hand.hole[i]) == 4 for i in range(3))
    view = g.view_for("p1")
    assert view["hand_game"] == "bomb-double" and len(view["boards"]) == 2
    assert view["round"] == "flop" and view["bomb_next"] is None
    assert [s["stack"] for s in view["seats"]] == [970, 970, 970]
    assert view["pots"][0]["amount"] == 90
    fold_out(g)
    chips_conserved(g)
    assert sum(g.book.balances().values()) == 0
    g.next_hand()
    assert g.played.config.game is Game.parse(game) and g.view_for("p1")["hand_game"] == game


def test_a_bomb_pot_without_an_amount_antes_one_big_blind_and_deals_a_short_stack_out():
    g = table(3, big_blind=20, small_blind=10, min_buy_in_bb=1)
    g.seating.by_id["p2"].stack = 15  # below one big blind (the books follow)
    g.book.cashed["p2"] += 985
    g.handle_table("p0", Tab("bomb_pot"))
    assert g.view_for("p0")["bomb_next"] == 20
    g.next_hand()
    assert g.played.config.ante == 20 and g.played.config.dealt_in == (True, True, False)
    assert g.stack_of("p2") == 15
    fold_out(g)
    chips_conserved(g)


def test_bomb_pot_refusals_and_calling_it_off_change_nothing():
    for game in ("bomb-double", "draw"):
        g = table(3, game=game)
        before = state(g)
        with pytest.raises(RoomError) as refused:
            g.handle_table("p0", Tab("bomb_pot"))
        assert refused.value.code == "table/no_bomb_pot" and state(g) == before
    g = table(3)
    before = state(g)
    for amount, code in ((0, "table/bad_amount"), (10**8, "table/bad_amount")):
        with pytest.raises(RoomError) as refused:
            g.handle_table("p0", Tab("bomb_pot", amount))
        assert refused.value.code == code and state(g) == before
    with pytest.raises(RoomError) as refused:
        g.handle_table("p0", Tab("bomb_pot_off"))
    assert refused.value.code == "table/no_bomb_pot" and state(g) == before
    g.handle_table("p0", Tab("bomb_pot", 40))
    g.handle_table("p0", Tab("bomb_pot_off"))
    g.next_hand()
    assert g.played.config.game is Game.HOLDEM


def test_a_called_bomb_pot_survives_a_reload_and_a_void_deal():
    g = table(3)
    g.handle_table("p0", Tab("bomb_pot", 25))
    again = PokerGame(deck_source=g._deck_source)
    again.restore(g.snapshot(), 0)
    assert again.bomb_next == 25 and again.view_for("p1")["bomb_next"] == 25
    # a fair deal that nobody answers is void: the bomb pot waits for the next deal
    fair = table(3, deck=None)
    fair._deck_source, fair.fair_mode = None, True
    fair.handle_table("p0", Tab("bomb_pot", 25))
    fair.next_hand()
    assert fair.is_dealing() and fair.view_for("p1")["bomb_next"] == 25
    fair.tick(10**7)
    assert not fair.is_dealing() and fair.played is None and fair.bomb_next == 25


# --- edit a stack -----------------------------------------------------------------------------


def test_a_stack_edit_between_hands_is_booked_as_a_buy_in_or_cash_out_and_moves_no_money():
    g = table(3, chip_cents=5)
    g.next_hand()
    fold_out(g)
    cents = dict(g.book.balances())
    g.handle_table("p0", Tab("set_stack", 1500, "p1"))
    g.handle_table("p0", Tab("set_stack", 200, "p2"))
    assert (g.stack_of("p1"), g.stack_of("p2")) == (1500, 200)
    assert g.book.balances() == cents and sum(cents.values()) == 0  # no money moved
    chips_conserved(g)
    row = {r["id"]: r for r in g.view_for("p0")["ledger"]["rows"]}
    assert row["p1"]["edited"] > 0 > row["p2"]["edited"] and "edited" not in row["p0"]
    g.next_hand()
    fold_out(g)
    chips_conserved(g)
    assert sum(g.book.balances().values()) == 0


@pytest.mark.parametrize(
    ("who", "chips", "code"),
    [("p7", 500, "table/not_seated"), (None, 500, "msg/bad_field"), ("p1", None, "msg/bad_field"),
     ("p1", -1, "table/bad_amount"), ("p1", 10**8, "table/bad_amount"),
     ("p1", 1000, "table/bad_amount")],
)
def test_stack_edit_refusals_change_nothing(who, chips, code):
    g = table(3)
    before = state(g)
    with pytest.raises(RoomError) as refused:
        g.handle_table("p0", Tab("set_stack", chips, who))
    assert refused.value.code == code and state(g) == before


def test_no_stack_edit_in_a_hand_or_in_a_tournament():
    g = table(3)
    g.next_hand()
    before = state(g)
    with pytest.raises(RoomError) as refused:
        g.handle_table("p0", Tab("set_stack", 500, "p1"))
    assert refused.value.code == "table/hand_running" and state(g) == before
    t = table(3, buy=0, mode="tournament")
    t.next_hand()
    fold_out(t)
    before = state(t)
    with pytest.raises(RoomError) as refused:
        t.handle_table("p0", Tab("set_stack", 500, "p1"))
    assert refused.value.code == "table/not_cash" and state(t) == before

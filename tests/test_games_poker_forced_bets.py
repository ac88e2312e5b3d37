"""Every table game starts with forced bets that make a pot: 5-card draw posts a default ante
(one small blind) when the host sets none, and a draw table with the ante set to 0 (no blind,
no ante: a hand played for nothing) is refused at the ante field, at Start and on a change
of game."""

from __future__ import annotations

import pytest
from games.poker import PokerGame
from games.poker.settings import parse_settings
from room.errors import RoomError
from room.game import PlayerInfo, TableRequest, TableSettings
from rules.poker import Game
from web import gameform as gf
from web import hosttext as ht


def draw_table(game: dict, n: int = 3) -> PokerGame:
    g = PokerGame(deck_source=lambda: list(range(52)), game="draw")
    g.configure(TableSettings(10_000, 0, False, game))
    g.set_players([PlayerInfo(f"p{i}", f"P{i}", True, is_host=i == 0) for i in range(n)], 0)
    for i in range(n if game.get("mode") != "tournament" else 0):
        g.handle_table(f"p{i}", TableRequest("buy_in", 1000))
    return g


def test_draw_with_no_ante_set_posts_one_small_blind_each_and_the_pot_is_not_empty():
    s = parse_settings({"small_blind": 5, "big_blind": 10}, Game.DRAW)
    assert s.ante == 5 and s.as_dict()["ante"] == 5  # what the host's screen shows
    g = draw_table({})
    g.next_hand()
    assert g.played is not None
    hand = g.played.hand
    assert hand.pot_total() + sum(hand.bets) == 3 * 5  # three antes of one small blind
    assert g.chips_on_table() == 3000


def test_the_default_ante_follows_the_small_blind_and_a_set_ante_is_kept():
    assert parse_settings({"small_blind": 25, "big_blind": 50}, Game.DRAW).ante == 25
    assert parse_settings({"ante": 3}, Game.DRAW).ante == 3


def test_the_blind_games_keep_no_ante_by_default():
    for game in (Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO):
        assert parse_settings({}, game).ante == 0


def test_a_draw_table_with_no_forced_bet_is_refused_at_the_ante_field():
    with pytest.raises(RoomError) as err:
        parse_settings({"ante": 0}, Game.DRAW)
    assert err.value.code == "settings/ante"
    assert "ante" in err.value.detail and "no blinds" in err.value.detail
    assert gf.field_of(err.value.code, err.value.detail) == "ante"


def test_the_lobby_sends_a_typed_ante_of_0_so_the_game_can_refuse_it():
    settings, errors = gf.parse_form("draw", {"ante": "0", "mode": "cash"})
    assert errors == {} and settings.get("ante") == 0


def test_a_draw_tournament_antes_at_every_level():
    g = draw_table({"mode": "tournament", "small_blind": 10, "big_blind": 20}, n=2)
    assert all(level.ante >= 10 for level in g.levels)


def test_a_change_of_game_from_a_blinds_table_to_draw_keeps_a_pot():
    # a Hold'em table whose host left the ante at none: the change keeps its blinds
    body = ht.change_settings({"small_blind": 10, "big_blind": 20, "ante": 0}, "draw")
    assert parse_settings(body, Game.DRAW).ante == 10

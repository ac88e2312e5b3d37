"""The host may set blinds at 5-card draw ("Draw is played with antes and no blinds unless the
host sets blinds", ``static/rules/table-games.md``): the ``forced_bets`` setting (antes, the
default; blinds; both), played by the session, shown to guests, written as PokerStars does,
and a table with neither blinds nor an ante still refused."""

from __future__ import annotations

import json

import pytest
from games.poker import PokerGame
from games.poker.settings import parse_settings
from games.pokerstars import pokerstars_text
from poker_shapes import Ask, Player, Settings, Tab
from room.errors import RoomError
from rules.cards import FULL_DECK
from rules.poker import Game
from web import gameform as gf
from web import pokertext as pt


def draw_table(n: int = 3, **game) -> PokerGame:
    g = PokerGame(deck_source=lambda: list(FULL_DECK), game="draw")
    g.configure(Settings(timer_ms=0, grace_ms=10_000, game=game))
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(n)], 0)
    for i in range(n):
        g.handle_table(f"p{i}", Tab("buy_in", 1000))
    return g


def act(g: PokerGame, action: str, amount=None) -> str:
    (pid,) = g.to_act()
    g.handle_action(pid, Ask(action, g.seq, amount, ()))
    return pid


def posts(g: PokerGame) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["kind"], e["amount"]) for e in g.view_for("p0")["log"]
            if e["type"] == "post"]


def test_draw_still_antes_by_default():
    s = parse_settings({}, Game.DRAW)
    assert not s.posts_blinds and s.ante == s.small_blind
    g = draw_table()
    g.next_hand()
    assert {kind for _, kind, _ in posts(g)} == {"ante"}


def test_the_host_picks_blinds_at_draw_and_the_hand_posts_them_as_in_holdem():
    s = parse_settings({"forced_bets": "blinds"}, Game.DRAW)
    assert s.posts_blinds and s.ante == 0
    g = draw_table(forced_bets="blinds")
    g.next_hand()  # button seat 0
    assert posts(g) == [(1, "small blind", 5), (2, "big blind", 10)]
    assert g.to_act() == {"p0"}  # left of the big blind
    view = g.view_for("p0")
    assert view["posts_blinds"] is True and view["ante"] == 0
    assert view["legal"]["call"] == 10 and not view["legal"]["can_check"]
    assert pt.stakes_line(view).startswith("Blinds 5/10")
    act(g, "call")
    act(g, "call")
    act(g, "check")  # the big blind's option
    assert g.to_act() == {"p1"}  # the draw starts left of the button
    for _ in range(3):
        act(g, "draw")
    assert g.to_act() == {"p1"}  # and so does the round after it
    assert g.chips_on_table() == 3000


def test_blinds_and_antes_together():
    assert parse_settings({"forced_bets": "both"}, Game.DRAW).ante == 5  # one small blind
    g = draw_table(forced_bets="both", ante=2)
    g.next_hand()
    assert posts(g) == [(1, "ante", 2), (2, "ante", 2), (0, "ante", 2),
                        (1, "small blind", 5), (2, "big blind", 10)]


def test_neither_blinds_nor_an_ante_is_refused():
    for forced in ("antes", "both"):
        with pytest.raises(RoomError) as err:
            parse_settings({"forced_bets": forced, "ante": 0}, Game.DRAW)
        assert err.value.code == "settings/ante" and "choose blinds" in err.value.detail
    with pytest.raises(RoomError) as err:  # blinds only takes no ante: say so, drop nothing
        parse_settings({"forced_bets": "blinds", "ante": 5}, Game.DRAW)
    assert err.value.code == "settings/ante" and "blinds and antes" in err.value.detail
    with pytest.raises(RoomError) as err:
        parse_settings({"forced_bets": "straddle"}, Game.DRAW)
    assert gf.field_of(err.value.code, err.value.detail) == "forced_bets"


def test_the_other_games_keep_their_own_forced_bets():
    assert parse_settings({"forced_bets": "antes"}, Game.HOLDEM).posts_blinds
    assert not parse_settings({"forced_bets": "blinds"}, Game.BOMB_DOUBLE).posts_blinds


def test_a_newcomer_waits_for_the_big_blind_at_draw_with_blinds_not_with_antes():
    for forced, waits in (("blinds", True), ("antes", False)):
        g = draw_table(4, forced_bets=forced)
        g.next_hand()
        while g.hand_running:
            act(g, "fold")
        g.set_players([Player(f"p{i}", f"P{i}") for i in range(5)], 0)
        g.handle_table("p4", Tab("buy_in", 1000))
        assert (g.view_for("p4")["seats"][4]["state"] == "waiting") is waits


def test_a_running_tournament_keeps_its_forced_bets():
    from games.poker.settings import check_change
    old = parse_settings({"mode": "tournament"}, Game.DRAW)
    new = parse_settings({"mode": "tournament", "forced_bets": "both"}, Game.DRAW)
    with pytest.raises(RoomError) as err:
        check_change(old, new, started=True, tournament_running=True)
    assert err.value.code == "settings/locked"


def test_the_lobby_form_offers_forced_bets_at_draw_only_and_says_them_to_guests():
    assert "forced_bets" in {f.setting.name for f in gf.shown_fields("draw", "cash")}
    assert "forced_bets" not in {f.setting.name for f in gf.shown_fields("holdem", "cash")}
    settings, errors = gf.parse_form("draw", {"forced_bets": "blinds", "mode": "cash"})
    assert errors == {} and settings["forced_bets"] == "blinds"
    assert gf.parse_form("holdem", {"forced_bets": "blinds"})[0].get("forced_bets") is None
    lines = gf.summary("draw", {"forced_bets": "blinds", "ante": 0})
    assert "Forced bets: Blinds (as in Hold'em)" in lines and "Ante: none" in lines
    assert "Forced bets: Antes" in gf.summary("draw", {})


def test_a_draw_hand_with_blinds_is_written_as_pokerstars_writes_5_card_draw():
    g = draw_table(forced_bets="blinds")
    g.next_hand()
    act(g, "raise", 30)
    act(g, "fold")
    act(g, "call")
    act(g, "draw")
    act(g, "draw")
    act(g, "check")
    act(g, "check")
    record = g.view_for("p0")["results"]
    text = pokerstars_text(record).splitlines()
    assert "5 Card Draw No Limit (5/10)" in text[0]
    assert text[5:8] == ["P1: posts small blind 5", "P2: posts big blind 10",
                         "*** DEALING HANDS ***"]
    assert "P0: raises 20 to 30" in text and "P1: folds" in text and "P2: calls 20" in text
    assert any(line.startswith("Seat 2: P1 (small blind) folded before the Draw")
               for line in text)


def test_a_reload_mid_hand_keeps_the_blinds_of_a_draw_hand():
    g = draw_table(forced_bets="blinds")
    g.next_hand()
    act(g, "call")
    fresh = PokerGame(deck_source=lambda: list(FULL_DECK), game="draw")
    fresh.restore(json.loads(json.dumps(g.snapshot())), 1_000)
    assert fresh.played is not None and fresh.played.config.draw_blinds
    assert fresh.to_act() == g.to_act() == {"p1"}
    assert fresh.view_for("p1")["legal"]["call"] == 5

"""The table's home-game card in words (``web.picktext``), against real views of a
dealer's-choice table: only the button gets the picker, the games it lists are those the
view offers (numbered as the session reads a ``pick_game``), and the line says who picks and
the default; the straddle box shows only where the table plays the straddle."""

from __future__ import annotations

from games.poker.extras import PICK_GAMES
from poker_shapes import Tab
from test_games_poker_session import act, table
from web import picktext


def finished_hand(**settings):
    g = table(3, dealers_choice=True, **settings)
    g.next_hand()
    while g.hand_running:
        act(g, "fold")
    return g


def test_the_web_numbers_the_games_as_the_session_reads_them():
    assert picktext.PICK_GAMES == PICK_GAMES


def test_only_the_button_gets_the_picker_with_the_games_offered():
    g = finished_hand(dc_triple_draw=False, timer_ms=5_000)
    picker = g.view_for("p0")["pick"]["picker"]
    assert picker == "p1"
    mine = picktext.pick_card(g.view_for("p1"), "p1")
    assert mine is not None and mine.mine
    names = [name for _, name in mine.options]
    assert names[0] == "Texas Hold'em" and "2-7 Triple Draw" not in names
    assert mine.selected == PICK_GAMES.index("holdem")  # the default, until picked
    assert mine.line.startswith("Your pick: the game of hand 2. Texas Hold'em if you do not")
    other = picktext.pick_card(g.view_for("p2"), "p2")
    assert other is not None and not other.mine
    assert other.line == "P1 is picking the game of hand 2: 15 seconds left."
    for number, _ in mine.options:  # every game offered is one the session takes
        again = finished_hand(dc_triple_draw=False, timer_ms=5_000)
        assert again.handle_table("p1", Tab("pick_game", number)) is True


def test_the_pick_is_announced_to_the_picker_once_and_to_all_when_made():
    g = finished_hand()
    opened = g.view_for("p1")
    assert picktext.pick_news(None, opened, "p1") == [picktext.pick_card(opened, "p1").line]
    assert picktext.pick_news(opened, opened, "p1") == []  # said once
    assert picktext.pick_news(None, g.view_for("p2"), "p2") == []
    before = g.view_for("p2")
    g.handle_table("p1", Tab("pick_game", PICK_GAMES.index("omaha")))
    assert picktext.pick_news(before, g.view_for("p2"), "p2") == [
        "P1 picked Pot-Limit Omaha for hand 2."]
    card = picktext.pick_card(g.view_for("p1"), "p1")
    assert card.selected == PICK_GAMES.index("omaha")


def test_no_picker_without_dealers_choice_and_the_straddle_box_follows_the_table():
    plain = table(3)
    plain.next_hand()
    while plain.hand_running:
        act(plain, "fold")
    assert picktext.pick_card(plain.view_for("p1"), "p1") is None
    assert picktext.straddle_offer(plain.view_for("p1")) is None
    g = table(3, straddle=True)
    assert picktext.straddle_offer(g.view_for("p1")) is False
    g.handle_table("p1", Tab("straddle_on"))
    assert picktext.straddle_offer(g.view_for("p1")) is True
    assert picktext.straddle_offer(g.view_for("p2")) is False


def test_with_the_turn_timer_off_the_pick_line_names_no_seconds():
    g = finished_hand()
    assert picktext.pick_card(g.view_for("p1"), "p1").line == (
        "Your pick: the game of hand 2. Texas Hold'em if you do not pick before the host "
        "deals.")
    assert picktext.pick_card(g.view_for("p2"), "p2").line == (
        "P1 is picking the game of hand 2.")

"""The Stats panel's words and chart (web.statstext) on hands played through the real session:
what the page writes, pinned by hand from the hands in ``tests/test_games_stats.py``."""

from __future__ import annotations

from games.stats import Book, Tally, net_over_time, player_stats
from test_games_stats import night
from web import statstext


def test_the_chart_and_its_words_follow_the_running_total():
    _, filed = night()
    points = net_over_time(filed["p1"], "p1", Book.CHIPS)
    shape = statstext.chart(points, 300, 100)
    # totals 0 (before), 100, 90, 95, 90: the top at 100, the bottom at 0
    assert (shape.line, shape.zero_y) == ("0,100 75,0 150,10 225,5 300,10", 100)
    assert statstext.chart_summary(points, Book.CHIPS) == (
        "Net over 4 hands: +90 chips. Highest +100 chips after hand 1; "
        "lowest +90 chips after hand 2.")


def test_a_players_lines_say_each_stat_in_words():
    _, filed = night()
    p1 = next(s for s in player_stats(filed["p1"], Book.CHIPS) if s.id == "p1")
    assert statstext.stat_lines(p1) == [
        ("Hands played", "4"),
        ("VPIP (put money in before the flop)", "67% (2 of 3)"),
        ("PFR (raised before the flop)", "33% (1 of 3)"),
        ("3-bet (raised a raise before the flop)", "50% (1 of 2)"),
        ("Saw the flop", "2"),
        ("Went to showdown", "50% (1 of 2)"),
        ("Won at showdown", "100% (1 of 1)"),
        ("Biggest pot won", "190 chips"),
        ("Net", "+90 chips"),
    ]
    assert statstext.books_held(Tally().hands(filed["p1"])) == [Book.CHIPS]
    assert statstext.book_now("ultimate", [Book.CHIPS]) is Book.CHIPS

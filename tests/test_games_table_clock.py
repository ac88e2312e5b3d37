"""The table games' clock: a time bank of 60 s by default after the room's 30 s decision
timer, the host's controls for timer, bank and auto-deal (lobby and table), and one low-time
warning rule for every game (10 s politely, 5 s assertively, once each per decision)."""

from __future__ import annotations

from games.poker import PokerGame
from games.poker.settings import SETTINGS, parse_settings
from room.game import PlayerInfo, TableRequest, TableSettings
from rules.poker import Game
from web import gameform as gf
from web import hosttext as ht
from web.timewarn import TimeWarnings


def test_a_table_game_has_a_60_second_time_bank_by_default():
    assert parse_settings({}, Game.HOLDEM).time_bank_s == 60
    g = PokerGame(deck_source=lambda: list(range(52)), game="holdem")
    g.configure(TableSettings(10_000, 30_000, False, {}))
    g.set_players([PlayerInfo(f"p{i}", f"P{i}", True, is_host=i == 0) for i in range(2)], 0)
    for i in range(2):
        g.handle_table(f"p{i}", TableRequest("buy_in", 1000))
    g.next_hand()
    turn = g.view_for(next(iter(g.to_act())))["turn"]
    assert turn["deadline_ms"] == 90_000 and turn["bank_ms"] == 60_000


def test_the_lobby_offers_the_time_bank_with_the_schema_default():
    schema = {s.name: s for s in SETTINGS}
    mine = gf.BY_NAME["time_bank_s"].setting
    assert (mine.default, mine.lo, mine.hi) == (schema["time_bank_s"].default,
                                                schema["time_bank_s"].lo,
                                                schema["time_bank_s"].hi)
    assert "time_bank_s" in {f.setting.name for f in gf.shown_fields("draw", "cash")}
    assert schema["time_bank_s"].default == ht.DEFAULT_BANK_S


def test_the_host_clock_shows_the_rooms_timer_and_auto_deal_and_the_tables_bank():
    view = {"game": {"game": "omaha"},
            "settings": {"timer_s": 45, "auto_deal": True, "game": {"time_bank_s": 120},
                         "next_game": None}}
    c = ht.clock(view)
    assert (c.timer_s, c.bank_s, c.auto_deal) == (45, 120, True)
    assert 45 in c.timers and 120 in c.banks and 0 in c.timers and 0 in c.banks
    assert all(t == 0 or 5 <= t <= 90 for t in ht.TIMER_CHOICES)  # a table game's range


def test_a_bank_change_keeps_the_table_settings_and_a_waiting_change_of_game():
    view = {"game": {"game": "holdem"},
            "settings": {"game": {"big_blind": 20}, "timer_s": 30,
                         "next_game": {"game_id": "draw", "game": {"ante": 2}}}}
    assert ht.bank_settings(view, 0) == ("draw", {"ante": 2, "time_bank_s": 0})


def test_guests_read_the_clock_on_the_game_card():
    line = gf.clock_line({"timer_s": 20, "auto_deal": False, "game": {"time_bank_s": 0}},
                         "draw")
    assert line == "Decision timer 20 seconds, no time bank; the host deals each hand."


def test_the_low_time_warning_is_said_at_10_then_assertively_at_5_once_each():
    w = TimeWarnings()
    said = []
    for left in range(20_000, -1, -500):  # a tick every half second
        got = w.due(("h1", 7), left, True, "then you fold automatically")
        if got is not None:
            said.append((got.text, got.assertive))
    assert said == [
        ("10 seconds left to choose; then you fold automatically.", False),
        ("5 seconds left to choose; then you fold automatically.", True)]


def test_a_warning_is_cleared_when_the_player_acted_and_said_again_next_decision():
    w = TimeWarnings()
    assert w.due(1, 4_000, True, "") is not None
    assert w.due(1, 3_500, False, "") is None and w.cleared() and not w.cleared()
    got = w.due(2, 4_000, True, "")
    assert got is not None and got.text.startswith("5 seconds")


def test_nobody_but_the_player_to_act_is_warned():
    w = TimeWarnings()
    assert all(w.due(1, left, False, "") is None for left in range(9_000, 0, -500))


def test_every_id_in_the_page_is_unique():
    """The host's clock controls sit beside the table's own countdown (``#pk-clock``): one id,
    one element, or a script (and a screen reader's label) finds the wrong one."""
    import re
    from collections import Counter
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "index.html").read_text()
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert [i for i, n in ids.items() if n > 1] == []

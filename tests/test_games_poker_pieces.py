"""The table-game session's pieces on their own: settings, seating and the button, the cash
book, the turn clock, the tournament schedule and standings, decks."""

from __future__ import annotations

import itertools

import pytest
from games.poker.cashbook import CashBook
from games.poker.clock import TurnClock
from games.poker.dealing import FixedStream
from games.poker.seating import Seating, big_blind_of, clockwise, deal_in, next_button
from games.poker.settings import (
    SETTINGS,
    LevelBy,
    Mode,
    check_change,
    check_timer,
    parse_settings,
)
from games.poker.tournament import LevelClock, Standings, schedule
from room.errors import RoomError
from rules.poker import Betting, Game

# --- settings ---------------------------------------------------------------------------


def test_defaults_follow_the_rules_file():
    s = parse_settings({})
    assert (s.game, s.betting, s.mode) == (Game.HOLDEM, Betting.NO_LIMIT, Mode.CASH)
    assert (s.min_buy_in_bb, s.buy_in_bb, s.max_buy_in_bb, s.chip_cents) == (40, 100, 250, 1)
    assert parse_settings({}, Game.OMAHA_HILO).betting is Betting.POT_LIMIT
    assert parse_settings({}, Game.DRAW).betting is Betting.NO_LIMIT
    assert parse_settings({}, Game.DRAW).max_seats == 7
    assert parse_settings({"big_blind": 20}, Game.BOMB_DOUBLE).hand_ante == 20
    assert "game" not in {s.name for s in SETTINGS}  # the registry entry fixes the game
    assert {s.name for s in SETTINGS} >= {"betting", "small_blind", "big_blind", "ante",
                                          "cap", "mode", "chip_cents", "starting_stack",
                                          "level_by", "level_length", "time_bank_s"}


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ({"game": "omaha"}, "settings/unknown"),
        ({"betting": "spread"}, "settings/bad_value"),
        ({"big_blind": 0}, "settings/bad_value"),
        ({"big_blind": 2.5}, "settings/bad_value"),
        ({"big_blind": True}, "settings/bad_value"),
        ({"small_blind": 20, "big_blind": 10}, "settings/small_blind"),
        ({"min_buy_in_bb": 120}, "settings/buy_in_bb"),
        ({"betting": "fixed-limit", "cap": 3}, "settings/cap"),
        ({"chip_cents": 0}, "settings/bad_value"),
        ({"colour": "red"}, "settings/unknown"),
        ({"level_by": "laps"}, "settings/bad_value"),
    ],
)
def test_bad_settings_are_refused_with_a_code(given, code):
    with pytest.raises(RoomError) as e:
        parse_settings(given)
    assert e.value.code == code


def test_timer_is_off_or_5_to_90_seconds():
    assert check_timer(0) == 0 and check_timer(5000) == 5000 and check_timer(90_000) == 90_000
    for bad in (1, 4999, 90_001, 600_000):
        with pytest.raises(RoomError) as e:
            check_timer(bad)
        assert e.value.code == "settings/timer"


def test_mode_and_chip_value_lock_once_play_began():
    a, b = parse_settings({}), parse_settings({"chip_cents": 5})
    check_change(a, b, started=False, tournament_running=False)
    with pytest.raises(RoomError) as e:
        check_change(a, b, started=True, tournament_running=False)
    assert e.value.code == "settings/locked"
    t1 = parse_settings({"mode": "tournament"})
    t2 = parse_settings({"mode": "tournament", "big_blind": 20})
    with pytest.raises(RoomError):
        check_change(t1, t2, started=True, tournament_running=True)
    check_change(a, parse_settings({"big_blind": 20}), started=True, tournament_running=False)


# --- seating and the button --------------------------------------------------------------


def test_button_moves_one_dealt_seat_clockwise_and_wraps():
    seats = [1, 4, 8]
    assert next_button(None, seats) == 1
    assert next_button(1, seats) == 4 and next_button(4, seats) == 8 and next_button(8, seats) == 1
    assert next_button(5, seats) == 8  # the last button's seat emptied: the next one on
    assert clockwise(seats, 8) == [1, 4, 8]


def test_big_blind_is_second_left_of_button_and_heads_up_the_other_seat():
    assert big_blind_of(1, [1, 4, 8]) == 8
    assert big_blind_of(8, [1, 4, 8]) == 4
    assert big_blind_of(4, [1, 4]) == 1


def test_newcomer_waits_until_the_big_blind_reaches_them():
    ready, waiting = [0, 2, 5], [3]
    button = 0
    joined_at = None
    for hand in range(6):
        button, dealt = deal_in(button, ready, waiting, posts_blinds=True, most=10)
        if 3 in dealt:
            joined_at = hand
            assert big_blind_of(button, dealt) == 3
            break
    assert joined_at is not None


def test_nobody_waits_when_fewer_than_two_are_ready_or_no_blinds_are_posted():
    assert deal_in(None, [0], [4, 6], posts_blinds=True, most=10) == (0, [0, 4, 6])
    assert deal_in(0, [0, 2], [1], posts_blinds=False, most=10)[1] == [0, 1, 2]
    with pytest.raises(ValueError):
        deal_in(None, [3], [], posts_blinds=True, most=10)


def test_a_draw_table_deals_at_most_seven_keeping_the_button():
    button, dealt = deal_in(None, list(range(10)), [], posts_blinds=False, most=7)
    assert len(dealt) == 7 and button in dealt


def test_seats_are_handed_out_lowest_first_and_kept():
    seating = Seating()
    a, b = seating.take("a"), seating.take("b")
    assert a is not None and b is not None and (a.seat, b.seat) == (0, 1)
    seating.leave("a")
    c = seating.take("c")
    assert c is not None and c.seat == 0 and seating.by_id["b"].seat == 1
    for i in range(8):
        assert seating.take(f"p{i}") is not None
    assert seating.take("late") is None


# --- cash book ----------------------------------------------------------------------------


def test_buy_in_range_and_rebuy_ceiling():
    CashBook.check_buy_in(0, 400, least=400, most=2500)
    CashBook.check_buy_in(2000, 500, least=400, most=2500)  # a top-up may be small
    for stack, chips in ((0, 399), (0, 2501), (2000, 501), (0, 0), (0, -5), (0, "100"),
                         (0, True), (0, None)):
        with pytest.raises(RoomError) as e:
            CashBook.check_buy_in(stack, chips, least=400, most=2500)
        assert e.value.code == "cash/buy_in"


def test_cents_follow_chips_at_the_chip_value_and_settle_up_is_the_ledgers():
    book = CashBook()
    for p in "abc":
        book.register(p, p.upper())
        book.buy(p, 1000)
    book.apply_hand({"a": 300, "b": -100, "c": -200}, chip_cents=5)
    assert book.balances() == {"a": 1500, "b": -500, "c": -1000}
    assert sum(book.balances().values()) == 0
    transfers = book.ledger.settle_up()
    assert sum(t.cents for t in transfers) == 1500 and all(t.payee == "a" for t in transfers)
    again = CashBook.from_state(book.to_state())
    assert again.balances() == book.balances() and again.bought == book.bought


# --- clock --------------------------------------------------------------------------------


def test_timer_then_bank_then_bank_is_charged_only_for_overtime():
    c = TurnClock(timer_ms=10_000, bank_ms=5_000, grace_ms=30_000)
    c.start_turn(0)
    assert c.deadline("a", None) == 15_000
    c.charge("a", 8_000)
    assert c.bank("a") == 5_000
    c.start_turn(8_000)
    c.charge("a", 21_000)  # 3 s over the timer
    assert c.bank("a") == 2_000 and c.bank("b") == 5_000
    c.start_turn(30_000)
    assert c.shown("a", 41_000) == {"timer_ms": 0, "bank_ms": 1_000}


def test_grace_counts_from_the_later_of_turn_start_and_drop_and_no_timer_means_no_deadline():
    c = TurnClock(timer_ms=0, grace_ms=10_000)
    c.start_turn(5_000)
    assert c.deadline("a", None) is None
    assert c.deadline("a", 1_000) == 15_000
    assert c.deadline("a", 9_000) == 19_000


# --- tournament ---------------------------------------------------------------------------


def test_schedule_rises_and_keeps_small_at_most_big():
    levels = schedule(5, 10, 1)
    assert levels[0].small == 5 and levels[0].big == 10 and levels[0].ante == 1
    assert all(a.big < b.big for a, b in itertools.pairwise(levels))
    assert all(1 <= lv.small <= lv.big for lv in levels)


def test_level_clock_by_minutes_stops_while_paused():
    clock = LevelClock(LevelBy.MINUTES, 2, started=0)
    assert clock.index(119_999) == 0 and clock.index(120_000) == 1
    clock.pause(60_000)
    assert clock.index(600_000) == 0
    clock.resume(600_000)
    assert clock.index(600_000 + 59_999) == 0 and clock.index(600_000 + 60_000) == 1


def test_level_clock_by_hands():
    clock = LevelClock(LevelBy.HANDS, 3)
    seen = []
    for _ in range(7):
        clock.hands += 1
        seen.append(clock.index(0))
    assert seen == [0, 0, 0, 1, 1, 1, 2]


def test_two_busting_in_one_hand_the_larger_starting_stack_ranks_higher():
    t = Standings(["a", "b", "c", "d", "e"])
    t.bust([("b", 100)], players_before=5)
    assert t.places == {"b": 5}
    t.bust([("c", 200), ("a", 700)], players_before=4)
    assert t.places["a"] == 3 and t.places["c"] == 4 and t.winner is None
    t.bust([("d", 50)], players_before=2)
    assert t.winner == "e" and t.finishing_order() == ["e", "d", "a", "c", "b"]


def test_equal_starting_stacks_share_the_better_place():
    t = Standings(["a", "b", "c", "d"])
    t.bust([("a", 300), ("b", 300)], players_before=4)
    assert t.places == {"a": 3, "b": 3}


# --- decks -------------------------------------------------------------------------------


def test_fixed_stream_replays_recorded_reshuffles_first():
    s = FixedStream(["As", "Kd"], recorded=[["Kd", "As"]])
    assert [str(c) for c in s.reshuffle(s.deck())] == ["Kd", "As"]
    assert [str(c) for c in s.reshuffle(s.deck())] == ["Kd", "As"]  # then reversed

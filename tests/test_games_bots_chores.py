"""What the bots do at a table game outside their turns, written from
``static/rules/table-games.md`` (#bots, #straddle, #run-it-twice, #dealers-choice): a standing
straddle held sometimes (a casual bot more often than a strong one, never short-stacked, never
where the table plays none), run it twice agreed, the button's pick made at once — each a
function of the bot's own view, level and seed only, and played through the room's path."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

from games.bots.chores import table_chore
from games.bots.registry import chores_for
from room.botdriver import BotDriver
from room.bots import Level, Move
from test_room_bots import WithHost, game_of, run
from test_room_table_games import Poker
from testing.bots import FirstMove


def view(*, straddle: bool = True, on: bool = False, stack: int = 2000, hand_no: int = 1,
         big: int = 10) -> dict[str, Any]:
    """Bot p2's view between hands at a table that (maybe) plays the straddle."""
    game: dict[str, Any] = {
        "hand_no": hand_no, "blinds": [big // 2, big], "phase": "results",
        "seats": [{"id": "p1", "stack": 1000, "hand_start": 1000},
                  {"id": "p2", "stack": stack, "hand_start": stack}],
        "you": {"buy_in": None}, "choices": {"twice": None, "muck": True},
        "extras": {"straddle": straddle, "bb_ante": False, "bounty": 0, "bomb_every": 0},
        "straddling": on and straddle, "pick": None,
    }
    return {"you": "p2", "game": game}


def straddles(level: Level, seeds: range, hand_no: int = 1) -> int:
    return sum(table_chore(view(hand_no=hand_no), level, seed) == Move("straddle_on", table=True)
               for seed in seeds)


def test_a_bot_holds_a_standing_straddle_sometimes_a_casual_one_more_often():
    seeds = range(400)
    casual, strong = straddles(Level.CASUAL, seeds), straddles(Level.STRONG, seeds)
    assert 0.2 * 400 < casual < 0.5 * 400
    assert 0.02 * 400 < strong < 0.2 * 400
    assert casual > 2 * strong
    # the same view, level and seed: the same choice; another orbit of hands: another draw
    assert [table_chore(view(), Level.CASUAL, s) for s in seeds] == [
        table_chore(view(), Level.CASUAL, s) for s in seeds]
    later = [table_chore(view(hand_no=7), Level.CASUAL, s) for s in seeds]
    assert later != [table_chore(view(), Level.CASUAL, s) for s in seeds]
    # within one orbit of hands a bot keeps its choice (no toggling hand by hand)
    assert [table_chore(view(hand_no=1), Level.CASUAL, s) for s in seeds] == [
        table_chore(view(hand_no=5), Level.CASUAL, s) for s in seeds]


def test_no_straddle_where_the_table_plays_none_or_when_short_and_off_when_done():
    seeds = range(200)
    assert all(table_chore(view(straddle=False), Level.CASUAL, s) is None for s in seeds)
    short = [table_chore(view(stack=150), Level.CASUAL, s) for s in seeds]  # 15 big blinds
    assert all(m is None for m in short)
    off = [table_chore(view(stack=150, on=True), Level.CASUAL, s) for s in seeds]
    assert all(m == Move("straddle_off", table=True) for m in off)
    # already as it wants: nothing to ask
    for s in seeds:
        move = table_chore(view(), Level.CASUAL, s)
        now_on = move == Move("straddle_on", table=True)
        assert table_chore(view(on=now_on), Level.CASUAL, s) is None


def test_bots_agree_to_run_it_twice_all_in_or_covering():
    for level in Level:
        for stack in (0, 500):
            v = view(stack=stack)
            v["game"]["choices"]["twice"] = {"you": True, "asking": [1, 2], "deadline_ms": 9000}
            assert table_chore(v, level, 3) == Move("run_twice", table=True), (level, stack)


def pick_view(hand_no: int, games: list[str]) -> dict[str, Any]:
    v = view(straddle=False, hand_no=hand_no)
    v["game"]["pick"] = {"hand_no": hand_no + 1, "picker": "p2", "games": games,
                         "default": games[0], "game": None, "left_ms": 15_000}
    return v


def test_a_bot_on_the_button_picks_at_once_strong_the_default_casual_for_variety():
    from games.poker.extras import PICK_GAMES

    games = ["holdem", "omaha", "draw", "plo5"]
    strong = {table_chore(pick_view(h, games), Level.STRONG, 5) for h in range(40)}
    assert strong == {Move("pick_game", PICK_GAMES.index("holdem"), table=True)}
    casual = Counter(PICK_GAMES[table_chore(pick_view(h, games), Level.CASUAL, 5).amount]
                     for h in range(200))
    assert set(casual) == set(games)  # every game offered, and nothing else
    assert casual["holdem"] > max(casual[g] for g in games[1:])  # the default most often
    assert [table_chore(pick_view(9, games), Level.CASUAL, s) for s in range(50)] == [
        table_chore(pick_view(9, games), Level.CASUAL, s) for s in range(50)]
    assert table_chore(pick_view(9, games), Level.CASUAL, 5).table


def test_bots_straddle_through_the_room_with_their_own_seeds():
    """Four casual bots at a straddle table, played by the driver: each asks for its straddle
    through its own client (the room's path), from its own seed, and the hands post them."""
    table = Poker("holdem", {"straddle": True})
    table.host("Ann")
    host = table.clients["Ann"]
    for _ in range(3):
        table.send("Ann", host.add_bot("casual"))
    table.net.watch = lambda net, peer, what: table.record()
    for k, (peer, bot) in enumerate(sorted(table.net.bots.items())):
        table.net.bots[peer] = replace(bot, seed=1000 + k)  # seeds a test can count on
    driver = BotDriver(WithHost(table.net, host), lambda g: FirstMove(), chores_for,
                       pause_ms=(0, 0))
    table.send("Ann", host.set_auto_deal(True))
    table.send("Ann", host.start_game())
    run(table.net, driver, lambda: all(s["stack"] for s in game_of(host)["seats"]))
    table.send("Ann", host.next_hand())
    run(table.net, driver, lambda: len(host.history) >= 24)
    bots = {b.client.you for b in table.net.bots.values()}
    straddled = set()
    for played in table.hands.values():
        for rec in played.hand.log:
            if getattr(rec, "kind", None) == "straddle":
                straddled.add(played.ids[rec.seat])
    assert straddled & bots, "no bot straddled in 24 hands"
    assert driver.failures == [] and not any(
        m["type"] == "error" for peer in table.net.bots for m in map(
            json.loads, table.net.delivered.get(peer, [])))

"""The home-game extras at a table session, written from ``static/rules/table-games.md``
("Straddle", "Big-blind ante", "7-2 bounty", "Bomb pot", "Dealer's choice"): the host's
options, a seat's standing straddle, a bomb pot every N hands, the button's pick of the next
game with its default, the bots playing whatever game is picked, and the books: chips
conserved, every hand summing to zero, every refusal changing nothing."""

from __future__ import annotations

import json
import random

import pytest
from games.bots.registry import brain_for, chores_for
from games.poker import PokerGame
from games.poker.extras import PICK_GAMES, PICK_MS
from poker_shapes import Ask, Tab
from room.bots import Level
from room.errors import RoomError
from room.game import TableSettings
from rules.cards import FULL_DECK, parse_cards
from rules.poker import Game
from test_games_poker_session import act, table


def state(g: PokerGame) -> str:
    return json.dumps(g.snapshot(), sort_keys=True)


def books_balance(g: PokerGame) -> None:
    """Chips on the table are those bought in; every finished hand's nets sum to zero."""
    assert g.chips_on_table() == g.book.chips_in()
    for p in g.finished:
        assert sum(p.hand.result().net) == 0
    assert sum(g.balances().values()) == 0


def fold_out(g: PokerGame) -> None:
    while g.hand_running:
        legal = g.played.hand.legal()
        if legal.phase.value == "drawing":
            act(g, "draw")
        else:
            act(g, "check" if legal.can_check else "fold")


def posts(g: PokerGame) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["kind"], e["amount"]) for e in g.view_for("p0")["log"]
            if e["type"] == "post"]


def refused(g: PokerGame, pid: str, request, code: str) -> None:
    before = state(g)
    with pytest.raises(RoomError) as e:
        g.handle_table(pid, request)
    assert e.value.code == code
    assert state(g) == before


# --- straddle --------------------------------------------------------------------------------


def test_a_standing_straddle_is_posted_when_its_player_is_under_the_gun():
    g = table(4, straddle=True)
    assert g.handle_table("p3", Tab("straddle_on")) is True
    assert g.handle_table("p3", Tab("straddle_on")) is False  # already on: nothing changes
    assert g.view_for("p3")["straddling"] is True and g.view_for("p1")["straddling"] is False
    g.handle_table("p1", Tab("straddle_on"))  # not under the gun this hand: no straddle
    g.next_hand()  # button seat 0: small blind 1, big blind 2, under the gun 3
    assert posts(g) == [(1, "small blind", 5), (2, "big blind", 10), (3, "straddle", 20)]
    assert g.to_act() == {"p0"}  # left of the straddle
    legal = g.view_for("p0")["legal"]
    assert legal["call"] == 20 and legal["raise"]["min_to"] == 40
    act(g, "call")
    act(g, "fold")
    act(g, "fold")
    assert g.to_act() == {"p3"}  # the straddle acts last, with the option
    act(g, "check")
    fold_out(g)
    books_balance(g)
    g.handle_table("p3", Tab("straddle_off"))
    g.next_hand()  # button 1: under the gun is seat 0, who has no straddle on
    assert [k for _, k, _ in posts(g)] == ["small blind", "big blind"]


def test_a_straddle_where_the_table_has_none_is_refused_and_survives_a_reload():
    refused(table(4), "p3", Tab("straddle_on"), "game/illegal")
    g = table(4, straddle=True)
    g.handle_table("p3", Tab("straddle_on"))
    again = table(4, straddle=True, buy=0)
    again.restore(g.snapshot(), 0)
    assert again.straddles == {"p3"}


# --- big-blind ante --------------------------------------------------------------------------


def test_the_big_blind_posts_the_tables_ante_and_the_record_says_so():
    g = table(3, ante=2, bb_ante=True)
    g.next_hand()
    assert posts(g) == [(2, "ante", 6), (1, "small blind", 5), (2, "big blind", 10)]
    fold_out(g)
    record = g.view_for("p1")["results"]
    assert record["bb_ante"] is True
    assert g.history()[-1]["bb_ante"] is True
    books_balance(g)
    assert "bb_ante" not in table(3, ante=2).history()  # an old-style record has none


# --- 7-2 bounty -------------------------------------------------------------------------------


def seven_deuce_for_p1() -> list:
    """Button seat 0; dealt from its left (seats 1, 2, 0): p1 gets 7c 2d."""
    top = list(parse_cards("7c Ah Kc 2d Ad Kd"))
    return top + [c for c in FULL_DECK if c not in top]


def test_an_uncontested_seven_deuce_collects_the_bounty_and_shows_it():
    g = table(3, deck=seven_deuce_for_p1(), bounty=50)
    g.next_hand()
    act(g, "fold")  # p0, the button
    act(g, "raise", 40)  # p1, the small blind
    act(g, "fold")  # p2
    record = g.view_for("p2")["results"]
    assert record["bounties"] == [{"seat": 1, "payer": 2, "amount": 50},  # from the winner's
                                  {"seat": 1, "payer": 0, "amount": 50}]  # left round

    assert record["shown"][0]["cards"] == ["7c", "2d"]  # turned up to claim it
    assert record["payouts"][-1] == "P1 wins the 7-2 bounty: 100 chips (50 from each of P2 " \
                                    "and P0)"
    assert record["net"] == {"p0": -50, "p1": 110, "p2": -60}
    assert [g.stack_of(p) for p in ("p0", "p1", "p2")] == [950, 1110, 940]
    books_balance(g)


def test_no_bounty_when_the_table_plays_none():
    g = table(3, deck=seven_deuce_for_p1())
    g.next_hand()
    act(g, "fold")
    act(g, "raise", 40)
    act(g, "fold")
    record = g.view_for("p2")["results"]
    assert "bounties" not in record and record["shown"] == []


# --- a bomb pot every N hands -----------------------------------------------------------------


def test_a_bomb_pot_every_third_hand():
    g = table(3, bomb_every=3, ante=0)
    games = []
    for _ in range(6):
        g.next_hand()
        games.append(g.played.config.game)
        fold_out(g)
    assert games == [Game.HOLDEM, Game.HOLDEM, Game.BOMB_DOUBLE] * 2
    assert g.finished[2].config.ante == 10  # no ante set: one big blind
    books_balance(g)


def test_no_scheduled_bomb_pot_at_draw():
    g = table(3, game="draw", bomb_every=1)
    g.next_hand()
    assert g.played.config.game is Game.DRAW


# --- dealer's choice ---------------------------------------------------------------------------


def test_the_button_picks_the_next_game_and_nobody_else_may():
    g = table(3, dealers_choice=True, dc_plo5=False, timer_ms=20_000)
    g.next_hand()  # the first hand: the table's own game
    assert g.played.config.game is Game.HOLDEM and g.button == 0
    fold_out(g)
    pick = g.view_for("p2")["pick"]
    assert pick["picker"] == "p1" and pick["default"] == "holdem"  # the next button picks
    assert "plo5" not in pick["games"] and "draw" in pick["games"]
    omaha = PICK_GAMES.index("omaha")
    refused(g, "p2", Tab("pick_game", omaha), "table/no_pick")
    refused(g, "p1", Tab("pick_game", PICK_GAMES.index("plo5")), "table/bad_amount")
    refused(g, "p1", Tab("pick_game", 99), "table/bad_amount")
    before = state(g)
    with pytest.raises(RoomError) as e:
        g.next_hand()  # the button still has time to pick
    assert e.value.code == "table/picking" and state(g) == before
    assert g.handle_table("p1", Tab("pick_game", omaha)) is True
    g.next_hand()
    assert g.played.config.game is Game.OMAHA and g.button == 1
    assert g.view_for("p0")["hand_game"] == "omaha"
    assert g.view_for("p0")["pick"] is None
    fold_out(g)
    books_balance(g)


def test_no_pick_in_time_deals_the_default_and_draw_takes_its_own_ante():
    g = table(3, dealers_choice=True, timer_ms=5_000)  # the pick's shortest time
    g.auto_deal = True
    g.next_hand()
    fold_out(g)
    g.tick(g.now + PICK_MS - 1)
    assert not g.hand_running  # auto-deal waits for the pick
    g.tick(g.now + 2)
    assert g.hand_running and g.played.config.game is Game.HOLDEM  # the default
    fold_out(g)
    picker = g.view_for("p0")["pick"]["picker"]
    g.handle_table(picker, Tab("pick_game", PICK_GAMES.index("draw")))
    g.next_hand()
    config = g.played.config
    assert config.game is Game.DRAW and config.ante == 5 and not config.posts_blinds
    fold_out(g)
    books_balance(g)


def test_the_pick_takes_the_table_decision_time_with_the_turn_timer_on():
    g = table(3, dealers_choice=True, timer_ms=40_000)
    g.auto_deal = True
    g.next_hand()
    fold_out(g)
    start = g.now
    assert g.view_for("p0")["pick"]["left_ms"] == 40_000
    picker = g.view_for("p0")["pick"]["picker"]
    g.tick(start + 39_000)
    assert not g.hand_running  # auto-deal waits for the pick's whole time
    assert g.handle_table(picker, Tab("pick_game", PICK_GAMES.index("omaha"))) is True
    g.tick(start + 40_000)
    assert g.hand_running and g.played.config.game is Game.OMAHA
    fold_out(g)
    short = table(3, dealers_choice=True, timer_ms=5_000)
    short.next_hand()
    fold_out(short)
    assert short.view_for("p0")["pick"]["left_ms"] == PICK_MS  # never shorter than 15 s


def test_with_the_turn_timer_off_the_pick_waits_and_the_host_may_deal_the_default():
    g = table(3, dealers_choice=True)
    g.auto_deal = True
    g.next_hand()
    fold_out(g)
    pick = g.view_for("p0")["pick"]
    assert pick["left_ms"] is None  # no time limit
    before = state(g)
    with pytest.raises(RoomError) as e:
        g.next_hand()  # not even the host deals in the pick's first 15 seconds
    assert e.value.code == "table/picking" and state(g) == before
    g.tick(g.now + 10 * 60_000)
    assert not g.hand_running  # auto-deal waits for the picker
    assert g.handle_table(pick["picker"], Tab("pick_game", PICK_GAMES.index("omaha"))) is True
    g.tick(g.now + 60_000)
    assert g.hand_running and g.played.config.game is Game.OMAHA
    fold_out(g)
    assert g.view_for("p0")["pick"]["left_ms"] is None
    g.tick(g.now + 10 * 60_000)
    g.auto_deal = False
    g.next_hand()  # the host's Next hand: the default, without the pick
    assert g.played.config.game is Game.HOLDEM
    fold_out(g)
    books_balance(g)


def test_a_change_of_game_waiting_sets_the_pick_aside():
    g = table(3, dealers_choice=True)
    g.next_hand()
    fold_out(g)
    g.handle_table("p1", Tab("pick_game", PICK_GAMES.index("omaha")))
    settings = {"dealers_choice": True}
    g.configure(TableSettings(10_000, 0, False, settings, switching=True))
    assert g.view_for("p2")["pick"] is None  # the host's game is next, not the pick
    g.configure(TableSettings(10_000, 0, False, settings))  # called off
    pick = g.view_for("p2")["pick"]
    assert pick is not None and pick["game"] is None  # a new pick opens
    g.configure(TableSettings(10_000, 0, False, settings, switching=True))
    g.auto_deal = False
    g.next_hand()
    fold_out(g)
    assert g.view_for("p2")["pick"] is None  # no pick opens while the change waits


def test_a_pick_survives_a_reload():
    g = table(3, dealers_choice=True)
    g.next_hand()
    fold_out(g)
    g.handle_table("p1", Tab("pick_game", PICK_GAMES.index("plo5")))
    again = table(3, dealers_choice=True, buy=0)
    again.restore(g.snapshot(), g.now)
    again.next_hand()
    assert again.played.config.game is Game.PLO5


def test_bots_play_every_picked_game_from_their_views():
    """Each hand the button picks a game at random; every player is a bot whose brain is
    that of the hand's game, acting from its own view; the books balance throughout."""
    rng = random.Random(5)
    g = table(4, dealers_choice=True, straddle=True, bb_ante=True, ante=1, bounty=20,
              dc_shortdeck=False,  # the stacked test deck holds 52 cards
              bomb_every=4)
    for pid in ("p0", "p1", "p2", "p3"):
        g.handle_table(pid, Tab("straddle_on"))
    seen = set()
    for _ in range(10):
        pick = g.view_for("p0").get("pick")
        if pick is not None:
            g.handle_table(pick["picker"], Tab("pick_game", PICK_GAMES.index(
                rng.choice(pick["games"]))))
        g.next_hand()
        seen.add(g.played.config.game)
        steps = 0
        while g.hand_running:
            (pid,) = g.to_act()
            view = {"you": pid, "game": g.view_for(pid)}
            brain = brain_for(view["game"]["hand_game"])
            move = next(m for m in brain.think(view, Level.CASUAL, rng) if m is not None)
            g.handle_action(pid, Ask(move.action, g.seq, move.amount, move.cards))
            steps += 1
            assert steps < 200
        for pid in ("p0", "p1", "p2", "p3"):  # rebuys, as a bot's chore asks for them
            chore = chores_for("holdem")({"you": pid, "game": g.view_for(pid)}, Level.CASUAL)
            if chore is not None:
                g.handle_table(pid, Tab(chore.action, chore.amount))
        books_balance(g)
    assert len(seen) >= 3


def test_the_bot_driver_asks_the_brain_of_the_hands_game():
    from room.botdriver import _hand_game_id

    assert _hand_game_id({"game": {"game": "holdem", "hand_game": "draw"}}) == "draw"
    assert _hand_game_id({"game": {"game": "holdem", "hand_game": None}}) == "holdem"


def test_a_bot_on_the_button_picks_the_default_at_once():
    g = table(3, dealers_choice=True, game="omaha")
    g.next_hand()
    fold_out(g)
    picker = g.view_for("p0")["pick"]["picker"]
    chore = chores_for("omaha")({"you": picker, "game": g.view_for(picker)}, Level.CASUAL)
    assert chore is not None and chore.action == "pick_game"
    g.handle_table(picker, Tab(chore.action, chore.amount))
    after = chores_for("omaha")({"you": picker, "game": g.view_for(picker)}, Level.CASUAL)
    assert after is None or after.action != "pick_game"  # picked once (mucking may follow)
    g.next_hand()  # no wait: the pick is made
    assert g.played.config.game is Game.OMAHA


def test_views_and_records_with_the_extras_hold_their_declared_keys():
    from games.viewtypes import BountyPaid, TableExtras, TablePick
    from test_games_viewtypes import check, fits

    g = table(3, deck=seven_deuce_for_p1(), bounty=50, dealers_choice=True, straddle=True,
              bb_ante=True, ante=1)
    check(g.view_for("p0"))
    g.next_hand()
    check(g.view_for("p1"))
    act(g, "fold")
    act(g, "raise", 40)
    act(g, "fold")
    view = g.view_for("p2")
    check(view)
    fits(view["extras"], TableExtras)
    fits(view["pick"], TablePick)
    for paid in view["results"]["bounties"]:
        fits(paid, BountyPaid)


def test_an_away_picker_gets_the_default_without_the_wait():
    from poker_shapes import Player

    g = table(3, dealers_choice=True)
    g.next_hand()
    fold_out(g)
    assert g.view_for("p0")["pick"]["picker"] == "p1"
    g.set_players([Player("p0", "P0", is_host=True), Player("p1", "P1", connected=False),
                   Player("p2", "P2")], g.now)
    g.next_hand()  # p1 is away: not dealt in, and nobody waits for their pick
    assert g.played.config.game is Game.HOLDEM


def test_the_wire_carries_every_table_setting_at_once():
    """The lobby's ``set_game`` may carry every setting of the schema (the extras' names
    included, ``dc_plo5`` with its digit): the room's bounds let them through to the game."""
    from games.poker.settings import SETTINGS
    from room.messages import SetGame

    every = {s.name: s.default for s in SETTINGS}
    assert SetGame("holdem", every).settings == every


def test_a_tournament_draw_hand_picked_at_a_blinds_table_antes_the_levels_small_blind():
    g = table(3, buy=0, dealers_choice=True, mode="tournament", starting_stack=1000)
    g.next_hand()
    fold_out(g)
    g.handle_table("p1", Tab("pick_game", PICK_GAMES.index("draw")))
    g.next_hand()
    config = g.played.config
    assert config.game is Game.DRAW and config.ante == 5 and not config.posts_blinds
    fold_out(g)
    assert g.chips_on_table() == 3000


def test_dealers_choice_turned_off_between_hands_drops_the_pick():
    from poker_shapes import Settings

    g = table(3, dealers_choice=True, straddle=True)
    g.next_hand()
    fold_out(g)
    assert g.view_for("p1")["pick"] is not None
    g.configure(Settings(game={"straddle": True}))
    assert g.view_for("p1")["pick"] is None
    g.next_hand()  # nobody waits for a pick that no longer exists
    assert g.played.config.game is Game.HOLDEM


def test_muck_losing_hands_survives_a_reload():
    """A player's standing "muck losing hands" is kept in the host's snapshot: after a
    reload it still holds, and the next hand mucks for them (``#show-or-muck``)."""
    g = table(3)
    assert g.handle_table("p2", Tab("muck_on")) is True
    again = table(3, buy=0)
    again.restore(json.loads(json.dumps(g.snapshot())), 0)
    assert again.muckers == {"p2"}
    assert again.view_for("p2")["choices"]["muck"] is True
    again.next_hand()
    assert again.played.mucking == (again.played.engine_seat("p2"),)

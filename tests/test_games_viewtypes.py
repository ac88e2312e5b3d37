"""The view types describe what the builders send: every key a real view holds is declared,
and every required key is there (a key added to a builder without its type fails here)."""

from __future__ import annotations

from typing import Any, is_typeddict

import pytest
from games.poker import PokerGame
from games.ultimate import UltimateGame
from games.viewtypes import (
    ClockState,
    FairDealState,
    FairOrder,
    FairPart,
    FlowState,
    HandRecord,
    LedgerRow,
    LedgerView,
    LogAct,
    LogDraw,
    LogPost,
    LogReturn,
    LogRound,
    PotResult,
    PotShare,
    PotWinner,
    PresenceState,
    RecordSeat,
    RecordYou,
    ShownHand,
    TableLegal,
    TableSeat,
    TableTournament,
    TableTurn,
    TableView,
    TableYou,
    UltimateBoard,
    UltimateHandState,
    UltimatePlayer,
    UltimateResults,
    UltimateSeat,
    UltimateSnapshot,
    UltimateView,
    UltimateYou,
    YourDraw,
)
from room.game import PlayerInfo, Request, TableSettings
from room.messages import Nonce, Table
from rules.cards import FULL_DECK
from test_games_poker_session import act, table
from test_games_poker_tournament import tourney


def fits(value: dict[str, Any], kind: Any) -> None:
    assert is_typeddict(kind)
    keys = set(value)
    assert kind.__required_keys__ <= keys, kind.__required_keys__ - keys
    assert keys <= kind.__required_keys__ | kind.__optional_keys__, \
        keys - kind.__required_keys__ - kind.__optional_keys__


def check(view: dict[str, Any]) -> None:
    fits(view, TableView)
    fits(view["you"], TableYou)
    for seat in view["seats"]:
        fits(seat, TableSeat)
    if view["legal"] is not None:
        fits(view["legal"], TableLegal)
    if view["turn"] is not None:
        fits(view["turn"], TableTurn)
    if view["tournament"] is not None:
        fits(view["tournament"], TableTournament)
        for finisher in view["tournament"]["finishing_order"]:
            assert set(finisher) == {"id", "name", "place"}
    fits(view["ledger"], LedgerView)
    for row in view["ledger"]["rows"]:
        fits(row, LedgerRow)
    for entry in view["log"]:
        fits(entry, LOG_ENTRIES[entry["type"]])
    if view["results"] is not None:
        check_record(view["results"])
    check_fair(view["fair"])


LOG_ENTRIES = {"post": LogPost, "round": LogRound, "act": LogAct, "draw": LogDraw,
               "return": LogReturn}


def check_record(record: dict[str, Any]) -> None:
    fits(record, HandRecord)
    for seat in record["seats"]:
        fits(seat, RecordSeat)
    for entry in record["actions"]:
        fits(entry, LOG_ENTRIES[entry["type"]])
    for hand in record["shown"]:
        fits(hand, ShownHand)
    for pot in record["pots"]:
        fits(pot, PotResult)
        for winner in pot["winners"]:
            fits(winner, PotWinner)
        for share in pot["shares"]:
            fits(share, PotShare)
            for winner in share["winners"]:
                fits(winner, PotWinner)
    if "you" in record:
        fits(record["you"], RecordYou)
        for draw in record["you"].get("draws", []):
            fits(draw, YourDraw)


def check_fair(fair: dict[str, Any] | None) -> None:
    if fair is not None:
        fits(fair, FairPart)
        fits(fair["order"], FairOrder)


@pytest.mark.parametrize("make", [lambda: table(3, timer_ms=20_000), lambda: tourney(3)],
                         ids=["cash", "tournament"])
def test_a_table_games_views_hold_the_declared_keys_through_a_hand(make):
    g = make()
    check(g.view_for("p0"))  # waiting for the first hand
    g.next_hand()
    seen_legal = seen_turn = False
    while g.hand_running:
        for pid in ("p0", "p1", "p2"):
            view = g.view_for(pid)
            check(view)
            seen_legal |= view["legal"] is not None
            seen_turn |= view["turn"] is not None
        act(g, "call" if "call" in g.view_for(next(iter(g.to_act())))["legal"]["actions"]
            else "check")
    assert seen_legal and seen_turn
    check(g.view_for("p1"))  # results


def check_ultimate(view: dict[str, Any]) -> None:
    fits(view, UltimateView)
    fits(view["you"], UltimateYou)
    for seat in view["seats"]:
        fits(seat, UltimateSeat)
    if view["results"] is not None:
        fits(view["results"], UltimateResults)
        for player in view["results"]["players"]:
            fits(player, UltimatePlayer)
            fits(player["board1"], UltimateBoard)
            fits(player["board2"], UltimateBoard)
    fits(view["ledger"], LedgerView)
    check_fair(view["fair"])


def test_ultimate_omahas_views_hold_the_declared_keys_through_a_hand():
    game = UltimateGame(deck_source=lambda: FULL_DECK)
    game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False,
                                 game={"base_cents": 100}))
    game.set_players([PlayerInfo("p1", "Ann", True), PlayerInfo("p2", "Bob", True),
                      PlayerInfo("p3", "Cy", True)], 0)
    game.next_hand()
    phases = set()
    while True:
        for pid in ("p1", "p2", "p3"):
            view = dict(game.view_for(pid))
            check_ultimate(view)
            phases.add(view["phase"])
        if view["results"] is not None:
            break
        for pid in sorted(game.to_act()):
            game.handle_action(pid, Request("check", game.seq))
    assert len(phases) > 2  # a hand from the deal to its results


def test_a_draw_hands_record_holds_the_declared_keys_and_each_draw_once():
    """The viewer's draws are in ``you.draws`` only (a second ``draw`` key repeating the last
    one is not declared: an old record's reader still understands it)."""
    g = table(3, game="triple-draw")
    g.next_hand()
    while g.hand_running:
        legal = g.view_for(next(iter(g.to_act())))["legal"]
        act(g, "draw" if legal.get("draw_max") is not None else
            "call" if "call" in legal["actions"] else "check")
    for pid in ("p0", "p1", "p2"):
        view = g.view_for(pid)
        check(view)
        assert len(view["results"]["you"]["draws"]) == 3


def fair_table_through_a_hand() -> PokerGame:
    g = PokerGame()
    g.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False, game={}))
    g.set_players([PlayerInfo("p0", "P0", True, True), PlayerInfo("p1", "P1", True)], 0)

    for p in ("p0", "p1"):
        g.handle_table(p, Table("buy_in", 1000))
    g.next_hand()
    check(g.view_for("p1"))  # dealing: p1 is asked for a nonce
    g.handle_nonce("p1", Nonce(1, "ab" * 16))
    while g.hand_running:
        check(g.view_for("p1"))
        act(g, "call" if "call" in g.view_for(next(iter(g.to_act())))["legal"]["actions"]
            else "check")
    return g


def test_a_fair_deals_part_holds_the_declared_keys_from_the_deal_to_the_seed():
    g = fair_table_through_a_hand()
    view = g.view_for("p0")
    check(view)
    assert view["fair"]["seed"] is not None


def test_ultimate_omahas_snapshot_holds_the_declared_keys():
    game = UltimateGame()
    game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False,
                                 game={"base_cents": 100}))
    game.set_players([PlayerInfo("p1", "Ann", True, True), PlayerInfo("p2", "Bob", True)], 0)
    game.next_hand()
    check_ultimate(dict(game.view_for("p2")))  # dealing, fair part asking for a nonce
    game.handle_nonce("p2", Nonce(1, "cd" * 16))
    snap = dict(game.snapshot())
    fits(snap, UltimateSnapshot)
    fits({k: snap[k] for k in ClockState.__annotations__}, ClockState)
    fits({k: snap[k] for k in PresenceState.__annotations__}, PresenceState)
    fits({k: snap[k] for k in FlowState.__annotations__}, FlowState)
    fits(snap["fair"], FairDealState)
    fits(snap["hand"], UltimateHandState)
    check_ultimate(dict(game.view_for("p2")))


def test_a_table_games_snapshot_holds_the_declared_keys_cash_and_tournament():
    from games.poker.saving import TableSnapshot
    from games.viewtypes import (
        BookState,
        LevelClockState,
        PlayedState,
        StandingsState,
        TableGameSettings,
    )
    from rules.ledger import LedgerState

    cash = fair_table_through_a_hand()  # one hand finished, the fair deal's record kept
    cash.next_hand()  # and one running
    cash.handle_nonce("p1", Nonce(2, "cd" * 16))
    tour = tourney(3, starting_stack=800)
    tour.next_hand()
    for g in (cash, tour):
        snap = dict(g.snapshot())
        fits(snap, TableSnapshot)
        fits(snap["settings"], TableGameSettings)
        fits(snap["book"], BookState)
        fits(snap["book"]["ledger"], LedgerState)
        assert snap["played"] is not None
        for played in (snap["played"], *snap["finished"]):
            fits(played, PlayedState)
            if played["fair"] is not None:
                fits(played["fair"], FairDealState)
    assert cash.snapshot()["finished"] and cash.snapshot()["played"]["fair"] is not None
    snap = tour.snapshot()
    assert snap["standings"] is not None and snap["level_clock"] is not None
    fits(dict(snap["standings"]), StandingsState)
    fits(dict(snap["level_clock"]), LevelClockState)


def test_the_check_sees_an_undeclared_key():
    g = table(2)
    view = g.view_for("p0")
    view["you"]["surprise"] = 1
    try:
        check(view)
    except AssertionError:
        return
    raise AssertionError("an undeclared key passed")


def test_the_settings_types_name_every_setting_the_games_take():
    from games.poker.settings import SETTINGS
    from games.ultimatesettings import BASE_BET
    from games.viewtypes import TableGameSettings, UltimateSettings

    assert set(TableGameSettings.__annotations__) == {s.name for s in SETTINGS}
    assert set(UltimateSettings.__annotations__) == {BASE_BET.name}

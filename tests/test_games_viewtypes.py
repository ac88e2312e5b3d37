"""The view types describe what the builders send: every key a real view holds is declared,
and every required key is there (a key added to a builder without its type fails here)."""

from __future__ import annotations

from typing import Any, is_typeddict

import pytest
from games.ultimate import UltimateGame
from games.viewtypes import (
    LedgerRow,
    LedgerView,
    TableLegal,
    TableSeat,
    TableTournament,
    TableTurn,
    TableView,
    TableYou,
    UltimateResults,
    UltimateSeat,
    UltimateView,
    UltimateYou,
)
from room.game import PlayerInfo, Request, TableSettings
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
    fits(view["ledger"], LedgerView)


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


def test_the_check_sees_an_undeclared_key():
    g = table(2)
    view = g.view_for("p0")
    view["you"]["surprise"] = 1
    try:
        check(view)
    except AssertionError:
        return
    raise AssertionError("an undeclared key passed")

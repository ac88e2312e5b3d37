"""The night's ledger a player takes home (web.lastnight): made from a real view of a table
game after a hand, with the same rows, settle-up and CSV as the table shows and downloads;
nothing kept before anyone played."""

from __future__ import annotations

import doctest
import random

from games.poker import PokerGame
from room.export import ledger_csv
from room.game import PlayerInfo, Request, TableRequest, TableSettings
from web import lastnight


def test_doctests():
    result = doctest.testmod(lastnight)
    assert result.attempted > 0 and result.failed == 0


def table() -> PokerGame:
    rng = random.Random(3)
    g = PokerGame(deck_source=lambda: rng.sample(range(52), 52), game="holdem")
    g.configure(TableSettings(10_000, 0, False, {"chip_cents": 5}))
    g.set_players([PlayerInfo(f"p{i}", f"P{i}", True, is_host=i == 0) for i in range(3)], 0)
    for i in range(3):
        g.handle_table(f"p{i}", TableRequest("buy_in", 1000))
    return g


def test_nothing_is_kept_before_a_hand_is_played():
    g = table()
    assert lastnight.record({"room": "R", "game": g.view_for("p1")}) is None


def test_the_kept_ledger_is_the_tables_ledger_and_settle_up():
    g = table()
    g.next_hand()
    while g.hand_running:
        (pid,) = g.to_act()
        g.handle_action(pid, Request("fold", g.seq))
    view = {"room": "ABCD234", "game": g.view_for("p1")}
    kept = lastnight.record(view)
    assert kept is not None
    ledger = view["game"]["ledger"]
    assert [row[0] for row in kept["rows"]] == [r["name"] for r in ledger["rows"]]
    assert kept["settle"] == [t["text"] for t in ledger["settle_up"]]
    assert kept["settle"] and "pays" in kept["settle"][0]
    assert kept["csv"] == ledger_csv(view["game"])
    assert kept["room"] == "ABCD234" and kept["game"] == "Texas Hold'em"
    assert lastnight.key(view) != lastnight.key({"room": "ABCD234",
                                                 "game": table().view_for("p1")})


def test_the_kept_ledger_is_said_to_be_every_games():
    """The ledger carries over every change of game, so the card under "Last night at room X"
    does not present it as the last game's alone (a night of Ultimate Omaha, Hold'em and draw
    read "5-Card Draw: the ledger as it stood…")."""
    line = lastnight.game_line("5-Card Draw")
    assert not line.startswith("5-Card Draw")
    assert "every game" in line and "last game: 5-Card Draw" in line

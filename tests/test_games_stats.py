"""Stats on hands played through the real table session and Ultimate Omaha's game, each
player's figures counted by hand from the hands' actions (``static/rules/table-games.md#stats``),
and read from the records a viewer's page files (``room.export.history_entry``)."""

from __future__ import annotations

import random

from games.poker import PokerGame
from games.stats import (
    Book,
    Rate,
    Tally,
    leaderboard,
    net_over_time,
    player_stats,
    series_of,
    stats_of,
)
from games.ultimate import UltimateGame
from poker_shapes import Ask, Player, Settings, Tab
from room.export import history_entry
from room.game import PlayerInfo, Request, TableSettings
from rules.cards import FULL_DECK

# Seed 1's deck, every hand: P0 holds Jd Jh, P1 Ad 7h, P2 4d 2h; the board 4s Ts 3d As 5s.
SCRIPT = (
    # 1: button P0, blinds P1, P2. P0 opens, P1 3-bets, P2 folds (facing two raises: no
    # chance to 3-bet), P0 calls; checked down, P1's aces beat P0's jacks (pot 190).
    ("raise 30", "raise 90", "fold", "call"),
    # 2: button P1. P1 limps, P2 folds, P0 checks his option; P0 bets the flop, P1 folds.
    ("call", "fold", "check", "bet 20", "fold"),
    # 3: button P2. P2 and P0 fold: a walk for P1 (no chance to put money in).
    ("fold", "fold"),
    # 4: button P0. P0 opens, P1 folds to the one raise (a chance to 3-bet, not taken), P2
    # moves in (a 3-bet), P0 calls all in: no betting after, P2's wheel wins 1845.
    ("raise 30", "fold", "allin", "call"),
)


def table(n: int = 3, game: str = "holdem", seed: int = 1) -> PokerGame:
    g = PokerGame(deck_source=lambda: _deck(seed), game=game)
    g.configure(Settings())
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(n)], 0)
    for i in range(n):
        g.handle_table(f"p{i}", Tab("buy_in", 1000))
    return g


def _deck(seed: int) -> list:
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return deck


def act(g: PokerGame, line: str) -> None:
    (pid,) = g.to_act()
    verb, *amount = line.split()
    g.handle_action(pid, Ask(verb, g.seq, int(amount[0]) if amount else None))


def play(g: PokerGame, script: tuple[str, ...], viewers: tuple[str, ...]) -> dict[str, dict]:
    """One hand: the script, then checks to the end; each viewer's filed record."""
    g.next_hand()
    for line in script:
        act(g, line)
    while g.hand_running:
        act(g, "check")
    return {v: history_entry(g.view_for(v)) for v in viewers}


def night() -> tuple[PokerGame, dict[str, list[dict]]]:
    g = table()
    filed: dict[str, list[dict]] = {"p0": [], "p1": [], "p2": []}
    for script in SCRIPT:
        for viewer, record in play(g, script, tuple(filed)).items():
            filed[viewer].append(record)
    return g, filed


def by_id(records, book=Book.CHIPS):
    return {s.id: s for s in player_stats(records, book)}


def test_each_players_stats_are_the_hands_counted_by_hand():
    g, filed = night()
    stats = by_id(filed["p1"])
    p0, p1, p2 = stats["p0"], stats["p1"], stats["p2"]
    assert [s.hands for s in (p0, p1, p2)] == [4, 4, 4]
    assert (p0.vpip, p1.vpip, p2.vpip) == (Rate(2, 4), Rate(2, 3), Rate(1, 4))  # P1's walk
    assert (p0.pfr, p1.pfr, p2.pfr) == (Rate(2, 4), Rate(1, 3), Rate(1, 4))
    assert (p0.three_bet, p1.three_bet, p2.three_bet) == (Rate(0, 0), Rate(1, 2), Rate(1, 1))
    assert (p0.saw_flop, p1.saw_flop, p2.saw_flop) == (3, 2, 1)  # hand 4's all-in: saw it
    assert (p0.showdown, p1.showdown, p2.showdown) == (Rate(2, 3), Rate(1, 2), Rate(1, 1))
    assert (p0.won_showdown, p1.won_showdown, p2.won_showdown) == (
        Rate(0, 2), Rate(1, 1), Rate(1, 1))
    assert (p0.biggest_pot, p1.biggest_pot, p2.biggest_pot) == (25, 190, 1845)
    assert (p0.net, p1.net, p2.net) == (-1000, 90, 910)
    # the same nets as the table's own chips: each bought 1000
    assert [s.net + 1000 for s in (p0, p1, p2)] == [g.stack_of(p) for p in ("p0", "p1", "p2")]
    assert p1.vpip is not None and p1.vpip.words() == "67% (2 of 3)"
    assert p0.three_bet is not None and p0.three_bet.words() == "no chance yet"


def test_net_over_time_runs_hand_by_hand():
    _, filed = night()
    points = net_over_time(filed["p2"], "p1", Book.CHIPS)
    assert [(p.hand_no, p.net, p.total) for p in points] == [
        (1, 100, 100), (2, -10, 90), (3, 5, 95), (4, -5, 90)]
    assert net_over_time(filed["p2"], "p1", Book.CENTS) == []


def test_a_viewer_counts_only_the_records_it_holds_and_its_cards_change_nothing():
    _, filed = night()
    assert by_id(filed["p0"]) == by_id(filed["p1"]) == by_id(filed["p2"])
    assert "you" in filed["p0"][0]  # each viewer's own cards are in its records...
    late = by_id(filed["p2"][2:])  # ...and a viewer who saw hands 3 and 4 only counts them
    assert (late["p1"].hands, late["p1"].vpip, late["p1"].three_bet) == (2, Rate(0, 1),
                                                                         Rate(0, 1))
    assert late["p2"].net == 925


def test_a_bomb_pot_has_no_preflop_and_everyone_sees_the_flop():
    """Hand 1 is checked down; in hand 2 the flop's first bet takes it: everyone still saw
    the flop (dealt before any betting), nobody went to showdown."""
    g = table(game="bomb-double")
    records = [play(g, (), ("p0",))["p0"], play(g, ("bet 20", "fold", "fold"), ("p0",))["p0"]]
    stats = by_id(records)
    assert {s.vpip for s in stats.values()} == {Rate(0, 0)}
    assert {s.three_bet for s in stats.values()} == {Rate(0, 0)}
    assert {(s.saw_flop, s.showdown) for s in stats.values()} == {(2, Rate(1, 2))}


def test_a_draw_games_first_round_is_its_preflop_and_its_antes_are_no_bet():
    g = table(game="draw")  # antes, no blinds: the first bet is the one to raise
    g.next_hand()
    first, second, third = ([s["id"] for s in g.view_for("p0")["seats"]] * 2)[1:4]
    act(g, "bet 30")  # P1 (left of the button) opens
    act(g, "raise 90")  # P2 raises the one bet: no 3-bet yet
    while g.hand_running:  # P0, then P1 face that one raise: each a chance to 3-bet, folded
        act(g, "fold")
    stats = by_id([history_entry(g.view_for("p0"))])
    assert [(stats[p].vpip, stats[p].pfr, stats[p].three_bet) for p in (first, second, third)
            ] == [(Rate(1, 1), Rate(1, 1), Rate(0, 1)), (Rate(1, 1), Rate(1, 1), Rate(0, 0)),
                  (Rate(0, 1), Rate(0, 1), Rate(0, 1))]
    assert {s.saw_flop for s in stats.values()} == {0}


def ultimate_night() -> tuple[UltimateGame, list[dict]]:
    """Two hands from unshuffled decks: in each, the player who doubles twice wins 5400
    cents (four base bets against one, boats on both boards), the others lose 2700."""
    decks = iter([list(FULL_DECK), list(reversed(FULL_DECK))])
    game = UltimateGame(deck_source=lambda: next(decks))
    game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False,
                                 game={"base_cents": 100}))
    game.set_players([PlayerInfo("p1", "Ann", True, True), PlayerInfo("p2", "Bob", True),
                      PlayerInfo("p3", "Cy", True)], 0)
    records = []
    for doubler in ("p1", "p2"):
        game.next_hand()
        while game.view_for("p3")["results"] is None:
            for pid in sorted(game.to_act()):
                game.handle_action(pid, Request("double" if pid == doubler else "check",
                                                game.seq))
        records.append(history_entry(game.view_for("p3")))
    return game, records


def test_ultimate_omaha_counts_hands_wins_and_cents_and_has_no_preflop_stats():
    game, records = ultimate_night()
    stats = by_id(records, Book.CENTS)
    assert [(s.hands, s.won_showdown, s.biggest_pot, s.net) for s in stats.values()] == [
        (2, Rate(1, 2), 5400, 2700), (2, Rate(1, 2), 5400, 2700), (2, Rate(0, 2), 0, -5400)]
    assert {(s.vpip, s.pfr, s.three_bet, s.showdown) for s in stats.values()} == {
        (None, None, None, Rate(2, 2))}
    assert by_id(records, Book.CHIPS) == {}  # cents never in the chips' book
    assert [p.total for p in net_over_time(records, "p1", Book.CENTS)] == [5400, 2700]
    board = leaderboard(game.view_for("p1")["ledger"])
    assert [(r.place, r.name, r.balance_cents) for r in board] == [
        (1, "Ann", 2700), (1, "Bob", 2700), (3, "Cy", -5400)]


def test_records_of_any_shape_are_read_without_an_error():
    _, filed = night()
    good = filed["p1"][0]
    junk = [
        5, "x", None, [], {}, {"game": "holdem"}, {"game": "ultimate", "players": "x"},
        {**good, "seats": [{"seat": True, "id": "p9", "dealt_in": True}]},
        {**good, "actions": [1, {"type": "act", "seat": "0", "action": ["raise"]}]},
        {**good, "net": [1, 2]}, {**good, "pots": [{"winners": [{"seat": 0, "amount": "9"}]}]},
        {**good, "hand_game": {"no": 1}}, {**good, "uncontested": "yes"},
        {"game": "ultimate", "players": [{"id": "a", "net_cents": True}, {"id": 3}]},
    ]
    for record in junk:
        for book in Book:
            player_stats([record], book)
            net_over_time([record], "p0", book)
        leaderboard({"rows": [record]})
    assert by_id([*junk[:7], good]) == by_id([good])
    # a shortened log counts the hand and its net, but no rate it cannot see
    cut = by_id([{**good, "actions_omitted": 3}])["p1"]
    assert (cut.hands, cut.net, cut.vpip, cut.saw_flop) == (1, 100, Rate(0, 0), 0)


def test_a_tally_reads_each_record_once_and_a_replaced_one_again():
    _, filed = night()
    records = filed["p1"]
    tally = Tally()
    first = tally.hands(records[:3])
    again = tally.hands(records)  # the night goes on: one more hand
    assert [h.hand_no for h in again] == [1, 2, 3, 4]
    assert all(a is b for a, b in zip(first, again[:3], strict=True))  # not read again
    assert stats_of(again, Book.CHIPS) == player_stats(records, Book.CHIPS)
    replaced = {**records[0], "net": {"p0": 0, "p1": 0, "p2": 0}}  # a record filed anew
    hands = tally.hands([replaced, *records[1:]])
    assert hands[0] is not again[0] and hands[0].facts[1].net == 0
    assert series_of(hands, "p1", Book.CHIPS)[-1].total == 90 - 100


def test_no_chance_to_3bet_when_nobody_left_could_call_a_raise():
    """P0 moves in first: P1 faces that one raise with P2 still holding chips (a chance, not
    taken); P2, facing it with everyone else all in or folded, can only call or fold: no
    chance to 3-bet (as a tracker counts it: a raise must have been possible)."""
    g = table()
    records = [play(g, ("allin", "fold", "call"), ("p0",))["p0"]]
    stats = by_id(records)
    assert [stats[p].three_bet for p in ("p0", "p1", "p2")] == [Rate(0, 0), Rate(0, 1),
                                                                 Rate(0, 0)]
    assert [stats[p].vpip for p in ("p0", "p1", "p2")] == [Rate(1, 1), Rate(0, 1), Rate(1, 1)]

"""Host reload (snapshot/restore: the running hand goes on) and succession (carry-over from
the last view: the interrupted hand is void, the books carry on)."""

from __future__ import annotations

import json
import random

from games.poker import PokerGame
from games.registry import deal_reader
from poker_shapes import Ask, Player, Settings, Tab
from room.host import _carried_game
from room.messages import Nonce
from rules.cards import FULL_DECK
from rules.fairdeal import verify_dealt


def deck_of(seed: int):
    def deck():
        d = list(FULL_DECK)
        random.Random(seed).shuffle(d)
        return d
    return deck


def table(n=3, deck_source=None, **game) -> PokerGame:
    g = PokerGame(deck_source=deck_source, game=game.pop("game", "holdem"))
    g.configure(Settings(timer_ms=game.pop("timer_ms", 0), game=game))
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(n)], 0)
    for i in range(n):
        if g.settings.mode.value == "cash":
            g.handle_table(f"p{i}", Tab("buy_in", 1000))
    return g


def act(g, action, amount=None, cards=()):
    (pid,) = g.to_act()
    g.handle_action(pid, Ask(action, g.seq, amount, tuple(cards)))


def reload(g: PokerGame, now: int, deck_source=None) -> PokerGame:
    fresh = PokerGame(deck_source=deck_source, game=g.game_id)
    fresh.restore(json.loads(json.dumps(g.snapshot())), now)
    return fresh


def test_a_reload_mid_hand_goes_on_with_the_same_cards_and_turn():
    g = table(3, deck_of(4), timer_ms=30_000)
    g.next_hand()
    act(g, "raise", 30)
    act(g, "call")
    g.tick(10_000)
    h = reload(g, 500_000, deck_of(4))
    for p in ("p0", "p1", "p2"):
        a, b = g.view_for(p), h.view_for(p)
        assert a["you"] == b["you"] and a["seq"] == b["seq"] and a["log"] == b["log"]
    assert h.view_for("p2")["turn"]["timer_ms"] == 20_000  # the turn's time carried over
    for game in (g, h):
        act(game, "call")
        while game.hand_running:
            act(game, "check")
    assert g.balances() == h.balances() and g.history() == h.history()


def send_nonces(g: PokerGame) -> None:
    """Every invited player answers the fair deal's call for nonces (as their pages do)."""
    deal = g.flow.dealing
    assert deal is not None and g.is_dealing()
    for i, pid in enumerate(deal.missing()):
        g.handle_nonce(pid, Nonce(deal.hand_no, f"{i:032x}"))
    assert not g.is_dealing()


def test_a_fair_draw_hand_that_reshuffles_survives_a_reload_and_stays_provable():
    g = table(7, None, game="draw")
    g.next_hand()
    send_nonces(g)
    while g.played.hand.phase.value == "betting":
        act(g, "check")
    h = None
    while g.played.hand.phase.value == "drawing":
        if h is None and g.played.reshuffles:
            h = reload(g, 1000)
        (pid,) = g.to_act()
        hole = g.view_for(pid)["you"]["hole"]
        act(g, "draw", cards=hole[:3])
        if h is not None:
            h.handle_action(pid, Ask("draw", h.seq, None, tuple(hole[:3])))
    assert g.played.reshuffles, "7 players drawing 3 each run the stub short"
    assert h is not None and h.played.hand.hole == g.played.hand.hole
    while g.hand_running:
        act(g, "check")
    later = 0
    for viewer in g.played.ids:
        view = g.view_for(viewer)
        fair = view["fair"]
        placed = deal_reader("draw")(view, fair["order"], set(fair["nonces"]), viewer)
        assert verify_dealt(fair["commitment"], fair["seed"], fair["nonces"], placed).ok
        later += sum(1 for p in placed for at in p.pool if at is None)
    assert later  # cards from the reshuffle: places no other player can rebuild


def test_carry_over_voids_the_interrupted_hand_and_keeps_the_books():
    g = table(3, deck_of(9), chip_cents=10)
    g.next_hand()
    act(g, "raise", 50)
    act(g, "fold")
    act(g, "fold")
    g.handle_table("p1", Tab("buy_in", 500))
    g.next_hand()
    act(g, "raise", 100)
    act(g, "call")
    last_view = json.loads(json.dumps(g.view_for("p2")))
    starts = {s["id"]: s["hand_start"] for s in last_view["seats"]}
    new = PokerGame(deck_source=deck_of(1))
    new.configure(Settings(game={"chip_cents": 10}))
    new.carry_over(_carried_game(last_view))
    assert {p: new.stack_of(p) for p in starts} == starts
    assert dict(new.balances()) == dict(g.balances())
    assert new.chips_on_table() == new.book.chips_in() == g.book.chips_in()
    assert new.hand_no == 2
    new.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(3)], 0)
    new.next_hand()
    assert new.hand_no == 3 and new.chips_on_table() == g.book.chips_in()


def test_carry_over_of_a_tournament_keeps_standings_and_level():
    g = table(3, deck_of(2), mode="tournament", starting_stack=200, level_by="hands",
              level_length=1)
    for _ in range(3):
        g.next_hand()
        act(g, "fold")
        act(g, "fold") if g.hand_running else None
    g.next_hand()
    view = json.loads(json.dumps(g.view_for("p0")))
    new = PokerGame(deck_source=deck_of(3))
    new.carry_over(_carried_game(view))
    new.configure(Settings(game={"mode": "tournament", "starting_stack": 200,
                                 "level_by": "hands", "level_length": 1}))
    assert new.chips_on_table() == 600
    new.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(3)], 0)
    new.next_hand()
    assert new.played.level == view["tournament"]["level"]


def test_the_snapshot_holds_exactly_the_declared_keys():
    """``TableSnapshot`` describes what is stored: no key written without its type, none
    declared and missing, in the lobby and in the middle of a hand."""
    from games.poker.saving import TableSnapshot

    g = table()
    shots = [g.snapshot()]
    g.next_hand()
    shots.append(g.snapshot())
    for shot in shots:
        assert set(shot) == set(TableSnapshot.__required_keys__)

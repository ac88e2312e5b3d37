"""The advisor in 5-card draw and 2-7 Triple Draw (``games.drawadvice``): at the player's own
betting turn, the chance to win the pot against the opponents still in, read from the public
draw counts as the draw bots read them (one implementation), with the pot odds of a call, in
the same words as the other table games; nothing at a draw or at another player's turn."""

from __future__ import annotations

import random
import re
from typing import Any

from games.bots.draw import chance_tally_steps, read
from games.drawadvice import _public, draw_advice, draw_key
from games.poker import PokerGame
from poker_shapes import Ask, Player, Settings, Tab
from room.bots import Level
from rules.cards import FULL_DECK
from web import advisorcall


def _table(game_id: str) -> PokerGame:
    g = PokerGame(deck_source=lambda: list(FULL_DECK), game=game_id)
    g.configure(Settings(game={"big_blind": 10, "small_blind": 5}))
    g.set_players([Player(p, p.upper(), is_host=p == "p0") for p in ("p0", "p1")], 0)
    for p in ("p0", "p1"):
        g.handle_table(p, Tab("buy_in", 1000))
    g.next_hand()
    return g


def _after_draws(game_id: str, draws: int, thrown: int) -> tuple[PokerGame, str]:
    """A heads-up table where both players check or call and throw ``thrown`` cards at each
    draw, stopped at the first betting turn after ``draws`` draws each."""
    g = _table(game_id)
    while True:
        actor = next(iter(g.to_act()))
        view = g.view_for(actor)
        if view["phase"] == "drawing":
            g.handle_action(actor, Ask("draw", view["seq"], None,
                                       tuple(view["you"]["hole"][:thrown])))
            continue
        if len(view["draws"]) >= 2 * draws:
            return g, actor
        g.handle_action(actor, Ask("check" if view["legal"]["can_check"] else "call",
                                   view["seq"]))


def _view(hole: str, their_draws: list[int], my_draws: list[int], *, game: str = "draw",
          last_action: str = "call", bet: int = 0) -> dict[str, Any]:
    """A draw game's view of seat 1's betting turn against seat 0 (the shape the table
    sends: ``games.viewtypes.TableView``)."""
    return {"game": game, "hand_game": game, "hand_no": 4, "button": 0, "blinds": [5, 10],
            "pots": [{"amount": 100}],
            "draws": [[0, n] for n in their_draws] + [[1, n] for n in my_draws],
            "you": {"seat": 1, "hole": hole.split(), "discards": []},
            "seats": [{"seat": 0, "bet": bet, "state": "in", "last_action": last_action},
                      {"seat": 1, "bet": 0, "state": "in"}],
            "legal": {"actions": ["fold", "call", "raise"] if bet else ["check", "bet"],
                      "call": bet, "can_check": not bet}}


def test_the_advisor_speaks_at_our_betting_turn_in_both_draw_games():
    for game_id, draws in (("draw", 1), ("triple-draw", 1)):
        g, mover = _after_draws(game_id, draws, 2)
        other = "p1" if mover == "p0" else "p0"
        mine = g.view_for(mover)
        assert advisorcall.table_key(mine) is not None
        assert advisorcall.table_key(g.view_for(other)) is None  # not its turn
        room = {"settings": {"advisor": True}, "game": mine}
        thought = advisorcall.advice_thought(room, random.Random(2))
        assert thought is not None
        steps = list(thought)
        words = steps[-1]
        assert isinstance(words, str) and "against one player" in words and "%" not in words
        assert re.search(r"You win about \d+ percent", words), words
        if game_id == "triple-draw":  # two draws to come: sampled, in slices
            assert len(steps) > 2 and all(s is None for s in steps[:-1])
    g = _table("triple-draw")
    while True:  # the first draw: nothing to advise while the player draws
        actor = next(iter(g.to_act()))
        view = g.view_for(actor)
        if view["phase"] == "drawing":
            assert advisorcall.table_key(view) is None
            break
        g.handle_action(actor, Ask("check" if view["legal"]["can_check"] else "call",
                                   view["seq"]))


def test_the_figure_is_the_draw_bots_chance_for_the_same_seed():
    view = _view("2s 3d 4c 5h 9c", [1], [1], game="triple-draw")
    advice = draw_advice(view, rng=random.Random(8), samples=600)
    seen = read({"game": view})
    assert seen is not None
    steps = chance_tally_steps(_public(seen), Level.STRONG, random.Random(8), 600)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            chance, error, count = done.value
            break
    assert advice is not None
    assert (advice.equity.share, advice.equity.error, advice.equity.samples) == (
        chance, error, count)
    assert count == 600 and error > 0  # two draws to come: sampled
    assert advice.opponents == 1 and advice.to_call == 0 and advice.calling_pays is None


def test_what_an_opponent_drew_changes_the_figure():
    # Two pair with no draw to come (counted exactly): worse against a player who stood pat
    # than against one who drew three (who mostly holds a pair).
    against_pat = draw_advice(_view("Ks Kd 7c 7h 2s", [0], [1]), rng=random.Random(1))
    against_three = draw_advice(_view("Ks Kd 7c 7h 2s", [3], [1]), rng=random.Random(1))
    assert against_pat is not None and against_three is not None
    assert against_pat.equity.error == 0 and against_pat.equity.samples == 1
    assert against_pat.equity.share + 0.2 < against_three.equity.share


def test_a_bet_is_priced_but_not_read_as_strength():
    quiet = draw_advice(_view("Ks Kd 7c 7h 2s", [1], [1], bet=20), rng=random.Random(1))
    loud = draw_advice(_view("Ks Kd 7c 7h 2s", [1], [1], bet=20, last_action="raise"),
                       rng=random.Random(1))
    assert quiet is not None and loud is not None
    assert quiet.equity == loud.equity  # the strong bot reads the raise; the advisor does not
    assert loud.to_call == 20 and loud.pot == 120 and str(loud.pot_odds) == "1/7"
    assert draw_key(_view("Ks Kd 7c 7h 2s", [1], [1], bet=20)) != draw_key(
        _view("Ks Kd 7c 7h 2s", [3], [1], bet=20))  # a draw seen: new advice

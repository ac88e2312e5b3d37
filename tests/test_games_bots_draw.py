"""The draw games' bots (``games.bots.draw``): legal moves only, over many random states of
5-card draw and 2-7 Triple Draw played through the real table game; the same view and seed
give the same move; the brain reads nothing but its view; and the draws a sound player makes
(``static/rules/table-games.md#5-card-draw``, ``static/rules/table-games.md#2-7-triple-draw``).
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from games.bots.draw import BRAIN
from games.catalogue import GAMES
from games.poker import PokerGame
from poker_shapes import Ask, Player, Settings, Tab
from room.bots import Level, Move
from rules.cards import FULL_DECK, Card

ROOT = Path(__file__).resolve().parent.parent
DRAW_GAMES = ("draw", "triple-draw")


def decide(view: Mapping[str, Any], level: Level, seed: int) -> Move:
    """The brain's move, stepping its sliced thinking to the end."""
    for step in BRAIN.think(view, level, random.Random(seed)):
        if step is not None:
            return step
    raise AssertionError("no move")


def check_legal(move: Move, game: Mapping[str, Any]) -> None:
    """The move is one the view's ``legal`` offers, with an amount or discards in bounds."""
    legal = game["legal"]
    assert not move.table
    assert move.action in legal["actions"], (move, legal["actions"])
    if move.action in ("bet", "raise"):
        bounds = legal["raise"]
        assert bounds is not None and move.action == bounds["verb"]
        assert bounds["min_to"] <= move.amount <= bounds["max_to"], (move, bounds)
    else:
        assert move.amount is None
    if move.action == "draw":
        hole = game["you"]["hole"]
        assert set(move.cards) <= set(hole) and len(set(move.cards)) == len(move.cards)
        assert len(move.cards) <= legal["draw_max"]
        if legal["draw_keeps"] is not None and len(move.cards) == legal["draw_max"]:
            kept = set(hole) - set(move.cards)
            assert kept & set(legal["draw_keeps"]), (move, legal)
    else:
        assert move.cards == ()


def random_move(game: Mapping[str, Any], rng: random.Random) -> Ask:
    """A random legal request (the seats that are not bots make the states varied)."""
    legal, seq = game["legal"], game["seq"]
    if "draw" in legal["actions"]:
        hole = game["you"]["hole"]
        count = rng.randint(0, min(3, legal["draw_max"]))
        return Ask("draw", seq, None, tuple(rng.sample(hole, count)))
    verb = rng.choice(legal["actions"])
    if verb in ("bet", "raise"):
        b = legal["raise"]
        return Ask(verb, seq, rng.choice((b["min_to"], b["max_to"],
                                          rng.randint(b["min_to"], b["max_to"]))))
    return Ask(verb, seq)


def random_table(game_id: str, rng: random.Random) -> tuple[PokerGame, dict[str, Level | None]]:
    """A new table of 2 to the game's most seats, a random structure and forced bets, some
    stacks short: each seat a strong or casual bot, or a random player (None)."""
    big = rng.choice((2, 10, 20))
    settings: dict[str, Any] = {
        "big_blind": big, "small_blind": rng.choice((big // 2, 1)),
        "betting": rng.choice(("auto", "no-limit", "pot-limit", "double-pot-limit",
                               "fixed-limit")),
    }
    if game_id == "draw":
        settings["forced_bets"] = rng.choice(("antes", "blinds", "both"))
        if settings["forced_bets"] != "blinds":
            settings["ante"] = rng.choice((1, big // 2, big))
    elif rng.random() < 0.3:
        settings["ante"] = rng.choice((1, big // 2))
    if settings["betting"] not in ("fixed-limit", "auto") and rng.random() < 0.3:
        settings["cap"] = rng.choice((2, 4))
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    g = PokerGame(deck_source=lambda: list(deck), game=game_id)
    g.configure(Settings(game=settings))
    n = rng.randint(2, GAMES[game_id].seats[1])
    ids = [f"p{i}" for i in range(n)]
    g.set_players([Player(p, p.upper(), is_host=p == "p0") for p in ids], 0)
    for p in ids:
        g.handle_table(p, Tab("buy_in", g.settings.default_buy_in))
        if rng.random() < 0.25:  # short: all in early, side pots, a blind or ante for less
            g.handle_table("p0", Tab("set_stack", rng.randint(1, 3 * big), p))
    kinds: dict[str, Level | None] = {
        p: rng.choice((Level.STRONG, Level.STRONG, Level.CASUAL, None)) for p in ids}
    return g, kinds


def bot_states(game_id: str, hands: int, seed: int) -> Iterator[tuple[dict[str, Any], Level]]:
    """Plays ``hands`` random tables through the real game; yields each bot's view (as its
    room view) and level at each of its turns, after checking and sending its move."""
    rng = random.Random(seed)
    for _ in range(hands):
        g, kinds = random_table(game_id, rng)
        g.next_hand()
        steps = 0
        while g.hand_running:
            steps += 1
            assert steps < 400
            actor = next(iter(g.to_act()))
            game = g.view_for(actor)
            level = kinds[actor]
            if level is None:
                g.handle_action(actor, random_move(game, rng))
                continue
            view = {"game": game}
            yield copy.deepcopy(view), level
            move = decide(view, level, rng.randrange(2**32))
            check_legal(move, game)
            g.handle_action(actor, Ask(move.action, game["seq"], move.amount, move.cards))


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_bots_send_only_legal_moves_over_random_states(game_id):
    seen = list(bot_states(game_id, hands=40, seed=19))
    verbs = {json.dumps(v["game"]["legal"]["actions"]) for v, _ in seen}
    assert len(seen) > 150 and len(verbs) >= 3  # the states are varied: draws, bets, raises


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_the_same_view_and_seed_give_the_same_move(game_id):
    states = list(bot_states(game_id, hands=12, seed=7))
    differ = 0
    for view, level in states:
        first = decide(view, level, 1234)
        assert decide(copy.deepcopy(view), level, 1234) == first
        assert decide(json.loads(json.dumps(view)), level, 1234) == first  # as JSON gives it
        differ += any(decide(view, level, s) != first for s in range(5))
    assert differ > 0  # the seed does mix: some spots are played more than one way


KEPT_PARTS = {
    "game": None, "hand_game": None, "seq": None, "button": None, "blinds": None,
    "draws": None, "pots": None, "legal": None,
    "you": ("seat", "hole", "discards"),
    "seats": ("seat", "stack", "bet", "state", "last_action"),
}
"""What a bot needs of its view; the test strips everything else."""


def stripped(view: Mapping[str, Any]) -> dict[str, Any]:
    game = view["game"]
    out: dict[str, Any] = {}
    for key, fields in KEPT_PARTS.items():
        part = game[key]
        if fields is None:
            out[key] = part
        elif isinstance(part, list):
            out[key] = [{f: s[f] for f in fields} for s in part]
        else:
            out[key] = {f: part[f] for f in fields}
    return {"game": out}


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_a_view_with_everything_else_removed_gives_the_same_move(game_id):
    states = list(bot_states(game_id, hands=12, seed=11))
    assert states
    for view, level in states:
        assert decide(stripped(view), level, 99) == decide(view, level, 99)


def test_the_brain_loads_no_engine_no_session_and_no_deck():
    code = ("import sys; sys.path.insert(0, 'py'); import games.bots.draw; "
            "print(sorted(m for m in sys.modules if m.startswith(('rules.poker', 'games.poker', "
            "'rules.fairdeal', 'rules.dealorder', 'games.table'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- the draws, case by case, at the real table ------------------------------------------------


def _to_draw(game_id: str, deck: list[Card], before: tuple[int, ...]) -> tuple[PokerGame, str]:
    """A heads-up table dealt ``deck``, both players checking or calling, and at the draws
    ``before`` each player throwing that many cards (the first ones of their hand as the view
    lists it); the game and the first player to draw at the draw after those."""
    g = PokerGame(deck_source=lambda: list(deck), game=game_id)
    g.configure(Settings(game={"big_blind": 10, "small_blind": 5}))
    g.set_players([Player(p, p.upper(), is_host=p == "p0") for p in ("p0", "p1")], 0)
    for p in ("p0", "p1"):
        g.handle_table(p, Tab("buy_in", 1000))
    g.next_hand()
    while True:
        actor = next(iter(g.to_act()))
        view = g.view_for(actor)
        if view["phase"] == "drawing":
            done = sum(1 for seat, _ in view["draws"] if seat == view["you"]["seat"])
            if done == len(before):
                return g, actor
            g.handle_action(actor, Ask("draw", view["seq"], None,
                                       tuple(view["you"]["hole"][:before[done]])))
            continue
        g.handle_action(actor, Ask("check" if view["legal"]["can_check"] else "call",
                                   view["seq"]))


def drawing_view(game_id: str, hole: str, before: tuple[int, ...] = ()) -> dict[str, Any]:
    """The room view of the first player to draw at the draw after the draws ``before``
    (see :func:`_to_draw`), holding ``hole`` then: a deck stacked through the real deal (the
    places of those cards found by dealing the deck in order first)."""
    probe, who = _to_draw(game_id, list(FULL_DECK), before)
    places = sorted(int(Card.parse(c)) for c in probe.view_for(who)["you"]["hole"])
    wanted = [Card.parse(c) for c in hole.split()]
    deck = [c for c in FULL_DECK if c not in wanted]
    for place, card in zip(places, wanted, strict=True):
        deck.insert(place, card)  # ascending places: each insert leaves the earlier in place
    g, actor = _to_draw(game_id, deck, before)
    assert actor == who
    game = g.view_for(actor)
    assert sorted(game["you"]["hole"]) == sorted(hole.split())
    return {"game": game}


CASES = [
    ("draw", "Ks Kd 7c 4h 2s", {"7c", "4h", "2s"}, "keeps the pair of kings"),
    ("draw", "9s 9d 9c Kh 2s", {"Kh", "2s"}, "keeps the trips"),
    ("draw", "9s 9d 9c Kh 2s", {"2s"}, "keeps the trips, and now and then the kicker"),
    ("draw", "Ah 9h 6h 2h Kc", {"Kc"}, "draws to the four-flush"),
    ("draw", "9c 8d 7h 6s 2c", {"2c"}, "draws to the open-ended straight"),
    ("draw", "9c 8d 7h 6s 5c", set(), "stands pat with a straight"),
    ("draw", "Jd 8d 6d 4d 2d", set(), "stands pat with a flush"),
    ("draw", "Ac Jd 9h 6s 3c", {"Jd", "9h", "6s", "3c"}, "keeps the ace and draws four"),
    ("triple-draw", "7c 5d 5h 3s 2c", {"5"}, "throws the pair's second card"),
    ("triple-draw", "7c 5d 4h 3s 2c", set(), "stands pat with 7-5-4-3-2"),
    ("triple-draw", "6c 5d 4h 3s 2c", {"6c"}, "breaks the straight"),
    ("triple-draw", "8h 6h 4h 3h 2h", {"8h"}, "breaks the flush"),
    ("triple-draw", "Kc Qd 7h 4s 2c", {"Kc", "Qd"}, "keeps the lowest distinct cards"),
    ("triple-draw", "Ac 9d 7h 7s 2c", {"Ac", "9d", "7"}, "throws the ace, the nine and a seven"),
]


@pytest.mark.parametrize(("game_id", "hole", "thrown", "why"), CASES,
                         ids=[c[3] for c in CASES])
def test_a_sound_draw(game_id, hole, thrown, why):
    """Strong draws so in at least most of 40 seeds (trips keep a kicker now and then, so a
    one-card draw is not always two pair), and never plays a draw of another kind."""
    view = drawing_view(game_id, hole)
    game = view["game"]
    ranks = {t for t in thrown if len(t) == 1}  # a rank alone ("5"): one card of that rank
    exact = thrown - ranks
    sound = [t for g, h, t, _ in CASES if (g, h) == (game_id, hole)]
    hits = 0
    for seed in range(40):
        move = decide(view, Level.STRONG, seed)
        check_legal(move, game)
        assert move.action == "draw"
        got = set(move.cards)
        assert any(len(got) == len(t) and {c for c in got if c in t or c[0] in t} == got
                   for t in sound), (why, move)
        hits += (exact <= got and len(got) == len(thrown)
                 and {c[0] for c in got - exact} == ranks)
    need = 40 if len(sound) == 1 else 20 if len(thrown) == max(map(len, sound)) else 1
    assert hits >= need, (why, hits)


@pytest.mark.parametrize(("game_id", "hole"), [("draw", "9c 8d 7h 6s 5c"),
                                               ("triple-draw", "7c 5d 4h 3s 2c")])
def test_casual_also_stands_pat_on_a_made_hand(game_id, hole):
    view = drawing_view(game_id, hole)
    for seed in range(8):
        assert decide(view, Level.CASUAL, seed) == Move("draw")


def test_strong_snows_now_and_then_and_casual_never():
    """Heads-up at the second draw, the opponent having drawn three: with nothing worth
    keeping, strong stands pat on it (a snow) in a few of 200 seeds, casual in none."""
    view = drawing_view("triple-draw", "Kc Qd Jh 9s 9c", before=(3,))
    assert [count for _, count in view["game"]["draws"]] == [3, 3]
    strong = [decide(view, Level.STRONG, seed) for seed in range(200)]
    snows = sum(m == Move("draw") for m in strong)
    assert 5 <= snows <= 60
    assert all(len(m.cards) == 5 for m in strong if m != Move("draw"))
    assert all(len(decide(view, Level.CASUAL, seed).cards) >= 4 for seed in range(50))


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_thinking_is_sliced_and_ends_with_one_move(game_id):
    """A bet before the last draw samples the bot's draws to come in batches, each ending in
    a ``None`` so the page's timer can run between them (``room.bots``); one move ends it."""
    betting = [(v, lvl) for v, lvl in bot_states(game_id, hands=6, seed=3)
               if v["game"]["phase"] == "betting" and not v["game"]["draws"]]
    assert betting
    for view, level in betting:
        steps = list(BRAIN.think(view, level, random.Random(1)))
        assert isinstance(steps[-1], Move) and all(s is None for s in steps[:-1])
        assert len(steps) - 1 >= 4

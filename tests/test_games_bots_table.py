"""The board games' bots (``games.bots.holdem``, ``games.bots.omaha``): they send only legal
moves over random states of the real table game, read only their own view, decide the same
on the same view and seed, think in slices, and play sensibly in plain spots."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from games.bots import holdem, omaha
from games.bots.common import read, safe_move
from games.catalogue import GAMES
from games.poker import PokerGame
from room.bots import Level, Move
from room.errors import RoomError
from room.game import PlayerInfo, Request, TableRequest, TableSettings

ROOT = Path(__file__).resolve().parent.parent
TABLES = [("holdem", "no-limit"), ("holdem", "pot-limit"), ("holdem", "fixed-limit"),
          ("shortdeck", "no-limit"), ("omaha", "pot-limit"), ("plo5", "pot-limit"),
          ("omaha-hilo", "pot-limit"), ("bomb-double", "pot-limit"), ("omaha", "no-limit"),
          ("holdem", "double-pot-limit")]


def brain_of(game: str):  # the catalogue's entry names the module
    import importlib

    return importlib.import_module(GAMES[game].brain).BRAIN


def think(brain, view, level: Level, seed: int) -> tuple[Move, int]:
    for slices, step in enumerate(brain.think(view, level, random.Random(seed))):
        if step is not None:
            return step, slices
    raise AssertionError("no move")


def random_table(game: str, betting: str, rng: random.Random) -> tuple[PokerGame, list[str]]:
    n = rng.randint(2, 6)
    seed = rng.randrange(1 << 30)
    deck_rng = random.Random(seed)
    from rules.variants import VARIANTS

    cards = list(VARIANTS[game].deck)

    def deck() -> list[int]:
        d = list(cards)
        deck_rng.shuffle(d)
        return d

    g = PokerGame(deck_source=deck, game=game)
    g.configure(TableSettings(10_000, 0, False, {
        "betting": betting, "small_blind": 5, "big_blind": 10, "min_buy_in_bb": 1,
        "max_buy_in_bb": 300,
        "cap": 0 if betting == "fixed-limit" else rng.choice((0, 0, 3))}))
    ids = [f"p{i}" for i in range(n)]
    g.set_players([PlayerInfo(p, p.upper(), True, i == 0) for i, p in enumerate(ids)], 0)
    for p in ids:  # short and deep stacks: all-ins, side pots, raises for less
        g.handle_table(p, TableRequest("buy_in", rng.choice((15, 40, 200, 1000, 3000))))
    return g, ids


def random_move(view, rng: random.Random) -> Move:
    legal = view["game"]["legal"]
    verb = rng.choice([v for v in legal["actions"] if v != "fold" or rng.random() < 0.3])
    if verb in ("bet", "raise"):
        r = legal["raise"]
        return Move(verb, rng.randint(r["min_to"], r["max_to"]))
    return Move(verb)


@pytest.mark.parametrize(("game", "betting"), TABLES)
def test_bots_only_send_legal_moves_over_random_states(game, betting):
    """Random tables (2-6 players, short and deep stacks, caps), random players around the
    bots; at every turn both levels of the game's brain answer the view, and the table game
    itself must accept the move (it refuses anything illegal with ``game/illegal``)."""
    brain = brain_of(game)
    rng = random.Random(f"{game}/{betting}")
    checked = 0
    for _ in range(4):
        g, _ = random_table(game, betting, rng)
        for _hand in range(3):
            try:
                g.next_hand()
            except RoomError:
                break
            while g.hand_running:
                (pid,) = g.to_act()
                view = {"game": g.view_for(pid)}
                moves = [think(brain, view, level, rng.randrange(1 << 30))[0]
                         for level in (Level.CASUAL, Level.STRONG)]
                for move in moves:
                    assert not move.table
                    snapshot = g.snapshot()
                    g.handle_action(pid, Request(move.action, g.seq, move.amount, move.cards))
                    checked += 1
                    g.restore(snapshot, 0)
                pick = rng.choice([*moves, random_move(view, rng)])
                g.handle_action(pid, Request(pick.action, g.seq, pick.amount, pick.cards))
    assert checked > 20


def view_at(game: str, betting: str, deck: list[str], moves: list[tuple[str, int | None]],
            n: int = 2) -> tuple[PokerGame, dict]:
    from rules.cards import parse_cards
    from rules.variants import VARIANTS

    top = list(parse_cards(" ".join(deck)))
    rest = [c for c in VARIANTS[game].deck if c not in top]
    g = PokerGame(deck_source=lambda: top + rest, game=game)
    g.configure(TableSettings(10_000, 0, False, {"betting": betting, "small_blind": 5,
                                                 "big_blind": 10, "min_buy_in_bb": 100,
                                                 "max_buy_in_bb": 100}))
    ids = [f"p{i}" for i in range(n)]
    g.set_players([PlayerInfo(p, p, True, i == 0) for i, p in enumerate(ids)], 0)
    for p in ids:
        g.handle_table(p, TableRequest("buy_in", 1000))
    g.next_hand()
    for verb, amount in moves:
        (pid,) = g.to_act()
        g.handle_action(pid, Request(verb, g.seq, amount))
    (pid,) = g.to_act()
    return g, {"game": g.view_for(pid)}


# Heads-up Hold'em deals one card a player from left of the button (p0, the small blind): p1
# holds the 1st and 3rd cards, p0 the 2nd and 4th; then a burn and the flop. p0 acts first
# before the flop, p1 first after it.
def test_strong_raises_aces_and_folds_seven_deuce_to_a_big_raise():
    _, aces = view_at("holdem", "no-limit", ["9c", "As", "4h", "Ad"], [])
    move, _ = think(holdem.BRAIN, aces, Level.STRONG, 1)
    assert move.action == "raise" and move.amount is not None and move.amount >= 20
    _, trash = view_at("holdem", "no-limit", ["7s", "Kc", "2h", "Kd"], [("raise", 300)])
    assert all(think(holdem.BRAIN, trash, Level.STRONG, seed)[0] == Move("fold")
               for seed in range(5))


def test_after_the_flop_it_samples_in_slices_and_bets_the_nuts():
    # p0 (button) calls, p1 checks; flop As Ks Qs gives p1 (Js Ts) a royal flush.
    _, view = view_at("holdem", "no-limit", ["Js", "2c", "Ts", "7d", "3h", "As", "Ks", "Qs"],
                      [("call", None), ("check", None)])
    assert read(view) is not None and read(view).street == 3
    moves = [think(holdem.BRAIN, view, Level.STRONG, seed) for seed in range(12)]
    assert all(slices >= 2 for _, slices in moves)  # yielded between batches of samples
    bets = [m for m, _ in moves if m.action == "bet"]
    assert len(bets) >= 6  # mostly bets it; sometimes slow plays (checks)
    assert {m.action for m, _ in moves} <= {"bet", "check"}


def test_the_same_view_level_and_seed_give_the_same_move_and_another_seed_may_mix():
    _, view = view_at("omaha", "pot-limit", ["2c", "Js", "7d", "Ts", "3h", "9s", "4d", "8h",
                                             "5c", "As", "Ks", "Qd"],
                      [("call", None), ("check", None)])
    for level in Level:
        first = [think(omaha.BRAIN, view, level, seed) for seed in range(6)]
        again = [think(omaha.BRAIN, view, level, seed) for seed in range(6)]
        assert first == again


def test_a_bot_reads_only_its_own_view():
    """Handed a view with every part it may not see removed (no other game part, no seats'
    names, ledger, log, results or fair deal), it decides the same; the brains' modules never
    load the table session, the hand's state or the deck."""
    _, view = view_at("holdem", "no-limit", ["Js", "2c", "Ts", "7d", "3h", "As", "Ks", "Qs"],
                      [("call", None), ("check", None)])
    g = view["game"]
    bare = {"game": {k: g[k] for k in ("game", "hand_game", "betting", "blinds", "button",
                                       "round", "boards", "pots", "legal")}}
    bare["game"]["you"] = {"seat": g["you"]["seat"], "hole": g["you"]["hole"]}
    bare["game"]["seats"] = [{k: s[k] for k in ("seat", "bet", "stack", "state")}
                             for s in g["seats"]]
    for seed in range(4):
        assert think(holdem.BRAIN, bare, Level.STRONG, seed) == \
            think(holdem.BRAIN, view, Level.STRONG, seed)
    code = ("import sys; sys.path[:0] = ['py', 'tests']; "
            "import games.bots.holdem, games.bots.omaha; "
            "bad = [m for m in sys.modules if m.startswith(('games.poker', 'rules.poker.engine', "
            "'rules.poker.deck', 'rules.fairdeal', 'rules.dealorder'))]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize("view", [
    {}, {"game": None}, {"game": {"game": "holdem"}},
    {"game": {"game": "holdem", "legal": {"can_check": True}, "you": {"hole": ["Zz"]}}},
    {"game": {"game": "nope", "legal": {}, "you": {}}},
    {"game": {"game": "holdem", "hand_game": "holdem", "betting": "no-limit", "legal": {},
              "you": {"seat": 0, "hole": ["As", "Ad"]}, "boards": [["??"] * 5] * 3,
              "seats": []}},
])
def test_a_view_that_does_not_read_gets_a_check_or_fold(view):
    assert read(view) is None
    move, _ = think(holdem.BRAIN, view, Level.STRONG, 0)
    assert move == safe_move(view) and move.action in ("check", "fold")


def test_cards_that_cannot_be_get_a_check_or_fold_not_a_crash():
    _, view = view_at("holdem", "no-limit", ["Js", "2c", "Ts", "7d", "3h", "As", "Ks", "Qs"],
                      [("call", None), ("check", None)])
    view["game"]["boards"][0][0] = view["game"]["you"]["hole"][0]  # a host's view, not ours
    for level in Level:
        assert think(holdem.BRAIN, view, level, 0)[0] == Move("check")


def test_a_hand_shown_all_in_is_played_as_shown():
    """Facing an all-in whose cards the view shows, the bot weighs its call against that
    hand, not a random one: kings call a shown seven-deuce and fold to shown aces."""
    def facing(shown: list[str]) -> dict:
        _, view = view_at("holdem", "no-limit", ["Ks", "2c", "Kd", "7d", "3h", "4s", "9h",
                                                 "Jc"], [("call", None), ("check", None)])
        g = view["game"]
        me = g["you"]["seat"]
        other = next(s for s in g["seats"] if s["seat"] != me)
        other.update(cards=shown, state="all_in", bet=900, stack=0)
        g["legal"].update(actions=["fold", "call"], call=900, call_all_in=True,
                          can_check=False, presets=[], all_in_to=None)
        g["legal"]["raise"] = None
        return view
    assert read(facing(["7s", "2h"])).shown
    for seed in range(3):
        assert think(holdem.BRAIN, facing(["7s", "2h"]), Level.STRONG, seed)[0] == Move("call")
        assert think(holdem.BRAIN, facing(["As", "Ah"]), Level.STRONG, seed)[0] == Move("fold")


def test_starting_hands_are_rated_by_the_share_of_hands_they_beat():
    from rules.cards import parse_cards

    assert holdem.share_beaten(parse_cards("As Ad")) > 0.99
    assert holdem.share_beaten(parse_cards("7c 2d")) < 0.05
    assert holdem.share_beaten(parse_cards("Ac Kc")) > holdem.share_beaten(parse_cards("9c 7c")) \
        > holdem.share_beaten(parse_cards("9c 3d"))
    rating = omaha.OmahaRating()
    assert rating.share_beaten(parse_cards("As Ad Ks Kd")) > 0.97
    assert rating.share_beaten(parse_cards("2c 7d 9h Ks")) < 0.4
    assert rating.share_beaten(parse_cards("As Ad Ks Kd 2c")) > 0.9  # its own size's scale
    fresh = omaha.OmahaRating()  # the same scale whichever size was asked first
    assert fresh.share_beaten(parse_cards("As Ad Ks Kd 2c")) == \
        rating.share_beaten(parse_cards("As Ad Ks Kd 2c"))


def test_the_omaha_scale_is_built_in_slices_once():
    _, view = view_at("omaha", "pot-limit", [], [])
    s = read(view)
    rating = omaha.OmahaRating()
    first = list(rating(s))
    assert first[:-1] == [None] * omaha.REFERENCE_CHUNKS and 0 <= first[-1] <= 1
    assert list(rating(s)) == [first[-1]]  # kept: no more work the next time

"""Each table game is a record (``rules.variants``): the engine reads it and never asks which
game it is.

The scan below reads the engine, the dealing order and ``playhand`` with ``ast`` and fails on
any place that names a game: ``Game.X`` in code (``if game is Game.DRAW``, ``game in
(Game.HOLDEM, ...)``), a game id as a key (``LAYOUTS["draw"]``) or compared with a game's
id or value. Docstrings and comments may name games: they are not code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from rules.dealorder import LAYOUTS, DealOrder
from rules.poker import Betting, Game
from rules.variants import VARIANTS, Blinds, Division

PY = Path(__file__).resolve().parent.parent / "py"
IDS = frozenset(g.value for g in Game)
SCANNED = sorted([*(PY / "rules" / "poker").glob("*.py"), PY / "rules" / "dealorder.py",
                  PY / "rules" / "variants.py",
                  PY / "playhand.py"])


def game_branches(source: str, ids: frozenset[str] = IDS) -> list[str]:
    """Where ``source`` names a particular game in code, as ``line: text``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        hit = False
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            hit = node.value.id == "Game" and node.attr.isupper()
        elif isinstance(node, ast.Subscript):
            key = node.slice
            hit = isinstance(key, ast.Constant) and key.value in ids
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = any(isinstance(s, ast.Constant) and s.value in ids for s in sides)
            about = " ".join(ast.unparse(s) for s in sides)
            hit = named and any(w in about for w in ("game", ".value", ".id"))
        if hit:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_sees_every_way_of_naming_a_game():
    sample = '''
"""Docstrings may say Game.DRAW and LAYOUTS["draw"]."""
def f(game, r):
    if game is Game.DRAW:  # named
        pass
    if game in (Game.HOLDEM, Game.OMAHA):
        pass
    x = LAYOUTS["bomb-double"]
    y = game.value == "omaha"
    ok = r.to == "draw" and variant.division is Division.HILO8
'''
    found = game_branches(sample)
    assert [f.split(":")[0] for f in found].count("4") == 1
    assert any(f.startswith("6:") for f in found)
    assert any("LAYOUTS['bomb-double']" in f for f in found)
    assert any("game.value == 'omaha'" in f for f in found)
    assert not any(f.startswith(("2:", "10:")) for f in found)


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(PY)))
def test_the_engine_names_no_game(path):
    """The engine, the dealing order and playhand read the game's record; none names a game
    (a new game is a record in ``rules.variants``, not a branch here)."""
    found = game_branches(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(PY)} names a game: {found}"


def test_every_game_is_one_record_and_its_properties_are_views_of_it():
    assert list(VARIANTS) == [g.value for g in Game]
    for game in Game:
        v = game.variant
        assert v.id == game.value and Game.parse(game.value) is game
        assert (game.hole_count, game.boards, game.rounds, game.default_betting, game.title) == (
            v.layout.hole, v.layout.boards, v.rounds, v.default_betting, v.title)
        assert game.posts_blinds == (v.blinds is Blinds.ALWAYS)
        assert LAYOUTS[game.value] is v.layout


OLD_FACTS = {
    # hole, boards, rounds, default betting, posts blinds, title (static/rules/table-games.md)
    Game.HOLDEM: (2, 1, ("preflop", "flop", "turn", "river"), Betting.NO_LIMIT, True,
                  "Hold'em"),
    Game.OMAHA: (4, 1, ("preflop", "flop", "turn", "river"), Betting.POT_LIMIT, True, "Omaha"),
    Game.OMAHA_HILO: (4, 1, ("preflop", "flop", "turn", "river"), Betting.POT_LIMIT, True,
                      "Omaha Hi/Lo"),
    Game.BOMB_DOUBLE: (4, 2, ("flop", "turn", "river"), Betting.POT_LIMIT, False,
                       "Omaha Double Board Bomb Pot"),
    Game.DRAW: (5, 0, ("before the draw", "after the draw"), Betting.NO_LIMIT, False,
                "5 Card Draw"),
}


@pytest.mark.parametrize("game", list(OLD_FACTS))
def test_the_games_properties_say_what_they_said_before_the_records(game):
    """Code above the rules reads these properties: they must not change."""
    assert (game.hole_count, game.boards, game.rounds, game.default_betting,
            game.posts_blinds, game.title) == OLD_FACTS[game]


@pytest.mark.parametrize("game", list(Game))
def test_each_record_is_playable(game):
    """A record's parts fit together: one betting round before the draws and board streets
    and one after each; a full table can be dealt from the deck; the small-bet rounds are
    rounds of the game."""
    v = game.variant
    layout = v.layout
    assert len(v.rounds) == 1 + v.draw_count + len(layout.streets) - v.streets_first
    assert (layout.boards > 0) == bool(layout.streets)
    assert layout.stub == (v.draws is not None)
    assert 2 <= v.seats[0] <= v.seats[1] <= 10
    DealOrder(layout, v.seats[1], len(v.deck))  # raises when the deck is too small
    assert 1 <= v.small_bet_rounds < len(v.rounds)
    assert (v.division is Division.PER_BOARD) == (layout.boards == 2)
    assert len(v.deck) == 4 * (13 - v.lowest_rank)


def test_the_records_load_without_the_engine():
    """The page's lobby and the games catalogue read the records before the engine is
    fetched: ``rules.variants`` imports nothing of the betting engine's."""
    tree = ast.parse((PY / "rules" / "variants.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"__future__", "collections.abc", "dataclasses", "enum", "functools",
                        "types", "cards", "errors"}, imported

"""The game registry: every game the room can play, made by id, with its settings schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from games.registry import DEFAULT_GAME, GAMES, factory, settings
from games.settings import Setting
from room.errors import RoomError
from room.game import PlayerInfo, TableSettings

ROOT = Path(__file__).resolve().parent.parent
TABLE_GAMES = {
    "holdem": "Texas Hold'em",
    "omaha": "Pot-Limit Omaha",
    "omaha-hilo": "Omaha Hi/Lo",
    "bomb-double": "PLO Double-Board Bomb Pot",
    "draw": "5-Card Draw",
}


def test_every_table_game_has_an_entry_with_its_name():
    assert {k: GAMES[k].names.full for k in TABLE_GAMES} == TABLE_GAMES
    assert GAMES["ultimate"].names.full == "Ultimate Omaha"
    assert all(entry.game_id == key for key, entry in GAMES.items())


def test_ultimate_is_made_as_before():
    assert factory("ultimate")().game_id == "ultimate"
    assert factory(None)().game_id == DEFAULT_GAME == "ultimate"  # a room's game until picked


@pytest.mark.parametrize("game_id", list(TABLE_GAMES))
def test_a_factory_makes_a_table_game_session_of_that_game(game_id):
    game = factory(game_id)()
    assert game.game_id == game_id
    game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False))
    game.set_players([PlayerInfo("p1", "Ann", True, is_host=True),
                      PlayerInfo("p2", "Bob", True)], 0)
    view = game.view_for("p1")
    assert view["game"] == game_id
    assert game.snapshot()["game"] == game_id


@pytest.mark.parametrize("game_id", list(TABLE_GAMES))
def test_table_games_share_one_schema_without_a_game_choice(game_id):
    schema = settings(game_id)
    assert schema and all(isinstance(s, Setting) for s in schema)
    names = [s.name for s in schema]
    assert "game" not in names  # the entry fixes the game
    assert {"betting", "small_blind", "big_blind", "mode"} <= set(names)
    for s in schema:  # every default passes its own check
        assert s.check(None) == s.default == s.check(s.default)


def test_a_table_game_refuses_settings_outside_its_schema():
    game = factory("omaha")()
    with pytest.raises(RoomError) as e:
        game.configure(TableSettings(grace_ms=10_000, timer_ms=0,
                                     auto_deal=False, game={"game": "holdem"}))
    assert e.value.code == "settings/unknown"
    with pytest.raises(RoomError) as e:
        game.configure(TableSettings(grace_ms=10_000, timer_ms=0,
                                     auto_deal=False, game={"big_blind": -1}))
    assert e.value.code == "settings/bad_value"


def test_an_unknown_game_is_refused_with_a_code():
    with pytest.raises(RoomError) as e:
        factory("stud")
    assert e.value.code == "game/unknown"


def test_the_registry_loads_no_engine_until_a_factory_is_called():
    code = (
        "import sys; import games.registry as r; "
        "assert 'rules.poker.engine' not in sys.modules and 'games.poker' not in sys.modules; "
        "r.GAMES['holdem'].names; r.factory('holdem'); "
        "assert 'rules.poker.engine' not in sys.modules; "
        "r.factory('holdem')(); assert 'rules.poker.engine' in sys.modules"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py",
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr

"""The game catalogue: one declaration per game, light enough for the lobby, and true to the
rules it reads (a fact declared here is held to what the rules and the engine do)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from games import catalogue
from games.catalogue import GAMES, TABLE_GAMES, Division, Family
from rules import ultimate as ultimate_rules
from rules.poker import Betting, Game, HandConfig, SettingsError

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_catalogue_loads_no_engine():
    """The lobby reads it before (and at a guest's page, without) the table games' engine."""
    code = (
        "import sys; import games.catalogue as c; "
        "[e.rounds for e in c.GAMES.values()]; "
        "heavy = {'rules.poker.engine', 'pokerkit', 'games.poker', 'rules.evaluator', "
        "'rules.ultimate'} & set(sys.modules); "
        "assert not heavy, heavy"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py",
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr


def test_every_table_game_of_the_rules_has_one_entry_and_nothing_else_is_one():
    assert {g.value for g in Game} == TABLE_GAMES
    assert [g for g in GAMES if g not in TABLE_GAMES] == [catalogue.DEFAULT_GAME]
    assert all(key == e.game_id for key, e in GAMES.items())
    assert len({e.names.full for e in GAMES.values()}) == len(GAMES)


@pytest.mark.parametrize("game", list(Game))
def test_a_table_games_facts_are_the_rules(game):
    e = GAMES[game.value]
    assert (e.hole_cards, e.boards, e.rounds) == (game.hole_count, game.boards, game.rounds)
    assert e.default_structure == game.default_betting.value
    assert e.forced.blinds is game.posts_blinds
    assert e.names.short == game.title
    assert set(e.structures) == {b.value for b in Betting}


@pytest.mark.parametrize("game", list(Game))
def test_a_table_games_seat_limits_are_what_the_rules_accept(game):
    low, high = GAMES[game.value].seats

    def config(n: int) -> HandConfig:
        return HandConfig(game, Betting.NO_LIMIT, (100,) * n, button=0, ante=1)

    assert config(high).dealt_in == (True,) * high
    assert config(low)
    with pytest.raises(SettingsError):
        config(high + 1)
    with pytest.raises(SettingsError):
        config(low - 1)


def test_ultimate_omaha_is_declared_as_its_rules_play_it():
    e = GAMES[catalogue.DEFAULT_GAME]
    assert e is catalogue.FLAGSHIP
    assert e.seats == (ultimate_rules.MIN_PLAYERS, ultimate_rules.MAX_PLAYERS)
    assert e.rounds == tuple(p.value for p in ultimate_rules.BETTING_PHASES)
    assert (e.hole_cards, e.family, e.history) == (ultimate_rules.HOLE_CARDS, Family.ULTIMATE,
                                                   None)
    assert not e.is_table_game and not e.bomb_pot and e.keys.last == 0


@pytest.mark.parametrize("game", list(Game))
def test_a_table_games_deck_division_and_evaluator_are_its_rules_record(game):
    """No copies: the entry holds the rules' own record, and what it says is read from it."""
    e = GAMES[game.value]
    assert e.rules is game.variant
    assert (e.division, e.evaluator) == (game.variant.division, game.variant.evaluator)
    assert e.deck == len(game.variant.deck) and e.draws == game.variant.draw_count
    assert e.keys.board == game.variant.layout.board_cards


def test_the_catalogue_keeps_no_division_or_evaluator_of_its_own():
    from rules import variants

    assert catalogue.Division is variants.Division
    assert catalogue.Evaluator is variants.Evaluator
    assert GAMES[catalogue.DEFAULT_GAME].division is None


def test_families_and_divisions_follow_the_deal():
    for e in GAMES.values():
        assert (e.family is Family.DRAW) == (e.boards == 0) == (e.draws > 0)
        assert (e.division is Division.PER_BOARD) == (e.boards == 2 and e.is_table_game)
        assert e.keys.own == (e.hole_cards if e.is_table_game else 0)
        assert (e.evaluator is None) == (e.rules is None) == (not e.is_table_game)


def test_a_bomb_pot_is_played_as_the_per_board_game_and_called_only_where_blinds_are():
    """A bomb pot is a board game's hand: not called at a draw table (2-7 Triple Draw posts
    blinds, but a hand of double-board Omaha is not a hand of it)."""
    bomb = GAMES[catalogue.BOMB_POT]
    assert bomb.division is Division.PER_BOARD and not bomb.bomb_pot
    assert {g for g, e in GAMES.items() if e.bomb_pot} == {
        g for g, e in GAMES.items()
        if e.is_table_game and e.forced.blinds and e.family is Family.BOARD}


def test_lookups_take_anything_a_peer_may_send():
    assert catalogue.entry(["holdem"]) is None and catalogue.entry(None) is None
    assert not catalogue.table_game({}) and catalogue.table_game("draw")
    assert catalogue.name("stud") == "stud" and catalogue.name("omaha") == "Pot-Limit Omaha"


def test_five_card_omaha_is_pot_limit_omaha_with_five_cards_and_ten_card_keys():
    e = GAMES["plo5"]
    assert (e.hole_cards, e.boards, e.seats, e.deck) == (5, 1, (2, 9), 52)
    assert e.title("no-limit") == "No-Limit 5-Card Omaha" and e.history.stars == "5 Card Omaha"
    assert e.keys.last == 10


def test_short_deck_holdem_deals_thirty_six_cards_and_is_pokerstars_six_plus_holdem():
    e = GAMES["shortdeck"]
    assert (e.hole_cards, e.boards, e.deck, e.default_structure) == (2, 1, 36, "no-limit")
    assert e.history.stars == "6+ Hold'em" and e.keys.last == 7


def test_triple_draw_is_lowball_with_three_draws_and_pokerstars_own_name():
    e = GAMES["triple-draw"]
    assert (e.family, e.draws, e.boards, e.seats) == (Family.DRAW, 3, 0, (2, 6))
    assert e.division is Division.LOWBALL and e.default_structure == "fixed-limit"
    assert e.forced.blinds and not e.forced.blinds_optional and not e.bomb_pot
    assert e.history.stars == "Triple Draw 2-7 Lowball" and e.keys.last == 5


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_id_is_one_the_room_carries_in_the_hosts_choice(game_id):
    """The host's pick travels as ``set_game``, whose shape the room checks without knowing
    any game: each id of the catalogue must pass (five-card PLO's id holds a digit)."""
    from room.messages import SetGame, parse_request

    sent = SetGame(game_id, {})
    assert parse_request(sent.to_wire()) == sent

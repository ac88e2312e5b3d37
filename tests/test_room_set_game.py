"""The host picks the game in the lobby (``set_game``): the room carries the choice to every
view and to the game it makes at Start, through the page's registry (a game id -> factory),
without importing any game."""

from __future__ import annotations

from typing import Any

import pytest
from room.errors import RoomError
from room.host import LOCAL_PEER, HostRoom, RoomPhase
from room.messages import SetGame, Start
from test_room_host import FakeGame, join, last_view, msgs, new_room, recv


class Registry:
    """A stand-in for ``games.registry.factory``: knows two games (None: its default,
    "ultimate"), records what it made."""

    def __init__(self, refuse: dict[str, str] | None = None) -> None:
        self.made: list[tuple[str, FakeGame]] = []
        self.refuse = refuse or {}

    def __call__(self, picked: str | None) -> Any:
        game_id = "ultimate" if picked is None else picked
        if game_id not in ("ultimate", "holdem"):
            raise RoomError(f"no game {game_id!r}", "game/unknown")

        def make() -> FakeGame:
            game = Picky(game_id=game_id, refuse=self.refuse)
            self.made.append((game_id, game))
            return game

        return make


class Picky(FakeGame):
    """A fake game that refuses the settings named in ``refuse`` (setting -> code)."""

    def __init__(self, game_id: str, refuse: dict[str, str]) -> None:
        super().__init__(game_id=game_id)
        self.refuse = refuse

    def configure(self, settings: Any) -> None:
        for name, code in self.refuse.items():
            if name in settings.game:
                raise RoomError(f"{name}: {settings.game[name]!r} is refused", code)
        super().configure(settings)


def table(registry: Registry) -> HostRoom:
    room = new_room(games=registry)
    join(room, LOCAL_PEER, "Hostie")
    join(room, "peer-1", "Bob")
    return room


def codes(outs: list[Any], peer: str) -> list[str]:
    return [m["code"] for m in msgs(outs, peer) if m["type"] == "error"]


def test_the_host_picks_a_game_everyone_sees_it_and_start_makes_that_game():
    registry = Registry()
    room = table(registry)
    settings = {"big_blind": 20, "small_blind": 10, "mode": "tournament"}
    outs = recv(room, LOCAL_PEER, SetGame("holdem", settings))
    for peer in (LOCAL_PEER, "peer-1"):
        seen = last_view(outs, peer)["settings"]
        assert (seen["game_id"], seen["game"]) == ("holdem", settings)
    recv(room, LOCAL_PEER, Start())
    ((game_id, game),) = registry.made
    assert game_id == "holdem" and room.game is game and room.phase is RoomPhase.PLAYING
    assert game.settings is not None and dict(game.settings.game) == settings


def test_an_untouched_room_plays_the_pages_default_game_with_no_game_settings():
    registry = Registry()
    room = table(registry)
    recv(room, LOCAL_PEER, Start())
    ((game_id, game),) = registry.made
    assert game_id == "ultimate" and game.settings is not None and dict(game.settings.game) == {}


@pytest.mark.parametrize(
    ("peer", "msg", "code"),
    [
        ("peer-1", SetGame("holdem", {}), "auth/not_host"),
        (LOCAL_PEER, SetGame("chess", {}), "game/unknown"),
    ],
)
def test_refused_choices_change_nothing(peer, msg, code):
    room = table(Registry())
    recv(room, LOCAL_PEER, SetGame("holdem", {"ante": 1}))
    outs = recv(room, peer, msg)
    assert codes(outs, peer) == [code]
    assert (room.game_id, room.game_settings) == ("holdem", {"ante": 1})


def test_while_playing_the_same_game_takes_new_settings_the_game_judges():
    """(A change to another game while one runs: tests/test_table_host.py, with real games.)"""
    registry = Registry(refuse={"big_blind": "settings/small_blind"})
    room = table(registry)
    recv(room, LOCAL_PEER, Start())
    ((_, game),) = registry.made
    outs = recv(room, LOCAL_PEER, SetGame("ultimate", {"ante": 3}))
    assert codes(outs, LOCAL_PEER) == [] and dict(game.settings.game) == {"ante": 3}
    outs = recv(room, LOCAL_PEER, SetGame("ultimate", {"big_blind": 1}))
    assert codes(outs, LOCAL_PEER) == ["settings/small_blind"]
    assert room.game_settings == {"ante": 3} and dict(game.settings.game) == {"ante": 3}
    assert room.game is game and room.next_game is None and len(registry.made) == 1


def test_a_room_made_with_one_game_cannot_switch():
    room = new_room(game_factory=FakeGame)
    join(room, LOCAL_PEER, "Hostie")
    outs = recv(room, LOCAL_PEER, SetGame("holdem", {}))
    assert codes(outs, LOCAL_PEER) == ["game/unknown"] and room.game_id is None


def test_settings_the_game_refuses_at_start_come_back_to_the_host_by_name():
    registry = Registry(refuse={"big_blind": "settings/small_blind"})
    room = table(registry)
    recv(room, LOCAL_PEER, SetGame("holdem", {"big_blind": 3}))
    outs = recv(room, LOCAL_PEER, Start())
    assert codes(outs, LOCAL_PEER) == ["settings/small_blind"]
    assert "big_blind: 3" in msgs(outs, LOCAL_PEER)[0]["detail"]
    assert room.phase is RoomPhase.LOBBY and room.game is None
    outs = recv(room, LOCAL_PEER, SetGame("holdem", {}))  # fixed: the next Start plays
    recv(room, LOCAL_PEER, Start())
    assert room.phase is RoomPhase.PLAYING


def test_a_reload_keeps_the_choice_and_restores_the_chosen_game():
    registry = Registry()
    room = table(registry)
    recv(room, LOCAL_PEER, SetGame("holdem", {"ante": 2}))
    recv(room, LOCAL_PEER, Start())
    again = HostRoom.restore(room.snapshot(), 5_000, games=registry)
    assert (again.game_id, again.game_settings) == ("holdem", {"ante": 2})
    assert [g for g, _ in registry.made] == ["holdem", "holdem"]
    assert again.game is registry.made[-1][1] and again.game.hands == 1


def test_a_successor_room_keeps_the_game_of_the_last_view():
    registry = Registry()
    room = table(registry)
    outs = recv(room, LOCAL_PEER, SetGame("holdem", {"ante": 2}))
    view = last_view(outs, "peer-1")
    token = "secret-token-peer-1".ljust(20, "z")
    nxt = HostRoom.from_succession(view, token, 9_000, games=registry)
    assert (nxt.game_id, nxt.game_settings) == ("holdem", {"ante": 2})
    assert nxt.phase is RoomPhase.LOBBY


def test_a_successor_room_drops_a_waiting_game_this_page_does_not_have():
    """Losing the room over a change of game it cannot make would be worse: it goes on."""
    registry = Registry()
    room = table(registry)
    view = last_view(recv(room, LOCAL_PEER, SetGame("holdem", {"ante": 2})), "peer-1")
    view["settings"]["next_game"] = {"game_id": "chess", "game": {}}
    nxt = HostRoom.from_succession(view, "secret-token-peer-1".ljust(20, "z"), 9_000,
                                   games=registry)
    assert (nxt.game_id, nxt.game_settings) == ("holdem", {"ante": 2})

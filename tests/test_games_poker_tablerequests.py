"""The table games' declaration of their table requests (``games.poker.tablerequests``):
the session refuses what the declaration does not allow, with a precise code and changing
nothing, and every declared request has its handler."""

from __future__ import annotations

import contextlib
import json

import pytest
from games.poker import PokerGame
from games.poker.tablerequests import TABLE_REQUESTS, Carry, check, host_words
from poker_shapes import Tab
from room.errors import RoomError
from test_games_poker_session import table


def state(g: PokerGame) -> str:
    return json.dumps(g.snapshot(), sort_keys=True)


@pytest.mark.parametrize(
    ("request_", "code", "detail"),
    [
        (Tab("rebuy", 100), "game/illegal", "'rebuy'"),
        (Tab("cash_out"), "game/illegal", "'cash_out'"),
        (Tab("buy_in"), "msg/bad_field", "table.amount"),
        (Tab("buy_in", 500, "p1"), "msg/bad_field", "table.player"),
        (Tab("sit_out", 5), "msg/bad_field", "table.amount"),
        (Tab("post", None, "p2"), "msg/bad_field", "table.player"),
        (Tab("pause", None, "p1"), "msg/bad_field", "table.player"),
        (Tab("bomb_pot", 40, "p1"), "msg/bad_field", "table.player"),
        (Tab("bomb_pot_off", 5), "msg/bad_field", "table.amount"),
        (Tab("set_stack", 10), "msg/bad_field", "table.player"),
        (Tab("set_stack", None, "p2"), "msg/bad_field", "table.amount"),
    ],
)
def test_an_ill_formed_or_unknown_table_request_is_refused_and_changes_nothing(
    request_, code, detail
):
    g = table(3)
    before = state(g)
    for pid in ("p0", "p1"):  # the host's and a guest's alike: the shape is not who asks
        with pytest.raises(RoomError) as refused:
            g.handle_table(pid, request_)
        assert refused.value.code == code and detail in refused.value.detail
        assert state(g) == before


@pytest.mark.parametrize("action", sorted(TABLE_REQUESTS))
def test_every_declared_request_has_its_handler(action):
    """A declared request reaches code that handles it: it may be refused for the table's
    state (a RoomError), never fall through to the bug branch."""
    kind = TABLE_REQUESTS[action]
    request = Tab(action, 500 if kind.amount is Carry.MUST else None,
                  "p1" if kind.player is Carry.MUST else None)
    assert check(request) is kind
    g = table(3)
    with contextlib.suppress(RoomError):
        g.handle_table("p0", request)


def test_the_host_only_requests_are_the_declared_ones_and_the_session_says_so():
    g = table(3)
    hosts = {name for name, kind in TABLE_REQUESTS.items() if kind.host is not None}
    assert hosts == {"pause", "resume", "bomb_pot", "bomb_pot_off", "set_stack"}
    for name in TABLE_REQUESTS:
        assert g.table_host_only(name) == host_words(name) == TABLE_REQUESTS[name].host
    assert g.table_host_only("nap") is None  # unknown: handle_table refuses it

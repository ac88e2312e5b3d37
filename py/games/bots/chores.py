"""What a bot does at a table game outside its turns so as to play at all: buying chips.

A cash table seats a newcomer with no chips (they buy in at the table), and a player who lost
their stack must buy again: a person clicks Buy in, a bot asks for the buy-in the table
suggests, read from its own view (``you.buy_in``, the table's bounds for this player now). A
tournament has no buy-ins (the view offers none), and a bot with chips tops nothing up.

>>> view = {"you": "p2", "game": {"seats": [{"id": "p2", "stack": 0}],
...         "you": {"buy_in": {"from": 400, "to": 2500, "suggested": 1000}}}}
>>> table_chore(view, Level.CASUAL)
Move(action='buy_in', amount=1000, cards=(), table=True)
>>> view["game"]["seats"][0]["stack"] = 5
>>> table_chore(view, Level.CASUAL) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from room.bots import Level, Move

from games import catalogue

BUY_IN = "buy_in"
"""The table request that buys chips (``games.poker.tablerequests``)."""
RUN_TWICE, RUN_ONCE, MUCK_ON = "run_twice", "run_once", "muck_on"
"""The table requests that answer run it twice and muck losing hands."""
PICK = "pick_game"
"""The table request of the button's pick at a dealer's-choice table."""
PICK_GAMES = catalogue.TABLE_ORDER
"""The games a pick numbers (``games.poker.extras.PICK_GAMES``)."""


def table_chore(view: Mapping[str, Any], level: Level) -> Move | None:
    """At a dealer's-choice table, the default game when it is this bot's pick
    (:func:`pick_chore`); else the answer to a question the table asks it (:func:`answer`);
    else the buy-in the table suggests when its stack is empty; else None."""
    game, me = view.get("game"), view.get("you")
    if not isinstance(game, Mapping):
        return None
    picked = pick_chore(game, me)  # first: the table waits on it
    if picked is not None:
        return picked
    asked = answer(game, me)
    if asked is not None:
        return asked
    you, seats = game.get("you"), game.get("seats")
    offer = you.get("buy_in") if isinstance(you, Mapping) else None
    if not isinstance(offer, Mapping) or not isinstance(seats, list):
        return None
    stack = next((s.get("stack") for s in seats if isinstance(s, Mapping) and s.get("id") == me),
                 None)
    if stack != 0:
        return None
    low, high, suggested = offer.get("from"), offer.get("to"), offer.get("suggested")
    amount = suggested if isinstance(suggested, int) else low
    if not isinstance(amount, int) or not isinstance(high, int) or amount > high:
        return None
    return Move(BUY_IN, amount, table=True)


def answer(game: Mapping[str, Any], me: object) -> Move | None:
    """The bots' answers to the table's questions outside a turn (the view's ``choices``,
    ``static/rules/table-games.md``): asked to run it twice, a bot agrees when it is all in
    itself (it has the most to lose from one runout) and declines when it covers; it mucks
    its losing hands (asked for once, when its view says it does not).

    >>> g = {"seats": [{"id": "p2", "stack": 0}], "choices": {"twice": {"you": True},
    ...      "muck": True}}
    >>> answer(g, "p2")
    Move(action='run_twice', amount=None, cards=(), table=True)
    >>> g["seats"][0]["stack"] = 500
    >>> answer(g, "p2").action
    'run_once'
    >>> answer({"seats": [], "choices": {"twice": None, "muck": False}}, "p2").action
    'muck_on'
    """
    choices = game.get("choices")
    if not isinstance(choices, Mapping):
        return None
    twice = choices.get("twice")
    if isinstance(twice, Mapping) and twice.get("you") is True:
        seats = game.get("seats")
        stack = next((s.get("stack") for s in seats if isinstance(s, Mapping)
                      and s.get("id") == me), None) if isinstance(seats, list) else None
        return Move(RUN_TWICE if stack == 0 else RUN_ONCE, table=True)
    if choices.get("muck") is False:
        return Move(MUCK_ON, table=True)
    return None
def pick_chore(game: Mapping[str, Any], me: object) -> Move | None:
    """A bot on the button of a dealer's-choice table picks the default game at once
    (``static/rules/table-games.md#dealers-choice``), so the table does not wait out the
    pick's time: the game's number in the catalogue's table games, as ``pick_game`` reads it.

    >>> pick = {"picker": "p2", "game": None, "default": "omaha", "games": ["omaha"]}
    >>> pick_chore({"pick": pick}, "p2")
    Move(action='pick_game', amount=1, cards=(), table=True)
    >>> pick_chore({"pick": pick}, "p3") is None
    True
    """
    pick = game.get("pick")
    if not isinstance(pick, Mapping) or pick.get("picker") != me or pick.get("game") is not None:
        return None
    default = pick.get("default")
    return Move(PICK, PICK_GAMES.index(default), table=True) if default in PICK_GAMES else None

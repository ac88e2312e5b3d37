"""What a bot does at a table game outside its turns: buying chips, answering the table's
questions, and the standing choices a good home-game player makes
(``static/rules/table-games.md#bots``).

A cash table seats a newcomer with no chips (they buy in at the table), and a player who lost
their stack must buy again: a person clicks Buy in, a bot asks for the buy-in the table
suggests, read from its own view (``you.buy_in``, the table's bounds for this player now). A
tournament has no buy-ins (the view offers none), and a bot with chips tops nothing up. Every
choice here is a function of the bot's own view, its level and its secret seed: the same
three give the same move.

>>> view = {"you": "p2", "game": {"seats": [{"id": "p2", "stack": 0}],
...         "you": {"buy_in": {"from": 400, "to": 2500, "suggested": 1000}}}}
>>> table_chore(view, Level.CASUAL)
Move(action='buy_in', amount=1000, cards=(), table=True)
>>> view["game"]["seats"][0]["stack"] = 5
>>> table_chore(view, Level.CASUAL) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from room.bots import Level, Move

from games import catalogue

BUY_IN = "buy_in"
"""The table request that buys chips (``games.poker.tablerequests``)."""
RUN_TWICE, MUCK_ON = "run_twice", "muck_on"
"""The table requests that agree to run it twice and muck losing hands."""
PICK = "pick_game"
"""The table request of the button's pick at a dealer's-choice table."""
PICK_GAMES = catalogue.TABLE_ORDER
"""The games a pick numbers (``games.poker.extras.PICK_GAMES``)."""
STRADDLE_ON, STRADDLE_OFF = "straddle_on", "straddle_off"
"""The table requests of a standing straddle."""
STRADDLE_RATE = {Level.CASUAL: 0.35, Level.STRONG: 0.1}
"""How often a bot holds a standing straddle, by level: a straddle is a blind bet out of
position, a small loss in the long run that livens the game, so a strong player makes it
rarely and a casual one more often."""
STRADDLE_DEPTH = {Level.CASUAL: 20, Level.STRONG: 40}
"""The least stack, in big blinds, at which a bot straddles: short, a straddle of two big
blinds is too much of it."""
ORBIT = 6
"""Hands a bot keeps its straddle choice for (about one turn of the button round a full
table): drawn once per this many hands, so it is not switched on and off hand by hand."""
PICK_OWN = 0.5
"""How often a casual bot on the button picks the table's own game (the default); otherwise
another game offered, at random, for the variety dealer's choice is played for."""


def table_chore(view: Mapping[str, Any], level: Level, seed: int = 0) -> Move | None:
    """At a dealer's-choice table, the bot's pick when it is its pick (:func:`pick_chore`);
    else the answer to a question the table asks it (:func:`answer`); else the buy-in the
    table suggests when its stack is empty; else its standing straddle (:func:`straddle_chore`)
    when it differs from what it wants; else None."""
    game, me = view.get("game"), view.get("you")
    if not isinstance(game, Mapping):
        return None
    picked = pick_chore(game, me, level, seed)  # first: the table waits on it
    if picked is not None:
        return picked
    asked = answer(game, me)
    if asked is not None:
        return asked
    you = game.get("you")
    offer = you.get("buy_in") if isinstance(you, Mapping) else None
    stack = _seat(game, me).get("stack")
    if isinstance(offer, Mapping) and stack == 0:
        low, high, suggested = offer.get("from"), offer.get("to"), offer.get("suggested")
        amount = suggested if isinstance(suggested, int) else low
        if isinstance(amount, int) and isinstance(high, int) and amount <= high:
            return Move(BUY_IN, amount, table=True)
        return None
    return straddle_chore(game, me, level, seed)


def _seat(game: Mapping[str, Any], me: object) -> Mapping[str, Any]:
    """The bot's own seat in its view (empty when it has none)."""
    seats = game.get("seats")
    if not isinstance(seats, list):
        return {}
    return next((s for s in seats if isinstance(s, Mapping) and s.get("id") == me), {})


def straddle_chore(game: Mapping[str, Any], me: object, level: Level,
                   seed: int) -> Move | None:
    """The bot's standing straddle at a table that plays it
    (``static/rules/table-games.md#straddle``): held in a share :data:`STRADDLE_RATE` of the
    runs of :data:`ORBIT` hands, drawn from its seed and the run's number, and only with at
    least :data:`STRADDLE_DEPTH` big blinds at the start of the hand. The request when the
    view shows otherwise; None when it already stands as the bot wants.

    >>> game = {"hand_no": 3, "blinds": [5, 10], "extras": {"straddle": True},
    ...         "straddling": False, "seats": [{"id": "p2", "hand_start": 120}]}
    >>> straddle_chore(game, "p2", Level.CASUAL, 1) is None  # 12 big blinds: too short
    True
    >>> game["straddling"] = True
    >>> straddle_chore(game, "p2", Level.CASUAL, 1).action
    'straddle_off'
    """
    extras = game.get("extras")
    if not isinstance(extras, Mapping) or extras.get("straddle") is not True:
        return None
    seat, blinds, hand_no = _seat(game, me), game.get("blinds"), game.get("hand_no")
    start = seat.get("hand_start", seat.get("stack"))
    big = blinds[-1] if isinstance(blinds, list) and blinds else None
    if not seat or type(start) is not int or type(big) is not int or type(hand_no) is not int:
        return None
    draw = random.Random(f"{seed}/straddle/{hand_no // ORBIT}").random()
    want = start >= STRADDLE_DEPTH[level] * max(big, 1) and draw < STRADDLE_RATE[level]
    if want == (game.get("straddling") is True):
        return None
    return Move(STRADDLE_ON if want else STRADDLE_OFF, table=True)


def answer(game: Mapping[str, Any], me: object) -> Move | None:
    """The bots' answers to the table's questions outside a turn (the view's ``choices``,
    ``static/rules/table-games.md``): asked to run it twice, a bot agrees, all in or covering
    (two runouts change no one's expectation, only the swing, and the table asked for them);
    it mucks its losing hands (asked for once, when its view says it does not).

    >>> g = {"seats": [{"id": "p2", "stack": 0}], "choices": {"twice": {"you": True},
    ...      "muck": True}}
    >>> answer(g, "p2")
    Move(action='run_twice', amount=None, cards=(), table=True)
    >>> answer({"seats": [], "choices": {"twice": None, "muck": False}}, "p2").action
    'muck_on'
    """
    choices = game.get("choices")
    if not isinstance(choices, Mapping):
        return None
    twice = choices.get("twice")
    if isinstance(twice, Mapping) and twice.get("you") is True:
        return Move(RUN_TWICE, table=True)
    if choices.get("muck") is False:
        return Move(MUCK_ON, table=True)
    return None


def pick_chore(game: Mapping[str, Any], me: object, level: Level = Level.STRONG,
               seed: int = 0) -> Move | None:
    """A bot on the button of a dealer's-choice table picks at once
    (``static/rules/table-games.md#dealers-choice``), so the table does not wait out the
    pick's time: a strong bot the table's own game (the default), a casual one that game in a
    share :data:`PICK_OWN` of its picks and otherwise another game offered, drawn from its seed
    and the hand number. The game's number in the catalogue's table games, as ``pick_game``
    reads it.

    >>> pick = {"picker": "p2", "game": None, "default": "omaha", "games": ["omaha"]}
    >>> pick_chore({"pick": pick}, "p2")
    Move(action='pick_game', amount=1, cards=(), table=True)
    >>> pick_chore({"pick": pick}, "p3") is None
    True
    """
    pick = game.get("pick")
    if not isinstance(pick, Mapping) or pick.get("picker") != me or pick.get("game") is not None:
        return None
    default, offered = pick.get("default"), pick.get("games")
    if default not in PICK_GAMES:
        return None
    others = [g for g in offered if g in PICK_GAMES and g != default] if isinstance(
        offered, list) else []
    chosen = default
    if level is Level.CASUAL and others:
        rng = random.Random(f"{seed}/pick/{pick.get('hand_no')}")
        if rng.random() >= PICK_OWN:
            chosen = rng.choice(others)
    return Move(PICK, PICK_GAMES.index(chosen), table=True)

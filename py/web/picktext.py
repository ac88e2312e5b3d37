"""The home-game extras at the table, in words: the button's pick of the next hand's game at a
dealer's-choice table, and a player's standing straddle (``static/rules/table-games.md``,
"Dealer's choice", "Straddle"). Pure functions of the view, so CPython tests pin them; the page
(:mod:`web.choicepicker`) only draws what they say.

Nothing here decides a rule: the games offered, who picks, the default and the time left are
the view's ``pick`` (``games.poker.extras``); whether the table plays the straddle is its
``extras``. The game a ``pick_game`` request names travels as its number in :data:`PICK_GAMES`
(the catalogue's table games in order, the same tuple the session reads).

>>> game = {"pick": {"hand_no": 4, "picker": "p2", "games": ["holdem", "draw"],
...                  "default": "holdem", "game": None, "left_ms": 12_400},
...         "seats": [{"id": "p2", "name": "Bo"}]}
>>> card = pick_card(game, "p2")
>>> card.mine, card.options
(True, ((0, "Texas Hold'em"), (4, '5-Card Draw')))
>>> card.line
"Your pick: the game of hand 4. Texas Hold'em if you do not pick within 13 seconds."
>>> pick_card(game, "p1").line
'Bo is picking the game of hand 4: 13 seconds left.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games import catalogue

PICK_GAMES = catalogue.TABLE_ORDER
"""The games a ``pick_game`` request's amount numbers (``games.poker.extras.PICK_GAMES``)."""


@dataclass(frozen=True)
class PickCard:
    """What the pick card shows: whether this viewer picks, the games offered as (number,
    name), the number selected (the pick so far, else the default), and the line to read."""

    mine: bool
    options: tuple[tuple[int, str], ...]
    selected: int
    line: str


def _number(game_id: object) -> int | None:
    return PICK_GAMES.index(game_id) if game_id in PICK_GAMES else None


def _seconds(ms: object) -> int:
    return (ms + 999) // 1000 if type(ms) is int and ms > 0 else 0


def _name_of(game: Mapping[str, object], pid: object) -> str:
    seats = game.get("seats")
    for s in seats if isinstance(seats, list) else []:
        if isinstance(s, Mapping) and s.get("id") == pid:
            return str(s.get("name", pid))
    return "The button"


def pick_card(game: Mapping[str, object], you: object) -> PickCard | None:
    """The pick card for viewer ``you`` (None when no pick is open)."""
    pick = game.get("pick")
    if not isinstance(pick, Mapping) or not isinstance(pick.get("games"), list):
        return None
    options = tuple((n, catalogue.name(g)) for g in pick["games"]
                    if (n := _number(g)) is not None)
    default, chosen = pick.get("default"), pick.get("game")
    selected = _number(chosen) if chosen is not None else _number(default)
    if not options or selected is None:
        return None
    mine = pick.get("picker") == you
    hand = pick.get("hand_no")
    timed = type(pick.get("left_ms")) is int  # None: no limit (the turn timer is off)
    left = _seconds(pick.get("left_ms"))
    seconds = f"{left} second{'' if left == 1 else 's'}"
    what = f"the game of hand {hand}" if type(hand) is int else "the next hand's game"
    if chosen is not None:
        who = "You" if mine else _name_of(game, pick.get("picker"))
        line = f"{who} picked {catalogue.name(chosen)} for {what.removeprefix('the game of ')}."
    elif mine:
        line = (f"Your pick: {what}. {catalogue.name(default)} if you do not pick "
                f"{f'within {seconds}' if timed else 'before the host deals'}.")
    else:
        line = (f"{_name_of(game, pick.get('picker'))} is picking {what}"
                f"{f': {seconds} left' if timed else ''}.")
    return PickCard(mine, options, selected, line)


def later(game: Mapping[str, object], elapsed_ms: float) -> Mapping[str, object]:
    """``game`` with its pick's time left less ``elapsed_ms`` (the page counts down between
    views).

    >>> later({"pick": {"left_ms": 15_000}}, 2_500)["pick"]
    {'left_ms': 12500}
    """
    pick = game.get("pick")
    left = pick.get("left_ms") if isinstance(pick, Mapping) else None
    if not isinstance(pick, Mapping) or type(left) is not int:
        return game
    return {**game, "pick": {**pick, "left_ms": max(0, left - int(elapsed_ms))}}


def pick_news(before: Mapping[str, object] | None, game: Mapping[str, object],
              you: object) -> list[str]:
    """What to announce about the pick: that it is this viewer's turn to pick (once, when it
    opens), and the pick once made.

    >>> open_ = {"pick": {"hand_no": 4, "picker": "p2", "games": ["holdem", "omaha"],
    ...                   "default": "holdem", "game": None, "left_ms": 15000}, "seats": []}
    >>> pick_news({}, open_, "p2")
    ["Your pick: the game of hand 4. Texas Hold'em if you do not pick within 15 seconds."]
    >>> made = {"pick": {**open_["pick"], "game": "omaha"}, "seats": [{"id": "p2", "name": "Bo"}]}
    >>> pick_news(open_, made, "p1")
    ['Bo picked Pot-Limit Omaha for hand 4.']
    """
    card = pick_card(game, you)
    if card is None:
        return []
    was = before.get("pick") if before is not None else None
    was_pick = was if isinstance(was, Mapping) else {}
    pick = game.get("pick")
    assert isinstance(pick, Mapping)
    if pick.get("game") is not None and pick.get("game") != was_pick.get("game"):
        return [card.line]
    if card.mine and was_pick.get("hand_no") != pick.get("hand_no"):
        return [card.line]
    return []


def straddle_offer(game: Mapping[str, object]) -> bool | None:
    """The viewer's standing straddle (True: on) when the table plays the straddle, else None.

    >>> straddle_offer({"extras": {"straddle": True}, "straddling": False})
    False
    >>> straddle_offer({"extras": {"straddle": False}}) is None
    True
    """
    extras = game.get("extras")
    if not isinstance(extras, Mapping) or extras.get("straddle") is not True:
        return None
    return game.get("straddling") is True


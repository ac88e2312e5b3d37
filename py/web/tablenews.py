"""What the host did to the table, said once to everyone in words: a change of game (picked
for the next hand, then played), a pause and a resume, a tournament's blinds going up, and a
stack the host set. Pure (CPython tests pin it); the session puts the words in the page's
live notice (:func:`web.dom.notice`), on every screen, so guests hear what the host did and
read it at the top of the page.

Each is found by comparing a view with the one before it, so it is said once: a re-sent view
says nothing, and the first view (a page just opened or reloaded) says nothing either — it
announces what changed, not what is.

>>> before = {"settings": {"game_id": "holdem", "next_game": None},
...           "game": {"game": "holdem", "paused": False}}
>>> after = {"settings": {"game_id": "holdem", "next_game": {"game_id": "draw"}},
...          "game": {"game": "holdem", "paused": True}}
>>> for line in news(before, after): print(line)
The host picked 5-Card Draw for the next hand.
The host paused the table: no new hand is dealt until they resume.
>>> news(after, after), news(None, after)
([], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import catalogue

from web.viewdata import array, integer, mapping, number, part

NEWS_MS = 6_000
"""How long the host's news stays at the top of the page: long enough to read it (the live
region has said it already), short of holding a phone's screen above the table all hand."""


def hand_of(view: Mapping[str, object]) -> int:
    """The game's hand number in ``view`` (0 before the first)."""
    return number(part(view, "game"), "hand_no")


@dataclass(frozen=True)
class Said:
    """The host's news on top of the page: its words, when it was said (page ms), and the
    hand it was said at.

    >>> said = Said("Now playing 5-Card Draw.", 1_000, 4)
    >>> view = {"game": {"hand_no": 4}}
    >>> said.faded(view, 2_000), said.faded(view, 1_000 + NEWS_MS)
    (False, True)
    >>> said.faded({"game": {"hand_no": 5}}, 2_000)  # the next hand started
    True
    """

    text: str
    at_ms: int
    hand_no: int

    def faded(self, view: Mapping[str, object], now_ms: int) -> bool:
        """Whether it has had its few seconds, or a later hand has started since."""
        return now_ms - self.at_ms >= NEWS_MS or hand_of(view) > self.hand_no


def news(before: Mapping[str, object] | None, view: Mapping[str, object],
         is_host: bool = False) -> list[str]:
    """What changed from ``before`` (the view last shown; None: nothing yet) to ``view``.
    The host's own panel already says (in its status regions) the game picked and the
    pause it made, so the host is not told those twice."""
    if before is None or before.get("phase") == "lobby":
        return []  # nothing said of a table just opened (the Start says it all)
    picked = _game_news(before, view)
    if is_host:  # (a pick set aside is no news to the host: they set it aside)
        picked = [line for line in picked if line.startswith("Now playing")]
    bomb = _bomb_news(before, view)
    if is_host:  # the host called it (their panel says so); a change of game calling it off
        bomb = [line for line in bomb if "cannot be played" in line]  # is news to them too
    return [*picked, *([] if is_host else _pause_news(before, view)), *bomb,
            *_level_news(before, view), *_stack_news(before, view)]


def _name(game_id: Any) -> str:
    return catalogue.name(game_id)


def _game_news(before: Mapping[str, object], view: Mapping[str, object]) -> list[str]:
    """A change of game: picked for the next hand, called off, then played."""
    was, now = part(before, "settings"), part(view, "settings")
    played_was = part(before, "game").get("game")
    played = part(view, "game").get("game")
    if played is not None and played_was is not None and played != played_was:
        return [f"Now playing {_name(played)}."]
    upcoming = part(now, "next_game").get("game_id")
    upcoming_was = part(was, "next_game").get("game_id")
    if upcoming == upcoming_was:
        return []
    if upcoming is None:
        return [f"The host called off the change of game: {_name(played)} goes on."]
    return [f"The host picked {_name(upcoming)} for the next hand{_set_aside(before, view)}."]


def _set_aside(before: Mapping[str, object], view: Mapping[str, object]) -> str:
    """The button's pick the host's change of game sets aside
    (``static/rules/table-games.md#dealers-choice``): the words to add, or none.

    >>> pick = {"picker": "p2", "game": "omaha", "hand_no": 7}
    >>> was = {"game": {"pick": pick, "seats": [{"id": "p2", "name": "Bo"}]}}
    >>> _set_aside(was, {"game": {"pick": None}})
    ': Bo picked Pot-Limit Omaha; that pick is set aside'
    >>> _set_aside({"game": {"pick": {**pick, "game": None}}}, {"game": {"pick": None}})
    ": the button's pick is set aside"
    """
    pick = part(part(before, "game"), "pick")
    if not pick or part(part(view, "game"), "pick"):
        return ""  # no pick was open, or it still stands
    if pick.get("game") is None:
        return ": the button's pick is set aside"
    picker = pick.get("picker")
    seats = array(part(before, "game"), "seats")
    who = "you" if picker == view.get("you") else next(
        (str(s.get("name")) for s in seats if isinstance(s, Mapping) and s.get("id") == picker
         and s.get("name")), "the button")
    return f": {who} picked {_name(pick.get('game'))}; that pick is set aside"


def _pause_news(before: Mapping[str, object], view: Mapping[str, object]) -> list[str]:
    game, was = part(view, "game"), part(before, "game")
    if game.get("game") != was.get("game") or "paused" not in game:
        return []
    if game.get("paused") is True and was.get("paused") is not True:
        return ["The host paused the table: no new hand is dealt until they resume."]
    if game.get("paused") is not True and was.get("paused") is True:
        return ["The host resumed the table."]
    return []


def _bomb_news(before: Mapping[str, object], view: Mapping[str, object]) -> list[str]:
    """A bomb pot called for the next hand, or called off (by the host, or by a change of
    game to one that cannot play it). Dealt, it needs no news: the deal says it; while its
    deal waits for the players' nonces (phase ``dealing``) the view shows the ante of the
    bomb pot being dealt (the host's, or the one every N hands), which is no call either.

    >>> holdem = {"game": {"game": "holdem", "hand_no": 4, "bomb_next": None}}
    >>> called = {"game": {"game": "holdem", "hand_no": 4, "bomb_next": 30}}
    >>> _bomb_news(holdem, called)
    ['The host called a bomb pot for the next hand: everyone antes 30 chips, two boards.']
    >>> _bomb_news(called, {"game": {"game": "draw", "hand_no": 5, "bomb_next": None,
    ...                              "hand_game": "draw"}})
    ['The bomb pot is called off: it cannot be played at 5-Card Draw.']
    >>> _bomb_news(called, {"game": {"game": "holdem", "hand_no": 5, "bomb_next": None,
    ...                              "hand_game": "bomb-double"}})
    []
    >>> _bomb_news(called, holdem)
    ['The host called off the bomb pot.']
    >>> dealing = {"game": {"game": "holdem", "hand_no": 5, "phase": "dealing", "bomb_next": 10}}
    >>> _bomb_news(holdem, dealing), _bomb_news(dealing, {"game": {
    ...     "game": "holdem", "hand_no": 5, "bomb_next": None, "hand_game": "bomb-double"}})
    ([], [])
    """
    game, was = part(view, "game"), part(before, "game")
    if "dealing" in (game.get("phase"), was.get("phase")):
        return []  # the bomb pot being dealt (its nonce round): no call, no calling off
    bomb, bomb_was = game.get("bomb_next"), was.get("bomb_next")
    if type(bomb) is int and bomb != bomb_was:
        return [f"The host called a bomb pot for the next hand: everyone antes {bomb:,} "
                "chips, two boards."]
    if bomb is not None or type(bomb_was) is not int:
        return []
    if game.get("game") != was.get("game") and game.get("hand_game") != catalogue.BOMB_POT:
        return [f"The bomb pot is called off: it cannot be played at "
                f"{_name(game.get('game'))}."]
    if game.get("hand_no") == was.get("hand_no"):
        return ["The host called off the bomb pot."]
    return []


def _level_news(before: Mapping[str, object], view: Mapping[str, object]) -> list[str]:
    """A tournament's blinds going up (said when the first hand of the new level is dealt)."""
    t = part(part(view, "game"), "tournament")
    t_was = part(part(before, "game"), "tournament")
    level, level_was = t.get("level"), t_was.get("level")
    if type(level) is not int or type(level_was) is not int or level <= level_was:
        return []
    words = f"small blind {integer(t.get('small')):,}, big blind {integer(t.get('big')):,}"
    if number(t, "ante"):
        words += f", ante {integer(t.get('ante')):,}"
    return [f"Blinds are up to level {level + 1}: {words}."]


def _stack_news(before: Mapping[str, object], view: Mapping[str, object]) -> list[str]:
    """A stack the host set between hands (the ledger's ``edited`` chips moved)."""
    rows = _rows(view)
    rows_was = _rows(before)
    if not rows_was or part(view, "game").get("game") != mapping(
            before.get("game")).get("game"):
        return []
    out = []
    for pid, row in rows.items():
        was = rows_was.get(pid)
        if was is None or number(row, "edited") == number(was, "edited"):
            continue
        out.append(f"The host set {row.get('name', '?')}'s stack to "
                   f"{integer(row.get('stack')):,} chips.")
    return out


def _rows(view: Mapping[str, object]) -> dict[str, Mapping[str, object]]:
    ledger = part(part(view, "game"), "ledger")
    return {str(r.get("id")): r for r in array(ledger, "rows") if isinstance(r, Mapping)}


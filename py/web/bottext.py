"""A bot in words: its kind and level as the page names it ("casual bot"), the host's list of
bots, and what changed among them for the live region. Pure functions of the room's view
(``players[i].kind`` and ``level``); :mod:`web.bots` draws them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LEVELS = ("casual", "strong")
"""The levels the host may pick (``room.bots.Level``'s values), as the page offers them."""
LEVEL_WORDS = {"casual": "casual", "strong": "strong"}


def is_bot(player: Mapping[str, Any]) -> bool:
    """Whether a player row of the room's view is a bot's."""
    return player.get("kind") == "bot"


def bot_words(player: Mapping[str, Any]) -> str:
    """A bot's kind and level in words ("casual bot"), '' for a person.

    >>> bot_words({"kind": "bot", "level": "strong"}), bot_words({"kind": "human"})
    ('strong bot', '')
    >>> bot_words({"kind": "bot", "level": "<b>"})
    'bot'
    """
    if not is_bot(player):
        return ""
    level = LEVEL_WORDS.get(str(player.get("level")))
    return f"{level} bot" if level else "bot"


def bot_rows(view: Mapping[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(id, name, words, leaving) of every bot seated in the room's view, in seat order.

    >>> bot_rows({"players": [{"id": "p1", "name": "Ann", "kind": "human"},
    ...     {"id": "p2", "name": "Casual bot 1", "kind": "bot", "level": "casual",
    ...      "leaving": True}, "junk"]})
    [('p2', 'Casual bot 1', 'casual bot', True)]
    """
    players = view.get("players")
    return [(str(p.get("id", "")), str(p.get("name", "")), bot_words(p),
             p.get("leaving") is True)
            for p in (players if isinstance(players, list) else [])
            if isinstance(p, Mapping) and is_bot(p)]


def bot_news(before: list[tuple[str, str, str, bool]],
             after: list[tuple[str, str, str, bool]]) -> str:
    """What changed among the bots, in words, for the live region ('' for nothing).

    >>> a = ("p2", "Casual bot 1", "casual bot", False)
    >>> bot_news([], [a])
    'Casual bot 1 sat down, a casual bot.'
    >>> bot_news([a], [a[:3] + (True,)])
    'Casual bot 1 leaves at the end of this hand.'
    >>> bot_news([a], [])
    'Casual bot 1 left the table.'
    """
    old = {row[0]: row for row in before}
    new = {row[0]: row for row in after}
    said = [f"{row[1]} sat down, a {row[2]}." for pid, row in new.items() if pid not in old]
    said += [f"{row[1]} leaves at the end of this hand." for pid, row in new.items()
             if pid in old and row[3] and not old[pid][3]]
    said += [f"{row[1]} left the table." for pid, row in old.items() if pid not in new]
    return " ".join(said)

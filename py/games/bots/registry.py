"""Which brain plays which game: the catalogue's ``brain`` field, imported only when a bot sits
at that game (a brain may load the evaluator and its tables; the lobby never needs them).

The page hands :func:`brain_for` and :func:`chores_for` to ``room.botdriver.BotDriver``, as it
hands the room a game's factory from ``games.registry``: the room names no game.

>>> brain_for("no-such-game") is None, chores_for("no-such-game") is None
(True, True)
"""

from __future__ import annotations

import importlib

from room.bots import Brain, Chore

from games import catalogue


def brain_for(game_id: str) -> Brain | None:
    """The ``BRAIN`` of game ``game_id``'s brain module (None: no such game, or no bot plays
    it yet). ``ImportError``/``AttributeError`` for a catalogue entry naming a module without
    one: a bug of the catalogue, loud in its tests."""
    entry = catalogue.entry(game_id)
    if entry is None or not entry.brain:
        return None
    brain: Brain = importlib.import_module(entry.brain).BRAIN
    return brain


def chores_for(game_id: str) -> Chore | None:
    """What a bot at game ``game_id`` must ask for outside its turns
    (:data:`room.bots.Chore`): at a table game, chips when its stack is empty
    (:func:`games.bots.chores.table_chore`); nothing at Ultimate Omaha, which has no chips
    at the table."""
    entry = catalogue.entry(game_id)
    if entry is None or not entry.is_table_game:
        return None
    from games.bots.chores import table_chore

    return table_chore

"""The table games — Hold'em, Omaha, Omaha Hi/Lo, PLO double-board bomb pots, 5-card draw —
as one session behind the room's game interface, over the betting engine ``rules.poker``.

Modules, each named for what it holds: :mod:`.settings` (the schema and its validation),
:mod:`.seating` (seats, the button, who is dealt in), :mod:`.cashbook` (buy-ins, cash-outs,
money), :mod:`.tournament` (schedule, level clock, standings), :mod:`.clock` (turn timer, time
bank, grace), :mod:`.dealing` (decks and fair streams), :mod:`.hands` (a hand's
record, replay, history), :mod:`.views` (per-viewer views), :mod:`.saving` (snapshot, restore,
carry-over), :mod:`.hostctl` (the host's table controls), :mod:`.tablerequests` (the table
requests that are not turns, declared as data) and :mod:`.session` (the :class:`PokerGame`
itself).

Light to import (PEP 562, as :mod:`rules.poker`): the names below load their module on first
use, so importing one of these modules runs only what that module needs; the page imports the
engine module by module that way, answering between them (:mod:`web.tablesload`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import PokerGame
    from .settings import SETTINGS

_HOME = {"PokerGame": "session", "SETTINGS": "settings"}
"""Each public name -> the module (of this package) that holds it."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)


__all__ = ["SETTINGS", "PokerGame"]

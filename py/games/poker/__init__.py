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
"""

from .session import PokerGame
from .settings import SETTINGS

__all__ = ["SETTINGS", "PokerGame"]

"""The betting games: Texas Hold'em, Pot-Limit Omaha, Omaha Hi/Lo 8, PLO double-board bomb
pots and 5-card draw, in every betting structure (``static/rules/table-games.md``).

Pure standard-library Python (pokerkit is used only by :mod:`.kit`, imported on demand), so
the host, guests, command-line tools and tests run one engine.
"""

from .actions import Action, ScriptError, Verb
from .config import Betting, Game, HandConfig
from .deck import Deck, Reshuffle
from .engine import Hand, HandResult, Legal, Phase, PotResult
from .errors import (
    ActionError,
    AmountError,
    DeckError,
    DrawError,
    HandOver,
    OutOfTurn,
    RaiseNotAllowed,
    SettingsError,
    WrongVerb,
)
from .pots import Pot, side_pots, split_chips

__all__ = [
    "Action",
    "ActionError",
    "AmountError",
    "Betting",
    "Deck",
    "DeckError",
    "DrawError",
    "Game",
    "Hand",
    "HandConfig",
    "HandOver",
    "HandResult",
    "Legal",
    "OutOfTurn",
    "Phase",
    "Pot",
    "PotResult",
    "RaiseNotAllowed",
    "Reshuffle",
    "ScriptError",
    "SettingsError",
    "Verb",
    "WrongVerb",
    "side_pots",
    "split_chips",
]

"""The betting games, in every betting structure (``static/rules/table-games.md``): Texas
Hold'em, Pot-Limit Omaha, Omaha Hi/Lo 8, PLO double-board bomb pots, 5-card draw, five-card
PLO, Short Deck Hold'em and 2-7 Triple Draw — each one record of :mod:`rules.variants`, which
the engine reads instead of asking which game it is.

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

"""The betting games of the rules file: Hold'em, Omaha, Omaha Hi/Lo 8, the double-board bomb
pot and 5-card draw, in every betting structure (see :mod:`rules.poker.hand`)."""

from __future__ import annotations

from .actions import Action, Verb
from .config import Betting, Game, Street, TableRules
from .deck import Deck, ScriptedCards
from .errors import (
    ActionError,
    BadDraw,
    BadSetup,
    CapReached,
    DeckError,
    HandOver,
    IllegalAmount,
    NotReopened,
    NotYourTurn,
    PokerError,
    ScriptError,
    WrongVerb,
)
from .hand import Hand, Move, Options, Phase
from .pots import Pot

__all__ = [
    "Action",
    "ActionError",
    "BadDraw",
    "BadSetup",
    "Betting",
    "CapReached",
    "Deck",
    "DeckError",
    "Game",
    "Hand",
    "HandOver",
    "IllegalAmount",
    "Move",
    "NotReopened",
    "NotYourTurn",
    "Options",
    "Phase",
    "PokerError",
    "Pot",
    "ScriptError",
    "ScriptedCards",
    "Street",
    "TableRules",
    "Verb",
    "WrongVerb",
]

"""The betting games, in every betting structure (``static/rules/table-games.md``): Texas
Hold'em, Pot-Limit Omaha, Omaha Hi/Lo 8, PLO double-board bomb pots, 5-card draw, five-card
PLO, Short Deck Hold'em and 2-7 Triple Draw — each one record of :mod:`rules.variants`, which
the engine reads instead of asking which game it is.

Pure standard-library Python (pokerkit is used only by :mod:`.kit`, imported on demand), so
the host, guests, command-line tools and tests run one engine.

Light to import: the names below load their module on first use (PEP 562), so the game
catalogue (``games.catalogue``) reads :class:`Game`'s facts from :mod:`.config` without
loading the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    **dict.fromkeys(("Action", "ScriptError", "Verb"), "actions"),
    **dict.fromkeys(("Betting", "Game", "HandConfig"), "config"),
    **dict.fromkeys(("Deck", "Reshuffle"), "deck"),
    **dict.fromkeys(("Hand", "HandResult", "Legal", "Phase", "PotResult"), "engine"),
    **dict.fromkeys(("ActionError", "AmountError", "DeckError", "DrawError", "HandOver",
                     "OutOfTurn", "RaiseNotAllowed", "SettingsError", "WrongVerb"), "errors"),
    **dict.fromkeys(("Pot", "side_pots", "split_chips"), "pots"),
}
"""Each public name -> the module (of this package) that holds it."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)


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

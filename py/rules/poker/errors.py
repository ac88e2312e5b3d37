"""The betting engine's errors: every one a ``ValueError`` the caller caused.

One family per kind of mistake, so the room can answer a peer with a stable code
(``IllegalBet.code == 'poker/amount'``) and the message verbatim, and the command line can
print it. Messages quote the numbers that decided ("raise to 161 is above the pot limit:
at most 160"). Anything else raised by the engine is a bug.
"""

from __future__ import annotations

from ..errors import IllegalAction, RulesError

__all__ = [
    "ActionError",
    "BadDraw",
    "BadSetup",
    "CapReached",
    "DeckError",
    "HandOver",
    "IllegalAmount",
    "NotReopened",
    "NotYourTurn",
    "PokerError",
    "ScriptError",
    "WrongVerb",
]


class PokerError(RulesError):
    """Base of the engine's errors; ``code`` names the kind for the wire."""

    code = "poker/error"


class BadSetup(PokerError):
    """Settings, stacks or seats a hand cannot be played with."""

    code = "poker/setup"


class DeckError(PokerError):
    """A card that is malformed, already dealt, missing, or more cards than the deck holds."""

    code = "poker/card"


class ScriptError(PokerError):
    """An action written in a form the engine cannot read (``'s0 raise'`` without amount ...)."""

    code = "poker/syntax"


class ActionError(PokerError, IllegalAction):
    """An action that is well formed but not legal at this point of the hand."""

    code = "poker/illegal"


class HandOver(ActionError):
    """The hand is over; nothing more can be done in it."""

    code = "poker/over"


class NotYourTurn(ActionError):
    """Someone else is to act."""

    code = "poker/turn"


class WrongVerb(ActionError):
    """The verb does not fit: a check facing a bet, a bet after a bet, a call with nothing
    to call."""

    code = "poker/verb"


class IllegalAmount(ActionError):
    """A bet or raise-to below the minimum, above the limit, or not the fixed-limit amount."""

    code = "poker/amount"


class NotReopened(ActionError):
    """An incomplete all-in did not reopen the betting for this player: call or fold only."""

    code = "poker/reopen"


class CapReached(ActionError):
    """The round's bets and raises have reached the cap: call or fold only."""

    code = "poker/cap"


class BadDraw(ActionError):
    """A draw of cards not in the hand, or more cards than the rules allow."""

    code = "poker/draw"

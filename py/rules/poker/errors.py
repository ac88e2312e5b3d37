"""The betting engine's errors: every one a ``ValueError`` (through ``RulesError``).

Each names what was asked and why it cannot be, quoting the numbers ("raise to 161 is above
the pot limit 160"), so the room can send it back to the one player who caused it and a
command-line tool can print it as it is.
"""

from __future__ import annotations

from ..errors import IllegalAction, RulesError
from ..errors import SettingsError as SettingsError


class ActionError(IllegalAction):
    """An action that is not legal at this point of the hand."""


class HandOver(ActionError):
    """Any action once the hand has ended."""


class OutOfTurn(ActionError):
    """A seat acting when another seat is to act."""


class WrongVerb(ActionError):
    """The verb does not fit the situation: a check facing a bet, a bet over a bet, a call with
    nothing to call, a draw during betting or a bet during the draw."""


class AmountError(ActionError):
    """A bet or raise-to amount outside the bounds (below the minimum, above the limit or the
    stack, not the fixed-limit amount)."""


class RaiseNotAllowed(ActionError):
    """A bet or raise that the situation forbids whatever its size: the round is capped, an
    incomplete all-in did not reopen the betting for this player, or nobody is left to raise
    against."""


class DrawError(ActionError):
    """A bad discard: a card not in the hand, a repeated card, too many cards."""


class DeckError(RulesError):
    """The deck ran out, or a reshuffle did not return the cards it was given."""

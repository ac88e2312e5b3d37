"""The rules layer's exception hierarchy.

Every error a caller can cause (bad money text, an action out of turn) is a ``ValueError``
subclass, so the room layer can catch one family, send its message back to the one peer
that caused it, and keep the room running; any other exception is a bug.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A request the rules refuse; the message says what was asked and why it cannot be."""


class IllegalAction(RulesError):
    """A player action that is not legal now (wrong phase, already acted, not in the hand).

    The message names the player, the action and the phase, so it can go back to the peer
    verbatim.
    """


class SettingsError(RulesError):
    """Bad table settings or cards: a seat count, a stack, a blind, a duplicate card, an
    unknown game or betting structure."""

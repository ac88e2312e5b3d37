"""A player's action as a value: parse ``'s0 raise 30'``, format it back.

>>> a = Action.parse("s2 raise 60")
>>> a
Action.parse('s2 raise 60')
>>> (a.seat, a.verb, a.amount)
(2, <Verb.RAISE: 'raise'>, 60)
>>> str(Action.parse("s1 draw 7c 2s"))
's1 draw 7c 2s'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..cards import Card, CardError, check_distinct
from .errors import ScriptError

__all__ = ["Action", "Verb"]


class Verb(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALLIN = "allin"
    DRAW = "draw"


_SEAT = re.compile(r"s(\d{1,2})")
_AMOUNT = re.compile(r"[0-9]{1,15}")
_TAKES_AMOUNT = (Verb.BET, Verb.RAISE)


@dataclass(frozen=True)
class Action:
    """``seat`` does ``verb``; ``amount`` is a "to" amount (the seat's whole bet in the round
    after it) for bet and raise, ``None`` to mean fixed-limit's only size; ``cards`` are
    draw's discards."""

    seat: int
    verb: Verb
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if type(self.seat) is not int or not 0 <= self.seat < 10:
            raise ScriptError(f"seat must be 0 to 9, got {self.seat!r}")
        if self.amount is not None:
            if self.verb not in _TAKES_AMOUNT:
                raise ScriptError(f"{self.verb} takes no amount")
            if type(self.amount) is not int or self.amount < 1:
                raise ScriptError(f"amount must be a whole number of chips >= 1, "
                                  f"got {self.amount!r}")
        if self.cards and self.verb is not Verb.DRAW:
            raise ScriptError(f"{self.verb} takes no cards")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Reads ``"s<seat> <verb> [amount | cards...]"``; raises :class:`ScriptError`."""
        if not isinstance(text, str):
            raise ScriptError(f"an action is a string like 's0 call', got {text!r}")
        parts = text.split()
        if len(parts) < 2:
            raise ScriptError(f"cannot read action {text!r}: expected 's<seat> <verb> ...'")
        m = _SEAT.fullmatch(parts[0])
        if not m:
            raise ScriptError(f"cannot read action {text!r}: {parts[0]!r} is not a seat "
                              "like 's0'")
        try:
            verb = Verb(parts[1])
        except ValueError:
            verbs = ", ".join(v.value for v in Verb)
            raise ScriptError(f"unknown verb {parts[1]!r} in {text!r} (one of {verbs})") from None
        rest = parts[2:]
        amount: int | None = None
        cards: tuple[Card, ...] = ()
        if verb is Verb.DRAW:
            try:
                cards = tuple(Card.parse(c) for c in rest)
                check_distinct(cards, "the discards")
            except CardError as e:
                raise ScriptError(f"in {text!r}: {e}") from None
        elif verb in _TAKES_AMOUNT:
            if len(rest) > 1:
                raise ScriptError(f"cannot read action {text!r}: one amount expected")
            if rest:
                if not _AMOUNT.fullmatch(rest[0]):
                    raise ScriptError(f"cannot read action {text!r}: {rest[0]!r} is not a "
                                      "whole number of chips")
                amount = int(rest[0])
        elif rest:
            raise ScriptError(f"cannot read action {text!r}: {verb} takes nothing after it")
        return cls(int(m.group(1)), verb, amount, cards)

    def __str__(self) -> str:
        tail = [str(self.amount)] if self.amount is not None else [str(c) for c in self.cards]
        return " ".join([f"s{self.seat}", self.verb.value, *tail])

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

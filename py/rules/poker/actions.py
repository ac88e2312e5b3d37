"""A player's action as a value: parse it from a script line, format it back.

>>> Action.parse("s0 raise 30")
Action(seat=0, verb=<Verb.RAISE: 'raise'>, amount=30, cards=())
>>> str(Action.parse("s3 draw 7c 2s")), str(Action(1, Verb.CALL))
('s3 draw 7c 2s', 's1 call')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..cards import Card, CardError, check_distinct
from .errors import ActionError


class ScriptError(ActionError):
    """An action line that cannot be read (unknown verb, missing or stray amount)."""


class Verb(Enum):
    """What a player does. ``ALLIN`` is a request resolved to a call, bet or raise."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALLIN = "allin"
    DRAW = "draw"


_LINE = re.compile(r"s(\d{1,2})\s+([a-z]+)((?:\s+\S+)*)\s*")
_AMOUNT = re.compile(r"[0-9]{1,15}")


@dataclass(frozen=True)
class Action:
    """``seat`` does ``verb``; ``amount`` is a bet or raise *to* amount (None: fixed-limit's
    only amount), ``cards`` the discards of a draw (empty: stands pat)."""

    seat: int
    verb: Verb
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Action:
        """Reads ``"s<seat> <verb> [amount | cards]"`` strictly: lower-case verb, an amount only
        after bet/raise, cards only after draw."""
        if not isinstance(text, str):
            raise ScriptError(f"an action must be a string like 's0 call', got {text!r}")
        m = _LINE.fullmatch(text.strip())
        if not m:
            raise ScriptError(f"cannot read action {text!r} (expected like 's0 raise 30')")
        seat = int(m.group(1))
        try:
            verb = Verb(m.group(2))
        except ValueError:
            raise ScriptError(
                f"unknown verb {m.group(2)!r} in {text!r} "
                f"(one of {', '.join(v.value for v in Verb)})"
            ) from None
        rest = m.group(3).split()
        if verb is Verb.DRAW:
            try:
                cards = tuple(Card.parse(c) for c in rest)
                check_distinct(cards, f"the discards of {text!r}")
            except CardError as e:
                raise ScriptError(str(e)) from None
            return cls(seat, verb, None, cards)
        if verb in (Verb.BET, Verb.RAISE):
            if len(rest) > 1 or (rest and not _AMOUNT.fullmatch(rest[0])):
                raise ScriptError(f"{verb.value} takes one whole amount, got {text!r}")
            return cls(seat, verb, int(rest[0]) if rest else None)
        if rest:
            raise ScriptError(f"{verb.value} takes no amount or cards, got {text!r}")
        return cls(seat, verb)

    def __str__(self) -> str:
        out = f"s{self.seat} {self.verb.value}"
        if self.amount is not None:
            out += f" {self.amount}"
        for c in self.cards:
            out += f" {c}"
        return out

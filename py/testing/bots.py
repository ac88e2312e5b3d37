"""Test brains (:class:`room.bots.Brain`) for the bots' room tests: moves a test can predict,
read from the seat's own view like any brain's.

:class:`FirstMove` makes the default move (Ultimate Omaha's Check; at a table game check,
else call, else stand pat, else fold): a table of them plays hands to the end.
:class:`Shove` goes all in whenever it may: a tournament of them ends quickly.
:class:`Dice` picks among the legal moves with its ``rng`` (the same view and seed give the
same move), :class:`Sleepy` never makes up its mind (the clock acts for it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from room.bots import Level, Move, Thought

ULTIMATE_DEFAULT = "check"
"""Ultimate Omaha's default decision (its view has no ``legal`` part: ``you.can_act``)."""
PASSIVE = ("check", "call", "draw", "fold")


def _legal(view: Mapping[str, Any]) -> Sequence[str] | None:
    game = view["game"]
    legal = game.get("legal")
    return None if legal is None else list(legal["actions"])


@dataclass(frozen=True)
class FirstMove:
    """The first of ``prefer`` the view allows, after ``slices`` empty slices of thought."""

    prefer: tuple[str, ...] = PASSIVE
    slices: int = 1

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        for _ in range(self.slices):
            yield None
        actions = _legal(view)
        if actions is None:
            yield Move(ULTIMATE_DEFAULT)
            return
        yield Move(next((v for v in self.prefer if v in actions), actions[0]))


SHOVE = FirstMove(prefer=("allin", "call", "check", "draw", "fold"))
"""All in whenever the view allows it."""


@dataclass(frozen=True)
class Dice:
    """A legal move chosen with ``rng`` (bets and raises at their smallest), and the cards of
    a draw too: the same view and seed give the same move, another seed often another."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        yield None
        actions = _legal(view)
        if actions is None:
            yield Move(rng.choice(("check", "double")))
            return
        verb = rng.choice(actions)
        legal = view["game"]["legal"]
        if verb in ("bet", "raise") and legal["raise"] is not None:
            yield Move(verb, legal["raise"]["min_to"])
        elif verb == "draw":  # keep one of the cards the view says a full draw must keep
            hole = list(view["game"]["you"]["hole"])
            keeps = legal["draw_keeps"]
            if keeps:
                hole.remove(rng.choice(keeps))
            count = rng.randint(0, min(legal["draw_max"] or 0, len(hole)))
            yield Move(verb, cards=tuple(rng.sample(hole, count)))
        else:
            yield Move(verb)


@dataclass(frozen=True)
class Sleepy:
    """Thinks for ever (the clock acts for it)."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        while True:
            yield None

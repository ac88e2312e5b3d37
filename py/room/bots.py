"""What a bot is to the room: a brain that turns its own seat's view into a move.

A bot sits in the room like a person: an in-process client on the host's page, seated through
the same join, sent the same per-viewer view, acting through the same request path and the
same clock. The room knows no particular game, so it only knows this contract; each game's
brain lives in ``games`` and is found through the catalogue.

Thinking is sliced: :meth:`Brain.think` is a generator that yields ``None`` after each small
piece of work (a few milliseconds: a batch of samples) and finally one :class:`Move`, so the
page can run a decision across several ticks and never freeze. The same view, level and seed
give the same move (the brain draws randomness only from ``rng``).

>>> Move("nap", 300)
Move(action='nap', amount=300, cards=(), table=False)
>>> Level("strong") is Level.STRONG
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol


class Level(StrEnum):
    """How well a bot plays, chosen by the host per bot."""

    CASUAL = "casual"
    STRONG = "strong"


@dataclass(frozen=True)
class Move:
    """What a bot sends: a turn action (as ``GuestClient.act`` builds it) or, with
    ``table=True``, a table request (``GuestClient.table``)."""

    action: str
    amount: int | None = None
    cards: tuple[str, ...] = ()
    table: bool = False


Thought = Iterator[Move | None]
"""A decision in progress: ``None`` between slices of work, then the move."""


class Brain(Protocol):
    """One game's bot (``games.bots``): reads only the view its seat was sent."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        """Decide on ``view`` (the seat's whole room view, as ``GuestClient.view`` holds
        it, game part under ``"game"``), in slices."""
        ...

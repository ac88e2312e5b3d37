"""What a bot is to the room: a brain that turns its own seat's view into a move.

A bot sits in the room like a person: an in-process client on the host's page, seated through
the same join, sent the same per-viewer view, acting through the same request path and the
same clock. The room knows no particular game, so it only knows this contract; each game's
brain lives in ``games`` and is found through the catalogue.

Thinking is sliced: :meth:`Brain.think` is a generator that yields ``None`` after each small
piece of work (a few milliseconds: a batch of samples) and finally one :class:`Move`, so the
page can run a decision across several ticks and never freeze. The same view, level and seed
give the same move (the brain draws randomness only from ``rng``).

The API, in one place (for the page; each name's own docstring says more):

* **Adding and removing** (the host's requests, refused to anyone else with
  ``auth/not_host``): ``session.request(session.client.add_bot("casual"))`` seats a bot of
  that :class:`Level` if the room has a free seat (``room/full`` if not; ``msg/bad_field`` for
  a level that is none); ``session.request(session.client.remove_bot("p4"))`` removes it
  (``bot/unknown``: nobody sits as p4; ``bot/not_a_bot``: p4 is a person, see ``kick``). A bot
  with a stake in the running hand plays that hand out and leaves at its end (its row says
  ``leaving`` meanwhile); otherwise it leaves at once. Its ledger row stays, as a person's.
* **In the views** every player row (``view["players"][i]``) carries ``kind`` (``"human"`` or
  ``"bot"``), ``level`` (the bot's :class:`Level` value, None for a person) and ``leaving``.
  ``view["bots"]`` maps the id of every bot seated here, and of the last ones gone, to its
  level, so the ledger's and the history's rows (by player id) show a bot as one even after it
  left (a person may take any name: a bot's, "Casual bot 2", is only a courtesy). The games
  are told ``PlayerInfo.kind`` (``room.game.SeatKind.BOT``).
* **The bots' clients**: ``session.bots`` (``room.local.HostSession``): bot peer id →
  :class:`room.local.BotSeat` (its ``level``, secret ``seed`` and :class:`~room.client.GuestClient`,
  whose ``view`` is the bot's own view and nothing more). They live in the session: its
  :meth:`~room.local.HostSession.snapshot` keeps them (a reload brings back the same bots with
  the same seeds) and ``handle``/``request`` route their traffic in-process; nothing of theirs
  reaches the transport. Their deck nonces and heartbeats are their clients' own.
* **Playing** (:class:`room.botdriver.BotDriver`): ``driver = BotDriver(session, brain_for,
  chores_for)`` with ``games.bots.registry.brain_for``/``chores_for``; call
  ``out = driver.step(now_ms)`` from the page's timer and send ``out`` as you send what
  ``session.handle`` returns. Each call does at most ``slices`` (default 1) slices of thinking
  in all; a move is sent after the driver's human-like pause (``pause_ms``), counted from the
  moment the bot's turn came. ``driver.busy`` says whether a bot is thinking or waiting to
  send (step more often then); ``driver.failures`` lists brains that broke (the clock then
  acts for that bot, as for a person who does not act).

>>> Move("nap", 300)
Move(action='nap', amount=300, cards=(), table=False)
>>> Level("strong") is Level.STRONG
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
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


BrainFor = Callable[[str], Brain | None]
"""The page's brains as the room sees them: a game id -> the brain that plays it (None: no
bot plays that game yet; its bots then sit and the clock acts for them). The room names no
game: the page hands it ``games.bots.registry.brain_for``."""

Chore = Callable[[Mapping[str, Any], Level, int], Move | None]
"""What a seat asks for outside its turns, read from its own view, its level and its secret
seed (a cash table's buy-in when its stack is empty, an answer to a question the table asks,
a standing choice): the move, or None when nothing is due. The same view, level and seed give
the same move. Asked once per new view of the bot's; quick (no slices)."""

ChoresFor = Callable[[str], Chore | None]
"""A game id -> its :data:`Chore` (None: the game asks nothing outside a turn); the page
hands the room ``games.bots.registry.chores_for``."""

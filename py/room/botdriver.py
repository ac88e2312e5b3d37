"""The bots' hands on the table (sans-IO): noticing a bot's turn, thinking in slices, a
human-like pause, then the move through the bot's own client.

The page calls :meth:`BotDriver.step` from its timer; the driver reads nothing but what the
room knows of every game (:class:`room.game.GameSession`'s ``to_act``, ``seq`` and
``is_dealing``) and each bot's own view (its client's): a bot is to act when the room's game
says so and the bot's view is of the table as it stands now (its ``game.seq`` is the game's).
Its brain (from ``brain_for``, by the view's game id) is then handed that view, the bot's
level and a ``random.Random`` seeded from (the bot's secret seed, the hand number, the game
seq), so the same view and seed give the same move, and advanced one slice at a time. The
move goes out through the bot's client (``act``/``table``), so it climbs the room's ladder as
any person's (a stale or illegal one is refused and changes nothing; the clock then acts for
the bot, as for a person who does not). A thought whose view went stale (the seq or hand
moved on: another player acted, the clock acted for the bot) is dropped.

The pause (:data:`DEFAULT_PAUSE_MS`, a setting of the driver, not of the brains) counts from
the moment the turn came, so people can follow the table, and a long think adds none.

Outside its turns a seat may have to ask for something (a cash table's buy-in, an answer to
the table, a standing choice): ``chores_for`` gives the game's :data:`room.bots.Chore`, asked
once per new view with the bot's level and secret seed.
The deck nonce and the heartbeats need nothing here: the bot's client sends them itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from room.bots import Brain, BrainFor, Chore, ChoresFor, Move, Thought
from room.client import ClientStatus, GuestClient
from room.events import Outgoing
from room.host import HostRoom
from room.local import BotSeat

DEFAULT_PAUSE_MS = (900, 2200)
"""How long a bot seems to think, at least (drawn per decision from its seed): long enough
for people to see whose turn it was, short enough not to bore them."""
MAX_FAILURES = 50
"""Broken brains' reports kept (the oldest dropped first)."""


class BotTable(Protocol):
    """Where the bots sit: the host's room, its bots' clients, and a way to send as one of
    them (:class:`room.local.HostSession`; ``testing.memory.MemoryNetwork`` in tests)."""

    @property
    def room(self) -> HostRoom: ...

    @property
    def bots(self) -> Mapping[str, BotSeat]: ...

    def send_as(self, peer: str, text: str) -> list[Outgoing]:
        """``text`` from the in-process ``peer``, through the room; remote outputs back."""
        ...


@dataclass
class _Turn:
    """One bot's decision on one view of the table."""

    key: tuple[int, int]  # (hand number, game seq) of the view it answers
    thought: Thought | None
    started_ms: int
    pause_ms: int
    move: Move | None = None
    sent: bool = False


class BotDriver:
    """Plays the bots of a :class:`BotTable` (see the module's docstring)."""

    def __init__(self, table: BotTable, brain_for: BrainFor, chores_for: ChoresFor | None = None,
                 pause_ms: tuple[int, int] = DEFAULT_PAUSE_MS) -> None:
        low, high = pause_ms
        if not 0 <= low <= high:
            raise ValueError(f"pause_ms must be (low, high) with 0 <= low <= high, got {pause_ms}")
        self.table = table
        self.pause_ms = (int(low), int(high))
        self._brain_for = brain_for
        self._chores_for = chores_for
        self._brains: dict[str, Brain | None] = {}
        self._chores: dict[str, Chore | None] = {}
        self._turns: dict[str, _Turn] = {}
        self._chored: dict[str, int] = {}  # bot peer -> the client's view seq last asked
        self._next = 0  # round robin over the thinking bots
        self.failures: list[tuple[str, str]] = []
        """(bot peer, what went wrong) for each brain or chore that broke: a bug of ours,
        kept for the page to report; the room goes on (the clock acts for that bot)."""

    @property
    def busy(self) -> bool:
        """Whether a bot is thinking or waiting to send its move."""
        return any(not t.sent and (t.thought is not None or t.move is not None)
                   for t in self._turns.values())

    def step(self, now_ms: int, slices: int = 1) -> list[Outgoing]:
        """Notice turns that came and went, do at most ``slices`` slices of thinking in all
        (one bot after another), and send each move whose pause is over. Returns what must
        go to remote peers (as :meth:`room.local.HostSession.handle` does)."""
        now = int(now_ms)
        out: list[Outgoing] = []
        bots = self.table.bots
        for peer in [p for p in self._turns if p not in bots]:
            del self._turns[peer]
        for peer, bot in list(bots.items()):
            if bot.client.status is not ClientStatus.IN_ROOM:
                continue
            out += self._chore(bot)
            key = self._turn_key(bot.client)
            turn = self._turns.get(peer)
            if turn is not None and turn.key != key:
                del self._turns[peer]  # stale: the table moved on without this thought
                turn = None
            if key is not None and turn is None:
                self._turns[peer] = self._start(bot, key, now)
        self._think(max(0, int(slices)), now)
        for peer, turn in list(self._turns.items()):
            seat = bots.get(peer)
            if (seat is None or turn.move is None or turn.sent
                    or now < turn.started_ms + turn.pause_ms):
                continue
            if self._turn_key(seat.client) != turn.key:
                del self._turns[peer]  # another bot's move just now made this one stale
                continue
            turn.sent = True
            out += self._send(seat, turn.move)
        return out

    # --- noticing a turn ------------------------------------------------------------------

    def _turn_key(self, client: GuestClient) -> tuple[int, int] | None:
        """(hand number, game seq) if the room's game waits for this bot and its view shows
        the table as it stands; else None."""
        game = self.table.room.game
        view, you = client.view, client.you
        if game is None or view is None or you is None:
            return None
        part = view.get("game")
        if not isinstance(part, Mapping):
            return None
        seq, hand = part.get("seq"), part.get("hand_no")
        if type(seq) is not int or type(hand) is not int or seq != game.seq:
            return None
        if game.is_dealing() or you not in game.to_act():
            return None
        return hand, seq

    def _start(self, bot: BotSeat, key: tuple[int, int], now: int) -> _Turn:
        hand, seq = key
        view = bot.client.view
        assert view is not None  # _turn_key saw it
        brain = self._brain(_hand_game_id(view))
        pause = random.Random(f"{bot.seed}/{hand}/{seq}/pause").randint(*self.pause_ms)
        thought: Thought | None = None
        if brain is not None:
            try:
                thought = brain.think(view, bot.level, random.Random(f"{bot.seed}/{hand}/{seq}"))
            except Exception as exc:  # a brain's bug must not stop the host's room
                self._fail(bot.peer, f"think failed to start: {exc!r}")
        return _Turn(key, thought, now, pause)

    # --- thinking ---------------------------------------------------------------------------

    def _think(self, slices: int, now: int) -> None:
        for _ in range(slices):
            thinking = [(p, t) for p, t in self._turns.items()
                        if t.thought is not None and t.move is None]
            if not thinking:
                return
            peer, turn = thinking[self._next % len(thinking)]
            self._next += 1
            assert turn.thought is not None
            try:
                item = next(turn.thought)
            except StopIteration:
                turn.thought = None
                self._fail(peer, "the brain ended its thought without a move")
                continue
            except Exception as exc:  # a brain's bug must not stop the host's room
                turn.thought = None
                self._fail(peer, f"the brain failed: {exc!r}")
                continue
            if isinstance(item, Move):
                turn.move, turn.thought = item, None
            elif item is not None:
                turn.thought = None
                self._fail(peer, f"the brain yielded {item!r}, not a Move or None")

    # --- sending ------------------------------------------------------------------------------

    def _send(self, bot: BotSeat, move: Move) -> list[Outgoing]:
        client = bot.client
        try:
            text = (client.table(move.action, move.amount) if move.table
                    else client.act(move.action, move.amount, move.cards))
        except ValueError as exc:  # a move no request can carry (MalformedMessage)
            self._fail(bot.peer, f"the brain's {move!r} is not a request: {exc}")
            return []
        return self.table.send_as(bot.peer, text)

    def _chore(self, bot: BotSeat) -> list[Outgoing]:
        """The game's chore for this bot, once per new view (a request refused leaves the
        view as it was: it is not asked again until the table changes)."""
        client = bot.client
        view = client.view
        if view is None or self._chored.get(bot.peer) == client.seq or self._chores_for is None:
            return []
        self._chored[bot.peer] = client.seq
        game_id = _game_id(view)
        if game_id not in self._chores:
            self._chores[game_id] = self._chores_for(game_id)
        chore = self._chores[game_id]
        if chore is None:
            return []
        try:
            move = chore(view, bot.level, bot.seed)
        except Exception as exc:  # a chore's bug must not stop the host's room
            self._fail(bot.peer, f"the chore failed: {exc!r}")
            return []
        return [] if move is None else self._send(bot, move)

    def _brain(self, game_id: str) -> Brain | None:
        if game_id not in self._brains:
            self._brains[game_id] = self._brain_for(game_id)
        return self._brains[game_id]

    def _fail(self, peer: str, what: str) -> None:
        self.failures = [*self.failures[-(MAX_FAILURES - 1):], (peer, what[:300])]


def _game_id(view: Mapping[str, Any]) -> str:
    """The game id a view's game part names ("" for none)."""
    part = view.get("game")
    game_id = part.get("game") if isinstance(part, Mapping) else None
    return game_id if isinstance(game_id, str) else ""


def _hand_game_id(view: Mapping[str, Any]) -> str:
    """The game of the hand being played, whose brain plays it: the view's ``hand_game``
    where the game names one (a table whose hands are not all of its own game, one picked
    each hand for instance), else its game id."""
    part = view.get("game")
    hand_game = part.get("hand_game") if isinstance(part, Mapping) else None
    return hand_game if isinstance(hand_game, str) and hand_game else _game_id(view)

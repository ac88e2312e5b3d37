"""A tournament: equal stacks, a blind/ante schedule, the level clock, eliminations.

**Schedule**: levels generated from the host's starting blinds and ante, multiplied by
1, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200 (chips rounded
down, a small blind at least 1); after the last level the blinds stay there.

**Clock**: levels last N minutes of play (the host's pause stops the clock) or N hands
(counted at each deal). A level that ends during a hand changes nothing in that hand: its
blinds stay, and the view says "blinds go up next hand".

**Eliminations**: a player left with no chips after a hand is out. Places count from the
bottom: with ``k`` players left before the hand and ``m`` busting in it, they take places
``k - m + 1 .. k``, the larger starting stack of that hand ranking higher; equal starting
stacks share the better place. The last player with chips wins (place 1).

>>> [(lv.small, lv.big) for lv in schedule(5, 10, 0)[:4]]
[(5, 10), (7, 15), (10, 20), (15, 30)]
>>> t = Standings(["a", "b", "c", "d"])
>>> t.bust([("a", 300), ("b", 500)], players_before=4); t.places
{'b': 3, 'a': 4}
>>> t.bust([("c", 900)], players_before=2); t.winner, t.finishing_order()
('d', ['d', 'c', 'b', 'a'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.viewtypes import LevelClockState, StandingsState

from .settings import LevelBy

FACTORS: tuple[tuple[int, int], ...] = (
    (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (8, 1), (10, 1), (15, 1), (20, 1),
    (25, 1), (30, 1), (40, 1), (50, 1), (60, 1), (80, 1), (100, 1), (150, 1), (200, 1),
)


@dataclass(frozen=True)
class Level:
    small: int
    big: int
    ante: int


def schedule(small: int, big: int, ante: int) -> tuple[Level, ...]:
    """The levels, from the starting blinds and ante (see the module docstring)."""
    out = []
    for n, d in FACTORS:
        sb = max(1, small * n // d)
        out.append(Level(sb, max(sb, big * n // d), ante * n // d))
    return tuple(out)


@dataclass
class LevelClock:
    """Which level the tournament is at (minutes of unpaused play, or hands dealt)."""

    by: LevelBy
    length: int
    started: int | None = None
    paused_at: int | None = None
    paused_ms: int = 0
    hands: int = 0

    @property
    def length_ms(self) -> int:
        return self.length * 60_000

    def played_ms(self, now: int) -> int:
        if self.started is None:
            return 0
        end = self.paused_at if self.paused_at is not None else now
        return max(0, end - self.started - self.paused_ms)

    def index(self, now: int) -> int:
        if self.by is LevelBy.HANDS:
            return max(0, self.hands - 1) // self.length
        return self.played_ms(now) // self.length_ms

    def left(self, now: int) -> int:
        """Ms (minutes mode) or hands (hands mode) until the next level."""
        if self.by is LevelBy.HANDS:
            return self.length - (max(0, self.hands - 1) % self.length) if self.hands else (
                self.length)
        return self.length_ms - self.played_ms(now) % self.length_ms

    def pause(self, now: int) -> None:
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: int) -> None:
        if self.paused_at is not None:
            self.paused_ms += now - self.paused_at
            self.paused_at = None

    def to_dict(self, now: int) -> LevelClockState:
        """Times as offsets from ``now`` (the page's clock restarts on reload)."""
        return {"by": self.by.value, "length": self.length, "hands": self.hands,
                "played_ms": self.played_ms(now) if self.started is not None else None,
                "paused": self.paused_at is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], now: int) -> LevelClock:
        clock = cls(LevelBy(data["by"]), int(data["length"]), hands=int(data["hands"]))
        if data["played_ms"] is not None:
            clock.started = now - int(data["played_ms"])
            if data["paused"]:
                clock.paused_at = now
        return clock


@dataclass
class Standings:
    """Entrants and the places of those out (place 1 is the winner)."""

    entrants: list[str]
    places: dict[str, int] = field(default_factory=dict)
    winner: str | None = None

    def bust(self, busted: Sequence[tuple[str, int]], players_before: int) -> None:
        """``busted``: ``(player, starting stack of the hand)`` of those who lost their last
        chip in one hand; ``players_before``: players with chips before it."""
        ranked = sorted(busted, key=lambda b: -b[1])
        place = players_before - len(ranked) + 1
        for k, (pid, stack) in enumerate(ranked):
            if k and stack == ranked[k - 1][1]:
                self.places[pid] = self.places[ranked[k - 1][0]]
            else:
                self.places[pid] = place + k
        alive = [p for p in self.entrants if p not in self.places]
        if len(alive) == 1:
            self.winner = alive[0]
            self.places[alive[0]] = 1

    def finishing_order(self) -> list[str]:
        """Everyone placed, best first."""
        return sorted(self.places, key=lambda p: (self.places[p], self.entrants.index(p)))

    def to_dict(self) -> StandingsState:
        return {"entrants": list(self.entrants), "places": dict(self.places),
                "winner": self.winner}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Standings:
        return cls([str(p) for p in data["entrants"]],
                   {str(k): int(v) for k, v in data["places"].items()},
                   None if data["winner"] is None else str(data["winner"]))

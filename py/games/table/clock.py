"""The table's clocks: grace for the absent, the decision timer, and auto-deal.

A decision of the running hand becomes the game's default action (Ultimate Omaha: a Check) at
:meth:`Clock.deadline`: with the decision timer, at the same moment for everyone, counted from
the round's start; for a player who dropped or left, after the grace period counted from the
later of the round's start and the drop; for a player removed by the host, at once. Whichever
comes first applies. With auto-deal on, the next hand is dealt :data:`AUTO_DEAL_MS` after
results (or after auto-deal was switched on).

Times are the room's (sans-IO): :meth:`Clock.advance` never steps back.

>>> from room.game import TableSettings
>>> from games.table.presence import Presence
>>> clock, seen = Clock(), Presence()
>>> settings = TableSettings(grace_ms=10_000, timer_ms=30_000, auto_deal=False)
>>> clock.advance(1000); clock.new_round(); seen.away_since["p2"] = 4000
>>> clock.deadline("p1", settings, seen), clock.deadline("p2", settings, seen)
(31000, 14000)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from room.game import AUTO_DEAL_MS, TableSettings

from games.table.presence import Presence
from games.viewtypes import ClockState


def grace_deadline(away_since: int, turn_start: int, grace_ms: int) -> int:
    """When a dropped player's decision becomes the default action: the whole grace period
    from the later of the drop and the start of the decision (each round or turn gives it
    anew). The one grace rule of every game.

    >>> grace_deadline(4000, 1000, 10_000), grace_deadline(500, 1000, 10_000)
    (14000, 11000)
    """
    return max(away_since, turn_start) + grace_ms


def auto_deal_at(results_at: int, auto_on_at: int) -> int:
    """When auto-deal deals the next hand: :data:`AUTO_DEAL_MS` after the later of the last
    results and the moment auto-deal was switched on."""
    return max(results_at, auto_on_at) + AUTO_DEAL_MS


__all__ = ["AUTO_DEAL_MS", "Clock", "auto_deal_at", "grace_deadline"]


class Clock:
    """The table's time and the moments the deadlines count from."""

    def __init__(self) -> None:
        self.now = 0
        self.round_start = 0
        self.results_at = 0
        self.auto_on_at = 0

    def advance(self, now_ms: int) -> None:
        self.now = max(self.now, int(now_ms))

    def new_round(self) -> None:
        """A decision point starts (a deal, or the next betting round)."""
        self.round_start = self.now

    def results(self) -> None:
        self.results_at = self.now

    def configure(self, old: TableSettings, new: TableSettings) -> None:
        if new.auto_deal and not old.auto_deal:
            self.auto_on_at = self.now  # the countdown starts when switched on

    def deadline(self, pid: str, settings: TableSettings, seen: Presence) -> int | None:
        """When ``pid``'s decision this round becomes the default action (None: never)."""
        out: list[int] = []
        if settings.timer_ms > 0:
            out.append(self.round_start + settings.timer_ms)
        if pid in seen.played_out:
            return self.now
        since = seen.away_since.get(pid)
        if since is not None:  # each round gives a dropped player the full grace period
            out.append(grace_deadline(since, self.round_start, settings.grace_ms))
        return min(out) if out else None

    def auto_deal_at(self) -> int:
        return auto_deal_at(self.results_at, self.auto_on_at)

    def auto_deal_ms(self) -> int:
        """Milliseconds until auto-deal, for a results view (never negative)."""
        return max(0, self.auto_deal_at() - self.now)

    def to_dict(self) -> ClockState:
        """For the host's own snapshot."""
        return {"now": self.now, "round_start": self.round_start,
                "results_at": self.results_at, "auto_on_at": self.auto_on_at}

    def restore(self, data: Mapping[str, Any], now_ms: int) -> int:
        """Take over :meth:`to_dict`'s data on the reloaded page's clock ``now_ms`` (which
        restarts on reload); returns the shift applied, for the other recorded times."""
        shift = int(now_ms) - int(data["now"])
        self.now = int(now_ms)
        self.round_start = int(data["round_start"]) + shift
        self.results_at = int(data["results_at"]) + shift
        self.auto_on_at = int(data["auto_on_at"]) + shift
        return shift

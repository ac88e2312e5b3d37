"""The turn clock: the timer, each player's time bank, and the grace of a dropped player.

Time comes only from outside (sans-IO): each call passes ``now`` in milliseconds.

- **Timer** (the room's ``timer_ms``; 0 = off): the seat to act has that long from the
  start of its turn.
- **Time bank** (``time_bank_s``, per player for the whole session, not refilled): used only
  after the timer runs out; the overtime a player uses is taken from it when they act.
- **Grace** (the room's ``grace_ms``): a player who is disconnected (or has left) gets that
  long from the later of the turn's start and their drop, timer or not.

Whichever deadline comes first applies; then the session makes the default action (check if
nothing is to call, else fold; the draw: stand pat).

>>> c = TurnClock(timer_ms=20_000, bank_ms=30_000, grace_ms=10_000)
>>> c.start_turn(1_000)
>>> c.deadline("a", away_since=None)
51000
>>> c.deadline("a", away_since=5_000)
15000
>>> c.charge("a", 31_000); c.bank("a")
20000
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.table.clock import grace_deadline


@dataclass
class TurnClock:
    timer_ms: int = 0
    bank_ms: int = 0
    grace_ms: int = 10_000
    turn_start: int = 0
    banks: dict[str, int] = field(default_factory=dict)
    """Bank left per player (absent: the full bank)."""

    def start_turn(self, now: int) -> None:
        self.turn_start = now

    def bank(self, pid: str) -> int:
        return self.banks.get(pid, self.bank_ms)

    def deadline(self, pid: str, away_since: int | None) -> int | None:
        """When ``pid``'s turn ends by itself (None: never)."""
        out: list[int] = []
        if self.timer_ms:
            out.append(self.turn_start + self.timer_ms + self.bank(pid))
        if away_since is not None:
            out.append(grace_deadline(away_since, self.turn_start, self.grace_ms))
        return min(out) if out else None

    def charge(self, pid: str, now: int) -> None:
        """``pid`` ended its turn at ``now``: the overtime beyond the timer leaves its bank."""
        if not self.timer_ms:
            return
        over = now - self.turn_start - self.timer_ms
        if over > 0:
            self.banks[pid] = max(0, self.bank(pid) - over)

    def shown(self, pid: str, now: int) -> dict[str, int | None]:
        """For the view: ms left on the timer, and ms left in the bank (counting down once the
        timer has run out). Milliseconds left when the view is built."""
        if not self.timer_ms:
            return {"timer_ms": None, "bank_ms": None}
        left = self.turn_start + self.timer_ms - now
        bank = self.bank(pid)
        if left < 0:
            bank = max(0, bank + left)
        return {"timer_ms": max(0, left), "bank_ms": bank}

"""Seats, the button, and who is dealt into the next hand.

Ten seats numbered clockwise from 0. A player gets the first free seat when they join and
keeps it while seated; the room's seat order only says who came first.

**The button** moves one seat clockwise each hand, to the next seat that is dealt in (a
simple moving button, as ``static/rules/table-games.md#the-button-and-newcomers`` says: no
dead button, no dead small blind). The first hand's button is the lowest seat dealt in.

**Who is dealt in**: seated, with chips, connected (a cash player who drops is not dealt the
next hand; a tournament deals everyone with chips, see the session), not sitting out, and not
*waiting for the big blind*. A player who joins a cash table where a game is going, or comes
back from sitting out, waits until the big blind would fall on their seat — or chooses to
post and play at once. When fewer than two players are ready, nobody waits: the table starts
with everyone. Games without blinds (draw with antes only, bomb pots) never make anyone
wait. With more players ready than a game seats (draw: 7), the first ones clockwise from the
button's left are dealt in, the button always among them.

>>> clockwise([0, 3, 7], after=3)
[7, 0, 3]
>>> next_button(3, [0, 3, 7]), big_blind_of(7, [0, 3, 7]), big_blind_of(7, [0, 7])
(7, 3, 0)
>>> deal_in(2, ready=[0, 2], waiting=[1], posts_blinds=True, most=10)  # BB would be seat 2
(0, [0, 2])
>>> deal_in(0, ready=[0, 2], waiting=[1], posts_blinds=True, most=10)  # BB falls on seat 1
(2, [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

TABLE_SEATS = 10


def clockwise(seats: Iterable[int], after: int) -> list[int]:
    """``seats`` in clockwise order starting with the first one after seat ``after`` (which,
    if among them, comes last)."""
    return sorted(seats, key=lambda s: (s - after - 1) % TABLE_SEATS)


def next_button(previous: int | None, dealt: Sequence[int]) -> int:
    """The button of the next hand: one dealt-in seat clockwise from the last button."""
    if previous is None:
        return min(dealt)
    return clockwise(dealt, previous)[0]


def big_blind_of(button: int, dealt: Sequence[int]) -> int:
    """Whose big blind it is: the second seat left of the button, heads-up the other seat."""
    order = clockwise(dealt, button)
    return order[0] if len(order) == 2 else order[1]


def deal_in(
    previous_button: int | None,
    ready: Sequence[int],
    waiting: Sequence[int],
    *,
    posts_blinds: bool,
    most: int,
) -> tuple[int, list[int]]:
    """``(button, seats dealt in)`` for the next hand (see the module docstring).

    ``ready`` are the seats that play now, ``waiting`` those waiting for the big blind. A
    waiting seat joins at the hand whose big blind falls on it.
    """
    ready = sorted(ready)
    if len(ready) < 2 or not posts_blinds:
        ready = sorted({*ready, *waiting})
        waiting = []
    if len(ready) < 2:
        raise ValueError(f"a hand needs two players, got {len(ready)}")
    button = next_button(previous_button, ready)
    dealt = list(ready)
    for w in clockwise(waiting, button):
        if big_blind_of(button, [*dealt, w]) == w:
            dealt.append(w)
    order = clockwise(dealt, button)
    if len(order) > most:
        order = [*order[: most - 1], button]
    return button, sorted(order)


@dataclass
class Sitter:
    """A seated player: seat, chips, and where they stand with the table."""

    pid: str
    seat: int
    stack: int = 0
    connected: bool = True
    present: bool = True
    """Still in the room (False: left during a hand; cashed out when it ends)."""
    sitting_out: bool = False
    waiting: bool = False
    """Waits for the big blind before being dealt in (cash)."""
    posting: bool = False
    """Chose to post a big blind and play at once (cash): posts it in the next hand dealt."""


class Seating:
    """Who sits where. Seats are handed out lowest first and kept while the player stays."""

    def __init__(self) -> None:
        self.by_id: dict[str, Sitter] = {}

    def __contains__(self, pid: object) -> bool:
        return pid in self.by_id

    def sitters(self) -> list[Sitter]:
        """In seat order."""
        return sorted(self.by_id.values(), key=lambda s: s.seat)

    def at(self, seat: int) -> Sitter | None:
        return next((s for s in self.by_id.values() if s.seat == seat), None)

    def take(self, pid: str) -> Sitter | None:
        """Seats ``pid`` in the first free seat (None: the table is full)."""
        taken = {s.seat for s in self.by_id.values()}
        free = [s for s in range(TABLE_SEATS) if s not in taken]
        if not free:
            return None
        sitter = Sitter(pid, free[0])
        self.by_id[pid] = sitter
        return sitter

    def place(self, sitter: Sitter) -> None:
        """Puts back a sitter as it was (restore, carry-over)."""
        self.by_id[sitter.pid] = sitter

    def leave(self, pid: str) -> Sitter:
        return self.by_id.pop(pid)

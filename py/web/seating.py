"""What a seat on the table shows and where it sits on the oval, for every game.

One table shell serves Ultimate Omaha and the table games (one room, not six
pages): each game turns its own view of a seat into a :class:`SeatFace` — name, money, marks,
cards, last action — and :mod:`web.shell` draws every face the same way. Pure functions of the
view (no DOM), so the words and marks are unit-tested here.

>>> face = ultimate_face({"id": "p1", "name": "Ann", "connected": True, "in_hand": True,
...     "acted": True, "balance_cents": -150, "stake_cents": 200}, you="p1", host="p2",
...     phase="flop")
>>> [f.value for f in face.money], [m.text for m in face.marks], face.line
(['-$1.50', '$2'], ['✓'], '')
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from web import gametext, pokertext
from web.viewdata import array

K = TypeVar("K", bound=Hashable)

POKER_HOOKS = {
    "seat": "pk-seat", "seat-you": "pk-seat-you", "seat-head": "pk-seat-head",
    "seat-name": "pk-name", "seat-facts": "pk-facts", "seat-line": "pk-last",
    "seat-bet": "pk-bet", "seat-timer": "pk-timer", "seat-conn": "pk-conn",
    "mark": "pk-mark", "mark-dealer": "pk-dealer", "mark-blind": "pk-blind",
}
"""The table games' older class names, kept beside the shared ones on their seats: the poker
code and its e2e tests find seats, stacks, bets and marks by them."""


@dataclass(frozen=True)
class Fact:
    """A money figure on the seat: ``label`` shown before it ('' for none), ``cls`` its hook,
    ``spoken`` its accessible name when the label alone is not enough."""

    label: str
    value: str
    cls: str
    spoken: str = ""


@dataclass(frozen=True)
class Mark:
    """A round token beside the name (dealer button, blinds, acted): ``text`` drawn,
    ``spoken`` read by screen readers."""

    text: str
    cls: str
    spoken: str


@dataclass(frozen=True)
class Badge:
    """A word on a pill (host, you, auto-checked, joining next hand); ``title`` explains it."""

    text: str
    cls: str
    title: str = ""


@dataclass(frozen=True)
class SeatFace:
    """Everything one seat shows, already in words; ``data`` are its data-* hooks."""

    player: str
    name: str
    you: bool = False
    connected: bool = True
    marks: tuple[Mark, ...] = ()
    badges: tuple[Badge, ...] = ()
    money: tuple[Fact, ...] = ()
    cards: tuple[Any, ...] = ()
    line: str = ""
    bet: str = ""
    turn: bool = False
    dim: bool = False
    data: Mapping[str, str] = field(default_factory=dict)
    hooks: Mapping[str, str] = field(default_factory=dict)


def seat_spots(order: Sequence[K], mine: K | None) -> dict[K, tuple[float, float]]:
    """Where each seat sits on the oval, in percent of the felt (x, y): clockwise in seat
    order, the viewer's own seat at the bottom centre (the first seat if not seated).

    >>> spots = seat_spots([0, 1, 2, 3], 2)
    >>> spots[2], spots[0]
    ((50.0, 94.0), (50.0, 6.0))
    >>> seat_spots(["ann", "bo"], None)["ann"]
    (50.0, 94.0)
    """
    seats = list(order)
    if not seats:
        return {}
    start = seats.index(mine) if mine in seats else 0
    n = len(seats)
    out = {}
    for i in range(n):
        seat = seats[(start + i) % n]
        angle = math.pi / 2 + 2 * math.pi * i / n  # screen y grows downwards: bottom first
        x = 50 + 44 * math.cos(angle)
        y = 50 + 44 * math.sin(angle)
        out[seat] = (round(x, 1), round(y, 1))
    return out


def _badges(pid: Any, you: Any, host: Any) -> list[Badge]:
    out = []
    if pid == host:
        out.append(Badge("host", "badge-host"))
    if pid == you:
        out.append(Badge("you", "badge-you"))
    return out


def ultimate_face(seat: Mapping[str, object], you: Any, host: Any, phase: Any) -> SeatFace:
    """An Ultimate Omaha seat: balance and stake, a ✓ once the player chose this round (never
    which choice), auto-checked and joining-next-hand said in words.

    >>> f = ultimate_face({"id": "p3", "name": "Dee", "connected": True, "in_hand": False},
    ...                   you="p1", host="p1", phase="flop")
    >>> [b.text for b in f.badges], f.dim, f.data["inHand"]
    (['Joining next hand'], True, 'no')
    """
    pid = seat.get("id")
    connected = bool(seat.get("connected"))
    in_hand = bool(seat.get("in_hand"))
    data = {"connected": "yes" if connected else "no", "inHand": "yes" if in_hand else "no"}
    marks = []
    if in_hand and phase != "results":
        acted = bool(seat.get("acted"))
        data["acted"] = "yes" if acted else "no"
        marks.append(Mark("✓" if acted else "…", "seat-mark " + ("acted" if acted else "waiting"),
                          "acted" if acted else "not acted yet"))
    badges = _badges(pid, you, host)
    if seat.get("auto"):
        # Said in words on the badge itself: a tooltip alone reaches neither phones nor
        # screen readers.
        badges.append(Badge("auto-checked", "badge-auto",
                            "Checked automatically (the timer ran out or the player was away)"))
    if not in_hand:
        badges.append(Badge("Joining next hand" if connected and seat.get("present", True)
                            else "Sitting out", "badge-queued"))
    money = [Fact("Balance", gametext.money(seat.get("balance_cents")), "seat-balance")]
    if in_hand:
        money.append(Fact("Stake", gametext.money(seat.get("stake_cents")), "seat-stake"))
    return SeatFace(player=str(pid), name=str(seat.get("name", "")), you=pid == you,
                    connected=connected, marks=tuple(marks), badges=tuple(badges),
                    money=tuple(money), line="" if connected else "away", dim=not in_hand,
                    data=data)


DIM_STATES = frozenset({"folded", "sitting_out", "eliminated", "no_chips"})


def poker_face(seat: Mapping[str, object], you: Any, host: Any, button: bool, blind: str | None,
               turn: bool) -> SeatFace:
    """A table-game seat: stack, the bet in front, dealer button and blinds, the cards it
    shows (backs for others), the last action or state, and whose turn it is.

    >>> f = poker_face({"id": "p2", "seat": 1, "name": "Bo", "stack": 1490, "bet": 10,
    ...     "state": "active", "connected": False, "last_action": "call", "cards": ["??", "??"]},
    ...     you="p1", host="p1", button=False, blind="BB", turn=True)
    >>> f.money[0].value, f.bet, f.line, [m.text for m in f.marks], f.data["turn"]
    ('1,490', '10', 'calls · away', ['BB'], 'yes')
    """
    pid = seat.get("id")
    connected = bool(seat.get("connected"))
    marks = []
    if button:
        marks.append(Mark("D", "mark-dealer", "dealer button"))
    if blind:
        marks.append(Mark(blind, "mark-blind", "small blind" if blind == "SB" else "big blind"))
    stack = pokertext.chips(seat.get("stack"))
    status = pokertext.seat_status(seat)
    last = seat.get("last_action")
    verb = pokertext.VERB_WORDS.get(str(last), str(last)).replace(" to", "") if last else ""
    line = status or verb
    if not connected:
        line = (line + " · away") if line else "away"
    bet = seat.get("bet")
    state = str(seat.get("state", ""))
    return SeatFace(
        player=str(pid), name=str(seat.get("name", "")), you=pid == you, connected=connected,
        marks=tuple(marks), badges=tuple(_badges(pid, you, host)),
        money=(Fact("", stack, "seat-stack pk-stack", f"stack {stack}"),),
        cards=tuple(array(seat, "cards")), line=line,
        bet=pokertext.chips(bet) if type(bet) is int and bet > 0 else "", turn=turn,
        dim=state in DIM_STATES,
        data={"state": state, "turn": "yes" if turn else "no",
              "connected": "yes" if connected else "no"},
        hooks=POKER_HOOKS,
    )

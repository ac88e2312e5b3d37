"""The operation log: one frozen record per thing that happened in a hand, in order.

Hand history (JSON and PokerStars text), payout messages, the showdown order and the deal's
check by deck position are all derived from these records, never from the live state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..cards import Card
from .actions import Verb
from .config import Street

__all__ = [
    "Acted",
    "Awarded",
    "DealKind",
    "Dealt",
    "Drew",
    "Finished",
    "PostKind",
    "Posted",
    "Record",
    "Reshuffled",
    "Returned",
    "Share",
    "Shown",
    "StreetStarted",
]


class PostKind(StrEnum):
    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"


class DealKind(StrEnum):
    HOLE = "hole"
    BURN = "burn"
    BOARD = "board"
    DRAW = "draw"


class Share(StrEnum):
    """Which part of a pot an award is: all of it, a hi/lo half, or a board's half."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"
    BOARD1 = "board 1"
    BOARD2 = "board 2"


@dataclass(frozen=True)
class Posted:
    """A forced bet: ``amount`` is what was posted (less than asked when ``all_in``)."""

    seat: int
    kind: PostKind
    amount: int
    all_in: bool


@dataclass(frozen=True)
class Dealt:
    """Cards leaving the deck: to a seat (``hole``, ``draw``), a board, or burned.

    ``positions[i]`` is where ``cards[i]`` lay in the deck (0 = the top card; a reshuffled
    stub continues the numbering after the deck), or ``None`` when the cards came from a
    script rather than a deck.
    """

    kind: DealKind
    seat: int | None
    board: int | None
    cards: tuple[Card, ...]
    positions: tuple[int | None, ...]


@dataclass(frozen=True)
class StreetStarted:
    street: Street


@dataclass(frozen=True)
class Acted:
    """A betting action as it took effect. ``verb`` is fold/check/call/bet/raise (an
    ``allin`` request is recorded as the call, bet or raise it was, with ``all_in``);
    ``to`` is the seat's bet in the round afterwards, ``added`` the chips it put in now.
    ``number`` counts the players' actions from 1 (draws included). ``full`` tells a full
    bet or raise (it reopens the betting and counts towards a cap) from an incomplete all-in.
    """

    number: int
    seat: int
    street: Street
    verb: Verb
    to: int
    added: int
    all_in: bool
    full: bool = False


@dataclass(frozen=True)
class Drew:
    """Draw: ``seat`` discarded ``discarded`` (empty: stood pat)."""

    number: int
    seat: int
    discarded: tuple[Card, ...]


@dataclass(frozen=True)
class Reshuffled:
    """Draw's stub ran short: these discards became a new stub (in the order given)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Returned:
    """The part of a bet nobody matched went back to its owner."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Shown:
    """At showdown, in showing order: the seat's cards and what they make.

    ``highs[b]`` is the high value on board ``b`` (draw: the five cards); ``low`` the
    8-or-better low (Hi/Lo only; ``None`` when the hand has none).
    """

    seat: int
    cards: tuple[Card, ...]
    highs: tuple[int, ...]
    low: int | None


@dataclass(frozen=True)
class Awarded:
    """``seat`` receives ``amount`` from pot ``pot`` (0 = main), part ``share``.

    ``winners`` are all seats sharing that part (in payout order) and ``portion`` the part's
    size; ``value`` the winning hand's value (high, or low for ``Share.LOW``), ``None``
    when nobody contested the pot.
    """

    pot: int
    share: Share
    seat: int
    amount: int
    winners: tuple[int, ...]
    portion: int
    value: int | None


@dataclass(frozen=True)
class Finished:
    stacks: tuple[int, ...]
    net: tuple[int, ...]


Record = (
    Posted | Dealt | StreetStarted | Acted | Drew | Reshuffled | Returned | Shown | Awarded
    | Finished
)

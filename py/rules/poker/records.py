"""The operation log: one frozen record per thing that happened in a hand, in order.

Hand history, the payout messages and the showdown order are all derived from this log;
nothing else about a finished hand is kept. Each dealt card records its place in the deck, the
one the public dealing order (:mod:`rules.dealorder`) gives it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .actions import Verb


@dataclass(frozen=True)
class Posted:
    """A forced bet: ``kind`` is ``'ante'``, ``'small blind'`` or ``'big blind'``."""

    seat: int
    kind: str
    amount: int
    all_in: bool


@dataclass(frozen=True)
class Dealt:
    """One card off the deck: ``to`` is ``'hole'``, ``'burn'``, ``'board'`` or ``'draw'``;
    ``position`` is its place in shuffle ``shuffle`` (0 = the hand's deck, top card 0)."""

    card: Card
    position: int
    shuffle: int
    to: str
    seat: int | None = None
    board: int | None = None


@dataclass(frozen=True)
class RoundStarted:
    """A betting round begins (``index`` into the game's rounds, ``name`` like ``'flop'``)."""

    index: int
    name: str


@dataclass(frozen=True)
class Acted:
    """A betting action. ``verb`` is what it came to (an all-in request becomes a call, bet or
    raise, with ``all_in`` set); ``to`` is the seat's bet in the round afterwards, ``added``
    the chips it put in now, ``level`` the bet to match afterwards. ``full`` is False for a
    bet or raise smaller than a full one (an all-in for less: it does not reopen the betting
    for those who already acted, nor count toward a cap)."""

    seat: int
    verb: Verb
    to: int
    added: int
    all_in: bool
    round: int
    level: int
    full: bool = True


@dataclass(frozen=True)
class Drew:
    """A draw: the discards and the cards received (in the order dealt)."""

    seat: int
    discards: tuple[Card, ...]
    received: tuple[Card, ...]


@dataclass(frozen=True)
class Reshuffled:
    """Draw's stub ran short: these discards became the new stub (shuffle number
    ``shuffle``), in their new order."""

    cards: tuple[Card, ...]
    shuffle: int


@dataclass(frozen=True)
class Returned:
    """The part of a bet, or of an ante, that nobody matched (or that no player still in the
    hand could match), back to its owner."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Shown:
    """A hand shown at showdown, with its descriptions (one per board, or high then low)."""

    seat: int
    cards: tuple[Card, ...]
    hands: tuple[str, ...]


@dataclass(frozen=True)
class Awarded:
    """Chips from one share of one pot to one seat.

    ``pot`` is the pot's index (0 = main) among ``pots``; ``pot_amount`` its size; ``share``
    is ``''`` (the whole pot), ``'high'``, ``'low'``, ``'board 1'`` or ``'board 2'``,
    ``share_amount`` that share's size; ``winners`` everyone who split the share, in seat
    order from left of the button; ``hand`` the winning hand's description (None when won
    uncontested); ``cards`` the five cards of this seat that won the share, as the evaluator
    that decided it picked them (hole cards first; empty when won uncontested), which a
    results screen highlights.
    """

    pot: int
    pots: int
    pot_amount: int
    share: str
    share_amount: int
    seat: int
    amount: int
    winners: tuple[int, ...]
    hand: str | None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Bounty:
    """The 7-2 bounty (``static/rules/table-games.md#7-2-bounty``): ``amount`` chips from
    ``payer`` to ``seat``, who won a pot with seven-deuce offsuit, after the pots are paid
    (capped by what the payer then has)."""

    seat: int
    payer: int
    amount: int


@dataclass(frozen=True)
class HandEnded:
    """The hand is over: every seat's stack afterwards and its net (stack after - before)."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]


@dataclass(frozen=True)
class Agreed:
    """Run it twice: a player still in the hand answered whether to run the board twice
    (``yes``); asked of every one of them when the betting ended all in before the river."""

    seat: int
    yes: bool


@dataclass(frozen=True)
class SecondRun:
    """The board run a second time (after ``Agreed`` from everyone): each board's five
    cards on the second runout (the cards before the all-in shared with the first), and the
    words of each shown hand on it, ``(seat, hands)`` in showdown order."""

    boards: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Mucked:
    """A hand not shown at the showdown: it won nothing, its player chose to muck a losing
    hand, and the rules let them (``static/rules/table-games.md#show-or-muck``)."""

    seat: int


@dataclass(frozen=True)
class Showed:
    """After the hand: the winner of an uncontested pot showed one card or the whole hand."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Rabbit:
    """After a hand that ended before the river: the board cards that would have come, per
    board (only the cards not dealt). They change nothing."""

    boards: tuple[tuple[Card, ...], ...]


Record = Posted | Dealt | RoundStarted | Acted | Drew | Reshuffled | Returned | Shown | Awarded | (
    HandEnded | Agreed | SecondRun | Mucked | Showed | Rabbit | Bounty
)

"""Where the engine's cards come from: a real deck (with deck positions) or a script.

The engine asks a :class:`CardSource` for cards by purpose and checks every card it gets
(no card twice, none that is not in play); the source decides which cards those are.
:class:`Deck` deals a shuffled deck from the top, burns included, and records each card's
position so the room can check the provably fair deal card by card. :class:`ScriptedCards`
hands out the cards a hand script names (``playhand``), burning nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..cards import Card, CardError
from .errors import DeckError
from .records import DealKind

__all__ = ["CardSource", "Deck", "Reshuffle", "ScriptedCards"]

Reshuffle = Callable[[Sequence[Card]], Sequence[Card]]
"""Given draw's discards (sorted by card index), returns them in the new stub's order: the
provably fair deal's continued stream (``fairdeal.DeckStream.reshuffle``)."""


class CardSource(Protocol):
    def take(self, kind: DealKind, target: int | None, count: int) -> list[tuple[Card, int | None]]:
        """``count`` cards for a seat's hand, a board, draw's replacements or a burn, each
        with its deck position (``None`` when unknown)."""
        ...

    def remaining(self) -> int:
        """How many cards are left to deal (draw's stub)."""
        ...

    def refill(self, pool: Sequence[Card]) -> None:
        """Makes ``pool`` (discards) the new stub, shuffled."""
        ...


def _cards(seq: Sequence[object], what: str) -> list[Card]:
    out: list[Card] = []
    for c in seq:
        try:
            out.append(c if isinstance(c, Card) else Card.parse(c) if isinstance(c, str)
                       else Card(c))  # type: ignore[arg-type]
        except (CardError, TypeError) as e:
            raise DeckError(f"{what}: {e}") from None
    return out


class Deck:
    """Deals ``cards`` from the top (position 0); ``reshuffle`` makes draw's new stub.

    >>> from rules.cards import FULL_DECK
    >>> d = Deck(FULL_DECK)
    >>> d.take(DealKind.HOLE, 0, 2), d.remaining()
    ([(Card.parse('2c'), 0), (Card.parse('2d'), 1)], 50)
    """

    def __init__(self, cards: Sequence[int], reshuffle: Reshuffle | None = None) -> None:
        self._cards = _cards(cards, "deck")
        if len(set(self._cards)) != len(self._cards):
            raise DeckError("the deck holds a card twice")
        self._next = 0
        self._reshuffle = reshuffle

    def take(self, kind: DealKind, target: int | None, count: int) -> list[tuple[Card, int | None]]:
        if self._next + count > len(self._cards):
            raise DeckError(f"the deck ran out: {count} more cards wanted, "
                            f"{len(self._cards) - self._next} left")
        out: list[tuple[Card, int | None]] = [
            (self._cards[p], p) for p in range(self._next, self._next + count)
        ]
        self._next += count
        return out

    def remaining(self) -> int:
        return len(self._cards) - self._next

    def refill(self, pool: Sequence[Card]) -> None:
        if self._reshuffle is None:
            raise DeckError(f"draw's stub ran short and no reshuffle was given "
                            f"({len(pool)} discards to shuffle)")
        new = _cards(list(self._reshuffle(sorted(pool))), "reshuffled stub")
        if sorted(new) != sorted(pool):
            raise DeckError("the reshuffle returned other cards than the discards it was given")
        self._cards.extend(new)


class ScriptedCards:
    """The cards a script names: each seat's hole cards, each board in dealing order, and
    draw's stub (handed out in order). Burns take nothing; a card a script names twice is
    caught by the engine's check when dealt.

    The stub is as long as a real one would be (52 minus what is in play) for the engine's
    "does the stub run short" question, whatever the script lists.
    """

    def __init__(self, hole: Sequence[Sequence[object]], boards: Sequence[Sequence[object]],
                 stub: Sequence[object]) -> None:
        self._hole = [_cards(h, f"hole cards of seat {i}") for i, h in enumerate(hole)]
        self._boards = [_cards(b, f"board {i + 1}") for i, b in enumerate(boards)]
        self._stub = _cards(stub, "stub")
        self._used_hole = [0] * len(self._hole)
        self._used_board = [0] * len(self._boards)
        self._used_stub = 0
        self._left = 52

    def take(self, kind: DealKind, target: int | None, count: int) -> list[tuple[Card, int | None]]:
        if kind is DealKind.BURN:
            return []
        if kind is DealKind.DRAW:
            if self._used_stub + count > len(self._stub):
                raise DeckError(f"the stub ran out: the draw wants {count} more cards, "
                                f"{len(self._stub) - self._used_stub} left in it")
            got = self._stub[self._used_stub:self._used_stub + count]
            self._used_stub += count
        else:
            assert target is not None
            queue = self._hole if kind is DealKind.HOLE else self._boards
            used = self._used_hole if kind is DealKind.HOLE else self._used_board
            if target >= len(queue) or used[target] + count > len(queue[target]):
                what = f"seat {target}" if kind is DealKind.HOLE else f"board {target + 1}"
                raise DeckError(f"{what} has too few cards")
            got = queue[target][used[target]:used[target] + count]
            used[target] += count
        self._left -= count
        return [(c, None) for c in got]

    def remaining(self) -> int:
        return self._left

    def refill(self, pool: Sequence[Card]) -> None:
        self._left += len(pool)

    def unused_stub(self) -> int:
        return len(self._stub) - self._used_stub

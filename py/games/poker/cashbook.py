"""A cash game's books: chips bought and cashed out per player, and the money they make.

Chips enter a cash table only by a buy-in and leave only by a cash-out, so at every moment
``sum(stacks) + sum(cashed) == sum(bought)`` (plus the chips in a running hand). Money moves
only when a hand is over: each hand's nets (in chips, summing to zero) go into the project's
session ledger (``rules.ledger.Ledger``) at the chip value, and settle-up is that ledger's —
one implementation for every game. The chip value is fixed once a hand has been dealt (the
settings refuse a change), so a player's balance is always ``(cashed + stack - bought) ×
chip value``.

>>> book = CashBook()
>>> book.register("a", "Ann"); book.register("b", "Bob")
>>> book.check_buy_in(0, 1000, least=400, most=2500)
>>> book.buy("a", 1000); book.buy("b", 1000)
>>> book.apply_hand({"a": 150, "b": -150}, chip_cents=2)
>>> book.balances(), [str(t.cents) for t in book.ledger.settle_up()]
({'a': 300, 'b': -300}, ['300'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from room.errors import RoomError
from rules.ledger import Ledger

from games.codes import TableCode
from games.viewtypes import BookState


class CashBook:
    """Chips bought and cashed per player id, and the cents ledger."""

    def __init__(self) -> None:
        self.bought: dict[str, int] = {}
        self.cashed: dict[str, int] = {}
        self.edited: dict[str, int] = {}
        """Chips the host added to (or, negative, took from) each stack between hands."""
        self.ledger = Ledger()

    def register(self, pid: str, name: str) -> None:
        """Everyone ever seated has a row (at zero until they play)."""
        self.ledger.add_player(pid, name)
        self.bought.setdefault(pid, 0)
        self.cashed.setdefault(pid, 0)

    @staticmethod
    def buy_in_range(stack: int, *, least: int, most: int) -> tuple[int, int]:
        """The chips a player holding ``stack`` may buy now, fewest and most (none when the
        first is above the second): a first buy-in (or one with no chips left) is
        ``least..most`` chips; a rebuy tops up to ``most``.

        >>> CashBook.buy_in_range(0, least=400, most=2500), CashBook.buy_in_range(
        ...     2000, least=400, most=2500)
        ((400, 2500), (1, 500))
        """
        return (least if stack == 0 else 1), most - stack

    @staticmethod
    def check_buy_in(stack: int, chips: object, *, least: int, most: int) -> None:
        """Refuses a buy-in outside :meth:`buy_in_range` (``cash/buy_in``)."""
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise RoomError(f"a buy-in is a whole number of chips, got {chips!r}",
                            TableCode.CASH_BUY_IN)
        if stack + chips > most:
            raise RoomError(f"a buy-in of {chips} would make {stack + chips} chips; the most "
                            f"a player may have after buying is {most}", TableCode.CASH_BUY_IN)
        if stack == 0 and chips < least:
            raise RoomError(f"the smallest buy-in is {least} chips, not {chips}",
                            TableCode.CASH_BUY_IN)

    def buy(self, pid: str, chips: int) -> None:
        self.bought[pid] = self.bought.get(pid, 0) + chips

    def cash_out(self, pid: str, chips: int) -> None:
        self.cashed[pid] = self.cashed.get(pid, 0) + chips

    def edit(self, pid: str, chips: int) -> None:
        """The host added ``chips`` to a stack (taken away if negative): booked as a buy-in
        or a cash-out, so the chips on the table stay those bought and not cashed out, and
        kept in :attr:`edited` so the books say which chips the host moved. The money
        ledger (hand nets) does not change.

        >>> book = CashBook(); book.register("a", "Ann"); book.buy("a", 1000)
        >>> book.edit("a", 500); book.edit("a", -200)
        >>> book.bought["a"], book.cashed["a"], book.edited["a"], book.chips_in()
        (1500, 200, 300, 1300)
        """
        if chips > 0:
            self.buy(pid, chips)
        else:
            self.cash_out(pid, -chips)
        self.edited[pid] = self.edited.get(pid, 0) + chips

    def apply_hand(self, nets: Mapping[str, int], chip_cents: int) -> None:
        """A finished hand's nets (chips, summing to zero) into the money ledger."""
        self.ledger.apply_nets({pid: n * chip_cents for pid, n in nets.items()})

    def balances(self) -> dict[str, int]:
        """Player id -> cents, everyone ever seated."""
        return self.ledger.balances

    def chips_in(self) -> int:
        """Chips that came onto the table and have not left it."""
        return sum(self.bought.values()) - sum(self.cashed.values())

    def to_state(self) -> BookState:
        return {"bought": dict(self.bought), "cashed": dict(self.cashed),
                "edited": dict(self.edited), "ledger": self.ledger.to_state()}

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> CashBook:
        book = cls()
        book.ledger = Ledger.from_state(data["ledger"])
        book.bought = {str(k): int(v) for k, v in data["bought"].items()}
        book.cashed = {str(k): int(v) for k, v in data["cashed"].items()}
        book.edited = {str(k): int(v) for k, v in data.get("edited", {}).items()}
        return book

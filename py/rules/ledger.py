"""The session ledger: every player's running balance, the bank's apart, and settle-up.

Balances change only when a settled hand is applied. A player who leaves keeps their row (their
money is still owed or due); the bank — the opponent of one-player hands — has its own row so
the players' rows can be read on their own. Players' balances plus the bank's always sum to zero.

>>> led = Ledger()
>>> led.add_player("p1", "Ann"); led.add_player("p2", "Bob")
>>> led.apply_nets({"p1": 500, "p2": -500})
>>> led.balance("p1"), led.settle_up()
(500, [Transfer(payer='p2', payee='p1', cents=500)])
"""

from __future__ import annotations

import csv
import heapq
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard

from .errors import RulesError
from .money import format_money, plain_dollars

if TYPE_CHECKING:  # only for the annotation: the ledger needs no evaluator at import
    from .ultimate import HandResult

BANK_ID = "$bank"
"""The bank's id in transfers and in the CSV (no player id may take it)."""
BANK_NAME = "Bank"
FORMER_NAMES = 2
"""Earlier names a row remembers (newest first), to show who a renamed player was."""


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``cents`` (player ids, or :data:`BANK_ID`)."""

    payer: str
    payee: str
    cents: int


class _LedgerParts(TypedDict):
    rows: list[list[str | int]]
    bank: list[int]
    hands_applied: int


class LedgerState(_LedgerParts, total=False):
    """A ledger as its owner keeps it (:meth:`Ledger.to_state`): ``rows`` are
    ``[player id, name, hands, balance cents]`` in first-seen order, ``bank`` is
    ``[bank cents, bank hands]``. (Its optional key is a ``total=False`` class, not
    ``NotRequired``: this module's annotations are strings, which hide ``NotRequired`` from
    the run-time key sets the tests read.)"""

    was: dict[str, list[str]]
    """Player id → the names that row went by before (newest first); older ledgers have
    none."""


@dataclass(frozen=True)
class LedgerRow:
    """One line of the ledger as shown: id, display name, hands played, balance in cents,
    and the names the player went by before (newest first)."""

    player_id: str
    name: str
    hands: int
    balance_cents: int
    was: tuple[str, ...] = ()


class Ledger:
    """Running balances of a session, keyed by player id (names are for display and may change)."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}
        self._balances: dict[str, int] = {}
        self._hands: dict[str, int] = {}
        self._was: dict[str, list[str]] = {}
        self.bank_cents = 0
        """The bank's own net over the session (positive: the bank is up)."""
        self.bank_hands = 0
        self.hands_applied = 0

    # --- saving (the host's own storage; balances are public, nothing here is secret) ---

    def to_state(self) -> LedgerState:
        """The ledger as JSON-ready data: rows in first-seen order, the bank, the hand count.

        >>> Ledger.from_state(Ledger().to_state()).rows()
        []
        """
        state: LedgerState = {
            "rows": [[pid, self._names[pid], self._hands[pid], cents]
                     for pid, cents in self._balances.items()],
            "bank": [self.bank_cents, self.bank_hands],
            "hands_applied": self.hands_applied,
        }
        if self._was:
            state["was"] = {pid: list(names) for pid, names in self._was.items()}
        return state

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> Ledger:
        """The ledger of :meth:`to_state` (a host reload, or a room carried on by a new host).

        Balances otherwise change only by applying hands; carried balances must still sum to
        zero with the bank, or :class:`RulesError`.
        """
        ledger = cls()
        try:
            for pid, name, hands, balance in data["rows"]:
                ledger.add_player(pid, name)
                ledger._balances[pid] = _whole(balance)
                ledger._hands[pid] = _whole(hands)
            ledger.bank_cents, ledger.bank_hands = (_whole(x) for x in data["bank"])
            ledger.hands_applied = _whole(data["hands_applied"])
            was = data.get("was", {})
            if not isinstance(was, dict):
                raise TypeError("former names are not a mapping")
            for pid, names in was.items():
                if (pid not in ledger._names or not isinstance(names, list)
                        or len(names) > FORMER_NAMES
                        or not all(isinstance(n, str) for n in names)):
                    raise ValueError(f"bad former names of {pid!r}")
                if names:
                    ledger._was[pid] = list(names)
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"not a saved ledger: {exc}") from exc
        if ledger.total() + ledger.bank_cents != 0:
            raise RulesError("a saved ledger must sum to zero with the bank")
        return ledger

    # --- players ---

    def add_player(self, player_id: str, name: str) -> None:
        """Registers a player at $0, or renames one already known (the balance is kept, so a
        player who comes back under the same id finds their money where they left it, and
        the name they had is remembered: one row, whatever they are called)."""
        if not isinstance(player_id, str) or not player_id or player_id == BANK_ID:
            raise RulesError(f"not a usable player id: {player_id!r}")
        old = self._names.get(player_id)
        if old is not None and old not in (name, player_id):  # (an id stood in for a name)
            was = [old, *(n for n in self._was.get(player_id, ()) if n not in (old, name))]
            self._was[player_id] = was[:FORMER_NAMES]
        self._names[player_id] = name
        self._balances.setdefault(player_id, 0)
        self._hands.setdefault(player_id, 0)

    def __contains__(self, player_id: object) -> bool:
        return player_id in self._balances

    def name(self, player_id: str) -> str:
        return BANK_NAME if player_id == BANK_ID else self._names[player_id]

    def balance(self, player_id: str) -> int:
        """A player's balance in cents (0 for someone never seen)."""
        if player_id == BANK_ID:
            return self.bank_cents
        return self._balances.get(player_id, 0)

    @property
    def balances(self) -> dict[str, int]:
        """Player id → balance in cents, in the order players were first seen (a copy)."""
        return dict(self._balances)

    def total(self) -> int:
        """Sum of the players' balances: always minus the bank's balance (0 without solo hands)."""
        return sum(self._balances.values())

    # --- applying hands ---

    def apply(self, result: HandResult) -> None:
        """Adds a settled hand's nets (and the bank's, for a solo hand) to the balances.

        A player not yet registered is added with their id as name. Refuses a result whose
        nets and bank do not sum to zero, since that would mean money appeared from nowhere.
        """
        self._apply(result.nets(), result.bank_net_cents)

    def apply_nets(self, nets: Mapping[str, int], bank_net_cents: int = 0) -> None:
        """Like :meth:`apply` for bare nets (player id → cents); for tests and replays."""
        self._apply(dict(nets), bank_net_cents)

    def _apply(self, nets: dict[str, int], bank: int) -> None:
        for pid, cents in nets.items():
            if not isinstance(cents, int) or isinstance(cents, bool):
                raise RulesError(f"net of {pid!r} must be whole cents, got {cents!r}")
        if sum(nets.values()) + bank != 0:
            raise RulesError(f"hand does not balance: nets {nets}, bank {bank}")
        for pid, cents in nets.items():
            if pid not in self._balances:
                self.add_player(pid, pid)
            self._balances[pid] += cents
            self._hands[pid] += 1
        if len(nets) == 1:
            self.bank_hands += 1
        self.bank_cents += bank
        self.hands_applied += 1

    # --- reading it out ---

    def rows(self) -> list[LedgerRow]:
        """Players in the order first seen, then the bank if it ever played."""
        out = [
            LedgerRow(pid, self._names[pid], self._hands[pid], bal,
                      tuple(self._was.get(pid, ())))
            for pid, bal in self._balances.items()
        ]
        if self.bank_hands:
            out.append(LedgerRow(BANK_ID, BANK_NAME, self.bank_hands, self.bank_cents))
        return out

    def settle_up(self) -> list[Transfer]:
        """A short list of transfers that brings every balance, the bank's included, to zero.

        First every debtor whose debt exactly equals some creditor's credit pays that creditor
        (one transfer clears two people); then, greedily, the largest remaining debtor pays the
        largest remaining creditor as much as one of them needs. Each transfer clears at least
        one party, so there are at most n − 1 transfers for n parties with a nonzero balance.

        How close that is to the fewest: the true minimum is n minus the largest number of
        disjoint groups whose balances sum to zero (each group needs size − 1 transfers);
        finding those groups is NP-hard in general (it contains subset-sum). The exact-pair
        pass finds every group of two; larger groups may be missed, so the result can exceed
        the minimum, but never n − 1. Ties are broken by first-seen order, so the list is
        deterministic.

        >>> led = Ledger()
        >>> led.apply_nets({"a": 700, "b": -400, "c": -300})
        >>> led.settle_up()
        [Transfer(payer='b', payee='a', cents=400), Transfer(payer='c', payee='a', cents=300)]
        """
        order = {pid: i for i, pid in enumerate([*self._balances, BANK_ID])}
        parties = [(pid, bal) for pid, bal in self._balances.items() if bal]
        if self.bank_cents:
            parties.append((BANK_ID, self.bank_cents))
        assert sum(b for _, b in parties) == 0, parties
        transfers: list[Transfer] = []

        # Pass 1: exact equal-and-opposite pairs.
        creditors_by_amount: dict[int, list[str]] = {}
        for pid, bal in parties:
            if bal > 0:
                creditors_by_amount.setdefault(bal, []).append(pid)
        paired: set[str] = set()
        for pid, bal in parties:
            if bal < 0 and creditors_by_amount.get(-bal):
                payee = creditors_by_amount[-bal].pop(0)
                transfers.append(Transfer(pid, payee, -bal))
                paired.update((pid, payee))
        rest = [(pid, bal) for pid, bal in parties if pid not in paired]

        # Pass 2: largest debtor pays largest creditor.
        debtors = [(bal, order[pid], pid) for pid, bal in rest if bal < 0]  # most negative first
        creditors = [(-bal, order[pid], pid) for pid, bal in rest if bal > 0]  # largest first
        heapq.heapify(debtors)
        heapq.heapify(creditors)
        while debtors and creditors:
            debt, di, dpid = heapq.heappop(debtors)
            credit, ci, cpid = heapq.heappop(creditors)
            amount = min(-debt, -credit)
            transfers.append(Transfer(dpid, cpid, amount))
            if -debt > amount:
                heapq.heappush(debtors, (debt + amount, di, dpid))
            if -credit > amount:
                heapq.heappush(creditors, (credit + amount, ci, cpid))
        assert not debtors and not creditors
        return transfers

    def describe(self, transfer: Transfer) -> str:
        """``'Bob pays Ann $5'`` for showing a transfer."""
        return (
            f"{self.name(transfer.payer)} pays {self.name(transfer.payee)} "
            f"{format_money(transfer.cents)}"
        )

    def to_csv(self) -> str:
        """The ledger as CSV (see :func:`csv_text`), rows as :meth:`rows`, the bank last."""
        return csv_text((r.player_id, r.name, r.hands, r.balance_cents) for r in self.rows())


CSV_HEADER = ("player_id", "name", "hands", "balance_cents", "balance_dollars")


def csv_text(rows: Iterable[tuple[object, object, object, object]]) -> str:
    """Ledger rows ``(player_id, name, hands, balance_cents)`` as CSV with :data:`CSV_HEADER`.

    The one CSV format of the ledger, used by :meth:`Ledger.to_csv` on the host and by the
    room's export from a view — where every value comes from the host and may be anything.
    So no cell goes out as something a spreadsheet would evaluate: a whole number (an ``int``,
    which only we can have made one) is written as a number, negative ones included, and the
    dollars column is derived from it; every other value is text, and text that starts like
    a formula (``=``, ``+``, ``-``, ``@``, tab, CR, LF) gets a leading ``'``.

    >>> print(csv_text([("p1", "=1+1", "=HYPERLINK(1)", -500)]), end="")
    player_id,name,hands,balance_cents,balance_dollars
    p1,'=1+1,'=HYPERLINK(1),-500,-5.00
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for pid, name, hands, cents in rows:
        dollars = plain_dollars(cents) if _is_whole(cents) else _cell(cents)
        w.writerow([_cell(pid), _cell(name), _cell(hands), _cell(cents), dollars])
    return buf.getvalue()


def _whole(x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"not a whole number: {x!r}")
    return x


def _is_whole(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
"""How a cell starts when a spreadsheet may evaluate it (OWASP's CSV injection list, plus LF)."""


def _cell(value: object) -> int | str:
    """A CSV cell that no spreadsheet evaluates: an int as itself, anything else as text,
    defused with a leading ``'`` when it starts like a formula.

    >>> [_cell(v) for v in (-5, "-5", "@SUM(A1)", "Ann", True, None)]
    [-5, "'-5", "'@SUM(A1)", 'Ann', 'True', 'None']
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text

"""The public dealing order: which deck position each card of a hand comes from.

One implementation, used twice: the dealer takes every card of a hand through it (the table
games' engine, :mod:`rules.poker.engine`, and Ultimate Omaha's
:class:`rules.ultimate.UltimateHand`), and every player's browser rebuilds the hand's cards
through it from the deck the revealed seed and nonces make (:mod:`rules.fairdeal`). So a card's
place in the deck never comes from the host: it follows from facts published *before* the
nonces — the game of the hand, who is dealt in and in which order, the button — and, for draw,
from the public discard counts. A host that hands anyone a card from another place fails every
browser that sees it. The whole procedure, and what a browser checks and cannot, is
``static/rules/fair-deal.md``.

The deck is dealt from the top (position 0). Each table game's :class:`Layout` is part of
its record (:mod:`rules.variants`); :data:`LAYOUTS` has them by game id. The patterns:

* **One board with burns** (Hold'em and the Omaha games): hole cards one at a time round the
  table, clockwise from the first player left of the button (the button last): player ``i``'s
  card ``k`` is at ``k * n + i`` for ``n`` players. Then a burn and the flop (3), a burn and
  the turn, a burn and the river.
* **Two boards** (the double-board bomb pot): the same hole cards; then a burn, board 1's
  flop, board 2's flop; a burn, board 1's turn, board 2's turn; a burn, the two rivers. A burn
  is left out when the deck could not then finish the boards (ten players of a four-card game
  use 50 cards).
* **A stub** (the draw games): the hole cards round the table; no board, no burn. The cards
  after the hole cards are the **stub**: every draw of the hand hands them out in the order
  the players draw (clockwise from the button's left, each taking as many as they
  discarded), so the ``j``-th replacement of the hand is at ``hole * n + j``. Past the deck's
  end the discards are reshuffled (:class:`rules.fairdeal.FairStream`); :meth:`DealOrder.stub`
  is None for those.
* **Ultimate Omaha** (:data:`ULTIMATE`): four hole cards a player at a time in seat order
  (player ``i`` gets ``4 i .. 4 i + 3``), then board 1's five cards, then board 2's; no burn.

>>> order = DealOrder(LAYOUTS["holdem"], 3)
>>> [order.hole(0, 0), order.hole(1, 0), order.hole(0, 1)], order.burn(0), order.board(0, 0)
([0, 1, 3], 6, 7)
>>> order.burn(1), order.board(0, 3), order.board(0, 4)
(10, 11, 13)
>>> u = DealOrder(LAYOUTS["ultimate"], 2)
>>> u.hole(1, 0), u.board(0, 0), u.board(1, 4), u.burn(0)
(4, 8, 17, None)
>>> d = DealOrder(LAYOUTS["draw"], 7)
>>> d.stub(0), d.stub(16), d.stub(17)
(35, 51, None)
>>> hand_order([(0, "ann", True), (3, "bo", True), (7, "cy", True)], 3, {"ann", "bo", "cy"})
(3, ['cy', 'ann', 'bo'])
>>> hand_order([(0, "ann", True), (3, "bo", True), (7, "cy", True)], 3, {"ann", "cy"})
(7, ['ann', 'cy'])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType

from .errors import RulesError
from .variants import VARIANTS, Layout

__all__ = ["DECK_CARDS", "LAYOUTS", "RING", "ULTIMATE", "DealOrder", "DealOrderError", "Layout",
           "clockwise", "hand_button", "hand_order", "layout"]

DECK_CARDS = 52
RING = 10
"""Seats are numbered 0..9 clockwise round a table."""


class DealOrderError(RulesError):
    """A dealing order that cannot be: too many cards for the deck, a player or card out of
    range, a seat off the table. The message names it."""


ULTIMATE = Layout(4, 2, (5,), by_rounds=False)
"""Ultimate Omaha's deal (its rules are :mod:`rules.ultimate`, not a table-game record)."""

LAYOUTS: Mapping[str, Layout] = MappingProxyType(
    {**{game_id: v.layout for game_id, v in VARIANTS.items()}, "ultimate": ULTIMATE}
)
"""Each game's way of dealing, by game id: every table game's from its record
(:data:`rules.variants.VARIANTS`), and ``"ultimate"``."""


class DealOrder:
    """The deck position of every card of one hand: ``layout`` dealt to ``players`` players
    (numbered in dealing order) from a deck of ``deck_size`` cards (52; a test's stacked deck
    may be shorter)."""

    def __init__(self, layout: Layout, players: int, deck_size: int = DECK_CARDS) -> None:
        if type(players) is not int or players < 1:
            raise DealOrderError(f"a hand deals at least one player, not {players!r}")
        need = layout.hole * players + layout.boards * layout.board_cards
        if need > deck_size:
            raise DealOrderError(
                f"{players} players need {need} cards; the deck has {deck_size}")
        self.layout = layout
        self.players = players
        self.deck_size = deck_size
        self.first_stub = layout.hole * players
        """Where the cards after the hole cards start (draw's stub; the boards otherwise)."""
        burns: list[int | None] = []
        boards: dict[tuple[int, int], int] = {}
        at = self.first_stub
        done = 0  # cards on each board so far
        for count in layout.streets:
            still = layout.boards * (layout.board_cards - done)
            if layout.burns and deck_size - at > still:
                burns.append(at)
                at += 1
            else:
                burns.append(None)
            for b in range(layout.boards):
                for k in range(done, done + count):
                    boards[b, k] = at
                    at += 1
            done += count
        self._burns = tuple(burns)
        self._boards = MappingProxyType(boards)

    def hole(self, player: int, k: int) -> int:
        """The position of player ``player``'s card ``k`` (both from 0, in dealing order)."""
        if not (0 <= player < self.players and 0 <= k < self.layout.hole):
            raise DealOrderError(f"no hole card {k!r} of player {player!r} in this deal")
        if self.layout.by_rounds:
            return k * self.players + player
        return player * self.layout.hole + k

    def board(self, board: int, k: int) -> int:
        """The position of card ``k`` of board ``board`` (both from 0)."""
        try:
            return self._boards[board, k]
        except (KeyError, TypeError):
            raise DealOrderError(f"no card {k!r} of board {board!r} in this deal") from None

    def burn(self, street: int) -> int | None:
        """The position of the burn before street ``street`` (0: the flop), None if none."""
        if not 0 <= street < len(self._burns):
            raise DealOrderError(f"no street {street!r} in this deal")
        return self._burns[street]

    def street(self, street: int) -> list[tuple[int, int, int]]:
        """``(board, k, position)`` of every board card of street ``street``, in deal order."""
        first = sum(self.layout.streets[:street])
        count = self.layout.streets[street]
        return [(b, k, self._boards[b, k]) for b in range(self.layout.boards)
                for k in range(first, first + count)]

    def second_run(self, street: int) -> int | None:
        """Run it twice from street ``street`` (the first street not dealt when the betting
        ended): how far past each place of the first runout its second-runout twin lies, or
        None when the deck cannot hold a second runout. The second runout takes the cards
        right after the first runout's last card, in the same pattern (a burn where the first
        had one, then each street's cards board by board), so the first runout's places are
        those of a hand run once.

        >>> order = DealOrder(LAYOUTS["holdem"], 3)
        >>> order.second_run(0), order.second_run(2)  # from the flop: 8 places; the river: 2
        (8, 2)
        >>> DealOrder(LAYOUTS["omaha"], 10).second_run(0) is None  # 40 + 8 + 8 > 52
        True
        """
        if not 0 <= street < len(self._burns):
            raise DealOrderError(f"no street {street!r} in this deal")
        burn = self._burns[street]
        start = burn if burn is not None else min(p for _, _, p in self.street(street))
        end = max(self._boards.values()) + 1
        span = end - start
        return span if end + span <= self.deck_size else None

    def stub(self, index: int) -> int | None:
        """Draw: the position of the hand's ``index``-th replacement card (0 = the first one
        handed out), or None once the deck is used up (it comes from a reshuffle of the
        discards, which no other player can rebuild)."""
        if not self.layout.stub:
            raise DealOrderError("this game deals no stub")
        position = self.first_stub + index
        return position if position < self.deck_size else None


def layout(game_id: str) -> Layout:
    """The :class:`Layout` of game ``game_id`` (:class:`DealOrderError` for an unknown one)."""
    found = LAYOUTS.get(game_id)
    if found is None:
        raise DealOrderError(f"no dealing order for a game called {game_id!r}")
    return found


def clockwise(seats: Iterable[int], after: int) -> list[int]:
    """``seats`` clockwise starting with the first one after seat ``after`` (which, if among
    them, comes last).

    >>> clockwise([0, 3, 7], after=3)
    [7, 0, 3]
    """
    return sorted(seats, key=lambda s: (s - after - 1) % RING)


def hand_button(button: int, present: Collection[int]) -> int:
    """The hand's button: the one announced with the deal if that seat's player is in the hand
    (their nonce came), else the first seat of the hand clockwise after it.

    >>> hand_button(3, [0, 3, 7]), hand_button(3, [0, 7])
    (3, 7)
    """
    if button in present or not present:
        return button
    return clockwise(present, button)[0]


def hand_order(
    seats: Sequence[tuple[int, str, bool]], button: int, present: Collection[str]
) -> tuple[int, list[str]]:
    """``(button, players in dealing order)`` of a table-game hand from what was published
    before the nonces: ``seats`` as ``(seat, player id, dealt in)`` for every player asked for a
    nonce (``dealt in`` False: a bomb pot's seat short of the ante, asked but not dealt) and the
    announced ``button``; ``present`` are the players whose nonce came (the others sit out).
    The dealing order is clockwise from the button's left, the button last if dealt in."""
    there = [(seat, pid, dealt) for seat, pid, dealt in seats if pid in present]
    hand = hand_button(button, [seat for seat, _, _ in there])
    by_seat = {seat: pid for seat, pid, dealt in there if dealt}
    return hand, [by_seat[s] for s in clockwise(by_seat, hand)]

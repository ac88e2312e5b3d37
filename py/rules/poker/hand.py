"""One hand of a betting game, played by the rules file: the engine the room, the command
line, the bots and the tests share.

A :class:`Hand` posts antes and blinds, deals from a :class:`~rules.poker.deck.CardSource`,
and then waits for actions. Each action has the verify / can / do triple: :meth:`Hand.verify`
raises a precise :class:`~rules.poker.errors.ActionError` (the message quotes the numbers),
:meth:`Hand.can` answers yes or no, :meth:`Hand.do` applies it and returns the frozen record
it appended to :attr:`Hand.log`. Dealing, the end of a round, uncalled bets, running the board
out when at most one player can act, the showdown and the payout happen by themselves.

The UI's hints are queries (:meth:`Hand.options`, :meth:`Hand.call_amount`,
:meth:`Hand.raise_bounds`, :meth:`Hand.pots`, :meth:`Hand.draw_limit`), so no other layer
re-derives a betting rule.

Why our own state machine and not pokerkit's: pokerkit 0.7.7 differs from the rules file in
the incomplete all-in rule, the fixed-limit cap, a short big blind, a lone big blind, pot
merging, per-pot lows, odd chips, double-pot-limit and draw limits (``notes/pokerkit.md``);
with those overridden, what remains is the bookkeeping below. pokerkit checks this engine
instead (``rules.poker.kit`` replays hands through it; the tests and ``playhand`` use that).

>>> from rules.cards import parse_cards
>>> from rules.poker.config import TableRules
>>> from rules.poker.deck import Deck
>>> # dealt one at a time from left of the button (seat 1), burns before each street
>>> deck = parse_cards("7c Qh As 7d Jh Kd 2s 2c 7h Kc 3h 3d 4h 9s")
>>> rules = TableRules.parse({"game": "holdem", "blinds": [5, 10]})
>>> hand = Hand(rules, [1000, 1000, 400], button=0, cards=Deck(deck))
>>> hand.to_act, hand.options().raise_to
(0, (20, 1000))
>>> for text in ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"]:
...     _ = hand.do(text)
>>> hand.is_over, hand.net()
(True, (430, -30, -400))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..cards import FULL_DECK, Card
from ..evaluator import best_high, high5, omaha_high, omaha_low8
from .actions import Action, Verb
from .config import Betting, Game, Street, TableRules
from .deck import CardSource
from .errors import (
    ActionError,
    BadDraw,
    BadSetup,
    CapReached,
    DeckError,
    HandOver,
    IllegalAmount,
    NotReopened,
    NotYourTurn,
    WrongVerb,
)
from .pots import Pot, payout_order, side_pots, split
from .records import (
    Acted,
    Awarded,
    DealKind,
    Dealt,
    Drew,
    Finished,
    Posted,
    PostKind,
    Record,
    Reshuffled,
    Returned,
    Share,
    Shown,
    StreetStarted,
)

__all__ = ["Hand", "Move", "Options", "Phase"]

_ACE = 12


class Phase(StrEnum):
    BETTING = "betting"
    DRAWING = "drawing"
    OVER = "over"


@dataclass(frozen=True)
class Move:
    """A verified action, normalized: what :meth:`Hand.do` will apply.

    ``verb`` is fold/check/call/bet/raise/draw (an ``allin`` becomes the call, bet or raise it
    is); ``to`` the seat's bet in the round afterwards; ``discards`` draw's cards.
    """

    seat: int
    verb: Verb
    to: int = 0
    all_in: bool = False
    discards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Options:
    """What the seat to act may do, with the bounds: the UI's buttons and sliders.

    ``call`` is the chips a call puts in (0: nothing to call); ``bet_to``/``raise_to`` the
    smallest and largest "to" amounts (``None`` when that verb is not allowed; a fixed-limit
    round has min == max); ``all_in_to`` the seat's bet if it went all in, when the ``allin``
    verb is legal; ``discards`` draw's most discards (``None`` outside the draw).
    """

    seat: int
    verbs: tuple[Verb, ...]
    call: int
    bet_to: tuple[int, int] | None
    raise_to: tuple[int, int] | None
    all_in_to: int | None
    discards: int | None


class Hand:
    """A hand in progress, from the blinds to the payout (see the module docstring)."""

    def __init__(self, rules: TableRules, stacks: Sequence[int], button: int,
                 cards: CardSource) -> None:
        game = rules.game
        n = len(stacks)
        if not 2 <= n <= game.max_seats:
            raise BadSetup(f"{game.display} seats 2 to {game.max_seats} players, got {n} stacks")
        for i, s in enumerate(stacks):
            if type(s) is not int or s < 1:
                raise BadSetup(f"stack of seat {i} must be a whole number of chips >= 1, "
                               f"got {s!r}")
        if type(button) is not int or not 0 <= button < n:
            raise BadSetup(f"button must be a seat 0 to {n - 1}, got {button!r}")
        self.rules = rules
        self.seat_count = n
        self.button = button
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks = list(stacks)
        # Bomb pot: a seat whose stack is below the ante is not dealt in (stack untouched).
        if game is Game.BOMB_DOUBLE:
            self.dealt_in = tuple(s >= rules.ante for s in stacks)
        else:
            self.dealt_in = tuple(True for _ in stacks)
        if sum(self.dealt_in) < 2:
            raise BadSetup(f"a bomb pot needs two players who can post the ante of {rules.ante}; "
                           f"{sum(self.dealt_in)} can")
        self.folded = [False] * n
        self.bets = [0] * n
        self.contrib = [0] * n
        self.collected = 0
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.boards: list[list[Card]] = [[] for _ in range(game.board_count)]
        self.log: list[Record] = []
        self.phase = Phase.BETTING
        self.street_index = 0
        self.to_act: int | None = None
        self.actions_done = 0
        self._source = cards
        self._available: set[int] = set(FULL_DECK)
        self._discard_pile: list[Card] = []
        self._drawn: set[int] = set()
        # betting round state
        self._level = 0
        self._full_raise = 0
        self._bet_count = 0
        self._acted = [False] * n
        self._reopen_at = [0] * n
        self._aggressor: int | None = None
        self._round_acted = False
        self._final_aggressor: int | None = None
        self._start()

    # --- seats -----------------------------------------------------------------------------

    @property
    def street(self) -> Street:
        return self.rules.game.streets[self.street_index]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def _after(self, seat: int) -> list[int]:
        """Every seat clockwise starting left of ``seat`` (``seat`` itself last)."""
        n = self.seat_count
        return [(seat + k) % n for k in range(1, n + 1)]

    def in_hand(self, seat: int) -> bool:
        """Dealt in and not folded."""
        return self.dealt_in[seat] and not self.folded[seat]

    def can_act(self, seat: int) -> bool:
        """In the hand with chips behind (not all in)."""
        return self.in_hand(seat) and self.stacks[seat] > 0

    def _live(self) -> list[int]:
        return [s for s in range(self.seat_count) if self.in_hand(s)]

    def _active_count(self) -> int:
        return sum(1 for s in range(self.seat_count) if self.can_act(s))

    # --- dealing ---------------------------------------------------------------------------

    def _take(self, kind: DealKind, target: int | None, count: int, board: int | None = None
              ) -> tuple[Card, ...]:
        got = self._source.take(kind, board if kind is DealKind.BOARD else target, count)
        if kind is not DealKind.BURN and len(got) != count:
            raise DeckError(f"the deck gave {len(got)} cards where {count} were dealt")
        cards: list[Card] = []
        for card, _ in got:
            if card not in self._available:
                raise DeckError(f"card {card} is dealt twice (or is not in the deck)")
            self._available.discard(card)
            cards.append(card)
        if got or kind is not DealKind.BURN:
            self.log.append(Dealt(kind, target if kind in (DealKind.HOLE, DealKind.DRAW) else None,
                                  board, tuple(cards), tuple(p for _, p in got)))
        return tuple(cards)

    def _post(self, seat: int, kind: PostKind, amount: int) -> None:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contrib[seat] += paid
        if kind is PostKind.ANTE:
            self.collected += paid
        else:
            self.bets[seat] += paid
        self.log.append(Posted(seat, kind, paid, self.stacks[seat] == 0))

    def blind_seats(self) -> tuple[int, int] | None:
        """(small blind, big blind) seats, or ``None`` in a game without blinds. Heads-up the
        button posts the small blind."""
        if not self.rules.game.posts_blinds:
            return None
        seats = [s for s in self._after(self.button) if self.dealt_in[s]]
        if len(seats) == 2:
            return (self.button, seats[0])
        return (seats[0], seats[1])

    def _start(self) -> None:
        rules = self.rules
        game = rules.game
        order = [s for s in self._after(self.button) if self.dealt_in[s]]
        if rules.ante:
            for s in order:
                self._post(s, PostKind.ANTE, rules.ante)
        blinds = self.blind_seats()
        if blinds is not None:
            self._post(blinds[0], PostKind.SMALL_BLIND, rules.small_blind)
            self._post(blinds[1], PostKind.BIG_BLIND, rules.big_blind)
        for _ in range(game.hole_count):
            for s in order:
                self.hole[s].extend(self._take(DealKind.HOLE, s, 1))
        self._begin_round()

    def _deal_board(self, count: int) -> None:
        # A burn before every street, unless the deck holds no more than the board cards
        # still to come (a 10-handed double-board bomb pot: 40 + 2 x 5 + 3 burns > 52).
        still = len(self.boards) * sum(
            st.board_cards for st in self.rules.game.streets[self.street_index:])
        if self._source.remaining() > still:
            self._take(DealKind.BURN, None, 1)
        for b in range(len(self.boards)):
            self.boards[b].extend(self._take(DealKind.BOARD, None, count, board=b))

    # --- rounds ----------------------------------------------------------------------------

    def _begin_round(self) -> None:
        """Starts the current street; runs on through streets nobody can bet in."""
        while True:
            street = self.street
            self.log.append(StreetStarted(street))
            if street.board_cards:
                self._deal_board(street.board_cards)
            n = self.seat_count
            if street is Street.DRAW:
                self.phase = Phase.DRAWING
                self._drawn = set()
                self.to_act = self._next_drawer()
                if self.to_act is not None:
                    return
            else:
                self.phase = Phase.BETTING
                self._level = 0
                self._full_raise = 0
                self._bet_count = 0
                self._acted = [False] * n
                self._reopen_at = [0] * n
                self._aggressor = None
                self._round_acted = False
                first_after = self.button
                blinds = self.blind_seats()
                if street is Street.PREFLOP and blinds is not None:
                    # The big blind is the opening bet, even when it was posted short.
                    self._level = self.rules.big_blind
                    self._full_raise = self.rules.big_blind
                    self._bet_count = 1
                    first_after = blinds[1]
                self.to_act = self._next_to_act(first_after)
                if self.to_act is not None:
                    return
                self._close_round()
            if self.phase is Phase.OVER:
                return
            if self.street_index + 1 == len(self.rules.game.streets):
                self._showdown()
                return
            self.street_index += 1

    def _needs_action(self, seat: int) -> bool:
        if not self.can_act(seat):
            return False
        behind = self.bets[seat] < self._level
        if self._active_count() == 1:
            # The only player with chips acts only to call or fold a bet; never to "check" a
            # hand nobody can bet in (pokerkit asks a lone big blind to act here).
            return behind
        return behind or not self._acted[seat]

    def _next_to_act(self, after: int) -> int | None:
        for s in self._after(after):
            if self._needs_action(s):
                return s
        return None

    def _next_drawer(self) -> int | None:
        for s in self._after(self.button):
            if self.in_hand(s) and s not in self._drawn:
                return s
        return None

    def _close_round(self) -> None:
        """Returns what nobody matched and moves the bets into the pot.

        Judged on what each seat put in this hand, so an ante nobody could match (the other
        players all in for less) goes back too: at the end of a round, a seat that put in
        more than everyone else is the only one left with chips, so nobody ever can.
        """
        contrib = self.contrib
        top = max(contrib)
        holders = [s for s in range(self.seat_count) if contrib[s] == top]
        if len(holders) == 1:
            s = holders[0]
            back = top - max(c for i, c in enumerate(contrib) if i != s)
            from_bet = min(back, self.bets[s])
            self.bets[s] -= from_bet
            self.collected -= back - from_bet
            self.stacks[s] += back
            contrib[s] -= back
            self.log.append(Returned(s, back))
        self.collected += sum(self.bets)
        self.bets = [0] * self.seat_count
        if self._round_acted:
            self._final_aggressor = self._aggressor

    def _advance(self) -> None:
        """After a betting action: the next player, or the end of the round or hand."""
        live = self._live()
        if len(live) == 1:
            self._close_round()
            self._award_uncontested(live[0])
            return
        assert self.to_act is not None
        nxt = self._next_to_act(self.to_act)
        if nxt is not None:
            self.to_act = nxt
            return
        self._close_round()
        if self.street_index + 1 == len(self.rules.game.streets):
            self._showdown()
            return
        self.street_index += 1
        self._begin_round()

    # --- betting queries -------------------------------------------------------------------

    def call_amount(self, seat: int | None = None) -> int:
        """Chips ``seat`` (default: the seat to act) must add to call; at most its stack."""
        s = self._seat(seat)
        return min(max(0, self._level - self.bets[s]), self.stacks[s])

    @property
    def current_bet(self) -> int:
        """The bet to match in this round (a short big blind still counts in full)."""
        return self._level

    def _min_bet(self) -> int:
        return self.rules.min_bet_for(self.street_index)

    def _full_to(self) -> int:
        """The smallest "to" amount that is a full bet or raise now."""
        unit = self._min_bet()
        if self._level == 0:
            return unit
        return max(self._level, unit) + max(self._full_raise, unit)

    def _limit_to(self, seat: int) -> int:
        """The structure's largest "to" amount for ``seat`` (before its stack is counted)."""
        betting = self.rules.betting
        if betting is Betting.FIXED_LIMIT:
            return self._full_to()
        if betting is Betting.NO_LIMIT:
            return self.bets[seat] + self.stacks[seat]
        to_call = max(0, self._level - self.bets[seat])
        times = 2 if betting is Betting.DOUBLE_POT_LIMIT else 1
        pot_size = self.collected + sum(self.bets) + to_call
        return max(self._level + times * pot_size, self._full_to())

    def raise_bounds(self, seat: int | None = None) -> tuple[int, int]:
        """(smallest, largest) bet or raise-to for ``seat`` by the structure and its stack;
        the smallest is its all-in when that is below a full bet or raise."""
        s = self._seat(seat)
        all_in_to = self.bets[s] + self.stacks[s]
        return (min(self._full_to(), all_in_to), min(self._limit_to(s), all_in_to))

    def _raise_refusal(self, seat: int) -> ActionError | None:
        """Why ``seat`` may not bet or raise now, or ``None`` if it may."""
        all_in_to = self.bets[seat] + self.stacks[seat]
        if all_in_to <= self._level:
            return WrongVerb(f"seat {seat} has {self.stacks[seat]} chips, not more than the "
                             f"{self._level - self.bets[seat]} to call: call (all in) or fold")
        if not any(self.can_act(s) and self.bets[s] + self.stacks[s] > self._level
                   for s in range(self.seat_count) if s != seat):
            # A raise nobody could call even in part would come straight back (as pokerkit
            # also rules): it is not offered.
            return WrongVerb(f"nobody else in the hand can put in more than the bet of "
                             f"{self._level}, so there is nothing to raise: call or fold")
        cap = self.rules.round_cap
        if cap is not None and self._bet_count >= cap:
            return CapReached(f"this round already has {self._bet_count} bets and raises, the "
                              f"cap is {cap}: seat {seat} may call or fold")
        if self._acted[seat] and self._level < self._reopen_at[seat]:
            return NotReopened(
                f"the bet is {self._level}; an all-in for less than a full raise does not "
                f"reopen the betting for seat {seat}, who already acted (it reopens at "
                f"{self._reopen_at[seat]}): call or fold")
        return None

    def options(self, seat: int | None = None) -> Options:
        """The legal actions of the seat to act (default), with their bounds."""
        s = self._seat(seat)
        if self.phase is Phase.DRAWING:
            ok = s == self.to_act
            return Options(s, (Verb.DRAW,) if ok else (), 0, None, None, None,
                           self.draw_limit(s) if ok else None)
        if self.phase is Phase.OVER or s != self.to_act:
            return Options(s, (), 0, None, None, None, None)
        verbs = [Verb.FOLD]
        call = self.call_amount(s)
        verbs.append(Verb.CALL if call else Verb.CHECK)
        bet_to = raise_to = None
        all_in_to: int | None = self.bets[s] + self.stacks[s]
        if self._raise_refusal(s) is None:
            low, high = self.raise_bounds(s)
            if self._level == 0:
                verbs.append(Verb.BET)
                bet_to = (low, high)
            else:
                verbs.append(Verb.RAISE)
                raise_to = (low, high)
            if all_in_to is not None and all_in_to > high:
                all_in_to = None  # all-in above the limit is refused
        elif all_in_to is not None and all_in_to > self._level:
            all_in_to = None  # may only call or fold
        if all_in_to is not None:
            verbs.append(Verb.ALLIN)
        return Options(s, tuple(verbs), call, bet_to, raise_to, all_in_to, None)

    def draw_limit(self, seat: int | None = None) -> int:
        """Most cards ``seat`` may discard: 3, or 4 when it holds an ace to keep."""
        s = self._seat(seat)
        return 4 if any(c.rank == _ACE for c in self.hole[s]) else 3

    def default_action(self, seat: int | None = None) -> Action:
        """What a timeout does: check if nothing is to call, else fold; draw stands pat."""
        s = self._seat(seat)
        if self.phase is Phase.DRAWING:
            return Action(s, Verb.DRAW)
        return Action(s, Verb.CHECK if self.call_amount(s) == 0 else Verb.FOLD)

    def _seat(self, seat: int | None) -> int:
        if seat is None:
            if self.to_act is None:
                raise HandOver("nobody is to act: the hand is over")
            return self.to_act
        return seat

    # --- pots and chips --------------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The main pot and side pots from the chips collected so far (this round's bets not
        included), each with the seats that can win it."""
        if self.phase is Phase.OVER:
            return []
        collected = [c - b for c, b in zip(self.contrib, self.bets, strict=True)]
        return side_pots(collected, [self.in_hand(s) for s in range(self.seat_count)])

    def final_pots(self) -> list[Pot]:
        """The pots as they stood at the end of the hand (what the payout divided)."""
        return side_pots(self.contrib, [self.in_hand(s) for s in range(self.seat_count)])

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: the pots plus this round's bets."""
        return self.collected + sum(self.bets)

    def chips_in_play(self) -> int:
        """Stacks + bets + pots: always what the seats started with."""
        return sum(self.stacks) + sum(self.bets) + self.collected

    def net(self) -> tuple[int, ...]:
        """Each seat's chips now minus before the hand."""
        return tuple(s - t for s, t in zip(self.stacks, self.starting_stacks, strict=True))

    # --- verify / can / do -----------------------------------------------------------------

    def verify(self, action: Action | str) -> Move:
        """The action as it would take effect; raises an :class:`ActionError` saying why not."""
        a = Action.parse(action) if isinstance(action, str) else action
        if self.phase is Phase.OVER:
            raise HandOver(f"the hand is over; {a} comes too late")
        s = a.seat
        if s >= self.seat_count or not self.dealt_in[s]:
            raise NotYourTurn(f"seat {s} is not in this hand")
        if s != self.to_act:
            raise NotYourTurn(f"it is seat {self.to_act}'s turn, not seat {s}'s")
        if self.phase is Phase.DRAWING:
            if a.verb is not Verb.DRAW:
                raise WrongVerb(f"seat {s} must draw now ('draw' and the discards, or "
                                f"'draw' alone to stand pat), not {a.verb}")
            return self._verify_draw(s, a.cards)
        if a.verb is Verb.DRAW:
            raise WrongVerb(f"there is no draw now: this is a betting round ({self.street})")
        to_call = max(0, self._level - self.bets[s])
        stack = self.stacks[s]
        all_in_to = self.bets[s] + stack
        if a.verb is Verb.FOLD:
            return Move(s, Verb.FOLD, self.bets[s])
        if a.verb is Verb.CHECK:
            if to_call:
                raise WrongVerb(f"seat {s} cannot check facing a bet of {self._level}: "
                                f"{min(to_call, stack)} to call")
            return Move(s, Verb.CHECK, self.bets[s])
        if a.verb is Verb.CALL:
            if not to_call:
                raise WrongVerb(f"seat {s} has nothing to call (the bet is {self._level} and "
                                f"seat {s} has {self.bets[s]} in): check, bet or raise")
            return Move(s, Verb.CALL, min(all_in_to, self._level), all_in=to_call >= stack)
        if a.verb is Verb.ALLIN and all_in_to <= self._level:
            return Move(s, Verb.CALL, all_in_to, all_in=True)
        opening = self._level == 0
        if a.verb is Verb.BET and not opening:
            raise WrongVerb(f"there is already a bet of {self._level} in this round: "
                            "raise instead (bet only opens a round)")
        if a.verb is Verb.RAISE and opening:
            raise WrongVerb("nobody has bet in this round: bet instead of raise")
        refusal = self._raise_refusal(s)
        if refusal is not None:
            raise refusal
        low, high = self.raise_bounds(s)
        word = "bet" if opening else "raise"
        limit = {Betting.POT_LIMIT: "the pot limit", Betting.DOUBLE_POT_LIMIT:
                 "the double-pot limit", Betting.FIXED_LIMIT: "the fixed-limit size"}.get(
                     self.rules.betting, "the stack")
        if a.verb is Verb.ALLIN:
            if all_in_to > high:
                raise IllegalAmount(f"seat {s}'s all-in to {all_in_to} is above {limit}: "
                                    f"{word} to {high} instead")
            return Move(s, Verb.BET if opening else Verb.RAISE, all_in_to, all_in=True)
        to = a.amount
        if to is None:
            if self.rules.betting is not Betting.FIXED_LIMIT:
                raise IllegalAmount(f"{word} needs a 'to' amount in {self.rules.betting} "
                                    f"({low} to {high})")
            to = high
        if to > all_in_to:
            raise IllegalAmount(f"seat {s} cannot {word} to {to}: it has {stack} behind and "
                                f"{self.bets[s]} in front, all in is {word} to {all_in_to}")
        if to < low:
            full = self._full_to()
            raise IllegalAmount(f"{word} to {to} is below the minimum {word}-to {full}"
                                + (f" (or all in to {all_in_to})" if all_in_to < full else ""))
        if to > high:
            if self.rules.betting is Betting.FIXED_LIMIT:
                raise IllegalAmount(f"in fixed-limit the {word} is to exactly {high}, "
                                    f"not {to}")
            raise IllegalAmount(f"{word} to {to} is above {limit}: at most {high}")
        if to < self._full_to() and to != all_in_to:
            raise IllegalAmount(f"{word} to {to} is below the minimum {word}-to "
                                f"{self._full_to()}")
        return Move(s, Verb.BET if opening else Verb.RAISE, to, all_in=to == all_in_to)

    def _verify_draw(self, seat: int, discards: tuple[Card, ...]) -> Move:
        hand = self.hole[seat]
        for c in discards:
            if c not in hand:
                raise BadDraw(f"seat {seat} cannot discard {c}: not in its hand")
        if len(set(discards)) != len(discards):
            raise BadDraw(f"seat {seat} names a discard twice")
        count = len(discards)
        if count > 4:
            raise BadDraw(f"seat {seat} may discard at most 3 cards (4 keeping an ace), "
                          f"not {count}")
        if count == 4:
            kept = [c for c in hand if c not in discards]
            if kept[0].rank != _ACE:
                raise BadDraw(f"seat {seat} may discard 4 cards only keeping an ace, and "
                              f"would keep {kept[0]}")
        return Move(seat, Verb.DRAW, discards=discards)

    def can(self, action: Action | str) -> bool:
        """Whether :meth:`verify` accepts the action."""
        try:
            self.verify(action)
        except ActionError:
            return False
        return True

    def do(self, action: Action | str) -> Acted | Drew:
        """Verifies and applies the action; returns the record appended to :attr:`log`."""
        move = self.verify(action)
        self.actions_done += 1
        if move.verb is Verb.DRAW:
            return self._apply_draw(move)
        s = move.seat
        rec: Acted
        if move.verb is Verb.FOLD:
            self.folded[s] = True
            rec = Acted(self.actions_done, s, self.street, Verb.FOLD, self.bets[s], 0, False)
        else:
            added = move.to - self.bets[s]
            was_full = self._full_to()
            previous_level = self._level
            self.stacks[s] -= added
            self.bets[s] = move.to
            self.contrib[s] += added
            full = False
            if move.verb in (Verb.BET, Verb.RAISE):
                full = move.to >= was_full
                if full:
                    base = 0 if previous_level == 0 else max(previous_level, self._min_bet())
                    self._full_raise = move.to - base
                    self._bet_count += 1
                self._level = move.to
                self._aggressor = s
            rec = Acted(self.actions_done, s, self.street, move.verb, move.to, added,
                        self.stacks[s] == 0, full)
        self._acted[s] = True
        self._reopen_at[s] = self._full_to()
        self._round_acted = True
        self.log.append(rec)
        self._advance()
        return rec

    def _apply_draw(self, move: Move) -> Drew:
        s = move.seat
        rec = Drew(self.actions_done, s, move.discards)
        self.log.append(rec)
        self.hole[s] = [c for c in self.hole[s] if c not in move.discards]
        need = len(move.discards)
        if need:
            have = self._source.remaining()
            if have < need:
                # The stub ran short: the discards so far (not this player's) become a new stub.
                first = self._take(DealKind.DRAW, s, have) if have else ()
                pool = sorted(self._discard_pile)
                if len(pool) < need - have:
                    raise DeckError(f"the stub ran out and only {len(pool)} discards are there "
                                    f"to reshuffle; {need - have} cards are needed")
                self.log.append(Reshuffled(tuple(pool)))
                self._source.refill(pool)
                self._available.update(pool)
                self._discard_pile = []
                new = first + self._take(DealKind.DRAW, s, need - have)
            else:
                new = self._take(DealKind.DRAW, s, need)
            self.hole[s].extend(new)
        self._discard_pile.extend(move.discards)
        self._drawn.add(s)
        nxt = self._next_drawer()
        if nxt is not None:
            self.to_act = nxt
            return rec
        self.street_index += 1
        self._begin_round()
        return rec

    # --- showdown --------------------------------------------------------------------------

    def _award(self, pot: int, share: Share, winners: list[int], amount: int,
               value: int | None) -> None:
        shares = split(amount, winners, start=(self.button + 1) % self.seat_count,
                       seat_count=self.seat_count)
        order = tuple(sorted(shares, key=lambda w: (w - self.button - 1) % self.seat_count))
        for w in order:
            self.stacks[w] += shares[w]
            self.log.append(Awarded(pot, share, w, shares[w], order, amount, value))

    def _award_uncontested(self, seat: int) -> None:
        total = self.collected
        self.collected = 0
        self._award(0, Share.WHOLE, [seat], total, None)
        self._finish()

    def showdown_order(self) -> list[int]:
        """Who shows first: the last bettor or raiser of the final betting round, else the
        first live player left of the button; then clockwise."""
        live = set(self._live())
        start = self._final_aggressor
        if start is None or start not in live:
            first = next(s for s in self._after(self.button) if s in live)
        else:
            first = start
        return [s for s in [first, *self._after(first)][:self.seat_count] if s in live]

    def evaluate(self, seat: int) -> tuple[tuple[int, ...], int | None]:
        """The seat's high value on each board (draw: its five cards) and, in Hi/Lo, its
        8-or-better low (``None`` when it has none)."""
        game = self.rules.game
        hole = self.hole[seat]
        if game is Game.DRAW:
            return (high5(hole),), None
        if game is Game.HOLDEM:
            return (best_high(hole + self.boards[0]),), None
        highs = tuple(omaha_high(hole, board) for board in self.boards)
        low = omaha_low8(hole, self.boards[0]) if game is Game.OMAHA_HILO else None
        return highs, low

    def _showdown(self) -> None:
        game = self.rules.game
        values: dict[int, tuple[tuple[int, ...], int | None]] = {}
        for s in self.showdown_order():
            values[s] = self.evaluate(s)
            self.log.append(Shown(s, tuple(self.hole[s]), *values[s]))
        n = self.seat_count
        for index, pot in enumerate(self.final_pots()):
            eligible = payout_order(pot.eligible, self.button, n)
            if game is Game.BOMB_DOUBLE:
                halves = (pot.amount - pot.amount // 2, pot.amount // 2)
                for b, (share, amount) in enumerate(zip((Share.BOARD1, Share.BOARD2), halves,
                                                        strict=True)):
                    best = max(values[s][0][b] for s in eligible)
                    self._award(index, share, [s for s in eligible if values[s][0][b] == best],
                                amount, best)
                continue
            best = max(values[s][0][0] for s in eligible)
            highs = [s for s in eligible if values[s][0][0] == best]
            lows = {s: lo for s in eligible if (lo := values[s][1]) is not None}
            if lows:
                low_best = min(lows.values())
                self._award(index, Share.HIGH, highs, pot.amount - pot.amount // 2, best)
                self._award(index, Share.LOW, [s for s in eligible if lows.get(s) == low_best],
                            pot.amount // 2, low_best)
            else:
                self._award(index, Share.WHOLE, highs, pot.amount, best)
        self.collected = 0
        self._finish()

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.log.append(Finished(tuple(self.stacks), self.net()))

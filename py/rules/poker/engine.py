"""One hand of a betting game: the state machine the host, the CLI, bots and tests all run.

``Hand(config, deck)`` posts antes and blinds and deals; then each player action goes through
:meth:`Hand.verify` (raises a precise :class:`~.errors.ActionError` quoting the numbers),
:meth:`Hand.can` (a bool) or :meth:`Hand.do` (applies it and returns the frozen record it
appended to :attr:`Hand.log`). Everything the dealer does by itself — collecting bets,
returning what nobody called, dealing the streets, running the board out when at most one
player can still act, the showdown and paying the pots — happens inside ``do``. The queries
the screen needs (whose turn, :meth:`Hand.legal` with the bounds, :meth:`Hand.pots`) are
answered from the same state, so no caller re-derives a betting rule.

The rules are ``static/rules/table-games.md``. This engine, not pokerkit, decides every
chip: pokerkit 0.7.7 cannot express a short big blind (others must still call the full big
blind), has no double-pot-limit, reopens the betting after an incomplete all-in and divides
pots differently; ``rules.poker.kit`` replays our hands in pokerkit to check the betting
wherever the two agree.

>>> from ..cards import parse_cards
>>> deck = parse_cards("7c Qh As 7d Jh Kd 2s 2c 7h Kc 3h 3d 4h 9s")  # from left of the button
>>> h = Hand(HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (1000, 1000, 400), 0, (5, 10)), deck)
>>> h.to_act, h.legal().min_to, h.legal().max_to
(0, 20, 1000)
>>> for line in ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"]:
...     _ = h.do(Action.parse(line))
>>> h.is_over, h.result().net
(True, (430, -30, -400))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from ..dealorder import DealOrder
from ..errors import RulesError
from ..variants import ACE, Division
from .actions import Action, Verb
from .config import Betting, Game, HandConfig
from .deck import Deck, Reshuffle
from .errors import (
    ActionError,
    AmountError,
    DeckError,
    DrawError,
    HandOver,
    OutOfTurn,
    RaiseNotAllowed,
    WrongVerb,
)
from .pots import Pot, side_pots, split_chips, unmatched
from .records import (
    Acted,
    Agreed,
    Awarded,
    Bounty,
    Dealt,
    Drew,
    HandEnded,
    Mucked,
    Posted,
    Rabbit,
    Record,
    Reshuffled,
    Returned,
    RoundStarted,
    SecondRun,
    Showed,
    Shown,
)
from .value import LOW_PART, Score, decided, divide, low_words, score, winning_five, words


class Phase(Enum):
    BETTING = "betting"
    DRAWING = "drawing"
    OVER = "over"


@dataclass(frozen=True)
class Legal:
    """What the seat to act may do now, with the bounds (the screen's hints).

    ``to_call`` is the chips a call adds (capped by the stack; ``call_all_in`` when that is
    the whole stack). ``raise_verb`` is ``BET`` or ``RAISE`` when a bet or raise is possible
    (else None and ``raise_blocked`` says why), with ``min_to``/``max_to`` the bounds of the
    *to* amount (``min_to`` may be the whole stack: an all-in for less). ``all_in_to`` is what
    an all-in request comes to. In a draw, ``draw_max`` is the most cards the seat may
    discard (5-card draw: 4 only when it holds an ace to keep).
    """

    seat: int
    phase: Phase
    can_check: bool
    to_call: int
    call_all_in: bool
    raise_verb: Verb | None
    min_to: int | None
    max_to: int | None
    raise_blocked: str | None
    all_in_to: int | None
    draw_max: int | None

    @property
    def verbs(self) -> tuple[Verb, ...]:
        """The verbs the seat may use now (``ALLIN`` included when it means something)."""
        if self.phase is Phase.DRAWING:
            return (Verb.DRAW,)
        out = [Verb.FOLD, Verb.CHECK if self.can_check else Verb.CALL]
        if self.raise_verb is not None:
            out.append(self.raise_verb)
        if self.all_in_to is not None:
            out.append(Verb.ALLIN)
        return tuple(out)


@dataclass(frozen=True)
class PotResult:
    """A pot at the end of the hand: its chips, who could win it, who won what."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class HandResult:
    """The hand's outcome: nets (sum 0), final stacks, and each pot's winners."""

    net: tuple[int, ...]
    stacks: tuple[int, ...]
    pots: tuple[PotResult, ...]


@dataclass(frozen=True)
class _Share:
    """One share of a pot at the showdown: its name (``""`` for a whole pot, ``"high"``,
    ``"low"``, ``"board 1"``), chips, winners, the winning hand's words, and which of the
    winners' fives it is (a board index, or ``LOW_PART``)."""

    name: str
    amount: int
    winners: list[int]
    words: str
    which: int


@dataclass(frozen=True)
class _Move:
    """A verified action, resolved: the verb it comes to and the seat's bet afterwards."""

    seat: int
    verb: Verb
    to: int
    discards: tuple[Card, ...] = ()


class Hand:
    """One hand, from the forced bets to the last chip paid (see the module docstring).

    ``deck`` is our deck (top card first): a :class:`Deck` or a card sequence, of the game's
    cards only (a short deck's has no two to five). ``reshuffle`` is the draw games' hook for a
    stub that runs short (see :data:`~.deck.Reshuffle`).

    What the game is — its deck, dealing, rounds, draws, forced bets, pot division and
    evaluator — comes from its record, :attr:`variant` (:mod:`rules.variants`): nothing here
    asks which game it is.
    """

    def __init__(
        self,
        config: HandConfig,
        deck: Deck | Sequence[int],
        *,
        reshuffle: Reshuffle | None = None,
        run_twice: bool = False,
    ) -> None:
        self.config = config
        self.game: Game = config.game
        self.variant = config.variant
        self.deck = deck if isinstance(deck, Deck) else Deck(deck)
        allowed = set(self.variant.deck)
        foreign = [c for c in self.deck.cards if c not in allowed]
        if foreign:
            raise DeckError(
                f"{self.variant.title} is played with the {len(allowed)} cards from "
                f"{min(self.variant.deck).rank_char} to A; the deck holds {foreign[0]}"
            )
        self._reshuffle = reshuffle
        n = len(config.stacks)
        self.seats = n
        self.order = config.seats_in_order
        try:
            self.plan = DealOrder(self.variant.layout, len(self.order), self.deck.size)
        except RulesError as e:
            raise DeckError(str(e)) from None
        """Where each card comes from: the public dealing order (:mod:`rules.dealorder`),
        the one every player's browser rebuilds the hand with."""
        self._stub_used = 0  # the draws: replacement cards handed out so far
        self.stacks = list(config.stacks)
        self.bets = [0] * n
        self.total = [0] * n
        """Chips each seat has put in this hand (current bets included, returns deducted)."""
        dealt = config.dealt_in
        self.in_hand = list(dealt)
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.boards: list[list[Card]] = [[] for _ in range(self.variant.boards)]
        self.log: list[Record] = []
        self.phase = Phase.BETTING
        self.round = 0
        self.to_act: int | None = None
        """The seat whose turn it is (None when the hand is over)."""
        self.level = 0
        self._last_full = config.unit
        self._bets_made = 0
        self._acted: set[int] = set()
        self._level_after: dict[int, int] = {}
        self._drawers: list[int] = []
        self._pile: list[Card] = []
        self._result: HandResult | None = None
        self._paid = 0
        self.big_blind_seat: int | None = None
        """The seat that owes the big blind (None when the game posts no blinds)."""
        self.run_twice = run_twice
        """The table offers run it twice (``static/rules/table-games.md#run-it-twice``)."""
        self.asking: list[int] = []
        """Run it twice: the seats still to answer (the hand waits; nobody is to act)."""
        self.runs = 1
        self._runout: int | None = None  # the street the runout started at, once asked
        self.second_boards: list[list[Card]] | None = None
        """The boards of the second runout, when the board was run twice."""
        self.mucking: set[int] = set()
        """Seats that muck a losing hand at the showdown where the rules let them."""
        self.dead = 0
        """Chips in the pot that are nobody's bet: the big blind's ante
        (``static/rules/table-games.md#big-blind-ante``), part of the main pot."""
        self._start()

    # --- queries -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def round_name(self) -> str:
        if self.phase is Phase.DRAWING:
            return "draw"
        return self.game.rounds[self.round]

    def can_act(self, seat: int) -> bool:
        """In the hand with chips behind (not folded, not all-in)."""
        return self.in_hand[seat] and self.stacks[seat] > 0

    def pot_total(self) -> int:
        """The chips in the pots: everything put in before this round, less what has been
        paid out (so ``sum(stacks) + sum(bets) + pot_total()`` is always the chips the hand
        started with)."""
        return sum(self.total) - sum(self.bets) - self._paid + self.dead

    def pots(self) -> tuple[Pot, ...]:
        """The main pot and the side pots with their eligible seats, from the chips collected
        so far (this round's bets join them when the round ends)."""
        collected = [t - b for t, b in zip(self.total, self.bets, strict=True)]
        all_in = [self.stacks[i] == 0 for i in range(self.seats)]
        return self._with_dead(side_pots(collected, self.in_hand, all_in))

    def _with_dead(self, pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
        """``pots`` with the dead ante in the main pot, which every player still in may win.
        When one of them cannot win the main pot (a big blind all in for the ante alone), the
        dead ante is a pot of its own, first."""
        if not self.dead:
            return pots
        live = tuple(s for s in range(self.seats) if self.in_hand[s])
        if not pots or pots[0].eligible != live:
            return (Pot(self.dead, live), *pots)
        return (Pot(pots[0].amount + self.dead, live), *pots[1:])

    def to_call(self, seat: int) -> int:
        """The chips a call adds for ``seat`` now (capped by its stack)."""
        return max(0, min(self.level - self.bets[seat], self.stacks[seat]))

    def legal(self) -> Legal:
        """What the seat to act may do (raises :class:`HandOver` once the hand is over)."""
        seat = self._actor()
        if self.phase is Phase.DRAWING:
            return Legal(seat, self.phase, False, 0, False, None, None, None, None, None,
                         self._draw_max(seat))
        call = self.to_call(seat)
        blocked = self._raise_blocked(seat)
        lo, hi = self._raise_bounds(seat)
        raise_verb = None if blocked else (Verb.BET if self.level == 0 else Verb.RAISE)
        most = self.bets[seat] + self.stacks[seat]
        if most <= self.level:
            all_in_to: int | None = most
        elif blocked:
            all_in_to = None
        else:
            all_in_to = min(most, hi)
        return Legal(
            seat, self.phase, self.level <= self.bets[seat], call,
            call > 0 and call == self.stacks[seat], raise_verb,
            None if blocked else lo, None if blocked else hi, blocked, all_in_to, None,
        )

    def result(self) -> HandResult:
        """The outcome (raises :class:`~.errors.ActionError` while the hand is running)."""
        if self._result is None:
            raise ActionError("the hand is not over yet")
        return self._result

    # --- verify / can / do ---------------------------------------------------------------

    def verify(self, action: Action) -> Action:
        """Checks ``action`` against the rules and returns it as it will be applied (an all-in
        resolved to a call, bet or raise with its amount; a fixed-limit amount filled in).

        Raises a subclass of :class:`~.errors.ActionError` whose message says what is wrong.
        """
        m = self._verify(action)
        if m.verb is Verb.DRAW:
            return Action(m.seat, Verb.DRAW, None, m.discards)
        amount = m.to if m.verb in (Verb.BET, Verb.RAISE) else None
        return Action(m.seat, m.verb, amount)

    def can(self, action: Action) -> bool:
        """Whether :meth:`do` would accept ``action``."""
        try:
            self._verify(action)
        except ActionError:
            return False
        return True

    def do(self, action: Action) -> Acted | Drew:
        """Applies ``action`` (after :meth:`verify`) and everything the dealer then does by
        itself; returns the action's record."""
        m = self._verify(action)
        if m.verb is Verb.DRAW:
            return self._draw(m.seat, m.discards)
        return self._bet(m)

    # --- verification ------------------------------------------------------------------------

    def _actor(self) -> int:
        if self.to_act is None:
            raise HandOver("the hand is over")
        return self.to_act

    def _verify(self, a: Action) -> _Move:
        if not isinstance(a, Action):
            raise ActionError(f"not an action: {a!r}")
        actor = self._actor()
        if a.seat != actor:
            if not 0 <= a.seat < self.seats or not self.config.dealt_in[a.seat]:
                raise OutOfTurn(f"seat {a.seat} is not in this hand; seat {actor} is to act")
            raise OutOfTurn(f"seat {a.seat} acted out of turn: seat {actor} is to act")
        seat = actor
        if self.phase is Phase.DRAWING:
            if a.verb is not Verb.DRAW:
                raise WrongVerb(f"seat {seat} must draw now, not {a.verb.value}")
            return _Move(seat, Verb.DRAW, 0, self._verify_discards(seat, a.cards))
        if a.verb is Verb.DRAW:
            raise WrongVerb(f"seat {seat} cannot draw now: it is the {self.round_name} betting")
        level, bet, stack = self.level, self.bets[seat], self.stacks[seat]
        if a.amount is not None and a.verb not in (Verb.BET, Verb.RAISE):
            raise WrongVerb(f"{a.verb.value} takes no amount")
        if a.verb is Verb.FOLD:
            return _Move(seat, Verb.FOLD, bet)
        if a.verb is Verb.CHECK:
            if level > bet:
                raise WrongVerb(
                    f"seat {seat} cannot check facing a bet of {level} ({level - bet} to call)"
                )
            return _Move(seat, Verb.CHECK, bet)
        if a.verb is Verb.CALL:
            if level <= bet:
                raise WrongVerb(f"seat {seat} has nothing to call; check instead")
            return _Move(seat, Verb.CALL, bet + min(level - bet, stack))
        most = bet + stack
        if a.verb is Verb.ALLIN:
            if most <= level:
                return _Move(seat, Verb.CALL, most)
            blocked = self._raise_blocked(seat)
            if blocked:
                raise RaiseNotAllowed(
                    f"seat {seat} cannot go all-in ({most}): {blocked}; "
                    f"call {level - bet} or fold"
                )
            _, hi = self._raise_bounds(seat)
            return _Move(seat, Verb.BET if level == 0 else Verb.RAISE, min(most, hi))
        # bet or raise
        if a.verb is Verb.BET and level > 0:
            raise WrongVerb(f"seat {seat} cannot bet: there is already a bet of {level}; raise")
        if a.verb is Verb.RAISE and level == 0:
            raise WrongVerb(f"seat {seat} cannot raise: nobody has bet in this round; bet")
        blocked = self._raise_blocked(seat)
        if blocked:
            raise RaiseNotAllowed(f"seat {seat} cannot {a.verb.value}: {blocked}")
        lo, hi = self._raise_bounds(seat)
        verb = a.verb.value
        to = a.amount
        if to is None:
            if self.config.betting is not Betting.FIXED_LIMIT:
                raise AmountError(f"{verb} needs an amount (the total bet in this round)")
            to = lo
        if to > most:
            raise AmountError(
                f"seat {seat} cannot {verb} to {to}: it has {most} in all "
                f"({stack} behind + {bet} bet)"
            )
        if to <= level:
            raise AmountError(f"a {verb} to {to} is not above the current bet of {level}")
        limit = self._limit_name()
        if self.config.betting is Betting.FIXED_LIMIT and to != lo and to != most:
            raise AmountError(f"a fixed-limit {verb} is to {lo} exactly, not {to}")
        if to > hi:
            raise AmountError(f"a {verb} to {to} is above the {limit} {hi}")
        if to < lo and to != most:
            if self.config.betting is Betting.FIXED_LIMIT:
                raise AmountError(f"a fixed-limit {verb} is to {lo} exactly, not {to}")
            raise AmountError(f"a {verb} to {to} is below the minimum {lo}")
        return _Move(seat, a.verb, to)

    def _limit_name(self) -> str:
        return {
            Betting.NO_LIMIT: "stack",
            Betting.POT_LIMIT: "pot limit",
            Betting.DOUBLE_POT_LIMIT: "double-pot limit",
            Betting.FIXED_LIMIT: "fixed-limit amount",
        }[self.config.betting]

    def _street_unit(self) -> int:
        if self.config.betting is Betting.FIXED_LIMIT:
            return self.config.fixed_bet(self.round)
        return self.config.unit

    def _increment(self) -> int:
        """The size of a full raise now: the largest bet or raise of the round so far (at least
        the unit); fixed-limit: the round's bet size."""
        if self.config.betting is Betting.FIXED_LIMIT:
            return self.config.fixed_bet(self.round)
        return self._last_full

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """``(min_to, max_to)`` for a bet or raise by ``seat``, each capped by its stack."""
        level = self.level
        unit = self._street_unit()
        lo = unit if level == 0 else max(level, unit) + self._increment()
        betting = self.config.betting
        if betting is Betting.NO_LIMIT:
            limit = self.bets[seat] + self.stacks[seat]
        elif betting is Betting.FIXED_LIMIT:
            limit = lo
        else:
            pot = self.pot_total() + sum(self.bets) + (level - self.bets[seat])
            limit = level + (2 * pot if betting is Betting.DOUBLE_POT_LIMIT else pot)
        limit = max(limit, lo)
        most = self.bets[seat] + self.stacks[seat]
        return min(lo, most), min(limit, most)

    def _raise_blocked(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now whatever the amount, or None."""
        most = self.bets[seat] + self.stacks[seat]
        if most <= self.level:
            return f"its {most} in all does not cover the bet of {self.level}"
        if not any(
            self.in_hand[s] and self.bets[s] + self.stacks[s] > self.level
            for s in self.order if s != seat
        ):
            return "nobody else could match a raise (every other player is all-in or folded)"
        cap = self.config.cap_bets
        if cap is not None and self._bets_made >= cap:
            return f"the betting is capped at {cap} bets this round"
        if seat in self._acted:
            grown = self.level - self._level_after[seat]
            full = self._increment()
            if grown < full:
                return (
                    f"the bet grew by {grown} since its last action, less than a full raise "
                    f"of {full} (an incomplete all-in does not reopen the betting)"
                )
        return None

    def _draw_max(self, seat: int) -> int:
        draws = self.variant.draws
        assert draws is not None, "only a draw game draws"
        has_ace = any(c.rank == ACE for c in self.hole[seat])
        return draws.most + 1 if draws.ace_extra and has_ace else draws.most

    def _verify_discards(self, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        draws = self.variant.draws
        assert draws is not None, "only a draw game draws"
        hand = self.hole[seat]
        seen: set[int] = set()
        for c in cards:
            if not isinstance(c, Card):
                raise DrawError(f"not a card: {c!r}")
            if c in seen:
                raise DrawError(f"seat {seat} discards {c} twice")
            if c not in hand:
                raise DrawError(f"seat {seat} cannot discard {c}: not in its hand")
            seen.add(c)
        most = draws.most + 1 if draws.ace_extra else draws.most
        if len(cards) > most:
            raise DrawError(f"seat {seat} may discard at most {most} cards, not {len(cards)}")
        if len(cards) > draws.most:
            kept = [c for c in hand if c not in seen]
            if not any(c.rank == ACE for c in kept):
                raise DrawError(
                    f"seat {seat} may discard {len(cards)} cards only keeping an ace, and "
                    f"keeps {' '.join(map(str, kept))}"
                )
        return cards

    # --- applying ----------------------------------------------------------------------------

    def _deal(self, position: int | None, to: str, seat: int | None = None,
              board: int | None = None) -> Card:
        """The card at ``position`` of the hand's deck (from the dealing order), or with None
        the next card of draw's reshuffled stub."""
        card, at, shuffle = self.deck.take(position) if position is not None else self.deck.deal()
        self.log.append(Dealt(card, at, shuffle, to, seat, board))
        return card

    def _post(self, seat: int, kind: str, amount: int) -> None:
        paid = min(amount, self.stacks[seat])
        if paid == 0:
            return
        self.stacks[seat] -= paid
        self.total[seat] += paid
        if kind != "ante":
            self.bets[seat] += paid
        self.log.append(Posted(seat, kind, paid, self.stacks[seat] == 0))

    def _start(self) -> None:
        cfg = self.config
        order = self.order
        if cfg.big_blind_ante:
            self._post_big_blind_ante()
        elif cfg.ante:
            for s in order:
                self._post(s, "ante", cfg.ante)
        first_round_opener: int
        if cfg.blind_seats is not None:
            sb, bb = cfg.blind_seats
            self.big_blind_seat = bb
            self._post(sb, "small blind", cfg.small_blind)
            self._post(bb, "big blind", cfg.big_blind)
            straddler = cfg.straddler
            for s in order:  # newcomers posting to come in, in seat order; blinds pay theirs
                if s in cfg.posts and s not in (sb, bb, straddler):
                    self._post(s, "big blind", cfg.big_blind)
            self.level = cfg.big_blind
            self._bets_made = 1
            first_round_opener = self._next_seat(bb)
            if straddler is not None:
                first_round_opener = self._post_straddle(straddler)
        else:
            first_round_opener = order[0]
        for k in range(self.variant.hole):
            for i, s in enumerate(order):
                self.hole[s].append(self._deal(self.plan.hole(i, k), "hole", s))
        for street in range(self.variant.streets_first):  # a bomb pot's flop
            self._deal_street(street)
        self._begin_round(0, first_round_opener)

    def _post_big_blind_ante(self) -> None:
        """The big blind posts the ante of every player dealt in, before the blinds (ante
        first when short) and dead: not part of their bet, in the main pot
        (``static/rules/table-games.md#big-blind-ante``)."""
        cfg = self.config
        assert cfg.blind_seats is not None, "a big-blind ante needs a big blind"
        bb = cfg.blind_seats[1]
        paid = min(cfg.ante * len(self.order), self.stacks[bb])
        self.stacks[bb] -= paid
        self.dead += paid
        self.log.append(Posted(bb, "ante", paid, self.stacks[bb] == 0))

    def _post_straddle(self, seat: int) -> int:
        """``seat`` (under the gun) posts a straddle of two big blinds: a live blind that
        sets the bet to match, a raise that counts toward a cap, with the option to raise
        when the action comes back to it (``static/rules/table-games.md#straddle``).
        Returns the first seat to act: left of the straddle."""
        amount = 2 * self.config.big_blind
        self._post(seat, "straddle", amount)
        self.level = amount
        self._bets_made = 2
        return self._next_seat(seat)

    def _next_seat(self, seat: int) -> int:
        """The next dealt-in seat clockwise after ``seat``."""
        n = self.seats
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.config.dealt_in[s]:
                return s
        raise AssertionError("no seat dealt in")

    def _clockwise_from(self, seat: int) -> list[int]:
        """Dealt-in seats clockwise starting at ``seat`` itself."""
        n = self.seats
        return [s for s in ((seat + k) % n for k in range(n)) if self.config.dealt_in[s]]

    def _deal_street(self, street: int) -> None:
        """Street ``street`` (0: the flop) as the dealing order lays it out: a burn (none when
        the deck could not then finish the boards: a double-board bomb pot with ten players
        uses 50 of the 52 cards for hands and boards, leaving two burns), then the street's
        cards on each board."""
        burn = self.plan.burn(street)
        if burn is not None:
            self._deal(burn, "burn")
        for b, _, position in self.plan.street(street):
            self.boards[b].append(self._deal(position, "board", board=b))

    def _begin_round(self, index: int, opener: int) -> None:
        self.phase = Phase.BETTING
        self.round = index
        if index > 0:
            self.level = 0
            self._bets_made = 0
        # A straddle is the first round's opening bet: a raise is by at least its size.
        self._last_full = max(self.config.unit, self.level) if index == 0 else self.config.unit
        self._acted.clear()
        self._level_after.clear()
        self.log.append(RoundStarted(index, self.game.rounds[index]))
        self._advance(opener, include=True)

    def _advance(self, start: int, include: bool = False) -> None:
        """Finds the next seat to act from ``start`` (itself too when ``include``), or ends the
        round when nobody needs to."""
        if sum(self.in_hand) <= 1:
            self._end_round()
            return
        able = [s for s in self.order if self.can_act(s)]
        if not able or (len(able) == 1 and self.bets[able[0]] >= self.level):
            self._end_round()
            return
        seats = self._clockwise_from(start)
        if not include:
            seats = seats[1:] + seats[:1]
        for s in seats:
            if self.can_act(s) and (s not in self._acted or self.bets[s] < self.level):
                self.to_act = s
                return
        self._end_round()

    def _bet(self, m: _Move) -> Acted:
        seat = m.seat
        before = self.bets[seat]
        full = True
        if m.verb is Verb.FOLD:
            self.in_hand[seat] = False
        elif m.verb in (Verb.CALL, Verb.BET, Verb.RAISE):
            added = m.to - before
            self.stacks[seat] -= added
            self.bets[seat] = m.to
            self.total[seat] += added
            if m.verb is not Verb.CALL:
                full = self._raised_to(m.to)
        self._acted.add(seat)
        self._level_after[seat] = self.level
        record = Acted(
            seat, m.verb, self.bets[seat], self.bets[seat] - before,
            self.stacks[seat] == 0 and m.verb is not Verb.FOLD, self.round, self.level, full,
        )
        self.log.append(record)
        self.to_act = None
        self._advance(seat)
        return record

    def _raised_to(self, to: int) -> bool:
        level = self.level
        unit = self._street_unit()
        if level == 0:
            full = to >= unit
            size = to
        else:
            base = max(level, unit)
            size = to - base
            full = size >= self._increment()
        if full:
            self._bets_made += 1
            if self.config.betting is not Betting.FIXED_LIMIT:
                self._last_full = max(size, self.config.unit)
        self.level = max(level, to)
        return full

    def _end_round(self) -> None:
        self.to_act = None
        # Judged on the whole hand, not this round's bets: an ante nobody live could match
        # (every other player folded to one all in for less) goes back like an uncalled bet.
        back = unmatched(self.total, self.in_hand)
        for s in self.order:
            if back[s]:
                self.total[s] -= back[s]
                self.stacks[s] += back[s]
                self.log.append(Returned(s, back[s]))
        self.bets = [0] * self.seats
        if sum(self.in_hand) <= 1:
            self._finish()
            return
        v = self.variant
        if self.round >= len(v.rounds) - 1:
            self._finish()
            return
        if self.round < v.draw_count:
            # Every player still in draws, all in or not, even when no more betting can
            # follow (static/rules/table-games.md#end-of-a-betting-round).
            self.phase = Phase.DRAWING
            self._drawers = [s for s in self.order if self.in_hand[s]]
            self.to_act = self._drawers[0]
            return
        street = self.round + v.streets_first
        if street < len(v.layout.streets):
            if self._ask_twice(street):
                return
            self._deal_street(street)
        self._begin_round(self.round + 1, self.order[0])

    def _draw(self, seat: int, discards: tuple[Card, ...]) -> Drew:
        hand = self.hole[seat]
        received: list[Card] = []
        for c in discards:
            position = self.plan.stub(self._stub_used) if not self.deck.shuffle else None
            self._stub_used += 1
            if position is None and self.deck.remaining == 0:
                self._reshuffle_pile()
            card = self._deal(position, "draw", seat)
            received.append(card)
            hand[hand.index(c)] = card
        self._pile.extend(discards)
        record = Drew(seat, discards, tuple(received))
        self.log.append(record)
        self._drawers.remove(seat)
        if self._drawers:
            self.to_act = self._drawers[0]
        else:
            self.to_act = None
            self._begin_round(self.round + 1, self.order[0])
        return record

    def _reshuffle_pile(self) -> None:
        cards = tuple(self._pile)
        if not cards:
            raise DeckError("the stub ran out and there are no discards to reshuffle")
        if self._reshuffle is None:
            raise DeckError(
                f"the stub ran out and no reshuffle was given for the {len(cards)} discards"
            )
        new = tuple(self._reshuffle(cards))
        if sorted(new) != sorted(cards):
            raise DeckError("the reshuffle did not return exactly the discards it was given")
        self._pile = []
        self.deck.replace(new)
        self.log.append(Reshuffled(new, self.deck.shuffle))

    # --- showdown ----------------------------------------------------------------------------

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        live = [s for s in self.order if self.in_hand[s]]
        pots = self._with_dead(side_pots(self.total, self.in_hand,
                                         [s == 0 for s in self.stacks]))
        if len(live) == 1:
            winner = live[0]
            amount = sum(p.amount for p in pots)
            self.stacks[winner] += amount
            self._paid += amount
            self.log.append(Awarded(0, 1, amount, "", amount, winner, amount, (winner,), None))
            results = tuple(
                PotResult(p.amount, p.eligible, ((winner, p.amount),)) for p in pots
            )
        elif self.runs == 2:
            results = self._showdown_twice(live, pots)
        else:
            results = self._showdown(live, pots)
        if self.config.bounty_live:
            self._pay_bounty(live)
        start = self.config.stacks
        net = tuple(self.stacks[i] - start[i] for i in range(self.seats))
        self._result = HandResult(net, tuple(self.stacks), results)
        self.log.append(HandEnded(tuple(self.stacks), net))

    def _pay_bounty(self, live: list[int]) -> None:
        """The 7-2 bounty (``static/rules/table-games.md#7-2-bounty``): a player who won
        chips from a pot holding seven-deuce offsuit, shown at the showdown (or turned up
        now, when they won uncontested), collects the bounty from every other player dealt
        in, each paying at most what they have after the pots."""
        won = {r.seat for r in self.log if isinstance(r, Awarded) and r.amount > 0}
        for seat in self.order:
            cards = self.hole[seat]
            if seat not in won or sorted(c.rank for c in cards) != [0, 5] or (
                    cards[0].suit == cards[1].suit):
                continue
            if len(live) == 1:
                self.log.append(Shown(seat, tuple(cards), ()))
            for payer in self.order:
                amount = min(self.config.bounty, self.stacks[payer]) if payer != seat else 0
                if amount:
                    self.stacks[payer] -= amount
                    self.stacks[seat] += amount
                    self.log.append(Bounty(seat, payer, amount))

    def showdown_order(self) -> tuple[int, ...]:
        """The order hands are shown: the last player to bet or raise in the last round that
        had betting (else the first live player left of the button), then clockwise."""
        live = [s for s in self.order if self.in_hand[s]]
        last_round = None
        first = live[0]
        for rec in reversed(self.log):
            if isinstance(rec, Acted):
                if last_round is None:
                    last_round = rec.round
                if rec.round != last_round:
                    break
                if rec.verb in (Verb.BET, Verb.RAISE) and self.in_hand[rec.seat]:
                    first = rec.seat
                    break
        start = self.order.index(first)
        rotated = self.order[start:] + self.order[:start]
        return tuple(s for s in rotated if self.in_hand[s])

    def _shares(self, pot: Pot, scores: dict[int, Score]) -> list[_Share]:
        """How ``pot`` divides (the game's :class:`~rules.variants.Division`, by
        :func:`~.value.divide`): its shares, each with its winners among the pot's players and
        the words of the hand that won."""
        game = self.game
        eligible = pot.eligible
        division = self.variant.division
        parts = divide(division, [scores[s] for s in eligible])
        second = pot.amount // 2
        amounts = (pot.amount,) if len(parts) == 1 else (pot.amount - second, second)
        out = []
        for (which, winners), amount in zip(parts, amounts, strict=True):
            seats = [eligible[i] for i in winners]
            if which == LOW_PART:
                low = scores[seats[0]].low
                assert low is not None, "a low part is won by a low"
                name, said = "low", low_words(game, low)
            else:
                rivals = [scores[s].highs[which] for s in eligible]
                name = f"board {which + 1}" if division is Division.PER_BOARD else "high"
                said = decided(game, max(rivals), rivals)
            out.append(_Share(name if len(parts) > 1 else "", amount, seats, said, which))
        return out

    def _showdown(self, live: list[int], pots: tuple[Pot, ...]) -> tuple[PotResult, ...]:
        scores = {s: score(self.game, self.hole[s], self.boards) for s in live}
        all_in = {s for s in live if self.stacks[s] == 0}
        awards: list[Awarded] = []
        paid: list[dict[int, int]] = [{} for _ in pots]
        self._pay(pots, [p.amount for p in pots], scores, self.boards, "", awards, paid)
        self._show_hands(scores, awards, all_in)
        self.log.extend(awards)
        return self._pot_results(pots, paid)

    def _showdown_twice(self, live: list[int],
                        pots: tuple[Pot, ...]) -> tuple[PotResult, ...]:
        """The board run twice: the second runout is dealt from the places right after the
        first's (:meth:`rules.dealorder.DealOrder.second_run`), each pot halved — the odd chip
        to the first run — and each half paid by the hands on its run's boards (halved again
        by Hi/Lo or a double board, per run)."""
        game = self.game
        street = self._runout
        assert street is not None
        shift = self.plan.second_run(street)
        assert shift is not None, "asked only when the deck holds a second runout"
        before = sum(self.variant.layout.streets[:street])
        second = [list(b[:before]) for b in self.boards]
        for st in range(street, len(self.variant.layout.streets)):
            burn = self.plan.burn(st)
            if burn is not None:
                self._deal(burn + shift, "run 2 burn")
            for b, _, position in self.plan.street(st):
                second[b].append(self._deal(position + shift, "run 2", board=b))
        self.second_boards = second
        all_in = {s for s in live if self.stacks[s] == 0}
        first = {s: score(game, self.hole[s], self.boards) for s in live}
        again = {s: score(game, self.hole[s], second) for s in live}
        awards: list[Awarded] = []
        paid: list[dict[int, int]] = [{} for _ in pots]
        self._pay(pots, [p.amount - p.amount // 2 for p in pots], first, self.boards, "run 1",
                  awards, paid)
        self._pay(pots, [p.amount // 2 for p in pots], again, second, "run 2", awards, paid)
        shown = self._show_hands(first, awards, all_in)
        self.log.append(SecondRun(tuple(tuple(b) for b in second),
                                  tuple((s, words(game, again[s])) for s in shown)))
        self.log.extend(awards)
        return self._pot_results(pots, paid)

    def _pay(self, pots: tuple[Pot, ...], amounts: list[int], scores: dict[int, Score],
             boards: list[list[Card]], run: str, awards: list[Awarded],
             paid: list[dict[int, int]]) -> None:
        """Pays ``amounts`` of ``pots`` (the whole pots, or one run's half of each) by the
        hands on ``boards``: the stacks now, the ``Awarded`` records into ``awards`` (logged
        after the hands are shown), each seat's chips per pot into ``paid``. ``run`` names
        the run in each share's name (``"run 1"``, ``"run 2 low"``), ``""`` run once."""
        game = self.game
        order = self.order
        fives: dict[tuple[int, int], tuple[Card, ...]] = {}  # (seat, board or LOW_PART)
        for index, (pot, amount) in enumerate(zip(pots, amounts, strict=True)):
            if amount == 0:
                continue
            for share in self._shares(Pot(amount, pot.eligible), scores):
                which = share.which
                name = f"{run} {share.name}".strip()
                split = split_chips(share.amount, share.winners, order)
                for seat, chips in split.items():
                    self.stacks[seat] += chips
                    self._paid += chips
                    paid[index][seat] = paid[index].get(seat, 0) + chips
                    if (seat, which) not in fives:  # winners only: one search each
                        fives[seat, which] = winning_five(game, self.hole[seat], boards,
                                                          which, scores[seat])
                    awards.append(Awarded(index, len(pots), pot.amount, name, share.amount,
                                          seat, chips, tuple(split), share.words,
                                          fives[seat, which]))

    def _pot_results(self, pots: tuple[Pot, ...],
                     paid: list[dict[int, int]]) -> tuple[PotResult, ...]:
        order = self.order
        return tuple(
            PotResult(pot.amount, pot.eligible,
                      tuple(sorted(got.items(), key=lambda kv: order.index(kv[0]))))
            for pot, got in zip(pots, paid, strict=True)
        )

    def _show_hands(self, scores: dict[int, Score], awards: list[Awarded],
                    all_in: set[int]) -> list[int]:
        """Shows the hands in showdown order, or mucks the ones the rules let go unseen
        (``static/rules/table-games.md#show-or-muck``): the first hand is always shown, and
        so is every hand that wins any chips or was all in; another hand is mucked when its
        player chose to muck a losing hand (:attr:`mucking`). Returns the seats shown."""
        winners = {a.seat for a in awards}
        shown = []
        for k, s in enumerate(self.showdown_order()):
            if k and s in self.mucking and s not in winners and s not in all_in:
                self.log.append(Mucked(s))
                continue
            self.log.append(Shown(s, tuple(self.hole[s]), words(self.game, scores[s])))
            shown.append(s)
        return shown

    # --- run it twice, rabbit hunt, showing after the hand -----------------------------------

    def _ask_twice(self, street: int) -> bool:
        """Whether the hand stops here to ask its players to run it twice: the table offers
        it, the betting is over with two or more players in and street ``street`` still to
        come (someone is all in and at most one player has chips behind), and the deck holds
        a second runout (:meth:`rules.dealorder.DealOrder.second_run`). Asked once a hand."""
        if not self.run_twice or self._runout is not None or self.variant.draw_count:
            return False
        live = [s for s in self.order if self.in_hand[s]]
        if len(live) < 2 or sum(1 for s in live if self.can_act(s)) > 1:
            return False
        self._runout = street  # asked now or never: the first street the betting left
        if self.plan.second_run(street) is None:
            return False
        self.asking = live
        self.to_act = None
        return True

    def answer_twice(self, seat: int, yes: bool) -> Agreed:
        """Seat ``seat``'s answer to run it twice. The first no runs the board once; when
        every player asked said yes the board is run twice. Either way the hand then goes
        on by itself to the end (:class:`~.errors.ActionError` if ``seat`` is not asked)."""
        if seat not in self.asking:
            raise ActionError("nobody is asked to run it twice now" if not self.asking
                              else f"seat {seat} is not asked to run it twice")
        record = Agreed(seat, bool(yes))
        self.log.append(record)
        if yes:
            self.asking.remove(seat)
            if self.asking:
                return record
            self.runs = 2
        self.asking = []
        street = self._runout
        assert street is not None
        self._deal_street(street)
        self._begin_round(self.round + 1, self.order[0])
        return record

    def rabbit_places(self) -> list[tuple[int, int, int]]:
        """``(board, k, position)`` of every board card that would have come after a hand
        that ended before its boards were complete, in deal order; empty when none would
        (the boards are full, the game has none, or the hand is not over)."""
        if not self.is_over or not self.boards or self.variant.draw_count:
            return []
        done = len(self.boards[0])
        out: list[tuple[int, int, int]] = []
        for street in range(len(self.variant.layout.streets)):
            out += [(b, k, p) for b, k, p in self.plan.street(street) if k >= done]
        return out

    def rabbit(self) -> Rabbit:
        """Deals the rabbit: the board cards that would have come, from their own places of
        the dealing order (as if the hand had gone on), after the hand is over. Once a hand;
        they change nothing (:class:`~.errors.ActionError` if there is none to hunt)."""
        if not self.is_over:
            raise ActionError("the rabbit is hunted only after the hand is over")
        if any(isinstance(r, Rabbit) for r in self.log):
            raise ActionError("the rabbit of this hand is already shown")
        places = self.rabbit_places()
        if not places:
            raise ActionError("no card was left to come in this hand")
        cards: list[list[Card]] = [[] for _ in self.boards]
        for b, _, position in places:
            cards[b].append(self._deal(position, "rabbit", board=b))
        record = Rabbit(tuple(tuple(c) for c in cards))
        self.log.append(record)
        return record

    def show(self, seat: int, cards: Sequence[Card]) -> Showed:
        """After an uncontested win, the winner shows one card or the whole hand (once);
        :class:`~.errors.ActionError` for anyone else, or other cards."""
        if not self.is_over:
            raise ActionError("cards are shown by choice only after the hand is over")
        live = [s for s in self.order if self.in_hand[s]]
        if len(live) != 1 or live[0] != seat:
            raise ActionError("only the winner of an uncontested pot may show by choice")
        if any(isinstance(r, Showed) for r in self.log):
            raise ActionError("this hand was already shown")
        hole = self.hole[seat]
        chosen = tuple(cards)
        if (len(chosen) not in (1, len(hole)) or len(set(chosen)) != len(chosen)
                or any(c not in hole for c in chosen)):
            raise ActionError(f"show one card of your hand or all {len(hole)}")
        record = Showed(seat, chosen)
        self.log.append(record)
        return record

"""A second opinion: replays a finished hand through pokerkit 0.7.7 and compares the chips.

pokerkit is the field's own tested engine; where its rules and ours agree, the same cards
and the same actions must leave every seat with the same chips and the betting with the
same pots. :func:`cross_check` answers one of three things:

- ``agree``: pokerkit's pots and payouts are ours;
- ``outside``: the hand touches a place where pokerkit 0.7.7 plays by other rules than
  the rules file (``notes/pokerkit.md``), so no comparison is made (the reason says which);
- ``differ``: same rules, different chips: a bug in one of the two engines.

pokerkit is imported only when this module is used (the page never needs it for play).
"""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .actions import Verb
from .config import Betting, Game, Street
from .hand import Hand
from .history import payouts
from .records import Acted, DealKind, Dealt, Drew, Posted, PostKind, Reshuffled, Share

if TYPE_CHECKING:
    from pokerkit import State

__all__ = ["KitVerdict", "Verdict", "cross_check", "outside_reason", "replay"]


class Verdict(StrEnum):
    AGREE = "agree"
    OUTSIDE = "outside"
    DIFFER = "differ"


@dataclass(frozen=True)
class KitVerdict:
    verdict: Verdict
    reason: str
    stacks: tuple[int, ...] = ()
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()


def outside_reason(hand: Hand) -> str | None:
    """Why pokerkit 0.7.7 would play or pay this hand by other rules, or ``None``.

    Each reason is one of the differences in ``notes/pokerkit.md``: an odd chip (ours go one
    at a time from left of the button; pokerkit's to one player, and it merges pots first),
    a short blind (ours: the full big blind is still the bet), an incomplete all-in raise
    (pokerkit reopens the betting and counts it towards the fixed-limit cap), a Hi/Lo pot
    whose players have no low while another pot's do (pokerkit halves it anyway), and draw's
    reshuffle (pokerkit deals from its own deck).
    """
    rules = hand.rules
    for p in payouts(hand):
        if p.share in (Share.HIGH, Share.BOARD1) and p.portion * 2 != sum(
                q.portion for q in payouts(hand) if q.pot == p.pot):
            return f"pot {p.pot} does not halve evenly (an odd chip)"
        if p.portion % len(p.winners):
            return f"pot {p.pot} does not divide evenly among {len(p.winners)} winners"
    if not rules.game.posts_blinds and not rules.ante:
        return "no forced bet (pokerkit needs an ante or a blind)"
    for rec in hand.log:
        if isinstance(rec, Posted) and rec.kind is PostKind.BIG_BLIND and \
                rec.amount < rules.big_blind:
            return f"seat {rec.seat} posted a short big blind ({rec.amount})"
        if isinstance(rec, Reshuffled):
            return "draw's stub was reshuffled"
        if isinstance(rec, Acted) and rec.verb in (Verb.BET, Verb.RAISE) and not rec.full \
                and rules.round_cap is not None:
            return (f"seat {rec.seat}'s incomplete all-in {rec.verb} to {rec.to} under a cap "
                    "(pokerkit counts it)")
    if rules.game is Game.OMAHA_HILO:
        parts = payouts(hand)
        halved = {p.pot for p in parts if p.share is Share.LOW}
        pots = {p.pot for p in parts if p.value is not None}
        if halved and halved != pots:
            return "a Hi/Lo side pot has no low while another pot has one"
    return None


def _state(hand: Hand, seats: Sequence[int], fast: bool) -> State:
    from pokerkit import (
        Automation,
        BettingStructure,
        Deck,
        Mode,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        Opening,
        StandardHighHand,
        State,
    )
    from pokerkit import Street as KitStreet

    rules = hand.rules
    game = rules.game
    structure = {
        Betting.NO_LIMIT: BettingStructure.NO_LIMIT,
        Betting.DOUBLE_POT_LIMIT: BettingStructure.NO_LIMIT,  # our bounds are stricter
        Betting.POT_LIMIT: BettingStructure.POT_LIMIT,
        Betting.FIXED_LIMIT: BettingStructure.FIXED_LIMIT,
    }[rules.betting]
    cap = rules.round_cap
    streets = []
    for index, street in enumerate(game.streets):
        if street is Street.DRAW:
            continue
        unit = rules.min_bet_for(index)
        count = cap
        if count is not None and street is Street.PREFLOP:
            count -= 1  # pokerkit does not count the big blind
        first = index == 0
        hole = (False,) * game.hole_count if first else ()
        draws = street is Street.POSTDRAW
        streets.append(KitStreet(street.board_cards > 0, hole, street.board_cards, draws,
                                 Opening.POSITION, unit, count))
    high: type = OmahaHoldemHand
    low: type = OmahaEightOrBetterLowHand
    if fast:
        high, low = _fast_omaha_types()
    hand_types: tuple[type, ...] = {
        Game.HOLDEM: (StandardHighHand,),
        Game.DRAW: (StandardHighHand,),
        Game.OMAHA: (high,),
        Game.BOMB_DOUBLE: (high,),
        Game.OMAHA_HILO: (high, low),
    }[game]
    blinds = (rules.small_blind, rules.big_blind) if game.posts_blinds else 0
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    return State(
        automations, Deck.STANDARD, hand_types, tuple(streets), structure, True,
        rules.ante, blinds, 0, tuple(hand.starting_stacks[s] for s in seats), len(seats),
        mode=Mode.CASH_GAME, starting_board_count=game.board_count or 1,
    )


def _fast_omaha_types() -> tuple[type, type]:
    from pokerkit import Card as KitCard
    from pokerkit import CardsLike, OmahaEightOrBetterLowHand, OmahaHoldemHand

    from ..cards import Card
    from ..evaluator import omaha_high_best, omaha_low8_best

    def ours(cards: CardsLike) -> list[Card]:
        return [Card.parse(repr(c)) for c in KitCard.clean(cards)]

    class FastOmahaHigh(OmahaHoldemHand):
        @classmethod
        def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()
                      ) -> FastOmahaHigh:
            hole, board = ours(hole_cards), ours(board_cards)
            if len(hole) != 4 or not 3 <= len(board) <= 5:
                raise ValueError("no Omaha hand yet")
            _, five = omaha_high_best(hole, board)
            return cls("".join(str(c) for c in five))

    class FastOmahaLow(OmahaEightOrBetterLowHand):
        @classmethod
        def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()
                      ) -> FastOmahaLow:
            hole, board = ours(hole_cards), ours(board_cards)
            if len(hole) != 4 or not 3 <= len(board) <= 5:
                raise ValueError("no Omaha hand yet")
            best = omaha_low8_best(hole, board)
            if best is None:
                raise ValueError("no low")
            return cls("".join(str(c) for c in best[1]))

    return FastOmahaHigh, FastOmahaLow


def _memoize_hands(state: State) -> None:
    """pokerkit evaluates every shown hand against every other one when it kills hands at
    the showdown (n squared evaluations at ~0.3 ms each); a hand's value depends only on its
    cards, so remember it. Results are pokerkit's own, only computed once."""
    original = state.get_up_hand
    memo: dict[tuple[object, ...], object] = {}

    def get_up_hand(player_index: int, board_index: int, hand_type_index: int) -> object:
        key = (player_index, board_index, hand_type_index,
               tuple(state.hole_cards[player_index]),
               tuple(state.hole_card_statuses[player_index]),
               tuple(state.get_board_cards(board_index)))
        if key not in memo:
            memo[key] = original(player_index, board_index, hand_type_index)
        return memo[key]

    state.get_up_hand = get_up_hand  # type: ignore[method-assign,assignment]


KitPots = tuple[tuple[int, tuple[int, ...]], ...]
"""pokerkit's pots: (amount, eligible seats), main pot first."""


def replay(hand: Hand, *, fast: bool = True) -> tuple[tuple[int, ...], KitPots]:
    """Plays the hand's cards and actions through pokerkit; returns every seat's final stack
    and pokerkit's pots at the showdown (amount, eligible seats). Raises ``ValueError`` when
    pokerkit refuses a step.

    ``fast``: Omaha hands are made of the five cards our evaluator picks, ranked by pokerkit's
    own lookup (pokerkit's own choice among the 60 Omaha combinations costs ~5 ms a hand;
    tests/test_evaluator_pokerkit.py checks our choice against it). Betting, pots, hand
    killing and chip pushing stay pokerkit's."""
    seats = [s for s in hand._after(hand.button) if hand.dealt_in[s]]
    index_of = {s: i for i, s in enumerate(seats)}
    state = _state(hand, seats, fast)
    _memoize_hands(state)
    hole: dict[int, deque[str]] = {s: deque() for s in seats}
    draws: dict[int, deque[str]] = {s: deque() for s in seats}
    board_cards: deque[tuple[int, tuple[str, ...]]] = deque()
    burns: deque[str] = deque()
    acts: deque[Acted | Drew] = deque()
    for rec in hand.log:
        if isinstance(rec, Dealt):
            cards = tuple(str(c) for c in rec.cards)
            if rec.kind is DealKind.HOLE and rec.seat is not None:
                hole[rec.seat].extend(cards)
            elif rec.kind is DealKind.DRAW and rec.seat is not None:
                draws[rec.seat].extend(cards)
            elif rec.kind is DealKind.BOARD and rec.board is not None:
                board_cards.append((rec.board, cards))
            elif rec.kind is DealKind.BURN:
                burns.extend(cards)
        elif isinstance(rec, Acted | Drew):
            acts.append(rec)
    try:
        return _drive(hand, state, seats, index_of, hole, draws, board_cards, burns, acts)
    except IndexError:
        raise ValueError("pokerkit wants more cards than the hand dealt") from None


def _drive(hand: Hand, state: State, seats: Sequence[int], index_of: dict[int, int],
           hole: dict[int, deque[str]], draws: dict[int, deque[str]],
           board_cards: deque[tuple[int, tuple[str, ...]]], burns: deque[str],
           acts: deque[Acted | Drew]) -> tuple[tuple[int, ...], KitPots]:
    pots: KitPots = ()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(10_000):
            if not state.status:
                break
            if state.can_burn_card():
                state.burn_card(burns.popleft() if burns else "??")
            elif state.hole_dealee_index is not None:
                player = state.hole_dealee_index
                seat = seats[player]
                queue = draws[seat] if state.street_index and draws[seat] else hole[seat]
                state.deal_hole(queue.popleft(), player)
            elif state.can_deal_board():
                for _b in range(state.board_count):
                    _board, got = board_cards.popleft()
                    state.deal_board("".join(got))
            elif state.stand_patter_or_discarder_index is not None:
                seat = seats[state.stand_patter_or_discarder_index]
                drew = acts.popleft() if acts else None
                if not isinstance(drew, Drew) or drew.seat != seat:
                    raise ValueError(f"pokerkit wants seat {seat} to draw, we have {drew}")
                state.stand_pat_or_discard("".join(str(c) for c in drew.discarded))
            elif state.actor_index is not None:
                seat = seats[state.actor_index]
                nxt = acts[0] if acts else None
                mine = isinstance(nxt, Acted) and nxt.seat == seat
                if not mine and state.checking_or_calling_amount == 0:
                    state.check_or_call()  # pokerkit asks a lone player to act; we do not
                    continue
                acted = acts.popleft() if acts else None
                if not isinstance(acted, Acted) or acted.seat != seat:
                    raise ValueError(f"pokerkit wants seat {seat} to act, we have {acted}")
                if acted.verb is Verb.FOLD:
                    state.fold()
                elif acted.verb in (Verb.CHECK, Verb.CALL):
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(acted.to)
            elif state.showdown_index is not None:
                if not pots:
                    pots = tuple((p.amount, tuple(sorted(seats[i] for i in p.player_indices)))
                                 for p in state.pots)
                state.show_or_muck_hole_cards(True)
            else:
                raise ValueError("pokerkit is stuck (no operation it can do)")
        if acts:
            raise ValueError(f"pokerkit ended the hand with our actions left: {acts[0]}")
    stacks = list(hand.starting_stacks)
    for s, i in index_of.items():
        stacks[s] = state.stacks[i]
    return tuple(stacks), pots


def cross_check(hand: Hand, *, fast: bool = True) -> KitVerdict:
    """Compares a finished hand with pokerkit's replay of it (see the module docstring)."""
    reason = outside_reason(hand)
    if reason is not None:
        return KitVerdict(Verdict.OUTSIDE, reason)
    try:
        stacks, pots = replay(hand, fast=fast)
    except ValueError as e:
        return KitVerdict(Verdict.DIFFER, f"pokerkit refused the hand: {e}")
    if stacks != tuple(hand.stacks):
        return KitVerdict(Verdict.DIFFER, f"pokerkit ends with stacks {list(stacks)}, we with "
                                          f"{hand.stacks}", stacks, pots)
    ours = tuple((p.amount, p.eligible) for p in hand.final_pots())
    live = sum(1 for s in range(hand.seat_count) if hand.in_hand(s))
    if pots and live > 1 and pots != ours:
        return KitVerdict(Verdict.DIFFER, f"pokerkit's pots {list(pots)}, ours {list(ours)}",
                          stacks, pots)
    return KitVerdict(Verdict.AGREE, "pokerkit 0.7.7 pays the same", stacks, pots)

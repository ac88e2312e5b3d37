"""Replays one of our hands in pokerkit 0.7.7 and checks that the two engines agree.

pokerkit is the field's own tested engine; ours decides every chip because pokerkit 0.7.7
differs from our rules, ``static/rules/table-games.md``, in these places (found by playing a
few hundred random hands against a checker written from the rules alone):

- **incomplete all-in**: when the *first* raise of a round is an all-in short of a full raise,
  pokerkit (0.7.4 to 0.7.7, no-limit and pot-limit) treats it as a full raise and lets players
  who already acted raise again. Blinds 5/10, UTG limps, the button goes all in for 14, SB
  folds, BB calls: pokerkit lets UTG raise; ours lets UTG only call or fold
  (static/rules/table-games.md#incomplete-all-in);
- **short big blind**: after a big blind posted short (all in), pokerkit lets the others call
  the posted amount; ours makes them call the full big blind
  (static/rules/table-games.md#forced-bets);
- **fixed-limit cap**: its fixed-limit Hold'em preset allows the big blind plus four raises
  preflop; ours, four bets in all, the big blind the first
  (static/rules/table-games.md#fixed-limit);
- **a lone big blind**: it asks the big blind to act when nobody else can; ours ends the round
  (static/rules/table-games.md#end-of-a-betting-round);
- **pots**: it merges pots whose eligible players become the same once losing hands drop out,
  pooling their odd chips (a 74/72 split becomes 73/73), and gives a share's whole remainder
  to one player; ours pays each pot on its own, the odd chips one at a time in seat order from
  the button's left (static/rules/table-games.md#odd-chips);
- **hi/lo**: it decides whether a low exists from every hand at the showdown, not per pot, so it
  halves a side pot none of whose players has a low; ours gives that pot whole to the high
  hand (static/rules/table-games.md#hi-lo);
- **structures**: it has no double-pot-limit and no draw limits (any number of discards), and
  refuses a fold with nothing to call in tournament mode;
- **cards**: duplicate cards pass with only a ``UserWarning`` (we validate cards ourselves).

This module drives a pokerkit ``State`` with our hand's operation log (our cards, our actions) and
checks, where the rules of the two agree:

- **turn order**: pokerkit's actor is our acting seat at every action (5-card draw with the
  host's blinds included: pokerkit posts them as in Hold'em and agrees on who acts);
- **chips**: each action moves the same chips (call amounts included);
- **betting's end**: the same chips reach the pots;
- **payouts**: the same final stacks, when no odd chip arises and no pot is one whose
  division pokerkit gets wrong (a hi/lo side pot without a low while another pot has one).

Known differences are skipped, not reported: a short big blind (pokerkit lets the others
call the short amount: the hand is not compared at all), pokerkit asking a lone big blind to
act (we check for it), double-pot-limit (replayed as no-limit: amounts only).

Import this module only where pokerkit is wanted (tests, ``playhand``): it imports pokerkit.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import pokerkit as pk

from ..cards import Card
from ..variants import Division, Evaluator
from .actions import Verb
from .config import Betting
from .engine import Hand
from .pots import split_chips
from .records import Acted, Awarded, Bounty, Dealt, Drew, Posted, Returned, RoundStarted

VERSION = "0.7.7"


class KitDisagrees(AssertionError):
    """pokerkit and our engine disagree where the rules say they should not (a bug)."""


@dataclass(frozen=True)
class KitReport:
    """What was compared: ``betting`` (turn order, chips per action, pots) and ``payouts``
    (final stacks); ``skipped`` says why a part was not compared."""

    betting: bool
    payouts: bool
    skipped: str | None
    state: pk.State | None


def _pk_card(card: Card) -> pk.Card:
    return next(iter(pk.Card.parse(str(card))))


def _streets(hand: Hand) -> tuple[pk.Street, ...]:
    """pokerkit's streets, one a betting round, from the game's record: the first deals the
    hole cards (and a bomb pot's flop); each later one a draw or the next board street."""
    cfg = hand.config
    v = hand.variant
    layout = v.layout
    fixed = cfg.betting is Betting.FIXED_LIMIT
    cap = cfg.cap_bets
    if v.streets_first > 1:
        raise ValueError("pokerkit deals one board street before the first betting round")

    def street(i: int, burn: bool, hole: int, board: int, draw: bool) -> pk.Street:
        size = cfg.fixed_bet(i) if fixed else cfg.unit
        count = None if cap is None else (cap - 1 if i == 0 and cfg.posts_blinds else cap)
        return pk.Street(burn, (False,) * hole, board, draw, pk.Opening.POSITION, size, count)

    first = layout.streets[0] if v.streets_first else 0
    out = [street(0, layout.burns and first > 0, layout.hole, first, False)]
    for i in range(1, len(v.rounds)):
        if i <= v.draw_count:
            out.append(street(i, False, 0, 0, True))
            continue
        k = i - 1 - v.draw_count + v.streets_first
        cards = layout.streets[k] if k < len(layout.streets) else 0
        out.append(street(i, layout.burns and cards > 0, 0, cards, False))
    return tuple(out)


HAND_TYPES: dict[Evaluator, tuple[type[pk.Hand], ...]] = {
    Evaluator.HIGH: (pk.StandardHighHand,),
    Evaluator.OMAHA: (pk.OmahaHoldemHand,),
    Evaluator.SHORT: (pk.ShortDeckHoldemHand,),
    Evaluator.LOW27: (pk.StandardLowHand,),
}
"""pokerkit's hand type for each of our evaluators (Hi/Lo adds its 8-or-better low)."""

DECKS = {0: pk.Deck.STANDARD, 4: pk.Deck.SHORT_DECK_HOLDEM}
"""pokerkit's deck for each lowest rank of ours: the 52 cards, the 36 from six up."""


def build_state(hand: Hand) -> pk.State:
    """A pokerkit ``State`` for ``hand``'s settings: players are the seats dealt in, from
    the first left of the button (pokerkit's player 0) to the button's end of the table."""
    cfg = hand.config
    v = hand.variant
    players = len(hand.order)
    types = HAND_TYPES[v.evaluator]
    if v.division is Division.HILO8:
        types += (pk.OmahaEightOrBetterLowHand,)
    structure = {
        Betting.NO_LIMIT: pk.BettingStructure.NO_LIMIT,
        Betting.DOUBLE_POT_LIMIT: pk.BettingStructure.NO_LIMIT,
        Betting.POT_LIMIT: pk.BettingStructure.POT_LIMIT,
        Betting.FIXED_LIMIT: pk.BettingStructure.FIXED_LIMIT,
    }[cfg.betting]
    blinds = (cfg.small_blind, cfg.big_blind) + (0,) * (players - 2) if cfg.posts_blinds else (
        (0,) * players
    )
    if cfg.straddler is not None:  # pokerkit's third blind: the straddle under the gun
        blinds = (*blinds[:2], 2 * cfg.big_blind, *blinds[3:])
    return pk.State(
        (
            pk.Automation.ANTE_POSTING,
            pk.Automation.BET_COLLECTION,
            pk.Automation.BLIND_OR_STRADDLE_POSTING,
            pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            pk.Automation.HAND_KILLING,
            pk.Automation.CHIPS_PUSHING,
            pk.Automation.CHIPS_PULLING,
        ),
        DECKS[v.lowest_rank],
        types,
        _streets(hand),
        structure,
        False,
        (cfg.ante,) * players,
        blinds,
        0,
        tuple(cfg.stacks[s] for s in hand.order),
        players,
        mode=pk.Mode.CASH_GAME,
        starting_board_count=v.boards or 1,
    )


class _Known(Exception):
    """The replay reached a place where pokerkit's rules differ from ours (not a bug)."""


def _short_big_blind(hand: Hand) -> bool:
    bb = hand.big_blind_seat
    if bb is None:
        return False
    posted = sum(
        r.amount for r in hand.log
        if isinstance(r, Posted) and r.seat == bb and r.kind == "big blind"
    )
    return posted < hand.config.big_blind


def _payouts_comparable(hand: Hand) -> str | None:
    """Why pokerkit's payouts cannot be compared with ours for this hand, or None."""
    if any(isinstance(r, Posted) and r.kind == "ante" and r.amount < hand.config.ante
           for r in hand.log):
        return "a short all-in ante (pokerkit puts every ante in the main pot)"
    awards = [r for r in hand.log if isinstance(r, Awarded)]
    if len(awards) == 1 and awards[0].hand is None:
        return None
    shares: dict[tuple[int, str], list[Awarded]] = {}
    for a in awards:
        shares.setdefault((a.pot, a.share), []).append(a)
    for group in shares.values():
        first = group[0]
        if first.share_amount % len(first.winners):
            return "an odd chip arises (pokerkit gives the whole remainder to one player)"
    for a in awards:
        if a.share in ("high", "low", "board 1", "board 2") and a.pot_amount % 2:
            return "an odd chip arises in halving a pot"
    if hand.variant.division is Division.HILO8:
        low_pots = {a.pot for a in awards if a.share == "low"}
        pots = {a.pot for a in awards}
        if low_pots and low_pots != pots:
            return "a pot without a low beside one with a low (pokerkit halves every pot)"
    return None


def cross_check(hand: Hand) -> KitReport:
    """Replays a finished ``hand`` in pokerkit; raises :class:`KitDisagrees` on a difference
    the rules do not explain."""
    if not hand.is_over:
        raise ValueError("cross_check needs a finished hand")
    if not hand.config.ante and not hand.config.posts_blinds:
        return KitReport(False, False, "no forced bet (pokerkit needs one)", None)
    if hand.config.posts:
        return KitReport(False, False, "a newcomer's posted big blind (pokerkit has none)", None)
    if hand.config.big_blind_ante:
        return KitReport(False, False, "a big-blind ante (dead: pokerkit's antes are each "
                                       "player's own)", None)
    if _short_big_blind(hand):
        return KitReport(False, False, "a short big blind (pokerkit: call the short amount)", None)
    index = {seat: i for i, seat in enumerate(hand.order)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reshuffled draw cards "repeat"; we checked ours
        state = build_state(hand)
        try:
            _replay(hand, state, index)
        except _Known as e:
            return KitReport(False, False, str(e), state)
    why = _payouts_comparable(hand)
    if why is None and any(isinstance(r, Bounty) for r in hand.log):
        why = "a 7-2 bounty (pokerkit has none)"
    if why is None:
        theirs = [state.stacks[index[s]] for s in hand.order]
        ours = [hand.stacks[s] for s in hand.order]
        if theirs != ours:
            raise KitDisagrees(
                f"final stacks (seats {list(hand.order)}): ours {ours}, pokerkit {theirs}"
            )
    return KitReport(True, why is None, why, state)


_UNKNOWN = pk.Card.parse("??").__iter__().__next__()


def _burn(state: pk.State, seat_of: dict[int, int], card: pk.Card) -> None:
    """Burns ``card`` if pokerkit wants a burn now (it burns once per street)."""
    if state.actor_index is not None:
        _lone_check(state, seat_of, "before the next street")
    while state.can_select_runout_count():
        state.select_runout_count(1)
    if state.can_burn_card():
        state.burn_card(card)


def _lone_check(state: pk.State, seat_of: dict[int, int], why: str) -> None:
    """pokerkit asks a lone player to act when nobody else can: check for them."""
    actor = state.actor_index
    if actor is None:
        return
    able = sum(1 for i, s in enumerate(state.statuses) if s and state.stacks[i])
    if able == 1 and state.checking_or_calling_amount == 0:
        state.check_or_call()
        return
    raise KitDisagrees(f"pokerkit has seat {seat_of[actor]} to act {why}")


def _replay(hand: Hand, state: pk.State, index: dict[int, int]) -> None:
    seat_of = {i: s for s, i in index.items()}
    log = hand.log
    k = 0
    pending_draws: list[Drew] = []
    while k < len(log):
        rec = log[k]
        k += 1
        if isinstance(rec, Dealt):
            while state.can_select_runout_count():
                state.select_runout_count(1)  # cash-game mode offers running it twice
            if rec.to == "hole":
                state.deal_hole((_pk_card(rec.card),), index[rec.seat or 0])
            elif rec.to == "burn":
                _burn(state, seat_of, _pk_card(rec.card))
            elif rec.to == "board":
                _burn(state, seat_of, _UNKNOWN)  # we skipped a burn the deck could not afford
                cards = [rec.card]
                while k < len(log):
                    nxt = log[k]
                    if not isinstance(nxt, Dealt) or nxt.to != "board" or nxt.board != rec.board:
                        break
                    cards.append(nxt.card)
                    k += 1
                state.deal_board(tuple(_pk_card(c) for c in cards))
            continue
        if isinstance(rec, Drew):
            if state.actor_index is not None:
                _lone_check(state, seat_of, "before the draw")
            state.stand_pat_or_discard(tuple(_pk_card(c) for c in rec.discards))
            pending_draws.append(rec)
            if state.stand_patter_or_discarder_index is None:
                for d in pending_draws:
                    if d.received:
                        state.deal_hole(tuple(_pk_card(c) for c in d.received), index[d.seat])
                pending_draws.clear()
            continue
        if isinstance(rec, Acted):
            actor = state.actor_index
            if actor is None or seat_of[actor] != rec.seat:
                if actor is not None and rec.round > 0 and state.checking_or_calling_amount == 0:
                    _lone_check(state, seat_of, f"where we have seat {rec.seat}")
                    actor = state.actor_index
                if actor is None or seat_of[actor] != rec.seat:
                    who = None if actor is None else seat_of[actor]
                    raise KitDisagrees(
                        f"turn order: we have seat {rec.seat} {rec.verb.value}, pokerkit has "
                        f"{who} to act"
                    )
            moved = 0
            try:
                if rec.verb is Verb.FOLD:
                    state.fold()
                elif rec.verb in (Verb.CHECK, Verb.CALL):
                    moved = state.check_or_call().amount
                else:
                    bet = state.bets[actor]
                    moved = state.complete_bet_or_raise_to(rec.to).amount - bet
            except ValueError as e:
                if any(
                    isinstance(r, Acted) and r.round == rec.round and not r.full
                    for r in log[:k]
                ):
                    raise _Known(
                        "after an incomplete all-in in the round pokerkit bounds raises "
                        f"differently (its cap counts it, its minimum raise differs): {e}"
                    ) from None
                raise KitDisagrees(
                    f"pokerkit refuses seat {rec.seat} {rec.verb.value} to {rec.to}: {e}"
                ) from None
            if moved != rec.added:
                raise KitDisagrees(
                    f"seat {rec.seat} {rec.verb.value}: we move {rec.added} chips, pokerkit "
                    f"{moved}"
                )
            continue
        if isinstance(rec, (Posted, Returned, RoundStarted)):
            continue
    while state.status and state.actor_index is not None:
        _lone_check(state, seat_of, "after our hand ended")
    if state.status:
        raise KitDisagrees("pokerkit's hand is still running after ours ended")


__all__ = ["VERSION", "KitDisagrees", "KitReport", "build_state", "cross_check", "split_chips"]

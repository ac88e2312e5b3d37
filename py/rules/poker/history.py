"""What a finished hand says, derived from its operation log: payout messages in the rules
file's style, and PokerStars-format hand history text for Hold'em and the Omaha games.

Both read only :attr:`Hand.log` and the hand's fixed facts (rules, seats, button), so they can
be rebuilt from a stored log. Neither contains a folded hand: the PokerStars text shows
hole cards only for ``viewer`` (the player the history is for) and for hands shown down.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .actions import Verb
from .config import Betting, Game, Street
from .hand import Hand
from .names import hand_name, low_name, stars_low, stars_name
from .records import (
    Acted,
    Awarded,
    DealKind,
    Dealt,
    Drew,
    Posted,
    PostKind,
    Reshuffled,
    Returned,
    Share,
    Shown,
    StreetStarted,
)

__all__ = ["Payout", "default_names", "log_json", "payout_messages", "payouts", "pokerstars"]


def log_json(hand: Hand, viewer: int | None = None) -> list[dict[str, object]]:
    """The operation log as JSON-ready dicts (``{"type": "Acted", "seat": 0, ...}``), cards as
    text. Only what ``viewer`` may see: hole cards and draws of other seats are left out
    (``"cards": null``) unless shown down, and burns never appear; ``viewer=None`` (the host)
    sees everything, for its own records only.

    >>> from rules.poker.deck import ScriptedCards
    >>> from rules.poker.config import TableRules
    >>> from rules.cards import parse_cards
    >>> rules = TableRules.parse({"game": "holdem", "blinds": [1, 2]})
    >>> h = Hand(rules, [50, 50], 0, ScriptedCards([parse_cards("As Ad"), parse_cards("2c 7d")],
    ...                                             [parse_cards("Kc Qd 3h 4s 9c")], []))
    >>> _ = h.do("s0 fold")
    >>> [e["type"] for e in log_json(h, viewer=1)][:4]
    ['Posted', 'Posted', 'Dealt', 'Dealt']
    >>> [e["cards"] for e in log_json(h, viewer=1) if e["type"] == "Dealt"][:2]
    [['2c'], None]
    """
    shown = {r.seat for r in hand.log if isinstance(r, Shown)}
    out: list[dict[str, object]] = []
    for rec in hand.log:
        entry: dict[str, object] = {"type": type(rec).__name__}
        for name in rec.__dataclass_fields__:
            value = getattr(rec, name)
            if isinstance(value, tuple):
                value = [str(v) if isinstance(v, Card) else v for v in value]
            elif hasattr(value, "value") and not isinstance(value, int):
                value = value.value
            entry[name] = value
        if isinstance(rec, Dealt):
            if rec.kind is DealKind.BURN and viewer is not None:
                continue
            private = rec.kind in (DealKind.HOLE, DealKind.DRAW)
            if viewer is not None and private and rec.seat != viewer and rec.seat not in shown:
                entry["cards"] = None
                entry["positions"] = None
        if isinstance(rec, Drew) and viewer is not None and rec.seat != viewer:
            entry["discarded"] = len(rec.discarded)
        if isinstance(rec, Reshuffled) and viewer is not None:
            entry["cards"] = len(rec.cards)
        out.append(entry)
    return out


def default_names(hand: Hand) -> list[str]:
    return [f"Seat {s + 1}" for s in range(hand.seat_count)]


@dataclass(frozen=True)
class Payout:
    """One part of one pot and who won it: the unit a payout message speaks of."""

    pot: int
    share: Share
    winners: tuple[int, ...]
    amounts: tuple[int, ...]
    portion: int
    value: int | None


def payouts(hand: Hand) -> list[Payout]:
    """The awards grouped by pot and part, main pot first, in the order they were paid."""
    out: list[Payout] = []
    for rec in hand.log:
        if isinstance(rec, Awarded):
            if out and (out[-1].pot, out[-1].share) == (rec.pot, rec.share):
                last = out[-1]
                out[-1] = Payout(last.pot, last.share, (*last.winners, rec.seat),
                                 (*last.amounts, rec.amount), last.portion, last.value)
            else:
                out.append(Payout(rec.pot, rec.share, (rec.seat,), (rec.amount,), rec.portion,
                                  rec.value))
    return out


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pot_phrase(pot: int, pot_count: int) -> str:
    if pot_count == 1:
        return "the pot"
    if pot == 0:
        return "the main pot"
    return "the side pot" if pot_count == 2 else f"side pot {pot}"


def payout_messages(hand: Hand, names: Sequence[str] | None = None) -> list[str]:
    """One sentence per part of a pot, main pot first::

        Bob wins 1,500 chips with a Straight Flush, Ace high
        Bill wins the side pot (800) with Two Pair, Kings and Fives
        Bill and Joe split the main pot (1,500) with a Straight, Queen high
        Ann wins the low half (350) with 7-5-3-2-A
    """
    names = list(names) if names is not None else default_names(hand)
    parts = payouts(hand)
    pot_count = len({p.pot for p in parts})
    lines = []
    for p in parts:
        who = _join([names[s] for s in p.winners])
        if p.value is None:
            lines.append(f"{who} wins {p.portion:,} chips")
            continue
        hand_text = low_name(p.value) if p.share is Share.LOW else hand_name(p.value)
        pot = _pot_phrase(p.pot, pot_count)
        if p.share is Share.WHOLE:
            if pot_count == 1 and len(p.winners) == 1:
                lines.append(f"{who} wins {p.portion:,} chips with {hand_text}")
                continue
            what = pot
        else:
            half = {Share.HIGH: "the high half", Share.LOW: "the low half",
                    Share.BOARD1: "the board 1 half", Share.BOARD2: "the board 2 half"}[p.share]
            what = half if pot_count == 1 else f"{half} of {pot}"
        verb = "wins" if len(p.winners) == 1 else "split"
        lines.append(f"{who} {verb} {what} ({p.portion:,}) with {hand_text}")
    return lines


# --- PokerStars -----------------------------------------------------------------------------

_STREET_TITLE = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_FOLD_WHEN = {Street.PREFLOP: "before Flop", Street.FLOP: "on the Flop",
              Street.TURN: "on the Turn", Street.RIVER: "on the River"}


def _cards(cards: Sequence[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


def _stars_game(hand: Hand) -> str:
    rules = hand.rules
    game = {Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha", Game.OMAHA_HILO: "Omaha Hi/Lo",
            Game.BOMB_DOUBLE: "Omaha"}[rules.game]
    if rules.betting is Betting.FIXED_LIMIT:
        stakes = f"{rules.big_blind}/{2 * rules.big_blind}"
    else:
        stakes = f"{rules.small_blind}/{rules.big_blind}"
    return f"{game} {rules.betting.display} ({stakes})"


def _stars_hand(hand: Hand, shown: Shown) -> str:
    """``'a pair of Kings'``; Hi/Lo ``'HI: ...; LO: ...'``; two boards joined by ``' / '``."""
    highs = [stars_name(v) for v in shown.highs]
    if hand.rules.game is Game.OMAHA_HILO:
        if shown.low is None:
            return f"HI: {highs[0]}"
        return f"HI: {highs[0]}; LO: {stars_low(shown.low)}"
    return " / ".join(highs)


def pokerstars(hand: Hand, names: Sequence[str] | None = None, *, viewer: int | None = None,
               hand_id: int = 1, table: str = "Ultimate Omaha",
               when: _dt.datetime | None = None) -> str:
    """The finished hand as PokerStars hand-history text (amounts in chips).

    Hold'em, Omaha and Omaha Hi/Lo come out as PokerStars writes them; a double-board bomb
    pot is written as PokerStars writes a hand run twice (``*** FIRST FLOP ***`` ...), its
    bomb antes as antes. ``viewer``'s hole cards appear as "Dealt to"; other hole cards only
    when shown down. Draw is not covered (PokerStars' draw format is not one trackers read).
    """
    if hand.rules.game is Game.DRAW:
        raise ValueError("PokerStars text covers Hold'em and the Omaha games, not draw")
    if not hand.is_over:
        raise ValueError("the hand is not over yet")
    names = list(names) if names is not None else default_names(hand)
    n = hand.seat_count
    when = when or _dt.datetime(2026, 1, 1, 12, 0, 0)
    double = hand.rules.game is Game.BOMB_DOUBLE
    blinds = hand.blind_seats()
    out = [
        f"PokerStars Hand #{hand_id}:  {_stars_game(hand)} - {when:%Y/%m/%d %H:%M:%S} ET",
        f"Table '{table}' {max(n, 2)}-max Seat #{hand.button + 1} is the button",
    ]
    for s in range(n):
        extra = "" if hand.dealt_in[s] else " is sitting out"
        out.append(f"Seat {s + 1}: {names[s]} ({hand.starting_stacks[s]} in chips){extra}")
    level = 0
    street = hand.rules.game.streets[0]
    folded_on: dict[int, Street] = {}
    put_in = [0] * n
    boards: list[list[Card]] = [[] for _ in hand.boards]
    hole_header = False
    shown: list[Shown] = []
    collected: dict[tuple[int, int], int] = {}
    pot_count = len(hand.final_pots())
    for rec in hand.log:
        if isinstance(rec, Posted):
            if rec.kind is not PostKind.ANTE:
                put_in[rec.seat] += rec.amount
                # a short big blind still makes the bet the full big blind
                level = max(level, hand.rules.big_blind if rec.kind is PostKind.BIG_BLIND
                            else rec.amount)
            if rec.amount == 0:
                continue
            what = "the ante" if rec.kind is PostKind.ANTE else rec.kind.value
            tail = " and is all-in" if rec.all_in else ""
            out.append(f"{names[rec.seat]}: posts {what} {rec.amount}{tail}")
        elif isinstance(rec, Dealt):
            if rec.kind is DealKind.HOLE:
                if not hole_header:
                    out.append("*** HOLE CARDS ***")
                    hole_header = True
            elif rec.kind is DealKind.BOARD:
                assert rec.board is not None
                before = list(boards[rec.board])
                boards[rec.board].extend(rec.cards)
                title = _STREET_TITLE[street]
                if double:
                    title = ("FIRST " if rec.board == 0 else "SECOND ") + title
                if before:
                    out.append(f"*** {title} *** {_cards(before)} {_cards(rec.cards)}")
                else:
                    out.append(f"*** {title} *** {_cards(rec.cards)}")
        elif isinstance(rec, StreetStarted):
            street = rec.street
            if street is not Street.PREFLOP:
                level = 0
        elif isinstance(rec, Acted):
            who = names[rec.seat]
            tail = " and is all-in" if rec.all_in else ""
            if rec.verb is Verb.FOLD:
                folded_on[rec.seat] = rec.street
                out.append(f"{who}: folds")
            elif rec.verb is Verb.CHECK:
                out.append(f"{who}: checks")
            elif rec.verb is Verb.CALL:
                out.append(f"{who}: calls {rec.added}{tail}")
            elif rec.verb is Verb.BET:
                out.append(f"{who}: bets {rec.to}{tail}")
                level = rec.to
            else:
                out.append(f"{who}: raises {rec.to - level} to {rec.to}{tail}")
                level = rec.to
            put_in[rec.seat] += rec.added
        elif isinstance(rec, Returned):
            out.append(f"Uncalled bet ({rec.amount}) returned to {names[rec.seat]}")
            put_in[rec.seat] -= rec.amount
        elif isinstance(rec, Shown):
            if not shown:
                out.append("*** SHOW DOWN ***")
            shown.append(rec)
            out.append(f"{names[rec.seat]}: shows {_cards(rec.cards)} ({_stars_hand(hand, rec)})")
        elif isinstance(rec, Awarded):
            key = (rec.seat, rec.pot)
            collected[key] = collected.get(key, 0) + rec.amount
        elif isinstance(rec, Drew):  # pragma: no cover - draw is refused above
            pass
    if viewer is not None and hand.dealt_in[viewer]:
        at = out.index("*** HOLE CARDS ***") + 1
        out.insert(at, f"Dealt to {names[viewer]} {_cards(hand_cards_dealt(hand, viewer))}")
    for (seat, pot), amount in collected.items():
        if pot_count == 1:
            src = "pot"
        elif pot == 0:
            src = "main pot"
        else:
            src = "side pot" if pot_count == 2 else f"side pot-{pot}"
        out.append(f"{names[seat]} collected {amount} from {src}")
    if not shown:
        for seat, _pot in collected:
            out.append(f"{names[seat]}: doesn't show hand")
            break
    out.append("*** SUMMARY ***")
    pots = hand.final_pots()
    total = sum(p.amount for p in pots)
    if len(pots) > 1:
        parts = [f"Main pot {pots[0].amount}."]
        for k, p in enumerate(pots[1:], start=1):
            label = "Side pot" if len(pots) == 2 else f"Side pot-{k}"
            parts.append(f"{label} {p.amount}.")
        out.append(f"Total pot {total} " + " ".join(parts) + " | Rake 0")
    else:
        out.append(f"Total pot {total} | Rake 0")
    if double:
        if any(boards):
            out.append("Hand was run twice")
            out.append(f"FIRST Board {_cards(boards[0])}")
            out.append(f"SECOND Board {_cards(boards[1])}")
    elif boards[0]:
        out.append(f"Board {_cards(boards[0])}")
    won: dict[int, int] = {}
    for (seat, _pot), amount in collected.items():
        won[seat] = won.get(seat, 0) + amount
    shown_by_seat = {r.seat: r for r in shown}
    for s in range(n):
        if not hand.dealt_in[s]:
            continue
        marks = ""
        if s == hand.button:
            marks += " (button)"
        if blinds is not None:
            if s == blinds[0]:
                marks += " (small blind)"
            elif s == blinds[1]:
                marks += " (big blind)"
        line = f"Seat {s + 1}: {names[s]}{marks} "
        if s in folded_on:
            line += "folded " + _FOLD_WHEN.get(folded_on[s], "before Flop")
            if put_in[s] == 0 and folded_on[s] in (Street.PREFLOP, Street.FLOP) and (
                    blinds is None or s not in blinds):
                line += " (didn't bet)"
        elif s in shown_by_seat:
            r = shown_by_seat[s]
            if s in won:
                line += f"showed {_cards(r.cards)} and won ({won[s]}) with {_stars_hand(hand, r)}"
            else:
                line += f"showed {_cards(r.cards)} and lost with {_stars_hand(hand, r)}"
        else:
            line += f"collected ({won.get(s, 0)})"
        out.append(line)
    return "\n".join(out) + "\n"


def hand_cards_dealt(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The hole cards ``seat`` was dealt (before any draw)."""
    cards: list[Card] = []
    for rec in hand.log:
        if isinstance(rec, Dealt) and rec.kind is DealKind.HOLE and rec.seat == seat:
            cards.extend(rec.cards)
    return tuple(cards)

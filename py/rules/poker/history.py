"""What a finished hand's operation log says, in words: payout messages and a PokerStars-format
hand history. Both are derived from :attr:`Hand.log` and nothing else.

Names come from the caller (``names[seat]``); a seat without a name is ``"Seat N"`` (1-based,
as PokerStars numbers seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..cards import Card
from .actions import Verb
from .config import Game
from .engine import Hand
from .records import Acted, Awarded, Dealt, Posted, Returned, RoundStarted, Shown


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def pot_name(index: int, count: int) -> str:
    """``'the pot'`` alone; else ``'the main pot'``, ``'the side pot'`` (one) or ``'side pot
    2'``... (several, numbered outwards)."""
    if count == 1:
        return "the pot"
    if index == 0:
        return "the main pot"
    return "the side pot" if count == 2 else f"side pot {index}"


def payout_messages(hand: Hand, names: Sequence[str] | None = None) -> list[str]:
    """One sentence per share of each pot, main pot first, in the rules file's style.

    "Bob wins 1,500 chips with a Straight Flush, Ace high" (one pot, one winner); "Bill wins
    the side pot (800) with Two Pair, Kings and Fives"; "Bill and Joe split the main pot
    (1,000) with a Straight, Queen high"; "Ann wins the low half (350) with 7-5-3-2-A";
    "Ann wins 120 chips uncontested".
    """
    out: list[str] = []
    seen: set[tuple[int, str]] = set()
    for rec in hand.log:
        if not isinstance(rec, Awarded) or (rec.pot, rec.share) in seen:
            continue
        seen.add((rec.pot, rec.share))
        who = [_name(names, s) for s in rec.winners]
        if rec.hand is None:
            out.append(f"{who[0]} wins {rec.amount:,} chips uncontested")
            continue
        pot = pot_name(rec.pot, rec.pots)
        of = "" if rec.pots == 1 else " of the " + pot.removeprefix("the ")
        if rec.share in ("high", "low"):
            what = f"the {rec.share} half{of}"
        elif rec.share:
            what = f"the half{of} on {rec.share}"
        else:
            what = pot
        hand_words = rec.hand
        if len(who) > 1:
            out.append(f"{_join(who)} split {what} ({rec.share_amount:,}) with {hand_words}")
        elif what == "the pot":
            out.append(f"{who[0]} wins {rec.share_amount:,} chips with {hand_words}")
        else:
            out.append(f"{who[0]} wins {what} ({rec.share_amount:,}) with {hand_words}")
    return out


# --- PokerStars format --------------------------------------------------------------------

_PS_GAME = {
    Game.HOLDEM: "Hold'em",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HILO: "Omaha Hi/Lo",
    Game.BOMB_DOUBLE: "Omaha",
}
_STREETS = {1: "FLOP", 2: "TURN", 3: "RIVER"}
_BOMB_STREETS = {0: "FLOP", 1: "TURN", 2: "RIVER"}


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def pokerstars_text(
    hand: Hand,
    names: Sequence[str] | None = None,
    *,
    hand_id: int = 1,
    table: str = "Ultimate Omaha",
    when: datetime | None = None,
    hero: int | None = None,
) -> str:
    """The hand in PokerStars' hand-history text (Hold'em and the Omaha games; amounts in
    chips), as seen by ``hero`` (whose hole cards are "Dealt to"; None: nobody's). Shown hands
    appear only at the showdown; a folded hand never appears, not even the hero's own after
    the hand... except in its own "Dealt to" line.
    """
    cfg = hand.config
    game = cfg.game
    if game is Game.DRAW:
        raise ValueError("the PokerStars export covers Hold'em and the Omaha games, not draw")
    when = when or datetime(2000, 1, 1)
    n = len(cfg.stacks)
    nm = [_name(names, s) for s in range(n)]
    lines = [
        f"PokerStars Hand #{hand_id}: {_PS_GAME[game]} {cfg.betting.title} "
        f"({cfg.small_blind}/{cfg.big_blind}) - {when:%Y/%m/%d %H:%M:%S} ET",
        f"Table '{table}' {n}-max Seat #{cfg.button + 1} is the button",
    ]
    for s in range(n):
        if cfg.dealt_in[s]:
            lines.append(f"Seat {s + 1}: {nm[s]} ({cfg.stacks[s]} in chips)")
    log = hand.log
    bets: dict[int, int] = {}
    level = 0
    blinds: dict[int, str] = {}
    for rec in log:
        if isinstance(rec, Posted):
            if rec.kind == "ante":
                lines.append(f"{nm[rec.seat]}: posts the ante {rec.amount}" + _allin(rec.all_in))
            else:
                blinds[rec.seat] = rec.kind
                bets[rec.seat] = rec.amount
                level = max(level, rec.amount)
                lines.append(f"{nm[rec.seat]}: posts {rec.kind} {rec.amount}" + _allin(rec.all_in))
    lines.append("*** HOLE CARDS ***")
    if hero is not None and cfg.dealt_in[hero]:
        lines.append(f"Dealt to {nm[hero]} [{_cards(_dealt_hole(hand, hero))}]")
    board: list[list[Card]] = [[] for _ in hand.boards]
    folded_on: dict[int, str] = {}
    current = "before Flop" if game is not Game.BOMB_DOUBLE else "on the Flop"
    pending_board = False
    for rec in log:
        if isinstance(rec, Dealt) and rec.to == "board" and rec.board is not None:
            board[rec.board].append(rec.card)
            pending_board = True
        elif isinstance(rec, RoundStarted):
            if rec.index > 0 or game is Game.BOMB_DOUBLE:
                table_street = (_BOMB_STREETS if game is Game.BOMB_DOUBLE else _STREETS)[rec.index]
                current = f"on the {table_street.capitalize()}"
                if pending_board:
                    lines.extend(_street_lines(table_street, board))
                    pending_board = False
            bets = {} if rec.index > 0 else bets
            level = 0 if rec.index > 0 else level
        elif isinstance(rec, Acted):
            who = nm[rec.seat]
            if rec.verb is Verb.FOLD:
                lines.append(f"{who}: folds")
                folded_on[rec.seat] = current
            elif rec.verb is Verb.CHECK:
                lines.append(f"{who}: checks")
            elif rec.verb is Verb.CALL:
                lines.append(f"{who}: calls {rec.added}" + _allin(rec.all_in))
            elif rec.verb is Verb.BET:
                lines.append(f"{who}: bets {rec.to}" + _allin(rec.all_in))
            else:
                lines.append(f"{who}: raises {rec.to - level} to {rec.to}" + _allin(rec.all_in))
            bets[rec.seat] = rec.to
            level = max(level, rec.to)
        elif isinstance(rec, Returned):
            lines.append(f"Uncalled bet ({rec.amount}) returned to {nm[rec.seat]}")
    shown = [r for r in log if isinstance(r, Shown)]
    awards = [r for r in log if isinstance(r, Awarded)]
    if shown:
        lines.append("*** SHOW DOWN ***")
        for r in shown:
            lines.append(f"{nm[r.seat]}: shows [{_cards(r.cards)}] ({_ps_hand(r.hands, game)})")
    won: dict[int, int] = {}
    for a in awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
        where = "pot" if a.pots == 1 else ("main pot" if a.pot == 0 else (
            "side pot" if a.pots == 2 else f"side pot-{a.pot}"))
        lines.append(f"{nm[a.seat]} collected {a.amount} from {where}")
    lines.append("*** SUMMARY ***")
    pots = hand.result().pots
    total = sum(p.amount for p in pots)
    if len(pots) > 1:
        parts = f"Main pot {pots[0].amount}." + "".join(
            f" Side pot-{i} {p.amount}." for i, p in enumerate(pots[1:], start=1)
        )
        lines.append(f"Total pot {total} {parts} | Rake 0")
    else:
        lines.append(f"Total pot {total} | Rake 0")
    if game is Game.BOMB_DOUBLE:
        for b, cards in enumerate(board):
            if cards:
                lines.append(f"{'FIRST' if b == 0 else 'SECOND'} Board [{_cards(cards)}]")
    elif board[0]:
        lines.append(f"Board [{_cards(board[0])}]")
    shown_by = {r.seat: r for r in shown}
    for s in range(n):
        if not cfg.dealt_in[s]:
            continue
        role = ""
        if s == cfg.button:
            role = " (button)"
        elif s in blinds:
            role = f" ({blinds[s]})"
        head = f"Seat {s + 1}: {nm[s]}{role}"
        if s in folded_on:
            lines.append(f"{head} folded {folded_on[s]}")
        elif s in shown_by:
            words = _ps_hand(shown_by[s].hands, game)
            if won.get(s):
                lines.append(f"{head} showed [{_cards(shown_by[s].cards)}] and won "
                             f"({won[s]}) with {words}")
            else:
                lines.append(f"{head} showed [{_cards(shown_by[s].cards)}] and lost with {words}")
        elif won.get(s):
            lines.append(f"{head} collected ({won[s]})")
    return "\n".join(lines) + "\n"


def _allin(flag: bool) -> str:
    return " and is all-in" if flag else ""


def _dealt_hole(hand: Hand, seat: int) -> list[Card]:
    return [r.card for r in hand.log if isinstance(r, Dealt) and r.to == "hole" and r.seat == seat]


def _street_lines(street: str, board: list[list[Card]]) -> list[str]:
    out = []
    for b, cards in enumerate(board):
        prefix = "" if len(board) == 1 else ("FIRST " if b == 0 else "SECOND ")
        if street == "FLOP":
            out.append(f"*** {prefix}FLOP *** [{_cards(cards[:3])}]")
        else:
            out.append(f"*** {prefix}{street} *** [{_cards(cards[:-1])}] [{_cards(cards[-1:])}]")
    return out


def _ps_hand(words: tuple[str, ...], game: Game) -> str:
    if game is Game.OMAHA_HILO:
        low = words[1]
        return f"HI: {words[0]}" + ("" if low == "no low" else f"; LO: {low.replace('-', ',')}")
    if game is Game.BOMB_DOUBLE:
        return f"{words[0]}; {words[1]}"
    return words[0]


__all__ = ["payout_messages", "pokerstars_text", "pot_name"]

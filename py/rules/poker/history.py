"""What a finished hand's operation log says, in words: the payout messages, derived from
:attr:`Hand.log` and nothing else. (The PokerStars text is written from the hand's public
record instead, by :mod:`games.pokerstars`, so that a guest's page, which holds no engine,
writes it too.)

Names come from the caller (``names[seat]``); a seat without a name is ``"Seat N"`` (1-based).
"""

from __future__ import annotations

from collections.abc import Sequence

from .bountywords import bounty_sentences, join_words, seat_name
from .engine import Hand
from .records import Awarded, Bounty


def pot_name(index: int, count: int) -> str:
    """``'the pot'`` alone; else ``'the main pot'``, ``'the side pot'`` (one) or ``'side pot
    2'``... (several, numbered outwards)."""
    if count == 1:
        return "the pot"
    if index == 0:
        return "the main pot"
    return "the side pot" if count == 2 else f"side pot {index}"


def payout_messages(hand: Hand, names: Sequence[str] | None = None) -> list[str]:
    """One sentence per share of each pot, main pot first, in the style of
    ``static/rules/table-games.md#payout-messages``.

    "Bob wins 1,500 chips with a Straight Flush, Ace high" (one pot, one winner); "Bill wins
    the side pot (800) with Two Pair, Kings and Fives"; "Bill and Joe split the main pot
    (1,000) with a Straight, Queen high"; "Ann wins the low half (350) with 7-5-3-2-A";
    "Ann wins 120 chips uncontested". The board run twice: "Cy wins the first run's half
    (1,003) with Three of a Kind, Kings", "Ann wins the low half of the second run (250)
    with 7-5-3-2-A".
    """
    out: list[str] = []
    seen: set[tuple[int, str]] = set()
    for rec in hand.log:
        if not isinstance(rec, Awarded) or (rec.pot, rec.share) in seen:
            continue
        seen.add((rec.pot, rec.share))
        who = [seat_name(names, s) for s in rec.winners]
        if rec.hand is None:
            out.append(f"{who[0]} wins {rec.amount:,} chips uncontested")
            continue
        pot = pot_name(rec.pot, rec.pots)
        of = "" if rec.pots == 1 else " of the " + pot.removeprefix("the ")
        run, _, part = rec.share.partition(" ") if rec.share.startswith("run ") else (
            "", "", "")
        if run:  # run it twice: "run 1", "run 2 low", "run 1 board 2"
            ordinal = "first" if part.startswith("1") else "second"
            rest = part[1:].strip()
            what = (f"the {ordinal} run's half{of}" if not rest else
                    f"the {rest} half of the {ordinal} run{of}" if rest in ("high", "low") else
                    f"the {ordinal} run's half{of} on {rest}")
        elif rec.share in ("high", "low"):
            what = f"the {rec.share} half{of}"
        elif rec.share:
            what = f"the half{of} on {rec.share}"
        else:
            what = pot
        hand_words = rec.hand
        if len(who) > 1:
            out.append(f"{join_words(who)} split {what} ({rec.share_amount:,}) with {hand_words}")
        elif what == "the pot":
            out.append(f"{who[0]} wins {rec.share_amount:,} chips with {hand_words}")
        else:
            out.append(f"{who[0]} wins {what} ({rec.share_amount:,}) with {hand_words}")
    return out + bounty_messages(hand, names)


def bounty_messages(hand: Hand, names: Sequence[str] | None = None) -> list[str]:
    """The 7-2 bounty won, one sentence per winner
    (``static/rules/table-games.md#7-2-bounty``): "Ann wins the 7-2 bounty: 100 chips (50
    from each of Bo and Cy)", or each payer's part when some paid less."""
    return bounty_sentences([(r.seat, r.payer, r.amount) for r in hand.log
                             if isinstance(r, Bounty)], names)


__all__ = ["bounty_messages", "payout_messages", "pot_name"]

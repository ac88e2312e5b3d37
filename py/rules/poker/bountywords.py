"""The 7-2 bounty in words (``static/rules/table-games.md#7-2-bounty``): "Ann wins the 7-2
bounty: 100 chips (50 from each of Bo and Cy)".

Its own light module, plain data in, so that both the engine's payout messages
(:func:`rules.poker.history.bounty_messages`) and a PHH file read back on a page that holds no
engine (:func:`games.phh.read`) say it with the one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence


def bounty_sentences(paid: Sequence[tuple[int, int, int]],
                     names: Sequence[str] | None = None) -> list[str]:
    """One sentence per winner of the bounty payments ``paid`` (``(seat, payer, amount)``, in
    the order paid): each payer's part, "from each of" when all paid alike.

    >>> bounty_sentences([(0, 1, 50), (0, 2, 30)], ["Ann", "Bo", "Cy"])
    ['Ann wins the 7-2 bounty: 80 chips (50 from Bo and 30 from Cy)']
    """
    by_winner: dict[int, list[tuple[int, int]]] = {}
    for seat, payer, amount in paid:
        by_winner.setdefault(seat, []).append((payer, amount))
    out = []
    for seat, parts in by_winner.items():
        total = sum(a for _, a in parts)
        payers = [seat_name(names, p) for p, _ in parts]
        if len({a for _, a in parts}) == 1:
            each = (f"{parts[0][1]:,} from each of {join_words(payers)}" if len(parts) > 1
                    else f"from {payers[0]}")
        else:
            each = join_words([f"{a:,} from {who}" for (_, a), who in zip(parts, payers,
                                                                    strict=True)])
        out.append(f"{seat_name(names, seat)} wins the 7-2 bounty: {total:,} chips ({each})")
    return out


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """A seat's player by name, for the payout and bounty sentences (one rule for both).

    >>> seat_name(["Ann", ""], 0), seat_name(["Ann", ""], 1), seat_name(None, 2)
    ('Ann', 'Seat 2', 'Seat 3')
    """
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def join_words(words: list[str]) -> str:
    """Names or amounts joined as a sentence says them.

    >>> join_words(["Ann"]), join_words(["Ann", "Bo", "Cy"])
    ('Ann', 'Ann, Bo and Cy')
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


__all__ = ["bounty_sentences", "join_words", "seat_name"]

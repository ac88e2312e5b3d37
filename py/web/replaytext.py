"""The hand replayer's words and keys: pure functions of a :class:`games.replay.Replay` frame.

The dialog (:mod:`web.replayer`) draws what these return: each seat's money, cards and last
word, the pots line, the step counter, the keys' meanings and where each command moves. Kept
apart from the DOM so the words a screen reader meets are unit-tested under CPython.

>>> command("ArrowRight", False), command("ArrowRight", True), command("End", False)
('next', 'next street', 'end')
>>> command("x", False) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.replay import HIDDEN, Frame, Replay, SeatStep

COMMANDS = ("start", "street back", "back", "next", "next street", "end")
"""The replayer's moves, in the order of its buttons."""

def command(key: str, shift: bool) -> str | None:
    """The move a key asks for (None: not the replayer's key)."""
    if key == "ArrowRight":
        return "next street" if shift else "next"
    if key == "ArrowLeft":
        return "street back" if shift else "back"
    return {"PageDown": "next street", "PageUp": "street back", "Home": "start",
            "End": "end"}.get(key)


def target(replay: Replay, at: int, move: str) -> int:
    """The frame ``move`` goes to from frame ``at`` (staying put at either end).

    >>> from games.replay import Frame
    >>> f = [Frame(k, "", (), (), (0,), "") for k in ("deal", "post", "street", "act")]
    >>> r = Replay("holdem", "", 1, tuple(f), False)
    >>> [target(r, 1, m) for m in COMMANDS]
    [0, 0, 0, 2, 2, 3]
    """
    last = len(replay.frames) - 1
    if move == "start":
        return 0
    if move == "end":
        return last
    if move == "next":
        return min(at + 1, last)
    if move == "back":
        return max(at - 1, 0)
    if move == "next street":
        return replay.next_street(at)
    if move == "street back":
        return replay.previous_street(at)
    raise ValueError(f"unknown move {move!r}")


def counter(replay: Replay, at: int) -> str:
    """The step counter: ``'Step 3 of 21 · Flop'``."""
    street = replay.frames[at].street
    where = f" · {street.capitalize()}" if street else ""
    return f"Step {at + 1} of {len(replay.frames)}{where}"


def pots_line(replay: Replay, frame: Frame) -> str:
    """The chips in the middle in words: ``'Pot 120'``, or each pot from the showdown on.

    >>> r = Replay("holdem", "", 1, (), False)
    >>> pots_line(r, Frame("pay", "", (), (), (300, 40), ""))
    'Main pot 300 · side pot 40'
    >>> pots_line(r, Frame("act", "", (), (), (0,), ""))
    'Pot 0'
    """
    pots = frame.pots
    if not pots:
        return "All pots paid"
    if len(pots) == 1:
        return f"Pot {replay.amount(pots[0])}"
    return " · ".join(("Main pot " if i == 0 else "side pot ") + replay.amount(p)
                      for i, p in enumerate(pots))


@dataclass(frozen=True)
class SeatWords:
    """What one seat shows, in words: ``money`` beside the name (a stack, or a stake), ``bet``
    in front, ``line`` (last action, folded, all in, the hand shown, the result)."""

    money: str
    money_spoken: str
    bet: str
    line: str
    dim: bool


def seat_words(replay: Replay, seat: SeatStep) -> SeatWords:
    """A seat's words at one step.

    >>> r = Replay("holdem", "", 1, (), False)
    >>> s = SeatStep(1, "p1", "Ann", 980, 20, ("??", "??"), said="raises to 20")
    >>> w = seat_words(r, s)
    >>> (w.money, w.money_spoken, w.bet, w.line)
    ('980', 'stack 980', '20', 'raises to 20')
    >>> seat_words(r, SeatStep(2, "p2", "Bo", 0, 0, (), dealt_in=False)).line
    'not dealt in'
    """
    if seat.stack is None:  # Ultimate Omaha: the stake is what a seat shows
        money = replay.amount(seat.bet)
        spoken = f"stake {money}"
        bet = ""
    else:
        money = replay.amount(seat.stack)
        spoken = f"stack {money}"
        bet = replay.amount(seat.bet) if seat.bet else ""
    parts = []
    if not seat.dealt_in:
        parts.append("not dealt in")
    elif seat.folded:
        parts.append("folded")
    elif seat.all_in:
        parts.append("all in")
    if seat.said and seat.said not in parts and not (seat.folded and seat.said == "folds"):
        parts.append(seat.said)
    if seat.drew:
        parts.append("drew " + ", ".join(str(n) for n in seat.drew))
    if seat.net is not None:
        sign = "+" if seat.net > 0 else "-" if seat.net < 0 else ""
        parts.append(f"net {sign}{replay.amount(abs(seat.net))}")
    return SeatWords(money, spoken, bet, " · ".join(parts),
                     dim=seat.folded or not seat.dealt_in)


def shown_lines(frame: Frame) -> list[str]:
    """The hands shown so far, one line a player (beside the table, not in the seat: a
    double board's or Ultimate Omaha's words would not fit on the oval).

    >>> shown_lines(Frame("showdown", "", (), (SeatStep(0, "a", "Ann", 0, 0, ("As", "Ad"),
    ...     hands=("a Pair of Aces",)),), (10,), ""))
    ['Ann: a Pair of Aces']
    """
    return [f"{s.name}: {'; '.join(s.hands)}" for s in frame.seats if s.hands]


def board_slots(board: Sequence[str], size: int = 5) -> list[str]:
    """A board's cards, face-down slots for those not dealt yet.

    >>> board_slots(["Ah", "Kd", "2c"])
    ['Ah', 'Kd', '2c', '??', '??']
    """
    return list(board) + [HIDDEN] * max(0, size - len(board))


def hand_label(record_no: int, game: str) -> str:
    """A hand in the file's list: ``'Hand 3 — Texas Hold'em'``."""
    from games import catalogue

    return f"Hand {record_no} — {catalogue.name(game)}"


def said(line: str, before: str) -> str:
    """The live region's text: the frame's line, marked apart from the last one when the same
    (a screen reader skips a live region whose text did not change, and a step back and forth
    must be read each time).

    >>> said("Ann checks.", "Ann checks.") != "Ann checks."
    True
    """
    return line + "\u00a0" if line == before else line

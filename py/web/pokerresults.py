"""What the poker table's results screen shows and says, as pure functions of the game view:
the shown hands in showdown order with the five cards that won each board or half, which
cards to highlight on each board and in each hand, the chips each winner takes, and the
lines for the log and the live region.

Everything comes from the view's ``results`` (the hand's public history entry): the hands
the rules showed, the pots and the payout messages the rules layer wrote, and for each shown
hand ``wins``, the five cards the evaluator picked where that hand won (see
``games.poker.hands.shown``). Nothing here evaluates a hand.

A board run twice (``static/rules/table-games.md#run-it-twice``) shows each hand on both
runouts, each part named for its run ("Run 1", "Run 2 high", …), in the panel and in the
words said; the second run's winning cards are marked on its own row (:attr:`Results.run2`).

>>> game = {"game": "omaha-hilo", "phase": "results", "results": {
...     "shown": [{"seat": 0, "name": "Ann", "cards": ["Ah", "2c", "Kd", "Ks"],
...                "hands": ["a Pair of Kings", "8-6-4-2-A"],
...                "wins": [None, ["Ah", "2c", "4d", "6s", "8h"]]}],
...     "boards": [["4d", "6s", "8h", "Kc", "9c"]],
...     "pots": [{"amount": 80, "winners": [{"seat": 0, "amount": 40}]}],
...     "payouts": ["Ann wins the low half (40) with 8-6-4-2-A"]}}
>>> r = results(game)
>>> r.hands[0].parts[1]
Part(token='low', label='Low', words='8-6-4-2-A', five=('Ah', '2c', '4d', '6s', '8h'), run=0)
>>> r.boards[0]["4d"], r.hands[0].marks["Ah"]
('low', 'low')
>>> announce_lines(game)[0].split(": ")[1]
'high, a Pair of Kings; low, 8-6-4-2-A.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import catalogue
from games.catalogue import Division

from web import choicetext, gametext
from web.viewdata import array, mapping, number, part, records, sequence

TOKEN_WORDS = {"win": "in the winning hand", "high": "in the winning high hand",
               "low": "in the winning low hand", "board-1": "in the winning hand on board 1",
               "board-2": "in the winning hand on board 2"}
"""What a winning card's name adds for a screen reader, per highlight token."""

RUN_TOKEN = {1: "run1-", 2: "run2-"}
"""The prefix of a highlight token on a board run twice: which run the card won."""
RUN_WORDS = {1: "first run", 2: "second run"}


def token_words(token: str) -> str:
    """What a winning card's name adds for a screen reader (a run's token names its run).

    >>> token_words("low"), token_words("run2-board-1")
    ('in the winning low hand', 'in the winning hand on board 1, second run')
    """
    for run, prefix in RUN_TOKEN.items():
        if token.startswith(prefix):
            return f"{token_words(token[len(prefix):])}, {RUN_WORDS[run]}"
    return TOKEN_WORDS.get(token, token)


@dataclass(frozen=True)
class Part:
    """One board or half of a shown hand: its highlight token (``win``, ``high``, ``low``,
    ``board-1``, ``board-2``), its label ('' when the hand has one part), the hand's words,
    and the five cards it won with (empty when it won nothing there)."""

    token: str
    label: str
    words: str
    five: tuple[str, ...]
    run: int = 0
    """The runout (1 or 2) on a board run twice; 0 when it ran once."""


@dataclass(frozen=True)
class ShownHand:
    seat: Any
    name: str
    cards: tuple[str, ...]
    parts: tuple[Part, ...]
    marks: Mapping[str, str]
    """Card -> the space-separated tokens of the parts it helped win (only winning cards)."""


@dataclass(frozen=True)
class Results:
    """A finished hand as the results screen draws it."""

    hands: tuple[ShownHand, ...]
    boards: tuple[Mapping[str, str], ...]
    """Per board, card -> the tokens of the winning fives it belongs to."""
    payouts: tuple[str, ...]
    won: Mapping[int, int]
    """Table seat -> the chips it takes from the pots (the chips that fly to it)."""
    run2: tuple[Mapping[str, str], ...] = ()
    """A board run twice: per board of the second runout (its own row), card -> tokens."""


def part_names(game_id: Any, count: int) -> list[tuple[str, str]]:
    """(token, label) of each part of a shown hand: one per board, or high then low.

    >>> part_names("bomb-double", 2), part_names("holdem", 1)
    ([('board-1', 'Board 1'), ('board-2', 'Board 2')], [('win', '')])
    """
    entry = catalogue.entry(game_id)
    if entry is not None and entry.division is Division.HILO8 and count == 2:
        return [("high", "High"), ("low", "Low")]
    if count == 2:
        return [("board-1", "Board 1"), ("board-2", "Board 2")]
    return [("win", "")] * count


def _hand_game(game: Mapping[str, object]) -> Any:
    """The game of the hand whose results these are (its record says it: a bomb pot called
    at an Omaha Hi/Lo table is split by board, not high and low), else the table's."""
    return part(game, "results").get("game") or game.get("game")


_LOW_WITH_TEN = re.compile(r"\b[2-9TJQKA](?:-[2-9TJQKA]){2,}\b")


def written(words: str) -> str:
    """The rules' words as the screen writes them: a low's ten as "10", as the card faces
    write it ("A-T-6-5-3" -> "A-10-6-5-3"; ``pokertext.speakable`` says either as "ten").

    >>> written("Ann wins with T-8-6-4-2"), written("a Flush, Ten high")
    ('Ann wins with 10-8-6-4-2', 'a Flush, Ten high')
    """
    if "T" not in words:
        return words
    return _LOW_WITH_TEN.sub(lambda m: m.group(0).replace("T", "10"), words)


def shows_five(hand: ShownHand, part: Part) -> bool:
    """Whether the results screen lists the five cards ``part`` won with: not when they are
    the shown hand itself (a draw game's five cards), which the line already shows."""
    return bool(part.five) and sorted(part.five) != sorted(hand.cards)


def _add(marks: dict[str, str], card: str, token: str) -> None:
    tokens = marks.get(card, "").split()
    if token not in tokens:
        marks[card] = " ".join([*tokens, token])


def results(game: Mapping[str, object]) -> Results | None:
    """The results screen of ``game`` (None unless the hand is over with its results)."""
    record = part(game, "results")
    if game.get("phase") != "results" or not record:
        return None
    boards_cards = [[str(c) for c in b] for b in array(record, "boards") if isinstance(b, list)]
    boards: list[dict[str, str]] = [{} for _ in boards_cards]
    seconds = [[str(c) for c in b] for b in array(record, "second_boards")
               if isinstance(b, list)]
    run2: list[dict[str, str]] = [{} for _ in seconds]
    hands = []
    for entry in array(record, "shown"):
        s = mapping(entry)
        cards = tuple(str(c) for c in array(s, "cards"))
        marks: dict[str, str] = {}
        parts: list[Part] = []
        second = mapping(s.get("second"))
        runs = [(0, s, boards_cards, boards)] if not second else [
            (1, s, boards_cards, boards), (2, second, seconds, run2)]
        for run, said, dealt, board_marks in runs:
            words = [str(w) for w in array(said, "hands")]
            wins = array(said, "wins")
            for i, (token, label) in enumerate(part_names(_hand_game(game), len(words))):
                five = tuple(str(c) for c in sequence(wins[i] if i < len(wins) else None))
                if run:
                    label = f"Run {run} {label.lower()}" if label else f"Run {run}"
                    token = RUN_TOKEN[run] + token
                parts.append(Part(token, label, written(words[i]), five, run))
                board_no = i if token.endswith(("board-1", "board-2")) else 0
                for card in five:
                    if card in cards:
                        _add(marks, card, token)
                    elif board_no < len(dealt) and card in dealt[board_no]:
                        _add(board_marks[board_no], card, token)
        hands.append(ShownHand(s.get("seat"), str(s.get("name", "?")), cards, tuple(parts),
                               marks))
    won: dict[int, int] = {}
    for pot in records(record, "pots"):
        for w in records(pot, "winners"):
            if type(seat := w.get("seat")) is int:
                won[seat] = won.get(seat, 0) + number(w, "amount")
    payouts = tuple(written(p) for p in array(record, "payouts") if isinstance(p, str))
    return Results(tuple(hands), tuple(boards), payouts, won, tuple(run2))


def shown_words(hand: ShownHand) -> str:
    """A shown hand's value, each board or half named when there are two, each run when
    the board ran twice.

    >>> shown_words(ShownHand(1, "Bo", (), (Part("board-1", "Board 1", "a Flush, Ace high", ()),
    ...     Part("board-2", "Board 2", "a Pair of Twos", ())), {}))
    'board 1, a Flush, Ace high; board 2, a Pair of Twos'
    >>> shown_words(ShownHand(1, "Bo", (), (Part("run1-win", "Run 1", "a Pair of Twos", (), 1),
    ...     Part("run2-win", "Run 2", "Two Pair, Kings and Twos", (), 2)), {}))
    'run 1, a Pair of Twos; run 2, Two Pair, Kings and Twos'
    """
    return "; ".join(f"{p.label.lower()}, {p.words}" if p.label else p.words
                     for p in hand.parts)


def five_label(hand: ShownHand, part: Part) -> str:
    """The accessible name of the five cards ``part`` won with: whose, and on which board,
    half or run.

    >>> bo = ShownHand(1, "Bo", (), (), {})
    >>> five_label(bo, Part("win", "", "", ())), five_label(bo, Part("low", "Low", "", ()))
    ("Bo's winning five", "Bo's winning five for low")
    >>> five_label(bo, Part("board-2", "Board 2", "", ()))
    "Bo's winning five on board 2"
    >>> five_label(bo, Part("run2-board-1", "Run 2 board 1", "", (), 2))
    "Bo's winning five on run 2 board 1"
    """
    label = part.label.lower()
    if not label:
        return f"{hand.name}'s winning five"
    on = "on" if part.run or part.token.startswith("board") else "for"
    return f"{hand.name}'s winning five {on} {label}"


def announce_lines(game: Mapping[str, object]) -> list[str]:
    """What the live region says when a hand's results arrive: each shown hand in showdown
    order (cards and value, boards and halves spelled out), then each payout message."""
    r = results(game)
    if r is None:
        return []
    lines = [f"{h.name} shows {gametext.spoken_cards(list(h.cards))}"
             + (f": {words}." if (words := shown_words(h)) else ".")  # a bounty's claim: none
             for h in r.hands]
    return lines + [f"{p}." for p in r.payouts] + choicetext.result_lines(game)


def log_lines(game: Mapping[str, object]) -> list[str]:
    """The results' lines at the end of the hand's log: the payout messages.

    >>> log_lines({"phase": "results", "results": {"payouts": ["Bo wins 30 chips uncontested"]}})
    ['Bo wins 30 chips uncontested']
    """
    r = results(game)
    return list(r.payouts) + choicetext.result_lines(game) if r is not None else []

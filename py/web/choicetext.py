"""The table's choices outside a turn, in words: the buttons the page offers (run it twice,
the rabbit, showing, mucking) and the lines its results add (the second runout, the
rabbit, cards shown by choice, mucked hands) — pure functions of the game view.

What may be chosen comes from the view's ``choices`` (``games.poker.views``: the session
says what this viewer may do now); this module keeps no rule of its own, it only words
them. Every card is said in words for a screen reader.

>>> game = {"phase": "betting", "choices": {"twice": {"asking": [1, 4], "you": True,
...          "deadline_ms": 8000}, "rabbit": False, "show": 0, "muck": False}}
>>> [(b.action, b.label) for b in buttons(game)]
[('run_twice', 'Run it twice'), ('run_once', 'Run it once'), ('muck_on', 'Muck losing hands')]
>>> question(game)
'Run it twice? Every player in the hand must agree; 8 seconds to answer, then once.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from web import gametext
from web.viewdata import array, mapping, part


@dataclass(frozen=True)
class Choice:
    """One button: the table request it sends (with ``amount`` if any) and its words."""

    action: str
    label: str
    amount: int | None = None


def buttons(game: Mapping[str, object]) -> list[Choice]:
    """The choices the viewer has now, in the order the page shows them."""
    choices = part(game, "choices")
    if not choices:
        return []
    out: list[Choice] = []
    twice = mapping(choices.get("twice"))
    if twice.get("you") is True:
        out += [Choice("run_twice", "Run it twice"), Choice("run_once", "Run it once")]
    if choices.get("rabbit") is True:
        out.append(Choice("rabbit", "Show the rabbit"))
    show = choices.get("show")
    if type(show) is int and show > 0:
        you = part(game, "you")
        hole = [str(c) for c in array(you, "hole")]
        out += [Choice("show_card", f"Show the {gametext.spoken_cards([c])}", k)
                for k, c in enumerate(hole[:show])]
        out.append(Choice("show_hand", "Show your hand"))
    # a toggle: pressed while on (then its request turns it off)
    out.append(Choice("muck_off" if choices.get("muck") is True else "muck_on",
                      "Muck losing hands"))
    return out


def question(game: Mapping[str, object]) -> str:
    """The run-it-twice question as the page says it ('' when none is asked of anyone)."""
    twice = mapping(part(game, "choices").get("twice"))
    if not twice:
        return ""
    left = twice.get("deadline_ms")
    seconds = max(0, left // 1000) if type(left) is int else None
    clock = f"; {seconds} seconds to answer, then once" if seconds is not None else ""
    if twice.get("you") is True:
        return f"Run it twice? Every player in the hand must agree{clock}."
    return f"The players in the hand are deciding whether to run it twice{clock}."


def news(before: Mapping[str, object] | None, game: Mapping[str, object]) -> list[str]:
    """What the live region says of the choices: the run-it-twice question when it comes
    (once a hand), and what the results gain after they were announced (the rabbit, cards a
    winner chose to show), each line once, in words.

    >>> asked = {"hand_no": 3, "choices": {"twice": {"you": False, "deadline_ms": 9000}}}
    >>> news({"hand_no": 3, "choices": {"twice": None}}, asked)
    ... # doctest: +NORMALIZE_WHITESPACE
    ['The players in the hand are deciding whether to run it twice; 9 seconds to answer,
      then once.']
    >>> news(asked, asked)
    []
    >>> over = {"hand_no": 3, "phase": "results", "results": {"payouts": []}}
    >>> news(over, {**over, "results": {"rabbit": [["Js", "4h"]]}})
    ['The rabbit: jack of spades, four of hearts.']
    """
    now = mapping(part(game, "choices").get("twice"))
    was = mapping(part(before, "choices").get("twice")) if before is not None else {}
    same_hand = before is not None and before.get("hand_no") == game.get("hand_no")
    out: list[str] = []
    if now and not (was and same_hand and was.get("you") == now.get("you")):
        out.append(question(game))
    if same_hand and before is not None and before.get("phase") == "results":
        # the results were said when they came (pokerresults.announce_lines): only the new
        said = set(result_lines(before))
        out += [line for line in result_lines(game) if line not in said]
    return out


def extra_boards(game: Mapping[str, object]) -> list[tuple[str, list[str]]]:
    """The rows the results add under the boards: each board of the second runout
    ("Run 2"), as ``(label, cards)``; empty before the results. (The rabbit takes no row
    of its own: :func:`rabbit_boards`.)

    >>> extra_boards({"phase": "results", "results": {"boards": [["As", "Kd", "2c"]],
    ...               "second_boards": [["As", "Kd", "2c", "Qs", "Jd"]]}})
    [('Run 2', ['As', 'Kd', '2c', 'Qs', 'Jd'])]
    """
    record = part(game, "results")
    if game.get("phase") != "results" or not record:
        return []
    seconds = [b for b in array(record, "second_boards") if isinstance(b, list)]
    return [(f"Run 2, board {k + 1}" if len(seconds) > 1 else "Run 2", [str(c) for c in board])
            for k, board in enumerate(seconds)]


def rabbit_boards(game: Mapping[str, object]) -> list[list[str]]:
    """Per board, the rabbit's cards (empty when nobody asked for it): the page lays them in
    the board's own empty places, marked, as a card room does, so the rabbit needs no room of
    its own on the felt.

    >>> rabbit_boards({"phase": "results", "results": {"rabbit": [["Qs", "Jd"]]}})
    [['Qs', 'Jd']]
    """
    record = part(game, "results")
    if game.get("phase") != "results" or not record:
        return []
    return [[str(c) for c in b] for b in array(record, "rabbit") if isinstance(b, list)]


def result_lines(game: Mapping[str, object]) -> list[str]:
    """What the results add to the log and the live region: the second runout, the mucked
    hands (never their cards), cards shown by choice, the rabbit.

    >>> result_lines({"phase": "results", "seats": [{"seat": 2, "name": "Cy"}],
    ...               "results": {"second_boards": [["Ks", "9c", "4s", "6c", "2s"]],
    ...                           "mucked": [2], "rabbit": [["Qs", "Jd"]]}})
    ... # doctest: +NORMALIZE_WHITESPACE
    ['Second run: king of spades, nine of clubs, four of spades, six of clubs, two of spades.',
     'Cy mucks.', 'The rabbit: queen of spades, jack of diamonds.']
    """
    record = part(game, "results")
    if game.get("phase") != "results" or not record:
        return []
    names: dict[int, str] = {}
    for s in array(game, "seats"):
        seat = mapping(s).get("seat")
        if type(seat) is int:  # from the host: anything
            names[seat] = str(mapping(s).get("name", "?"))
    out: list[str] = []
    seconds = [b for b in array(record, "second_boards") if isinstance(b, list)]
    for k, board in enumerate(seconds):
        which = f" on board {k + 1}" if len(seconds) > 1 else ""
        out.append(f"Second run{which}: {gametext.spoken_cards(board)}.")
    out += [f"{names.get(seat, 'A player') if type(seat) is int else 'A player'} mucks."
            for seat in array(record, "mucked")]
    for entry in array(record, "showed"):
        e = mapping(entry)
        cards = [str(c) for c in array(e, "cards")]
        out.append(f"{e.get('name', 'The winner')} shows {gametext.spoken_cards(cards)}.")
    rabbits = [b for b in array(record, "rabbit") if isinstance(b, list)]
    for k, board in enumerate(rabbits):
        which = f" on board {k + 1}" if len(rabbits) > 1 else ""
        out.append(f"The rabbit{which}: {gametext.spoken_cards(board)}.")
    return out

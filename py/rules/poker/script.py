"""A scripted hand (``playhand``'s JSON) read into values, and played through the engine.

The script names each seat's hole cards, the boards and a draw game's stub instead of a deck;
:func:`stacked_deck` turns them into the deck the engine deals (burns are filled with cards
the script does not use), so a script hand is dealt exactly as a room's hand is.

>>> s = parse_script({"game": "holdem", "stacks": [1000, 1000, 400], "button": 0,
...     "blinds": [5, 10], "hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"]],
...     "boards": [["2c", "7h", "Kc", "3d", "9s"]],
...     "actions": ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"]})
>>> result_json(play(s).result())["net"]
[430, -30, -400]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardError, check_distinct
from ..dealorder import DealOrder
from ..errors import RulesError
from ..variants import Variant
from .actions import Action, Verb
from .config import Betting, Game, HandConfig
from .engine import Hand, HandResult
from .errors import ActionError, DeckError, SettingsError
from .records import Dealt, Drew

KEYS = {"game", "betting", "stacks", "button", "blinds", "ante", "cap", "hole", "boards",
        "stub", "actions"}
REQUIRED = {"game", "stacks", "button", "blinds", "hole", "actions"}
MAX_ACTIONS = 10_000


class StepError(RulesError):
    """An action of a script that the engine refused, with its 1-based number (None: the
    script as a whole, e.g. it stops before the hand is over)."""

    def __init__(self, message: str, number: int | None = None) -> None:
        super().__init__(message)
        self.number = number


@dataclass(frozen=True)
class Script:
    """A hand as ``playhand`` reads it."""

    config: HandConfig
    hole: tuple[tuple[Card, ...], ...]
    boards: tuple[tuple[Card, ...], ...]
    stub: tuple[Card, ...]
    actions: tuple[str, ...]


def _cards(value: object, what: str, variant: Variant) -> tuple[Card, ...]:
    """A list of card strings of ``variant``'s deck (a short deck refuses a two to five)."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise SettingsError(f"{what} must be a list of cards like [\"As\", \"Kd\"], got {value!r}")
    try:
        cards = tuple(Card.parse(c) for c in value)
    except CardError as e:
        raise SettingsError(f"{what}: {e}") from None
    deck = variant.deck
    for c in cards:
        if c not in deck:
            raise SettingsError(
                f"{what}: {variant.title} is played with the {len(deck)} cards from "
                f"{min(deck).rank_char} to A; there is no {c}"
            )
    return cards


def parse_script(obj: object) -> Script:
    """Reads and checks a script (a parsed JSON object); raises :class:`SettingsError` naming
    the problem (keys, settings, card counts, unknown or duplicate cards)."""
    if not isinstance(obj, Mapping):
        raise SettingsError(f"a hand must be a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - KEYS, key=str)
    if unknown:
        raise SettingsError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(KEYS))})")
    missing = sorted(REQUIRED - set(obj))
    if missing:
        raise SettingsError(f"missing key {missing[0]!r}")
    game = Game.parse(obj["game"])
    betting = game.default_betting if obj.get("betting") is None else Betting.parse(
        obj["betting"]
    )
    stacks = obj["stacks"]
    if not isinstance(stacks, list):
        raise SettingsError(f"stacks must be a list of chips, got {stacks!r}")
    for i, s in enumerate(stacks):
        if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
            raise SettingsError(f"stack of seat {i} must be a whole number above 0, got {s!r}")
    blinds = obj["blinds"]
    if not isinstance(blinds, list) or len(blinds) != 2:
        raise SettingsError(f"blinds must be [small, big], got {blinds!r}")
    config = HandConfig(
        game, betting, tuple(stacks), obj["button"], (blinds[0], blinds[1]),
        obj.get("ante", 0), obj.get("cap"),
    )
    v = config.variant
    hole_in = obj["hole"]
    if not isinstance(hole_in, list) or len(hole_in) != len(stacks):
        raise SettingsError(f"hole must list one hand per seat ({len(stacks)}), got {hole_in!r}")
    hole = []
    for i, cards in enumerate(hole_in):
        h = _cards(cards, f"hole cards of seat {i}", v)
        want = game.hole_count if config.dealt_in[i] else 0
        if len(h) != want:
            why = "" if want else " (it is not dealt in: its stack is below the bomb ante)"
            raise SettingsError(f"seat {i} needs {want} hole cards, got {len(h)}{why}")
        hole.append(h)
    boards_in = obj.get("boards", [])
    size = v.layout.board_cards
    if not isinstance(boards_in, list) or len(boards_in) != v.boards:
        raise SettingsError(
            f"{v.title} needs {v.boards} board(s) of {size} cards, got {boards_in!r}"
        )
    boards = []
    for b, cards in enumerate(boards_in):
        board = _cards(cards, f"board {b + 1}", v)
        if len(board) != size:
            raise SettingsError(f"board {b + 1} needs {size} cards, got {len(board)}")
        boards.append(board)
    stub = _cards(obj.get("stub", []), "stub", v)
    if stub and not v.layout.stub:
        raise SettingsError(
            f"only the draw games have a stub; {v.title} got {len(stub)} stub cards"
        )
    fresh = len(v.deck) - sum(len(h) for h in hole)
    try:
        check_distinct([c for h in hole for c in h] + [c for b in boards for c in b]
                       + list(stub[:fresh]), "the hand")
    except CardError as e:
        raise SettingsError(str(e)) from None
    actions = obj["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SettingsError("actions must be a list of strings like \"s0 call\"")
    if len(actions) > MAX_ACTIONS:
        raise SettingsError(f"at most {MAX_ACTIONS} actions, got {len(actions)}")
    return Script(config, tuple(hole), tuple(boards), stub, tuple(actions))


def stacked_deck(
    config: HandConfig,
    hole: Sequence[Sequence[Card]],
    boards: Sequence[Sequence[Card]],
    stub: Sequence[Card] = (),
) -> list[Card]:
    """The deck (the game's cards) that deals these hole cards, boards and stub in the public
    dealing order the engine deals by (:mod:`rules.dealorder`). Unused cards fill the burns and
    the rest.
    """
    order = config.seats_in_order
    v = config.variant
    cards = v.deck
    plan = DealOrder(v.layout, len(order), len(cards))
    used = {c for h in hole for c in h} | {c for b in boards for c in b} | set(stub)
    spare: Iterator[Card] = (c for c in cards if c not in used)
    deck: list[Card | None] = [None] * len(cards)
    for i, s in enumerate(order):
        for k in range(v.hole):
            deck[plan.hole(i, k)] = hole[s][k]
    if v.layout.stub:
        for j, card in enumerate(stub):
            at = plan.stub(j)
            if at is None:
                break
            deck[at] = card
    else:
        for b, board in enumerate(boards):
            for k, card in enumerate(board):
                deck[plan.board(b, k)] = card
    return [c if c is not None else next(spare) for c in deck]


def play(script: Script) -> Hand:
    """Plays a script; raises :class:`StepError` naming the action (1-based) that fails, or
    the script (no number) when it stops before the hand is over or the stub is wrong."""
    stub = script.stub
    step = [0]

    def handed() -> int:
        """The stub cards the draw has dealt so far, the drawing seat's first ones included."""
        return sum(1 for r in hand.log if isinstance(r, Dealt) and r.to == "draw")

    def reshuffle(discards: tuple[Card, ...]) -> list[Card]:
        # The script's stub goes on with the cards the reshuffle hands out next. The stub can
        # run short in the middle of one seat's draw, so count what was dealt up to this card.
        want = list(stub[handed():])
        out: list[Card] = []
        rest = list(discards)
        for c in want:
            if not rest:
                break  # every discard placed: the stub goes on after the next reshuffle
            if c not in rest:
                raise StepError(
                    f"the stub ran short and {c} is not among the reshuffled discards left "
                    f"({' '.join(map(str, rest))}; a seat never draws its own discards of "
                    "this draw)",
                    step[0],
                )
            rest.remove(c)
            out.append(c)
        return out + rest

    hand = Hand(
        script.config,
        stacked_deck(script.config, script.hole, script.boards, stub),
        reshuffle=reshuffle,
    )
    for number, line in enumerate(script.actions, start=1):
        step[0] = number
        before = handed()
        try:
            record = hand.do(Action.parse(line))
        except (ActionError, DeckError) as e:
            raise StepError(str(e), number) from None
        if isinstance(record, Drew):
            got = record.received
            if len(stub) < before + len(got):
                raise StepError(
                    f"the stub holds {len(stub)} cards but the draw needs more", number
                )
            if tuple(stub[before:before + len(got)]) != got:
                raise StepError(
                    f"the draw dealt {' '.join(map(str, got))} where the stub has "
                    f"{' '.join(map(str, stub[before:before + len(got)]))}", number
                )
    if not hand.is_over:
        seat = hand.to_act
        doing = "draw" if hand.phase.value == "drawing" else f"act ({hand.round_name})"
        raise StepError(f"the actions stop before the hand is over: seat {seat} is to {doing}")
    unused = len(stub) - handed()
    if unused > 0:
        raise StepError(f"the stub has {unused} card(s) the draw never handed out")
    return hand


def result_json(result: HandResult) -> dict[str, Any]:
    """``playhand``'s output object."""
    return {
        "net": list(result.net),
        "stacks": list(result.stacks),
        "pots": [
            {
                "amount": p.amount,
                "eligible": list(p.eligible),
                "winners": [{"seat": s, "amount": a} for s, a in p.winners],
            }
            for p in result.pots
        ],
    }


__all__ = ["Script", "StepError", "Verb", "parse_script", "play", "result_json",
           "stacked_deck"]

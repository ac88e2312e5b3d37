"""What a table-game bot reads of its own view, and the moves it may build from it.

A bot sees what its seat's player sees and nothing else: the room view its client holds, the
game part a :class:`games.viewtypes.TableView`. :func:`read` turns that into a :class:`Spot`
(my cards, the boards, the pot, what a call costs, the legal bounds *as the view states
them*, my position, who is still in), and the builders below turn a decision into a
:class:`room.bots.Move` that stays inside those bounds: an amount is always clamped to the
view's ``legal.raise`` range, never re-derived from a betting rule. The view may come from a
host's page that is not ours, so every part is checked before use; a view that does not read
gives ``None``, and the brain then checks or folds (:func:`safe_move`). Buying chips is not
a brain's work: the bot driver's chores ask for them (``games.bots.registry.chores_for``).

>>> view = {"game": {"game": "holdem", "hand_game": "holdem", "betting": "no-limit",
...     "blinds": [5, 10], "button": 0, "round": "flop", "boards": [["2c", "7h", "Kc"]],
...     "pots": [{"amount": 40, "eligible": [0, 1]}],
...     "you": {"seat": 1, "hole": ["As", "Kd"], "in_hand": True},
...     "seats": [{"seat": 0, "bet": 20, "stack": 960, "state": "in"},
...               {"seat": 1, "bet": 0, "stack": 980, "state": "in"}],
...     "legal": {"actions": ["fold", "call", "raise", "allin"], "call": 20,
...               "call_all_in": False, "raise": {"verb": "raise", "min_to": 40,
...               "max_to": 980}, "presets": [["half", 60], ["pot", 100]],
...               "all_in_to": 980, "can_check": False}}}
>>> s = read(view)
>>> s.pot, s.to_call, s.opponents, s.in_position, str(s.hole[0]), len(s.boards[0])
(60, 20, 1, False, 'As', 3)
>>> raise_to(s, 75), raise_to(s, 5000), pot_fraction_to(s, 1, 2)
(Move(action='raise', amount=75, cards=(), table=False), Move(action='raise', amount=980, \
cards=(), table=False), 60)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from room.bots import Move
from rules.cards import Card, CardError
from rules.variants import VARIANTS, Betting, Variant

T = TypeVar("T")

FOLD, CHECK, CALL, BET, RAISE, ALLIN = "fold", "check", "call", "bet", "raise", "allin"
"""The table games' turn verbs, as the view's ``legal.actions`` lists them."""


@dataclass(frozen=True)
class Spot:
    """One decision of a table game as the bot's own view shows it (see :func:`read`).

    ``pot`` is everything in the middle and in front of the players (the pots and this
    round's bets); ``to_call`` what a call adds; ``min_to``/``max_to`` the bounds of a bet or
    raise *to* amount (None: no bet or raise is offered); ``presets`` the view's pot-sized
    shortcuts by key. ``opponents`` are the others still in the hand (all-in ones too),
    ``live`` those of them who can still bet, ``shown`` the hands of theirs the view shows;
    ``in_position``: I act last after the flop
    among those still in. ``street`` is the number of cards on the (first) board."""

    game: str
    variant: Variant
    betting: Betting
    round: str
    hole: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], ...]
    street: int
    big_blind: int
    pot: int
    to_call: int
    call_all_in: bool
    can_check: bool
    actions: frozenset[str]
    raise_verb: str | None
    min_to: int | None
    max_to: int | None
    presets: Mapping[str, int]
    all_in_to: int | None
    my_bet: int
    my_stack: int
    opponents: int
    live: int
    shown: tuple[tuple[Card, ...], ...]
    """The hands of opponents still in that the view shows face up (all in, on their backs);
    ``opponents`` counts them too."""
    in_position: bool
    dealt: int
    """Players dealt into the hand (folded ones too)."""

    @property
    def preflop(self) -> bool:
        return self.street == 0

    @property
    def can_raise(self) -> bool:
        return self.raise_verb is not None and self.min_to is not None

    @property
    def pot_odds(self) -> float:
        """The share of the pot after my call that the call is (0: nothing to call)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call > 0 else 0.0

    @property
    def effective_stack(self) -> int:
        """My chips, this round's bet included (what I can still have in front of me)."""
        return self.my_stack + self.my_bet


def _int(x: object, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


HIDDEN = "??"
"""A card the view keeps face down (a board's cards not dealt yet, others' hands)."""


def _cards(texts: object, most: int) -> tuple[Card, ...] | None:
    """The face-up cards of a list of card texts (None: not a list of cards)."""
    if not isinstance(texts, list) or len(texts) > most:
        return None
    try:
        return tuple(Card.parse(t) for t in texts if isinstance(t, str) and t != HIDDEN)
    except CardError:
        return None


def game_part(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The table game's part of a room view (or the part itself, if given that)."""
    part = view.get("game")
    if isinstance(part, Mapping):
        return part
    return view if isinstance(part, str) else None


def read(view: Mapping[str, Any]) -> Spot | None:
    """The decision in ``view``, or None when it is not this seat's turn to bet or the view
    does not read as a table game's (a hostile host may send anything)."""
    g = game_part(view)
    if g is None:
        return None
    legal, you = g.get("legal"), g.get("you")
    if not isinstance(legal, Mapping) or not isinstance(you, Mapping):
        return None
    game = g.get("hand_game") or g.get("game")
    variant = VARIANTS.get(game) if isinstance(game, str) else None
    if variant is None or variant.draws is not None:
        return None
    try:
        betting = Betting.parse(g.get("betting"))
    except ValueError:
        return None
    hole = _cards(you.get("hole"), 8)
    raw_boards = g.get("boards")
    if hole is None or not hole or not isinstance(raw_boards, list) or len(raw_boards) > 2:
        return None
    boards = []
    for b in raw_boards:
        cards = _cards(b, 5)
        if cards is None:
            return None
        boards.append(cards)
    me = you.get("seat")
    seats = [s for s in g.get("seats") or () if isinstance(s, Mapping)]
    mine = next((s for s in seats if s.get("seat") == me), None)
    if mine is None:
        return None
    live_states = ("in", "all_in")
    others = [s for s in seats if s is not mine and s.get("state") in live_states]
    button = _int(g.get("button"), -1)

    def order(s: Mapping[str, Any]) -> int:  # after the flop: left of the button first
        return (_int(s.get("seat")) - button - 1) % 64

    pots = g.get("pots") or []
    pot = sum(_int(p.get("amount")) for p in pots if isinstance(p, Mapping))
    pot += sum(_int(s.get("bet")) for s in seats)
    rb = legal.get("raise")
    verb = min_to = max_to = None
    if isinstance(rb, Mapping) and rb.get("verb") in (BET, RAISE):
        verb = rb["verb"]
        min_to, max_to = _int(rb.get("min_to"), -1), _int(rb.get("max_to"), -1)
        if min_to < 0 or max_to < min_to:
            verb = min_to = max_to = None
    presets = {p[0]: p[1] for p in legal.get("presets") or ()
               if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
               and _int(p[1], -1) >= 0}
    actions = frozenset(a for a in legal.get("actions") or () if isinstance(a, str))
    blinds = g.get("blinds")
    big = _int(blinds[1], 1) if isinstance(blinds, list) and len(blinds) == 2 else 1
    all_in_to = legal.get("all_in_to")
    return Spot(
        game=variant.id,
        variant=variant,
        betting=betting,
        round=str(g.get("round") or ""),
        hole=hole,
        boards=tuple(boards),
        street=len(boards[0]) if boards else 0,
        big_blind=max(1, big),
        pot=pot,
        to_call=max(0, _int(legal.get("call"))),
        call_all_in=legal.get("call_all_in") is True,
        can_check=legal.get("can_check") is True,
        actions=actions,
        raise_verb=verb,
        min_to=min_to,
        max_to=max_to,
        presets=presets,
        all_in_to=_int(all_in_to) if _int(all_in_to, -1) >= 0 else None,
        my_bet=_int(mine.get("bet")),
        my_stack=_int(mine.get("stack")),
        opponents=len(others),
        live=sum(1 for s in others if s.get("state") == "in"),
        shown=tuple(h for h in (_cards(s.get("cards"), 8) for s in others)
                    if h is not None and len(h) == len(hole)),
        in_position=all(order(s) < order(mine) for s in others),
        dealt=sum(1 for s in seats if s.get("state") in (*live_states, "folded")),
    )


# --- moves -------------------------------------------------------------------------------


def check_or_fold(s: Spot) -> Move:
    return Move(CHECK) if s.can_check else Move(FOLD)


def check_or_call(s: Spot) -> Move:
    return Move(CHECK) if s.can_check else Move(CALL)


def safe_move(view: Mapping[str, Any]) -> Move:
    """What a bot does on a view it cannot read: check when the view says it may, else
    fold (both always legal on a turn; the host refuses either off turn, changing nothing)."""
    g = game_part(view)
    legal = g.get("legal") if g is not None else None
    can_check = isinstance(legal, Mapping) and legal.get("can_check") is True
    return Move(CHECK if can_check else FOLD)


def raise_to(s: Spot, to: int) -> Move:
    """A bet or raise to ``to`` chips, clamped into the view's bounds; a call (or check)
    when no raise is offered. At the largest amount allowed an all-in is the same move."""
    if not s.can_raise or s.raise_verb is None or s.min_to is None or s.max_to is None:
        return check_or_call(s)
    return Move(s.raise_verb, max(s.min_to, min(s.max_to, int(to))))


def pot_fraction_to(s: Spot, num: int, den: int) -> int:
    """The *to* amount of a bet or raise of ``num/den`` of the pot after my call (the way
    the view's presets count it), before clamping."""
    level = s.my_bet + s.to_call
    return level + (s.pot + s.to_call) * num // den


def size_bet(s: Spot, fraction: float) -> Move:
    """A bet or raise of about ``fraction`` of the pot, the structure permitting: at
    fixed-limit the one size there is; at pot-limit at most the pot; with what would be left
    behind under a third of the pot, everything (no point keeping a sliver)."""
    if not s.can_raise or s.min_to is None or s.max_to is None:
        return check_or_call(s)
    if s.min_to == s.max_to:
        return raise_to(s, s.min_to)
    to = pot_fraction_to(s, max(1, round(fraction * 100)), 100)
    if s.effective_stack - to < (s.pot + to) // 3:
        to = s.max_to
    return raise_to(s, to)


def fraction_of(rng: random.Random, sizes: Sequence[float]) -> float:
    """One of ``sizes`` at random (mixing bet sizes so a size says less about a hand)."""
    return sizes[rng.randrange(len(sizes))]


def mix(rng: random.Random, p: float) -> bool:
    """True with probability ``p`` (the seeded rng: the same seed mixes the same way)."""
    return rng.random() < p


def sliced(steps: Iterator[T | None], out: list[T]) -> Iterator[None]:
    """Runs a sliced computation for ``yield from``: passes on its ``None`` pauses and puts
    what it yields otherwise (its result, last) in ``out``."""
    for step in steps:
        if step is None:
            yield None
        else:
            out.append(step)

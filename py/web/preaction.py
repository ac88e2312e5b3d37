"""Pre-actions: what a player may choose before their turn, and what it becomes when the
turn comes. Pure functions of the game view; the table sends the result through the same
path as a click, so the host's engine still judges it.

Offered while the viewer is in the hand, can still act (not all in) and it is someone else's
turn in a betting round (not a draw):

- **Check/Fold**: check if checking is free, else fold. For this betting round.
- **Call N** (**Check** when nothing is owed): the amount owed now; dropped as soon as that
  amount changes (someone bet or raised). For this betting round.
- **Call any**: call whatever is owed then (check if nothing is). For this betting round.
- **Fold to any bet**: check whenever checking is free, fold at the first bet. For the rest of
  the hand (as the big rooms' box of the same name), cleared at the next hand.

Each fires once per turn and never sends what the view's ``legal`` (in
:class:`web.pokertext.Controls`) would refuse: when the choice no longer fits (a raise came
after "Call 20"), nothing is sent and the player decides.

>>> game = {"hand_no": 3, "round": "flop", "phase": "betting", "legal": None,
...         "turn": {"seat": 1}, "you": {"seat": 0, "in_hand": True},
...         "seats": [{"seat": 0, "bet": 0, "stack": 500, "state": "in"},
...                   {"seat": 1, "bet": 0, "stack": 500, "state": "in"}]}
>>> o = offer(game); (o.to_call, [label for _, label in o.choices])
(0, ['Check/Fold', 'Check', 'Call any', 'Fold to any bet'])
>>> from web.pokertext import Controls
>>> fire(Armed("call", 0, 3, "flop"), Controls(fold=True, check=True))
'check'
>>> fire(Armed("call", 0, 3, "flop"), Controls(fold=True, call=40)) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from web.pokertext import Controls, chips
from web.viewdata import array, mapping, number, part

KINDS = ("check_fold", "call", "call_any", "fold_any")
"""The pre-actions, in the order the table shows them (their buttons: ``pk-pre-<kind>``)."""


SPOKEN = {"check_fold": "Check or fold"}
"""A pre-action's accessible name where its label is written with a symbol."""


def spoken(kind: str, label: str) -> str:
    """The name a screen reader says for a pre-action's button (its label, in words).

    >>> spoken("check_fold", "Check/Fold"), spoken("call", "Call 20")
    ('Check or fold', 'Call 20')
    """
    return SPOKEN.get(kind, label)


@dataclass(frozen=True)
class Offer:
    """The pre-actions open to the viewer now: the chips they would owe if their turn came
    now (a bet to match, capped by their stack), and (kind, label) of each choice."""

    to_call: int
    choices: tuple[tuple[str, str], ...]
    hand_no: Any
    round: Any


@dataclass(frozen=True)
class Armed:
    """A chosen pre-action, with the amount a "Call N" was for and where it was chosen (a
    betting round of a hand: it lapses with them)."""

    kind: str
    amount: int
    hand_no: Any
    round: Any


def offer(game: Mapping[str, object]) -> Offer | None:
    """What the viewer may choose before their turn (None: nothing, e.g. it is their turn,
    they folded or are all in, the round is a draw, or no hand is running)."""
    me = part(game, "you")
    if game.get("phase") != "betting" or game.get("legal") is not None or not me.get("in_hand"):
        return None
    turn = part(game, "turn")
    if not turn or turn.get("seat") == me.get("seat"):
        return None  # nobody to wait for, or the viewer's turn seen before its controls
    seats = [mapping(s) for s in array(game, "seats")]
    mine = next((s for s in seats if s.get("seat") == me.get("seat")), None)
    if mine is None or mine.get("state") != "in" or number(mine, "stack") == 0:
        return None
    level = max((number(s, "bet") for s in seats), default=0)
    owed = min(max(0, level - number(mine, "bet")), number(mine, "stack"))
    call = "Check" if owed == 0 else f"Call {chips(owed)}"
    labels = {"check_fold": "Check/Fold", "call": call, "call_any": "Call any",
              "fold_any": "Fold to any bet"}
    return Offer(owed, tuple((k, labels[k]) for k in KINDS), game.get("hand_no"),
                 game.get("round"))


def choose(armed: Armed | None, kind: str, o: Offer) -> Armed | None:
    """The viewer pressed ``kind``'s button: arm it, or disarm it if it was the one armed
    (one pre-action at a time, like radio buttons that can also be cleared).

    >>> o = Offer(20, (), 1, "flop")
    >>> choose(None, "call", o)
    Armed(kind='call', amount=20, hand_no=1, round='flop')
    >>> choose(choose(None, "call", o), "call", o) is None
    True
    """
    if armed is not None and armed.kind == kind:
        return None
    return Armed(kind, o.to_call, o.hand_no, o.round)


def keep(armed: Armed | None, game: Mapping[str, object]) -> Armed | None:
    """``armed`` if it still stands in ``game``, else None: every pre-action lapses with its
    hand; all but Fold to any bet with their betting round; Call N when the amount owed
    changes. While it is the viewer's own turn it stands (:func:`fire` decides then).

    >>> a = Armed("call", 20, 1, "flop")
    >>> g = {"hand_no": 1, "round": "flop", "phase": "betting", "legal": None,
    ...      "turn": {"seat": 2}, "you": {"seat": 0, "in_hand": True},
    ...      "seats": [{"seat": 0, "bet": 0, "stack": 90, "state": "in"},
    ...                {"seat": 1, "bet": 20, "stack": 90, "state": "in"}]}
    >>> keep(a, g) == a
    True
    >>> g["seats"][1]["bet"] = 60  # a raise: "Call 20" no longer says what it would cost
    >>> keep(a, g) is None
    True
    >>> keep(Armed("fold_any", 0, 1, "preflop"), g)
    Armed(kind='fold_any', amount=0, hand_no=1, round='preflop')
    """
    if armed is None or game.get("hand_no") != armed.hand_no:
        return None
    if game.get("phase") != "betting":
        return None
    if armed.kind != "fold_any" and game.get("round") != armed.round:
        return None
    if game.get("legal") is not None:
        return armed  # the turn has come: fire() decides
    o = offer(game)
    if o is None:
        return None
    if armed.kind == "call" and o.to_call != armed.amount:
        return None
    return armed


def fire(armed: Armed | None, c: Controls) -> str | None:
    """The request an armed pre-action makes now that the turn has come (the controls are
    the view's ``legal``), or None when it no longer fits; only ever an action ``c``
    allows.

    >>> fire(Armed("check_fold", 0, 1, "flop"), Controls(fold=True, call=10))
    'fold'
    >>> fire(Armed("call_any", 0, 1, "flop"), Controls(fold=True, call=95))
    'call'
    >>> fire(Armed("call", 10, 1, "flop"), Controls(fold=True, call=10))
    'call'
    >>> fire(Armed("fold_any", 0, 1, "flop"), Controls(fold=True, check=True))
    'check'
    >>> fire(Armed("call_any", 0, 1, "draw"), Controls(draw_max=3)) is None
    True
    """
    if armed is None or c.draw_max is not None:
        return None
    if armed.kind in ("check_fold", "fold_any"):
        return "check" if c.check else "fold" if c.fold else None
    if armed.kind == "call_any":
        return "check" if c.check else "call" if c.call is not None else None
    if armed.kind == "call":
        if armed.amount == 0:
            return "check" if c.check else None
        return "call" if c.call == armed.amount else None
    return None


def after_fire(armed: Armed) -> Armed | None:
    """What stays armed once it fired: Fold to any bet keeps going for the hand; the others
    fire once.

    >>> after_fire(Armed("call_any", 0, 1, "flop")) is None
    True
    """
    return armed if armed.kind == "fold_any" else None

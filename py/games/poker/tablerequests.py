"""The table games' requests that are not turns, declared as data: which exist, what each
carries, and which only the host may make.

The room knows no game, so its ``table`` message is only a bounded shape — a short request
name, an optional ``amount`` in chips, an optional target ``player`` (``room.messages.Table``).
What the names mean is the game's, and this table is the one place that says it: the session
answers the room's "is this the host's?" from it (``PokerGame.table_host_only``: the room then
refuses a guest with ``auth/not_host``) and checks every request against it (:func:`check`)
before anything is done, so a request the table does not have (``game/illegal``), or one
lacking an amount or player it needs or carrying one it must not (``msg/bad_field``, the code
of the wire's own field errors) changes nothing. Ranges (how many chips a buy-in, a bomb ante
or a stack may be) are the rules' of each request, checked where they are applied
(``cashbook``, ``hostctl``), not twice.

>>> check(TableRequest("bomb_pot", 40)).host
'call a bomb pot'
>>> check(TableRequest("sit_out", 5))
Traceback (most recent call last):
...
room.errors.RoomError: table.amount: expected no amount with sit_out, got 5
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from room.errors import Code, RoomError
from room.game import TableRequest


class Carry(Enum):
    """Whether a kind of request carries a field: never, if the sender likes, or always."""

    NEVER = "no"
    MAY = "optional"
    MUST = "required"


@dataclass(frozen=True)
class TableRequestKind:
    """One kind of table request. ``amount`` and ``player``: whether it carries chips and a
    target player. ``host``: if only the host may make it, what it does in the words of a
    guest's refusal ("only the host can ..."); None if any seated player may."""

    amount: Carry = Carry.NEVER
    player: Carry = Carry.NEVER
    host: str | None = None


TABLE_REQUESTS: MappingProxyType[str, TableRequestKind] = MappingProxyType({
    # Any seated player's: a cash buy-in or rebuy (chips), sitting out and back in, and
    # posting a big blind at once instead of waiting for it.
    "buy_in": TableRequestKind(amount=Carry.MUST),
    "sit_out": TableRequestKind(),
    "sit_in": TableRequestKind(),
    "post": TableRequestKind(),
    # The home-game extras (``extras``): a seat's standing straddle, and the button's
    # pick of the next hand's game at a dealer's-choice table (the game's number as amount).
    "straddle_on": TableRequestKind(),
    "straddle_off": TableRequestKind(),
    "pick_game": TableRequestKind(amount=Carry.MUST),
    # The host's controls (``hostctl``): the bomb ante is optional (none: the game's
    # default); a stack edit names the player and the new stack (0 allowed).
    "pause": TableRequestKind(host="pause the table"),
    "resume": TableRequestKind(host="resume the table"),
    "bomb_pot": TableRequestKind(amount=Carry.MAY, host="call a bomb pot"),
    "bomb_pot_off": TableRequestKind(host="call off a bomb pot"),
    "set_stack": TableRequestKind(amount=Carry.MUST, player=Carry.MUST,
                                  host="set a player's stack"),
    # Choices outside a turn (``choices``): answering run it twice, the rabbit, showing a
    # card (amount: its place in the hand, from 0) or the hand, mucking losing hands.
    "run_twice": TableRequestKind(),
    "run_once": TableRequestKind(),
    "rabbit": TableRequestKind(),
    "show_card": TableRequestKind(amount=Carry.MUST),
    "show_hand": TableRequestKind(),
    "muck_on": TableRequestKind(),
    "muck_off": TableRequestKind(),
})
"""Every table request of the table games, by the name it travels under."""


def host_words(action: str) -> str | None:
    """The words of a guest's refusal if only the host may make ``action``; None if anyone
    seated may, or if there is no such request (:func:`check` refuses it then).

    >>> host_words("set_stack"), host_words("sit_out"), host_words("nap")
    ("set a player's stack", None, None)
    """
    kind = TABLE_REQUESTS.get(action)
    return None if kind is None else kind.host


def check(request: TableRequest) -> TableRequestKind:
    """The kind of ``request``, or a ``RoomError``: ``game/illegal`` for a request the table
    games do not have, ``msg/bad_field`` for an amount or player missing or out of place."""
    kind = TABLE_REQUESTS.get(request.action)
    if kind is None:
        raise RoomError(f"table.action: no table request {request.action!r} at this table "
                        f"(one of {', '.join(TABLE_REQUESTS)})", Code.GAME_ILLEGAL)
    _carries(request.action, "amount", request.amount, kind.amount)
    _carries(request.action, "player", request.player, kind.player)
    return kind


def _carries(action: str, name: str, value: object, carry: Carry) -> None:
    if value is None and carry is Carry.MUST:
        raise RoomError(f"table.{name}: expected {'an' if name == 'amount' else 'a'} {name} "
                        f"with {action}, got None", Code.MSG_BAD_FIELD)
    if value is not None and carry is Carry.NEVER:
        raise RoomError(f"table.{name}: expected no {name} with {action}, got {value!r}",
                        Code.MSG_BAD_FIELD)

"""The shapes of the views the games send: what an honest host puts on the wire.

TypedDicts, not dataclasses, because a view *is* JSON: the host builds it as a dict, the room
sends it as it is, and a guest's page reads the dict that ``json.loads`` gave back. The
builders (``games.table.ledger.ledger_view``, ``games.poker.views.build``) return these types,
so mypy checks every key they write against the one description here.

A guest cannot trust them: the view it reads came from a host that may be hostile, so the
page's readers (``web.viewdata``) still take each part as ``Any`` and check its type before
use. These types say what those readers may expect from an honest host — and name the keys
they look up.

Light on purpose (typing only): the page imports it without the engine. No ``from __future__
import annotations``: ``NotRequired`` must be seen at run time (the tests read the keys).
"""

from typing import Any, NotRequired, TypedDict


class LedgerRow(TypedDict):
    """One player's line of the session ledger."""

    id: str
    name: str
    balance_cents: int
    present: bool
    hands: int
    # The table games' books, carried over a succession (a cash game's chips):
    bought: NotRequired[int]
    cashed: NotRequired[int]
    stack: NotRequired[int]
    edited: NotRequired[int]


SettleUp = TypedDict("SettleUp", {
    "from": str, "to": str, "from_id": str, "to_id": str, "cents": int, "text": str})
"""One payment that settles the ledger (``from`` is a keyword, hence the functional form)."""


class LedgerView(TypedDict):
    """The session ledger every game's view carries (``games.table.ledger.ledger_view``)."""

    rows: list[LedgerRow]
    bank_cents: int
    bank_hands: int
    total_cents: int
    settle_up: list[SettleUp]
    omitted: int
    """Rows and payments left out to keep the view under the wire cap."""
    chip_cents: NotRequired[int]
    """The table games' chip value in cents."""


class TableSeat(TypedDict):
    """A seat at a table game, as one viewer may see it (others' cards hidden)."""

    seat: int
    id: str
    name: str
    stack: int
    hand_start: int
    bet: int
    last_action: str | None
    connected: bool
    present: bool
    sitting_out: bool
    waiting: bool
    cards: list[str]
    state: str


BuyInOffer = TypedDict("BuyInOffer", {"from": int, "to": int, "suggested": int | None})
"""The chips the viewer may buy now (``from``..``to``) and the amount suggested."""


class TableYou(TypedDict):
    """What only the viewer sees of their own place at a table game."""

    seated: bool
    seat: int | None
    in_hand: bool
    hole: list[str]
    discards: list[str]
    queued: bool
    buy_in: BuyInOffer | None
    value: list[str | None]
    """The viewer's hand in words: a high per board, then the low in Hi/Lo."""


class RaiseBounds(TypedDict):
    verb: str
    min_to: int | None
    max_to: int | None


TableLegal = TypedDict("TableLegal", {
    "actions": list[str],
    "call": int,
    "call_all_in": bool,
    "raise": RaiseBounds | None,
    "presets": list[list[Any]],  # [key, to] per pot-sized shortcut
    "raise_blocked": str | None,  # why no raise is offered, if one is not
    "all_in_to": int | None,
    "all_in_whole": bool,
    "draw_max": int | None,
    "draw_keeps": list[str] | None,
    "can_check": bool,
})
"""The engine's bounds of what the viewer may do, only on their turn (``raise`` is a Python
keyword, hence the functional form)."""


class TablePot(TypedDict):
    amount: int
    eligible: list[int]


class TableTurn(TypedDict):
    """Whose turn it is and their clock: ms left on the timer, then in the time bank."""

    seat: int
    id: str
    deadline_ms: int | None
    timer_ms: int | None
    bank_ms: int | None
    away: bool


class Blinds(TypedDict):
    small: int
    big: int
    ante: int


class Finisher(TypedDict):
    id: str
    name: str
    place: int


class TableTournament(TypedDict):
    id: str | None
    level: int
    small: int
    big: int
    ante: int
    next: Blinds | None
    by: str
    length: int
    left_ms: int | None
    left_hands: int | None
    paused: bool
    played_ms: int
    hands: int
    up_next_hand: bool
    starting_stack: int
    entrants: list[str]
    places: dict[str, int]
    finishing_order: list[Finisher]
    winner: str | None
"""A tournament's clock and standings (``next``'s blinds: a Python keyword, hence the form)."""


class BuyInBounds(TypedDict):
    min: int
    max: int
    default: int


class TableView(TypedDict):
    """A table game's view for one viewer (``games.poker.views.build``)."""

    game: str
    seq: int
    hand_no: int
    mode: str
    posts_blinds: bool
    phase: str
    round: str | None
    button: int | None
    seats: list[TableSeat]
    you: TableYou
    boards: list[list[str]]
    draws: list[list[int]]
    """``[seat, cards drawn]`` per draw of the hand."""
    pots: list[TablePot]
    turn: TableTurn | None
    legal: TableLegal | None
    log: list[dict[str, Any]]
    log_omitted: int
    results: dict[str, Any] | None
    """The finished hand's record as the viewer keeps it (``games.poker.hands``)."""
    auto_deal_ms: int | None
    deadline_ms: int | None
    fair: dict[str, Any] | None
    betting: str
    blinds: list[int]
    ante: int
    cap: int | None
    hand_game: str | None
    paused: bool
    bomb_next: int | None
    ledger: LedgerView
    tournament: TableTournament | None
    buy_in: NotRequired[BuyInBounds]


class UltimateYou(TypedDict):
    """What only the viewer sees of their own place in an Ultimate Omaha hand."""

    in_hand: bool
    hole: list[str]
    stake_cents: int
    acted: bool
    can_act: bool
    choice: str | None
    """What the viewer did this phase (None: not yet)."""
    auto: bool
    """Whether that was the automatic Check (the player's to know, nobody else's)."""
    deadline_ms: int | None
    """When this viewer's decision becomes an automatic Check."""


class UltimateSeat(TypedDict):
    id: str
    name: str
    in_hand: bool
    acted: bool
    stake_cents: int
    connected: bool
    present: bool
    auto: bool
    balance_cents: int


class UltimateResults(TypedDict):
    hand_no: int
    base_cents: int
    board1: list[str]
    board2: list[str]
    players: list[dict[str, Any]]
    """Each player's result (``rules.ultimate``'s, with name, words, actions, auto checks)."""
    bank_net_cents: int | None
    """The bank's net when one player played against it alone."""


class UltimateView(TypedDict):
    """An Ultimate Omaha view for one viewer (``games.ultimate.UltimateGame.view_for``)."""

    game: str
    hand_no: int
    phase: str
    seq: int
    base_cents: int
    board1: list[str]
    board2: list[str]
    you: UltimateYou
    seats: list[UltimateSeat]
    deadline_ms: int | None
    results: UltimateResults | None
    ledger: LedgerView
    auto_deal_ms: int | None
    queued: list[str]
    """Names of the players waiting for the next hand."""
    fair: dict[str, Any] | None

"""The shapes of the views the games send: what an honest host puts on the wire.

TypedDicts, not dataclasses, because a view *is* JSON: the host builds it as a dict, the room
sends it as it is, and a guest's page reads the dict that ``json.loads`` gave back. The
builders (``games.table.ledger.ledger_view``, ``games.poker.views.build``, the hand's record
in ``games.poker.hands``, the fair part in ``games.table.fair``, ``games.ultimate``'s results
and snapshot) return these types, so mypy checks every key they write against the one
description here, down to each log entry.

A guest cannot trust them: the view it reads came from a host that may be hostile, so the
page reads each part through ``web.viewdata``'s accessors, which check its type and give an
empty value of the expected type otherwise. These types say what an honest host sends — and
name the keys the page may look up (``tests/test_web_viewkeys.py`` holds it to them).

Light on purpose (typing only): the page imports it without the engine. No ``from __future__
import annotations``: ``NotRequired`` must be seen at run time (the tests read the keys).
"""

from typing import Literal, NotRequired, TypedDict

from rules.ledger import LedgerState
from rules.ultimate import BoardDict, HandResultDict, PlayerResultDict


class LedgerRow(TypedDict):
    """One player's line of the session ledger."""

    id: str
    name: str
    balance_cents: int
    present: bool
    hands: int
    was: NotRequired[list[str]]
    """The names this row's player went by before, newest first (a renamed player keeps
    their row: it is theirs by key, not by name)."""
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
    straddling: NotRequired[bool]
    """A standing straddle (present, True, only when on and the table plays the straddle)."""
    mucks: NotRequired[bool]
    """Mucks a losing hand at the showdown (present, True, only when on)."""


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
    "presets": list[list[str | int]],  # [key, to] per pot-sized shortcut
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


class LogPost(TypedDict):
    """A forced bet posted (``kind``: small, big, ante, straddle...)."""

    type: Literal["post"]
    seat: int
    kind: str
    amount: int
    all_in: bool


class LogRound(TypedDict):
    """A betting or drawing round begins (``name``: the engine's round name)."""

    type: Literal["round"]
    name: str


class LogAct(TypedDict):
    """A player acted: ``to`` their bet in the round afterwards, ``added`` the chips put in."""

    type: Literal["act"]
    seat: int
    action: str
    to: int
    added: int
    all_in: bool
    auto: bool
    """Done for them (the clock ran out, or they left)."""


class LogDraw(TypedDict):
    """A player drew: how many cards, never which."""

    type: Literal["draw"]
    seat: int
    count: int
    auto: bool


class LogReturn(TypedDict):
    """An uncalled bet going back."""

    type: Literal["return"]
    seat: int
    amount: int


LogEntry = LogPost | LogRound | LogAct | LogDraw | LogReturn
"""One line of a table hand's public log (``games.poker.hands.public_log``)."""


class RecordSeat(TypedDict):
    """A seat of a finished hand, with its stack as the hand began."""

    seat: int
    id: str
    name: str
    stack: int
    dealt_in: bool


class RunHand(TypedDict):
    """A shown hand on the second runout of a board run twice: as ``hands``/``wins``."""

    hands: list[str]
    wins: list[list[str] | None]


class ShownHand(TypedDict):
    """A hand shown at showdown: ``hands`` in words (one per board, or high then low) and
    beside them ``wins``, the five cards that won that part (None where it won nothing)."""

    seat: int
    name: str
    cards: list[str]
    hands: list[str]
    wins: list[list[str] | None]
    second: NotRequired[RunHand]
    """The board run twice: this hand on the second runout (the first is ``hands``)."""


class ShowedCards(TypedDict):
    """Cards a player chose to show after winning uncontested: one card or the hand."""

    seat: int
    name: str
    cards: list[str]


class PotWinner(TypedDict):
    seat: int
    amount: int


class PotShare(TypedDict):
    """A pot's share as it was paid (``share``: '' the whole pot, 'high'/'low', 'board 1'...)."""

    share: str
    amount: int
    winners: list[PotWinner]


class PotResult(TypedDict):
    amount: int
    eligible: list[int]
    winners: list[PotWinner]
    shares: list[PotShare]


class YourDraw(TypedDict):
    """One of the viewer's draws: the cards thrown and the cards received (they saw both)."""

    discards: list[str]
    received: list[str]


class RecordYou(TypedDict):
    """The viewer's own part of a finished hand: their seat and hole cards as dealt."""

    seat: int
    hole: list[str]
    draws: NotRequired[list[YourDraw]]
    """Each draw, in order (draw games only)."""


class HandOutcome(TypedDict):
    """Who won what in a finished table hand (``games.poker.hands.results``)."""

    pots: list[PotResult]
    payouts: list[str]
    """The dealer's words for each payment ("Ann wins 120 from the main pot")."""
    net: dict[str, int]
    """Each dealt-in player's chips won (lost: negative), by player id."""
    uncontested: bool


class BountyPaid(TypedDict):
    """Chips of the 7-2 bounty: ``amount`` from table seat ``payer`` to table seat ``seat``."""

    seat: int
    payer: int
    amount: int


class HandRecord(HandOutcome):
    """A finished table hand's public record (``games.poker.hands.history``), plus ``you``
    in a viewer's copy: the results view's ``results`` and the JSON history's entry."""

    hand_no: int
    game: str
    hand_game: str
    betting: str
    button: int
    blinds: list[int]
    ante: int
    cap: int | None
    level: int | None
    tournament: str | None
    started_ms: int | None
    commitment: str | None
    seats: list[RecordSeat]
    actions: list[LogEntry]
    actions_omitted: NotRequired[int]
    """Log entries left out to keep the view under its budget (the view's log has the tail)."""
    boards: list[list[str]]
    shown: list[ShownHand]
    you: NotRequired[RecordYou]
    second_boards: NotRequired[list[list[str]]]
    """The board run twice: each board of the second runout, five cards (those dealt before
    the all-in are the first runout's too). Absent when the board was run once."""
    mucked: NotRequired[list[int]]
    """Seats whose losing hand was mucked at the showdown (never their cards)."""
    showed: NotRequired[list[ShowedCards]]
    """Cards shown by choice after an uncontested win."""
    rabbit: NotRequired[list[list[str]]]
    """The rabbit: per board, the cards that would have come (asked after the hand)."""
    bb_ante: NotRequired[bool]
    """The big blind posted the whole table's ante (its ``post`` of kind ``ante``), dead."""
    bounties: NotRequired[list[BountyPaid]]
    """The 7-2 bounty paid at the end of the hand (absent: none)."""


class FairOrder(TypedDict):
    """The public dealing order, published with the commitment: the game, and either the
    players in deal order or the button with ``[seat, player id, dealt in]`` per seat;
    ``deck`` when not all 52 cards (``static/rules/fair-deal.md``)."""

    game: str
    players: NotRequired[list[str]]
    button: NotRequired[int]
    seats: NotRequired[list[list[int | str | bool]]]
    deck: NotRequired[int]


class FairPart(TypedDict):
    """A view's ``fair`` part: what a guest checks the deal with. The nonces come with the
    deal, the seed only at results; ``want_nonce`` asks this viewer for theirs."""

    commitment: str
    dealer_id: str
    dealer_nonce: str
    order: FairOrder
    nonces: dict[str, str] | None
    seed: str | None
    want_nonce: bool


class TableGameSettings(TypedDict, total=False):
    """A table game's settings as its lobby form sends them (``games.poker.settings``'s
    ``SETTINGS``, one key each; absent keys take their defaults)."""

    betting: str
    small_blind: int
    big_blind: int
    ante: int
    forced_bets: str
    cap: int
    mode: str
    min_buy_in_bb: int
    max_buy_in_bb: int
    buy_in_bb: int
    chip_cents: int
    starting_stack: int
    level_by: str
    level_length: int
    time_bank_s: int
    run_twice: bool
    rabbit_hunt: bool
    straddle: bool
    bb_ante: bool
    bounty: int
    bomb_every: int
    dealers_choice: bool
    dc_holdem: bool
    dc_omaha: bool
    dc_omaha_hilo: bool
    dc_bomb_double: bool
    dc_draw: bool
    dc_plo5: bool
    dc_shortdeck: bool
    dc_triple_draw: bool


class UltimateSettings(TypedDict):
    """Ultimate Omaha's settings as its form sends them: the base bet."""

    base_cents: int


class TwiceQuestion(TypedDict):
    """Run it twice, asked of every player still in when the betting ended all in."""

    asking: list[int]
    """The table seats still to answer."""
    you: bool
    """Whether the viewer is asked (and has not answered)."""
    deadline_ms: int | None
    """Time left to answer; an answer not given in time is no."""


class TableChoices(TypedDict):
    """What the viewer may choose outside their turns (``games.poker.views``): the page offers
    exactly these, the bots read them."""

    twice: TwiceQuestion | None
    rabbit: bool
    """The rabbit may be hunted now (the hand ended before its boards were complete)."""
    show: int
    """The viewer won uncontested and may show by choice: their hole cards' count (0: no)."""
    muck: bool
    """The viewer mucks a losing hand at the showdown where the rules let them."""
class TablePick(TypedDict):
    """Dealer's choice: the button's pick of the next hand's game (``games.poker.extras``):
    who picks, the games offered (ids; the first is the default), the pick so far."""

    hand_no: int
    picker: str
    games: list[str]
    default: str
    game: str | None
    left_ms: int | None


class TableExtras(TypedDict):
    """The home-game extras the table plays (``static/rules/table-games.md``): whether a
    straddle is allowed, a big-blind ante, the 7-2 bounty (chips; 0 none), a bomb pot every
    N hands (0 never)."""

    straddle: bool
    bb_ante: bool
    bounty: int
    bomb_every: int


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
    log: list[LogEntry]
    log_omitted: int
    results: HandRecord | None
    """The finished hand's record as the viewer keeps it (``games.poker.hands``)."""
    auto_deal_ms: int | None
    deadline_ms: int | None
    fair: FairPart | None
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
    choices: NotRequired[TableChoices]
    """The questions outside a turn: run it twice, the rabbit, showing or mucking."""
    extras: NotRequired[TableExtras]
    pick: NotRequired[TablePick | None]
    straddling: NotRequired[bool]
    """The viewer's own standing straddle (they post it when under the gun)."""


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


UltimateBoard = BoardDict
"""One board of a player's result: the hand's name, its multiplier, whether it qualifies,
its five cards, and (a hand that was scored) its name with the ranks (``rules.ultimate``'s)."""


class UltimatePlayer(PlayerResultDict):
    """A player's result (``rules.ultimate``'s, with their name, each phase's action, and the
    phases they were checked for by the clock)."""

    name: str
    actions: dict[str, str]
    auto: list[str]


class UltimateResults(HandResultDict[UltimatePlayer]):
    """A settled hand as the view carries it: ``rules.ultimate``'s, with the hand's number
    (``bank_net_cents`` set only when one player played against the bank alone)."""

    hand_no: int


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
    fair: FairPart | None


# --- the host's own snapshot of an Ultimate Omaha table (never on any connection) -------------


class ClockState(TypedDict):
    """A table clock's times (``games.table.clock``), ms on the page's clock."""

    now: int
    round_start: int
    results_at: int
    auto_on_at: int


class PresenceState(TypedDict):
    """Who the table knows by name, who is away since when, who played out their last hand."""

    names: dict[str, str]
    away_since: dict[str, int]
    played_out: list[str]


class FairDealState(TypedDict):
    """A fair deal whole, secrets included (``games.table.fair.FairDeal``)."""

    hand_no: int
    seed: str
    commitment: str
    dealer_id: str
    invited: list[str]
    nonces: dict[str, str]
    started_ms: int
    dealt: bool
    players: list[str]
    order: FairOrder


class FlowState(TypedDict):
    """The fair deal's flow: the last hand's deal, a deal waiting for nonces, the slow."""

    fair: FairDealState | None
    dealing: FairDealState | None
    slow: list[str]


class UltimateHandState(TypedDict):
    """A hand as its cards in deal order and its actions ``[player, action, automatic]``."""

    players: list[str]
    base_cents: int
    cards: list[str]
    actions: list[list[str | bool]]


class UltimateSnapshot(ClockState, PresenceState, FlowState):
    """An Ultimate Omaha table as the host's page keeps it to carry on after a reload
    (``games.ultimate.UltimateGame.snapshot``): every secret of the table is in it."""

    game: str
    fair_mode: bool
    settings: list[int | bool]
    """``[base cents, grace ms, timer ms, auto-deal]``."""
    hand_no: int
    seq: int
    ledger: LedgerState
    """The rules' own record of the ledger (``rules.ledger.Ledger.to_state``)."""
    hand: UltimateHandState | None


# --- the host's own snapshot of a table game (never on any connection) -----------------------


class BookState(TypedDict):
    """A cash table's books (``games.poker.cashbook.CashBook``): chips bought, cashed and
    edited by the host per player, and the money ledger."""

    bought: dict[str, int]
    cashed: dict[str, int]
    edited: dict[str, int]
    ledger: LedgerState


class StandingsState(TypedDict):
    """A tournament's entrants and the places of those out (``tournament.Standings``)."""

    entrants: list[str]
    places: dict[str, int]
    winner: str | None


class LevelClockState(TypedDict):
    """The blinds' clock, its times as offsets (``tournament.LevelClock``)."""

    by: str
    length: int
    hands: int
    played_ms: int | None
    paused: bool


class PlayedState(TypedDict):
    """A hand whole, secrets included (``games.poker.hands.PlayedHand``): its settings, the
    deck, the draws' reshuffles and the actions ``[action, automatic]``, replayed on restore."""

    hand_no: int
    ids: list[str]
    seats: list[int]
    names: list[str]
    game: str
    betting: str
    stacks: list[int]
    button: int
    blinds: list[int]
    ante: int
    cap: int | None
    posts: list[int]
    draw_blinds: bool
    short_bomb_all_in: bool
    deck: list[str]
    level: int | None
    fair: FairDealState | None
    reshuffles: list[list[str]]
    actions: list[list[str | bool]]
    started_ms: int | None
    tournament: str | None
    extras: NotRequired[list[bool | int]]
    """``[straddle, big-blind ante, bounty]`` (absent before the home-game extras)."""
    run_twice: NotRequired[bool]
    mucking: NotRequired[list[int]]
    """Seats that muck a losing hand at the showdown."""
    choices: NotRequired[list[list[int | str]]]
    """``[actions before it, the choice]``: run it twice, the rabbit, showing by choice."""

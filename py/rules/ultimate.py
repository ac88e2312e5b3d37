"""Ultimate Omaha: hand names, multipliers, qualifying, settlement, and one hand as a state machine.

The rules live in ``static/rules/ultimate-omaha.md``; this module is their one
implementation, used by the host, the guests' previews, the ``showdown`` CLI and the tests.

Scoring and settlement are pure functions (:func:`score_player`, :func:`settle`,
:func:`settle_solo`); :class:`UltimateHand` strings them together into a hand played with
simultaneous Check/Double decisions. Every successful step of a hand is a frozen record appended
to ``hand.log``; the hand history and the ledger are derived from those records.

Money is integer cents throughout.

>>> from rules.cards import parse_cards
>>> s = score_player(parse_cards("As Ad 7c 2c"), parse_cards("Ah Kh Qh 9c 3s"),
...                  parse_cards("Kc Qc 4c 8d 2h"))
>>> (s.board1.name, s.board1.multiplier, s.board2.name, s.qualifies, s.total_multiplier)
('Trips', 1, 'Flush', True, 2)
>>> settle([100, 200, 100], [s, s, s])
[-200, 400, -200]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, Protocol, TypedDict, TypeVar

from .cards import Card, CardError, check_distinct, deck_from, shuffled_deck
from .dealorder import LAYOUTS, DealOrder
from .errors import IllegalAction, RulesError
from .evaluator import Category, describe_high, high_hand, is_royal, omaha_high_best

MIN_PLAYERS = 1
MAX_PLAYERS = 10
HOLE_CARDS = 4
BOARD_CARDS = 5
FLOP_CARDS = 3
ACE = 12
"""Rank index of an ace (cards.py: 0 = deuce .. 12 = ace)."""

MAX_DOUBLES = 2
"""One Double per betting round at most, two rounds: stakes are only base, 2× or 4× base."""


class Phase(StrEnum):
    """Where a hand stands. Check/Double is possible in PREFLOP and FLOP; RESULTS is final."""

    PREFLOP = "preflop"
    FLOP = "flop"
    RESULTS = "results"


BETTING_PHASES: tuple[Phase, ...] = (Phase.PREFLOP, Phase.FLOP)
"""The betting rounds, in order; each ends when every player of the hand has acted."""


class Action(StrEnum):
    """A player's decision in a betting round. There is no fold and no other bet size."""

    CHECK = "check"
    DOUBLE = "double"


# --- names and multipliers -------------------------------------------------------------------

DISPLAY_NAMES: dict[Category, str] = {
    Category.HIGH_CARD: "High Card",
    Category.PAIR: "Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.TRIPS: "Trips",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.BOAT: "Boat",
    Category.QUADS: "Quads",
    Category.STRAIGHT_FLUSH: "Straight Flush",
}
"""Display name per category, exactly as the rules spell them (a royal is named apart)."""
ROYAL_FLUSH = "Royal Flush"

MULTIPLIERS: dict[Category, int] = {
    Category.PAIR: 1,
    Category.TWO_PAIR: 1,
    Category.TRIPS: 1,
    Category.STRAIGHT: 2,
    Category.FLUSH: 2,
    Category.BOAT: 3,
    Category.QUADS: 4,
    Category.STRAIGHT_FLUSH: 5,
}
"""Per-board multiplier of a qualifying hand by category (the rules' table)."""
ROYAL_MULTIPLIER = 10


def hand_name(value: int) -> str:
    """The display name of an evaluated high hand: ``'Boat'``, ``'Royal Flush'`` ...

    Only A-K-Q-J-T suited is a Royal Flush; a steel wheel (A-2-3-4-5 suited) is a
    Straight Flush, which the evaluator's :func:`is_royal` decides from the top card.
    """
    if is_royal(value):
        return ROYAL_FLUSH
    return DISPLAY_NAMES[high_hand(value).category]


def hand_words(value: int) -> str:
    """The display name with its ranks, so a result explains itself: ``'Two Pair, Queens and
    Sevens'``, ``'Pair of Kings'``, ``'Boat, Sixes full of Twos'``, ``'Royal Flush'``.

    >>> from rules.evaluator import high5
    >>> from rules.cards import parse_cards
    >>> [hand_words(high5(parse_cards(t))) for t in ("Qh Qd 7c 7s 2d", "Kh Kd 9c 4s 2d",
    ...                                              "6h 6d 6c 2s 2d", "Ah Kh Qh Jh Th")]
    ['Two Pair, Queens and Sevens', 'Pair of Kings', 'Boat, Sixes full of Twos', 'Royal Flush']
    """
    name = hand_name(value)
    text = describe_high(value)
    if text.startswith("a Pair of "):
        return "Pair of " + text.removeprefix("a Pair of ")
    if ", " in text and name != ROYAL_FLUSH:
        return f"{name}, {text.split(', ', 1)[1]}"
    return name


def qualifies(value: int) -> bool:
    """Whether a board's hand is at least a pair of aces (any two pair or better qualifies).

    Where the aces come from does not matter here: the value already obeys the Omaha
    2-hole + 3-board rule, so a pair of aces made of two board aces counts as well.
    """
    hand = high_hand(value)
    if hand.category >= Category.TWO_PAIR:
        return True
    return hand.category == Category.PAIR and hand.ranks[0] == ACE


def multiplier(value: int) -> int:
    """A board's multiplier: the rules' table for a qualifying hand, and 0 for one that fouls.

    The table's "Pair" means a pair of aces, so a lower pair or a high card earns nothing; with
    0 there, a player's total multiplier is simply board 1's × board 2's, which is 0 exactly
    when the player fouls.
    """
    if not qualifies(value):
        return 0
    if is_royal(value):
        return ROYAL_MULTIPLIER
    return MULTIPLIERS[high_hand(value).category]


class _BoardParts(TypedDict):
    hand: str
    multiplier: int
    qualifies: bool
    cards: list[str]


class BoardDict(_BoardParts, total=False):
    """One board of a player's result as JSON: the hand's name, its multiplier, whether it
    qualifies, its five cards, and (the table's view adds it) its name with the ranks. (The
    optional key by ``total=False``, not ``NotRequired``: this module's annotations are
    strings, which hide ``NotRequired`` from the run-time key sets.)"""

    words: str


class PlayerResultDict(TypedDict):
    """One player's showdown as JSON (:meth:`PlayerResult.to_dict`)."""

    id: str
    hole: list[str]
    board1: BoardDict
    board2: BoardDict
    qualifies: bool
    total_multiplier: int
    stake_cents: int
    net_cents: int


P = TypeVar("P", bound=PlayerResultDict)


class HandResultDict(TypedDict, Generic[P]):
    """A settled hand as JSON (:meth:`HandResult.to_dict`), its players of type ``P`` (the
    table's view gives each a name and their actions)."""

    base_cents: int
    board1: list[str]
    board2: list[str]
    players: list[P]
    bank_net_cents: int | None


class HoleDict(TypedDict):
    id: str
    hole: list[str]


class ActionDict(TypedDict):
    player: str
    phase: str
    action: str
    automatic: bool
    stake_cents: int


class RevealDict(TypedDict):
    phase: str
    board1: list[str]
    board2: list[str]


class _HistoryParts(TypedDict):
    game: str
    base_cents: int
    deal_order: str
    players: list[HoleDict]
    board1: list[str]
    board2: list[str]
    actions: list[ActionDict]
    reveals: list[RevealDict]


class HistoryDict(_HistoryParts, total=False):
    """A finished hand as JSON (:meth:`UltimateHand.history`): its results once settled."""

    results: HandResultDict[PlayerResultDict]


@dataclass(frozen=True)
class BoardScore:
    """A player's hand on one board: value (higher is stronger), name, multiplier (0 when the
    board fouls), whether it qualifies, and the five cards that make it (to mark on screen)."""

    value: int
    name: str
    multiplier: int
    qualifies: bool
    cards: tuple[Card, ...]

    def to_dict(self) -> BoardDict:
        """JSON-able: ``{"hand": "Flush", "multiplier": 2, "qualifies": true, "cards": [...]}``."""
        return {
            "hand": self.name,
            "multiplier": self.multiplier,
            "qualifies": self.qualifies,
            "cards": [str(c) for c in self.cards],
        }


@dataclass(frozen=True)
class PlayerScore:
    """Both boards of one player. ``total_multiplier`` is board 1's × board 2's (1..100) for a
    qualified player and 0 for a fouled one."""

    board1: BoardScore
    board2: BoardScore
    qualifies: bool
    total_multiplier: int

    @classmethod
    def of(cls, board1: BoardScore, board2: BoardScore) -> PlayerScore:
        """Combines two board scores; the one place the qualify-on-both rule is applied."""
        ok = board1.qualifies and board2.qualifies
        return cls(board1, board2, ok, board1.multiplier * board2.multiplier if ok else 0)


def _cards(cards: Iterable[int], count: int, what: str) -> tuple[Card, ...]:
    out = tuple(c if isinstance(c, Card) else Card(c) for c in cards)
    if len(out) != count:
        raise CardError(f"{what} needs {count} cards, got {len(out)}")
    return out


def score_board(hole: Sequence[int], board: Sequence[int]) -> BoardScore:
    """Scores one board under the Omaha rule (exactly 2 hole + exactly 3 board cards)."""
    value, five = omaha_high_best(hole, board)
    return BoardScore(
        value=value,
        name=hand_name(value),
        multiplier=multiplier(value),
        qualifies=qualifies(value),
        cards=tuple(Card(c) for c in five),
    )


def score_player(
    hole: Sequence[int], board1: Sequence[int], board2: Sequence[int]
) -> PlayerScore:
    """Scores a player's 4 hole cards against both 5-card boards.

    Checks the counts and that no card appears twice among the 14, since a bad table would
    otherwise score silently wrong; raises :class:`~rules.cards.CardError` naming the problem.
    """
    h = _cards(hole, HOLE_CARDS, "hole")
    b1 = _cards(board1, BOARD_CARDS, "board 1")
    b2 = _cards(board2, BOARD_CARDS, "board 2")
    check_distinct(h + b1 + b2, "hole and boards")
    return PlayerScore.of(score_board(h, b1), score_board(h, b2))


# --- settlement ------------------------------------------------------------------------------


def _check_stake(stake: object, what: str = "stake") -> int:
    if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
        raise RulesError(f"{what} must be a positive whole number of cents, got {stake!r}")
    return stake


class Scored(Protocol):
    """What settling needs of a player's score: whether it qualifies and its multiplier."""

    @property
    def qualifies(self) -> bool: ...

    @property
    def total_multiplier(self) -> int: ...


def claim(stake: int, score: Scored) -> int:
    """What a player collects from *each* other player (positive: ``stake × multiplier`` when
    qualified) or pays to each (negative: ``-stake`` when fouled) — one pair's half. ``score``
    needs ``qualifies`` and ``total_multiplier`` (a :class:`PlayerScore` or a results view).

    >>> from types import SimpleNamespace as S
    >>> claim(100, S(qualifies=True, total_multiplier=6)), claim(100, S(qualifies=False))
    (600, -100)
    """
    _check_stake(stake)
    return stake * score.total_multiplier if score.qualifies else -stake


def pair_flow(mine: tuple[int, Scored], theirs: tuple[int, Scored]) -> int:
    """What one pair of players settles, from the first one's side: my claim on them minus
    theirs on me (the two flows of a pair stack). A player's net is the sum over the others.

    >>> from types import SimpleNamespace as S
    >>> pair_flow((100, S(qualifies=True, total_multiplier=2)), (100, S(qualifies=False)))
    300
    """
    return claim(*mine) - claim(*theirs)


def settle(stakes: Sequence[int], scores: Sequence[PlayerScore]) -> list[int]:
    """Each player's net in cents for a hand of two or more players; the nets sum to zero.

    Every pair settles on its own and both flows of a pair stack: a qualified P collects
    ``P.stake × P.mult`` from each other player; a fouled P pays ``P.stake`` to each. Summed
    per player (the rules' formula), computed in O(n) from the two table-wide totals.

    Example 2 of the requirements: all qualify at 2×, 3×, 1× with $1 each.

    >>> from types import SimpleNamespace as S
    >>> settle([100, 100, 100], [S(qualifies=True, total_multiplier=m) for m in (2, 3, 1)])
    [0, 300, -300]
    """
    n = len(stakes)
    if n != len(scores):
        raise RulesError(f"{n} stakes for {len(scores)} players")
    if n < 2:
        raise RulesError(f"settle needs two or more players, got {n}; one plays the bank")
    # What each player claims from every other one (+) or owes to every other one (-).
    claims = [claim(s, sc) for s, sc in zip(stakes, scores, strict=True)]
    total = sum(claims)
    # P gains its claim from each of n-1 others and pays every other player's claim:
    # claim*(n-1) - (total - claim) = claim*n - total.
    nets = [c * n - total for c in claims]
    assert sum(nets) == 0, nets
    return nets


def settle_solo(stake: int, score: PlayerScore) -> int:
    """A lone player's net against the bank: ``+stake × multiplier`` qualified, ``-stake`` fouled.

    >>> from types import SimpleNamespace as S
    >>> settle_solo(100, S(qualifies=True, total_multiplier=6))
    600
    >>> settle_solo(100, S(qualifies=False, total_multiplier=0))
    -100
    """
    return claim(stake, score)


# --- the hand's records ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerResult:
    """One player's showdown: hole cards, both boards' scores, final stake and net in cents."""

    player_id: str
    hole: tuple[Card, ...]
    score: PlayerScore
    stake: int
    net_cents: int

    def to_dict(self) -> PlayerResultDict:
        return {
            "id": self.player_id,
            "hole": [str(c) for c in self.hole],
            "board1": self.score.board1.to_dict(),
            "board2": self.score.board2.to_dict(),
            "qualifies": self.score.qualifies,
            "total_multiplier": self.score.total_multiplier,
            "stake_cents": self.stake,
            "net_cents": self.net_cents,
        }


@dataclass(frozen=True)
class HandResult:
    """Everything about a settled hand.

    ``bank_net_cents`` is the bank's own net: 0 with two or more players, and minus the lone
    player's net in a solo hand, so that players' nets plus the bank's always sum to zero.
    """

    base_cents: int
    board1: tuple[Card, ...]
    board2: tuple[Card, ...]
    players: tuple[PlayerResult, ...]
    bank_net_cents: int = 0

    @property
    def solo(self) -> bool:
        """A one-player hand, played against the bank."""
        return len(self.players) == 1

    def player(self, player_id: str) -> PlayerResult:
        for p in self.players:
            if p.player_id == player_id:
                return p
        raise KeyError(player_id)

    def net(self, player_id: str) -> int:
        return self.player(player_id).net_cents

    def nets(self) -> dict[str, int]:
        """Player id → net cents, in seat order."""
        return {p.player_id: p.net_cents for p in self.players}

    def to_dict(self) -> HandResultDict[PlayerResultDict]:
        return {
            "base_cents": self.base_cents,
            "board1": [str(c) for c in self.board1],
            "board2": [str(c) for c in self.board2],
            "players": [p.to_dict() for p in self.players],
            "bank_net_cents": self.bank_net_cents,
        }


def result_for(
    player_ids: Sequence[str],
    holes: Sequence[Sequence[int]],
    stakes: Sequence[int],
    board1: Sequence[int],
    board2: Sequence[int],
    base_cents: int,
) -> HandResult:
    """Scores and settles a showdown; shared by :class:`UltimateHand` and the showdown CLI so
    both pay by the very same rule (two or more players settle pairwise, one plays the bank)."""
    b1 = _cards(board1, BOARD_CARDS, "board 1")
    b2 = _cards(board2, BOARD_CARDS, "board 2")
    if not MIN_PLAYERS <= len(player_ids) <= MAX_PLAYERS:
        raise RulesError(f"a hand has 1 to {MAX_PLAYERS} players, got {len(player_ids)}")
    hs = [
        _cards(h, HOLE_CARDS, f"hole of {pid!r}")
        for pid, h in zip(player_ids, holes, strict=True)
    ]
    check_distinct([c for h in hs for c in h] + list(b1 + b2), "the table")
    scores = [PlayerScore.of(score_board(h, b1), score_board(h, b2)) for h in hs]
    if len(player_ids) == 1:
        nets = [settle_solo(stakes[0], scores[0])]
        bank = -nets[0]
    else:
        nets = settle(stakes, scores)
        bank = 0
    players = tuple(
        PlayerResult(pid, h, sc, st, net)
        for pid, h, sc, st, net in zip(player_ids, hs, scores, stakes, nets, strict=True)
    )
    return HandResult(base_cents, b1, b2, players, bank)


@dataclass(frozen=True)
class DealRecord:
    """The deal: seat order, base bet, every hole and both full boards (secret until RESULTS)."""

    player_ids: tuple[str, ...]
    base_cents: int
    holes: tuple[tuple[Card, ...], ...]
    board1: tuple[Card, ...]
    board2: tuple[Card, ...]


@dataclass(frozen=True)
class ActionRecord:
    """One Check or Double. ``phase`` is the betting round it belongs to; ``automatic`` marks a
    Check made for a disconnected or timed-out player."""

    player_id: str
    action: Action
    phase: Phase
    stake_before: int
    stake_after: int
    automatic: bool = False


@dataclass(frozen=True)
class PhaseRecord:
    """The hand moved to ``phase``; ``board1``/``board2`` are the cards turned over by it."""

    phase: Phase
    board1: tuple[Card, ...]
    board2: tuple[Card, ...]


@dataclass(frozen=True)
class ResultRecord:
    """The settlement, last record of every finished hand."""

    result: HandResult


Record = DealRecord | ActionRecord | PhaseRecord | ResultRecord


# --- the state machine -----------------------------------------------------------------------


class UltimateHand:
    """One hand of Ultimate Omaha, from the deal to the settlement.

    **Deal order** (the public one of :mod:`rules.dealorder`, through which every card is
    taken, so a hand can be replayed from its deck and every browser can check it): player 1
    (first in ``player_ids``) gets ``deck[0:4]``, player 2 ``deck[4:8]`` and so on (four at a
    time, in seat order); then board 1 gets the next five cards and board 2 the five after
    (flop = first three of each). No burn cards; the rest of the deck is unused.

    **Betting**: in PREFLOP and FLOP every player makes one simultaneous decision, Check or
    Double; Double doubles the player's whole stake so far. The phase advances as soon as
    every player of the hand has acted. Each action is checked by :meth:`verify_act` (pokerkit
    style: ``verify_act`` raises, ``can_act`` answers, ``act`` does and returns the record).

    **Secrecy**: the object knows everything; the room layer decides who sees what. The query
    methods make the rules' secrecy easy to follow: :meth:`visible_board`,
    :meth:`visible_stake` (others see the stake as it stood at the start of the round, since
    a doubled stake would give the choice away), :meth:`visible_actions` and
    :meth:`choices_revealed_for`.
    ``log`` itself starts with the :class:`DealRecord` (every hole and both full boards) and
    holds choices not yet public: it is host-side only and must never be sent as it is.

    >>> from rules.cards import FULL_DECK
    >>> hand = UltimateHand(["ann", "bob"], 100, FULL_DECK)
    >>> hand.act("ann", "double").stake_after, hand.phase, hand.visible_stake("ann", "bob")
    (200, <Phase.PREFLOP: 'preflop'>, 100)
    >>> _ = hand.act("bob", Action.CHECK); hand.phase, len(hand.visible_board(1))
    (<Phase.FLOP: 'flop'>, 3)
    """

    def __init__(self, player_ids: Sequence[str], base_cents: int, deck: Sequence[int]) -> None:
        ids = tuple(player_ids)
        if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
            raise RulesError(f"a hand has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(ids)}")
        for pid in ids:
            if not isinstance(pid, str) or not pid:
                raise RulesError(f"player ids must be non-empty strings, got {pid!r}")
        if len(set(ids)) != len(ids):
            dup = next(p for p in ids if ids.count(p) > 1)
            raise RulesError(f"player {dup!r} appears twice in the hand")
        _check_stake(base_cents, "base bet")
        cards = deck_from(deck)
        need = HOLE_CARDS * len(ids) + 2 * BOARD_CARDS
        if len(cards) < need:
            raise RulesError(f"{len(ids)} players need {need} cards, the deck has {len(cards)}")

        self._ids = ids
        self._seat = {pid: i for i, pid in enumerate(ids)}
        self._base = base_cents
        order = DealOrder(LAYOUTS["ultimate"], len(ids), len(cards))
        self._holes = tuple(
            tuple(cards[order.hole(i, k)] for k in range(HOLE_CARDS)) for i in range(len(ids))
        )
        self._board1 = tuple(cards[order.board(0, k)] for k in range(BOARD_CARDS))
        self._board2 = tuple(cards[order.board(1, k)] for k in range(BOARD_CARDS))
        self._stakes = dict.fromkeys(ids, base_cents)
        self._round_start = dict(self._stakes)
        self._acted: dict[str, ActionRecord] = {}
        self._result: HandResult | None = None
        self.phase = Phase.PREFLOP
        self.log: list[Record] = [
            DealRecord(ids, base_cents, self._holes, self._board1, self._board2)
        ]

    @classmethod
    def shuffle_and_deal(cls, player_ids: Sequence[str], base_cents: int) -> UltimateHand:
        """A hand dealt from a fresh deck shuffled with ``secrets`` (the way the host deals)."""
        return cls(player_ids, base_cents, shuffled_deck())

    # --- who and what ---

    @property
    def player_ids(self) -> tuple[str, ...]:
        """The players of this hand, in seat (and deal) order."""
        return self._ids

    @property
    def base_cents(self) -> int:
        return self._base

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.RESULTS

    def _known(self, pid: str) -> str:
        if pid not in self._seat:
            raise RulesError(f"player {pid!r} is not in this hand")
        return pid

    def hole(self, pid: str) -> tuple[Card, ...]:
        """A player's four hole cards. Secret: only that player may see them before RESULTS."""
        return self._holes[self._seat[self._known(pid)]]

    def visible_board(self, n: int) -> tuple[Card, ...]:
        """The face-up cards of board ``n`` (1 or 2): none preflop, three on the flop, all five
        at RESULTS. Undealt cards never leave this object through here."""
        if n not in (1, 2):
            raise RulesError(f"there are boards 1 and 2, not {n!r}")
        board = self._board1 if n == 1 else self._board2
        shown = {Phase.PREFLOP: 0, Phase.FLOP: FLOP_CARDS, Phase.RESULTS: BOARD_CARDS}[self.phase]
        return board[:shown]

    def stake(self, pid: str) -> int:
        """A player's true stake now, in cents (base, 2× or 4× base). Only the player and the
        host may know it mid-round; others see :meth:`visible_stake`."""
        return self._stakes[self._known(pid)]

    def visible_stake(self, pid: str, viewer: str | None) -> int:
        """The stake of ``pid`` that ``viewer`` may see: the true stake for the player
        themself and at RESULTS, else the stake as it stood when the current round began
        (showing a fresh Double would reveal the choice before the round ends)."""
        self._known(pid)
        if viewer == pid or self.phase == Phase.RESULTS:
            return self._stakes[pid]
        return self._round_start[pid]

    def has_acted(self, pid: str) -> bool:
        """Whether ``pid`` has acted in the current betting round (False at RESULTS, where
        there is no round). Public: everyone may see *that* a player acted."""
        return self._known(pid) in self._acted

    def waiting_for(self) -> tuple[str, ...]:
        """Players yet to act in the current round, in seat order (empty at RESULTS)."""
        if self.phase == Phase.RESULTS:
            return ()
        return tuple(pid for pid in self._ids if pid not in self._acted)

    def choices_revealed_for(self, phase: Phase) -> bool:
        """Whether the choices made in betting round ``phase`` are public yet: only once the
        hand has moved past that round."""
        phase = Phase(phase)
        if phase not in BETTING_PHASES:
            raise RulesError(f"{phase.value!r} is not a betting round")
        order = (Phase.PREFLOP, Phase.FLOP, Phase.RESULTS)
        return order.index(self.phase) > order.index(phase)

    def actions(self) -> tuple[ActionRecord, ...]:
        """Every action so far, in order (host-side: includes choices not yet public)."""
        return tuple(r for r in self.log if isinstance(r, ActionRecord))

    def visible_actions(self, viewer: str | None) -> tuple[ActionRecord, ...]:
        """The actions ``viewer`` may know: all of finished rounds, plus the viewer's own in the
        current round. ``None`` is an onlooker with no seat."""
        return tuple(
            r for r in self.actions() if self.choices_revealed_for(r.phase) or r.player_id == viewer
        )

    def doubles(self, pid: str) -> int:
        """How many times ``pid`` has doubled so far (0..2)."""
        self._known(pid)
        return sum(
            1 for r in self.actions() if r.player_id == pid and r.action == Action.DOUBLE
        )

    # --- verify / can / do ---

    def verify_act(self, pid: str, action: Action | str) -> Action:
        """Checks that ``pid`` may take ``action`` now and returns it as an :class:`Action`.

        Raises :class:`IllegalAction` naming the player, the action and the phase: unknown
        player, unknown action, no betting at RESULTS, or already acted this round.
        """
        try:
            act = Action(action)
        except ValueError:
            raise IllegalAction(
                f"player {pid!r} cannot {action!r} in the {self.phase.value} phase: "
                f"the only actions are 'check' and 'double'"
            ) from None
        if pid not in self._seat:
            raise IllegalAction(
                f"player {pid!r} cannot {act.value} in the {self.phase.value} phase: "
                f"not a player of this hand"
            )
        if self.phase not in BETTING_PHASES:
            raise IllegalAction(
                f"player {pid!r} cannot {act.value} in the {self.phase.value} phase: "
                f"the hand is over"
            )
        if pid in self._acted:
            raise IllegalAction(
                f"player {pid!r} cannot {act.value} in the {self.phase.value} phase: "
                f"already acted this round"
            )
        return act

    def can_act(self, pid: str, action: Action | str) -> bool:
        """Whether :meth:`act` would succeed (for enabling buttons)."""
        try:
            self.verify_act(pid, action)
        except IllegalAction:
            return False
        return True

    def act(self, pid: str, action: Action | str) -> ActionRecord:
        """``pid`` checks or doubles; returns the record. When this was the last player of the
        round still to act, the hand moves on (flop dealt, or turn+river and settlement)."""
        return self._act(pid, self.verify_act(pid, action), automatic=False)

    def auto_check(self, pid: str) -> ActionRecord:
        """A Check on behalf of a disconnected or timed-out player (marked ``automatic``);
        their stake stays at risk and they settle at showdown like everyone else."""
        return self._act(pid, self.verify_act(pid, Action.CHECK), automatic=True)

    def _act(self, pid: str, act: Action, automatic: bool) -> ActionRecord:
        before = self._stakes[pid]
        after = before * 2 if act == Action.DOUBLE else before
        assert after in (self._base, 2 * self._base, 4 * self._base), (pid, after)
        record = ActionRecord(pid, act, self.phase, before, after, automatic)
        self._stakes[pid] = after
        self._acted[pid] = record
        self.log.append(record)
        if len(self._acted) == len(self._ids):
            self._advance()
        return record

    def _advance(self) -> None:
        self._acted = {}
        self._round_start = dict(self._stakes)
        if self.phase == Phase.PREFLOP:
            self.phase = Phase.FLOP
            self.log.append(
                PhaseRecord(Phase.FLOP, self._board1[:FLOP_CARDS], self._board2[:FLOP_CARDS])
            )
            return
        self.phase = Phase.RESULTS
        self.log.append(
            PhaseRecord(Phase.RESULTS, self._board1[FLOP_CARDS:], self._board2[FLOP_CARDS:])
        )
        self._result = result_for(
            self._ids,
            self._holes,
            [self._stakes[p] for p in self._ids],
            self._board1,
            self._board2,
            self._base,
        )
        self.log.append(ResultRecord(self._result))

    # --- results and history ---

    def results(self) -> HandResult | None:
        """The settlement once the hand is at RESULTS, else ``None``."""
        return self._result

    def history(self) -> HistoryDict:
        """The finished hand as a JSON-able dict derived from :attr:`log`: deal, every action
        with its round and resulting stake, the reveals, and the results.

        Only available at RESULTS: before that it would hold every secret of the hand.
        """
        if self._result is None:
            raise RulesError(f"the hand history is available at results, not in {self.phase}")
        deal = self.log[0]
        assert isinstance(deal, DealRecord)
        out: HistoryDict = {
            "game": "ultimate-omaha",
            "base_cents": deal.base_cents,
            "deal_order": "4 hole cards per player in seat order, then board 1, then board 2",
            "players": [
                {"id": pid, "hole": [str(c) for c in h]}
                for pid, h in zip(deal.player_ids, deal.holes, strict=True)
            ],
            "board1": [str(c) for c in deal.board1],
            "board2": [str(c) for c in deal.board2],
            "actions": [],
            "reveals": [],
        }
        for r in self.log[1:]:
            if isinstance(r, ActionRecord):
                out["actions"].append({
                    "player": r.player_id,
                    "phase": r.phase.value,
                    "action": r.action.value,
                    "automatic": r.automatic,
                    "stake_cents": r.stake_after,
                })
            elif isinstance(r, PhaseRecord):
                out["reveals"].append({
                    "phase": r.phase.value,
                    "board1": [str(c) for c in r.board1],
                    "board2": [str(c) for c in r.board2],
                })
            elif isinstance(r, ResultRecord):
                out["results"] = r.result.to_dict()
        return out

"""The game interface: what the room tells a game, and what a game offers the room.

The room owns seats, connections, liveness and the host's settings; a game owns cards, hands,
money and its views. :class:`GameSession` is the whole contract, checked by mypy rather than
found at run time: every method is required (no ``getattr``), so a game that forgets one is
a type error, not a request that silently does nothing.

The room never imports a game: the page hands it a :data:`GameFactory` from the game registry
(``games.registry``). Requests reach :meth:`GameSession.handle_action` only after the room's
ladder (see :mod:`room.host`): the stale-``seq`` and is-it-your-turn checks are done there,
once, for every game.

>>> Request("nap", 4, amount=300)
Request(action='nap', seq=4, amount=300, cards=())
>>> PlayerInfo("p1", "Ann", True).kind is SeatKind.HUMAN
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol

from room.messages import Act, Nonce, Table


class SeatKind(StrEnum):
    """Who sits in a seat: a person, a bot run by the host's page, or someone only watching."""

    HUMAN = "human"
    BOT = "bot"
    SPECTATOR = "spectator"


@dataclass(frozen=True)
class PlayerInfo:
    """What the room tells a game about one seated player (no token, no peer id), in seat
    order."""

    id: str
    name: str
    connected: bool
    is_host: bool = False  # the host's own seat (its deck nonce is the dealer's, see fair deal)
    kind: SeatKind = SeatKind.HUMAN


AUTO_DEAL_MS = 5000
"""With auto-deal on, the next hand is dealt this long after results (or after switching it
on): every game's (``games.table.clock``) and the room's, which deals a change of game."""


@dataclass(frozen=True)
class TableSettings:
    """The host's table settings, handed to the game whenever one changes.

    Every game's clock and deal (no stakes: those are a game's own, in ``game``, such as
    Ultimate Omaha's base bet or a table game's blinds, so the room knows no game's money).
    ``grace_ms``: how long a dropped player's decision waits before it becomes the game's
    default action. ``timer_ms``: per-decision timer for everyone (0 = none). ``auto_deal``:
    deal the next hand by itself shortly after results. ``game``: the game's own settings,
    checked by the game against its schema (``SETTINGS`` of its module) in
    :meth:`GameSession.configure`. ``switching``: the host's change to another game waits, so
    this game's next hand is the other game's first (nothing of this one's is prepared for it).
    """

    grace_ms: int
    timer_ms: int
    auto_deal: bool
    game: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    switching: bool = False


@dataclass(frozen=True)
class Request:
    """A player's action request, already parsed and bounded by :mod:`room.messages`.

    ``seq`` is the game seq of the view it was chosen on (the room refuses another one as
    ``game/stale``); ``amount`` (chips) and ``cards`` are what the verb carries, if anything.
    Only their shape is known here (:class:`room.messages.Act`): whether the game has the
    verb at all, and what it must carry, is the game's to say, refusing anything else with a
    precise :class:`~room.errors.RoomError` and changing nothing.
    """

    action: str
    seq: int
    amount: int | None = None
    cards: tuple[str, ...] = ()

    @classmethod
    def of(cls, act: Act) -> Request:
        """The request a wire ``act`` message carries."""
        return cls(act.action, act.seq, act.amount, tuple(act.cards))


@dataclass(frozen=True)
class TableRequest:
    """A player's table request that is not a turn, already bounded by :mod:`room.messages`
    (``action`` a short lower-case word, ``amount`` chips, ``player`` the target's id). The
    room gives it no meaning: which actions exist and what each must carry is the game's to
    declare and check (:meth:`GameSession.handle_table`); the room only asks the game which
    are the host's (:meth:`GameSession.table_host_only`)."""

    action: str
    amount: int | None = None
    player: str | None = None

    @classmethod
    def of(cls, msg: Table) -> TableRequest:
        """The request a wire ``table`` message carries."""
        return cls(msg.action, msg.amount, msg.player)


class GameSession(Protocol):
    """What a game engine offers the room.

    The game must build its per-player view fresh and whitelisted, like the room does.
    Peer-caused refusals are :class:`~room.errors.RoomError` with a stable code, and change
    nothing; anything else raised is a bug.
    """

    game_id: str
    """The game's registry id ("ultimate", ...): in every view and snapshot of the game."""
    seq: int
    """The decision counter: a request chosen on a view with another seq is stale."""

    def to_act(self) -> frozenset[str]:
        """Who may act now (Ultimate Omaha: everyone still to choose this round; a betting
        game: one seat). The room refuses anyone else (``game/not_your_turn``)."""
        ...

    def is_dealing(self) -> bool:
        """Whether a deal waits for the players' nonces (the fair deal every game deals
        through): nobody may act yet, the room refuses with ``game/dealing``."""
        ...

    def set_players(self, players: Sequence[PlayerInfo], now_ms: int) -> None:
        """The room's seated players now, in seat order (called before every view is built,
        so it must be idempotent). A player missing from the list left the room; a player
        with ``connected=False`` dropped. The game works out joins, drops and returns."""
        ...

    def configure(self, settings: TableSettings) -> None:
        """The host's settings (base bet for the next hand, grace, timer, auto-deal, the
        game's own); ``RoomError`` (``settings/...``) if the game's part is invalid."""
        ...

    def next_hand(self) -> None:
        """Deal a hand to the connected players; RoomError if a hand is still running."""
        ...

    def handle_action(self, player_id: str, request: Request) -> None:
        """Apply ``request`` (already past the room's ladder); raise a RoomError with a
        stable code if it is refused, having changed nothing."""
        ...

    def table_host_only(self, action: str) -> str | None:
        """If only the host may make the table request ``action``, what it does, in the words
        of a guest's refusal ("ring the bell": "only the host can ring the bell"); None
        if any seated player may, or if the game has no such request (:meth:`handle_table`
        refuses it then). The room asks before :meth:`handle_table` and refuses a guest
        itself (``auth/not_host``), as for every other host-only request: who the host is
        is the room's to know, which requests are the host's the game's."""
        ...

    def handle_table(self, player_id: str, request: TableRequest) -> bool | None:
        """A seated player's table request (no turn, no seq: the room checked only that the
        game runs and, per :meth:`table_host_only`, that a host-only request comes from the
        host). The game checks the rest against its own declaration: an action it does not
        have is ``game/illegal`` (a game without table requests refuses every one), a
        missing or stray ``amount`` or ``player`` is ``msg/bad_field``; refusals change
        nothing. ``False``: the request was taken but changed nothing (sitting out when out
        already): the room rebuilds and sends no view, so a repeated request costs nothing;
        ``True`` or ``None``: something changed."""
        ...

    def handle_nonce(self, player_id: str, msg: Nonce) -> bool:
        """A player's deck nonce for the provably fair deal; True if the views changed (the
        hand was dealt). Refusals are RoomErrors (``fair/...``)."""
        ...

    def tick(self, now_ms: int) -> bool:
        """Let time pass (default actions for the absent, auto-deal); True if a view
        changed."""
        ...

    def view_for(self, player_id: str) -> Mapping[str, Any]:
        """The game part of ``player_id``'s view (JSON-ready, only what they may see), with
        ``"game"`` (the game id), ``"seq"`` and ``"fair"`` (the deal's public record)."""
        ...

    def is_queued(self, player_id: str) -> bool:
        """Whether a seated player waits to be dealt in at the next hand."""
        ...

    def holds(self, player_id: str) -> bool:
        """Whether the player has a stake in the running hand (or is being dealt in): the
        room keeps such a seat however long its player is away."""
        ...

    def play_out(self, player_id: str) -> None:
        """The player was removed by the host: every decision they have left in the running
        hand becomes the game's default action at the next :meth:`tick`, and they settle at
        showdown; their balance stays in the ledger."""
        ...

    def balances(self) -> Mapping[str, int]:
        """The session ledger: player id → balance in cents, for everyone ever seated."""
        ...

    def records_for(self, viewer: str | None) -> Sequence[Mapping[str, object]]:
        """The last finished hands' whole records, oldest first, as ``viewer`` keeps them (their
        own hole cards added), for the host's hand-history export: a view may shorten a long
        hand, these are the host's own. A game that has no such export returns none."""
        ...

    def snapshot(self) -> Mapping[str, Any]:
        """Everything needed to go on after the host's page reloads (host storage only: it
        holds every secret of the table), with ``"game"``: the game id."""
        ...

    def restore(self, data: Mapping[str, Any], now_ms: int) -> None:
        """Take over a :meth:`snapshot` (on a game fresh from the same factory), on the
        reloaded page's clock."""
        ...

    def carry_over(self, data: Mapping[str, Any]) -> None:
        """Go on from the room before a succession: ``data`` is the generic carried shape
        (``room.host._carried_game``: the ledger, the hand count, and the game's last public
        view for what only the game reads); the interrupted hand is void. Called once, before
        the first hand."""
        ...


GameFactory = Callable[[], GameSession]
"""Builds a game; the room then configures it, tells it the players and deals the first hand."""

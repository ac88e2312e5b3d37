"""The table-game session: Hold'em, Omaha, Omaha Hi/Lo, bomb pots and 5-card draw behind the
room's game interface (``room.game.GameSession``).

The betting rules are the engine's (``rules.poker``; never re-derived here). This module
decides *when* things happen — who is dealt in, the button, the turn timer and time bank, the
grace of a dropped player, automatic actions, auto-deal, cash buy-ins and tournament levels —
and keeps the books (``cashbook``, ``tournament``). Views are built fresh per viewer by
:mod:`.views`.

**Requests.** :meth:`PokerGame.handle_action` takes the betting verbs (``fold``, ``check``,
``call``, ``bet``/``raise`` with the *to* amount, ``allin``, ``draw`` with the discards).
Table requests that are not turns — ``buy_in`` (amount: chips), ``sit_out``, ``sit_in``,
``post`` (a waiting player plays at once), and the host's controls (:mod:`.hostctl`:
``pause``/``resume``, ``bomb_pot``/``bomb_pot_off`` for the next hand, ``set_stack``),
declared with what each carries and who may make it in :mod:`.tablerequests` — go through
:meth:`PokerGame.handle_table`, which the room routes without the is-it-your-turn check
(asking :meth:`PokerGame.table_host_only` first). Every refusal is a ``RoomError`` with a
stable code and changes nothing.

**Chips.** Cash: a player sits down with no chips and buys in within the host's range (in big
blinds); rebuys top up to the maximum between hands (never while in a hand); a player who
leaves the room leaves with their stack (cashed out when the hand they are in ends). Money
moves only when a hand ends: its nets at the chip value go into the session ledger
(``rules.ledger``), whose settle-up is the project's one. Tournament: the players seated at
the first deal are the entrants, each with the starting stack; later arrivals watch; a player
who leaves keeps their seat and is dealt in (and folded by the grace period) until busted.

**Newcomers (cash).** A player who sits down while a game is going, or comes back from
sitting out, waits for the big blind (``waiting``) or asks to play at once (``post``): then
they post a big blind in the next hand dealt (``HandConfig.posts``: a live bet, with the
option to check if nobody raises; a seat that lands in the blinds pays its blind instead).

**Automatic actions**: check if nothing is to call, else fold; in the draw, stand pat. They
happen when the turn timer (plus the player's time bank) or a disconnected player's grace runs
out (:meth:`PokerGame.tick`), at once for a player the host removed (:meth:`PokerGame.play_out`)
and, in a tournament, for a player sitting out.

**Fair deal.** With no ``deck_source`` every hand is dealt through the shared fair-deal flow
(:class:`games.table.fair.FairFlow`, as Ultimate Omaha): :meth:`PokerGame.next_hand` commits
to a seed and publishes it with the dealer's nonce and the hand's public dealing order (the
game of this hand, the button, who is dealt in: ``static/rules/fair-deal.md``; phase
``"dealing"``), the players' nonces come through :meth:`PokerGame.handle_nonce`, and the hand
is dealt as that order says (to those whose nonce came) from ``FairStream(seed, nonces)``, so
draw's reshuffle of the discards continues the same provable stream. The nonces are published
with the deal, the seed at results.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from room.errors import Code, RoomError
from room.game import GameSession, PlayerInfo, Request, SeatKind, TableRequest, TableSettings
from rules.cards import Card, CardError
from rules.dealorder import hand_order
from rules.fairdeal import new_seed
from rules.poker import (
    Action,
    ActionError,
    Betting,
    Game,
    HandConfig,
    Phase,
    SettingsError,
    Verb,
)

from games.codes import TableCode
from games.table.clock import auto_deal_at
from games.table.fair import FairDeal, FairDealing, seats_order
from games.viewtypes import HandRecord, TableView

from . import choices, extras, hostctl, saving, tablerequests, views
from . import hands as hands_mod
from .cashbook import CashBook
from .clock import TurnClock
from .dealing import DealStream, FixedStream
from .hands import PlayedHand, replay, stars_text, viewer_record
from .seating import Seating, Sitter, deal_in
from .settings import (
    Mode,
    PokerSettings,
    check_change,
    check_timer,
    parse_settings,
)
from .tablestate import Carried
from .tournament import Level, LevelClock, Standings, schedule

DeckSource = Callable[[], "DealStream | Sequence[int]"]
"""Where each hand's cards come from: a stream (``deck()`` + ``reshuffle()``) or a plain deck
(tests). None: the provably fair deal."""

HISTORY_HANDS = 50
"""Finished hands kept for export."""
VERBS = {v.value: v for v in (Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BET, Verb.RAISE,
                              Verb.ALLIN, Verb.DRAW)}


def wall_ms() -> int:
    """The host's wall clock in ms since 1970 (UTC): when a hand was dealt, for its history
    (every other time in a game is the room's monotonic ``now``)."""
    return int(time.time() * 1000)


class PokerGame(FairDealing):
    """One table-game session (see the module docstring)."""

    def __init__(self, deck_source: DeckSource | None = None, *, game: str = "holdem",
                 table_name: str = "Ultimate Omaha",
                 seed_source: Callable[[], str] = new_seed,
                 wall_clock: Callable[[], int] = wall_ms) -> None:
        super().__init__(seed_source)
        self.fair_mode = deck_source is None
        self._deck_source = deck_source
        self.wall_clock = wall_clock
        self.tournament_id: str | None = None
        """A tournament's own random id (drawn when it starts; kept over reloads, successions
        and changes of game), which its hand histories name it by."""
        self.table_name = table_name
        try:
            self.game = Game.parse(game)
        except SettingsError:
            raise RoomError(f"no table game {game!r}", Code.GAME_UNKNOWN) from None
        self.settings: PokerSettings = parse_settings({}, self.game)
        self.game_id: str = self.game.value
        self.grace_ms = 10_000
        self.auto_deal = False
        self.seating = Seating()
        self.names: dict[str, str] = {}
        self.book = CashBook()
        self.standings: Standings | None = None
        self.levels: tuple[Level, ...] = schedule(5, 10, 0)
        self.level_clock: LevelClock | None = LevelClock(self.settings.level_by,
                                                         self.settings.level_length)
        self.played: PlayedHand | None = None
        self.finished: deque[PlayedHand] = deque(maxlen=HISTORY_HANDS)
        self.hand_no = 0
        self.seq = 0
        self.button: int | None = None
        self._planned_stakes: tuple[int | None, int, int, int] | None = None
        """The level, blinds and ante of the deal waiting for nonces (its dealing order,
        published before the nonces, says who can pay a bomb pot's ante)."""
        self.clock = TurnClock()
        self.away_since: dict[str, int] = {}
        self.played_out: set[str] = set()
        self.host: str | None = None
        self.watchers: dict[str, bool] = {}
        """Present but not seated (spectators, a full table, late for a tournament)."""
        self.now = 0
        self.results_at = 0
        self.auto_on_at = 0
        self._configured = False
        self.paused = False
        """The host paused the table: no new hand is dealt (:mod:`.hostctl`)."""
        self.bomb_next: int | None = None
        """A bomb pot the host called for the next hand: its ante (0: one big blind)."""
        self.bomb_dealing: int | None = None
        """The bomb pot of the deal waiting for nonces (taken from :attr:`bomb_next`)."""
        self.straddles: set[str] = set()
        """Players with a standing straddle (``straddle_on``): posted when under the gun."""
        self.pick: extras.Pick | None = None
        """Dealer's choice: the button's pick of the next hand's game (:mod:`.extras`)."""
        self.switching = False
        """The host's change to another game waits: its first hand is next, so no pick opens
        (``static/rules/table-games.md#dealers-choice``)."""
        self.game_dealing: Game | None = None
        """The picked game of the deal waiting for nonces (taken from :attr:`pick`)."""
        self.carried_mode: Carried | None = None
        """After ``carry_over`` (a succession or a change of game): what the books were kept
        in (mode, chip value, a tournament's schedule), which the new settings must keep."""
        self.muckers: set[str] = set()
        """Players who muck a losing hand at the showdown (:mod:`.choices`)."""
        self.twice_since: int | None = None
        """When the running hand asked to run it twice (:mod:`.choices`)."""

    # --- the interface ----------------------------------------------------------------------

    @property
    def hand_running(self) -> bool:
        return self.played is not None and not self.played.hand.is_over

    @property
    def tournament(self) -> bool:
        return self.settings.mode is Mode.TOURNAMENT

    def to_act(self) -> frozenset[str]:
        """The one player whose turn it is (empty between hands)."""
        pid = self._actor()
        return frozenset() if pid is None else frozenset((pid,))

    def set_players(self, players: Sequence[PlayerInfo], now_ms: int) -> None:
        """Who is in the room now, in the room's order. New players take the first free
        seat (cash: with no chips, to buy in; a tournament seats newcomers only before it
        starts); a player missing from the list has left (cash: cashed out now, or when the
        hand they are in ends); a dropped player of the running hand starts their grace."""
        self.now = max(self.now, int(now_ms))
        here: dict[str, bool] = {}
        self.host = None
        self.watchers = {}
        for p in players:
            if p.is_host:
                self.host = p.id
            self.names[p.id] = p.name
            if p.id in self.book.ledger:  # renamed or not: one row by id (its key), new name
                self.book.ledger.add_player(p.id, p.name)
            if p.kind is SeatKind.SPECTATOR:
                self.watchers[p.id] = p.connected
                continue
            here[p.id] = p.connected
            sitter = self.seating.by_id.get(p.id)
            if sitter is None:
                sitter = self._seat_newcomer(p.id)
                if sitter is None:
                    self.watchers[p.id] = p.connected
                    continue
            sitter.connected = p.connected
            sitter.present = True
        for sitter in self.seating.sitters():
            if sitter.pid not in here:
                sitter.connected = False
                sitter.present = False
                if not self.tournament and not self.in_running_hand(sitter.pid):
                    self._cash_out(sitter)
        if self.hand_running:
            assert self.played is not None
            for pid in self.played.ids:
                s = self.seating.by_id.get(pid)
                if s is not None and s.connected:
                    self.away_since.pop(pid, None)
                else:
                    self.away_since.setdefault(pid, self.now)
            self._auto()
        self._deal_on_presence()

    def configure(self, settings: TableSettings) -> None:
        """New host settings: validated first (``settings/...``), then the running hand keeps
        its own, the next hand takes the new ones."""
        new = parse_settings(settings.game, self.game)
        timer = check_timer(int(settings.timer_ms))
        if self.carried_mode is not None:
            saving.check_carried(self.carried_mode, new)
        if self._configured:
            check_change(self.settings, new, started=self.hand_no > 0,
                         tournament_running=self.tournament and self.hand_no > 0)
        self._configured = True
        if settings.auto_deal and not self.auto_deal:
            self.auto_on_at = self.now
        self.settings = new
        was_switching, self.switching = self.switching, bool(settings.switching)
        if not new.choice_games or self.switching:  # no pick waits: dealer's choice is off,
            self.pick = None  # or the host's change of game sets it aside
        if new.game not in hostctl.BOMB_TABLES:  # a bomb pot carried from the game before
            self.bomb_next = None  # cannot be played here (draw has no boards; a bomb-pot
            # table plays one every hand at its own ante)
        self.grace_ms = int(settings.grace_ms)
        self.auto_deal = bool(settings.auto_deal)
        self.clock.timer_ms = timer
        self.clock.grace_ms = self.grace_ms
        self.clock.bank_ms = new.time_bank_s * 1000
        self.levels = schedule(new.small_blind, new.big_blind, new.ante)
        if self.level_clock is None or not self.tournament or self.hand_no == 0:
            self.level_clock = LevelClock(new.level_by, new.level_length)
        if was_switching and not self.switching and self.hand_no > 0 and not (
                self.hand_running or self.is_dealing()):
            self._open_pick()  # the change of game called off: the button picks afresh

    def next_hand(self, by_host: bool = True) -> None:
        """Deals the next hand to everyone who plays (see :mod:`.seating`): the host's Next
        hand, or (``by_host`` False) auto-deal, which waits for a pick with no time limit."""
        self._refuse_while_dealing()
        if self.hand_running:
            raise RoomError("a hand is still running", Code.GAME_HAND_RUNNING)
        if self.paused:
            raise RoomError("the table is paused; resume it to deal", Code.GAME_PAUSED)
        if self.standings is not None and self.standings.winner is not None:
            raise RoomError(f"the tournament is over: {self._name(self.standings.winner)} won",
                            Code.GAME_OVER)
        if self.tournament and self.hand_no == 0:
            self._start_tournament()
        ready, waiting = self._candidates()
        self.game_dealing = self._picked_game(by_host)
        hs = self._hand_settings()
        bomb = self.bomb_next
        if bomb is None and extras.bomb_due(self.settings, self.hand_no + 1):
            bomb = 0  # every N hands: the table's ante, or one big blind
        game = Game.BOMB_DOUBLE if bomb is not None else hs.game
        if bomb is not None:  # a bomb pot deals everyone with chips: nobody waits
            ready, waiting = sorted(ready + waiting), []
        try:
            button, seats = deal_in(self.button, ready, waiting,
                                    posts_blinds=bomb is None and hs.posts_blinds,
                                    most=hs.max_seats)
        except ValueError:
            raise RoomError("a hand needs at least two players with chips",
                            Code.GAME_NO_PLAYERS) from None
        self.bomb_dealing, self.bomb_next = bomb, None
        sitters = [s for s in self.seating.sitters() if s.seat in seats]
        players = [s.pid for s in sitters]
        self._planned_stakes = stakes = self._stakes(bomb, game, ahead=1)
        # A bomb pot deals only the stacks that pay its ante; a tournament's deals every stack
        # with chips, a short one all in (static/rules/table-games.md, Bomb pot).
        floor = stakes[3] if game is Game.BOMB_DOUBLE and not self.tournament else 1
        # The public dealing order, fixed before any nonce (rules.dealorder.hand_order): the
        # game of this hand, the button, and every player asked for a nonce with whether
        # they are dealt in (a bomb pot deals only those who can pay its ante).
        order = seats_order(game.value, button,
                            [(s.seat, s.pid, s.stack >= max(floor, 1)) for s in sitters],
                            len(game.variant.deck))
        if self._deck_source is None:
            self.seq += 1
            self._start_deal(self.hand_no + 1, players, self.host, order)
            return
        got = self._deck_source()
        self._deal(players, FixedStream(list(got)) if isinstance(got, Sequence) else got, None,
                   order)

    # --- the fair deal (games.table.fair.FairDealing does the rest) -------------------------

    def _fair_now(self) -> int:
        return self.now

    def _fair_connected(self) -> Mapping[str, bool]:
        return {s.pid: s.connected for s in self.seating.sitters()}

    def _deal_fair(self, deal: FairDeal) -> bool:
        """Deals the hand of ``deal`` from its stream; False (not dealt) if fewer than two
        players answered or the hand would not be dealt as its order says."""
        if len(deal.players) < 2:
            return False
        try:
            self._deal(deal.players, self.flow.stream(deal), deal, deal.order)
        except RoomError:
            return False
        return True

    def _void_deal(self) -> None:
        """Nothing dealt: the hand's number is used up (its commitment was published)."""
        self.hand_no += 1  # void: the number was announced with the commitment
        self.seq += 1
        if self.bomb_next is None:  # a called bomb pot waits for the next deal
            self.bomb_next = self.bomb_dealing
        self.bomb_dealing = None
        self.game_dealing = None  # the pick (kept) is taken again by the next deal
        self.played = None
        self.results_at = self.now

    def _stakes(self, bomb: int | None, game: Game,
                ahead: int) -> tuple[int | None, int, int, int]:
        """``(tournament level, small blind, big blind, ante)`` of a hand dealt now, ``ahead``
        hands after the last one counted by the level clock."""
        level_no = None
        small, big, ante = self.settings.small_blind, self.settings.big_blind, \
            self._hand_settings().ante
        if self.tournament:
            assert self.level_clock is not None
            self.level_clock.hands += ahead
            level_no = min(self.level_clock.index(self.now), len(self.levels) - 1)
            self.level_clock.hands -= ahead
            lv = self.levels[level_no]
            small, big, ante = lv.small, lv.big, lv.ante
            if not ante and self._hand_settings().ante and not self._hand_settings().posts_blinds:
                ante = small  # a draw hand with antes picked at a blinds table: draw's own
        if bomb is not None:  # the host's bomb pot: their ante, or one big blind
            ante = bomb or big
        elif game is Game.BOMB_DOUBLE and ante == 0:
            ante = big
        return level_no, small, big, ante

    def _deal(self, players: Sequence[str], stream: DealStream,
              fair: FairDeal | None, order: Mapping[str, Any]) -> None:
        """Starts a hand for ``players`` (those whose nonce came) from ``stream`` (fair: the
        flow's dealt record), as the public dealing ``order`` published before the nonces
        says (:func:`rules.dealorder.hand_order`): the button, who is dealt in and in which
        order. A hand that would not be dealt that way is not dealt (``game/no_players``)."""
        sitters = [s for s in self.seating.sitters() if s.pid in players]
        seats = [s.seat for s in sitters]
        bomb = self.bomb_dealing
        hs = self._hand_settings()
        game = Game.BOMB_DOUBLE if bomb is not None else hs.game
        betting = Betting.POT_LIMIT if bomb is not None else hs.betting
        button, dealing = hand_order([(int(a), str(b), bool(c)) for a, b, c in order["seats"]],
                                     int(order["button"]), set(players))
        level_no, small, big, ante = self._planned_stakes or self._stakes(bomb, game, ahead=1)
        self._planned_stakes = None
        try:
            if Game.parse(order["game"]) is not game or button not in seats:
                raise SettingsError("the hand would not be dealt as its dealing order says")
            blinds = bomb is None and hs.posts_blinds
            posts = tuple(i for i, s in enumerate(sitters) if s.posting and blinds)
            config = HandConfig(game, betting, tuple(s.stack for s in sitters),
                                seats.index(button), (small, big), ante, hs.cap,
                                posts, draw_blinds=blinds and game is Game.DRAW,
                                short_bomb_all_in=self.tournament, bb_ante=hs.bb_ante,
                                bounty=hs.bounty)
            config = self._with_straddle(config, sitters, hs)
            if [sitters[i].pid for i in config.seats_in_order] != dealing:
                raise SettingsError("the hand would not be dealt as its dealing order says")
        except SettingsError as exc:
            if self.bomb_next is None:  # not dealt: the called bomb pot waits
                self.bomb_next = bomb
            self.bomb_dealing = None
            raise RoomError(str(exc), Code.GAME_NO_PLAYERS) from None
        if self.tournament:
            assert self.level_clock is not None
            self.level_clock.hands += 1
        self.played = hands_mod.start(
            self.hand_no + 1, [s.pid for s in sitters], seats,
            [self._name(s.pid) for s in sitters], config, stream, level=level_no,
            fair=fair, started_ms=self.wall_clock(),
            tournament=self.tournament_id if self.tournament else None,
            run_twice=self.settings.run_twice,
            mucking=[i for i, s in enumerate(sitters) if s.pid in self.muckers],
        )
        self.twice_since = None
        self.button = button
        self.hand_no += 1
        self.seq += 1
        self.bomb_dealing = None
        self.game_dealing = None
        self.pick = None
        for s in sitters:
            s.waiting = s.posting = False
        self.away_since = {s.pid: self.now for s in sitters if not s.connected}
        self.played_out = set()
        self.clock.start_turn(self.now)
        self._settle()
        self._auto()

    def handle_action(self, player_id: str, request: Request) -> None:
        """A betting request from ``player_id`` (identity from the connection). Refusals:
        ``game/no_hand``, ``game/queued`` (not in this hand), ``game/stale`` (an older view's
        seq), ``game/not_your_turn``, ``game/bad_action`` (unknown verb, bad amount or card),
        ``game/illegal`` (the engine's reason). A refusal changes nothing."""
        played = self.played
        if played is None or played.hand.is_over:
            raise RoomError("no hand is running", Code.GAME_NO_HAND)
        seat = played.engine_seat(player_id)
        if seat is None or not played.config.dealt_in[seat]:
            raise RoomError("you are not in this hand", Code.GAME_QUEUED)
        if request.seq != self.seq:
            raise RoomError(f"that {request.action} was chosen on an older view (seq "
                            f"{request.seq}; the table is at seq {self.seq}); nothing was done",
                            Code.GAME_STALE)
        if played.hand.to_act != seat:
            raise RoomError("it is not your turn", Code.GAME_NOT_YOUR_TURN)
        action = self._parse(seat, request)
        try:
            action = played.hand.verify(action)
        except ActionError as exc:
            raise RoomError(str(exc), Code.GAME_ILLEGAL) from None
        self._act(player_id, action, auto=False)
        self._auto()

    @staticmethod
    def _parse(seat: int, request: Request) -> Action:
        verb = VERBS.get(request.action)
        if verb is None:
            raise RoomError(f"unknown action {request.action!r} (one of "
                            f"{', '.join(VERBS)})", Code.GAME_BAD_ACTION)
        amount = request.amount
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)
                                   or amount < 0):
            raise RoomError(f"an amount is a whole number of chips, got {amount!r}",
                            Code.GAME_BAD_ACTION)
        if verb not in (Verb.BET, Verb.RAISE) and amount is not None:
            raise RoomError(f"{verb.value} takes no amount", Code.GAME_BAD_ACTION)
        cards: tuple[Card, ...] = ()
        if request.cards:
            if verb is not Verb.DRAW:
                raise RoomError(f"{verb.value} takes no cards", Code.GAME_BAD_ACTION)
            try:
                cards = tuple(Card.parse(c) for c in request.cards)
            except (CardError, TypeError, AttributeError):
                raise RoomError(f"not cards: {request.cards!r}", Code.GAME_BAD_ACTION) from None
        return Action(seat, verb, amount, cards)

    def table_host_only(self, action: str) -> str | None:
        """Which table requests are the host's, from their declaration
        (:data:`.tablerequests.TABLE_REQUESTS`): the room refuses a guest's."""
        return tablerequests.host_words(action)

    def handle_table(self, player_id: str, request: TableRequest) -> bool:
        """A table request that is not a turn (see the module docstring), checked against
        its declaration first (:func:`.tablerequests.check`); the room has checked that
        the host's requests come from the host. False when it changed nothing (sitting
        out when already out, in when already in): the room then sends no views."""
        tablerequests.check(request)
        what = request.action
        if what in ("pause", "resume"):
            hostctl.pause(self, what == "pause")
            return True
        if what == "bomb_pot":
            hostctl.call_bomb(self, request.amount)
            return True
        if what == "bomb_pot_off":
            hostctl.call_off_bomb(self)
            return True
        if what == "set_stack":
            hostctl.set_stack(self, request.player, request.amount)
            return True
        if what in choices.REQUESTS:
            running = self.hand_running
            try:
                changed = choices.handle(self, player_id, what, request.amount)
            except choices.ChoiceError as exc:
                raise RoomError(str(exc), Code.GAME_ILLEGAL) from None
            if running:  # an answer to run it twice deals the rest of the hand
                self._settle()
                self._auto()
            return changed
        sitter = self.seating.by_id.get(player_id)
        if sitter is None:
            raise RoomError("you have no seat at this table", TableCode.TABLE_NOT_SEATED)
        if what in ("straddle_on", "straddle_off", "pick_game"):
            return self._handle_extra(player_id, request)
        if what in ("sit_out", "sit_in") and sitter.sitting_out == (what == "sit_out"):
            return False
        if what == "buy_in":
            self._buy_in(sitter, request.amount)
        elif what == "sit_out":
            sitter.sitting_out = True
        elif what == "sit_in":
            if sitter.sitting_out and not self.tournament:
                sitter.waiting = self.settings.posts_blinds and self.hand_no > 0
            sitter.sitting_out = False
        elif what == "post":
            if not sitter.waiting:
                raise RoomError("you are not waiting for the big blind",
                                TableCode.TABLE_NOT_WAITING)
            sitter.waiting, sitter.posting = False, True
        else:  # a request declared in tablerequests but not handled here: a bug
            raise AssertionError(f"table request {what!r} has no handler")
        self._auto()
        return True

    def tick(self, now_ms: int) -> bool:
        """The fair deal's wait, automatic actions whose time ran out, then auto-deal. True
        if anything changed."""
        self.now = max(self.now, int(now_ms))
        waited, changed = self._tick_deal()
        if waited:
            return changed
        while choices.expire(self):
            changed = True
            self._settle()
        while self.hand_running:
            pid = self._actor()
            if pid is None:  # a question outside the turns (run it twice) waits
                break
            deadline = self.clock.deadline(pid, self.away_since.get(pid))
            if deadline is None or deadline > self.now:
                break
            self._default(pid)
            self._auto()
            changed = True
        if (not self.hand_running and self.auto_deal and self.hand_no > 0 and not self.paused
                and self.now >= auto_deal_at(self.results_at, self.auto_on_at)):
            try:
                self.next_hand(by_host=False)
                changed = True
            except RoomError:
                pass
        return changed

    def view_for(self, player_id: str) -> TableView:
        return views.build(self, player_id)

    def is_queued(self, player_id: str) -> bool:
        """Seated, connected, able to play and not in the running hand: dealt in soon."""
        s = self.seating.by_id.get(player_id)
        if s is None or not s.connected or s.sitting_out or s.stack == 0:
            return False
        if self.flow.dealing is not None:
            return not self.flow.invites(player_id)
        return not (self.played is not None and self.hand_running
                    and self.played.dealt_in(player_id))

    def holds(self, player_id: str) -> bool:
        """Still has cards in the running hand (not folded), or is being dealt in."""
        if self.flow.invites(player_id):
            return True
        played = self.played
        if played is None or played.hand.is_over:
            return False
        seat = played.engine_seat(player_id)
        return seat is not None and played.hand.in_hand[seat]

    def play_out(self, player_id: str) -> None:
        """Removed by the host: the default action at every turn left in this hand, from now;
        not dealt in if a deal waits for nonces."""
        self.flow.uninvite(player_id)
        if self.played is not None and self.hand_running and self.played.dealt_in(player_id):
            self.played_out.add(player_id)
            self._auto()

    def balances(self) -> Mapping[str, int]:
        """Cents per player ever seated (a tournament moves no money: all zero)."""
        if self.tournament:
            return {pid: 0 for pid in self.book.bought}
        return self.book.balances()

    # --- cash --------------------------------------------------------------------------------

    def _seat_newcomer(self, pid: str) -> Sitter | None:
        if self.tournament and self.hand_no > 0:
            return None
        sitter = self.seating.take(pid)
        if sitter is None:
            return None
        self.book.register(pid, self._name(pid))
        # before the first hand nobody waits for a big blind: the first deal places them
        sitter.waiting = (not self.tournament and self.settings.posts_blinds
                          and self.hand_no > 0)
        return sitter

    def _buy_in(self, sitter: Sitter, chips: int | None) -> None:
        if self.tournament:
            raise RoomError("a tournament has no buy-ins at the table", TableCode.TABLE_NOT_CASH)
        if self.holds(sitter.pid) or self.in_running_hand(sitter.pid):
            raise RoomError("buy more chips between hands", TableCode.CASH_IN_HAND)
        s = self.settings
        self.book.check_buy_in(sitter.stack, chips, least=s.min_buy_in, most=s.max_buy_in)
        assert isinstance(chips, int)
        self.book.buy(sitter.pid, chips)
        sitter.stack += chips

    def _cash_out(self, sitter: Sitter) -> None:
        self.book.cash_out(sitter.pid, sitter.stack)
        sitter.stack = 0
        self.seating.leave(sitter.pid)

    def in_running_hand(self, pid: str) -> bool:
        """Whether ``pid`` holds cards in the hand being played (their chips are in play)."""
        return self.played is not None and self.hand_running and self.played.dealt_in(pid)

    # --- tournament --------------------------------------------------------------------------

    def _start_tournament(self) -> None:
        entrants = [s for s in self.seating.sitters() if s.present]
        if len(entrants) < 2:
            raise RoomError("a tournament needs at least two players", Code.GAME_NO_PLAYERS)
        for s in list(self.seating.sitters()):
            if not s.present:
                self.seating.leave(s.pid)
        for s in entrants:
            self.book.register(s.pid, self._name(s.pid))
            self.book.buy(s.pid, self.settings.starting_stack)
            s.stack = self.settings.starting_stack
            s.waiting = False
        self.standings = Standings([s.pid for s in entrants])
        self.tournament_id = secrets.token_hex(8)  # not a seed drawn: the deal's stay as they are
        assert self.level_clock is not None
        self.level_clock.started = self.now

    def current_level(self) -> Level | None:
        if not self.tournament or not self.levels:
            return None
        assert self.level_clock is not None
        index = self.level_clock.index(self.now)
        return self.levels[min(index, len(self.levels) - 1)]

    # --- internals ---------------------------------------------------------------------------

    def _candidates(self) -> tuple[list[int], list[int]]:
        ready: list[int] = []
        waiting: list[int] = []
        for s in self.seating.sitters():
            if s.stack <= 0:
                continue
            if self.tournament:
                ready.append(s.seat)
                continue
            if s.sitting_out or not s.connected or not s.present:
                continue
            (waiting if s.waiting else ready).append(s.seat)
        return ready, waiting

    def _actor(self) -> str | None:
        played = self.played
        if played is None or played.hand.is_over or played.hand.to_act is None:
            return None
        return played.ids[played.hand.to_act]

    def _act(self, pid: str, action: Action, *, auto: bool) -> None:
        assert self.played is not None
        hands_mod.apply(self.played, action, auto)
        self.clock.charge(pid, self.now)
        self.seq += 1
        self.clock.start_turn(self.now)
        self._settle()

    def _default(self, pid: str) -> None:
        """Check if nothing is to call, else fold; in the draw, stand pat."""
        assert self.played is not None
        legal = self.played.hand.legal()
        if legal.phase is Phase.DRAWING:
            action = Action(legal.seat, Verb.DRAW)
        else:
            action = Action(legal.seat, Verb.CHECK if legal.can_check else Verb.FOLD)
        self._act(pid, action, auto=True)

    def _auto(self) -> None:
        """Default actions that are due at once (removed players; tournament sit-outs)."""
        while self.hand_running:
            if choices.expire(self, clock=False):  # a removed player asked to run it twice
                self._settle()
                continue
            pid = self._actor()
            if pid is None:
                break
            sitter = self.seating.by_id.get(pid)
            if pid in self.played_out or (
                self.tournament and sitter is not None and sitter.sitting_out
            ):
                self._default(pid)
            else:
                break

    def _settle(self) -> None:
        """After a deal or an action: a finished hand's chips go back to the seats."""
        played = self.played
        assert played is not None
        choices.note_question(self)
        if played.hand.is_over:
            self._finish(played)

    def _finish(self, played: PlayedHand) -> None:
        result = played.hand.result()
        nets: dict[str, int] = {}
        before = 0
        busted: list[tuple[str, int]] = []
        if self.standings is not None:
            before = sum(1 for s in self.seating.sitters() if s.stack > 0)
        for i, pid in enumerate(played.ids):
            if not played.config.dealt_in[i]:
                continue  # a bomb pot's short seat: its chips (rebuys, a cash-out) are its own
            sitter = self.seating.by_id[pid]  # dealt in: seated until the hand is settled
            start = played.config.stacks[i]
            sitter.stack = result.stacks[i]
            nets[pid] = result.net[i]
            if start > 0 and sitter.stack == 0:
                busted.append((pid, start))
        if not self.tournament:
            self.book.apply_hand(nets, self.settings.chip_cents)
            for sitter in self.seating.sitters():
                if not sitter.present:
                    self._cash_out(sitter)
        elif self.standings is not None and busted:
            self.standings.bust(busted, before)
        self.finished.append(played)
        self.results_at = self.now
        self.away_since = {}
        self.played_out = set()
        self._open_pick()

    # --- the home-game extras (games.poker.extras) -------------------------------------------

    def _hand_settings(self) -> PokerSettings:
        """The settings the hand being dealt plays by: the table's, or those of the game the
        button picked at a dealer's-choice table."""
        if self.game_dealing is None:
            return self.settings
        return extras.hand_settings(self.settings, self.game_dealing) or self.settings

    def _picked_game(self, by_host: bool) -> Game | None:
        """The game of the hand about to be dealt at a dealer's-choice table: the pick, or the
        default once its time is up (None: the table's own game). Refuses to deal while the
        button still has time to pick (``table/picking``); after that a pick that waits (the
        turn timer off) holds off auto-deal, not the host's Next hand."""
        pick = self.pick
        if pick is None or not self.settings.choice_games:
            return None
        picker = self.seating.by_id.get(pick.picker)
        away = picker is None or not picker.connected or picker.sitting_out
        if pick.game is None and not away:
            if self.now < pick.until:
                left = (pick.until - self.now + 999) // 1000
                raise RoomError(f"{self._name(pick.picker)} is picking the next game ({left} s "
                                "left)", TableCode.TABLE_PICKING)
            if pick.waits and not by_host:
                raise RoomError(f"{self._name(pick.picker)} is picking the next game (the "
                                "host may deal the default)", TableCode.TABLE_PICKING)
        game = pick.game or pick.games[0]
        return game if game in extras.offered(self.settings) else None

    def _open_pick(self) -> None:
        """After a hand at a dealer's-choice table: the player who will have the next
        button picks its game (none for a bomb pot: it is no one's pick)."""
        self.pick = None
        games = extras.offered(self.settings)
        if (len(games) < 2 or self.switching or self.bomb_next is not None
                or extras.bomb_due(self.settings, self.hand_no + 1)
                or (self.standings is not None and self.standings.winner is not None)):
            return
        ready, waiting = self._candidates()
        try:
            button, _ = deal_in(self.button, ready, waiting,
                                posts_blinds=self.settings.posts_blinds,
                                most=self.settings.max_seats)
        except ValueError:
            return
        picker = next(s.pid for s in self.seating.sitters() if s.seat == button)
        timer = self.clock.timer_ms
        self.pick = extras.Pick(self.hand_no + 1, picker, self.now + extras.pick_time(timer),
                                games, waits=timer == 0)

    def _with_straddle(self, config: HandConfig, sitters: Sequence[Sitter],
                       hs: PokerSettings) -> HandConfig:
        """``config`` with the straddle when the table allows it and the player under the
        gun has a standing straddle (``static/rules/table-games.md#straddle``)."""
        if not hs.straddle:
            return config
        seat = replace(config, straddle=True).straddler
        if seat is None or sitters[seat].pid not in self.straddles:
            return config
        return replace(config, straddle=True)

    def _handle_extra(self, pid: str, request: TableRequest) -> bool:
        """``straddle_on``/``straddle_off`` (a standing choice, any time: it counts from the
        next hand dealt) and ``pick_game`` (the button's pick). False when nothing changed."""
        what = request.action
        if what == "pick_game":
            game = extras.parse_pick(self.pick, pid, request.amount, self.now)
            assert self.pick is not None
            changed = self.pick.game is not game
            self.pick.game = game
            return changed
        if not self.settings.straddle and what == "straddle_on":
            raise RoomError("this table does not play the straddle", Code.GAME_ILLEGAL)
        on = what == "straddle_on"
        if (pid in self.straddles) == on:
            return False
        (self.straddles.add if on else self.straddles.discard)(pid)
        return True

    def _name(self, pid: str) -> str:
        return self.names.get(pid, pid)

    # --- chips, for tests and the views ------------------------------------------------------

    def stack_of(self, pid: str) -> int:
        """Chips in front of ``pid`` now (in a running hand: behind their bet)."""
        played = self.played
        if played is not None and self.hand_running and played.dealt_in(pid):
            seat = played.engine_seat(pid)
            assert seat is not None
            return played.hand.stacks[seat]
        sitter = self.seating.by_id.get(pid)
        return sitter.stack if sitter is not None else 0

    def chips_on_table(self) -> int:
        """Stacks, bets and pots: always the chips bought in and not cashed out."""
        total = sum(self.stack_of(s.pid) for s in self.seating.sitters())
        if self.played is not None and self.hand_running:
            hand = self.played.hand
            total += sum(hand.bets) + hand.pot_total()
        return total

    # --- history -----------------------------------------------------------------------------

    def history(self) -> list[HandRecord]:
        """The last finished hands' public JSON records, oldest first."""
        return [p.record() for p in self.finished]

    def pokerstars(self, hand_no: int, hero: str | None) -> str:
        """A finished Hold'em/Omaha hand in PokerStars text, as ``hero`` saw it."""
        for p in self.finished:
            if p.hand_no == hand_no:
                return stars_text(p, hero, self.table_name)
        raise RoomError(f"hand {hand_no} is not among the last {HISTORY_HANDS} hands",
                        Code.EXPORT_INVALID)

    def records_for(self, viewer: str | None) -> list[HandRecord]:
        """The last finished hands' records as ``viewer`` keeps them (their own hole cards
        added: :func:`.hands.viewer_record`), oldest first, whole (a view may shorten a long
        hand's actions; these are the host's own)."""
        return [viewer_record(p, viewer) for p in self.finished]

    # --- snapshot, restore, carry-over -------------------------------------------------------

    def snapshot(self) -> saving.TableSnapshot:
        """Everything needed to go on after the host's page reloads (host storage only:
        it holds every card of the running hand)."""
        return saving.snapshot(self)

    def restore(self, data: Mapping[str, Any], now_ms: int) -> None:
        """Takes over a :meth:`snapshot`: the running hand goes on, replayed from its deck
        and actions; times move to the new clock."""
        saving.restore(self, data, now_ms)

    def carry_over(self, data: Mapping[str, Any]) -> None:
        """After a succession, from the last view the new host saw: the books, the stacks as
        they were when the interrupted hand started (that hand is void), the hand count."""
        saving.carry_over(self, data)


if TYPE_CHECKING:  # mypy holds the class to the room's interface, method by method
    _IS_A_GAME_SESSION: GameSession = PokerGame()

__all__ = ["PokerGame", "replay"]

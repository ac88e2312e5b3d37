"""Ultimate Omaha at the table: hands, per-viewer views, and when things happen.

:class:`UltimateGame` is the room's :class:`~room.game.GameSession` for the flagship game. The
rules are :class:`rules.ultimate.UltimateHand`'s (never re-implemented here); the table policy
every game shares is :mod:`games.table`'s (the fair-deal flow, presence, clocks, the ledger
view). This module only says what that means for Ultimate Omaha: who is dealt in (everyone
connected), what a decision's default is (a Check), and *who sees what* (the view contract D
in the brief).

Secrecy is by construction: :meth:`UltimateGame.view_for` builds each view from scratch out of
the hand's own visibility queries (``visible_board``, ``visible_stake``, ``visible_actions``),
so another player's hole cards, an undealt board card or another player's choice in the current
round are never even read into a guest's view before results.

The view is contract D's, plus a few additive fields: ``game`` (``"ultimate"``),
``you.deadline_ms`` (when this player's own decision becomes an automatic Check),
``seats[].present`` (still seated in the room; false for a player who left mid-hand),
``ledger.rows[].hands`` and ``ledger.bank_hands`` (so the CSV export matches
``rules.ledger``'s), ``ledger.settle_up[].from_id``/``to_id``, and ``ledger.omitted`` (lines
left out of a very long ledger, see :func:`games.table.ledger.fit`). ``deadline_ms`` and
``auto_deal_ms`` are milliseconds left *when the view was built*: host and guest clocks
differ, so the page counts down from the moment the view arrives. ``seq`` is the game's
decision counter (one per deal and per round), not the wire message's ``seq``. At results,
``results`` is also the hand's history entry (``room.export.history_entry`` files it as is).

Provably fair deal (fair mode, the default without a ``deck_source``): see
:mod:`games.table.fair`. While dealing, the view's phase is ``"dealing"``, ``hand_no`` is the
coming hand's, no card is shown, and ``deadline_ms`` counts down the wait for nonces; the
room refuses acts with ``game/dealing``. The deal's public dealing order (``fair.order``,
published with the commitment) is ``{"game": "ultimate", "players": [ids in seat order]}``: the
players asked for a nonce; those whose nonce came are dealt in, in that order
(``rules.dealorder``: four cards each, then board 1, then board 2). ``fair`` is ``null`` for a
hand dealt from a fixed deck.

The module imports the evaluator (through ``rules.ultimate``); the menu never imports it —
:func:`games.registry.factory` loads it when the host starts the game.

>>> from rules.cards import FULL_DECK
>>> from room.game import GameSession, PlayerInfo, Request, TableRequest, TableSettings
>>> game = UltimateGame(deck_source=lambda: FULL_DECK)
>>> game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False,
...                                game={"base_cents": 100}))
>>> game.set_players([PlayerInfo("p1", "Ann", True), PlayerInfo("p2", "Bob", True)], 0)
>>> game.next_hand()
>>> view = game.view_for("p2")
>>> view["you"]["hole"], view["board1"][:2], view["seq"], view["game"]
(['3c', '3d', '3h', '3s'], ['??', '??'], 1, 'ultimate')
>>> game.handle_action("p1", Request("double", 1)); game.view_for("p2")["seats"][0]["stake_cents"]
100
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from room.errors import Code, RoomError
from room.game import GameSession, PlayerInfo, Request, TableRequest, TableSettings
from rules.cards import Card, shuffled_deck
from rules.errors import IllegalAction
from rules.fairdeal import new_seed
from rules.ledger import Ledger
from rules.ultimate import (
    BOARD_CARDS,
    ActionRecord,
    BoardScore,
    DealRecord,
    Phase,
    UltimateHand,
    hand_words,
)

from games import ultimatesettings
from games.table.clock import Clock
from games.table.fair import FairDeal, FairDealing, players_order
from games.table.ledger import fit, ledger_from_state, ledger_view
from games.table.presence import Presence
from games.viewtypes import (
    UltimateBoard,
    UltimateHandState,
    UltimatePlayer,
    UltimateResults,
    UltimateSeat,
    UltimateSnapshot,
    UltimateView,
    UltimateYou,
)

GAME_ID = ultimatesettings.GAME_ID
SETTINGS = ultimatesettings.SETTINGS
"""Ultimate Omaha's own settings: its base bet (:mod:`games.ultimatesettings`); grace, timer
and auto-deal are the table's (:class:`room.game.TableSettings`)."""

DeckSource = Callable[[], Sequence[int]]
"""Where each hand's deck comes from when not dealt fair: a fixed deck in tests, a ``secrets``
shuffle otherwise."""

HIDDEN = "??"
"""A face-down card, shape kept (pokerkit's censoring): five slots per board, always."""


class UltimateGame(FairDealing):
    """The game session: the current hand, the session ledger, and per-viewer views, over the
    table policy of :mod:`games.table`.

    Time comes only from :meth:`set_players` and :meth:`tick` (sans-IO). ``seq`` counts the
    decision points (each deal and each new round): the room refuses an ``act`` that does not
    echo it (``game/stale``), so a double click that lands after the round moved on is not a
    second Double.
    """

    game_id = GAME_ID

    def __init__(
        self,
        deck_source: DeckSource | None = None,
        *,
        fair: bool | None = None,
        seed_source: Callable[[], str] = new_seed,
    ) -> None:
        super().__init__(seed_source)
        self.fair_mode = deck_source is None if fair is None else fair
        self._deck_source = deck_source or shuffled_deck
        self.seen = Presence()
        self.clock = Clock()
        self._ledger = Ledger()
        self._settings = TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False)
        self._base_cents = ultimatesettings.BASE_CENTS  # the next hand's base bet
        self.hand: UltimateHand | None = None
        self.hand_no = 0
        self.seq = 0

    # --- the fair deal (games.table.fair.FairDealing does the rest) -------------------------

    def _fair_now(self) -> int:
        return self.clock.now

    def _fair_connected(self) -> Mapping[str, bool]:
        return self.seen.present

    def _deal_fair(self, deal: FairDeal) -> bool:
        self._deal(deal.players, self.flow.deck(deal))
        return True

    def _void_deal(self) -> None:
        """Nobody answered (only a game without a host seat): no hand, nothing to undo."""

    # --- the room's hooks ------------------------------------------------------------------

    def set_players(self, players: Sequence[PlayerInfo], now_ms: int) -> None:
        """Who sits in the room now. Players of the running hand who are missing or not
        connected start their grace period (once; it is kept until they are back)."""
        self.clock.advance(now_ms)
        for pid, name in self.seen.seat(players):
            self._ledger.add_player(pid, name)
        if self.hand is not None and not self.hand.is_over:
            self.seen.watch(self.hand.player_ids, self.clock.now)
        self._deal_on_presence()

    def configure(self, settings: TableSettings) -> None:
        """New host settings; the running hand keeps its bet, the next hand takes the new one.
        Ultimate Omaha's one setting is its base bet (``base_cents``, default $1.00); another
        is refused (``settings/unknown``), as is a bet out of bounds (``settings/bad_value``)."""
        unknown = sorted(set(settings.game) - {s.name for s in SETTINGS})
        if unknown:
            raise RoomError(f"Ultimate Omaha has no setting {unknown[0]!r}",
                            Code.SETTINGS_UNKNOWN)
        base = int(ultimatesettings.BASE_BET.check(settings.game.get("base_cents")))
        self.clock.configure(self._settings, settings)
        self._settings, self._base_cents = settings, base

    def next_hand(self) -> None:
        """Deal a hand to every connected player (queued ones included); absent ones sit out.

        In fair mode this starts the deal (:meth:`games.table.fair.FairFlow.start`); the cards
        come once the players' nonces are in (:meth:`handle_nonce`) or the wait is over
        (:meth:`tick`).
        """
        self._refuse_while_dealing()
        if self.hand is not None and not self.hand.is_over:
            raise RoomError("a hand is still running; deal again at results",
                            Code.GAME_HAND_RUNNING)
        players = self.seen.connected_ids()
        if not players:
            raise RoomError("nobody is connected to be dealt in", Code.GAME_NO_PLAYERS)
        if not self.fair_mode:
            self._deal(players, self._deck_source())
            return
        self._start_deal(self.hand_no + 1, players, self.seen.host,
                         players_order(GAME_ID, players))

    def _deal(self, players: Sequence[str], deck: Sequence[int]) -> None:
        self.hand = UltimateHand(players, self._base_cents, deck)
        self.hand_no += 1
        self.seq += 1
        self.clock.new_round()
        self.seen.dealt(players, self.clock.now)

    def to_act(self) -> frozenset[str]:
        """Everyone of the hand still to choose this round (the rounds are simultaneous)."""
        if self.flow.dealing is not None or self.hand is None:
            return frozenset()
        return frozenset(self.hand.waiting_for())

    def handle_action(self, player_id: str, request: Request) -> None:
        """Check or Double for ``player_id`` (identity from the connection, never the payload),
        after the room's ladder (queued, dealing, stale seq, not to act).

        Refusals change nothing: ``game/dealing`` (no hand takes actions: a deal waits for
        nonces), ``game/illegal`` (a verb this game does not have, an amount or cards, which
        no verb here takes, or the rules' reason). The wire bounds only a verb's shape (the
        room knows no game's verbs), so the verb is the rules' to judge first: an unknown one
        is named as such, not as a Check or Double that carried too much.
        """
        hand = self.hand
        if self.flow.dealing is not None or hand is None:
            raise RoomError("the next hand is being dealt; wait for your cards", Code.GAME_DEALING)
        try:
            hand.verify_act(player_id, request.action)
        except IllegalAction as exc:
            raise RoomError(str(exc), Code.GAME_ILLEGAL) from None
        if request.amount is not None or request.cards:
            raise RoomError(f"{request.action} takes no amount and no cards in Ultimate Omaha",
                            Code.GAME_ILLEGAL)
        phase = hand.phase
        try:
            hand.act(player_id, request.action)
        except IllegalAction as exc:
            raise RoomError(str(exc), Code.GAME_ILLEGAL) from None
        self._after(phase)

    def table_host_only(self, action: str) -> str | None:
        """None: Ultimate Omaha has no table requests at all, the host's or anyone's
        (:meth:`handle_table` refuses every one)."""
        return None

    def handle_table(self, player_id: str, request: TableRequest) -> None:
        """Ultimate Omaha has no chips at the table: every table request is refused."""
        raise RoomError(f"Ultimate Omaha has no {request.action.replace('_', '-')}: there are "
                        "no chips at this table (only the base bet and the ledger)",
                        Code.GAME_ILLEGAL)

    def tick(self, now_ms: int) -> bool:
        """Automatic Checks whose grace period or decision timer ran out, then auto-deal."""
        self.clock.advance(now_ms)
        waited, changed = self._tick_deal()
        if waited:
            return changed
        hand = self.hand
        while hand is not None and not hand.is_over:
            due = [
                pid for pid in hand.waiting_for()
                if (d := self._deadline(pid)) is not None and d <= self.clock.now
            ]
            if not due:
                break
            phase = hand.phase
            for pid in due:  # the last of them may end the round; the loop sees the next one
                hand.auto_check(pid)
            self._after(phase)
            changed = True
        if (
            hand is not None
            and hand.is_over
            and self._settings.auto_deal
            and self.clock.now >= self.clock.auto_deal_at()
            and any(self.seen.present.values())
        ):
            self.next_hand()
            changed = True
        return changed

    def holds(self, player_id: str) -> bool:
        """Whether ``player_id`` has a stake in the running hand or is being dealt in."""
        if self.flow.invites(player_id):
            return True
        return (self.hand is not None and not self.hand.is_over
                and player_id in self.hand.player_ids)

    def play_out(self, player_id: str) -> None:
        """The host removed ``player_id``: each decision they have left in this hand is an
        automatic Check from the next :meth:`tick` on (no grace), and they settle at showdown.
        Not dealt in if a deal is waiting for nonces."""
        self.flow.uninvite(player_id)
        if self.hand is not None and not self.hand.is_over and player_id in self.hand.player_ids:
            self.seen.played_out.add(player_id)

    def is_queued(self, player_id: str) -> bool:
        """Seated, connected and not in the current hand: dealt in at the next one."""
        if not self.seen.is_connected(player_id):
            return False
        if self.flow.dealing is not None:
            return not self.flow.invites(player_id)
        return self.hand is None or player_id not in self.hand.player_ids

    def balances(self) -> Mapping[str, int]:
        return self._ledger.balances

    @property
    def ledger(self) -> Ledger:
        """The session ledger (host-side object; views carry a whitelisted copy)."""
        return self._ledger

    # --- the host's own snapshot ------------------------------------------------------------

    def snapshot(self) -> UltimateSnapshot:
        """Everything needed to carry on after the host's page reloads, as JSON-ready data.

        Holds every secret of the table (the hand's cards, the seed): it is for the host's
        own browser storage only, never for any connection. The hand is kept as its cards in
        deal order plus its actions, and replayed by :meth:`restore` through the rules.
        """
        return {
            "game": GAME_ID,
            "fair_mode": self.fair_mode,
            "settings": [self._base_cents, self._settings.grace_ms,
                         self._settings.timer_ms, self._settings.auto_deal],
            **self.clock.to_dict(),
            "hand_no": self.hand_no,
            "seq": self.seq,
            **self.seen.to_dict(),
            "ledger": self._ledger.to_state(),
            "hand": hand_state(self.hand) if self.hand is not None else None,
            **self.flow.to_dict(),
        }

    def restore(self, data: Mapping[str, Any], now_ms: int) -> None:
        """Take over a :meth:`snapshot` (on a game fresh from the same factory).

        Times are moved to the new clock (the page's clock restarts on reload): the round,
        timers and a deal waiting for nonces go on from where they stood when the snapshot
        was taken. The room then tells the game who is connected (nobody but the host yet),
        so the grace period of each absent player starts now.
        """
        if data.get("game", GAME_ID) != GAME_ID:  # snapshots before game ids were Ultimate's
            raise RoomError(f"a snapshot of {data['game']!r}, not of {GAME_ID!r}",
                            Code.SNAPSHOT_OTHER_GAME)
        self.fair_mode = bool(data["fair_mode"])
        base, grace, timer, auto = data["settings"]
        self._settings = TableSettings(int(grace), int(timer), bool(auto),
                                       {"base_cents": int(base)})
        self._base_cents = int(base)
        shift = self.clock.restore(data, now_ms)
        self.hand_no, self.seq = int(data["hand_no"]), int(data["seq"])
        self.seen.restore(data, shift)
        self._ledger = ledger_from_state(data["ledger"])
        self.hand = hand_from_state(data["hand"]) if data["hand"] is not None else None
        self.flow.restore(data, self.clock.now)

    def records_for(self, viewer: str | None) -> Sequence[Mapping[str, object]]:
        """None: the PokerStars export holds table games only (an Ultimate Omaha hand is kept
        whole in the history file, from its results view)."""
        return []

    def carry_over(self, data: Mapping[str, Any]) -> None:
        """Go on from the room before a succession (``HostRoom.from_succession``): its ledger
        as the views showed it, and its hand count, so hand numbers (and the clients' deal
        records filed under them) never repeat. Called once, before the first hand."""
        self._ledger = ledger_from_state(data["ledger"])
        for pid, name, _, _ in data["ledger"]["rows"]:
            self.seen.names[pid] = name
        self.hand_no, self.seq = int(data["hand_no"]), int(data["seq"])

    # --- internals -------------------------------------------------------------------------

    def _after(self, phase_before: Phase) -> None:
        hand = self.hand
        assert hand is not None
        if hand.phase == phase_before:
            return
        self.seq += 1
        self.clock.new_round()
        if hand.is_over:
            result = hand.results()
            assert result is not None
            self._ledger.apply(result)  # once: a hand reaches results exactly once
            self.clock.results()
            self.seen.hand_over()

    def _deadline(self, pid: str) -> int | None:
        """When ``pid``'s decision this round becomes an automatic Check (None: never)."""
        return self.clock.deadline(pid, self._settings, self.seen)

    def _name(self, pid: str) -> str:
        return self.seen.name(pid)

    # --- the view ---------------------------------------------------------------------------

    def view_for(self, player_id: str) -> UltimateView:
        """``player_id``'s game view (contract D), built fresh from a whitelist."""
        if self.flow.dealing is not None:
            return fit(self._dealing_view(self.flow.dealing, player_id))
        hand = self.hand
        assert hand is not None, "the room deals the first hand when it creates the game"
        over = hand.is_over
        in_hand = player_id in hand.player_ids
        visible = hand.visible_actions(player_id)
        view: UltimateView = {
            "game": GAME_ID,
            "hand_no": self.hand_no,
            "phase": hand.phase.value,
            "seq": self.seq,
            "base_cents": hand.base_cents,
            "board1": _board(hand, 1),
            "board2": _board(hand, 2),
            "you": self._you(hand, player_id, in_hand, visible),
            "seats": self._seats(hand, player_id, visible),
            "deadline_ms": self._deadline_view(hand),
            "results": self._results(hand) if over else None,
            "ledger": ledger_view(self._ledger, self.seen.present),
            "auto_deal_ms": (
                self.clock.auto_deal_ms() if over and self._settings.auto_deal else None
            ),
            "queued": [self._name(pid) for pid in self.seen.present if self.is_queued(pid)],
            "fair": self.fair_part(player_id, self.hand_no, over),
        }
        return fit(view)

    def _dealing_view(self, deal: FairDeal, viewer: str) -> UltimateView:
        """Phase ``"dealing"``: no card exists yet. Shows the commitment, asks the invited
        players for their nonces (``fair.want_nonce``) and counts down the wait."""
        base = self._base_cents
        invited = viewer in deal.invited
        return {
            "game": GAME_ID,
            "hand_no": deal.hand_no,
            "phase": "dealing",
            "seq": self.seq,
            "base_cents": base,
            "board1": [HIDDEN] * BOARD_CARDS,
            "board2": [HIDDEN] * BOARD_CARDS,
            "you": {"in_hand": invited, "hole": [], "stake_cents": base if invited else 0,
                    "acted": False, "can_act": False, "choice": None, "auto": False,
                    "deadline_ms": None},
            "seats": [
                {
                    "id": pid,
                    "name": self._name(pid),
                    "in_hand": pid in deal.invited,
                    "acted": False,
                    "stake_cents": base if pid in deal.invited else 0,
                    "connected": self.seen.is_connected(pid),
                    "present": self.seen.is_seated(pid),
                    "auto": False,
                    "balance_cents": self._ledger.balance(pid),
                }
                for pid in self.seen.order(deal.invited)
            ],
            "deadline_ms": self.flow.deadline_ms(self.clock.now),
            "results": None,
            "ledger": ledger_view(self._ledger, self.seen.present),
            "auto_deal_ms": None,
            "queued": [self._name(pid) for pid in self.seen.present if self.is_queued(pid)],
            "fair": self.fair_part(viewer, deal.hand_no, False),
        }

    def _you(
        self, hand: UltimateHand, pid: str, in_hand: bool, visible: tuple[ActionRecord, ...]
    ) -> UltimateYou:
        if not in_hand:
            return {"in_hand": False, "hole": [], "stake_cents": 0, "acted": False,
                    "can_act": False, "choice": None, "auto": False, "deadline_ms": None}
        mine = next(
            (r for r in visible if r.player_id == pid and r.phase == hand.phase), None
        )
        return {
            "in_hand": True,
            "hole": [str(c) for c in hand.hole(pid)],
            "stake_cents": hand.stake(pid),
            "acted": hand.has_acted(pid) if not hand.is_over else False,
            "can_act": hand.can_act(pid, "check"),
            "choice": mine.action.value if mine is not None else None,
            # An automatic Check is the player's to know, so the page never says "You checked"
            # to someone who did not.
            "auto": mine is not None and mine.automatic,
            # When *this* player's decision becomes an automatic Check: the table's
            # ``deadline_ms`` is the soonest of everyone's (a dropped player's grace may come
            # first), so only this one may say "you check automatically in …".
            "deadline_ms": self._own_deadline_ms(hand, pid),
        }

    def _own_deadline_ms(self, hand: UltimateHand, pid: str) -> int | None:
        if hand.is_over or not hand.can_act(pid, "check"):
            return None
        deadline = self._deadline(pid)
        return None if deadline is None else max(0, deadline - self.clock.now)

    def _seats(
        self, hand: UltimateHand, viewer: str, visible: tuple[ActionRecord, ...]
    ) -> list[UltimateSeat]:
        last_visible: dict[str, ActionRecord] = {}
        for r in visible:
            last_visible[r.player_id] = r
        seats: list[UltimateSeat] = []
        for pid in self.seen.order(hand.player_ids):
            dealt = pid in hand.player_ids
            last = last_visible.get(pid)
            seats.append({
                "id": pid,
                "name": self._name(pid),
                "in_hand": dealt,
                "acted": dealt and not hand.is_over and hand.has_acted(pid),
                "stake_cents": hand.visible_stake(pid, viewer) if dealt else 0,
                "connected": self.seen.is_connected(pid),
                "present": self.seen.is_seated(pid),
                "auto": last is not None and last.automatic,
                "balance_cents": self._ledger.balance(pid),
            })
        return seats

    def _deadline_view(self, hand: UltimateHand) -> int | None:
        if hand.is_over:
            return None
        deadlines = [d for pid in hand.waiting_for() if (d := self._deadline(pid)) is not None]
        return max(0, min(deadlines) - self.clock.now) if deadlines else None

    def _results(self, hand: UltimateHand) -> UltimateResults:
        result = hand.results()
        assert result is not None
        actions: dict[str, dict[str, str]] = {pid: {} for pid in hand.player_ids}
        autos: dict[str, list[str]] = {pid: [] for pid in hand.player_ids}
        for r in hand.actions():
            actions[r.player_id][r.phase.value] = r.action.value
            if r.automatic:
                autos[r.player_id].append(r.phase.value)
        players: list[UltimatePlayer] = [{
            **p.to_dict(),
            "board1": _board_result(p.score.board1),
            "board2": _board_result(p.score.board2),
            "name": self._name(p.player_id),
            "actions": actions[p.player_id],
            "auto": autos[p.player_id],
        } for p in result.players]
        return {
            **result.to_dict(),
            "hand_no": self.hand_no,
            "players": players,
            "bank_net_cents": result.bank_net_cents if result.solo else None,
        }


if TYPE_CHECKING:  # mypy holds the class to the room's interface, method by method
    _IS_A_GAME_SESSION: GameSession = UltimateGame()


def _board_result(score: BoardScore) -> UltimateBoard:
    """A board of a player's result, with the hand's name and ranks for the page to explain."""
    return {**score.to_dict(), "words": hand_words(score.value)}


def hand_state(hand: UltimateHand) -> UltimateHandState:
    """A hand as data: players, base bet, the cards in deal order, and every action so far."""
    deal = hand.log[0]
    assert isinstance(deal, DealRecord)
    cards = [c for hole in deal.holes for c in hole] + list(deal.board1) + list(deal.board2)
    return {
        "players": list(deal.player_ids),
        "base_cents": deal.base_cents,
        "cards": [str(c) for c in cards],
        "actions": [[r.player_id, r.action.value, r.automatic] for r in hand.actions()],
    }


def hand_from_state(data: Mapping[str, Any]) -> UltimateHand:
    """The hand of :func:`hand_state`, replayed through the rules (same log, same result)."""
    hand = UltimateHand(data["players"], data["base_cents"],
                        [Card.parse(c) for c in data["cards"]])
    for pid, action, automatic in data["actions"]:
        if automatic:
            hand.auto_check(pid)
        else:
            hand.act(pid, action)
    return hand


def _board(hand: UltimateHand, n: int) -> list[str]:
    shown = [str(c) for c in hand.visible_board(n)]
    return shown + [HIDDEN] * (BOARD_CARDS - len(shown))

"""Ultimate Omaha played through the room: hands, per-viewer views, timers and the ledger.

:class:`UltimateGame` is the room's :class:`~room.host.GameSession` for the flagship game. The
rules are :class:`rules.ultimate.UltimateHand`'s (never re-implemented here); this module only
decides *when* things happen (who is dealt in, automatic Checks after the grace period or the
decision timer, auto-deal) and *who sees what* (the view contract D in the brief).

Secrecy is by construction: :meth:`UltimateGame.view_for` builds each view from scratch out of
the hand's own visibility queries (``visible_board``, ``visible_stake``, ``visible_actions``),
so another player's hole cards, an undealt board card or another player's choice in the current
round are never even read into a guest's view before results.

The view is contract D's, plus a few additive fields: ``seats[].present`` (still seated in the
room; false for a player who left mid-hand), ``ledger.rows[].hands`` and ``ledger.bank_hands``
(so the CSV export matches ``rules.ledger``'s), ``ledger.settle_up[].from_id``/``to_id``, and
``ledger.omitted`` (lines left out of a very long ledger, see :meth:`UltimateGame._fit`).
``deadline_ms`` and ``auto_deal_ms`` are milliseconds left *when the view was built*: host and
guest clocks differ, so the page counts down from the moment the view arrives. ``seq`` is the
game's decision counter (one per deal and per round), not the wire message's ``seq``.

Provably fair deal (fair mode, the default without a ``deck_source``): :meth:`next_hand` draws
a fresh seed and publishes its commitment together with the dealer's nonce (the host seat's,
fixed before anyone else's) in a view of phase ``"dealing"``, which asks each invited player
for a nonce (``fair.want_nonce``; :class:`room.client.GuestClient` answers by itself). When
every invited player still connected has answered, or after :data:`NONCE_TIMEOUT_MS`, the
hand is dealt from ``rules.fairdeal.derive_deck(seed, nonces)`` to the invited players whose
nonce came (the others sit out) and the complete nonce set is published; the seed follows at
results. View field ``fair``: ``{"commitment", "dealer_id", "dealer_nonce", "nonces": {pid:
hex} | null (null while dealing), "seed": hex | null (results only), "want_nonce": bool,
"cards": [[deck position, card], ...]}`` (every card this view shows, see
:func:`shown_positions`), ``null`` for a hand dealt from a fixed deck. While dealing,
``hand_no`` is the coming hand's, no card is shown, and ``deadline_ms`` counts down the wait
for nonces; acts are refused with ``game/dealing``.

Automatic Checks: a player of the hand who is disconnected or has left gets, in each round, the
grace period counted from the later of the round's start and the drop; the decision timer (if
set) gives everyone the same deadline from the round's start. Whichever comes first applies.

The module imports the evaluator (through ``rules.ultimate``); the menu never imports it —
:func:`room.games.ultimate_omaha` loads it when the host starts the game.

>>> from rules.cards import FULL_DECK
>>> from room.game import PlayerInfo, Request, TableSettings
>>> game = UltimateGame(deck_source=lambda: FULL_DECK)
>>> game.configure(TableSettings(base_cents=100, grace_ms=10_000, timer_ms=0, auto_deal=False))
>>> game.set_players([PlayerInfo("p1", "Ann", True), PlayerInfo("p2", "Bob", True)], 0)
>>> game.next_hand()
>>> view = game.view_for("p2")
>>> view["you"]["hole"], view["board1"][:2], view["seq"]
(['3c', '3d', '3h', '3s'], ['??', '??'], 1)
>>> game.handle_action("p1", Request("double", 1)); game.view_for("p2")["seats"][0]["stake_cents"]
100
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card, shuffled_deck
from rules.errors import IllegalAction, RulesError
from rules.fairdeal import commitment, derive_deck, new_nonce, new_seed
from rules.ledger import BANK_ID, Ledger
from rules.ultimate import (
    BOARD_CARDS,
    HOLE_CARDS,
    ActionRecord,
    DealRecord,
    Phase,
    UltimateHand,
    hand_words,
)

from room.errors import RoomError
from room.game import PlayerInfo, Request, TableSettings
from room.messages import Nonce

DeckSource = Callable[[], Sequence[int]]
"""Where each hand's deck comes from: a fresh ``secrets`` shuffle by default; a fixed deck in
tests; the provably-fair deck (``rules.fairdeal``) plugs in here too."""

AUTO_DEAL_MS = 5000
"""With auto-deal on, the next hand is dealt this long after results (or after switching on)."""
HIDDEN = "??"
"""A face-down card, shape kept (pokerkit's censoring): five slots per board, always."""
NONCE_TIMEOUT_MS = 3000
"""How long a fair deal waits for the players' nonces. A player whose nonce has not come by
then (or who drops before sending it) sits out the hand, like a player absent at the deal:
dealing them in on a deck they did not help make would put their money on cards they could
not check, and their client would have to cry foul. The hand is dealt to the others."""
SLOW_NONCE_WAIT_MS = 500
"""How long a deal waits for the nonce of a player whose nonce did not come in time at an
earlier deal (issue 8.8): a player who withholds it would otherwise cost every hand the whole
:data:`NONCE_TIMEOUT_MS`. They are still asked and dealt in if it comes within this time (an
honest page answers in milliseconds), and a nonce in time puts them back on the full wait."""
DEALER = "dealer"
"""Key of the dealer's nonce when no seat of the hand is the host's (a game driven directly,
as in unit tests); in a room the dealer's nonce is the host seat's, under its player id."""
GAME_VIEW_BUDGET = 11 * 1024
"""Bytes the game part of one view may take, so the whole view stays under the 16 kB wire
cap even with ten players, long names and a long session ledger (see :meth:`_fit`)."""


@dataclass
class FairDeal:
    """One hand's commit-and-reveal record (host-side; views show only what is public).

    Order of events, which is what makes the deal provable (see :mod:`rules.fairdeal`):
    ``seed`` is drawn and ``commitment`` published together with the dealer's own nonce;
    then the ``invited`` players send theirs; the complete ``nonces`` set is published with
    the deal (``dealt``); the seed is revealed only at results.
    """

    hand_no: int
    seed: str
    commitment: str
    dealer_id: str
    invited: tuple[str, ...]  # the coming hand's players, seat order (dealer's seat included)
    nonces: dict[str, str]  # received so far; the dealer's from the start
    started_ms: int
    dealt: bool = False
    players: tuple[str, ...] = field(default=())  # dealt in: invited players with a nonce
    wait_all: bool = False  # after a restore: wait for the disconnected too (they reconnect)

    @property
    def dealer_nonce(self) -> str:
        return self.nonces[self.dealer_id]

    def missing(self) -> list[str]:
        return [p for p in self.invited if p not in self.nonces]

    def to_dict(self) -> dict[str, Any]:
        """Everything, secrets included: for the host's own snapshot, never for a view."""
        return {
            "hand_no": self.hand_no, "seed": self.seed, "commitment": self.commitment,
            "dealer_id": self.dealer_id, "invited": list(self.invited),
            "nonces": dict(self.nonces), "started_ms": self.started_ms, "dealt": self.dealt,
            "players": list(self.players),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairDeal:
        return cls(
            hand_no=int(data["hand_no"]), seed=str(data["seed"]),
            commitment=str(data["commitment"]), dealer_id=str(data["dealer_id"]),
            invited=tuple(data["invited"]), nonces=dict(data["nonces"]),
            started_ms=int(data["started_ms"]), dealt=bool(data["dealt"]),
            players=tuple(data["players"]),
        )


class UltimateGame:
    """The game session: the current hand, the session ledger, timers and per-viewer views.

    Time comes only from :meth:`set_players` and :meth:`tick` (sans-IO). ``seq`` counts the
    decision points (each deal and each new round): an ``act`` must echo the ``seq`` of the
    view it was chosen on, so a double click that lands after the round moved on is refused as
    ``game/stale`` instead of becoming a second Double.
    """

    game_id = "ultimate"

    def __init__(
        self,
        deck_source: DeckSource | None = None,
        *,
        fair: bool | None = None,
        seed_source: Callable[[], str] = new_seed,
    ) -> None:
        self.fair_mode = deck_source is None if fair is None else fair
        self._deck_source = deck_source or shuffled_deck
        self._seed_source = seed_source
        self.derive: Callable[[str, Mapping[str, str]], Sequence[Card]] = derive_deck
        """How the deck follows from seed and nonces (a test replaces it to play a cheat)."""
        self.fair: FairDeal | None = None  # the current hand's record (fair mode)
        self.dealing: FairDeal | None = None  # a deal waiting for nonces
        self._host: str | None = None
        self._dealt_unseen = False
        self._ledger = Ledger()
        self._names: dict[str, str] = {}  # everyone ever seated, last known name
        self._present: dict[str, bool] = {}  # seated now, in seat order -> connected
        self._away_since: dict[str, int] = {}  # players of the hand not connected, since when
        self._slow: set[str] = set()  # whose nonce last timed out while connected
        self._played_out: set[str] = set()  # removed by the host: every decision is a Check
        self._settings = TableSettings(base_cents=100, grace_ms=10_000, timer_ms=0,
                                       auto_deal=False)
        self._now = 0
        self.hand: UltimateHand | None = None
        self.hand_no = 0
        self.seq = 0
        self._round_start = 0
        self._results_at = 0
        self._auto_on_at = 0

    # --- the room's hooks ------------------------------------------------------------------

    def set_players(self, players: Sequence[PlayerInfo], now_ms: int) -> None:
        """Who sits in the room now. Players of the running hand who are missing or not
        connected start their grace period (once; it is kept until they are back)."""
        self._now = max(self._now, int(now_ms))
        present: dict[str, bool] = {}
        self._host = None
        for p in players:
            present[p.id] = p.connected
            if p.is_host:
                self._host = p.id
            if self._names.get(p.id) != p.name:
                self._names[p.id] = p.name
                self._ledger.add_player(p.id, p.name)
        self._present = present
        if self.hand is not None and not self.hand.is_over:
            for pid in self.hand.player_ids:
                if present.get(pid, False):
                    self._away_since.pop(pid, None)
                else:
                    self._away_since.setdefault(pid, self._now)
        if self.dealing is not None and self._deal_when_ready():
            self._dealt_unseen = True  # the next tick reports it (set_players returns nothing)

    def configure(self, settings: TableSettings) -> None:
        """New host settings; the running hand keeps its bet, the next hand takes the new one."""
        if settings.auto_deal and not self._settings.auto_deal:
            self._auto_on_at = self._now  # the countdown starts when switched on
        self._settings = settings

    def next_hand(self) -> None:
        """Deal a hand to every connected player (queued ones included); absent ones sit out.

        In fair mode this starts the deal: a fresh seed is drawn and committed to, the
        dealer's nonce is fixed with it, and the cards come once the players' nonces are in
        (:meth:`handle_nonce`) or :data:`NONCE_TIMEOUT_MS` has passed (:meth:`tick`).
        """
        if self.dealing is not None:
            raise RoomError("the next hand is being dealt", "game/hand_running")
        if self.hand is not None and not self.hand.is_over:
            raise RoomError("a hand is still running; deal again at results",
                            "game/hand_running")
        players = [pid for pid, connected in self._present.items() if connected]
        if not players:
            raise RoomError("nobody is connected to be dealt in", "game/no_players")
        if not self.fair_mode:
            self._deal(players, self._deck_source())
            return
        seed = self._seed_source()
        dealer = self._host if self._host in players else DEALER
        self.dealing = FairDeal(
            hand_no=self.hand_no + 1,
            seed=seed,
            commitment=commitment(seed),
            dealer_id=dealer,
            invited=tuple(players),
            nonces={dealer: new_nonce()},
            started_ms=self._now,
        )
        self._deal_when_ready()

    def handle_nonce(self, player_id: str, msg: Nonce) -> bool:
        """A player's nonce for the coming deal; True if it completed the set (hand dealt).

        Refusals change nothing: ``fair/not_dealing`` (no deal waits; a repeat of the nonce
        already counted is quietly accepted), ``fair/stale`` (for another hand),
        ``fair/not_invited`` (not in the coming hand, or the dealer), ``fair/nonce_twice``
        (a different second nonce: the first one stands).
        """
        deal = self.dealing
        if deal is None:
            done = self.fair
            if (
                done is not None
                and done.hand_no == msg.hand_no
                and done.nonces.get(player_id) == msg.value
            ):
                return False  # a duplicate of one already counted
            raise RoomError(
                f"no deal is waiting for nonces (nonce for hand {msg.hand_no} arrived late)",
                "fair/not_dealing",
            )
        if msg.hand_no != deal.hand_no:
            raise RoomError(
                f"that nonce is for hand {msg.hand_no}; hand {deal.hand_no} is being dealt",
                "fair/stale",
            )
        if player_id not in deal.invited or player_id == deal.dealer_id:
            raise RoomError(f"{player_id} is not asked for a nonce in hand {deal.hand_no}",
                            "fair/not_invited")
        known = deal.nonces.get(player_id)
        if known is not None:
            if known == msg.value:
                return False
            raise RoomError(f"{player_id} already sent a nonce for hand {deal.hand_no}",
                            "fair/nonce_twice")
        deal.nonces[player_id] = msg.value
        self._slow.discard(player_id)  # in time: waited for in full again
        return self._deal_when_ready()

    def _deal_when_ready(self) -> bool:
        """Deal the waiting fair hand if every invited player still connected has sent a nonce
        or the time is up; those without a nonce sit out. True if it dealt (or gave up)."""
        deal = self.dealing
        assert deal is not None
        waiting = [
            p for p in deal.missing()
            if (deal.wait_all or self._present.get(p, False))
            and self._now < deal.started_ms + (
                SLOW_NONCE_WAIT_MS if p in self._slow else NONCE_TIMEOUT_MS)
        ]
        if waiting:
            return False
        self._slow.update(p for p in deal.missing() if self._present.get(p, False))
        self.dealing = None
        players = [p for p in deal.invited if p in deal.nonces]
        if not players:  # only without a host seat: nobody answered; nothing is dealt
            return True
        deal.dealt = True
        deal.players = tuple(players)
        self._deal(players, self.derive(deal.seed, deal.nonces))
        self.fair = deal
        return True

    def _deal(self, players: Sequence[str], deck: Sequence[int]) -> None:
        self.hand = UltimateHand(players, self._settings.base_cents, deck)
        self.hand_no += 1
        self.seq += 1
        self._round_start = self._now
        self._away_since = {}
        for pid in players:  # dealt in while away (a nonce then a drop): the grace runs now
            if not self._present.get(pid, False):
                self._away_since[pid] = self._now

    def to_act(self) -> frozenset[str]:
        """Everyone of the hand still to choose this round (the rounds are simultaneous)."""
        if self.dealing is not None or self.hand is None:
            return frozenset()
        return frozenset(self.hand.waiting_for())

    def is_dealing(self) -> bool:
        return self.dealing is not None

    def handle_action(self, player_id: str, request: Request) -> None:
        """Check or Double for ``player_id`` (identity from the connection, never the payload),
        after the room's ladder (queued, dealing, stale seq, not to act).

        Refusals change nothing: ``game/dealing`` (no hand takes actions: a deal waits for
        nonces), ``game/illegal`` (a verb or an amount this game does not use, or the rules'
        reason).
        """
        hand = self.hand
        if self.dealing is not None or hand is None:
            raise RoomError("the next hand is being dealt; wait for your cards", "game/dealing")
        if request.amount is not None or request.cards:
            raise RoomError(f"{request.action} takes no amount and no cards in Ultimate Omaha",
                            "game/illegal")
        phase = hand.phase
        try:
            hand.act(player_id, request.action)
        except IllegalAction as exc:
            raise RoomError(str(exc), "game/illegal") from None
        self._after(phase)

    def tick(self, now_ms: int) -> bool:
        """Automatic Checks whose grace period or decision timer ran out, then auto-deal."""
        self._now = max(self._now, int(now_ms))
        changed, self._dealt_unseen = self._dealt_unseen, False
        if self.dealing is not None:
            return self._deal_when_ready() or changed
        hand = self.hand
        while hand is not None and not hand.is_over:
            due = [
                pid for pid in hand.waiting_for()
                if (d := self._deadline(pid)) is not None and d <= self._now
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
            and self._now >= self._auto_deal_at()
            and any(self._present.values())
        ):
            self.next_hand()
            changed = True
        return changed

    def holds(self, player_id: str) -> bool:
        """Whether ``player_id`` has a stake in the running hand or is being dealt in."""
        if self.dealing is not None and player_id in self.dealing.invited:
            return True
        return (self.hand is not None and not self.hand.is_over
                and player_id in self.hand.player_ids)

    def play_out(self, player_id: str) -> None:
        """The host removed ``player_id``: each decision they have left in this hand is an
        automatic Check from the next :meth:`tick` on (no grace), and they settle at showdown.
        Not dealt in if a deal is waiting for nonces (a nonce they sent stays in the set:
        dropping nonces would let a host choose among decks)."""
        if self.dealing is not None and player_id in self.dealing.invited:
            self.dealing.invited = tuple(p for p in self.dealing.invited if p != player_id)
        if self.hand is not None and not self.hand.is_over and player_id in self.hand.player_ids:
            self._played_out.add(player_id)

    def is_queued(self, player_id: str) -> bool:
        """Seated, connected and not in the current hand: dealt in at the next one."""
        if not self._present.get(player_id, False):
            return False
        if self.dealing is not None:
            return player_id not in self.dealing.invited
        return self.hand is None or player_id not in self.hand.player_ids

    def balances(self) -> Mapping[str, int]:
        return self._ledger.balances

    @property
    def ledger(self) -> Ledger:
        """The session ledger (host-side object; views carry a whitelisted copy)."""
        return self._ledger

    # --- the host's own snapshot ------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to carry on after the host's page reloads, as JSON-ready data.

        Holds every secret of the table (the hand's cards, the seed): it is for the host's
        own browser storage only, never for any connection. The hand is kept as its cards in
        deal order plus its actions, and replayed by :meth:`restore` through the rules.
        """
        return {
            "fair_mode": self.fair_mode,
            "settings": [self._settings.base_cents, self._settings.grace_ms,
                         self._settings.timer_ms, self._settings.auto_deal],
            "now": self._now,
            "hand_no": self.hand_no,
            "seq": self.seq,
            "round_start": self._round_start,
            "results_at": self._results_at,
            "auto_on_at": self._auto_on_at,
            "names": dict(self._names),
            "away_since": dict(self._away_since),
            "ledger": self._ledger.to_state(),
            "hand": hand_state(self.hand) if self.hand is not None else None,
            "fair": self.fair.to_dict() if self.fair is not None else None,
            "dealing": self.dealing.to_dict() if self.dealing is not None else None,
            "slow": sorted(self._slow),
            "played_out": sorted(self._played_out),
        }

    def restore(self, data: Mapping[str, Any], now_ms: int) -> None:
        """Take over a :meth:`snapshot` (on a game fresh from the same factory).

        Times are moved to the new clock (the page's clock restarts on reload): the round,
        timers and a deal waiting for nonces go on from where they stood when the snapshot
        was taken. The room then tells the game who is connected (nobody but the host yet),
        so the grace period of each absent player starts now.
        """
        shift = int(now_ms) - int(data["now"])
        self.fair_mode = bool(data["fair_mode"])
        base, grace, timer, auto = data["settings"]
        self._settings = TableSettings(int(base), int(grace), int(timer), bool(auto))
        self._now = int(now_ms)
        self.hand_no, self.seq = int(data["hand_no"]), int(data["seq"])
        self._round_start = int(data["round_start"]) + shift
        self._results_at = int(data["results_at"]) + shift
        self._auto_on_at = int(data["auto_on_at"]) + shift
        self._names = dict(data["names"])
        self._away_since = {p: int(t) + shift for p, t in data["away_since"].items()}
        self._ledger = ledger_from_state(data["ledger"])
        self.hand = hand_from_state(data["hand"]) if data["hand"] is not None else None
        self.fair = FairDeal.from_dict(data["fair"]) if data["fair"] is not None else None
        self.dealing = None
        if data["dealing"] is not None:
            # nobody is connected yet: give the invited a whole wait to come back and answer
            self.dealing = FairDeal.from_dict(data["dealing"])
            self.dealing.started_ms = self._now
            self.dealing.wait_all = True
        self._slow = {str(p) for p in data.get("slow", [])}
        self._played_out = {str(p) for p in data.get("played_out", [])}
        self._present = {}

    def carry_over(self, data: Mapping[str, Any]) -> None:
        """Go on from the room before a succession (``HostRoom.from_succession``): its ledger
        as the views showed it, and its hand count, so hand numbers (and the clients' deal
        records filed under them) never repeat. Called once, before the first hand."""
        self._ledger = ledger_from_state(data["ledger"])
        for pid, name, _, _ in data["ledger"]["rows"]:
            self._names[pid] = name
        self.hand_no, self.seq = int(data["hand_no"]), int(data["seq"])

    # --- internals -------------------------------------------------------------------------

    def _after(self, phase_before: Phase) -> None:
        hand = self.hand
        assert hand is not None
        if hand.phase == phase_before:
            return
        self.seq += 1
        self._round_start = self._now
        if hand.is_over:
            result = hand.results()
            assert result is not None
            self._ledger.apply(result)  # once: a hand reaches results exactly once
            self._results_at = self._now
            self._away_since = {}
            self._played_out = set()

    def _deadline(self, pid: str) -> int | None:
        """When ``pid``'s decision this round becomes an automatic Check (None: never)."""
        out: list[int] = []
        if self._settings.timer_ms > 0:
            out.append(self._round_start + self._settings.timer_ms)
        if pid in self._played_out:
            return self._now
        since = self._away_since.get(pid)
        if since is not None:  # each round gives a dropped player the full grace period
            out.append(max(since, self._round_start) + self._settings.grace_ms)
        return min(out) if out else None

    def _auto_deal_at(self) -> int:
        return max(self._results_at, self._auto_on_at) + AUTO_DEAL_MS

    def _name(self, pid: str) -> str:
        return self._names.get(pid, pid)

    # --- the view ---------------------------------------------------------------------------

    def view_for(self, player_id: str) -> dict[str, Any]:
        """``player_id``'s game view (contract D), built fresh from a whitelist."""
        if self.dealing is not None:
            return self._fit(self._dealing_view(self.dealing, player_id))
        hand = self.hand
        assert hand is not None, "the room deals the first hand when it creates the game"
        over = hand.is_over
        in_hand = player_id in hand.player_ids
        visible = hand.visible_actions(player_id)
        view: dict[str, Any] = {
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
            "ledger": self._ledger_view(),
            "auto_deal_ms": (
                max(0, self._auto_deal_at() - self._now)
                if over and self._settings.auto_deal else None
            ),
            "queued": [self._name(pid) for pid in self._present if self.is_queued(pid)],
            "fair": self._fair_view(over, player_id),
        }
        return self._fit(view)

    def _fair_view(self, over: bool, viewer: str) -> dict[str, Any] | None:
        """The deal's public record: commitment and dealer nonce (published before anyone
        sent a nonce), the complete nonce set (published with the deal), the seed (results),
        and ``cards``: ``[deck position, card]`` for every card this view shows."""
        deal = self.fair
        if deal is None or self.hand is None or deal.hand_no != self.hand_no:
            return None  # not a fair deal (a fixed deck)
        return {
            "commitment": deal.commitment,
            "dealer_id": deal.dealer_id,
            "dealer_nonce": deal.dealer_nonce,
            "nonces": dict(deal.nonces),
            "seed": deal.seed if over else None,
            "want_nonce": False,
            "cards": shown_positions(self.hand, viewer),
        }

    def _dealing_view(self, deal: FairDeal, viewer: str) -> dict[str, Any]:
        """Phase ``"dealing"``: no card exists yet. Shows the commitment, asks the invited
        players for their nonces (``fair.want_nonce``) and counts down the wait."""
        base = self._settings.base_cents
        invited = viewer in deal.invited
        order = list(deal.invited) + [p for p in self._present if p not in deal.invited]
        return {
            "hand_no": deal.hand_no,
            "phase": "dealing",
            "seq": self.seq,
            "base_cents": base,
            "board1": [HIDDEN] * BOARD_CARDS,
            "board2": [HIDDEN] * BOARD_CARDS,
            "you": {"in_hand": invited, "hole": [], "stake_cents": base if invited else 0,
                    "acted": False, "can_act": False, "choice": None},
            "seats": [
                {
                    "id": pid,
                    "name": self._name(pid),
                    "in_hand": pid in deal.invited,
                    "acted": False,
                    "stake_cents": base if pid in deal.invited else 0,
                    "connected": self._present.get(pid, False),
                    "present": pid in self._present,
                    "auto": False,
                    "balance_cents": self._ledger.balance(pid),
                }
                for pid in order
            ],
            "deadline_ms": max(0, deal.started_ms + NONCE_TIMEOUT_MS - self._now),
            "results": None,
            "ledger": self._ledger_view(),
            "auto_deal_ms": None,
            "queued": [self._name(pid) for pid in self._present if self.is_queued(pid)],
            "fair": {
                "commitment": deal.commitment,
                "dealer_id": deal.dealer_id,
                "dealer_nonce": deal.dealer_nonce,
                "nonces": None,
                "seed": None,
                "want_nonce": invited and viewer != deal.dealer_id
                and viewer not in deal.nonces,
                "cards": [],
            },
        }

    def _you(
        self, hand: UltimateHand, pid: str, in_hand: bool, visible: tuple[ActionRecord, ...]
    ) -> dict[str, Any]:
        if not in_hand:
            return {"in_hand": False, "hole": [], "stake_cents": 0, "acted": False,
                    "can_act": False, "choice": None, "auto": False}
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
        }

    def _seats(
        self, hand: UltimateHand, viewer: str, visible: tuple[ActionRecord, ...]
    ) -> list[dict[str, Any]]:
        last_visible: dict[str, ActionRecord] = {}
        for r in visible:
            last_visible[r.player_id] = r
        order = list(hand.player_ids) + [p for p in self._present if p not in hand.player_ids]
        seats = []
        for pid in order:
            dealt = pid in hand.player_ids
            last = last_visible.get(pid)
            seats.append({
                "id": pid,
                "name": self._name(pid),
                "in_hand": dealt,
                "acted": dealt and not hand.is_over and hand.has_acted(pid),
                "stake_cents": hand.visible_stake(pid, viewer) if dealt else 0,
                "connected": self._present.get(pid, False),
                "present": pid in self._present,
                "auto": last is not None and last.automatic,
                "balance_cents": self._ledger.balance(pid),
            })
        return seats

    def _deadline_view(self, hand: UltimateHand) -> int | None:
        if hand.is_over:
            return None
        deadlines = [d for pid in hand.waiting_for() if (d := self._deadline(pid)) is not None]
        return max(0, min(deadlines) - self._now) if deadlines else None

    def _results(self, hand: UltimateHand) -> dict[str, Any]:
        result = hand.results()
        assert result is not None
        actions: dict[str, dict[str, str]] = {pid: {} for pid in hand.player_ids}
        autos: dict[str, list[str]] = {pid: [] for pid in hand.player_ids}
        for r in hand.actions():
            actions[r.player_id][r.phase.value] = r.action.value
            if r.automatic:
                autos[r.player_id].append(r.phase.value)
        players = []
        for p in result.players:
            entry = p.to_dict()
            entry["name"] = self._name(p.player_id)
            if p.score is not None:  # the hand with its ranks, for the page to explain it
                entry["board1"]["words"] = hand_words(p.score.board1.value)
                entry["board2"]["words"] = hand_words(p.score.board2.value)
            entry["actions"] = actions[p.player_id]
            entry["auto"] = autos[p.player_id]
            players.append(entry)
        return {
            "hand_no": self.hand_no,
            "base_cents": result.base_cents,
            "board1": [str(c) for c in result.board1],
            "board2": [str(c) for c in result.board2],
            "players": players,
            "bank_net_cents": result.bank_net_cents if result.solo else None,
        }

    def _ledger_view(self) -> dict[str, Any]:
        led = self._ledger
        rows = [
            {
                "id": row.player_id,
                "name": row.name,
                "balance_cents": row.balance_cents,
                "present": row.player_id in self._present,
                "hands": row.hands,
            }
            for row in led.rows()
            if row.player_id != BANK_ID
            and (row.player_id in self._present or row.hands or row.balance_cents)
        ]
        return {
            "rows": rows,
            "bank_cents": led.bank_cents,
            "bank_hands": led.bank_hands,
            "total_cents": led.total(),
            "settle_up": [
                {
                    "from": led.name(t.payer),
                    "to": led.name(t.payee),
                    "from_id": t.payer,
                    "to_id": t.payee,
                    "cents": t.cents,
                    "text": led.describe(t),
                }
                for t in led.settle_up()
            ],
            "omitted": 0,
        }

    def _fit(self, view: dict[str, Any]) -> dict[str, Any]:
        """Keep the view under :data:`GAME_VIEW_BUDGET` bytes. Only a long session ledger can
        outgrow it (everyone who ever played keeps a row); then the rows of players who left,
        smallest balances first, and the tail of the settle-up list are left out, and
        ``ledger.omitted`` says how many lines are missing. Totals stay exact."""
        size = _size(view)
        ledger = view["ledger"]
        if size <= GAME_VIEW_BUDGET:
            return view
        gone = sorted(
            (r for r in ledger["rows"] if not r["present"]),
            key=lambda r: abs(r["balance_cents"]),
        )
        dropped: set[str] = set()
        while size > GAME_VIEW_BUDGET and (gone or ledger["settle_up"]):
            for _ in range(4):  # a few at a time: each pass re-measures the whole view
                if gone:
                    dropped.add(gone.pop(0)["id"])
                    ledger["omitted"] += 1
                elif ledger["settle_up"]:
                    ledger["settle_up"].pop()
                    ledger["omitted"] += 1
            ledger["rows"] = [r for r in ledger["rows"] if r["id"] not in dropped]
            size = _size(view)
        return view


def shown_positions(hand: UltimateHand, viewer: str) -> list[list[Any]]:
    """``[deck position, card]`` for every card ``viewer``'s view of ``hand`` shows, so a
    client can check each against the revealed deck without knowing the deal order
    (Ultimate Omaha's: four hole cards per player in seat order from the top, then board 1's
    five cards, then board 2's; README "Provably fair deal"). Built from the hand's own
    visibility queries, like the view: another player's hole cards only at results.

    >>> from rules.cards import FULL_DECK
    >>> hand = UltimateHand(["p1", "p2"], 100, FULL_DECK)
    >>> shown_positions(hand, "p2")
    [[4, '3c'], [5, '3d'], [6, '3h'], [7, '3s']]
    """
    players = list(hand.player_ids)
    out: list[list[Any]] = []
    for i, pid in enumerate(players):
        if pid == viewer or hand.is_over:
            out += [[HOLE_CARDS * i + k, str(c)] for k, c in enumerate(hand.hole(pid))]
    first = HOLE_CARDS * len(players)
    for n in (1, 2):
        at = first + (n - 1) * BOARD_CARDS
        out += [[at + k, str(c)] for k, c in enumerate(hand.visible_board(n))]
    return out


def hand_state(hand: UltimateHand) -> dict[str, Any]:
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


def ledger_from_state(data: Mapping[str, Any]) -> Ledger:
    """``Ledger.from_state`` with its refusal as a room error (a broken snapshot or view)."""
    try:
        return Ledger.from_state(data)
    except RulesError as exc:
        raise RoomError(str(exc), "snapshot/bad_ledger") from exc


def _board(hand: UltimateHand, n: int) -> list[str]:
    shown = [str(c) for c in hand.visible_board(n)]
    return shown + [HIDDEN] * (BOARD_CARDS - len(shown))


def _size(view: dict[str, Any]) -> int:
    return len(json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))

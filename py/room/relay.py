"""The host's relay to the game: starting it, the host's table settings, a change of game,
and the game's requests after the room's checks.

The room stays generic: it tells the game who sits here (``set_players``) and what the host
set (:class:`room.game.TableSettings`), passes on actions once :mod:`room.requests`' ladder
let them through (the turn's checks: :meth:`GameRelay._check_turn`), and asks for views,
balances and who is queued.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.ledger import FORMER_NAMES, LedgerState

from room.errors import Code, RoomError
from room.events import Outgoing
from room.game import AUTO_DEAL_MS, GameFactory, GameSession, Request, TableRequest, TableSettings
from room.joins import Joins
from room.messages import (
    Act,
    NextHand,
    Nonce,
    SetAdvisor,
    SetAutoDeal,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    Table,
)
from room.names import MAX_NAME_LENGTH
from room.roomstate import GameChooser, RoomPhase, Seat


def _carried_game(game: Mapping[str, Any]) -> dict[str, Any]:
    """What a game needs from the old room's game view to go on (its ``carry_over``): the
    ledger as public in the view, and the hand count, so hand numbers never repeat (the
    interrupted hand's number is used up: it is void). Rows a long ledger left out of the
    view are carried as one row, ``p0`` ("Earlier players"), so the ledger still sums to 0.

    The room reads no game's own fields, only this part every game's view shares (the table
    policy's, ``games.table.ledger``): ``hand_no`` (the last hand dealt, or being dealt),
    ``phase`` (``"results"`` once that hand is settled), ``seq``, and ``ledger`` with
    ``rows[]`` of ``id``/``name``/``hands``/``balance_cents``, ``bank_cents``, ``bank_hands``
    and ``omitted``. What it returns is the one shape every ``carry_over`` takes:
    ``{"ledger": rules.ledger.Ledger state, "hand_no": int, "seq": int, "view": the game view
    as it was}`` — ``view`` (public: what the new host's last view showed) for what only the
    game knows how to read, such as a table game's stacks as they were when the interrupted
    hand started. A change of game between hands (:meth:`HostRoom._switch_game`) hands the
    new game the same shape, from the old game's view at that moment (phase ``"results"``,
    or ``"waiting"`` before any hand: nothing is interrupted)."""
    ledger = game["ledger"]
    rows = [[r["id"], r["name"], int(r["hands"]), int(r["balance_cents"])]
            for r in ledger["rows"]]
    bank_cents, bank_hands = int(ledger["bank_cents"]), int(ledger["bank_hands"])
    rest = -(sum(r[3] for r in rows) + bank_cents)
    if rest or ledger.get("omitted"):
        rows.append(["p0", "Earlier players", 0, rest])
    settled = int(game["hand_no"]) - (0 if game["phase"] in ("results", "waiting") else 1)
    carried: LedgerState = {"rows": rows, "bank": [bank_cents, bank_hands],
                            "hands_applied": settled}
    was = {r["id"]: r["was"] for r in ledger["rows"] if _former_names(r.get("was"))}
    if was:  # a renamed player's row goes on showing who they were
        carried["was"] = was
    return {
        "ledger": carried,
        "hand_no": int(game["hand_no"]),
        "seq": int(game["seq"]),
        "view": dict(game),
    }


def _former_names(was: Any) -> bool:
    """Whether a ledger row's ``was`` is one the ledger takes back (``rules.ledger``)."""
    return isinstance(was, list) and 0 < len(was) <= FORMER_NAMES and all(
        isinstance(n, str) and len(n) <= MAX_NAME_LENGTH for n in was)


def _has_game(games: GameChooser, game_id: Any) -> bool:
    """Whether this page's registry can make ``game_id``."""
    try:
        games(str(game_id))
    except RoomError:
        return False
    return True


class GameRelay(Joins):
    """The game's part of the host room (see the module's docstring)."""

    def _check_turn(self, seat: Seat, msg: Act) -> None:
        """The turn's rung of the validation ladder (:mod:`room.requests`), which every
        game's moves climb before the game sees them, in this order (the first refusal wins;
        each changes nothing):

        1. ``game/not_running``: no game is running (the lobby; the table's stage rung);
        2. ``game/queued``: the player waits to be dealt in at the next hand;
        3. ``game/dealing``: a deal waits for nonces, nobody has cards yet;
        4. ``game/stale``: the request was chosen on a view with another game ``seq`` (a
           double click landing after the table moved on);
        5. ``game/not_your_turn``: the player is not among ``game.to_act()`` (acted already
           this round, the hand is over, or another seat is to act).

        Then the game itself refuses what it does not allow (a verb it does not have, an
        amount or cards it does not take, a move its rules forbid now), with a precise code
        of its own (``game/illegal``...): the wire bounded only the verb's shape, since the
        room knows no game's verbs. Queued and dealing come before the seq so a player who
        has no cards yet hears why, not that their view is old (the first game's codes before
        the ladder moved here)."""
        game = self.game
        assert game is not None  # the stage rung let only a running game's moves through
        self._sync_game()
        if seat.queued:
            raise RoomError("you are dealt in at the next hand", Code.GAME_QUEUED)
        if game.is_dealing():
            raise RoomError("the next hand is being dealt; wait for your cards", Code.GAME_DEALING)
        if msg.seq != game.seq:
            raise RoomError(
                f"that {msg.action} was chosen on an older view (seq {msg.seq}; "
                f"the table is at seq {game.seq}); nothing was done",
                Code.GAME_STALE,
            )
        to_act = game.to_act()
        if seat.id not in to_act:
            names = [s.name for s in self.seats.values() if s.id in to_act]
            waiting = f"waiting for {', '.join(names)}" if names else "nobody is to act now"
            raise RoomError(f"it is not your turn to {msg.action} ({waiting})",
                            Code.GAME_NOT_YOUR_TURN)

    # --- the handlers of the table of requests (room.requests) ------------------------------

    def on_set_grace(self, peer: str, seat: Seat, msg: SetGrace) -> list[Outgoing]:
        """``set_grace``: how long a dropped player's decision waits."""
        if msg.seconds == self.grace_s:
            return []
        self.grace_s = msg.seconds
        return self._configure()

    def on_set_timer(self, peer: str, seat: Seat, msg: SetTimer) -> list[Outgoing]:
        """``set_timer``: the decision timer (0: none)."""
        if msg.seconds == self.timer_s:
            return []
        self.timer_s = msg.seconds
        return self._configure()

    def on_set_auto_deal(self, peer: str, seat: Seat, msg: SetAutoDeal) -> list[Outgoing]:
        """``set_auto_deal``: deal the next hand by itself after results."""
        if msg.on == self.auto_deal:
            return []
        self.auto_deal = msg.on
        return self._configure()

    def on_set_advisor(self, peer: str, seat: Seat, msg: SetAdvisor) -> list[Outgoing]:
        """``set_advisor``: the odds advisor for everyone (the room only carries the switch)."""
        if msg.on == self.advisor:
            return []
        self.advisor = msg.on
        return self._broadcast()

    def on_set_game(self, peer: str, seat: Seat, msg: SetGame) -> list[Outgoing]:
        """``set_game``: the game (and its settings) played from the next Start or deal."""
        make = self._chosen(msg.game)  # game/unknown for an id this room cannot make
        if self.game is None:  # the lobby: played from Start
            self.game_id, self.game_settings = msg.game, dict(msg.settings)
            return self._broadcast()
        return self._change_game(make, msg.game, dict(msg.settings))

    def _chosen(self, game_id: str) -> GameFactory:
        """The factory of game ``game_id``: the registry's; in a room made for one game, that
        game's (so its own settings, such as a base bet, can still be set), else
        ``game/unknown``."""
        if self._games is not None:
            return self._games(game_id)
        only = self._game_factory
        if only is None or only().game_id != game_id:
            raise RoomError("this room plays one game only", Code.GAME_UNKNOWN)
        return only

    def on_start(self, peer: str, seat: Seat, msg: Start) -> list[Outgoing]:
        """``start``: from the lobby, the game."""
        return self._start()

    def on_next_hand(self, peer: str, seat: Seat, msg: NextHand) -> list[Outgoing]:
        """``next_hand``: deal (in the lobby: start), or play a waiting change of game."""
        if self.phase is RoomPhase.LOBBY:
            return self._start()
        assert self.game is not None
        self._sync_game()
        if self.next_game is not None and self._between_hands():
            self._switch_game(keep_if=(Code.GAME_NO_PLAYERS,))
            return self._broadcast()
        self.game.next_hand()
        return self._broadcast()

    def on_nonce(self, peer: str, seat: Seat, msg: Nonce) -> list[Outgoing]:
        """``nonce``: a player's part of the fair deal's deck."""
        assert self.game is not None
        self._sync_game()
        return self._broadcast() if self.game.handle_nonce(seat.id, msg) else []

    def on_table(self, peer: str, seat: Seat, msg: Table) -> list[Outgoing]:
        """``table``: a table request the game names (the ladder checked whose it is)."""
        assert self.game is not None
        self._sync_game()
        if self.game.handle_table(seat.id, TableRequest.of(msg)) is False:
            return []  # it changed nothing: nobody's view is rebuilt or sent
        return self._broadcast()

    def on_act(self, peer: str, seat: Seat, msg: Act) -> list[Outgoing]:
        """``act``: a move, once the ladder checked its turn and seq."""
        assert self.game is not None
        self.game.handle_action(seat.id, Request.of(msg))
        return self._broadcast()

    # --- the game's life ----------------------------------------------------------------

    def _start(self) -> list[Outgoing]:
        self.phase = RoomPhase.PLAYING
        for s in self.seats.values():
            s.queued = False
        make = self._factory()
        if make is not None:
            try:
                self.game = make()
                if self._carry is not None:
                    self.game.carry_over(self._carry)  # the ledger of the room before the
                    # succession
                self.game.configure(self._settings())
                self._sync_game()
            except RoomError:  # nothing to go on from, or settings it refuses: the lobby
                self.game = None
                self.phase = RoomPhase.LOBBY
                raise
            try:
                self.game.next_hand()
            except RoomError as exc:
                if exc.code != Code.GAME_NO_PLAYERS:
                    self.game = None
                    self.phase = RoomPhase.LOBBY
                    raise
                # Nobody can be dealt in yet (a cash table: the players buy in at the table,
                # which needs the game): play on with its waiting table; the host deals next.
        return self._broadcast()

    def _factory(self) -> GameFactory | None:
        """The factory of the game to play: the picked game's from the registry, else the
        one game the room was made with."""
        if self._games is not None:
            return self._games(self.game_id)  # None: the page's default game
        return self._game_factory

    def _settings(self, game: Mapping[str, Any] | None = None) -> TableSettings:
        """The settings the game is told: ``game``'s own (default: the running game's). While
        a change of game waits, the old game does not deal by itself: the room deals the new
        one (:meth:`_auto_switch`)."""
        return TableSettings(
            grace_ms=self.grace_s * 1000,
            timer_ms=self.timer_s * 1000,
            auto_deal=self.auto_deal and (game is not None or self.next_game is None),
            game=MappingProxyType(dict(self.game_settings if game is None else game)),
            switching=game is None and self.next_game is not None,
        )

    # --- a change of game while a game runs -----------------------------------------------

    def _change_game(self, make: GameFactory, game_id: str,
                     settings: dict[str, Any]) -> list[Outgoing]:
        """The host's ``set_game`` while a game runs. The same game: new settings, judged by
        the game now, taken by its next hand. Another game: checked now by building it from
        this one's books (refusals change nothing), played from the next deal — the host's
        Deal, or auto-deal :data:`~room.game.AUTO_DEAL_MS` after the hand ends — with the
        ledger, and what the new game can read of the table (a table game: seats and stacks),
        carried over, so no money is lost. Asking for the game being played calls a waiting
        change off."""
        assert self.game is not None
        self._sync_game()
        if game_id == self.game.game_id:
            before = self.game_settings, self.next_game
            self.game_settings, self.next_game = settings, None
            try:
                return self._configure()
            except RoomError:
                self.game_settings, self.next_game = before
                self._configure()
                raise
        self._build_game(make, settings)  # refused here if the settings do not fit
        self.next_game = (game_id, settings)
        self._between_since = None
        return self._configure()  # the old game stops auto-dealing

    def _build_game(self, make: GameFactory, settings: Mapping[str, Any]) -> GameSession:
        """A new game that goes on from the running one's books (its public view, as a
        succession's new game does), told the players and configured."""
        assert self.game is not None and self.host_id is not None
        carried = _carried_game(self.game.view_for(self.host_id))
        game = make()
        game.carry_over(carried)
        game.set_players(self._player_infos(), self.now_ms)
        game.configure(self._settings(settings))
        return game

    def _between_hands(self) -> bool:
        """No hand is being played or dealt: nobody, seated or gone, has a stake."""
        game = self.game
        return game is not None and not game.is_dealing() and not any(
            game.holds(pid) for pid in (*self.seats, *self.departed))

    def _switch_game(self, keep_if: tuple[Code, ...]) -> None:
        """Plays the waiting change of game: the new game takes over and deals. If it cannot
        deal, the old game stays (nothing changed) unless the reason is in ``keep_if``."""
        assert self.next_game is not None and self._games is not None
        game_id, settings = self.next_game
        old, old_choice = self.game, (self.game_id, self.game_settings)
        new = self._build_game(self._games(game_id), settings)
        self.game, self.game_id, self.game_settings = new, game_id, settings
        self.next_game, self._between_since = None, None
        try:
            self._sync_game()
            new.next_hand()
        except RoomError as exc:
            if exc.code not in keep_if:
                self.game, self.next_game = old, (game_id, settings)
                self.game_id, self.game_settings = old_choice
                raise
        self._sync_game()

    def _auto_switch(self) -> bool:
        """With auto-deal on, a waiting change of game is dealt :data:`AUTO_DEAL_MS` after the
        hand ends (the old game's results stay on the table until then). True if it was."""
        if self.next_game is None or not self.auto_deal or not self._between_hands():
            self._between_since = None
            return False
        if self._between_since is None:
            self._between_since = self.now_ms
        if self.now_ms < self._between_since + AUTO_DEAL_MS:
            return False
        try:
            self._switch_game(keep_if=(Code.GAME_NO_PLAYERS, Code.GAME_PAUSED))
        except RoomError:
            self.next_game = None  # the new game cannot be played here: the old one goes on
            self._configure()
        return True

    def _configure(self) -> list[Outgoing]:
        if self.game is not None:
            self._sync_game()
            self.game.configure(self._settings())
        return self._broadcast()


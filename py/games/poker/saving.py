"""Keeping a table game across a host reload (snapshot/restore) and a new host (carry-over).

**Snapshot/restore** (the host's page reloads): everything, secrets included, for the host's
own storage. The running hand is kept as its settings, deck, draw reshuffles and actions and
replayed through the engine, so it goes on where it stood; times are stored as "ago" and moved
to the new page's clock.

**Carry-over** (another player's page becomes the host): the new host has only what its last
view showed, so :func:`carry_over` reads a view. The interrupted hand is void: every seat gets
back the stack it had when that hand started (``seats[].hand_start``); the cash books
(buy-ins, cash-outs, the money ledger) or the tournament's standings and clock carry on, and
hand numbers go on from the last one (a voided hand's number is not reused). The players'
standing choices (a standing straddle, mucking losing hands), public at their seats, carry on,
and so does the button's pick of the next game once made (one not made yet is over: the new
room's first deal cannot wait for it; ``static/rules/table-games.md#standing-choices``).

**A change of game** (the host's ``set_game`` while a game runs, ``room.host``) is a carry-over
too, between hands: from another table game's view the seats keep their stacks (no hand is
interrupted, so ``hand_start`` is the stack), the books and the pause carry on; from a game
without seats (Ultimate Omaha) only the money ledger does, and the players buy in. The new
game keeps the old one's mode and chip value (:func:`check_carried`): a cash game's chips were
bought at that value, a tournament's standings are its own. A bomb pot called for the next
hand is not carried (it was called for the old game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from room.errors import Code, RoomError
from rules.poker import Game

from games.codes import TableCode
from games.table.ledger import ledger_from_state
from games.viewtypes import (
    BookState,
    FlowState,
    LevelClockState,
    PlayedState,
    StandingsState,
    TableGameSettings,
)

from .cashbook import CashBook
from .extras import Pick, PickState, carried_pick, standing
from .hands import replay
from .seating import Sitter
from .settings import MAX_CHIPS, LevelBy, Mode, PokerSettings, parse_settings
from .tablestate import Carried, TableState
from .tournament import LevelClock, Standings, schedule

VERSION = 1


class TableSnapshot(TypedDict):
    """What :func:`snapshot` keeps (the host's storage only: it holds every card and seed).

    Each part is the JSON of the object that writes it (``to_dict``/``to_state``); lists are
    positional to keep the stored text short. :func:`restore` reads it back as a plain
    mapping, checking what it reads: storage is outside this code's hands.
    """

    version: int
    game: str
    fair_mode: bool
    settings: TableGameSettings
    room: list[int | bool]
    """``[grace_ms, timer_ms, auto_deal]``."""
    hand_no: int
    seq: int
    button: int | None
    names: dict[str, str]
    sitters: list[list[str | int | bool]]
    """``[id, seat, stack, connected, present, sitting_out, waiting, posting]`` per sitter."""
    book: BookState
    standings: StandingsState | None
    tournament_id: str | None
    level_clock: LevelClockState | None
    turn_ago: int
    banks: dict[str, int]
    away_ago: dict[str, int]
    played_out: list[str]
    results_ago: int
    auto_on_ago: int
    played: PlayedState | None
    flow: FlowState
    finished: list[PlayedState]
    host: list[bool | int | None]
    """``[paused, bomb_next, bomb_dealing]``."""
    carried_mode: list[str | int | list[str | int] | None] | None
    """``[mode, chip cents, tournament schedule]`` (:data:`.tablestate.Carried`)."""
    extras: list[list[str] | PickState | str | None]
    """The home-game extras' state: ``[standing straddles, the button's pick, the picked game
    of a deal waiting for nonces, the players who muck losing hands]`` (:mod:`.extras`,
    :mod:`.choices`)."""



def snapshot(game: TableState) -> TableSnapshot:
    now = game.now
    return {
        "version": VERSION,
        "game": game.game_id,
        "fair_mode": game.fair_mode,
        "settings": game.settings.as_dict(),
        "room": [game.grace_ms, game.clock.timer_ms, game.auto_deal],
        "hand_no": game.hand_no,
        "seq": game.seq,
        "button": game.button,
        "names": dict(game.names),
        "sitters": [[s.pid, s.seat, s.stack, s.connected, s.present, s.sitting_out, s.waiting,
                     s.posting] for s in game.seating.sitters()],
        "book": game.book.to_state(),
        "standings": game.standings.to_dict() if game.standings else None,
        "tournament_id": game.tournament_id,
        "level_clock": game.level_clock.to_dict(now) if game.level_clock else None,
        "turn_ago": now - game.clock.turn_start,
        "banks": dict(game.clock.banks),
        "away_ago": {p: now - t for p, t in game.away_since.items()},
        "played_out": sorted(game.played_out),
        "results_ago": now - game.results_at,
        "auto_on_ago": now - game.auto_on_at,
        "played": game.played.to_dict() if game.played is not None else None,
        "flow": game.flow.to_dict(),
        "finished": [p.to_dict() for p in game.finished],
        "host": [game.paused, game.bomb_next, game.bomb_dealing],
        "carried_mode": (None if game.carried_mode is None else
                         [game.carried_mode[0], game.carried_mode[1],
                          list(game.carried_mode[2])]),
        "extras": [sorted(game.straddles), None if game.pick is None else game.pick.to_list(),
                   None if game.game_dealing is None else game.game_dealing.value,
                   sorted(game.muckers)],
    }


def restore(game: TableState, data: Mapping[str, Any], now_ms: int) -> None:
    if data.get("version") != VERSION:
        raise ValueError(f"not a table-game snapshot of version {VERSION}")
    now = int(now_ms)
    game.now = now
    game.fair_mode = bool(data["fair_mode"])
    if data.get("game") != game.game_id:
        raise ValueError(f"a snapshot of {data.get('game')!r}, not of {game.game_id!r}")
    game.settings = parse_settings(data["settings"], game.game)
    grace, timer, auto = data["room"]
    game.grace_ms, game.auto_deal = int(grace), bool(auto)
    game.clock.grace_ms, game.clock.timer_ms = int(grace), int(timer)
    game.clock.bank_ms = game.settings.time_bank_s * 1000
    game.clock.banks = {str(k): int(v) for k, v in data["banks"].items()}
    game.clock.turn_start = now - int(data["turn_ago"])
    game.hand_no, game.seq = int(data["hand_no"]), int(data["seq"])
    game.button = None if data["button"] is None else int(data["button"])
    game.names = {str(k): str(v) for k, v in data["names"].items()}
    game.seating.by_id = {}
    for pid, seat, stack, connected, present, out, waiting, posting in data["sitters"]:
        game.seating.place(Sitter(str(pid), int(seat), int(stack), bool(connected),
                                  bool(present), bool(out), bool(waiting), bool(posting)))
    game.book = CashBook.from_state(data["book"])
    game.standings = Standings.from_dict(data["standings"]) if data["standings"] else None
    tid = data.get("tournament_id")
    game.tournament_id = None if tid is None else str(tid)[:16]
    s = game.settings
    game.levels = schedule(s.small_blind, s.big_blind, s.ante)
    game.level_clock = (LevelClock.from_dict(data["level_clock"], now)
                        if data["level_clock"] else LevelClock(s.level_by, s.level_length))
    game.away_since = {str(p): now - int(t) for p, t in data["away_ago"].items()}
    game.played_out = {str(p) for p in data["played_out"]}
    game.results_at = now - int(data["results_ago"])
    game.auto_on_at = now - int(data["auto_on_ago"])
    game.played = replay(data["played"]) if data["played"] is not None else None
    game.flow.restore(data["flow"], now)
    game.finished.clear()
    for f in data["finished"]:
        game.finished.append(replay(f))
    paused, bomb_next, bomb_dealing = data.get("host", (False, None, None))
    game.paused = bool(paused)
    game.bomb_next = None if bomb_next is None else int(bomb_next)
    game.bomb_dealing = None if bomb_dealing is None else int(bomb_dealing)
    straddles, pick, dealing, *rest = data.get("extras") or ([], None, None)
    game.straddles = {str(p) for p in straddles}
    game.muckers = {str(p) for p in rest[0]} if rest else set()  # absent before it was kept
    game.pick = None if pick is None else Pick.from_list(pick)
    game.game_dealing = None if dealing is None else Game.parse(dealing)
    carried = data.get("carried_mode")
    game.carried_mode = None if carried is None else (
        str(carried[0]), None if carried[1] is None else int(carried[1]),
        tuple(carried[2]))


def carry_over(game: TableState, data: Mapping[str, Any]) -> None:
    """Goes on from the room's carried shape (``room.host._carried_game``): its ``ledger``
    (the money, with a row for players a long ledger left out of the view) and hand count,
    and from ``view`` — the last view of the room before the succession (any player's: it
    reads only public fields) — the seats with the stacks they had when the interrupted hand
    started, the chips bought and cashed, or the tournament's standings and clock."""
    view = data["view"]
    running = view["phase"] in ("betting", "drawing")
    game.hand_no = int(data["hand_no"])
    game.seq = int(data["seq"])
    if "mode" not in view or "button" not in view:  # not a table game's view (Ultimate
        # Omaha's): the money goes on, the players buy in
        game.book = CashBook()
        game.book.ledger = ledger_from_state(data["ledger"])
        for pid, name, _, _ in data["ledger"]["rows"]:
            game.names.setdefault(str(pid), str(name))
        game.carried_mode = (Mode.CASH.value, None, ())
        return
    game.paused = view.get("paused") is True
    # The players' standing choices (public at their seats) and, the same game going on, the
    # button's pick made and not dealt yet (static/rules/table-games.md#standing-choices).
    game.straddles = standing(view["seats"], "straddling")
    game.muckers = standing(view["seats"], "mucks")
    game.pick = (carried_pick(view.get("pick"), game.hand_no + 1, game.now)
                 if view.get("game") == game.game_id else None)
    bomb = view.get("bomb_next")  # a bomb pot the host called for the next hand: still called
    game.bomb_next = bomb if type(bomb) is int and 1 <= bomb <= MAX_CHIPS else None
    game.button = None if view["button"] is None else int(view["button"])
    game.seating.by_id = {}
    for seat in view["seats"]:
        pid = str(seat["id"])
        game.names[pid] = str(seat["name"])
        game.seating.place(Sitter(pid, int(seat["seat"]), int(seat["hand_start"]),
                                  connected=False, present=True,
                                  sitting_out=bool(seat["sitting_out"]),
                                  waiting=bool(seat["waiting"])))
    game.played = None
    game.finished.clear()
    tour = view.get("tournament")
    if tour is None:
        book = CashBook()
        book.ledger = ledger_from_state(data["ledger"])
        for r in view["ledger"]["rows"]:
            pid = str(r["id"])
            game.names.setdefault(pid, str(r["name"]))
            book.bought[pid] = int(r["bought"])
            book.cashed[pid] = int(r["cashed"])
            if r.get("edited"):
                book.edited[pid] = int(r["edited"])
        game.book = book
        chip = view["ledger"].get("chip_cents")
        game.carried_mode = (Mode.CASH.value, None if chip is None else int(chip), ())
        return
    game.carried_mode = (Mode.TOURNAMENT.value, None, (
        str(tour["by"]), int(tour["length"]), int(tour["starting_stack"]), int(tour["level"]),
        int(tour["small"]), int(tour["big"]), int(tour["ante"])))
    tid = tour.get("id")
    game.tournament_id = tid[:16] if isinstance(tid, str) else None
    game.standings = Standings([str(p) for p in tour["entrants"]],
                               {str(k): int(v) for k, v in tour["places"].items()},
                               None if tour["winner"] is None else str(tour["winner"]))
    hands = int(tour["hands"]) - (1 if running else 0)
    game.level_clock = LevelClock(LevelBy(tour["by"]), int(tour["length"]), hands=hands)
    game.level_clock.started = game.now - int(tour["played_ms"])
    if tour["paused"]:
        game.level_clock.paused_at = game.now
    book = CashBook()
    for pid in game.standings.entrants:
        book.register(pid, game.names.get(pid, pid))
        book.buy(pid, int(tour["starting_stack"]))
    game.book = book


def check_carried(carried: Carried, new: PokerSettings) -> None:
    """Refuses settings that do not fit the books carried over: another mode
    (``settings/mode``), with chips carried another chip value (``settings/chip_cents``), in a
    tournament another schedule or starting stack (``settings/locked``: fixed when it began;
    draw's ante with antes only is that game's own forced bet, not part of the schedule).

    >>> check_carried(("cash", 1, ()), parse_settings({"mode": "tournament"}))
    Traceback (most recent call last):
    room.errors.RoomError: this table plays a cash game: a new game keeps it (mode tournament)
    >>> t = parse_settings({"mode": "tournament"})
    >>> check_carried(("tournament", None, ("minutes", 10, 1500, 1, 7, 15, 0)), t)
    >>> check_carried(("tournament", None, ("minutes", 10, 1500, 1, 10, 20, 0)), t)
    Traceback (most recent call last):
    room.errors.RoomError: a running tournament keeps its schedule and starting stack
    """
    mode, chip, schedule_seen = carried
    if new.mode.value != mode:
        raise RoomError(f"this table plays a {mode} game: a new game keeps it "
                        f"(mode {new.mode.value})", TableCode.SETTINGS_MODE)
    if chip is not None and new.chip_cents != chip:
        raise RoomError(f"the chips on the table are worth {chip} cents each: a new game "
                        f"keeps that value (chip_cents {new.chip_cents})",
                        TableCode.SETTINGS_CHIP_CENTS)
    if schedule_seen:
        by, length, stack, level, small, big, ante = schedule_seen
        levels = schedule(new.small_blind, new.big_blind, new.ante)
        lv = levels[min(int(level), len(levels) - 1)]
        if new.game is Game.DRAW and not new.draw_blinds:
            ante = lv.ante  # draw's ante is its own forced bet (one small blind unless set),
            # where the blind games post blinds: not a change of the schedule
        if (new.level_by.value, new.level_length, new.starting_stack,
                lv.small, lv.big, lv.ante) != (by, length, stack, small, big, ante):
            raise RoomError("a running tournament keeps its schedule and starting stack",
                            Code.SETTINGS_LOCKED)

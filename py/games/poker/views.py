"""Per-viewer views of a table game, built fresh from a whitelist.

Nothing here reads a card it may not put in the view: another player's hole cards are read
only from the showdown's ``Shown`` records (the hands the rules show, in showdown order), the
viewer's own from the deal records addressed to their seat, board cards from the boards.
Burns, the deck, discards of others, folded hands and the seed of a running hand are never
read at all. Counts keep the shape (``"??"`` per face-down card).

``fair`` is the shared fair-deal flow's part (:mod:`games.table.fair`): while a deal waits for
nonces (phase ``"dealing"``: no card exists yet, ``hand_no`` is the coming hand's,
``deadline_ms`` the wait left) its commitment, the hand's public dealing order (``fair.order``:
``{"game", "button", "seats": [[seat, id, dealt in], ...]}``, fixed before any nonce) and
``want_nonce``; once dealt the nonces too; the seed at results. No view says where a card comes
from in the deck: each browser rebuilds that from the dealing order (:mod:`rules.dealorder`;
``games.table.dealcheck`` reads a view against it). ``draws`` are the draw's public discard
counts, ``[[seat, count], ...]`` in the order the players drew. At results (phase
``"results"``) ``results`` is the hand's public history entry with the viewer's own hole cards
(:func:`.hands.viewer_record`; ``room.export.history_entry`` files it as is, and a guest's
PokerStars text is written from it), which is also what the table's results screen reads: the
shown hands with the five cards that won (:func:`.hands.shown`), the pots and the payout
messages, sent once. Times (``timer_ms``, ``bank_ms``, ``grace_ms``, ``auto_deal_ms``,
``level.left_ms``) are milliseconds left when the view was built. """

from __future__ import annotations

from typing import Any

from rules.poker import Action, Hand, Phase, Verb
from rules.poker.records import Acted, Drew, Shown

from games.table.clock import auto_deal_at
from games.table.ledger import GAME_VIEW_BUDGET, fit, ledger_view, view_size
from games.viewtypes import (
    LedgerView,
    RaiseBounds,
    TableLegal,
    TablePot,
    TableSeat,
    TableTournament,
    TableTurn,
    TableView,
    TableYou,
)

from . import choices
from .cashbook import CashBook
from .extras import pick_view
from .hands import PlayedHand, boards, public_log, viewer_record
from .settings import LevelBy
from .tablestate import TableState

HIDDEN = "??"
LOG_TAIL = 24
"""The view carries the hand's last 24 log entries (``log_omitted`` counts the others): a
ten-player no-limit hand of min-raises can log hundreds, and a view must stay under the wire
cap. The whole log is in the hand's history once it ends."""


def build(game: TableState, viewer: str) -> TableView:
    dealing = game.flow.dealing
    played = game.played if dealing is None else None  # while dealing no card exists
    over = played is not None and played.hand.is_over
    s = game.settings
    phase = ("dealing" if dealing is not None else "waiting" if played is None
             else "results" if over else played.hand.phase.value)
    if played is not None:
        c = played.config  # the hand's own: a called bomb pot posts no blinds
        betting, blinds, ante, cap = c.betting.value, list(c.blinds), c.ante, c.cap
        posts_blinds = c.posts_blinds
    else:
        betting, blinds, ante, cap = s.betting.value, [s.small_blind, s.big_blind], \
            s.hand_ante, s.cap
        posts_blinds = s.posts_blinds
    log = public_log(played) if played is not None else []
    view: TableView = {
        "game": game.game_id,
        "seq": game.seq,
        "hand_no": dealing.hand_no if dealing is not None else game.hand_no,
        "mode": s.mode.value,
        "posts_blinds": posts_blinds,
        "phase": phase,
        "round": played.hand.round_name if played is not None and not over else None,
        "button": game.button,
        "seats": _seats(game, played, viewer),
        "you": _you(game, played, viewer),
        "boards": boards(played.hand) if played is not None else [],
        "draws": ([[played.seats[r.seat], len(r.discards)] for r in played.hand.log
                   if isinstance(r, Drew)] if played is not None else []),
        "pots": _pots(played) if played is not None and not over else [],
        "turn": _turn(game),
        "legal": _legal(game, viewer),
        "log": log[-LOG_TAIL:],
        "log_omitted": max(0, len(log) - LOG_TAIL),
        "results": viewer_record(played, viewer) if played is not None and over else None,
        "auto_deal_ms": None,
        "deadline_ms": game.flow.deadline_ms(game.now) if dealing is not None else None,
        "fair": (game.fair_part(viewer, played.hand_no, over)
                 if played is not None and played.fair is not None
                 else game.fair_part(viewer, game.hand_no, False) if dealing is not None
                 else None),
        "betting": betting,
        "blinds": blinds,
        "ante": ante,
        "cap": cap,
        "hand_game": played.config.game.value if played is not None else None,
        "paused": game.paused,
        "bomb_next": _bomb_next(game),
        "ledger": _ledger(game),
        "tournament": _tournament(game) if game.tournament else None,
        "choices": choices.view_part(game, viewer),
    }
    if not game.tournament:
        view["buy_in"] = {"min": s.min_buy_in, "max": s.max_buy_in, "default": s.default_buy_in}
    if s.straddle or s.bb_ante or s.bounty or s.bomb_every or s.choice_games:
        # The home-game extras: what the table plays, the viewer's own straddle, the pick.
        view["extras"] = {"straddle": s.straddle, "bb_ante": s.bb_ante, "bounty": s.bounty,
                          "bomb_every": s.bomb_every}
        view["straddling"] = s.straddle and viewer in game.straddles
        view["pick"] = pick_view(game.pick, game.now)
    if (over or played is None) and game.auto_deal and game.hand_no > 0:
        view["auto_deal_ms"] = max(0, auto_deal_at(game.results_at, game.auto_on_at) - game.now)
    return _fit(view)


def _seats(game: TableState, played: PlayedHand | None, viewer: str) -> list[TableSeat]:
    running = played is not None and not played.hand.is_over
    shown_cards: dict[int, list[str]] = {}
    last: dict[int, str] = {}
    if played is not None:
        for rec in played.hand.log:
            if isinstance(rec, Shown):
                shown_cards[rec.seat] = [str(c) for c in rec.cards]
            elif isinstance(rec, Acted):
                last[rec.seat] = rec.verb.value
            elif isinstance(rec, Drew):
                last[rec.seat] = f"draws {len(rec.discards)}" if rec.discards else "stands pat"
    out = []
    for sitter in game.seating.sitters():
        pid = sitter.pid
        e = played.engine_seat(pid) if played is not None else None
        dealt = played is not None and e is not None and played.config.dealt_in[e]
        entry: TableSeat = {
            "seat": sitter.seat,
            "id": pid,
            "name": game.names.get(pid, pid),
            "stack": game.stack_of(pid),
            "hand_start": played.config.stacks[e] if (
                running and played is not None and e is not None and dealt) else sitter.stack,
            "bet": 0,
            "last_action": None,
            "connected": sitter.connected,
            "present": sitter.present,
            "sitting_out": sitter.sitting_out,
            "waiting": sitter.waiting,
            "cards": [],
            "state": "",
        }
        # Standing choices are public: a new host carries them over from its last view.
        if game.settings.straddle and pid in game.straddles:
            entry["straddling"] = True
        if pid in game.muckers:
            entry["mucks"] = True
        if played is not None and e is not None and dealt:
            hand = played.hand
            entry["bet"] = hand.bets[e] if running else 0
            entry["last_action"] = last.get(e)
            entry["state"] = ("folded" if not hand.in_hand[e] else
                              "all_in" if hand.stacks[e] == 0 and running else "in")
            if not running and game.standings is not None and pid in game.standings.places \
                    and sitter.stack == 0:
                entry["state"] = "eliminated"
            if pid == viewer:
                entry["cards"] = [str(c) for c in hand.hole[e]]
            elif e in shown_cards:
                entry["cards"] = shown_cards[e]
            elif hand.in_hand[e] and running:
                entry["cards"] = [HIDDEN] * len(hand.hole[e])
        else:
            entry["state"] = _idle_state(game, sitter.stack, sitter.sitting_out, sitter.waiting)
        out.append(entry)
    return out


def _idle_state(game: TableState, stack: int, sitting_out: bool, waiting: bool) -> str:
    if game.tournament and game.standings is not None and stack == 0:
        return "eliminated"
    if stack == 0:
        return "no_chips"
    if sitting_out:
        return "sitting_out"
    if waiting:
        return "waiting"
    return "out"


def _you(game: TableState, played: PlayedHand | None, viewer: str) -> TableYou:
    sitter = game.seating.by_id.get(viewer)
    out: TableYou = {
        "seated": sitter is not None,
        "seat": sitter.seat if sitter is not None else None,
        "in_hand": False,
        "hole": [],
        "discards": [],
        "queued": game.is_queued(viewer),
        "buy_in": None,
        "value": [],
    }
    if sitter is not None and not game.tournament and not game.in_running_hand(viewer):
        s = game.settings
        low, high = CashBook.buy_in_range(sitter.stack, least=s.min_buy_in, most=s.max_buy_in)
        if low <= high:  # the chips this player may buy now (the cash card's bounds)
            # A first buy-in: the suggested one; a rebuy: topping up to it (None above it: the
            # player names the amount, the bounds are shown), never the most by default.
            top_up = s.default_buy_in - sitter.stack
            suggested = (s.default_buy_in if sitter.stack == 0 else
                         top_up if top_up >= low else None)
            out["buy_in"] = {"from": low, "to": high, "suggested": (
                None if suggested is None else min(max(suggested, low), high))}
    if played is None:
        return out
    e = played.engine_seat(viewer)
    if e is None or not played.config.dealt_in[e]:
        return out
    out["in_hand"] = played.hand.in_hand[e]
    out["hole"] = [str(c) for c in played.hand.hole[e]]
    out["discards"] = [str(c) for r in played.hand.log if isinstance(r, Drew) and r.seat == e
                       for c in r.discards]
    out["value"] = _value(played, e)
    return out


def _value(played: PlayedHand, e: int) -> list[str | None]:
    """The viewer's own hand in words (the G key), from the rules' one scoring of a hand
    (:func:`rules.poker.value.hand_words`, once per street: :meth:`PlayedHand.hand_words`):
    guests never load the rules, and only this viewer's cards are read. A high per board,
    then the low in Hi/Lo."""
    return list(played.hand_words(e))


def _pots(played: PlayedHand) -> list[TablePot]:
    return [{"amount": p.amount, "eligible": [played.seats[s] for s in p.eligible]}
            for p in played.hand.pots()]


def _turn(game: TableState) -> TableTurn | None:
    played = game.played
    if played is None or not game.hand_running or played.hand.to_act is None:
        return None
    pid = played.ids[played.hand.to_act]
    deadline = game.clock.deadline(pid, game.away_since.get(pid))
    clock = game.clock.shown(pid, game.now)
    return {
        "seat": played.seats[played.hand.to_act],
        "id": pid,
        "deadline_ms": None if deadline is None else max(0, deadline - game.now),
        "timer_ms": clock["timer_ms"],
        "bank_ms": clock["bank_ms"],
        "away": pid in game.away_since,
    }


POT_FRACTIONS = (("half", 1, 2), ("threeq", 3, 4), ("pot", 1, 1))
"""The pot-sized shortcuts a bet or raise offers: half, three quarters and the whole pot."""


def pot_presets(hand: Hand, to_call: int, lo: int, hi: int) -> list[list[Any]]:
    """``[key, to]`` of each pot-sized bet or raise (:data:`POT_FRACTIONS`), within the
    engine's bounds ``lo``..``hi``: the round's bet, then that fraction of the pot after the
    viewer's call (everything in the middle and in front, as pot limit counts it), so "pot"
    is pot limit's largest raise. Here, not on the page, which only labels them."""
    after_call = hand.pot_total() + sum(hand.bets) + to_call
    return [[key, max(lo, min(hi, hand.level + after_call * num // den))]
            for key, num, den in POT_FRACTIONS]


def draw_keeps(hand: Hand, seat: int, most: int) -> list[str] | None:
    """The cards of which ``seat`` must keep one to discard the ``most`` it may, as the engine
    judges each draw (:meth:`rules.poker.Hand.can`; 5-card draw: four only keeping an ace);
    None when any card may be the one kept (or a full draw keeps none or several). The page
    checks a draw against this, so it keeps no draw rule of its own."""
    hole = hand.hole[seat]
    if most != len(hole) - 1:
        return None
    keeps = [c for c in hole if hand.can(
        Action(seat, Verb.DRAW, cards=tuple(d for d in hole if d != c)))]
    return None if len(keeps) == len(hole) else [str(c) for c in keeps]


def _legal(game: TableState, viewer: str) -> TableLegal | None:
    """The bounds of what the viewer may do, only when it is their turn: the engine's own
    (:meth:`rules.poker.Hand.legal`), with ``all_in_whole`` saying whether an all-in request
    puts the whole stack in (at a limit it is only the largest raise allowed)."""
    played = game.played
    if played is None or viewer not in game.to_act():
        return None
    legal = played.hand.legal()
    hand = played.hand
    raise_to: RaiseBounds | None = None
    presets: list[list[Any]] = []
    if legal.raise_verb is not None:
        raise_to = {"verb": legal.raise_verb.value, "min_to": legal.min_to,
                    "max_to": legal.max_to}
        lo, hi = legal.min_to, legal.max_to
        if lo is not None and hi is not None and lo < hi:
            presets = pot_presets(hand, legal.to_call, lo, hi)
    out: TableLegal = {
        "actions": [v.value for v in legal.verbs],
        "call": legal.to_call,
        "call_all_in": legal.call_all_in,
        "raise": raise_to,
        "presets": presets,
        "raise_blocked": legal.raise_blocked,
        "all_in_to": legal.all_in_to,
        # Whether an all-in request puts the whole stack in: in pot-limit and fixed-limit
        # it is only the largest raise the limit allows (the button must not say "All in").
        "all_in_whole": legal.all_in_to is not None
        and legal.all_in_to == hand.bets[legal.seat] + hand.stacks[legal.seat],
        "draw_max": legal.draw_max if legal.phase is Phase.DRAWING else None,
        "draw_keeps": (draw_keeps(hand, legal.seat, legal.draw_max)
                       if legal.phase is Phase.DRAWING and legal.draw_max is not None
                       else None),
        "can_check": legal.can_check and Verb.CHECK in legal.verbs,
    }
    return out


def _ledger(game: TableState) -> LedgerView:
    """The session ledger in the shape every game's view shares
    (:func:`games.table.ledger.ledger_view`; a tournament's is all zeros), each row adding the
    chips a cash game needs to carry its books over a succession: bought, cashed, stack."""
    book = game.book
    out = ledger_view(book.ledger, game.seating.by_id)
    for row in out["rows"]:
        pid = row["id"]
        row["bought"] = book.bought.get(pid, 0)
        row["cashed"] = book.cashed.get(pid, 0)
        row["stack"] = game.stack_of(pid)
        if book.edited.get(pid):  # chips the host added (or took) between hands
            row["edited"] = book.edited[pid]
    out["chip_cents"] = game.settings.chip_cents
    return out


def _bomb_next(game: TableState) -> int | None:
    """The ante of the bomb pot the host called for the next hand (or of the deal waiting
    for nonces), in chips; None if none is called."""
    bomb = game.bomb_dealing if game.flow.dealing is not None else game.bomb_next
    if bomb is None:
        return None
    if bomb:
        return bomb
    level = game.current_level()
    return level.big if level is not None else game.settings.big_blind


def _fit(view: TableView) -> TableView:
    """Keeps the view under the game's byte budget: a long hand's ``results.actions`` (the
    whole log) gives way to the tail the ``log`` shows (``actions_omitted`` counts the rest;
    the host's own history keeps every action), then the ledger is fitted as every game's."""
    results = view["results"]
    size = view_size(view)
    if results is not None and size > GAME_VIEW_BUDGET:
        actions = results["actions"]
        for keep in (LOG_TAIL, 0):  # the view's own log already holds the tail
            results["actions"] = actions[len(actions) - keep:] if keep else []
            results["actions_omitted"] = len(actions) - len(results["actions"])
            size = view_size(view)
            if size <= GAME_VIEW_BUDGET:
                break
    return fit(view, size=size)


def _tournament(game: TableState) -> TableTournament:
    clock = game.level_clock
    assert clock is not None
    played = game.played
    now_index = clock.index(game.now) if clock.by is LevelBy.MINUTES else (
        clock.hands // clock.length)
    levels = game.levels
    hand_level = played.level if played is not None and played.level is not None else None
    current = min(hand_level if hand_level is not None else now_index, len(levels) - 1)
    upcoming = min(now_index, len(levels) - 1)
    standings = game.standings
    lv = levels[current]
    nxt = levels[current + 1] if current + 1 < len(levels) else None
    return {
        "id": game.tournament_id,
        "level": current,
        "small": lv.small, "big": lv.big, "ante": lv.ante,
        "next": None if nxt is None else {"small": nxt.small, "big": nxt.big, "ante": nxt.ante},
        "by": clock.by.value,
        "length": clock.length,
        "left_ms": clock.left(game.now) if clock.by is LevelBy.MINUTES else None,
        "left_hands": clock.left(game.now) if clock.by is LevelBy.HANDS else None,
        "paused": clock.paused_at is not None,
        "played_ms": clock.played_ms(game.now),
        "hands": clock.hands,
        "up_next_hand": game.hand_running and upcoming > current,
        "starting_stack": game.settings.starting_stack,
        "entrants": list(standings.entrants) if standings else [],
        "places": dict(standings.places) if standings else {},
        "finishing_order": [{"id": p, "name": game.names.get(p, p), "place": standings.places[p]}
                            for p in standings.finishing_order()] if standings else [],
        "winner": standings.winner if standings else None,
    }

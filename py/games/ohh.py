"""A table-game hand as Open Hand History (OHH) JSON, the hand-history standard of the
trackers' makers (PokerTracker, Hold'em Manager; https://hh-specs.handhistory.org, version
1.4.7), written from the hand's record as its reader saw it.

Why from the record, as the PokerStars and PHH writers (:mod:`games.pokerstars`,
:mod:`games.phh`): every page keeps each hand's record, no guest page loads an engine, and a
record holds only what its reader saw — their own hole cards (``you``) in a "Dealt Cards"
action, others' only where shown at the showdown ("Shows Cards").

What the standard can say: its ``game_type`` is Hold'em, Omaha or Omaha Hi/Lo (and stud and
draw games whose rounds it names no further than Preflop to River), its ``bet_type`` no limit,
pot limit or fixed limit. So written here: Texas Hold'em, Pot-Limit Omaha, Omaha Hi/Lo and
five-card Omaha (as Omaha: a tracker counts the hole cards), in those three structures. Not
written, each refused saying why: short deck (OHH's Hold'em is the full deck's: a tracker
would rank its hands wrongly), the double-board bomb pot (one board per round in OHH; two
rounds of the same street mean run-it-twice, which a double board is not), the draw games
(no draw round or discard in OHH's rounds and actions), and double pot limit (no such
``bet_type``).

Two home-game extras (``static/rules/table-games.md``), in the standard's own terms:

* a board **run twice** (``#run-it-twice``): the flag ``Run_It_Twice`` (the standard's: "two
  [or more] sets of board cards are used in the play of the same hand"), the streets dealt
  before the all-in once, then the first run's remaining streets and the second run's, each a
  round with the cards it dealt (a street's name met again begins the second run), one
  showdown, and each pot with what each player won from it on both runs;
* the **7-2 bounty** (``#7-2-bounty``): chips paid after the pots and outside them, for which
  the standard's one way for a player to put chips in outside the betting is "Add to Pot"
  (a player's chips added to the pot): in the showdown round each payer adds what they paid,
  and a pot of its own, numbered after the hand's pots, pays the seven-deuce, so every
  player's chips in and out add up to the record's nets; the seven-deuce turned up after an
  uncontested win is shown ("Shows Cards") in a showdown round.

Amounts are chips, as the record has them (``currency`` "XPM", OHH's play money: a chip's
worth in money is the host's setting, not the hand's); an uncalled bet is not an action in
OHH, so a pot is what the record says was paid from it. The file (``.ohh``) is one JSON
object a hand, each on its own line, hands separated by a blank line.

Plain data in, text out; the standard library and the game facts only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from room.errors import ExportError
from rules.dealorder import DECK_CARDS

from games import catalogue
from games.catalogue import Family
from games.handfiles import written
from games.pokerstars import hand_number

SPEC_VERSION = "1.4.7"
SITE = "Ultimate Omaha"
GAME_TYPES: Mapping[str, str] = {
    g: e.history.ohh for g, e in catalogue.GAMES.items() if e.history and e.history.ohh}
"""Our game -> OHH's ``game_type`` (the catalogue's ``HandHistory.ohh``): every game OHH can
say."""
BET_TYPES: Mapping[str, str] = {"no-limit": "NL", "pot-limit": "PL", "fixed-limit": "FL"}


def _why_not(entry: catalogue.GameEntry) -> str:
    """Why OHH cannot say a table game the catalogue gives no ``game_type``, from its facts."""
    if entry.family is Family.DRAW:
        return "OHH's rounds and actions have no draw and no discard"
    if entry.boards > 1:
        return ("OHH has one board a round (two rounds of a street are run-it-twice, not a "
                "double board)")
    if entry.deck < DECK_CARDS:
        return ("OHH's Hold'em is played with the full deck (a tracker would rank this deck's "
                "hands wrongly)")
    return "OHH has no game type for it"


WHY_NOT: Mapping[str, str] = {g: _why_not(e) for g, e in catalogue.GAMES.items()
                              if e.is_table_game and g not in GAME_TYPES}
"""Each table game OHH cannot say, and why."""
STREETS = ("Preflop", "Flop", "Turn", "River")
"""OHH's street names of a board game's betting rounds, in order."""
REQUIRED = ("spec_version", "site_name", "network_name", "internal_version", "game_number",
            "start_date_utc", "table_name", "game_type", "bet_limit", "table_size",
            "currency", "dealer_seat", "small_blind_amount", "big_blind_amount",
            "ante_amount", "hero_player_id", "players", "rounds", "pots")
"""The fields every hand's ``ohh`` object carries (the standard: all fields are required
unless it says otherwise; ``tournament``/``tournament_info`` only in a tournament)."""
_POSTS = {"ante": "Post Ante", "small blind": "Post SB", "big blind": "Post BB",
          "straddle": "Straddle"}
_ACTS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def ohh_hand(record: Mapping[str, Any], *, table: str = "") -> dict[str, Any]:
    """The hand of ``record`` as OHH's object (``{"ohh": {...}}``), as its reader saw it.

    Raises :class:`ExportError` saying why for a game or structure OHH cannot say, a hand
    whose log reached this page shortened, or a malformed record."""
    game = record.get("hand_game") or record.get("game")
    no = record.get("hand_no")
    if game in WHY_NOT:
        raise ExportError(f"hand {no} is {catalogue.name(game)}: {WHY_NOT[str(game)]}")
    if game not in GAME_TYPES:
        raise ExportError(f"OHH covers {', '.join(sorted(GAME_TYPES))}, not {game!r}")
    betting = record.get("betting")
    if betting not in BET_TYPES:
        raise ExportError(f"hand {no} is played {betting}: OHH's bet types are no limit, pot "
                          "limit and fixed limit")
    if record.get("actions_omitted"):
        raise ExportError(f"hand {no} reached this page with its first "
                          f"{record['actions_omitted']} actions left out: no OHH")
    try:
        return {"ohh": _hand(record, str(game), str(betting), table)}
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ExportError(f"hand {no}: the record is malformed ({exc!r:.80})") from None


def ohh_document(records: Iterable[Mapping[str, Any]], *, table: str = "") -> str:
    """Every hand of ``records`` OHH can say, in hand number order, each a JSON object on
    its own line, separated by blank lines (OHH's storage format). Others are left out; if
    none is left, an :class:`ExportError` says why."""
    lines = written(records, lambda _no, record: json.dumps(ohh_hand(record, table=table),
                                                              ensure_ascii=False))
    return "\n\n".join(lines) + "\n"


def _cards(cards: Iterable[Any]) -> list[str]:
    out = []
    for c in cards:
        if not isinstance(c, str) or not _CARD.fullmatch(c):
            raise ValueError(f"not a card: {str(c)[:10]!r}")
        out.append(c)
    return out


def _hand(r: Mapping[str, Any], game: str, betting: str, table: str) -> dict[str, Any]:
    seats = [s for s in r["seats"]]
    ids = {int(s["seat"]): k + 1 for k, s in enumerate(seats)}  # OHH's player ids, from 1
    small, big = (int(b) for b in r["blinds"])
    started = r.get("started_ms")
    when = datetime.fromtimestamp((int(started) if type(started) is int else 0) / 1000, UTC)
    you = r.get("you")
    hero = int(you["seat"]) if isinstance(you, Mapping) else None
    rounds: list[dict[str, Any]] = []
    number = 0

    def action(seat: int | None, what: str, amount: int = 0, all_in: bool = False,
               cards: list[str] | None = None) -> None:
        nonlocal number
        number += 1
        a: dict[str, Any] = {"action_number": number, "player_id": ids[seat] if seat is not None
                             else None, "action": what, "amount": amount, "is_allin": all_in}
        if cards is not None:
            a["cards"] = cards
        rounds[-1]["actions"].append(a)

    board = list(r["boards"][0]) if r["boards"] else []
    # the board run twice: the second runout, and the cards both runs share (those dealt
    # before the all-in); the streets after them are each run's own rounds, written below
    second = list(r["second_boards"][0]) if r.get("second_boards") else []
    shared = next((k for k, (a, b) in enumerate(zip(board, second, strict=False)) if a != b),
                  len(board)) if second else len(board)
    dealt = 0
    rounds.append({"id": 0, "street": STREETS[0], "actions": []})
    for a in r["actions"]:
        kind = a["type"]
        if kind == "post":
            action(int(a["seat"]), _POSTS.get(a["kind"], "Post Extra Blind"),
                   int(a["amount"]), bool(a.get("all_in")))
        elif kind == "round":
            k = catalogue.GAMES[game].rounds.index(a["name"])
            if k == 0:
                if hero is not None and isinstance(you, Mapping):
                    action(hero, "Dealt Cards", cards=_cards(you["hole"]))
                continue
            count = 3 + (k - 1)
            if count > shared:
                continue  # dealt twice: each run's rounds come after the betting
            rounds.append({"id": len(rounds), "street": STREETS[k],
                           "cards": _cards(board[dealt:count]), "actions": []})
            dealt = count
        elif kind == "act":
            action(int(a["seat"]), _ACTS[a["action"]], int(a["added"]), bool(a.get("all_in")))
    # a board run out with nobody left to bet: its streets, with no actions (run twice: the
    # first run's, then the second's from the cards both share)
    for run, start in ((board, dealt), (second, shared)):
        for k, count in ((1, 3), (2, 4), (3, 5)):
            if len(run) >= count > start:
                rounds.append({"id": len(rounds), "street": STREETS[k],
                               "cards": _cards(run[start:count]), "actions": []})
                start = count
    bounties = [(int(b["seat"]), int(b["payer"]), int(b["amount"]))
                for b in r.get("bounties") or []]
    uncontested = bool(r.get("uncontested"))
    shown = {int(s["seat"]): s for s in r["shown"]}
    if not uncontested or shown or bounties:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": []})
        folded = {int(a["seat"]) for a in r["actions"]
                  if a["type"] == "act" and a["action"] == "fold"}
        for s in shown:  # (uncontested: the seven-deuce turned up for the 7-2 bounty)
            action(s, "Shows Cards", cards=_cards(shown[s]["cards"]))
        for s in seats:
            seat = int(s["seat"])
            if (not uncontested and s.get("dealt_in", True) and seat not in folded
                    and seat not in shown):
                action(seat, "Mucks Cards")
        # the 7-2 bounty: each payer's chips added to a pot of its own, won by the seven-deuce
        for _, payer, amount in bounties:
            action(payer, "Add to Pot", amount)
    pots = [{"number": k, "amount": int(p["amount"]), "rake": 0, "jackpot": 0,
             "player_wins": [{"player_id": ids[int(w["seat"])], "win_amount": int(w["amount"]),
                              "contributed_rake": 0}
                             for w in p["winners"]]}
            for k, p in enumerate(r["pots"])]
    if bounties:
        won: dict[int, int] = {}
        for seat, _, amount in bounties:
            won[seat] = won.get(seat, 0) + amount
        pots.append({"number": len(pots), "amount": sum(won.values()), "rake": 0,
                     "jackpot": 0, "player_wins": [
                         {"player_id": ids[seat], "win_amount": amount, "contributed_rake": 0}
                         for seat, amount in won.items()]})
    out: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": SITE,
        "network_name": SITE,
        "internal_version": "1",
        "game_number": str(hand_number(r, table or SITE)),
        "start_date_utc": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "table_name": table or SITE,
        "game_type": GAME_TYPES[game],
        "bet_limit": {"bet_type": BET_TYPES[betting],
                      "bet_cap": int(r["cap"]) if type(r.get("cap")) is int else 0},
        "table_size": max(10, *(int(s["seat"]) + 1 for s in seats)),
        "currency": "XPM",
        "dealer_seat": int(r["button"]) + 1,
        "small_blind_amount": small,
        "big_blind_amount": big,
        "ante_amount": int(r.get("ante") or 0),
        "hero_player_id": ids[hero] if hero is not None else None,
        "flags": ["Run_It_Twice"] if second else [],
        "players": [{"id": ids[int(s["seat"])], "seat": int(s["seat"]) + 1,
                     "name": str(s.get("name", "")), "display": str(s.get("name", "")),
                     "starting_stack": int(s["stack"]),
                     **({} if s.get("dealt_in", True) else {"is_sitting_out": True})}
                    for s in seats],
        "rounds": rounds,
        "pots": pots,
    }
    tournament = r.get("tournament")
    if isinstance(tournament, str):
        out["tournament"] = True
        out["tournament_info"] = {"tournament_number": tournament, "name": SITE,
                                  "start_date_utc": out["start_date_utc"], "currency": "XPM",
                                  "buyin_amount": 0, "fee_amount": 0, "bounty_fee_amount": 0,
                                  "initial_stack": 0, "type": "STT", "flags": [],
                                  "speed": {"type": "Normal", "round_time": 0}}
    return out


__all__ = ["BET_TYPES", "GAME_TYPES", "REQUIRED", "SPEC_VERSION", "WHY_NOT", "ohh_document",
           "ohh_hand"]

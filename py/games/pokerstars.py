"""A table-game hand as PokerStars hand-history text, written from the hand's public record.

Why from the record and not from the engine: a guest's page never loads the betting engine (it
is heavy, and only a host deals), yet it keeps every hand's record, filed from the results
views (:mod:`room.export`). So there is one writer, and both pages feed it the same data: the
host its own record of the hand (:func:`games.poker.hands.viewer_record`), a guest the copy its
results view brought. For the same reader the two texts are the same.

The record (:func:`games.poker.hands.history`) holds only what every player may see: seats and
starting stacks, forced bets and actions, boards, the hands shown at the showdown, pots and
how each share of them was paid, when the host dealt it and the deal's public commitment. A
reader's copy adds ``you``, their own seat and hole cards as dealt. The text is made of
nothing else, so it cannot name a card its reader did not see: no folded hand, no unshown one,
nobody else's hole cards.

What a tracker keys on, and where it comes from (so that the host's file and every guest's
give the same hand the same header):

* **Hand number**: digits of a hash of the deal's commitment. The commitment is published in
  every player's view before the deal and is a hash of a fresh 256-bit seed, so it is unique
  to the hand in every room on every night, and the same on every page; the room's own hand
  number (1, 2, ... in each room) is not, and trackers keep one hand per site and number. A
  hand dealt without a commitment (a stacked deck: tests, replays) hashes the table, the
  room's number and the time instead. At most 15 digits (PokerStars' are 12), so a number
  stays exact in a JavaScript number too.
* **Time**: when the host dealt it, by the host's clock (``started_ms``), written as
  PokerStars writes it: the time in UTC (our "local" time: the same on every page, whatever
  the reader's time zone) and then in brackets US Eastern time, which trackers read.
* **Table**: named by the caller after the room (``Ultimate Omaha ABCD234``); a
  tournament's, as PokerStars names them, ``'<tournament number> 1'``.

Games: Hold'em and Omaha as themselves; Omaha Hi/Lo with each half paid on its own line and
"No low hand qualified"; a double-board bomb pot as PokerStars' own double-board game, "Split
Omaha" (boards FIRST and SECOND dealt side by side, a show down per board, each board's half
paid there); 5-card draw as PokerStars' "5 Card Draw" ("*** DEALING HANDS ***", each
player's discards by count and the reader's own by card, "Dealt to" with the cards kept and
the cards drawn); 2-7 triple draw as PokerStars' "Triple Draw 2-7 Lowball" (the same, each
draw under its heading, "*** FIRST DRAW ***" ..., a shown hand as a low, "Lo: 9,8,7,6,3");
five-card PLO as "5 Card Omaha"; short deck as "6+ Hold'em" (its lowest straight "Ace to
Nine"). PokerStars' names are the catalogue's. Fixed limit is named by its small and big
*bets* as PokerStars does (blinds 5/10 are "Limit (10/20)"). Not written: double-pot-limit
betting (:data:`NOT_DOUBLE_POT`), which PokerStars' format has no words for.

A board **run twice** (``static/rules/table-games.md#run-it-twice``) is written as PokerStars'
own run-it-twice hands are (``tests/golden/nlhe-run-it-twice.txt``): the streets dealt after
the all-in once per run, "*** FIRST TURN ***" ... then "*** SECOND TURN ***" ..., a show
down per run ("*** FIRST SHOW DOWN ***": each hand's words on that run, that run's half of each
pot paid), and in the summary "Hand was run twice", the FIRST and SECOND Board and each shown
hand's result on both runs. A double board run twice has no such words in PokerStars' format
(:data:`NOT_TWICE_SPLIT`) and is refused.

Plain data in, text out; imports only the standard library and the room's error (no engine,
no pokerkit), so the guest's page can run it.

>>> record = {"hand_no": 3, "game": "holdem", "betting": "no-limit", "blinds": [5, 10],
...     "button": 0, "seats": [{"seat": 0, "name": "Ann", "stack": 500, "dealt_in": True},
...                            {"seat": 1, "name": "Bo", "stack": 500, "dealt_in": True}],
...     "actions": [{"type": "post", "seat": 0, "kind": "small blind", "amount": 5},
...                 {"type": "post", "seat": 1, "kind": "big blind", "amount": 10},
...                 {"type": "round", "name": "preflop"},
...                 {"type": "act", "seat": 0, "action": "raise", "to": 30},
...                 {"type": "act", "seat": 1, "action": "fold", "to": 10},
...                 {"type": "return", "seat": 0, "amount": 20}],
...     "boards": [[]], "shown": [], "uncontested": True,
...     "pots": [{"amount": 20, "winners": [{"seat": 0, "amount": 20}]}],
...     "started_ms": 1_795_700_000_000, "commitment": "9f" * 32,
...     "you": {"seat": 1, "hole": ["Ah", "Kd"]}}
>>> text = pokerstars_text(record, table="Ultimate Omaha ABCD234")
>>> print(text.replace(" - ", " -\\n    ", 1), end="")  # the first line, cut here in two
PokerStars Hand #936399676524852:  Hold'em No Limit (5/10) -
    2026/11/26 13:33:20 UTC [2026/11/26 8:33:20 ET]
Table 'Ultimate Omaha ABCD234' 2-max Seat #1 is the button
Seat 1: Ann (500 in chips)
Seat 2: Bo (500 in chips)
Ann: posts small blind 5
Bo: posts big blind 10
*** HOLE CARDS ***
Dealt to Bo [Ah Kd]
Ann: raises 20 to 30
Bo: folds
Uncalled bet (20) returned to Ann
Ann collected 20 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann (button) (small blind) collected (20)
Seat 2: Bo (big blind) folded before Flop
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from room.errors import ExportError

from games import catalogue
from games.catalogue import Division, Family

TABLE = "Ultimate Omaha"
GAMES = {g: e.history.stars for g, e in catalogue.GAMES.items() if e.history is not None}
"""The games PokerStars' format can say (the bomb pot as its double-board game), by game id:
PokerStars' names for them are the catalogue's (``GameEntry.history``)."""
NOT_TWICE_SPLIT = ("PokerStars text has no words for a double board run twice (its FIRST and "
                   "SECOND name either the boards or the runs, never both)")
NOT_DOUBLE_POT = ("PokerStars text has no double-pot-limit betting (PokerStars has no such "
                  "structure): hands played double pot limit are left out")
MAX_DIGITS = 15
"""Hand numbers have at most this many digits (exact as a JavaScript number: below 2**53)."""
_STREETS = {"flop": 3, "turn": 4, "river": 5}
"""A street's name -> how many cards each board holds once it is dealt."""
_ORDINALS = ("FIRST", "SECOND", "THIRD")
"""PokerStars' headings of a triple draw's draws ("*** FIRST DRAW ***")."""
_NTH = ("1st", "2nd", "3rd")
"""Where a player folded after a triple draw's draws, PokerStars' words ("after the 2nd Draw")."""
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
_EPOCH_2000 = 946_684_800_000
"""2000-01-01 00:00 UTC in ms: the time of a record that has none (filed before times were)."""


def hand_game(record: Mapping[str, Any]) -> Any:
    """The game the hand was played as: ``hand_game`` (a bomb pot called in an Omaha session
    is ``bomb-double``; the history entry's ``game`` is the session's), else ``game``."""
    return record.get("hand_game") or record.get("game")


def hand_number(record: Mapping[str, Any], table: str = TABLE) -> int:
    """The hand's number in PokerStars text: the same on every page, unique across rooms
    (see the module docstring)."""
    commitment = record.get("commitment")
    basis = (f"deal {commitment}" if isinstance(commitment, str) and commitment else
             f"table {table} hand {record.get('hand_no')} at {record.get('started_ms')}")
    return _digits(basis, MAX_DIGITS)


def tournament_number(tournament: str) -> int:
    """A tournament's number in PokerStars text, from its random id (10 digits at most)."""
    return _digits(f"tournament {tournament}", 10)


def _digits(basis: str, count: int) -> int:
    digest = hashlib.sha256(basis.encode()).hexdigest()
    return int(digest[:16], 16) % 10**count or 1


def eastern(utc: datetime) -> tuple[datetime, str]:
    """``utc`` in US Eastern time, as PokerStars' bracketed time gives it: daylight time
    (UTC-4) from 2 a.m. on March's second Sunday to 2 a.m. on November's first Sunday, else
    UTC-5 (the US rule since 2007; computed, since a browser's Python may lack time zones).

    >>> eastern(datetime(2026, 7, 1, 12, tzinfo=UTC))[0].hour
    8
    >>> eastern(datetime(2026, 12, 1, 12, tzinfo=UTC))[0].hour
    7
    """
    year = utc.year
    march = datetime(year, 3, 1, tzinfo=UTC)
    second_sunday = march + timedelta(days=(6 - march.weekday()) % 7 + 7)
    november = datetime(year, 11, 1, tzinfo=UTC)
    first_sunday = november + timedelta(days=(6 - november.weekday()) % 7)
    summer = second_sunday + timedelta(hours=7) <= utc < first_sunday + timedelta(hours=6)
    return utc + timedelta(hours=-4 if summer else -5), "ET"


def _stamp(when: datetime) -> str:
    """PokerStars' date and time: zero-padded date, hour without padding."""
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S}"


def pokerstars_text(record: Mapping[str, Any], *, table: str = TABLE) -> str:
    """The hand of ``record`` in PokerStars' hand-history text (Hold'em, the Omaha games and
    5-card draw; amounts in chips), as its reader saw it: their own hole cards (``you``) in
    "Dealt to" (in the draw, their discards and the cards they drew too), other hands only as
    shown at the showdown. A folded hand never appears, not even the reader's own after the
    deal.

    Raises :class:`~room.errors.ExportError` saying why for a hand played double pot limit, a
    hand whose log reached this page shortened (a view keeps a long hand's last actions only),
    or a malformed record.
    """
    game = hand_game(record)
    if game not in GAMES:
        raise ExportError(f"PokerStars text covers {', '.join(sorted(GAMES))}, not {game!r}")
    if record.get("betting") == "double-pot-limit":
        raise ExportError(NOT_DOUBLE_POT)
    no = record.get("hand_no")
    if record.get("actions_omitted"):
        raise ExportError(f"hand {no} reached this page with its first "
                          f"{record['actions_omitted']} actions left out: no PokerStars text")
    try:
        return _Writer(record, game, table).text()
    except ExportError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ExportError(f"hand {no}: the record is malformed ({exc!r:.80})") from None


def pokerstars_document(records: Iterable[Mapping[str, Any]], *, table: str = TABLE) -> str:
    """Every hand of ``records`` that PokerStars' format can say, in hand number order, each
    once (a later record of the same number replaces an earlier one), separated by blank
    lines as in PokerStars' own files. Hands of other games (Ultimate Omaha) and hands it
    cannot say (double pot limit) are left out; if none is left, an :class:`ExportError`
    says why."""
    by_no = {r.get("hand_no"): r for r in records if isinstance(r, Mapping)}
    texts: list[str] = []
    why = "no hand of a table game has finished yet"
    for no in sorted(n for n in by_no if type(n) is int):
        record = by_no[no]
        if hand_game(record) not in GAMES:
            continue  # not a table game (Ultimate Omaha)
        try:
            texts.append(pokerstars_text(record, table=table).rstrip("\n"))
        except ExportError as exc:
            why = str(exc)
    if not texts:
        raise ExportError(why)
    return "\n\n\n".join(texts) + "\n"


def room_records(history: Iterable[Mapping[str, Any]],
                 whole: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A room's hands for the host's file: every hand its results views filed (``history``:
    every game played in the room, kept over changes of game and reloads), each replaced by
    the host's own whole record where the game being played still holds it (``whole``: a
    long hand's view may have been shortened). By hand number, which a room never reuses."""
    by_no: dict[Any, Mapping[str, Any]] = {}
    for r in (*history, *whole):
        if isinstance(r, Mapping):
            by_no[r.get("hand_no")] = r
    return list(by_no.values())


class _Writer:
    """One hand's text, built line by line (state shared by the parts of the hand)."""

    def __init__(self, record: Mapping[str, Any], game: str, table: str) -> None:
        self.r = record
        self.game = game
        self.table = table
        seats = list(record["seats"])
        self.names = _names(seats)
        self.dealt = [int(s["seat"]) for s in seats if s.get("dealt_in", True)]
        self.stacks = {int(s["seat"]): int(s["stack"]) for s in seats}
        small, big = (int(b) for b in record["blinds"])
        self.blinds = small, big
        self.button = int(record["button"])
        self.boards = [[_card(c) for c in b] for b in record["boards"]]
        self.entry = catalogue.GAMES[game]
        self.split = self.entry.division is Division.PER_BOARD
        self.hilo = self.entry.division is Division.HILO8
        self.draw = self.entry.family is Family.DRAW
        self.lowball = self.entry.division is Division.LOWBALL
        self.lowest = self.entry.rules.lowest_rank if self.entry.rules is not None else 0
        self.fold_words = _fold_words(self.entry.rounds, self.entry.draws)
        self.headings = self.entry.draws > 1  # PokerStars heads a triple draw's draws only
        self.draws_seen: list[set[int]] = []  # the seats that drew, draw by draw
        you = record.get("you")
        self.held = ([_card(c) for c in you["hole"]] if isinstance(you, Mapping) else [])
        self.my_draws = list(_reader_draws(you))
        self.size = max([len(seats), *(s + 1 for s in self.names)])
        tournament = record.get("tournament")
        self.tournament = (tournament_number(str(tournament))
                           if tournament is not None and record.get("level") is not None
                           else None)
        self.shown = {int(s["seat"]): ([_card(c) for c in s["cards"]],
                                       [str(w) for w in s["hands"]])
                      for s in record["shown"]}
        self.order = [int(s["seat"]) for s in record["shown"]]
        self.pots = [_pot_shares(p) for p in record["pots"]]
        # the board run twice (static/rules/table-games.md#run-it-twice): the second runout,
        # each shown hand's words on it, and how many board cards both runs share
        second = record.get("second_boards")
        self.twice = bool(second)
        if self.twice and self.split:
            raise ExportError(NOT_TWICE_SPLIT)
        self.second = [[_card(c) for c in b] for b in second] if second else []
        self.second_words = {int(s["seat"]): [str(w) for w in s["second"]["hands"]]
                             for s in record["shown"] if isinstance(s.get("second"), Mapping)}
        self.shared = (next((k for k, (a, b) in enumerate(zip(self.boards[0], self.second[0],
                                                                strict=False)) if a != b),
                            min(len(self.boards[0]), len(self.second[0])))
                       if self.twice else 0)
        self.runout: list[str] = []  # the streets dealt twice, first run then second
        self.lines: list[str] = []

    # --- the parts, in the order they are written ----------------------------------------

    def text(self) -> str:
        self.header()
        blinds = self.posts()
        self.lines.append("*** DEALING HANDS ***" if self.draw else "*** HOLE CARDS ***")
        you = self.r.get("you")
        if isinstance(you, Mapping) and int(you["seat"]) in self.dealt:
            hole = " ".join(_card(c) for c in you["hole"])
            self.lines.append(f"Dealt to {self.names[int(you['seat'])]} [{hole}]")
        folded, bet = self.actions()
        if self.r.get("uncontested"):
            self.uncontested()
        else:
            self.showdown(folded)
        self.summary(blinds, folded, bet)
        return "\n".join(self.lines) + "\n"

    def header(self) -> None:
        small, big = self.blinds
        low, high = (big, 2 * big) if self.r["betting"] == "fixed-limit" else (small, big)
        started = self.r.get("started_ms")
        utc = datetime.fromtimestamp(
            (int(started) if started is not None else _EPOCH_2000) / 1000, UTC)
        et, zone = eastern(utc)
        when = f"{_stamp(utc)} UTC [{_stamp(et)} {zone}]"
        history = self.entry.history
        assert history is not None  # pokerstars_text writes only the games in GAMES
        game = f"{history.stars} {history.limits[self.r['betting']]}"
        no = hand_number(self.r, self.table)
        if self.tournament is not None:
            level = _roman(int(self.r["level"]) + 1)
            self.lines.append(f"PokerStars Hand #{no}: Tournament #{self.tournament}, Freeroll  "
                              f"{game} - Level {level} ({low}/{high}) - {when}")
            table = f"{self.tournament} 1"
        else:
            self.lines.append(f"PokerStars Hand #{no}:  {game} ({low}/{high}) - {when}")
            table = _table_name(self.table)
        self.lines.append(f"Table '{table}' {self.size}-max Seat #{self.button + 1} is the button")
        self.lines += [f"Seat {s + 1}: {self.names[s]} ({self.stacks[s]} in chips)"
                       for s in self.dealt]

    def posts(self) -> dict[int, str]:
        """The forced bets; returns the seats that posted a blind, and which."""
        blinds: dict[int, str] = {}
        for a in self.r["actions"]:
            if a["type"] != "post":
                continue
            seat, kind, amount = int(a["seat"]), str(a["kind"]), int(a["amount"])
            if kind == "ante":
                self.lines.append(f"{self.names[seat]}: posts the ante {amount}" + _allin(a))
            elif kind in ("small blind", "big blind"):
                blinds.setdefault(seat, kind)
                self.lines.append(f"{self.names[seat]}: posts {kind} {amount}" + _allin(a))
            elif kind == "straddle":  # as the rooms that have one write it
                self.lines.append(f"{self.names[seat]}: posts straddle {amount}" + _allin(a))
            else:
                raise ValueError(f"a post of kind {kind!r}")
        return blinds

    def actions(self) -> tuple[dict[int, str], set[int]]:
        """The betting, street by street; returns who folded where, and who put chips in
        by their own action (a call, bet or raise)."""
        level = max((int(a["amount"]) for a in self.r["actions"]
                     if a["type"] == "post" and a["kind"] != "ante"), default=0)
        folded: dict[int, str] = {}
        bet: set[int] = set()
        first = "before the Draw" if self.draw else "before Flop"
        current = first
        first_round = True
        for a in self.r["actions"]:
            kind = a["type"]
            if kind == "round":
                name = str(a["name"])
                if name in _STREETS and not self.draw:
                    current = f"on the {name.capitalize()}"
                    if self.twice and _STREETS[name] > self.shared:
                        self.runout.append(name)  # dealt twice, after the betting
                    else:
                        self.lines.extend(_street_lines(name, self.boards))
                elif self.draw and name in self.fold_words:
                    current = self.fold_words[name]
                elif name != "preflop" or self.draw:
                    raise ValueError(f"a round named {name!r}")
                if not first_round:
                    level = 0
                first_round = False
            elif kind == "act":
                seat = int(a["seat"])
                who, verb, to = self.names[seat], a["action"], int(a["to"])
                if verb == "fold":
                    self.lines.append(f"{who}: folds")
                    folded[seat] = current
                elif verb == "check":
                    self.lines.append(f"{who}: checks")
                elif verb == "call":
                    self.lines.append(f"{who}: calls {int(a['added'])}" + _allin(a))
                elif verb == "bet":
                    self.lines.append(f"{who}: bets {to}" + _allin(a))
                elif verb == "raise":
                    self.lines.append(f"{who}: raises {to - level} to {to}" + _allin(a))
                else:
                    raise ValueError(f"an action {verb!r}")
                if verb in ("call", "bet", "raise") and current == first:
                    bet.add(seat)
                level = max(level, to)
            elif kind == "return":
                self.lines.append(f"Uncalled bet ({int(a['amount'])}) returned to "
                                  f"{self.names[int(a['seat'])]}")
            elif kind == "draw" and self.draw:
                self.drew(int(a["seat"]), int(a["count"]))
            elif kind != "post":
                raise ValueError(f"an entry of type {kind!r}")
        # the board run twice: each run's streets under its own heading, the first run's first
        # ("*** FIRST TURN ***", ..., "*** SECOND TURN ***", ...), as PokerStars writes it
        if self.runout:
            for prefix, board in (("FIRST ", self.boards[0]), ("SECOND ", self.second[0])):
                for name in self.runout:
                    self.lines.extend(_street_lines(name, [board], prefix=prefix))
        return folded, bet

    def drew(self, seat: int, count: int) -> None:
        """A draw: how many cards (PokerStars: "discards 2 cards", "stands pat"); for the
        reader, which, and then the cards they kept and the cards they drew."""
        who = self.names[seat]
        you = self.r.get("you")
        if not self.draws_seen or seat in self.draws_seen[-1]:  # a new draw begins
            self.draws_seen.append(set())
            if self.headings:
                self.lines.append(f"*** {_ORDINALS[len(self.draws_seen) - 1]} DRAW ***")
        self.draws_seen[-1].add(seat)
        mine = isinstance(you, Mapping) and int(you["seat"]) == seat
        draw = self.my_draws.pop(0) if mine and self.my_draws else None
        if count == 0:
            self.lines.append(f"{who}: stands pat")
            return
        cards = "card" if count == 1 else "cards"
        if draw is None:
            self.lines.append(f"{who}: discards {count} {cards}")
            return
        thrown = [_card(c) for c in draw["discards"]]
        drawn = [_card(c) for c in draw["received"]]
        if len(thrown) != count or len(drawn) != count:
            raise ValueError(f"{count} cards drawn, but {len(thrown)} thrown, {len(drawn)} dealt")
        kept = [c for c in self.held if c not in thrown]
        self.held = kept + drawn
        self.lines.append(f"{who}: discards {count} {cards} [{' '.join(thrown)}]")
        self.lines.append(f"Dealt to {who} [{' '.join(kept)}] [{' '.join(drawn)}]")

    def uncontested(self) -> None:
        """Everyone else folded: one line per winner (every pot is theirs), and the winner's
        hand stays unseen."""
        won: dict[int, int] = {}
        for _, _, shares in self.pots:
            for _, _, winners in shares:
                for seat, amount in winners:
                    won[seat] = won.get(seat, 0) + amount
        for seat, amount in won.items():
            self.lines.append(f"{self.names[seat]} collected {amount} from pot")
            if seat in self.shown:  # turned up to claim the 7-2 bounty
                self.lines.append(f"{self.names[seat]}: shows [{' '.join(self.shown[seat][0])}]")
            else:
                self.lines.append(f"{self.names[seat]}: doesn't show hand")

    def showdown(self, folded: Mapping[int, str]) -> None:
        """PokerStars' showdown: the side pots first, outermost first, each with the hands
        of its players not yet shown and then what it paid; the main pot last. A double
        board: the same for each board under its own heading, each paying its half; a board
        run twice: the same for each run, each paying that run's half of every pot."""
        parts = [(f"*** {'FIRST' if b == 0 else 'SECOND'} SHOW DOWN ***", b)
                 for b in range(2)] if self.split or self.twice else [("*** SHOW DOWN ***", None)]
        count = len(self.pots)
        for heading, board in parts:
            self.lines.append(heading)
            done: set[int] = set()
            for index in range(count - 1, -1, -1):
                _, eligible, shares = self.pots[index]
                for seat in [*self.order, *eligible]:
                    if seat in done or seat in folded or (eligible and seat not in eligible):
                        continue
                    done.add(seat)
                    if seat in self.shown:
                        cards, _ = self.shown[seat]
                        said = self.said(seat, board)
                        self.lines.append(f"{self.names[seat]}: shows [{' '.join(cards)}] "
                                          f"({said})")
                    elif seat in self.dealt:
                        self.lines.append(f"{self.names[seat]}: mucks hand")
                pot = _pot_name(index, count)
                low = False
                for share, _, winners in shares:
                    if board is not None and self.part_of(share) != board:
                        continue
                    low = low or share.endswith("low")
                    self.lines += [f"{self.names[seat]} collected {amount} from {pot}"
                                   for seat, amount in winners]
                if self.hilo and not low:
                    self.lines.append("No low hand qualified")

    def summary(self, blinds: Mapping[int, str], folded: Mapping[int, str],
                bet: set[int]) -> None:
        self.lines.append("*** SUMMARY ***")
        amounts = [amount for amount, _, _ in self.pots]
        total = sum(amounts)
        if len(amounts) > 1:
            sides = amounts[1:]
            parts = f"Main pot {amounts[0]}." + (
                f" Side pot {sides[0]}." if len(sides) == 1 else
                "".join(f" Side pot-{i} {a}." for i, a in enumerate(sides, start=1)))
            self.lines.append(f"Total pot {total} {parts} | Rake 0")
        else:
            self.lines.append(f"Total pot {total} | Rake 0")
        if self.twice:
            self.lines.append("Hand was run twice")
            self.lines += [f"{'FIRST' if b == 0 else 'SECOND'} Board [{' '.join(cards)}]"
                           for b, cards in enumerate((self.boards[0], self.second[0]))]
        elif self.split:
            self.lines += [f"{'FIRST' if b == 0 else 'SECOND'} Board [{' '.join(cards)}]"
                           for b, cards in enumerate(self.boards) if cards]
        elif self.boards and self.boards[0]:
            self.lines.append(f"Board [{' '.join(self.boards[0])}]")
        won: dict[tuple[int, int | None], int] = {}
        for _, _, shares in self.pots:
            for share, _, winners in shares:
                for seat, amount in winners:
                    key = (seat, self.part_of(share) if self.split or self.twice else None)
                    won[key] = won.get(key, 0) + amount
        heads_up = len(self.dealt) == 2
        you = self.r.get("you")
        mine = int(you["seat"]) if isinstance(you, Mapping) else None
        for s in self.dealt:
            roles = []
            if s == self.button:
                roles.append("(button)")
            if s in blinds and (s != self.button or heads_up):
                roles.append(f"({blinds[s]})")
            head = " ".join([f"Seat {s + 1}: {self.names[s]}", *roles])
            total_won = sum(a for (seat, _), a in won.items() if seat == s)
            if s in folded:
                quiet = (folded[s] in ("before Flop", "before the Draw") and s not in blinds
                         and s not in bet)
                self.lines.append(f"{head} folded {folded[s]}"
                                  + (" (didn't bet)" if quiet else ""))
            elif s in self.shown and self.shown[s][1]:  # (no words: shown uncontested)
                cards, words = self.shown[s]
                held = " ".join(cards)
                if self.split or self.twice:
                    said = ", and ".join(
                        (f"won ({won[(s, b)]}) with " if won.get((s, b)) else "lost with ")
                        + self.said(s, b) for b in range(2))
                    self.lines.append(f"{head} showed [{held}] and {said}")
                elif total_won:
                    self.lines.append(f"{head} showed [{held}] and won ({total_won}) with "
                                      f"{self.words(words, None)}")
                else:
                    self.lines.append(f"{head} showed [{held}] and lost with "
                                      f"{self.words(words, None)}")
            elif total_won:
                self.lines.append(f"{head} collected ({total_won})")
            elif mine == s and isinstance(you, Mapping):
                hole = " ".join(_card(c) for c in you["hole"])
                self.lines.append(f"{head} mucked [{hole}]")
            else:
                self.lines.append(f"{head} mucked")

    def part_of(self, share: str) -> int:
        """Which part of the showdown paid a share: its board (a double board's ``'board
        2'``: 1) or its run (a board run twice: ``'run 2'``, ``'run 2 low'``: 1); else 0."""
        if self.twice:
            return 1 if share.startswith("run 2") else 0
        return _board_of(share)

    def said(self, seat: int, part: int | None) -> str:
        """Shown hand ``seat``'s words in PokerStars' terms on showdown part ``part``: a
        board of a double board, or a run of a board run twice (the second run's words are
        the record's ``second``)."""
        words = self.shown[seat][1]
        if self.twice:
            return self.words(self.second_words.get(seat, words) if part == 1 else words, None)
        return self.words(words, part)

    def words(self, words: Sequence[str], board: int | None) -> str:
        """A shown hand as PokerStars says it: one board's hand (a double board), or Hi/Lo's
        "HI: ...; LO: 7,5,4,2,A" ("HI: ..." alone without a low)."""
        if self.split:
            return stars_hand(words[board or 0])
        if self.lowball:
            return f"Lo: {_lowball(words[0])}"
        if self.hilo:
            low = words[1] if len(words) > 1 else "no low"
            high = f"HI: {stars_hand(words[0])}"
            return high if low in ("no low", "no low yet") else f"{high}; LO: {_low(low)}"
        return stars_hand(words[0], lowest=self.lowest)


_ONE = {"Two": "Deuce"}
_MANY = {"Twos": "Deuces"}
_RANKS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
          "Queen", "King", "Ace")
_WORDS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"High Card, (\w+)"), lambda m: f"high card {_one(m[1])}"),
    (re.compile(r"a Pair of (\w+)"), lambda m: f"a pair of {_many(m[1])}"),
    (re.compile(r"Two Pair, (\w+) and (\w+)"),
     lambda m: f"two pair, {_many(m[1])} and {_many(m[2])}"),
    (re.compile(r"Three of a Kind, (\w+)"), lambda m: f"three of a kind, {_many(m[1])}"),
    (re.compile(r"a Straight, (\w+) high"), lambda m: f"a straight, {_run(m[1])}"),
    (re.compile(r"a Flush, (\w+) high"), lambda m: f"a flush, {_one(m[1])} high"),
    (re.compile(r"a Full House, (\w+) full of (\w+)"),
     lambda m: f"a full house, {_many(m[1])} full of {_many(m[2])}"),
    (re.compile(r"Four of a Kind, (\w+)"), lambda m: f"four of a kind, {_many(m[1])}"),
    (re.compile(r"a Straight Flush, (\w+) high"), lambda m: f"a straight flush, {_run(m[1])}"),
    (re.compile(r"a Royal Flush"), lambda m: "a Royal Flush"),
]
"""Our hand words (``rules.evaluator.describe_high``) -> PokerStars': lower-case classes,
"Deuces" for twos, a straight by its lowest and highest card. Matched at the start, so
words that go on (a kicker named after them) keep the PokerStars part only: PokerStars names
a kicker only against another hand of the same rank, which a single hand's words cannot say."""


def stars_hand(words: str, *, lowest: int = 0) -> str:
    """A high hand's words as PokerStars writes them (``lowest``: the deck's lowest rank, 4
    in short deck, where the ace plays below the six).

    >>> stars_hand("Two Pair, Kings and Twos"), stars_hand("a Straight, Five high")
    ('two pair, Kings and Deuces', 'a straight, Ace to Five')
    >>> stars_hand("High Card, Ace"), stars_hand("a Straight Flush, King high")
    ('high card Ace', 'a straight flush, Nine to King')
    """
    for pattern, say in _WORDS:
        m = pattern.match(words)
        if m is not None:
            text = say(m)
            if "straight" in text and lowest:
                return _run_from(text, m[1], lowest)
            return text
    return words


def _run_from(text: str, high: str, lowest: int) -> str:
    """A straight of a deck whose lowest rank is ``lowest``: the lowest straight runs from
    the ace ("Ace to Nine" in short deck), any other from four ranks below its top."""
    top = _RANKS.index(high)
    low = "Ace" if top == lowest + 3 else _RANKS[top - 4]
    return text.split(", ")[0] + f", {_one(low)} to {_one(high)}"


def _one(rank: str) -> str:
    return _ONE.get(rank, rank)


def _many(ranks: str) -> str:
    return _MANY.get(ranks, ranks)


def _run(high: str) -> str:
    """A straight by its ends, as PokerStars says it: "Ten to Ace", "Ace to Five"."""
    top = _RANKS.index(high)
    low = "Ace" if top == 3 else _RANKS[top - 4]
    return f"{_one(low)} to {_one(high)}"


def _lowball(words: str) -> str:
    """A 2-7 hand as PokerStars writes it: its cards ("8-6-4-3-2" -> "8,6,4,3,2"), or a bad
    low's high-poker name ("a Pair of Fives" -> "a pair of Fives").

    >>> _lowball("8-6-4-3-2"), _lowball("a Pair of Fives"), _lowball("a Straight, Six high")
    ('8,6,4,3,2', 'a pair of Fives', 'a straight, Deuce to Six')
    """
    return _low(words) if _CARD_RANKS.fullmatch(words) else stars_hand(words)


_CARD_RANKS = re.compile(r"[2-9TJQKA](-[2-9TJQKA]){4}")


def _fold_words(rounds: Sequence[str], draws: int) -> dict[str, str]:
    """A draw game's betting rounds -> where PokerStars says a player folded there: "before
    the Draw", then "after the Draw" (one draw) or "after the 1st Draw" ... (three).

    >>> _fold_words(("before the draw", "after the draw"), 1)["after the draw"]
    'after the Draw'
    >>> list(_fold_words(("a", "b", "c", "d"), 3).values())[1:]
    ['after the 1st Draw', 'after the 2nd Draw', 'after the 3rd Draw']
    """
    return {name: "before the Draw" if i == 0 else
            "after the Draw" if draws == 1 else f"after the {_NTH[i - 1]} Draw"
            for i, name in enumerate(rounds)}


def _reader_draws(you: object) -> Iterable[Mapping[str, Any]]:
    """The reader's own draws in order (``draws``; a record filed before triple draw holds
    the one draw as ``draw``)."""
    if not isinstance(you, Mapping):
        return ()
    draws = you.get("draws")
    if isinstance(draws, list):
        return [d for d in draws if isinstance(d, Mapping)]
    draw = you.get("draw")
    return [draw] if isinstance(draw, Mapping) else []


def _low(words: str) -> str:
    """Our low ("7-5-3-2-A") as PokerStars writes it ("7,5,3,2,A")."""
    return words.replace("-", ",")


def _names(seats: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Each seat's name as it can stand in a line (see :func:`safe_name`), made unique."""
    out: dict[int, str] = {}
    for s in seats:
        seat = int(s["seat"])
        name = safe_name(s.get("name"), seat)
        while name in out.values():
            name = f"{name}.{seat + 1}"
        out[seat] = name
    return out


_TRACKER_WORDS = re.compile(r"(collect)(ed)|(cashed) (out)|(hand) (cancelled)", re.IGNORECASE)


def safe_name(raw: Any, seat: int) -> str:
    """A player's name as it can stand in a PokerStars line without being read as something
    else: on one line (a line break would forge lines), printable characters only, spaces
    collapsed and trimmed (parsers split on them), no ``": "`` (a name ``"Bo: folds"`` makes
    the line read as Bo's action: written ``"Bo:folds"``), no brackets or parentheses (cards
    are read between ``[ ]``, a seat's role and chips between ``( )``: written ``< >``), or
    no ``*`` (``*** SUMMARY ***`` in a name cuts the hand short: written ``+``), and none of
    the words trackers look for anywhere in a hand (fpdb's importer drops a hand in which a
    name says "collected", "cashed out" or "Hand cancelled": written "collect-ed",
    "cashed-out", "Hand-cancelled"); or ``Seat N`` (1-based, as PokerStars numbers seats) if
    nothing is left.

    >>> safe_name(" Bo: folds\\n*** SUMMARY *** ", 0), safe_name("Ann (2) [x]", 1)
    ('Bo:folds +++ SUMMARY +++', 'Ann <2> <x>')
    >>> safe_name("Cy collected 99", 1), safe_name("\\u200b", 2)
    ('Cy collect-ed 99', 'Seat 3')
    """
    text = "".join(c if c.isprintable() else " " for c in str(raw or ""))
    text = " ".join(text.split()).replace(": ", ":")
    text = text.translate(str.maketrans("([)]*", "<<>>+"))
    text = _TRACKER_WORDS.sub(lambda m: "-".join(g for g in m.groups() if g), text)
    text = "".join(c for c in text if c.isprintable() and c not in "\u200b\u200c\u200d\ufeff")
    return text.strip() or f"Seat {seat + 1}"


def _table_name(table: str) -> str:
    """The table's name inside ``Table '...'``: one line, no quote."""
    name = " ".join("".join(c if c.isprintable() else " " for c in table).split())
    return name.replace("'", "") or TABLE


def _pot_shares(pot: Mapping[str, Any]) -> tuple[int, list[int], list[tuple[str, int,
                                                                           list[tuple[int, int]]]]]:
    """A record's pot: its amount, the seats it was for, and how it was paid, share by share
    (a record filed before shares were kept: one share, the whole pot)."""
    amount = int(pot["amount"])
    eligible = [int(s) for s in pot.get("eligible") or []]
    shares = pot.get("shares")
    if shares is None:
        shares = [{"share": "", "amount": amount, "winners": pot["winners"]}]
    return amount, eligible, [
        (str(sh["share"]), int(sh["amount"]),
         [(int(w["seat"]), int(w["amount"])) for w in sh["winners"]]) for sh in shares]


def _board_of(share: str) -> int:
    """Which board a share was played on (a double board's ``'board 2'``: 1; else 0)."""
    return 1 if share == "board 2" else 0


def _card(text: Any) -> str:
    if not isinstance(text, str) or not _CARD.fullmatch(text):
        raise ValueError(f"not a card: {str(text)[:10]!r}")
    return text


def _allin(entry: Mapping[str, Any]) -> str:
    return " and is all-in" if entry.get("all_in") else ""


def _pot_name(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def _roman(number: int) -> str:
    """A level's number as PokerStars writes it: I, II, ... XL."""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):
        while number >= value:
            out, number = out + letters, number - value
    return out


def _street_lines(street: str, boards: Sequence[Sequence[str]], *,
                  prefix: str | None = None) -> list[str]:
    """A street's heading per board ("*** FLOP *** [...]"; two boards: "FIRST"/"SECOND"
    before each, or ``prefix`` for one run of a board run twice)."""
    count = _STREETS[street]
    out = []
    for b, board in enumerate(boards):
        if len(board) < count:
            raise ValueError(f"the {street} is dealt but board {b + 1} has {len(board)} cards")
        cards = board[:count]
        head = prefix if prefix is not None else (
            "" if len(boards) == 1 else ("FIRST " if b == 0 else "SECOND "))
        if street == "flop":
            out.append(f"*** {head}FLOP *** [{' '.join(cards)}]")
        else:
            out.append(f"*** {head}{street.upper()} *** [{' '.join(cards[:-1])}] "
                       f"[{cards[-1]}]")
    return out


__all__ = ["GAMES", "NOT_DOUBLE_POT", "NOT_TWICE_SPLIT", "TABLE", "eastern", "hand_game",
           "hand_number", "pokerstars_document", "pokerstars_text", "room_records",
           "safe_name", "stars_hand", "tournament_number"]

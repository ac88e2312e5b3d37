"""A table-game hand as PHH, the poker hand history standard that pokerkit reads and writes,
and PHH text read back into the hand's record (for the replayer).

Why from the record: as with PokerStars text (:mod:`games.pokerstars`), every page keeps each
hand's record (:class:`games.viewtypes.HandRecord`) and no guest page loads an engine, so the
one writer takes the record: the host's own copy or a guest's, and a card its reader did not
see is written ``??``, never guessed.

What the standard can say (PHH 0.0.1, the variant codes pokerkit 0.7.7 replays), game by game:

======================  ==============  =====
our game                structure       PHH
======================  ==============  =====
Texas Hold'em           no limit        NT
Texas Hold'em           fixed limit     FT
Short Deck Hold'em      no limit        NS
Pot-Limit Omaha         pot limit       PO
Omaha Hi/Lo             fixed limit     FO/8
2-7 Triple Draw         fixed limit     F2L3D
======================  ==============  =====

Nothing else: the standard has no code for pot-limit or double-pot-limit Hold'em, no-limit or
fixed-limit Omaha, pot-limit Omaha Hi/Lo (its Hi/Lo is fixed limit only), five-card Omaha,
5-card draw (its one single draw, ``N2L1D``, is deuce-to-seven lowball) or any structure but
no limit in short deck and fixed limit in triple draw; and no game with two boards, so no
double-board bomb pot (a PHH hand has one board; pokerkit's several runouts are run-it-twice,
not two boards played from the flop). A hand of those is refused, saying so
(:data:`NO_CODE`), as is one whose forced bets PHH places differently: a newcomer's big blind
posted out of position (PHH reads a forced bet by position only, so it would be a straddle,
which changes who acts first). A hand whose board was **run twice** is refused as well
(:data:`RUN_TWICE`): the standard has no action for choosing the number of runouts (pokerkit's
own notes say a state run more than once is "incompatible with the PHH file format"), and
pokerkit's reader runs every board once, so no text makes it replay the second runout and pay
each pot's halves.

How a hand is written (``static/rules/table-games.md`` decides the hand; PHH describes it):

* players in PHH's order: the first left of the button first, the button last (heads-up: the
  big blind, then the button), ``seats`` their table seats (1-based) and ``players`` names;
* ``antes`` and ``blinds_or_straddles`` the amounts due by position (heads-up in PHH's
  reversed order; under the gun's straddle the third), ``min_bet`` the big blind, or
  ``small_bet``/``big_bet`` one and two big blinds in fixed limit; ``ante_trimming_status``
  true where every player owes the same ante (our rules give back an ante nobody live could
  match), false for a big blind's ante (dead money, as the standard has it);
* ``actions``: the cards dealt (``d dh p1 AsKs``, ``????`` for each card the reader did not
  see), each bet as ``cbr`` to its total in the round, calls and checks ``cc``, folds ``f``,
  each draw ``sd`` with the cards thrown (``??`` for another's) and then the cards drawn,
  each board as it comes, and at the showdown ``sm`` with the cards shown (``sm`` alone: a
  hand not shown). Where pokerkit holds the showdown: when the betting is over, so players
  all in before the last card turn their hands up before the rest of the board, and a hand
  not shown is mucked only after the last card (mucked earlier it would leave the hand
  before the runout, and pokerkit could not deal the board); after an uncontested win,
  ``sm`` with the seven-deuce its winner turned up for the 7-2 bounty;
* ``finishing_stacks`` and ``winnings`` as our rules paid the hand: pokerkit pays odd chips
  and a few pots otherwise (its documented differences, :mod:`rules.poker.kit`), and the
  standard says the finishing stacks are the record's word on such differences;
* the 7-2 bounty (``static/rules/table-games.md#7-2-bounty``), chips paid after the pots and
  outside them: PHH's ``winnings`` are collected pots only, so the bounty is not in them, but
  it is in ``finishing_stacks`` (the record's nets), and the user-defined field ``_bounties``
  (PHH's own place for what it has no field for) lists each payment, with a comment saying how
  the stacks add up (:data:`BOUNTY_NOTE`).

Plain data in, text out: the standard library, the game facts and (to read a file back)
the rules' own pot division, no engine and no pokerkit, so every page writes and reads PHH.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time
from decimal import Decimal
from typing import Any

from room.errors import ExportError
from rules.poker.bountywords import bounty_sentences
from rules.poker.pots import Pot, side_pots, split_chips, unmatched

from games import catalogue
from games.catalogue import Family
from games.handfiles import written
from games.viewtypes import HandRecord, LogEntry, PotResult, PotShare, ShownHand

CODES: Mapping[tuple[str, str], str] = {
    (game, betting): code for game, e in catalogue.GAMES.items() if e.history is not None
    for betting, code in e.history.phh.items()}
"""(game, structure) -> PHH's variant code: everything the standard can say of ours."""
GAMES: Mapping[str, tuple[str, str]] = {code: key for key, code in CODES.items()}
"""PHH's variant code -> (game, structure): what :func:`read` takes."""
FIXED = frozenset(code for (_, betting), code in CODES.items() if betting == "fixed-limit")
NO_CODE = ("PHH has variant codes for no-limit and fixed-limit Hold'em (NT, FT), no-limit "
           "short deck (NS), pot-limit Omaha (PO), fixed-limit Omaha Hi/Lo (FO/8) and "
           "fixed-limit 2-7 triple draw (F2L3D) only")
"""Why a hand of another game or structure has no PHH text."""
RUN_TWICE = ("PHH has no action for choosing how many times the board is run, and pokerkit, "
             "which reads PHH, runs every board once: a hand run twice would replay with "
             "the whole of each pot paid on the first runout")
"""Why a hand whose board was run twice has no PHH text."""
BOUNTY_NOTE = ("The 7-2 bounty: chips paid beside the pots, which PHH has no field for. "
               "_bounties lists each payment (winner and payer as PHH's player numbers); "
               "finishing_stacks = starting_stacks - chips put in the pots + winnings + "
               "bounty received - bounty paid.")
"""The comment above a hand's ``_bounties`` (PHH's user-defined fields start with ``_``)."""
VENUE = "Ultimate Omaha"
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def phh_variant(record: Mapping[str, Any]) -> str:
    """The hand's PHH variant code, or :class:`ExportError` saying the standard has none."""
    game = record.get("hand_game") or record.get("game")
    betting = record.get("betting")
    code = CODES.get((str(game), str(betting)))
    if code is None:
        title = (catalogue.GAMES[game].title(betting) if isinstance(game, str)
                 and game in catalogue.GAMES else repr(game))
        raise ExportError(f"hand {record.get('hand_no')} is {title} ({betting}): {NO_CODE}")
    return code


def phh_text(record: Mapping[str, Any], *, table: str = "") -> str:
    """The hand of ``record`` as one PHH document (TOML), as its reader saw it.

    Raises :class:`ExportError` saying why for a game or structure PHH has no code for, a
    newcomer's big blind, a hand whose log reached this page shortened, or a malformed record.
    """
    code = phh_variant(record)
    no = record.get("hand_no")
    if record.get("actions_omitted"):
        raise ExportError(f"hand {no} reached this page with its first "
                          f"{record['actions_omitted']} actions left out: no PHH text")
    if record.get("second_boards"):
        raise ExportError(f"hand {no} was run twice: {RUN_TWICE}")
    try:
        fields = _Writer(record, code).fields(table)
    except ExportError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ExportError(f"hand {no}: the record is malformed ({exc!r:.80})") from None
    return "".join(f"# {value}\n" if key == "#" else f"{key} = {_toml(value)}\n"
                   for key, value in fields)


def phh_document(records: Iterable[Mapping[str, Any]], *, table: str = "") -> str:
    """Every hand of ``records`` PHH can say, as pokerkit's several-hand file (``.phhs``: a
    TOML table per hand, named by its number, ``HandHistory.loads_all`` reads it), hands in
    number order. Other hands are left out; if none is left, an :class:`ExportError` says
    why (the last reason met)."""
    parts = written(records, lambda no, record: f"[{no}]\n{phh_text(record, table=table)}")
    return "\n".join(parts)


def _toml(value: object) -> str:
    """A value as TOML writes it (strings escaped so a name cannot break out of its quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, time):
        return f"{value:%H:%M:%S}"  # a TOML local time
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):  # an inline table (its keys: bare words of ours)
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {type(value).__name__}")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes and backslashes escaped, control characters as ``\\uXXXX``
    (TOML forbids them raw), lone surrogates dropped (TOML cannot hold them)."""
    out = []
    for c in text:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        elif 0xD800 <= ord(c) <= 0xDFFF:
            continue
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def player_order(seats: Sequence[int], button: int) -> list[int]:
    """The seats dealt in, in PHH's order: from the first left of the button round to the
    button (heads-up too: the big blind, then the button).

    >>> player_order([0, 3, 5, 8], 5), player_order([2, 7], 2)
    ([8, 0, 3, 5], [7, 2])
    """
    size = max([*seats, button]) + 1
    return sorted(seats, key=lambda s: (s - button - 1) % size)


def _cards(cards: Iterable[Any]) -> str:
    out = []
    for c in cards:
        if not isinstance(c, str) or not _CARD.fullmatch(c):
            raise ValueError(f"not a card: {str(c)[:10]!r}")
        out.append(c)
    return "".join(out)


@dataclass
class _Writer:
    record: Mapping[str, Any]
    code: str

    def fields(self, table: str) -> list[tuple[str, object]]:
        r = self.record
        game = str(r.get("hand_game") or r["game"])
        entry = catalogue.GAMES[game]
        seats = {int(s["seat"]): s for s in r["seats"] if s.get("dealt_in", True)}
        order = player_order(list(seats), int(r["button"]))
        index = {seat: i for i, seat in enumerate(order)}
        n = len(order)
        small, big = (int(b) for b in r["blinds"])
        antes = [0] * n
        forced = [0] * n
        for a in r["actions"]:
            if a["type"] != "post":
                continue
            i = index[int(a["seat"])]
            kind = a["kind"]
            if kind == "ante":
                antes[i] = int(r["ante"])
            elif kind == "small blind" and i == (n - 1 if n == 2 else 0) and not forced[i]:
                forced[i] = small
            elif kind == "big blind" and i == (0 if n == 2 else 1) and not forced[i]:
                forced[i] = big
            elif "ante" in kind:  # an ante some seats owe (a big blind's ante)
                antes[i] += int(a["amount"])
            elif kind == "straddle" and i == 2 and n > 2 and not forced[i]:
                forced[i] = int(a["amount"])  # under the gun's: PHH's third forced bet
            else:
                raise ExportError(
                    f"hand {r.get('hand_no')}: seat {a['seat'] + 1} posts a {kind} where PHH "
                    "reads forced bets by position only (it would be a straddle)")
        if n == 2:  # PHH writes heads-up forced bets in reverse (the button posts the small)
            antes.reverse()
            forced.reverse()
        # our rules return an ante nobody live could match (static/rules/table-games.md):
        # PHH's "ante trimming", which the standard keeps for antes all owe alike (a big
        # blind's ante is dead money)
        uniform = len(set(antes)) == 1
        out: list[tuple[str, object]] = [("variant", self.code),
                                         ("ante_trimming_status", uniform), ("antes", antes),
                                         ("blinds_or_straddles", forced)]
        if self.code in FIXED:
            out += [("small_bet", big), ("big_bet", 2 * big)]
        else:
            out.append(("min_bet", big))
        starting = [int(seats[s]["stack"]) for s in order]
        out += [("starting_stacks", starting),
                ("actions", self.actions(entry, order, index))]
        won = [0] * n
        for pot in r["pots"]:
            for w in pot["winners"]:
                won[index[int(w["seat"])]] += int(w["amount"])
        net = r["net"]
        ids = [str(seats[s]["id"]) for s in order]
        out += [("author", VENUE), ("venue", VENUE)]
        if table:
            out.append(("table", table))
        out += [("hand", int(r["hand_no"]))]
        started = r.get("started_ms")
        if type(started) is int:
            when = datetime.fromtimestamp(started / 1000, UTC)
            out += [("time", when.time().replace(microsecond=0)), ("time_zone", "UTC"),
                    ("day", when.day), ("month", when.month), ("year", when.year)]
        if type(r.get("level")) is int:
            out.append(("level", int(r["level"])))
        out += [("seats", [s + 1 for s in order]),
                ("seat_count", max(10, *(s + 1 for s in order))),
                ("players", [str(seats[s].get("name", "")) for s in order]),
                ("finishing_stacks", [starting[i] + int(net.get(ids[i], 0)) for i in range(n)]),
                ("winnings", won)]
        bounties = [{"winner": index[int(b["seat"])] + 1, "payer": index[int(b["payer"])] + 1,
                     "amount": int(b["amount"])} for b in r.get("bounties") or []]
        if bounties:
            out += [("#", BOUNTY_NOTE), ("_bounties", bounties)]
        if isinstance(r.get("commitment"), str):
            out.append(("_commitment", r["commitment"]))  # the fair deal's, to check it by
        if type(started) is int:
            out.append(("_started_ms", started))
        return out

    def actions(self, entry: catalogue.GameEntry, order: list[int],
                index: Mapping[int, int]) -> list[str]:
        r = self.record
        you = r.get("you")
        mine = int(you["seat"]) if isinstance(you, Mapping) else None
        holes = entry.hole_cards
        out = []
        for s in order:
            hole = _cards(you["hole"]) if s == mine and isinstance(you, Mapping) else (
                "??" * holes)
            out.append(f"d dh p{index[s] + 1} {hole}")
        board = list(r["boards"][0]) if r["boards"] else []
        dealt = 0
        streets = list(entry.rules.layout.streets) if entry.rules is not None else []
        rounds = list(entry.rounds)
        pending = 0  # board cards due before the next bet
        my_draws = list(you.get("draws") or []) if isinstance(you, Mapping) else []
        drawn: list[tuple[int, str]] = []  # (player, cards) to deal once every draw is in
        drew: set[int] = set()  # the seats that drew (or stood pat) in this draw
        folded: set[int] = set()
        for a in r["actions"]:
            kind = a["type"]
            if kind == "round":
                k = rounds.index(a["name"])
                if entry.family is not Family.DRAW and k > 0:
                    pending = sum(streets[:k])
                continue
            if kind == "draw":
                seat = int(a["seat"])
                count = int(a["count"])
                if seat in drew:  # the next draw (all in: draws with no betting between)
                    out += [f"d dh p{p + 1} {cards}" for p, cards in drawn]
                    drawn.clear()
                    drew.clear()
                drew.add(seat)
                if seat == mine and my_draws:
                    d = my_draws.pop(0)
                    thrown, got = _cards(d["discards"]), _cards(d["received"])
                else:
                    thrown, got = "??" * count, "??" * count
                out.append(f"p{index[seat] + 1} sd {thrown}".rstrip())
                if count:
                    drawn.append((index[seat], got))
                continue
            if kind != "act":
                continue
            out += [f"d dh p{p + 1} {cards}" for p, cards in drawn]
            drawn.clear()
            drew.clear()
            if pending > dealt:
                out.append(f"d db {_cards(board[dealt:pending])}")
                dealt = pending
            p = index[int(a["seat"])] + 1
            verb = a["action"]
            if verb == "fold":
                out.append(f"p{p} f")
                folded.add(int(a["seat"]))
            elif verb in ("check", "call"):
                out.append(f"p{p} cc")
            else:
                out.append(f"p{p} cbr {int(a['to'])}")
        out += [f"d dh p{p + 1} {cards}" for p, cards in drawn]
        if r.get("uncontested"):  # the winner's seven-deuce, turned up for the 7-2 bounty
            out += [f"p{index[int(s['seat'])] + 1} sm {_cards(s['cards'])}"
                    for s in r["shown"] if int(s["seat"]) in index]
        shown = {int(s["seat"]): s for s in r["shown"]}
        live = [] if r.get("uncontested") else [s for s in order if s not in folded]
        # pokerkit's showdown comes when the betting is over, before the rest of the board
        # when players are all in, and there a hand mucked is out of the hand (the board is
        # then never dealt): so the hands shown are turned up here, and a hand not shown
        # (which our rules muck once the hand is decided) is mucked after the last card
        out += [f"p{index[s] + 1} sm {_cards(shown[s]['cards'])}" for s in live if s in shown]
        if len(board) > dealt:
            # the rest of the board, street by street, as the dealer turned it
            at = dealt
            for count in _cumulative(streets):
                if count > at and count <= len(board):
                    out.append(f"d db {_cards(board[at:count])}")
                    at = count
        out += [f"p{index[s] + 1} sm" for s in live if s not in shown]
        return out


def _cumulative(streets: Sequence[int]) -> list[int]:
    out, total = [], 0
    for s in streets:
        total += s
        out.append(total)
    return out



# --- reading PHH back into a hand's record ------------------------------------------------

MAX_TEXT = 4_000_000
"""The most characters :func:`read` takes (a night's hands are far fewer)."""
MAX_HANDS = 5_000
MAX_ACTIONS = 2_000
"""The most actions one hand may hold (a real hand has well under a hundred)."""
MAX_PLAYERS = 10
MAX_NESTING = 8
"""PHH nests two deep (a table of hands, a list of actions)."""
_ACTION = re.compile(r"(?:d (?:db (\S+)|dh p(\d{1,2}) (\S+))|p(\d{1,2}) (f|cc|cbr|sd|sm|pb)"
                     r"(?: (\S+))?)")
_UNKNOWN = "??"


def read(text: str) -> list[HandRecord]:
    """PHH text (one hand, or pokerkit's several-hand ``.phhs`` file: a table per hand) as
    the hands' records, in the file's order, for the replayer: seats and starting stacks,
    forced bets, each action with the chips it moved, the board, the draws (counts; cards
    where known), the hands shown, and the pots paid as our rules pay them
    (``static/rules/table-games.md``: :mod:`rules.poker.value` decides each share,
    :mod:`rules.poker.pots` splits the pots and returns what nobody matched).

    A reader, not a referee: it takes the turn order the file gives (PHH names the actor of
    each action) and checks what a record needs — a known variant the room plays, whole
    non-negative chips, an actor who is in the hand and has the chips, real cards, a board
    complete at a showdown. Anything else is an :class:`ExportError` naming the hand, the
    action and what is wrong. Cards the file does not give (``??``) stay unknown: such a
    hand at a showdown is taken as not shown. The file's ``finishing_stacks``, if they
    differ from the payout worked out here (another room's odd-chip rule), are said so in
    the record's ``payouts``. The 7-2 bounty written in ``_bounties`` (:data:`BOUNTY_NOTE`)
    is paid after the pots, into the record's ``bounties``, nets and payouts.
    """
    import tomllib

    if not isinstance(text, str):
        raise ExportError("a PHH file is text")
    if len(text) > MAX_TEXT:
        raise ExportError(f"the file is too big for a hand history ({len(text)} characters, "
                          f"at most {MAX_TEXT})")
    if _nesting(text) > MAX_NESTING:
        raise ExportError(f"not a PHH file: lists nested deeper than {MAX_NESTING}")
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ExportError(f"not a PHH file (it is not TOML: {exc})") from None
    except RecursionError:  # what the nesting bound missed: the page's stack is small
        raise ExportError("not a PHH file: nested too deeply") from None
    if "variant" in doc:
        hands: list[tuple[str, Any]] = [("the hand", doc)]
    else:
        hands = [(f"hand [{key}]", value) for key, value in doc.items()]
        if not hands or not all(isinstance(h, dict) for _, h in hands):
            raise ExportError("not a PHH file: no variant, and not a table of hands")
    if len(hands) > MAX_HANDS:
        raise ExportError(f"the file holds {len(hands)} hands (at most {MAX_HANDS})")
    return [_Reader(where, raw, k + 1).record() for k, (where, raw) in enumerate(hands)]


def _number(value: object) -> bool:
    return type(value) is int or (isinstance(value, Decimal) and value.is_finite())


def _scale(raw: Mapping[str, Any], where: str) -> int:
    """How much to multiply the file's amounts by to make whole chips: 1, or 100 for amounts
    in money with cents (``2.50``), as online rooms' hands in PHH are written."""
    values: list[object] = []
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        if isinstance(raw.get(key), list):
            values += raw[key]
    values += [raw.get(k) for k in ("min_bet", "small_bet", "big_bet") if k in raw]
    for a in raw.get("actions") or []:
        words = a.split("#", 1)[0].split() if isinstance(a, str) else []
        if len(words) == 3 and words[1] == "cbr":
            try:
                values.append(Decimal(words[2]))
            except ArithmeticError:
                continue  # said by the action itself
    decimals = [v for v in values if isinstance(v, Decimal) and v.is_finite()]
    if all(v == v.to_integral_value() for v in decimals):
        return 1
    if all((v * 100) == (v * 100).to_integral_value() for v in decimals):
        return 100
    raise ExportError(f"{where}: amounts finer than a hundredth cannot be whole chips")


def _chips(value: object, scale: int) -> int:
    return int(value * scale) if isinstance(value, (int, Decimal)) else 0


def _nesting(text: str) -> int:
    """How deep ``[`` and ``{`` nest in ``text``, outside quoted strings: bounded before the
    TOML parser (which recurses) sees it."""
    depth = deepest = 0
    quote = ""
    escaped = False
    for c in text:
        if quote:
            if escaped:
                escaped = False
            elif c == "\\" and quote == '"':
                escaped = True
            elif c == quote or c == "\n":
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
    return deepest


def _ints(raw: Mapping[str, Any], key: str, where: str, scale: int, n: int | None = None,
          positive: bool = False) -> list[int]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(_number(v) for v in value):
        raise ExportError(f"{where}: {key} must be a list of amounts of chips, "
                          f"not {str(value)[:40]!r}")
    if n is not None and len(value) != n:
        raise ExportError(f"{where}: {key} has {len(value)} values for {n} players")
    out = [_chips(v, scale) for v in value]
    low = 1 if positive else 0
    if any(v < low for v in out):
        raise ExportError(f"{where}: {key} must be {'positive' if positive else 'at least 0'}")
    return out


def _int(raw: Mapping[str, Any], key: str, where: str, scale: int) -> int:
    value = raw.get(key)
    if not _number(value) or _chips(value, scale) <= 0:
        raise ExportError(f"{where}: {key} must be a positive amount of chips, "
                          f"not {str(value)[:40]!r}")
    return _chips(value, scale)


def _split_cards(text: str, where: str, deck: frozenset[str]) -> list[str]:
    if len(text) % 2 or not text:
        raise ExportError(f"{where}: {text[:20]!r} is not a list of cards")
    out = [text[i:i + 2] for i in range(0, len(text), 2)]
    for c in out:
        if c != _UNKNOWN and c not in deck:
            raise ExportError(f"{where}: {c!r} is not a card of this game's deck")
    return out


class _Reader:
    """One PHH hand read into a record (the chips followed action by action)."""

    def __init__(self, where: str, raw: Mapping[str, Any], position: int) -> None:
        from rules.cards import Card

        self.where = where
        self.raw = raw
        variant = raw.get("variant")
        if variant not in GAMES:
            raise ExportError(f"{where}: variant {str(variant)[:20]!r} is not one this room "
                              f"plays ({', '.join(GAMES)})")
        self.code = str(variant)
        self.game, self.betting = GAMES[self.code]
        self.entry = catalogue.GAMES[self.game]
        rules = self.entry.rules
        assert rules is not None, "every PHH code is a table game's"
        self.rules = rules
        self.deck = frozenset(str(Card(c)) for c in rules.deck)
        self.scale = scale = _scale(raw, where)
        stacks = _ints(raw, "starting_stacks", where, scale, positive=True)
        n = len(stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise ExportError(f"{where}: {n} players (a table seats 2 to {MAX_PLAYERS})")
        self.n = n
        self.starting = stacks
        self.antes = _ints(raw, "antes", where, scale, n)
        self.forced = _ints(raw, "blinds_or_straddles", where, scale, n)
        if self.code in FIXED:
            self.big = _int(raw, "small_bet", where, scale)
            _int(raw, "big_bet", where, scale)
        else:
            self.big = _int(raw, "min_bet", where, scale)
        # the same ante for all (ours): one nobody live could match goes back, as our rules
        # have it; antes some players owe alone (a big blind's ante) are dead money
        self.uniform = len(set(self.antes)) == 1
        self.dead = [0] * n
        seats = raw.get("seats")
        if seats is None:
            self.seats = list(range(n))
        elif (isinstance(seats, list) and len(seats) == n and len(set(seats)) == n
              and all(type(s) is int and 1 <= s <= 99 for s in seats)):
            self.seats = [s - 1 for s in seats]
        else:
            raise ExportError(f"{where}: seats must be {n} different seat numbers from 1")
        names = raw.get("players")
        if names is None:
            self.names = [f"Player {i + 1}" for i in range(n)]
        elif isinstance(names, list) and len(names) == n and all(
                isinstance(x, str) for x in names):
            self.names = [" ".join(x.split())[:40] or f"Player {i + 1}"
                          for i, x in enumerate(names)]
        else:
            raise ExportError(f"{where}: players must be {n} names")
        actions = raw.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ExportError(f"{where}: actions must be a list of texts")
        if len(actions) > MAX_ACTIONS:
            raise ExportError(f"{where}: {len(actions)} actions (at most {MAX_ACTIONS})")
        self.actions = actions
        hand = raw.get("hand")
        self.hand_no = hand if type(hand) is int and hand >= 0 else position
        self.ids = [f"p{i + 1}" for i in range(n)]
        self.stacks = list(stacks)
        self.total = [0] * n
        self.bets = [0] * n
        self.live = [True] * n
        self.mucked = [False] * n
        self.holes: list[list[str]] = [[] for _ in range(n)]
        self.shown: dict[int, list[str]] = {}
        self.board: list[str] = []
        self.log: list[LogEntry] = []
        self.round = 0
        self.drawing = False
        self.drew: set[int] = set()

    # --- the hand, action by action ------------------------------------------------------

    def record(self) -> HandRecord:
        self.post()
        for k, text in enumerate(self.actions):
            words = text.split("#", 1)[0].strip()
            if words:
                self.act(" ".join(words.split()), f"{self.where}, action {k + 1} ({text[:40]!r})")
        if self.drawing:
            self.drawn(f"{self.where}, at the end")
        self.end_round()
        return self.result()

    def post(self) -> None:
        # heads-up, PHH's lists run in reverse: the button (the last player) owes the first
        antes = self.antes[::-1] if self.n == 2 else self.antes
        for i, ante in enumerate(antes):
            if ante:
                self.put(i, ante, post="ante")
        kinds = {0: "small blind", 1: "big blind"}
        for k, amount in enumerate(self.forced):
            if amount:
                i = (self.n - 1 - k) if self.n == 2 else k
                self.put(i, amount, post=kinds.get(k, "straddle"))
        self.log.append({"type": "round", "name": self.entry.rounds[0]})

    def put(self, i: int, amount: int, *, post: str | None = None) -> int:
        paid = min(amount, self.stacks[i])
        self.stacks[i] -= paid
        self.total[i] += paid
        if post == "ante":
            self.dead[i] += paid
        if post is not None:
            if post != "ante":
                self.bets[i] += paid
            self.log.append({"type": "post", "seat": self.seats[i], "kind": post,
                             "amount": paid, "all_in": self.stacks[i] == 0})
        return paid

    def player(self, number: str, where: str) -> int:
        i = int(number) - 1
        if not 0 <= i < self.n:
            raise ExportError(f"{where}: there is no player p{number} ({self.n} players)")
        return i

    def act(self, text: str, where: str) -> None:
        m = _ACTION.fullmatch(text)
        if m is None:
            raise ExportError(f"{where}: not a PHH action this room reads")
        board, dealt_to, dealt, actor, verb, arg = m.groups()
        if board is not None:
            self.deal_board(_split_cards(board, where, self.deck), where)
        elif dealt_to is not None:
            self.deal_hole(self.player(dealt_to, where), _split_cards(dealt, where, self.deck),
                           where)
        elif verb == "sm":
            self.show(self.player(actor, where), arg, where)
        elif verb == "sd":
            self.draw(self.player(actor, where),
                      [] if arg is None else _split_cards(arg, where, self.deck), where)
        elif verb == "pb":
            raise ExportError(f"{where}: a bring-in belongs to stud, which this room does not "
                              "play")
        else:
            self.bet(self.player(actor, where), verb, arg, where)

    def deal_hole(self, i: int, cards: list[str], where: str) -> None:
        hole = self.holes[i]
        if len(hole) + len(cards) > self.entry.hole_cards:
            raise ExportError(f"{where}: p{i + 1} would hold {len(hole) + len(cards)} cards "
                              f"(this game: {self.entry.hole_cards})")
        hole.extend(cards)

    def deal_board(self, cards: list[str], where: str) -> None:
        if self.entry.family is Family.DRAW:
            raise ExportError(f"{where}: a draw game has no board")
        if _UNKNOWN in cards:
            raise ExportError(f"{where}: a board card is unknown")
        self.end_round()
        self.board.extend(cards)
        totals = _cumulative(self.rules.layout.streets)
        if len(self.board) not in totals:
            raise ExportError(f"{where}: the board would hold {len(self.board)} cards")
        self.round = totals.index(len(self.board)) + 1
        self.open_round()

    def open_round(self) -> None:
        """A betting round begins (as the engine logs it: with two players or more still in,
        even if nobody can bet)."""
        self.bets = [0] * self.n
        if sum(self.live) >= 2 and self.round < len(self.entry.rounds):
            self.log.append({"type": "round", "name": self.entry.rounds[self.round]})

    def end_round(self) -> None:
        back = unmatched(self.total if self.uniform else
                         [t - d for t, d in zip(self.total, self.dead, strict=True)], self.live)
        for i in range(self.n):
            if back[i]:
                self.total[i] -= back[i]
                self.stacks[i] += back[i]
                self.log.append({"type": "return", "seat": self.seats[i], "amount": back[i]})
        self.bets = [0] * self.n

    def draw(self, i: int, cards: list[str], where: str) -> None:
        if self.entry.family is not Family.DRAW:
            raise ExportError(f"{where}: a board game has no draw")
        if not self.live[i]:
            raise ExportError(f"{where}: p{i + 1} draws after folding")
        if self.drawing and i in self.drew:  # all in: the next draw, no betting between
            self.drawn(where)
        if not self.drawing:
            self.end_round()
            self.drawing = True
            self.drew = set()
        self.drew.add(i)
        hole = self.holes[i]
        for c in cards:
            if c in hole:
                hole.remove(c)
            elif _UNKNOWN in hole:
                hole.remove(_UNKNOWN)
            else:
                raise ExportError(f"{where}: p{i + 1} throws {c}, a card they do not hold")
        self.log.append({"type": "draw", "seat": self.seats[i], "count": len(cards),
                         "auto": False})

    def drawn(self, where: str) -> None:
        """A draw is over: the next betting round begins."""
        self.drawing = False
        self.round += 1
        if self.round >= len(self.entry.rounds):
            raise ExportError(f"{where}: more draws than this game has")
        self.open_round()

    def bet(self, i: int, verb: str, arg: str | None, where: str) -> None:
        if not self.live[i]:
            raise ExportError(f"{where}: p{i + 1} acts after folding")
        if not self.stacks[i]:
            raise ExportError(f"{where}: p{i + 1} acts all in")
        if self.drawing:
            self.drawn(where)
        top = max(self.bets)
        if verb == "f":
            if arg is not None:
                raise ExportError(f"{where}: a fold takes nothing")
            self.live[i] = False
            self.log.append({"type": "act", "seat": self.seats[i], "action": "fold",
                             "to": self.bets[i], "added": 0, "all_in": False, "auto": False})
            return
        if verb == "cc":
            if arg is not None:
                raise ExportError(f"{where}: a check or call takes no amount")
            added = self.put(i, top - self.bets[i])
            name = "call" if added else "check"
        else:
            try:
                amount = Decimal(arg or "") * self.scale
            except ArithmeticError:
                amount = Decimal(-1)
            if len(arg or "") > 18 or amount != amount.to_integral_value() or amount <= 0:
                raise ExportError(f"{where}: a bet or raise takes an amount of chips")
            to = int(amount)
            if to <= top:
                raise ExportError(f"{where}: p{i + 1} raises to {to}, not above the bet of "
                                  f"{top}")
            if to - self.bets[i] > self.stacks[i]:
                raise ExportError(f"{where}: p{i + 1} bets to {to} with only "
                                  f"{self.stacks[i] + self.bets[i]} in the round")
            added = self.put(i, to - self.bets[i])
            name = "raise" if top else "bet"
        self.bets[i] += added
        self.log.append({"type": "act", "seat": self.seats[i], "action": name,
                         "to": self.bets[i], "added": added, "all_in": self.stacks[i] == 0,
                         "auto": False})

    def show(self, i: int, arg: str | None, where: str) -> None:
        if not self.live[i]:
            raise ExportError(f"{where}: p{i + 1} shows after folding")
        if arg is None:
            self.mucked[i] = True
            return
        cards = self.holes[i] if arg == "-" else _split_cards(arg, where, self.deck)
        if _UNKNOWN in cards:
            self.mucked[i] = True  # not shown whole: it cannot be judged
            return
        if len(cards) != self.entry.hole_cards:
            raise ExportError(f"{where}: p{i + 1} shows {len(cards)} cards, not "
                              f"{self.entry.hole_cards}")
        self.holes[i] = list(cards)
        self.shown[i] = list(cards)

    # --- the payout ----------------------------------------------------------------------

    def result(self) -> HandRecord:
        from rules.cards import Card
        from rules.poker.value import LOW_PART, divide, score, winning_five, words
        from rules.variants import Division, Game

        game = Game.parse(self.game)
        division = self.rules.division
        n = self.n
        all_in = [self.stacks[i] == 0 for i in range(n)]
        if self.uniform:
            pots = side_pots(self.total, self.live, all_in)
        else:  # dead antes go to the main pot, whoever matched what
            bets = [t - d for t, d in zip(self.total, self.dead, strict=True)]
            pots = side_pots(bets, self.live, all_in)
            if pots:
                pots = (Pot(pots[0].amount + sum(self.dead), pots[0].eligible), *pots[1:])
            elif sum(self.dead):
                live = tuple(i for i in range(n) if self.live[i])
                pots = (Pot(sum(self.dead), live),)
        contest = [i for i in range(n) if self.live[i]]
        uncontested = len(contest) == 1
        board = [Card.parse(c) for c in self.board]
        boards: list[list[Card]] = [board] if self.entry.family is not Family.DRAW else []
        scores = {}
        if not uncontested:
            if boards and len(board) < sum(self.rules.layout.streets):
                raise ExportError(f"{self.where}: the hand reaches a showdown with "
                                  f"{len(board)} board cards")
            for i in contest:
                if i in self.shown and not self.mucked[i]:
                    scores[i] = score(game, [Card.parse(c) for c in self.shown[i]], boards)
        won = [0] * n
        results: list[PotResult] = []
        payouts: list[str] = []
        fives: dict[tuple[int, int], list[str]] = {}
        for k, pot in enumerate(pots):
            name = "the pot" if len(pots) == 1 else (
                "the main pot" if k == 0 else f"side pot {k}")
            shares: list[PotShare] = []
            if uncontested:
                parts: list[tuple[str, int, list[int], int]] = [
                    ("", pot.amount, [contest[0]], 0)]
            else:
                able = [i for i in pot.eligible if i in scores]
                if not able:
                    raise ExportError(f"{self.where}: nobody shows a hand for {name}")
                divided = divide(division, [scores[i] for i in able])
                second = pot.amount // 2
                amounts = (pot.amount,) if len(divided) == 1 else (pot.amount - second, second)
                parts = []
                for (part, best), amount in zip(divided, amounts, strict=True):
                    share = ("" if len(divided) == 1 else "low" if part == LOW_PART
                             else f"board {part + 1}" if division is Division.PER_BOARD
                             else "high")
                    parts.append((share, amount, [able[w] for w in best], part))
            pot_winners: dict[int, int] = {}
            for share, amount, takers, which in parts:
                split = split_chips(amount, takers, list(range(n)))
                shares.append({"share": share, "amount": amount,
                               "winners": [{"seat": self.seats[i], "amount": a}
                                           for i, a in split.items()]})
                for i, a in split.items():
                    won[i] += a
                    pot_winners[i] = pot_winners.get(i, 0) + a
                    half = f" ({share})" if share else ""
                    payouts.append(f"{self.names[i]} wins {a} from {name}{half}")
                    if i in scores and (i, which) not in fives:
                        hole = [Card.parse(c) for c in self.shown[i]]
                        fives[i, which] = [str(c) for c in winning_five(
                            game, hole, boards, which, scores[i])]
            results.append({"amount": pot.amount,
                            "eligible": sorted(self.seats[i] for i in pot.eligible),
                            "winners": [{"seat": self.seats[i], "amount": a}
                                        for i, a in sorted(pot_winners.items())],
                            "shares": shares})
        ours = [self.stacks[i] + won[i] for i in range(n)]
        bounties = self.bounties(ours)
        payouts += bounty_sentences(bounties, self.names)
        net = {self.ids[i]: ours[i] - self.starting[i] for i in range(n)}
        finishing = self.raw.get("finishing_stacks")
        if isinstance(finishing, list):
            finishing = [_chips(v, self.scale) for v in finishing]
        if isinstance(finishing, list) and finishing != ours:
            payouts.append(f"The file's finishing stacks ({_listed(finishing)}) differ from "
                           f"this payout's ({_listed(ours)})")
        shown: list[ShownHand] = []
        for i, sc in scores.items():
            said = list(words(game, sc))
            # beside each of the words, the part it is: a board's high, or the low (the last
            # of Hi/Lo's words, lowball's only one)
            of = [LOW_PART if division is Division.LOWBALL
                  or (division is Division.HILO8 and p == len(said) - 1) else p
                  for p in range(len(said))]
            shown.append({"seat": self.seats[i], "name": self.names[i],
                          "cards": list(self.shown[i]), "hands": said,
                          "wins": [fives.get((i, w)) for w in of]})
        if uncontested:  # turned up after the win (the 7-2 bounty's seven-deuce)
            shown += [{"seat": self.seats[i], "name": self.names[i], "cards": list(cards),
                       "hands": [], "wins": []} for i, cards in self.shown.items()]
        out: HandRecord = {
            "hand_no": self.hand_no, "game": self.game, "hand_game": self.game,
            "betting": self.betting, "button": self.seats[-1],
            "blinds": [self.forced[0], self.forced[1]] if self.n >= 2 else [0, 0],
            "ante": max(self.antes), "cap": None,
            "level": self.raw["level"] if type(self.raw.get("level")) is int else None,
            "tournament": None, "started_ms": self.started(), "commitment": (
                self.raw["_commitment"] if isinstance(self.raw.get("_commitment"), str)
                else None),
            "seats": [{"seat": self.seats[i], "id": self.ids[i], "name": self.names[i],
                       "stack": self.starting[i], "dealt_in": True} for i in range(n)],
            "actions": self.log, "boards": [list(self.board)] if boards else [],
            "shown": shown, "pots": results, "payouts": payouts, "net": net,
            "uncontested": uncontested,
        }
        if bounties:
            out["bounties"] = [{"seat": self.seats[w], "payer": self.seats[p], "amount": a}
                                for w, p, a in bounties]
        return out

    def bounties(self, stacks: list[int]) -> list[tuple[int, int, int]]:
        """The file's ``_bounties`` (the 7-2 bounty, :data:`BOUNTY_NOTE`), paid from and into
        ``stacks`` (the stacks after the pots), in the file's order. Each must name two
        players and whole chips the payer still has."""
        raw = self.raw.get("_bounties")
        if raw is None:
            return []
        where = f"{self.where}, _bounties"
        if not isinstance(raw, list) or len(raw) > self.n * self.n:
            raise ExportError(f"{where}: a list of at most {self.n * self.n} payments")
        out = []
        for k, b in enumerate(raw):
            if not isinstance(b, dict):
                raise ExportError(f"{where}: payment {k + 1} is not a table")
            winner, payer = b.get("winner"), b.get("payer")
            if (type(winner) is not int or type(payer) is not int or winner == payer
                    or not (1 <= winner <= self.n and 1 <= payer <= self.n)):
                raise ExportError(f"{where}: payment {k + 1} must name two players from 1 "
                                  f"to {self.n}")
            amount = _chips(b.get("amount"), self.scale) if _number(b.get("amount")) else 0
            w, p = winner - 1, payer - 1
            if amount <= 0 or amount > stacks[p]:
                raise ExportError(f"{where}: payment {k + 1} must be whole chips p{p + 1} "
                                  f"has ({stacks[p]})")
            stacks[p] -= amount
            stacks[w] += amount
            out.append((w, p, amount))
        return out

    def started(self) -> int | None:
        ms = self.raw.get("_started_ms")
        if type(ms) is int and ms >= 0:
            return int(ms)
        y, m, d = (self.raw.get(k) for k in ("year", "month", "day"))
        at = self.raw.get("time")
        at = at if isinstance(at, time) else time()
        if type(y) is int and type(m) is int and type(d) is int:
            try:  # the time taken as UTC (no zone database in every page)
                return int(datetime(y, m, d, at.hour, at.minute, at.second,
                                    tzinfo=UTC).timestamp() * 1000)
            except (ValueError, OverflowError):
                return None
        return None


def _listed(values: Sequence[object]) -> str:
    return ", ".join(str(v) for v in values)

__all__ = ["BOUNTY_NOTE", "CODES", "GAMES", "NO_CODE", "RUN_TWICE", "phh_document", "phh_text",
           "phh_variant", "player_order", "read"]

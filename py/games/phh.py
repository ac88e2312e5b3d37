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
which changes who acts first).

How a hand is written (``static/rules/table-games.md`` decides the hand; PHH describes it):

* players in PHH's order: the first left of the button first, the button last (heads-up: the
  big blind, then the button), ``seats`` their table seats (1-based) and ``players`` names;
* ``antes`` and ``blinds_or_straddles`` the amounts due by position (heads-up in PHH's
  reversed order), ``min_bet`` the big blind, or ``small_bet``/``big_bet`` one and two big
  blinds in fixed limit;
* ``actions``: the cards dealt (``d dh p1 AsKs``, ``????`` for each card the reader did not
  see), each bet as ``cbr`` to its total in the round, calls and checks ``cc``, folds ``f``,
  each draw ``sd`` with the cards thrown (``??`` for another's) and then the cards drawn,
  each board as it comes, and at the showdown ``sm`` with the cards shown (``sm`` alone: a
  hand not shown);
* ``finishing_stacks`` and ``winnings`` as our rules paid the hand: pokerkit pays odd chips
  and a few pots otherwise (its documented differences, :mod:`rules.poker.kit`), and the
  standard says the finishing stacks are the record's word on such differences.

Plain data in, text out: the standard library and the game facts, no engine, no pokerkit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from room.errors import ExportError

from games import catalogue
from games.catalogue import Family

CODES: Mapping[tuple[str, str], str] = {
    ("holdem", "no-limit"): "NT",
    ("holdem", "fixed-limit"): "FT",
    ("shortdeck", "no-limit"): "NS",
    ("omaha", "pot-limit"): "PO",
    ("omaha-hilo", "fixed-limit"): "FO/8",
    ("triple-draw", "fixed-limit"): "F2L3D",
}
"""(game, structure) -> PHH's variant code: everything the standard can say of ours."""
GAMES: Mapping[str, tuple[str, str]] = {code: key for key, code in CODES.items()}
"""PHH's variant code -> (game, structure): what :func:`read` takes."""
FIXED = frozenset(code for (_, betting), code in CODES.items() if betting == "fixed-limit")
NO_CODE = ("PHH has variant codes for no-limit and fixed-limit Hold'em (NT, FT), no-limit "
           "short deck (NS), pot-limit Omaha (PO), fixed-limit Omaha Hi/Lo (FO/8) and "
           "fixed-limit 2-7 triple draw (F2L3D) only")
"""Why a hand of another game or structure has no PHH text."""
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
    try:
        fields = _Writer(record, code).fields(table)
    except ExportError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ExportError(f"hand {no}: the record is malformed ({exc!r:.80})") from None
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)


def phh_document(records: Iterable[Mapping[str, Any]], *, table: str = "") -> str:
    """Every hand of ``records`` PHH can say, as pokerkit's several-hand file (``.phhs``: a
    TOML table per hand, named by its number, ``HandHistory.loads_all`` reads it), hands in
    number order. Other hands are left out; if none is left, an :class:`ExportError` says
    why (the last reason met)."""
    by_no = {r.get("hand_no"): r for r in records if isinstance(r, Mapping)}
    parts: list[str] = []
    why = "no hand of a table game has finished yet"
    for no in sorted(n for n in by_no if type(n) is int):
        record = by_no[no]
        if not catalogue.table_game(record.get("hand_game") or record.get("game")):
            continue
        try:
            parts.append(f"[{no}]\n{phh_text(record, table=table)}")
        except ExportError as exc:
            why = str(exc)
    if not parts:
        raise ExportError(why)
    return "\n".join(parts)


def _toml(value: object) -> str:
    """A value as TOML writes it (strings escaped so a name cannot break out of its quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
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
            else:
                raise ExportError(
                    f"hand {r.get('hand_no')}: seat {a['seat'] + 1} posts a {kind} where PHH "
                    "reads forced bets by position only (it would be a straddle)")
        if n == 2:  # PHH writes heads-up forced bets in reverse (the button posts the small)
            antes.reverse()
            forced.reverse()
        out: list[tuple[str, object]] = [("variant", self.code), ("antes", antes),
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
            out += [("day", when.day), ("month", when.month), ("year", when.year)]
        if type(r.get("level")) is int:
            out.append(("level", int(r["level"])))
        out += [("seats", [s + 1 for s in order]),
                ("seat_count", max(10, *(s + 1 for s in order))),
                ("players", [str(seats[s].get("name", "")) for s in order]),
                ("finishing_stacks", [starting[i] + int(net.get(ids[i], 0)) for i in range(n)]),
                ("winnings", won)]
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
        if not r.get("uncontested"):
            shown = {int(s["seat"]): s for s in r["shown"]}
            for seat in order:
                if seat in folded:
                    continue
                if seat in shown:
                    out.append(f"p{index[seat] + 1} sm {_cards(shown[seat]['cards'])}")
                else:
                    out.append(f"p{index[seat] + 1} sm")
        if len(board) > dealt:
            # the rest of the board, street by street, as the dealer turned it
            at = dealt
            for count in _cumulative(streets):
                if count > at and count <= len(board):
                    out.append(f"d db {_cards(board[at:count])}")
                    at = count
        return out


def _cumulative(streets: Sequence[int]) -> list[int]:
    out, total = [], 0
    for s in streets:
        total += s
        out.append(total)
    return out


__all__ = ["CODES", "GAMES", "NO_CODE", "phh_document", "phh_text", "phh_variant",
           "player_order"]

"""A table-game hand as PokerStars hand-history text, written from the hand's public record.

Why from the record and not from the engine: a guest's page never loads the betting engine (it
is heavy, and only a host deals), yet it keeps every hand's record, filed from the results
views (:mod:`room.export`). So there is one writer, and both pages feed it the same data: the
host its own record of the hand (:func:`games.poker.hands.viewer_record`), a guest the copy its
results view brought. For the same reader the two texts are the same.

The record (:func:`games.poker.hands.history`) holds only what every player may see: seats and
starting stacks, forced bets and actions, boards, the hands shown at the showdown, pots and
winners. A reader's copy adds ``you``, their own seat and hole cards as dealt. The text is made
of nothing else, so it cannot name a card its reader did not see: no folded hand, no unshown
one, nobody else's hole cards.

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
...     "you": {"seat": 1, "hole": ["Ah", "Kd"]}}
>>> print(pokerstars_text(record), end="")
PokerStars Hand #3: Hold'em No Limit (5/10) - 2000/01/01 00:00:00 ET
Table 'Ultimate Omaha' 2-max Seat #1 is the button
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
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann (button) collected (20)
Seat 2: Bo (big blind) folded before Flop
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from room.errors import ExportError

TABLE = "Ultimate Omaha"
GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha Hi/Lo",
         "bomb-double": "Omaha"}
"""The games PokerStars' format can say (the bomb pot as Omaha on two boards), by game id."""
BETTINGS = {"no-limit": "No Limit", "pot-limit": "Pot Limit",
            "double-pot-limit": "Double Pot Limit", "fixed-limit": "Limit"}
NOT_DRAW = "PokerStars text covers Hold'em and the Omaha games, not 5-card draw"
_STREETS = {"flop": 3, "turn": 4, "river": 5}
"""A street's name -> how many cards each board holds once it is dealt."""
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def hand_game(record: Mapping[str, Any]) -> Any:
    """The game the hand was played as: ``hand_game`` (a bomb pot called in an Omaha session
    is ``bomb-double``; the history entry's ``game`` is the session's), else ``game``."""
    return record.get("hand_game") or record.get("game")


def pokerstars_text(record: Mapping[str, Any], *, table: str = TABLE,
                    when: datetime | None = None) -> str:
    """The hand of ``record`` in PokerStars' hand-history text (Hold'em and the Omaha games;
    amounts in chips), as its reader saw it: their own hole cards (``you``) in "Dealt to",
    other hands only as shown at the showdown. A folded hand never appears, not even the
    reader's own after the deal.

    Raises :class:`~room.errors.ExportError` saying why for a 5-card draw hand, a hand whose
    log reached this page shortened (a view keeps a long hand's last actions only), or a
    malformed record.
    """
    game = hand_game(record)
    if game == "draw":
        raise ExportError(NOT_DRAW)
    if game not in GAMES:
        raise ExportError(f"PokerStars text covers Hold'em and the Omaha games, not {game!r}")
    no = record.get("hand_no")
    if record.get("actions_omitted"):
        raise ExportError(f"hand {no} reached this page with its first "
                          f"{record['actions_omitted']} actions left out: no PokerStars text")
    try:
        return _text(record, game, table, when or datetime(2000, 1, 1))
    except ExportError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ExportError(f"hand {no}: the record is malformed ({exc!r:.80})") from None


def pokerstars_document(records: Iterable[Mapping[str, Any]], *, table: str = TABLE) -> str:
    """Every hand of ``records`` that PokerStars' format can say, in hand number order, each
    once, separated by blank lines as in PokerStars' own files. Hands of other games (5-card
    draw, Ultimate Omaha) are left out; if none is left, an :class:`ExportError` says why."""
    by_no = {r.get("hand_no"): r for r in records if isinstance(r, Mapping)}
    texts: list[str] = []
    why = "no hand of a table game has finished yet"
    for no in sorted(n for n in by_no if type(n) is int):
        record = by_no[no]
        if hand_game(record) not in (*GAMES, "draw"):
            continue  # not a table game (Ultimate Omaha)
        try:
            texts.append(pokerstars_text(record, table=table).rstrip("\n"))
        except ExportError as exc:
            why = str(exc)
    if not texts:
        raise ExportError(why)
    return "\n\n\n".join(texts) + "\n"


def _text(record: Mapping[str, Any], game: str, table: str, when: datetime) -> str:
    seats = [s for s in record["seats"]]
    names = {int(s["seat"]): _name(s) for s in seats}
    dealt = [int(s["seat"]) for s in seats if s.get("dealt_in", True)]
    small, big = (int(b) for b in record["blinds"])
    button = int(record["button"])
    boards = [[_card(c) for c in b] for b in record["boards"]]
    actions = record["actions"]
    size = max([len(seats), *(s + 1 for s in names)])
    lines = [
        f"PokerStars Hand #{int(record['hand_no'])}: {GAMES[game]} "
        f"{BETTINGS[record['betting']]} ({small}/{big}) - {when:%Y/%m/%d %H:%M:%S} ET",
        f"Table '{table}' {size}-max Seat #{button + 1} is the button",
    ]
    stacks = {int(s["seat"]): int(s["stack"]) for s in seats}
    lines += [f"Seat {s + 1}: {names[s]} ({stacks[s]} in chips)" for s in dealt]
    level = 0
    blinds: dict[int, str] = {}
    for a in actions:
        if a["type"] == "post":
            seat, kind, amount = int(a["seat"]), str(a["kind"]), int(a["amount"])
            if kind == "ante":
                lines.append(f"{names[seat]}: posts the ante {amount}" + _allin(a))
            elif kind in ("small blind", "big blind"):
                blinds[seat] = kind
                level = max(level, amount)
                lines.append(f"{names[seat]}: posts {kind} {amount}" + _allin(a))
            else:
                raise ValueError(f"a post of kind {kind!r}")
    lines.append("*** HOLE CARDS ***")
    you = record.get("you")
    if isinstance(you, Mapping) and int(you["seat"]) in dealt:
        hole = " ".join(_card(c) for c in you["hole"])
        lines.append(f"Dealt to {names[int(you['seat'])]} [{hole}]")
    folded_on: dict[int, str] = {}
    current = "before Flop"
    first_round = True
    for a in actions:
        kind = a["type"]
        if kind == "round":
            name = str(a["name"])
            if name in _STREETS:
                current = f"on the {name.capitalize()}"
                lines.extend(_street_lines(name, boards))
            elif name != "preflop":
                raise ValueError(f"a round named {name!r}")
            if not first_round:
                level = 0
            first_round = False
        elif kind == "act":
            who, verb, to = names[int(a["seat"])], a["action"], int(a["to"])
            if verb == "fold":
                lines.append(f"{who}: folds")
                folded_on[int(a["seat"])] = current
            elif verb == "check":
                lines.append(f"{who}: checks")
            elif verb == "call":
                lines.append(f"{who}: calls {int(a['added'])}" + _allin(a))
            elif verb == "bet":
                lines.append(f"{who}: bets {to}" + _allin(a))
            elif verb == "raise":
                lines.append(f"{who}: raises {to - level} to {to}" + _allin(a))
            else:
                raise ValueError(f"an action {verb!r}")
            level = max(level, to)
        elif kind == "return":
            lines.append(f"Uncalled bet ({int(a['amount'])}) returned to {names[int(a['seat'])]}")
        elif kind == "draw":
            raise ExportError(NOT_DRAW)
        elif kind != "post":
            raise ValueError(f"an entry of type {kind!r}")
    shown = {int(s["seat"]): ([_card(c) for c in s["cards"]], [str(w) for w in s["hands"]])
             for s in record["shown"]}
    if shown:
        lines.append("*** SHOW DOWN ***")
        for seat, (cards, words) in shown.items():
            lines.append(f"{names[seat]}: shows [{' '.join(cards)}] ({_ps_hand(words, game)})")
    pots = [(int(p["amount"]), [(int(w["seat"]), int(w["amount"])) for w in p["winners"]])
            for p in record["pots"]]
    won: dict[int, int] = {}
    for i, (_, winners) in enumerate(pots):
        for seat, amount in winners:
            won[seat] = won.get(seat, 0) + amount
            if not record.get("uncontested"):
                lines.append(f"{names[seat]} collected {amount} from {_pot(i, len(pots))}")
    if record.get("uncontested"):  # one winner, every pot: PokerStars says it in one line
        lines += [f"{names[seat]} collected {amount} from pot" for seat, amount in won.items()]
    lines.append("*** SUMMARY ***")
    total = sum(amount for amount, _ in pots)
    if len(pots) > 1:
        parts = f"Main pot {pots[0][0]}." + "".join(
            f" Side pot-{i} {amount}." for i, (amount, _) in enumerate(pots[1:], start=1))
        lines.append(f"Total pot {total} {parts} | Rake 0")
    else:
        lines.append(f"Total pot {total} | Rake 0")
    if game == "bomb-double":
        lines += [f"{'FIRST' if b == 0 else 'SECOND'} Board [{' '.join(cards)}]"
                  for b, cards in enumerate(boards) if cards]
    elif boards and boards[0]:
        lines.append(f"Board [{' '.join(boards[0])}]")
    for s in dealt:
        role = " (button)" if s == button else f" ({blinds[s]})" if s in blinds else ""
        head = f"Seat {s + 1}: {names[s]}{role}"
        if s in folded_on:
            lines.append(f"{head} folded {folded_on[s]}")
        elif s in shown:
            held = " ".join(shown[s][0])
            said = _ps_hand(shown[s][1], game)
            if won.get(s):
                lines.append(f"{head} showed [{held}] and won ({won[s]}) with {said}")
            else:
                lines.append(f"{head} showed [{held}] and lost with {said}")
        elif won.get(s):
            lines.append(f"{head} collected ({won[s]})")
    return "\n".join(lines) + "\n"


def _name(seat: Mapping[str, Any]) -> str:
    """The seat's name on one line (a name with a line break would forge lines), or
    ``Seat N`` (1-based, as PokerStars numbers seats) if it has none."""
    name = " ".join(str(seat.get("name") or "").split())
    return name or f"Seat {int(seat['seat']) + 1}"


def _card(text: Any) -> str:
    if not isinstance(text, str) or not _CARD.fullmatch(text):
        raise ValueError(f"not a card: {str(text)[:10]!r}")
    return text


def _allin(entry: Mapping[str, Any]) -> str:
    return " and is all-in" if entry.get("all_in") else ""


def _pot(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def _street_lines(street: str, boards: Sequence[Sequence[str]]) -> list[str]:
    count = _STREETS[street]
    out = []
    for b, board in enumerate(boards):
        if len(board) < count:
            raise ValueError(f"the {street} is dealt but board {b + 1} has {len(board)} cards")
        cards = board[:count]
        prefix = "" if len(boards) == 1 else ("FIRST " if b == 0 else "SECOND ")
        if street == "flop":
            out.append(f"*** {prefix}FLOP *** [{' '.join(cards)}]")
        else:
            out.append(f"*** {prefix}{street.upper()} *** [{' '.join(cards[:-1])}] "
                       f"[{cards[-1]}]")
    return out


def _ps_hand(words: Sequence[str], game: str) -> str:
    if game == "omaha-hilo":
        low = words[1]
        return f"HI: {words[0]}" + ("" if low == "no low" else f"; LO: {low.replace('-', ',')}")
    if game == "bomb-double":
        return f"{words[0]}; {words[1]}"
    return words[0]


__all__ = ["GAMES", "NOT_DRAW", "TABLE", "hand_game", "pokerstars_document", "pokerstars_text"]

"""The hand book: every hand a player took part in, as this browser keeps it, grouped by room and
by night, with the night's ledger and settle-up and the player's lifetime results.

Pure (no browser): :mod:`web.handstore` keeps the rows in IndexedDB and the page draws them;
what a row is, which night it belongs to, how a hand sent again is merged, and every total
are decided here, so they are tested without a browser.

* A **row** (:class:`BookRow`) is one hand's record exactly as ``room.export.history_entry``
  filed it (``GuestClient.history``: a table game's ``HandRecord`` or Ultimate Omaha's
  results), plus what the book adds around it: the room code, the night, when this browser
  first kept it, the viewer's player id, and a table game's chip value (the record counts
  chips; the ledger counts cents).
* A **night** is a room's run of hands with no gap longer than :data:`NIGHT_GAP_MS` between
  one and the next (by this browser's clock when it first kept each hand); it is named by the
  time of its first hand. A hand is placed when it is first kept, so a night never changes
  after the fact.
* A hand **sent again** (a reload, a rejoin, the results view repeated) is the same hand when
  its room, number and deal (:func:`deal_mark`) match a kept one, whatever the night: the
  newest copy of the record replaces the older one, the row keeps its time and night. A hand
  number the host dealt twice in one night (a host page reloaded from an older save) keeps
  the later deal, as the client's own history does.
* **Money**: a table hand's chips times its chip value, an Ultimate Omaha hand's cents; a
  tournament hand moves no money (its chips are not cents). Each night's ledger is
  ``rules.ledger``'s, fed each hand's nets, so its settle-up is the room's own rule.

>>> rec = {"hand_no": 3, "game": "holdem", "commitment": "c3", "tournament": None,
...        "seats": [{"seat": 1, "id": "a", "name": "Ann"}, {"seat": 2, "id": "b", "name": "Bo"}],
...        "pots": [{"amount": 40}], "net": {"a": 20, "b": -20}, "you": {"seat": 1, "hole": []}}
>>> row = place([], "ROOM234", rec, "a", now_ms=1_000, chip_cents=5)
>>> row["key"], your_net(row), pot(row)
('ROOM234/0000000001000/00000003', 100, 200)
>>> place([row], "ROOM234", rec, "a", now_ms=9_000, chip_cents=5) is None  # sent again
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from room.export import HISTORY_FORMAT, HISTORY_VERSION
from rules.errors import RulesError
from rules.ledger import Ledger

NIGHT_GAP_MS = 6 * 60 * 60 * 1000
"""The longest pause inside one night: six hours. A dinner break stays in the night; the next
evening's game in the same room starts a new one."""


class BookRow(TypedDict):
    """One kept hand (see the module): ``record`` as filed, the rest the book's."""

    key: str
    """``room/night/hand no.``, zero-padded so that keys sort by room, night and hand."""
    room: str
    night: int
    """When the night's first hand was kept (ms since 1970, UTC): the night's name."""
    hand_no: int
    at: int
    """When this browser first kept the hand (ms since 1970, UTC)."""
    player: str
    """The viewer's player id in that room ('' when not known: a hand moved from the old
    last-ten store, before the player's id was kept with it)."""
    chip_cents: int | None
    """A table game's chip value in cents (None: the record counts cents itself, or unknown)."""
    practice: bool
    """Played at a practice table (bots on this page; its room code was never shown)."""
    record: dict[str, Any]


def row_key(room: str, night: int, hand_no: int) -> str:
    """The row's key: sorts by room, then night, then hand number."""
    return f"{room}/{night:013d}/{hand_no:08d}"


def deal_mark(record: Mapping[str, Any]) -> str:
    """What tells one deal from another under the same hand number: the fair deal's
    commitment when the record has one, else the cards on the boards (a fresh deck each deal)."""
    commitment = record.get("commitment")
    if isinstance(commitment, str) and commitment:
        return commitment
    parts = [record.get(k) for k in ("boards", "board1", "board2")]
    return json.dumps(parts, sort_keys=True, default=str)


def took_part(record: Mapping[str, Any], player: str) -> bool:
    """Whether ``player`` was dealt into the hand: a table record carries ``you`` only for a
    viewer dealt in; Ultimate Omaha's lists every player of the hand."""
    if isinstance(record.get("you"), Mapping):
        return True
    players = record.get("players")
    return isinstance(players, list) and any(
        isinstance(p, Mapping) and p.get("id") == player for p in players) and bool(player)


def viewer_id(record: Mapping[str, Any], player: str) -> str:
    """The viewer's id in ``record``: ``player`` if given, else the id at the seat the
    record's ``you`` names ('' when neither says)."""
    if player:
        return player
    you = record.get("you")
    seat = you.get("seat") if isinstance(you, Mapping) else None
    for s in _list(record.get("seats")):
        if isinstance(s, Mapping) and s.get("seat") == seat and isinstance(s.get("id"), str):
            return str(s["id"])
    return ""


def place(rows: Sequence[BookRow], room: str, record: Mapping[str, Any], player: str,
          now_ms: int, chip_cents: int | None = None, practice: bool = False) -> BookRow | None:
    """The row to keep for ``record`` (seen in ``room`` at ``now_ms``), given the rows
    already kept for that room; None when nothing changes (the same hand sent again as it
    was). See the module for the night and merging rules."""
    hand_no = record.get("hand_no")
    if type(hand_no) is not int:
        raise ValueError(f"a hand without a number: {str(hand_no)[:40]!r}")
    mine = [r for r in rows if r["room"] == room]
    mark = deal_mark(record)
    same = next((r for r in mine if r["hand_no"] == hand_no
                 and deal_mark(r["record"]) == mark), None)
    player = viewer_id(record, player)
    if same is not None:
        new = dict(record)
        chip = chip_cents if chip_cents is not None else same["chip_cents"]
        who = player or same["player"]
        if new == same["record"] and chip == same["chip_cents"] and who == same["player"]:
            return None
        return {**same, "record": new, "chip_cents": chip, "player": who}
    latest = max(mine, key=lambda r: r["at"], default=None)
    if latest is not None and now_ms - latest["at"] <= NIGHT_GAP_MS:
        night = latest["night"]
    else:
        night = now_ms
    return {"key": row_key(room, night, hand_no), "room": room, "night": night,
            "hand_no": hand_no, "at": now_ms, "player": player, "chip_cents": chip_cents,
            "practice": practice, "record": dict(record)}


def place_all(rows: Sequence[BookRow], room: str, records: Iterable[Mapping[str, Any]],
              player: str, now_ms: int, chip_cents: int | None = None,
              deal_time: bool = False, practice: bool = False) -> list[BookRow]:
    """:func:`place` for several records in turn (the rows each one changes, last copy of a
    key only), all at ``now_ms``. With ``deal_time``, a record carrying ``started_ms`` (a
    table game's deal time, by the host's clock) is placed at that time instead: for hands
    moved from an old store, which kept no time of its own."""
    kept = list(rows)
    changed: dict[str, BookRow] = {}

    def when(record: Mapping[str, Any]) -> int:
        return _started(record, now_ms) if deal_time else now_ms

    for record in sorted(records, key=lambda r: (when(r), _int(r.get("hand_no")))):
        row = place(kept, room, record, player, when(record), chip_cents, practice)
        if row is None:
            continue
        kept = [r for r in kept if r["key"] != row["key"]] + [row]
        changed[row["key"]] = row
    return list(changed.values())


def _started(record: Mapping[str, Any], default: int) -> int:
    started = record.get("started_ms")
    return started if type(started) is int and started > 0 else default


def _int(x: object) -> int:
    return x if type(x) is int else 0


def _list(x: object) -> list[Any]:
    return x if isinstance(x, list) else []


# --- money ---------------------------------------------------------------------------------


def nets(row: BookRow) -> dict[str, int] | None:
    """Each player's net of the hand in cents, by player id (None: the hand moved no money,
    or its record does not say in whole cents). Ultimate Omaha's bank, if it played, is
    left out (see :func:`bank_net`)."""
    record = row["record"]
    players = record.get("players")
    if isinstance(players, list):  # Ultimate Omaha: cents, player by player
        out: dict[str, int] = {}
        for p in players:
            if not isinstance(p, Mapping) or not isinstance(p.get("id"), str) \
                    or type(p.get("net_cents")) is not int:
                return None
            out[p["id"]] = p["net_cents"]
        return out
    net = record.get("net")
    chip = row["chip_cents"]
    if not isinstance(net, Mapping) or record.get("tournament") is not None:
        return None
    if type(chip) is not int or chip < 1:
        chip = 1  # a record kept without its chip value: a chip counts one cent
    if not all(isinstance(k, str) and type(v) is int for k, v in net.items()):
        return None
    return {k: v * chip for k, v in net.items()}


def bank_net(row: BookRow) -> int:
    """The bank's net in cents (Ultimate Omaha's one-player hands; 0 otherwise)."""
    bank = row["record"].get("bank_net_cents")
    return bank if type(bank) is int else 0


def your_net(row: BookRow) -> int | None:
    """The viewer's net of the hand in cents (None: not known, or no money moved)."""
    by_id = nets(row)
    if by_id is None or not row["player"]:
        return None
    return by_id.get(row["player"])


def your_chips(row: BookRow) -> int | None:
    """A table hand's net for the viewer in chips (tournaments too); None elsewhere."""
    net = row["record"].get("net")
    value = net.get(row["player"]) if isinstance(net, Mapping) else None
    return value if type(value) is int else None


def pot(row: BookRow) -> int | None:
    """What was played for, in cents: a table hand's pots times the chip value; for Ultimate
    Omaha, which has no pot, the money that changed hands (every winner's net, the bank's
    too). None for a tournament hand (see :func:`pot_chips`) or a record that does not say."""
    record = row["record"]
    if isinstance(record.get("players"), list):
        by_id = nets(row)
        if by_id is None:
            return None
        return sum(v for v in by_id.values() if v > 0) + max(bank_net(row), 0)
    chips = pot_chips(row)
    if chips is None or record.get("tournament") is not None:
        return None
    chip = row["chip_cents"]
    return chips * (chip if type(chip) is int and chip >= 1 else 1)


def pot_chips(row: BookRow) -> int | None:
    """A table hand's pots added up, in chips (None: not a table hand)."""
    pots = row["record"].get("pots")
    if not isinstance(pots, list):
        return None
    amounts = [p.get("amount") for p in pots if isinstance(p, Mapping)]
    return sum(a for a in amounts if type(a) is int)


def names(rows: Iterable[BookRow]) -> dict[str, str]:
    """Player id → the name they last had in ``rows`` (in the order given)."""
    out: dict[str, str] = {}
    for row in rows:
        record = row["record"]
        for part in _list(record.get("seats")) + _list(record.get("players")):
            if isinstance(part, Mapping) and isinstance(part.get("id"), str) \
                    and isinstance(part.get("name"), str):
                out[part["id"]] = part["name"]
    return out


# --- nights and totals ---------------------------------------------------------------------


@dataclass(frozen=True)
class Night:
    """One room's night: its hands newest first."""

    room: str
    night: int
    rows: tuple[BookRow, ...]

    @property
    def last_at(self) -> int:
        return max(r["at"] for r in self.rows)


def rooms(rows: Iterable[BookRow]) -> list[str]:
    """The rooms kept, the one played in last first."""
    last: dict[str, int] = {}
    for r in rows:
        last[r["room"]] = max(last.get(r["room"], r["at"]), r["at"])
    return sorted(last, key=lambda room: (-last[room], room))


def nights(rows: Iterable[BookRow], room: str | None = None) -> list[Night]:
    """The nights kept (of ``room`` only, if given), newest first; hands newest first."""
    grouped: dict[tuple[str, int], list[BookRow]] = {}
    for r in rows:
        if room is None or r["room"] == room:
            grouped.setdefault((r["room"], r["night"]), []).append(r)
    out = [Night(k[0], k[1], tuple(sorted(v, key=lambda r: (-r["at"], -r["hand_no"]))))
           for k, v in grouped.items()]
    return sorted(out, key=lambda n: (-n.night, n.room))


@dataclass(frozen=True)
class Book:
    """A ledger of kept hands (a night's, a room's, or all): ``rules.ledger``'s, with the
    hands whose money could not be counted set apart."""

    ledger: Ledger
    skipped: int
    """Hands left out: no money moved (tournaments), or a record that does not add up."""


def ledger_of(rows: Iterable[BookRow]) -> Book:
    """The ledger of ``rows`` (oldest first, so rows and names come in the order seen), each
    hand's nets applied once; its ``settle_up`` is the night's settle-up."""
    ordered = sorted(rows, key=lambda r: (r["at"], r["hand_no"]))
    ledger = Ledger()
    for pid, name in names(ordered).items():
        ledger.add_player(pid, name)
    skipped = 0
    for row in ordered:
        by_id = nets(row)
        if by_id is None:
            skipped += 1
            continue
        try:
            ledger.apply_nets(by_id, bank_net(row))
        except RulesError:  # a record that does not sum to zero moves nothing here
            skipped += 1
    return Book(ledger, skipped)


@dataclass(frozen=True)
class Totals:
    """The viewer's results over some hands: hands kept, nights, net in cents, and how many
    hands that net counts (a hand moved from the old store may not know the viewer)."""

    hands: int
    nights: int
    net_cents: int
    counted: int


def totals(rows: Iterable[BookRow]) -> Totals:
    """The viewer's lifetime results over ``rows`` (hands whose net is unknown count as
    hands, not as money)."""
    rows = list(rows)
    known = [n for n in (your_net(r) for r in rows) if n is not None]
    return Totals(len(rows), len({(r["room"], r["night"]) for r in rows}), sum(known),
                  len(known))


def totals_by_room(rows: Iterable[BookRow]) -> dict[str, Totals]:
    """:func:`totals` per room, rooms in :func:`rooms` order."""
    rows = list(rows)
    return {room: totals(r for r in rows if r["room"] == room) for room in rooms(rows)}


# --- export --------------------------------------------------------------------------------


def export_json(rows: Iterable[BookRow]) -> str:
    """Every kept hand as the product's history file (``room.export``'s format, which
    ``room.export.load_history`` reads back): each hand's record as filed, plus ``room``,
    ``night_ms`` and ``kept_ms``, oldest first. Hand numbers repeat across rooms and nights,
    so hands are told apart by those three, not by number alone."""
    ordered = sorted(rows, key=lambda r: (r["at"], r["room"], r["hand_no"]))
    hands = []
    for r in ordered:
        hand = {**r["record"], "room": r["room"], "night_ms": r["night"], "kept_ms": r["at"]}
        if r["chip_cents"] is not None:
            hand.setdefault("chip_cents", r["chip_cents"])
        hands.append(hand)
    doc = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "hands": hands}
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def to_row(data: object) -> BookRow | None:
    """A row read back from storage, or None when it is not one (an older or damaged entry
    is skipped, never trusted)."""
    if not isinstance(data, Mapping):
        return None
    try:
        row: BookRow = {
            "key": str(data["key"]), "room": str(data["room"]), "night": int(data["night"]),
            "hand_no": int(data["hand_no"]), "at": int(data["at"]),
            "player": str(data.get("player") or ""),
            "chip_cents": int(data["chip_cents"]) if data.get("chip_cents") is not None else None,
            "practice": data.get("practice") is True,
            "record": dict(data["record"]),
        }
    except (KeyError, TypeError, ValueError):
        return None
    return row if row["key"] == row_key(row["room"], row["night"], row["hand_no"]) else None

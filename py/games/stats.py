"""A player's stats, from the finished hands one viewer's browser kept.

The input is the hand records a page files (``room.export.history_entry``: a table game's
:class:`games.viewtypes.HandRecord`, Ultimate Omaha's
:class:`games.viewtypes.UltimateResults`), as an iterable, in the order the hands were played:
today ``GuestClient.history``'s values, later a longer store. Nothing else is read, so a stat
counts only what that viewer saw: the actions, the hands shown and the payouts are the same
for everyone at the table, and a folded hand is in no record.

The definitions are the trackers' (PokerTracker's, Hold'em Manager's), written in the
project's words in ``static/rules/table-games.md#stats``: a walk gives no chance to put money
in, a bomb pot has no preflop, a chance to 3-bet is facing exactly one raise over the blind.
The table games count chips, Ultimate Omaha cents: the two are kept apart (:class:`Book`),
never added up.

A record comes from the host, who may be hostile or older than this page: anything of the
wrong shape counts as absent, a record that makes no sense is left out, nothing raises.

>>> hand = {"game": "ultimate", "hand_no": 1, "players": [
...     {"id": "a", "name": "Ann", "net_cents": 300}, {"id": "b", "name": "Bo", "net_cents": -300}]}
>>> [(p.name, p.hands, p.net, p.biggest_pot) for p in player_stats([hand], Book.CENTS)]
[('Ann', 1, 300, 300), ('Bo', 1, -300, 0)]
>>> [(p.hand_no, p.total) for p in net_over_time([hand, {**hand, "hand_no": 2}], "b", Book.CENTS)]
[(1, -300), (2, -600)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from games.catalogue import Family, entry

RAISES = frozenset({"bet", "raise"})
VOLUNTARY = frozenset({"call", "bet", "raise"})


class Book(Enum):
    """Which hands a stat counts, and in what: the table games in chips, Ultimate Omaha in
    cents. A chip is worth what its table says (a tournament's, nothing), so the two books
    are never added up."""

    CHIPS = "chips"
    CENTS = "cents"


@dataclass(frozen=True)
class Rate:
    """How often something was done out of the chances to do it (``made`` of ``chances``)."""

    made: int = 0
    chances: int = 0

    @property
    def percent(self) -> int | None:
        """Rounded to a whole percent (half up); None with no chance yet.

        >>> Rate(1, 3).percent, Rate(1, 8).percent, Rate().percent
        (33, 13, None)
        """
        if self.chances <= 0:
            return None
        return (200 * self.made + self.chances) // (2 * self.chances)

    def words(self) -> str:
        """For the eyes and the ears alike: ``"33% (1 of 3)"``; ``"no chance yet"``."""
        if self.percent is None:
            return "no chance yet"
        return f"{self.percent}% ({self.made} of {self.chances})"


@dataclass(frozen=True)
class PlayerStats:
    """One player's stats over the hands counted (``book``'s unit for ``net``/``biggest_pot``).

    ``vpip``, ``pfr`` and ``three_bet`` are None in Ultimate Omaha, which has no preflop
    betting (everyone is in every hand; the choice is Check or Double)."""

    id: str
    name: str
    book: Book
    hands: int
    """Hands dealt in."""
    vpip: Rate | None
    pfr: Rate | None
    three_bet: Rate | None
    saw_flop: int
    """Hands still in after the first betting round (in a draw game: saw the first draw)."""
    showdown: Rate
    """Went to showdown, of the hands that saw the flop."""
    won_showdown: Rate
    """Won chips at showdown, of the showdowns."""
    biggest_pot: int
    """The most won in one hand: chips collected from the pots (Ultimate: the net)."""
    net: int


@dataclass(frozen=True)
class NetPoint:
    """One hand of a player's net over time: that hand's net and the running total."""

    hand_no: int
    game: str
    net: int
    total: int


@dataclass(frozen=True)
class Facts:
    """One player's part of one hand, as the stats count it."""

    id: str
    name: str
    net: int
    won: int
    """Chips (cents) won in the hand: collected from the pots, or Ultimate's positive net."""
    vpip_chance: bool = False
    vpip: bool = False
    pfr: bool = False
    three_chance: bool = False
    three_bet: bool = False
    saw_flop: bool = False
    showdown: bool = False
    won_showdown: bool = False


class _Totals:
    """One player's running counts (plain ints: a long history adds up many hands)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.c = [0] * 11
        """hands, vpip, vpip chances, pfr, 3-bets, 3-bet chances, saw the flop, showdowns,
        showdowns won, biggest pot, net."""

    def add(self, f: Facts) -> None:
        c = self.c
        self.name = f.name or self.name
        c[0] += 1
        if f.vpip_chance:
            c[1] += f.vpip
            c[2] += 1
            c[3] += f.pfr
        if f.three_chance:
            c[4] += f.three_bet
            c[5] += 1
        if f.saw_flop:
            c[6] += 1
            if f.showdown:
                c[7] += 1
                c[8] += f.won_showdown
        c[9] = max(c[9], f.won)
        c[10] += f.net

    def stats(self, pid: str, book: Book) -> PlayerStats:
        c = self.c
        table = book is Book.CHIPS
        return PlayerStats(
            pid, self.name, book, c[0],
            Rate(c[1], c[2]) if table else None, Rate(c[3], c[2]) if table else None,
            Rate(c[4], c[5]) if table else None, c[6], Rate(c[7], c[6]), Rate(c[8], c[7]),
            c[9], c[10])


# --- reading a record from the wire: each value as the type wanted, or nothing ----------------


def _int(value: object) -> int:
    return value if type(value) is int else 0


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _maps(value: object) -> list[Mapping[str, object]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def book_of(record: Mapping[str, object]) -> Book | None:
    """The book a record counts in, by its game's family in the catalogue: Ultimate Omaha's
    cents, or a table game's chips (None: a game this page does not know)."""
    game = entry(record.get("game"))
    if game is None:
        return None
    return Book.CENTS if game.family is Family.ULTIMATE else Book.CHIPS


def hand_facts(record: Mapping[str, object]) -> list[Facts]:
    """Each player's part of one hand (empty for a record that makes no sense)."""
    if not isinstance(record, Mapping):
        return []
    book = book_of(record)
    if book is Book.CENTS:
        return _ultimate_facts(record)
    return _table_facts(record) if book is Book.CHIPS else []


def _ultimate_facts(record: Mapping[str, object]) -> list[Facts]:
    """Ultimate Omaha: nobody folds and every hand is shown, so every hand played went to
    showdown (and saw the flop); a hand won is one with a positive net."""
    out: list[Facts] = []
    seen: set[str] = set()
    for p in _maps(record.get("players")):
        pid = _str(p.get("id"))
        if not pid or pid in seen:
            continue
        seen.add(pid)
        net = _int(p.get("net_cents"))
        out.append(Facts(pid, _str(p.get("name")), net, max(net, 0), saw_flop=True,
                         showdown=True, won_showdown=net > 0))
    return out


def _has_preflop(record: Mapping[str, object]) -> bool:
    """Whether the hand's first betting round comes before any board card: not a bomb pot,
    whose flop is dealt first (the game's own record in the rules says). A game this page
    does not know: its first round is taken as preflop."""
    game = entry(record.get("hand_game"))
    return game is None or game.rules is None or game.rules.streets_first == 0


def _table_facts(record: Mapping[str, object]) -> list[Facts]:
    seats: dict[int, tuple[str, str]] = {}
    for s in _maps(record.get("seats")):
        pid = _str(s.get("id"))
        if s.get("dealt_in") is True and pid and type(s.get("seat")) is int:
            seats[_int(s.get("seat"))] = (pid, _str(s.get("name")))
    net = record.get("net")
    if not seats or not isinstance(net, Mapping) or len({p for p, _ in seats.values()}) != len(
            seats):
        return []
    won: dict[int, int] = {}
    for pot in _maps(record.get("pots")):
        for w in _maps(pot.get("winners")):
            won[_int(w.get("seat"))] = won.get(_int(w.get("seat")), 0) + max(
                _int(w.get("amount")), 0)
    whole = not record.get("actions_omitted")  # a shortened log lacks its beginning
    actions = _maps(record.get("actions")) if whole else []
    has_preflop = _has_preflop(record)
    preflop = _preflop(actions, seats) if has_preflop else {}
    folded: set[int] = set()
    folded_first: set[int] = set()
    rounds = 0
    for a in actions:
        if a.get("type") == "round":
            rounds += 1
        elif a.get("type") == "act" and a.get("action") == "fold":
            folded.add(_int(a.get("seat")))
            if rounds <= 1:
                folded_first.add(_int(a.get("seat")))
    uncontested = record.get("uncontested") is not False
    past_first = whole and (rounds > 1 or not uncontested)
    out = []
    for seat, (pid, name) in sorted(seats.items()):
        pre = preflop.get(seat, _Preflop())
        # a bomb pot's flop comes before any betting: everyone dealt in sees it
        saw = past_first and seat not in folded_first if has_preflop else whole
        showdown = saw and not uncontested and seat not in folded
        out.append(Facts(pid, name, _int(net.get(pid)), won.get(seat, 0),
                         vpip_chance=pre.acted, vpip=pre.voluntary, pfr=pre.raised,
                         three_chance=pre.three_chance, three_bet=pre.three_bet,
                         saw_flop=saw, showdown=showdown,
                         won_showdown=showdown and won.get(seat, 0) > 0))
    return out


@dataclass
class _Preflop:
    acted: bool = False
    voluntary: bool = False
    raised: bool = False
    three_chance: bool = False
    three_bet: bool = False


def _preflop(actions: list[Mapping[str, object]], dealt: Iterable[int]) -> dict[int, _Preflop]:
    """Each seat's preflop, from the log's first betting round. The blind is the first bet
    (any blind or straddle posted), the first raise the second, so a seat that acts facing
    exactly one raise has a chance to 3-bet, taken if it raises; unless no raise was
    possible: its call put it all in, or nobody else left could have called a raise (every
    other seat folded or all in)."""
    level = 0
    rounds = 0
    live = set(dealt)  # seats that could still call a raise: not folded, not all in
    out: dict[int, _Preflop] = {}
    for a in actions:
        kind = a.get("type")
        seat = _int(a.get("seat"))
        if kind == "post" and rounds == 0:
            if a.get("kind") != "ante":
                level = 1
            if a.get("all_in") is True:
                live.discard(seat)
        elif kind == "round":
            rounds += 1
            if rounds > 1:
                break
        elif kind == "act" and rounds == 1:
            p = out.setdefault(seat, _Preflop())
            verb = a.get("action")
            all_in = a.get("all_in") is True
            p.acted = True
            could_raise = bool(live - {seat}) and not (verb == "call" and all_in)
            if level == 2 and not p.three_chance and could_raise:
                p.three_chance = True
                p.three_bet = verb in RAISES
            if verb in VOLUNTARY:
                p.voluntary = True
            if verb in RAISES:
                p.raised = True
                level += 1
            if verb == "fold" or all_in:
                live.discard(seat)
    return out


@dataclass(frozen=True)
class CountedHand:
    """A record read once: its number, game, book and each player's part."""

    hand_no: int
    game: str
    book: Book
    facts: tuple[Facts, ...]


def count_hand(record: object) -> CountedHand | None:
    """A record as the stats count it (None: not a record of a game this page knows)."""
    if not isinstance(record, Mapping):
        return None
    book = book_of(record)
    if book is None:
        return None
    return CountedHand(_int(record.get("hand_no")), _str(record.get("game")), book,
                       tuple(hand_facts(record)))


class Tally:
    """The records read once each, for a panel that counts again as hands come: a record is
    remembered as the object it is (a filed record is never changed, only replaced), so a
    new hand costs one hand's reading, not the whole night's again."""

    def __init__(self) -> None:
        self._read: dict[int, tuple[object, CountedHand | None]] = {}

    def hands(self, records: Iterable[object]) -> list[CountedHand]:
        """``records`` counted, in their order (those that count)."""
        read: dict[int, tuple[object, CountedHand | None]] = {}
        out = []
        for record in records:
            known = self._read.get(id(record))
            hand = known[1] if known is not None and known[0] is record else count_hand(record)
            read[id(record)] = (record, hand)
            if hand is not None:
                out.append(hand)
        self._read = read
        return out


def stats_of(hands: Iterable[CountedHand], book: Book) -> list[PlayerStats]:
    """Every player's stats over the hands of ``book``, most hands first (then by name)."""
    totals: dict[str, _Totals] = {}
    for hand in hands:
        if hand.book is book:
            for f in hand.facts:
                t = totals.get(f.id)
                if t is None:
                    t = totals[f.id] = _Totals(f.name)
                t.add(f)
    out = [t.stats(pid, book) for pid, t in totals.items()]
    return sorted(out, key=lambda s: (-s.hands, s.name.casefold(), s.id))


def series_of(hands: Iterable[CountedHand], player: str, book: Book) -> list[NetPoint]:
    """``player``'s net hand by hand over the hands of ``book`` they were dealt in, with the
    running total: what the chart draws and its table reads out."""
    out: list[NetPoint] = []
    total = 0
    for hand in hands:
        if hand.book is book:
            for f in hand.facts:
                if f.id == player:
                    total += f.net
                    out.append(NetPoint(hand.hand_no, hand.game, f.net, total))
    return out


def player_stats(records: Iterable[object], book: Book) -> list[PlayerStats]:
    """Every player's stats over the records of ``book`` (:func:`stats_of`)."""
    return stats_of(Tally().hands(records), book)


def net_over_time(records: Iterable[object], player: str, book: Book) -> list[NetPoint]:
    """``player``'s net over the records of ``book`` (:func:`series_of`)."""
    return series_of(Tally().hands(records), player, book)


@dataclass(frozen=True)
class Leader:
    """A line of the night's leaderboard: ``place`` shared by equal balances."""

    place: int
    id: str
    name: str
    hands: int
    balance_cents: int


def leaderboard(ledger: Mapping[str, object]) -> list[Leader]:
    """The session ledger's players (``games.viewtypes.LedgerView``) by balance, best first;
    equal balances share a place (1, 2, 2, 4).

    >>> leaderboard({"rows": [{"id": "a", "name": "Ann", "hands": 3, "balance_cents": -50},
    ...     {"id": "b", "name": "Bo", "hands": 3, "balance_cents": 50},
    ...     {"id": "c", "name": "Cy", "hands": 1, "balance_cents": -50}, "junk"]})
    ... # doctest: +NORMALIZE_WHITESPACE
    [Leader(place=1, id='b', name='Bo', hands=3, balance_cents=50),
     Leader(place=2, id='a', name='Ann', hands=3, balance_cents=-50),
     Leader(place=2, id='c', name='Cy', hands=1, balance_cents=-50)]
    """
    rows = sorted(((_int(r.get("balance_cents")), _str(r.get("name")), _str(r.get("id")),
                    _int(r.get("hands"))) for r in _maps(ledger.get("rows"))),
                  key=lambda r: (-r[0], r[1].casefold(), r[2]))
    out: list[Leader] = []
    for i, (cents, name, pid, hands) in enumerate(rows):
        place = out[-1].place if out and out[-1].balance_cents == cents else i + 1
        out.append(Leader(place, pid, name, hands, cents))
    return out

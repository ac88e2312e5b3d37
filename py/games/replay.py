"""A finished hand, step by step: the hand replayer's model, for every game.

Reads the record every feature reads — a table game's :class:`games.viewtypes.HandRecord`
(the results view's ``results``, as ``room.export.history_entry`` files it) or Ultimate
Omaha's results record (:class:`games.viewtypes.UltimateResults`) — and turns it into frames:
one for the deal, one per entry of the record's action log (each forced bet, action, draw and
returned bet, each street), one for the showdown and one per pot paid. Each frame is the whole
table at that moment (boards, each seat's stack, bet in front, cards, folded, draws, pots) and
the line a dealer would say, in words a screen reader reads as they are ("ten of spades", never
"T♠"). The page (``web.replayer``) only draws frames; it decides nothing.

Only what the record holds, so only what its viewer saw: their own hole cards (and their
draws) from the deal, anyone else's only where the record shows them, at the showdown. A
record read from a file may be anything: every field is checked as it is read, and a record
that does not hold together is an :class:`room.errors.ExportError` with a message, never a
wrong picture (the test ``tests/test_games_replay.py`` replays real hands of every game and
holds each frame to the record: every action once and in order, boards complete, stacks at the
end equal to the start plus the record's net).

>>> spoken(["Td", "??", "As"])
'ten of diamonds, ace of spades'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from room.errors import ExportError
from rules.cards import Card, CardError
from rules.money import format_money
from rules.variants import Division

from games import catalogue

HIDDEN = "??"
MAX_ACTIONS = 2_000
"""The most log entries a record may hold: far above any real hand (a capped round has a few
dozen), low enough that a hostile file cannot make the page build a million frames."""
MAX_SEATS = 10
MAX_FILE_CHARS = 32_000_000
"""The largest hand file the replayer reads (a night of thousands of hands is a few MB)."""
MAX_FILE_DEPTH = 16
"""How deeply a JSON hand file may nest (ours nests 6 deep): measured before parsing, since
the parser recurses once per level and Pyodide's stack is small."""


@dataclass(frozen=True)
class SeatStep:
    """One seat at one step of the replay.

    ``stack``: chips behind (None in Ultimate Omaha, which has no stacks); ``bet``: chips in
    front in this round (Ultimate Omaha: the stake, in cents); ``cards``: as the viewer knows
    them, ``"??"`` face down; ``drew``: cards drawn at each draw so far; ``hands``: a shown
    hand in words (one per board, or high then low); ``net``: won or lost, once paid."""

    seat: int
    id: str
    name: str
    stack: int | None
    bet: int
    cards: tuple[str, ...]
    dealt_in: bool = True
    folded: bool = False
    all_in: bool = False
    button: bool = False
    you: bool = False
    said: str = ""
    drew: tuple[int, ...] = ()
    hands: tuple[str, ...] = ()
    net: int | None = None


@dataclass(frozen=True)
class Frame:
    """The table at one step. ``kind``: ``deal``, ``post``, ``act``, ``draw``, ``return``,
    ``street``, ``showdown`` or ``pay``; ``entry``: the index of the record's action this step
    shows (None for the steps the dealer adds: the deal, the showdown, each payment);
    ``street``: the round's name; ``boards``: the cards showing on each board; ``pots``: the
    chips in the middle (one figure while the hand runs, each pot from the showdown on);
    ``actor``: the seat that acts in this step."""

    kind: str
    street: str
    boards: tuple[tuple[str, ...], ...]
    seats: tuple[SeatStep, ...]
    pots: tuple[int, ...]
    line: str
    entry: int | None = None
    actor: int | None = None


@dataclass(frozen=True)
class Replay:
    """A whole hand's frames, with what the page's header says and how it writes amounts."""

    game: str
    title: str
    hand_no: int
    frames: tuple[Frame, ...]
    cents: bool
    """Amounts are cents (Ultimate Omaha) rather than chips."""

    def amount(self, value: int | None) -> str:
        """An amount as the replayer writes it: money in cents, or a chip count."""
        if value is None:
            return ""
        return format_money(value) if self.cents else f"{value:,}"

    def street_starts(self) -> tuple[int, ...]:
        """The frames that begin a street (the deal, each round, the showdown)."""
        return tuple(i for i, f in enumerate(self.frames)
                     if f.kind in ("deal", "street", "showdown"))

    def next_street(self, at: int) -> int:
        """The first frame of the street after the one frame ``at`` is in (the last frame
        when there is none)."""
        return next((i for i in self.street_starts() if i > at), len(self.frames) - 1)

    def previous_street(self, at: int) -> int:
        """The first frame of the street ``at`` is in, or of the one before when ``at``
        begins one."""
        return max((i for i in self.street_starts() if i < at), default=0)


def spoken(cards: Sequence[str]) -> str:
    """Cards as a screen reader should say them; face-down ones left out."""
    names = []
    for text in cards:
        if text != HIDDEN:
            names.append(Card.parse(text).name)
    return ", ".join(names)


def replay(record: Mapping[str, Any], viewer: str | None = None) -> Replay:
    """The frames of ``record``, a hand of any game as our history files it (``game`` names
    it). ``viewer``: whose cards an Ultimate Omaha record may show from the deal (a table
    game's record says it itself, in ``you``). Raises :class:`ExportError` on a record that
    cannot be replayed."""
    if not isinstance(record, Mapping):
        raise ExportError("a hand to replay must be an object")
    try:
        if record.get("game") == catalogue.FLAGSHIP.game_id:
            return _ultimate(record, viewer)
        return _table(record)
    except ExportError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, CardError) as exc:
        raise ExportError(f"this hand cannot be replayed: {_why(exc)}") from None


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"it has no {exc.args[0]!r}"[:120]
    return str(exc)[:120] or type(exc).__name__


READS = "the replayer opens the room's JSON history and PHH files"
"""What the replayer reads, said when it is given another hand file."""
_OHH = re.compile(r'\{\s*"ohh"\s*:')


def other_file(text: str) -> str | None:
    """What a hand file the replayer does not read is, when it is one the room writes: its
    PokerStars text (every hand begins "PokerStars Hand #") or Open Hand History (a JSON
    object ``{"ohh": ...}`` a hand); else None.

    >>> other_file("PokerStars Hand #1:  Hold'em No Limit (5/10)")
    'a PokerStars hand history'
    >>> other_file('{"ohh": {"spec_version": "1.4.7"}}\\n\\n{"ohh": {}}')
    'an Open Hand History (OHH) file'
    >>> other_file('variant = "NT"') is None
    True
    """
    head = text.lstrip()[:100]
    if head.startswith(("PokerStars Hand #", "PokerStars Game #")):
        return "a PokerStars hand history"
    if _OHH.match(head):
        return "an Open Hand History (OHH) file"
    return None


def hands_from_file(text: str) -> list[dict[str, Any]]:
    """The hands of a hand file, each a record :func:`replay` takes: our own history JSON
    (``room.export.history_json``), else PHH text (``games.phh.read``, where this build has
    it). Raises :class:`ExportError` saying what the file is not."""
    if not isinstance(text, str) or not text.strip():
        raise ExportError("the file is empty")
    if len(text) > MAX_FILE_CHARS:
        raise ExportError(f"the file is too large to replay ({len(text):,} characters, at "
                          f"most {MAX_FILE_CHARS:,})")
    other = other_file(text)
    if other is not None:
        raise ExportError(f"this is {other}; {READS}")
    if text.lstrip().startswith("{"):
        from room.export import load_history
        from room.messages import nesting_depth

        if nesting_depth(text) > MAX_FILE_DEPTH:
            raise ExportError("not a hand history file of this room (it nests too deeply)")
        hands = load_history(text)
        if not hands:
            raise ExportError("the hand history file holds no hands")
        return hands
    try:
        from games import phh  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        raise ExportError("not a hand history file of this room (our JSON); PHH files "
                          "cannot be read by this version") from None
    read = getattr(phh, "read", None)
    if read is None:
        raise ExportError("PHH files cannot be read by this version")
    got = read(text)
    hands = got if isinstance(got, list) else [got]
    if not all(isinstance(h, Mapping) for h in hands):
        raise ExportError("the PHH reader gave no hand")
    return [dict(h) for h in hands]


# --- reading a record -----------------------------------------------------------------------


def _int(m: Mapping[str, Any], key: str) -> int:
    value = m[key]
    if type(value) is not int:
        raise ExportError(f"this hand cannot be replayed: {key} is {str(value)[:40]!r}")
    return value


def _str(m: Mapping[str, Any], key: str) -> str:
    value = m[key]
    if not isinstance(value, str):
        raise ExportError(f"this hand cannot be replayed: {key} is {str(value)[:40]!r}")
    return value[:60]


def _list(value: Any, what: str, most: int = MAX_ACTIONS) -> list[Any]:
    if not isinstance(value, list):
        raise ExportError(f"this hand cannot be replayed: {what} is not a list")
    if len(value) > most:
        raise ExportError(f"this hand cannot be replayed: {len(value)} {what}, more than "
                          f"{most}")
    return value


def _map(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ExportError(f"this hand cannot be replayed: {what} is not an object")
    return value


def _cards(value: Any, what: str, most: int = 10) -> tuple[str, ...]:
    """Card codes, each checked (``"??"`` stays face down)."""
    out = []
    for text in _list(value, what, most):
        if text != HIDDEN:
            Card.parse(text)  # a CardError names the bad code
        out.append(str(text))
    return tuple(out)


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# --- the table games ------------------------------------------------------------------------


def _table(record: Mapping[str, Any]) -> Replay:
    game = _str(record, "hand_game") if "hand_game" in record else _str(record, "game")
    entry = catalogue.entry(game)
    variant = entry.rules if entry is not None else None
    if entry is None or variant is None:
        raise ExportError(f"this hand cannot be replayed: {game!r} is no table game of ours")
    hand_no = _int(record, "hand_no")
    betting = record.get("betting")
    title = entry.title(betting)
    layout = variant.layout
    button = record.get("button")
    you = record.get("you")
    you_map = _map(you, "you") if you is not None else {}
    my_seat = you_map.get("seat") if you_map else None
    my_hole = _cards(you_map.get("hole", []), "your cards") if you_map else ()
    my_draws = [(_cards(_map(d, "a draw").get("discards", []), "discards"),
                 _cards(_map(d, "a draw").get("received", []), "cards drawn"))
                for d in _list(you_map.get("draws", []), "draws", 10)] if you_map else []

    seats: dict[int, SeatStep] = {}
    for raw in _list(record["seats"], "seats", MAX_SEATS):
        sm = _map(raw, "a seat")
        n = _int(sm, "seat")
        dealt = sm.get("dealt_in") is not False
        stack = _int(sm, "stack")
        if stack < 0 or n in seats:
            raise ExportError(f"this hand cannot be replayed: seat {n} is listed twice or has "
                              "a negative stack")
        cards = ((my_hole if n == my_seat else (HIDDEN,) * layout.hole) if dealt else ())
        seats[n] = SeatStep(n, _str(sm, "id"), _str(sm, "name"), stack, 0, cards,
                            dealt_in=dealt, button=n == button, you=n == my_seat)
    board_cards = [_cards(b, "a board") for b in _list(record["boards"], "boards", 4)]
    board_count = max(layout.boards, len(board_cards))
    board_cards += [()] * (board_count - len(board_cards))
    name = {n: s.name for n, s in seats.items()}

    frames: list[Frame] = []
    state = _Table(seats, tuple(() for _ in range(board_count)), 0, "")

    def add(kind: str, line: str, entry_no: int | None = None, actor: int | None = None,
            pots: tuple[int, ...] | None = None) -> None:
        frames.append(Frame(kind, state.street, state.boards,
                            tuple(state.seats[n] for n in sorted(state.seats)),
                            pots if pots is not None else (state.pot,), line, entry_no, actor))

    players = sum(s.dealt_in for s in seats.values())
    head = f"Hand {hand_no}: {entry.names.spoken}, {players} players."
    if type(button) is int and button in seats:
        head += f" {name[button]} has the button."
    if my_hole:
        head += f" Your cards: {spoken(my_hole)}."
    add("deal", head)

    omitted = record.get("actions_omitted")
    if type(omitted) is int and omitted > 0:
        raise ExportError(f"this hand cannot be replayed: its record left out {omitted} "
                          "actions (it was too long to keep whole)")
    mine_drawn = 0
    for i, raw in enumerate(_list(record["actions"], "actions")):
        a = _map(raw, "an action")
        kind = a.get("type")
        if kind == "round":
            if state.street:  # the blinds stay in front into the first round
                state.collect()
            street = _str(a, "name")
            if street not in variant.rounds:
                raise ExportError(f"this hand cannot be replayed: {game} has no round "
                                  f"{street!r}")
            index = variant.rounds.index(street)
            showing = sum(layout.streets[:index + variant.streets_first])
            new = tuple(b[:showing] for b in board_cards)
            line = street.capitalize() + "."
            fresh = [b[len(old):] for b, old in zip(new, state.boards, strict=True)]
            if any(fresh):
                if board_count == 1:
                    line = f"{street.capitalize()}: {spoken(new[0])}."
                else:
                    line = f"{street.capitalize()}. " + " ".join(
                        f"Board {k + 1}: {spoken(b)}." for k, b in enumerate(new))
            state.boards = new
            state.street = street
            state.clear_said()
            add("street", line, i)
            continue
        n = _int(a, "seat")
        if n not in seats:
            raise ExportError(f"this hand cannot be replayed: no seat {n}")
        if kind == "draw":
            state.collect()  # the round before the draw is over
        s = state.seats[n]
        who = s.name
        if kind == "post":
            amount = _int(a, "amount")
            what = _str(a, "kind")
            if what == "ante":
                state.pot += amount
                s = replace(s, stack=_less(s.stack, amount))
                line = f"{who} antes {amount:,}"
            else:
                s = replace(s, stack=_less(s.stack, amount), bet=s.bet + amount)
                line = f"{who} posts the {what}, {amount:,}"
            all_in = a.get("all_in") is True
            line += ", all in." if all_in else "."
            state.seats[n] = replace(s, all_in=all_in, said=f"{what} {amount:,}")
            add("post", line, i, n)
        elif kind == "act":
            verb = _str(a, "action")
            added = _int(a, "added")
            to = _int(a, "to")
            all_in = a.get("all_in") is True
            s = replace(s, stack=_less(s.stack, added), bet=s.bet + added,
                        all_in=s.all_in or all_in, folded=s.folded or verb == "fold")
            said = {"fold": "folds", "check": "checks", "call": f"calls {added:,}",
                    "bet": f"bets {to:,}", "raise": f"raises to {to:,}"}.get(verb, verb)
            line = f"{who} {said}" + (", all in" if all_in else "")
            if a.get("auto") is True:
                line += " (done for them: out of time or away)"
            state.seats[n] = replace(s, said=said)
            add("act", line + ".", i, n)
        elif kind == "draw":
            count = _int(a, "count")
            cards = s.cards
            line = f"{who} draws {_count(count)}."
            if n == my_seat and mine_drawn < len(my_draws):
                thrown, got = my_draws[mine_drawn]
                mine_drawn += 1
                kept = [c for c in cards if c not in thrown]
                cards = tuple(kept) + got
                if thrown:
                    line = (f"{who} (you) throws {spoken(thrown)} and draws {spoken(got)}.")
                else:
                    line = f"{who} (you) stands pat."
            elif count == 0:
                line = f"{who} stands pat."
            state.seats[n] = replace(s, cards=cards, drew=(*s.drew, count),
                                     said="stands pat" if count == 0 else f"draws {count}")
            add("draw", line, i, n)
        elif kind == "return":
            amount = _int(a, "amount")
            back = min(amount, s.bet)
            state.pot = _less(state.pot, amount - back)
            state.seats[n] = replace(s, stack=(s.stack or 0) + amount, bet=s.bet - back)
            add("return", f"{amount:,} uncalled goes back to {who}.", i, n)
        else:
            raise ExportError(f"this hand cannot be replayed: an action of type "
                              f"{str(kind)[:20]!r}")

    state.collect()
    state.boards = tuple(board_cards)
    state.clear_said()
    pots = [_map(p, "a pot") for p in _list(record["pots"], "pots", 20)]
    amounts = tuple(_int(p, "amount") for p in pots)
    if sum(amounts) != state.pot:
        raise ExportError(f"this hand cannot be replayed: its pots ({sum(amounts):,}) are not "
                          f"the chips put in ({state.pot:,})")
    shown = [_map(h, "a shown hand") for h in _list(record.get("shown", []), "shown hands",
                                                    MAX_SEATS)]
    if shown:
        shows = []
        for h in shown:
            n = _int(h, "seat")
            if n not in state.seats:
                raise ExportError(f"this hand cannot be replayed: no seat {n} to show")
            cards = _cards(h["cards"], "shown cards")
            words = tuple(str(w)[:80] for w in _list(h.get("hands", []), "hand words", 4))
            state.seats[n] = replace(state.seats[n], cards=cards, hands=words,
                                     said="shows")
            shows.append(f"{state.seats[n].name} shows {spoken(cards)}"
                        + (f": {_parts(words, variant.division)}" if words else ""))
        state.street = "showdown"
        add("showdown", "Showdown. " + ". ".join(shows) + ".", pots=amounts)
    payouts = [str(p)[:200] for p in _list(record.get("payouts", []), "payouts", 100)]
    # the 7-2 bounty (static/rules/table-games.md#7-2-bounty), paid after the pots: its
    # sentences, one per winner, end the payouts
    bounties = [_map(b, "a bounty") for b in _list(record.get("bounties", []), "bounties",
                                                   MAX_SEATS * MAX_SEATS)]
    bounty_lines = len({_int(b, "seat") for b in bounties})
    bounty_said = payouts[len(payouts) - bounty_lines:] if bounty_lines else []
    payouts = payouts[:len(payouts) - bounty_lines]
    shares = [len(_list(p.get("shares", []), "shares", 8)) or 1 for p in pots]
    lines_match = sum(shares) == len(payouts)
    left = list(amounts)
    at = 0
    for k, p in enumerate(pots):
        paid = []
        for w in _list(p["winners"], "winners", MAX_SEATS):
            w = _map(w, "a winner")
            n = _int(w, "seat")
            amount = _int(w, "amount")
            if n not in state.seats:
                raise ExportError(f"this hand cannot be replayed: no seat {n} to pay")
            st = state.seats[n]
            state.seats[n] = replace(st, stack=(st.stack or 0) + amount,
                                     said=f"wins {amount:,}")
            paid.append(f"{st.name} wins {amount:,}")
        if sum(_int(_map(w, "a winner"), "amount") for w in p["winners"]) != amounts[k]:
            raise ExportError(f"this hand cannot be replayed: pot {k + 1} pays out other than "
                              "its chips")
        left[k] = 0
        if lines_match:
            line = ". ".join(payouts[at:at + shares[k]]) + "."
        else:
            line = _join(paid) + "." if paid else "Nobody wins."
        at += shares[k]
        if k == len(pots) - 1 and not bounties:
            line += " " + _nets(state, record)
            state.settle()
        add("pay", line, pots=tuple(x for x in left if x))
    if bounties:
        for b in bounties:
            n, payer, amount = _int(b, "seat"), _int(b, "payer"), _int(b, "amount")
            if n not in state.seats or payer not in state.seats or not (
                    0 < amount <= (state.seats[payer].stack or 0)):
                raise ExportError("this hand cannot be replayed: a 7-2 bounty paid from "
                                  "chips its payer does not have")
            state.seats[payer] = replace(state.seats[payer],
                                         stack=(state.seats[payer].stack or 0) - amount)
            state.seats[n] = replace(state.seats[n], stack=(state.seats[n].stack or 0) + amount,
                                     said="wins the 7-2 bounty")
        said = ". ".join(bounty_said) + "." if bounty_said else "The 7-2 bounty is paid."
        state.settle()
        add("pay", f"{said} {_nets(state, record)}", pots=())
    elif not pots:
        state.settle()
        add("pay", "The hand is over. " + _nets(state, record), pots=())
    return Replay(game, title, hand_no, tuple(frames), cents=False)


def _parts(words: Sequence[str], division: Division) -> str:
    """A shown hand's words, each part named: a double board's boards, Hi/Lo's halves."""
    if len(words) < 2:
        return _join(words)
    names = (("board 1", "board 2") if division is Division.PER_BOARD
             else ("high", "low") if division is Division.HILO8 else ("", ""))
    return "; ".join(f"{n} {w}".strip() for n, w in zip(names, words, strict=False))


def _less(value: int | None, amount: int) -> int:
    if amount < 0 or value is None or value < amount:
        raise ExportError(f"this hand cannot be replayed: {amount:,} taken from {value}")
    return value - amount


def _count(n: int) -> str:
    return "one card" if n == 1 else f"{n} cards"


def _nets(state: _Table, record: Mapping[str, Any]) -> str:
    """Each player's result, in words, from the record's own ``net``."""
    net = _map(record.get("net", {}), "net")
    words = []
    for n in sorted(state.seats):
        s = state.seats[n]
        value = net.get(s.id)
        if type(value) is int and s.dealt_in:
            state.seats[n] = replace(s, net=value)
            words.append(f"{s.name} {'wins' if value > 0 else 'loses'} {abs(value):,}"
                         if value else f"{s.name} breaks even")
    return ("Result: " + ", ".join(words) + ".") if words else ""


@dataclass
class _Table:
    """The replay's running state (the frames are its snapshots)."""

    seats: dict[int, SeatStep]
    boards: tuple[tuple[str, ...], ...]
    pot: int
    street: str

    def collect(self) -> None:
        """The bets in front go into the middle (a round ended)."""
        for n, s in self.seats.items():
            if s.bet:
                self.pot += s.bet
                self.seats[n] = replace(s, bet=0)

    def clear_said(self) -> None:
        for n, s in self.seats.items():
            if s.said and not s.folded:
                self.seats[n] = replace(s, said="")

    def settle(self) -> None:
        self.pot = 0


# --- Ultimate Omaha -------------------------------------------------------------------------

ULTIMATE_ROUNDS = ("preflop", "flop")


def _ultimate(record: Mapping[str, Any], viewer: str | None) -> Replay:
    hand_no = _int(record, "hand_no")
    base = _int(record, "base_cents")
    if base <= 0:
        raise ExportError(f"this hand cannot be replayed: base bet {base}")
    full = (_cards(record["board1"], "board 1", 5), _cards(record["board2"], "board 2", 5))
    if any(len(b) != 5 or HIDDEN in b for b in full):
        raise ExportError("this hand cannot be replayed: a board is not five cards")
    players = [_map(p, "a player") for p in _list(record["players"], "players", MAX_SEATS)]
    if not players:
        raise ExportError("this hand cannot be replayed: it has no players")
    holes = [_cards(p["hole"], "hole cards", 4) for p in players]
    seats = [SeatStep(k, _str(p, "id"), _str(p, "name"), None, base,
                      holes[k] if p["id"] == viewer else (HIDDEN,) * 4,
                      you=p["id"] == viewer)
             for k, p in enumerate(players)]
    entry = catalogue.FLAGSHIP
    frames: list[Frame] = []
    boards: tuple[tuple[str, ...], ...] = ((), ())
    street = "preflop"

    def add(kind: str, line: str, actor: int | None = None) -> None:
        frames.append(Frame(kind, street, boards, tuple(seats),
                            (sum(s.bet for s in seats),), line, None, actor))

    mine = next((k for k, s in enumerate(seats) if s.you), None)
    head = (f"Hand {hand_no}: {entry.names.spoken}, {len(seats)} "
            f"{'player' if len(seats) == 1 else 'players'}, base bet {format_money(base)}.")
    if mine is not None:
        head += f" Your cards: {spoken(holes[mine])}."
    add("deal", head)
    for phase in ULTIMATE_ROUNDS:
        if phase != "preflop":
            street = phase
            boards = (full[0][:3], full[1][:3])
            seats = [replace(s, said="") for s in seats]
            add("street", f"Flop. Board 1: {spoken(boards[0])}. Board 2: {spoken(boards[1])}.")
        for k, p in enumerate(players):
            actions = _map(p.get("actions", {}), "actions")
            choice = actions.get(phase, "check")
            if choice not in ("check", "double"):
                raise ExportError(f"this hand cannot be replayed: {str(choice)[:20]!r}")
            auto = phase in _list(p.get("auto", []), "automatic checks", 2)
            s = seats[k]
            if choice == "double":
                s = replace(s, bet=s.bet * 2, said="doubles")
                line = f"{s.name} doubles: stake {format_money(s.bet)}."
            else:
                s = replace(s, said="checks")
                line = f"{s.name} checks" + (" (automatically: away or out of time)."
                                             if auto else ".")
            seats[k] = s
            add("act", line, k)
    street = "showdown"
    boards = full
    said = []
    for k, p in enumerate(players):
        words = tuple(_board_words(_map(p[f"board{b}"], f"board {b}")) for b in (1, 2))
        seats[k] = replace(seats[k], cards=holes[k], hands=words, said="shows")
        said.append(f"{seats[k].name} shows {spoken(holes[k])}: board 1 {words[0]}; board 2 "
                    f"{words[1]}")
    add("showdown", f"Showdown. Board 1: {spoken(full[0])}. Board 2: {spoken(full[1])}. "
        + ". ".join(said) + ".")
    results = []
    for k, p in enumerate(players):
        net = _int(p, "net_cents")
        stake = _int(p, "stake_cents")
        if stake != seats[k].bet:
            raise ExportError(f"this hand cannot be replayed: {seats[k].name}'s stake "
                              f"{stake} is not what the decisions make ({seats[k].bet})")
        times = p.get("total_multiplier")
        why = (f"multiplier {times}" if p.get("qualifies") is True else "fouls")
        results.append(f"{seats[k].name} {why}, "
                       + (f"wins {format_money(net)}" if net > 0 else
                          f"loses {format_money(-net)}" if net < 0 else "breaks even"))
        seats[k] = replace(seats[k], net=net)
    bank = record.get("bank_net_cents")
    if type(bank) is int and len(players) == 1:
        results.append(f"the bank {'wins' if bank > 0 else 'pays'} {format_money(abs(bank))}")
    add("pay", "Result: " + "; ".join(results) + ".")
    return Replay(catalogue.FLAGSHIP.game_id, entry.names.full, hand_no, tuple(frames),
                  cents=True)


def _board_words(board: Mapping[str, Any]) -> str:
    name = str(board.get("words") or board.get("hand") or "?")[:80]
    if board.get("qualifies") is not True:
        return f"{name}, below a pair of aces"
    return f"{name}, times {board.get('multiplier', '?')}"

"""The poker table's reading keys (D, E, G, X, Z, S, N, M, L, P, Shift+T, V and the
card numbers), the key help, and the live regions' bookkeeping: pure text from the game view.

Why a module of its own: a screen-reader player meets the table through these sentences, so
each is a plain function of the view, unit-tested against real views of every game. Nothing
here decides a rule: a hand's value is the view's ``you.value`` (the rules' own words, built
on the host for this viewer's cards only), bounds are the view's ``legal``, and times are the
view's milliseconds left, less the time since it arrived (``elapsed_ms``).

>>> game = {"game": "holdem", "button": 2, "you": {"seat": 0, "hole": ["As", "Kd"]},
...         "seats": [{"seat": 0, "name": "Ann", "state": "in"},
...                   {"seat": 2, "name": "Bo", "state": "in"}],
...         "boards": [["Qh", "Jc", "Tc", "??", "??"]]}
>>> my_cards(game)
'Your cards: ace of spades, king of diamonds.'
>>> button(game)
'Bo has the button.'
>>> card(game, 3)
'Card 3, board: queen of hearts.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import catalogue
from games.catalogue import Division

from web import gametext, pokertext
from web.viewdata import array, integer, mapping, number, part, sequence, string

DEALT = frozenset({"in", "folded", "all_in"})
"""Seat states of a player dealt into the running hand."""
REPEAT_MARK = "\u00a0"
"""Appended to every other identical announcement: screen readers skip a live region whose
text did not change, and a key pressed twice must be read twice."""


def _seats(game: Mapping[str, object]) -> list[Mapping[str, object]]:
    return [s for s in array(game, "seats")
            if isinstance(s, Mapping) and type(s.get("seat")) is int]


def _me(game: Mapping[str, object]) -> Mapping[str, object]:
    return part(game, "you")


def _my_seat(game: Mapping[str, object]) -> int | None:
    seat = _me(game).get("seat")
    return seat if type(seat) is int else None


def _name(game: Mapping[str, object], seat: Any) -> str:
    """A seat's player as said: "you" for the viewer."""
    if seat == _my_seat(game):
        return "you"
    return pokertext.names_by_seat(game).get(seat, "?") if type(seat) is int else "?"


def _names(words: Sequence[str]) -> str:
    """Names as a sentence lists them.

    >>> _names(["Ann", "Bo", "you"])
    'Ann, Bo and you'
    """
    items = list(words)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dealt_board(board: Any) -> list[str]:
    return [str(c) for c in sequence(board) if gametext.card_of(c) is not None]


def _boards(game: Mapping[str, object]) -> list[list[str]]:
    return [_dealt_board(b) for b in array(game, "boards") if isinstance(b, list)]


def _hole(game: Mapping[str, object]) -> list[str]:
    return [str(c) for c in array(_me(game), "hole")]


def _running(game: Mapping[str, object]) -> bool:
    return game.get("phase") not in (None, "waiting", "dealing", "results")


# --- D, E, G: cards and value ------------------------------------------------------------------


def my_cards(game: Mapping[str, object]) -> str:
    """D: the viewer's cards, in full names (said also after a fold: they are still theirs)."""
    hole = _hole(game)
    if not hole:
        return "You have no cards in this hand."
    folded = "" if _me(game).get("in_hand") or not _running(game) else " You folded."
    return f"Your cards: {gametext.spoken_cards(hole)}.{folded}"


def board(game: Mapping[str, object]) -> str:
    """E: the board, or both boards of a bomb pot (draw has none)."""
    entry = pokertext.hand_entry(game)
    if entry is not None and not entry.boards:
        return f"{_cap(entry.names.spoken)} has no board."
    boards = _boards(game)
    if not boards or not any(boards):
        return "No board cards yet."
    if len(boards) == 1:
        return f"Board: {gametext.spoken_cards(boards[0])}."
    return " ".join(f"Board {n}: {gametext.spoken_cards(b) or 'no cards yet'}."
                    for n, b in enumerate(boards, 1))


def value(game: Mapping[str, object]) -> str:
    """G: the viewer's hand in words, from ``you.value`` (the rules' words for their own
    cards; before five cards are out, what the visible cards are, nothing more).

    >>> value({"game": "bomb-double", "you": {"hole": ["As"] * 4,
    ...        "value": ["a Pair of Aces", "Two Pair, Aces and Fives"]}, "boards": [[], []]})
    'Board 1: a Pair of Aces. Board 2: Two Pair, Aces and Fives.'
    >>> value({"game": "omaha-hilo", "you": {"hole": ["As"] * 4,
    ...        "value": ["High Card, Ace", None]}, "boards": [[]]})
    'Before the flop: High Card, Ace. Low: none until the flop.'
    """
    words = array(_me(game), "value")
    if not _hole(game) or not words:
        return "You have no cards in this hand."
    entry = pokertext.hand_entry(game)
    division = entry.division if entry is not None else None
    early = (entry is None or entry.boards > 0) and not any(_boards(game))
    lead = "Before the flop: " if early else "Your hand: "
    if division is Division.PER_BOARD:
        return " ".join(f"Board {n}: {w}." for n, w in enumerate(words, 1))
    if division is Division.HILO8 and len(words) == 2:
        low = words[1]
        low_text = "none until the flop" if low is None else str(low)
        return f"{lead}{words[0]}. Low: {low_text}."
    return f"{lead}{words[0]}."


def card(game: Mapping[str, object], n: int) -> str:
    """Card ``n`` (1 to 10; the key 0 is the tenth), as the game's keys are laid out (the
    catalogue's): 1 up to its hole cards read the viewer's (Hold'em 1–2, the Omaha games 1–4,
    five-card Omaha and the draw games 1–5), the next five the board (both boards' card at
    once in a bomb pot), so five-card Omaha's river is the tenth card, key 0."""
    hole = _hole(game)
    entry = pokertext.hand_entry(game)
    own = entry.keys.own if entry is not None else len(hole)
    if entry is not None and not entry.keys.board:
        if 1 <= n <= own:
            return (f"Card {n}: {gametext.card_name(hole[n - 1])}." if n <= len(hole)
                    else f"Card {n}: not dealt.")
        return f"In {entry.names.spoken}, keys 1 to {own} read your cards."
    if n <= own:
        if n > len(hole):
            return f"Card {n}: not dealt."
        return f"Card {n}, your hand: {gametext.card_name(hole[n - 1])}."
    i = n - own - 1
    if i >= 5:
        last = own + 5
        return f"Keys 1 to {last if last < 10 else '9 and 0'} read the cards."
    boards = _boards(game)
    cards = [b[i] if i < len(b) else None for b in boards]
    if not boards or all(c is None for c in cards):
        return f"Card {n}, board: not dealt yet."
    if len(boards) == 1:
        return f"Card {n}, board: {gametext.card_name(cards[0])}."
    return f"Card {n}: " + ", ".join(
        f"board {b} {gametext.card_name(c) if c is not None else 'not dealt'}"
        for b, c in enumerate(cards, 1)) + "."


def mark_words(card_text: str, marked: Sequence[str], draw_max: int) -> str:
    """What a number key says while drawing (it marks or unmarks the card to discard).

    >>> mark_words("Kd", ["Kd"], 3)
    'King of diamonds: discard. 1 of 3 marked.'
    >>> mark_words("Kd", [], 3)
    'King of diamonds: keep. 0 of 3 marked.'
    """
    what = "discard" if card_text in marked else "keep"
    return f"{_cap(gametext.card_name(card_text))}: {what}. {len(marked)} of {draw_max} marked."


def draw_key_words(count: int) -> str:
    """What a number key past your cards says while drawing (while you draw, the number keys
    mark cards instead of reading them; D still reads your hand).

    >>> draw_key_words(5)
    'While you draw, keys 1 to 5 mark the cards to discard; D reads your cards.'
    """
    return f"While you draw, keys 1 to {count} mark the cards to discard; D reads your cards."


# --- X, Z, S: the table ------------------------------------------------------------------------


def button(game: Mapping[str, object]) -> str:
    """X: who has the dealer button."""
    seat = game.get("button")
    if type(seat) is not int or not any(s.get("seat") == seat for s in _seats(game)):
        return "No button yet: no hand has been dealt."
    who = _name(game, seat)
    return "You have the button." if who == "you" else f"{who} has the button."


def _position_name(index: int, count: int, blinds: bool) -> str:
    """Seat ``index`` after the button (0: the button) of ``count`` dealt in."""
    if blinds and count == 2:
        return "the button and the small blind" if index == 0 else "the big blind"
    if index == 0:
        return "the button"
    if blinds and index == 1:
        return "the small blind"
    if blinds and index == 2:
        return "the big blind"
    if blinds and index == 3:
        return "under the gun"
    if index == count - 1 and count >= 5:
        return "the cutoff"
    return ""


def position(game: Mapping[str, object]) -> str:
    """Z: the viewer's place relative to the button, among the players dealt in.

    >>> g = {"game": "holdem", "button": 3, "you": {"seat": 1},
    ...      "seats": [{"seat": s, "name": n, "state": "in"} for s, n in
    ...                [(0, "Ann"), (1, "Me"), (3, "Bo"), (5, "Cy")]]}
    >>> position(g)
    'You are under the gun: 3 seats after the button, 4 players dealt in.'
    """
    me = _my_seat(game)
    btn = game.get("button")
    dealt = sorted(number(s, "seat") for s in _seats(game) if string(s, "state") in DEALT)
    if me is None or me not in dealt:
        return "You are not dealt in this hand."
    if type(btn) is not int:
        return "No button yet."
    after = [s for s in dealt if s > btn] + [s for s in dealt if s <= btn]
    # the button's seat is last in `after` when it is dealt in; count from it
    index = (after.index(me) + 1) % len(after) if btn in dealt else after.index(me) + 1
    name = _position_name(index, len(dealt), _posts_blinds(game))
    where = ("on the button" if index == 0 else
             f"{index} seat{'s' if index != 1 else ''} after the button")
    head = f"You are {name}: {where}" if name and index else (
        f"You are {name}" if name else f"You are {where}")
    return f"{head}, {len(dealt)} players dealt in."


def _posts_blinds(game: Mapping[str, object]) -> bool:
    """Whether this hand posts blinds (the view's ``posts_blinds``: 5-card draw does when the
    host set blinds), else whether the game always does (the catalogue's)."""
    posts = game.get("posts_blinds")
    if isinstance(posts, bool):
        return posts
    entry = pokertext.hand_entry(game)
    return entry is not None and entry.forced.blinds


def stacks(game: Mapping[str, object]) -> str:
    """S: every stack, from the viewer round the table, with bets in front and states."""
    seats = _seats(game)
    if not seats:
        return "Nobody is seated."
    me = _my_seat(game)
    order = sorted(seats, key=lambda s: number(s, "seat"))
    if me is not None:
        start = next((i for i, s in enumerate(order) if s["seat"] == me), 0)
        order = order[start:] + order[:start]
    parts = []
    for s in order:
        text = f"{_cap(_name(game, s['seat']))} {pokertext.chips(s.get('stack'))}"
        extra = []
        if number(s, "bet") > 0:
            extra.append(f"bet {pokertext.chips(s.get('bet'))}")
        status = pokertext.seat_status(s)
        if status:
            extra.append(status.lower())
        if extra:
            text += f" ({', '.join(extra)})"
        parts.append(text)
    return "Stacks: " + "; ".join(parts) + "."


# --- N, M, L, P: the betting -------------------------------------------------------------------


def to_call(game: Mapping[str, object]) -> str:
    """N: the current bet of this round and what the viewer needs to call it."""
    if not _running(game):
        return "No betting now: no hand is running."
    legal = part(game, "legal")
    if legal.get("draw_max") is not None or game.get("round") == "draw":
        return "The draw: no betting now."
    seats = _seats(game)
    current = max((number(s, "bet") for s in seats), default=0)
    mine = next((s for s in seats if s.get("seat") == _my_seat(game)), None)
    head = f"Current bet {pokertext.chips(current)}." if current else "No bet this round."
    if legal:
        c = pokertext.controls(game)
        if c.check:
            return f"{head} You may check."
        return f"{head} {pokertext.chips(c.call)} to call" + (
            ", all in." if legal.get("call_all_in") else ".")
    if mine is None or mine.get("state") != "in":
        return head
    owed = min(current - number(mine, "bet"), number(mine, "stack"))
    return f"{head} You would have {pokertext.chips(owed)} to call." if owed > 0 else (
        f"{head} You have nothing to call.")


def min_raise(game: Mapping[str, object]) -> str:
    """M: the smallest raise (or bet) the engine allows the viewer now: the bounds travel
    with the viewer's turn (``legal``), so between turns this says when it will be known."""
    legal = part(game, "legal")
    if not legal:
        return ("The minimum raise is given on your turn." if _running(game)
                else "No betting now: no hand is running.")
    c = pokertext.controls(game)
    if c.draw_max is not None:
        return "The draw: no raising now."
    if c.raise_verb is None:
        blocked = legal.get("raise_blocked")
        return f"You cannot raise: {blocked}." if blocked else "You cannot raise now."
    word = "bet" if c.raise_verb == "bet" else "raise to"
    if c.fixed:
        return f"Fixed limit: you may {word} {pokertext.chips(c.min_to)}."
    return (f"Minimum: {word} {pokertext.chips(c.min_to)}. Maximum: {pokertext.chips(c.max_to)}.")


def all_in_key(game: Mapping[str, object]) -> str:
    """Shift+A where a fixed limit allows no all in (the button is not shown): why, and
    the raise that is the most now.

    >>> all_in_key({"betting": "fixed-limit", "legal": {"actions": ["fold", "call", "raise",
    ...     "allin"], "call": 10, "raise": {"verb": "raise", "min_to": 20, "max_to": 20},
    ...     "all_in_to": 20, "all_in_whole": False}})
    'No all in at fixed limit: the most you may put in is raise to 20 (R).'
    """
    c = pokertext.controls(game)
    if c.all_in_label:
        return c.all_in_label
    if c.all_in_to is None or c.raise_verb is None:
        return "You cannot go all in now."
    word = "bet" if c.raise_verb == "bet" else "raise to"
    return (f"No all in at fixed limit: the most you may put in is {word} "
            f"{pokertext.chips(c.all_in_to)} (R).")


def round_log(game: Mapping[str, object]) -> str:
    """L: the actions of the current betting round (the first round with its posts)."""
    log = [mapping(e) for e in array(game, "log")]
    if not log:
        return "No actions yet." if _running(game) else "No hand is running."
    starts = [i for i, e in enumerate(log) if e.get("type") == "round"]
    first = starts[-1] if starts else 0
    entries = log[first:]
    if len(starts) == 1 and not number(game, "log_omitted"):
        entries = [log[first], *log[:first], *log[first + 1:]]  # the first round's posts
    names = pokertext.names_by_seat(game)
    lines = [pokertext.log_line(e, names, game) for e in entries]
    lines = [line for line in lines if line]
    head = ""
    if entries and entries[0].get("type") == "round" and lines:
        head, lines = lines[0] + ": ", lines[1:]
    if not lines:
        return f"{head}no action yet."
    return head + ". ".join(lines) + "."


def pots(game: Mapping[str, object]) -> str:
    """P: the pot in all (bets in front counted), each pot, its chips and who may win it;
    then the bets not yet in a pot."""
    names = [mapping(p) for p in array(game, "pots")]
    parts = []
    total = pokertext.pot_now(game)
    if total and _running(game):  # as the felt's headline: every chip in the middle
        parts.append(f"Pot {pokertext.chips(total)} in all.")
    for i, p in enumerate(names):
        what = "Main pot" if i == 0 else f"Side pot {i}"
        who = [_name(game, s) for s in array(p, "eligible")]
        parts.append(f"{what} {pokertext.chips(p.get('amount'))}: {_names(who)}.")
    bets = sum(number(s, "bet") for s in _seats(game))
    if bets and _running(game):
        parts.append(f"Bets in front this round: {pokertext.chips(bets)}.")
    if not parts:
        return "No pot now." if not _running(game) else "The pot is empty."
    return " ".join(parts)


# --- Shift+T, V: clocks ------------------------------------------------------------------------


def _duration(ms: int) -> str:
    """A time left in words, whole seconds rounded up.

    >>> _duration(61_500), _duration(9_000), _duration(120_000)
    ('1 minute 2 seconds', '9 seconds', '2 minutes')
    """
    secs = max(0, -(-ms // 1000))
    m, s = divmod(secs, 60)
    out = []
    if m:
        out.append(f"{m} minute{'s' if m != 1 else ''}")
    if s or not m:
        out.append(f"{s} second{'s' if s != 1 else ''}")
    return " ".join(out)


def turn_time(game: Mapping[str, object], elapsed_ms: int = 0) -> str:
    """Shift+T: the time left to act (timer, then time bank), or that there is no timer."""
    turn = part(game, "turn")
    if not turn or game.get("phase") == "results":
        return "Nobody is to act now."
    seat = turn.get("seat")
    who = _name(game, seat)
    whose = "Your turn" if who == "you" else f"{who}'s turn"
    left = turn.get("deadline_ms")
    if type(left) is not int:
        return f"{whose}: no turn timer at this table."
    text = f"{whose}: {_duration(left - elapsed_ms)} left"
    timer, bank = turn.get("timer_ms"), turn.get("bank_ms")
    if type(timer) is int and type(bank) is int and bank > 0:
        on_timer = timer - elapsed_ms
        if on_timer > 0:
            text += f", of which {_duration(bank)} time bank"
        else:
            text += " on the time bank"
    if turn.get("away"):
        text += f" ({'you are' if who == 'you' else 'they are'} disconnected)"
    return text + "."


def blind_level(game: Mapping[str, object], elapsed_ms: int = 0) -> str:
    """V: the tournament's blind level and the time (or hands) to the next; a cash table
    has no blind schedule."""
    t = part(game, "tournament")
    blinds = array(game, "blinds")
    if not t:
        now = (f" The blinds are {pokertext.chips(blinds[0])}/{pokertext.chips(blinds[1])}."
               if len(blinds) == 2 else "")
        return "Cash game: no blind schedule." + now
    level = f"Level {integer(t.get('level')) + 1}: blinds {pokertext.chips(t.get('small'))}/" \
            f"{pokertext.chips(t.get('big'))}" + (f", ante {pokertext.chips(t.get('ante'))}"
                                            if number(t, "ante") else "") + "."
    nxt = part(t, "next")
    if not nxt:
        return f"{level} This is the last level."
    raise_to = f"{pokertext.chips(nxt.get('small'))}/{pokertext.chips(nxt.get('big'))}"
    left_ms, left_hands = t.get("left_ms"), t.get("left_hands")
    if t.get("up_next_hand") or (type(left_ms) is int and left_ms - elapsed_ms <= 0
                                 and not t.get("paused")) or left_hands == 0:
        return f"{level} Blinds will raise next hand, to {raise_to}."
    if type(left_ms) is int:
        paused = " The level clock is paused." if t.get("paused") else ""
        spent = 0 if t.get("paused") else elapsed_ms
        return f"{level} {_duration(left_ms - spent)} to {raise_to}.{paused}"
    if type(left_hands) is int:
        return f"{level} {left_hands} hand{'s' if left_hands != 1 else ''} to {raise_to}."
    return level


# --- the keys ----------------------------------------------------------------------------------

Reader = Callable[[Mapping[str, object], int], str]
READERS: dict[tuple[str, bool], Reader] = {
    ("d", False): lambda g, _: my_cards(g),
    ("e", False): lambda g, _: board(g),
    ("g", False): lambda g, _: value(g),
    ("x", False): lambda g, _: button(g),
    ("z", False): lambda g, _: position(g),
    ("s", False): lambda g, _: stacks(g),
    ("n", False): lambda g, _: to_call(g),
    ("m", False): lambda g, _: min_raise(g),
    ("l", False): lambda g, _: round_log(g),
    ("p", False): lambda g, _: pots(g),
    ("t", True): turn_time,
    ("v", False): blind_level,
}
"""(lower-case key, shift) -> its reader; the card numbers are :func:`card`."""


def read(key: str, shift: bool, game: Mapping[str, object], elapsed_ms: int = 0) -> str | None:
    """The readout of a reading key (None: not a reading key). Digits read a card.

    >>> read("1", False, {"game": "draw", "you": {"hole": ["Ah", "Kh", "2c", "3c", "4c"]}})
    'Card 1: ace of hearts.'
    >>> read("T", True, {"phase": "flop"}), read("q", False, {})
    ('Nobody is to act now.', None)
    """
    if len(key) == 1 and key.isdigit() and not shift:
        return card(game, int(key) or 10)  # 0, the key after 9: the tenth card
    reader = READERS.get((key.lower(), shift))
    return None if reader is None else pokertext.speakable(reader(game, elapsed_ms))


def card_keys_help() -> tuple[str, str]:
    """The card keys' line of the key help, from each table game's key layout (the
    catalogue's), games laid out alike named together.

    >>> card_keys_help()[0], card_keys_help()[1][:62]
    ('1 to 9, 0', "Read one card: your cards first, then the board (Texas Hold'em")
    """
    layouts: dict[tuple[int, int], list[str]] = {}
    for entry in catalogue.GAMES.values():
        if entry.is_table_game:
            layouts.setdefault((entry.keys.own, entry.keys.board), []).append(entry.names.full)
    parts = []
    for (own, board), names in layouts.items():
        keys = (f"1–{own} yours, {_upto(own + 1, own + board)} board" if board
                else f"1–{own}")
        parts.append(f"{_names(names)}: {keys}")
    last = max(own + board for own, board in layouts)
    head = f"1 to {last}" if last < 10 else "1 to 9, 0"
    return head, f"Read one card: your cards first, then the board ({'; '.join(parts)})"


def _upto(first: int, last: int) -> str:
    """Card keys ``first`` to ``last`` as the keyboard has them (0 is the tenth).

    >>> _upto(3, 7), _upto(6, 10)
    ('3–7', '6–9 and 0')
    """
    return f"{first}–{last}" if last < 10 else f"{first}–9 and 0"


POKER_KEYS: tuple[tuple[str, str], ...] = (
    ("C", "Check, or call"),
    ("F", "Fold"),
    ("R", "Raise or bet: puts you in the amount box; type it and press Enter "
          "(Escape: back to the table)"),
    ("Shift+A", "All in (at pot limit the pot-sized raise: the button says which)"),
    ("D", "Read your cards"),
    ("E", "Read the board (both boards in a bomb pot)"),
    ("G", "Your hand's value (per board; high and low in Hi/Lo)"),
    card_keys_help(),
    ("1 to 5, drawing", "On your turn to draw: mark or unmark that card to discard "
                        "(it is read out)"),
    ("X", "Who has the button"),
    ("Z", "Your position from the button"),
    ("S", "Stacks"),
    ("N", "Current bet and your amount to call"),
    ("M", "Minimum raise"),
    ("L", "This betting round's actions"),
    ("P", "Pots and who may win each"),
    ("Shift+T", "Time left to act"),
    ("V", "Blind level: time or hands to the next (cash: no schedule)"),
    ("Shift+N", "Deal the next hand (host)"),
    ("?", "This list of keys"),
)
ULTIMATE_KEYS: tuple[tuple[str, str], ...] = (
    ("C", "Check"),
    ("D", "Double"),
    ("N", "Deal the next hand (host)"),
    ("?", "This list of keys"),
)


def keys_for(screen: str) -> tuple[tuple[str, str], ...]:
    """The key help of a screen ("poker": the table games, "game": Ultimate Omaha).

    >>> keys_for("game")[0], len(keys_for("menu"))
    (('C', 'Check'), 0)
    """
    return {"poker": POKER_KEYS, "game": ULTIMATE_KEYS}.get(screen, ())


# --- the live regions --------------------------------------------------------------------------


@dataclass
class Region:
    """One live region's text: an announcement identical to the region's current text is
    marked (a trailing no-break space, every other time) so the screen reader reads it again.

    >>> r = Region()
    >>> r.put("Board: ace of spades.") == r.put("Board: ace of spades.")
    False
    """

    text: str = ""

    def put(self, text: str) -> str:
        if text == self.text.rstrip(REPEAT_MARK):
            text = text if self.text.endswith(REPEAT_MARK) else text + REPEAT_MARK
        self.text = text
        return text


@dataclass
class Announcer:
    """Routes a new view's news to the live regions, each thing said once: the viewer's turn
    with its amount to call goes to the assertive region, once per decision (a re-sent or
    redrawn view does not say it again); actions, new cards and results to the polite one."""

    turn_key: Any = None
    polite: Region = field(default_factory=Region)
    assertive: Region = field(default_factory=Region)
    readout: Region = field(default_factory=Region)

    def news(self, lines: Sequence[str], game: Mapping[str, object]) -> tuple[str | None,
                                                                             str | None]:
        """(polite text, assertive text) for the regions; None leaves a region as it is."""
        c = pokertext.controls(game)
        turn = pokertext.turn_words(c) if c.any else None
        polite = [line for line in lines if line != turn]
        alert = None
        if turn is not None:
            key = (game.get("hand_no"), game.get("round"),
                   number(game, "log_omitted") + len(array(game, "log")))
            if key != self.turn_key:
                self.turn_key = key
                alert = self.assertive.put(turn)
        return (self.polite.put(" ".join(polite)) if polite else None), alert

    def read(self, text: str) -> str:
        """A key's readout, for its own polite region (said again when asked again)."""
        return self.readout.put(text)

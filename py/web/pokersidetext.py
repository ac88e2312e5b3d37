"""What the poker table's side panel says, as pure functions of the views this page received:
the last hands' results, a tournament's level, standings and eliminations, a cash table's
"leave with your stack", and what leaving costs.

Reads only views (and the hand-history entries :mod:`room.export` filed from them); decides
nothing. Kept apart from :mod:`web.pokertext` (the table's middle and controls) so the panel
can be read and tested on its own.

>>> line = result_line({"hand_no": 4, "seats": [{"seat": 0, "id": "a", "name": "Ann"},
...     {"seat": 1, "id": "b", "name": "Bo"}],
...     "pots": [{"amount": 40, "winners": [{"seat": 1, "amount": 40}]}],
...     "net": {"a": -20, "b": 20}, "uncontested": True}, "a")
>>> line
'Hand 4 — Bo wins 40 (no showdown) · you -20'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from room.errors import ExportError

from web import gametext
from web.pokertext import GAME_NAMES, chips, ordinal
from web.viewdata import array, integer, mapping, number, part, records, string, strings

RECENT = 5
"""How many of the last hands the side panel lists (the download holds every one)."""


# --- the last hands ------------------------------------------------------------------------


def is_poker_entry(entry: Mapping[str, object]) -> bool:
    """A hand of a table game (a room may have played Ultimate Omaha before)."""
    return string(entry, "game") in GAME_NAMES


def result_line(entry: Mapping[str, object], you: Any) -> str:
    """One hand of the "Last hands" list: its number, who won how much (everything a player
    collected from every pot, in the order they first won), and the viewer's own net.

    >>> result_line({"hand_no": 9, "seats": [{"seat": 2, "id": "a", "name": "Ann"},
    ...     {"seat": 5, "id": "b", "name": "Bo"}, {"seat": 7, "id": "c", "name": "Cy"}],
    ...     "pots": [{"amount": 300, "winners": [{"seat": 2, "amount": 150},
    ...                                          {"seat": 5, "amount": 150}]},
    ...              {"amount": 80, "winners": [{"seat": 5, "amount": 80}]}],
    ...     "net": {"a": 50, "b": 130, "c": -180}}, "zz")
    'Hand 9 — Ann wins 150, Bo wins 230'
    """
    names = {s["seat"]: str(s.get("name", "?")) for s in records(entry, "seats")
             if type(s.get("seat")) is int}
    won: dict[str, int] = {}
    for pot in records(entry, "pots"):
        for w in records(pot, "winners"):
            seat = w.get("seat")
            who = names.get(seat, "?") if type(seat) is int else "?"
            won[who] = won.get(who, 0) + number(w, "amount")
    parts = [f"{who} wins {chips(amount)}" for who, amount in won.items()]
    line = f"Hand {entry.get('hand_no', '?')} — " + (", ".join(parts) or "no winner")
    if entry.get("uncontested") and parts:
        line += " (no showdown)"
    net = part(entry, "net").get(you)
    if type(net) is int:
        line += " · you " + (f"{'+' if net > 0 else ''}{chips(net)}" if net else "even")
    return line


def recent_lines(history: Mapping[int, Mapping[str, object]], you: Any,
                 limit: int = RECENT) -> list[str]:
    """The last ``limit`` table-game hands this page saw settle, newest first.

    >>> hand = {"game": "holdem", "seats": [], "pots": [], "net": {}}
    >>> history = {n: {**hand, "hand_no": n} for n in range(1, 9)}
    >>> history[9] = {"game": "ultimate", "hand_no": 9}
    >>> [line.split(" —")[0] for line in recent_lines(history, "a", 3)]
    ['Hand 8', 'Hand 7', 'Hand 6']
    """
    return [result_line(history[n], you) for n in recent_numbers(history, limit)]


def recent_numbers(history: Mapping[int, Mapping[str, object]], limit: int = RECENT) -> list[int]:
    """The numbers of the last ``limit`` table-game hands in ``history``, newest first."""
    numbers = sorted((n for n, e in history.items() if is_poker_entry(e)), reverse=True)
    return numbers[:limit]


# --- a tournament --------------------------------------------------------------------------


def blinds_text(part: Mapping[str, object]) -> str:
    """A level's blinds and ante.

    >>> blinds_text({"small": 25, "big": 50, "ante": 5}), blinds_text({"small": 5, "big": 10})
    ('25/50, ante 5', '5/10')
    """
    text = f"{chips(part.get('small'))}/{chips(part.get('big'))}"
    return text + (f", ante {chips(part.get('ante'))}" if number(part, "ante") else "")


def clock_text(ms: float) -> str:
    """Minutes and seconds left, rounded up.

    >>> clock_text(61_001), clock_text(59_000), clock_text(-3)
    ('1:02', '0:59', '0:00')
    """
    s = max(0, -(-int(ms) // 1000))
    return f"{s // 60}:{s % 60:02d}"


@dataclass(frozen=True)
class Level:
    """The tournament panel's head: the level, its blinds, and when the next comes."""

    title: str
    blinds: str
    upcoming: str


def level(t: Mapping[str, object], left_ms: float | None = None) -> Level:
    """The level panel from the view's ``tournament`` part; ``left_ms``: the minutes clock
    counted down on this page (None: the view's own ``left_ms``).

    >>> t = {"level": 0, "small": 5, "big": 10, "ante": 0, "by": "hands", "left_hands": 1,
    ...      "next": {"small": 7, "big": 15, "ante": 0}, "up_next_hand": False}
    >>> level(t)
    Level(title='Level 1', blinds='Blinds 5/10', upcoming='Next level after this hand: 7/15')
    >>> level({**t, "by": "minutes", "left_ms": 90_500, "left_hands": None}).upcoming
    'Next level in 1:31: 7/15'
    >>> level({**t, "up_next_hand": True}).upcoming
    'Next hand: 7/15'
    >>> level({**t, "next": None}).upcoming
    'Last level: the blinds stay here'
    >>> level({**t, "winner": "a"}).upcoming
    'The tournament is over.'
    """
    title = f"Level {integer(t.get('level')) + 1}" + (" (paused)" if t.get("paused") else "")
    nxt = t.get("next")
    if t.get("winner") is not None:
        upcoming = "The tournament is over."
    elif not isinstance(nxt, Mapping):
        upcoming = "Last level: the blinds stay here"
    elif t.get("up_next_hand"):
        upcoming = f"Next hand: {blinds_text(nxt)}"
    elif t.get("by") == "hands":
        hands = number(t, "left_hands")
        when = ("after this hand" if hands <= 1
                else f"in {hands} hands")
        upcoming = f"Next level {when}: {blinds_text(nxt)}"
    else:
        left = t.get("left_ms") if left_ms is None else left_ms
        when = f"in {clock_text(left)}" if isinstance(left, (int, float)) else "soon"
        upcoming = f"Next level {when}: {blinds_text(nxt)}"
    return Level(title, f"Blinds {blinds_text(t)}", upcoming)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: a player still in (by chips) or out (by place)."""

    rank: int
    name: str
    stack: int
    out: bool

    @property
    def text(self) -> str:
        """The line as listed.

        >>> Standing(2, "Bo", 0, True).text, Standing(1, "Ann", 1500, False).text
        ('2nd Bo — out', '1. Ann — 1,500')
        """
        if self.out:
            return f"{ordinal(self.rank)} {self.name} — out"
        return f"{self.rank}. {self.name} — {chips(self.stack)}"


def standings(game: Mapping[str, object]) -> list[Standing]:
    """The players still in by chips in front of them (equal stacks share a rank), then
    those out by their finishing place (the winner, once there is one, is the one still in).
    Watchers who never entered are not listed.

    >>> g = {"seats": [{"id": "a", "name": "Ann", "stack": 700}, {"id": "b", "name": "Bo",
    ...      "stack": 0}, {"id": "c", "name": "Cy", "stack": 800},
    ...      {"id": "d", "name": "Di", "stack": 700}],
    ...      "tournament": {"entrants": ["a", "b", "c", "d"], "places": {"b": 4},
    ...                     "finishing_order": [{"id": "b", "name": "Bo", "place": 4}]}}
    >>> [s.text for s in standings(g)]
    ['1. Cy — 800', '2. Ann — 700', '2. Di — 700', '4th Bo — out']
    """
    t = part(game, "tournament")
    entrants = set(strings(t, "entrants"))
    places = part(t, "places")
    winner = t.get("winner")
    alive = [s for s in records(game, "seats") if isinstance(s.get("id"), str)
             and s.get("id") in entrants and (s.get("id") not in places or s.get("id") == winner)]
    alive.sort(key=lambda s: -number(s, "stack"))
    out: list[Standing] = []
    for i, s in enumerate(alive):
        rank = out[-1].rank if out and out[-1].stack == number(s, "stack") else i + 1
        out.append(Standing(rank, str(s.get("name", "?")), number(s, "stack"), False))
    done = sorted((mapping(r) for r in array(t, "finishing_order")
                   if mapping(r).get("id") != winner), key=lambda r: number(r, "place"))
    out += [Standing(number(r, "place"), str(r.get("name", "?")), 0, True) for r in done]
    return out


def tournament_news(before: Mapping[str, object] | None, t: Mapping[str, object]) -> list[str]:
    """What the live region says when players are knocked out: each with their place (the
    winner is said by :func:`web.pokertext.tournament_over`, with the results). Nothing on
    the first view (a reload re-announces nothing) nor when nothing changed.

    >>> b = {"places": {}, "winner": None, "finishing_order": []}
    >>> t = {"places": {"c": 3}, "winner": None,
    ...      "finishing_order": [{"id": "c", "name": "Cy", "place": 3}]}
    >>> tournament_news(b, t)
    ['Cy is out in 3rd place.']
    >>> end = {"places": {"c": 3, "b": 2, "a": 1}, "winner": "a", "finishing_order": [
    ...     {"id": "a", "name": "Ann", "place": 1}, {"id": "b", "name": "Bo", "place": 2},
    ...     {"id": "c", "name": "Cy", "place": 3}]}
    >>> tournament_news(t, end), tournament_news(None, end), tournament_news(end, end)
    (['Bo is out in 2nd place.'], [], [])
    """
    if before is None:
        return []
    seen = part(before, "places")
    return [f"{r.get('name', '?')} is out in {ordinal(integer(r.get('place')))} place."
            for r in sorted((mapping(r) for r in array(t, "finishing_order")),
                            key=lambda r: -number(r, "place"))
            if string(r, "id") not in seen and r.get("id") != t.get("winner")]


# --- cash: the ledger's neighbours and leaving ---------------------------------------------


def my_stack(game: Mapping[str, object], you: Any) -> int | None:
    """The viewer's chips at this table (None: not seated)."""
    for s in array(game, "seats"):
        if isinstance(s, Mapping) and s.get("id") == you:
            return number(s, "stack")
    return None


def chips_worth(game: Mapping[str, object], n: int) -> str:
    """Chips at the cash table's chip value (from the ledger part), or '' when unknown.

    >>> chips_worth({"ledger": {"chip_cents": 5}}, 1000), chips_worth({}, 10)
    ('$50', '')
    """
    cents = part(game, "ledger").get("chip_cents")
    return gametext.money(n * cents) if type(cents) is int and cents > 0 else ""


def leave_label(game: Mapping[str, object], you: Any) -> str:
    """The cash panel's leave button: what the player takes with them.

    >>> g = {"seats": [{"id": "a", "stack": 1250}], "ledger": {"chip_cents": 1}}
    >>> leave_label(g, "a"), leave_label({**g, "seats": [{"id": "a", "stack": 0}]}, "a")
    ('Leave with your 1,250 chips', 'Leave the table')
    """
    stack = my_stack(game, you)
    return f"Leave with your {chips(stack)} chips" if stack else "Leave the table"


def leave_warning(game: Mapping[str, object], you: Any, is_host: bool) -> str:
    """What leaving a table game now means, said before it is done ('' when it costs
    nothing): the host closes the room for everyone; a cash player takes their stack (after
    the hand they are in); a tournament player keeps their seat until their chips are gone.

    >>> g = {"phase": "betting", "tournament": None, "ledger": {"chip_cents": 10},
    ...      "seats": [{"id": "a", "stack": 900}], "you": {"hole": ["As", "Kd"]}}
    >>> print(leave_warning(g, "a", False)[:68])
    You leave with your stack: 900 chips ($90), cashed out when this han
    >>> leave_warning({**g, "you": {"hole": []}}, "a", False)[-66:]
    'chips ($90), cashed out at once. Your balance stays in the ledger.'
    >>> leave_warning({**g, "tournament": {"places": {}}}, "a", False)[:32]
    'You keep your tournament seat: y'
    >>> leave_warning({**g, "seats": [{"id": "a", "stack": 0}]}, "a", False)
    ''
    >>> leave_warning(g, "a", True)[:36]
    'Closing the room ends the game for e'
    """
    stack = my_stack(game, you)
    running = game.get("phase") not in ("waiting", "results", None)
    if is_host:
        return ("Closing the room ends the game for everyone" + (
            ", and this hand unplayed" if running else "") +
            ". Download the ledger and hand history first if you need them.")
    if not stack:
        return ""
    tournament = game.get("tournament")
    if isinstance(tournament, Mapping):
        if tournament.get("winner") is not None:
            return ""
        return ("You keep your tournament seat: you are dealt in and your turns are checked "
                "or folded for you until your chips are gone.")
    worth = chips_worth(game, stack)
    when = (" when this hand ends (until then your turns are checked or folded for you)"
            if running and array(part(game, "you"), "hole") else " at once")
    return (f"You leave with your stack: {chips(stack)} chips" + (f" ({worth})" if worth else "")
            + f", cashed out{when}. Your balance stays in the ledger.")


def can_write(records: Iterable[Mapping[str, Any]],
              write: Callable[[Mapping[str, Any]], object]) -> bool:
    """Whether ``write``, a format's writer of one hand (it raises ``ExportError`` for a hand
    the format cannot hold), writes at least one of ``records``: the newest first, so a
    night's history is seldom read through."""
    for record in reversed(list(records)):
        try:
            write(record)
        except ExportError:
            continue
        return True
    return False


def export_shown(records: Iterable[Mapping[str, Any]]) -> dict[str, bool]:
    """Which hand-history downloads the side panel shows: PHH and Open Hand History each
    while the history holds a hand that format writes (its own writer decides:
    ``games.phh``, ``games.ohh``), whatever game the table plays now — a file holds the
    night's hands, not the current game's."""
    from games.ohh import ohh_hand
    from games.phh import phh_text

    kept = [r for r in records if isinstance(r, Mapping)]
    return {"phh": can_write(kept, phh_text), "ohh": can_write(kept, ohh_hand)}

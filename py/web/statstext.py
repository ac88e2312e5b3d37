"""The Stats panel's words and its chart's shape, as pure functions of ``games.stats``' figures:
what ``web.statsview`` writes into the page, here so the doctests pin what a player (and a
screen reader) meets. No browser import.

A chart is a line over the running total, hand by hand, from zero before the first hand; its
text equivalent is the table of the same points, and a sentence that says where the line goes.

>>> from games.stats import NetPoint
>>> pts = [NetPoint(1, "holdem", 100, 100), NetPoint(2, "holdem", -150, -50)]
>>> chart_summary(pts, Book.CHIPS)
'Net over 2 hands: -50 chips. Highest +100 chips after hand 1; lowest -50 chips after hand 2.'
>>> shape = chart(pts, 300, 100)
>>> shape.line, shape.zero_y
('0,67 150,0 300,100', 67)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games import catalogue
from games.stats import Book, CountedHand, NetPoint, PlayerStats, Rate
from rules.money import format_money


def amount(n: int, book: Book, signed: bool = False) -> str:
    """A number of the book's unit: chips, or money for Ultimate Omaha's cents.

    >>> amount(1250, Book.CHIPS), amount(-5, Book.CHIPS, True), amount(250, Book.CENTS, True)
    ('1,250 chips', '-5 chips', '+$2.50')
    >>> amount(0, Book.CHIPS, True), amount(1, Book.CHIPS, True)
    ('0 chips', '+1 chip')
    """
    if book is Book.CENTS:
        return format_money(n, signed=signed)
    sign = "+" if signed and n > 0 else ""
    return f"{sign}{n:,} chip{'' if abs(n) == 1 else 's'}"


def bare(n: int, book: Book) -> str:
    """A signed amount in a narrow column whose heading names the unit (chips), or money.

    >>> bare(1250, Book.CHIPS), bare(-5, Book.CHIPS), bare(0, Book.CHIPS), bare(-5, Book.CENTS)
    ('+1,250', '-5', '0', '-$0.05')
    """
    if book is Book.CENTS:
        return format_money(n, signed=True)
    return f"{'+' if n > 0 else ''}{n:,}"


def viewer_of(records: Iterable[Mapping[str, object]], name: str) -> str | None:
    """The id this browser played under in ``records`` kept from an earlier visit: the seat
    of a table hand's ``you``; else (Ultimate Omaha's records carry no ``you``) the id of the
    player called ``name``.

    >>> table = {"seats": [{"seat": 3, "id": "x"}, {"seat": 5, "id": "y"}], "you": {"seat": 5}}
    >>> viewer_of([table], "Ann"), viewer_of([{"players": [{"id": "u", "name": "Ann"}]}], "Ann")
    ('y', 'u')
    """
    named = None
    for r in records:
        you = r.get("you") if isinstance(r, Mapping) else None
        seats = r.get("seats") if isinstance(r, Mapping) else None
        if isinstance(you, Mapping) and isinstance(seats, list):
            for s in seats:
                if isinstance(s, Mapping) and s.get("seat") == you.get("seat") and isinstance(
                        s.get("id"), str):
                    return str(s["id"])
        players = r.get("players") if isinstance(r, Mapping) else None
        if named is None and isinstance(players, list):
            named = next((str(p["id"]) for p in players if isinstance(p, Mapping)
                          and p.get("name") == name and isinstance(p.get("id"), str)), None)
    return named


def books_held(hands: Iterable[CountedHand]) -> list[Book]:
    """The books the hands counted are of, in the order of :class:`Book`."""
    held = {h.book for h in hands}
    return [b for b in Book if b in held]


def book_now(game_id: object, held: Sequence[Book]) -> Book:
    """The book to show first: the game on the table's (Ultimate Omaha's cents, else chips),
    unless the records hold none of it and some of the other.

    >>> book_now("ultimate", [Book.CHIPS]), book_now("holdem", []), book_now("x", [Book.CENTS])
    (<Book.CHIPS: 'chips'>, <Book.CHIPS: 'chips'>, <Book.CENTS: 'cents'>)
    """
    found = catalogue.entry(game_id)
    playing = (Book.CENTS if found is not None and found.family is catalogue.Family.ULTIMATE
               else Book.CHIPS)
    if playing in held or not held:
        return playing
    return held[0]


BOOK_WORDS = {Book.CHIPS: "Table games (chips)", Book.CENTS: "Ultimate Omaha (money)"}


def stat_lines(s: PlayerStats) -> list[tuple[str, str]]:
    """One player's stats as (name, value) lines, those that apply to the book.

    >>> from games.stats import player_stats
    >>> hand = {"game": "ultimate", "hand_no": 1, "players": [{"id": "a", "net_cents": 300}]}
    >>> stat_lines(player_stats([hand], Book.CENTS)[0])  # doctest: +NORMALIZE_WHITESPACE
    [('Hands played', '1'), ('Hands won', '100% (1 of 1)'), ('Biggest win', '+$3'),
     ('Net', '+$3')]
    """
    lines = [("Hands played", f"{s.hands:,}")]
    if s.vpip is not None and s.pfr is not None and s.three_bet is not None:
        lines += [
            ("VPIP (put money in before the flop)", s.vpip.words()),
            ("PFR (raised before the flop)", s.pfr.words()),
            ("3-bet (raised a raise before the flop)", s.three_bet.words()),
            ("Saw the flop", f"{s.saw_flop:,}"),
            ("Went to showdown", s.showdown.words()),
            ("Won at showdown", s.won_showdown.words()),
            ("Biggest pot won", amount(s.biggest_pot, s.book)),
        ]
    else:  # Ultimate Omaha: every hand is a showdown
        lines += [("Hands won", s.won_showdown.words()),
                  ("Biggest win", amount(s.biggest_pot, s.book, signed=True))]
    lines.append(("Net", amount(s.net, s.book, signed=True)))
    return lines


def short(rate: Rate | None) -> str:
    """A rate in a narrow column: ``"33%"``, ``"–"`` with no chance (said "no chance yet" by
    its title), ``""`` where it does not apply."""
    if rate is None:
        return ""
    return "–" if rate.percent is None else f"{rate.percent}%"


@dataclass(frozen=True)
class Shape:
    """The chart drawn in a ``width`` × ``height`` box: the line's points (SVG
    ``polyline``), the zero line's height, and the box."""

    line: str
    zero_y: int
    width: int
    height: int


def chart(points: Sequence[NetPoint], width: int, height: int) -> Shape:
    """The running total as a line from zero (before the first hand) across ``width``, scaled
    so the highest and lowest totals (and zero) fill ``height``; whole numbers, y downwards.

    >>> chart([], 100, 50)
    Shape(line='0,25', zero_y=25, width=100, height=50)
    """
    totals = [0, *(p.total for p in points)]
    top, bottom = max(totals), min(totals)
    span = top - bottom

    def y(v: int) -> int:
        return height // 2 if span == 0 else round((top - v) * height / span)

    steps = len(totals) - 1
    xs = [0 if steps == 0 else round(i * width / steps) for i in range(len(totals))]
    return Shape(" ".join(f"{x},{y(t)}" for x, t in zip(xs, totals, strict=True)), y(0), width,
                 height)


def chart_summary(points: Sequence[NetPoint], book: Book) -> str:
    """The chart in one sentence: the final total, the highest and the lowest and when."""
    if not points:
        return "No hands yet."
    high = max(points, key=lambda p: p.total)
    low = min(points, key=lambda p: p.total)
    n = len(points)
    return (f"Net over {n} hand{'' if n == 1 else 's'}: "
            f"{amount(points[-1].total, book, signed=True)}. "
            f"Highest {amount(high.total, book, signed=True)} after hand {high.hand_no}; "
            f"lowest {amount(low.total, book, signed=True)} after hand {low.hand_no}.")

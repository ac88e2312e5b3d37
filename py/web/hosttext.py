"""The poker host panel's decisions and words (pure, so CPython tests pin them): which of the
host's table controls show now, what they say, and the requests they make; and the change of
game, which the host has at every game's table. The DOM side is :mod:`web.pokerhost`; the host
decides nothing here that the game would not check again (every request is validated by the
game, see ``games.poker.hostctl`` and ``room.host``).

>>> p = panel({"phase": "playing",
...            "game": {"game": "holdem", "mode": "cash", "phase": "results", "paused": False,
...                     "bomb_next": None, "blinds": [5, 10],
...                     "seats": [{"id": "p1", "name": "Ann", "stack": 990}]}}, True)
>>> p.shown, p.pause_label, p.bomb_allowed, p.stacks_editable, p.players
(True, 'Pause', True, True, (('p1', 'Ann', 990),))
>>> read_chips("1,500", 0, 10_000), read_chips("lots", 0, 10)
((1500, None), (None, 'Enter a whole number of chips.'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import catalogue

from web.gameform import GAME_CHOICES, TABLE_GAMES
from web.viewdata import number, part, records, string

BOMB_GAMES = frozenset(g for g, e in catalogue.GAMES.items() if e.bomb_pot)
"""The games in which the host may call a bomb pot for the next hand (the catalogue's
``bomb_pot``: ``static/rules/table-games.md#bomb-pot``; ``games.poker.hostctl`` decides, this
only hides the button)."""
MAX_CHIPS = 10_000_000  # games.poker.settings.MAX_CHIPS, like web.gameform's
GAME_NAMES = {g.game_id: g.name for g in GAME_CHOICES}
BETWEEN_HANDS = ("results", "waiting")


@dataclass(frozen=True)
class Panel:
    """What the host panel shows for one view."""

    shown: bool
    paused: bool = False
    pause_label: str = "Pause"
    status: str = ""
    bomb_allowed: bool = False
    bomb_called: int | None = None
    bomb_default: int = 0
    stacks_editable: bool = False
    stacks_note: str = ""
    players: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class Change:
    """The change-of-game card: at every game's table (Ultimate Omaha's too), to the host."""

    shown: bool
    game_id: str = ""
    next_game: str | None = None
    status: str = ""


TIMER_CHOICES = (0, 10, 15, 20, 30, 45, 60, 90)
"""The decision timers offered (seconds; 0: off): a table game allows off or 5 to 90
(``games.poker.settings.check_timer``), the room 5 to 600 (``room.messages``)."""
BANK_CHOICES = (0, 30, 60, 120, 300)
"""The time banks offered (seconds; 0: none): up to ten minutes (``time_bank_s``)."""
DEFAULT_BANK_S = 60  # games.poker.settings' time_bank_s default (tests/test_web_poker compares)


@dataclass(frozen=True)
class Clock:
    """The table's clock as the host's controls show it: the decision timer and the time
    bank (seconds, 0: off), auto-deal, and the choices each select offers (the value in
    force is always among them)."""

    timer_s: int
    bank_s: int
    auto_deal: bool
    timers: tuple[int, ...]
    banks: tuple[int, ...]


def clock(view: Mapping[str, object]) -> Clock:
    """The clock of the room view ``view`` (the room's timer and auto-deal, the table's time
    bank as its settings hold it: missing means the default).

    >>> c = clock({"settings": {"timer_s": 25, "auto_deal": True, "game": {}}})
    >>> c.timer_s, c.bank_s, c.auto_deal, c.timers[:5]
    (25, 60, True, (0, 10, 15, 20, 25))
    """
    settings = part(view, "settings")
    timer = settings.get("timer_s")
    timer_s = timer if type(timer) is int else 0
    bank = part(settings, "game").get("time_bank_s")
    bank_s = bank if type(bank) is int else DEFAULT_BANK_S
    return Clock(timer_s=timer_s, bank_s=bank_s, auto_deal=settings.get("auto_deal") is True,
                 timers=tuple(sorted({*TIMER_CHOICES, timer_s})),
                 banks=tuple(sorted({*BANK_CHOICES, bank_s})))


def seconds_words(seconds: int, off: str = "Off") -> str:
    """A choice of seconds as a select shows it.

    >>> seconds_words(0), seconds_words(90), seconds_words(120)
    ('Off', '90 seconds', '2 minutes')
    """
    if seconds == 0:
        return off
    if seconds % 60 == 0 and seconds >= 120:
        return f"{seconds // 60} minutes"
    return f"{seconds} seconds"


def bank_settings(view: Mapping[str, object], bank_s: int) -> tuple[str, dict[str, Any]]:
    """The ``set_game`` that changes only the time bank: the game in force (or the one
    waiting for the next deal, so the change is not called off) with its settings as they
    are and ``time_bank_s``.

    >>> bank_settings({"game": {"game": "holdem"},
    ...                "settings": {"game": {"big_blind": 20}, "next_game": None}}, 30)
    ('holdem', {'big_blind': 20, 'time_bank_s': 30})
    """
    settings = part(view, "settings")
    upcoming = part(settings, "next_game")
    if isinstance(upcoming.get("game_id"), str):
        return str(upcoming["game_id"]), {**part(upcoming, "game"), "time_bank_s": bank_s}
    game_id = str(part(view, "game").get("game", ""))
    return game_id, {**part(settings, "game"), "time_bank_s": bank_s}


def change(view: Mapping[str, object], is_host: bool) -> Change:
    """The change-of-game card for ``view``: the game played now, the one the host picked
    for the next deal (None: no change waits) and what the card says of it.

    >>> c = change({"phase": "playing", "game": {"game": "ultimate"},
    ...             "settings": {"next_game": {"game_id": "holdem"}}}, True)
    >>> c.shown, c.game_id, c.status
    (True, 'ultimate', "Texas Hold'em from the next hand.")
    >>> change({"phase": "lobby", "game": {"game": "ultimate"}}, True).shown
    False
    """
    game = part(view, "game")
    game_id = str(game.get("game", ""))
    if not is_host or view.get("phase") != "playing" or game_id not in GAME_NAMES:
        return Change(shown=False)
    if part(game, "tournament").get("winner") is not None:
        return Change(shown=False)  # over: a finished tournament cannot go on in another game
    upcoming = part(part(view, "settings"), "next_game").get("game_id")
    next_game = str(upcoming) if isinstance(upcoming, str) else None
    status = "" if next_game is None else (
        f"{GAME_NAMES.get(next_game, next_game)} from the next hand.")
    return Change(shown=True, game_id=game_id, next_game=next_game, status=status)


def panel(view: Mapping[str, object], is_host: bool) -> Panel:
    """The panel for the room view ``view`` (only the host sees one)."""
    game = part(view, "game")
    game_id = str(game.get("game", ""))
    if not is_host or view.get("phase") != "playing" or game_id not in TABLE_GAMES:
        return Panel(shown=False)
    paused = game.get("paused") is True
    bomb = game.get("bomb_next")
    bomb_called = bomb if type(bomb) is int else None
    blinds = game.get("blinds")
    big = blinds[1] if isinstance(blinds, list) and len(blinds) == 2 else 0
    cash = game.get("mode") == "cash"
    between = string(game, "phase") in BETWEEN_HANDS
    players = tuple((str(s.get("id")), str(s.get("name")), number(s, "stack"))
                    for s in records(game, "seats"))
    words = []
    if paused:
        words.append("The table is paused: no new hand is dealt until you resume.")
    if bomb_called is not None:
        words.append(f"Bomb pot next hand: {bomb_called:,} chips each, two boards, "
                     "pot-limit Omaha.")
    note = ("A tournament's stacks cannot be edited." if not cash else
            "" if between else "Stacks are edited between hands.")
    return Panel(
        shown=True, paused=paused, pause_label="Resume" if paused else "Pause",
        status=" ".join(words), bomb_allowed=game_id in BOMB_GAMES, bomb_called=bomb_called,
        bomb_default=big, stacks_editable=cash and between, stacks_note=note,
        players=players,
    )


def removal_words(name: str, view: Mapping[str, object]) -> str:
    """What removing ``name`` does, in the game being played: at a poker table their hand is
    played out by automatic actions (check when nothing is to call, else fold; the draw: stand
    pat) and a cash player is cashed out with their stack; at Ultimate Omaha, automatic
    Checks.

    >>> removal_words("Bo", {"game": {"game": "holdem", "mode": "cash"}})[:75]
    'Bo leaves the room for good: a hand they are in is folded for them (checked'
    >>> "automatic Checks" in removal_words("Bo", {"game": {"game": "ultimate"}})
    True
    """
    game = part(view, "game")
    if string(game, "game") in TABLE_GAMES:
        chips = ("they keep their seat and are folded each hand until they bust" if
                 game.get("mode") == "tournament" else
                 "they are cashed out with their stack, their balance stays in the ledger")
        return (f"{name} leaves the room for good: a hand they are in is folded for them "
                f"(checked when nothing is to call), {chips}, and they cannot come back.")
    return (f"{name} leaves the room for good: a hand they are in is finished with automatic "
            "Checks, their balance stays in the ledger, and they cannot come back.")


def next_hand_note(game: Mapping[str, object], is_host: bool) -> str:
    """The line under the table between hands: who deals the next hand, and when — true when
    the table is paused and when it deals by itself.

    >>> next_hand_note({"paused": True}, True)
    'Paused: press Resume first, then deal.'
    >>> next_hand_note({"paused": True}, False)
    'The host paused the table: no new hand until they resume.'
    >>> next_hand_note({"auto_deal_ms": 3000}, False)
    'The next hand is dealt automatically.'
    >>> next_hand_note({}, False)
    'The host deals the next hand.'
    """
    if game.get("paused") is True:
        return ("Paused: press Resume first, then deal." if is_host else
                "The host paused the table: no new hand until they resume.")
    if type(game.get("auto_deal_ms")) is int:
        return "The next hand is dealt automatically."
    return "Deal the next hand when everyone is ready." if is_host else (
        "The host deals the next hand.")


def stack_choices(p: Panel) -> list[tuple[str, str]]:
    """The Set-stack list: each player by id with their stack, named only while the stacks
    can be edited (between hands at a cash table) — in a hand they move with every bet, and
    a list frozen at an older view would show stacks no longer true.

    >>> stack_choices(Panel(True, stacks_editable=True, players=(("a", "Ann", 990),)))
    [('a', 'Ann (990 chips)')]
    >>> stack_choices(Panel(True, stacks_editable=False, players=(("a", "Ann", 990),)))
    [('a', 'Ann')]
    """
    return [(pid, f"{name} ({stack:,} chips)" if p.stacks_editable else name)
            for pid, name, stack in p.players]


def read_chips(text: str, least: int, most: int) -> tuple[int | None, str | None]:
    """A chip count typed by the host (commas and spaces allowed), or the problem to say at
    the field.

    >>> read_chips(" 2 000 ", 1, 100), read_chips("-5", 0, 100)
    ((None, 'Enter at most 100 chips.'), (None, 'Enter a whole number of chips.'))
    """
    cleaned = text.replace(",", "").replace(" ", "").strip()
    if not cleaned.isdigit():
        return None, "Enter a whole number of chips."
    value = int(cleaned)
    if value < least:
        return None, f"Enter at least {least:,} chips."
    if value > most:
        return None, f"Enter at most {most:,} chips."
    return value, None


def change_settings(current: Mapping[str, object], to_game: str) -> dict[str, Any]:
    """The settings a change of game sends: a table game keeps the table's (blinds, buy-ins,
    chip value, mode...) but not the betting structure, so each game gets its own default
    (Hold'em no-limit, the Omaha games pot-limit), nor an ante of 0 ("none": the new game's
    own default, which in 5-card draw is one small blind, as it posts no blinds); Ultimate
    Omaha has none of them.

    >>> change_settings({"betting": "no-limit", "big_blind": 20, "ante": 0}, "draw")
    {'big_blind': 20}
    >>> change_settings({"big_blind": 20}, "ultimate")
    {}
    """
    if to_game not in TABLE_GAMES:
        return {}
    return {k: v for k, v in current.items()
            if k != "betting" and not (k == "ante" and v == 0)}

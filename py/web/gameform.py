"""The lobby's game choice: the games a host may pick, one line about each, and the main
settings of the table games as form fields — pure functions, so CPython tests pin them.

The table games' schema (``games.poker.SETTINGS``) lives with their engine, which only a host
that starts a table game fetches (``py-tables``); the lobby must not pull it in. So the fields
the lobby shows are listed here as the same :class:`games.settings.Setting` records (kind,
default and bounds equal to the schema's: ``tests/test_web_gameform.py`` holds them to it), and
each field is checked with the schema's own :meth:`~games.settings.Setting.check` as the host
types. What one field cannot judge (the small blind above the big blind, a buy-in range upside
down) the game itself refuses at Start, naming the setting; :func:`field_of` finds the field.

>>> parse_form("holdem", {"big_blind": "20", "small_blind": "10", "mode": "cash"})[1]
{}
>>> parse_form("holdem", {"big_blind": "ten"})[1]["big_blind"]
'Big blind: enter a whole number of chips.'
>>> field_of("settings/bad_value", "ante: -1 is not a whole number from 0 to 10000000")
'ante'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import catalogue
from games.settings import Setting
from room.errors import RoomError
from rules.cards import FULL_DECK, RANK_NAMES, SUITS

MAX_CHIPS = 10_000_000  # games.poker.settings.MAX_CHIPS (the test compares the bounds)


@dataclass(frozen=True)
class GameChoice:
    """One game of the lobby's list: its registry id, name and one line about it (the game
    catalogue's)."""

    game_id: str
    name: str
    line: str


GAME_CHOICES: tuple[GameChoice, ...] = tuple(
    GameChoice(e.game_id, e.names.full, e.line) for e in catalogue.GAMES.values())
GAME_IDS = tuple(g.game_id for g in GAME_CHOICES)
TABLE_GAMES = catalogue.TABLE_GAMES
"""The games played by the betting engine (fetched by the host at Start: ``py-tables``)."""
BLINDS_OPTIONAL = tuple(g for g, e in catalogue.GAMES.items() if e.forced.blinds_optional)
BOMB_GAMES = tuple(g for g, e in catalogue.GAMES.items() if e.bomb_pot)
"""The games where a bomb pot may be called, and so scheduled every N hands."""
"""The games where the host chooses the forced bets (5-card draw: antes, blinds or both)."""

CASH, TOURNAMENT = "cash", "tournament"


@dataclass(frozen=True)
class Field:
    """A form field: the schema record, its label, the unit its number is in, and when it
    shows (``mode``: only in a cash game or a tournament; ``games``: only for these games;
    None: always)."""

    setting: Setting
    label: str
    unit: str = "chips"
    mode: str | None = None
    games: tuple[str, ...] | None = None
    needs: str | None = None
    """A yes-or-no field that must be ticked for this one to show (dealer's choice's
    games)."""


FIELDS: tuple[Field, ...] = (
    Field(Setting("betting", "choice", "auto",
                  choices=("auto", *dict.fromkeys(s for e in catalogue.GAMES.values()
                                                  for s in e.structures))),
          "Structure", unit=""),
    Field(Setting("small_blind", "int", 5, lo=1, hi=MAX_CHIPS), "Small blind"),
    Field(Setting("big_blind", "int", 10, lo=1, hi=MAX_CHIPS), "Big blind"),
    Field(Setting("forced_bets", "choice", "antes", choices=("antes", "blinds", "both")),
          "Forced bets", unit="", games=BLINDS_OPTIONAL),
    Field(Setting("ante", "int", 0, lo=0, hi=MAX_CHIPS), "Ante"),
    Field(Setting("time_bank_s", "int", 60, lo=0, hi=600), "Time bank", unit="seconds"),
    Field(Setting("mode", "choice", CASH, choices=(CASH, TOURNAMENT)), "Play", unit=""),
    Field(Setting("min_buy_in_bb", "int", 40, lo=1, hi=1000), "Smallest buy-in",
          unit="big blinds", mode=CASH),
    Field(Setting("max_buy_in_bb", "int", 250, lo=1, hi=1000), "Largest buy-in",
          unit="big blinds", mode=CASH),
    Field(Setting("buy_in_bb", "int", 100, lo=1, hi=1000), "Suggested buy-in",
          unit="big blinds", mode=CASH),
    Field(Setting("chip_cents", "int", 1, lo=1, hi=100_000), "One chip is worth",
          unit="cents", mode=CASH),
    Field(Setting("starting_stack", "int", 1500, lo=1, hi=MAX_CHIPS), "Starting stack",
          mode=TOURNAMENT),
    Field(Setting("level_by", "choice", "minutes", choices=("minutes", "hands")),
          "Blinds go up by", unit="", mode=TOURNAMENT),
    Field(Setting("level_length", "int", 10, lo=1, hi=240), "Level length",
          unit="minutes or hands", mode=TOURNAMENT),
    # Home-game extras (static/rules/table-games.md#run-it-twice, #rabbit-hunt): the games
    # with a board.
    Field(Setting("run_twice", "bool", False), "Run it twice", unit="",
          games=tuple(g for g in catalogue.TABLE_GAMES if catalogue.GAMES[g].boards)),
    Field(Setting("rabbit_hunt", "bool", False), "Rabbit hunt", unit="",
          games=tuple(g for g in catalogue.TABLE_GAMES if catalogue.GAMES[g].boards)),
    # The home-game extras (static/rules/table-games.md: Straddle, Big-blind ante, 7-2
    # bounty, Bomb pot, Dealer's choice).
    Field(Setting("straddle", "bool", False), "Straddle allowed (under the gun, two big blinds)",
          unit=""),
    Field(Setting("bb_ante", "bool", False), "Big blind posts the whole table's ante", unit=""),
    Field(Setting("bounty", "int", 0, lo=0, hi=MAX_CHIPS), "7-2 bounty (Hold'em)"),
    Field(Setting("bomb_every", "int", 0, lo=0, hi=1000), "A bomb pot every",
          unit="hands", games=BOMB_GAMES),
    Field(Setting("dealers_choice", "bool", False), "Dealer's choice (the button picks the game)",
          unit=""),
    *(Field(Setting(f"dc_{g.replace('-', '_')}", "bool", True),
            f"Dealer's choice may pick {e.names.full}", unit="", needs="dealers_choice")
      for g, e in catalogue.GAMES.items() if e.is_table_game),
)
BY_NAME = {f.setting.name: f for f in FIELDS}

CHOICE_WORDS = {
    "auto": "Usual for the game",
    "no-limit": "No-limit", "pot-limit": "Pot-limit", "double-pot-limit": "Double pot-limit",
    "fixed-limit": "Fixed-limit", CASH: "Cash game (come and go)",
    TOURNAMENT: "Tournament (equal stacks, rising blinds)", "minutes": "Minutes",
    "hands": "Hands", "antes": "Antes", "blinds": "Blinds (as in Hold'em)",
    "both": "Blinds and antes",
}
TRUE, FALSE = "true", "false"
"""A yes-or-no field's text (a ticked box, an unticked one)."""


ANTE_UNSET = {g: e.forced.ante_unset for g, e in catalogue.GAMES.items()
              if e.forced.ante_unset != "none"}
"""What an ante left empty is in the games that post no blinds (the catalogue's words;
``games.poker.settings`` decides: draw antes one small blind, a bomb pot one big blind);
elsewhere it is none."""


def placeholder(name: str, game_id: str) -> str:
    """What an empty field stands for in ``game_id`` (its default, in words where the game
    derives it).

    >>> placeholder("ante", "draw"), placeholder("ante", "holdem"), placeholder("big_blind", "draw")
    ('one small blind', '0', '10')
    """
    if name == "ante" and game_id in ANTE_UNSET:
        return ANTE_UNSET[game_id]
    return f"{BY_NAME[name].setting.default:,}"


def game_choice(game_id: Any) -> GameChoice:
    """The lobby's entry for ``game_id`` (Ultimate Omaha for anything unknown)."""
    for g in GAME_CHOICES:
        if g.game_id == game_id:
            return g
    return GAME_CHOICES[0]


def shown_fields(game_id: str, mode: str,
                 raw: Mapping[str, str] | None = None) -> tuple[Field, ...]:
    """The fields the form shows for this game and mode (none for Ultimate Omaha, whose one
    setting is the base bet).

    >>> names = [f.setting.name for f in shown_fields("holdem", "tournament")]
    >>> "starting_stack" in names, "min_buy_in_bb" in names, "dc_omaha" in names
    (True, False, False)
    >>> "dc_omaha" in [f.setting.name for f in shown_fields("holdem", "cash",
    ...                                                     {"dealers_choice": TRUE})]
    True
    """
    if game_id not in TABLE_GAMES:
        return ()
    return tuple(f for f in FIELDS if f.mode in (None, mode)
                 and (f.games is None or game_id in f.games)
                 and (f.needs is None or (raw or {}).get(f.needs) == TRUE))


def _field_error(field: Field, text: str) -> str:
    s = field.setting
    if s.kind == "choice":
        return f"{field.label}: choose one of the list."
    unit = f" of {field.unit}" if field.unit in ("chips", "big blinds", "cents") else ""
    if not text.strip().lstrip("-").isdigit():
        return f"{field.label}: enter a whole number{unit}."
    return f"{field.label}: enter a whole number from {s.lo:,} to {s.hi:,}."


def parse_form(game_id: str, raw: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The settings to send for ``game_id`` from the form's texts (those of fields shown for
    the chosen mode), and a message per field that cannot be used. A blank number field takes
    the game's default (it is left out); a typed one is sent as typed, even when it equals the
    form's placeholder, since a game's own default may differ (5-card draw's ante, left empty,
    is one small blind; a typed 0 is judged, and refused, by the game)."""
    settings: dict[str, Any] = {}
    errors: dict[str, str] = {}
    mode = raw.get("mode") or CASH
    for field in shown_fields(game_id, mode, raw):
        name = field.setting.name
        text = str(raw.get(name, "")).strip().replace(",", "")
        if not text:
            continue
        value: Any = text
        if field.setting.kind == "bool":
            value = text == TRUE
        if field.setting.kind == "int":
            try:
                value = int(text) if text.lstrip("-").isdigit() else None
            except ValueError:
                value = None
            if value is None:
                errors[name] = _field_error(field, text)
                continue
        try:
            checked = field.setting.check(value)
        except RoomError:
            errors[name] = _field_error(field, text)
            continue
        if field.setting.kind == "int" or checked != field.setting.default or name == "mode":
            # (a yes-or-no setting is sent only when on: off is every game's default)
            settings[name] = checked
    return settings, errors


def field_of(code: Any, detail: Any) -> str | None:
    """The field a refusal from the game points at: ``settings/<name>``, or a field check's
    ``settings/bad_value`` whose detail starts with ``<name>:``."""
    if not isinstance(code, str) or not code.startswith("settings/"):
        return None
    name = code.removeprefix("settings/")
    if name == "bad_value" and isinstance(detail, str):
        name = detail.split(":", 1)[0].strip()
    return name if name in BY_NAME else None


LOBBY_AUTO_DEAL = True
"""Auto-deal as the lobby offers it once a host picks a table game (the room's own default,
off, stays Ultimate Omaha's): an online table deals the next hand by itself, a few seconds
after the results, so nobody waits on the host; the host may switch it off."""


def clock_line(room: Mapping[str, object], game_id: Any) -> str:
    """The clock in words, for guests reading the game card.

    >>> clock_line({"timer_s": 30, "auto_deal": True, "game": {}}, "holdem")
    'Decision timer 30 seconds, then a 60-second time bank; the next hand is dealt automatically.'
    >>> clock_line({"timer_s": 0, "auto_deal": False}, "ultimate")
    'No decision timer; the host deals each hand.'
    """
    timer = room.get("timer_s")
    on = type(timer) is int and timer > 0
    words = f"Decision timer {timer} seconds" if on else "No decision timer"
    if game_id in TABLE_GAMES and on:
        chosen = room.get("game")
        bank = chosen.get("time_bank_s") if isinstance(chosen, Mapping) else None
        bank = BY_NAME["time_bank_s"].setting.default if bank is None else bank
        words += f", then a {bank}-second time bank" if bank else ", no time bank"
    deal = ("the next hand is dealt automatically" if room.get("auto_deal") is True else
            "the host deals each hand")
    return f"{words}; {deal}."


def summary(game_id: Any, settings: Mapping[str, object]) -> list[str]:
    """What guests read about the chosen game: its name and line, then each main setting.

    >>> summary("holdem", {"big_blind": 20, "small_blind": 10, "mode": "tournament"})[3:5]
    ['Blinds: 10 / 20 chips', 'Ante: none']
    """
    choice = game_choice(game_id)
    lines = [choice.name, choice.line]
    if choice.game_id not in TABLE_GAMES:
        return lines

    def value(name: str) -> Any:
        got = settings.get(name)
        return BY_NAME[name].setting.default if got is None else got

    entry = catalogue.entry(choice.game_id)
    if entry is not None:
        lines[0] = entry.title(value("betting"))  # "No-Limit Omaha": as the table is titled

    mode = str(value("mode"))
    lines.append(f"Structure: {CHOICE_WORDS.get(str(value('betting')), value('betting'))}")
    lines.append(f"Blinds: {value('small_blind'):,} / {value('big_blind'):,} chips")
    forced = value("forced_bets") if choice.game_id in BLINDS_OPTIONAL else None
    if forced is not None:
        lines.append(f"Forced bets: {CHOICE_WORDS.get(str(forced), forced)}")
    ante = value("ante")
    lines.append(f"Ante: {ante:,} chips" if ante else
                 "Ante: none" if forced == "blinds" else
                 f"Ante: {ANTE_UNSET[choice.game_id]}" if choice.game_id in ANTE_UNSET else
                 "Ante: none")
    if mode == TOURNAMENT:
        lines.append(f"Tournament: {value('starting_stack'):,} chips each, blinds up every "
                     f"{value('level_length')} {value('level_by')}")
    else:
        cents = value("chip_cents")
        lines.append(f"Cash game: buy in for {value('min_buy_in_bb')} to "
                     f"{value('max_buy_in_bb')} big blinds; one chip is worth {cents} "
                     f"cent{'s' if cents != 1 else ''}")
    lines += extras_lines(value, bool(entry is None or entry.boards))
    if entry is not None:
        fewest, most = entry.seats  # more players than that: the rest wait for a later hand
        lines.append(f"Players in a hand: {fewest} to {most}")
        if entry.deck != len(FULL_DECK):
            lines.append(f"Deck: {deck_words(entry.deck)}")
    return lines


def deck_words(cards: int) -> str:
    """A deck of ``cards`` in words, its ranks worked out from its size: a game's deck is the
    full deck cut from one rank up (``rules.cards.cards_from_rank``), four cards a rank.

    >>> deck_words(36), deck_words(52)
    ('36 cards, six to ace', '52 cards, two to ace')
    """
    lowest = RANK_NAMES[(len(FULL_DECK) - cards) // len(SUITS)]
    return f"{cards} cards, {lowest} to {RANK_NAMES[-1]}"


def extras_lines(value: Any, board: bool = True) -> list[str]:
    """The home-game extras the table plays, for guests reading the game card (``value`` reads
    a setting, its default when unset; run it twice and the rabbit hunt only in a game with a
    ``board``, the only ones that play them).

    >>> extras_lines(lambda n: {"straddle": True, "bounty": 50, "bomb_every": 0,
    ...                         "bb_ante": False, "dealers_choice": False}.get(n))
    ['Straddle allowed (under the gun, two big blinds)', '7-2 bounty: 50 chips from each player']
    """
    lines = []
    if board and value("run_twice"):
        lines.append("Run it twice when all in and every player in agrees")
    if board and value("rabbit_hunt"):
        lines.append("Rabbit hunt: the cards that would have come, shown after a hand ends early")
    if value("straddle"):
        lines.append(BY_NAME["straddle"].label)
    if value("bb_ante"):
        lines.append("Big-blind ante: the big blind posts the whole table's ante")
    if value("bounty"):
        lines.append(f"7-2 bounty: {value('bounty'):,} chips from each player")
    if value("bomb_every"):
        lines.append(f"A bomb pot every {value('bomb_every')} hands")
    if value("dealers_choice"):
        picks = [e.names.full for g, e in catalogue.GAMES.items()
                 if e.is_table_game and value(f"dc_{g.replace('-', '_')}") is not False]
        lines.append("Dealer's choice: " + ", ".join(picks))
    return lines

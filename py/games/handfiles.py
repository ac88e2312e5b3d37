"""What every hand-history file does with a player's history: each table-game hand once, in
hand-number order, through one format's writer; a hand the format cannot hold is left out, and
a file left with no hand says why (the last reason met).

One loop for the PHH and Open Hand History documents (``games.phh``, ``games.ohh``).

>>> written([{"hand_no": 2, "game": "holdem"}, {"hand_no": 1, "game": "holdem"}],
...         lambda no, record: f"hand {no}")
['hand 1', 'hand 2']
>>> written([{"hand_no": 1, "game": "ultimate"}], lambda no, record: "?")
Traceback (most recent call last):
room.errors.ExportError: no hand of a table game has finished yet
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from room.errors import ExportError

from games import catalogue

Writer = Callable[[int, Mapping[str, Any]], str]
"""A format's text for one hand (its number, its record); raises ``ExportError`` for a hand
the format cannot hold."""


def written(records: Iterable[Mapping[str, Any]], write: Writer) -> list[str]:
    """The text ``write`` gives each table-game hand of ``records`` (the last record of each
    hand number), in hand-number order; raises :class:`ExportError` if none is written."""
    by_no = {r.get("hand_no"): r for r in records if isinstance(r, Mapping)}
    texts: list[str] = []
    why = "no hand of a table game has finished yet"
    for no in sorted(n for n in by_no if type(n) is int):
        record = by_no[no]
        if not catalogue.table_game(record.get("hand_game") or record.get("game")):
            continue
        try:
            texts.append(write(no, record))
        except ExportError as exc:
            why = str(exc)
    if not texts:
        raise ExportError(why)
    return texts

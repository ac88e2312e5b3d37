"""The page reads only keys an honest host sends: every ``.get("key")`` in ``web`` names a key
the view types declare (``games.viewtypes``, ``room.viewtypes``) or one of the parts not typed
yet, listed below by where it comes from (to shrink as they are typed). A key misspelt in the
page, or one the host stopped sending, fails here rather than drawing nothing.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import games.viewtypes
import room.viewtypes

WEB = Path(__file__).resolve().parent.parent / "py" / "web"

NOT_TYPED_YET = {
    # a finished table hand's record (games.poker.hands.viewer_record) and its pots
    "payouts", "shown", "winners", "wins", "uncontested", "net",
    # an Ultimate Omaha player's result (rules.ultimate) and its hands in words
    "net_cents", "qualifies", "total_multiplier", "words", "hand",
    # a table hand's log entries (games.poker.hands.public_log)
    "type", "action", "all_in", "count", "raise_verb",
    # a game's settings as its form sends them (games.settings, games.poker.settings)
    "fixed", "time_bank_s",
    # messages, not views: an error's code and detail, the page's boot options
    "code", "detail", "client",
}


def declared() -> set[str]:
    keys: set[str] = set()
    for module in (games.viewtypes, room.viewtypes):
        for value in vars(module).values():
            if typing.is_typeddict(value):
                keys |= set(value.__annotations__)
    return keys


def read_keys(text: str) -> set[str]:
    """Keys looked up with ``.get``, but not the browser storage's (``web.storage.get``)."""
    return set(re.findall(r'(?<!storage)\.get\(\s*"([A-Za-z_0-9]+)"', text))


def test_the_page_reads_only_declared_keys():
    known = declared() | NOT_TYPED_YET
    unknown = {f"{path.name}: {key}" for path in sorted(WEB.glob("*.py"))
               for key in read_keys(path.read_text(encoding="utf-8")) if key not in known}
    assert unknown == set()


def test_the_scan_sees_a_key_nobody_sends():
    assert read_keys('seat.get("hole_cardz")') - declared() - NOT_TYPED_YET == {"hole_cardz"}
    assert read_keys('storage.get("localStorage", KEY)') == set()
    assert "hole" in declared() and "balance_cents" in declared()


def test_no_key_is_listed_as_untyped_once_it_is_declared():
    assert NOT_TYPED_YET & declared() == set()

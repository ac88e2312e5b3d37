"""The page reads only keys an honest host sends: every key ``web`` looks up (``.get("key")``,
or ``web.viewdata``'s ``part(view, "key")`` and its kin) is one the view types declare
(``games.viewtypes``, ``room.viewtypes``: every part of a view is typed). A key misspelt in the
page, or one the host stopped sending, fails here rather than drawing nothing.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import games.viewtypes
import room.viewtypes

WEB = Path(__file__).resolve().parent.parent / "py" / "web"

def declared() -> set[str]:
    keys: set[str] = set()
    for module in (games.viewtypes, room.viewtypes):
        for value in vars(module).values():
            if typing.is_typeddict(value):
                keys |= set(value.__annotations__)
    return keys


ACCESSORS = ("part", "array", "records", "strings", "string", "number")
"""``web.viewdata``'s readers by key: ``part(game, "you")`` looks up ``"you"``."""


def read_keys(text: str) -> set[str]:
    """Keys looked up with ``.get`` (but not the browser storage's, ``web.storage.get``), or
    with one of ``web.viewdata``'s accessors."""
    got = set(re.findall(r'(?<!storage)\.get\(\s*"([A-Za-z_0-9]+)"', text))
    call = rf'(?<![\w.])(?:{"|".join(ACCESSORS)})\((?:[^()"]|\([^()]*\))*?,\s*"(\w+)"\)'
    return got | set(re.findall(call, text))


def test_the_page_reads_only_declared_keys():
    known = declared()
    unknown = {f"{path.name}: {key}" for path in sorted(WEB.glob("*.py"))
               for key in read_keys(path.read_text(encoding="utf-8")) if key not in known}
    assert unknown == set()


def test_the_scan_sees_a_key_nobody_sends():
    assert read_keys('seat.get("hole_cardz")') - declared() == {"hole_cardz"}
    assert read_keys('storage.get("localStorage", KEY)') == set()
    assert read_keys('part(mapping(x), "youu"), number(seat, "stackk")') == {"youu", "stackk"}
    assert "hole" in declared() and "balance_cents" in declared()


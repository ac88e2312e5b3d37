"""A game's own settings schema: small frozen records a game lists in its ``SETTINGS``.

The table's settings (base bet, grace, timer, auto-deal) are the room's; anything a game adds
(a betting structure, blinds, a cap) is one :class:`Setting`, so the page can draw the control
and the game can check the value in ``configure`` with one rule (:meth:`Setting.check`).

>>> cap = Setting("cap_bets", "int", 4, lo=1, hi=10, words="raises allowed per round")
>>> cap.check(3), cap.check(None)
(3, 4)
>>> Setting("structure", "choice", "no-limit", choices=("no-limit", "pot-limit")).check("x")
Traceback (most recent call last):
...
room.errors.RoomError: structure: 'x' is not one of no-limit, pot-limit
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from room.errors import Code, RoomError

SettingKind = Literal["int", "bool", "choice"]


@dataclass(frozen=True)
class Setting:
    """One setting of a game: its ``name`` (the key in ``TableSettings.game``), ``kind``,
    ``default``, bounds (``lo``/``hi`` for an int, ``choices`` for a choice) and ``words``
    (what the page says about it)."""

    name: str
    kind: SettingKind
    default: int | bool | str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    words: str = ""

    def check(self, value: object) -> int | bool | str:
        """The value to use for ``value`` (None: the default); ``RoomError`` with code
        ``settings/bad_value`` if it is not one this setting allows."""
        if value is None:
            return self.default
        if self.kind == "bool":
            if type(value) is not bool:
                raise RoomError(f"{self.name}: {value!r} is not true or false",
                                Code.SETTINGS_BAD_VALUE)
            return value
        if self.kind == "int":
            if type(value) is not int or (self.lo is not None and value < self.lo) or (
                self.hi is not None and value > self.hi
            ):
                raise RoomError(f"{self.name}: {value!r} is not a whole number from "
                                f"{self.lo} to {self.hi}", Code.SETTINGS_BAD_VALUE)
            return value
        if not isinstance(value, str) or value not in self.choices:
            raise RoomError(f"{self.name}: {value!r} is not one of {', '.join(self.choices)}",
                            Code.SETTINGS_BAD_VALUE)
        return value

"""The low-time warning of every game: what a player hears as their decision runs out.

One rule for Ultimate Omaha's table and the poker tables (pure, so CPython tests pin it): a
player whose turn it is hears "10 seconds left" politely, then "5 seconds left" assertively
(it cannot wait), each once per decision (a re-sent or redrawn view, a tick every half second,
says nothing again); a polite warning already due when the decision begins (a 10-second timer)
is not said, so it never takes the place of that moment's news. What happens when the time is
up is the game's and is said with it ("then you check automatically"). A warning that no
longer holds (the player acted, the turn moved on) is cleared, so the next decision's identical
warning is read out again.

>>> w = TimeWarnings()
>>> w.due(("hand 1", "flop"), 12_000, True, "then you check automatically")
>>> w.due(("hand 1", "flop"), 9_600, True, "then you check automatically")
Warning(text='10 seconds left to choose; then you check automatically.', assertive=False)
>>> w.due(("hand 1", "flop"), 9_100, True, "then you check automatically") is None
True
>>> w.due(("hand 1", "flop"), 4_200, True, "then you check automatically").assertive
True
>>> w.due(("hand 1", "flop"), 3_000, False, "") is None, w.cleared()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

WARN_AT_S = (10, 5)
"""The seconds left at which a player is warned; the last one assertively."""


@dataclass(frozen=True)
class Warning:
    """One warning: its words, and whether it goes to the assertive region."""

    text: str
    assertive: bool


@dataclass
class TimeWarnings:
    """Which warnings were said for which decision (``key``: anything naming the decision,
    e.g. the hand, round and actions so far)."""

    key: Any = None
    said: set[int] = field(default_factory=set)
    clear: bool = False
    """A warning was said and no longer holds: the page empties its region once."""

    def due(self, key: Any, left_ms: float | None, can_act: bool, then: str,
            where: str = "") -> Warning | None:
        """The warning to say now for decision ``key`` with ``left_ms`` left (None: no
        timer), if the viewer ``can_act``; ``then`` says what happens at zero, ``where``
        (optional) names the decision ("Hand 3, flop"), so two decisions' warnings are never
        the same text (a screen reader may not repeat an alert whose text did not change)."""
        if not can_act or left_ms is None or left_ms <= 0:
            if self.said:
                self.clear = True
            self.key, self.said = None, set()
            return None
        left_s = -(-int(left_ms) // 1000)
        if key != self.key:
            if self.said:
                self.clear = True
            # A polite warning already due as the decision begins (a 10-second timer's "10
            # seconds left") tells nothing the timer does not, and would replace the news of
            # that moment in the polite region (the flop, an automatic check): not said.
            self.key, self.said = key, {s for s in WARN_AT_S[:-1] if left_s <= s}
        due = [s for s in WARN_AT_S if left_s <= s and s not in self.said]
        if not due:
            return None
        self.said.update(due)
        at = min(due)
        return Warning(warning_text(at, then, where), assertive=at == WARN_AT_S[-1])

    def cleared(self) -> bool:
        """True once after a said warning stopped holding (the page empties its region)."""
        out, self.clear = self.clear, False
        return out


def warning_text(seconds: int, then: str, where: str = "") -> str:
    """The words of a warning.

    >>> warning_text(5, "then you fold automatically")
    '5 seconds left to choose; then you fold automatically.'
    >>> warning_text(5, "then you check automatically", "Hand 3, flop")
    'Hand 3, flop: 5 seconds left to choose; then you check automatically.'
    """
    return (f"{where}: " if where else "") + f"{seconds} seconds left to choose" + (
        f"; {then}." if then else ".")

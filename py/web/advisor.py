"""The odds advisor on the page: the host's switch in the lobby's settings, and for each player
the odds of their own hand beside the table, worked out on this page from this page's view.

The numbers are asked for in one place (:func:`web.advisorcall.advice_thought`) and worked
out in slices of at most :data:`SLICE_MS` from the page's timer, so the page answers the
player between slices. Each new situation (a new round, a bet to call) starts afresh; the
words, once found, are shown in the panel and said once in its polite live region.

The page keeps two figures of its own work on the body's dataset for the end-to-end tests
and anyone curious: ``advisorStepMs``, the longest slice so far, and ``advisorWorkMs``, the
time the last advice took summed over its slices (the work, not the waits between them).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pyscript import window

from web.advisorcall import AdviceThought, advice_key, advice_thought, advisor_on
from web.dom import by_id
from web.timers import later

SLICE_MS = 10.0
WORKING = "Working out the odds of your hand…"
NO_ADVICE = "The advisor has no numbers for this game in this version of the page."


class Advisor:
    """The switch and the panel of one session (``session.client`` builds, ``request``
    sends)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.key: tuple[Any, ...] | None = None
        self.thought: AdviceThought | None = None
        self.stepping = False
        self.longest_ms = 0.0
        self.work_ms = 0.0

    def wire(self, handlers: Any) -> None:
        handlers.listen(by_id("gs-advisor"), "change", self.on_switch)

    def on_switch(self, _event: Any = None) -> None:
        client = self.session.client
        if client is not None and not self.session.ended:
            self.session.request(client.set_advisor(bool(by_id("gs-advisor").checked)))

    def render(self, view: Mapping[str, Any]) -> None:
        """Follow the view: the switch as the room has it, the panel for our own hand."""
        switch = by_id("gs-advisor")
        on = advisor_on(view)
        if bool(switch.checked) != on:
            switch.checked = on
        key = advice_key(view)
        panel = by_id("advisor")
        panel.hidden = key is None
        if key is None or key == self.key:
            if key is None:
                self.key, self.thought = None, None
                self.show("")
            return
        self.key = key
        # The seed is this page's own: the advice is for this player's eyes only.
        self.thought = advice_thought(view, random.Random())
        if self.thought is None:
            self.show(NO_ADVICE)
            return
        self.show(WORKING)
        self.work_ms = 0.0
        if not self.stepping:
            self.stepping = True
            later(self.step, 0)

    @staticmethod
    def show(words: str) -> None:
        """The words in the panel, and again in the bar of controls, which covers the panel
        on a phone while the player acts (the bar's copy is hidden from screen readers: the
        panel and its live region say them)."""
        by_id("advisor-text").textContent = words
        by_id("pk-advisor-line").textContent = words

    def step(self) -> None:
        """One slice of the thought (at most :data:`SLICE_MS`), then the next from the timer."""
        self.stepping = False
        thought, key = self.thought, self.key
        if thought is None or self.session.ended:
            return
        perf = window.performance
        began = float(perf.now())
        words: str | None = None
        longest = 0.0
        try:
            while words is None:
                t0 = float(perf.now())
                words = next(thought)
                longest = max(longest, float(perf.now()) - t0)
                if float(perf.now()) - began + longest > SLICE_MS:
                    break
        except StopIteration:
            self.thought = None
            return
        except Exception as exc:  # our bug: said in the console, the table goes on
            window.console.warn(f"the advisor failed: {exc!r}")
            self.thought = None
            self.show(NO_ADVICE)
            return
        ran = float(perf.now()) - began
        self.work_ms += ran
        if ran > self.longest_ms:
            self.longest_ms = ran
            window.document.body.dataset.advisorStepMs = f"{ran:.1f}"
        if words is not None:
            if self.key == key:
                self.thought = None
                window.document.body.dataset.advisorWorkMs = f"{self.work_ms:.1f}"
                self.show(words)
                by_id("advisor-say").textContent = words
            return
        self.stepping = True
        later(self.step, 0)

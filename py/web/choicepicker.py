"""The table's home-game card (index.html ``#pk-extras``): the button's pick of the next hand's
game at a dealer's-choice table, and a player's standing straddle. What it shows is
:mod:`web.picktext`'s; here it is only drawn and turned into table requests.

The pick is a labelled ``<select>`` with a submit button in a form (arrows move through the
games, Enter on the list or the button picks; a screen reader says the label and each game's
name), so it works by
keyboard and at 375 px. The options are rebuilt only when the games offered change, so a
player moving through them keeps their place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document

from web import picktext
from web.dom import Handlers, by_id, make

TableAsk = Callable[[str, "int | None"], None]


class ChoicePicker:
    """Owner of ``#pk-extras`` (one per session)."""

    def __init__(self) -> None:
        self.table: TableAsk | None = None
        self.options: Any = None
        self.card: picktext.PickCard | None = None
        self.drawn: tuple[Mapping[str, object], object, float] | None = None
        """The view's game part, the viewer and when it came: the countdown's anchor."""

    def wire(self, h: Handlers, table: TableAsk) -> None:
        self.table = table
        h.listen(by_id("pk-pick-form"), "submit", self.on_pick)
        h.listen(by_id("pk-pick-select"), "keydown", self.on_key)
        h.listen(by_id("pk-straddle"), "change", self.on_straddle)

    def on_pick(self, event: Any = None) -> None:
        if event is not None:
            event.preventDefault()
        if self.table is None or self.card is None or not self.card.mine:
            return
        number = int(str(by_id("pk-pick-select").value))
        if number in (n for n, _ in self.card.options):
            self.table("pick_game", number)

    def on_key(self, event: Any) -> None:
        """Enter on the list picks the game it shows (a list alone does not submit its
        form)."""
        if str(event.key) == "Enter":
            event.preventDefault()
            self.on_pick()

    def on_straddle(self, _event: Any = None) -> None:
        if self.table is not None:
            self.table("straddle_on" if by_id("pk-straddle").checked else "straddle_off", None)

    def tick(self, now: float) -> None:
        """The pick's line with the seconds left counted down since the view came."""
        if self.drawn is None or self.card is None:
            return
        game, you, at = self.drawn
        card = picktext.pick_card(picktext.later(game, now - at), you)
        if card is not None:
            by_id("pk-pick-line").textContent = card.line

    def render(self, game: Mapping[str, object], you: object, now: float) -> None:
        self.drawn = (game, you, now)
        card = picktext.pick_card(game, you)
        straddle = picktext.straddle_offer(game)
        self.card = card
        seats = game.get("seats")
        seated = isinstance(seats, list) and any(
            isinstance(s, Mapping) and s.get("id") == you for s in seats)
        by_id("pk-extras").hidden = card is None and (straddle is None or not seated)
        line = by_id("pk-pick-line")
        line.hidden = card is None
        line.textContent = card.line if card is not None else ""
        form = by_id("pk-pick-form")
        form.hidden = card is None or not card.mine
        if card is not None and card.mine:
            select = by_id("pk-pick-select")
            if self.options != card.options:
                self.options = card.options
                select.replaceChildren(*(_option(str(n), name) for n, name in card.options))
            if document.activeElement != select:  # not under the player moving through it
                select.value = str(card.selected)
        row = by_id("pk-straddle-row")
        row.hidden = straddle is None or not seated
        if straddle is not None:
            by_id("pk-straddle").checked = straddle


def _option(value: str, text: str) -> Any:
    option = make("option", text)
    option.value = value
    return option

"""Playing cards as the page draws them, for every game: a face with rank and suit corners and a
big pip, a back for a card not shown, and each card's name for screen readers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from web import gametext
from web.dom import make


def card_el(text: Any, size: str = "", used: bool = False) -> Any:
    """One playing card: rank and suit corners, a big pip, and its name for screen readers."""
    card = gametext.card_of(text)
    el = make("span", cls="pc" + (f" pc-{size}" if size else ""))
    el.setAttribute("role", "img")
    el.setAttribute("aria-label", gametext.card_name(text))
    if card is None:
        el.classList.add("pc-back")
        return el
    el.dataset.card = str(card)
    el.dataset.suit = card.suit_char
    if used:
        el.classList.add("pc-used")
    symbol = card.pretty()[-1]
    rank = gametext.rank_shown(card)
    corner = make("span", cls="pc-corner")
    corner.appendChild(make("span", rank, "pc-rank"))
    corner.appendChild(make("span", symbol, "pc-suit"))
    el.appendChild(corner)
    el.appendChild(make("span", symbol, "pc-pip"))
    return el


def cards_el(cards: Sequence[Any], size: str = "", used: frozenset[str] = frozenset(),
             label: str = "") -> Any:
    box = make("span", cls="cards")
    if label:
        box.setAttribute("role", "group")
        box.setAttribute("aria-label", label)
    for text in cards:
        box.appendChild(card_el(text, size, isinstance(text, str) and text in used))
    return box

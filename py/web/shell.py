"""The table shell every game shares: its seats on the oval felt.

A game fills the middle of the felt (Ultimate Omaha: two boards; the table games: boards and
pots) and its own controls; the seats (and, in index.html and app.css, the header, the felt
and the side column) look and read the same in every game, so the product is one room (issue
11). Seats hold no focusable control and are rebuilt from each view; text from the wire goes
in with ``textContent`` only.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from web.cards import cards_el
from web.dom import by_id, make
from web.seating import SeatFace


def _cls(face: SeatFace, *names: str) -> str:
    """The shared class names, each followed by its game's older alias (if any)."""
    out = []
    for name in names:
        out.append(name)
        alias = face.hooks.get(name)
        if alias:
            out.append(alias)
    return " ".join(out)


def seat_el(face: SeatFace, spot: tuple[float, float] | None) -> Any:
    """One seat: name, marks and badges, connection, money, cards, last action, bet in front.
    ``spot``: its place on the oval (percent of the felt), None for a grid."""
    item = make("li", cls=_cls(face, "seat"))
    item.dataset.player = face.player
    for key, value in face.data.items():
        setattr(item.dataset, key, value)  # a JS object: attribute, not item, assignment
    if face.you:
        item.classList.add(*_cls(face, "seat-you").split())
    if face.dim:
        item.classList.add("seat-dim")
    if spot is not None:
        item.style.setProperty("--x", f"{spot[0]}%")
        item.style.setProperty("--y", f"{spot[1]}%")

    head = make("div", cls=_cls(face, "seat-head"))
    head.appendChild(make("span", face.name, _cls(face, "seat-name")))
    for mark in face.marks:
        cls = mark.cls if mark.cls.startswith("seat-mark") else _cls(face, "mark", mark.cls)
        el = make("span", mark.text, cls)
        el.setAttribute("role", "img")
        el.setAttribute("aria-label", mark.spoken)
        head.appendChild(el)
    for badge in face.badges:
        if badge.cls == "badge-queued":
            continue  # said under the money, where it explains the missing stake
        el = make("span", badge.text, f"badge {badge.cls}")
        if badge.title:
            el.title = badge.title
        head.appendChild(el)
    words = "online" if face.connected else "disconnected"
    conn = make("span", "", _cls(face, "seat-conn") + " conn " + (
        "conn-on" if face.connected else "conn-off"))
    # A dot to the eye, a word to the ear; the space keeps the word apart from a mark's text
    # ("SB online", not "SBonline") for whoever reads the seat's text.
    conn.appendChild(make("span", " " + words, "sr-only"))
    conn.title = words
    head.appendChild(conn)
    item.appendChild(head)

    facts = make("div", cls=_cls(face, "seat-facts"))
    for fact in face.money:
        el = make("span", cls="fact")
        if fact.label:
            el.appendChild(make("span", fact.label + " ", "fact-label"))
        value = make("span", fact.value, fact.cls)
        if fact.spoken:
            value.setAttribute("aria-label", fact.spoken)
        el.appendChild(value)
        facts.appendChild(el)
    if face.turn:
        facts.appendChild(make("span", "", _cls(face, "seat-timer")))
    item.appendChild(facts)
    for badge in face.badges:
        if badge.cls == "badge-queued":
            item.appendChild(make("span", badge.text, f"badge {badge.cls}"))
    if face.cards:
        item.appendChild(cards_el(list(face.cards), "mini", label=f"{face.name}'s cards"))
    if face.line:
        item.appendChild(make("span", face.line, _cls(face, "seat-line")))
    if face.bet:
        chip = make("span", face.bet, _cls(face, "seat-bet"))
        chip.setAttribute("aria-label", f"bet {face.bet}")
        item.appendChild(chip)
    return item


def render_seats(list_id: str, faces: Iterable[tuple[Hashable, SeatFace]],
                 spots: Mapping[Any, tuple[float, float]],
                 extra: Mapping[str, Any] | None = None) -> list[Any]:
    """Draw every seat into the list ``list_id`` (each at its spot on the oval); ``extra``:
    an element to append to a player's seat (Ultimate's showdown). Returns the seat elements."""
    items = []
    for key, face in faces:
        item = seat_el(face, spots.get(key))
        more = (extra or {}).get(face.player)
        if more is not None:
            item.appendChild(more)
        items.append(item)
    by_id(list_id).replaceChildren(*items)
    return items

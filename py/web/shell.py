"""The table shell every game shares: its seats on the oval felt, and each hand's fair-deal
verdict (:class:`FairNote`).

A game fills the middle of the felt (Ultimate Omaha: two boards; the table games: boards and
pots) and its own controls; the seats (and, in index.html and app.css, the header, the felt
and the side column) look and read the same in every game, so the product is one room. Seats
hold no focusable control and are rebuilt from each view; text from the wire goes in with
``textContent`` only.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from web import fairtext
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


@dataclass
class DrawnSeats:
    """The seats as last drawn, so that a view which changes one seat redraws that seat only.

    Rebuilding six seats from each view cost 10-30 ms of a guest's page in Pyodide (the
    click-to-every-page latency of ``tools/bench_latency.py``); most actions change one seat.
    A drawn seat is kept while its face, its spot and ``epoch`` (the caller's "nothing outside
    the face touched these seats" token, e.g. the hand and its phase) stay the same.
    """

    epoch: Any = None
    seats: dict[Any, tuple[SeatFace, tuple[float, float] | None, Any]] = field(
        default_factory=dict)
    order: list[Any] = field(default_factory=list)


def render_seats(list_id: str, faces: Iterable[tuple[Hashable, SeatFace]],
                 spots: Mapping[Any, tuple[float, float]],
                 extra: Mapping[str, object] | None = None,
                 drawn: DrawnSeats | None = None, epoch: Any = None) -> list[Any]:
    """Draw every seat into the list ``list_id`` (each at its spot on the oval); ``extra``:
    an element to append to a player's seat (Ultimate's showdown). ``drawn``: the seats as
    last drawn, reused where nothing changed (see :class:`DrawnSeats`). Returns the seat
    elements."""
    if drawn is not None and drawn.epoch != epoch:
        drawn.seats.clear()
        drawn.epoch = epoch
    kept = {} if drawn is None else drawn.seats
    items = []
    now: dict[Any, tuple[SeatFace, tuple[float, float] | None, Any]] = {}
    for key, face in faces:
        spot = spots.get(key)
        more = (extra or {}).get(face.player)
        old = kept.get(key)
        if more is None and old is not None and old[0] == face and old[1] == spot:
            item = old[2]
        else:
            item = seat_el(face, spot)
            if more is not None:
                item.appendChild(more)
        if more is None:
            now[key] = (face, spot, item)
        items.append(item)
    drawn_ids = {id(x) for x in drawn.order} if drawn is not None else set()
    if drawn is not None and drawn.order and len(drawn.order) == len(items) and all(
            was is item or id(item) not in drawn_ids
            for was, item in zip(drawn.order, items, strict=True)):
        # Every kept seat in its place: swap in only the seats redrawn (one action changes
        # one or two), so the others are not taken out and laid out again.
        for was, item in zip(drawn.order, items, strict=True):
            if was is not item:
                was.replaceWith(item)
    else:
        by_id(list_id).replaceChildren(*items)
    if drawn is not None:
        drawn.seats = now
        drawn.order = items
    return items


class FairNote:
    """Each hand's fair-deal verdict at results, in every game: the shell's ``#fair-note``
    under the table's head shows it (loudly when it failed), and it is said once per hand —
    verified in the polite ``#announce`` (after the game's own results news of the same view),
    not verified in the assertive ``#alert``. The verdict is the room client's, for the hand
    on screen (:meth:`room.client.GuestClient.verdict`); the words are :mod:`web.fairtext`'s."""

    def __init__(self) -> None:
        self.said: Any = None  # (hand, ok, reason) last said, so a view repeats nothing

    def show(self, verdict: Any, hand: Any, news: bool) -> None:
        """Show ``verdict`` (None: none yet, before results) for hand ``hand``; ``news``:
        the game wrote news into ``#announce`` while drawing this same view."""
        note = by_id("fair-note")
        if verdict is None:
            note.hidden = True
            note.replaceChildren()
            self.said = None
            return
        ok = bool(getattr(verdict, "ok", False))
        before, words, after, rest = fairtext.shown(verdict)
        parts = []
        for text, mark in ((before, True), (words, False), (after, True), (rest, False)):
            if text:
                el = make("span", text, "fair-mark" if mark else "")
                if mark:
                    el.setAttribute("aria-hidden", "true")
                parts.append(el)
        note.replaceChildren(*parts)
        note.dataset.ok = "yes" if ok else "no"
        note.hidden = False
        key = (hand, ok, getattr(verdict, "reason", None))
        if key == self.said:
            return
        self.said = key
        said = fairtext.spoken(verdict)
        if ok:
            region = by_id("announce")
            region.textContent = f"{region.textContent} {said}" if news else said
        else:
            by_id("alert").textContent = said

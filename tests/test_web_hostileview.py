"""A guest cannot trust its host: a view whose parts are of the wrong type (a hostile host, or
an older one) draws as less, never stops the redraw. Every pure reader the page draws and
speaks with is fed real views (a table game's and Ultimate Omaha's, mid-hand and at results)
with one part at a time, at the top or one level down, replaced by a value of another type;
none may raise."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from games.registry import factory
from games.ultimate import UltimateGame
from room.game import PlayerInfo, Request, TableSettings
from rules.cards import FULL_DECK
from web import gametext, hosttext, pokerread, pokerresults, pokersidetext, pokertext, preaction

JUNK: tuple[object, ...] = (None, 7, True, "x", [], {}, [7, "x", None], {"x": 7})

KEYS = "abcdefghijklmnopqrstuvwxyz0123456789"


def table_views() -> list[dict[str, Any]]:
    """A Hold'em table's view mid-hand and at results (three players, everyone calls)."""
    deck = list(range(52))
    random.Random(3).shuffle(deck)
    game = factory("holdem", lambda: list(deck))()
    game.configure(TableSettings(10_000, 0, False, {"mode": "tournament",
                                                    "starting_stack": 1000}))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1) for i in (1, 2, 3)], 0)
    game.next_hand()
    views = []
    while game.hand_running:
        (actor,) = game.to_act()
        views.append(dict(game.view_for(actor)))
        c = pokertext.controls(game.view_for(actor))
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    views.append(dict(game.view_for("p1")))
    return [views[0], views[len(views) // 2], views[-1]]


def ultimate_views() -> list[dict[str, Any]]:
    game = UltimateGame(deck_source=lambda: FULL_DECK)
    game.configure(TableSettings(grace_ms=10_000, timer_ms=0, auto_deal=False,
                                 game={"base_cents": 100}))
    game.set_players([PlayerInfo("p1", "Ann", True), PlayerInfo("p2", "Bob", True)], 0)
    game.next_hand()
    views = [dict(game.view_for("p1"))]
    while game.view_for("p1")["results"] is None:
        for pid in sorted(game.to_act()):
            game.handle_action(pid, Request("check", game.seq))
    views.append(dict(game.view_for("p1")))
    return views


def spoiled(view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """``view`` with one part replaced by junk: each top-level part, then each part of a part
    (the first entry of a list of parts)."""
    for key, value in view.items():
        for junk in JUNK:
            yield {**view, key: junk}
        inner = value[0] if isinstance(value, list) and value else value
        if isinstance(inner, Mapping):
            for sub in inner:
                for junk in JUNK:
                    bad = {**inner, sub: junk}
                    yield {**view, key: [bad, *value[1:]] if isinstance(value, list) else bad}


def room(game: Mapping[str, Any]) -> dict[str, Any]:
    return {"room": "ABCD", "you": "p1", "host": "p1", "phase": "playing",
            "settings": {"game_id": game.get("game"), "game": {}, "next_game": None},
            "players": [], "game": game}


TABLE_READERS: list[Callable[[Mapping[str, Any], Mapping[str, Any]], object]] = [
    lambda g, before: [pokerread.read(k, s, g, 1_000) for k in KEYS for s in (False, True)],
    lambda g, before: pokertext.controls(g),
    lambda g, before: (pokertext.phase_label(g), pokertext.stakes_line(g), pokertext.pot_lines(g),
                       pokertext.game_title(g), pokertext.no_cards_words(g),
                       pokertext.tournament_over(g), pokertext.cash(g, "p1"),
                       pokertext.blind_marks(g), pokertext.names_by_seat(g)),
    lambda g, before: pokertext.news(before, g, "p1"),
    lambda g, before: pokertext.news(g, before, "p1"),
    lambda g, before: (pokerresults.results(g), pokerresults.announce_lines(g),
                       pokerresults.log_lines(g)),
    lambda g, before: (pokersidetext.standings(g), pokersidetext.my_stack(g, "p1"),
                       pokersidetext.leave_label(g, "p1"),
                       pokersidetext.leave_warning(g, "p1", True),
                       pokersidetext.result_line(g.get("results") or {}, "p1")
                       if isinstance(g.get("results"), Mapping) else None),
    lambda g, before: preaction.keep(None, g) if preaction.offer(g) is None else preaction.offer(g),
    lambda g, before: (hosttext.panel(room(g), True), hosttext.change(room(g), True),
                       hosttext.clock(room(g)), hosttext.next_hand_note(g, True)),
]

ULTIMATE_READERS: list[Callable[[Mapping[str, Any], Mapping[str, Any]], object]] = [
    lambda g, before: (gametext.announcement(g, "p1"), gametext.state_line(g, "p1", True),
                       gametext.breakdown(g, "p1"), gametext.flop_hands(g),
                       gametext.results_announcement(g, "p1")),
    lambda g, before: (gametext.news(before, g, "p1"), gametext.news(g, before, "p1"),
                       gametext.auto_checks(before, g, "p1")),
    lambda g, before: gametext.leave_warning(room(g), False),
]


@pytest.mark.parametrize(("views", "readers"), [(table_views, TABLE_READERS),
                                                (ultimate_views, ULTIMATE_READERS)],
                         ids=["table", "ultimate"])
def test_no_reader_raises_on_a_part_of_the_wrong_type(views, readers):
    tried = 0
    for view in views():
        for reader in readers:
            reader(view, view)  # the honest view reads
        for bad in spoiled(view):
            for reader in readers:
                try:
                    reader(bad, view)
                except Exception as exc:  # any exception is the failure
                    changed = {k: v for k, v in bad.items() if view.get(k) != v}
                    raise AssertionError(f"{exc!r} reading {changed}") from exc
                tried += 1
    assert tried > 1_000

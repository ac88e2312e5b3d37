"""The results of a board run twice as the table page shows and says them (web.pokerresults),
from real views of a three-handed room where everyone is all in and agrees to run it twice
(``static/rules/table-games.md#run-it-twice``)."""

from __future__ import annotations

import doctest
import re

import pytest
from test_room_runtwice import bet_until_asked
from test_room_table_games import three
from web import choicetext
from web import pokerresults as pr


@pytest.mark.parametrize("module", [choicetext, pr])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def run_twice(game_id: str) -> dict:
    """A no-limit hand of ``game_id`` where all three go all in and agree: Bob's view of its
    end."""
    table = three(game_id, {"run_twice": True, "betting": "no-limit"})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 400})
    bet_until_asked(table)
    for name in ("Bob", "Cy", "Ann"):
        table.send(name, table.clients[name].table("run_twice"))
    view = table.g("Bob")
    assert view["phase"] == "results" and "second_boards" in view["results"]
    return view


@pytest.mark.parametrize("game_id", ["holdem", "omaha-hilo"])
def test_each_shown_hand_is_shown_and_said_on_both_runs(game_id):
    """Every shown hand lists its words on run 1 and then on run 2, each part named for its
    run (Hi/Lo: each run's high and low), with the five cards it won with on that run; the
    second run's winning board cards are marked on its own row, never on the first board's;
    the live region says both runs' words for every hand."""
    view = run_twice(game_id)
    record = view["results"]
    r = pr.results(view)
    assert r is not None and len(r.hands) == len(record["shown"]) >= 2
    halves = ["high ", "low "] if game_id == "omaha-hilo" else [""]
    lines = pr.announce_lines(view)
    run2_won: dict[str, set[str]] = {}
    for h, shown in zip(r.hands, record["shown"], strict=True):
        second = shown["second"]
        assert [p.label for p in h.parts] == [
            f"Run {run} {half}".strip() for run in (1, 2) for half in halves]
        assert [p.run for p in h.parts] == [1] * len(halves) + [2] * len(halves)
        assert [p.words for p in h.parts] == [
            pr.written(w) for w in shown["hands"] + second["hands"]]
        assert [list(p.five) for p in h.parts] == [
            w or [] for w in shown["wins"] + second["wins"]]
        said = next(line for line in lines if line.startswith(f"{h.name} shows "))
        for p in h.parts:
            assert f"{p.label.lower()}, {p.words}" in said, (said, p)
        for p in h.parts[len(halves):]:
            for card in p.five:
                if card not in h.cards:
                    run2_won.setdefault(card, set()).add(p.token)
    assert run2_won, "someone won on the second run with a board card"
    second_board = record["second_boards"][0]
    assert {k: set(v.split()) for k, v in r.run2[0].items()} == run2_won
    assert set(r.run2[0]) <= set(second_board)
    assert all(t.startswith("run2-") for t in run2_won.values() for t in t)
    assert not any(t.startswith("run2-") for m in r.boards for v in m.values()
                   for t in v.split())
    assert "second run" in pr.token_words(next(iter(run2_won.values())).pop())


def test_the_rabbit_and_a_card_shown_after_the_results_are_said_once_in_words():
    """The rabbit and a winner's shown card come after the results were announced: the live
    region's news says each once, in words (the screen shows them; a screen reader must
    hear them too), and a later view of the same results says nothing again."""
    from test_room_runtwice import fold_to_the_big_blind
    from web import gametext

    table = three("holdem", {"rabbit_hunt": True})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    fold_to_the_big_blind(table)
    before = table.g("Ann")
    table.send("Bob", table.clients["Bob"].table("rabbit"))
    after = table.g("Ann")
    rabbit = after["results"]["rabbit"][0]
    said = choicetext.news(before, after)
    assert said == [f"The rabbit: {gametext.spoken_cards(rabbit)}."]
    # words, not "Qs" (a code as a word of its own: "The" holds the ten of hearts' "Th")
    assert not any(re.search(rf"\b{c}\b", " ".join(said)) for c in rabbit)
    assert choicetext.news(after, after) == []
    winner = next(n for n in table.clients if table.g(n)["choices"]["show"] == 2)
    table.send(winner, table.clients[winner].table("show_card", 0))
    shown = table.g("Ann")
    card = shown["results"]["showed"][0]["cards"]
    assert choicetext.news(after, shown) == [f"{winner} shows {gametext.spoken_cards(card)}."]
    assert choicetext.news(shown, shown) == []

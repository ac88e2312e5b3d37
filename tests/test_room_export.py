"""Exports built from views alone: history entries, history JSON, ledger CSV."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from room import export
from room.errors import ExportError
from room.export import history_entry, history_json, ledger_csv, load_history, spreadsheet_csv
from room.messages import View
from rules.cards import Card
from rules.ledger import BANK_ID, BANK_NAME
from rules.ultimate import result_for
from test_room_game_harness import Table


def played(hands: int = 2, names=("Ann", "=Bob", "Cy")) -> Table:
    table = Table(seed=31)
    table.host(names[0])
    for name in names[1:]:
        table.guest(name)
    ann = table.clients[names[0]]
    table.send(names[0], ann.start_game())
    for n in range(hands):
        if n:
            table.send(names[0], ann.next_hand())
        for phase_choice in ("double", "check"):
            for i, name in enumerate(names):
                table.act(name, phase_choice if (i + n) % 2 else "check")
    return table


def test_bank_ids_agree_with_the_rules():
    assert (export.BANK_ID, export.BANK_NAME) == (BANK_ID, BANK_NAME)


def test_every_client_files_each_results_view_and_the_json_round_trips():
    table = played(hands=3)
    host = table.clients["Ann"]
    assert sorted(host.history) == [1, 2, 3]
    for client in table.clients.values():
        assert client.history == host.history  # everyone saw every showdown
    text = history_json(host.history.values())
    loaded = load_history(text)
    assert [h["hand_no"] for h in loaded] == [1, 2, 3]
    assert loaded == [host.history[n] for n in (1, 2, 3)]
    assert json.loads(text)["format"] == "ultimate-omaha-history"
    # duplicates collapse and order is by hand number
    twice = history_json([host.history[3], host.history[1], host.history[3]])
    assert [h["hand_no"] for h in load_history(twice)] == [1, 3]


def test_an_entry_holds_enough_to_replay_the_settlement():
    table = played(hands=2)
    for entry in table.clients["Cy"].history.values():
        players = entry["players"]
        again = result_for(
            [p["id"] for p in players],
            [[_card(c) for c in p["hole"]] for p in players],
            [p["stake_cents"] for p in players],
            [_card(c) for c in entry["board1"]],
            [_card(c) for c in entry["board2"]],
            entry["base_cents"],
        )
        assert [p["net_cents"] for p in players] == [r.net_cents for r in again.players]
        for p in players:
            assert set(p["actions"]) == {"preflop", "flop"} and p["auto"] == []
            assert p["name"] in ("Ann", "=Bob", "Cy")


def _card(text: str) -> Card:
    return Card.parse(text)


def test_an_entry_is_the_games_results_with_its_id():
    table = played(hands=1)
    game = table.gview("Ann")
    entry = history_entry(game)
    assert entry == {**game["results"], "game": "ultimate"}


def test_history_entry_is_a_copy_not_a_live_reference():
    table = played(hands=1)
    game = table.gview("Ann")
    entry = history_entry(game)
    entry["players"][0]["net_cents"] = 10**9
    assert game["results"]["players"][0]["net_cents"] != 10**9


@pytest.mark.parametrize("names", [("Ann", "=Bob", "Cy"), ("Ann",)])
def test_ledger_csv_matches_the_rules_ledger_format(names):
    table = played(hands=2, names=names)
    csv_text = ledger_csv(table.gview(names[0]))
    assert csv_text == table.game.ledger.to_csv()
    lines = csv_text.splitlines()
    assert lines[0] == "player_id,name,hands,balance_cents,balance_dollars"
    if len(names) == 1:
        assert lines[-1].startswith(f"{BANK_ID},{BANK_NAME},2,")
    else:
        assert lines[2].startswith("p2,'=Bob,2,")  # a formula-like name is defused


def test_the_downloaded_ledger_opens_in_a_spreadsheet_as_utf8():
    """Excel reads a CSV without a byte-order mark in the computer's legacy code page: the
    file carries one, and decoded as a spreadsheet does (``utf-8-sig``) it is the ledger's
    CSV, header first, every name whole."""
    table = played(hands=2, names=("Zoë", "Łukasz"))
    view = table.gview("Zoë")
    data = spreadsheet_csv(view).encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == ["player_id", "name", "hands", "balance_cents", "balance_dollars"]
    assert {r[1] for r in rows[1:]} >= {"Zoë", "Łukasz"}
    assert data.decode("utf-8-sig") == ledger_csv(view)
    for r in rows[1:]:
        assert int(r[3]) * 100 == round(float(r[4]) * 10_000)  # both numbers, the same money


@pytest.mark.parametrize(
    "view",
    [
        {},
        {"phase": "flop", "results": None},
        {"phase": "results", "results": None},
        {"phase": "results", "results": {"hand_no": 1}},  # no game id
        {"game": "ultimate", "phase": "results", "results": {"hand_no": "1", "base_cents": 1,
                                                             "players": []}},
        {"game": 7, "phase": "results", "results": {"hand_no": 1}},
        [],
    ],
)
def test_history_entry_refuses_what_is_not_a_results_view(view):
    with pytest.raises(ExportError):
        history_entry(view)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"format": "other"}',
     '{"format": "ultimate-omaha-history", "version": 2, "hands": []}',
     '{"format": "ultimate-omaha-history", "version": 1, "hands": [{"hand_no": 1}]}'],
)
def test_load_history_refuses_other_files(text):
    with pytest.raises(ExportError):
        load_history(text)


def test_ledger_csv_needs_a_ledger():
    with pytest.raises(ExportError):
        ledger_csv({"phase": "results"})


def test_a_broken_results_view_from_the_host_is_recorded_not_raised():
    table = Table()
    ann = table.host("Ann")
    bad = View(10**6, {"room": "ABCD234", "you": "p1", "host": "p1",
                       "game": {"phase": "results", "results": {"hand_no": 1}}}).to_wire()
    ann.receive(bad, 0)
    assert ann.history == {} and ann.last_error["code"] == "export/invalid"


def _hostile_ledger_view() -> dict[str, Any]:
    """A results view as a hostile host could send it: formulas in every column it fills."""
    return {"ledger": {
        "rows": [
            {"id": "p1", "name": "Ann", "hands": "=HYPERLINK(\"http://x\",\"y\")",
             "balance_cents": -250},
            {"id": "+p2", "name": "@SUM(A1)", "hands": 3, "balance_cents": "=1+1"},
            {"id": "p3", "name": "-2", "hands": "\t=cmd", "balance_cents": 250},
        ],
        "bank_cents": "-1+cmd", "bank_hands": "=2",
    }}


FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def test_no_cell_of_a_hostile_ledger_view_is_a_live_formula():
    rows = list(csv.reader(io.StringIO(ledger_csv(_hostile_ledger_view()))))
    assert rows[0] == ["player_id", "name", "hands", "balance_cents", "balance_dollars"]
    for row in rows[1:]:
        for cell in row:
            if cell.startswith(FORMULA_START):
                # only numbers we wrote ourselves may start with '-'
                assert re.fullmatch(r"-[0-9]+(\.[0-9]{2})?", cell), (cell, row)
    assert rows[1] == ["p1", "Ann", "'=HYPERLINK(\"http://x\",\"y\")", "-250", "-2.50"]
    assert rows[2] == ["'+p2", "'@SUM(A1)", "3", "'=1+1", "'=1+1"]
    assert rows[3] == ["p3", "'-2", "'\t=cmd", "250", "2.50"]
    assert rows[4] == [BANK_ID, BANK_NAME, "'=2", "'-1+cmd", "'-1+cmd"]


def test_a_ledger_row_that_is_not_an_object_is_an_export_error():
    with pytest.raises(ExportError):
        ledger_csv({"ledger": {"rows": ["=1+1"], "bank_cents": 0, "bank_hands": 0}})

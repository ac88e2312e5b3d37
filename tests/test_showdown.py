"""The showdown CLI, run as a user would: a separate process, from another directory, with
``-I -S`` (no PYTHONPATH, no site-packages) so it proves it needs nothing but itself and the
standard library."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
import showdown

SCRIPT = Path(__file__).resolve().parent.parent / "py" / "showdown.py"

# Ann: Trips on board 1, Flush on board 2 -> 2x.  Bob: a pair of jacks on both -> fouls.
# Cy: Royal Flush on board 1, Flush on board 2 -> 20x.
TABLE = {
    "board1": ["Ah", "Kh", "Qh", "9c", "3s"],
    "board2": ["Kc", "Qc", "4c", "8d", "2h"],
    "players": [
        {"name": "Ann", "hole": ["As", "Ad", "7c", "2c"], "stake_cents": 100},
        {"name": "Bob", "hole": ["Js", "Jd", "7d", "2s"], "stake_cents": 200},
        {"name": "Cy", "hole": ["Jh", "Th", "5c", "6c"], "stake_cents": 400},
    ],
}


def run(args, stdin=None, cwd="/"):
    return subprocess.run(
        [sys.executable, "-I", "-S", str(SCRIPT), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=30,
    )


def run_table(table, tmp_path):
    path = tmp_path / "table.json"
    path.write_text(table if isinstance(table, str) else json.dumps(table))
    return run([str(path)])


def test_good_table(tmp_path):
    proc = run_table(TABLE, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    # claims: Ann +100x2, Bob -200, Cy +400x20; net = claim x 3 - total claims (8000)
    assert json.loads(proc.stdout) == {
        "players": [
            {
                "name": "Ann",
                "board1": {"hand": "Trips", "multiplier": 1},
                "board2": {"hand": "Flush", "multiplier": 2},
                "qualifies": True,
                "total_multiplier": 2,
                "net_cents": -7400,
            },
            {
                "name": "Bob",
                "board1": {"hand": "Pair", "multiplier": 0},
                "board2": {"hand": "Pair", "multiplier": 0},
                "qualifies": False,
                "total_multiplier": 0,
                "net_cents": -8600,
            },
            {
                "name": "Cy",
                "board1": {"hand": "Royal Flush", "multiplier": 10},
                "board2": {"hand": "Flush", "multiplier": 2},
                "qualifies": True,
                "total_multiplier": 20,
                "net_cents": 16000,
            },
        ],
        "sum_net_cents": 0,
    }


def test_stdin_gives_the_same_answer(tmp_path):
    from_file = run_table(TABLE, tmp_path)
    from_stdin = run(["-"], stdin=json.dumps(TABLE))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout


def test_solo_player_against_the_bank():
    table = {**TABLE, "players": TABLE["players"][:1]}
    proc = run(["-"], stdin=json.dumps(table))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["players"][0]["net_cents"] == 200
    assert out["sum_net_cents"] == 200
    assert out["bank_net_cents"] == -200


def test_two_players_settle_pairwise_with_no_bank_field():
    table = {**TABLE, "players": TABLE["players"][:2]}
    out = json.loads(run(["-"], stdin=json.dumps(table)).stdout)
    assert [p["net_cents"] for p in out["players"]] == [400, -400]
    assert "bank_net_cents" not in out


def test_ten_players(tmp_path):
    from rules.cards import FULL_DECK

    cards = [str(c) for c in FULL_DECK]
    table = {
        "board1": cards[40:45],
        "board2": cards[45:50],
        "players": [
            {"name": f"P{i}", "hole": cards[4 * i : 4 * i + 4], "stake_cents": 100 * (i + 1)}
            for i in range(10)
        ],
    }
    proc = run_table(table, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [p["name"] for p in out["players"]] == [f"P{i}" for i in range(10)]
    assert sum(p["net_cents"] for p in out["players"]) == out["sum_net_cents"] == 0


def changed(path, value):
    table = copy.deepcopy(TABLE)
    *head, last = path
    target = table
    for key in head:
        target = target[key]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return table


DELETE = object()


BAD_TABLES = [
    # (table, message, run as a process too?) -- one of each kind goes through a real process
    (changed(("players", 1, "hole", 0), "Ah"),
     "card Ah appears twice: in board1 and in the hole of 'Bob'", True),
    (changed(("board2", 0), "Ah"), "card Ah appears twice: in board1 and in board2", False),
    (changed(("players", 2, "hole", 0), "As"),
     "card As appears twice: in the hole of 'Ann' and in the hole of 'Cy'", False),
    (changed(("players", 0, "hole", 1), "As"), "duplicate card As in hole of 'Ann'", False),
    (changed(("players", 0, "hole", 0), "Zz"), "unknown rank 'Z' in card 'Zz'", True),
    (changed(("board1", 0), "1h"), "unknown rank '1'", False),
    (changed(("players", 0, "hole"), ["As", "Ad", "7c"]),
     "hole of 'Ann' needs 4 cards, got 3", True),
    (changed(("board1",), ["Ah", "Kh", "Qh", "9c"]), "board1 needs 5 cards, got 4", False),
    (changed(("board2",), "Kc Qc 4c 8d 2h"), "board2 must be a list of card strings", False),
    (changed(("board2", 0), 7), "board2 must be a list of card strings", False),
    (changed(("players",), []), "1 to 10 players, got 0", True),
    (changed(("players",), TABLE["players"] * 4), "1 to 10 players, got 12", True),
    (changed(("players",), {"name": "Ann"}), "players must be a list", False),
    (changed(("players", 0), "Ann"), "players[0] must be a JSON object", False),
    (changed(("players", 0, "stake_cents"), True),
     "stake_cents of 'Ann' must be a positive whole number of cents", True),
    (changed(("players", 0, "stake_cents"), 1.0), "got 1.0", True),
    (changed(("players", 0, "stake_cents"), "100"), "got '100'", True),
    (changed(("players", 0, "stake_cents"), 0), "got 0", False),
    (changed(("players", 0, "stake_cents"), -100), "got -100", False),
    (changed(("players", 0, "stake_cents"), None), "got None", False),
    (changed(("players", 0, "stake_cents"), 2.5), "got 2.5", False),
    (changed(("players", 0, "name"), ""), "players[0] needs a non-empty name", False),
    (changed(("players", 0, "name"), 5), "players[0] needs a non-empty name", False),
    (changed(("players", 0, "stake_cents"), DELETE), "players[0] is missing 'stake_cents'", False),
    (changed(("board2",), DELETE), "the table is missing 'board2'", False),
    (changed(("board3",), ["2c"]), "unknown key(s) 'board3'", False),
    (changed(("players", 1, "seat"), 2), "players[1] has unknown key(s) 'seat'", False),
    ("[1, 2]", "the table must be a JSON object, got list", False),
    ('{"board1": ', "not valid JSON", True),
    ("", "not valid JSON", False),
    (json.dumps(TABLE).replace("100", "NaN", 1), "NaN is not a number JSON allows", False),
    (json.dumps(TABLE).replace('"stake_cents": 100', '"stake_cents": 1e2'), "got 100.0", False),
    ('{"players": [], "players": []}', "key 'players' appears twice", False),
    ('{"n": ' + "9" * 5000 + "}", "not valid JSON", False),
]


@pytest.mark.parametrize(("table", "message"), [(t, m) for t, m, _ in BAD_TABLES])
def test_bad_tables_are_refused_with_a_message(table, message):
    text = table if isinstance(table, str) else json.dumps(table)
    with pytest.raises(showdown.TableError) as info:
        showdown.showdown(showdown.load_table(text))
    assert message in str(info.value)


@pytest.mark.parametrize(("table", "message"), [(t, m) for t, m, p in BAD_TABLES if p])
def test_bad_tables_exit_1_with_the_message_on_stderr(table, message, tmp_path):
    proc = run_table(table, tmp_path)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("showdown: ")
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_bad_table_on_stdin():
    proc = run(["-"], stdin="not json")
    assert proc.returncode == 1
    assert "not valid JSON" in proc.stderr


def test_missing_file_and_non_utf8(tmp_path):
    proc = run([str(tmp_path / "nope.json")])
    assert proc.returncode == 1 and "cannot read" in proc.stderr
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b"{\"name\": \"Jos\xe9\"}")
    proc = run([str(bad)])
    assert proc.returncode == 1 and "not UTF-8" in proc.stderr


def test_no_argument_is_a_usage_error():
    proc = run([])
    assert proc.returncode == 2
    assert "usage" in proc.stderr

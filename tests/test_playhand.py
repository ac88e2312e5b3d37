"""py/playhand.py: scripted hands in, each seat's result out (issue 10 item 4).

Most cases call ``playhand.main`` in process; a few run it as the command it is, with a Python
that has no pokerkit (``-S``), so the pinned wheel is imported from vendor/wheels/ as a zip.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import playhand
import pytest

ROOT = Path(__file__).resolve().parent.parent

ISSUE_EXAMPLE = {
    "game": "holdem", "betting": "no-limit", "stacks": [1000, 1000, 400], "button": 0,
    "blinds": [5, 10], "ante": 0, "cap": None,
    "hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"]],
    "boards": [["2c", "7h", "Kc", "3d", "9s"]], "stub": [],
    "actions": ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"],
}
ISSUE_OUTPUT = ('{"net": [430, -30, -400], "stacks": [1430, 970, 0], '
                '"pots": [{"amount": 830, "eligible": [0, 2], '
                '"winners": [{"seat": 0, "amount": 830}]}]}')


def run(tmp_path, script, capsys, *flags):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(script) if not isinstance(script, str) else script)
    status = playhand.main([*flags, str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def fails(tmp_path, capsys, script, *needles):
    status, out, err = run(tmp_path, script, capsys)
    assert (status, out) == (1, ""), (out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    for needle in needles:
        assert needle in err, err
    return err


def with_(**changes):
    return {**ISSUE_EXAMPLE, **changes}


def test_the_issue_example_prints_exactly_the_issue_output(tmp_path, capsys):
    status, out, err = run(tmp_path, ISSUE_EXAMPLE, capsys)
    assert (status, out, err) == (0, ISSUE_OUTPUT + "\n", "")


def test_defaults_betting_cap_ante_stub_may_be_left_out(tmp_path, capsys):
    script = {k: v for k, v in ISSUE_EXAMPLE.items() if k not in ("betting", "cap", "ante", "stub")}
    assert run(tmp_path, script, capsys)[1] == ISSUE_OUTPUT + "\n"


def test_pot_limit_omaha_with_side_pots(tmp_path, capsys):
    script = {
        "game": "omaha", "stacks": [1000, 1000, 30], "button": 0, "blinds": [5, 10],
        "hole": [["Ah", "Kh", "Qd", "Jd"], ["2c", "3c", "4d", "5d"], ["9s", "9h", "8s", "8h"]],
        "boards": [["9c", "8c", "2h", "Ks", "3s"]],
        "actions": ["s0 raise 30", "s1 call", "s2 call", "s1 bet 90", "s0 call",
                    "s1 check", "s0 check", "s1 check", "s0 check"],
    }
    status, out, _ = run(tmp_path, script, capsys)
    result = json.loads(out)
    # seat 2 (trip nines, all in for 30) takes the main pot of 90; seat 1 (two pair, threes
    # and deuces) beats seat 0 (a pair of kings) for the side pot of 180
    assert status == 0 and result["net"] == [-120, 60, 60]
    assert [p["amount"] for p in result["pots"]] == [90, 180]
    assert result["pots"][0]["eligible"] == [0, 1, 2] and result["pots"][1]["eligible"] == [0, 1]


def test_draw_with_a_stub(tmp_path, capsys):
    script = {
        "game": "draw", "stacks": [500, 500], "button": 0, "blinds": [0, 10], "ante": 5,
        "hole": [["As", "Ad", "7c", "8d", "2h"], ["Kc", "Kd", "Ks", "3c", "4c"]],
        "stub": ["Ah", "9c", "Qs", "Qd"],
        "actions": ["s1 bet 20", "s0 call", "s1 draw 3c 4c", "s0 draw 7c 8d",
                    "s1 check", "s0 check"],
    }
    status, out, _ = run(tmp_path, script, capsys)
    # seat 1 draws Ah 9c (kings), seat 0 draws Qs Qd (aces and queens): kings win 50
    assert status == 0 and json.loads(out)["net"] == [-25, 25]


def test_bomb_pot_seat_not_dealt_in(tmp_path, capsys):
    script = {
        "game": "bomb-double", "stacks": [500, 20, 500], "button": 0, "blinds": [5, 10],
        "ante": 50,
        "hole": [["Ac", "Ah", "4c", "4d"], [], ["Kc", "Kh", "5c", "5d"]],
        "boards": [["As", "Ad", "7c", "8d", "2h"], ["Ks", "Kd", "7s", "8h", "3c"]],
        "actions": ["s2 check", "s0 check"] * 3,
    }
    status, out, _ = run(tmp_path, script, capsys)
    assert status == 0
    result = json.loads(out)
    assert result["net"] == [0, 0, 0] and result["stacks"][1] == 20
    assert result["pots"][0]["winners"] == [{"seat": 0, "amount": 50}, {"seat": 2, "amount": 50}]


def test_fixed_limit_amounts_may_be_left_out(tmp_path, capsys):
    script = with_(betting="fixed-limit", actions=["s0 raise", "s1 raise", "s2 call",
                                                   "s0 call", "s1 check", "s2 check", "s0 check",
                                                   "s1 check", "s2 check", "s0 check",
                                                   "s1 check", "s2 check", "s0 check"])
    status, out, _ = run(tmp_path, script, capsys)
    assert status == 0 and json.loads(out)["pots"][0]["amount"] == 90


def test_stdin(capsys, monkeypatch):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(ISSUE_EXAMPLE)))
    assert playhand.main(["-"]) == 0
    assert capsys.readouterr().out == ISSUE_OUTPUT + "\n"


# --- each kind of bad script -------------------------------------------------------------------

def test_unknown_card(tmp_path, capsys):
    fails(tmp_path, capsys, with_(hole=[["As", "Kx"], ["7c", "7d"], ["Qh", "Jh"]]),
          "hole cards of seat 0", "unknown suit 'x'")


def test_duplicate_card(tmp_path, capsys):
    fails(tmp_path, capsys, with_(boards=[["As", "7h", "Kc", "3d", "9s"]]),
          "duplicate card As (seat 0's hole cards and board 1)")


def test_wrong_card_count(tmp_path, capsys):
    fails(tmp_path, capsys, with_(hole=[["As"], ["7c", "7d"], ["Qh", "Jh"]]),
          "seat 0 needs 2 hole cards in holdem, got 1")
    fails(tmp_path, capsys, with_(boards=[["2c", "7h", "Kc"]]), "board 1 needs all 5 cards")


@pytest.mark.parametrize(("change", "needle"), [
    ({"game": "stud"}, "unknown game 'stud'"),
    ({"betting": "spread"}, "unknown betting 'spread'"),
    ({"blinds": [10, 5]}, "small blind (10) is larger than the big blind (5)"),
    ({"stacks": [1000, 0, 400]}, "stacks must be a list of whole chips > 0"),
    ({"button": 3}, "button must be a seat 0 to 2"),
    ({"cap": 0}, "cap must be a number of bets >= 1"),
    ({"ante": -1}, "ante must be a whole number of chips"),
    ({"colour": "red"}, "unknown key 'colour'"),
])
def test_bad_settings(tmp_path, capsys, change, needle):
    err = fails(tmp_path, capsys, with_(**change), needle)
    assert not re.search(r"action \d", err)


def test_too_many_seats_for_draw(tmp_path, capsys):
    fails(tmp_path, capsys, {"game": "draw", "stacks": [100] * 8, "button": 0,
                             "blinds": [0, 10], "hole": [[]] * 8, "actions": []},
          "draw seats 2 to 7 players, got 8 stacks")


@pytest.mark.parametrize(("actions", "needles"), [
    (["s1 call"], ["action 1 ('s1 call')", "seat 0's turn, not seat 1's"]),
    (["s0 raise 30", "s1 check"], ["action 2", "cannot check facing a bet of 30: 25 to call"]),
    (["s0 raise 15"], ["action 1", "below the minimum raise-to 20"]),
    (["s0 bet 30"], ["action 1", "raise instead"]),
    (["s0 raze 30"], ["action 1 ('s0 raze 30')", "unknown verb 'raze'"]),
    (["s0 raise"], ["action 1", "raise needs a 'to' amount in no-limit"]),
])
def test_illegal_actions_name_the_action(tmp_path, capsys, actions, needles):
    fails(tmp_path, capsys, with_(actions=actions), *needles)


def test_raise_above_the_pot_limit(tmp_path, capsys):
    fails(tmp_path, capsys, with_(betting="pot-limit", actions=["s0 raise 36"]),
          "action 1", "above the pot limit: at most 35")


def test_re_raise_an_incomplete_all_in_did_not_reopen(tmp_path, capsys):
    script = with_(stacks=[1000, 1000, 1000, 14], button=3,
                   hole=[["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"], ["2s", "3s"]],
                   actions=["s2 call", "s3 allin", "s0 fold", "s1 call", "s2 raise 40"])
    fails(tmp_path, capsys, script, "action 5", "does not reopen the betting")


def test_draw_of_four_without_an_ace(tmp_path, capsys):
    script = {"game": "draw", "stacks": [500, 500], "button": 0, "blinds": [0, 10], "ante": 5,
              "hole": [["Ks", "Kd", "7c", "8d", "2h"], ["Qc", "Qd", "Qs", "3c", "4c"]],
              "stub": ["Ah", "9c", "Js", "Jd"],
              "actions": ["s1 check", "s0 check", "s1 draw 3c 4c", "s0 draw Kd 7c 8d 2h"]}
    fails(tmp_path, capsys, script, "action 4", "only keeping an ace")


def test_actions_that_stop_before_the_hand_is_over_name_no_action(tmp_path, capsys):
    err = fails(tmp_path, capsys, with_(actions=["s0 raise 30", "s1 call"]),
                "the actions stop before the hand is over: seat 2 is to act")
    assert "action " not in err.replace("the actions", "")


def test_actions_left_after_the_hand_ended(tmp_path, capsys):
    fails(tmp_path, capsys, with_(actions=[*ISSUE_EXAMPLE["actions"], "s0 check"]),
          "action 6 ('s0 check'): the hand is already over (it ended after action 5)")


def test_stub_cards_the_draw_did_not_hand_out(tmp_path, capsys):
    script = {"game": "draw", "stacks": [500, 500], "button": 0, "blinds": [0, 10], "ante": 5,
              "hole": [["Ks", "Kd", "7c", "8d", "2h"], ["Qc", "Qd", "Qs", "3c", "4c"]],
              "stub": ["Ah", "9c"], "actions": ["s1 fold"]}
    fails(tmp_path, capsys, script, "the stub holds 2 card(s) the draw did not hand out")


@pytest.mark.parametrize(("text", "needle"), [("{", "is not JSON"), ("[1, 2]", "JSON object")])
def test_not_a_json_object(tmp_path, capsys, text, needle):
    fails(tmp_path, capsys, text, needle)


# --- as a command, with the wheel ----------------------------------------------------------

def wheel_from_installed(target: Path) -> None:
    """The pinned wheel's content, zipped from the installed pokerkit (tests are offline)."""
    import pokerkit
    package = Path(pokerkit.__file__).parent
    with zipfile.ZipFile(target, "w") as z:
        for f in package.rglob("*.py"):
            z.write(f, f.relative_to(package.parent).as_posix())


@pytest.fixture
def clone(tmp_path):
    """A copy of py/ as a fresh clone has it, with vendor/wheels/ empty."""
    shutil.copytree(ROOT / "py", tmp_path / "repo" / "py",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "repo" / "vendor" / "wheels").mkdir(parents=True)
    (tmp_path / "hand.json").write_text(json.dumps(ISSUE_EXAMPLE))
    return tmp_path


def command(clone):
    # -S: no site-packages, so no pokerkit but the vendored one
    return subprocess.run([sys.executable, "-S", str(clone / "repo" / "py" / "playhand.py"),
                           str(clone / "hand.json")], capture_output=True, text=True, timeout=60)


def test_the_command_imports_pokerkit_from_the_vendored_wheel(clone):
    wheel_from_installed(clone / "repo" / "vendor" / "wheels" / playhand.WHEEL)
    done = command(clone)
    assert (done.returncode, done.stdout, done.stderr) == (0, ISSUE_OUTPUT + "\n", "")


def test_the_command_says_how_to_get_the_wheel_when_it_is_missing(clone):
    done = command(clone)
    assert done.returncode == 1 and done.stdout == ""
    assert "run tools/setup.sh" in done.stderr and done.stderr.count("\n") == 1


def test_the_wheel_name_is_pypis_and_setup_fetches_it():
    setup = (ROOT / "tools" / "setup.sh").read_text()
    assert playhand.WHEEL == "pokerkit-0.7.7-py3-none-any.whl"
    assert f"WHEEL={playhand.WHEEL}" in setup and "WHEEL_SHA256=" in setup
    assert "/vendor/wheels/" in (ROOT / ".gitignore").read_text()

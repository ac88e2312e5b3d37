"""``python3 py/playhand.py HAND.json``: good scripts, and one test per class of bad script.

Run as a real subprocess: output on stdout (exit 0), or exactly one line on stderr with
nothing on stdout (exit 1).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAYHAND = ROOT / "py" / "playhand.py"
WHEEL = ROOT / "vendor" / "wheels" / "pokerkit-0.7.7-py3-none-any.whl"

EXAMPLE = {
    "game": "holdem", "betting": "no-limit", "stacks": [1000, 1000, 400], "button": 0,
    "blinds": [5, 10], "ante": 0, "cap": None,
    "hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Jh"]],
    "boards": [["2c", "7h", "Kc", "3d", "9s"]], "stub": [],
    "actions": ["s0 raise 30", "s1 call", "s2 allin", "s0 call", "s1 fold"],
}


def run(hand, *args, python=sys.executable, script=PLAYHAND, stdin=False):
    text = hand if isinstance(hand, str) else json.dumps(hand)
    del stdin  # always "-": the file form is tested on its own
    return subprocess.run([python, str(script), "-", *args], input=text, capture_output=True,
                          text=True, timeout=60)


def ok(hand, *args, **kw):
    p = run(hand, *args, **kw)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    return json.loads(p.stdout)


def bad(hand, *args, **kw):
    p = run(hand, *args, **kw)
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]


def with_(**changes):
    out = json.loads(json.dumps(EXAMPLE))
    out.update(changes)
    return out


def test_the_readme_example(tmp_path):
    out = ok(EXAMPLE)
    assert out == {"net": [430, -30, -400], "stacks": [1430, 970, 0],
                   "pots": [{"amount": 830, "eligible": [0, 2],
                             "winners": [{"seat": 0, "amount": 830}]}]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE))
    p = subprocess.run([sys.executable, str(PLAYHAND), str(path)], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout) == out


def test_every_game_plays_a_good_script():
    omaha = ok({"game": "omaha", "stacks": [500, 500], "button": 0, "blinds": [5, 10],
                "hole": [["As", "Ad", "2c", "3c"], ["Ks", "Kd", "4c", "5c"]],
                "boards": [["Ah", "Kh", "7s", "8d", "9h"]],
                "actions": ["s0 raise 30", "s1 call", "s1 check", "s0 bet 60", "s1 call",
                            "s1 check", "s0 check", "s1 check", "s0 check"]})
    assert omaha["net"] == [90, -90]
    hilo = ok({"game": "omaha-hilo", "betting": "fixed-limit", "stacks": [500, 500, 500],
               "button": 2, "blinds": [5, 10],
               "hole": [["Ac", "3d", "Jh", "Jc"], ["Kc", "Kd", "9h", "9c"],
                        ["Ah", "3s", "Th", "Tc"]], "boards": [["2c", "4d", "7h", "Ks", "Qd"]],
               "actions": ["s2 call", "s0 call", "s1 check", "s0 bet", "s1 raise", "s2 call",
                           "s0 call", "s0 check", "s1 check", "s2 check", "s0 check",
                           "s1 check", "s2 check"]})
    assert hilo["pots"][0]["amount"] == 90 and sum(hilo["net"]) == 0
    bomb = ok({"game": "bomb-double", "stacks": [1000, 30, 1000], "button": 1, "ante": 50,
               "blinds": [10, 20],
               "hole": [["Ac", "Ad", "2h", "3h"], [], ["Kc", "Kd", "4h", "5h"]],
               "boards": [["As", "8s", "9c", "Tc", "2d"], ["Ks", "8d", "9h", "Td", "3c"]],
               "actions": ["s2 check", "s0 check"] * 3})
    assert bomb["net"] == [0, 0, 0] and bomb["stacks"][1] == 30  # one board each
    draw = ok({"game": "draw", "stacks": [200, 200, 200], "button": 0, "ante": 5,
               "blinds": [5, 10],
               "hole": [["Ac", "Kd", "Qh", "Js", "9c"], ["2c", "2d", "7h", "8s", "Td"],
                        ["3c", "3d", "3h", "8c", "Th"]], "boards": [],
               "stub": ["As", "Ah", "5c", "6d"],
               "actions": ["s1 bet 20", "s2 call", "s0 call", "s1 draw 7h 8s Td",
                           "s2 draw 8c", "s0 draw", "s1 check", "s2 check", "s0 check"]})
    # seat 1 drew As Ah 5c (aces and twos), seat 2 drew 6d: its three threes win
    assert draw["net"] == [-25, -25, 50]


def test_fixed_limit_amount_may_be_left_out_and_stdin_dash():
    out = ok(with_(betting="fixed-limit", actions=["s0 raise", "s1 call", "s2 raise", "s0 call",
                                                    "s1 call"] + ["s1 check", "s2 check",
                                                                   "s0 check"] * 3), stdin=True)
    assert out["pots"][0]["amount"] == 90


@pytest.mark.parametrize(("changes", "message"), [
    ({"hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "Xh"]]}, "unknown rank 'X'"),
    ({"hole": [["As", "Kd"], ["7c", "7d"], ["Qh", "As"]]}, "duplicate card As"),
    ({"boards": [["2c", "7h", "Kc", "3d", "As"]]}, "duplicate card As"),
    ({"hole": [["As", "Kd"], ["7c", "7d"], ["Qh"]]}, "seat 2 needs 2 hole cards, got 1"),
    ({"boards": [["2c", "7h", "Kc", "3d"]]}, "board 1 needs 5 cards, got 4"),
    ({"game": "stud"}, "unknown game 'stud'"),
    ({"betting": "spread-limit"}, "unknown betting 'spread-limit'"),
    ({"stacks": [1000, 0, 400]}, "stack of seat 1 must be a whole number above 0"),
    ({"stacks": [1000, True, 400]}, "stack of seat 1"),
    ({"button": 3}, "button must be a seat 0..2"),
    ({"blinds": [10, 5]}, "small blind 10 is above the big blind 5"),
    ({"cap": 3, "betting": "fixed-limit"}, "fixed-limit's cap is always 4 bets"),
    ({"stub": ["2s"]}, "only the draw games have a stub"),
    ({"extra": 1}, "unknown key 'extra'"),
])
def test_bad_settings_and_cards_name_no_action(changes, message):
    line = bad(with_(**changes))
    assert message in line and "action" not in line.split(":")[1]


@pytest.mark.parametrize(("actions", "number", "message"), [
    (["s1 call"], 1, "seat 1 acted out of turn: seat 0 is to act"),
    (["s0 check"], 1, "cannot check facing a bet of 10"),
    (["s0 bet 30"], 1, "cannot bet: there is already a bet of 10"),
    (["s0 raise 15"], 1, "raise to 15 is below the minimum 20"),
    (["s0 raise 1001"], 1, "cannot raise to 1001: it has 1000 in all"),
    (["s0 call", "s1 call", "s2 check", "s1 call"], 4, "has nothing to call"),
    (["s0 shove"], 1, "unknown verb 'shove'"),
    (["s0 raise"], 1, "raise needs an amount"),
    (["s0 call 10"], 1, "call takes no amount"),
    (["s0 raise 30", "s1 fold", "s2 fold", "s0 check"], 4, "the hand is over"),
])
def test_illegal_actions_name_the_action(actions, number, message):
    line = bad(with_(actions=actions))
    assert f"action {number} (" in line and message in line, line


def test_pot_limit_above_the_limit_and_incomplete_all_in_not_reopened():
    line = bad({"game": "omaha", "stacks": [1000, 1000], "button": 0, "blinds": [5, 10],
                "hole": [["As", "Ad", "2c", "3c"], ["Ks", "Kd", "4c", "5c"]],
                "boards": [["Ah", "Kh", "7s", "8d", "9h"]],
                "actions": ["s0 raise 30", "s1 raise 50", "s0 call", "s1 bet 20",
                            "s0 raise 161"]})
    assert "action 5 ('s0 raise 161')" in line and "above the pot limit 160" in line
    line = bad({"game": "holdem", "stacks": [14, 1000, 1000, 1000], "button": 0,
                "blinds": [5, 10], "hole": [["As", "Ad"], ["Ks", "Kd"], ["Qs", "Qd"],
                                            ["Js", "Jd"]],
                "boards": [["2c", "3d", "7s", "8d", "9h"]],
                "actions": ["s3 call", "s0 allin", "s1 fold", "s2 call", "s3 raise 40"]})
    assert "action 5" in line and "does not reopen the betting" in line


def test_draw_errors_and_stub():
    base = {"game": "draw", "stacks": [200, 200], "button": 1, "ante": 5, "blinds": [5, 10],
            "hole": [["Ac", "Kd", "Qh", "Js", "9c"], ["2c", "2d", "7h", "8s", "Td"]],
            "boards": []}
    line = bad({**base, "stub": [], "actions": ["s0 check", "s1 check",
                                                 "s0 draw Kd Qh Js 9c Ac"]})
    assert "action 3" in line and "at most 4 cards" in line
    line = bad({**base, "stub": ["3c"], "actions": [
        "s0 check", "s1 check", "s0 draw", "s1 draw 2c 5d 7h 8s"]})
    assert "action 4" in line and "not in its hand" in line
    line = bad({**base, "stub": ["3c"], "actions": [
        "s0 check", "s1 check", "s0 draw", "s1 draw 7h 8s"]})
    assert "action 4" in line and "the stub holds 1 cards but the draw needs more" in line
    line = bad({**base, "stub": ["3c", "4c"], "actions": [
        "s0 check", "s1 check", "s0 draw", "s1 draw 7h", "s0 check", "s1 check"]})
    assert "1 card(s) the draw never handed out" in line and "action" not in line.split(":")[1]
    line = bad({**base, "stub": [], "actions": ["s0 check", "s1 check", "s0 draw",
                                                 "s1 check"]})
    assert "action 4" in line and "must draw now" in line


SEVEN_DRAW = {
    "game": "draw", "stacks": [100] * 7, "button": 6, "blinds": [5, 10], "ante": 5,
    "hole": [["Ac", "2c", "3d", "4h", "6s"], ["Ad", "2d", "3h", "4s", "7c"],
             ["Ah", "2h", "3s", "5c", "7d"], ["As", "2s", "4c", "5d", "7h"],
             ["Kc", "Kd", "8c", "9d", "Jh"], ["Qc", "Qd", "Qh", "8d", "9h"],
             ["Tc", "Td", "Th", "8h", "9s"]],
    "boards": [],
    # 35 cards dealt leave 17: seats 0-3 draw 4 each (16), seat 4 gets the last one (Kh) and
    # then two of the first four seats' reshuffled discards, as do seats 5 and 6.
    "stub": ["3c", "4d", "6c", "8s", "5h", "6d", "7s", "9c", "Ts", "Jc", "Qs", "5s",
             "6h", "Jd", "Js", "Ks", "Kh", "2c", "2d", "3d", "4h", "3h", "4s"],
    "actions": [*(f"s{s} check" for s in range(7)),
                "s0 draw 2c 3d 4h 6s", "s1 draw 2d 3h 4s 7c", "s2 draw 2h 3s 5c 7d",
                "s3 draw 2s 4c 5d 7h", "s4 draw 8c 9d Jh", "s5 draw 8d 9h", "s6 draw 8h 9s",
                "s0 check", "s1 check", "s2 check", "s3 check", "s4 bet 50", "s5 call",
                "s6 fold", "s0 fold", "s1 fold", "s2 fold", "s3 fold"],
}


def test_seven_handed_draw_whose_stub_runs_out_in_the_middle_of_a_draw():
    # Seat 4 ends with Kc Kd Kh 2c 2d (a full house: one card from the stub, two from the
    # reshuffled discards) and beats seat 5's three queens.
    out = ok(SEVEN_DRAW)
    assert out == {"net": [-5, -5, -5, -5, 80, -55, -5], "stacks": [95, 95, 95, 95, 180, 45, 95],
                   "pots": [{"amount": 135, "eligible": [4, 5],
                             "winners": [{"seat": 4, "amount": 135}]}]}
    assert ok(SEVEN_DRAW, "--no-pokerkit") == out


def test_seven_handed_draw_never_hands_a_seat_its_own_discards():
    # After the reshuffle seat 4 cannot get back the 8c it is discarding now: only the
    # discards made before its draw are reshuffled.
    stub = [*SEVEN_DRAW["stub"][:17], "8c", "2d"]
    line = bad({**SEVEN_DRAW, "stub": stub})
    assert "action 12" in line and "8c is not among the reshuffled discards" in line
    assert "never draws its own discards" in line


def test_help_lists_every_game_from_its_record():
    p = subprocess.run([sys.executable, str(PLAYHAND), "--help"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0
    from rules.variants import VARIANTS

    for v in VARIANTS.values():
        line = next(x for x in p.stdout.splitlines() if x.split()[:1] == [v.id])
        assert f"{v.hole} hole cards" in line and f"{v.seats[0]}-{v.seats[1]} seats" in line
        assert f"{v.default_betting.value} by default" in line


def test_script_that_stops_early_names_no_action():
    line = bad(with_(actions=["s0 call", "s1 call"]))
    assert "stop before the hand is over: seat 2 is to act (preflop)" in line
    assert "action " not in line


def test_not_json_and_missing_file(tmp_path):
    assert "not JSON" in bad("{nope")
    p = subprocess.run([sys.executable, str(PLAYHAND), str(tmp_path / "none.json")],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and p.stdout == "" and "cannot read" in p.stderr


def test_runs_without_an_installed_pokerkit_from_the_pinned_wheel(tmp_path):
    """A Python without pokerkit (no site-packages: ``-S``) takes it from vendor/wheels/, and
    says clearly what to do when the wheel is not there either."""
    shutil.copytree(ROOT / "py", tmp_path / "py",
                    ignore=shutil.ignore_patterns("__pycache__"))
    script = tmp_path / "py" / "playhand.py"
    p = subprocess.run([sys.executable, "-S", str(script), "-"], input=json.dumps(EXAMPLE),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and p.stdout == ""
    assert "pokerkit is not installed" in p.stderr and "tools/setup.sh" in p.stderr
    if not WHEEL.is_file():
        pytest.skip("vendor/wheels has no pokerkit wheel (tools/setup.sh fetches it)")
    (tmp_path / "vendor" / "wheels").mkdir(parents=True)
    shutil.copy(WHEEL, tmp_path / "vendor" / "wheels" / WHEEL.name)
    p = subprocess.run([sys.executable, "-S", str(script), "-"], input=json.dumps(EXAMPLE),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["net"] == [430, -30, -400]

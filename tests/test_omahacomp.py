"""The omahacomp command: the seed task's examples verbatim, errors per line, exit codes."""

import subprocess
import sys
from pathlib import Path

import omahacomp
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "py" / "omahacomp.py"

SEED_INPUT = """\
HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd
HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-6d Board:Ad-Kh-5s-2d-Qd
HandA:Qc-Jd-Td-3d HandB:Tc-Jc-8h-6d Board:Ad-Kh-Qs-2d-3c
HandA:Qh-4d-Tc-8s HandB:Qc-8c-7d-2h Board:Ad-As-3c-3d-5d
HandA:Ah-2s-Qd-9S HandB:Ac-2d-6s-Jh Board:Kd-4h-Kh-5s-3c
HandA:Ah-2s-Qd-9S HandB:Ac-2d-As-Jh Board:Kd-4h-Kh-5s-3c
HandA:6d-6c-Kc-4d HandB:Jh-Js-Qs-8h Board:2s-3h-9c-As-Ac
HandA:6d-Kh-Ac-4d HandB:Jh-2s-Ah-8h Board:Js-3h-9c-As-6c
HandA:Qc-Jd-Td-3d HandB:3s-3h-8h-6d Board:Ad-Kh-Qs-Qd-3c
"""

SEED_OUTPUT = """\
HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd
=> HandB wins Hi (3-of-a-Kind); HandB wins Lo (7652A)

HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-6d Board:Ad-Kh-5s-2d-Qd
=> HandA wins Hi (Flush); No hand qualified for Low

HandA:Qc-Jd-Td-3d HandB:Tc-Jc-8h-6d Board:Ad-Kh-Qs-2d-3c
=> Split Pot Hi (Straight); HandB wins Lo (8632A)

HandA:Qh-4d-Tc-8s HandB:Qc-8c-7d-2h Board:Ad-As-3c-3d-5d
=> HandA wins Hi (One Pair); HandB wins Lo (7532A)

HandA:Ah-2s-Qd-9S HandB:Ac-2d-6s-Jh Board:Kd-4h-Kh-5s-3c
=> HandB wins Hi (Straight); Split Pot Lo (5432A)

HandA:Ah-2s-Qd-9S HandB:Ac-2d-As-Jh Board:Kd-4h-Kh-5s-3c
=> Split Pot Hi (Straight); Split Pot Lo (5432A)

HandA:6d-6c-Kc-4d HandB:Jh-Js-Qs-8h Board:2s-3h-9c-As-Ac
=> HandB wins Hi (Two Pair); HandA wins Lo (6432A)

HandA:6d-Kh-Ac-4d HandB:Jh-2s-Ah-8h Board:Js-3h-9c-As-6c
=> HandB wins Hi (Two Pair); HandB wins Lo (8632A)

HandA:Qc-Jd-Td-3d HandB:3s-3h-8h-6d Board:Ad-Kh-Qs-Qd-3c
=> HandA wins Hi (Full House); No hand qualified for Low
"""

GOOD = "HandA:Ac-Kd-Jd-3d HandB:5c-5d-6c-7d Board:Ah-Kh-5s-2s-Qd"


def run_script(tmp_path, *args):
    # -I: isolated (no PYTHONPATH, no script dir on sys.path), run from another directory:
    # the script must find py/rules by itself, with nothing but the standard library.
    return subprocess.run(
        [sys.executable, "-I", str(SCRIPT), *map(str, args)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_seed_examples_give_the_seed_output_exactly(tmp_path):
    (tmp_path / "input.txt").write_text(SEED_INPUT)
    done = run_script(tmp_path, "input.txt", "output.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert (tmp_path / "output.txt").read_text() == SEED_OUTPUT


def test_run_in_process_matches_too():
    output, all_read = omahacomp.run(SEED_INPUT.splitlines())
    assert all_read
    assert output == SEED_OUTPUT


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (GOOD.replace("3d", "3x"), "HandA: unknown suit 'x' in card '3x'"),
        (GOOD.replace("Ac-", "1c-"), "HandA: unknown rank '1'"),
        (GOOD.replace("-3d", ""), "HandA needs 4 cards, got 3"),
        (GOOD.replace("-Qd", "-Qd-Qc"), "Board needs 5 cards, got 6"),
        (GOOD.replace(" Board:Ah-Kh-5s-2s-Qd", ""), "missing Board"),
        (GOOD.replace("HandA:Ac-Kd-Jd-3d ", ""), "missing HandA"),
        (GOOD.replace("7d", "Ac"), "duplicate card Ac (in HandA and HandB)"),
        (GOOD.replace("Qd", "Kd"), "duplicate card Kd (in HandA and Board)"),
        (GOOD.replace("Kd", "Ac"), "duplicate card Ac in HandA"),
        (GOOD.replace("HandB", "HandA"), "HandA given twice"),
        (GOOD.replace("HandB", "HandC"), "unknown part 'HandC'"),
        ("hello there", "expected HandA:cards HandB:cards Board:cards"),
        ("xx " + GOOD, "unexpected text 'xx' before 'HandA'"),
    ],
)
def test_unreadable_lines_say_what_is_wrong(line, error):
    output, all_read = omahacomp.run([line])
    assert not all_read
    first, second = output.splitlines()
    assert first == line
    assert second.startswith("=> Error: ")
    assert error in second


def test_bad_lines_do_not_stop_the_others_and_blank_lines_are_skipped(tmp_path):
    lines = [GOOD, "", "   ", "HandA:Zz", SEED_INPUT.splitlines()[1], ""]
    (tmp_path / "in.txt").write_text("\n".join(lines) + "\n")
    done = run_script(tmp_path, "in.txt", "out.txt")
    assert done.returncode == 1
    cases = (tmp_path / "out.txt").read_text().split("\n\n")
    assert len(cases) == 3
    assert cases[0] == GOOD + "\n=> HandB wins Hi (3-of-a-Kind); HandB wins Lo (7652A)"
    assert cases[1].startswith("HandA:Zz\n=> Error: ")
    assert cases[2].endswith("=> HandA wins Hi (Flush); No hand qualified for Low\n")


def test_labels_any_case_and_order_and_crlf_input(tmp_path):
    line = "board:Ah-Kh-5s-2s-Qd handb:5c 5d 6c 7d HANDA:ac,kd,jd,3d"
    output, all_read = omahacomp.run([line + "\r\n"])
    assert all_read
    assert output == f"{line}\n=> HandB wins Hi (3-of-a-Kind); HandB wins Lo (7652A)\n"


def test_royal_flush_prints_as_straight_flush_and_a_single_low_wins():
    royal = "HandA:Ah-Kh-2c-3d HandB:Ac-2d-4c-5d Board:Qh-Jh-Th-3s-4s"
    one_low = "HandA:Qc-Qd-7h-7s HandB:Ac-2d-Kh-Ks Board:3c-4d-8h-9s-Ts"
    output, _ = omahacomp.run([royal, one_low])
    assert output.splitlines()[1] == "=> HandA wins Hi (Straight Flush); No hand qualified for Low"
    assert output.splitlines()[4] == "=> HandB wins Hi (One Pair); HandB wins Lo (8432A)"


def test_missing_input_file_is_reported_on_stderr_with_exit_2(tmp_path):
    done = run_script(tmp_path, "absent.txt", "out.txt")
    assert done.returncode == 2
    assert "absent.txt" in done.stderr
    assert not (tmp_path / "out.txt").exists()


def test_non_text_input_and_unwritable_output_exit_2(tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00garbage")
    done = run_script(tmp_path, "bin.txt", "out.txt")
    assert done.returncode == 2
    assert "not UTF-8" in done.stderr
    (tmp_path / "in.txt").write_text(GOOD + "\n")
    done = run_script(tmp_path, "in.txt", tmp_path / "no-such-dir" / "out.txt")
    assert done.returncode == 2
    assert "cannot write" in done.stderr


def test_wrong_arguments_print_usage_with_exit_2(tmp_path):
    done = run_script(tmp_path, "only-one.txt")
    assert done.returncode == 2
    assert "usage" in done.stderr

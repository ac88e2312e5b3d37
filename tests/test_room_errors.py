"""Error codes are one enumeration (``room.errors.Code``) that says who is to blame.

* every code string anywhere in ``py/`` (code, or a docstring's ``game/illegal``) is one of it;
* no raise or send names a code by a bare string: it goes through the enumeration;
* a bug of ours never reaches a peer as if it were the peer's doing.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from games.codes import TableCode
from room.errors import BUG_NOTICE, Blame, Code, ErrorCode, RoomError, peer_detail
from room.events import Send
from room.host import LOCAL_PEER
from room.messages import Act, Start
from test_room_host import FakeGame, join, new_room, recv

PY = Path(__file__).resolve().parent.parent / "py"
CODE_TEXT = re.compile(r"[a-z_]+/[a-z_0-9]+")
NAMESPACES = {code.value.split("/")[0] for code in Code}
IN_DOCS = re.compile(r"``'?((?:" + "|".join(sorted(NAMESPACES)) + r")/[a-z_0-9]+)'?``")
NOT_CODES = {"text/csv", "text/plain", "application/json",  # MIME types, not refusals
             "text/javascript"}
SENDS_A_CODE = {"RoomError", "MalformedMessage", "NotAllowed", "CodeError", "InvalidName",
                "ConfigError", "ExportError", "Error", "Rejected", "_reject", "_refuse",
                "_cut_off", "_bad"}
ALL_CODES: list[ErrorCode] = [*Code, *TableCode]  # the room's and the table games'
WIRE = {code.value for code in ALL_CODES}


def sources() -> list[Path]:
    return sorted(PY.rglob("*.py"))


def test_the_codes_are_unique_and_well_formed():
    assert len(WIRE) == len(ALL_CODES)
    for code in ALL_CODES:
        assert CODE_TEXT.fullmatch(code.value), code
        assert code.blame in Blame and code.text, code


def test_every_code_string_in_py_is_in_the_enumeration():
    unknown = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and CODE_TEXT.fullmatch(node.value) and node.value not in NOT_CODES
                    and node.value not in WIRE):
                unknown.append(f"{path.relative_to(PY)}:{node.lineno}: {node.value!r}")
        for match in IN_DOCS.finditer(text):  # docs name codes in double backquotes
            if match.group(1) not in WIRE:
                unknown.append(f"{path.relative_to(PY)}: ``{match.group(1)}``")
    assert not unknown, "codes missing from room.errors.Code:\n" + "\n".join(unknown)


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_no_raise_or_send_names_a_code_by_a_bare_string():
    bare = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _called(node) in SENDS_A_CODE:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    if (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                            and CODE_TEXT.fullmatch(arg.value)):
                        bare.append(f"{path.relative_to(PY)}:{node.lineno}: {arg.value!r}")
    assert not bare, "say these codes as room.errors.Code members:\n" + "\n".join(bare)


@pytest.mark.parametrize("code", ALL_CODES, ids=str)
def test_only_a_bug_is_said_to_be_ours(code):
    detail = peer_detail(code, "what happened")
    if code.blame is Blame.BUG:
        assert detail.startswith(BUG_NOTICE.format(text=code.text))
        assert detail.endswith("what happened")
    else:
        assert detail == "what happened"


@dataclass
class BuggyGame(FakeGame):
    """A game that breaks its own contract on a move (a RoomError it blames on a bug)."""

    def handle_action(self, player_id, request):
        raise RoomError("the pot went negative", Code.ROOM_ERROR)


def test_a_bug_reaches_the_peer_as_ours_not_theirs():
    room = new_room(game_factory=BuggyGame)
    join(room, LOCAL_PEER, "Hostie")
    join(room, "g1", "Guest")
    recv(room, LOCAL_PEER, Start())
    outs = recv(room, "g1", Act("check", room.game.seq))
    (error,) = [json.loads(o.text) for o in outs if isinstance(o, Send) and o.peer == "g1"]
    assert error["code"] == "room/error"
    assert error["detail"].startswith("not your doing")
    assert error["detail"].endswith("the pot went negative")


def test_a_code_error_without_a_code_is_ours():
    assert RoomError("who knows").code.blame is Blame.BUG
    assert RoomError(None, Code.AUTH_NOT_HOST).detail == Code.AUTH_NOT_HOST.text

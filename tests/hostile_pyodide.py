"""The hostile-message corpus, as run under Pyodide by ``tests/test_room_pyodide_hostile.py``.

A 16 kB ``[[[[…]]]]`` overflowed Pyodide's stack inside ``json.loads`` and killed the
host's Python; CPython copes, so the CPython fuzz test could not see it. These functions run
the same corpus inside Pyodide (``tools/run_pyodide.mjs``): a shorter fuzz session of
``test_room_fuzz`` against a live table, and every deep-nesting shape against both parsers (the
host's ``parse_request`` and a guest's ``parse_reply``), then show a clean message still parses.
Plain functions returning JSON-able figures: no pytest inside Pyodide.
"""

from __future__ import annotations

from room.errors import MalformedMessage
from room.messages import MAX_WIRE_BYTES, Start, View, parse_reply, parse_request

DEEP = [
    "[" * 8000 + "]" * 8000,
    "[" * (MAX_WIRE_BYTES // 2 - 1) + "]" * (MAX_WIRE_BYTES // 2 - 1),
    '{"a":' * 3000 + "1" + "}" * 3000,
    "[" * 2040 + "]" * 2040,  # under the request size cap
    '{"v":1,"type":"view","seq":1,"view":' + '{"a":' * 2500 + "1" + "}" * 2500 + "}",
]


def deep_messages() -> dict[str, object]:
    """Every deep shape, 100 times each, through both parsers: each is refused with a
    ``MalformedMessage`` (never a RecursionError or a dead interpreter)."""
    codes: dict[str, int] = {}
    for text in DEEP * 100:
        for parse in (parse_request, parse_reply):
            try:
                parse(text)
            except MalformedMessage as exc:
                codes[exc.code] = codes.get(exc.code, 0) + 1
    # and the interpreter is fine afterwards
    assert parse_request(Start().to_wire()) == Start()
    assert parse_reply(View(1, {"a": [1]}).to_wire()) == View(1, {"a": [1]})
    return {"refused": sum(codes.values()), "codes": codes}


PYODIDE_MESSAGES = 3_000
"""The CPython fuzz test's session and checks, shorter (its 10,000 messages cost about 30
CPU-seconds in Pyodide, run beside the browser tests): about 1,500 hostile turns, so each of
its sixteen kinds of message, deep nesting among them, still reaches Pyodide's parser and room
about 90 times, after the deep shapes' 1,000 refusals above (the same seed as CPython's)."""


def fuzz_session() -> str:
    """The CPython fuzz test's session, shorter (``PYODIDE_MESSAGES``), inside Pyodide."""
    import test_room_fuzz

    test_room_fuzz.fuzz_session(PYODIDE_MESSAGES)
    return "passed"


def both() -> dict[str, object]:
    """Both runs in one Pyodide (one boot instead of two: the suite's time)."""
    return {"deep": deep_messages(), "fuzz": fuzz_session()}

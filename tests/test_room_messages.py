"""Wire messages: every valid message round-trips; every invalid text is a MalformedMessage."""

from __future__ import annotations

import json
import random

import pytest
from room.errors import MalformedMessage, RoomError
from room.identity import key_of
from room.messages import (
    ACTION_RE,
    MAX_NESTING,
    MAX_REQUEST_BYTES,
    MAX_WIRE_BYTES,
    MESSAGE_TYPES,
    Act,
    Admit,
    Bot,
    Challenge,
    Closed,
    Error,
    Hello,
    Join,
    Kick,
    Leave,
    NextHand,
    Nonce,
    Ping,
    Pong,
    Rejected,
    SetAdvisor,
    SetApproval,
    SetAutoDeal,
    SetGame,
    SetGrace,
    SetTimer,
    Start,
    Table,
    View,
    Waiting,
    Welcome,
    nesting_depth,
    parse_message,
    parse_reply,
    parse_request,
)
from rules.money import MAX_BET_CENTS

TOKEN = "tok_en-0123456789"
KEY = key_of(TOKEN)
SIG = "A" * 86
JOIN = {"key": KEY, "sig": SIG, "caller": "g1"}  # the fields of a join beside its name

SAMPLES = [
    Hello("0f" * 16),
    Join("Ann", KEY, SIG, "g1"),
    Join("<b>Ann</b> & 🂡", KEY, "-_" * 43, "5c4d2e8a-9f1b-4c3d-8e2f-0a1b2c3d4e5f"),
    Challenge(KEY, "a1" * 16, SIG, "uomaha-g-0123456789abcdef"),
    Ping(0),
    Ping(2**53 - 1, 41),
    Start(),
    Leave(),
    Act("check", 0),
    Act("double", 17),
    Act("raise", 3, amount=1200),
    Act("bet", 3, amount=0),
    Act("draw", 9, cards=("Ah", "Td", "2c")),
    Act("draw", 9, cards=("Ah", "Kh", "Qh", "Jh", "Th")),
    Act("fold", 2),
    NextHand(),
    Nonce(1, "0f" * 16),
    SetAutoDeal(True),
    SetAutoDeal(False),
    SetAdvisor(True),
    SetAdvisor(False),
    SetGrace(0),
    SetGrace(300),
    SetTimer(0),
    SetTimer(5),
    SetTimer(600),
    Welcome("p1", "ABCD234"),
    View(1, {"room": "ABCD234", "players": [{"id": "p1", "name": "Ann"}], "x": None}),
    Pong(123),
    Error("msg/bad_field", "set_bet.cents: expected ..."),
    Rejected("room/full", "the room already has 10 players"),
    Closed("host_left"),
    Kick("p2"),
    Bot("add", "strong"),
    Bot("remove", player="p3"),
    SetApproval(True),
    SetApproval(False),
    Admit("r1", True),
    Admit("r999999", False),
    Waiting("the host lets you in"),
    Table("buy_in", 1000),
    Table("buy_in", 10**12),
    Table("sit_out"),
    Table("sit_in"),
    Table("post"),
    Table("pause"),
    Table("resume"),
    Table("bomb_pot"),
    Table("bomb_pot", 40),
    Table("bomb_pot_off"),
    Table("set_stack", 0, "p2"),
    Table("set_stack", 1500, "p12"),
    SetGame("ultimate", {}),
    SetGame("omaha-hilo", {"betting": "fixed-limit", "big_blind": 10, "small_blind": 5,
                           "mode": "tournament", "cap": 0}),
]


def wire(**fields):
    return json.dumps({"v": 1, **fields})


def malformed(text) -> MalformedMessage:
    with pytest.raises(MalformedMessage) as info:
        parse_message(text)
    return info.value


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip(msg):
    text = msg.to_wire()
    assert json.loads(text)["v"] == 1
    assert json.loads(text)["type"] == msg.TYPE
    assert parse_message(text) == msg
    assert parse_message(text).to_wire() == text


def test_every_type_has_a_sample():
    assert {m.TYPE for m in SAMPLES} == set(MESSAGE_TYPES)


def test_error_hierarchy():
    assert issubclass(MalformedMessage, RoomError)
    assert issubclass(RoomError, ValueError)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "msg/bad_json"),
        ("", "msg/bad_json"),
        ('{"v": 1, "type": "start"', "msg/bad_json"),
        ('{"v": 1, "type": "start", "type": "leave"}', "msg/bad_json"),
        ('{"v": 1, "type": "ping", "t": NaN}', "msg/bad_json"),
        ("[" * 5000 + "]" * 5000, "msg/too_deep"),
        ("[" * 8000 + "]" * 8000, "msg/too_deep"),
        ('{"a":' * 2000 + "1" + "}" * 2000, "msg/too_deep"),
        ("[" * 25 + "]" * 25, "msg/too_deep"),
        (b'{"v":1,"type":"start"}', "msg/bad_json"),
        (None, "msg/bad_json"),
        ("[1, 2]", "msg/not_object"),
        ('"start"', "msg/not_object"),
        ('{"type": "start"}', "msg/bad_version"),
        ('{"v": 2, "type": "start"}', "msg/bad_version"),
        ('{"v": true, "type": "start"}', "msg/bad_version"),
        ('{"v": "1", "type": "start"}', "msg/bad_version"),
        ('{"v": 1.0, "type": "start"}', "msg/bad_version"),
        ('{"v": 1}', "msg/unknown_type"),
        ('{"v": 1, "type": "explode"}', "msg/unknown_type"),
        ('{"v": 1, "type": ["start"]}', "msg/unknown_type"),
        ('{"v": 1, "type": "__init__"}', "msg/unknown_type"),
    ],
)
def test_structural_errors(text, code):
    assert malformed(text).code == code


def test_nesting_is_bounded_before_parsing_but_brackets_in_text_do_not_count():
    """The parser recurses per level and Pyodide's stack is small, so the depth is
    measured first; a name full of brackets is text, not nesting."""
    assert malformed("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)).code == "msg/too_deep"
    assert malformed("[" * MAX_NESTING + "]" * MAX_NESTING).code == "msg/not_object"
    name = "[{" * 50
    msg = parse_request(json.dumps({"v": 1, "type": "join", "name": name, **JOIN}))
    assert isinstance(msg, Join) and msg.name == name
    assert nesting_depth(r'{"a": "\"[[[[", "b": [[1]]}') == 3
    view = View(3, {"game": {"results": {"players": [{"board1": {"cards": ["As"]}}] * 10}}})
    assert parse_reply(view.to_wire()) == view  # real views stay well inside the bound


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("", 0), ("1", 0), ('"[[[["', 0), ("[]", 1), ('{"a": {"b": []}}', 3),
        ('["]", ["[", ["{"]]]', 3),  # brackets in strings do not count
        ('["\\\\", "["]', 1),  # an escaped backslash, then the quote ends the string
        ('["\\"[[["]', 1),  # an escaped quote does not end the string
        ('"unterminated [[[', 0),
        ('[[["unterminated \\', 3),
        ("]]][[", 0),  # json.loads stops at the first unmatched "]": it never goes deeper
        ("]" * 10 + "[" * 40, 30),
        ('"' * 5000 + "[[", 2),  # many empty strings, then brackets
        ('"' * 5001 + "[[", 0),  # the last quote opens a string that never ends
        # escaped quotes that never close: the old string pattern backtracked from every
        # quote to the end of the text (quadratic: 1.7 s of CPython for 16 kB)
        ('"\\' * 8000, 0),
        ("[" + '"\\' * 8000, 1),
    ],
    ids=lambda v: repr(v)[:24],
)
def test_nesting_depth_reads_only_brackets_outside_strings(text, depth):
    assert nesting_depth(text) == depth


def test_requests_are_capped_smaller_than_views():
    pad = "x" * (MAX_REQUEST_BYTES + 10)
    text = json.dumps({"v": 1, "type": "join", "name": pad, **JOIN})
    assert len(text) < MAX_WIRE_BYTES
    with pytest.raises(MalformedMessage) as info:
        parse_request(text)
    assert info.value.code == "msg/too_big" and str(MAX_REQUEST_BYTES) in info.value.detail


def test_too_big_is_checked_in_bytes():
    name_len = MAX_WIRE_BYTES // 3  # 3 bytes per character in UTF-8, fewer characters
    text = json.dumps({"v": 1, "type": "join", "name": "€" * name_len, **JOIN},
                      ensure_ascii=False)
    assert len(text) < MAX_WIRE_BYTES
    err = malformed(text)
    assert err.code == "msg/too_big"
    assert str(MAX_WIRE_BYTES) in err.detail


@pytest.mark.parametrize(
    ("fields", "field", "shown"),
    [
        ({"type": "set_timer", "seconds": -5}, "set_timer.seconds", "-5"),
        ({"type": "set_timer", "seconds": 1.5}, "set_timer.seconds", "1.5"),
        ({"type": "set_timer", "seconds": 100.0}, "set_timer.seconds", "100.0"),
        ({"type": "set_timer", "seconds": True}, "set_timer.seconds", "True"),
        ({"type": "set_timer", "seconds": "100"}, "set_timer.seconds", "'100'"),
        ({"type": "set_timer", "seconds": None}, "set_timer.seconds", "None"),
        ({"type": "set_timer"}, "seconds", "missing"),
        ({"type": "join", "name": 5, **JOIN}, "join.name", "5"),
        ({"type": "join", "name": "Ann", "key": "short", "sig": SIG, "caller": "g1"},
         "join.key", "'short'"),
        ({"type": "join", "name": "Ann", "key": KEY + "A", "sig": SIG, "caller": "g1"},
         "join.key", KEY[:20]),
        ({"type": "join", "name": "Ann", "key": KEY[:42] + "!", "sig": SIG, "caller": "g1"},
         "join.key", "!"),
        # the same 32 bytes spelt another way (spare low bits set): one key, one text
        ({"type": "join", "name": "Ann", "key": "A" * 42 + "B", "sig": SIG, "caller": "g1"},
         "join.key", "AAB"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG[:85], "caller": "g1"},
         "join.sig", "AAA"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG + "=", "caller": "g1"},
         "join.sig", "AAA"),
        ({"type": "join", "name": "Ann", "token": TOKEN}, "key", "missing"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG, "caller": "g1",
          "token": TOKEN}, "token",
         "unknown"),
        ({"type": "join", "name": "A" * 201, **JOIN}, "join.name", "AAA"),
        ({"type": "join", "name": "\ud800", **JOIN}, "join.name", "surrogate"),
        ({"type": "join", **JOIN}, "name", "missing"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG, "caller": "a|b"},
         "join.caller", "a|b"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG, "caller": "g" * 65},
         "join.caller", "ggg"),
        ({"type": "join", "name": "Ann", "key": KEY, "sig": SIG}, "caller", "missing"),
        ({"type": "hello", "nonce": "0F" * 16}, "hello.nonce", "0F0F"),
        ({"type": "hello", "nonce": "0f" * 15}, "hello.nonce", "0f0f"),
        ({"type": "challenge", "key": KEY, "nonce": "zz" * 16, "sig": SIG, "caller": "g1"},
         "challenge.nonce", "zzz"),
        ({"type": "challenge", "key": 7, "nonce": "00" * 16, "sig": SIG,
          "caller": "g1"}, "challenge.key", "7"),
        ({"type": "ping", "t": -1}, "ping.t", "-1"),
        ({"type": "ping", "t": 2**53}, "ping.t", str(2**53)),
        ({"type": "ping", "t": 5, "seen": -2}, "ping.seen", "-2"),
        ({"type": "act", "action": "Check", "seq": 1}, "act.action", "'Check'"),
        ({"type": "act", "action": "check ", "seq": 1}, "act.action", "'check '"),
        ({"type": "act", "action": "all-in", "seq": 1}, "act.action", "'all-in'"),
        ({"type": "act", "action": "räise", "seq": 1}, "act.action", "'räise'"),
        ({"type": "act", "action": "", "seq": 1}, "act.action", "''"),
        ({"type": "act", "action": "x" * 17, "seq": 1}, "act.action", "'xxxxx"),
        ({"type": "act", "action": "x" * 3000, "seq": 1}, "act.action", "'xxxxx"),
        ({"type": "act", "action": 7, "seq": 1}, "act.action", "7"),
        ({"type": "act", "action": None, "seq": 1}, "act.action", "None"),
        ({"type": "act", "action": ["check"], "seq": 1}, "act.action", "['check']"),
        ({"type": "act", "seq": 1}, "action", "missing"),
        ({"type": "act", "action": "nap", "seq": -1}, "act.seq", "-1"),
        ({"type": "act", "action": "nap", "seq": 1, "amount": 0.5}, "act.amount", "0.5"),
        ({"type": "act", "action": "nap", "seq": 1, "cards": ["Ah"] * 2}, "act.cards",
         "'Ah', 'Ah'"),
        ({"type": "act", "action": "bet", "seq": 1, "amount": -1}, "act.amount", "-1"),
        ({"type": "act", "action": "bet", "seq": 1, "amount": 10**12 + 1}, "act.amount",
         "1000000000001"),
        ({"type": "act", "action": "bet", "seq": 1, "amount": 2.5}, "act.amount", "2.5"),
        ({"type": "act", "action": "bet", "seq": 1, "amount": True}, "act.amount", "True"),
        ({"type": "act", "action": "bet", "seq": 1, "amount": "100"}, "act.amount", "'100'"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": "AhKh"}, "act.cards", "'AhKh'"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": ["Ah", "10c"]}, "act.cards",
         "'10c'"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": ["ah"]}, "act.cards", "'ah'"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": ["??"]}, "act.cards", "'??'"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": [1]}, "act.cards", "1"),
        ({"type": "act", "action": "draw", "seq": 1, "cards": ["Ah", "Ah"]}, "act.cards",
         "'Ah', 'Ah'"),
        ({"type": "act", "action": "draw", "seq": 1,
          "cards": ["2c", "3c", "4c", "5c", "6c", "7c"]}, "act.cards", "'2c'"),
        ({"type": "act", "action": "check", "seq": False}, "act.seq", "False"),
        ({"type": "welcome", "you": "admin", "room": "ABCD234"}, "welcome.you", "'admin'"),
        ({"type": "welcome", "you": "p1", "room": "abcd234"}, "welcome.room", "'abcd234'"),
        ({"type": "view", "seq": 1, "view": []}, "view.view", "[]"),
        ({"type": "error", "code": "nope", "detail": "x"}, "error.code", "'nope'"),
        ({"type": "error", "code": "a/b", "detail": "x" * 1001}, "error.detail", "xxx"),
        ({"type": "closed", "reason": "Host Left"}, "closed.reason", "'Host Left'"),
        ({"type": "start", "player": "p2"}, "unknown field", "'player'"),
        ({"type": "set_timer", "seconds": 10, "as": "p1"}, "unknown field", "'as'"),
        ({"type": "set_auto_deal", "on": 1}, "set_auto_deal.on", "1"),
        ({"type": "set_auto_deal", "on": "true"}, "set_auto_deal.on", "'true'"),
        ({"type": "set_advisor", "on": 1}, "set_advisor.on", "1"),
        ({"type": "set_grace", "seconds": 301}, "set_grace.seconds", "301"),
        ({"type": "set_grace", "seconds": -1}, "set_grace.seconds", "-1"),
        ({"type": "set_timer", "seconds": 4}, "set_timer.seconds", "4"),
        ({"type": "set_timer", "seconds": 0.0}, "set_timer.seconds", "0.0"),
        ({"type": "set_timer", "seconds": False}, "set_timer.seconds", "False"),
        ({"type": "next_hand", "hand": 2}, "unknown field", "'hand'"),
        ({"type": "set_game", "game": "Holdem", "settings": {}}, "set_game.game", "'Holdem'"),
        ({"type": "set_game", "game": "holdem", "settings": []}, "set_game.settings", "[]"),
        ({"type": "set_game", "game": "holdem"}, "settings", "missing"),
        ({"type": "set_game", "game": "holdem", "settings": {"Big": 1}}, "set_game.settings",
         "'Big'"),
        ({"type": "set_game", "game": "holdem", "settings": {"big_blind": -1}},
         "set_game.big_blind", "-1"),
        ({"type": "set_game", "game": "holdem", "settings": {"big_blind": 2.5}},
         "set_game.big_blind", "2.5"),
        ({"type": "set_game", "game": "holdem", "settings": {"big_blind": [1]}},
         "set_game.big_blind", "[1]"),
        ({"type": "set_game", "game": "holdem", "settings": {"mode": "<b>"}},
         "set_game.mode", "'<b>'"),
        ({"type": "set_game", "game": "holdem", "settings": {f"s{'a' * i}": 1 for i in range(33)}},
         "set_game.settings", "sa"),
        ({"type": "act", "action": "check", "seq": 1, "player": "p1"}, "unknown field",
         "'player'"),
        ({"type": "table", "action": "Rebuy"}, "table.action", "'Rebuy'"),
        ({"type": "table", "action": "buy-in"}, "table.action", "'buy-in'"),
        ({"type": "table", "action": ""}, "table.action", "''"),
        ({"type": "table", "action": "x" * 17}, "table.action", "'xxxxx"),
        ({"type": "table", "action": 7}, "table.action", "7"),
        ({"type": "table", "action": None}, "table.action", "None"),
        ({"type": "table", "action": "buy_in", "amount": 2.5}, "table.amount", "2.5"),
        ({"type": "table", "action": "buy_in", "amount": "500"}, "table.amount", "'500'"),
        ({"type": "table", "action": "buy_in", "amount": True}, "table.amount", "True"),
        ({"type": "table", "action": "buy_in", "amount": 10**12 + 1}, "table.amount",
         "1000000000001"),
        ({"type": "table", "action": "set_stack", "player": "p2", "amount": -1},
         "table.amount", "-1"),
        ({"type": "table", "action": "set_stack", "player": "Bob", "amount": 10},
         "table.player", "'Bob'"),
        ({"type": "table", "action": "pause", "player": 2}, "table.player", "2"),
        ({"type": "table", "action": "pause", "player": "p0"}, "table.player", "'p0'"),
        ({"type": "table", "action": "pause", "seat": "p1"}, "unknown field", "'seat'"),
        ({"type": "table"}, "action", "missing"),
    ],
)
def test_field_errors_name_field_and_value(fields, field, shown):
    err = malformed(wire(**fields))
    assert err.code == "msg/bad_field"
    assert field in err.detail
    assert shown in err.detail


def test_constructing_a_bad_message_raises_too():
    with pytest.raises(MalformedMessage):
        SetTimer(-1)
    with pytest.raises(MalformedMessage):
        Ping(True)


def test_optional_field_defaults():
    assert parse_message(wire(type="ping", t=5)) == Ping(5, -1)
    assert parse_message(wire(type="act", action="check", seq=5)) == Act("check", 5, None, ())


def test_an_act_carries_amount_and_cards_only_when_given():
    assert Act("check", 5).to_wire() == '{"v":1,"type":"act","action":"check","seq":5}'
    assert json.loads(Act("raise", 5, amount=40).to_wire())["amount"] == 40
    drawn = parse_message(Act("draw", 5, cards=("Ah", "2c")).to_wire())
    assert drawn == Act("draw", 5, cards=("Ah", "2c")) and isinstance(drawn.cards, tuple)
    assert "cards" not in json.loads(Act("draw", 5).to_wire())  # standing pat: no cards


@pytest.mark.parametrize(
    "fields",
    [{"action": "muck"}, {"action": "z", "amount": 0}, {"action": "a" * 16, "cards": ["Ah"]},
     {"action": "stand_pat", "amount": 10**12, "cards": ["2c", "3d", "4h", "5s", "Tc"]},
     {"action": "_"}],
)
def test_the_wire_checks_only_the_shape_of_an_act(fields):
    """Which verbs exist, and what each carries, is the game's to say (the room knows no
    game): any bounded verb, amount and cards pass the edge, and the game refuses what it
    does not have (tests/test_room_fuzz*.py, tests/test_room_game.py)."""
    msg = parse_request(wire(type="act", seq=3, **fields))
    assert msg == Act(fields["action"], 3, fields.get("amount"), tuple(fields.get("cards", ())))


def test_a_table_request_carries_amount_and_player_only_when_given():
    assert Table("sit_out").to_wire() == '{"v":1,"type":"table","action":"sit_out"}'
    assert json.loads(Table("buy_in", 300).to_wire())["amount"] == 300
    assert json.loads(Table("set_stack", 0, "p2").to_wire())["player"] == "p2"
    assert parse_request(Table("pause").to_wire()) == Table("pause")
    with pytest.raises(MalformedMessage) as info:
        parse_reply(Table("post").to_wire())
    assert info.value.code == "msg/unexpected_type"


@pytest.mark.parametrize(
    "fields",
    [{"action": "ring_bell"}, {"action": "z", "amount": 0}, {"action": "a" * 16, "player": "p9"},
     {"action": "sit_out", "amount": 5, "player": "p1"}],
)
def test_the_wire_checks_only_the_shape_of_a_table_request(fields):
    """Which table requests exist, and what each carries, is the game's to say (the room
    knows no game): any bounded name, amount and player passes the edge, and the game
    refuses what it does not have (tests/test_room_table_host.py)."""
    msg = parse_request(wire(type="table", **fields))
    assert msg == Table(fields["action"], fields.get("amount"), fields.get("player"))


def test_direction_filters():
    assert parse_request(Start().to_wire()) == Start()
    assert parse_reply(Pong(1).to_wire()) == Pong(1)
    with pytest.raises(MalformedMessage) as info:
        parse_request(Welcome("p1", "ABCD234").to_wire())
    assert info.value.code == "msg/unexpected_type"
    with pytest.raises(MalformedMessage) as info:
        parse_reply(Start().to_wire())
    assert info.value.code == "msg/unexpected_type"


def test_to_wire_refuses_oversized_view():
    with pytest.raises(MalformedMessage) as info:
        View(1, {"blob": "x" * MAX_WIRE_BYTES}).to_wire()
    assert info.value.code == "msg/too_big"


def _mutations(rng: random.Random, text: str) -> str:
    """One random edit of a valid wire text: byte flips, cuts, splices, value swaps."""
    choice = rng.randrange(6)
    if choice == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(0x20, 0x250)) + text[i + 1 :]
    if choice == 1:
        return text[: rng.randrange(len(text) + 1)]
    if choice == 2:
        i = rng.randrange(len(text) + 1)
        junk = rng.choice(['"', "{", "}", "[", ",", ":", "\\", "null", "1e999"])
        return text[:i] + junk + text[i:]
    data = json.loads(text)
    if not isinstance(data, dict) or not data:
        return text + " x"
    key = rng.choice(sorted(data))
    junk = rng.choice(
        [None, True, False, 0, -1, 2**64, 1.5, "", "x" * 70, [], {}, [1], {"a": 1}, "p1", "\u0000"]
    )
    if choice == 3:
        data[key] = junk
    elif choice == 4:
        del data[key]
    else:
        data[rng.choice(["extra", "player", "v", "type", key])] = junk
    return json.dumps(data)


def test_fuzz_only_malformed_message_escapes():
    rng = random.Random(20240601)
    seen_codes = set()
    valid = 0
    for _ in range(4000):
        text = rng.choice(SAMPLES).to_wire()
        for _ in range(rng.randrange(1, 4)):
            text = _mutations(rng, text)
            try:
                json.loads(text)
            except ValueError:
                break
        try:
            msg = parse_message(text)
        except MalformedMessage as exc:
            seen_codes.add(exc.code)
            assert exc.detail
        else:
            valid += 1
            assert parse_message(msg.to_wire()) == msg
    assert {"msg/bad_json", "msg/bad_field", "msg/unknown_type", "msg/bad_version"} <= seen_codes
    assert valid > 0


def test_limits_agree_with_the_rules():
    # Behaviour, not constants: every bet the host can type is one the wire carries and
    # Ultimate Omaha takes as its setting, and the first amount the bet field refuses is
    # refused by the game too.
    from games.ultimatesettings import BASE_BET
    from rules.money import MoneyError, format_money, parse_dollars
    from rules.ultimate import Action

    top = parse_dollars(format_money(MAX_BET_CENTS))
    sent = SetGame("ultimate", {"base_cents": top})
    assert parse_message(sent.to_wire()) == sent and BASE_BET.check(top) == top
    with pytest.raises(MoneyError):
        parse_dollars(format_money(top + 1))
    with pytest.raises(RoomError):
        BASE_BET.check(top + 1)
    assert BASE_BET.check(parse_dollars("0.01")) == 1
    # every verb of every game travels: the wire's shape admits them all
    from games.poker.session import VERBS

    verbs = {a.value for a in Action} | set(VERBS)
    assert {"check", "double", "fold", "raise", "draw"} <= verbs
    assert [v for v in verbs if not ACTION_RE.fullmatch(v)] == []


@pytest.mark.parametrize(
    "fields",
    [
        {"type": "kick", "player": "p0"},
        {"type": "kick", "player": "local"},
        {"type": "kick", "player": 2},
        {"type": "set_approval", "on": 1},
        {"type": "admit", "request": "p1", "accept": True},
        {"type": "admit", "request": "r1", "accept": "yes"},
        {"type": "admit", "request": "r1"},
    ],
)
def test_door_messages_are_checked(fields):
    assert malformed(wire(**fields)).code == "msg/bad_field"

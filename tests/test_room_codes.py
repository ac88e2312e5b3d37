"""Room codes: unambiguous alphabet, enough entropy, forgiving but exact parsing."""

from __future__ import annotations

import math

import pytest
from room.codes import (
    ALPHABET,
    CODE_LENGTH,
    is_valid_code,
    new_room_code,
    normalize_code,
    peer_id_for,
)
from room.errors import CodeError, RoomError


def test_alphabet_has_no_confusable_characters():
    assert not set("0O1IL") & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 31


def test_codes_carry_at_least_34_bits():
    assert CODE_LENGTH * math.log2(len(ALPHABET)) >= 34


def test_new_codes_are_valid_and_vary():
    codes = {new_room_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and is_valid_code(c) for c in codes)
    assert len(codes) == 200  # a collision in 200 draws of 2**34 would mean a broken source
    assert set("".join(codes)) <= set(ALPHABET)
    assert len(set("".join(codes))) > 25  # the whole alphabet is used


@pytest.mark.parametrize(
    "typed", ["ABCD234", "abcd234", " abcd-234 ", "AB CD 234", "a-b-c-d-2-3-4", "Abcd\t234"]
)
def test_normalize_forgives_case_spaces_dashes(typed):
    assert normalize_code(typed) == "ABCD234"


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "empty"),
        ("  - ", "empty"),
        ("ABCD23", "6 characters"),
        ("ABCD2345", "8 characters"),
        ("ABCD0OO", "0, O, 1, I or L"),
        ("abcd1l4", "0, O, 1, I or L"),
        ("ABCD23!", "'!'"),
        ("ABCD23É", "'É'"),
        # A character no code has is named, even beside a confusable letter.
        ("<SCRIPT>", "'<'"),
        ("ABC<L>1", "'<'"),
    ],
)
def test_normalize_rejects_with_the_input_named(typed, words):
    with pytest.raises(CodeError) as info:
        normalize_code(typed)
    assert words in str(info.value)
    if typed.strip(" -"):
        assert repr(typed) in str(info.value)
    assert info.value.code == "code/invalid"
    assert isinstance(info.value, RoomError)


def test_normalize_rejects_non_text():
    with pytest.raises(CodeError):
        normalize_code(1234567)  # type: ignore[arg-type]


def test_peer_id():
    assert peer_id_for("abcd-234") == "uomaha-abcd234"
    with pytest.raises(CodeError):
        peer_id_for("nope")

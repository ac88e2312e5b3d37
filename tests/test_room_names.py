"""Names: trimmed, 1-20 characters, no control characters, unique in the room."""

from __future__ import annotations

import pytest
from room.errors import InvalidName
from room.names import MAX_NAME_LENGTH, clean_name, unique_name


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("Ann \t  Lee", "Ann Lee"),
        ("<script>alert(1)</sc", "<script>alert(1)</sc"),
        ("<b>Bo</b> & 'Al'", "<b>Bo</b> & 'Al'"),  # data, kept verbatim; the web renders text
        ("Zoë 🂡", "Zoë 🂡"),
        ("x" * MAX_NAME_LENGTH, "x" * MAX_NAME_LENGTH),
        ("  " + "y" * MAX_NAME_LENGTH + "  ", "y" * MAX_NAME_LENGTH),
    ],
)
def test_clean(raw, clean):
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("", "empty"),
        ("   \t\n ", "empty"),
        ("x" * (MAX_NAME_LENGTH + 1), "21 characters"),
        ("Ann\x00", "U+0000"),
        ("Ann\x1b[31m", "U+001B"),
        ("Ann\u202eevil", "U+202E"),
        ("Ann\x7f", "U+007F"),
        (None, "must be text"),
        (42, "must be text"),
    ],
)
def test_clean_rejects(raw, words):
    with pytest.raises(InvalidName) as info:
        clean_name(raw)
    assert words in str(info.value)
    assert info.value.code == "name/invalid"


def test_unique_suffixes_and_case():
    assert unique_name("Ann", []) == "Ann"
    assert unique_name("Ann", ["Bob"]) == "Ann"
    assert unique_name("Ann", ["Ann"]) == "Ann (2)"
    assert unique_name("ANN", ["ann", "Ann (2)"]) == "ANN (3)"


def test_unique_stays_within_limit():
    long = "L" * MAX_NAME_LENGTH
    taken = [long]
    for _ in range(12):
        name = unique_name(long, taken)
        assert len(name) <= MAX_NAME_LENGTH
        assert name.casefold() not in {t.casefold() for t in taken}
        taken.append(name)
    assert taken[-1].endswith("(13)")


def test_an_invisible_character_does_not_make_a_lookalike_name_unique():
    # "Ann" + a zero-width space looks exactly like "Ann" at the table: it must get a suffix.
    from room.names import unique_name

    for invisible in ("\u200b", "\u2060", "\ufeff", "\u00ad"):
        assert unique_name(f"An{invisible}n", ["Ann"]).endswith(" (2)"), repr(invisible)
    assert unique_name("Ann", ["A\u200bnn"]) == "Ann (2)"
    assert unique_name("Anna", ["Ann"]) == "Anna"  # a different name stays as it is

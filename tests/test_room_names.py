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


# --- look-alikes ----------------------------------------------------------------------------

CYRILLIC_A, CYRILLIC_CAPITAL_A, GREEK_CAPITAL_O = "\u0430", "\u0410", "\u039f"


@pytest.mark.parametrize(
    ("name", "taken"),
    [
        (f"H{CYRILLIC_A}na", "Hana"),  # Cyrillic a beside Latin a
        (f"{CYRILLIC_CAPITAL_A}nn", "Ann"),  # a Cyrillic capital A
        (f"{CYRILLIC_CAPITAL_A}NN", "ann"),  # confusable and another case at once
        (f"B{GREEK_CAPITAL_O}b", "Bob"),
        ("B0b", "Bob"),  # digit zero
        ("\uff21nn", "Ann"),  # fullwidth A
        ("\U0001d400nn", "Ann"),  # mathematical bold A
        ("Ann\u3164", "Ann"),  # a Hangul filler draws nothing
    ],
)
def test_a_confusable_name_is_made_distinct(name, taken):
    clean = clean_name(name)
    assert unique_name(clean, [taken]) == f"{clean} (2)"
    assert unique_name(clean, ["Zed"]) == clean  # nothing to confuse it with: kept as typed


def test_names_that_only_share_letters_stay_as_typed():
    assert unique_name("Anna", ["Ann"]) == "Anna"
    assert unique_name("Zoë", ["Zoe"]) == "Zoë"  # a diaeresis is visible
    assert unique_name("Хана", ["Hana"]) == "Хана"  # Cyrillic Kh looks like X, not H


@pytest.mark.parametrize(
    "raw",
    ["\u200d", "\u200d\u200d\u200b", "\u3164", "\u2800", "\u115f\u1160", "\ufe0f", "\u0301",
     "\u00ad \u2060"],
)
def test_a_name_with_no_visible_character_is_refused(raw):
    with pytest.raises(InvalidName, match="no visible character") as info:
        clean_name(raw)
    assert info.value.code == "name/invalid"


def test_stacked_combining_marks_are_capped():
    from room.names import MAX_MARKS

    ok = "Zq" + "\u0307\u0308\u030c"[:MAX_MARKS]  # three marks on one letter
    assert clean_name(ok) == ok
    with pytest.raises(InvalidName, match="combining marks"):
        clean_name("Ze" + "\u0300\u0301\u0302\u0303\u0304")  # a tower of marks
    with pytest.raises(InvalidName, match="combining marks"):
        clean_name("Z\u20dd\u20dd\u20dd\u20dd")  # enclosing marks count too


@pytest.mark.parametrize("name", ["Nguyễn Thị", "ที่นี่", "हिन्दी", "Ζωή", "Олег", "李小龍", "José"])
def test_real_names_in_other_scripts_are_accepted(name):
    assert clean_name(name) == name


def test_the_confusable_table_comes_from_unicode_and_is_complete():
    from room import confusables_data
    from room.confusables import skeleton, table

    assert "tools/gen_confusables.py" in confusables_data.__doc__
    assert confusables_data.VERSION.count(".") == 2
    protos = table()
    assert len(protos) > 6000
    assert protos[CYRILLIC_A] == "a" and protos[GREEK_CAPITAL_O] == "O"
    assert protos["m"] == "rn"  # a prototype may be several characters
    assert skeleton("\u217b") == skeleton("xii")  # ROMAN NUMERAL TWELVE


def test_the_generator_round_trips_a_confusables_file(tmp_path):
    import importlib.util
    import sys
    from pathlib import Path

    tools = Path(__file__).resolve().parent.parent / "tools" / "gen_confusables.py"
    spec = importlib.util.spec_from_file_location("gen_confusables", tools)
    gen = importlib.util.module_from_spec(spec)
    sys.modules["gen_confusables"] = gen
    spec.loader.exec_module(gen)
    lines = ["\ufeff# confusables.txt", "# Version: 99.1.0", ""]
    for cp in range(0x4E00, 0x4E00 + 1100):  # made-up mappings, enough to pass its check
        lines.append(f"{cp:04X} ;\t0061 0062 ;\tMA\t# ( x → ab ) NOT A REAL MAPPING")
    lines.append("0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A")
    source = tmp_path / "confusables.txt"
    source.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "data.py"
    assert gen.main(["--source", str(source), "--out", str(out)]) == 0
    namespace: dict = {}
    exec(out.read_text(encoding="utf-8"), namespace)
    assert namespace["VERSION"] == "99.1.0"
    mapping = {}
    for line in namespace["DATA"].splitlines():
        target, srcs = line.split(":")
        for s in srcs.split(","):
            mapping[int(s, 16)] = target
    assert mapping[0x430] == "61" and mapping[0x4E00] == "61 62" and len(mapping) == 1101
    assert max(len(line) for line in out.read_text(encoding="utf-8").splitlines()) <= 100

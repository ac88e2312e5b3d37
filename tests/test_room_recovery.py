"""The recovery code (room.recovery): it carries a player's rejoin token to another device in a
form a person can type, and catches the typos people make before they cost anything."""

from __future__ import annotations

import secrets

import pytest
from room.errors import Code
from room.identity import key_of
from room.recovery import (
    ALPHABET,
    CHECK_PRIME,
    DATA_CHARS,
    WEIGHTS,
    RecoveryError,
    can_carry,
    recovery_code,
    spoken,
    token_from_code,
)


def _tokens(n: int) -> list[str]:
    return [secrets.token_urlsafe(24) for _ in range(n)]


def test_round_trip_gives_the_same_token_and_so_the_same_key() -> None:
    for token in _tokens(50):
        code = recovery_code(token)
        back = token_from_code(code)
        assert back == token
        assert key_of(back) == key_of(token)


def test_code_is_grouped_and_typed_back_loosely() -> None:
    token = _tokens(1)[0]
    code = recovery_code(token)
    groups = code.split("-")
    assert [len(g) for g in groups] == [6] * 7
    assert all(c in ALPHABET for c in code.replace("-", ""))
    # People type it in lower case, with spaces, or read O for 0 and I or L for 1.
    loose = " ".join(groups).lower().replace("0", "o").replace("1", "l")
    assert token_from_code(loose) == token
    assert token_from_code(f"  {code}\n") == token


def test_every_single_typo_is_caught() -> None:
    token = _tokens(1)[0]
    chars = recovery_code(token).replace("-", "")
    for i, c in enumerate(chars):
        for other in ALPHABET:
            if other == c:
                continue
            typo = chars[:i] + other + chars[i + 1:]
            with pytest.raises(RecoveryError) as err:
                token_from_code(typo)
            assert err.value.code is Code.RECOVERY_INVALID


def test_every_swap_of_two_characters_is_caught() -> None:
    token = _tokens(1)[0]
    chars = list(recovery_code(token).replace("-", ""))
    for i in range(len(chars)):
        for j in range(i + 1, len(chars)):
            if chars[i] == chars[j]:
                continue
            swapped = chars.copy()
            swapped[i], swapped[j] = swapped[j], swapped[i]
            with pytest.raises(RecoveryError, match="mistyped"):
                token_from_code("".join(swapped))


def test_a_missing_or_extra_character_and_foreign_ones_say_what_is_wrong() -> None:
    code = recovery_code(_tokens(1)[0]).replace("-", "")
    with pytest.raises(RecoveryError, match="41 of 42"):
        token_from_code(code[:-1])
    with pytest.raises(RecoveryError, match="43 of 42"):
        token_from_code(code + "A")
    with pytest.raises(RecoveryError, match="'U'"):
        token_from_code("U" + code[1:])
    with pytest.raises(RecoveryError, match="empty"):
        token_from_code(" - ")
    with pytest.raises(RecoveryError, match="too long"):
        token_from_code("A" * 5000)


def test_no_two_wrong_characters_can_cancel_out() -> None:
    """Two wrong characters i < j go unseen only if w_i d_i + w_j d_j = 0 (mod p) for digit
    differences d from -31 to 31: w_j / w_i would be -d_i / d_j. No ratio of weights is."""
    ratios = {d1 * pow(d2, -1, CHECK_PRIME) % CHECK_PRIME
              for d1 in range(-31, 32) for d2 in range(1, 32) if d1}
    for i, wi in enumerate(WEIGHTS):
        for wj in WEIGHTS[i + 1:]:
            assert wj * pow(wi, -1, CHECK_PRIME) % CHECK_PRIME not in ratios


def test_random_two_character_typos_are_caught() -> None:
    rng = secrets.SystemRandom()
    chars = recovery_code(_tokens(1)[0]).replace("-", "")
    missed = 0
    for _ in range(3000):
        typo = list(chars)
        for i in rng.sample(range(DATA_CHARS), 2):
            typo[i] = rng.choice([c for c in ALPHABET if c != typo[i]])
        try:
            token_from_code("".join(typo))
        except RecoveryError:
            continue
        missed += 1
    assert missed == 0


def test_only_the_tokens_our_pages_make_can_be_carried() -> None:
    assert all(can_carry(t) for t in _tokens(20))
    for odd in ("short", "x" * 33, "A" * 31 + "=", "ab" * 20, ""):
        assert not can_carry(odd)
        with pytest.raises(RecoveryError):
            recovery_code(odd)


def test_spoken_form_reads_each_character_for_a_screen_reader() -> None:
    code = recovery_code(_tokens(1)[0])
    said = spoken(code)
    assert said.count(",") == 6
    assert all(len(word) == 1 for group in said.split(", ") for word in group.split(" "))


def test_the_card_shows_the_browsers_player_and_asks_before_changing_it() -> None:
    from room.recovery import fingerprint
    from web.identitytext import chosen_identity, confirm_text, from_hash

    mine, last_room, tab = _tokens(3)
    assert chosen_identity(mine, last_room, tab) == mine  # once set, always the same
    assert chosen_identity("", last_room, tab) == last_room  # tonight's seats go along
    assert chosen_identity("", "", tab) == tab
    assert chosen_identity("", "not one of ours", tab) == tab
    new = _tokens(1)[0]
    asked = confirm_text(new, mine)
    assert fingerprint(new) in asked and fingerprint(mine) in asked and "set aside" in asked
    assert "set aside" not in confirm_text(new, "")
    assert fingerprint(new) != fingerprint(mine) and len(fingerprint(new)) == 9
    code = recovery_code(new)
    assert token_from_code(from_hash("#recover=" + code.replace("-", "%2D"))) == new

"""Provably fair deal: the derivation is exactly the documented one, fair, and verification bites.

The known-answer vector below also appears in the module docstring, so another implementation
(a JavaScript verifier, say) can check itself against the same numbers.
"""

from __future__ import annotations

import doctest
import hashlib
import hmac
import itertools
import struct
from collections import Counter

import pytest
import rules.fairdeal
from rules.cards import FULL_DECK, Card, format_cards
from rules.errors import RulesError
from rules.fairdeal import (
    MAX_NONCES,
    FairDealError,
    Verdict,
    commitment,
    deck_key,
    deck_words,
    derive_deck,
    new_nonce,
    new_seed,
    shuffle_by_words,
    verify,
)

VECTOR_SEED = bytes(range(32)).hex()
VECTOR_NONCES = {"bob": "ff" * 16, "alice": bytes(range(16)).hex()}
VECTOR_COMMITMENT = "5d1bb079c86b5a1fabe534545ef73bd39b2bee2680914905154b88d3b7ce8012"
VECTOR_KEY = "f7b0fb2b72fbafe37aae6d92e8da9cd95117789393c9491c2b80466996ffb988"
VECTOR_WORDS = [2958540529, 2841339494, 2973576870]
VECTOR_DECK = (
    "4d 3h 7h 9c 5c 3d Tc 7d Kd Jd Ac 6s Jc Ad Ts 8s 9d Kc 6h Td 6d 8d Qs 4h Ks 6c "
    "8c Kh 2d 9s 5h 8h Th As 5s 2c Qd Ah Js 9h 4s 7c Qc 3s 5d 4c 2h 3c 7s Jh Qh 2s"
)


def seed_for(i: int) -> str:
    """A fixed, well-spread seed per test case, so the statistical tests are deterministic."""
    return hashlib.sha256(b"test seed %d" % i).hexdigest()


NONCES = {"host": "01" * 16, "p2": "02" * 16, "p3": "03" * 16}


def reference_deck(seed_hex: str, nonces: dict[str, str]) -> list[int]:
    """The derivation re-written from the module docstring alone, sharing no code with it."""
    message = b"uomaha-deck-v1" + struct.pack(">I", len(nonces))
    for pid in sorted(nonces, key=lambda p: p.encode("utf-8")):
        raw_id, raw_nonce = pid.encode("utf-8"), bytes.fromhex(nonces[pid])
        message += struct.pack(">I", len(raw_id)) + raw_id
        message += struct.pack(">I", len(raw_nonce)) + raw_nonce
    key = hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).digest()
    words = (
        word
        for counter in itertools.count()
        for word in struct.unpack(
            ">8I", hmac.new(key, struct.pack(">Q", counter), hashlib.sha256).digest()
        )
    )
    deck = list(range(52))
    for i in range(51):
        n = 52 - i
        x = next(words)
        while x >= 2**32 - 2**32 % n:
            x = next(words)
        j = i + x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# --- the derivation -------------------------------------------------------------------------


def test_known_answer_vector():
    assert commitment(VECTOR_SEED) == VECTOR_COMMITMENT
    key = deck_key(VECTOR_SEED, VECTOR_NONCES)
    assert key.hex() == VECTOR_KEY
    assert list(itertools.islice(deck_words(key), 3)) == VECTOR_WORDS
    assert format_cards(derive_deck(VECTOR_SEED, VECTOR_NONCES)) == VECTOR_DECK


def test_the_commitment_is_the_documented_hash():
    seed = seed_for(1)
    expected = hashlib.sha256(b"uomaha-commit-v1" + bytes.fromhex(seed)).hexdigest()
    assert commitment(seed) == expected
    assert commitment(seed.upper()) == expected  # the bytes count, not the hex spelling


@pytest.mark.parametrize(
    "nonces",
    [
        {"solo": "aa" * 16},
        NONCES,
        {"é": "10" * 16, "e": "20" * 16, "z": "30" * 16, "E": "40" * 16},  # UTF-8 byte order
        {f"peer-{i}": f"{i:02x}" * 16 for i in range(MAX_NONCES)},
    ],
)
def test_matches_an_independent_implementation_of_the_docstring(nonces):
    for i in range(5):
        assert [int(c) for c in derive_deck(seed_for(i), nonces)] == reference_deck(
            seed_for(i), nonces
        )


def test_derivation_is_deterministic():
    assert derive_deck(seed_for(2), NONCES) == derive_deck(seed_for(2), dict(NONCES))


def test_the_order_of_the_nonces_does_not_matter():
    nonces = {**NONCES, "p4": "04" * 16}
    decks = {
        tuple(derive_deck(seed_for(3), dict(order)))
        for order in itertools.permutations(nonces.items())
    }
    assert len(decks) == 1


def test_hex_case_does_not_matter():
    upper = {pid: n.upper() for pid, n in VECTOR_NONCES.items()}
    assert format_cards(derive_deck(VECTOR_SEED.upper(), upper)) == VECTOR_DECK


def test_every_bit_of_the_seed_changes_the_deck():
    seed = bytes.fromhex(seed_for(4))
    base = derive_deck(seed.hex(), NONCES)
    for bit in range(0, 256, 7):
        flipped = bytearray(seed)
        flipped[bit // 8] ^= 1 << (bit % 8)
        assert derive_deck(flipped.hex(), NONCES) != base, f"bit {bit}"


def test_any_change_of_a_nonce_or_the_set_of_players_changes_the_deck():
    seed = seed_for(5)
    base = derive_deck(seed, NONCES)
    variants = []
    for pid, nonce in NONCES.items():
        raw = bytearray.fromhex(nonce)
        for at in (0, 15):
            changed = bytearray(raw)
            changed[at] ^= 0x80
            variants.append({**NONCES, pid: changed.hex()})
    variants.append({**NONCES, "p4": "04" * 16})  # one more player
    variants.append({k: v for k, v in NONCES.items() if k != "p3"})  # one fewer
    variants.append({"host": "01" * 16, "p2": "03" * 16, "p3": "02" * 16})  # nonces swapped
    variants.append({"host": "01" * 16, "p2": "02" * 16, "P3": "03" * 16})  # id renamed
    decks = [tuple(derive_deck(seed, v)) for v in variants]
    assert tuple(base) not in decks
    assert len(set(decks)) == len(decks)


def test_every_deck_is_a_permutation_of_the_52_cards():
    for i in range(50):
        deck = derive_deck(seed_for(i), NONCES)
        assert len(deck) == 52
        assert sorted(deck) == list(FULL_DECK)
        assert all(isinstance(c, Card) for c in deck)


def chi_square(counts: Counter[int], total: int, cells: int) -> float:
    expected = total / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_cards_are_spread_evenly_over_the_top_and_the_bottom():
    # 5200 fixed seeds: 100 expected per card. With 51 degrees of freedom the statistic
    # averages 51 (sd ~10); 120 is far out in the tail (p < 1e-6), so a fair shuffle
    # cannot trip it, while a grossly biased one lands in the hundreds (the naive "swap with
    # any position" shuffle: ~240) or thousands (cards left in place too often). Subtle
    # biases are beyond a sample this size: modulo bias is ruled out exactly by the
    # rejection tests below instead.
    decks = 5200
    first, last, pairs = Counter(), Counter(), Counter()
    for i in range(decks):
        deck = derive_deck(seed_for(i), NONCES)
        first[deck[0]] += 1
        last[deck[-1]] += 1
        pairs[(deck[0].suit, deck[1].suit)] += 1
    assert chi_square(first, decks, 52) < 120
    assert chi_square(last, decks, 52) < 120
    # The second card is drawn from what is left: same suit as the first 12/51 of the time.
    same_suit = sum(n for (a, b), n in pairs.items() if a == b)
    assert abs(same_suit / decks - 12 / 51) < 0.03


# --- rejection sampling ---------------------------------------------------------------------

TOP = 2**32 - 1
LIMIT_52 = 4294967248  # 2**32 - (2**32 mod 52): the first word rejected when n = 52


def test_the_first_draw_rejects_exactly_the_words_at_or_above_the_limit():
    rest = [7] * 60
    assert shuffle_by_words([LIMIT_52 - 1, *rest])[0] == Card.parse("As")  # (limit-1) % 52 == 51
    assert shuffle_by_words([LIMIT_52, *rest]) == shuffle_by_words(rest)
    assert shuffle_by_words([TOP, LIMIT_52, *rest]) == shuffle_by_words(rest)


@pytest.mark.parametrize("step", range(51))
def test_a_rejected_word_is_skipped_at_every_step(step):
    # At step i the range is n = 52 - i. 2**32 - 1 is rejected unless n divides 2**32 (a
    # power of two): then nothing is rejected and the word lands on j = i + n - 1.
    zeros = [0] * 51
    with_top = [*zeros[:step], TOP, *zeros[step:]]
    n = 52 - step
    if n & (n - 1):
        assert shuffle_by_words(with_top) == shuffle_by_words(zeros)
    else:
        deck = shuffle_by_words(with_top)
        assert deck[step] == Card(step + n - 1)
        assert deck != shuffle_by_words(zeros)


def test_the_shuffle_needs_51_accepted_words():
    assert sorted(shuffle_by_words([5] * 51)) == list(FULL_DECK)
    with pytest.raises(FairDealError, match="ran out of words at position 50"):
        shuffle_by_words([5] * 50)
    with pytest.raises(FairDealError, match="ran out of words at position 0"):
        shuffle_by_words([TOP])
    with pytest.raises(FairDealError, match=r"word 4294967296 is not"):
        shuffle_by_words([2**32] + [0] * 50)


# --- verify ---------------------------------------------------------------------------------

SEED = seed_for(100)
PUBLISHED = commitment(SEED)
DECK = derive_deck(SEED, NONCES)
DEALT = DECK[:50]  # ten players' hole cards and both boards


def test_verify_accepts_an_honest_deal():
    for dealt in (DEALT, DECK, DECK[:14], []):
        verdict = verify(PUBLISHED, SEED, NONCES, dealt, mine=("p2", NONCES["p2"]))
        assert verdict == Verdict(True, verdict.reason)
        assert f"{len(dealt)} dealt cards" in verdict.reason
    assert verify(PUBLISHED.upper(), SEED, NONCES, [int(c) for c in DEALT]).ok  # plain ints


def test_verify_rejects_a_seed_other_than_the_committed_one():
    other = seed_for(101)
    verdict = verify(PUBLISHED, other, NONCES, derive_deck(other, NONCES)[:50])
    assert not verdict.ok
    assert "does not match the commitment" in verdict.reason


def test_verify_rejects_a_wrong_commitment():
    verdict = verify(commitment(seed_for(102)), SEED, NONCES, DEALT)
    assert not verdict.ok
    assert commitment(seed_for(102)) in verdict.reason


def test_verify_names_the_first_tampered_card():
    swapped = list(DEALT)
    swapped[8], swapped[40] = swapped[40], swapped[8]
    verdict = verify(PUBLISHED, SEED, NONCES, swapped)
    assert not verdict.ok
    assert verdict.reason == (
        f"card 9 was dealt as {DEALT[40]} but the revealed seed deals {DEALT[8]}"
    )
    replaced = [*DEALT[:49], DECK[50]]
    verdict = verify(PUBLISHED, SEED, NONCES, replaced)
    assert not verdict.ok
    assert verdict.reason.startswith("card 50 was dealt as")
    assert not verify(PUBLISHED, SEED, NONCES, [*DECK, DECK[0]]).ok  # 53 cards


def test_verify_rejects_nonces_other_than_those_dealt_with():
    changed = {**NONCES, "p3": "33" * 16}
    verdict = verify(PUBLISHED, SEED, changed, DEALT)
    assert not verdict.ok
    assert verdict.reason.startswith("card ")


def test_verify_catches_a_host_that_swapped_my_nonce_before_dealing():
    # The host deals consistently from a nonce set in which p2's nonce was replaced: the seed
    # and the cards agree, so only p2's own memory of its nonce can catch it.
    forged = {**NONCES, "p2": "66" * 16}
    dealt = derive_deck(SEED, forged)[:50]
    assert verify(PUBLISHED, SEED, forged, dealt).ok
    verdict = verify(PUBLISHED, SEED, forged, dealt, mine=("p2", NONCES["p2"]))
    assert not verdict.ok
    assert "'p2'" in verdict.reason and NONCES["p2"] in verdict.reason
    dropped = {k: v for k, v in NONCES.items() if k != "p2"}
    dealt = derive_deck(SEED, dropped)[:50]
    verdict = verify(PUBLISHED, SEED, dropped, dealt, mine=("p2", NONCES["p2"]))
    assert not verdict.ok
    assert "missing" in verdict.reason
    assert verify(PUBLISHED, SEED, NONCES, DEALT, mine=("p2", NONCES["p2"].upper())).ok


@pytest.mark.parametrize(
    ("commit", "seed", "nonces", "dealt", "mine", "named"),
    [
        ("xyz", SEED, NONCES, DEALT, None, "'xyz'"),
        (PUBLISHED, SEED[:-2], NONCES, DEALT, None, repr(SEED[:-2])),
        (PUBLISHED, SEED, {"p2": "nope"}, DEALT, None, "'nope'"),
        (PUBLISHED, SEED, ["p2"], DEALT, None, "['p2']"),
        (PUBLISHED, SEED, NONCES, [*DEALT[:3], 99], None, "99"),
        (PUBLISHED, SEED, NONCES, DEALT, ("p2", "short"), "'short'"),
        (PUBLISHED, SEED, NONCES, DEALT, ("", "02" * 16), "''"),
        (PUBLISHED, SEED, NONCES, DEALT, ("p2",), "cannot check"),
    ],
)
def test_verify_reports_a_malformed_reveal_instead_of_raising(
    commit, seed, nonces, dealt, mine, named
):
    verdict = verify(commit, seed, nonces, dealt, mine=mine)
    assert not verdict.ok
    assert verdict.reason.startswith("cannot check the deal: ")
    assert named in verdict.reason


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "nonces", "named"),
    [
        ("ab" * 31, NONCES, "'" + "ab" * 31 + "'"),  # 31 bytes
        ("ab" * 33, NONCES, "'" + "ab" * 33 + "'"),
        ("zz" * 32, NONCES, "'" + "zz" * 32 + "'"),
        (" " + "ab" * 31 + "a", NONCES, "seed must be 64 hex characters"),  # fromhex would skip
        (bytes(32), NONCES, "seed must be"),
        (SEED, {}, "got 0"),
        (SEED, {f"p{i}": "00" * 16 for i in range(MAX_NONCES + 1)}, "got 11"),
        (SEED, [("p1", "00" * 16)], "nonces must map"),
        (SEED, {"p1": "00" * 15}, "nonce of 'p1' must be 32 hex characters, got '" + "00" * 15),
        (SEED, {"p1": "0g" * 16}, "nonce of 'p1'"),
        (SEED, {"p1": 12}, "nonce of 'p1' must be 32 hex characters, got 12"),
        (SEED, {"": "00" * 16}, "player id must be a non-empty string, got ''"),
        (SEED, {7: "00" * 16}, "got 7"),
        (SEED, {"x" * 65: "00" * 16}, "65 bytes"),
        (SEED, {"é" * 33: "00" * 16}, "66 bytes"),
        (SEED, {"\ud800": "00" * 16}, "not valid Unicode"),
    ],
)
def test_bad_input_raises_an_error_naming_it(seed, nonces, named):
    with pytest.raises(FairDealError) as caught:
        derive_deck(seed, nonces)
    assert named in str(caught.value)


def test_the_error_belongs_to_the_rules_family():
    assert issubclass(FairDealError, RulesError) and issubclass(FairDealError, ValueError)
    with pytest.raises(FairDealError, match="seed must be 64 hex characters, got 'ab'"):
        commitment("ab")
    assert len(derive_deck(SEED, {"x" * 64: "00" * 16})) == 52  # the longest id allowed


# --- fresh values and docs ------------------------------------------------------------------


def test_fresh_seeds_and_nonces_are_random_hex_of_the_right_size():
    seeds = {new_seed() for _ in range(20)}
    nonces = {new_nonce() for _ in range(20)}
    assert len(seeds) == len(nonces) == 20
    assert all(len(s) == 64 and bytes.fromhex(s).hex() == s for s in seeds)
    assert all(len(n) == 32 and bytes.fromhex(n).hex() == n for n in nonces)
    assert all(len(commitment(s)) == 64 for s in seeds)
    assert derive_deck(new_seed(), {"me": new_nonce()})


def test_docstring_examples_run_including_the_vector():
    assert rules.fairdeal.__doc__ is not None
    assert VECTOR_COMMITMENT in rules.fairdeal.__doc__
    assert VECTOR_KEY in rules.fairdeal.__doc__
    cards = VECTOR_DECK.split()
    assert " ".join(cards[:26]) in rules.fairdeal.__doc__
    assert " ".join(cards[26:]) in rules.fairdeal.__doc__
    result = doctest.testmod(rules.fairdeal)
    assert result.attempted > 10
    assert result.failed == 0


def test_placed_hands_check_a_shown_hand_against_its_places():
    from rules.fairdeal import Placed, verify_dealt

    seed, nonces = "11" * 32, {"p1": "22" * 16}
    deck = derive_deck(seed, nonces)
    hole, drawn = (0, 1, 2, 3, 4), (10, 11)
    final = (deck[0], deck[2], deck[4], deck[10], deck[11])  # kept three, drew two
    good = [Placed(hole + drawn, final, drawn), Placed(hole, (deck[1], deck[3]), ())]
    assert verify_dealt(commitment(seed), seed, nonces, good).ok
    swapped = (deck[0], deck[2], deck[4], deck[10], deck[12])  # a card from past its places
    assert not verify_dealt(commitment(seed), seed, nonces,
                            [Placed(hole + drawn, swapped, drawn)]).ok
    kept_drawn_out = (deck[0], deck[1], deck[2], deck[4], deck[10])  # drew deck[11], not shown
    assert "there too" in verify_dealt(commitment(seed), seed, nonces,
                                       [Placed(hole + drawn, kept_drawn_out, drawn)]).reason
    reshuffled = (deck[0], deck[2], deck[4], deck[10], deck[40])  # one from the reshuffle
    assert verify_dealt(commitment(seed), seed, nonces,
                        [Placed((*hole, 10, None), reshuffled, (10, None))]).ok
    wire = Placed((*hole, 10, None), reshuffled, (10, None)).to_wire()
    assert Placed.from_wire(wire) == Placed((*hole, 10, None), reshuffled, (10, None))
    for bad in ([[99], ["As"], [99]], [[0], ["Zz"], [0]], "x", [[0], ["As"]]):
        with pytest.raises(FairDealError):
            Placed.from_wire(bad)

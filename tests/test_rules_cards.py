"""Cards: every card reads back what it prints, and bad input is named in the error."""

from collections import Counter

import pytest
from rules.cards import (
    FULL_DECK,
    Card,
    CardError,
    check_distinct,
    deck_from,
    format_cards,
    parse_cards,
    shuffled_deck,
)


def test_every_card_round_trips_through_its_text():
    assert len(FULL_DECK) == 52
    for card in FULL_DECK:
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card  # repr is an evaluable Card.parse(...)
    assert len({str(c) for c in FULL_DECK}) == 52


def test_index_layout_is_rank_times_four_plus_suit():
    ace_of_spades = Card.parse("As")
    assert int(ace_of_spades) == 51
    assert (ace_of_spades.rank, ace_of_spades.suit) == (12, 3)
    assert int(Card.parse("2c")) == 0
    assert Card.from_parts(8, 1) == Card.parse("Td")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("9S", "9s"), ("ah", "Ah"), ("10c", "Tc"), (" Kd ", "Kd"), ("tD", "Td")],
)
def test_lenient_spellings_are_accepted(text, expected):
    assert str(Card.parse(text)) == expected


def test_pretty_and_spoken_names():
    card = Card.parse("Qh")
    assert card.pretty() == "Q♥"
    assert card.name == "queen of hearts"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1c", "unknown rank '1'"),
        ("Ax", "unknown suit 'x'"),
        ("A", "'A'"),
        ("Acd", "'Acd'"),
        ("", "''"),
    ],
)
def test_bad_card_text_is_named_in_the_error(text, fragment):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert fragment in str(info.value)


def test_non_string_and_out_of_range_cards_are_rejected():
    with pytest.raises(CardError):
        Card.parse(12)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="52"):
        Card(52)
    with pytest.raises(CardError):
        Card(-1)


def test_parse_cards_reads_separators_and_lists():
    expected = tuple(Card.parse(t) for t in ("Ah", "Kh", "5s", "2d"))
    assert parse_cards("Ah-Kh 5s,2d") == expected
    assert parse_cards(["Ah", "Kh", "5s", "2d"]) == expected
    assert format_cards(expected) == "Ah Kh 5s 2d"
    assert format_cards(expected, sep="-") == "Ah-Kh-5s-2d"
    assert format_cards(expected, pretty=True) == "A♥ K♥ 5♠ 2♦"
    assert parse_cards(format_cards(expected, sep="-")) == expected


def test_parse_cards_checks_count_and_duplicates():
    with pytest.raises(CardError, match="HandA needs 4 cards, got 3"):
        parse_cards("Ah Kh 5s", count=4, what="HandA")
    with pytest.raises(CardError, match="duplicate card Kh in board"):
        parse_cards("Ah Kh 5s kh", what="board")
    with pytest.raises(CardError, match="Zz"):
        parse_cards("Ah Zz")


def test_check_distinct_names_the_repeated_card():
    check_distinct(FULL_DECK)
    with pytest.raises(CardError, match="duplicate card 2c in deck"):
        check_distinct([0, 5, 0], "deck")


def test_shuffled_deck_is_a_permutation_and_varies():
    decks = [shuffled_deck() for _ in range(5)]
    for deck in decks:
        assert sorted(deck) == list(FULL_DECK)
        assert all(isinstance(c, Card) for c in deck)
    # Five identical orders of 52 cards would mean the shuffle does nothing.
    assert len({tuple(d) for d in decks}) > 1


def test_deck_from_keeps_order_and_rejects_duplicates():
    order = [51, 0, 13, 7]
    assert deck_from(order) == [Card(i) for i in order]
    with pytest.raises(CardError, match="duplicate"):
        deck_from([1, 2, 1])


def test_shuffle_spreads_the_top_card():
    # Weak but honest: over 520 shuffles the top card takes many values, none dominating.
    tops = Counter(int(shuffled_deck()[0]) for _ in range(520))
    assert len(tops) > 30
    assert max(tops.values()) < 60

"""The table's words (web.gametext) under CPython: doctests, and labels of a real room's hand."""

from __future__ import annotations

import doctest

import pytest
from games.registry import ultimate_omaha
from room.local import HostSession
from rules.cards import parse_cards
from rules.money import format_money
from rules.ultimate import hand_words, result_for
from web import gametext as gt


def test_doctests():
    result = doctest.testmod(gt)
    assert result.attempted > 0 and result.failed == 0


def solo_results_view() -> dict:
    s = HostSession("ABCD234", "Ann", "a" * 16, 0, game_factory=ultimate_omaha())
    s.open(0)
    s.request(s.client.start_game())
    s.request(s.client.act("double"))
    s.request(s.client.act("check"))
    game = s.client.view["game"]
    assert game["phase"] == "results"
    return game


def test_labels_of_a_real_hand_match_the_rules_settlement():
    game = solo_results_view()
    me = game["results"]["players"][0]
    ref = result_for([me["id"]], [parse_cards(me["hole"])], [me["stake_cents"]],
                     parse_cards(game["board1"]), parse_cards(game["board2"]), 100)
    score = ref.players[0].score
    for label, board in ((gt.board_label(me["board1"]), score.board1),
                         (gt.board_label(me["board2"]), score.board2)):
        assert label.startswith(hand_words(board.value) + " (")  # with its ranks
        assert label.endswith(f"({board.multiplier}×)" if board.qualifies else "(below aces)")
    net = format_money(ref.players[0].net_cents, signed=True)
    assert gt.total_label(me).endswith(net)
    said = gt.announcement(game, me["id"])
    assert said.startswith("Showdown: board 1 ")
    # Words a screen reader can say — card names, no suit symbols, no × or →.
    assert not set(said) & set("♠♥♦♣×→")
    for card in parse_cards(game["board1"] + game["board2"]):
        assert card.name in said
    for n, board in ((1, score.board1), (2, score.board2)):
        assert f"Board {n}: {hand_words(board.value)}, " in said
    assert ("You qualify with a multiplier of " if score.qualifies else "You foul and ") in said
    bank = ref.bank_net_cents
    assert said.endswith(f"Bank wins {format_money(bank)}." if bank > 0
                         else f"Bank loses {format_money(-bank)}." if bank < 0
                         else "Bank breaks even.")


@pytest.mark.parametrize("bad", [None, "x", 1.5, "100"])
def test_money_off_the_wire_never_raises(bad):
    assert gt.money(bad) == "?"


def test_face_down_and_malformed_cards_are_named_not_raised():
    assert gt.card_name("??") == "face-down card"
    assert gt.card_name("Zz") == "face-down card"
    assert gt.card_name("Td") == "ten of diamonds"
    assert gt.pretty_cards(["??", 7, "Qs"]) == "Q♠"


def test_deal_and_flop_announcements_name_only_what_is_visible():
    game = {"hand_no": 2, "phase": "flop", "board1": ["As", "Kh", "5d", "??", "??"],
            "board2": ["2c", "2d", "Th", "??", "??"], "you": {"in_hand": True}}
    assert gt.announcement(game, "p1") == (
        "Flop: board 1 ace of spades, king of hearts, five of diamonds; "
        "board 2 two of clubs, two of diamonds, ten of hearts.")
    assert gt.announcement({"phase": "dealing"}, "p1") == ""


def test_the_flop_announcement_says_your_hand_on_each_board():
    """The flop announcement says each board's hand value."""
    game = {"hand_no": 2, "phase": "flop", "board1": ["Ks", "9d", "4c", "??", "??"],
            "board2": ["Qh", "Qd", "3c", "??", "??"],
            "you": {"in_hand": True, "can_act": True, "hole": ["Kh", "Kd", "7c", "2s"]}}
    said = gt.announcement(game, "p1")
    assert ("You have Trips, Kings on board 1 and Two Pair, Kings and Queens on board 2."
            in said)

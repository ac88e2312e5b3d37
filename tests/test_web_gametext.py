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
from web.timewarn import TimeWarnings


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


# --- every line true in every state, every event said once -----------------------------------


def three_with_timer(seconds: int):
    from test_room_game_harness import Table

    table = Table(seed=5)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_timer(seconds))
    table.send("Ann", ann.start_game())
    table.advance(0)
    return table


def ids(table) -> dict:
    return {name: c.you for name, c in table.clients.items()}


def test_an_automatic_check_that_ends_the_round_is_said_on_every_page():
    """The timer checks Cy, the last to choose, so the next view is already the flop: the flop
    announcement starts with who was checked automatically, once, on every page."""
    table = three_with_timer(5)
    before = {name: table.gview(name) for name in ids(table)}
    assert before["Ann"]["phase"] == "preflop"
    table.act("Ann", "double")
    table.act("Bob", "check")
    mid = {name: table.gview(name) for name in ids(table)}
    table.advance(5000)
    for name, pid in ids(table).items():
        game = table.gview(name)
        assert game["phase"] == "flop", name
        lines = gt.news(mid[name], game, pid)
        text = " ".join(lines)
        want = ("You were checked automatically" if name == "Cy"
                else "Cy was checked automatically.")
        assert text.count(want) == 1 and text.index(want) < text.index("Flop: board 1"), text
        assert gt.news(game, game, pid) == []  # said once: the same view says nothing more
    # And at the showdown: Cy is checked again on the flop; Ann and Bob act.
    flop = {name: table.gview(name) for name in ids(table)}
    table.act("Ann", "check")
    table.act("Bob", "check")
    table.advance(5000)
    for name, pid in ids(table).items():
        game = table.gview(name)
        assert game["phase"] == "results", name
        text = " ".join(gt.news(flop[name], game, pid))
        want = ("You were checked automatically" if name == "Cy"
                else "Cy was checked automatically.")
        assert text.count(want) == 1 and text.startswith(want), text


def test_an_automatic_check_said_during_the_round_is_not_said_again():
    table = three_with_timer(5)
    table.act("Ann", "check")
    table.net.disconnect(table.peers["Bob"])  # Bob's grace (10 s) is longer than the timer
    table.send("Ann", table.clients["Ann"].set_grace(60))
    table.advance(5000)  # the timer checks Bob and Cy at once: the round ends
    game = table.gview("Cy")
    assert game["phase"] == "flop"
    seen = dict(game, phase="preflop", you={**game["you"], "acted": True, "auto": True,
                                              "choice": "check"})
    text = " ".join(gt.news(seen, game, ids(table)["Cy"]))
    assert "You were checked automatically" not in text and "Bob was checked" in text


def test_the_line_after_you_act_says_what_you_did_and_who_is_left():
    """Bo taps Double: the table's line no longer says "Waiting for you"; Ann checks: hers no
    longer asks her to Check or Double."""
    table = three_with_timer(30)
    table.act("Ann", "check")
    bob = table.gview("Bob")
    assert gt.state_line(bob, ids(table)["Bob"]) == "Preflop: Check or Double."
    table.act("Bob", "double")
    for name, done in (("Bob", "You doubled."), ("Ann", "You checked.")):
        line = gt.state_line(table.gview(name), ids(table)[name])
        assert line == f"Preflop: {done} Waiting for Cy.", line
    assert gt.state_line(table.gview("Cy"), ids(table)["Cy"]) == "Preflop: Check or Double."
    # The countdown is theirs only while they still have to choose.
    assert table.gview("Bob")["you"]["deadline_ms"] is None
    assert type(table.gview("Cy")["you"]["deadline_ms"]) is int


def test_each_time_warning_is_news():
    """Two rounds' warnings are two texts (a screen reader may not repeat an unchanged
    alert), and say no symbol."""
    def said(hand_no: int, phase: str) -> str:
        warning = TimeWarnings().due((hand_no, phase), 4_000, True, "then you check "
                                     "automatically", gt.decision_name(hand_no, phase))
        assert warning is not None and warning.assertive
        return warning.text

    first, second = said(3, "preflop"), said(3, "flop")
    assert first != second and said(4, "preflop") != first
    assert "5 seconds left" in first


def test_tens_read_as_the_cards_show_them():
    """The hand lines said "T♦ 4♣ from your hand" beside cards that read 10; spoken, a ten is
    "ten of diamonds"."""
    board = {"cards": ["Td", "4c", "Ts", "Th", "2c"]}
    shown = gt.made_with(board, ["Td", "4c", "Ac", "Kd"])
    assert shown == "10♦ 4♣ from your hand + 10♠ 10♥ 2♣ from the board"
    spoken = gt.made_with(board, ["Td", "4c", "Ac", "Kd"], spoken=True)
    assert spoken.startswith("ten of diamonds, four of clubs from your hand and ten of spades")
    assert not set(spoken) & set("♠♥♦♣×→")


def test_the_flop_hand_is_said_when_you_hold_the_two_of_clubs():
    """One flop announcement in ten gave no hand value: a card is an int and the two of clubs
    is card 0, so a truth test dropped it from the hole and the hand went unsaid."""
    game = {"hand_no": 2, "phase": "flop", "board1": ["Ks", "9d", "4c", "??", "??"],
            "board2": ["Qh", "Qd", "3c", "??", "??"],
            "you": {"in_hand": True, "can_act": True, "hole": ["2c", "Kd", "7c", "Kh"]}}
    assert gt.flop_hands(game) == ["Trips, Kings", "Two Pair, Kings and Queens"]
    said = gt.announcement(game, "p1")
    assert "You have Trips, Kings on board 1 and Two Pair, Kings and Queens on board 2." in said
    assert gt.state_line(game, "p1").startswith("Flop: you have Trips, Kings on board 1")


def test_a_decision_shorter_than_a_warning_is_not_warned_at_its_start():
    """With a 10-second timer the "10 seconds left" warning would be due the moment the
    decision begins, and, said in the polite region, it replaced the news of that moment
    (the flop's cards, "Ann was checked automatically"): a warning whose time has already
    come when the decision starts tells nothing the timer does not, so it is not said; the
    assertive last one still is, when its time comes."""
    w = TimeWarnings()
    then = "then you check automatically"
    assert w.due(("hand 1", "flop"), 9_900, True, then) is None
    assert w.due(("hand 1", "flop"), 9_000, True, then) is None
    last = w.due(("hand 1", "flop"), 4_900, True, then)
    assert last is not None and last.assertive
    # A longer decision is warned at ten seconds, as before.
    assert w.due(("hand 1", "turn"), 14_900, True, then) is None
    ten = w.due(("hand 1", "turn"), 9_900, True, then)
    assert ten is not None and not ten.assertive and ten.text.startswith("10 seconds left")

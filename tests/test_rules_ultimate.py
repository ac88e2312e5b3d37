"""Ultimate Omaha: scoring by hand, settlement by the requirements' worked examples, and the
hand's state machine (deal order, simultaneous actions, secrecy queries, illegal actions)."""

import doctest
import json

import pytest
import rules.ultimate
from rules.cards import FULL_DECK, Card, CardError, parse_cards
from rules.errors import IllegalAction, RulesError
from rules.ultimate import (
    Action,
    ActionRecord,
    BoardScore,
    DealRecord,
    Phase,
    PhaseRecord,
    PlayerScore,
    ResultRecord,
    UltimateHand,
    score_player,
    settle,
    settle_solo,
)


def cards(text):
    return parse_cards(text)


def fake_score(qualifies, mult):
    """A PlayerScore with only what settlement reads filled in meaningfully."""
    board = BoardScore(0, "Pair", 1 if qualifies else 0, qualifies, ())
    return PlayerScore(board, board, qualifies, mult if qualifies else 0)


def pairwise_reference(stakes, scores):
    """The requirements' pair table (3.3), done literally pair by pair, for cross-checking."""
    n = len(stakes)
    net = [0] * n
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            # the flow caused by player i in the pair (i, j)
            if scores[i].qualifies:
                amount = stakes[i] * scores[i].total_multiplier
                net[i] += amount
                net[j] -= amount
            else:
                net[i] -= stakes[i]
                net[j] += stakes[i]
    return net


# --- settlement: static/rules/ultimate-omaha.md#settlement ----------------------------------


def test_example_1_one_winner_two_losers():
    # A wins with bet x multiplier = $4 ($2 doubled once, 2x); B loses $2, C loses $1.
    stakes = [200, 200, 100]
    scores = [fake_score(True, 2), fake_score(False, 0), fake_score(False, 0)]
    assert settle(stakes, scores) == [1100, -700, -400]


def test_example_1_with_the_four_dollars_made_another_way():
    # Only bet x multiplier = $4 matters for A: $1 at 4x pays the same.
    scores = [fake_score(True, 4), fake_score(False, 0), fake_score(False, 0)]
    assert settle([100, 200, 100], scores) == [1100, -700, -400]


def test_example_2_all_winners():
    scores = [fake_score(True, 2), fake_score(True, 3), fake_score(True, 1)]
    assert settle([100, 100, 100], scores) == [0, 300, -300]


def test_example_3_all_losers():
    scores = [fake_score(False, 0)] * 3
    assert settle([100, 200, 300], scores) == [300, 0, -300]


# --- settlement: static/rules/ultimate-omaha.md#when-nobody-wins ----------------------------


def test_two_players_winner_also_collects_the_losers_stake():
    assert settle([100, 100], [fake_score(True, 2), fake_score(False, 0)]) == [300, -300]


def test_three_players_one_wins_2x_gets_6_not_4():
    scores = [fake_score(True, 2), fake_score(False, 0), fake_score(False, 0)]
    assert settle([100, 100, 100], scores) == [600, -300, -300]


def test_all_qualify_equal_moves_nothing_but_different_multipliers_move_money():
    assert settle([100] * 3, [fake_score(True, 2)] * 3) == [0, 0, 0]
    assert settle([100] * 3, [fake_score(True, m) for m in (1, 1, 4)]) == [-300, -300, 600]


def test_all_foul_with_different_stakes_moves_money():
    assert settle([100, 100], [fake_score(False, 0)] * 2) == [0, 0]
    assert settle([100, 400], [fake_score(False, 0)] * 2) == [300, -300]


def test_player_who_doubled_pays_and_receives_more():
    win, lose = fake_score(True, 2), fake_score(False, 0)
    assert settle([400, 100], [win, lose]) == [900, -900]
    assert settle([100, 400], [win, lose]) == [600, -600]


@pytest.mark.parametrize(
    ("stakes", "table"),
    [
        ([100, 250, 400, 100], [(True, 6), (False, 0), (True, 1), (False, 0)]),
        ([1, 2, 4, 1, 2, 4, 1, 2, 4, 1], [(i % 3 != 0, (i % 4) + 1) for i in range(10)]),
    ],
)
def test_settle_matches_the_pairwise_table(stakes, table):
    scores = [fake_score(q, m) for q, m in table]
    nets = settle(stakes, scores)
    assert nets == pairwise_reference(stakes, scores)
    assert sum(nets) == 0


@pytest.mark.parametrize(
    ("stakes", "n_scores", "match"),
    [
        ([100], 1, "two or more"),
        ([], 0, "two or more"),
        ([100, 100], 3, "2 stakes for 3 players"),
        ([100, 0], 2, "positive whole number"),
        ([100, -5], 2, "positive whole number"),
        ([100, 1.5], 2, "positive whole number"),
        ([100, True], 2, "positive whole number"),
    ],
)
def test_settle_refuses_bad_input(stakes, n_scores, match):
    with pytest.raises(RulesError, match=match):
        settle(stakes, [fake_score(True, 1)] * n_scores)


def test_settle_solo_against_the_bank():
    assert settle_solo(100, fake_score(True, 6)) == 600
    assert settle_solo(250, fake_score(True, 100)) == 25_000
    assert settle_solo(100, fake_score(False, 0)) == -100
    with pytest.raises(RulesError):
        settle_solo(0, fake_score(True, 1))


# --- scoring by hand -----------------------------------------------------------------------


def test_pair_of_kings_fouls_even_when_the_other_board_qualifies():
    s = score_player(cards("Kc Kd 7h 2s"), cards("Ac Ad 9h 5c 3d"), cards("Qh 8s 6d 4c Jh"))
    assert (s.board1.name, s.board1.qualifies, s.board1.multiplier) == ("Two Pair", True, 1)
    assert (s.board2.name, s.board2.qualifies, s.board2.multiplier) == ("Pair", False, 0)
    assert not s.qualifies
    assert s.total_multiplier == 0


def test_pair_of_aces_from_the_board_qualifies():
    s = score_player(cards("Kc Qd 7h 2s"), cards("Ac Ad 9h 5c 3d"), cards("Ah As Jc 8d 4s"))
    assert (s.board1.name, s.board2.name) == ("Pair", "Pair")
    assert s.qualifies and s.total_multiplier == 1
    # the five cards shown: two from the hole, three from the board, aces among them
    for board, score in ((cards("Ac Ad 9h 5c 3d"), s.board1), (cards("Ah As Jc 8d 4s"), s.board2)):
        assert len(score.cards) == 5
        assert sum(c in board for c in score.cards) == 3
        assert sum(c.rank == 12 for c in score.cards) == 2


def test_four_aces_in_the_hole_are_only_a_pair_of_aces():
    s = score_player(cards("Ac Ad Ah As"), cards("Kc Qd 9h 5c 3d"), cards("Kh Qs 8c 6d 2s"))
    assert (s.board1.name, s.board2.name) == ("Pair", "Pair")
    assert s.qualifies and s.total_multiplier == 1


def test_a_flush_on_the_board_alone_does_not_count():
    s = score_player(cards("Ac Ad 3c 4c"), cards("2h 5h 8h Jh Kh"), cards("Ah As 9d 7s 6d"))
    assert s.board1.name == "Pair"
    assert s.board1.multiplier == 1


def test_royal_on_both_boards_is_the_100x_maximum():
    s = score_player(cards("Ah Kh Ac Kc"), cards("Qh Jh Th 2c 3d"), cards("Qc Jc Tc 4h 5s"))
    assert (s.board1.name, s.board1.multiplier) == ("Royal Flush", 10)
    assert (s.board2.name, s.board2.multiplier) == ("Royal Flush", 10)
    assert s.total_multiplier == 100
    assert set(s.board1.cards) == set(cards("Ah Kh Qh Jh Th"))


def test_steel_wheel_is_a_straight_flush_not_a_royal():
    s = score_player(cards("Ah 2h 9c 9d"), cards("3h 4h 5h Kc Kd"), cards("Ad As 7s 6c 2c"))
    assert (s.board1.name, s.board1.multiplier) == ("Straight Flush", 5)
    assert (s.board2.name, s.board2.multiplier) == ("Boat", 3)
    assert s.total_multiplier == 15


def test_king_high_straight_flush_is_not_royal():
    s = score_player(cards("Kh Qh 2c 2d"), cards("Jh Th 9h 3c 4d"), cards("2h 2s Ac 7s 8d"))
    assert (s.board1.name, s.board1.multiplier) == ("Straight Flush", 5)
    assert (s.board2.name, s.board2.multiplier) == ("Quads", 4)
    assert s.total_multiplier == 20


@pytest.mark.parametrize(
    ("hole", "board", "name", "mult"),
    [
        ("Ac Kd 7h 2s", "Ah Qc 9d 5c 3s", "Pair", 1),
        ("Kc Kd 7h 2s", "Ah Qc 9d 5c 3s", "Pair", 0),  # kings: pair, fouls
        ("Kc Qd 7h 2s", "Ah Jc 9d 5c 3s", "High Card", 0),
        ("Kc 9h 7h 2s", "Ks Qc 9d 5c 3s", "Two Pair", 1),
        ("7c 7d Kh 2s", "7s Qc 9d 5c 3s", "Trips", 1),
        ("8c 6d Kh 2s", "7s Qc 9d 5c 3s", "Straight", 2),
        ("8c 6c Kh 2s", "7s Qc 9c 5c 3c", "Flush", 2),
        ("7c 7d Qh 2s", "7s Qc 9d 5c Qs", "Boat", 3),
        ("7c 7d Kh 2s", "7s 7h 9d 5c 3s", "Quads", 4),
        ("8c 6c Kh 2s", "7c Qd 9c 5c 3s", "Straight Flush", 5),
        ("Ac Kc Kh 2s", "Tc Qc Jc 5d 3s", "Royal Flush", 10),
    ],
)
def test_every_display_name_and_multiplier(hole, board, name, mult):
    b2 = [c for c in FULL_DECK if c not in cards(hole) + cards(board)][:5]
    s = score_player(cards(hole), cards(board), b2)
    assert (s.board1.name, s.board1.multiplier) == (name, mult)
    assert s.board1.qualifies == (mult > 0)


@pytest.mark.parametrize(
    ("hole", "b1", "b2", "match"),
    [
        ("Ac Kd 7h", "Ah Qc 9d 5c 3s", "2c 2d 4h 6s 8c", "hole needs 4"),
        ("Ac Kd 7h 2s", "Ah Qc 9d 5c", "2c 2d 4h 6s 8c", "board 1 needs 5"),
        ("Ac Kd 7h 2s", "Ah Qc 9d 5c 3s", "2c 2d 4h 6s 8c 8d", "board 2 needs 5"),
        ("Ac Kd 7h 2s", "Ah Qc 9d 5c 3s", "2c 2d 4h 6s Ac", "duplicate card Ac"),
    ],
)
def test_score_player_refuses_bad_cards(hole, b1, b2, match):
    with pytest.raises(CardError, match=match):
        score_player(
            [Card.parse(t) for t in hole.split()],
            [Card.parse(t) for t in b1.split()],
            [Card.parse(t) for t in b2.split()],
        )


# --- the state machine -----------------------------------------------------------------------


def play_round(hand, actions):
    return [hand.act(pid, a) for pid, a in actions.items()]


def test_deal_order_is_four_per_player_in_seat_order_then_board1_then_board2():
    deck = list(reversed(FULL_DECK))
    hand = UltimateHand(["a", "b", "c"], 100, deck)
    assert hand.hole("a") == tuple(deck[0:4])
    assert hand.hole("b") == tuple(deck[4:8])
    assert hand.hole("c") == tuple(deck[8:12])
    deal = hand.log[0]
    assert isinstance(deal, DealRecord)
    assert deal.board1 == tuple(deck[12:17])
    assert deal.board2 == tuple(deck[17:22])


def test_ten_players_use_fifty_cards():
    ids = [f"p{i}" for i in range(10)]
    hand = UltimateHand(ids, 100, FULL_DECK[:50])
    deal = hand.log[0]
    dealt = [c for pid in ids for c in hand.hole(pid)] + list(deal.board1 + deal.board2)
    assert sorted(dealt) == list(FULL_DECK[:50])


def test_a_whole_hand_reveals_boards_by_phase_and_settles():
    hand = UltimateHand(["a", "b", "c"], 100, FULL_DECK)
    deal = hand.log[0]
    assert hand.phase == Phase.PREFLOP
    assert hand.visible_board(1) == () and hand.visible_board(2) == ()
    assert hand.results() is None

    play_round(hand, {"a": "double", "b": Action.CHECK, "c": "check"})
    assert hand.phase == Phase.FLOP
    assert hand.visible_board(1) == deal.board1[:3]
    assert hand.visible_board(2) == deal.board2[:3]

    play_round(hand, {"c": "double", "a": "double", "b": "check"})
    assert hand.phase == Phase.RESULTS
    assert hand.visible_board(1) == deal.board1 and hand.visible_board(2) == deal.board2
    assert [hand.stake(p) for p in "abc"] == [400, 100, 200]

    result = hand.results()
    assert result is not None and not result.solo
    assert [p.player_id for p in result.players] == ["a", "b", "c"]
    assert [p.stake for p in result.players] == [400, 100, 200]
    expected = settle([400, 100, 200], [p.score for p in result.players])
    assert [p.net_cents for p in result.players] == expected
    assert result.bank_net_cents == 0
    for p in result.players:
        assert p.score == score_player(p.hole, deal.board1, deal.board2)

    kinds = [type(r) for r in hand.log]
    assert kinds == [DealRecord] + [ActionRecord] * 3 + [PhaseRecord] + [ActionRecord] * 3 + [
        PhaseRecord,
        ResultRecord,
    ]
    assert hand.log[-1].result is result


def test_others_see_that_a_player_acted_but_not_what():
    hand = UltimateHand(["a", "b"], 100, FULL_DECK)
    hand.act("a", "double")
    assert hand.has_acted("a") and not hand.has_acted("b")
    assert hand.waiting_for() == ("b",)
    assert hand.stake("a") == 200
    assert hand.visible_stake("a", "a") == 200
    assert hand.visible_stake("a", "b") == 100
    assert hand.visible_stake("a", None) == 100
    assert [r.player_id for r in hand.visible_actions("a")] == ["a"]
    assert hand.visible_actions("b") == ()
    assert not hand.choices_revealed_for(Phase.PREFLOP)

    hand.act("b", "check")  # round over: the preflop choices become public
    assert hand.phase == Phase.FLOP
    assert hand.choices_revealed_for("preflop") and not hand.choices_revealed_for(Phase.FLOP)
    assert hand.visible_stake("a", "b") == 200
    assert [r.action for r in hand.visible_actions("b")] == [Action.DOUBLE, Action.CHECK]
    assert not hand.has_acted("a") and hand.waiting_for() == ("a", "b")

    hand.act("b", "double")
    assert hand.visible_stake("b", "a") == 100
    assert len(hand.visible_actions("a")) == 2
    assert len(hand.visible_actions("b")) == 3
    hand.act("a", "check")
    assert hand.visible_stake("b", "a") == 200
    assert len(hand.visible_actions(None)) == 4
    assert hand.choices_revealed_for(Phase.FLOP)
    assert hand.waiting_for() == ()


def test_choices_revealed_for_refuses_results():
    hand = UltimateHand(["a"], 100, FULL_DECK)
    with pytest.raises(RulesError, match="not a betting round"):
        hand.choices_revealed_for(Phase.RESULTS)


def test_stakes_are_base_double_or_quadruple():
    hand = UltimateHand(["a", "b", "c", "d"], 25, FULL_DECK)
    play_round(hand, {"a": "double", "b": "double", "c": "check", "d": "check"})
    play_round(hand, {"a": "double", "b": "check", "c": "double", "d": "check"})
    assert [hand.stake(p) for p in "abcd"] == [100, 50, 50, 25]
    assert [hand.doubles(p) for p in "abcd"] == [2, 1, 1, 0]


def test_acting_twice_in_a_round_is_illegal_and_changes_nothing():
    hand = UltimateHand(["ann", "bob"], 100, FULL_DECK)
    hand.act("ann", "check")
    log_before = list(hand.log)
    with pytest.raises(IllegalAction) as info:
        hand.act("ann", "double")
    msg = str(info.value)
    assert "'ann'" in msg and "double" in msg and "preflop" in msg and "already acted" in msg
    assert not hand.can_act("ann", "check")
    assert hand.can_act("bob", "double")
    assert hand.log == log_before and hand.stake("ann") == 100


def test_acting_at_results_is_illegal():
    hand = UltimateHand(["ann"], 100, FULL_DECK)
    hand.act("ann", "check")
    hand.act("ann", "check")
    assert hand.phase == Phase.RESULTS and hand.is_over
    with pytest.raises(IllegalAction, match=r"'ann' cannot check in the results phase: .*over"):
        hand.act("ann", "check")
    with pytest.raises(IllegalAction, match="results"):
        hand.auto_check("ann")


def test_unknown_player_is_illegal():
    hand = UltimateHand(["ann"], 100, FULL_DECK)
    with pytest.raises(IllegalAction, match=r"'zed' cannot double in the preflop.*not a player"):
        hand.act("zed", "double")
    assert not hand.can_act("zed", "check")
    with pytest.raises(RulesError, match="'zed' is not in this hand"):
        hand.hole("zed")


@pytest.mark.parametrize("bad", ["fold", "raise", "", "CHECK", None, 2, ["check"]])
def test_unknown_action_is_illegal(bad):
    hand = UltimateHand(["ann"], 100, FULL_DECK)
    with pytest.raises(IllegalAction, match=r"'ann' cannot .* preflop.*'check' and 'double'"):
        hand.act("ann", bad)
    assert not hand.can_act("ann", bad)
    assert len(hand.log) == 1


def test_illegal_action_is_a_rules_error_and_a_value_error():
    assert issubclass(IllegalAction, RulesError) and issubclass(RulesError, ValueError)


def test_auto_check_is_a_check_marked_automatic():
    hand = UltimateHand(["ann", "bob"], 100, FULL_DECK)
    hand.act("ann", "double")
    rec = hand.auto_check("bob")
    assert rec == ActionRecord("bob", Action.CHECK, Phase.PREFLOP, 100, 100, automatic=True)
    assert hand.phase == Phase.FLOP
    hand.act("ann", "double")
    with pytest.raises(IllegalAction, match="'ann' cannot check in the flop phase: already"):
        hand.auto_check("ann")  # a late timer must not overwrite a real choice
    assert hand.stake("ann") == 400


def test_solo_hand_plays_the_bank():
    hand = UltimateHand(["ann"], 150, FULL_DECK)
    hand.act("ann", "double")
    hand.act("ann", "check")
    result = hand.results()
    assert result.solo
    ann = result.player("ann")
    assert ann.stake == 300
    assert ann.net_cents == settle_solo(300, ann.score)
    assert result.bank_net_cents == -ann.net_cents


@pytest.mark.parametrize(
    ("ids", "base", "deck", "match"),
    [
        ([], 100, FULL_DECK, "1 to 10 players, got 0"),
        ([f"p{i}" for i in range(11)], 100, FULL_DECK, "1 to 10 players, got 11"),
        (["a", "b", "a"], 100, FULL_DECK, "'a' appears twice"),
        (["a", ""], 100, FULL_DECK, "non-empty strings"),
        (["a", 7], 100, FULL_DECK, "non-empty strings"),
        (["a"], 0, FULL_DECK, "base bet must be a positive"),
        (["a"], 1.0, FULL_DECK, "base bet must be a positive"),
        (["a"], True, FULL_DECK, "base bet must be a positive"),
        (["a", "b"], 100, FULL_DECK[:17], "2 players need 18 cards, the deck has 17"),
    ],
)
def test_hand_refuses_bad_setup(ids, base, deck, match):
    with pytest.raises(RulesError, match=match):
        UltimateHand(ids, base, deck)


def test_hand_refuses_a_deck_with_a_duplicate():
    with pytest.raises(CardError, match="duplicate card"):
        UltimateHand(["a"], 100, [*FULL_DECK[:20], FULL_DECK[0]])


def test_visible_board_refuses_a_third_board():
    with pytest.raises(RulesError, match="boards 1 and 2"):
        UltimateHand(["a"], 100, FULL_DECK).visible_board(3)


def test_history_is_json_and_agrees_with_the_log():
    hand = UltimateHand(["ann", "bob"], 100, FULL_DECK)
    with pytest.raises(RulesError, match="available at results"):
        hand.history()
    hand.act("bob", "double")
    hand.act("ann", "check")
    hand.auto_check("ann")
    hand.act("bob", "double")
    h = json.loads(json.dumps(hand.history()))
    deal = hand.log[0]
    assert h["base_cents"] == 100
    assert h["players"] == [
        {"id": "ann", "hole": [str(c) for c in deal.holes[0]]},
        {"id": "bob", "hole": [str(c) for c in deal.holes[1]]},
    ]
    assert h["board1"] == [str(c) for c in deal.board1]
    assert [(a["player"], a["phase"], a["action"], a["automatic"], a["stake_cents"])
            for a in h["actions"]] == [
        ("bob", "preflop", "double", False, 200),
        ("ann", "preflop", "check", False, 100),
        ("ann", "flop", "check", True, 100),
        ("bob", "flop", "double", False, 400),
    ]
    assert [r["phase"] for r in h["reveals"]] == ["flop", "results"]
    assert h["reveals"][0]["board2"] == [str(c) for c in deal.board2[:3]]
    assert h["reveals"][1]["board2"] == [str(c) for c in deal.board2[3:]]
    result = hand.results()
    assert [p["net_cents"] for p in h["results"]["players"]] == [
        result.net("ann"), result.net("bob")
    ]
    assert h["results"]["players"][1]["stake_cents"] == 400


def test_shuffle_and_deal_uses_distinct_cards():
    hand = UltimateHand.shuffle_and_deal([f"p{i}" for i in range(10)], 100)
    deal = hand.log[0]
    dealt = [c for h in deal.holes for c in h] + list(deal.board1 + deal.board2)
    assert len(set(dealt)) == 50


def test_doctests():
    assert doctest.testmod(rules.ultimate).failed == 0

"""Property tests: whole hands on real shuffled decks with drawn actions, run through the state
machine. Settlement must always sum to zero and agree with the pairwise rule; stakes can only be
base, 2x or 4x base, whatever mix of legal and illegal requests arrives."""

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.cards import FULL_DECK
from rules.errors import IllegalAction
from rules.ultimate import (
    Action,
    ActionRecord,
    Phase,
    UltimateHand,
    pair_flow,
    score_player,
)

EXAMPLES = settings(max_examples=120, deadline=None)


def pairwise_reference(stakes, scores):
    """The requirements' pair table (3.3), done literally pair by pair."""
    n = len(stakes)
    net = [0] * n
    for i in range(n):
        for j in range(n):
            if i != j:
                flow = stakes[i] * scores[i].total_multiplier if scores[i].qualifies else -stakes[i]
                net[i] += flow
                net[j] -= flow
    return net


def board_qualifies_by_its_cards(board_score):
    """Pair of aces or better, judged from the five cards shown rather than the value."""
    if board_score.name == "High Card":
        return False
    if board_score.name != "Pair":
        return True
    ranks = [c.rank for c in board_score.cards]
    (paired,) = {r for r in ranks if ranks.count(r) == 2}
    return paired == 12


@st.composite
def hands(draw, min_players=2, max_players=10):
    n = draw(st.integers(min_players, max_players))
    base = draw(st.integers(1, 100_000_00))
    deck = draw(st.permutations(FULL_DECK))
    # per player and round: the choice, and whether it arrives as an automatic check instead
    choices = draw(
        st.lists(
            st.tuples(st.sampled_from(Action), st.booleans()), min_size=2 * n, max_size=2 * n
        )
    )
    orders = [draw(st.permutations(range(n))) for _ in range(2)]
    return n, base, deck, choices, orders


def play(n, base, deck, choices, orders):
    ids = [f"p{i}" for i in range(n)]
    hand = UltimateHand(ids, base, deck)
    for rnd, order in enumerate(orders):
        assert hand.phase == (Phase.PREFLOP, Phase.FLOP)[rnd]
        for i in order:
            action, automatic = choices[rnd * n + i]
            if automatic:
                hand.auto_check(ids[i])
            else:
                hand.act(ids[i], action)
    assert hand.phase == Phase.RESULTS
    return ids, hand


@EXAMPLES
@given(hands())
def test_settlement_sums_to_zero_and_matches_the_pairwise_rule(drawn):
    n, base, deck, choices, _ = drawn
    ids, hand = play(*drawn)
    result = hand.results()
    nets = [p.net_cents for p in result.players]
    assert sum(nets) == 0
    assert result.bank_net_cents == 0
    stakes = [p.stake for p in result.players]
    scores = [p.score for p in result.players]
    assert nets == pairwise_reference(stakes, scores)
    # The per-opponent breakdown players can open adds up to each net, and each pair
    # is one flow seen from both sides.
    for i in range(n):
        flows = [pair_flow((stakes[i], scores[i]), (stakes[j], scores[j]))
                 for j in range(n) if j != i]
        assert sum(flows) == nets[i]
        for j in range(n):
            assert pair_flow((stakes[i], scores[i]), (stakes[j], scores[j])) == -pair_flow(
                (stakes[j], scores[j]), (stakes[i], scores[i]))

    deal = hand.log[0]
    for i, p in enumerate(result.players):
        assert p.player_id == ids[i]
        assert p.hole == tuple(deck[4 * i : 4 * i + 4])
        assert p.score == score_player(p.hole, deal.board1, deal.board2)
        b1, b2 = p.score.board1, p.score.board2
        assert b1.qualifies == board_qualifies_by_its_cards(b1)
        assert b2.qualifies == board_qualifies_by_its_cards(b2)
        assert p.score.qualifies == (b1.qualifies and b2.qualifies)
        total = b1.multiplier * b2.multiplier if p.score.qualifies else 0
        assert p.score.total_multiplier == total
        assert 0 <= p.score.total_multiplier <= 100
        doubles = sum(
            1
            for rnd in range(2)
            if choices[rnd * n + i] == (Action.DOUBLE, False)
        )
        assert p.stake == base * 2**doubles


@EXAMPLES
@given(hands(min_players=1, max_players=1))
def test_solo_hand_is_settled_against_the_bank(drawn):
    _, hand = play(*drawn)
    result = hand.results()
    (p,) = result.players
    assert result.solo
    expected = p.stake * p.score.total_multiplier if p.score.qualifies else -p.stake
    assert p.net_cents == expected
    assert result.bank_net_cents == -expected


@EXAMPLES
@given(
    n=st.integers(1, 10),
    base=st.integers(1, 10_000),
    requests=st.lists(
        st.tuples(st.integers(0, 10), st.sampled_from(["check", "double", "fold", "auto"])),
        max_size=60,
    ),
)
def test_no_request_sequence_makes_a_stake_other_than_1x_2x_4x(n, base, requests):
    """Any mix of requests (repeat actors, unknown ids, bad actions, late auto-checks): legal
    ones apply, illegal ones raise IllegalAction and change nothing."""
    ids = [f"p{i}" for i in range(n)]
    hand = UltimateHand(ids, base, FULL_DECK)
    for who, what in requests:
        pid = f"p{who}"  # p{n}..p10 are not in the hand
        before = len(hand.log)
        legal = (
            pid in ids
            and what != "fold"
            and hand.phase != Phase.RESULTS
            and not hand.has_acted(pid)
        )
        assert hand.can_act(pid, "check" if what == "auto" else what) == legal
        try:
            if what == "auto":
                hand.auto_check(pid)
            else:
                hand.act(pid, what)
        except IllegalAction:
            assert not legal
            assert len(hand.log) == before
        else:
            assert legal
            assert isinstance(hand.log[before], ActionRecord)
        for p in ids:
            assert hand.stake(p) in (base, 2 * base, 4 * base)
            assert hand.visible_stake(p, None) in (base, 2 * base, 4 * base)
    if hand.phase == Phase.RESULTS:
        assert sum(hand.results().nets().values()) + hand.results().bank_net_cents == 0

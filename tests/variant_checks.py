"""Shared checks for one table game's random hands (the new games' test modules use them).

Random hands come from ``poker_random`` (settings, deck and every decision drawn from a
seed, so a failure names a seed that replays it); each action is checked as the property
tests check it (``test_rules_poker_props.check_invariants``: chips conserved, only the seat to act
may act, the bounds the engine reports are the legal ones).
"""

from __future__ import annotations

from poker_random import Knobs, random_hand
from rules.poker import Game, Hand
from rules.poker.records import Dealt, HandEnded
from test_rules_poker_props import check_invariants, check_nobody_wins_more_than_was_at_risk


def random_hands_hold(game: Game, seeds: range, **knobs: object) -> list[Hand]:
    """Plays a random hand of ``game`` per seed, checking every action; each hand's nets
    sum to zero, its chips are conserved, every card is the game's and dealt once, and
    nobody wins from a player more than either put at risk."""
    hands = []
    deck = set(game.variant.deck)
    for seed in seeds:
        hand = random_hand(seed, Knobs(games=(game,), **knobs),  # type: ignore[arg-type]
                           each=check_invariants)
        result = hand.result()
        assert sum(result.net) == 0, seed
        assert sum(result.stacks) == sum(hand.config.stacks), seed
        assert isinstance(hand.log[-1], HandEnded)
        dealt = [r for r in hand.log if isinstance(r, Dealt)]
        assert all(r.card in deck for r in dealt), seed
        assert len({(r.shuffle, r.position) for r in dealt}) == len(dealt), seed
        check_nobody_wins_more_than_was_at_risk(hand)
        hands.append(hand)
    return hands


def pokerkit_agrees(game: Game, seeds: range, least: int) -> int:
    """pokerkit 0.7.7 replays random hands of ``game`` (our cards, our actions): the same
    turn order, chips per action and pots on every hand it can replay, and the same final
    stacks on at least ``least`` of them. Returns how many payouts were compared."""
    import pytest

    kit = pytest.importorskip("rules.poker.kit")
    compared = betting = 0
    skipped: dict[str, int] = {}
    for seed in seeds:
        report = kit.cross_check(random_hand(seed, Knobs(games=(game,), max_seats=6)))
        betting += report.betting
        compared += report.payouts
        if report.skipped:
            key = report.skipped.split(":")[0]
            skipped[key] = skipped.get(key, 0) + 1
    assert compared >= least, (compared, betting, skipped)
    return compared

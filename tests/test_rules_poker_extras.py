"""The home-game extras in the engine, written from ``static/rules/table-games.md`` ("Straddle",
"Big-blind ante", "7-2 bounty"): who posts what and when, who acts when, what a raise must
reach, where the chips go, and that every hand sums to zero with every chip accounted for.
"""

from __future__ import annotations

import pytest
from rules.cards import FULL_DECK, Card, parse_cards
from rules.poker import Action, Betting, Game, Hand, HandConfig, SettingsError, Verb
from rules.poker.history import payout_messages
from rules.poker.kit import cross_check
from rules.poker.records import Bounty, Posted, Returned, Shown


def play(cfg: HandConfig, deck: list[Card], actions: tuple[str, ...] = ()) -> Hand:
    hand = Hand(cfg, deck)
    for line in actions:
        hand.do(Action.parse(line))
    return hand


def posts(hand: Hand) -> list[tuple[int, str, int]]:
    return [(r.seat, r.kind, r.amount) for r in hand.log if isinstance(r, Posted)]


def conserved(hand: Hand) -> None:
    """Chips in = chips out, and a finished hand's nets sum to zero."""
    start = sum(hand.config.stacks)
    assert sum(hand.stacks) + sum(hand.bets) + hand.pot_total() == start
    if hand.is_over:
        assert sum(hand.result().net) == 0
        assert sum(hand.result().stacks) == start


def holdem(stacks=(1000, 1000, 1000, 1000), button=3, **extra) -> HandConfig:
    return HandConfig(Game.HOLDEM, extra.pop("betting", Betting.NO_LIMIT), tuple(stacks),
                      button, (5, 10), **extra)


# A deck dealt from the left of the button, one card each round the table, then the board.
TOP = list(parse_cards("Ah Kh Qh Jh As Ks Qs Js 2c 3d 4h 5s 9c 8d 7h 6s Tc"))
DECK4 = TOP + [c for c in FULL_DECK if c not in TOP]


# --- straddle -------------------------------------------------------------------------------


def test_under_the_gun_straddles_two_big_blinds_and_acts_last_preflop():
    h = play(holdem(straddle=True), DECK4)
    assert posts(h) == [(0, "small blind", 5), (1, "big blind", 10), (2, "straddle", 20)]
    assert h.level == 20 and h.to_act == 3  # left of the straddle acts first
    legal = h.legal()
    assert legal.to_call == 20 and legal.min_to == 40  # a raise is to two straddles
    for line in ("s3 call", "s0 call", "s1 call"):
        h.do(Action.parse(line))
    assert h.to_act == 2 and h.round == 0  # the straddle's option, like the big blind's
    assert h.legal().can_check and h.legal().min_to == 40
    h.do(Action.parse("s2 check"))
    assert h.round == 1 and h.to_act == 0  # after the flop: left of the button as always
    conserved(h)


def test_a_straddle_is_a_live_bet_a_raise_reopens_it():
    h = play(holdem(straddle=True), DECK4, ("s3 raise 60", "s0 fold", "s1 fold"))
    assert h.to_act == 2 and h.legal().to_call == 40 and h.legal().min_to == 100
    h.do(Action.parse("s2 raise 100"))
    h.do(Action.parse("s3 fold"))
    assert h.is_over and h.result().net == (-5, -10, 75, -60)
    conserved(h)


def test_no_straddle_heads_up_at_fixed_limit_or_without_the_chips_to_cover_it():
    heads_up = play(holdem(stacks=(1000, 1000), button=1, straddle=True), DECK4)
    assert [k for _, k, _ in posts(heads_up)] == ["small blind", "big blind"]
    fixed = play(holdem(straddle=True, betting=Betting.FIXED_LIMIT), DECK4)
    assert [k for _, k, _ in posts(fixed)] == ["small blind", "big blind"]
    short = play(holdem(stacks=(1000, 1000, 19, 1000), straddle=True), DECK4)
    assert [k for _, k, _ in posts(short)] == ["small blind", "big blind"]
    assert short.to_act == 2 and short.level == 10


def test_a_newcomer_posting_under_the_gun_straddles_instead_of_posting_twice():
    h = play(holdem(straddle=True, posts=(2,)), DECK4)
    assert posts(h) == [(0, "small blind", 5), (1, "big blind", 10), (2, "straddle", 20)]


def test_a_straddled_hand_agrees_with_pokerkit():
    h = play(holdem(straddle=True), DECK4,
             ("s3 raise 50", "s0 call", "s1 fold", "s2 call", "s0 check", "s2 bet 40",
              "s3 call", "s0 fold", "s2 check", "s3 check", "s2 check", "s3 check"))
    assert h.is_over
    report = cross_check(h)
    assert report.betting and report.payouts
    conserved(h)


# --- big-blind ante -------------------------------------------------------------------------


def test_the_big_blind_posts_the_whole_tables_ante_first_and_it_plays_dead():
    h = play(holdem(ante=2, bb_ante=True), DECK4)
    assert posts(h) == [(1, "ante", 8), (0, "small blind", 5), (1, "big blind", 10)]
    assert h.level == 10 and h.legal().to_call == 10  # the ante is not part of the bet
    assert h.pot_total() == 8
    for line in ("s2 fold", "s3 fold", "s0 call"):
        h.do(Action.parse(line))
    assert h.to_act == 1 and h.legal().can_check  # matched the blind: the ante is no bet
    conserved(h)


def test_big_blind_ante_checked_down_returns_nothing_of_the_ante():
    h = play(holdem(ante=2, bb_ante=True), DECK4,
             ("s2 fold", "s3 fold", "s0 call", "s1 check") + ("s0 check", "s1 check") * 3)
    assert h.is_over
    assert not [r for r in h.log if isinstance(r, Returned)]  # the dead ante is no bet
    assert sum(p.amount for p in h.result().pots) == 28
    conserved(h)


def test_a_short_big_blind_pays_the_ante_before_the_blind_and_the_others_still_call_the_blind():
    h = play(holdem(stacks=(1000, 12, 1000, 1000), ante=2, bb_ante=True), DECK4)
    assert posts(h) == [(1, "ante", 8), (0, "small blind", 5), (1, "big blind", 4)]
    assert h.legal().to_call == 10
    conserved(h)


def test_the_dead_ante_is_in_the_main_pot_that_a_short_all_in_player_can_win():
    # Seat 2 goes all in for 6, less than the 8 the big blind put in the dead ante: the dead
    # ante is in the main pot, which seat 2 may win whole.
    h = play(holdem(stacks=(1000, 1000, 6, 1000), ante=2, bb_ante=True), DECK4,
             ("s2 allin", "s3 fold", "s0 fold"))
    assert h.is_over
    main = h.result().pots[0]
    assert main.amount == 8 + 5 + 6 + 6 and 2 in main.eligible
    conserved(h)


def test_a_big_blind_all_in_for_the_ante_alone_can_still_win_the_ante():
    # The big blind has 8, all of it the table's ante: no blind left, all in. The dead ante
    # is a pot of its own that every player still in may win, the big blind too.
    h = play(holdem(stacks=(1000, 8, 1000, 1000), ante=2, bb_ante=True), DECK4,
             ("s2 call", "s3 call", "s0 call"))
    assert posts(h)[:2] == [(1, "ante", 8), (0, "small blind", 5)]
    assert h.pots()[0].amount == 8 and 1 in h.pots()[0].eligible
    while not h.is_over:
        h.do(Action(h.to_act, Verb.CHECK))
    first = h.result().pots[0]
    assert first.amount == 8 and first.eligible == (0, 1, 2, 3)
    conserved(h)


def test_big_blind_ante_is_ignored_where_no_blinds_are_posted():
    cfg = HandConfig(Game.DRAW, Betting.NO_LIMIT, (1000,) * 3, 2, (5, 10), 5, bb_ante=True)
    h = play(cfg, DECK4)
    assert [k for _, k, _ in posts(h)] == ["ante"] * 3


# --- 7-2 bounty -----------------------------------------------------------------------------


def seven_deuce_deck(board: str) -> list[Card]:
    """Three players, button seat 2: seat 0 holds 7c 2d, seat 1 Ah Ad, seat 2 Kc Kd."""
    dealt = list(parse_cards("7c Ah Kc 2d Ad Kd")) + list(parse_cards(board))
    return dealt + [c for c in DECK4 if c not in dealt]


def three(stacks=(1000, 1000, 1000), **extra) -> HandConfig:
    return HandConfig(Game.HOLDEM, Betting.NO_LIMIT, tuple(stacks), 2, (5, 10), **extra)


def test_a_shown_seven_deuce_that_wins_collects_the_bounty_from_every_player_dealt_in():
    # burn, flop 7s 7h 2h, burn, turn 2s, burn, river 3c: seat 0's full house wins
    deck = seven_deuce_deck("9s 7s 7h 2h 9h 2s 9d 3c")
    h = play(three(bounty=50), deck, ("s2 call", "s0 call", "s1 check") + (
        "s0 check", "s1 check", "s2 check") * 3)
    assert h.is_over
    paid = [(r.seat, r.payer, r.amount) for r in h.log if isinstance(r, Bounty)]
    assert paid == [(0, 1, 50), (0, 2, 50)]
    assert h.result().net == (20 + 100, -10 - 50, -10 - 50)
    assert payout_messages(h, ["Ann", "Bo", "Cy"])[-1] == (
        "Ann wins the 7-2 bounty: 100 chips (50 from each of Bo and Cy)")
    conserved(h)


def test_a_folded_player_pays_too_capped_at_what_they_have():
    deck = seven_deuce_deck("9s 7s 7h 2h 9h 2s 9d 3c")
    h = play(three(stacks=(1000, 1000, 30), bounty=50), deck,
             ("s2 fold", "s0 call", "s1 check") + ("s0 check", "s1 check") * 3)
    paid = [(r.payer, r.amount) for r in h.log if isinstance(r, Bounty)]
    assert paid == [(1, 50), (2, 30)]
    assert h.result().stacks[2] == 0
    conserved(h)


def test_an_uncontested_seven_deuce_is_turned_up_to_claim_the_bounty():
    deck = seven_deuce_deck("9s 7s 7h 2h 9h 2s 9d 3c")
    h = play(three(bounty=50), deck, ("s2 fold", "s0 raise 40", "s1 fold"))
    assert h.is_over
    shown = [(r.seat, r.cards) for r in h.log if isinstance(r, Shown)]
    assert shown == [(0, tuple(parse_cards("7c 2d")))]
    assert [r.amount for r in h.log if isinstance(r, Bounty)] == [50, 50]
    conserved(h)


def test_no_bounty_for_a_losing_seven_deuce_a_suited_one_or_a_folded_one():
    lose = play(three(bounty=50), seven_deuce_deck("9s Qs Jh 4h 9h 5s 9d 3c"),
                ("s2 call", "s0 call", "s1 check") + ("s0 check", "s1 check", "s2 check") * 3)
    assert lose.is_over and not [r for r in lose.log if isinstance(r, Bounty)]
    dealt = list(parse_cards("7c Ah Kc 2c Ad Kd"))
    suited = play(three(bounty=50), dealt + [c for c in DECK4 if c not in dealt],
                  ("s2 fold", "s0 raise 40", "s1 fold"))
    assert not [r for r in suited.log if isinstance(r, Bounty)]
    assert not [r for r in suited.log if isinstance(r, Shown)]
    folded = play(three(bounty=50), seven_deuce_deck("9s Qs Jh 4h 9h 5s 9d 3c"),
                  ("s2 raise 40", "s0 fold", "s1 fold"))
    assert not [r for r in folded.log if isinstance(r, Bounty)]
    conserved(lose)
    conserved(suited)


def test_no_bounty_outside_holdem_and_bad_settings_are_refused():
    cfg = HandConfig(Game.OMAHA, Betting.POT_LIMIT, (1000,) * 3, 2, (5, 10), bounty=50)
    assert not cfg.bounty_live
    with pytest.raises(SettingsError):
        holdem(bounty=-1)
    with pytest.raises(SettingsError):
        holdem(straddle=1)  # type: ignore[arg-type]
    with pytest.raises(SettingsError):
        holdem(bb_ante="yes")  # type: ignore[arg-type]


def test_every_extra_together_conserves_chips_over_random_play():
    import random

    rng = random.Random(7)
    for _ in range(60):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        n = rng.randint(2, 6)
        cfg = HandConfig(Game.HOLDEM, Betting.NO_LIMIT,
                         tuple(rng.choice((15, 40, 300, 1000)) for _ in range(n)),
                         rng.randrange(n), (5, 10), rng.choice((0, 1, 3)), straddle=True,
                         bb_ante=True, bounty=rng.choice((0, 25)))
        if sum(cfg.dealt_in) < 2 or not cfg.dealt_in[cfg.button]:
            continue
        h = Hand(cfg, deck)
        while not h.is_over:
            legal = h.legal()
            verb = rng.choice(legal.verbs)
            if verb in (Verb.BET, Verb.RAISE):
                assert legal.min_to is not None and legal.max_to is not None
                h.do(Action(legal.seat, verb, rng.randint(legal.min_to, legal.max_to)))
            else:
                h.do(Action(legal.seat, verb))
            conserved(h)
        conserved(h)

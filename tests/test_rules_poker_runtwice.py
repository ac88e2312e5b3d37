"""Scenarios of run it twice, the rabbit hunt and show or muck, written from
``static/rules/table-games.md`` (#run-it-twice, #rabbit-hunt, #show-or-muck) and the dealing
order of ``static/rules/fair-deal.md``: decks are laid out place by place, so each card's
place in the public dealing order is the one the rules give it.
"""

from __future__ import annotations

import pytest
from rules.cards import FULL_DECK, Card
from rules.poker import Action, ActionError, Betting, Game, Hand, HandConfig
from rules.poker.history import payout_messages
from rules.poker.records import Agreed, Awarded, Dealt, Mucked, Rabbit, SecondRun, Showed, Shown


def deck(places: dict[int, str]) -> list[Card]:
    """A 52-card deck with ``places`` (position -> card) and the other cards anywhere else."""
    chosen = {p: Card.parse(c) for p, c in places.items()}
    rest = iter(c for c in FULL_DECK if c not in chosen.values())
    return [chosen[p] if p in chosen else next(rest) for p in range(52)]


def three_way(run_twice: bool = True) -> Hand:
    """Hold'em, button seat 0, blinds 5/10: the button moves all in for 1000, the small blind
    folds, the big blind calls; pot 2005. Dealing order seat 1, 2, 0: seat 0 holds Ah Ad,
    seat 2 Kh Kd. First runout Ks 9c 4s / 3h / 8d (kings win); second runout, from the places
    right after it, Qs Jc 5h / 6c / 2s (aces win)."""
    places = {0: "7c", 3: "2d", 1: "Kh", 4: "Kd", 2: "Ah", 5: "Ad",
              7: "Ks", 8: "9c", 9: "4s", 11: "3h", 13: "8d",
              15: "Qs", 16: "Jc", 17: "5h", 19: "6c", 21: "2s"}
    config = HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (1000, 1000, 1000), 0, (5, 10))
    hand = Hand(config, deck(places), run_twice=run_twice)
    for line in ("s0 allin", "s1 fold", "s2 call"):
        hand.do(Action.parse(line))
    return hand


def test_run_it_twice_asks_every_player_still_in_when_the_betting_ends_all_in():
    hand = three_way()
    assert hand.asking == [2, 0] and hand.to_act is None and not hand.is_over
    assert hand.boards == [[]]  # nothing dealt while they decide


def test_run_it_twice_each_pot_halved_odd_chip_to_the_first_run():
    hand = three_way()
    hand.answer_twice(2, True)
    assert not hand.is_over and hand.asking == [0]
    hand.answer_twice(0, True)
    assert hand.is_over and hand.runs == 2
    # 2005: the first run's 1003 to the kings, the second run's 1002 to the aces.
    assert hand.result().net == (2, -5, 3)
    assert sum(hand.result().net) == 0
    awards = [(a.share, a.seat, a.amount) for a in hand.log if isinstance(a, Awarded)]
    assert awards == [("run 1", 2, 1003), ("run 2", 0, 1002)]
    assert [str(c) for c in hand.second_boards[0]] == ["Qs", "Jc", "5h", "6c", "2s"]
    second = next(r for r in hand.log if isinstance(r, SecondRun))
    assert [s for s, _ in second.hands] == [0, 2]  # the all-in player shows first
    messages = payout_messages(hand, ["Ann", "Bo", "Cy"])
    assert messages[0].startswith("Cy wins the first run's half (1,003)")
    assert messages[1].startswith("Ann wins the second run's half (1,002)")


def test_the_second_runout_takes_the_places_right_after_the_first():
    hand = three_way()
    hand.answer_twice(2, True)
    hand.answer_twice(0, True)
    first = [r.position for r in hand.log if isinstance(r, Dealt) and r.to in ("burn", "board")]
    second = [r.position for r in hand.log if isinstance(r, Dealt) and r.to.startswith("run 2")]
    assert first == list(range(6, 14))
    assert second == list(range(14, 22))  # a burn before each street, as in the first


def test_one_no_runs_the_board_once():
    hand = three_way()
    hand.answer_twice(2, False)
    assert hand.is_over and hand.runs == 1 and hand.second_boards is None
    assert hand.result().net == (-1000, -5, 1005)
    assert [r.yes for r in hand.log if isinstance(r, Agreed)] == [False]


def test_run_it_twice_refuses_anyone_not_asked():
    hand = three_way()
    with pytest.raises(ActionError, match="seat 1 is not asked"):
        hand.answer_twice(1, True)
    hand.answer_twice(2, False)
    with pytest.raises(ActionError, match="nobody is asked"):
        hand.answer_twice(0, True)


def test_no_question_when_the_table_does_not_offer_it():
    hand = three_way(run_twice=False)
    assert hand.is_over and hand.asking == []


def test_no_question_while_two_players_can_still_bet():
    config = HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (1000, 5000, 5000), 0, (5, 10))
    hand = Hand(config, deck({}), run_twice=True)
    for line in ("s0 allin", "s1 call", "s2 call"):
        hand.do(Action.parse(line))
    assert hand.asking == [] and hand.to_act == 1 and len(hand.boards[0]) == 3


def test_no_question_when_the_deck_cannot_hold_a_second_runout():
    # Ten Omaha players use 48 places for hands and one runout: no room for a second.
    config = HandConfig(Game.OMAHA, Betting.NO_LIMIT, (100,) * 10, 0, (5, 10))
    hand = Hand(config, deck({}), run_twice=True)
    hand.do(Action.parse("s3 allin"))
    for seat in (4, 5, 6, 7, 8, 9, 0):
        hand.do(Action.parse(f"s{seat} fold"))
    hand.do(Action.parse("s1 fold"))
    hand.do(Action.parse("s2 call"))
    assert hand.is_over and hand.runs == 1


def test_hi_lo_divides_each_run_on_its_own():
    # Omaha Hi/Lo heads-up, button seat 0; dealing order seat 1, seat 0. Seat 0: Ac 2c Kd Kh;
    # seat 1: Qs Qc Js Jc. Run 1, 3d 4h 9s Ts 5c: seat 0's wheel scoops high and low.
    # Run 2, 9d Th Jh 7s 6d: no low, seat 1's three jacks take that half whole.
    places = {0: "Qs", 2: "Qc", 4: "Js", 6: "Jc", 1: "Ac", 3: "2c", 5: "Kd", 7: "Kh",
              9: "3d", 10: "4h", 11: "9s", 13: "Ts", 15: "5c",
              17: "9d", 18: "Th", 19: "Jh", 21: "7s", 23: "6d"}
    config = HandConfig(Game.OMAHA_HILO, Betting.NO_LIMIT, (1000, 1000), 0, (5, 10))
    hand = Hand(config, deck(places), run_twice=True)
    hand.do(Action.parse("s0 allin"))
    hand.do(Action.parse("s1 call"))
    hand.answer_twice(1, True)
    hand.answer_twice(0, True)
    awards = [(a.share, a.seat, a.amount) for a in hand.log if isinstance(a, Awarded)]
    assert awards == [("run 1 high", 0, 500), ("run 1 low", 0, 500), ("run 2", 1, 1000)]
    assert hand.result().net == (0, 0)


def showdown(mucking: set[int], stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    """Three players check to the river, where seat 1 bets and both others call. Seat 0 holds
    Ah Ad (wins), seat 1 (the last to bet: shown first) 7c 2d, seat 2 Kh Kd."""
    places = {0: "7c", 3: "2d", 1: "Kh", 4: "Kd", 2: "Ah", 5: "Ad",
              7: "Qs", 8: "9c", 9: "4s", 11: "3h", 13: "8d"}
    config = HandConfig(Game.HOLDEM, Betting.NO_LIMIT, stacks, 0, (5, 10))
    hand = Hand(config, deck(places))
    hand.mucking = mucking
    for line in ("s0 call", "s1 call", "s2 check", *["s1 check", "s2 check", "s0 check"] * 2,
                 "s1 bet 50", "s2 call", "s0 call"):
        hand.do(Action.parse(line))
    assert hand.is_over
    return hand


def test_show_or_muck_a_loser_may_muck_the_first_shown_may_not():
    hand = showdown({1, 2})
    shown = [r.seat for r in hand.log if isinstance(r, Shown)]
    assert shown == [1, 0]  # seat 1 bet last: shown first even though it loses
    assert [r.seat for r in hand.log if isinstance(r, Mucked)] == [2]
    assert hand.result().net == (120, -60, -60)


def test_show_or_muck_every_hand_shown_by_default():
    hand = showdown(set())
    assert [r.seat for r in hand.log if isinstance(r, Shown)] == [1, 2, 0]
    assert not any(isinstance(r, Mucked) for r in hand.log)


def test_show_or_muck_a_winner_never_mucks_an_all_in_hand_is_shown():
    # Seat 2 (kings) is all in on the river call: shown although it loses and would muck.
    hand = showdown({0, 2}, stacks=(1000, 1000, 60))
    assert [r.seat for r in hand.log if isinstance(r, Shown)] == [1, 2, 0]


def folded_preflop() -> Hand:
    places = {0: "7c", 3: "2d", 1: "Kh", 4: "Kd", 2: "Ah", 5: "Ad",
              7: "Qs", 8: "9c", 9: "4s", 11: "3h", 13: "8d"}
    config = HandConfig(Game.HOLDEM, Betting.NO_LIMIT, (1000, 1000, 1000), 0, (5, 10))
    hand = Hand(config, deck(places))
    for line in ("s0 raise 30", "s1 fold"):
        hand.do(Action.parse(line))
    with pytest.raises(ActionError, match="only after the hand is over"):
        hand.rabbit()
    hand.do(Action.parse("s2 fold"))
    return hand


def test_rabbit_hunt_shows_the_cards_that_would_have_come_after_the_hand():
    hand = folded_preflop()
    net = hand.result().net
    record = hand.rabbit()
    assert [str(c) for c in record.boards[0]] == ["Qs", "9c", "4s", "3h", "8d"]
    places = [r.position for r in hand.log if isinstance(r, Dealt) and r.to == "rabbit"]
    assert places == [7, 8, 9, 11, 13]  # the board's own places: burns stay unseen
    assert hand.result().net == net and hand.boards == [[]]  # the result stays
    with pytest.raises(ActionError, match="already shown"):
        hand.rabbit()


def test_rabbit_hunt_only_what_was_still_to_come():
    hand = showdown(set())
    assert hand.rabbit_places() == []
    with pytest.raises(ActionError, match="no card was left"):
        hand.rabbit()


def test_uncontested_winner_may_show_one_card_or_both():
    hand = folded_preflop()
    with pytest.raises(ActionError, match="only the winner"):
        hand.show(1, [Card.parse("7c")])
    with pytest.raises(ActionError, match="one card of your hand or all 2"):
        hand.show(0, [Card.parse("Kh")])
    record = hand.show(0, [Card.parse("Ad")])
    assert record == Showed(0, (Card.parse("Ad"),))
    with pytest.raises(ActionError, match="already shown"):
        hand.show(0, [Card.parse("Ah"), Card.parse("Ad")])
    assert not any(isinstance(r, Rabbit) for r in hand.log)


def test_no_show_by_choice_after_a_showdown():
    hand = showdown(set())
    with pytest.raises(ActionError, match="only the winner of an uncontested pot"):
        hand.show(0, [Card.parse("Ah")])


def test_a_double_board_is_halved_per_board_on_each_run():
    config = HandConfig(Game.BOMB_DOUBLE, Betting.NO_LIMIT, (500, 500), 0, (5, 10), 10)
    hand = Hand(config, deck({}), run_twice=True)
    first = hand.to_act
    hand.do(Action.parse(f"s{first} allin"))
    hand.do(Action.parse(f"s{1 - first} call"))
    assert hand.asking and len(hand.boards[0]) == 3  # the bomb pot's flop is out
    hand.answer_twice(hand.asking[0], True)
    hand.answer_twice(hand.asking[0], True)
    assert hand.runs == 2 and [len(b) for b in hand.second_boards] == [5, 5]
    assert [b[:3] for b in hand.second_boards] == [b[:3] for b in hand.boards]
    paid: dict[str, int] = {}
    for a in hand.log:
        if isinstance(a, Awarded):
            paid[a.share] = paid.get(a.share, 0) + a.amount
    assert set(paid) == {"run 1 board 1", "run 1 board 2", "run 2 board 1", "run 2 board 2"}
    assert all(v == 250 for v in paid.values())  # 1000: 500 a run, 250 a board
    assert sum(hand.result().net) == 0

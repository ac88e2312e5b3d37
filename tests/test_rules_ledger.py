"""The session ledger: balances from settled hands, the bank apart, settle-up, CSV."""

import csv
import doctest
import io

import pytest
import rules.ledger
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.cards import FULL_DECK
from rules.errors import RulesError
from rules.ledger import BANK_ID, Ledger, Transfer
from rules.ultimate import UltimateHand


def finished_hand(ids, doubles=(), base=100, deck=FULL_DECK):
    hand = UltimateHand(ids, base, deck)
    for _ in range(2):
        for pid in ids:
            hand.act(pid, "double" if pid in doubles else "check")
    return hand.results()


def apply_transfers(balances, transfers):
    out = dict(balances)
    for t in transfers:
        assert t.cents > 0 and t.payer != t.payee
        out[t.payer] += t.cents
        out[t.payee] -= t.cents
    return out


def test_apply_a_real_hand_result():
    led = Ledger()
    led.add_player("p1", "Ann")
    led.add_player("p2", "Bob")
    result = finished_hand(["p1", "p2", "p3"], doubles={"p2"})
    led.apply(result)
    assert led.balances == result.nets()
    assert led.total() == 0 and led.bank_cents == 0
    assert led.name("p3") == "p3"  # unknown players are added under their id
    assert led.hands_applied == 1


def test_balances_accumulate_and_players_who_left_keep_theirs():
    led = Ledger()
    led.add_player("a", "Ann")
    led.add_player("b", "Bob")
    led.apply_nets({"a": 300, "b": -300})
    led.add_player("c", "Cy")
    led.apply_nets({"b": 150, "c": -150})  # Ann has left: she sits out, her balance stays
    assert led.balances == {"a": 300, "b": -150, "c": -150}
    assert [r.hands for r in led.rows()] == [1, 2, 1]


def test_rename_keeps_the_balance():
    led = Ledger()
    led.add_player("a", "Ann")
    led.apply_nets({"a": 500, "b": -500})
    led.add_player("a", "Annie")
    assert led.name("a") == "Annie" and led.balance("a") == 500


def test_a_renamed_player_is_one_row_that_remembers_the_names_it_went_by():
    """Same player id (same key in the room) = same row whatever the name: the balance and
    hands go on, the earlier names are kept (newest first, at most two) to be shown."""
    led = Ledger()
    led.add_player("a", "Ann")
    led.add_player("b", "Bob")
    led.apply_nets({"a": 500, "b": -500})
    led.add_player("a", "Annie")
    led.add_player("a", "Annie")  # the same name again changes nothing
    led.apply_nets({"a": -200, "b": 200})
    rows = led.rows()
    assert [(r.player_id, r.name, r.hands, r.balance_cents, r.was) for r in rows] == [
        ("a", "Annie", 2, 300, ("Ann",)), ("b", "Bob", 2, -300, ())]
    led.add_player("a", "A.")
    led.add_player("a", "Ann")  # back to an old name: it is not listed as a former one
    assert led.rows()[0].was == ("A.", "Annie")
    led.add_player("a", "Zed")
    assert led.rows()[0].was == ("Ann", "A.")
    assert led.settle_up() == [Transfer("b", "a", 300)]
    back = Ledger.from_state(led.to_state())
    assert back.rows() == led.rows()
    old = led.to_state()
    del old["was"]  # a ledger saved before names were remembered
    assert [r.was for r in Ledger.from_state(old).rows()] == [(), ()]
    for junk in ({"z": ["X"]}, {"a": "Ann"}, {"a": [1]}, {"a": ["x"] * 3}, []):
        with pytest.raises(RulesError):
            Ledger.from_state({**led.to_state(), "was": junk})


def test_solo_hands_go_to_the_bank_row():
    led = Ledger()
    led.add_player("a", "Ann")
    result = finished_hand(["a"])
    led.apply(result)
    assert led.balance("a") == result.net("a")
    assert led.bank_cents == -result.net("a") == result.bank_net_cents
    assert led.total() + led.bank_cents == 0
    assert led.rows()[-1].player_id == BANK_ID


def test_solo_bank_balance_settles_up_with_the_bank():
    led = Ledger()
    led.apply_nets({"a": 600}, bank_net_cents=-600)
    led.apply_nets({"a": 100, "b": -100})
    assert led.settle_up() == [Transfer(BANK_ID, "a", 600), Transfer("b", "a", 100)]
    assert led.describe(Transfer(BANK_ID, "a", 600)) == "Bank pays a $6"


def test_unbalanced_results_are_refused_and_change_nothing():
    led = Ledger()
    with pytest.raises(RulesError, match="does not balance"):
        led.apply_nets({"a": 100, "b": -99})
    with pytest.raises(RulesError, match="whole cents"):
        led.apply_nets({"a": 1.5, "b": -1.5})
    assert led.balances == {} and led.hands_applied == 0


def test_bank_id_is_reserved():
    with pytest.raises(RulesError, match="player id"):
        Ledger().add_player(BANK_ID, "sneaky")


def test_settle_up_pays_exact_pairs_directly():
    led = Ledger()
    led.apply_nets({"a": 500, "b": -300, "c": 300, "d": -500})
    assert led.settle_up() == [Transfer("b", "c", 300), Transfer("d", "a", 500)]


def test_settle_up_greedy_largest_to_largest():
    led = Ledger()
    led.apply_nets({"a": 1000, "b": -600, "c": -300, "d": -100})
    assert led.settle_up() == [
        Transfer("b", "a", 600),
        Transfer("c", "a", 300),
        Transfer("d", "a", 100),
    ]
    assert led.describe(led.settle_up()[0]) == "b pays a $6"


def test_settle_up_of_an_even_ledger_is_empty():
    led = Ledger()
    led.apply_nets({"a": 100, "b": -100})
    led.apply_nets({"a": -100, "b": 100})
    assert led.settle_up() == []


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(-10**7, 10**7), min_size=1, max_size=12),
    st.integers(-10**6, 10**6),
)
def test_settle_up_clears_every_balance_in_at_most_n_minus_1_transfers(nets, bank):
    balances = {f"p{i}": v for i, v in enumerate(nets)}
    # make the hand balance: the last player absorbs the difference
    balances[f"p{len(nets)}"] = -sum(nets) - bank
    led = Ledger()
    led.apply_nets(balances, bank_net_cents=bank)
    transfers = led.settle_up()
    before = {**led.balances, BANK_ID: led.bank_cents}
    after = apply_transfers(before, transfers)
    assert set(after.values()) == {0}
    parties = sum(1 for v in before.values() if v)
    assert len(transfers) <= max(parties - 1, 0)
    assert transfers == led.settle_up()  # deterministic


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_balances_made_of_opposite_pairs_take_the_minimum_of_one_transfer_per_pair(amounts, rnd):
    balances = [v for a in amounts for v in (a, -a)]
    rnd.shuffle(balances)
    led = Ledger()
    led.apply_nets({f"p{i}": v for i, v in enumerate(balances)})
    assert len(led.settle_up()) == len(amounts)


def test_csv_rows_and_formula_guard():
    led = Ledger()
    led.add_player("p1", "Ann")
    led.add_player("p2", "=HYPERLINK(\"x\")")
    led.apply_nets({"p1": 250, "p2": -250})
    led.apply_nets({"p1": -5}, bank_net_cents=5)
    rows = list(csv.reader(io.StringIO(led.to_csv())))
    assert rows == [
        ["player_id", "name", "hands", "balance_cents", "balance_dollars"],
        ["p1", "Ann", "2", "245", "2.45"],
        ["p2", "'=HYPERLINK(\"x\")", "1", "-250", "-2.50"],
        [BANK_ID, "Bank", "1", "5", "0.05"],
    ]


def test_doctests():
    assert doctest.testmod(rules.ledger).failed == 0


def test_saved_state_round_trips_and_refuses_a_ledger_that_does_not_balance():
    import json

    led = Ledger()
    led.add_player("p1", "Ann")
    led.add_player("p2", "=Bob")
    led.apply_nets({"p1": 250, "p2": -100}, bank_net_cents=-150)
    back = Ledger.from_state(json.loads(json.dumps(led.to_state())))
    assert back.rows() == led.rows()
    assert back.to_csv() == led.to_csv()
    assert back.settle_up() == led.settle_up()
    broken = led.to_state()
    broken["rows"][1][3] -= 1
    with pytest.raises(RulesError, match="sum to zero"):
        Ledger.from_state(broken)
    for junk in ({}, {"rows": [["p1"]], "bank": [0, 0], "hands_applied": 0},
                 {"rows": [["p1", "Ann", 1, True]], "bank": [0, 0], "hands_applied": 0}):
        with pytest.raises(RulesError):
            Ledger.from_state(junk)

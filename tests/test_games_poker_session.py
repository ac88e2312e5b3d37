"""The table-game session through its interface: cash play, refusals, the clock, views,
history and the fair deal."""

from __future__ import annotations

import json
import random

import pytest
from games.poker import PokerGame
from games.pokerstars import hand_number, pokerstars_document, pokerstars_text
from games.registry import deal_reader
from poker_shapes import Ask, Player, Settings, Tab
from room.errors import RoomError
from room.export import history_entry
from room.messages import Nonce
from rules.cards import FULL_DECK, parse_cards
from rules.fairdeal import verify_dealt


def deck_from(seed: int) -> list:
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return deck


def table(n: int = 3, *, seed: int = 1, buy: int = 1000, deck=None, **game) -> PokerGame:
    g = PokerGame(deck_source=(lambda: list(deck)) if deck is not None else
                  (lambda: deck_from(seed)), game=game.pop("game", "holdem"))
    timer = game.pop("timer_ms", 0)
    grace = game.pop("grace_ms", 10_000)
    g.configure(Settings(timer_ms=timer, grace_ms=grace, game=game))
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(n)], 0)
    for i in range(n):
        if buy:
            g.handle_table(f"p{i}", Tab("buy_in", buy))
    return g


def act(g: PokerGame, action: str, amount=None, cards=()) -> None:
    (pid,) = g.to_act()
    g.handle_action(pid, Ask(action, g.seq, amount, tuple(cards)))


def state(g: PokerGame) -> str:
    return json.dumps(g.snapshot(), sort_keys=True)


def test_a_hand_plays_through_and_the_ledger_moves_money_at_the_chip_value():
    g = table(3, chip_cents=2)
    g.next_hand()
    assert g.to_act() == {"p0"}  # the button acts first preflop three-handed
    act(g, "raise", 30)
    act(g, "fold")
    act(g, "fold")
    assert not g.hand_running
    assert [g.stack_of(p) for p in ("p0", "p1", "p2")] == [1015, 995, 990]
    assert dict(g.balances()) == {"p0": 30, "p1": -10, "p2": -20}
    assert g.chips_on_table() == 3000
    view = g.view_for("p1")
    assert view["results"]["payouts"] == ["P0 wins 25 chips uncontested"]  # 20 uncalled returned
    assert view["results"]["shown"] == []


@pytest.mark.parametrize(
    ("who", "ask", "code"),
    [
        ("p1", Ask("call", 1), "game/not_your_turn"),
        ("p0", Ask("call", 0), "game/stale"),
        ("p0", Ask("check", 1), "game/illegal"),
        ("p0", Ask("raise", 1, 15), "game/illegal"),
        ("p0", Ask("raise", 1, 5000), "game/illegal"),
        ("p0", Ask("bet", 1, 40), "game/illegal"),
        ("p0", Ask("jump", 1), "game/bad_action"),
        ("p0", Ask("call", 1, 10), "game/bad_action"),
        ("p0", Ask("raise", 1, -3), "game/bad_action"),
        ("p0", Ask("draw", 1, None, ("Zz",)), "game/bad_action"),
        ("p0", Ask("draw", 1), "game/illegal"),
        ("p9", Ask("call", 1), "game/queued"),
    ],
)
def test_refusals_have_stable_codes_and_change_nothing(who, ask, code):
    g = table(3)
    g.next_hand()
    before = state(g)
    with pytest.raises(RoomError) as e:
        g.handle_action(who, ask)
    assert e.value.code == code
    assert state(g) == before


def test_no_hand_refusal_and_hand_running_refusal():
    g = table(2)
    with pytest.raises(RoomError) as e:
        g.handle_action("p0", Ask("call", 0))
    assert e.value.code == "game/no_hand"
    g.next_hand()
    with pytest.raises(RoomError) as e:
        g.next_hand()
    assert e.value.code == "game/hand_running"


def test_a_table_needs_two_players_with_chips():
    g = table(2, buy=0)
    with pytest.raises(RoomError) as e:
        g.next_hand()
    assert e.value.code == "game/no_players"


def test_the_button_moves_one_seat_each_hand():
    g = table(3)
    buttons = []
    for _ in range(4):
        g.next_hand()
        buttons.append(g.button)
        while g.hand_running:
            act(g, "fold")
    assert buttons == [0, 1, 2, 0]


def test_rebuy_only_between_hands_and_up_to_the_maximum():
    g = table(2)
    g.next_hand()
    with pytest.raises(RoomError) as e:
        g.handle_table("p0", Tab("buy_in", 100))
    assert e.value.code == "cash/in_hand"
    act(g, "fold")
    g.handle_table("p1", Tab("buy_in", 1495))  # 1005 + 1495 = 2500, the maximum
    assert g.stack_of("p1") == 2500
    with pytest.raises(RoomError) as e:
        g.handle_table("p1", Tab("buy_in", 1))
    assert e.value.code == "cash/buy_in"
    assert g.book.bought["p1"] == 2495


def test_leaving_cashes_out_now_or_when_the_hand_ends():
    g = table(3)
    g.next_hand()
    act(g, "call")  # p0 calls 10
    g.set_players([Player("p0", "P0", is_host=True), Player("p1", "P1")], 1000)
    assert "p2" in g.seating  # in the hand: keeps the seat until it ends
    assert g.away_since.get("p2") == 1000
    act(g, "fold")  # p1 folds
    g.tick(1000 + 10_000)  # p2's grace runs out: checks
    while g.hand_running:
        act(g, "check")
    assert "p2" not in g.seating
    assert g.book.cashed["p2"] == g.book.bought["p2"] + g.balances()["p2"]
    assert g.chips_on_table() == g.book.chips_in()
    g.set_players([Player("p0", "P0", is_host=True)], 2000)
    assert "p1" not in g.seating and g.book.cashed["p1"] == 995


def test_sit_out_is_not_dealt_and_sitting_back_in_waits_for_the_big_blind():
    g = table(4)
    g.handle_table("p3", Tab("sit_out"))
    g.next_hand()
    assert not g.played.dealt_in("p3")
    while g.hand_running:
        act(g, "fold")
    g.handle_table("p3", Tab("sit_in"))
    dealt_at = None
    for k in range(5):
        g.next_hand()
        if g.played.dealt_in("p3"):
            dealt_at = k
            posts = [e for e in g.view_for("p3")["log"] if e["type"] == "post"]
            assert {"seat": 3, "kind": "big blind"}.items() <= posts[-1].items()
            break
        while g.hand_running:
            act(g, "fold")
    assert dealt_at is not None


def test_a_newcomer_waits_for_the_big_blind_or_posts_to_play_at_once():
    g = table(4)
    g.next_hand()  # button seat 0, blinds seats 1 and 2
    while g.hand_running:
        act(g, "fold")
    g.set_players([Player(f"p{i}", f"P{i}") for i in range(5)], 0)
    g.handle_table("p4", Tab("buy_in", 1000))
    assert g.view_for("p4")["seats"][4]["state"] == "waiting"
    g.handle_table("p4", Tab("post"))
    g.next_hand()  # button seat 1, blinds seats 2 and 3: seat 4 posts a third, live blind
    assert g.played.dealt_in("p4")
    posts = [(e["seat"], e["kind"]) for e in g.view_for("p4")["log"] if e["type"] == "post"]
    assert posts == [(2, "small blind"), (3, "big blind"), (4, "big blind")]
    assert g.chips_on_table() == g.book.chips_in()
    first = next(iter(g.to_act()))
    assert first == "p4" and g.view_for("p4")["legal"]["can_check"]  # the post is live
    act(g, "check")
    while g.hand_running:
        act(g, "fold")
    assert g.chips_on_table() == g.book.chips_in()
    with pytest.raises(RoomError) as e:
        g.handle_table("p4", Tab("post"))
    assert e.value.code == "table/not_waiting"


def test_timeout_checks_when_nothing_to_call_else_folds_and_uses_the_time_bank():
    g = table(2, timer_ms=20_000, time_bank_s=10)
    g.next_hand()  # heads-up: p0 (button, small blind) acts first
    assert g.to_act() == {"p0"}
    assert not g.tick(29_999)
    assert g.tick(30_000)  # timer 20 s + bank 10 s
    assert g.played.hand.log[-1].__class__.__name__ == "HandEnded"  # folded: p1 wins
    assert g.clock.bank("p0") == 0
    g.next_hand()  # p1 is the button now and acts first; the turn started at 30 s
    act(g, "call")
    g.tick(30_000 + 20_000)  # p0 (big blind) may check: the timer makes it check
    log = g.view_for("p1")["log"]
    assert log[-2]["action"] == "check" and log[-2]["auto"] is True  # then the flop round


def test_a_disconnected_player_is_acted_for_after_the_grace_period():
    g = table(3, grace_ms=8_000)
    g.next_hand()
    g.set_players([Player("p0", "P0", connected=False, is_host=True), Player("p1", "P1"),
                   Player("p2", "P2")], 5_000)
    assert not g.tick(12_999)
    assert g.tick(13_000)
    assert g.to_act() == {"p1"}
    assert g.view_for("p1")["seats"][0]["state"] == "folded"


def test_play_out_gives_the_default_action_at_once():
    g = table(3)
    g.next_hand()
    g.play_out("p0")
    assert g.to_act() == {"p1"}
    act(g, "call")
    act(g, "check")  # big blind; the flop: p1 first
    act(g, "check")
    assert g.to_act() == {"p2"}


def test_draw_timeout_stands_pat_and_a_discard_shows_only_as_a_count():
    g = table(2, game="draw", timer_ms=5_000)
    g.next_hand()
    act(g, "check")  # no blinds in draw: nothing to call
    act(g, "check")
    drawer = next(iter(g.to_act()))
    other = "p1" if drawer == "p0" else "p0"
    hole = g.view_for(drawer)["you"]["hole"]
    act(g, "draw", cards=hole[:2])
    g.tick(10_000_000)
    entries = [e for e in g.view_for(other)["log"] if e["type"] == "draw"]
    assert [e["count"] for e in entries] == [2, 0] and entries[1]["auto"]
    mine = g.view_for(drawer)["you"]
    assert mine["discards"] == hole[:2] and len(mine["hole"]) == 5
    assert not set(hole[:2]) & set(json.dumps(g.view_for(other)).split('"'))


def test_legal_bounds_only_for_the_seat_to_act():
    g = table(3, game="omaha")
    g.next_hand()
    views = {p: g.view_for(p) for p in ("p0", "p1", "p2")}
    assert views["p0"]["legal"] == {
        "actions": ["fold", "call", "raise", "allin"], "call": 10, "call_all_in": False,
        "raise": {"verb": "raise", "min_to": 20, "max_to": 35}, "raise_blocked": None,
        "presets": [["half", 22], ["threeq", 28], ["pot", 35]],  # pot: 15 + the call of 10
        "all_in_to": 35, "all_in_whole": False, "draw_max": None, "draw_keeps": None,
        "can_check": False,
    }
    assert views["p1"]["legal"] is None and views["p2"]["legal"] is None
    assert views["p1"]["turn"]["seat"] == 0


def test_showdown_shows_only_the_hands_still_in_and_folded_cards_never_leave():
    deck = list(parse_cards("As Kd 2c 7h Ah Kc 3d 9s 4h 5c Td Jc Qs 8d"))
    deck += [c for c in FULL_DECK if c not in deck]
    g = table(3, deck=deck)
    g.next_hand()
    act(g, "call")   # p0
    act(g, "fold")   # p1 (small blind) folds: holds Kd 9s? (dealt p1, p2, p0 ...)
    act(g, "check")
    while g.hand_running:
        act(g, "check")
    p1_cards = g.played.hand.hole[1]
    for viewer in ("p0", "p2"):
        text = json.dumps(g.view_for(viewer))
        assert not any(f'"{c}"' in text for c in p1_cards)
    shown = g.view_for("p1")["results"]["shown"]
    assert {s["seat"] for s in shown} == {0, 2}


def test_history_json_and_pokerstars_text_of_finished_hands():
    g = table(3)
    g.next_hand()
    act(g, "raise", 40)
    act(g, "call")
    act(g, "fold")
    while g.hand_running:
        act(g, "check")
    (h,) = g.history()
    assert h["game"] == "holdem" and h["hand_no"] == 1 and h["button"] == 0
    assert [s["stack"] for s in h["seats"]] == [1000, 1000, 1000]
    assert sum(h["net"].values()) == 0
    assert len(h["shown"]) == 2
    assert [a["action"] for a in h["actions"] if a["type"] == "act"][:3] == ["raise", "call",
                                                                              "fold"]
    text = g.pokerstars(1, "p0")
    assert text.startswith(f"PokerStars Hand #{hand_number(h)}:  Hold'em No Limit (5/10) - ")
    assert "Dealt to P0 [" in text and "*** SUMMARY ***" in text
    with pytest.raises(RoomError):
        g.pokerstars(7, None)


def test_a_guests_pokerstars_text_from_their_own_entry_is_the_hosts_for_them():
    """A guest writes their PokerStars text from the history entry their results view filed
    (``room.export.history_entry``): the same text the host's export gives that player, with
    their own hole cards and no one else's unshown ones. A bomb pot called in an Omaha session
    stays a bomb pot (the entry's ``game`` is the session's)."""
    g = table(3, game="omaha", big_blind=10, small_blind=5)
    g.handle_table("p0", Tab("bomb_pot", 30))
    g.next_hand()
    holes = {f"p{i}": [str(c) for c in g.played.hand.hole[i]] for i in range(3)}
    act(g, "bet", 30)
    (folder,) = g.to_act()
    act(g, "fold")
    act(g, "call")
    while g.hand_running:
        act(g, "check")
    for pid in ("p0", "p1", "p2"):
        entry = history_entry(g.view_for(pid))
        assert (entry["game"], entry["hand_game"]) == ("omaha", "bomb-double")
        assert entry["you"] == {"seat": int(pid[1]), "hole": holes[pid]}
        text = pokerstars_text(entry)
        assert text == g.pokerstars(1, pid)
        assert "*** FIRST FLOP ***" in text and "*** SECOND RIVER ***" in text
        assert f"Dealt to P{pid[1]} [{' '.join(holes[pid])}]" in text
        if pid != folder:
            assert not any(c in json.dumps(entry) for c in holes[folder])
            assert not any(c in text for c in holes[folder])


def test_a_draw_hands_pokerstars_text_is_the_same_from_the_host_and_a_guests_entry():
    """5-card draw is written as PokerStars' 5 Card Draw, with the reader's own discards and
    draw: the host's text for a player and the one that player writes from the entry their
    results view filed are the same."""
    g = table(2, game="draw")
    g.next_hand()
    while g.hand_running:
        legal = g.view_for(next(iter(g.to_act())))["legal"]
        act(g, "draw" if legal.get("draw_max") is not None else "check")
    text = g.pokerstars(1, "p1")
    assert " 5 Card Draw " in text and "*** DEALING HANDS ***" in text
    assert pokerstars_document([history_entry(g.view_for("p1"))]) == text


def test_fair_deal_cards_check_by_position_and_the_seed_comes_at_the_end():
    g = PokerGame()
    g.configure(Settings())
    g.set_players([Player("p0", "P0", is_host=True), Player("p1", "P1")], 0)
    for p in ("p0", "p1"):
        g.handle_table(p, Tab("buy_in", 1000))
    g.next_hand()
    dealing = g.view_for("p1")
    assert dealing["phase"] == "dealing" and g.is_dealing() and g.to_act() == frozenset()
    fair = dealing["fair"]
    assert fair["want_nonce"] and fair["nonces"] is None and "cards" not in fair
    assert fair["order"] == {"game": "holdem", "button": dealing["button"] if g.button is not None
                             else fair["order"]["button"],
                             "seats": [[0, "p0", True], [1, "p1", True]]}
    assert dealing["seats"][1]["cards"] == [] and dealing["you"]["hole"] == []
    assert g.view_for("p0")["fair"]["want_nonce"] is False  # the dealer's nonce is published
    with pytest.raises(RoomError) as e:
        g.handle_nonce("p1", Nonce(2, "ab" * 16))
    assert e.value.code == "fair/stale"
    assert g.handle_nonce("p1", Nonce(1, "ab" * 16)) and not g.is_dealing()
    fair = g.view_for("p1")["fair"]
    assert fair["seed"] is None and fair["dealer_id"] == "p0" and "cards" not in fair
    assert fair["nonces"]["p1"] == "ab" * 16 and fair["nonces"]["p0"] == fair["dealer_nonce"]
    act(g, "call")
    while g.hand_running:
        act(g, "check")
    for viewer in ("p0", "p1"):
        view = g.view_for(viewer)
        fair = view["fair"]
        placed = deal_reader(view["game"])(view, fair["order"], set(fair["nonces"]), viewer)
        named = {str(c) for p in placed for c in p.cards}
        assert len(named) == 2 + 5 + 2  # own hole, board, the other's shown hand
        verdict = verify_dealt(fair["commitment"], fair["seed"], fair["nonces"], placed)
        assert verdict.ok, verdict.reason
    with pytest.raises(RoomError) as e:
        g.handle_nonce("p1", Nonce(2, "ab" * 16))
    assert e.value.code == "fair/not_dealing"


def test_spectators_and_a_full_table_watch():
    g = PokerGame(deck_source=lambda: deck_from(3))
    g.configure(Settings())
    players = [Player(f"p{i}", f"P{i}") for i in range(11)] + [Player("s", "S", kind="spectator")]
    g.set_players(players, 0)
    assert len(g.seating.by_id) == 10 and "p10" in g.watchers and "s" in g.watchers
    assert g.view_for("s")["you"]["seated"] is False


def test_views_of_a_long_ten_player_hand_stay_well_under_the_wire_cap():
    """A ten-player no-limit hand of min-raises logs hundreds of actions; the view carries the
    last 24 (``log_omitted`` says how many more), so every view stays under the 11 kB a game's
    part of a view may take."""
    rng = random.Random(2)
    g = PokerGame(deck_source=lambda: deck_from(2))
    g.configure(Settings())
    g.set_players([Player(f"id-{i:02d}-" + "x" * 14, f"{i:02d}" + "N" * 18) for i in range(10)],
                  0)
    for pid in list(g.seating.by_id):
        g.handle_table(pid, Tab("buy_in", 2500))
    g.next_hand()
    biggest = omitted = 0
    while g.hand_running:
        (pid,) = g.to_act()
        legal = g.view_for(pid)["legal"]
        if legal["raise"] and rng.random() < 0.7:
            g.handle_action(pid, Ask(legal["raise"]["verb"], g.seq, legal["raise"]["min_to"]))
        else:
            g.handle_action(pid, Ask("check" if legal["can_check"] else "call", g.seq))
        for viewer in g.seating.by_id:
            view = g.view_for(viewer)
            biggest = max(biggest, len(json.dumps(view, separators=(",", ":"))))
            omitted = max(omitted, view["log_omitted"])
    assert omitted > 0 and biggest < 11 * 1024


def test_auto_deal_deals_the_next_hand_after_the_pause_and_no_deal_waits_for_nonces():
    g = table(2)
    g.configure(Settings(auto_deal=True))
    assert not g.tick(100_000)  # no first hand yet: the host deals it
    g.next_hand()
    act(g, "fold")
    ended = g.now
    assert g.view_for("p0")["auto_deal_ms"] == 5000
    assert not g.tick(ended + 4999) and g.hand_no == 1
    assert g.tick(ended + 5000) and g.hand_no == 2 and g.hand_running
    assert g.is_dealing() is False


# --- a seat at the hand but not dealt in (a bomb pot's short stack) -----------------------------


def _bomb_table_with_a_short_seat() -> PokerGame:
    """A bomb pot whose ante (500) is above p2's stack (400): p2 sits at the hand, not dealt
    in (the rules: a seat whose stack is below the bomb ante is not dealt in)."""
    g = table(3, game="bomb-double", ante=500, buy=0)
    for pid, chips in (("p0", 1000), ("p1", 1000), ("p2", 400)):
        g.handle_table(pid, Tab("buy_in", chips))
    g.next_hand()
    assert g.played.config.dealt_in == (True, True, False)
    return g


def _finish_hand(g: PokerGame) -> None:
    while g.hand_running:
        (pid,) = g.to_act()
        act(g, "check" if g.view_for(pid)["legal"]["can_check"] else "call")


def test_a_seat_not_dealt_in_keeps_the_chips_it_buys_during_the_hand():
    g = _bomb_table_with_a_short_seat()
    g.handle_table("p2", Tab("buy_in", 100))  # allowed: p2 is not in this hand
    assert g.stack_of("p2") == 500
    _finish_hand(g)
    assert g.stack_of("p2") == 500
    assert g.chips_on_table() == g.book.chips_in()


def test_a_seat_not_dealt_in_may_leave_during_the_hand():
    g = _bomb_table_with_a_short_seat()
    g.set_players([Player(f"p{i}", f"P{i}", is_host=i == 0) for i in range(2)], 0)  # p2 goes
    assert g.book.cashed["p2"] == 400
    _finish_hand(g)
    assert g.chips_on_table() + sum(g.book.cashed.values()) == sum(g.book.bought.values())


def test_the_view_gives_each_player_the_chips_they_may_buy_now():
    """The cash card's bounds come from the game's own buy-in rule, per viewer: a first buy-in
    within the host's range, a rebuy up to the most, none while their cards are in play."""
    g = table(3, buy=0)  # big blind 10: 400..2,500 chips, 1,000 suggested
    assert g.view_for("p0")["you"]["buy_in"] == {"from": 400, "to": 2500, "suggested": 1000}
    for pid, chips in (("p0", 2000), ("p1", 1000), ("p2", 2500)):
        g.handle_table(pid, Tab("buy_in", chips))
    # above the suggested buy-in nothing is pre-filled (never the most): the player names it
    assert g.view_for("p0")["you"]["buy_in"] == {"from": 1, "to": 500, "suggested": None}
    assert g.view_for("p2")["you"]["buy_in"] is None  # at the most already
    g.next_hand()
    assert g.view_for("p1")["you"]["buy_in"] is None  # cards in play
    with pytest.raises(RoomError):
        g.handle_table("p1", Tab("buy_in", 1))

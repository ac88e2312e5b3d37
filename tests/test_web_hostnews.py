"""What the host does to the table is said once to everyone (web.tablenews), the line under
the table stays true when the table is paused or deals by itself, and the host's controls say
what happens in the game being played (web.hosttext) — driven by real views of the table
game where the view matters."""

from __future__ import annotations

import itertools
import random

from games.poker import PokerGame
from room.game import PlayerInfo, Request, TableRequest, TableSettings
from web import hosttext as ht
from web import tablenews as tn


def room_view(game: PokerGame, viewer: str, **settings) -> dict:
    return {"phase": "playing", "you": viewer,
            "settings": {"game_id": game.game_id, "next_game": None, **settings},
            "game": game.view_for(viewer)}


def cash_table(n: int = 3, **game) -> PokerGame:
    rng = random.Random(7)
    g = PokerGame(deck_source=lambda: rng.sample(range(52), 52),
                  game=game.pop("game", "holdem"))
    g.configure(TableSettings(10_000, 0, False, game))
    g.set_players([PlayerInfo(f"p{i}", f"P{i}", True, is_host=i == 0) for i in range(n)], 0)
    if game.get("mode") != "tournament":
        for i in range(n):
            g.handle_table(f"p{i}", TableRequest("buy_in", 1000))
    return g


def finish_hand(g: PokerGame, shove: bool = False) -> None:
    """Plays the running hand out: everyone checks or folds (``shove``: all in, or calls)."""
    while g.hand_running:
        (pid,) = g.to_act()
        legal = g.played.hand.legal()
        if shove:
            verb = "allin" if legal.all_in_to is not None else (
                "call" if legal.to_call else "check")
        else:
            verb = "check" if legal.can_check else "fold"
        g.handle_action(pid, Request(verb, g.seq))


def test_a_pause_and_a_resume_are_said_to_guests_once():
    g = cash_table()
    before = room_view(g, "p1")
    g.handle_table("p0", TableRequest("pause"))
    paused = room_view(g, "p1")
    assert tn.news(before, paused) == [
        "The host paused the table: no new hand is dealt until they resume."]
    assert tn.news(paused, room_view(g, "p1")) == []  # a re-sent view says nothing
    g.handle_table("p0", TableRequest("resume"))
    assert tn.news(paused, room_view(g, "p1")) == ["The host resumed the table."]


def test_a_stack_the_host_set_is_said_to_everyone():
    g = cash_table()
    g.next_hand()
    finish_hand(g)
    before = {viewer: room_view(g, viewer) for viewer in ("p0", "p2")}
    g.handle_table("p0", TableRequest("set_stack", 1500, "p1"))
    for viewer, is_host in (("p2", False), ("p0", True)):
        said = tn.news(before[viewer], room_view(g, viewer), is_host)
        assert said == ["The host set P1's stack to 1,500 chips."], viewer


def test_a_change_of_game_is_said_to_guests_when_picked_and_to_everyone_when_played():
    g = cash_table()
    view = room_view(g, "p1")
    picked = {**view, "settings": {**view["settings"],
                                   "next_game": {"game_id": "omaha-hilo", "game": {}}}}
    assert tn.news(view, picked) == ["The host picked Omaha Hi/Lo for the next hand."]
    assert tn.news(view, picked, is_host=True) == []  # the host's card says it already
    now = {**picked, "game": {**picked["game"], "game": "omaha-hilo"},
           "settings": {**view["settings"], "game_id": "omaha-hilo"}}
    assert tn.news(picked, now) == ["Now playing Omaha Hi/Lo."]
    assert tn.news(picked, now, is_host=True) == ["Now playing Omaha Hi/Lo."]


def test_a_blind_level_rising_is_said_once():
    g = cash_table(2, mode="tournament", level_by="hands", level_length=1)
    g.next_hand()
    first = room_view(g, "p1")
    finish_hand(g)
    g.next_hand()
    second = room_view(g, "p1")
    t = second["game"]["tournament"]
    assert t["level"] == 1
    assert tn.news(first, second) == [
        f"Blinds are up to level 2: small blind {t['small']:,}, big blind {t['big']:,}."]
    assert tn.news(second, second) == []


def test_nothing_is_said_of_a_table_just_opened():
    g = cash_table()
    g.handle_table("p0", TableRequest("pause"))
    assert tn.news(None, room_view(g, "p1")) == []
    assert tn.news({"phase": "lobby"}, room_view(g, "p1")) == []


def test_the_line_under_the_table_is_true_when_paused():
    g = cash_table()
    g.handle_table("p0", TableRequest("pause"))
    game = g.view_for("p1")
    assert ht.next_hand_note(game, False) != "The host deals the next hand."
    assert "paused" in ht.next_hand_note(game, False)
    assert ht.next_hand_note(g.view_for("p0"), True) == "Paused: press Resume first, then deal."


def test_the_remove_dialog_says_a_poker_hand_is_folded_not_checked():
    g = cash_table()
    words = ht.removal_words("P1", room_view(g, "p0"))
    assert "folded" in words and "Checks" not in words


def test_change_of_game_is_not_offered_after_a_tournament_ended():
    g = cash_table(2, mode="tournament", starting_stack=100)
    for _ in range(50):
        if g.standings is not None and g.standings.winner is not None:
            break
        g.next_hand()
        finish_hand(g, shove=True)
    assert g.standings.winner is not None
    assert ht.change(room_view(g, "p0"), True).shown is False


def test_the_set_stack_list_names_stacks_only_when_they_are_true():
    g = cash_table()
    between = ht.stack_choices(ht.panel(room_view(g, "p0"), True))
    assert between == [(f"p{i}", f"P{i} (1,000 chips)") for i in range(3)]
    g.next_hand()  # in a hand: the stacks move with every bet, and no stack is shown
    in_hand = ht.stack_choices(ht.panel(room_view(g, "p0"), True))
    assert in_hand == [(f"p{i}", f"P{i}") for i in range(3)]


def test_add_chips_tops_up_to_the_suggested_buy_in_not_the_maximum():
    g = cash_table(big_blind=10)  # buy-ins 400..2500, suggested 1000; each bought 1000
    you = g.view_for("p1")["you"]["buy_in"]
    assert you["to"] == 1500 and you["suggested"] is None  # at the suggested: none pre-filled
    g.handle_table("p0", TableRequest("set_stack", 600, "p1"))
    you = g.view_for("p1")["you"]["buy_in"]
    assert you["suggested"] == 400 and you["to"] == 1900  # topping up to 1,000


def views_while(table, name: str, step) -> list[dict]:
    """The view ``name``'s page shows now, then every view it draws while ``step()`` runs (the
    deal's nonce round too), each as it was then."""
    import copy

    client = table.clients[name]
    seen: list[dict] = [copy.deepcopy(client.view)]
    receive = client.receive

    def keep(text, now):
        replies = receive(text, now)
        if client.view is not None and (not seen or client.view != seen[-1]):
            seen.append(copy.deepcopy(client.view))
        return replies

    client.receive = keep
    try:
        step()
    finally:
        client.receive = receive
    return seen


def test_a_bomb_pot_being_dealt_is_not_said_to_be_called_then_called_off():
    """A bomb pot's deal waits for the players' nonces (phase "dealing") before any card: the
    bomb pot every N hands is not "called by the host" then, and neither it nor one the host
    called is "called off" when its cards come. Said: the host's call, once, and nothing else."""
    from test_room_table_games import passive
    from test_room_table_host import cash, host_send

    table = cash(bomb_every=2, big_blind=10, small_blind=5)  # hand 2 is the table's bomb pot
    table.play(passive)
    seen = views_while(table, "Bob", table.next_hand)
    assert any(v["game"]["phase"] == "dealing" for v in seen), "the nonce round was drawn"
    assert table.g("Bob")["hand_game"] == "bomb-double"
    said = [line for a, b in itertools.pairwise(seen) for line in tn.news(a, b)]
    assert not [line for line in said if "bomb pot" in line], said

    table.play(passive)
    table.next_hand()  # hand 3, Hold'em
    table.play(passive)
    seen = views_while(table, "Bob", lambda: host_send(table, table.clients["Ann"].table(
        "bomb_pot", 30)))
    seen += views_while(table, "Bob", table.next_hand)[1:]
    assert table.g("Bob")["hand_game"] == "bomb-double" and table.g("Bob")["ante"] == 30
    said = [line for a, b in itertools.pairwise(seen) for line in tn.news(a, b)]
    assert [line for line in said if "bomb pot" in line] == [
        "The host called a bomb pot for the next hand: everyone antes 30 chips, two boards."]


def test_a_change_of_game_over_the_buttons_pick_says_the_pick_is_set_aside():
    g = cash_table(dealers_choice=True)
    g.next_hand()
    finish_hand(g)
    picker = g.view_for("p0")["pick"]["picker"]
    g.handle_table(picker, TableRequest("pick_game", 1))  # Pot-Limit Omaha
    before = {viewer: room_view(g, viewer) for viewer in ("p1", "p2")}
    g.configure(TableSettings(10_000, 0, False, {"dealers_choice": True}, switching=True))
    for viewer in ("p1", "p2"):
        after = room_view(g, viewer, next_game={"game_id": "omaha-hilo", "game": {}})
        assert after["game"]["pick"] is None  # the pick card goes: the host's game is next
        said = tn.news(before[viewer], after)
        assert said == [f"The host picked Omaha Hi/Lo for the next hand: "
                        f"{'you' if viewer == picker else 'P1'} picked Pot-Limit Omaha; "
                        "that pick is set aside."], viewer
        assert tn.news(after, after) == []  # said once

"""The table's words follow the hand being played, and say what a control does: a bomb pot
called at another game's table, the all-in button of a limit game, the pot line, spoken
words without symbols. Under CPython, against real views of the table-game session."""

from __future__ import annotations

import random
import re

import pytest
from games.registry import factory
from room.game import PlayerInfo, Request, TableRequest, TableSettings
from web import pokerread as pr
from web import pokerresults as prs
from web import pokersidetext as st
from web import pokertext as pt
from web import preaction as pa


def table(game_id: str, seed: int = 1, players: int = 3, **extra):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    game = factory(game_id, lambda: list(deck))()
    game.configure(TableSettings(10_000, 0, False,
                                 {"mode": "tournament", "starting_stack": 1000, **extra}))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1)
                      for i in range(1, players + 1)], 0)
    return game


def pids(game) -> list[str]:
    return [s["id"] for s in game.view_for("p1")["seats"]]


def called_down(game) -> list[dict]:
    """Every player's view after every check or call of the running hand, to its end."""
    views = []
    while True:
        views += [game.view_for(pid) for pid in pids(game)]
        if not game.hand_running:
            return views
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))


# --- a bomb pot called at an Omaha Hi/Lo table ---------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_a_bomb_pot_called_at_a_hilo_table_is_described_as_the_bomb_pot(seed):
    """Its G key, card keys, results, marks and announcement speak of two boards, never of a
    high and a low: the words follow the hand dealt, not the table's game."""
    game = table("omaha-hilo", seed, players=4)
    game.handle_table("p1", TableRequest("bomb_pot", 20))
    game.next_hand()
    views = called_down(game)
    assert {v["hand_game"] for v in views} == {"bomb-double"}
    for view in views:
        if not view["you"]["hole"]:
            continue
        g = pr.value(view)
        assert g.startswith("Board 1: ") and "Board 2: " in g and "Low" not in g, g
        five = pr.card(view, 5)
        assert "board 1" in five and "board 2" in five, five
    for view in views:  # the hand posts no blinds: its stakes say so
        assert pt.stakes_line(view).startswith("Ante 20, minimum bet"), pt.stakes_line(view)
    last = views[-4:]
    board_two_marked = False
    for view in last:
        r = prs.results(view)
        assert r is not None
        for h in r.hands:
            assert [p.token for p in h.parts] == ["board-1", "board-2"]
            assert [p.label for p in h.parts] == ["Board 1", "Board 2"]
        board_two = [p for h in r.hands for p in h.parts if p.token == "board-2" and p.five]
        assert board_two, "someone wins board 2"
        dealt_two = set(view["results"]["boards"][1])
        want = {c for p in board_two for c in p.five if c in dealt_two}
        assert set(r.boards[1]) == want
        board_two_marked |= bool(want)
        said = " ".join(prs.announce_lines(view))
        assert "high, " not in said and "low, " not in said, said
        assert "board 1, " in said and "board 2, " in said
    assert board_two_marked


# --- the all-in button says what it does ---------------------------------------------------------


def _done(game, actor, action, amount=None):
    """(whether it put the actor all in, the bet it came to) once ``action`` is done on a
    restored copy, as the hand's log records it."""
    probe = factory(game.game_id, lambda: [])()
    probe.restore(game.snapshot(), 0)
    probe.handle_action(actor, Request(action, game.seq, amount))
    acts = [
        e for e in probe.view_for(actor)["log"] if e["type"] == "act"]
    last = acts[-1]
    return bool(last.get("all_in")), last.get("to")


@pytest.mark.parametrize("game_id,betting,stack", [
    ("omaha", "pot-limit", 2255), ("holdem", "fixed-limit", 2255), ("holdem", "no-limit", 2255),
    ("omaha", "pot-limit", 40), ("holdem", "fixed-limit", 25)])
@pytest.mark.parametrize("seed", range(4))
def test_the_all_in_button_says_all_in_only_when_it_is_one(game_id, betting, stack, seed):
    """Its label names what Shift+A and a click do, as the engine does it: "All in" only
    when the whole stack goes in; else the raise or bet it comes to, and no second button
    for the one raise a fixed limit allows."""
    rng = random.Random(seed)
    game = table(game_id, seed, betting=betting, starting_stack=stack)
    game.next_hand()
    seen = set()
    for _ in range(40):
        if not game.hand_running:
            break
        (actor,) = game.to_act()
        view = game.view_for(actor)
        c = pt.controls(view)
        if c.all_in_to is not None:
            all_in, bet = _done(game, actor, "allin")
            label = c.all_in_label
            if all_in:
                assert label == f"All in ({pt.chips(c.all_in_to)})", label
                seen.add("all in")
            else:
                assert "all in" not in label.lower(), label
                assert bet == c.all_in_to
                if c.fixed:
                    assert label == "" and c.raise_label == f"{c.raise_label.split()[0]} " \
                        f"{'to ' if c.raise_verb == 'raise' else ''}{pt.chips(bet)}"
                    seen.add("fixed")
                else:
                    word = "Bet" if c.raise_verb == "bet" else "Raise to"
                    assert label.startswith(f"{word} {pt.chips(bet)}"), label
                    if betting == "pot-limit":
                        assert label == f"{word} {pt.chips(bet)} (pot)"
                    seen.add("limit")
            maxed = [p for p in c.presets if p.key == "max"]
            if maxed:
                assert (maxed[0].label == "All in") == (all_in and c.max_to == c.all_in_to)
        verbs = ["call" if c.call is not None else "check"]
        if c.raise_verb and rng.random() < 0.5:
            game.handle_action(actor, Request(c.raise_verb, game.seq, c.min_to))
        else:
            game.handle_action(actor, Request(verbs[0], game.seq))
    assert seen
    if stack > 1000 and betting != "no-limit":
        assert "all in" not in seen


def test_the_all_in_key_says_why_when_a_fixed_limit_has_no_all_in():
    game = table("holdem", 1, betting="fixed-limit", starting_stack=2255)
    game.next_hand()
    (actor,) = game.to_act()
    view = game.view_for(actor)
    c = pt.controls(view)
    assert c.all_in_to is not None and c.all_in_label == ""
    said = pr.all_in_key(view)
    assert said.startswith("No all in at fixed limit") and pt.chips(c.min_to) in said


# --- the pot as players say it -----------------------------------------------------------------


def test_preflop_the_pot_is_the_blinds_not_zero_and_bets():
    game = table("holdem", 3)
    game.next_hand()
    view = game.view_for("p1")
    lines = pt.pot_lines(view)
    blinds = sum(s["bet"] for s in view["seats"])
    assert blinds > 0 and not view["pots"]
    assert [text for text, _, _ in lines] == [f"Pot: {pt.chips(blinds)}"]
    assert pr.pots(view).startswith(f"Pot {pt.chips(blinds)} in all")


def test_the_pot_line_counts_every_chip_in_the_middle_and_names_side_pots():
    """Two short stacks all in, two deep ones calling and checking it down: the headline is
    every chip in the middle and in front; each collected pot is listed (with its chips)
    once there is more than one."""
    game = factory("holdem", lambda: list(range(52)))()
    game.configure(TableSettings(10_000, 0, False, {"mode": "cash"}))
    players = ("p1", "p2", "p3", "p4")
    game.set_players([PlayerInfo(p, p.upper(), True, is_host=p == "p1") for p in players], 0)
    for pid, chips in zip(players, (400, 700, 1000, 1000), strict=True):
        game.handle_table(pid, TableRequest("buy_in", chips))
    game.next_hand()
    seen_side = False
    while game.hand_running:
        view = game.view_for("p1")
        lines = pt.pot_lines(view)
        total = sum(p["amount"] for p in view["pots"]) + sum(s["bet"] for s in view["seats"])
        assert lines[0][0] == f"Pot: {pt.chips(total)}"
        parts = [chips for _, _, chips in lines[1:]]
        if len(view["pots"]) > 1:
            seen_side = True
            assert parts == [p["amount"] for p in view["pots"]]
            assert lines[2][0].startswith("Side pot 1: ")
        else:
            assert parts == []
        (actor,) = game.to_act()
        actor_view = game.view_for(actor)
        c = pt.controls(actor_view)
        me = next(s for s in actor_view["seats"] if s["id"] == actor)
        short = me["stack"] + me["bet"] < 1000
        action = "allin" if short and c.all_in_to is not None else (
            "check" if c.check else "call")
        game.handle_action(actor, Request(action, game.seq))
    assert seen_side


# --- spoken words, no symbols --------------------------------------------------------------------

SYMBOLS = re.compile(r"[/✓½¾→×♠♥♦♣]|\b[2-9TJQKA](?:-[2-9TJQKA]){2,}\b")
READING_KEYS = [(k, s) for k, s in pr.READERS] + [(str(n), False) for n in range(1, 10)]


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
@pytest.mark.parametrize("seed", range(3))
def test_what_is_spoken_says_words_not_symbols(game_id, seed):
    """Every announcement and every reading key's answer, on every view of hands played to
    a showdown (lows, blinds and levels included): no slash, check mark, fraction or a low
    written as "7-6-5-3-A" is read out."""
    rng = random.Random(seed)
    game = table(game_id, seed, players=3, level_length=1, level_by="hands")
    before: dict[str, dict] = {}
    for _ in range(2):
        game.next_hand()
        while True:
            for pid in pids(game):
                view = game.view_for(pid)
                said = pt.news(before.get(pid), view, pid)
                said += [pr.read(k, s, view, 0) or "" for k, s in READING_KEYS]
                for line in said:
                    assert not SYMBOLS.search(line), line
                before[pid] = view
            if not game.hand_running:
                break
            (actor,) = game.to_act()
            c = pt.controls(game.view_for(actor))
            if c.draw_max is not None:
                hole = game.view_for(actor)["you"]["hole"]
                game.handle_action(actor, Request("draw", game.seq, None, tuple(hole[:2])))
            elif c.raise_verb and rng.random() < 0.2:
                game.handle_action(actor, Request(c.raise_verb, game.seq, c.min_to))
            else:
                game.handle_action(actor, Request("check" if c.check else "call", game.seq))


def test_a_low_is_spoken_rank_by_rank():
    assert pt.speakable("Ann wins the low half (40) with 7-6-5-3-A") == (
        "Ann wins the low half (40) with seven, six, five, three, ace")
    assert pt.speakable("Level 2: blinds 7/15.") == "Level 2: blinds 7 and 15."


def test_the_pre_actions_have_spoken_names():
    game = {"hand_no": 3, "round": "flop", "phase": "betting", "legal": None,
            "turn": {"seat": 1}, "you": {"seat": 0, "in_hand": True},
            "seats": [{"seat": 0, "bet": 0, "stack": 500, "state": "in"},
                      {"seat": 1, "bet": 0, "stack": 500, "state": "in"}]}
    o = pa.offer(game)
    assert o is not None
    for kind, label in o.choices:
        spoken = pa.spoken(kind, label)
        assert not SYMBOLS.search(spoken), spoken
    assert pa.spoken("check_fold", "Check/Fold") == "Check or fold"


# --- a tournament's places, said once ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_each_place_of_a_tournament_is_said_once(seed):
    """Everyone shoves until one player holds every chip. What the live region says (the
    table's news and the side panel's eliminations, as the page speaks them together)
    names each player's place once: "Cy is out in 3rd place." when it happens, then the
    winner, without the places again."""
    game = table("holdem", seed)
    viewers = ("p1", "p2", "p3")
    before: dict[str, dict | None] = {pid: None for pid in viewers}
    said: dict[str, list[str]] = {pid: [] for pid in viewers}
    for _ in range(60):
        if not game.hand_running:
            if game.standings is not None and game.standings.winner is not None:
                break
            game.next_hand()
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        action = "allin" if c.all_in_to is not None else "check" if c.check else "call"
        game.handle_action(actor, Request(action, game.seq))
        for pid in viewers:
            view = game.view_for(pid)
            said[pid] += pt.news(before[pid], view, pid)
            old = before[pid]
            if old is not None:
                said[pid] += st.tournament_news(old["tournament"], view["tournament"])
            before[pid] = view
    standings = game.standings
    assert standings is not None and standings.winner is not None
    for pid in viewers:
        text = " ".join(said[pid])
        out = [place for p, place in standings.places.items() if p != standings.winner]
        for place in set(out):  # players out in the same hand share a place
            assert len(re.findall(rf"\b{pt.ordinal(place)}\b", text)) == out.count(place), (
                place, text)
        assert text.count("wins the tournament") == 1


# --- the phase chip names what the table shows ---------------------------------------------------


def test_the_phase_chip_says_showdown_only_when_hands_are_shown():
    game = table("holdem", 2)
    game.next_hand()
    assert pt.phase_label(game.view_for("p1")) == "Preflop"
    while game.hand_running:  # everybody folds to the big blind: no hand is shown
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        game.handle_action(actor, Request("fold" if c.fold else "check", game.seq))
    view = game.view_for("p1")
    assert view["results"]["shown"] == []
    assert pt.phase_label(view) == "Hand over"
    game.next_hand()
    views = called_down(game)
    assert views[-1]["results"]["shown"]
    assert pt.phase_label(views[-1]) == "Showdown"


# --- what guests read of the game names no structure the table does not play --------------------


@pytest.mark.parametrize("betting", ["no-limit", "pot-limit", "fixed-limit"])
@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "draw"])
def test_the_game_summary_names_only_the_structure_chosen(game_id, betting):
    from web import gameform as gf

    lines = gf.summary(game_id, {"betting": betting})
    others = {"no-limit", "pot-limit", "fixed-limit"} - {betting}
    text = " ".join(lines).lower()
    assert not any(other in text for other in others), lines


@pytest.mark.parametrize("betting", ["no-limit", "pot-limit", "double-pot-limit", "fixed-limit"])
@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
def test_guests_read_the_game_under_the_name_its_table_will_have(game_id, betting):
    """The lobby's summary names the game as the table's title will (one rule: the
    catalogue's ``GameEntry.title``): "No-Limit Omaha" in both, never "Omaha" in one."""
    from web import gameform as gf

    title = pt.game_title({"game": game_id, "betting": betting, "hand_game": game_id})
    assert gf.summary(game_id, {"betting": betting})[0] == title
    if game_id == "omaha":
        assert title == {"no-limit": "No-Limit Omaha", "pot-limit": "Pot-Limit Omaha",
                         "double-pot-limit": "Double Pot-Limit Omaha",
                         "fixed-limit": "Fixed-Limit Omaha"}[betting]


# --- a lowball showdown on screen: ranks as the card faces write them -------------------------


def lowball_results(shown_cards: list[str], hole_words: str) -> dict:
    """A 2-7 Triple Draw results view as the host sends it (the rules' words, "T" for ten)."""
    return {"game": "triple-draw", "phase": "results", "results": {
        "game": "triple-draw", "boards": [],
        "shown": [{"seat": 0, "name": "Ann", "cards": shown_cards, "hands": [hole_words],
                   "wins": [shown_cards]}],
        "pots": [{"amount": 60, "winners": [{"seat": 0, "amount": 60}]}],
        "payouts": [f"Ann wins the pot (60) with {hole_words}"]}}


def test_a_low_is_written_with_10_on_screen_and_said_with_ten():
    game = lowball_results(["Ac", "Td", "6s", "5h", "3c"], "A-T-6-5-3")
    r = prs.results(game)
    assert r is not None
    assert r.hands[0].parts[0].words == "A-10-6-5-3"
    assert r.payouts == ("Ann wins the pot (60) with A-10-6-5-3",)
    assert pt.speakable(prs.announce_lines(game)[-1]) == \
        "Ann wins the pot (60) with ace, ten, six, five, three."
    assert pt.speakable("Low: T-8-6-4-2.") == "Low: ten, eight, six, four, two."
    assert prs.results(lowball_results(["Th", "9d", "Jh", "Qs", "Kd"], "a Straight, King high")
                       ).hands[0].parts[0].words == "a Straight, King high"


def test_a_draw_hand_that_won_with_its_own_five_cards_does_not_list_them_again():
    """In a draw game the shown hand is the five: "wins" says it, without the same cards."""
    draw = prs.results(lowball_results(["7c", "5d", "4s", "3h", "2c"], "7-5-4-3-2"))
    assert draw is not None
    (part,) = draw.hands[0].parts
    assert part.five == ("7c", "5d", "4s", "3h", "2c") and not prs.shows_five(draw.hands[0], part)
    omaha = prs.results({"game": "plo", "phase": "results", "results": {
        "game": "plo", "boards": [["Ah", "Kh", "2c", "7d", "9s"]],
        "shown": [{"seat": 0, "name": "Ann", "cards": ["As", "Ad", "3c", "4c"],
                   "hands": ["Three of a Kind, Aces"], "wins": [["As", "Ad", "Ah", "Kh", "9s"]]}],
        "pots": [], "payouts": []}})
    assert omaha is not None
    assert prs.shows_five(omaha.hands[0], omaha.hands[0].parts[0])

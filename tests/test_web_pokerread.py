"""The poker table's reading keys and live regions (web.pokerread), under CPython, against real
views of every table game: what each key says matches the view's cards, stacks, bets and pots,
the hand's value is the rules' own words for the viewer's cards only, and each thing is
announced once (a key pressed twice is read twice)."""

from __future__ import annotations

import doctest
import random
import re

import pytest
from games.registry import factory
from room.game import PlayerInfo, Request, TableRequest, TableSettings
from rules.cards import Card
from rules.poker import Game
from rules.poker.value import hand_words, visible_words
from web import gametext as gt
from web import pokerread as pr
from web import pokertext as pt

GAMES = [g.value for g in Game]


def table(game_id: str, seed: int, players: int = 3, mode: str = "tournament",
          buy_ins: tuple[int, ...] = ()):
    rng = random.Random(seed)
    deck = [int(c) for c in Game.parse(game_id).variant.deck]
    rng.shuffle(deck)
    game = factory(game_id, lambda: list(deck))()
    extra = {"mode": mode, "starting_stack": 1000} if mode == "tournament" else {"mode": mode}
    game.configure(TableSettings(10_000, 0, False, extra))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1)
                      for i in range(1, players + 1)], 0)
    if mode == "cash":
        for i in range(1, players + 1):
            chips = buy_ins[i - 1] if buy_ins else 1000
            game.handle_table(f"p{i}", TableRequest("buy_in", chips))
    game.next_hand()
    return game


def pids(game) -> list[str]:
    return [s["id"] for s in game.view_for("p1")["seats"]]


def step(game, rng: random.Random, folds: bool = True) -> None:
    """One random legal action of the player to act (draws: up to the most allowed)."""
    (actor,) = game.to_act()
    view = game.view_for(actor)
    c = pt.controls(view)
    if c.draw_max is not None:
        hole = view["you"]["hole"]
        discards = hole[: rng.randint(0, c.draw_max)]
        if pt.draw_problem(hole, discards, c.draw_max, c.draw_keeps):
            discards = hole[:3]
        game.handle_action(actor, Request("draw", game.seq, None, tuple(discards)))
        return
    choices = [a for a, ok in (("check", c.check), ("call", c.call is not None),
                               ("fold", folds and c.fold and rng.random() < 0.15)) if ok]
    if c.raise_verb is not None and rng.random() < 0.2:
        game.handle_action(actor, Request(c.raise_verb, game.seq, c.min_to))
        return
    game.handle_action(actor, Request(rng.choice(choices), game.seq))


def dealt(cards: list[str]) -> list[str]:
    return [c for c in cards if c != "??"]


def all_views(game_id: str, seed: int, folds: bool = True):
    """Every player's view after every action of a random hand, to its end."""
    rng = random.Random(seed)
    game = table(game_id, seed)
    while True:
        for pid in pids(game):
            yield game, pid, game.view_for(pid)
        if not game.hand_running:
            return
        step(game, rng, folds)


def test_doctests():
    result = doctest.testmod(pr)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_cards_board_and_card_keys_read_the_views_cards_and_no_one_elses(game_id, seed):
    for _game, pid, view in all_views(game_id, seed):
        hole = view["you"]["hole"]
        boards = [dealt(b) for b in view["boards"]]
        mine = pr.my_cards(view)
        assert [gt.card_name(c) for c in hole] == mine.split(": ", 1)[1].split(
            ".")[0].split(", ")
        said = " ".join([mine, pr.board(view)] + [pr.card(view, n) for n in range(1, 11)])
        others = {c for s in view["seats"] if s["id"] != pid for c in s["cards"]
                  if c != "??"}
        if view["phase"] != "results":
            assert not others  # the view holds none: nor may a key say any
        for b in boards:
            for c in b:
                assert gt.card_name(c) in pr.board(view)
        if game_id == "bomb-double":
            assert pr.board(view).startswith("Board 1: ") and "Board 2: " in pr.board(view)
        own = Game.parse(game_id).hole_count
        for n in range(1, own + 1):
            assert gt.card_name(hole[n - 1]) in pr.card(view, n)
        if Game.parse(game_id).boards:
            for n in range(own + 1, own + 6):
                slot = [b[n - own - 1] for b in boards if len(b) > n - own - 1]
                text = pr.card(view, n)
                assert all(gt.card_name(c) in text for c in slot), (n, text)
                if not slot:
                    assert "not dealt" in text
        spoken = {gt.card_name(c) for c in hole} | {gt.card_name(c) for b in boards
                                                     for c in b}
        named = set(re.findall(r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|"
                               r"three|two) of (?:spades|hearts|diamonds|clubs)", said.lower()))
        assert named <= {n.lower() for n in spoken}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_the_value_is_the_rules_words_for_the_viewers_own_cards(game_id, seed):
    """G reads ``you.value``: the rules' words for this viewer's hole cards and the board,
    and at the showdown exactly the words the showdown gave that player's hand."""
    game_enum = Game.parse(game_id)
    last = {}
    for _game, pid, view in all_views(game_id, seed, folds=False):
        hole = [Card.parse(c) for c in view["you"]["hole"]]
        boards = [[Card.parse(c) for c in dealt(b)] for b in view["boards"]]
        value = view["you"]["value"]
        if not hole:
            assert value == []
            continue
        assert value == list(hand_words(game_enum, hole, boards))
        if game_id in ("holdem", "omaha", "omaha-hilo") and not any(boards):
            assert pr.value(view).startswith("Before the flop: ")
        text = pr.value(view)
        for w in value:
            if w is not None:
                assert w in text
        last[pid] = view
    compared = 0
    for view in last.values():
        for shown in view["results"]["shown"]:
            if shown["seat"] == view["you"]["seat"]:
                assert view["you"]["value"] == shown["hands"]
                compared += 1
    assert compared == len(last)  # nobody folded: every hand was shown and compared


def test_before_five_cards_only_the_visible_cards_are_described():
    game = table("holdem", 2)
    for pid in pids(game):
        view = game.view_for(pid)
        hole = [Card.parse(c) for c in view["you"]["hole"]]
        assert view["you"]["value"] == [visible_words(hole)]
        assert pr.value(view) == f"Before the flop: {visible_words(hole)}."


@pytest.mark.parametrize("game_id", GAMES)
def test_stacks_bets_and_pots_match_the_view(game_id):
    for _, pid, view in all_views(game_id, 7):
        text = pr.stacks(view)
        for s in view["seats"]:
            name = "You" if s["id"] == pid else s["name"]
            assert f"{name} {pt.chips(s['stack'])}" in text
            if s["bet"]:
                assert f"bet {pt.chips(s['bet'])}" in text
        assert text.startswith("Stacks: You ")  # from the viewer round the table
        pots = pr.pots(view)
        for i, p in enumerate(view["pots"]):
            assert pt.chips(p["amount"]) in pots
            names = {s["seat"]: ("you" if s["id"] == pid else s["name"])
                     for s in view["seats"]}
            part = pots.split("Main pot" if i == 0 else f"Side pot {i}")[1].split(".")[0]
            for seat, name in names.items():
                assert (name in part) == (seat in p["eligible"]), (part, name)
        legal = view["legal"]
        n = pr.to_call(view)
        if legal and legal["draw_max"] is None:
            c = pt.controls(view)
            assert ("You may check." in n) if c.check else (f"{pt.chips(c.call)} to call" in n)
            m = pr.min_raise(view)
            if c.raise_verb:
                assert pt.chips(c.min_to) in m
        current = max((s["bet"] for s in view["seats"]), default=0)
        if view["phase"] not in ("results", "waiting") and current and not (
                legal and legal["draw_max"] is not None):
            assert n.startswith(f"Current bet {pt.chips(current)}.")


def test_a_side_pot_names_only_those_who_may_win_it():
    """Three players, one short: their all-in called by two makes a side pot the short
    stack cannot win."""
    game = table("holdem", 3, players=3, mode="cash", buy_ins=(400, 1000, 1500))
    short = next(s["id"] for s in game.view_for("p1")["seats"] if s["stack"] + s["bet"] == 400)
    while short not in game.to_act():
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    game.handle_action(short, Request("allin", game.seq))
    while game.hand_running and len(game.to_act()) == 1:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        if c.raise_verb == "bet":  # after the all-in: the two left bet into a side pot
            game.handle_action(actor, Request("bet", game.seq, c.min_to))
        else:
            game.handle_action(actor, Request("call" if c.call else "check", game.seq))
        viewer = next(p for p in ("p1", "p2", "p3") if p != short)
        view = game.view_for(viewer)
        if len(view["pots"]) > 1:
            text = pr.pots(view)
            name = next(s["name"] for s in view["seats"] if s["id"] == short)
            main, side = text.split("Side pot 1 ")
            assert name in main and name not in side, text
            assert "you" in main and "you" in side
            assert "you" in pr.pots(game.view_for(short)).split("Side pot")[0]
            return
    raise AssertionError("no side pot was made")


def test_button_and_position_follow_the_blinds_posted():
    game = table("holdem", 4, players=4)
    view = game.view_for("p1")
    btn = view["button"]
    posts = {e["seat"]: e["kind"] for e in view["log"] if e["type"] == "post"}
    for pid in pids(game):
        v = game.view_for(pid)
        me = v["you"]["seat"]
        x = pr.button(v)
        if me == btn:
            assert x == "You have the button."
            assert pr.position(v).startswith("You are the button")
        else:
            owner = next(s["name"] for s in v["seats"] if s["seat"] == btn)
            assert x == f"{owner} has the button."
        z = pr.position(v)
        if posts.get(me) == "small blind":
            assert z.startswith("You are the small blind: 1 seat after the button")
        if posts.get(me) == "big blind":
            assert z.startswith("You are the big blind: 2 seats after the button")
        assert z.endswith("4 players dealt in.")


@pytest.mark.parametrize(("game_id", "extra", "posted"), [
    ("draw", {"forced_bets": "blinds"}, True), ("draw", {}, False), ("bomb-double", {}, False),
    ("omaha", {}, True)])
def test_position_names_the_blinds_exactly_when_the_hand_posts_them(game_id, extra, posted):
    """5-card draw with the host's blinds is read as Hold'em is (small blind, big blind,
    under the gun); a hand of antes only names no blind."""
    game = factory(game_id, lambda: list(range(52)))()
    game.configure(TableSettings(10_000, 0, False,
                                 {"mode": "tournament", "starting_stack": 1000, **extra}))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1) for i in range(1, 5)], 0)
    game.next_hand()
    views = [game.view_for(pid) for pid in pids(game)]
    posts = {e["seat"]: e["kind"] for e in views[0]["log"] if e["type"] == "post"}
    blinds = {"small blind", "big blind"} & set(posts.values())
    assert bool(blinds) is posted
    for v in views:
        kind = posts.get(v["you"]["seat"])
        z = pr.position(v)
        if kind in blinds:
            assert z.startswith(f"You are the {kind}: "), z
        if not blinds:
            assert "blind" not in z and "under the gun" not in z, z
        elif kind is None and not z.startswith("You are the button"):
            assert z.startswith("You are under the gun: 3 seats after the button"), z


def test_heads_up_the_button_is_the_small_blind():
    game = table("holdem", 5, players=2)
    for pid in pids(game):
        v = game.view_for(pid)
        small = next(e["seat"] for e in v["log"] if e.get("kind") == "small blind")
        if v["you"]["seat"] == small:
            assert pr.position(v).startswith("You are the button and the small blind")
        else:
            assert pr.position(v).startswith("You are the big blind")


def test_the_log_key_reads_the_current_round_only():
    game = table("holdem", 6)
    view = game.view_for("p1")
    preflop = pr.round_log(view)
    assert preflop.startswith("Preflop")
    assert "posts the small blind" in preflop and "posts the big blind" in preflop
    while game.view_for("p1")["round"] == "preflop":
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    view = game.view_for("p1")
    flop = pr.round_log(view)
    assert flop.startswith("Flop: ") and flop.endswith("no action yet.")
    (actor,) = game.to_act()
    game.handle_action(actor, Request("check", game.seq))
    view = game.view_for("p1")
    flop = pr.round_log(view)
    name = next(s["name"] for s in view["seats"] if s["id"] == actor)
    assert f"{name} checks." in flop and "posts" not in flop and "calls" not in flop


def test_turn_timer_and_blind_level_readouts():
    game = table("holdem", 1)
    (actor,) = game.to_act()
    view = game.view_for(actor)
    assert view["turn"]["deadline_ms"] is None  # no timer set at this table
    assert pr.turn_time(view) == "Your turn: no turn timer at this table."
    other = game.view_for(next(p for p in pids(game) if p != actor))
    name = next(s["name"] for s in view["seats"] if s["id"] == actor)
    assert pr.turn_time(other) == f"{name}'s turn: no turn timer at this table."
    t = view["tournament"]
    level = pr.blind_level(view)
    assert level.startswith(f"Level {t['level'] + 1}: blinds {t['small']}/{t['big']}")
    nxt = t["next"]
    if nxt:
        assert f"{nxt['small']}/{nxt['big']}" in level
    fake = {**view, "tournament": {**t, "up_next_hand": True}}
    assert "Blinds will raise next hand" in pr.blind_level(fake)
    timed = {**view, "turn": {**view["turn"], "deadline_ms": 20_000}}
    assert pr.turn_time(timed, 5_000).endswith("15 seconds left.")
    cash = table("holdem", 1, mode="cash").view_for("p1")
    assert pr.blind_level(cash).startswith("Cash game: no blind schedule.")


def test_the_tenth_card_of_five_card_omaha_is_key_zero_and_the_help_says_so():
    """PLO5 has ten cards to read (five in the hand, five on the board): 1 to 9, then 0."""
    view = None
    for _game, _pid, v in all_views("plo5", 2, folds=False):
        if v["phase"] != "results" and len(dealt(v["boards"][0])) == 5:
            view = v
            break
    assert view is not None
    river = dealt(view["boards"][0])[4]
    assert pr.read("0", False, view) == f"Card 10, board: {gt.card_name(river)}."
    assert pr.read("9", False, view) == f"Card 9, board: {gt.card_name(view['boards'][0][3])}."
    keys, what = pr.card_keys_help()
    assert keys == "1 to 9, 0"
    assert "1–5 yours, 6–9 and 0 board" in what and "5-Card Omaha" in what
    holdem = table("holdem", 1).view_for("p1")
    assert pr.read("0", False, holdem) == "Keys 1 to 7 read the cards."


def test_the_draw_marks_are_read_as_they_change():
    assert pr.mark_words("As", ["As"], 4) == "Ace of spades: discard. 1 of 4 marked."
    assert pr.mark_words("As", ["Kd"], 3).startswith("Ace of spades: keep.")


def test_every_key_in_the_help_does_something_and_every_reader_is_in_the_help():
    helped = {k for k, _ in pr.POKER_KEYS}
    for key, shift in pr.READERS:
        label = f"Shift+{key.upper()}" if shift else key.upper()
        assert label in helped, label
    view = table("holdem", 1).view_for("p1")
    for label in helped:
        if len(label) == 1 and label.isalpha() and label not in "CFR":
            assert pr.read(label.lower(), False, view), label


def test_an_announcement_is_said_once_and_a_key_twice():
    game = table("holdem", 8)
    ann = {pid: pr.Announcer() for pid in pids(game)}
    before = {pid: None for pid in pids(game)}
    alerts: dict[str, list[str]] = {pid: [] for pid in before}
    for _ in range(40):
        if not game.hand_running:
            break
        for pid in before:
            for _repeat in range(2):  # the same view drawn twice says nothing new
                view = game.view_for(pid)
                lines = pt.news(before[pid], view, pid)
                polite, alert = ann[pid].news(lines, view)
                before[pid] = view
                if _repeat:
                    assert polite is None and alert is None
                if alert:
                    alerts[pid].append(alert)
                if polite:
                    assert "Your turn" not in polite  # the turn goes to the assertive region
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        assert alerts[actor] and alerts[actor][-1].rstrip(pr.REPEAT_MARK) == pt.turn_words(c)
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    r = pr.Announcer()
    first, second, third = (r.read("Board: ace of spades.") for _ in range(3))
    assert first != second and second != third and first == third
    assert second.rstrip(pr.REPEAT_MARK) == first

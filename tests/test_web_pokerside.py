"""The poker table's side panel words (web.pokersidetext) against real views of the table-game
session: a tournament's level, standings, eliminations and winner; the last hands' results
from the history this page files; what leaving a cash table or a tournament says."""

from __future__ import annotations

import doctest
import random

from games.poker import PokerGame
from poker_shapes import Ask, Player, Settings, Tab
from room.export import history_entry
from rules.cards import FULL_DECK
from web import pokersidetext as st

IDS = ("p0", "p1", "p2")


def test_doctests():
    result = doctest.testmod(st)
    assert result.attempted > 0 and result.failed == 0


def table(mode: str, seed: int, **game) -> PokerGame:
    rng = random.Random(seed)

    def deck():
        d = list(FULL_DECK)
        rng.shuffle(d)
        return d

    g = PokerGame(deck_source=deck, game=game.pop("game", "holdem"))
    g.configure(Settings(game={"mode": mode, **game}))
    g.set_players([Player(pid, f"P{pid[1]}", is_host=pid == "p0") for pid in IDS], 0)
    return g


def play_hand(g: PokerGame, rng: random.Random, dealt=lambda: None) -> None:
    """One hand of random legal choices (all-ins often, so players bust); ``dealt`` is
    called once the cards are out (a page receives that view too)."""
    g.next_hand()
    dealt()
    while g.hand_running:
        (pid,) = g.to_act()
        legal = g.view_for(pid)["legal"]
        choices = [a for a in legal["actions"] if a in ("fold", "check", "call", "allin")]
        weights = [1 if a == "fold" else 3 for a in choices]
        g.handle_action(pid, Ask(rng.choices(choices, weights)[0], g.seq))


def test_a_tournament_to_its_winner_level_standings_and_eliminations():
    rng = random.Random(3)
    g = table("tournament", 3, starting_stack=300, level_by="hands", level_length=1)
    before = {pid: None for pid in IDS}
    said: dict[str, list[str]] = {pid: [] for pid in IDS}
    titles = []
    hands = 0

    def listen():
        for pid in IDS:
            t = g.view_for(pid)["tournament"]
            said[pid] += st.tournament_news(before[pid], t)
            before[pid] = t

    while g.standings is None or g.standings.winner is None:
        play_hand(g, rng, listen)
        hands += 1
        assert hands < 200
        listen()
        for pid in IDS:
            view = g.view_for(pid)
            t = view["tournament"]
            rows = st.standings(view)
            if t["winner"] is None:
                # those still in are ranked by the stacks the seats show, best first
                stacks = {s["name"]: s["stack"] for s in view["seats"]}
                alive = [r for r in rows if not r.out]
                assert [r.stack for r in alive] == sorted(stacks[r.name] for r in alive)[::-1]
                assert all(r.stack == stacks[r.name] for r in alive)
                assert sum(r.stack for r in alive) == 900  # every chip of the tournament
                assert {r.name for r in rows} == {"P0", "P1", "P2"}
        t = g.view_for("p0")["tournament"]
        lv = st.level(t)
        titles.append(lv.title)
        assert lv.blinds == f"Blinds {st.blinds_text(t)}"
        if t["winner"] is not None:
            assert lv.upcoming == "The tournament is over."
        elif t["next"] is not None:
            assert lv.upcoming.endswith(st.blinds_text(t["next"]))
    # one hand per level: the level went up hand after hand
    numbers = [int(x.split()[1]) for x in titles]
    assert numbers == sorted(numbers) and numbers[-1] > numbers[0]
    t = g.view_for("p1")["tournament"]
    order = sorted(t["finishing_order"], key=lambda r: r["place"])
    winner = order[0]["name"]
    assert [r.text for r in st.standings(g.view_for("p1"))] == [f"1. {winner} — 900"] + [
        f"{st.ordinal(r['place'])} {r['name']} — out" for r in order[1:]]
    for pid in IDS:
        for r in order[1:]:  # every player knocked out is said once, with their place
            outs = [line for line in said[pid] if line.startswith(f"{r['name']} is out")]
            assert outs == [f"{r['name']} is out in {st.ordinal(r['place'])} place."]
        assert not any(winner in line for line in said[pid])  # the winner is not "out"


def test_a_minutes_level_counts_down_and_says_the_next_blinds():
    g = table("tournament", 1, level_by="minutes", level_length=2)
    g.next_hand()
    t = g.view_for("p0")["tournament"]
    assert st.level(t).upcoming == f"Next level in 2:00: {st.blinds_text(t['next'])}"
    assert st.level(t, 61_000).upcoming.startswith("Next level in 1:01: ")
    g.handle_table("p0", Tab("pause"))
    assert st.level(g.view_for("p0")["tournament"]).title == "Level 1 (paused)"


def test_the_last_hands_list_each_winner_with_what_they_collected():
    rng = random.Random(8)
    g = table("cash", 8)
    for pid in IDS:
        g.handle_table(pid, Tab("buy_in", 1000))
    history: dict[int, dict] = {}
    for _ in range(7):
        play_hand(g, rng)
        for pid in IDS:
            if sum(1 for s in g.view_for(pid)["seats"] if s["stack"] > 0) < 2:
                break
        view = g.view_for("p2")
        entry = history_entry(view)
        history[entry["hand_no"]] = entry
        line = st.result_line(entry, "p2")
        collected = sum(w["amount"] for p in entry["pots"] for w in p["winners"])
        assert collected == sum(p["amount"] for p in entry["pots"])
        names = {s["seat"]: s["name"] for s in entry["seats"]}
        for p in entry["pots"]:
            for w in p["winners"]:
                assert f"{names[w['seat']]} wins " in line
        net = entry["net"].get("p2")
        if net is not None:
            said = f"{'+' if net > 0 else ''}{net:,}" if net else "even"
            assert line.endswith(f" · you {said}")
        if len([s for s in g.view_for("p0")["seats"] if s["stack"] > 0]) < 2:
            break
    lines = st.recent_lines(history, "p2")
    assert len(lines) == min(len(history), st.RECENT)
    assert lines[0].startswith(f"Hand {max(history)} — ")


def test_leaving_says_what_it_takes_and_when():
    g = table("cash", 2)
    for pid in IDS:
        g.handle_table(pid, Tab("buy_in", 800))
    view = g.view_for("p1")
    assert st.leave_label(view, "p1") == "Leave with your 800 chips"
    assert "cashed out at once" in st.leave_warning(view, "p1", False)
    g.next_hand()
    view = g.view_for("p1")
    stack = st.my_stack(view, "p1")
    assert stack == g.stack_of("p1")
    warning = st.leave_warning(view, "p1", False)
    assert warning.startswith(f"You leave with your stack: {stack:,} chips")
    assert "when this hand ends" in warning
    assert st.leave_warning(view, "p0", True).startswith("Closing the room")
    t = table("tournament", 2)
    t.next_hand()
    assert st.leave_warning(t.view_for("p2"), "p2", False).startswith(
        "You keep your tournament seat")


def test_phh_and_ohh_buttons_follow_the_hands_kept_not_the_game_played_now():
    """A download button is shown while the history holds a hand its format writes, whatever
    the table plays now: a night of no-limit Hold'em, then pot-limit Hold'em (PHH has no
    code for it, OHH has), then a game neither writes, keeps both buttons; a history with
    none of those hides them; the formats' own writers decide."""
    rng = random.Random(3)
    g = table("cash", 3)
    for pid in IDS:
        g.handle_table(pid, Tab("buy_in", 1000))
    play_hand(g, rng)
    nl = history_entry(g.view_for("p1"))
    assert nl["game"] == "holdem" and nl["betting"] == "no-limit"
    pl = {**nl, "hand_no": nl["hand_no"] + 1, "betting": "pot-limit"}
    odd = {**nl, "hand_no": nl["hand_no"] + 2, "game": "ultimate", "hand_game": "ultimate"}
    assert st.export_shown([]) == {"phh": False, "ohh": False}
    assert st.export_shown([odd]) == {"phh": False, "ohh": False}
    assert st.export_shown([pl, odd]) == {"phh": False, "ohh": True}
    assert st.export_shown([nl, pl, odd]) == {"phh": True, "ohh": True}

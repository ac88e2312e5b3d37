"""Properties over random sessions of every game, cash and tournament: several hands with
random legal actions, bad requests, timeouts, disconnections, removals, sit-outs, rebuys,
newcomers, leavers and host reloads.

After every step: chips are conserved (within a hand stacks + bets + pots are what it started
with; across hands the table holds exactly the chips bought in and not cashed out), cents
balances sum to zero and match the chips, only the seat to act can act (and a refused request
changes nothing), and no card a viewer may not see appears anywhere in their view — the
viewer's own cards, the dealt boards and the hands shown at showdown are the only cards any
view may hold, during the hand and after it.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from games.poker import PokerGame
from games.pokerstars import pokerstars_text
from games.registry import GAMES as REGISTRY
from poker_shapes import Ask, Player, Settings, Tab
from room.errors import ExportError, RoomError
from room.export import history_entry
from rules.poker import Betting, Game
from rules.poker.records import Dealt, Shown

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
GAMES = [g.value for g in Game if g.value in REGISTRY and REGISTRY[g.value].told_game]
"""The table games the room offers (a game the rules know comes to the table with its
registry entry)."""


def allowed_cards(g: PokerGame, viewer: str) -> set[str]:
    """What ``viewer`` may see of the current (or last) hand, from the engine's own log."""
    played = g.played
    if played is None:
        return set()
    me = played.engine_seat(viewer)
    out: set[str] = set()
    for rec in played.hand.log:
        if isinstance(rec, Dealt) and (rec.to == "board" or (rec.seat is not None
                                                              and rec.seat == me
                                                              and rec.to in ("hole", "draw"))):
            out.add(str(rec.card))
        elif isinstance(rec, Shown):
            out.update(str(c) for c in rec.cards)
    return out


def check(g: PokerGame, viewers: list[str], rng: random.Random) -> None:
    # chips
    if g.hand_running:
        hand = g.played.hand
        assert sum(hand.stacks) + sum(hand.bets) + hand.pot_total() == sum(g.played.config.stacks)
    assert g.chips_on_table() == g.book.chips_in()
    balances = g.balances()
    assert sum(balances.values()) == 0
    if not g.tournament and not g.hand_running:
        for pid, cents in balances.items():
            chips = g.book.cashed[pid] + g.stack_of(pid) - g.book.bought[pid]
            assert cents == chips * g.settings.chip_cents
    # secrecy
    for viewer in viewers:
        text = json.dumps(g.view_for(viewer))
        leaked = set(CARD.findall(text)) - allowed_cards(g, viewer)
        assert not leaked, (viewer, leaked)
    # only the seat to act can act
    if g.hand_running:
        actor = next(iter(g.to_act()))
        others = [p for p in g.played.ids if p != actor and g.played.dealt_in(p)]
        if others:
            before = json.dumps(g.snapshot(), sort_keys=True)
            who = rng.choice(others)
            for verb in ("fold", "check", "call", "allin"):
                with pytest.raises(RoomError) as e:
                    g.handle_action(who, Ask(verb, g.seq))
                assert e.value.code == "game/not_your_turn"
            assert json.dumps(g.snapshot(), sort_keys=True) == before


def choose(view: dict, rng: random.Random) -> Ask:
    legal = view["legal"]
    seq = view["seq"]
    if "draw" in legal["actions"]:
        hole = view["you"]["hole"]
        count = rng.randint(0, min(3, legal["draw_max"]))
        return Ask("draw", seq, None, tuple(rng.sample(hole, count)))
    r = rng.random()
    if r < 0.15:
        return Ask("fold", seq)
    if legal["raise"] is not None and r < 0.45:
        lo, hi = legal["raise"]["min_to"], legal["raise"]["max_to"]
        to = rng.choice((lo, hi, rng.randint(lo, hi)))
        return Ask(legal["raise"]["verb"], seq, to)
    if legal["all_in_to"] is not None and r < 0.5:
        return Ask("allin", seq)
    return Ask("check" if legal["can_check"] else "call", seq)


def bad_request(view: dict, rng: random.Random) -> Ask:
    seq = view["seq"]
    return rng.choice([
        Ask("call", seq - 1), Ask("raise", seq, 10**9), Ask("fly", seq), Ask("raise", seq, 1),
        Ask("draw", seq, None, ("As", "As")), Ask("check", seq, 5),
    ])


def run_session(seed: int, game: str, mode: str, forced: str | None = None) -> PokerGame:
    rng = random.Random(seed)
    big = rng.choice((2, 10, 20))
    settings = {"mode": mode, "big_blind": big,
                "small_blind": rng.choice((big // 2, 1)),
                "ante": rng.choice((0, 0, 1, big // 2)),
                "betting": rng.choice(("auto", "no-limit", "pot-limit", "double-pot-limit",
                                       "fixed-limit")),
                "chip_cents": rng.choice((1, 5, 25)), "time_bank_s": rng.choice((0, 10)),
                "level_by": "hands", "level_length": rng.choice((1, 2, 3)),
                "starting_stack": rng.choice((30, 100, 500)) * big}
    if game == "draw" and settings["ante"] == 0:
        del settings["ante"]  # draw antes (one small blind when none is set); 0 is refused
    if forced is not None:  # draw's forced bets, the host's choice
        settings["forced_bets"] = forced
        if forced == "blinds":
            settings.pop("ante", None)  # blinds only: no ante
    played = (settings["betting"] if settings["betting"] != "auto"
              else Game.parse(game).default_betting.value)  # triple draw's is fixed-limit
    if played != "fixed-limit":
        settings["cap"] = rng.choice((0, 0, 2, 4))
    timer = rng.choice((0, 5_000, 30_000))

    def deck():
        d = list(Game.parse(game).variant.deck)  # the game's own: short deck's 36 cards
        rng.shuffle(d)
        return d

    g = PokerGame(deck_source=deck, game=game)
    g.configure(Settings(timer_ms=timer, grace_ms=rng.choice((5_000, 20_000)), game=settings))
    most = Game.parse(game).variant.seats[1]
    n = rng.randint(2, min(most, 7))
    players = {f"p{i}": True for i in range(n)}
    now = 0

    def tell():
        g.set_players([Player(p, p.upper(), c, is_host=p == "p0") for p, c in players.items()],
                      now)

    def buy(pid: str) -> None:
        s = g.settings
        sitter = g.seating.by_id.get(pid)
        if sitter is None or g.tournament:
            return
        room = s.max_buy_in - sitter.stack
        if room <= 0:
            return
        least = s.min_buy_in if sitter.stack == 0 else 1
        if least > room:
            return
        g.handle_table(pid, Tab("buy_in", rng.choice((least, room, rng.randint(least, room)))))

    tell()
    for pid in players:
        buy(pid)
    viewers = [*players, "watcher"]
    for _ in range(rng.randint(3, 7)):
        # between hands: the table changes
        for pid in list(players):
            r = rng.random()
            sitter = g.seating.by_id.get(pid)
            if r < 0.08 and len(players) > 2:
                del players[pid]
            elif r < 0.15:
                players[pid] = not players[pid]
            elif sitter is not None and r < 0.22:
                g.handle_table(pid, Tab("sit_out" if not sitter.sitting_out else "sit_in"))
            elif sitter is not None and (sitter.stack == 0 or r < 0.3):
                buy(pid)
        if rng.random() < 0.3:
            players[f"n{now}"] = True
        now += 1000
        tell()
        for pid in players:
            if g.seating.by_id.get(pid) is not None and g.seating.by_id[pid].stack == 0:
                buy(pid)
        viewers = sorted({*viewers, *players})
        try:
            g.next_hand()
        except RoomError as e:
            assert e.code in ("game/no_players", "game/over")
            if e.code == "game/over":
                break
            for pid in players:
                players[pid] = True
                sitter = g.seating.by_id.get(pid)
                if sitter is not None and sitter.sitting_out:
                    g.handle_table(pid, Tab("sit_in"))
            tell()
            try:
                g.next_hand()
            except RoomError:
                continue
        check(g, viewers, rng)
        steps = 0
        while g.hand_running:
            steps += 1
            assert steps < 400
            actor = next(iter(g.to_act()))
            view = g.view_for(actor)
            r = rng.random()
            if r < 0.08:
                before = json.dumps(g.snapshot(), sort_keys=True)
                with pytest.raises(RoomError):
                    g.handle_action(actor, bad_request(view, rng))
                assert json.dumps(g.snapshot(), sort_keys=True) == before
            elif r < 0.14:
                now += 100_000
                assert g.tick(now) or not timer  # a timer always runs out by then
                if not timer:
                    g.play_out(actor)
            elif r < 0.17 and actor in players:
                players[actor] = False
                tell()
            elif r < 0.19:
                fresh = PokerGame(deck_source=deck, game=game)
                fresh.restore(json.loads(json.dumps(g.snapshot())), now)
                tell_before = g
                g = fresh
                tell()
                for v in viewers:
                    a, b = tell_before.view_for(v), g.view_for(v)
                    for key in ("seq", "hand_no", "seats", "boards", "pots", "log", "legal"):
                        if key == "seats":
                            assert [(s["id"], s["stack"], s["bet"], s["cards"]) for s in a[key]] \
                                == [(s["id"], s["stack"], s["bet"], s["cards"]) for s in b[key]]
                        else:
                            assert a[key] == b[key], key
            else:
                g.handle_action(actor, choose(view, rng))
            check(g, viewers, rng)
        check(g, viewers, rng)
        check_history(g, viewers)
    return g


STARS_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def check_history(g: PokerGame, viewers: list[str]) -> None:
    """The exported history of the last hand holds no card its reader may not see: the JSON
    (public) only boards and shown hands; the PokerStars text also the reader's own hole."""
    if not g.finished:
        return
    played = g.finished[-1]
    public = {str(c) for b in played.hand.boards for c in b} | {
        str(c) for r in played.hand.log if isinstance(r, Shown) for c in r.cards}
    assert set(CARD.findall(json.dumps(g.history()[-1]))) <= public
    if played.config.betting is Betting.DOUBLE_POT_LIMIT:  # PokerStars has no such structure
        with pytest.raises(ExportError, match="no double-pot-limit betting"):
            g.pokerstars(played.hand_no, viewers[0])
        return
    for viewer in viewers:
        me = played.engine_seat(viewer)
        own = {str(r.card) for r in played.hand.log  # the draw: also the cards they drew
               if isinstance(r, Dealt) and r.to in ("hole", "draw") and me is not None
               and r.seat == me}
        text = g.pokerstars(played.hand_no, viewer)
        assert set(STARS_CARD.findall(text)) <= public | own, viewer
        # The guest's page writes it from the entry its results view filed: the same text.
        view = g.view_for(viewer)
        if view["phase"] == "results" and view["results"]["hand_no"] == played.hand_no:
            entry = history_entry(view)
            if entry.get("actions_omitted"):
                with pytest.raises(ExportError, match="actions left out"):
                    pokerstars_text(entry)
            else:
                assert pokerstars_text(entry) == text, viewer


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_random_sessions_keep_chips_secrets_and_turns(game, mode):
    hands = 0
    for seed in range(7):  # each game and mode: about 7 × 4 hands (the suite's time budget)
        g = run_session(seed * 31 + len(game), game, mode)
        hands += g.hand_no
    assert hands >= 14


@pytest.mark.parametrize("forced", ["blinds", "both"])
@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_random_draw_sessions_with_the_host_s_blinds_keep_chips_secrets_and_turns(forced, mode):
    hands = blinds = 0
    for seed in range(5):
        g = run_session(seed * 37 + 5, "draw", mode, forced)
        hands += g.hand_no
        blinds += g.settings.posts_blinds
    assert hands >= 10 and blinds == 5

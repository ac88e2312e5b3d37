"""The draw games' part of the bots' strength benchmark: 5-card draw and 2-7 Triple Draw.

Each match is heads-up, through the real table game (``games.poker.PokerGame``: the rules'
engine, the session, the per-viewer views), every bot handed only its own room view
(``{"game": view_for(its id)}``) and acting through ``handle_action`` like a person, one new
table a hand with 100 big blinds each (so every hand is played at the same depth).

**Duplicate deals**: each deck is played twice, the second time with the two players'
seats swapped (same button seat), so both get each starting hand in each position; the
draws then take different cards when the two draw differently, so the pairing cuts the
variance of the deal, not all of it. A pair of hands is the unit of the statistics: the
figure is big blinds won per 100 hands by "strong", with a 95% interval (1.96 standard
errors of the pairs' mean).

5-card draw is played as the table plays it by default: no-limit, antes only (one small
blind each; the big blind is the unit and the bb of bb/100). 2-7 Triple Draw: fixed-limit,
blinds 1/2 units.

The opponents (each a ``room.bots.Brain`` reading only its view, like the bots):

* **station**: checks or calls everything; draws the textbook draw (``games.bots.drawrules``).
* **maniac**: raises whenever it may (a pot-sized raise where the size is free), else calls;
  draws the textbook draw.
* **random**: a uniformly random legal verb (amount uniform in the bounds), random discards.
* **casual**: the draw bots' own casual level.
* **equity**: "call when equity beats 1/n" as a beginner writes it for a draw game: it
  estimates its chance to win by Monte Carlo (100 deals): its own hand and each opponent's
  random hand from the cards it has not seen, every hand completed by the draws still to
  come with the textbook draw; it checks or calls when that chance is at least 1/n (n the
  players in the hand), else checks or folds; it never bets or raises; it draws the
  textbook draw.

Usage: python3 tools/bench_draw_bots.py [hands per match] [games, comma-separated]
[opponent ...]   (default 5000 hands, both games, every opponent; run it niced, it takes a
while: split it over processes by game and opponent.)
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from games.bots import drawrules as dr  # noqa: E402
from games.bots.draw import BRAIN, legal_keep  # noqa: E402
from games.poker import PokerGame  # noqa: E402
from room.bots import Brain, Level, Move, Thought  # noqa: E402
from room.game import PlayerInfo, Request, SeatKind, TableRequest, TableSettings  # noqa: E402
from rules.cards import FULL_DECK, Card  # noqa: E402
from rules.evaluator import high5, low27  # noqa: E402
from rules.variants import VARIANTS, Evaluator  # noqa: E402

BIG = 10
GAMES = ("draw", "triple-draw")
SETTINGS: Mapping[str, Mapping[str, Any]] = {
    "draw": {"big_blind": BIG, "small_blind": BIG // 2, "betting": "no-limit"},
    "triple-draw": {"big_blind": BIG, "small_blind": BIG // 2, "betting": "fixed-limit"},
}
STACK = 100 * BIG


# --- the opponents -----------------------------------------------------------------------------


def _game(view: Mapping[str, Any]) -> Mapping[str, Any]:
    game = view["game"]
    assert isinstance(game, Mapping)
    return game


def textbook_draw(game: Mapping[str, Any]) -> Move:
    """The textbook draw of ``drawrules`` for the seat's hand, within the view's bounds."""
    hole = [Card.parse(c) for c in game["you"]["hole"]]
    legal = game["legal"]
    variant = VARIANTS[game.get("hand_game") or game["game"]]
    if variant.evaluator is Evaluator.LOW27:
        mine = sum(1 for s, _ in game["draws"] if s == game["you"]["seat"])
        keep = dr.keep_low27(hole, variant.draw_count - mine)
    else:
        keep = dr.keep_draw5(hole, legal["draw_max"])
    keep = legal_keep(hole, keep, legal)
    return Move("draw", cards=tuple(str(c) for c in hole if c not in keep))


@dataclass(frozen=True)
class Station:
    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        game = _game(view)
        legal = game["legal"]
        if "draw" in legal["actions"]:
            yield textbook_draw(game)
        else:
            yield Move("check" if legal["can_check"] else "call")


@dataclass(frozen=True)
class Maniac:
    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        game = _game(view)
        legal = game["legal"]
        if "draw" in legal["actions"]:
            yield textbook_draw(game)
            return
        bounds = legal["raise"]
        if bounds is not None:
            presets = dict((k, v) for k, v in legal["presets"])
            yield Move(bounds["verb"], presets.get("pot", bounds["max_to"]))
            return
        yield Move("check" if legal["can_check"] else "call")


@dataclass(frozen=True)
class RandomPlayer:
    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        game = _game(view)
        legal = game["legal"]
        if "draw" in legal["actions"]:
            hole = [Card.parse(c) for c in game["you"]["hole"]]
            count = rng.randint(0, legal["draw_max"])
            keep = [c for c in hole if c not in rng.sample(hole, count)]
            keep = legal_keep(hole, keep, legal)
            yield Move("draw", cards=tuple(str(c) for c in hole if c not in keep))
            return
        verb = rng.choice(legal["actions"])
        if verb in ("bet", "raise"):
            b = legal["raise"]
            yield Move(verb, rng.randint(b["min_to"], b["max_to"]))
        else:
            yield Move(verb)


@dataclass(frozen=True)
class EquityPlayer:
    samples: int = 100

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        game = _game(view)
        legal = game["legal"]
        if "draw" in legal["actions"]:
            yield textbook_draw(game)
            return
        variant = VARIANTS[game.get("hand_game") or game["game"]]
        low = variant.evaluator is Evaluator.LOW27
        me = game["you"]["seat"]
        hole = [Card.parse(c) for c in game["you"]["hole"]]
        dead = [Card.parse(c) for c in game["you"]["discards"]]
        players = [s for s in game["seats"] if s["state"] in ("in", "all_in")]
        opponents = len(players) - 1
        drawn = {}
        for s, _ in game["draws"]:
            drawn[s] = drawn.get(s, 0) + 1
        total = variant.draw_count
        known = {int(c) for c in (*hole, *dead)}
        unseen = [c for c in FULL_DECK if int(c) not in known]
        wins = 0.0
        for i in range(self.samples):
            deck = unseen[:]
            rng.shuffle(deck)
            hands = [(hole, total - drawn.get(me, 0))]
            for s in players:
                if s["seat"] != me:
                    hands.append((deck[:5], total - drawn.get(s["seat"], 0)))
                    del deck[:5]
            finals = []
            for hand, left in hands:
                for d in range(left):
                    if low:
                        keep = dr.keep_low27(hand, left - d)
                    else:
                        keep = dr.keep_draw5(hand, 4 if any(c.rank == 12 for c in hand) else 3)
                    need = 5 - len(keep)
                    hand = [*keep, *deck[:need]]
                    del deck[:need]
                finals.append(-low27(hand) if low else high5(hand))
            best = max(finals)
            if finals[0] == best:
                wins += 1.0 / finals.count(best)
            if i % 50 == 49:
                yield None
        equity = wins / self.samples
        ok = equity >= 1.0 / (opponents + 1)
        yield Move("check" if legal["can_check"] else "call" if ok else "fold")


@dataclass(frozen=True)
class AtLevel:
    """A brain played at a fixed level (the driver's level is ignored)."""

    brain: Brain
    level: Level

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        return self.brain.think(view, self.level, rng)


STRONG: Brain = AtLevel(BRAIN, Level.STRONG)
"""The bot measured."""

OPPONENTS: Mapping[str, Brain] = {
    "station": Station(),
    "maniac": Maniac(),
    "random": RandomPlayer(),
    "casual": AtLevel(BRAIN, Level.CASUAL),
    "equity": EquityPlayer(),
}


# --- playing -----------------------------------------------------------------------------------


def decide(brain: Brain, view: Mapping[str, Any], level: Level, rng: random.Random,
           slices: list[int]) -> Move:
    """Runs a sliced decision to its move, counting the slices."""
    thought: Iterator[Move | None] = brain.think(view, level, rng)
    for n, step in enumerate(thought, 1):
        if step is not None:
            slices.append(n)
            return step
    raise RuntimeError("the brain gave no move")


def play_hand(game_id: str, deck: list[Card], brains: tuple[Brain, Brain], seed: int,
              timing: list[float] | None = None) -> tuple[int, int]:
    """One hand on a new table, ``brains[i]`` in seat ``i``; the chips each won. The time
    of each decision of the strong bot (``STRONG``) goes into ``timing``."""
    g = PokerGame(deck_source=lambda: list(deck), game=game_id)
    g.configure(TableSettings(10_000, 0, False, dict(SETTINGS[game_id])))
    ids = ("p0", "p1")
    g.set_players([PlayerInfo(p, p.upper(), True, p == "p0", SeatKind("human")) for p in ids], 0)
    for p in ids:
        g.handle_table(p, TableRequest("buy_in", STACK, None))
    g.next_hand()
    slices: list[int] = []
    steps = 0
    while g.hand_running:
        steps += 1
        if steps > 200:
            raise RuntimeError("a hand that does not end")
        actor = next(iter(g.to_act()))
        i = ids.index(actor)
        view = {"game": g.view_for(actor)}
        rng = random.Random(seed * 1_000_003 + i * 10_007 + view["game"]["seq"])
        t0 = time.perf_counter()
        move = decide(brains[i], view, Level.STRONG, rng, slices)
        if timing is not None and brains[i] is STRONG:
            timing.append(time.perf_counter() - t0)
        g.handle_action(actor, Request(move.action, view["game"]["seq"], move.amount,
                                       move.cards))
    return g.stack_of("p0") - STACK, g.stack_of("p1") - STACK


@dataclass(frozen=True)
class Figure:
    game: str
    opponent: str
    hands: int
    bb100: float
    ci95: float
    seconds: float
    decide_p50_ms: float
    decide_p95_ms: float

    def line(self) -> str:
        lo, hi = self.bb100 - self.ci95, self.bb100 + self.ci95
        return (f"{self.game:12} strong vs {self.opponent:8} {self.hands:6} hands  "
                f"{self.bb100:+8.1f} bb/100  95% CI [{lo:+.1f}, {hi:+.1f}]  "
                f"strong's decision p50 {self.decide_p50_ms:.1f} ms p95 "
                f"{self.decide_p95_ms:.1f} ms  ({self.seconds:.0f} s)")


def match(game_id: str, opponent: str, hands: int, seed: int = 1) -> Figure:
    """``hands`` hands (duplicate pairs) of strong against ``opponent``."""
    strong = STRONG
    other = OPPONENTS[opponent]
    timing: list[float] = []
    deck_rng = random.Random(f"{game_id}:{opponent}:{seed}")
    pairs = []
    t0 = time.perf_counter()
    for k in range(hands // 2):
        deck = list(FULL_DECK)
        deck_rng.shuffle(deck)
        a, _ = play_hand(game_id, deck, (strong, other), seed * 7919 + 2 * k, timing)
        _, b = play_hand(game_id, deck, (other, strong), seed * 7919 + 2 * k + 1, timing)
        pairs.append((a + b) / BIG)
    n = len(pairs)
    mean = sum(pairs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in pairs) / (n - 1))
    # per hand: a pair is two hands
    timing.sort()
    return Figure(game_id, opponent, 2 * n, mean / 2 * 100, 1.96 * sd / math.sqrt(n) / 2 * 100,
                  time.perf_counter() - t0, 1000 * timing[len(timing) // 2],
                  1000 * timing[len(timing) * 95 // 100])


def bench(hands: int, games: tuple[str, ...] = GAMES,
          opponents: tuple[str, ...] = tuple(OPPONENTS),
          report: Callable[[str], None] = print) -> list[Figure]:
    """Every match of the draw games; each line printed as it finishes."""
    out = []
    for game_id in games:
        for opponent in opponents:
            fig = match(game_id, opponent, hands)
            report(fig.line())
            out.append(fig)
    return out


def decision_times(hands: str = "100") -> dict[str, Any]:
    """Strong's decisions against the calling station, timed: per game the p50, p95 and
    most of a whole decision and of its longest slice (the work between two ``None``s), in
    ms, and the deals sampled a decision; the process's first decision apart (``cold``: it
    builds the evaluator's tables). For Pyodide:
    ``node tools/run_pyodide.mjs bench_draw_bots decision_times 100``."""
    from games.bots.draw import SAMPLES

    out: dict[str, Any] = {"python": sys.version.split()[0],
                           "samples": SAMPLES[Level.STRONG]}
    timed = TimedBrain()

    def spread(xs: list[float]) -> list[float]:
        xs = sorted(xs)
        return [round(1000 * xs[len(xs) // 2], 2), round(1000 * xs[len(xs) * 95 // 100], 2),
                round(1000 * xs[-1], 2)]

    for game_id in GAMES:
        rng = random.Random(5)
        for k in range(int(hands)):
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            play_hand(game_id, deck, (timed, OPPONENTS["station"]), k)
        if "cold_ms" not in out:
            out["cold_ms"] = round(1000 * timed.decisions.pop(0), 2)
            timed.slices.pop(0)
        out[game_id] = {"decisions": len(timed.decisions),
                        "decision_ms": spread(timed.decisions), "slice_ms": spread(timed.slices)}
        timed.decisions.clear()
        timed.slices.clear()
    return out


@dataclass
class TimedBrain:
    """Strong, timed slice by slice."""

    decisions: list[float] = field(default_factory=list)
    slices: list[float] = field(default_factory=list)

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        start = last = time.perf_counter()
        for step in BRAIN.think(view, Level.STRONG, rng):
            now = time.perf_counter()
            self.slices.append(now - last)
            if step is not None:
                self.decisions.append(now - start)
            yield step
            last = time.perf_counter()


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    games = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else GAMES
    opponents = tuple(sys.argv[3:]) or tuple(OPPONENTS)
    print(f"draw bots, heads-up, duplicate deals, {hands} hands a match, CPython "
          f"{sys.version.split()[0]}", flush=True)
    bench(hands, games, opponents, report=lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()

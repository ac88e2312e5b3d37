"""Benchmark: the host's cost per table-game action, views included, at a 10-seat table.

Usage: ``.venv/bin/python tools/bench_table.py [--hands N] [--no-pyodide]``

What is timed is one ``HostRoom.handle(Received(peer, act))`` — the room's checks, the
game's action, and the ten per-seat views it returns (built and serialised) — for random
legal play at ten seats (folds, checks, calls, bets and raises anywhere in the bounds the
view gives), hand after hand, in No-Limit Hold'em, Pot-Limit Omaha and a PLO double-board
bomb pot. p50 and p95 over every action (showdowns included, with the evaluator warm).

Also timed through the room: the **showdown** of a 10-player PLO hand and of a 10-player
bomb pot (everyone all-in, different stacks: side pots; the last call runs the boards out,
evaluates, pays and builds the ten views); the first one of the process is reported apart
(before ``evaluator.warm_up``, as at a session's first showdown).

References measured in the same run: one ``json.dumps`` of the ten view dicts of a 10-seat
table (what the room's serialisation alone costs), and Ultimate Omaha's cost per action at ten
seats through the same room.

The Pyodide half runs :func:`bench` under Node (the npm Pyodide the page uses) through
``tools/run_pyodide.mjs``. Targets: per action p95 <= 5 ms CPython, <= 15 ms
Pyodide; the 10-player showdowns <= 30 ms Pyodide. Speed is reported, never asserted.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "py"),):
    if path not in sys.path:
        sys.path.insert(0, path)

from games import registry  # noqa: E402
from games.poker import PokerGame  # noqa: E402
from room.events import Received, Send, Tick  # noqa: E402
from room.game import GameFactory  # noqa: E402
from room.host import LOCAL_PEER, HostRoom  # noqa: E402
from room.messages import Act, NextHand, Ping, Table  # noqa: E402
from rules import evaluator  # noqa: E402
from rules.cards import FULL_DECK, Card  # noqa: E402
from rules.poker.records import Shown  # noqa: E402
from testing.memory import MemoryNetwork  # noqa: E402

SEATS = 10
REPEATS = 3
"""Each seeded session is played this many times; an action counts its fastest run."""
TICK_EVERY = 40
"""Actions between two (untimed) clock ticks: the room's flood window and the players'
liveness move on as they would in a real session."""


def _chooser(rng: random.Random) -> Callable[[str | None], GameFactory]:
    """The page's registry as the room sees it, dealing seeded decks (a benchmark: nothing
    real is dealt; the fair deal's nonce round trips are not what is measured)."""

    def deck() -> list[Card]:
        cards = list(FULL_DECK)
        rng.shuffle(cards)
        return cards

    return lambda game_id: registry.factory(game_id, deck)


class Room:
    """A room with ten seated players (the host and nine guests) and a started game, driven
    message by message."""

    def __init__(self, game_id: str, settings: dict[str, Any], rng: random.Random) -> None:
        net = MemoryNetwork()
        net.host = HostRoom(net.host.code, net.now_ms, host_token=net.host_token,
                            games=_chooser(rng))
        host = net.join_host("P0")
        self.peers = {LOCAL_PEER: "p1"}
        for i in range(1, SEATS):
            peer, _ = net.join_guest(f"P{i}")
            self.peers[peer] = f"p{i + 1}"
        net.send(LOCAL_PEER, host.set_game(game_id, settings))
        net.send(LOCAL_PEER, host.set_timer(0))
        net.send(LOCAL_PEER, host.start_game())
        self.room: HostRoom = net.host
        self.peer_of = {pid: peer for peer, pid in self.peers.items()}
        self.now = net.now_ms
        self.actions = 0
        self.rng = rng
        assert self.room.game is not None and len(self.room.seats) == SEATS
        assert self.room.game.game_id == game_id

    @property
    def game(self) -> Any:
        return self.room.game

    def handle(self, peer: str, text: str) -> tuple[float, list[Any]]:
        """One message to the host: (milliseconds, outputs)."""
        start = time.perf_counter()
        outs = self.room.handle(Received(peer, text))
        return (time.perf_counter() - start) * 1000, outs

    def keep_alive(self) -> None:
        """Untimed: every guest pings and the clock moves a second on (flood window reset,
        nobody silent long enough to count as gone)."""
        self.actions += 1
        if self.actions % TICK_EVERY:
            return
        for peer in self.peers:
            if peer != LOCAL_PEER:
                self.room.handle(Received(peer, Ping(self.now, 2**53 - 1).to_wire()))
        self.now += 1000
        self.room.handle(Tick(self.now))

    def next_hand(self) -> None:
        """Untimed: whoever has no chips buys in (a random amount in the host's range), then
        the host deals."""
        game = self.game
        if isinstance(game, PokerGame) and not game.tournament:
            s = game.settings
            for pid, peer in self.peer_of.items():
                if game.stack_of(pid) == 0:
                    chips = self.rng.randint(s.min_buy_in, s.max_buy_in)
                    _check(self.room.handle(Received(peer, Table("buy_in", chips).to_wire())))
        outs = self.room.handle(Received(LOCAL_PEER, NextHand().to_wire()))
        _check(outs)


def _check(outs: list[Any]) -> list[str]:
    """The texts sent, after checking none was an error and every seat got its view."""
    texts = [o.text for o in outs if isinstance(o, Send)]
    errors = [t for t in texts if '"type":"error"' in t]
    if errors:
        raise AssertionError(f"the bench sent a refused request: {errors[0][:300]}")
    if sum('"type":"view"' in t for t in texts) != SEATS:
        raise AssertionError(f"expected {SEATS} views, got {len(texts)} texts")
    return texts


def _choose(view: dict[str, Any], rng: random.Random) -> Act:
    """A random legal action from the player's own view (as a person would click)."""
    legal, seq = view["legal"], view["seq"]
    if legal["draw_max"] is not None:
        hole = view["you"]["hole"]
        return Act("draw", seq, None, tuple(rng.sample(hole, rng.randint(0, legal["draw_max"]))))
    r = rng.random()
    raise_to = legal["raise"]
    if r < 0.2 and not legal["can_check"]:
        return Act("fold", seq)
    if raise_to is not None and r < 0.45:
        lo, hi = raise_to["min_to"], raise_to["max_to"]
        to = rng.choice((lo, lo, rng.randint(lo, min(hi, 3 * lo)), hi if r < 0.25 else lo))
        return Act(raise_to["verb"], seq, to)
    return Act("check" if legal["can_check"] else "call", seq)


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(samples),
        "p50": round(statistics.median(ordered), 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max": round(ordered[-1], 3),
        "max_at": samples.index(ordered[-1]),  # which sample (0: the first of its kind)
    }


def _play(game: str, hands: int, seed: int) -> tuple[list[str], list[float],
                                                               list[float]]:
    """Random legal play for ``hands`` hands; every action's handle() timed. Returns the
    actions sent, their times, and the reference times (json.dumps of ten views)."""
    rng = random.Random(seed)
    t = Room(game, GAMES[game], rng)
    sent: list[str] = []
    samples: list[float] = []
    dumps: list[float] = []
    played = 0
    while played < hands:
        g = t.game
        if not g.hand_running:
            t.next_hand()
            played += 1
            continue
        (pid,) = g.to_act()
        text = _choose(g.view_for(pid), rng).to_wire()
        ms, outs = t.handle(t.peer_of[pid], text)
        _check(outs)
        sent.append(f"{pid} {text}")
        samples.append(ms)
        if len(samples) % 25 == 0:  # the reference: serialising ten views alone
            views = [t.room.view_for(f"p{i + 1}") for i in range(SEATS)]
            start = time.perf_counter()
            for v in views:
                json.dumps({"v": 1, "type": "view", "seq": 1, "view": v})
            dumps.append((time.perf_counter() - start) * 1000)
        t.keep_alive()
    return sent, samples, dumps


def per_action(game: str, hands: int, seed: int, repeats: int = REPEATS
               ) -> dict[str, Any]:
    """The same seeded session played ``repeats`` times (the same actions each time, checked);
    each action's cost is its fastest run, so a pause of the machine is not counted as the
    host's work (timeit's rule)."""
    runs = [_play(game, hands, seed) for _ in range(repeats)]
    samples = _fastest([(sent, times) for sent, times, _ in runs])
    dumps = _fastest([(sent, d) for sent, _, d in runs])
    return {"action": _percentiles(samples), "dumps_10_views": _percentiles(dumps)}


def _fastest(runs: list[tuple[list[str], list[float]]]) -> list[float]:
    """Per sample, its fastest run (the runs must have sent the same messages)."""
    if any(r[0] != runs[0][0] for r in runs):
        raise AssertionError("the seeded session did not repeat itself")
    return [min(times) for times in zip(*(r[1] for r in runs), strict=True)]


def showdowns(game: str, count: int, seed: int, repeats: int = REPEATS
              ) -> list[float]:
    """:func:`_showdowns`, each its fastest of ``repeats`` identical runs."""
    return _fastest([_showdowns(game, count, seed) for _ in range(repeats)])


def _showdowns(game: str, count: int, seed: int) -> tuple[list[str], list[float]]:
    """``count`` 10-player all-in showdowns through the room: everyone goes all-in (different
    stacks: side pots), the last call is timed (run-out, evaluation, pots, ten views)."""
    rng = random.Random(seed)
    t = Room(game, GAMES[game], rng)
    sent: list[str] = []
    out: list[float] = []
    while len(out) < count:
        g = t.game
        if not g.hand_running:
            t.next_hand()
            continue
        (pid,) = g.to_act()
        view = g.view_for(pid)
        legal = view["legal"]
        act = Act("allin" if legal["all_in_to"] is not None else "call", view["seq"])
        ms, outs = t.handle(t.peer_of[pid], act.to_wire())
        _check(outs)
        sent.append(f"{pid} {act.to_wire()}")
        if not g.hand_running:
            dealt = sum(g.played.config.dealt_in)
            shown = sum(isinstance(r, Shown) for r in g.played.hand.log)
            if dealt == SEATS and shown >= 2:  # a real ten-way showdown, not a walk
                out.append(ms)
        t.keep_alive()
    return sent, out


def ultimate_action(hands: int, seed: int, repeats: int = REPEATS) -> dict[str, Any]:
    """The reference game: Ultimate Omaha's cost per action at ten seats, same room path."""
    return _percentiles(_fastest([_ultimate(hands, seed) for _ in range(repeats)]))


def _ultimate(hands: int, seed: int) -> tuple[list[str], list[float]]:
    rng = random.Random(seed)
    t = Room("ultimate", {}, rng)
    sent: list[str] = []
    samples: list[float] = []
    played = 1
    while played < hands:
        g = t.game
        if not g.to_act():
            t.next_hand()
            played += 1
            continue
        pid = sorted(g.to_act())[0]
        act = Act(rng.choice(("check", "double")), g.seq)
        ms, outs = t.handle(t.peer_of[pid], act.to_wire())
        _check(outs)
        sent.append(f"{pid} {act.to_wire()}")
        samples.append(ms)
        t.keep_alive()
    return sent, samples


GAMES: dict[str, dict[str, Any]] = {
    "holdem": {"betting": "no-limit"},
    "omaha": {},
    "bomb-double": {},
}
"""The table games benchmarked, with the host's settings (blinds 5/10, buy-ins 40-250 big
blinds: the defaults)."""


def bench(hands: int = 60) -> dict[str, Any]:
    """Every figure of the benchmark, in milliseconds (run where this Python runs)."""
    out: dict[str, Any] = {"python": sys.version.split()[0]}
    first = {"plo": showdowns("omaha", 1, 11, 1)[0] if not evaluator.is_warm() else None}
    first["bomb"] = showdowns("bomb-double", 1, 12, 1)[0]
    out["first_showdown_cold"] = {k: round(v, 3) if v is not None else None
                                  for k, v in first.items()}
    start = time.perf_counter()
    evaluator.warm_up()
    out["warm_up_ms"] = round((time.perf_counter() - start) * 1000, 1)
    for name in GAMES:
        out[name] = per_action(name, hands, seed=len(name))
    out["plo_showdown"] = _percentiles(showdowns("omaha", max(10, hands // 4), 13))
    out["bomb_showdown"] = _percentiles(showdowns("bomb-double", max(10, hands // 4),
                                                  14))
    out["ultimate_action"] = ultimate_action(hands, 15)
    return out


def bench_text(hands: str) -> dict[str, Any]:
    """The Pyodide run's entry point (``tools/run_pyodide.mjs bench_table bench_text HANDS``:
    arguments arrive as text)."""
    return bench(int(hands))


def run_pyodide(hands: int) -> dict[str, Any] | None:
    script = os.path.join(ROOT, "tools", "run_pyodide.mjs")
    try:
        p = subprocess.run(["node", script, "bench_table", "bench_text", str(hands)],
                           capture_output=True, text=True, timeout=1800, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"pyodide: not run ({e})", file=sys.stderr)
        return None
    if p.returncode != 0:
        print(f"pyodide: failed\n{p.stderr[-2000:]}", file=sys.stderr)
        return None
    data = json.loads(p.stdout.strip().splitlines()[-1])
    result: dict[str, Any] = data["result"]
    return result


TARGETS = {"cpython": 5.0, "pyodide": 15.0}


def report(where: str, r: dict[str, Any]) -> None:
    print(f"\n{where} (Python {r['python']}), ms per HostRoom.handle(act) with 10 views:")
    print(f"  {'':26s} {'p50':>8s} {'p95':>8s} {'max':>8s} {'n':>6s}")
    for name in GAMES:
        a = r[name]["action"]
        print(f"  {name + ' action':26s} {a['p50']:8.3f} {a['p95']:8.3f} {a['max']:8.3f} "
              f"{a['n']:6d}")
    for key in ("plo_showdown", "bomb_showdown", "ultimate_action"):
        a = r[key]
        print(f"  {key:26s} {a['p50']:8.3f} {a['p95']:8.3f} {a['max']:8.3f} {a['n']:6d}")
    d = r["holdem"]["dumps_10_views"]
    print(f"  {'ref: json.dumps 10 views':26s} {d['p50']:8.3f} {d['p95']:8.3f} {d['max']:8.3f} "
          f"{d['n']:6d}")
    cold = r["first_showdown_cold"]
    print(f"  first showdown of the process (cold evaluator): PLO {cold['plo']} ms, "
          f"bomb pot {cold['bomb']} ms; warm_up {r['warm_up_ms']} ms")
    target = TARGETS.get(where)
    if target is not None:
        worst = max(r[name]["action"]["p95"] for name in GAMES)
        print(f"  target p95 <= {target:g} ms: worst {worst:.2f} ms "
              f"({'met' if worst <= target else 'NOT met'})")
    if where == "pyodide":
        worst = max(r[k]["max"] for k in ("plo_showdown", "bomb_showdown"))
        worst = max(worst, *(v for v in cold.values() if v is not None))
        print(f"  target showdown <= 30 ms: worst {worst:.2f} ms "
              f"({'met' if worst <= 30 else 'NOT met'})")


def main() -> int:
    hands = 60
    if "--hands" in sys.argv:
        hands = int(sys.argv[sys.argv.index("--hands") + 1])
    results: dict[str, Any] = {"cpython": bench(hands)}
    if "--no-pyodide" not in sys.argv:
        results["pyodide"] = run_pyodide(hands)
    for where, r in results.items():
        if r is not None:
            report(where, r)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Computes the Hold'em starting-hand order that ``rules.preflop.HOLDEM_ORDER`` holds.

Each of the 169 starting hands (13 pairs, 78 suited, 78 offsuit) is ranked by its equity
against one random hand, all in before the flop (a tie counted half). The boards are sampled
and everything else is counted exactly: for each random five-card board, every two-card hand
of the 47 other cards is scored with ``rules.evaluator.best_high`` and each hand's equity
against every hand it does not share a card with is counted from the sorted scores. All 169
hands are thus measured on the same boards, so the differences between them — which decide
the order — are far more precise than each figure alone (common random numbers): neighbours
like K8o and K7o come out in their true order where independent sampling can swap them.

    .venv/bin/python tools/preflop_table.py --boards 20000

prints the order as the Python source of ``HOLDEM_ORDER`` and each hand's equity.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from bisect import bisect_left, bisect_right
from itertools import combinations

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))

from rules.cards import RANKS
from rules.evaluator import best_high


def class_of(a: int, b: int) -> str:
    """'AA', 'AKs', 'AKo' for two card indexes (rank * 4 + suit)."""
    ra, rb = a >> 2, b >> 2
    if ra < rb:
        ra, rb = rb, ra
    if ra == rb:
        return RANKS[ra] * 2
    return RANKS[ra] + RANKS[rb] + ("s" if a & 3 == b & 3 else "o")


def board_equities(board: list[int], sums: dict[str, float], counts: dict[str, int]) -> None:
    """Adds, for every two-card hand off ``board``, its exact equity against a random hand on
    this board to its class's sum."""
    rest = [c for c in range(52) if c not in board]
    hands = list(combinations(rest, 2))
    value = {h: best_high([*h, *board]) for h in hands}
    everything = sorted(value.values())
    holding: dict[int, list[int]] = {c: [] for c in rest}
    for (a, b), v in value.items():
        holding[a].append(v)
        holding[b].append(v)
    for lst in holding.values():
        lst.sort()
    opponents = len(hands) - (2 * (len(rest) - 1) - 1)  # hands sharing no card with one
    for (a, b), v in value.items():
        la, lb = holding[a], holding[b]
        less = (bisect_left(everything, v) - bisect_left(la, v) - bisect_left(lb, v))
        equal = (bisect_right(everything, v) - bisect_left(everything, v)
                 - (bisect_right(la, v) - bisect_left(la, v))
                 - (bisect_right(lb, v) - bisect_left(lb, v)) + 1)  # the hand itself, twice off
        name = class_of(a, b)
        sums[name] += (less + equal / 2) / opponents
        counts[name] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=169)
    args = parser.parse_args()
    start = time.perf_counter()
    rng = random.Random(args.seed)
    names = {class_of(a, b) for a, b in combinations(range(52), 2)}
    sums = dict.fromkeys(names, 0.0)
    counts = dict.fromkeys(names, 0)
    for k in range(args.boards):
        board_equities(rng.sample(range(52), 5), sums, counts)
        if k % 1000 == 999:
            print(f"{k + 1} boards, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    equity = {n: sums[n] / counts[n] for n in names}
    order = sorted(names, key=lambda n: -equity[n])
    print(f"# {args.boards} boards, seed {args.seed}, {time.perf_counter() - start:.0f} s")
    print("HOLDEM_ORDER = (")
    for i in range(0, 169, 12):
        print("    " + " ".join(f'"{n}",' for n in order[i:i + 12]))
    print(")")
    print("EQUITY = {" + ", ".join(f'"{n}": {equity[n]:.4f}' for n in order) + "}")


if __name__ == "__main__":
    main()

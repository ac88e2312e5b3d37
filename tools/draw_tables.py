"""Write ``py/games/bots/drawtables.py``: what a sound draw player ends up holding, by what
they drew.

How many cards each player draws is public; the draw bots read it as a range. This plays
many one-player hands of each draw game with the textbook draws of
``games.bots.drawrules`` (a seeded shuffle, so the file is reproducible) and counts, for each
thing a table can see, the final hand's bucket (:func:`drawrules.high_bucket`,
:func:`drawrules.low_bucket`):

* 5-card draw: ``"predraw"`` (not drawn yet) and ``"0"``..``"4"`` (the cards drawn);
* 2-7 Triple Draw: ``"0"`` (no draw yet) and ``"d:k"``: ``k`` cards drawn at draw ``d``
  (the player's last draw so far; the draws left are played out).

Usage: python3 tools/draw_tables.py [hands]   (default 200000 a game; about a minute)
"""

from __future__ import annotations

import random
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from games.bots.drawrules import (  # noqa: E402
    HIGH_BUCKETS,
    LOW_BUCKETS,
    high_bucket,
    keep_draw5,
    keep_low27,
    low_bucket,
)
from rules.cards import FULL_DECK, Card  # noqa: E402
from rules.evaluator import high5, low27  # noqa: E402

SEED = 20261126
OUT = ROOT / "py" / "games" / "bots" / "drawtables.py"


def _replace(hand: Sequence[Card], keep: Sequence[Card], deck: list[Card]) -> list[Card]:
    need = len(hand) - len(keep)
    out = [*keep, *deck[:need]]
    del deck[:need]
    return out


def draw5_counts(hands: int, rng: random.Random) -> dict[str, list[int]]:
    counts = {k: [0] * HIGH_BUCKETS for k in ("predraw", "0", "1", "2", "3", "4")}
    for _ in range(hands):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = deck[:5]
        del deck[:5]
        most = 4 if any(c.rank == 12 for c in hand) else 3
        keep = keep_draw5(hand, most)
        drawn = 5 - len(keep)
        final = _replace(hand, keep, deck)
        b = high_bucket(high5(final))
        counts["predraw"][b] += 1
        counts[str(drawn)][b] += 1
    return counts


def low27_counts(hands: int, rng: random.Random) -> dict[str, list[int]]:
    keys = ["0", *(f"{d}:{k}" for d in (1, 2, 3) for k in range(6))]
    counts = {k: [0] * LOW_BUCKETS for k in keys}
    for _ in range(hands):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = deck[:5]
        del deck[:5]
        seen = ["0"]
        for d in (1, 2, 3):
            keep = keep_low27(hand, 4 - d)
            seen.append(f"{d}:{5 - len(keep)}")
            hand = _replace(hand, keep, deck)
        b = low_bucket(low27(hand))
        for k in seen:
            counts[k][b] += 1
    return counts


def _table(name: str, counts: dict[str, list[int]]) -> str:
    lines = [f"{name}: Mapping[str, tuple[int, ...]] = MappingProxyType({{"]
    for key, row in counts.items():
        body = textwrap.wrap(", ".join(map(str, row)) + ",", 88)
        lines.append(f'    "{key}": (')
        lines.extend(f"        {part}" for part in body)
        lines.append("    ),")
    lines.append("})")
    return "\n".join(lines)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rng = random.Random(SEED)
    draw5 = draw5_counts(hands, rng)
    low = low27_counts(hands, rng)
    text = f'''"""What a sound draw player ends up holding, by what the table saw them draw:
counts of final-hand buckets over {hands:,} played-out hands a game (seed {SEED}).

Written by ``tools/draw_tables.py`` from the textbook draws of :mod:`.drawrules` — do not
edit; rerun the tool when those draws change. Read by :mod:`.draw`: an opponent's chance of
ending below (or above) a hand is a sum over these counts.

``DRAW5``: 5-card draw, by :func:`.drawrules.high_bucket`, keys ``"predraw"`` (not drawn
yet) and ``"0"``..``"4"`` (cards drawn). ``LOW27``: 2-7 Triple Draw, by
:func:`.drawrules.low_bucket` (lower is better), keys ``"0"`` (no draw yet) and ``"d:k"``
(``k`` cards at draw ``d``, the player's latest).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

{_table("DRAW5", draw5)}

{_table("LOW27", low)}
'''
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Random hands of every table game, written as PokerStars text and imported by fpdb's own
PokerStars importer: does the tracker take every hand, at the stakes and with the payouts our
engine played?

fpdb (the open-source poker tracker) is not on PyPI, so this is a tool, not a test: point it at
a checkout of fpdb's repository (``jejellyroll-fr/fpdb-3`` on GitHub), with fpdb's import
dependencies installed (``defusedxml pytz colorlog psutil cachetools PySide6``), e.g.

    PYTHONPATH=/path/to/fpdb-site python tools/fpdb_import_check.py /path/to/fpdb-3 30

It prints one line per game, betting and cash/tournament: hands written, imported, missing,
and those whose collected amounts, blinds (no limit and pot limit; fixed limit is named by its
bets) or Split flag (the bomb pot) differ from the engine's; exit status 1 if any does.
"""

from __future__ import annotations

import json
import logging
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]


def main(fpdb: str, count: int) -> int:
    sys.path.insert(0, fpdb)
    logging.disable(logging.CRITICAL)
    from fpdb_3_legacy.Configuration import Config
    from fpdb_3_legacy.PokerStarsToFpdb import PokerStars
    from games.poker.hands import viewer_record
    from games.pokerstars import hand_number, pokerstars_text
    from poker_random import Knobs, random_hand
    from rules.poker import Betting, Game
    from rules.poker.records import Awarded
    from test_games_pokerstars import played

    bettings = (Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT)
    cases = [(g, b, t) for g in Game if g is not Game.BOMB_DOUBLE
             for b in bettings for t in (False, True)]
    cases.append((Game.BOMB_DOUBLE, Betting.POT_LIMIT, False))
    table = "Ultimate Omaha ABCD234"
    config = Config()
    problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game, betting, tour in cases:
            texts, expect = [], {}
            for seed in range(count):
                hand = random_hand(seed, Knobs(games=(game,), bettings=(betting,)))
                p = played(hand, seed)
                record = json.loads(json.dumps(viewer_record(p, p.ids[hand.order[0]])))
                if tour:
                    record = {**record, "tournament": f"t{seed}", "level": 0}
                texts.append(pokerstars_text(record, table=table).rstrip("\n"))
                won: dict[str, int] = {}
                for r in hand.log:
                    if isinstance(r, Awarded) and r.amount:
                        won[p.names[r.seat]] = won.get(p.names[r.seat], 0) + r.amount
                expect[str(hand_number(record, table))] = (won, hand.config.blinds)
            path = Path(tmp) / f"{game.value}-{betting.value}-{tour}.txt"
            path.write_text("\n\n\n".join(texts) + "\n")
            hands = PokerStars(config=config, in_path=str(path), autostart=True)
            got = {str(h.handid): h for h in hands.getProcessedHands()}
            differ = 0
            for no, h in got.items():
                won, (small, big) = expect[no]
                ok = {k: int(v) for k, v in h.collectees.items() if v} == won
                if betting is not Betting.FIXED_LIMIT:
                    ok &= (Decimal(h.gametype["sb"]), Decimal(h.gametype["bb"])) == (small, big)
                if game is Game.BOMB_DOUBLE:
                    ok &= bool(h.gametype.get("split"))
                differ += not ok
            missing = len(set(expect) - set(got))
            problems += missing + differ
            kind = "tournament" if tour else "cash"
            print(f"{game.value:12} {betting.value:12} {kind:10}: {len(texts)} written, "
                  f"{len(got)} imported, {missing} missing, {differ} differ")
    print(f"{problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30))

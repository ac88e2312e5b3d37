"""The odds advisor's one call into the numbers: from this page's own view to words, in slices.

The room only carries the host's switch (``settings.advisor``); each page computes its own
player's advice from its own view — the host never computes for a guest, and nothing about
a hand travels for it. :func:`advice_thought` is the one place where the advisor asks for
numbers and words:

* Ultimate Omaha: ``rules.ultimate_odds.advice_steps`` (P(qualify), E[multiplier], Double's
  edge in cents; exact on the flop) worded by ``web.advisortext.ultimate_advice_words``;
* the table games: :func:`table_thought` — the equity of the hand against the opponents
  still in and the pot odds of a call (``rules.equity``; the draw games:
  ``games.drawadvice``, from the draws each player made), worded in ``web.advisortext``.

Each is imported when first needed; a page without it (a build where it has not landed) has
no advice for that game and says so. Pure (no browser): :mod:`web.advisor` steps the thought
from the page's timer and draws the words.

>>> view = {"settings": {"advisor": True}, "game": {"game": "ultimate", "hand_no": 3,
...     "phase": "flop", "board1": ["Ah", "Kh", "2c"], "board2": ["Ac", "Kc", "3d"],
...     "you": {"in_hand": True, "hole": ["As", "Ad", "Ks", "Kd"], "stake_cents": 100},
...     "seats": [{"in_hand": True}, {"in_hand": True}, {"in_hand": False}]}}
>>> advice_key(view)[:4], advice_key(view)[5:]
(('check-or-double', 3, 'flop', ('As', 'Ad', 'Ks', 'Kd')), (100, 2))
>>> advice_key(dict(view, settings={"advisor": False})) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

AdviceThought = Iterator[str | None]
"""Advice being worked out: ``None`` between slices of work, then the words (last)."""
ODDS = "check-or-double"
"""The key's tag for Ultimate Omaha's advice (its odds of qualifying and Double's edge)."""
ULTIMATE_ROUNDS = ("preflop", "flop")
"""Ultimate Omaha's rounds with a choice to advise on."""
T = TypeVar("T")
ADVISOR_BATCH = 4
"""Deals per slice of Ultimate Omaha's odds: a preflop deal is a flop and its turns and
rivers, about 1.5 ms in Pyodide, so four keep a slice near the page's 10 ms (measured in the
page: 64 a slice took 80 to 100 ms)."""
TABLE_BATCH = 16
"""Samples of a table game's equity per slice: a few milliseconds in the page."""


def _cards(raw: Any) -> tuple[str, ...]:
    """The card texts a view shows face up (backs and junk left out)."""
    return tuple(str(c) for c in (raw if isinstance(raw, list) else [])
                 if isinstance(c, str) and len(c) == 2 and c != "??")


def advisor_on(view: Mapping[str, Any]) -> bool:
    """Whether the host switched the advisor on (the room's setting in this view)."""
    settings = view.get("settings")
    return isinstance(settings, Mapping) and settings.get("advisor") is True


def advice_key(view: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What the advice depends on (a new key: work it out again), or None when there is
    nothing to advise: the advisor is off, no hand is being played, or the player is not in
    it. Read only from this page's own view."""
    game = view.get("game")
    if not advisor_on(view) or not isinstance(game, Mapping):
        return None
    you = game.get("you")
    you = you if isinstance(you, Mapping) else {}
    from games.catalogue import entry, table_game

    if entry(game.get("game")) is None:
        return None
    if not table_game(game.get("game")):  # Ultimate Omaha: Check or Double, no betting
        hole = _cards(you.get("hole"))
        if game.get("phase") not in ULTIMATE_ROUNDS or not you.get("in_hand") or len(hole) != 4:
            return None
        seats = game.get("seats")
        players = sum(1 for s in (seats if isinstance(seats, list) else [])
                      if isinstance(s, Mapping) and s.get("in_hand") is True)
        stake = you.get("stake_cents")
        return (ODDS, game.get("hand_no"), game.get("phase"), hole,
                _cards(game.get("board1")) + _cards(game.get("board2")),
                stake if type(stake) is int else 0, players)
    return table_key(game)


def advice_thought(view: Mapping[str, Any], rng: random.Random) -> AdviceThought | None:
    """THE advisor's call into the numbers (see the module): a sliced thought ending in the
    words for this player's own hand, or None when this page has no advice for it."""
    key = advice_key(view)
    if key is None:
        return None
    game = view["game"]
    if key[0] == ODDS:
        return ultimate_thought(game, key, rng)
    return table_thought(game, rng)


def ultimate_thought(game: Mapping[str, Any], key: tuple[Any, ...],
                     rng: random.Random) -> AdviceThought:
    """Ultimate Omaha's advice: the rules' numbers, the advisor's words."""
    from rules.cards import parse_cards
    from rules.ultimate_odds import advice_steps

    from web.advisortext import ultimate_advice_words

    _, _, _, hole, _, stake, players = key
    boards = tuple(parse_cards(list(_cards(game.get(name)))) for name in ("board1", "board2"))
    steps = advice_steps(parse_cards(list(hole)), boards, stake, max(1, players), rng=rng,
                         batch=ADVISOR_BATCH)
    return worded(steps, ultimate_advice_words)


def table_key(game: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What a table game's advice depends on, read by the bots' own reader
    (``games.bots.common.read``): the hand, the player's cards, the boards, the opponents
    still in, the pot and the call's price (a new street, a fold or a bet: new advice). None
    when the view holds no decision of ours (not our turn). A draw game's key is
    ``games.drawadvice.draw_key``'s (the draws seen so far in it too)."""
    from games.bots.common import read

    spot = read({"game": game})
    if spot is None:
        from games.drawadvice import draw_key

        return draw_key(game)
    return ("table", spot.game, game.get("hand_no"), spot.hole, spot.boards, spot.opponents,
            spot.pot, spot.to_call)


def table_thought(game: Mapping[str, Any], rng: random.Random) -> AdviceThought | None:
    """The table games' advice at the player's own turn: the equity of the hand against the
    opponents still in and the pot odds of a call — ``rules.advice``'s numbers, read from the
    view by the same reader the bots use (``games.bots.common.read``), said in
    ``web.advisortext``'s words; in a draw game, the chance to win the pot counted as the
    draw bots count it (``games.drawadvice``), said in the same words. None when the view
    holds no such decision (not our turn, our turn to draw, a view that does not read)."""
    from games.bots.common import read
    from rules.advice import table_advice_steps

    from web.advisortext import spoken_table

    spot = read({"game": game})
    if spot is None:
        from games.drawadvice import draw_advice_steps

        drawn = draw_advice_steps(game, rng, batch=TABLE_BATCH)
        return None if drawn is None else worded(drawn, spoken_table)
    steps = table_advice_steps(spot.variant, spot.hole, spot.boards, max(1, spot.opponents),
                               to_call=spot.to_call, pot=spot.pot, rng=rng, batch=TABLE_BATCH)
    return worded(steps, spoken_table)


def worded(steps: Iterator[T | None], words: Callable[[T], str]) -> AdviceThought:
    """The rules' sliced numbers as a thought: None while they are worked out, then their
    words (and nothing after)."""
    for step in steps:
        if step is not None:
            yield words(step)
            return
        yield None


def first_words(steps: Sequence[str | None]) -> str:
    """The words a finished thought ended with ('' if none): for tests and tools.

    >>> first_words([None, None, "Check."])
    'Check.'
    """
    return next((s for s in steps if s is not None), "")

"""The bots of 5-card draw and 2-7 Triple Draw: what to throw, and how to bet.

Reads only the seat's own view (``games.viewtypes.TableView`` under the room view's
``"game"``): its cards, its own discards, the pots and bets, the seats still in, the button,
how many cards each player drew (public: the view's ``draws``) and the engine's bounds of what
it may do (``legal``, with ``draw_keeps``). Every action and amount comes from ``legal``.

**Draws** are the textbook ones of :mod:`.drawrules`. Strong mixes a little (trips sometimes
keep a kicker, so a one-card draw is not always two pair) and, in triple draw, stands pat on a
nine or ten on the last draw when every opponent is still drawing two or more, and now and
then *snows* (stands pat on nothing, heads-up, on a late draw against a player drawing two or
more, then bets it as a made hand). Casual keeps a kicker with a pair, chases gutshots, and
keeps nines to draw to.

**Betting** by the chance to win the pot. The bot samples its own draws still to come from
the cards it has not seen and scores each final hand against every opponent still in, whose
final hand is read from what they drew: the counts of :mod:`.drawtables` (a player who drew
three holds about a pair; one who stood pat, a made hand). An opponent who bet or raised this
round is taken to hold the better of one and a half (bet) or two (raise) such hands. Then:
bet or raise for value above a share of the pot that shrinks with the players in, call when
the chance beats the pot odds (draws to come earn a little more), bluff now and then when
checked to in position or when the opponents drew many, slow-play a monster sometimes, and
keep betting a snow. Strong reads the opponents' draws, position and aggression; casual
takes every opponent as an unknown, adds noise to its estimate, calls more and bluffs less.

Thinking is sliced: each batch of samples ends with a ``None`` (:mod:`room.bots`). Same view,
level and ``rng`` → same move.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from room.bots import Level, Move, Thought
from rules.cards import FULL_DECK, Card, CardError
from rules.evaluator import Category, high5, low27
from rules.variants import VARIANTS, Evaluator, Variant

from . import drawrules as dr
from .drawtables import DRAW5, LOW27

BATCH = 8
"""Samples of the bot's own draws per slice of thinking."""
SAMPLES = {Level.STRONG: 64, Level.CASUAL: 32}
MIN_CLASS = 300
"""Fewer played-out hands than this in a table class: read the player as unknown instead."""
AGGRESSION = {"bet": 1.4, "raise": 1.8}
"""How many of an opponent's hands the bet or raise is taken as the best of."""


# --- reading the view --------------------------------------------------------------------------


@dataclass
class Opponent:
    seat: int
    draws: list[int] = field(default_factory=list)
    aggression: float = 1.0
    acts_after: bool = False


@dataclass
class Seen:
    """What the bot reads from its view (only from it); ``variant`` is the rules' record of
    the hand's game (its draws, how a hand is scored), as data."""

    variant: Variant
    seat: int
    hole: list[Card]
    dead: list[Card]
    my_draws: list[int]
    legal: Mapping[str, Any]
    drawing: bool
    pot: int
    to_call: int
    my_bet: int
    my_stack: int
    unit: int
    opponents: list[Opponent]
    last_to_act: bool

    @property
    def lowball(self) -> bool:
        """2-7: the lowest hand wins."""
        return self.variant.evaluator is Evaluator.LOW27

    @property
    def draws_left(self) -> int:
        """The bot's own draws still to come."""
        return max(0, self.variant.draw_count - len(self.my_draws))


def _cards(raw: Any) -> list[Card]:
    if not isinstance(raw, list):
        raise ValueError("cards are a list")
    return [Card.parse(c) for c in raw]


def _int(raw: Any) -> int:
    return raw if type(raw) is int else 0


def read(view: Mapping[str, Any]) -> Seen | None:
    """The bot's reading of its room view, or None when it holds no turn it can read (then
    the bot stands pat or checks/folds)."""
    game = view.get("game")
    if not isinstance(game, Mapping):
        return None
    variant = VARIANTS.get(str(game.get("hand_game") or game.get("game")))
    legal = game.get("legal")
    you = game.get("you")
    if (variant is None or variant.draws is None or variant.hole != 5 or variant.boards
            or variant.evaluator not in (Evaluator.HIGH, Evaluator.LOW27)
            or not isinstance(legal, Mapping) or not isinstance(you, Mapping)):
        return None
    seat = you.get("seat")
    try:
        hole = _cards(you.get("hole"))
        dead = _cards(you.get("discards", []))
    except (CardError, ValueError, TypeError):
        return None
    if type(seat) is not int or len(hole) != 5:
        return None
    draws: dict[int, list[int]] = {}
    for entry in game.get("draws") or []:
        if isinstance(entry, list) and len(entry) == 2 and all(type(x) is int for x in entry):
            draws.setdefault(entry[0], []).append(entry[1])
    seats = [s for s in game.get("seats") or [] if isinstance(s, Mapping)]
    live = [s for s in seats if s.get("state") in ("in", "all_in")]
    button = game.get("button")
    order = sorted((_int(s.get("seat")) for s in live),
                   key=lambda n: (n - _int(button) - 1) % 64)
    me = next((s for s in seats if s.get("seat") == seat), None)
    my_bet = _int(me.get("bet")) if me is not None else 0
    opponents = []
    for s in live:
        n = _int(s.get("seat"))
        if n == seat:
            continue
        opp = Opponent(n, draws.get(n, []))
        if _int(s.get("bet")) > my_bet:
            opp.aggression = AGGRESSION.get(str(s.get("last_action")), 1.0)
        opp.acts_after = seat in order and n in order and order.index(n) > order.index(seat)
        opponents.append(opp)
    pots = sum(_int(p.get("amount")) for p in game.get("pots") or [] if isinstance(p, Mapping))
    bets = sum(_int(s.get("bet")) for s in seats)
    blinds = game.get("blinds")
    unit = _int(blinds[1]) if isinstance(blinds, list) and len(blinds) == 2 else 1
    return Seen(
        variant=variant, seat=seat, hole=hole, dead=dead, my_draws=draws.get(seat, []),
        legal=legal, drawing="draw" in (legal.get("actions") or []), pot=pots + bets,
        to_call=_int(legal.get("call")), my_bet=my_bet,
        my_stack=_int(me.get("stack")) if me is not None else 0, unit=max(1, unit),
        opponents=opponents,
        last_to_act=bool(order) and order[-1] == seat,
    )


# --- the draw ----------------------------------------------------------------------------------


def snowing(seen: Seen) -> bool:
    """Whether the bot stood pat on its last draw with a hand no sound player stands pat on
    (so it is snowing, and keeps representing a made hand)."""
    if not seen.my_draws or seen.my_draws[-1] != 0:
        return False
    if seen.lowball:
        return not dr.is_clean_low(seen.hole) or dr.top_rank(seen.hole) > dr.TEN
    return Category(high5(seen.hole) >> 20) < Category.STRAIGHT


def choose_keep(seen: Seen, level: Level, rng: random.Random) -> list[Card]:
    """The cards to keep at this draw (the rest are thrown)."""
    hole = seen.hole
    draw_max = _int(seen.legal.get("draw_max")) or (5 if seen.lowball else 3)
    strong = level is Level.STRONG
    heads_up = len(seen.opponents) == 1
    if seen.lowball:
        left = seen.draws_left
        opp_last = [o.draws[-1] if o.draws else 5 for o in seen.opponents]
        if strong and snowing(seen) and opp_last and min(opp_last) > 0:
            keep = list(hole)  # a snow goes on to the end while they keep drawing
        elif strong:
            pat_top = dr.pat_limit(left)
            if left == 1 and opp_last and min(opp_last) >= 2:
                pat_top = dr.TEN
            keep = dr.keep_low27(hole, left, pat_top)
            if (heads_up and left <= 2 and len(keep) <= 3 and opp_last
                    and opp_last[0] >= 2 and rng.random() < 0.12):
                keep = list(hole)  # the snow
        else:
            keep = dr.keep_low27(hole, left, dr.NINE, keep_top=dr.NINE)
    else:
        keep = dr.keep_draw5(hole, draw_max)
        category = Category(high5(hole) >> 20)
        if strong:
            if category is Category.TRIPS and rng.random() < 0.2:
                kicker = max((c for c in hole if c not in keep), key=lambda c: c.rank)
                keep = [*keep, kicker]
            elif (heads_up and category < Category.PAIR and len(keep) <= 2
                  and seen.opponents[0].draws and seen.opponents[0].draws[-1] >= 3
                  and rng.random() < 0.06):
                keep = list(hole)  # the snow
        else:
            if category is Category.PAIR and rng.random() < 0.3:
                kicker = max((c for c in hole if c not in keep), key=lambda c: c.rank)
                keep = [*keep, kicker]
            elif len(keep) <= 2 and rng.random() < 0.5:
                gut = dr.inside_straight(hole)
                keep = gut if gut is not None else keep
    return legal_keep(hole, keep, seen.legal)


def legal_keep(hole: Sequence[Card], keep: Sequence[Card], legal: Mapping[str, Any]) -> list[Card]:
    """``keep`` made legal by the view's bounds: at most ``draw_max`` thrown, and when that
    many, one of ``draw_keeps`` among those kept (the highest card kept back otherwise)."""
    most = legal.get("draw_max")
    most = most if type(most) is int and most >= 0 else 0
    keeps = legal.get("draw_keeps")
    kept = [c for c in hole if c in keep]
    rest = sorted((c for c in hole if c not in kept), key=lambda c: c.rank, reverse=True)
    while len(hole) - len(kept) > most:
        kept.append(rest.pop(0))
    if isinstance(keeps, list) and len(hole) - len(kept) == most and most > 0:
        allowed = {str(k) for k in keeps}
        if not any(str(c) in allowed for c in kept):
            pick = next((c for c in rest if str(c) in allowed), rest[0])
            kept.append(pick)
    return kept


# --- the chance to win -------------------------------------------------------------------------


def _class_key(seen: Seen, opp: Opponent, level: Level) -> str:
    if level is Level.CASUAL or not opp.draws:
        return "predraw" if not seen.lowball else "0"
    if not seen.lowball:
        return str(opp.draws[-1])
    return f"{len(opp.draws)}:{opp.draws[-1]}"


def win_shares(seen: Seen, opp: Opponent, level: Level) -> list[float]:
    """For each bucket of the bot's final hand: its chance to beat this opponent (ties half),
    with the opponent's aggression taken as the best of several hands."""
    table = LOW27 if seen.lowball else DRAW5
    counts = table.get(_class_key(seen, opp, level))
    if counts is None or sum(counts) < MIN_CLASS:
        counts = table["0" if seen.lowball else "predraw"]
    total = sum(counts)
    out = []
    below = 0
    for n in counts:
        share = (below + n / 2) / total  # the chance the opponent ends below this bucket
        out.append(share)
        below += n
    if seen.lowball:  # lower wins: beating them is their ending above
        out = [1.0 - s for s in out]
    power = opp.aggression if level is Level.STRONG else 1.0
    return [s ** power for s in out] if power != 1.0 else out


def _value(seen: Seen, five: Sequence[Card]) -> int:
    return dr.low_bucket(low27(five)) if seen.lowball else dr.high_bucket(high5(five))


def _keep_now(seen: Seen, hand: Sequence[Card], left: int) -> list[Card]:
    """The bot's own sound keep with ``left`` draws to come (what it assumes it will do)."""
    if seen.lowball:
        return dr.keep_low27(hand, left)
    return dr.keep_draw5(hand, 4 if any(c >> 2 == dr.ACE for c in hand) else 3)


def _future(seen: Seen, rng: random.Random, unseen: list[Card],
            first: list[Card]) -> list[Card]:
    """One sample of the bot's hand after its draws still to come (its own sound draws,
    ``first`` the keep at the next one): the replacements come in order from one sample of
    the cards it has not seen."""
    left = seen.draws_left
    fresh = rng.sample(unseen, min(len(unseen), 5 * left))
    hand = [*first, *fresh[:5 - len(first)]]
    del fresh[:5 - len(first)]
    for d in range(1, left):
        keep = _keep_now(seen, hand, left - d)
        need = 5 - len(keep)
        if need:
            hand = [*keep, *fresh[:need]]
            del fresh[:need]
    return hand


def chance_steps(seen: Seen, level: Level, rng: random.Random, samples: int | None = None,
                 batch: int = BATCH) -> Generator[None, None, float]:
    """Sliced: ``None`` between batches, then the chance (a float) to win the pot, from
    ``samples`` of the bot's own draws (the level's :data:`SAMPLES` unless told)."""
    chance, _, _ = yield from chance_tally_steps(seen, level, rng, samples, batch)
    return chance


def chance_tally_steps(seen: Seen, level: Level, rng: random.Random, samples: int | None = None,
                       batch: int = BATCH) -> Generator[None, None, tuple[float, float, int]]:
    """:func:`chance_steps` with its standard error and the number of draws sampled (0 when
    none is: no opponent, or no draw to come, when the chance is counted exactly). The
    advisor (``games.drawadvice``) reads the same numbers with more samples."""
    shares = [win_shares(seen, o, level) for o in seen.opponents]
    if not shares:
        yield None
        return 1.0, 0.0, 0
    if seen.draws_left == 0:
        b = _value(seen, seen.hole)
        p = 1.0
        for s in shares:
            p *= s[b]
        yield None
        return p, 0.0, 0
    known = {int(c) for c in (*seen.hole, *seen.dead)}
    unseen = [c for c in FULL_DECK if int(c) not in known]
    total = squares = 0.0
    count = SAMPLES[level] if samples is None else samples
    first = _keep_now(seen, seen.hole, seen.draws_left)
    for i in range(count):
        b = _value(seen, _future(seen, rng, unseen, first))
        p = 1.0
        for s in shares:
            p *= s[b]
        total += p
        squares += p * p
        if (i + 1) % batch == 0:
            yield None
    mean = total / count
    error = (max(0.0, squares / count - mean * mean) / max(1, count - 1)) ** 0.5
    return mean, error, count


# --- betting -----------------------------------------------------------------------------------


def _raise_to(seen: Seen, fraction: float) -> int | None:
    """A bet or raise *to* amount of about ``fraction`` of the pot after calling, within the
    view's bounds (None: no bet or raise is offered)."""
    bounds = seen.legal.get("raise")
    if not isinstance(bounds, Mapping):
        return None
    lo, hi = bounds.get("min_to"), bounds.get("max_to")
    if type(lo) is not int or type(hi) is not int:
        return None
    level = seen.my_bet + seen.to_call
    want = level + int((seen.pot + seen.to_call) * fraction)
    to = max(lo, min(hi, want))
    if hi - to < (seen.pot + seen.to_call) // 3:  # what would be left is no real bet: all in
        to = hi
    return to


def _aggressive(seen: Seen, fraction: float) -> Move | None:
    to = _raise_to(seen, fraction)
    verb = seen.legal.get("raise")
    if to is None or not isinstance(verb, Mapping):
        return None
    return Move(str(verb.get("verb")), to)


def _passive(seen: Seen, call: bool) -> Move:
    if seen.to_call == 0 and seen.legal.get("can_check"):
        return Move("check")
    if call:
        return Move("call")
    return Move("fold")


def bet(seen: Seen, chance: float, level: Level, rng: random.Random) -> Move:
    """The betting move for the chance ``chance`` to win the pot."""
    strong = level is Level.STRONG
    n = len(seen.opponents)
    fair = 1.0 / (n + 1)
    if not strong:
        chance = min(1.0, max(0.0, chance + rng.uniform(-0.08, 0.08)))
    edge = 0.04 if strong and seen.last_to_act else 0.0
    value_line = fair + (1.0 - fair) * (0.2 if strong else 0.28) - edge
    raise_line = fair + (1.0 - fair) * (0.45 if strong else 0.55) - edge
    draws_left = seen.draws_left
    odds = seen.to_call / (seen.pot + seen.to_call) if seen.to_call else 0.0
    need = odds * (0.85 if draws_left else 1.0) if strong else odds * 0.8
    fraction = rng.choice((0.5, 0.75, 1.0)) if not strong else (
        0.75 if chance < 0.85 else rng.choice((0.75, 1.0)))
    if strong and snowing(seen):
        if seen.to_call == 0 or (seen.to_call <= seen.pot // 3 and rng.random() < 0.5):
            move = _aggressive(seen, 0.6) if seen.to_call == 0 else None
            return move or _passive(seen, call=True)
        return _passive(seen, call=False)
    if seen.to_call == 0:
        if chance >= value_line:
            slow = strong and chance > 0.9 and draws_left > 0 and rng.random() < 0.2
            if not slow:
                move = _aggressive(seen, fraction)
                if move is not None:
                    return move
        else:
            opp_drew = [o.draws[-1] for o in seen.opponents if o.draws]
            bluff = (0.03 if not strong else
                     0.12 if seen.last_to_act and n == 1 else 0.05)
            if strong and draws_left == 0 and opp_drew and min(opp_drew) >= 2:
                bluff += 0.1
            if rng.random() < bluff:
                move = _aggressive(seen, 0.6)
                if move is not None:
                    return move
        return _passive(seen, call=True)
    if chance >= raise_line and rng.random() < (0.85 if strong else 0.6):
        move = _aggressive(seen, fraction)
        if move is not None:
            return move
    return _passive(seen, call=chance >= need)


# --- the brain ---------------------------------------------------------------------------------


def _draw_move(hole: Sequence[Card], keep: Sequence[Card]) -> Move:
    return Move("draw", cards=tuple(str(c) for c in hole if c not in keep))


@dataclass(frozen=True)
class DrawBrain:
    """5-card draw's and 2-7 Triple Draw's bot (:class:`room.bots.Brain`)."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        seen = read(view)
        if seen is None:
            yield _fallback(view)
            return
        if seen.drawing:
            yield _draw_move(seen.hole, choose_keep(seen, level, rng))
            return
        chance = yield from chance_steps(seen, level, rng)
        yield bet(seen, chance, level, rng)


def _fallback(view: Mapping[str, Any]) -> Move:
    """A view the bot cannot read: the clock's own default (stand pat, check, else fold)."""
    game = view.get("game")
    legal = game.get("legal") if isinstance(game, Mapping) else None
    actions = legal.get("actions") if isinstance(legal, Mapping) else None
    actions = actions if isinstance(actions, list) else []
    if "draw" in actions:
        return Move("draw")
    return Move("check") if "check" in actions else Move("fold")


BRAIN = DrawBrain()
"""The brain the catalogue names for 5-card draw and 2-7 Triple Draw."""

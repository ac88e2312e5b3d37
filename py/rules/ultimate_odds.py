"""Ultimate Omaha odds from one seat: P(qualify), E[multiplier] and the edge of Double over Check.

What a player knows is their four hole cards, the board cards shown so far (none preflop,
three of each board on the flop) and so the betting round. Everything here starts from that
and nothing else; the rules themselves (a board's multiplier, qualifying on both boards, the
total multiplier, what one pair of players settles) are :mod:`rules.ultimate`'s, called, never
restated (``static/rules/ultimate-omaha.md#settlement``).

**Why Double's edge needs no opponent's cards.** Settlement is pairwise: with ``n`` players a
player's net is ``claim(P) × (n − 1) − Σ claim(O)`` over the others, where a claim is
``stake × total multiplier`` when qualified and ``−stake`` when fouled (:func:`rules.ultimate.
claim`, :func:`rules.ultimate.settle`). A player's own choice only changes their own stake, and
a claim is proportional to the stake, so::

    net(Double) − net(Check) = stake × (n − 1) × c        (alone against the bank: × 1)

with ``c`` the claim per unit of stake (``total multiplier`` or ``−1``). The others' claims drop
out whatever their cards are. The board cards still to come are a uniform draw from the cards
this player has not seen, whether or not some of those sit in opponents' hands, so sampling the
opponents' hands would change no expectation and only cost time: the sampler deals the missing
board cards from the unseen ones.

**The model of the opponents' choices.** The formula holds when the others' choices do not
depend on this player's choice in the same round — always true, since choices are simultaneous
(``static/rules/ultimate-omaha.md#check-or-double``). Preflop there is one more round: a
preflop Double is seen by everyone at the flop, and we assume nobody's flop choice reacts to it.
That is how a player who plays for their own expected result chooses: by the formula above,
other players' stakes never enter their edge.

**The edge by round** (per unit of the current stake and per opponent; :func:`edge_cents` turns
it into cents):

- *flop*: ``E[c]`` over the turn and river of both boards;
- *preflop*: the stake doubled now is doubled again or not at the flop, where this player will
  Double exactly when ``m_f = E[c | flop] > 0``. Checking is worth ``E[max(m_f, 2 m_f)]`` per
  unit of stake, doubling twice that, so the edge is ``E[max(m_f, 2 m_f)] = E[c] + E[max(m_f,
  0)]``: the claim plus the value of the flop's option. Since the option is never negative,
  Double is right preflop whenever ``E[c] > 0``.

Double raises the expected result exactly when the edge is above zero.

Three ways to estimate, each also as a sliced generator (``None`` between batches of work, the
result last) so the page never freezes: :func:`odds_steps` samples (the bots and the advisor),
:func:`exact_flop_steps` enumerates every turn and river of both boards on the flop, and
:func:`reference` is the benchmark's and the tests' yardstick (exact on the flop; preflop, see
there).

>>> import random
>>> from rules.cards import parse_cards
>>> o = odds(parse_cards("As Ad Ks Kd"), ((), ()), rng=random.Random(1), samples=400)
>>> o.p_qualify == 1.0, o.double_edge > o.claim > 0
(True, True)
>>> e = exact_flop(parse_cards("As Ad Ks Kd"), (parse_cards("Ah Kh 2c"), parse_cards("Ac Kc 3d")))
>>> e.p_qualify, e.exact, e.samples
(1.0, True, 671580)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import Card, CardError, check_distinct
from .evaluator import omaha_high
from .ultimate import (
    BOARD_CARDS,
    FLOP_CARDS,
    HOLE_CARDS,
    BoardScore,
    Phase,
    PlayerScore,
    claim,
    hand_name,
    multiplier,
    qualifies,
)

FLOP_INNER = 8
"""Preflop sampling deals this many turns and rivers on each sampled flop, so every flop's own
``E[c | flop]`` can be estimated for the value of the option to Double there."""

_FLOP_UNSEEN = 52 - HOLE_CARDS - 2 * FLOP_CARDS
FLOP_DEALS = math.comb(_FLOP_UNSEEN, 2) * math.comb(_FLOP_UNSEEN - 2, 2)
"""Joint turn-and-river deals of both boards once the flops are out: 861 × 780 = 671,580."""

SCREEN_DEALS = 20_000
"""The reference's preflop screen: this many whole deals settle a spot whose claim is so far
above zero that the option (never negative) cannot matter."""
SCREEN_Z = 6.0
"""Standard errors the screen's claim must sit above zero (chance of a wrong call < 1e-9)."""
REFERENCE_FLOPS = 300
"""The reference's preflop spots the screen leaves open: this many flops, each with every turn
and river of both boards enumerated exactly (no inner sampling noise, no bias in the option)."""


@dataclass(frozen=True)
class UltimateOdds:
    """One seat's odds at a decision.

    ``p_qualify``: chance of qualifying on both boards. ``e_multiplier``: expected total
    multiplier, a foul counting 0 (as the rules' tools print it). ``claim``: expected claim per
    unit of stake, ``E[c]``. ``double_edge``: what Double gains over Check in expectation, per
    unit of the current stake and per opponent (see the module's docstring; preflop it
    includes the option to Double on the flop). ``claim_se``/``edge_se``: their standard
    errors (0 when exact). ``samples``: deals weighed (each one turn and river of both boards,
    or a whole deal preflop). ``exact``: enumerated, not sampled. ``spread``: preflop sampling
    values the option between two estimates that lean under and over it (see
    :func:`odds_steps`); the edge is their midpoint, and ``spread`` half their distance, so
    the true edge lies within ``double_edge ± spread`` up to the sampling error.
    """

    p_qualify: float
    e_multiplier: float
    claim: float
    double_edge: float
    samples: int
    claim_se: float = 0.0
    edge_se: float = 0.0
    exact: bool = False
    spread: float = 0.0

    @property
    def double(self) -> bool:
        """Whether Double raises the expected result (a tie is a Check: nothing to gain)."""
        return self.double_edge > 0


def opponents(players: int) -> int:
    """How many pairs one player's claim is settled in: ``n − 1``, or 1 alone with the bank
    (``static/rules/ultimate-omaha.md#playing-alone``).

    >>> opponents(1), opponents(2), opponents(10)
    (1, 1, 9)
    """
    if players < 1:
        raise ValueError(f"a hand has at least one player, got {players}")
    return max(1, players - 1)


def edge_cents(result: UltimateOdds, stake_cents: int, players: int) -> float:
    """Double's expected gain over Check in cents: edge × stake × opponents.

    >>> edge_cents(UltimateOdds(0.5, 1.0, 0.5, 0.25, 100), 200, 4)
    150.0
    """
    return result.double_edge * stake_cents * opponents(players)


def round_of(boards: Sequence[Sequence[int]]) -> Phase:
    """The betting round from the board cards shown: none preflop, three of each on the flop.

    >>> round_of(((), ())), round_of(((0, 1, 2), (3, 4, 5)))
    (<Phase.PREFLOP: 'preflop'>, <Phase.FLOP: 'flop'>)
    """
    if len(boards) != 2:
        raise CardError(f"Ultimate Omaha has two boards, got {len(boards)}")
    shown = {len(b) for b in boards}
    if shown == {0}:
        return Phase.PREFLOP
    if shown == {FLOP_CARDS}:
        return Phase.FLOP
    raise CardError(
        f"a decision is made with no board card or three of each shown, got {sorted(shown)}"
    )


class _Scorer:
    """Scores one board for a fixed hole by the rules' own functions; remembers the multiplier
    of each hand value met (they repeat a lot) and one value per multiplier, so the whole
    hand's score can be put together by :class:`rules.ultimate.PlayerScore` at the end."""

    def __init__(self, hole: Sequence[int]) -> None:
        self.hole = tuple(int(c) for c in hole)
        self.mult: dict[int, int] = {}
        self.example: dict[int, int] = {}
        self.claims: dict[tuple[int, int], int] = {}

    def board(self, cards: Sequence[int]) -> int:
        value = omaha_high(self.hole, cards)
        m = self.mult.get(value)
        if m is None:
            m = self.mult[value] = multiplier(value)
            self.example.setdefault(m, value)
        return m

    def score(self, m1: int, m2: int) -> PlayerScore:
        return PlayerScore.of(self._board(m1), self._board(m2))

    def claim(self, m1: int, m2: int) -> int:
        """The claim per unit of stake of a hand scoring ``m1`` and ``m2`` on the boards."""
        c = self.claims.get((m1, m2))
        if c is None:
            c = self.claims[m1, m2] = claim(1, self.score(m1, m2))
        return c

    def _board(self, m: int) -> BoardScore:
        v = self.example[m]
        return BoardScore(v, hand_name(v), multiplier(v), qualifies(v), ())


@dataclass
class _Tally:
    """Weights of (board 1 multiplier, board 2 multiplier) pairs, turned into odds by the
    rules (qualifying on both, the total multiplier, the claim) once per distinct pair."""

    weights: dict[tuple[int, int], int]

    def add(self, m1: int, m2: int, weight: int = 1) -> None:
        key = (m1, m2)
        self.weights[key] = self.weights.get(key, 0) + weight

    def summary(self, scorer: _Scorer) -> tuple[float, float, float, float, int]:
        """(P(qualify), E[multiplier], E[c], sd of c, total weight)."""
        total = q = m = c = c2 = 0
        for (m1, m2), w in self.weights.items():
            score = scorer.score(m1, m2)
            unit = scorer.claim(m1, m2)
            total += w
            q += w * score.qualifies
            m += w * score.total_multiplier
            c += w * unit
            c2 += w * unit * unit
        if total == 0:
            raise ValueError("no deal was weighed")
        mean = c / total
        return q / total, m / total, mean, math.sqrt(max(0.0, c2 / total - mean * mean)), total


def _unseen(hole: Sequence[int], boards: Sequence[Sequence[int]]) -> tuple[list[int], Phase]:
    hole_t = tuple(Card(c) for c in hole)
    if len(hole_t) != HOLE_CARDS:
        raise CardError(f"hole needs {HOLE_CARDS} cards, got {len(hole_t)}")
    phase = round_of(boards)
    shown = [Card(c) for b in boards for c in b]
    check_distinct(list(hole_t) + shown, "hole and boards")
    known = set(hole_t) | set(shown)
    return [c for c in range(52) if c not in known], phase


def odds_steps(
    hole: Sequence[int],
    boards: Sequence[Sequence[int]],
    *,
    rng: random.Random,
    samples: int,
    batch: int = 64,
    enough: Callable[[UltimateOdds], bool] | None = None,
) -> Iterator[UltimateOdds | None]:
    """:func:`odds` in slices: yields ``None`` after every ``batch`` deals, then the odds.

    ``enough``, if given, sees the odds so far after each batch and ends the sampling early
    when it answers True (a bot stops once its choice is beyond doubt).

    Flop: each sample deals a turn and river to both boards from the unseen cards. Preflop:
    each sampled flop gets :data:`FLOP_INNER` turn-and-river deals; their mean ``c`` estimates
    that flop's ``E[c | flop]``, from which the option to Double there is valued two ways that
    bracket it. ``max(mean, 0)`` leans over the truth (a noisy mean's maximum is too high on
    average); cross-fitting leans under it (the first half of the deals decides, the second
    half values that decision, and the other way round: the value of a flop choice made on
    noise, which no choice beats the best one). The estimate is their midpoint, and
    ``spread`` half their distance. On hands where the option decides, the claim's own sampling
    error (about 0.07 of a stake at 2,400 deals) outweighs that lean; the README's benchmark
    section has the bot's figures against :func:`reference`.
    """
    if samples < 1 or batch < 1:
        raise ValueError(f"samples and batch must be positive, got {samples} and {batch}")
    unseen, phase = _unseen(hole, boards)
    scorer = _Scorer(hole)
    tally = _Tally({})
    score = scorer.board
    b1 = tuple(int(c) for c in boards[0])
    b2 = tuple(int(c) for c in boards[1])
    sample = rng.sample
    done = 0
    # flops; sum and square sum of the claim and of the edge; sum of the option's spread
    flop_stats = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    half = FLOP_INNER // 2
    while done < samples:
        if phase == Phase.FLOP:
            for _ in range(min(batch, samples - done)):
                d = sample(unseen, 4)
                tally.add(score((*b1, d[0], d[1])), score((*b2, d[2], d[3])))
            done = min(samples, done + batch)
        else:
            flops = max(1, min(batch, samples - done) // FLOP_INNER)
            for _ in range(flops):
                f = sample(unseen, 2 * FLOP_CARDS)
                flop1, flop2 = tuple(f[:3]), tuple(f[3:])
                rest = [c for c in unseen if c not in f]
                cs: list[int] = []
                for _ in range(FLOP_INNER):
                    d = sample(rest, 4)
                    m1, m2 = score((*flop1, d[0], d[1])), score((*flop2, d[2], d[3]))
                    tally.add(m1, m2)
                    cs.append(scorer.claim(m1, m2))
                a = sum(cs[:half]) / half
                b = sum(cs[half:]) / (FLOP_INNER - half)
                mean_c = (a + b) / 2
                over = max(mean_c, 0.0)
                under = ((b if a > 0 else 0.0) + (a if b > 0 else 0.0)) / 2
                option = (over + under) / 2
                # The edge of this flop's deals: their claim plus the option's value.
                e = mean_c + option
                flop_stats[0] += 1
                flop_stats[1] += mean_c
                flop_stats[2] += mean_c * mean_c
                flop_stats[3] += e
                flop_stats[4] += e * e
                flop_stats[5] += (over - under) / 2
            done += flops * FLOP_INNER
        result = _result(tally, scorer, phase, flop_stats)
        if done >= samples or (enough is not None and enough(result)):
            yield result
            return
        yield None


def _mean_se(count: float, total: float, squares: float) -> tuple[float, float]:
    mean = total / count
    return mean, math.sqrt(max(0.0, squares / count - mean * mean) / count)


def _result(tally: _Tally, scorer: _Scorer, phase: Phase, flops: list[float]) -> UltimateOdds:
    p, m, c, sd, n = tally.summary(scorer)
    if phase == Phase.FLOP:
        se = sd / math.sqrt(n)
        return UltimateOdds(p, m, c, c, n, se, se)
    # The deals on one flop are alike, so the errors are those of the flops' own means.
    _c, claim_se = _mean_se(flops[0], flops[1], flops[2])
    edge, edge_se = _mean_se(flops[0], flops[3], flops[4])
    return UltimateOdds(p, m, c, edge, n, claim_se, edge_se, spread=flops[5] / flops[0])


def odds(
    hole: Sequence[int],
    boards: Sequence[Sequence[int]],
    *,
    rng: random.Random,
    samples: int,
) -> UltimateOdds:
    """One seat's odds by sampling ``samples`` deals of the unseen board cards (see
    :func:`odds_steps`). ``boards`` holds the cards shown of each board: ``((), ())``
    preflop, three of each on the flop."""
    return _last(odds_steps(hole, boards, rng=rng, samples=samples))


def _last(steps: Iterator[UltimateOdds | None]) -> UltimateOdds:
    for step in steps:
        if step is not None:
            return step
    raise AssertionError("the steps ended without a result")


def exact_flop_steps(
    hole: Sequence[int], boards: Sequence[Sequence[int]], batch: int = 128
) -> Iterator[UltimateOdds | None]:
    """:func:`exact_flop` in slices (``None`` after every ``batch`` boards scored).

    Every turn-and-river pair of each board is scored once (861 per board with 42 cards
    unseen); the joint deals are the pairs of such pairs with no card in common. Counting
    those per pair of multipliers needs no double loop: all pairs, minus the pairs sharing a
    card (counted per card), plus the pairs sharing both (counted twice by the per-card sum).
    """
    unseen, phase = _unseen(hole, boards)
    if phase != Phase.FLOP:
        raise CardError("the exact odds are for the flop: three cards of each board shown")
    scorer = _Scorer(hole)
    b1 = tuple(int(c) for c in boards[0])
    b2 = tuple(int(c) for c in boards[1])
    pairs = list(combinations(unseen, 2))
    ms1: list[int] = []
    ms2: list[int] = []
    for i, (x, y) in enumerate(pairs):
        ms1.append(scorer.board((*b1, x, y)))
        ms2.append(scorer.board((*b2, x, y)))
        if (i + 1) % batch == 0:
            yield None
    count1: dict[int, int] = {}
    count2: dict[int, int] = {}
    per_card1: dict[tuple[int, int], int] = {}
    per_card2: dict[tuple[int, int], int] = {}
    tally = _Tally({})
    for (x, y), m1, m2 in zip(pairs, ms1, ms2, strict=True):
        count1[m1] = count1.get(m1, 0) + 1
        count2[m2] = count2.get(m2, 0) + 1
        for card in (x, y):
            per_card1[m1, card] = per_card1.get((m1, card), 0) + 1
            per_card2[m2, card] = per_card2.get((m2, card), 0) + 1
        tally.add(m1, m2)  # the same pair on both boards: shares both cards
    for m1, n1 in count1.items():
        for m2, n2 in count2.items():
            shared = sum(
                per_card1.get((m1, card), 0) * per_card2.get((m2, card), 0) for card in unseen
            )
            tally.add(m1, m2, n1 * n2 - shared)
    p, m, c, _sd, n = tally.summary(scorer)
    yield UltimateOdds(p, m, c, c, n, exact=True)


def exact_flop(hole: Sequence[int], boards: Sequence[Sequence[int]]) -> UltimateOdds:
    """The exact odds on the flop: every turn and river of both boards weighed once."""
    return _last(exact_flop_steps(hole, boards))


def reference(
    hole: Sequence[int],
    boards: Sequence[Sequence[int]],
    rng: random.Random,
    flops: int = REFERENCE_FLOPS,
) -> UltimateOdds:
    """The yardstick the benchmark and the tests hold the bots to.

    Flop: :func:`exact_flop`. Preflop no enumeration is affordable (some 245 million pairs of
    flops), so first :data:`SCREEN_DEALS` whole deals estimate the claim. When it is
    :data:`SCREEN_Z` standard errors above zero, Double is settled (the option only adds) and
    the edge is reported as the claim, a lower bound. Otherwise the option is added: the mean
    of ``max(m_f, 0)`` over ``flops`` sampled flops, each with every turn and river of both
    boards enumerated by :func:`exact_flop` (no inner noise, so no lean either way).
    """
    unseen, phase = _unseen(hole, boards)
    if phase == Phase.FLOP:
        return exact_flop(hole, boards)
    screen = _screen(hole, unseen, rng)
    if screen.claim - SCREEN_Z * screen.claim_se > 0:
        return screen
    total = squares = 0.0
    for _ in range(flops):
        f = rng.sample(unseen, 2 * FLOP_CARDS)
        option = max(exact_flop(hole, (f[:3], f[3:])).claim, 0.0)
        total += option
        squares += option * option
    option, option_se = _mean_se(flops, total, squares)
    return UltimateOdds(
        screen.p_qualify,
        screen.e_multiplier,
        screen.claim,
        screen.claim + option,
        screen.samples + flops * FLOP_DEALS,
        screen.claim_se,
        math.hypot(screen.claim_se, option_se),
    )


def _screen(hole: Sequence[int], unseen: list[int], rng: random.Random) -> UltimateOdds:
    """Whole deals preflop: the claim only; the edge is reported as the claim (its lower
    bound, the option being never negative)."""
    scorer = _Scorer(hole)
    tally = _Tally({})
    for _ in range(SCREEN_DEALS):
        d = rng.sample(unseen, 2 * BOARD_CARDS)
        tally.add(scorer.board(d[:5]), scorer.board(d[5:]))
    p, m, c, sd, n = tally.summary(scorer)
    se = sd / math.sqrt(n)
    return UltimateOdds(p, m, c, c, n, se, se)


# --- the advisor -------------------------------------------------------------------------------

ADVISOR_SAMPLES = 4000
"""Deals the advisor samples preflop (on the flop it enumerates: 671,580 deals, exact)."""


@dataclass(frozen=True)
class UltimateAdvice:
    """What the advisor shows a player about their own hand: the chance to qualify, the
    expected total multiplier (a foul counting 0), Double's expected gain over Check in cents
    (whole cents, rounded) for this stake and table, and whether that gain is positive."""

    p_qualify: float
    e_multiplier: float
    edge_cents: int
    double: bool
    samples: int
    exact: bool


def advice_from(result: UltimateOdds, stake_cents: int, players: int) -> UltimateAdvice:
    """The advisor's numbers from odds, a stake (cents) and the players in the hand.

    >>> a = advice_from(UltimateOdds(0.5, 1.2, 0.7, 0.9, 100), stake_cents=200, players=3)
    >>> a.edge_cents, a.double, a.p_qualify
    (360, True, 0.5)
    """
    return UltimateAdvice(
        result.p_qualify,
        result.e_multiplier,
        round(edge_cents(result, stake_cents, players)),
        result.double,
        result.samples,
        result.exact,
    )


def advice_steps(
    hole: Sequence[int],
    boards: Sequence[Sequence[int]],
    stake_cents: int,
    players: int,
    *,
    rng: random.Random,
    samples: int = ADVISOR_SAMPLES,
    batch: int = 64,
) -> Iterator[UltimateAdvice | None]:
    """The advisor's numbers for one seat, in slices (``None`` between batches): exact on the
    flop, ``samples`` deals preflop."""
    if round_of(boards) == Phase.FLOP:
        steps = exact_flop_steps(hole, boards, batch=batch)
    else:
        steps = odds_steps(hole, boards, rng=rng, samples=samples, batch=batch)
    for step in steps:
        yield None if step is None else advice_from(step, stake_cents, players)


def advice(
    hole: Sequence[int],
    boards: Sequence[Sequence[int]],
    stake_cents: int,
    players: int,
    *,
    rng: random.Random,
    samples: int = ADVISOR_SAMPLES,
) -> UltimateAdvice:
    """:func:`advice_steps` run to its end.

    >>> import random
    >>> from rules.cards import parse_cards
    >>> a = advice(parse_cards("As Ad Ks Kd"), (parse_cards("Ah Kh 2c"),
    ...            parse_cards("Ac Kc 3d")), 100, 2, rng=random.Random(1))
    >>> a.p_qualify, a.exact, a.double, a.edge_cents > 100
    (1.0, True, True, True)
    """
    for step in advice_steps(hole, boards, stake_cents, players, rng=rng, samples=samples):
        if step is not None:
            return step
    raise AssertionError("the advice's steps ended without a result")

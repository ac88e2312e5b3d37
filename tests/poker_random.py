"""Random hands of every betting game, for the property and differential tests.

A hand is drawn from a ``random.Random`` (settings, deck, and each decision among the legal
ones, amounts anywhere within the bounds the engine reports), so any failure replays from its
seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rules.cards import Card
from rules.poker import Action, Betting, Game, Hand, HandConfig, Phase, Verb
from rules.variants import Blinds


@dataclass(frozen=True)
class Knobs:
    """What random hands may contain."""

    games: tuple[Game, ...] = tuple(Game)
    bettings: tuple[Betting, ...] = tuple(Betting)
    min_seats: int = 2
    max_seats: int = 10
    short_stacks: bool = True
    caps: bool = True
    fold_weight: float = 0.15
    short_antes: bool = False
    """Always an ante, and short stacks often below it (all in on the ante, or on a blind)."""
    deep_draws: bool = False
    """Draw at least 2 cards: six or seven players then run the stub short."""
    posts: bool = False
    """Where blinds are posted, some seats also post a big blind to come in (cash newcomers)."""
    draw_blinds: bool = False
    """Draw posts blinds (the host's option) in about half its hands, an ante or not on top."""


def random_config(rng: random.Random, knobs: Knobs = Knobs()) -> HandConfig:
    game = rng.choice(knobs.games)
    v = game.variant  # the game's record says what varies: seats, bomb ante, blinds
    betting = rng.choice(knobs.bettings)
    fewest, most = v.seats
    seats = rng.randint(min(max(fewest, knobs.min_seats), most), min(most, knobs.max_seats))
    big = rng.choice((2, 10, 20))
    small = rng.choice((big // 2, big // 2, 1))
    ante = rng.choice((0, 0, 1, big // 2)) if not v.bomb_ante else rng.choice(
        (big, 2 * big, 5)
    )
    if knobs.short_antes and not v.bomb_ante:
        ante = rng.choice((1, big // 2, big, 2 * big))
    stacks = []
    for _ in range(seats):
        kind = rng.random()
        if knobs.short_antes and kind < 0.35:
            stacks.append(rng.randint(1, max(2, 2 * ante) if kind < 0.25 else 3 * big))
        elif knobs.short_stacks and kind < 0.15:
            stacks.append(rng.randint(1, 3 * big))
        elif kind < 0.6:
            stacks.append(rng.randint(20, 100) * big)
        else:
            stacks.append(rng.randint(5, 400) * big // 4 + rng.randint(0, 9))
    if v.bomb_ante:
        while sum(s >= ante for s in stacks) < 2:
            stacks[rng.randrange(seats)] = ante * rng.randint(1, 50)
    cap = None
    if knobs.caps and betting is not Betting.FIXED_LIMIT:
        cap = rng.choice((None, None, 2, 3, 4))
    dealt = [s for s in range(seats) if not v.bomb_ante or stacks[s] >= ante]
    button = rng.randrange(seats) if v.bomb_ante else rng.choice(dealt)
    draw_blinds = knobs.draw_blinds and v.blinds is Blinds.OPTION and rng.random() < 0.5
    posts: tuple[int, ...] = ()
    if knobs.posts and (game.posts_blinds or draw_blinds):
        posts = tuple(s for s in dealt if rng.random() < 0.3)
    return HandConfig(game, betting, tuple(stacks), button, (small, big), ante, cap, posts,
                      draw_blinds)


def random_reshuffle(rng: random.Random) -> Callable[[tuple[Card, ...]], list[Card]]:
    def reshuffle(cards: tuple[Card, ...]) -> list[Card]:
        out = list(cards)
        rng.shuffle(out)
        return out

    return reshuffle


def choose(hand: Hand, rng: random.Random, knobs: Knobs = Knobs()) -> Action:
    """A random legal action for the seat to act (amounts spread over the legal range)."""
    legal = hand.legal()
    seat = legal.seat
    if legal.phase is Phase.DRAWING:
        cards = hand.hole[seat]
        draws = hand.variant.draws
        assert draws is not None
        count = rng.randint(2 if knobs.deep_draws else 0, legal.draw_max or 0)
        if count > draws.most:  # the ace rule: keep an ace
            keep = next(c for c in cards if c.rank == 12)
            return Action(seat, Verb.DRAW, None, tuple(c for c in cards if c != keep))
        return Action(seat, Verb.DRAW, None, tuple(rng.sample(cards, count)))
    r = rng.random()
    if r < knobs.fold_weight and not legal.can_check:
        return Action(seat, Verb.FOLD)
    if r < 0.02:
        return Action(seat, Verb.FOLD)
    if legal.raise_verb is not None and r < 0.55:
        lo, hi = legal.min_to, legal.max_to
        assert lo is not None and hi is not None
        pick = rng.random()
        if pick < 0.4:
            to = lo
        elif pick < 0.55:
            to = hi
        else:
            to = rng.randint(lo, hi)
        return Action(seat, legal.raise_verb, to)
    if legal.all_in_to is not None and r < 0.62:
        return Action(seat, Verb.ALLIN)
    return Action(seat, Verb.CHECK if legal.can_check else Verb.CALL)


def random_hand(
    seed: int,
    knobs: Knobs = Knobs(),
    each: Callable[[Hand, Action], None] | None = None,
) -> Hand:
    """Plays one random hand to the end; ``each(hand, action)`` runs after every action."""
    rng = random.Random(seed)
    config = random_config(rng, knobs)
    deck = list(config.variant.deck)
    rng.shuffle(deck)
    hand = Hand(config, deck, reshuffle=random_reshuffle(rng))
    steps = 0
    while not hand.is_over:
        action = choose(hand, rng, knobs)
        hand.do(action)
        steps += 1
        assert steps < 500, "a hand that does not end"
        if each is not None:
            each(hand, action)
    return hand

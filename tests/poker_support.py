"""Random hands of every game for the poker tests (and the benchmark): a seeded dealer and a
player that picks uniformly among the legal actions, amounts at and between the bounds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.cards import FULL_DECK, Card
from rules.poker import Action, Betting, Deck, Game, Hand, TableRules, Verb


def random_rules(rng: random.Random, game: Game | None = None,
                 betting: Betting | None = None) -> TableRules:
    game = game or rng.choice(list(Game))
    betting = betting or rng.choice(list(Betting))
    big = rng.choice([2, 10, 20, 50])
    small = big // 2 if game.posts_blinds else rng.choice([0, big // 2])
    ante = rng.choice([0, 0, 1, big // 2]) if game is not Game.BOMB_DOUBLE else rng.choice(
        [big, 2 * big, 5 * big])
    cap = None
    if betting is not Betting.FIXED_LIMIT and rng.random() < 0.2:
        cap = rng.randint(1, 5)
    return TableRules(game, betting, small, big, ante, cap)


def random_stacks(rng: random.Random, rules: TableRules, n: int) -> list[int]:
    big = rules.big_blind
    shapes = [
        lambda: rng.randint(1, 300) * big,
        lambda: rng.randint(1, 3 * big),
        lambda: rng.randint(20, 60) * big,
    ]
    return [max(1, rng.choice(shapes)()) for _ in range(n)]


def reshuffler(rng: random.Random) -> Callable[[Sequence[Card]], list[Card]]:
    def shuffle(cards: Sequence[Card]) -> list[Card]:
        out = list(cards)
        rng.shuffle(out)
        return out
    return shuffle


def new_hand(rng: random.Random, game: Game | None = None, betting: Betting | None = None,
             seats: int | None = None) -> Hand:
    rules = random_rules(rng, game, betting)
    n = seats or rng.randint(2, rules.game.max_seats)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    while True:
        stacks = random_stacks(rng, rules, n)
        if rules.game is not Game.BOMB_DOUBLE or sum(s >= rules.ante for s in stacks) >= 2:
            break
    return Hand(rules, stacks, rng.randrange(n), Deck(deck, reshuffler(rng)))


def random_action(rng: random.Random, hand: Hand) -> Action:
    opts = hand.options()
    seat = opts.seat
    if opts.discards is not None:
        limit = opts.discards
        hole = hand.hole[seat]
        k = rng.randint(0, limit)
        if k == 4:
            aces = [c for c in hole if c.rank == 12]
            keep = rng.choice(aces)
            return Action(seat, Verb.DRAW, cards=tuple(c for c in hole if c != keep))
        return Action(seat, Verb.DRAW, cards=tuple(rng.sample(hole, k)))
    weights = {Verb.FOLD: 1, Verb.CHECK: 4, Verb.CALL: 4, Verb.BET: 3, Verb.RAISE: 2,
               Verb.ALLIN: 0.5}
    verbs = list(opts.verbs)
    verb = rng.choices(verbs, [weights[v] for v in verbs])[0]
    if verb in (Verb.BET, Verb.RAISE):
        bounds = opts.bet_to if verb is Verb.BET else opts.raise_to
        assert bounds is not None
        low, high = bounds
        amount = rng.choice([low, high, rng.randint(low, high)])
        return Action(seat, verb, amount)
    return Action(seat, verb)


def play_random(rng: random.Random, hand: Hand,
                each: Callable[[Hand], None] | None = None) -> list[Action]:
    done = []
    while not hand.is_over:
        a = random_action(rng, hand)
        hand.do(a)
        done.append(a)
        if each is not None:
            each(hand)
    return done


def table(game: str = "holdem", *, stacks: Sequence[int] = (1000, 1000, 1000), button: int = 0,
          blinds: tuple[int, int] = (5, 10), ante: int = 0, betting: str | None = None,
          cap: int | None = None, hole: Sequence[str] | None = None,
          boards: Sequence[str] | None = None, stub: str = "",
          actions: Sequence[str] = ()) -> Hand:
    """A hand with scripted cards, after ``actions``. ``hole`` gives each seat's cards as
    text (``"As Kd"``; ``""`` for a seat not dealt in), ``boards`` each board's five cards;
    whatever is left out is filled from an unused deck in index order."""
    from rules.cards import parse_cards
    from rules.poker import ScriptedCards

    rules = TableRules.parse({"game": game, "betting": betting, "blinds": list(blinds),
                              "ante": ante, "cap": cap})
    g = rules.game
    used: set[Card] = set()
    given_hole = [list(parse_cards(h)) for h in hole] if hole is not None else None
    given_boards = [list(parse_cards(b)) for b in boards] if boards is not None else None
    for cards in (given_hole or []) + (given_boards or []) + [list(parse_cards(stub))]:
        used.update(cards)
    spare = iter([c for c in FULL_DECK if c not in used])
    if given_hole is None:
        given_hole = [
            [next(spare) for _ in range(g.hole_count)]
            if g is not Game.BOMB_DOUBLE or s >= ante else []
            for s in stacks
        ]
    if given_boards is None:
        given_boards = [[next(spare) for _ in range(5)] for _ in range(g.board_count)]
    hand = Hand(rules, list(stacks), button,
                ScriptedCards(given_hole, given_boards, list(parse_cards(stub))))
    for a in actions:
        hand.do(a)
    return hand

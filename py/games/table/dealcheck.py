"""Reading a game's view against the hand's public dealing order: where each card shown must be.

A player's browser checks the provably fair deal itself (``room.client``), and the room knows
no game; what it needs from a game is this: given one view of the game, the dealing order
published with the commitment (``fair.order``, before any nonce) and the players whose nonce
is in the deal's set, *which places of the public dealing order* (:mod:`rules.dealorder`)
hold the cards the view shows — as :class:`rules.fairdeal.Placed` records the browser checks
against the revealed deck at results. The places come from the order and the game's dealing
procedure, never from the host; a view that contradicts the published order (a card shown
for a player not dealt in, another game, another button, a draw count that cannot be) raises
``ValueError`` saying so, and the browser shows the hand as not verified.

The page hands :func:`deal_reader` to the room's client (through ``games.registry``), as it
hands the host its game's factory. Pure and light: guests load this, never a game's engine.

Which reader reads a game follows from its records, not its name: a table game (its record
in :data:`rules.variants.VARIANTS`) shows the table screen's views, a game with a dealing
layout and no such record (Ultimate Omaha) the seat-order views of :func:`players_reader`.
Ultimate Omaha:

>>> view = {"phase": "preflop", "you": {"hole": ["As", "Kd", "2c", "3c"]},
...         "board1": ["??"] * 5, "board2": ["??"] * 5, "seats": []}
>>> read = deal_reader("ultimate")
>>> [p.to_wire() for p in read(view, {"game": "ultimate", "players": ["p1", "p2"]},
...                            {"p1", "p2"}, "p2")][:2]
[[[4], ['As'], [4]], [[5], ['Kd'], [5]]]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import Any

from rules.cards import FULL_DECK, Card
from rules.dealorder import LAYOUTS, DealOrder, hand_order
from rules.fairdeal import FairDealError, Placed, order_deck
from rules.variants import VARIANTS

Drawn = tuple[tuple[int | None, ...], ...]
"""A player's stub cards, draw by draw (deck positions; None: from a reshuffle of the
discards, past the deck's end)."""
DealReader = Callable[[Mapping[str, Any], Mapping[str, Any], Collection[str], "str | None"],
                      list[Placed]]
"""``(game view, published dealing order, players with a nonce, viewer) -> places``."""
HIDDEN = "??"
MAX_SEATS = 10


def read_table_game(
    game: Mapping[str, Any], order: Mapping[str, Any], nonced: Collection[str], you: str | None
) -> list[Placed]:
    """The places of every card a table game's view (``games.poker.views``) shows: the
    boards, the viewer's hole cards (after a draw: their hole cards and the stub cards their
    discard count gives them), the hands shown at a showdown (the same), and the results'
    record of them. ``order`` is ``{"game", "button", "seats": [[seat, id, dealt in], ...]}``.
    """
    game_id = _text(order.get("game"), "the dealing order's game")
    layout = LAYOUTS.get(game_id)
    if layout is None or game_id not in VARIANTS:
        raise ValueError(f"the dealing order names no table game ({game_id[:20]!r})")
    seats = _seats(order.get("seats"))
    button = order.get("button")
    if type(button) is not int or not 0 <= button < MAX_SEATS:
        raise ValueError(f"the dealing order's button {str(button)[:20]!r} is not a seat")
    if game.get("phase") == "dealing":
        return []
    hand_button, dealing = hand_order(seats, button, nonced)
    plan, index = _plan(order, game_id, dealing)
    pid_at = {seat: pid for seat, pid, _ in seats}
    shown_as = game.get("hand_game")
    if shown_as is not None and shown_as != game_id:
        raise ValueError(f"the hand is played as {str(shown_as)[:20]} but its dealing order, "
                         f"published before the nonces, is for {game_id}")
    if game.get("button") != hand_button:
        raise ValueError(f"the button is shown on seat {str(game.get('button'))[:4]} but the "
                         f"dealing order published before the nonces puts it on seat "
                         f"{hand_button}")
    out: list[Placed] = []
    results = game.get("results")
    for source in _with_results(game):
        for b, board in enumerate(_list(source.get("boards"), "boards")):
            for k, card in _cards(board):
                if b >= layout.boards or k >= layout.board_cards:
                    raise ValueError(f"a card is shown on board {b + 1} at place {k + 1}, "
                                     "which the game's dealing order has not")
                out.append(Placed.at(plan.board(b, k), card))
    drawn = _draws(game.get("draws"), pid_at, index, plan, draw_rounds(game_id))
    me = game.get("you")
    if isinstance(me, Mapping):
        hole = _cards(me.get("hole"))
        discards = [c for _, c in _cards(me.get("discards"))]
        if hole or discards:
            if you not in index:
                raise ValueError("you are shown cards but the published dealing order did not "
                                 "deal you in")
            assert you is not None
            stub = _stub_cards(drawn.get(you, ()))
            if len(discards) != len(stub):
                raise ValueError(f"you discarded {len(discards)} cards but the draw counts say "
                                 f"{len(stub)}")
            out += _hand(plan, index[you], [c for _, c in hole], drawn.get(you, ()),
                         exact=hole if not discards else None)
            out += _discards(plan, index[you], discards, drawn.get(you, ()))
    for entry in _list(game.get("seats"), "seats"):
        if not isinstance(entry, Mapping):
            continue
        cards = _cards(entry.get("cards"))
        if cards:
            pid = _dealt_at(entry.get("seat"), pid_at, index)
            exact = cards if pid == you and not _stub_cards(drawn.get(pid, ())) else None
            out += _hand(plan, index[pid], [c for _, c in cards], drawn.get(pid, ()), exact)
    if isinstance(results, Mapping):
        mine = results.get("you")
        if isinstance(mine, Mapping):  # the viewer's hole cards as dealt
            pid = _dealt_at(mine.get("seat"), pid_at, index)
            if pid != you:
                raise ValueError("the results give you another player's hole cards")
            for k, card in _cards(mine.get("hole")):
                out.append(Placed.at(plan.hole(index[pid], k), card))
        for entry in _list(results.get("shown"), "shown hands"):
            if isinstance(entry, Mapping):
                pid = _dealt_at(entry.get("seat"), pid_at, index)
                shown = [c for _, c in _cards(entry.get("cards"))]
                out += _hand(plan, index[pid], shown, drawn.get(pid, ()), None)
        street = _run_twice_street(game, game_id) if results.get("second_boards") else None
        out += _after_the_hand(results, plan, pid_at, index, drawn, street)
    return out


def _run_twice_street(game: Mapping[str, Any], game_id: str) -> int | None:
    """The street a board run twice runs from, read from the hand's public action record
    (``static/rules/fair-deal.md``, run it twice): the first street not dealt when the
    betting ended, which is the street after the round of the last betting action (before
    any, the first street). The rounds the runout starts come after that action; the record
    names every round of the hand, so counting those after it gives the round it was in.
    None when the record cannot tell (its head left out of the view and no action in the
    tail): a second runout is then not verified.

    >>> log = [{"type": "post"}, {"type": "round", "name": "preflop"}, {"type": "act"},
    ...        {"type": "round", "name": "flop"}, {"type": "act"}, {"type": "act"},
    ...        {"type": "round", "name": "turn"}, {"type": "round", "name": "river"}]
    >>> _run_twice_street({"results": {"actions": log}}, "holdem")  # all in on the flop
    1
    >>> _run_twice_street({"results": {"actions": log[:2] + log[3:4] + log[6:]}}, "holdem")
    0
    """
    results = game.get("results")
    if not isinstance(results, Mapping):
        return None
    entries = _list(results.get("actions"), "the hand's actions")
    cut = results.get("actions_omitted")
    if not entries and cut:  # left out of the results: the view's own log holds the tail
        entries, cut = _list(game.get("log"), "the hand's log"), game.get("log_omitted")
    kinds = [e.get("type") if isinstance(e, Mapping) else None for e in entries]
    acted = [k for k, kind in enumerate(kinds) if kind == "act"]
    if not acted and cut:
        return None
    after = kinds[acted[-1] + 1:] if acted else kinds
    variant = VARIANTS[game_id]
    rounds = len(variant.rounds)
    betting_round = max(0, rounds - 1 - after.count("round"))
    return variant.streets_first + betting_round


def _after_the_hand(results: Mapping[str, Any], plan: DealOrder, pid_at: Mapping[int, str],
                    index: Mapping[str, int], drawn: Mapping[str, Drawn],
                    run_street: int | None = None) -> list[Placed]:
    """The places of the cards a table game's results add to the boards and the shown
    hands (``static/rules/fair-deal.md``, run it twice and the rabbit): the second runout
    (from street ``run_street``, the one the public record gives: :func:`_run_twice_street`;
    its cards before it are the first's, at the same places; the rest at the places
    :meth:`rules.dealorder.DealOrder.second_run` gives), the rabbit (the board's own places
    of the cards that would have come) and cards shown by choice (from the player's hand)."""
    out: list[Placed] = []
    layout = plan.layout
    first = [[c for _, c in _cards(b)] for b in _list(results.get("boards"), "boards")]
    second = _list(results.get("second_boards"), "the second runout's boards")
    if second:
        if len(second) != layout.boards or len(first) != layout.boards:
            raise ValueError("the second runout's boards are not the game's")
        runs = [[c for _, c in _cards(b)] for b in second]
        same = min(next((k for k, (a, b) in enumerate(zip(f, r, strict=False)) if a != b),
                        min(len(f), len(r))) for f, r in zip(first, runs, strict=True))
        ends = [sum(layout.streets[:i]) for i in range(len(layout.streets))]
        if same not in ends or any(len(r) != layout.board_cards for r in runs):
            raise ValueError("the second runout does not start at a street of the board")
        if run_street is None or not 0 <= run_street < len(ends):
            raise ValueError("the hand's action record does not say where the betting ended, "
                             "so the second runout cannot be checked")
        if same != ends[run_street]:
            raise ValueError(f"the second runout starts at board card {same + 1}, but the "
                             f"betting ended before card {ends[run_street] + 1}, where the "
                             "rules start it")
        street = run_street
        shift = plan.second_run(street)
        if shift is None:
            raise ValueError("the deck holds no second runout for this deal")
        for b, run in enumerate(runs):
            for k, card in enumerate(run):
                out.append(Placed.at(plan.board(b, k) + (shift if k >= same else 0), card))
    rabbit = _list(results.get("rabbit"), "the rabbit")
    if rabbit:
        if len(rabbit) != layout.boards or len(first) != layout.boards:
            raise ValueError("the rabbit's boards are not the game's")
        for b, cards in enumerate(rabbit):
            for j, (_, card) in enumerate(_cards(cards)):
                out.append(Placed.at(plan.board(b, len(first[b]) + j), card))
    for entry in _list(results.get("showed"), "cards shown by choice"):
        if isinstance(entry, Mapping):
            pid = _dealt_at(entry.get("seat"), pid_at, index)
            holes = tuple(plan.hole(index[pid], k) for k in range(layout.hole))
            cards = tuple(c for _, c in _cards(entry.get("cards")))
            out.append(Placed(holes + _stub_cards(drawn.get(pid, ())), cards, ()))
    return out


def players_reader(game_id: str) -> DealReader:
    """The reader of game ``game_id``, which deals the players of its published order
    (:func:`games.table.fair.players_order`) in that order, as Ultimate Omaha does
    (``games.ultimate``)."""

    def read(game: Mapping[str, Any], order: Mapping[str, Any], nonced: Collection[str],
             you: str | None) -> list[Placed]:
        return _read_players_game(game_id, game, order, nonced, you)

    return read


def _read_players_game(
    game_id: str, game: Mapping[str, Any], order: Mapping[str, Any], nonced: Collection[str],
    you: str | None,
) -> list[Placed]:
    """The places of every card such a view (Ultimate Omaha's, ``games.ultimate``) shows:
    both boards, the viewer's hole cards, and every player's at results. ``order`` is
    ``{"game", "players": [ids]}``; those whose nonce came are dealt in, in that order."""
    if order.get("game") != game_id:
        raise ValueError(f"the dealing order is not {game_id[:20]}'s")
    players = _list(order.get("players"), "the dealing order's players")
    if (len(players) > MAX_SEATS or not all(isinstance(p, str) for p in players)
            or len(set(players)) != len(players)):
        raise ValueError("the dealing order's players cannot be read")
    if game.get("phase") == "dealing":
        return []
    plan, index = _plan(order, game_id, [p for p in players if p in nonced])
    out: list[Placed] = []
    results = game.get("results")
    for source in _with_results(game):
        for b, key in enumerate(("board1", "board2")):
            for k, card in _cards(source.get(key)):
                out.append(Placed.at(plan.board(b, k), card))
    for entry in _list(game.get("seats"), "seats"):
        if isinstance(entry, Mapping) and entry.get("in_hand") is True and (
                entry.get("id") not in index):
            raise ValueError(f"{str(entry.get('name'))[:30]} is shown in the hand but the "
                             "published dealing order did not deal them in")
    hands: list[tuple[Any, Any]] = []
    me = game.get("you")
    if isinstance(me, Mapping):
        hands.append((you, me.get("hole")))
    if isinstance(results, Mapping):
        hands += [(e.get("id"), e.get("hole")) for e in _list(results.get("players"), "players")
                  if isinstance(e, Mapping)]
    for pid, hole in hands:
        cards = _cards(hole)
        if cards and pid not in index:
            raise ValueError(f"cards are shown for {str(pid)[:30]}, whom the published "
                             "dealing order did not deal in")
        out += [Placed.at(plan.hole(index[pid], k), card) for k, card in cards]
    return out


READERS: Mapping[str, DealReader] = MappingProxyType({
    game_id: read_table_game if game_id in VARIANTS else players_reader(game_id)
    for game_id in LAYOUTS
})
"""The reader of each game's views, by the view's ``game`` id: every game with a dealing
layout (:data:`rules.dealorder.LAYOUTS`), a table game's from its record."""


def game_deck(game_id: str) -> tuple[Card, ...]:
    """The cards game ``game_id`` is dealt from, in index order: a table game's record says
    (:attr:`rules.variants.Variant.deck`); any other game uses all 52."""
    variant = VARIANTS.get(game_id)
    return variant.deck if variant is not None else FULL_DECK


def draw_rounds(game_id: str) -> int:
    """How many draws a hand of game ``game_id`` has (0: none), from its record."""
    variant = VARIANTS.get(game_id)
    return variant.draw_count if variant is not None else 0


def deal_reader(game_id: object) -> DealReader | None:
    """The reader of game ``game_id``'s views (None: a game this page cannot check)."""
    return READERS.get(game_id) if isinstance(game_id, str) else None


# --- reading untrusted views -------------------------------------------------------------


def _hand(plan: DealOrder, player: int, cards: list[Card], drawn: Drawn,
          exact: list[tuple[int, Card]] | None) -> list[Placed]:
    """A player's hand as shown: card by card at their places (``exact``: the hole cards in
    the order dealt), else as a whole: from the hole cards and the stub cards drawn, with all
    of those of their last draw that took any (a later draw could not throw them away)."""
    stub = _stub_cards(drawn)
    if exact is not None and not stub:
        return [Placed.at(plan.hole(player, k), card) for k, card in exact]
    holes = tuple(plan.hole(player, k) for k in range(plan.layout.hole))
    if len(cards) != len(holes):
        raise ValueError(f"a hand of {len(cards)} cards is shown in a game of "
                         f"{len(holes)} hole cards")
    kept = next((d for d in reversed(drawn) if d), holes)
    return [Placed(holes + stub, tuple(cards), kept)]


def _discards(plan: DealOrder, player: int, discards: list[Card],
              drawn: Drawn) -> list[Placed]:
    """The viewer's discards, draw by draw (each draw throws as many as it takes): each
    draw's come from the hole cards or the cards the draws before it gave. Draw by draw, as
    a card thrown away may come back from a reshuffle of the discards and be thrown again."""
    holes = tuple(plan.hole(player, k) for k in range(plan.layout.hole))
    out, at = [], 0
    for d, taken in enumerate(drawn):
        thrown = tuple(discards[at:at + len(taken)])
        at += len(taken)
        if thrown:
            out.append(Placed(holes + _stub_cards(drawn[:d]), thrown, ()))
    return out


def _stub_cards(drawn: Drawn) -> tuple[int | None, ...]:
    """Every stub card of a player's draws, in the order drawn."""
    return tuple(p for one in drawn for p in one)


def _draws(data: Any, pid_at: Mapping[int, str], index: Mapping[str, int],
           plan: DealOrder, rounds: int) -> dict[str, Drawn]:
    """Each drawing player's stub cards, draw by draw: the public discard counts, in the
    order the players drew (each draw in the dealing order; a player who comes again starts
    the next draw, at most ``rounds`` of them), give each player the next cards of the one
    stub all the draws share."""
    out: dict[str, Drawn] = {}
    used, last, draw = 0, -1, 1
    for entry in _list(data, "draws"):
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError("the draw counts cannot be read")
        pid = _dealt_at(entry[0], pid_at, index)
        count = entry[1]
        if index[pid] <= last:
            draw += 1
        if not plan.layout.stub or type(count) is not int or not (
                0 <= count <= plan.layout.hole) or draw > rounds or len(out.get(pid, ())) >= draw:
            raise ValueError(f"the draw counts ({str(data)[:60]}) cannot be: each player "
                             f"draws once a draw, in the dealing order, at most their hand, "
                             f"in at most {rounds} draws")
        last = index[pid]
        mine = out.get(pid, ())
        mine += ((),) * (draw - 1 - len(mine))  # draws without their entry (never honest)
        out[pid] = (*mine, tuple(plan.stub(used + j) for j in range(count)))
        used += count
    return out


def _plan(order: Mapping[str, Any], game_id: str,
          dealing: list[str]) -> tuple[DealOrder, dict[str, int]]:
    """The places of the hand ``order`` deals to ``dealing`` (the players dealt in, in
    dealing order), and each player's number in it. The deck the order names must be the
    game's: a host that publishes another (and deals from it) would deal cards the game does
    not have, or none of some."""
    try:
        named = order_deck(order)
    except FairDealError as exc:
        raise ValueError(f"the dealing order's deck cannot be read: {exc}") from None
    cards = game_deck(game_id)
    if named != cards:
        raise ValueError(f"the dealing order names a deck of {len(named)} cards, but "
                         f"{game_id[:20]} is dealt from {len(cards)}")
    if not dealing:
        raise ValueError("cards are shown, but nobody of the published order was dealt in")
    plan = DealOrder(LAYOUTS[game_id], len(dealing), len(cards))
    return plan, {pid: i for i, pid in enumerate(dealing)}


def _with_results(game: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The view, and its results' record if it has one: both show the boards."""
    results = game.get("results")
    return [game] + ([results] if isinstance(results, Mapping) else [])


def _dealt_at(seat: Any, pid_at: Mapping[int, str], index: Mapping[str, int]) -> str:
    pid = pid_at.get(seat) if type(seat) is int else None
    if pid is None or pid not in index:
        raise ValueError(f"cards are shown at seat {str(seat)[:4]}, which the published "
                         "dealing order did not deal in")
    return pid


def _seats(data: Any) -> list[tuple[int, str, bool]]:
    seats = _list(data, "the dealing order's seats")
    out: list[tuple[int, str, bool]] = []
    for entry in seats:
        if (not isinstance(entry, list) or len(entry) != 3 or type(entry[0]) is not int
                or not 0 <= entry[0] < MAX_SEATS or not isinstance(entry[1], str)
                or type(entry[2]) is not bool):
            raise ValueError(f"the dealing order's seat {str(entry)[:40]} cannot be read")
        out.append((entry[0], entry[1], entry[2]))
    if (len(out) > MAX_SEATS or len({s for s, _, _ in out}) != len(out)
            or len({p for _, p, _ in out}) != len(out)):
        raise ValueError("the dealing order's seats cannot be read")
    return out


def _list(data: Any, what: str) -> list[Any]:
    if data is None:
        return []
    if not isinstance(data, list):
        raise ValueError(f"{what} cannot be read")
    return data


def _text(data: Any, what: str) -> str:
    if not isinstance(data, str):
        raise ValueError(f"{what} cannot be read")
    return data


def _cards(data: Any) -> list[tuple[int, Card]]:
    """``(index, card)`` of the face-up cards of a list of cards and ``"??"``."""
    out = []
    for k, text in enumerate(_list(data, "a list of cards")):
        if text == HIDDEN:
            continue
        try:
            out.append((k, Card.parse(text)))
        except (TypeError, ValueError):
            raise ValueError(f"{str(text)[:8]!r} is not a card") from None
    return out

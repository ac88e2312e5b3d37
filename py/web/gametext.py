"""What the table says, as pure functions of the game view: labels, card words, announcements.

The numbers all come from the view (stakes, multipliers, nets are the host's, computed by
``rules.ultimate``); this module only words them, so it runs under CPython and its doctests
pin the exact texts players (and screen readers) meet. Money goes through
``rules.money.format_money`` and cards through ``rules.cards.Card``: one formatter for each.

>>> board_label({"hand": "Flush", "multiplier": 2, "qualifies": True})
'Flush (2×)'
>>> total_label({"qualifies": True, "total_multiplier": 6, "net_cents": 1000})
'6× → +$10'
>>> total_label({"qualifies": False, "total_multiplier": 0, "net_cents": -200})
'Foul → -$2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import catalogue
from rules.cards import Card, CardError
from rules.money import format_money

from web.viewdata import array, part, records, string

HIDDEN = "??"
PHASE_NAMES = {"dealing": "Dealing", "preflop": "Preflop", "flop": "Flop", "results": "Showdown"}


def money(cents: Any, signed: bool = False) -> str:
    """``format_money`` for a value off the wire; a non-integer shows as ``?`` (never raises).

    >>> money(250), money(-500, signed=True), money("x")
    ('$2.50', '-$5', '?')
    """
    if type(cents) is not int:
        return "?"
    return format_money(cents, signed=signed)


def card_of(text: Any) -> Card | None:
    """The card a view names (``'Ah'``), or None for a face-down (``'??'``) or bad one.

    >>> card_of("Ah").name, card_of("??")
    ('ace of hearts', None)
    """
    if not isinstance(text, str) or text == HIDDEN:
        return None
    try:
        return Card.parse(text)
    except CardError:
        return None


def card_name(text: Any) -> str:
    """Accessible name of a card slot: ``'ace of spades'`` or ``'face-down card'``."""
    card = card_of(text)
    return card.name if card is not None else "face-down card"


RANK_SHOWN = {"T": "10"}
"""Ranks drawn otherwise than their one-letter code: a ten reads "10" on the cards and in
every line beside them (``T`` is the hand-history notation, not what a player reads)."""


def rank_shown(card: Card) -> str:
    """A card's rank as the page draws it.

    >>> rank_shown(Card.parse("Td")), rank_shown(Card.parse("Qs"))
    ('10', 'Q')
    """
    return RANK_SHOWN.get(card.rank_char, card.rank_char)


def pretty_card(card: Card) -> str:
    """One card as the page writes it in a line: rank as drawn, then the suit symbol.

    >>> pretty_card(Card.parse("Td"))
    '10♦'
    """
    return rank_shown(card) + card.pretty()[-1]


def pretty_cards(cards: Sequence[Any]) -> str:
    """Revealed cards with suit symbols, face-down ones left out.

    >>> pretty_cards(["As", "Kh", "Td", "??", "??"])
    'A♠ K♥ 10♦'
    """
    shown = [c for t in cards if (c := card_of(t)) is not None]
    return " ".join(pretty_card(c) for c in shown)


def phase_name(phase: Any) -> str:
    return PHASE_NAMES.get(str(phase), str(phase).capitalize())


def board_label(board: Mapping[str, object]) -> str:
    """One board's hand with its multiplier, or that it fouls (below a pair of aces).

    >>> board_label({"hand": "Boat", "multiplier": 3, "qualifies": True})
    'Boat (3×)'
    >>> board_label({"hand": "Pair", "multiplier": 0, "qualifies": False})
    'Pair (below aces)'
    """
    name = str(board.get("words") or board.get("hand", "?"))  # with its ranks when given
    if not board.get("qualifies"):
        return f"{name} (below aces)"
    return f"{name} ({board.get('multiplier', '?')}×)"


def total_label(player: Mapping[str, object]) -> str:
    """A showdown's total: multiplier and net when qualified, ``Foul`` and the loss when not."""
    net = money(player.get("net_cents"), signed=True)
    if player.get("qualifies"):
        return f"{player.get('total_multiplier', '?')}× → {net}"
    return f"Foul → {net}"


def choice_text(choice: Any, auto: Any = False) -> str:
    """What the player did this round, in words that stay true for an automatic Check.

    >>> choice_text("double"), choice_text("check", auto=True)
    ('You doubled', 'You were checked automatically (you were away or out of time)')
    """
    if auto is True and choice == "check":
        return "You were checked automatically (you were away or out of time)"
    return {"double": "You doubled", "check": "You checked"}.get(str(choice), "")


def spoken_cards(cards: Sequence[Any]) -> str:
    """Revealed cards as a screen reader should say them (the names the cards' labels carry).

    >>> spoken_cards(["Th", "As", "??"])
    'ten of hearts, ace of spades'
    """
    return ", ".join(c.name for t in cards if (c := card_of(t)) is not None)


def spoken_total(player: Mapping[str, object]) -> str:
    """A showdown's total in words (no ``×``/``→`` symbols for a screen reader to stumble on).

    >>> spoken_total({"qualifies": True, "total_multiplier": 6, "net_cents": 1000})
    'you qualify with a multiplier of 6 and win $10'
    >>> spoken_total({"qualifies": False, "net_cents": -200})
    'you foul and lose $2'
    >>> spoken_total({"qualifies": True, "total_multiplier": 1, "net_cents": -300})
    'you qualify with a multiplier of 1 and lose $3'
    """
    net = player.get("net_cents")
    outcome = ("win " + money(net) if type(net) is int and net > 0
               else "lose " + money(-net) if type(net) is int and net < 0 else "break even")
    if player.get("qualifies"):
        times = player.get("total_multiplier", "?")
        return f"you qualify with a multiplier of {times} and {outcome}"
    return f"you foul and {outcome}"


def spoken_board(board: Mapping[str, object]) -> str:
    """One board's result in words.

    >>> spoken_board({"hand": "Flush", "multiplier": 2, "qualifies": True})
    'Flush, multiplier 2'
    >>> spoken_board({"hand": "Pair", "qualifies": False})
    'Pair, below a pair of aces'
    """
    name = str(board.get("words") or board.get("hand", "?"))
    if not board.get("qualifies"):
        return f"{name}, below a pair of aces"
    return f"{name}, multiplier {board.get('multiplier', '?')}"


def _waiting_names(game: Mapping[str, object]) -> list[str]:
    return [str(seat.get("name", "?")) for seat in array(game, "seats")
            if isinstance(seat, Mapping) and seat.get("in_hand") and not seat.get("acted")]


def _your_turn(game: Mapping[str, object]) -> str:
    """The decision part of an announcement, true in every state: to choose, chosen, or out."""
    you = part(game, "you")
    if you.get("acted"):
        waiting = _waiting_names(game)
        rest = f" Waiting for {join_names(waiting)}." if waiting else ""
        return f"{choice_text(you.get('choice'), you.get('auto'))}.{rest}"
    if you.get("can_act"):
        return "Check or Double."
    return ""


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``.

    >>> join_names(["Ann"]), join_names(["Ann", "Bo", "Cy"])
    ('Ann', 'Ann, Bo and Cy')
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def deal_announcement(game: Mapping[str, object]) -> str:
    """Said when a new hand is dealt (or shown again after a reload: then it says what was
    already chosen instead of asking again).

    >>> deal_announcement({"hand_no": 3, "you": {"in_hand": True, "hole": ["As", "Kh", "7c", "Ts"],
    ...                    "stake_cents": 100, "can_act": True}})
    'Hand 3 dealt. Your cards: ace of spades, king of hearts, seven of clubs, ten of spades. \
Stake $1. Check or Double.'
    >>> deal_announcement({"hand_no": 3, "you": {"in_hand": True, "hole": ["As", "Kh", "7c", "Ts"],
    ...                    "stake_cents": 200, "acted": True, "choice": "double"},
    ...                    "seats": [{"name": "Bo", "in_hand": True, "acted": False}]})
    'Hand 3 dealt. Your cards: ace of spades, king of hearts, seven of clubs, ten of spades. \
Stake $2. You doubled. Waiting for Bo.'
    >>> deal_announcement({"hand_no": 4, "you": {"in_hand": False}})
    'Hand 4 dealt. You join at the next hand.'
    """
    you = part(game, "you")
    head = f"Hand {game.get('hand_no', '?')} dealt."
    if not you.get("in_hand"):
        return f"{head} You join at the next hand."
    text = (f"{head} Your cards: {spoken_cards(array(you, 'hole'))}. "
            f"Stake {money(you.get('stake_cents'))}.")
    turn = _your_turn(game)
    return f"{text} {turn}" if turn else text


def flop_announcement(game: Mapping[str, object]) -> str:
    """Said when the flop turns: the cards, your hand on each board (or why you have none)
    and what is left for you to do.

    >>> flop_announcement({"board1": ["As", "Kh", "5d", "??", "??"],
    ...                    "board2": ["2c", "2d", "Th", "??", "??"], "you": {"in_hand": False}})
    'Flop: board 1 ace of spades, king of hearts, five of diamonds; board 2 two of clubs, \
two of diamonds, ten of hearts. You join at the next hand.'
    """
    text = (
        f"Flop: board 1 {spoken_cards(array(game, 'board1'))}; "
        f"board 2 {spoken_cards(array(game, 'board2'))}."
    )
    hands = flop_hands(game)
    if hands:
        text += f" You have {hands[0]} on board 1 and {hands[1]} on board 2."
    elif not part(game, "you").get("in_hand"):
        text += " You join at the next hand."  # why no hand of yours is said
    turn = _your_turn(game)
    return f"{text} {turn}" if turn else text


def flop_hands(game: Mapping[str, object]) -> list[str]:
    """Your best hand so far on each board (exactly 2 hole + 3 flop cards), in words; empty
    when you hold no cards or a flop is not fully shown.

    >>> flop_hands({"you": {"hole": ["Kh", "Kd", "7c", "2s"]},
    ...             "board1": ["Ks", "9d", "4c", "??", "??"],
    ...             "board2": ["Qh", "Qd", "3c", "??", "??"]})
    ['Trips, Kings', 'Two Pair, Kings and Queens']
    """
    from rules.evaluator import omaha_high
    from rules.ultimate import hand_words

    # ``is not None``: a card is an int, and the two of clubs is 0 — falsy, so a truth test
    # dropped it and the hand value of every hand holding it (one in thirteen) went unsaid.
    hole = [c for t in array(part(game, "you"), "hole")
            if (c := card_of(t)) is not None]
    if len(hole) != 4:
        return []
    out = []
    for key in ("board1", "board2"):
        flop = [c for t in array(game, key)[:3] if (c := card_of(t)) is not None]
        if len(flop) != 3:
            return []
        out.append(hand_words(omaha_high(hole, flop)))
    return out


def result_of(game: Mapping[str, object], player_id: Any) -> Mapping[str, object] | None:
    results = part(game, "results")
    for p in array(results, "players"):
        if isinstance(p, Mapping) and p.get("id") == player_id:
            return p
    return None


def results_announcement(game: Mapping[str, object], you: Any, is_host: bool = False) -> str:
    """Said at showdown: the full boards, your hand on each board, your outcome (and the
    bank's when solo), and, to the host, that the next hand is theirs to deal.

    >>> g = {"board1": ["As", "Kh", "5d", "5c", "2h"], "board2": ["2c", "2d", "Th", "9s", "8s"],
    ...      "results": {"players": [{"id": "p1", "qualifies": True, "total_multiplier": 6,
    ...                               "net_cents": 1000,
    ...                               "board1": {"hand": "Boat", "multiplier": 3,
    ...                                          "qualifies": True},
    ...                               "board2": {"hand": "Straight", "multiplier": 2,
    ...                                          "qualifies": True}}],
    ...                  "bank_net_cents": -1000}}
    >>> results_announcement(g, "p1")  # doctest: +NORMALIZE_WHITESPACE
    'Showdown: board 1 ace of spades, king of hearts, five of diamonds, five of clubs,
    two of hearts; board 2 two of clubs, two of diamonds, ten of hearts, nine of spades,
    eight of spades. Board 1: Boat, multiplier 3. Board 2: Straight, multiplier 2. You qualify
    with a multiplier of 6 and win $10. Bank loses $10.'
    """
    text = (
        f"Showdown: board 1 {spoken_cards(array(game, 'board1'))}; "
        f"board 2 {spoken_cards(array(game, 'board2'))}."
    )
    mine = result_of(game, you)
    if mine is not None:
        for n in (1, 2):
            board = mine.get(f"board{n}")
            if isinstance(board, Mapping):
                text += f" Board {n}: {spoken_board(board)}."
        total = spoken_total(mine)
        text += f" {total[0].upper()}{total[1:]}."
    bank = part(game, "results").get("bank_net_cents")
    if type(bank) is int:
        text += (" Bank wins " + money(bank) if bank > 0 else " Bank loses " + money(-bank)
                 if bank < 0 else " Bank breaks even") + "."
    if is_host and game.get("auto_deal_ms") is None:
        text += " Press N to deal the next hand."
    return text


def announcement(game: Mapping[str, object], you: Any, is_host: bool = False) -> str:
    """The line for the live region when the table reaches a new phase."""
    phase = game.get("phase")
    if phase == "preflop":
        return deal_announcement(game)
    if phase == "flop":
        return flop_announcement(game)
    if phase == "results":
        return results_announcement(game, you, is_host)
    return ""


def news(before: Mapping[str, object] | None, game: Mapping[str, object], you: Any,
         is_host: bool = False) -> list[str]:
    """What changed between two views of the same table, as lines for the live region — each
    event once: a new phase (see :func:`announcement`), other players acting, and our own
    automatic Check. ``before`` is the last view announced from (None at first).

    >>> seats = lambda acted: [{"id": "p1", "name": "Ann", "in_hand": True, "acted": acted[0]},
    ...                        {"id": "p2", "name": "Bo", "in_hand": True, "acted": acted[1]},
    ...                        {"id": "p3", "name": "Cy", "in_hand": True, "acted": acted[2]}]
    >>> g1 = {"hand_no": 1, "phase": "flop", "seats": seats([False, False, False]),
    ...       "you": {"in_hand": True, "can_act": True}}
    >>> g2 = dict(g1, seats=seats([False, True, True]))
    >>> news(g1, g2, "p1")
    ['Bo and Cy have acted. Waiting for you.']
    >>> g3 = dict(g2, seats=seats([True, True, True]),
    ...           you={"in_hand": True, "acted": True, "choice": "check", "auto": True})
    >>> news(g2, g3, "p1")
    ['You were checked automatically (you were away or out of time).']

    Your own choice is said once the host has taken it (a key press is otherwise silent):

    >>> g4 = dict(g1, seats=seats([True, False, False]),
    ...           you={"in_hand": True, "acted": True, "choice": "double"})
    >>> news(g1, g4, "p1")
    ['You doubled. Waiting for Bo and Cy.']
    >>> news(g1, dict(g4, seats=seats([True, True, False])), "p1")
    ['You doubled.', 'Bo has acted. Waiting for Cy.']
    """
    if before is None or (before.get("hand_no"), before.get("phase")) != (
        game.get("hand_no"), game.get("phase")
    ):
        lines = [auto_checks(before, game, you), announcement(game, you, is_host)]
        return [line for line in lines if line]
    if game.get("phase") not in ("preflop", "flop"):
        return []
    out: list[str] = []
    was = {string(s, "id"): bool(s.get("acted")) for s in records(before, "seats")}
    now_acted = [str(s.get("name", "?")) for s in records(game, "seats")
                 if s.get("acted") and not was.get(string(s, "id"))
                 and s.get("id") != you]
    if now_acted:
        verb = "has" if len(now_acted) == 1 else "have"
        waiting = _waiting_names(game)
        mine = part(game, "you")
        if mine.get("in_hand") and not mine.get("acted"):
            rest = " Waiting for you."
        elif waiting:
            rest = f" Waiting for {join_names(waiting)}."
        else:
            rest = ""
        out.append(f"{join_names(now_acted)} {verb} acted.{rest}")
    mine, mine_before = part(game, "you"), part(before, "you")
    if mine.get("auto") is True and mine_before.get("auto") is not True:
        out.append(f"{choice_text(mine.get('choice'), True)}.")
    elif mine.get("acted") and not mine_before.get("acted"):  # your own C or D, confirmed
        out.insert(0, f"{choice_text(mine.get('choice'))}." if now_acted else _your_turn(game))
    return out


ROUNDS = catalogue.FLAGSHIP.rounds
"""Ultimate Omaha's rounds of decisions, in order (the catalogue's): a view's phase moves on
from one to the next, then to results."""


def auto_checks(before: Mapping[str, object] | None, game: Mapping[str, object], you: Any) -> str:
    """Who was checked automatically (away, out of time, removed) in the round or rounds
    that ``game`` has just moved past since ``before``, in words, or ``''``. Said with the
    next phase's line, first, on every page: during a round the others see only *that* a
    player acted, and an automatic Check that ends the round is never seen as a separate
    view. Our own automatic Check already said during that round (:func:`news`) is not said
    again.

    >>> seat = lambda pid, name, auto: {"id": pid, "name": name, "in_hand": True, "auto": auto}
    >>> pre = {"hand_no": 2, "phase": "preflop", "you": {"in_hand": True}}
    >>> flop = {"hand_no": 2, "phase": "flop", "you": {"in_hand": True},
    ...         "seats": [seat("p1", "Ann", False), seat("p2", "Bo", True)]}
    >>> auto_checks(pre, flop, "p1")
    'Bo was checked automatically.'
    >>> auto_checks(pre, flop, "p2")
    'You were checked automatically (you were away or out of time).'
    >>> said = dict(pre, you={"in_hand": True, "acted": True, "choice": "check", "auto": True})
    >>> auto_checks(said, flop, "p2"), auto_checks(None, flop, "p1")
    ('', '')
    >>> done = {"hand_no": 2, "phase": "results", "results": {"players": [
    ...     {"id": "p1", "name": "Ann", "auto": ["preflop", "flop"]},
    ...     {"id": "p2", "name": "Bo", "auto": ["flop"]}, {"id": "p3", "name": "Cy", "auto": []}]}}
    >>> auto_checks(dict(pre, phase="flop"), done, "p3")
    'Ann and Bo were checked automatically.'
    """
    if before is None or before.get("hand_no") != game.get("hand_no"):
        return ""
    was, now = before.get("phase"), game.get("phase")
    if was not in ROUNDS or now == was:
        return ""
    if now == "results":
        ended = ROUNDS[ROUNDS.index(was):]
    elif now in ROUNDS and ROUNDS.index(now) > ROUNDS.index(was):
        ended = ROUNDS[ROUNDS.index(was):ROUNDS.index(now)]
    else:
        return ""
    checked: list[tuple[Any, str]] = []  # (id, name) in seat order
    if now == "results":
        for p in array(part(game, "results"), "players"):
            if isinstance(p, Mapping) and set(ended) & set(p.get("auto") or ()):
                checked.append((p.get("id"), str(p.get("name", "?"))))
    else:  # the flop: each seat's last visible decision is the preflop one
        for s in array(game, "seats"):
            if isinstance(s, Mapping) and s.get("in_hand") and s.get("auto") is True:
                checked.append((s.get("id"), str(s.get("name", "?"))))
    mine_said = part(before, "you").get("auto") is True
    if mine_said and ended == (was,):
        checked = [c for c in checked if c[0] != you]
    others = [name for pid, name in checked if pid != you]
    parts = []
    if any(pid == you for pid, _ in checked):
        parts.append(f"{choice_text('check', True)}.")
    if others:
        verb = "was" if len(others) == 1 else "were"
        parts.append(f"{join_names(others)} {verb} checked automatically.")
    return " ".join(parts)


def state_line(game: Mapping[str, object], you: Any, is_host: bool = False) -> str:
    """The table's line above the felt: where the hand stands for this player, a function of
    the view alone, so it is true in every state (what *happened* goes to the live region,
    once, by :func:`news`; this line is redrawn from each view and never read out).

    >>> g = {"hand_no": 3, "phase": "preflop", "seats": [
    ...     {"id": "p2", "name": "Bo", "in_hand": True, "acted": False}],
    ...      "you": {"in_hand": True, "can_act": True, "hole": ["As", "Kh", "7c", "Ts"]}}
    >>> state_line(g, "p1")
    'Preflop: Check or Double.'
    >>> state_line(dict(g, you={"in_hand": True, "acted": True, "choice": "double"}), "p1")
    'Preflop: You doubled. Waiting for Bo.'
    >>> state_line(dict(g, phase="flop", board1=["Ks", "Kd", "4c", "??", "??"],
    ...                 board2=["Qh", "Jd", "3c", "??", "??"]), "p1")
    'Flop: you have Trips, Kings on board 1 and High Card, Ace on board 2. Check or Double.'
    >>> state_line(dict(g, you={"in_hand": False}), "p9")
    'Preflop: you join at the next hand.'
    >>> state_line({"hand_no": 4, "phase": "dealing", "you": {"in_hand": True}}, "p1")
    'Hand 4 is being dealt.'
    >>> done = {"phase": "results", "auto_deal_ms": None, "results": {"players": [
    ...     {"id": "p1", "qualifies": True, "total_multiplier": 2, "net_cents": 200}]}}
    >>> state_line(done, "p1", is_host=True)
    'Showdown: you qualify with a multiplier of 2 and win $2. Press N to deal the next hand.'
    >>> state_line(done, "p2")
    'Showdown.'
    """
    phase = game.get("phase")
    me = part(game, "you")
    if phase == "dealing":
        return f"Hand {game.get('hand_no', '?')} is being dealt."
    if phase == "results":
        mine = result_of(game, you)
        text = f"Showdown: {spoken_total(mine)}." if mine is not None else "Showdown."
        if is_host and game.get("auto_deal_ms") is None:
            text += " Press N to deal the next hand."
        return text
    if phase not in ROUNDS:
        return ""
    name = phase_name(phase)
    if not me.get("in_hand"):
        return f"{name}: you join at the next hand."
    hands = flop_hands(game) if phase == "flop" else []
    head = (f"{name}: you have {hands[0]} on board 1 and {hands[1]} on board 2."
            if hands else f"{name}:")
    turn = _your_turn(game)
    return f"{head} {turn}" if turn else head.rstrip(":") + "."


def countdown(own: bool, ms: float) -> str:
    """The decision countdown in the table's header: your own automatic Check when you still
    have to choose, else the next one of anyone's (a player who has acted, or sits out,
    checks nothing automatically).

    >>> countdown(True, 28_000), countdown(False, 4001)
    ('Auto-check in 28 s', 'Next auto-check in 5 s')
    """
    return f"{'Auto-check' if own else 'Next auto-check'} in {seconds_left(ms)}"


def hand_number(game: Mapping[str, Any]) -> str:
    """The hand's number for the page's title, "" before the first deal (the title then
    names only the game: "Hand 0" read as a hand that does not exist).

    >>> hand_number({"hand_no": 3}), hand_number({"hand_no": 0}), hand_number({})
    ('3', '', '')
    """
    number = game.get("hand_no")
    return str(number) if isinstance(number, int) and number > 0 else ""


def decision_name(hand_no: Any, phase: Any) -> str:
    """The decision a time warning is about, in words ("" when the hand is not known).

    >>> decision_name(3, "flop"), decision_name(None, "flop")
    ('Hand 3, flop', '')
    """
    return f"Hand {hand_no}, {phase_name(phase).lower()}" if hand_no is not None else ""


def seconds_left(ms: float) -> str:
    """A countdown as shown: whole seconds, rounded up.

    >>> seconds_left(4001), seconds_left(0), seconds_left(-5)
    ('5 s', '0 s', '0 s')
    """
    return f"{max(0, -(-int(ms) // 1000))} s"


def leave_warning(view: Mapping[str, object] | None, is_host: bool) -> str:
    """Why leaving (or, for the host, closing the room) now would cost something, or ``''``
    when one click may do it: money at stake deserves a second question.

    >>> running = {"game": {"phase": "flop", "you": {"in_hand": True, "stake_cents": 200},
    ...                     "seats": [{"in_hand": True, "balance_cents": 0}]}}
    >>> leave_warning(running, False)[:40]
    'You are in this hand with a stake of $2.'
    >>> leave_warning(running, True)[:35]
    'A hand is being played: closing the'
    >>> done = {"game": {"phase": "results", "seats": [{"balance_cents": 250}]}}
    >>> leave_warning(done, False), leave_warning(done, True)[:30]
    ('', 'Closing the room ends the game')
    >>> leave_warning({"phase": "lobby"}, True)
    ''
    """
    game = (view or {}).get("game")
    if not isinstance(game, Mapping):
        return ""
    running = game.get("phase") in ("dealing", "preflop", "flop")
    you = part(game, "you")
    if is_host:
        if running and any(isinstance(s, Mapping) and s.get("in_hand")
                           for s in array(game, "seats")):
            return ("A hand is being played: closing the room ends it for everyone, unplayed, "
                    "and ends the game. Download the ledger first if you need it.")
        if any(isinstance(s, Mapping) and s.get("balance_cents") not in (0, None)
               for s in array(game, "seats")):
            return ("Closing the room ends the game for everyone, and its ledger with it. "
                    "Download the ledger first if you need it.")
        return ""
    if running and you.get("in_hand"):
        return (f"You are in this hand with a stake of {money(you.get('stake_cents'))}. If "
                "you leave now you stay in it: your remaining decisions become automatic "
                "Checks and you settle at the showdown.")
    return ""


def recent_line(entry: Mapping[str, object], you: Any) -> str:
    """One line of the "Recent hands" list from a hand-history entry: the hand number, your
    result first (with your two boards), then everyone else's net.

    >>> entry = {"hand_no": 7, "players": [
    ...     {"id": "p1", "name": "Ann", "net_cents": -100, "qualifies": False,
    ...      "board1": {"hand": "Pair", "qualifies": False}, "board2": {"hand": "Trips",
    ...      "multiplier": 1, "qualifies": True}},
    ...     {"id": "p2", "name": "Bo", "net_cents": 100, "qualifies": True,
    ...      "board1": {"hand": "Flush", "multiplier": 2, "qualifies": True},
    ...      "board2": {"hand": "Trips", "multiplier": 1, "qualifies": True}}]}
    >>> recent_line(entry, "p2")
    'Hand 7 — you +$1 (Flush (2×), Trips (1×)) · Ann -$1'
    >>> recent_line(entry, "p9")
    'Hand 7 — Ann -$1 · Bo +$1'
    """
    parts: list[str] = []
    others: list[str] = []
    for p in array(entry, "players"):
        if not isinstance(p, Mapping):
            continue
        net = money(p.get("net_cents"), signed=True)
        if p.get("id") == you:
            boards = [board_label(b) for k in ("board1", "board2")
                      if isinstance(b := p.get(k), Mapping)]
            parts.append(f"you {net}" + (f" ({', '.join(boards)})" if boards else ""))
        else:
            others.append(f"{p.get('name', '?')} {net}")
    bank = entry.get("bank_net_cents")
    if type(bank) is int:
        others.append(f"bank {money(bank, signed=True)}")
    return f"Hand {entry.get('hand_no', '?')} — " + " · ".join(parts + others)


@dataclass(frozen=True)
class _Score:
    """A results view's player as ``rules.ultimate.claim`` reads it."""

    qualifies: bool
    total_multiplier: int


def _side(player: Mapping[str, object]) -> tuple[int, _Score] | None:
    stake, mult = player.get("stake_cents"), player.get("total_multiplier")
    if type(stake) is not int or stake <= 0:
        return None
    return stake, _Score(player.get("qualifies") is True, mult if type(mult) is int else 0)


def _part(whose: str, stake: int, score: _Score, sign: int) -> str:
    if score.qualifies:
        amount = stake * score.total_multiplier
        return f"{whose} {score.total_multiplier}× {money(sign * amount, signed=True)}"
    return f"{whose} foul {money(-sign * stake, signed=True)}"


def breakdown(game: Mapping[str, object], you: Any) -> list[str]:
    """Who paid whom and why, one line per opponent, from the results view ("You
    qualify: 2× → -$40" alone looks like a bug). Each line is the pair's two flows and their
    sum (``rules.ultimate.pair_flow``); the lines add up to your net.

    >>> game = {"results": {"players": [
    ...     {"id": "p1", "name": "Ann", "stake_cents": 100, "qualifies": True,
    ...      "total_multiplier": 2},
    ...     {"id": "p2", "name": "Bo", "stake_cents": 200, "qualifies": True,
    ...      "total_multiplier": 3},
    ...     {"id": "p3", "name": "Cy", "stake_cents": 100, "qualifies": False,
    ...      "total_multiplier": 0}]}}
    >>> breakdown(game, "p1")
    ['Bo: your 2× +$2, Bo’s 3× -$6 → -$4', 'Cy: your 2× +$2, Cy’s foul +$1 → +$3']
    """
    from rules.ultimate import pair_flow

    players = [p for p in array(part(game, "results"), "players")
               if isinstance(p, Mapping)]
    mine = next((p for p in players if p.get("id") == you), None)
    mine_side = _side(mine) if mine is not None else None
    if mine_side is None:
        return []
    lines = []
    for other in players:
        theirs = _side(other)
        if other is mine or theirs is None:
            continue
        name = str(other.get("name", "?"))
        flow = pair_flow(mine_side, theirs)
        lines.append(f"{name}: {_part('your', *mine_side, 1)}, "
                     f"{_part(name + '’s', *theirs, -1)} → {money(flow, signed=True)}")
    return lines


def made_with(board: Mapping[str, object], hole: Sequence[Any], spoken: bool = False) -> str:
    """Which two hole cards and which three board cards make a board's hand (the Omaha rule);
    ``spoken`` names the cards in words, for the accessible label.

    >>> made_with({"cards": ["As", "Ks", "Qs", "9s", "3s"]}, ["As", "Ks", "7d", "2c"])
    'A♠ K♠ from your hand + Q♠ 9♠ 3♠ from the board'
    >>> made_with({"cards": ["As", "Ks", "Qs", "9s", "3s"]}, ["As", "Ks"], spoken=True)
    'ace of spades, king of spades from your hand and queen of spades, nine of spades, \
three of spades from the board'
    """
    five = [c for c in array(board, "cards") if isinstance(c, str)]
    if len(five) != 5:
        return ""
    held = set(hole)
    show = spoken_cards if spoken else pretty_cards
    mine = show([c for c in five if c in held])
    board_part = show([c for c in five if c not in held])
    glue = " and " if spoken else " + "
    return f"{mine} from your hand{glue}{board_part} from the board"

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
from typing import Any

from rules.cards import Card, CardError
from rules.money import format_money

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


def pretty_cards(cards: Sequence[Any]) -> str:
    """Revealed cards with suit symbols, face-down ones left out.

    >>> pretty_cards(["As", "Kh", "5d", "??", "??"])
    'A♠ K♥ 5♦'
    """
    shown = [c for t in cards if (c := card_of(t)) is not None]
    return " ".join(c.pretty() for c in shown)


def phase_name(phase: Any) -> str:
    return PHASE_NAMES.get(str(phase), str(phase).capitalize())


def board_label(board: Mapping[str, Any]) -> str:
    """One board's hand with its multiplier, or that it fouls (below a pair of aces).

    >>> board_label({"hand": "Boat", "multiplier": 3, "qualifies": True})
    'Boat (3×)'
    >>> board_label({"hand": "Pair", "multiplier": 0, "qualifies": False})
    'Pair (below aces)'
    """
    name = str(board.get("hand", "?"))
    if not board.get("qualifies"):
        return f"{name} (below aces)"
    return f"{name} ({board.get('multiplier', '?')}×)"


def total_label(player: Mapping[str, Any]) -> str:
    """A showdown's total: multiplier and net when qualified, ``Foul`` and the loss when not."""
    net = money(player.get("net_cents"), signed=True)
    if player.get("qualifies"):
        return f"{player.get('total_multiplier', '?')}× → {net}"
    return f"Foul → {net}"


def choice_text(choice: Any) -> str:
    return {"double": "You doubled", "check": "You checked"}.get(str(choice), "")


def deal_announcement(game: Mapping[str, Any]) -> str:
    """Said when a new hand is dealt.

    >>> deal_announcement({"hand_no": 3, "you": {"in_hand": True, "hole": ["As", "Kh", "7c", "7s"],
    ...                    "stake_cents": 100}})
    'Hand 3 dealt. Your cards: A♠ K♥ 7♣ 7♠. Stake $1. Check or Double.'
    >>> deal_announcement({"hand_no": 4, "you": {"in_hand": False}})
    'Hand 4 dealt. You join at the next hand.'
    """
    you = game.get("you") or {}
    head = f"Hand {game.get('hand_no', '?')} dealt."
    if not you.get("in_hand"):
        return f"{head} You join at the next hand."
    return (
        f"{head} Your cards: {pretty_cards(you.get('hole') or [])}. "
        f"Stake {money(you.get('stake_cents'))}. Check or Double."
    )


def flop_announcement(game: Mapping[str, Any]) -> str:
    """Said when the flop turns.

    >>> flop_announcement({"board1": ["As", "Kh", "5d", "??", "??"],
    ...                    "board2": ["2c", "2d", "Th", "??", "??"]})
    'Flop: board 1 A♠ K♥ 5♦, board 2 2♣ 2♦ T♥.'
    """
    return (
        f"Flop: board 1 {pretty_cards(game.get('board1') or [])}, "
        f"board 2 {pretty_cards(game.get('board2') or [])}."
    )


def result_of(game: Mapping[str, Any], player_id: Any) -> Mapping[str, Any] | None:
    results = game.get("results") or {}
    for p in results.get("players") or []:
        if isinstance(p, Mapping) and p.get("id") == player_id:
            return p
    return None


def results_announcement(game: Mapping[str, Any], you: Any) -> str:
    """Said at showdown: the full boards, then your own outcome (and the bank's when solo).

    >>> g = {"board1": ["As", "Kh", "5d", "5c", "2h"], "board2": ["2c", "2d", "Th", "9s", "8s"],
    ...      "results": {"players": [{"id": "p1", "qualifies": True, "total_multiplier": 6,
    ...                               "net_cents": 1000}], "bank_net_cents": -1000}}
    >>> results_announcement(g, "p1")
    'Showdown: board 1 A♠ K♥ 5♦ 5♣ 2♥, board 2 2♣ 2♦ T♥ 9♠ 8♠. You qualify: 6× → +$10. Bank -$10.'
    """
    text = (
        f"Showdown: board 1 {pretty_cards(game.get('board1') or [])}, "
        f"board 2 {pretty_cards(game.get('board2') or [])}."
    )
    mine = result_of(game, you)
    if mine is not None:
        verdict = "You qualify" if mine.get("qualifies") else "You foul"
        amount = total_label(mine).split(" → ", 1)[-1]
        if mine.get("qualifies"):
            text += f" {verdict}: {total_label(mine)}."
        else:
            text += f" {verdict}: {amount}."
    bank = (game.get("results") or {}).get("bank_net_cents")
    if type(bank) is int:
        text += f" Bank {money(bank, signed=True)}."
    return text


def announcement(game: Mapping[str, Any], you: Any) -> str:
    """The line for the live region when the table reaches a new phase."""
    phase = game.get("phase")
    if phase == "preflop":
        return deal_announcement(game)
    if phase == "flop":
        return flop_announcement(game)
    if phase == "results":
        return results_announcement(game, you)
    return ""


def seconds_left(ms: float) -> str:
    """A countdown as shown: whole seconds, rounded up.

    >>> seconds_left(4001), seconds_left(0), seconds_left(-5)
    ('5 s', '0 s', '0 s')
    """
    return f"{max(0, -(-int(ms) // 1000))} s"

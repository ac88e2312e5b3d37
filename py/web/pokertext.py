"""What a poker table shows and says, as pure functions of the game view (Hold'em, the Omaha
games, the bomb pot, draw): the controls the viewer may use, bet presets, and the words for
the log and the live region (where seats sit on the felt: :mod:`web.seating`).

Every bound and every pot-sized shortcut comes from the view's ``legal`` (the engine's own):
this module never offers an amount or an action outside it, and decides nothing else. Cards
are named by ``web.gametext`` (one set of card words for every game).

>>> c = controls({"legal": {"actions": ["fold", "call", "raise", "allin"], "call": 10,
...     "call_all_in": False, "raise": {"verb": "raise", "min_to": 20, "max_to": 1000},
...     "all_in_to": 1000, "all_in_whole": True, "draw_max": None, "can_check": False,
...     "presets": [["half", 22], ["threeq", 28], ["pot", 35]]},
...     "seats": [{"seat": 0, "bet": 0}, {"seat": 1, "bet": 5}, {"seat": 2, "bet": 10}],
...     "pots": []})
>>> c.call_label, c.raise_label, [p.to for p in c.presets]
('Call 10', 'Raise to', [20, 22, 28, 35, 1000])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import catalogue
from games.catalogue import GameEntry

from web import gametext, pokerresults
from web.viewdata import array, integer, mapping, number, part, records, sequence

GAME_NAMES = {g: catalogue.name(g) for g in catalogue.GAMES if catalogue.table_game(g)}
"""The table games' names (the catalogue's), by id."""
ROUND_NAMES = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River",
               "before the draw": "Before the draw", "after the draw": "After the draw",
               "draw": "The draw"}
VERB_WORDS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
              "raise": "raises to", "allin": "goes all in"}


def hand_game(game: Mapping[str, object]) -> str:
    """The game of the hand on the table, which every word about cards and boards follows:
    a bomb pot the host called at a Hold'em or Omaha table is a double-board PLO hand
    (the view's ``hand_game``; at results the hand's record says it too), and between
    hands the table's own game.

    >>> hand_game({"game": "omaha-hilo", "hand_game": "bomb-double"})
    'bomb-double'
    >>> hand_game({"game": "omaha-hilo", "hand_game": None})
    'omaha-hilo'
    """
    for kind in (game.get("hand_game"), part(game, "results").get("game"),
                 game.get("game")):
        if isinstance(kind, str) and kind:
            return kind
    return ""


def hand_entry(game: Mapping[str, object]) -> GameEntry | None:
    """The catalogue's entry of the hand's game (:func:`hand_game`): the facts every word
    about cards, boards and keys follows (None for a view naming no game we know)."""
    return catalogue.entry(hand_game(game))


def game_title(game: Mapping[str, object]) -> str:
    """The table's title: its game, named for the structure played ("Pot-Limit Omaha" only
    at pot-limit), and a bomb pot the host called marked as such.

    >>> game_title({"game": "omaha", "betting": "no-limit", "hand_game": "omaha"})
    'No-Limit Omaha'
    >>> game_title({"game": "omaha-hilo", "betting": "pot-limit", "hand_game": "bomb-double"})
    'Omaha Hi/Lo · bomb pot'
    >>> game_title({"game": "holdem", "betting": "pot-limit", "hand_game": "omaha",
    ...             "pick": None})
    "Pot-Limit Omaha · dealer's choice"
    """
    kind = str(game.get("game", ""))
    hand = game.get("hand_game")
    picked = "pick" in game and isinstance(hand, str) and hand not in ("", kind,
                                                                      catalogue.BOMB_POT)
    entry = catalogue.entry(hand if picked else kind)  # dealer's choice: the hand's game
    name = entry.title(game.get("betting")) if entry is not None else kind
    if hand == catalogue.BOMB_POT != kind:
        name += " · bomb pot"  # a one-off the host called (games.poker.hostctl)
    elif picked:
        name += " · dealer's choice"
    return name


def stakes_line(game: Mapping[str, object]) -> str:
    """The stakes beside the table's title. A bomb pot and draw with antes post no blinds (the
    view's ``posts_blinds``, the settings' rule): their big blind is only the minimum bet, so
    the line says so instead of "Blinds"; draw with the host's blinds says "Blinds".

    >>> stakes_line({"posts_blinds": True, "blinds": [5, 10], "ante": 0, "betting": "no-limit"})
    'Blinds 5/10 · no-limit'
    >>> stakes_line({"posts_blinds": False, "blinds": [5, 10], "ante": 10,
    ...              "betting": "pot-limit"})
    'Ante 10, minimum bet 10 · pot-limit'
    """
    blinds = array(game, "blinds")
    ante = game.get("ante")
    parts = []
    if game.get("posts_blinds") is False:
        if ante:
            parts.append(f"Ante {chips(ante)}")
        if len(blinds) == 2:
            parts.append(f"minimum bet {chips(blinds[1])}" if parts
                         else f"Minimum bet {chips(blinds[1])}")
    else:
        if len(blinds) == 2:
            parts.append(f"Blinds {chips(blinds[0])}/{chips(blinds[1])}")
        if ante:
            parts.append(f"ante {chips(ante)}" if parts else f"Ante {chips(ante)}")
    line = ", ".join(parts)
    betting = game.get("betting")
    return f"{line} · {betting}" if line and betting else line or str(betting or "")


_RANK_SAID = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
              "A": "ace", "10": "ten"}  # "10": a low as the screen writes it (pokerresults)
_LOW = re.compile(r"\b(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA])){2,}\b")
_PAIR_OF_NUMBERS = re.compile(r"(\d[\d,]*)/(\d[\d,]*)")


def speakable(text: str) -> str:
    """``text`` as a screen reader should say it: a low written "7-6-5-3-A" is said rank by
    rank, and blinds written "7/15" (read "seven slash fifteen", or as a date) as "7 and 15".
    Every announcement and key readout passes through here.

    >>> speakable("Low: 8-6-4-2-A. Blinds 1,000/2,000.")
    'Low: eight, six, four, two, ace. Blinds 1,000 and 2,000.'
    """
    if "-" in text:
        text = _LOW.sub(lambda m: ", ".join(_RANK_SAID[r] for r in m.group(0).split("-")),
                        text)
    return _PAIR_OF_NUMBERS.sub(r"\1 and \2", text) if "/" in text else text


def phase_label(game: Mapping[str, object]) -> str:
    """The phase chip beside the hand number: the round, or once the hand is over
    "Showdown" only when hands were shown ("Hand over" when everyone folded to one).

    >>> phase_label({"phase": "results", "results": {"shown": []}})
    'Hand over'
    >>> phase_label({"phase": "betting", "round": "turn"}), phase_label({"phase": "waiting"})
    ('Turn', 'Waiting')
    """
    phase = game.get("phase")
    if phase == "results":
        return "Showdown" if array(part(game, "results"), "shown") else "Hand over"
    if phase == "waiting":
        return "Waiting"
    if phase == "dealing":
        return "Dealing"
    rnd = game.get("round")
    if rnd == "draw":
        return draw_name(game)
    return ROUND_NAMES.get(str(rnd), str(rnd or "").capitalize())


DRAW_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth")


def draw_name(game: Mapping[str, object]) -> str:
    """Which draw is being played, as the phase chip says it: "The draw" in a game of one
    draw (the catalogue's count), else by its number ("Second draw"): the draws the player
    to act has made (the view's ``draws``, seat and count of each) and one, since everyone
    still in draws once in each draw.

    >>> game = {"game": "triple-draw", "round": "draw", "turn": {"seat": 2},
    ...         "draws": [[1, 3], [2, 0], [1, 2]]}
    >>> draw_name(game), draw_name({**game, "turn": {"seat": 1}})
    ('Second draw', 'Third draw')
    >>> draw_name({"game": "draw", "round": "draw", "turn": {"seat": 1}, "draws": []})
    'The draw'
    """
    entry = hand_entry(game)
    if entry is None or entry.draws <= 1:
        return ROUND_NAMES["draw"]
    seat = part(game, "turn").get("seat")
    done = sum(1 for d in array(game, "draws")
               if isinstance(d, list) and d and d[0] == seat and type(seat) is int)
    return f"{DRAW_ORDINALS[min(done, len(DRAW_ORDINALS) - 1)]} draw"


def chips(n: Any) -> str:
    """A chip count as the table writes it.

    >>> chips(12500), chips(None)
    ('12,500', '?')
    """
    return f"{n:,}" if type(n) is int else "?"


@dataclass(frozen=True)
class Preset:
    """A sizing shortcut: its label, accessible name and the *to* amount it puts in the box."""

    key: str
    label: str
    to: int


@dataclass(frozen=True)
class Controls:
    """What the viewer may do now (all False/None when it is not their turn)."""

    fold: bool = False
    check: bool = False
    call: int | None = None
    call_label: str = ""
    raise_verb: str | None = None
    min_to: int = 0
    max_to: int = 0
    fixed: bool = False
    raise_label: str = ""
    presets: tuple[Preset, ...] = ()
    all_in_to: int | None = None
    all_in_label: str = ""
    """The all-in button's words (Shift+A does the same): "All in (N)" only when the whole
    stack goes in; in pot-limit the largest raise, "Raise to N (pot)"; '' (no button) at a
    fixed limit, where it is the one raise the raise button already offers."""
    draw_max: int | None = None
    draw_keeps: tuple[str, ...] | None = None
    """To discard ``draw_max`` cards, one of these must be kept (the view's
    ``legal.draw_keeps``); None: any may."""
    draw_name: str = ""
    """Which draw this is, in words ("First draw" in triple draw; "" in a one-draw game)."""
    blocked: str | None = None

    @property
    def any(self) -> bool:
        return self.fold or self.check or self.call is not None or self.draw_max is not None


def pot_now(game: Mapping[str, object]) -> int:
    """Chips in the middle and in front of the players now (the pots plus this round's bets)."""
    pots = sum(number(mapping(p), "amount") for p in array(game, "pots"))
    return pots + sum(number(mapping(s), "bet") for s in array(game, "seats"))


def pot_lines(game: Mapping[str, object]) -> list[tuple[str, str, int]]:
    """The felt's pot, as players say it: "Pot: N" counting every chip in the middle and in
    front (preflop the blinds: never "Pot: 0" beside the bets), then, once there is more
    than one, each collected pot with its chips. Each line is (text, class, the chips
    collected in it: the headline's are all the pots'). Nothing while no hand is running.

    >>> g = {"phase": "betting", "pots": [], "seats": [{"bet": 5}, {"bet": 10}]}
    >>> [t for t, _, _ in pot_lines(g)]
    ['Pot: 15']
    >>> g = {"phase": "betting", "pots": [{"amount": 120}, {"amount": 60}],
    ...      "seats": [{"bet": 40}, {"bet": 0}]}
    >>> [t for t, _, _ in pot_lines(g)]
    ['Pot: 220', 'Main pot: 120', 'Side pot 1: 60']
    """
    if game.get("phase") in (None, "results", "waiting", "dealing"):
        return []
    pots = [number(mapping(p), "amount") for p in array(game, "pots")]
    total = pot_now(game)
    if not total:
        return []
    lines = [(f"Pot: {chips(total)}", "pk-pot pk-pot-total", sum(pots))]
    if len(pots) > 1:
        lines += [(f"{'Main pot' if i == 0 else f'Side pot {i}'}: {chips(amount)}",
                   "pk-pot pk-pot-part", amount) for i, amount in enumerate(pots)]
    return lines


def controls(game: Mapping[str, object]) -> Controls:
    """The viewer's controls, from ``legal`` (None: not their turn)."""
    legal = game.get("legal")
    if not isinstance(legal, Mapping):
        return Controls()
    actions = [a for a in array(legal, "actions") if isinstance(a, str)]
    if legal.get("draw_max") is not None and "draw" in actions:
        keeps = legal.get("draw_keeps")
        which = draw_name(game)
        return Controls(draw_max=number(legal, "draw_max"),
                        draw_keeps=tuple(str(c) for c in sequence(keeps))
                        if isinstance(keeps, list) else None,
                        draw_name=which if which != ROUND_NAMES["draw"] else "")
    out: dict[str, Any] = {"fold": "fold" in actions, "blocked": legal.get("raise_blocked")}
    if "check" in actions:
        out["check"] = True
    elif "call" in actions:
        call = number(legal, "call")
        out["call"] = call
        out["call_label"] = f"Call {chips(call)}" + (" (all in)" if legal.get("call_all_in")
                                                     else "")
    bounds = part(legal, "raise")
    verb = bounds.get("verb")
    raise_verb, fixed = None, False
    if verb in ("bet", "raise") and verb in actions:
        lo, hi = number(bounds, "min_to"), number(bounds, "max_to")
        raise_verb, fixed = verb, lo == hi
        out.update(raise_verb=verb, min_to=lo, max_to=hi, fixed=fixed)
        word = "Bet" if verb == "bet" else "Raise to"
        out["raise_label"] = f"{word} {chips(lo)}" if lo == hi else word
        if lo < hi:
            out["presets"] = presets(game, lo, hi)
    if "allin" in actions and type(legal.get("all_in_to")) is int:
        out["all_in_to"] = to = legal["all_in_to"]
        out["all_in_label"] = all_in_label(game, to, raise_verb, fixed)
    return Controls(**out)


def all_in_label(game: Mapping[str, object], to: int, verb: Any, fixed: Any) -> str:
    """What the all-in request does, in the button's words: all in only when the view says
    the whole stack goes in (``legal.all_in_whole``); otherwise the limit's largest raise or
    bet, which at a fixed limit is the raise button's own (no second button).

    >>> g = {"betting": "pot-limit", "legal": {"all_in_whole": False}}
    >>> all_in_label(g, 35, "raise", False), all_in_label(g, 15, "bet", False)
    ('Raise to 35 (pot)', 'Bet 15 (pot)')
    >>> all_in_label({**g, "betting": "fixed-limit"}, 20, "raise", True)
    ''
    >>> all_in_label({**g, "legal": {"all_in_whole": True}}, 2255, "raise", False)
    'All in (2,255)'
    """
    if part(game, "legal").get("all_in_whole") is True or verb is None:
        return f"All in ({chips(to)})"
    if fixed:
        return ""
    word = "Bet" if verb == "bet" else "Raise to"
    limit = {"pot-limit": "pot", "double-pot-limit": "double pot"}.get(
        str(game.get("betting")), "the most allowed")
    return f"{word} {chips(to)} ({limit})"


PRESET_LABELS = {"half": "½ pot", "threeq": "¾ pot", "pot": "Pot"}
"""The words of the view's pot-sized shortcuts (``legal.presets``), by key."""


def presets(game: Mapping[str, object], lo: int, hi: int) -> tuple[Preset, ...]:
    """Min, the view's pot-sized shortcuts (½ pot, ¾ pot, pot: the engine's pot after the
    call, ``games.poker.views.pot_presets``) and all-in (the largest the engine allows). A
    shortcut outside the bounds ``lo``..``hi`` or of a kind this page has no words for is
    left out."""
    sizes = []
    for item in array(part(game, "legal"), "presets"):
        pair = sequence(item)
        if (len(pair) == 2 and pair[0] in PRESET_LABELS and type(pair[1]) is int
                and lo <= pair[1] <= hi):
            sizes.append(Preset(pair[0], PRESET_LABELS[pair[0]], pair[1]))
    return (Preset("min", "Min", lo), *sizes,
            Preset("max", "All in" if _whole(game, hi) else "Max", hi))


def _whole(game: Mapping[str, object], hi: int) -> bool:
    """Whether raising to ``hi`` puts the viewer's whole stack in (the view says so)."""
    legal = part(game, "legal")
    return legal.get("all_in_whole") is True and legal.get("all_in_to") == hi


def check_amount(text: str, c: Controls) -> tuple[int | None, str]:
    """The *to* amount typed in the box, or why it cannot be sent (said at the field).

    >>> c = Controls(raise_verb="raise", min_to=20, max_to=100)
    >>> check_amount("50", c), check_amount("5", c)[1], check_amount("x", c)[1]
    ((50, ''), 'Raise to a whole number from 20 to 100.', 'Raise to a whole number from 20 to 100.')
    """
    word = "Bet" if c.raise_verb == "bet" else "Raise to"
    why = f"{word} a whole number from {chips(c.min_to)} to {chips(c.max_to)}."
    cleaned = text.strip().replace(",", "")
    if not cleaned.isdigit():
        return None, why
    amount = int(cleaned)
    if not c.min_to <= amount <= c.max_to:
        return None, why
    return amount, ""


def draw_problem(hole: Sequence[str], discards: Sequence[str], draw_max: int,
                 keeps: Sequence[str] | None = None) -> str:
    """Why these discards cannot be drawn ('' when they can): at most ``draw_max`` cards, and
    discarding that many keeps one of ``keeps`` (the view's ``legal.draw_keeps``, the
    engine's verdict: in 5-card draw, four only keeping an ace).

    >>> hole = ["As", "Kd", "7c", "4h", "2s"]
    >>> draw_problem(hole, ["Kd", "7c", "4h", "2s"], 4, ["As"])
    ''
    >>> draw_problem(hole, ["As", "7c", "4h", "2s"], 4, ["As"])
    'Keep the ace of spades to draw 4.'
    """
    if len(discards) > draw_max:
        return f"You may discard at most {draw_max}."
    if keeps and len(discards) == draw_max and not any(
            c in keeps for c in hole if c not in discards):
        named = [f"the {gametext.card_name(c)}" for c in keeps]
        either = ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
        return f"Keep {either} to draw {draw_max}."
    return ""


def draw_label(count: int) -> str:
    """The draw button's words.

    >>> draw_label(0), draw_label(2)
    ('Stand pat', 'Draw 2')
    """
    return "Stand pat" if count == 0 else f"Draw {count}"


def blind_marks(game: Mapping[str, object]) -> dict[int, str]:
    """Seat -> "SB"/"BB" (and "Ante" is not marked) from this hand's posts in the log."""
    marks: dict[int, str] = {}
    for e in records(game, "log"):
        seat = e.get("seat")
        if e.get("type") == "post" and type(seat) is int:
            kind = str(e.get("kind", ""))
            if kind == "small blind":
                marks[seat] = "SB"
            elif kind == "big blind":
                marks[seat] = "BB"
    return marks


def names_by_seat(game: Mapping[str, object]) -> dict[int, str]:
    return {s["seat"]: str(s.get("name", "?")) for s in array(game, "seats")
            if isinstance(s, Mapping) and type(s.get("seat")) is int}


def log_line(entry: Mapping[str, object], names: Mapping[int, str],
             game: Mapping[str, object] | None = None) -> str:
    """One log entry in words.

    >>> names = {0: "Ann", 1: "Bo"}
    >>> log_line({"type": "act", "seat": 1, "action": "raise", "to": 60}, names)
    'Bo raises to 60'
    >>> log_line({"type": "act", "seat": 0, "action": "call", "to": 60, "added": 50,
    ...           "all_in": True}, names)
    'Ann calls 50, all in'
    >>> log_line({"type": "post", "seat": 0, "kind": "small blind", "amount": 5}, names)
    'Ann posts the small blind, 5'
    """
    kind = entry.get("type")
    seat = entry.get("seat")
    who = names.get(seat, "?") if type(seat) is int else "?"
    if kind == "post":
        return f"{who} posts the {entry.get('kind', 'blind')}, {chips(entry.get('amount'))}" + (
            ", all in" if entry.get("all_in") else "")
    if kind == "round":
        name = str(entry.get("name", ""))
        line = ROUND_NAMES.get(name, name.capitalize())
        if game is not None:
            cards = round_cards(game, name)
            if cards:
                line += ": " + cards
        return line
    if kind == "draw":
        count = number(entry, "count")
        return f"{who} " + ("stands pat" if count == 0 else
                            f"draws {count} card{'s' if count != 1 else ''}")
    if kind == "return":
        return f"{chips(entry.get('amount'))} uncalled returned to {who}"
    if kind == "act":
        verb = str(entry.get("action", ""))
        auto = " (automatically)" if entry.get("auto") else ""
        if verb in ("fold", "check"):
            line = f"{who} {VERB_WORDS[verb]}"
        elif verb == "call":
            line = f"{who} calls {chips(entry.get('added'))}"
        elif verb == "bet":
            line = f"{who} bets {chips(entry.get('to'))}"
        else:
            line = f"{who} raises to {chips(entry.get('to'))}"
        return line + (", all in" if entry.get("all_in") else "") + auto
    return ""


def round_cards(game: Mapping[str, object], name: str) -> str:
    """The board cards a round brings, spoken: 'ace of spades, ...' (two boards apart)."""
    cut = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}.get(name)
    if cut is None:
        return ""
    boards = [b for b in array(game, "boards") if isinstance(b, list)]
    parts = [gametext.spoken_cards(b[cut[0]:cut[1]]) for b in boards]
    parts = [p for p in parts if p]
    if len(parts) == 2:
        return f"board 1 {parts[0]}; board 2 {parts[1]}"
    return parts[0] if parts else ""


def _log_total(game: Mapping[str, object]) -> int:
    return number(game, "log_omitted") + len(array(game, "log"))


def news(before: Mapping[str, object] | None, game: Mapping[str, object], you: Any) -> list[str]:
    """What the polite live region says when ``game`` follows ``before``: a new hand and your
    cards, each new action and street, your turn with the amount to call, the results."""
    lines: list[str] = []
    names = names_by_seat(game)
    same_hand = before is not None and before.get("hand_no") == game.get("hand_no")
    me = part(game, "you")
    if not same_hand and game.get("phase") not in (None, "waiting"):
        hole = gametext.spoken_cards(array(me, "hole"))
        lines.append(f"Hand {game.get('hand_no')}." + (f" Your cards: {hole}." if hole else ""))
        new = array(game, "log")
    elif same_hand:
        assert before is not None
        fresh = _log_total(game) - _log_total(before)
        new = array(game, "log")[-fresh:] if fresh > 0 else []
        if part(before, "you").get("hole") != me.get("hole") and me.get("hole"):
            lines.append("Your cards now: " + gametext.spoken_cards(array(me, "hole")) + ".")
    else:
        new = []
    for entry in new:
        text = log_line(mapping(entry), names, game)
        if text:
            lines.append(text + ".")
    over = game.get("phase") == "results"
    if over and (before is None or before.get("phase") != "results" or not same_hand):
        lines += pokerresults.announce_lines(game)
        end = tournament_over(game)
        if end:  # each place was said as the player went out: the winner alone now
            lines.append(tournament_over(game, places=False) or end)
    c = controls(game)
    was_mine = before is not None and same_hand and before.get("legal") is not None and (
        before.get("seq") == game.get("seq"))
    if c.any and not was_mine:
        lines.append(turn_words(c))
    return [speakable(line) for line in lines]


def no_cards_words(game: Mapping[str, object]) -> str:
    """What the viewer's card box says while they hold no cards: a watcher watches, an
    eliminated player is out for good, a player with no chips must buy in and one sitting
    out must sit back in before any deal; only the others are dealt in at the next hand.

    >>> g = {"you": {"seated": True, "seat": 2},
    ...      "seats": [{"seat": 2, "state": "eliminated", "sitting_out": False}]}
    >>> no_cards_words(g)
    'You are out of the tournament.'
    >>> no_cards_words({**g, "seats": [{"seat": 2, "state": "out", "sitting_out": False}]})
    'You are dealt in at the next hand.'
    >>> no_cards_words({"you": {"seated": False}})
    'You are watching.'
    """
    me = part(game, "you")
    if me.get("seated") is not True:
        return "You are watching."
    seat = next((mapping(s) for s in array(game, "seats")
                 if mapping(s).get("seat") == me.get("seat")), {})
    state = seat.get("state")
    if state == "eliminated":
        return "You are out of the tournament."
    if state == "no_chips":
        return "Buy in to be dealt in."
    if seat.get("sitting_out") is True:
        return "You are sitting out: sit back in to be dealt in."
    return "You are dealt in at the next hand."


def tournament_over(game: Mapping[str, object], places: bool = True) -> str | None:
    """The line naming a finished tournament's winner and the places below (None while it
    goes on, or at a cash table): no further hand can be dealt, so the table says who won
    instead of offering one.

    >>> tournament_over({"tournament": {"winner": "p2", "finishing_order": [
    ...     {"id": "p2", "name": "Bo", "place": 1}, {"id": "p1", "name": "Ann", "place": 2},
    ...     {"id": "p3", "name": "Cy", "place": 3}]}})
    'Bo wins the tournament. 2nd Ann, 3rd Cy.'
    >>> tournament_over({"tournament": {"winner": None}}) is None
    True

    ``places=False``: the winner alone (the live region said each place as it was taken).
    """
    tour = part(game, "tournament")
    winner = tour.get("winner")
    if not isinstance(winner, str):
        return None
    order = [mapping(r) for r in array(tour, "finishing_order")]
    name = next((str(r.get("name")) for r in order if r.get("id") == winner), winner)
    if not places:
        return f"{name} wins the tournament."
    rest = [f"{ordinal(integer(r.get('place')))} {r.get('name', '?')}" for r in order
            if r.get("id") != winner]
    return f"{name} wins the tournament." + (f" {', '.join(rest)}." if rest else "")


def ordinal(n: int) -> str:
    """A place in words as standings write it.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def turn_words(c: Controls) -> str:
    """Your turn, said with what it costs.

    >>> turn_words(Controls(fold=True, call=40))
    'Your turn: 40 to call.'
    """
    if c.draw_max is not None and c.draw_name:
        return (f"Your turn, {c.draw_name.lower()}: discard up to {c.draw_max} cards, "
                f"or stand pat.")
    if c.draw_max is not None:
        return f"Your turn to draw: discard up to {c.draw_max} cards, or stand pat."
    if c.check:
        return "Your turn: you may check."
    return f"Your turn: {chips(c.call)} to call."


def seat_status(seat: Mapping[str, object]) -> str:
    """The mark under a seat's name: folded, all in, sitting out, waiting, away...

    >>> seat_status({"state": "all_in", "connected": True})
    'All in'
    """
    state = seat.get("state")
    words = {"folded": "Folded", "all_in": "All in", "sitting_out": "Sitting out",
             "waiting": "Waits for the big blind", "no_chips": "No chips",
             "eliminated": "Eliminated"}
    text = words.get(str(state), "")
    if seat.get("sitting_out") and state != "sitting_out":
        text = (text + ", sitting out").lstrip(", ").capitalize()
    return text


@dataclass
class Discards:
    """The cards the viewer marked to discard, kept for one decision (the view's seq)."""

    seq: Any = None
    cards: list[str] = field(default_factory=list)

    def for_seq(self, seq: Any) -> list[str]:
        if seq != self.seq:
            self.seq, self.cards = seq, []
        return self.cards

    def toggle(self, card: str) -> None:
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.cards.append(card)


@dataclass(frozen=True)
class Cash:
    """What the viewer's cash card offers: buying in (or adding chips) within the bounds the
    host's view gives (``you.buy_in``, from the game's own rule), the amount it suggests, and
    where they stand (sitting out, waiting for the big blind). The host re-checks everything;
    this only keeps a box from sending what the view already says it would refuse."""

    stack: int
    low: int
    high: int
    suggested: int
    can_buy: bool
    sitting_out: bool
    waiting: bool

    @property
    def label(self) -> str:
        return "Buy in" if self.stack == 0 else "Add chips"

    @property
    def offers_anything(self) -> bool:
        """Whether the card has a control to show: a buy-in, the post button, or sitting out
        or back (which needs chips). A player all in during a hand has none of them, and an
        empty "Your chips" card would only take room on a phone.

        >>> Cash(0, 400, 2500, 1000, False, False, False).offers_anything  # all in, mid-hand
        False
        >>> Cash(0, 400, 2500, 1000, True, False, False).offers_anything  # busted: buy in
        True
        """
        return self.can_buy or self.waiting or self.stack > 0

    @property
    def hint(self) -> str:
        if self.stack == 0:
            return f"From {chips(self.low)} to {chips(self.high)} chips."
        return (f"You have {chips(self.stack)}; you may add up to "
                f"{chips(self.high)} between hands.")

    def check(self, text: str) -> tuple[int | None, str | None]:
        """The chips typed, or why they cannot be asked for (said at the field).

        >>> c = Cash(0, 400, 2500, 1000, True, False, False)
        >>> c.check("1,000"), c.check("300")[1], c.check("x")[1]
        ((1000, None), 'Buy in from 400 to 2,500 chips.', 'Buy in from 400 to 2,500 chips.')
        >>> Cash(2000, 1, 500, 500, True, False, False).check("600")[1]
        'Add from 1 to 500 chips.'
        """
        word = "Buy in" if self.stack == 0 else "Add"
        why = f"{word} from {chips(self.low)} to {chips(self.high)} chips."
        cleaned = text.strip().replace(",", "")
        if not cleaned.isdigit() or not self.low <= int(cleaned) <= self.high:
            return None, why
        return int(cleaned), None


def cash(game: Mapping[str, object], you: Any) -> Cash | None:
    """The viewer's :class:`Cash` at a cash table (None in a tournament or for a viewer with
    no seat). Buying is offered only when the view gives bounds (``you.buy_in``: not while
    their cards are in a running hand, nor at the most they may hold).

    >>> g = {"buy_in": {"min": 400, "max": 2500, "default": 1000}, "phase": "waiting",
    ...      "you": {"seated": True, "buy_in": {"from": 400, "to": 2500, "suggested": 1000}},
    ...      "seats": [{"id": "p1", "stack": 0, "sitting_out": False, "waiting": False}]}
    >>> c = cash(g, "p1"); (c.label, c.suggested, c.can_buy)
    ('Buy in', 1000, True)
    >>> cash({**g, "you": {"seated": True, "buy_in": None}}, "p1").can_buy
    False
    >>> cash({**g, "buy_in": None}, "p1") is None
    True
    """
    mine = part(game, "you")
    if not part(game, "buy_in") or mine.get("seated") is not True:
        return None
    seat = next((s for s in array(game, "seats")
                 if isinstance(s, Mapping) and s.get("id") == you), None)
    if seat is None:
        return None
    bounds = part(mine, "buy_in")
    return Cash(stack=number(seat, "stack"), low=number(bounds, "from"),
                high=number(bounds, "to"), suggested=number(bounds, "suggested"),
                can_buy=bool(bounds), sitting_out=seat.get("sitting_out") is True,
                waiting=seat.get("waiting") is True)


def opening_buy_in(game: Mapping[str, object], you: Any) -> int | None:
    """The chips a practice table's player buys before the first deal (``web.practice``):
    the buy-in the table suggests, as each bot at it buys, when the view offers this player
    a buy-in and they hold no chips; None otherwise (a tournament starts everyone with its
    starting stack and offers none).

    >>> g = {"buy_in": {"min": 400, "max": 2500, "default": 1000}, "phase": "waiting",
    ...      "you": {"seated": True, "buy_in": {"from": 400, "to": 2500, "suggested": 1000}},
    ...      "seats": [{"id": "p1", "stack": 0}]}
    >>> opening_buy_in(g, "p1"), opening_buy_in({**g, "seats": [{"id": "p1", "stack": 9}]}, "p1")
    (1000, None)
    """
    c = cash(game, you)
    if c is None or c.stack > 0 or not c.can_buy or not c.low <= c.suggested <= c.high:
        return None
    return c.suggested

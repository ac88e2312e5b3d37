"""The players' choices outside their turns at a table game: run it twice, the rabbit hunt,
showing or mucking (``static/rules/table-games.md``: #run-it-twice, #rabbit-hunt,
#show-or-muck).

The engine judges each one (``rules.poker.Hand``: ``answer_twice``, ``rabbit``, ``show``,
``mucking``); this module says *when* a table takes them — the host's options, the short
clock of the run-it-twice question (an answer not given in time is no), who may ask for the
rabbit — and what each viewer is offered (:func:`view_part`: the page draws exactly that, the
bots read it). Each choice goes through :func:`.hands.choose`, which records it so a hand
replays with it. The session calls :func:`handle` from its table requests, :func:`expire`
from its clock.
"""

from __future__ import annotations

from rules.poker import ActionError

from games.viewtypes import TableChoices, TwiceQuestion

from . import hands as hands_mod
from .tablestate import TableState

TWICE_MS = 10_000
"""How long the players asked to run it twice have to answer (then: no)."""
REQUESTS = ("run_twice", "run_once", "rabbit", "show_card", "show_hand", "muck_on",
            "muck_off")
"""The table requests of this module (declared in :mod:`.tablerequests`)."""


class ChoiceError(ValueError):
    """A choice the table does not take now; the message says why (the session turns it
    into a refusal that changes nothing)."""


def handle(game: TableState, pid: str, what: str, amount: int | None) -> bool:
    """Applies ``pid``'s choice ``what`` (one of :data:`REQUESTS`; ``show_card``'s amount is
    the card's place in their hand, from 0). False when it changed nothing (muck already
    on/off); :class:`ChoiceError` when refused."""
    if what in ("muck_on", "muck_off"):
        on = what == "muck_on"
        if (pid in game.muckers) == on:
            return False
        (game.muckers.add if on else game.muckers.discard)(pid)
        played = game.played
        seat = played.engine_seat(pid) if played is not None else None
        if played is not None and seat is not None and game.hand_running and \
                played.config.dealt_in[seat]:
            _choose(game, f"muck {seat} {'on' if on else 'off'}")
        return True
    played = game.played
    if played is None or game.flow.dealing is not None:
        raise ChoiceError("no hand is on the table")
    seat = played.engine_seat(pid)
    if seat is None or not played.config.dealt_in[seat]:
        raise ChoiceError("you were not dealt in this hand")
    hand = played.hand
    if what in ("run_twice", "run_once"):
        _choose(game, f"twice {seat} {'yes' if what == 'run_twice' else 'no'}")
    elif what == "rabbit":
        if not game.settings.rabbit_hunt:
            raise ChoiceError("this table does not hunt the rabbit (the host's option)")
        _choose(game, "rabbit")
    elif what == "show_hand":
        _choose(game, f"show {seat} {' '.join(map(str, hand.hole[seat]))}")
    else:  # show_card
        hole = hand.hole[seat]
        if amount is None or not 0 <= amount < len(hole):
            raise ChoiceError(f"show_card names a card of your hand: 0 to {len(hole) - 1}")
        _choose(game, f"show {seat} {hole[amount]}")
    return True


def _choose(game: TableState, text: str) -> None:
    played = game.played
    assert played is not None
    try:
        hands_mod.choose(played, text)
    except ActionError as exc:
        raise ChoiceError(str(exc)) from None
    game.seq += 1


def note_question(game: TableState) -> None:
    """After a deal or an action: starts the run-it-twice clock when the question came."""
    played = game.played
    if played is not None and played.hand.asking and game.twice_since is None:
        game.twice_since = game.now


def expire(game: TableState, *, clock: bool = True) -> bool:
    """The run-it-twice question's clock: when it ran out (``clock``: the tick's, which
    reports the change), or a player asked was removed by the host, that player's answer is
    no. True if anything changed."""
    played = game.played
    if played is None or not played.hand.asking:
        return False
    if game.twice_since is None:  # asked before a reload: the clock starts again now
        game.twice_since = game.now
    late = clock and game.twice_since is not None and game.now >= game.twice_since + TWICE_MS
    for seat in list(played.hand.asking):
        if late or played.ids[seat] in game.played_out:
            _choose(game, f"twice {seat} no")
            return True
    return False


def view_part(game: TableState, viewer: str) -> TableChoices:
    """What ``viewer`` may choose now, and the question everyone sees."""
    played = game.played
    out: TableChoices = {"twice": None, "rabbit": False, "show": 0,
                         "muck": viewer in game.muckers}
    if played is None or game.flow.dealing is not None:
        return out
    hand = played.hand
    seat = played.engine_seat(viewer)
    mine = seat is not None and played.config.dealt_in[seat]
    if hand.asking:
        since = game.twice_since if game.twice_since is not None else game.now
        question: TwiceQuestion = {
            "asking": [played.seats[s] for s in hand.asking],
            "you": mine and seat in hand.asking,
            "deadline_ms": max(0, since + TWICE_MS - game.now),
        }
        out["twice"] = question
    if hand.is_over and mine:
        hunted = any(text == "rabbit" for _, text in played.choices)
        out["rabbit"] = game.settings.rabbit_hunt and bool(hand.rabbit_places()) and not hunted
        live = [s for s in hand.order if hand.in_hand[s]]
        assert seat is not None
        if live == [seat] and not any(t.startswith("show ") for _, t in played.choices):
            out["show"] = len(hand.hole[seat])
    return out

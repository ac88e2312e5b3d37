"""One hand as the session keeps it: who sat where, the engine's hand, and how to replay it.

The engine numbers the players of a hand 0..n-1 in table-seat order (so a 5-card draw hand
fits the engine's seven seats even at a ten-seat table); :class:`PlayedHand` maps them back
to table seats and player ids. A hand is stored as its settings, its deck, draw's reshuffles
and the actions in order — replaying them through the engine gives the same hand, which is how
a host reload carries on (:func:`replay`) and how history is exported later.

The public record of a hand (:func:`public_log`, :func:`history`) holds only what every
player may see: actions (a draw as a count of cards), boards, the hands the rules show at a
showdown and the payouts. Never a folded hand, never a discard, never a burn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card
from rules.poker import Action, ActionError, Betting, Game, Hand, HandConfig
from rules.poker.history import payout_messages
from rules.poker.records import (
    Acted,
    Awarded,
    Bounty,
    Dealt,
    Drew,
    Mucked,
    Posted,
    Rabbit,
    Returned,
    RoundStarted,
    SecondRun,
    Showed,
    Shown,
)
from rules.poker.value import hand_words

from games.table.fair import FairDeal
from games.viewtypes import (
    BountyPaid,
    HandOutcome,
    HandRecord,
    LogEntry,
    PlayedState,
    PotShare,
    RecordYou,
    RunHand,
    ShowedCards,
    ShownHand,
    YourDraw,
)

from .dealing import DealStream, FixedStream


@dataclass
class PlayedHand:
    """A hand in play or finished, with everything needed to replay it."""

    hand_no: int
    ids: tuple[str, ...]
    """Engine seat -> player id."""
    seats: tuple[int, ...]
    """Engine seat -> table seat."""
    names: tuple[str, ...]
    config: HandConfig
    deck: tuple[Card, ...]
    hand: Hand
    level: int | None = None
    """The tournament level whose blinds it uses."""
    fair: FairDeal | None = None
    """The deal's record (seed and nonces: the stream goes on from them after a reload)."""
    reshuffles: list[tuple[Card, ...]] = field(default_factory=list)
    actions: list[tuple[str, bool]] = field(default_factory=list)
    """Each action as its script text, and whether it was automatic (timeout, removed)."""
    started_ms: int | None = None
    """When it was dealt, by the host's wall clock (ms since 1970, UTC): the one time every
    player's hand history gives it (a player's own clock would differ)."""
    tournament: str | None = None
    """The tournament it belongs to (:attr:`PokerGame.tournament_id`); None in a cash game."""
    run_twice: bool = False
    """The table offered run it twice when it was dealt."""
    mucking: tuple[int, ...] = ()
    """The engine seats that mucked a losing hand when it was dealt (later: ``choices``)."""
    choices: list[tuple[int, str]] = field(default_factory=list)
    """The players' choices outside their turns (:func:`choose`), each with the number of
    actions before it, so a replay puts it back in its place."""
    _record: HandRecord | None = field(default=None, init=False, repr=False, compare=False)
    _words: dict[tuple[int, int, tuple[Card, ...]], tuple[str | None, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def hand_words(self, e: int) -> tuple[str | None, ...]:
        """Engine seat ``e``'s hand in words (:func:`rules.poker.value.hand_words`), worked
        out once per street and hole: every action rebuilds every seat's view, and the
        words change only when a card comes."""
        hand = self.hand
        hole = tuple(hand.hole[e])
        key = (e, sum(len(b) for b in hand.boards), hole)
        words = self._words.get(key)
        if words is None:
            words = self._words[key] = hand_words(self.config.game, hole, hand.boards)
        return words

    def record(self) -> HandRecord:
        """The finished hand's :func:`history` entry, built once (every seat's results view
        carries it; a finished hand never changes). A shallow copy each time, so a view may
        shorten its own ``actions`` without touching the others'."""
        assert self.hand.is_over, "a hand's record exists once it is over"
        if self._record is None:
            self._record = history(self)
        return self._record.copy()

    def engine_seat(self, pid: str) -> int | None:
        try:
            return self.ids.index(pid)
        except ValueError:
            return None

    def dealt_in(self, pid: str) -> bool:
        s = self.engine_seat(pid)
        return s is not None and self.config.dealt_in[s]

    def to_dict(self) -> PlayedState:
        """Everything, secrets included: for the host's own snapshot only."""
        c = self.config
        return {
            "hand_no": self.hand_no, "ids": list(self.ids), "seats": list(self.seats),
            "names": list(self.names), "game": c.game.value, "betting": c.betting.value,
            "stacks": list(c.stacks), "button": c.button, "blinds": list(c.blinds),
            "ante": c.ante, "cap": c.cap, "posts": list(c.posts),
            "draw_blinds": c.draw_blinds,
            "short_bomb_all_in": c.short_bomb_all_in,
            "extras": [c.straddle, c.bb_ante, c.bounty],
            "deck": [str(x) for x in self.deck],
            "level": self.level, "fair": self.fair.to_dict() if self.fair else None,
            "reshuffles": [[str(x) for x in r] for r in self.reshuffles],
            "actions": [[a, auto] for a, auto in self.actions],
            "started_ms": self.started_ms, "tournament": self.tournament,
            "run_twice": self.run_twice, "mucking": list(self.mucking),
            "choices": [[at, text] for at, text in self.choices],
        }


def start(
    hand_no: int,
    ids: Sequence[str],
    seats: Sequence[int],
    names: Sequence[str],
    config: HandConfig,
    stream: DealStream,
    *,
    level: int | None = None,
    fair: FairDeal | None = None,
    started_ms: int | None = None,
    tournament: str | None = None,
    run_twice: bool = False,
    mucking: Sequence[int] = (),
) -> PlayedHand:
    """Deals a hand from ``stream`` (blinds and antes posted, cards dealt); ``run_twice``:
    the table offers it; ``mucking``: the engine seats that muck a losing hand."""
    deck = tuple(stream.deck())
    box: list[PlayedHand] = []

    def reshuffle(cards: tuple[Card, ...]) -> Sequence[Card]:
        out = tuple(stream.reshuffle(cards))
        box[0].reshuffles.append(out)
        return out

    hand = Hand(config, deck, reshuffle=reshuffle, run_twice=run_twice)
    hand.mucking = set(mucking)
    played = PlayedHand(hand_no, tuple(ids), tuple(seats), tuple(names), config, deck, hand,
                        level, fair, started_ms=started_ms, tournament=tournament,
                        run_twice=run_twice, mucking=tuple(mucking))
    box.append(played)
    return played


def replay(data: Mapping[str, Any]) -> PlayedHand:
    """The hand of :meth:`PlayedHand.to_dict`, replayed through the engine to where it
    stood. A fair hand re-derives its stream (so later reshuffles stay provable); a stacked
    one replays the recorded reshuffles."""
    config = HandConfig(
        Game.parse(data["game"]), Betting.parse(data["betting"]),
        tuple(int(s) for s in data["stacks"]), int(data["button"]),
        (int(data["blinds"][0]), int(data["blinds"][1])), int(data["ante"]),
        None if data["cap"] is None else int(data["cap"]),
        tuple(int(s) for s in data["posts"]),
        data.get("draw_blinds") is True,  # absent in a snapshot saved before the option
        data.get("short_bomb_all_in") is True,  # absent in a snapshot saved before the rule
        *_extras(data.get("extras")),  # absent before the home-game extras
    )
    fair = FairDeal.from_dict(data["fair"]) if data["fair"] is not None else None
    deck = [Card.parse(c) for c in data["deck"]]
    recorded = [[Card.parse(c) for c in r] for r in data["reshuffles"]]
    stream: DealStream = (fair.stream() if fair is not None
                          else FixedStream(deck, recorded))
    played = start(int(data["hand_no"]), [str(p) for p in data["ids"]],
                   [int(s) for s in data["seats"]], [str(n) for n in data["names"]], config,
                   stream, level=data["level"], fair=fair,
                   started_ms=_opt_int(data.get("started_ms")),
                   tournament=None if data.get("tournament") is None else str(data["tournament"]),
                   run_twice=data.get("run_twice") is True,  # absent before the option
                   mucking=[int(s) for s in data.get("mucking", [])])
    if tuple(deck) != played.deck:
        raise ValueError("the replayed deck differs from the saved one")
    choices = [(int(at), str(text)) for at, text in data.get("choices", [])]
    for text, auto in data["actions"]:
        while choices and choices[0][0] == len(played.actions):
            choose(played, choices.pop(0)[1])
        apply(played, Action.parse(text), bool(auto))
    for _, text in choices:  # those after the last action (the rabbit, showing)
        choose(played, text)
    return played


def _extras(value: Any) -> tuple[bool, bool, int]:
    """``(straddle, bb_ante, bounty)`` of a saved hand (none in one saved before them)."""
    if not isinstance(value, list) or len(value) != 3:
        return False, False, 0
    return value[0] is True, value[1] is True, int(value[2])


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def apply(played: PlayedHand, action: Action, auto: bool) -> None:
    """Applies a verified action and records it."""
    played.hand.do(action)
    played.actions.append((str(action), auto))


CHOICES = ("twice", "muck", "show", "rabbit")
"""The choices a player makes outside a turn, as :func:`choose` reads them."""


def choose(played: PlayedHand, text: str) -> None:
    """Applies a choice outside a turn, written as text so a hand replays with it:
    ``"twice 2 yes"`` (engine seat 2's answer to run it twice), ``"muck 2 on"`` /
    ``"muck 2 off"`` (muck a losing hand at the showdown, or show it), ``"show 2 Ad"`` (one
    card or the whole hand after an uncontested win), ``"rabbit"``. The engine judges it
    (``rules.poker.ActionError``, nothing changed); recorded once applied."""
    what, *rest = text.split()
    hand = played.hand
    if what == "rabbit" and not rest:
        hand.rabbit()
    elif what in ("twice", "muck", "show") and len(rest) >= 2:
        seat = int(rest[0])
        if what == "twice":
            hand.answer_twice(seat, rest[1] == "yes")
        elif what == "muck":
            if hand.is_over:
                raise ActionError("the showdown is over")
            (hand.mucking.add if rest[1] == "on" else hand.mucking.discard)(seat)
        else:
            hand.show(seat, [Card.parse(c) for c in rest[1:]])
    else:
        raise ValueError(f"not a choice: {text[:40]!r}")
    played.choices.append((len(played.actions), text))
    played._record = None  # a choice after the hand (rabbit, showing) adds to its record


def public_log(played: PlayedHand) -> list[LogEntry]:
    """The hand's actions as every player may see them (table seats; draws as counts)."""
    autos = iter(auto for _, auto in played.actions)
    seat = played.seats
    out: list[LogEntry] = []
    for rec in played.hand.log:
        if isinstance(rec, Posted):
            out.append({"type": "post", "seat": seat[rec.seat], "kind": rec.kind,
                        "amount": rec.amount, "all_in": rec.all_in})
        elif isinstance(rec, RoundStarted):
            out.append({"type": "round", "name": rec.name})
        elif isinstance(rec, Acted):
            out.append({"type": "act", "seat": seat[rec.seat], "action": rec.verb.value,
                        "to": rec.to, "added": rec.added, "all_in": rec.all_in,
                        "auto": next(autos, False)})
        elif isinstance(rec, Drew):
            out.append({"type": "draw", "seat": seat[rec.seat], "count": len(rec.discards),
                        "auto": next(autos, False)})
        elif isinstance(rec, Returned):
            out.append({"type": "return", "seat": seat[rec.seat], "amount": rec.amount})
    return out


def boards(hand: Hand) -> list[list[str]]:
    """Each board, five slots, ``"??"`` where no card is dealt yet."""
    return [[str(c) for c in b] + ["??"] * (5 - len(b)) for b in hand.boards]


def shown(played: PlayedHand) -> list[ShownHand]:
    """The hands shown at showdown, in showdown order (none when won uncontested).

    ``wins`` runs beside ``hands`` (one per board, or high then low): the five cards with
    which this hand won that board or half of some pot, as the evaluator that decided it
    picked them, or None where it won nothing. Only shown cards and the board, so the
    whitelist holds; what a results screen highlights."""
    log = played.hand.log
    won: dict[tuple[int, int, int], list[str]] = {}  # (run, seat, part)
    for r in log:
        if isinstance(r, Awarded) and r.cards:
            run, part = _run_part(r.share)
            won.setdefault((run, r.seat, part), [str(c) for c in r.cards])
    out: list[ShownHand] = [
        {"seat": played.seats[r.seat], "name": played.names[r.seat],
         "cards": [str(c) for c in r.cards], "hands": list(r.hands),
         "wins": [won.get((0, r.seat, part)) for part in range(len(r.hands))]}
        for r in log if isinstance(r, Shown)]
    second = next((r for r in log if isinstance(r, SecondRun)), None)
    if second is not None:
        by_seat = {played.seats[s]: hands for s, hands in second.hands}
        for entry, r in zip(out, [r for r in log if isinstance(r, Shown)], strict=True):
            hands = by_seat[entry["seat"]]
            run2: RunHand = {"hands": list(hands),
                             "wins": [won.get((1, r.seat, part)) for part in range(len(hands))]}
            entry["second"] = run2
    return out


def _run_part(share: str) -> tuple[int, int]:
    """``(run, part)`` of a share's name: the run (0, or 1 for the second runout) and the
    part of a hand it was won with (1: the low, or board 2; else 0)."""
    run = 0
    if share.startswith("run "):
        run, share = int(share[4]) - 1, share[6:]
    return run, 1 if share in ("low", "board 2") else 0


def _shares(hand: Hand, pot: int, seat: Sequence[int]) -> list[PotShare]:
    """Pot ``pot`` share by share, as it was paid: ``share`` ``''`` (the whole pot),
    ``'high'``/``'low'`` (Hi/Lo) or ``'board 1'``/``'board 2'`` (a double board), each with
    its winners and what each got. What a hand history pays line by line."""
    out: list[PotShare] = []
    for r in hand.log:
        if isinstance(r, Awarded) and r.pot == pot:
            if not out or out[-1]["share"] != r.share:
                out.append({"share": r.share, "amount": r.share_amount, "winners": []})
            out[-1]["winners"].append({"seat": seat[r.seat], "amount": r.amount})
    return out


def results(played: PlayedHand) -> HandOutcome:
    """Pots with their winners, the payout messages and each player's net (over hands)."""
    hand = played.hand
    res = hand.result()
    seat = played.seats
    return {
        "pots": [{"amount": p.amount, "eligible": [seat[s] for s in p.eligible],
                  "winners": [{"seat": seat[s], "amount": a} for s, a in p.winners],
                  "shares": _shares(hand, i, seat)}
                 for i, p in enumerate(res.pots)],
        "payouts": payout_messages(hand, played.names),
        "net": {played.ids[i]: n for i, n in enumerate(res.net) if played.config.dealt_in[i]},
        "uncontested": not any(isinstance(r, Awarded) and r.hand is not None
                               for r in hand.log),
    }


def history(played: PlayedHand) -> HandRecord:
    """A finished hand's public JSON record (every game)."""
    c = played.config
    outcome = results(played)
    record: HandRecord = {
        "hand_no": played.hand_no,
        "game": c.game.value,
        "hand_game": c.game.value,
        "betting": c.betting.value,
        "button": played.seats[c.button],
        "blinds": list(c.blinds),
        "ante": c.ante,
        "cap": c.cap,
        "level": played.level,
        "tournament": played.tournament,
        "started_ms": played.started_ms,
        "commitment": played.fair.commitment if played.fair is not None else None,
        "seats": [{"seat": played.seats[i], "id": played.ids[i], "name": played.names[i],
                   "stack": c.stacks[i], "dealt_in": c.dealt_in[i]}
                  for i in range(len(played.ids))],
        "actions": public_log(played),
        "boards": [[str(x) for x in b] for b in played.hand.boards],
        "shown": shown(played),
        "pots": outcome["pots"],
        "payouts": outcome["payouts"],
        "net": outcome["net"],
        "uncontested": outcome["uncontested"],
        **_chosen(played),
    }
    _add_extras(record, played)
    return record


def _add_extras(out: HandRecord, played: PlayedHand) -> None:
    """The record's home-game extras, present only when played: ``bb_ante`` (the big blind's
    ``ante`` post was the whole table's, dead) and ``bounties`` (the 7-2 bounty paid). A
    straddle is its own post in ``actions``."""
    if played.config.big_blind_ante:
        out["bb_ante"] = True
    paid: list[BountyPaid] = [{"seat": played.seats[r.seat], "payer": played.seats[r.payer],
                               "amount": r.amount}
                              for r in played.hand.log if isinstance(r, Bounty)]
    if paid:
        out["bounties"] = paid


def _chosen(played: PlayedHand) -> HandRecord:
    """The record's parts that only some hands have (absent otherwise, so older readers
    and records agree): the second runout, the mucked seats, cards shown by choice, the
    rabbit. Never a mucked hand's cards."""
    out: dict[str, Any] = {}
    hand = played.hand
    if hand.second_boards is not None:
        out["second_boards"] = [[str(c) for c in b] for b in hand.second_boards]
    mucked = [played.seats[r.seat] for r in hand.log if isinstance(r, Mucked)]
    if mucked:
        out["mucked"] = mucked
    showed: list[ShowedCards] = [
        {"seat": played.seats[r.seat], "name": played.names[r.seat],
         "cards": [str(c) for c in r.cards]} for r in hand.log if isinstance(r, Showed)]
    if showed:
        out["showed"] = showed
    rabbit = next((r for r in hand.log if isinstance(r, Rabbit)), None)
    if rabbit is not None:
        out["rabbit"] = [[str(c) for c in b] for b in rabbit.boards]
    return out  # type: ignore[return-value]  # a partial record, merged into history's


def viewer_record(played: PlayedHand, viewer: str | None) -> HandRecord:
    """The finished hand's record as ``viewer`` may keep it: the public :func:`history` entry
    plus, if they were dealt in, ``you``: their table seat and their hole cards as dealt (the
    cards they saw, even if they folded them; nobody else's). What their results view carries,
    and what the host's own PokerStars text is written from (:mod:`games.pokerstars`)."""
    out = played.record()
    e = played.engine_seat(viewer) if viewer is not None else None
    if e is not None and played.config.dealt_in[e]:
        you: RecordYou = {"seat": played.seats[e],
                          "hole": [str(r.card) for r in played.hand.log
                                   if isinstance(r, Dealt) and r.to == "hole" and r.seat == e]}
        draws: list[YourDraw] = [{"discards": [str(c) for c in r.discards],
                                  "received": [str(c) for c in r.received]}
                                 for r in played.hand.log if isinstance(r, Drew) and r.seat == e]
        if draws:  # each draw: the cards they threw and drew (they saw both), in order
            you["draws"] = draws
        out["you"] = you
    return out


def stars_text(played: PlayedHand, hero: str | None, table: str) -> str:
    """PokerStars-format text of a finished Hold'em or Omaha hand, as ``hero`` saw it (their
    own hole cards in "Dealt to"; nobody else's but those shown): the one writer, fed the
    record ``hero``'s own results view carried. The writer is imported here, when a player
    first asks for a hand's text, not with the engine a table starts on."""
    from games.pokerstars import pokerstars_text

    return pokerstars_text(viewer_record(played, hero), table=table)

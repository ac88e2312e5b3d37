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
from rules.poker import Action, Betting, Game, Hand, HandConfig
from rules.poker.history import payout_messages
from rules.poker.records import Acted, Awarded, Dealt, Drew, Posted, Returned, RoundStarted, Shown
from rules.poker.value import hand_words

from games.table.fair import FairDeal
from games.viewtypes import (
    HandOutcome,
    HandRecord,
    LogEntry,
    PlayedState,
    PotShare,
    RecordYou,
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
            "deck": [str(x) for x in self.deck],
            "level": self.level, "fair": self.fair.to_dict() if self.fair else None,
            "reshuffles": [[str(x) for x in r] for r in self.reshuffles],
            "actions": [[a, auto] for a, auto in self.actions],
            "started_ms": self.started_ms, "tournament": self.tournament,
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
) -> PlayedHand:
    """Deals a hand from ``stream`` (blinds and antes posted, cards dealt)."""
    deck = tuple(stream.deck())
    box: list[PlayedHand] = []

    def reshuffle(cards: tuple[Card, ...]) -> Sequence[Card]:
        out = tuple(stream.reshuffle(cards))
        box[0].reshuffles.append(out)
        return out

    hand = Hand(config, deck, reshuffle=reshuffle)
    played = PlayedHand(hand_no, tuple(ids), tuple(seats), tuple(names), config, deck, hand,
                        level, fair, started_ms=started_ms, tournament=tournament)
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
                   tournament=None if data.get("tournament") is None else str(data["tournament"]))
    if tuple(deck) != played.deck:
        raise ValueError("the replayed deck differs from the saved one")
    for text, auto in data["actions"]:
        apply(played, Action.parse(text), bool(auto))
    return played


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def apply(played: PlayedHand, action: Action, auto: bool) -> None:
    """Applies a verified action and records it."""
    played.hand.do(action)
    played.actions.append((str(action), auto))


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
    won: dict[tuple[int, int], list[str]] = {}
    for r in log:
        if isinstance(r, Awarded) and r.cards:
            part = 1 if r.share in ("low", "board 2") else 0
            won.setdefault((r.seat, part), [str(c) for c in r.cards])
    return [{"seat": played.seats[r.seat], "name": played.names[r.seat],
             "cards": [str(c) for c in r.cards], "hands": list(r.hands),
             "wins": [won.get((r.seat, part)) for part in range(len(r.hands))]}
            for r in log if isinstance(r, Shown)]


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
    return {
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
    }


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

"""The provably fair deal's flow, for any game: commit, ask for nonces, deal, reveal.

The cryptography is :mod:`rules.fairdeal`'s; this module decides *when*: :meth:`FairFlow.start`
draws a fresh seed and publishes its commitment together with the dealer's nonce (the host
seat's, fixed before anyone else's) while the game shows phase ``"dealing"``; each invited
player sends a nonce (:meth:`FairFlow.take`); when every invited player still connected has
answered, or after :data:`NONCE_TIMEOUT_MS`, :meth:`FairFlow.settle` closes the deal: the deck
is ``rules.fairdeal.derive_deck(seed, nonces)``, dealt to the invited players whose nonce came
(the others sit out), and the complete nonce set is published; the seed follows at results.

The view's ``fair`` part: ``{"commitment", "dealer_id", "dealer_nonce", "order", "nonces":
{pid: hex} | null (null while dealing), "seed": hex | null (results only), "want_nonce":
bool}``. ``order`` is the hand's **public dealing order** as the game publishes it with the
commitment, before any nonce — the game of the hand, who is dealt in and in which order, the
button (``static/rules/fair-deal.md``) — and it never changes afterwards. No view says where
in the deck a card comes from: each browser works that out from ``order``, the nonces and the
game's dealing procedure (:mod:`rules.dealorder`), and checks every card it sees against it.

The deck is the one the order names (:func:`rules.fairdeal.order_deck`: all 52 cards, or
``"deck": 36`` for Short Deck's); :func:`players_order` and :func:`seats_order` write the two
shapes of order that :mod:`games.table.dealcheck` reads back in every browser.

What every game does around the flow — refuse a new deal while one waits, take a nonce and
deal once the set is complete, deal when a player drops or the wait is over, report a deal
made between ticks, pick the view's ``fair`` part — is :class:`FairDealing`'s, which the games
(:mod:`games.ultimate`, :mod:`games.poker.session`) extend with how they deal a hand.

>>> flow = FairFlow(seed_source=lambda: "00" * 32)
>>> flow.start(1, ("p1", "p2"), "p1", 0, players_order("ultimate", ["p1", "p2"]))
>>> flow.dealing_part("p2")["want_nonce"], flow.settle(0, {"p1": True, "p2": True})
(True, (False, None))
>>> done, deal = flow.settle(NONCE_TIMEOUT_MS, {"p1": True, "p2": True})
>>> done, deal.players, flow.slow
(True, ('p1',), {'p2'})
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from room.errors import Code, RoomError
from room.messages import Nonce
from rules.cards import Card
from rules.fairdeal import (
    DECK_CARDS,
    FairStream,
    commitment,
    derive_deck,
    new_nonce,
    new_seed,
    order_deck,
)

from games.viewtypes import FairDealState, FairOrder, FairPart, FlowState

NONCE_TIMEOUT_MS = 3000
"""How long a fair deal waits for the players' nonces. A player whose nonce has not come by
then (or who drops before sending it) sits out the hand, like a player absent at the deal:
dealing them in on a deck they did not help make would put their money on cards they could
not check, and their client would have to cry foul. The hand is dealt to the others."""
SLOW_NONCE_WAIT_MS = 500
"""How long a deal waits for the nonce of a player whose nonce did not come in time at an
earlier deal: a player who withholds it would otherwise cost every hand the whole
:data:`NONCE_TIMEOUT_MS`. They are still asked and dealt in if it comes within this time (an
honest page answers in milliseconds), and a nonce in time puts them back on the full wait."""
Derive = Callable[[str, Mapping[str, str], Sequence[Card]], Sequence[Card]]
"""``(seed, nonces, the deck's cards) -> the hand's deck``: :func:`rules.fairdeal.derive_deck`."""
DEALER = "dealer"
"""Key of the dealer's nonce when no seat of the hand is the host's (a game driven directly,
as in unit tests); in a room the dealer's nonce is the host seat's, under its player id."""


@dataclass
class FairDeal:
    """One hand's commit-and-reveal record (host-side; views show only what is public).

    Order of events, which is what makes the deal provable (see :mod:`rules.fairdeal`):
    ``seed`` is drawn and ``commitment`` published together with the dealer's own nonce;
    then the ``invited`` players send theirs; the complete ``nonces`` set is published with
    the deal (``dealt``); the seed is revealed only at results.
    """

    hand_no: int
    seed: str
    commitment: str
    dealer_id: str
    invited: tuple[str, ...]  # the coming hand's players, seat order (dealer's seat included)
    nonces: dict[str, str]  # received so far; the dealer's from the start
    started_ms: int
    dealt: bool = False
    players: tuple[str, ...] = field(default=())  # dealt in: invited players with a nonce
    order: FairOrder = field(default_factory=lambda: FairOrder(game=""))
    """The public dealing order, published with the commitment (the game's facts)."""
    wait_all: bool = False  # after a restore: wait for the disconnected too (they reconnect)

    @property
    def dealer_nonce(self) -> str:
        return self.nonces[self.dealer_id]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the deck its dealing order names (all 52, or Short Deck's 36)."""
        return order_deck(self.order)

    def stream(self) -> FairStream:
        """The deal as a continuing stream (:class:`rules.fairdeal.FairStream`) of its deck:
        a restored hand re-derives it, so later reshuffles stay provable."""
        return FairStream(self.seed, self.nonces, self.cards)

    def missing(self) -> list[str]:
        return [p for p in self.invited if p not in self.nonces]

    def to_dict(self) -> FairDealState:
        """Everything, secrets included: for the host's own snapshot, never for a view."""
        return {
            "hand_no": self.hand_no, "seed": self.seed, "commitment": self.commitment,
            "dealer_id": self.dealer_id, "invited": list(self.invited),
            "nonces": dict(self.nonces), "started_ms": self.started_ms, "dealt": self.dealt,
            "players": list(self.players), "order": self.order,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairDeal:
        return cls(
            hand_no=int(data["hand_no"]), seed=str(data["seed"]),
            commitment=str(data["commitment"]), dealer_id=str(data["dealer_id"]),
            invited=tuple(data["invited"]), nonces=dict(data["nonces"]),
            started_ms=int(data["started_ms"]), dealt=bool(data["dealt"]),
            players=tuple(data["players"]), order=data.get("order") or FairOrder(game=""),
        )


class FairFlow:
    """The deal waiting for nonces (:attr:`dealing`), the current hand's record
    (:attr:`fair`) and who was slow to answer (:attr:`slow`). Time comes from the caller."""

    def __init__(self, seed_source: Callable[[], str] = new_seed) -> None:
        self.seed_source = seed_source
        self.derive: Derive = derive_deck
        """How the deck follows from seed, nonces and the deck's cards (a test replaces it to
        play a cheat)."""
        self.fair: FairDeal | None = None  # the current hand's record
        self.dealing: FairDeal | None = None  # a deal waiting for nonces
        self.slow: set[str] = set()  # whose nonce last timed out while connected

    def start(self, hand_no: int, invited: Sequence[str], host: str | None, now_ms: int,
              order: FairOrder) -> None:
        """Commit to a fresh seed for hand ``hand_no`` and fix the dealer's nonce (the host
        seat's if it is dealt in, else :data:`DEALER`'s) and the hand's public dealing
        ``order`` (JSON data: the game's facts its players' browsers deal the hand by)."""
        seed = self.seed_source()
        dealer = host if host is not None and host in invited else DEALER
        self.dealing = FairDeal(
            hand_no=hand_no,
            seed=seed,
            commitment=commitment(seed),
            dealer_id=dealer,
            invited=tuple(invited),
            nonces={dealer: new_nonce()},
            started_ms=now_ms,
            order=order.copy(),
        )

    def take(self, player_id: str, msg: Nonce) -> bool:
        """Count ``player_id``'s nonce; False for a repeat of one already counted.

        Refusals change nothing: ``fair/not_dealing`` (no deal waits), ``fair/stale`` (for
        another hand), ``fair/not_invited`` (not in the coming hand, or the dealer),
        ``fair/nonce_twice`` (a different second nonce: the first one stands).
        """
        deal = self.dealing
        if deal is None:
            done = self.fair
            if (
                done is not None
                and done.hand_no == msg.hand_no
                and done.nonces.get(player_id) == msg.value
            ):
                return False  # a duplicate of one already counted
            raise RoomError(
                f"no deal is waiting for nonces (nonce for hand {msg.hand_no} arrived late)",
                Code.FAIR_NOT_DEALING,
            )
        if msg.hand_no != deal.hand_no:
            raise RoomError(
                f"that nonce is for hand {msg.hand_no}; hand {deal.hand_no} is being dealt",
                Code.FAIR_STALE,
            )
        if player_id not in deal.invited or player_id == deal.dealer_id:
            raise RoomError(f"{player_id} is not asked for a nonce in hand {deal.hand_no}",
                            Code.FAIR_NOT_INVITED)
        known = deal.nonces.get(player_id)
        if known is not None:
            if known == msg.value:
                return False
            raise RoomError(f"{player_id} already sent a nonce for hand {deal.hand_no}",
                            Code.FAIR_NONCE_TWICE)
        deal.nonces[player_id] = msg.value
        self.slow.discard(player_id)  # in time: waited for in full again
        return True

    def settle(
        self, now_ms: int, connected: Mapping[str, bool]
    ) -> tuple[bool, FairDeal | None]:
        """Close the waiting deal if every invited player still connected has sent a nonce
        or the time is up. Returns (closed, the dealt record or None if nobody answered);
        the caller deals ``deal.players`` from :meth:`deck`."""
        deal = self.dealing
        assert deal is not None
        waiting = [
            p for p in deal.missing()
            if (deal.wait_all or connected.get(p, False))
            and now_ms < deal.started_ms + (
                SLOW_NONCE_WAIT_MS if p in self.slow else NONCE_TIMEOUT_MS)
        ]
        if waiting:
            return False, None
        self.slow.update(p for p in deal.missing() if connected.get(p, False))
        self.dealing = None
        players = [p for p in deal.invited if p in deal.nonces]
        if not players:  # only without a host seat: nobody answered; nothing is dealt
            return True, None
        deal.dealt = True
        deal.players = tuple(players)
        self.fair = deal
        return True, deal

    def deck(self, deal: FairDeal) -> Sequence[Card]:
        """The deck of a dealt record: the cards its order names, shuffled by its seed and
        every nonce."""
        return self.derive(deal.seed, deal.nonces, deal.cards)

    def stream(self, deal: FairDeal) -> FairStream:
        """The dealt record as a continuing stream: its :meth:`~FairStream.deck` is
        :meth:`deck`'s, and a game that deals more cards later (draw's reshuffle of the
        discards) takes them from the same provable derivation."""
        return deal.stream()

    def invites(self, player_id: str) -> bool:
        """Whether a waiting deal deals ``player_id`` in (if their nonce comes)."""
        return self.dealing is not None and player_id in self.dealing.invited

    def uninvite(self, player_id: str) -> None:
        """Not dealt in after all (removed by the host): a nonce they sent leaves the set
        with them, since every browser deals the hand to the players of the published
        dealing order whose nonce is in the set. That chooses nothing: nobody, the host
        included, knows the deck before the last nonce, and the hand is dealt the moment it
        comes."""
        if self.dealing is not None and player_id in self.dealing.invited:
            self.dealing.invited = tuple(p for p in self.dealing.invited if p != player_id)
            self.dealing.nonces.pop(player_id, None)

    def deadline_ms(self, now_ms: int) -> int:
        """Milliseconds the waiting deal still waits at most (for the dealing view)."""
        assert self.dealing is not None
        return max(0, self.dealing.started_ms + NONCE_TIMEOUT_MS - now_ms)

    def dealing_part(self, viewer: str) -> FairPart:
        """The ``fair`` part of a dealing view: no card exists yet; the invited are asked
        for their nonces (``want_nonce``)."""
        deal = self.dealing
        assert deal is not None
        return {
            "commitment": deal.commitment,
            "dealer_id": deal.dealer_id,
            "dealer_nonce": deal.dealer_nonce,
            "order": deal.order,
            "nonces": None,
            "seed": None,
            "want_nonce": viewer in deal.invited and viewer != deal.dealer_id
            and viewer not in deal.nonces,
        }

    def part(self, hand_no: int, over: bool) -> FairPart | None:
        """The deal's public record for hand ``hand_no``: commitment, dealer nonce and
        dealing order (published before anyone sent a nonce), the complete nonce set
        (published with the deal), the seed (results only). None for a hand not dealt
        through the fair deal (a fixed deck)."""
        deal = self.fair
        if deal is None or deal.hand_no != hand_no:
            return None
        return {
            "commitment": deal.commitment,
            "dealer_id": deal.dealer_id,
            "dealer_nonce": deal.dealer_nonce,
            "order": deal.order,
            "nonces": dict(deal.nonces),
            "seed": deal.seed if over else None,
            "want_nonce": False,
        }

    def to_dict(self) -> FlowState:
        """The flow for the host's own snapshot (secrets included)."""
        return {
            "fair": self.fair.to_dict() if self.fair is not None else None,
            "dealing": self.dealing.to_dict() if self.dealing is not None else None,
            "slow": sorted(self.slow),
        }

    def restore(self, data: Mapping[str, Any], now_ms: int) -> None:
        """Take over :meth:`to_dict`'s data. Nobody is connected yet after a reload: a deal
        waiting for nonces gives the invited a whole wait, from now, to come back."""
        self.fair = FairDeal.from_dict(data["fair"]) if data["fair"] is not None else None
        self.dealing = None
        if data["dealing"] is not None:
            self.dealing = FairDeal.from_dict(data["dealing"])
            self.dealing.started_ms = now_ms
            self.dealing.wait_all = True
        self.slow = {str(p) for p in data.get("slow", [])}


def players_order(game_id: str, players: Sequence[str],
                  deck: int = DECK_CARDS) -> FairOrder:
    """The public dealing order of a game that deals its players in the order given (seat
    order): ``{"game", "players"}``, and ``"deck"`` when not all 52 cards
    (``static/rules/fair-deal.md``). Read back by :func:`games.table.dealcheck.players_reader`.

    >>> players_order("ultimate", ["p1", "p2"])
    {'game': 'ultimate', 'players': ['p1', 'p2']}
    """
    return _with_deck({"game": game_id, "players": list(players)}, deck)


def seats_order(game_id: str, button: int, seats: Sequence[tuple[int, str, bool]],
                deck: int = DECK_CARDS) -> FairOrder:
    """The public dealing order of a table game: the game of the hand, the button's seat and
    every player asked for a nonce as ``[seat, player, dealt in]`` (``"deck"`` when not all 52
    cards). Who is dealt, in which order, follows by :func:`rules.dealorder.hand_order`.

    >>> seats_order("shortdeck", 3, [(0, "ann", True), (3, "bo", True)], 36)
    {'game': 'shortdeck', 'button': 3, 'seats': [[0, 'ann', True], [3, 'bo', True]], 'deck': 36}
    """
    return _with_deck({"game": game_id, "button": button,
                       "seats": [[seat, pid, dealt] for seat, pid, dealt in seats]}, deck)


def _with_deck(order: FairOrder, deck: int) -> FairOrder:
    if deck != DECK_CARDS:
        order["deck"] = deck
    order_deck(order)  # a deck no game deals from is a bug of the caller: FairDealError
    return order


class FairDealing(ABC):
    """The fair-deal glue every game shares, around its :class:`FairFlow` (``flow``).

    A game extends it with what is its own: the time (:meth:`_fair_now`), who is connected
    (:meth:`_fair_connected`: the flow waits for their nonces), how it deals a hand from a
    dealt record (:meth:`_deal_fair`) and what a deal without a hand leaves
    (:meth:`_void_deal`). The
    rest is here, once: the records (``fair``, ``dealing``), starting a deal
    (:meth:`_start_deal`), refusing another while it waits, taking a nonce
    (:meth:`handle_nonce`), dealing when a player drops (:meth:`_deal_on_presence`) and
    reporting that at the next tick (:meth:`_tick_deal`), and the view's ``fair`` part.
    """

    def __init__(self, seed_source: Callable[[], str] = new_seed) -> None:
        self.flow = FairFlow(seed_source)
        self._dealt_unseen = False

    # --- what the game says ------------------------------------------------------------------

    @abstractmethod
    def _fair_now(self) -> int:
        """The game's time now (ms, the room's monotonic clock)."""

    @abstractmethod
    def _fair_connected(self) -> Mapping[str, bool]:
        """Player id -> connected: the flow waits for the nonces of the connected."""

    @abstractmethod
    def _deal_fair(self, deal: FairDeal) -> bool:
        """Deal the hand of ``deal`` (its ``players``, from :meth:`FairFlow.deck` or
        :meth:`FairFlow.stream`, as its ``order`` says); False if it cannot be dealt."""

    @abstractmethod
    def _void_deal(self) -> None:
        """A deal that ended without a hand (nobody answered, or the game could not deal
        it)."""

    # --- the records -------------------------------------------------------------------------

    @property
    def fair(self) -> FairDeal | None:
        """The current hand's commit-and-reveal record (fair mode)."""
        return self.flow.fair

    @property
    def dealing(self) -> FairDeal | None:
        """A deal waiting for nonces."""
        return self.flow.dealing

    @property
    def derive(self) -> Derive:
        """How the deck follows from seed and nonces (a test replaces it to play a cheat)."""
        return self.flow.derive

    @derive.setter
    def derive(self, value: Derive) -> None:
        self.flow.derive = value

    def is_dealing(self) -> bool:
        """Whether a deal waits for the players' nonces (nobody may act yet)."""
        return self.flow.dealing is not None

    # --- the flow ----------------------------------------------------------------------------

    def _refuse_while_dealing(self) -> None:
        """A new hand is refused while a deal waits for nonces (``game/hand_running``)."""
        if self.flow.dealing is not None:
            raise RoomError("the next hand is being dealt", Code.GAME_HAND_RUNNING)

    def _start_deal(self, hand_no: int, players: Sequence[str], host: str | None,
                    order: FairOrder) -> None:
        """Commit to hand ``hand_no`` for the ``players`` asked, with its public dealing
        ``order`` (:func:`players_order`, :func:`seats_order`), and deal at once if nobody
        else is to be waited for."""
        self.flow.start(hand_no, players, host, self._fair_now(), order)
        self._deal_when_ready()

    def handle_nonce(self, player_id: str, msg: Nonce) -> bool:
        """A player's nonce for the coming deal; True if it completed the set (hand dealt).
        Refusals are the flow's (:meth:`FairFlow.take`)."""
        if not self.flow.take(player_id, msg):
            return False
        return self._deal_when_ready()

    def _deal_when_ready(self) -> bool:
        """Deal the waiting hand once every invited player still connected has sent a nonce,
        or the wait is over (those without a nonce sit out). True if the wait ended."""
        done, deal = self.flow.settle(self._fair_now(), self._fair_connected())
        if not done:
            return False
        if deal is None or not self._deal_fair(deal):
            self._void_deal()
        return True

    def _deal_on_presence(self) -> None:
        """Who is connected changed: a deal that waited only for those who dropped is dealt
        now, and reported at the next tick (the room's ``set_players`` returns nothing)."""
        if self.flow.dealing is not None and self._deal_when_ready():
            self._dealt_unseen = True

    def _tick_deal(self) -> tuple[bool, bool]:
        """The fair deal's part of a tick: ``(a deal still waited, anything changed)``. A
        deal made since the last tick (a player dropped) is news once; a waiting deal is
        dealt if the wait is over, and the game's own tick has nothing to do meanwhile."""
        news, self._dealt_unseen = self._dealt_unseen, False
        if self.flow.dealing is None:
            return False, news
        return True, self._deal_when_ready() or news

    def fair_part(self, viewer: str, hand_no: int, over: bool) -> FairPart | None:
        """The view's ``fair`` part: the waiting deal's (asking ``viewer`` for a nonce), else
        hand ``hand_no``'s record (the seed once it is ``over``); None for a hand not dealt
        through the fair deal."""
        if self.flow.dealing is not None:
            return self.flow.dealing_part(viewer)
        return self.flow.part(hand_no, over)

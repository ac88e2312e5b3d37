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

>>> flow = FairFlow(seed_source=lambda: "00" * 32)
>>> flow.start(1, ("p1", "p2"), "p1", 0, {"game": "ultimate", "players": ["p1", "p2"]})
>>> flow.dealing_part("p2")["want_nonce"], flow.settle(0, {"p1": True, "p2": True})
(True, (False, None))
>>> done, deal = flow.settle(NONCE_TIMEOUT_MS, {"p1": True, "p2": True})
>>> done, deal.players, flow.slow
(True, ('p1',), {'p2'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from room.errors import Code, RoomError
from room.messages import Nonce
from rules.cards import Card
from rules.fairdeal import FairStream, commitment, derive_deck, new_nonce, new_seed

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
    order: dict[str, Any] = field(default_factory=dict)
    """The public dealing order, published with the commitment (the game's facts)."""
    wait_all: bool = False  # after a restore: wait for the disconnected too (they reconnect)

    @property
    def dealer_nonce(self) -> str:
        return self.nonces[self.dealer_id]

    def missing(self) -> list[str]:
        return [p for p in self.invited if p not in self.nonces]

    def to_dict(self) -> dict[str, Any]:
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
            players=tuple(data["players"]), order=dict(data.get("order") or {}),
        )


class FairFlow:
    """The deal waiting for nonces (:attr:`dealing`), the current hand's record
    (:attr:`fair`) and who was slow to answer (:attr:`slow`). Time comes from the caller."""

    def __init__(self, seed_source: Callable[[], str] = new_seed) -> None:
        self.seed_source = seed_source
        self.derive: Callable[[str, Mapping[str, str]], Sequence[Card]] = derive_deck
        """How the deck follows from seed and nonces (a test replaces it to play a cheat)."""
        self.fair: FairDeal | None = None  # the current hand's record
        self.dealing: FairDeal | None = None  # a deal waiting for nonces
        self.slow: set[str] = set()  # whose nonce last timed out while connected

    def start(self, hand_no: int, invited: Sequence[str], host: str | None, now_ms: int,
              order: Mapping[str, Any]) -> None:
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
            order=dict(order),
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
        """The deck of a dealt record: from its seed and every nonce."""
        return self.derive(deal.seed, deal.nonces)

    def stream(self, deal: FairDeal) -> FairStream:
        """The dealt record as a continuing stream: its :meth:`~FairStream.deck` is
        :meth:`deck`'s, and a game that deals more cards later (draw's reshuffle of the
        discards) takes them from the same provable derivation."""
        return FairStream(deal.seed, deal.nonces)

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

    def dealing_part(self, viewer: str) -> dict[str, Any]:
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

    def part(self, hand_no: int, over: bool) -> dict[str, Any] | None:
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

    def to_dict(self) -> dict[str, Any]:
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

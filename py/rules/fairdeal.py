"""Provably fair deal: the host commits to a secret seed, every player adds a nonce, anyone checks.

## How a deck is made (version 1)

Before a hand the host draws a secret 32-byte **seed** and publishes its **commitment**,
``SHA-256(b"uomaha-commit-v1" || seed)`` in lower-case hex. Only after that does each player
(host included) send a fresh 16-byte random **nonce**. The deck is then a pure function of the
seed and every nonce, so anyone holding them can rebuild it:

1. **Key.** ``key = HMAC-SHA256(key=seed, msg=M)`` where ``M`` is ``b"uomaha-deck-v1"``,
   then the number of nonces as a 4-byte big-endian integer, then for each ``(player id,
   nonce)`` pair, sorted by the player id's UTF-8 bytes: ``len(id)`` (4 bytes big-endian),
   the id's UTF-8 bytes, ``len(nonce)`` (4 bytes big-endian), the nonce's 16 bytes. Seed and
   nonces are the bytes their hex stands for (so hex case does not matter); ids are hashed
   exactly as given, without Unicode normalization. The length prefixes make the encoding
   unambiguous, and sorting makes the result independent of the order the nonces arrived in.
2. **Stream.** Block ``c`` (for ``c = 0, 1, 2, ...``) is ``HMAC-SHA256(key, c as 8 bytes
   big-endian)``; the blocks are concatenated and read as consecutive 4-byte big-endian
   unsigned **words** (eight per block).
3. **Shuffle.** Start from the deck's ``N`` cards in index order, index ``rank * 4 + suit``
   (0 = 2c, 1 = 2d, 2 = 2h, 3 = 2s, 4 = 3c, ..., 51 = As; suits c, d, h, s; ranks 2..9, T,
   J, Q, K, A). The deck is the game's (:func:`deck_of`): all 52 cards, or Short Deck's 36,
   the sixes to the aces (16 = 6c, ..., 51 = As). Fisher-Yates from the top: for
   ``i = 0 .. N - 2`` let ``n = N - i``; take the next word ``x``; if
   ``x >= 2**32 - (2**32 mod n)`` discard it and take the next (rejection sampling, so there
   is no modulo bias); otherwise swap positions ``i`` and ``i + (x mod n)``. Position 0 is
   the top of the deck, the first card dealt.

The key and the words do not depend on the deck: the game of the hand, and so its deck, is
published with the commitment, before any nonce (``static/rules/fair-deal.md``).

At results the host reveals the seed; each client checks the commitment, rebuilds the deck and
compares every card it was shown with the card the **public dealing order** puts there
(:mod:`rules.dealorder`, :func:`verify_dealt`): a card's place never comes from the host.

## What it protects against

- **A host choosing the deck.** The host is bound to its seed before any player's nonce
  exists, and cannot predict the nonces, so it cannot pick a seed that yields a deck it likes.
- **Players choosing the deck.** A player's nonce goes through HMAC keyed by a seed the player
  does not know, so no choice of nonce steers the cards.
- **A host dealing other cards than it derived**, such as a stacked deck or a card swapped
  mid-hand: the cards shown at results would not be the start of the derived deck.

## What it does not protect against

- **The host's browser knows every card during the hand.** It holds the seed and deals; a
  cheating host (or a friend it tells) can see hole cards. The scheme proves the deck was not
  chosen, not that the host did not peek.
- **Ordering mistakes.** It only works if the commitment is published *before* any nonce is
  sent, every player's nonce (the host's own too) is fixed before anyone sees the others,
  and the complete nonce set is announced before the first card is dealt. A host that
  could add its own nonce after seeing the others could try nonces until it liked the deck;
  one that could quietly drop a player's nonce ("timed out") could pick among a few decks.
  Each client should keep the commitment and the nonce set it was shown before the deal,
  check that its own nonce is in it unchanged (``verify(..., mine=(id, nonce))``), and
  use a new nonce every hand; the host uses a new seed every hand.
- **Refusing to reveal.** A host can void a hand or never send the seed. That cannot be
  prevented, only seen: the room must show a loud warning for a hand whose seed never came.
- **Privacy after the hand.** The revealed seed rebuilds the whole deck, folded hands and
  undealt cards included.

## Known-answer vector

Other implementations can check themselves against this one:

>>> from rules.cards import format_cards
>>> seed = bytes(range(32)).hex()
>>> nonces = {"bob": "ff" * 16, "alice": bytes(range(16)).hex()}
>>> commitment(seed)
'5d1bb079c86b5a1fabe534545ef73bd39b2bee2680914905154b88d3b7ce8012'
>>> deck_key(seed, nonces).hex()
'f7b0fb2b72fbafe37aae6d92e8da9cd95117789393c9491c2b80466996ffb988'
>>> words = deck_words(deck_key(seed, nonces))
>>> [next(words) for _ in range(3)]
[2958540529, 2841339494, 2973576870]
>>> deck = derive_deck(seed, nonces)
>>> format_cards(deck[:26])
'4d 3h 7h 9c 5c 3d Tc 7d Kd Jd Ac 6s Jc Ad Ts 8s 9d Kc 6h Td 6d 8d Qs 4h Ks 6c'
>>> format_cards(deck[26:])
'8c Kh 2d 9s 5h 8h Th As 5s 2c Qd Ah Js 9h 4s 7c Qc 3s 5d 4c 2h 3c 7s Jh Qh 2s'

The same seed and nonces shuffle Short Deck's 36 cards with the same words:

>>> short = derive_deck(seed, nonces, SHORT_DECK)
>>> format_cards(short[:18])
'9d 9s 8h Ts 9c Ks Jc 6c 7s As Jh Js 7h 8s Ad Td 6d 7c'
>>> format_cards(short[18:])
'Tc 8c Kc Jd 9h 6s Qs Qh 7d Qc Ac Th 8d Kh Ah Qd Kd 6h'

A round trip, as host and client would use it:

>>> seed = new_seed()
>>> published = commitment(seed)
>>> nonces = {"host": new_nonce(), "p2": new_nonce()}
>>> dealt = derive_deck(seed, nonces)[:8]
>>> verify(published, seed, nonces, dealt, mine=("p2", nonces["p2"])).ok
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import FULL_DECK, RANKS, Card, CardError, cards_from_rank, check_distinct
from .errors import RulesError

SEED_BYTES = 32
"""A seed is 32 random bytes (64 hex characters): far too many to guess from the commitment."""
NONCE_BYTES = 16
"""A nonce is 16 random bytes (32 hex characters)."""
MAX_NONCES = 10
"""At most one nonce per seat, and a table has at most 10 players."""
MAX_PLAYER_ID_BYTES = 64
"""A player id is 1 to 64 bytes of UTF-8 (peer ids are much shorter)."""
COMMIT_DOMAIN = b"uomaha-commit-v1"
"""Prefixed to the seed before hashing, so a commitment cannot be mistaken for another hash."""
DECK_DOMAIN = b"uomaha-deck-v1"
"""Prefixed to the nonce encoding in the key derivation (changes if the derivation ever does)."""

_WORD = 2**32
DECK_CARDS = len(FULL_DECK)
"""The most cards a deck has (and so the bound of a deck position read from a peer)."""
SHORT_DECK: tuple[Card, ...] = cards_from_rank(RANKS.index("6"))
"""Short Deck's 36 cards, the sixes to the aces, in index order."""
DECKS = MappingProxyType({len(FULL_DECK): FULL_DECK, len(SHORT_DECK): SHORT_DECK})
"""Every deck a game deals from, by its number of cards."""


class FairDealError(RulesError):
    """A seed, nonce, player id or commitment that is malformed; the message names it."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`verify`: ``ok`` and, either way, a sentence saying why."""

    ok: bool
    reason: str


def new_seed() -> str:
    """A fresh secret seed from ``secrets``: 32 bytes as 64 lower-case hex characters."""
    return secrets.token_hex(SEED_BYTES)


def new_nonce() -> str:
    """A fresh nonce from ``secrets``: 16 bytes as 32 lower-case hex characters."""
    return secrets.token_hex(NONCE_BYTES)


def deck_of(size: object) -> tuple[Card, ...]:
    """The cards of the deck of ``size`` cards, in index order: 52, or Short Deck's 36
    (:class:`FairDealError` for any other number).

    >>> [str(c) for c in deck_of(36)[:5]], len(deck_of(52))
    (['6c', '6d', '6h', '6s', '7c'], 52)
    """
    found = DECKS.get(size) if type(size) is int else None
    if found is None:
        raise FairDealError(f"no deck of {str(size)[:10]} cards (a deal takes a deck of "
                            f"{' or '.join(map(str, DECKS))})")
    return found


def order_deck(order: Mapping[str, Any]) -> tuple[Card, ...]:
    """The deck a hand's public dealing order names, published with the commitment before any
    nonce: its ``"deck"`` (a number of cards, :func:`deck_of`), all 52 cards without one.

    >>> len(order_deck({"game": "holdem"})), len(order_deck({"game": "x", "deck": 36}))
    (52, 36)
    """
    if not isinstance(order, Mapping):
        raise FairDealError("the dealing order cannot be read")
    return deck_of(order.get("deck", DECK_CARDS))


def commitment(seed: str) -> str:
    """The value the host publishes before the deal: hex ``SHA-256(b"uomaha-commit-v1" || seed)``.

    >>> commitment("00" * 32) == commitment("00" * 32) != commitment("00" * 31 + "01")
    True
    """
    return hashlib.sha256(COMMIT_DOMAIN + _hex_bytes(seed, SEED_BYTES, "seed")).hexdigest()


def deck_key(seed: str, nonces: Mapping[str, str]) -> bytes:
    """Step 1 of the derivation: the 32-byte HMAC key the word stream is drawn from.

    Validates everything: a seed of 64 hex characters, 1 to :data:`MAX_NONCES` nonces of 32
    hex characters each, keyed by non-empty player ids of at most 64 UTF-8 bytes.
    """
    seed_bytes = _hex_bytes(seed, SEED_BYTES, "seed")
    if not isinstance(nonces, Mapping):
        raise FairDealError(f"nonces must map player id to nonce, got {nonces!r}")
    if not 1 <= len(nonces) <= MAX_NONCES:
        raise FairDealError(f"need 1 to {MAX_NONCES} nonces, got {len(nonces)}")
    pairs = sorted(
        (_player_id_bytes(pid), _hex_bytes(nonce, NONCE_BYTES, f"nonce of {pid!r}"))
        for pid, nonce in nonces.items()
    )
    parts = [DECK_DOMAIN, len(pairs).to_bytes(4, "big")]
    for pid_bytes, nonce_bytes in pairs:
        parts += [len(pid_bytes).to_bytes(4, "big"), pid_bytes]
        parts += [len(nonce_bytes).to_bytes(4, "big"), nonce_bytes]
    return hmac.new(seed_bytes, b"".join(parts), hashlib.sha256).digest()


def deck_words(key: bytes) -> Iterator[int]:
    """Step 2: the endless stream of 32-bit words, from blocks ``HMAC-SHA256(key, counter)``."""
    counter = 0
    while True:
        block = hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")
        counter += 1


def shuffle_by_words(words: Iterable[int], cards: Sequence[Card] = FULL_DECK) -> list[Card]:
    """Step 3: Fisher-Yates from the top over ``cards`` (the 52 unless a game's deck is
    given), one rejection-sampled word per step.

    Uses ``N - 1`` accepted words (for ``n = N`` down to ``2``); a word at or above the
    largest multiple of ``n`` below ``2**32`` is skipped, so every ``j`` is exactly equally
    likely.

    >>> shuffle_by_words([0] * 51)[:3]  # word 0 keeps every card in place
    [Card.parse('2c'), Card.parse('2d'), Card.parse('2h')]
    >>> shuffle_by_words([2**32 - 1, 51] + [0] * 50)[:2]  # the first word is rejected
    [Card.parse('As'), Card.parse('2d')]
    """
    return shuffle_cards_by_words(_deck(cards), iter(words))


def shuffle_cards_by_words(cards: Sequence[Card], words: Iterator[int]) -> list[Card]:
    """Fisher-Yates from the top over ``cards`` (in the order given), drawing rejection-sampled
    words from ``words`` exactly as step 3 does for the 52-card deck, and leaving the iterator
    just after the last word used (so the stream can go on).

    >>> shuffle_cards_by_words(FULL_DECK[:3], iter([0, 0]))
    [Card.parse('2c'), Card.parse('2d'), Card.parse('2h')]
    """
    deck = list(cards)
    size = len(deck)
    for i in range(size - 1):
        n = size - i
        limit = _WORD - _WORD % n
        for x in words:
            if not 0 <= x < _WORD:
                raise FairDealError(f"word {x!r} is not a 32-bit unsigned integer")
            if x < limit:
                break
        else:
            raise FairDealError(f"ran out of words at position {i} of the shuffle")
        j = i + x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class FairStream:
    """One hand's provably fair deal as a continuing stream: :meth:`deck` is the hand's deck
    (the same as :func:`derive_deck` with the same ``cards``), and :meth:`reshuffle` shuffles
    more cards — draw's
    discards when the stub runs short — with the words that come next in the same stream, so
    anyone holding the seed and the nonces can check the reshuffled cards too.

    >>> stream = FairStream("11" * 32, {"p1": "22" * 16})
    >>> stream.deck() == derive_deck("11" * 32, {"p1": "22" * 16})
    True
    >>> again = FairStream("11" * 32, {"p1": "22" * 16})
    >>> _ = again.deck()
    >>> stream.reshuffle(FULL_DECK[:5]) == again.reshuffle(FULL_DECK[:5])
    True
    """

    def __init__(self, seed: str, nonces: Mapping[str, str],
                 cards: Sequence[Card] = FULL_DECK) -> None:
        self._cards = _deck(cards)
        self._words = deck_words(deck_key(seed, nonces))
        self._dealt = False

    def deck(self) -> list[Card]:
        """The hand's deck, its ``cards`` shuffled (call once, before any reshuffle)."""
        if self._dealt:
            raise FairDealError("the deck of this stream was already drawn")
        self._dealt = True
        return shuffle_cards_by_words(self._cards, self._words)

    def reshuffle(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` (in the order given) shuffled by the stream's next words."""
        if not self._dealt:
            raise FairDealError("draw the deck before reshuffling from its stream")
        return shuffle_cards_by_words(cards, self._words)


def derive_deck(
    seed: str, nonces: Mapping[str, str], cards: Sequence[Card] = FULL_DECK
) -> list[Card]:
    """The deck for ``seed`` and every player's nonce, top card first (see the module
    docstring): ``cards`` (the game's deck, :func:`deck_of`; all 52 by default) shuffled.

    Deterministic, and independent of the order of ``nonces``; raises :class:`FairDealError`
    naming any malformed seed, nonce, player id or deck.

    >>> nonces = {"p1": "01" * 16, "p2": "02" * 16}
    >>> derive_deck("ab" * 32, nonces) == derive_deck("AB" * 32, dict(reversed(nonces.items())))
    True
    """
    return shuffle_by_words(deck_words(deck_key(seed, nonces)), cards)


def verify(
    commitment_hex: str,
    seed: str,
    nonces: Mapping[str, str],
    dealt: Sequence[int],
    *,
    mine: tuple[str, str] | None = None,
    cards: Sequence[Card] = FULL_DECK,
) -> Verdict:
    """A client's check at results: was this hand dealt from the committed seed and the nonces?

    ``commitment_hex`` is the commitment received before this client sent its nonce; ``seed``
    and ``nonces`` are what the host revealed; ``dealt`` is every card shown at results, in
    deal order (a prefix of the deck of ``cards``, the game's). ``mine`` is this client's own
    ``(player id, nonce)``,
    which must appear unchanged in ``nonces``. Checks, in order: the inputs are well formed,
    the seed matches the commitment, ``mine`` is there, and the derived deck begins with
    ``dealt``. Never raises for bad values: those come from the host and are a failed
    verification like any other, with the reason naming them.

    >>> seed, nonces = "11" * 32, {"p1": "22" * 16}
    >>> deck = derive_deck(seed, nonces)
    >>> verify(commitment(seed), seed, nonces, deck[:5]).ok
    True
    >>> verify(commitment(seed), seed, nonces, deck[1:3])
    Verdict(ok=False, reason='card 1 was dealt as Jd but the revealed seed deals 2h')
    >>> verify(commitment(seed), "12" * 32, nonces, deck[:5]).reason[:48]
    'the revealed seed does not match the commitment '
    """
    try:
        shown_cards = [Card(c) for c in dealt]
    except (ValueError, TypeError) as e:
        return Verdict(False, f"cannot check the deal: {e}")
    deck = _open_deal(commitment_hex, seed, nonces, mine, cards)
    if isinstance(deck, Verdict):
        return deck
    if len(shown_cards) > len(deck):
        return Verdict(False, f"{len(shown_cards)} cards dealt from a deck of {len(deck)}")
    for position, (shown, derived) in enumerate(zip(shown_cards, deck, strict=False), start=1):
        if shown != derived:
            return Verdict(
                False, f"card {position} was dealt as {shown} but the revealed seed deals {derived}"
            )
    return Verdict(
        True,
        f"the seed matches the commitment and the {len(shown_cards)} dealt cards are the top "
        "of its deck",
    )


@dataclass(frozen=True)
class Placed:
    """What a browser saw of a hand, as places in the public dealing order
    (:mod:`rules.dealorder`) — never as positions a host names.

    Each card of ``cards`` must be the card at one of the deck positions of ``pool`` (each
    place used once), and every card at the positions of ``must`` must be among ``cards``. A
    position of None is a card no other player can rebuild (draw's reshuffled discards): it
    matches any one card. So one card at its place is ``Placed((p,), (card,), (p,))``; a hand
    shown at a showdown, ``Placed(hole, shown, hole)``; after a draw,
    ``Placed(hole + drawn, shown, drawn)``: the drawn cards are all in it, the others come from
    the hole cards. JSON form: ``[pool, cards, must]``.
    """

    pool: tuple[int | None, ...]
    cards: tuple[Card, ...]
    must: tuple[int | None, ...]

    @classmethod
    def at(cls, position: int, card: Card | str) -> Placed:
        """One card at its place."""
        return cls((position,), (Card.parse(card) if isinstance(card, str) else card,),
                   (position,))

    def to_wire(self) -> list[list[Any]]:
        return [list(self.pool), [str(c) for c in self.cards], list(self.must)]

    @classmethod
    def from_wire(cls, data: Any) -> Placed:
        """The :meth:`to_wire` form back (``FairDealError`` for anything else)."""
        try:
            pool, cards, must = data
            out = cls(tuple(_position(p) for p in pool), tuple(Card.parse(c) for c in cards),
                      tuple(_position(p) for p in must))
        except (TypeError, ValueError) as e:
            raise FairDealError(f"not a placed card record: {str(data)[:60]}") from e
        return out

    def check(self, deck: Sequence[Card]) -> str | None:
        """What is wrong with this record against ``deck``, in words; None if nothing."""
        known = {deck[p] for p in self.pool if p is not None}
        wild = sum(1 for p in self.pool if p is None)
        stray = [c for c in self.cards if c not in known]
        if len(set(self.cards)) != len(self.cards) or len(stray) > wild:
            where = ", ".join(str(p) for p in self.pool)
            return (f"{', '.join(map(str, stray or self.cards))} shown where the dealing "
                    f"order puts {', '.join(str(deck[p]) for p in self.pool if p is not None)} "
                    f"(deck positions {where})")
        missing = [deck[p] for p in self.must if p is not None and deck[p] not in self.cards]
        if missing:
            return (f"{', '.join(map(str, self.cards))} shown, but the dealing order puts "
                    f"{', '.join(map(str, missing))} there too")
        return None


def verify_dealt(
    commitment_hex: str,
    seed: str,
    nonces: Mapping[str, str],
    seen: Iterable[Placed],
    *,
    mine: tuple[str, str] | None = None,
    cards: Sequence[Card] = FULL_DECK,
) -> Verdict:
    """A client's check at results: is every card it saw during the hand where the public
    dealing order puts it, in the deck the committed seed and the nonces make?

    ``seen`` holds what the browser saw, as places it worked out itself from the dealing
    order published before the nonces (:class:`Placed`; :mod:`rules.dealorder`), in the deck
    of ``cards`` (the game's, :func:`deck_of`). Otherwise as :func:`verify`: the seed must
    open the commitment and ``mine`` must be in ``nonces`` unchanged. Never raises for bad
    values (they come from the host).

    >>> seed, nonces = "11" * 32, {"p1": "22" * 16}
    >>> deck = derive_deck(seed, nonces)
    >>> verify_dealt(commitment(seed), seed, nonces, [Placed.at(0, deck[0])]).ok
    True
    >>> verify_dealt(commitment(seed), seed, nonces, [Placed.at(7, deck[8])]).reason
    'Ks shown where the dealing order puts 8d (deck position 7)'
    """
    try:
        records = list(seen)
        size = len(cards)
        for rec in records:
            for p in (*rec.pool, *rec.must):
                if p is not None and not 0 <= p < size:
                    raise FairDealError(f"deck position {p!r} is not 0 to {size - 1}")
    except (ValueError, TypeError) as e:
        return Verdict(False, f"cannot check the deal: {e}")
    deck = _open_deal(commitment_hex, seed, nonces, mine, cards)
    if isinstance(deck, Verdict):
        return deck
    for rec in records:
        problem = rec.check(deck)
        if problem is not None:
            if len(rec.pool) == 1:
                problem = problem.replace("deck positions", "deck position")
            return Verdict(False, problem)
    return Verdict(
        True,
        "the seed matches the commitment and every card shown is where the public dealing "
        "order puts it",
    )


def _position(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < DECK_CARDS:
        raise FairDealError(f"deck position {value!r} is not 0 to {DECK_CARDS - 1}")
    return value


def _open_deal(
    commitment_hex: str, seed: str, nonces: Mapping[str, str], mine: tuple[str, str] | None,
    cards: Sequence[Card],
) -> list[Card] | Verdict:
    """The deck the revealed ``seed`` and ``nonces`` make, once the seed opens the commitment
    and ``mine`` (this client's own nonce) is among the nonces unchanged; else the failed
    :class:`Verdict` saying why. What :func:`verify` and :func:`verify_dealt` both check first."""
    try:
        expected = _hex_bytes(commitment_hex, 32, "commitment").hex()
        actual = commitment(seed)
        deck = derive_deck(seed, nonces, cards)
        if mine is not None:
            my_id, my_nonce = mine
            _player_id_bytes(my_id)
            my_bytes = _hex_bytes(my_nonce, NONCE_BYTES, f"own nonce of {my_id!r}")
    except (ValueError, TypeError) as e:  # FairDealError, a malformed ``mine``
        return Verdict(False, f"cannot check the deal: {e}")
    if not hmac.compare_digest(actual, expected):
        return Verdict(False, f"the revealed seed does not match the commitment {expected}")
    if mine is not None:
        theirs = nonces.get(my_id)
        if theirs is None:
            return Verdict(False, f"the nonce of {my_id!r} is missing from the revealed nonces")
        if bytes.fromhex(theirs) != my_bytes:
            return Verdict(
                False, f"the nonce of {my_id!r} was revealed as {theirs!r}, not {my_nonce!r}"
            )
    return deck


def _deck(cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` as a deck to shuffle: 2 to 52 distinct cards (else :class:`FairDealError`)."""
    try:
        deck = tuple(Card(c) for c in cards)
        check_distinct(deck, "the deck")
    except (CardError, TypeError, ValueError) as e:
        raise FairDealError(f"not a deck to shuffle: {e}") from None
    if not 2 <= len(deck) <= DECK_CARDS:
        raise FairDealError(f"a deck to shuffle has 2 to {DECK_CARDS} cards, not {len(deck)}")
    return deck


def _hex_bytes(text: object, size: int, what: str) -> bytes:
    """The bytes of ``text``, which must be exactly ``2 * size`` hex digits (either case)."""
    if not isinstance(text, str) or not _HEX.fullmatch(text) or len(text) != 2 * size:
        raise FairDealError(f"{what} must be {2 * size} hex characters, got {text!r}")
    return bytes.fromhex(text)


def _player_id_bytes(pid: object) -> bytes:
    """A player id's UTF-8 bytes; it must be a non-empty string of at most 64 of them."""
    if not isinstance(pid, str) or not pid:
        raise FairDealError(f"player id must be a non-empty string, got {pid!r}")
    try:
        raw = pid.encode("utf-8")
    except UnicodeEncodeError:
        raise FairDealError(f"player id {pid!r} is not valid Unicode text") from None
    if len(raw) > MAX_PLAYER_ID_BYTES:
        raise FairDealError(
            f"player id {pid[:20]!r}... is {len(raw)} bytes of UTF-8; at most {MAX_PLAYER_ID_BYTES}"
        )
    return raw


_HEX = re.compile(r"[0-9a-fA-F]*")

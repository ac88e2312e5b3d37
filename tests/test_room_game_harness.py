"""A table harness for Ultimate Omaha over the in-memory network, and the secrecy checker.

Shared by the game tests and the fuzz test. The checker is itself tested here: it must catch
a planted leak, or its silence would prove nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

from games.registry import ultimate_omaha
from room.client import GuestClient
from room.host import LOCAL_PEER
from rules.cards import FULL_DECK, Card
from rules.fairdeal import derive_deck
from rules.ultimate import BOARD_CARDS, HOLE_CARDS, Action, Phase, UltimateHand, result_for
from testing.memory import TICK_MS, MemoryNetwork

PHASE_SHOWN = {"preflop": 0, "flop": 3, "results": 5}


class Table:
    """A room with the real Ultimate game, dealt from seeded decks (a test harness may use
    ``random``: it never deals a real game), remembering every deck and every hand."""

    def __init__(
        self, seed: int = 0, decks: list[list[Card]] | None = None, fair: bool = False
    ) -> None:
        self._rng = random.Random(seed)
        self._stacked = list(decks or [])
        self.decks: list[list[Card]] = []
        self.fair = fair  # a provably fair deal: decks from seed and nonces, seeds recorded
        self.net = MemoryNetwork(game_factory=ultimate_omaha(None if fair else self._deck))
        self.hands: dict[int, UltimateHand] = {}
        self.seeds: dict[int, str] = {}  # hand_no -> the fair deal's seed (host-side secret)
        self.clients: dict[str, GuestClient] = {}  # name -> client
        self.peers: dict[str, str] = {}  # name -> peer

    def _deck(self) -> list[Card]:
        deck = self._stacked.pop(0) if self._stacked else self._rng.sample(FULL_DECK, 52)
        self.decks.append(list(deck))
        return deck

    # --- people ---

    def host(self, name: str = "Ann") -> GuestClient:
        client = self.net.join_host(name)
        self.clients[name], self.peers[name] = client, LOCAL_PEER
        return client

    def guest(self, name: str, token: str | None = None, peer: str | None = None) -> GuestClient:
        peer, client = self.net.join_guest(name, token, peer)
        self.clients[name], self.peers[name] = client, peer
        self.record()
        return client

    def send(self, name: str, text: str) -> None:
        self.net.send(self.peers[name], text)
        self.record()

    def act(self, name: str, action: str) -> None:
        self.send(name, self.clients[name].act(action))

    def advance(self, ms: int) -> None:
        """Let time pass in adapter ticks, noting any hand dealt on the way (auto-deal)."""
        for _ in range(ms // TICK_MS):
            self.net.advance(TICK_MS)
            self.record()

    # --- what the host knows ---

    @property
    def game(self) -> Any:
        return self.net.host.game

    def record(self) -> None:
        game = self.net.host.game
        if game is not None and game.hand is not None:
            self.hands[game.hand_no] = game.hand
        for deal in (game and game.fair, game and game.dealing):
            if deal:
                self.seeds[deal.hand_no] = deal.seed
                if deal.dealt and len(self.decks) < deal.hand_no:
                    self.decks.append(derive_deck(deal.seed, deal.nonces))

    def view(self, name: str) -> dict[str, Any]:
        view = self.clients[name].view
        assert view is not None
        return view

    def gview(self, name: str) -> dict[str, Any]:
        return self.view(name)["game"]

    def errors(self, name: str) -> list[dict[str, Any]]:
        peer = self.peers[name]
        return [m for m in map(json.loads, self.net.delivered.get(peer, []))
                if m["type"] == "error"]


def expected_result(table: Table, hand_no: int, stakes: list[int]):
    """The showdown computed straight from the recorded deck, by the rules' deal order."""
    hand = table.hands[hand_no]
    deck = table.decks[hand_no - 1]
    n = len(hand.player_ids)
    holes = [deck[HOLE_CARDS * i: HOLE_CARDS * (i + 1)] for i in range(n)]
    b1 = deck[HOLE_CARDS * n: HOLE_CARDS * n + BOARD_CARDS]
    b2 = deck[HOLE_CARDS * n + BOARD_CARDS: HOLE_CARDS * n + 2 * BOARD_CARDS]
    return result_for(hand.player_ids, holes, stakes, b1, b2, hand.base_cents)


def round_start_stake(hand: UltimateHand, pid: str, phase: str) -> int:
    """``pid``'s stake when round ``phase`` began (what others may see during it)."""
    stake = hand.base_cents
    if phase == "flop":
        stake *= 2 ** sum(
            1 for r in hand.actions()
            if r.player_id == pid and r.phase == Phase.PREFLOP and r.action == Action.DOUBLE
        )
    return stake


def secrecy_violations(
    text: str, hands: dict[int, UltimateHand], seeds: dict[int, str] | None = None
) -> list[str]:
    """Everything in one delivered text that its viewer may not see (empty: all good).

    Checks the parsed view field by field (boards, own hole, others' stakes and auto marks,
    choices) and the raw text for every hidden card string, quoted as JSON writes it. With
    ``seeds`` (hand_no -> the fair deal's secret seed), also that a seed appears only in a
    results view of its own hand or in a view of a later hand, never anywhere else.
    """
    msg = json.loads(text)
    bad: list[str] = []
    game_view = msg.get("type") == "view" and "game" in msg["view"]
    for hand_no, seed in (seeds or {}).items():
        if seed.lower() not in text.lower():
            continue
        g = msg["view"]["game"] if game_view else None
        if g is None or g["hand_no"] < hand_no or (
            g["hand_no"] == hand_no and g["phase"] != "results"
        ):
            where = f"a {g['phase']} view of hand {g['hand_no']}" if g else f"a {msg['type']}"
            bad.append(f"the seed of hand {hand_no} in {where}")
    if not game_view:
        return bad
    viewer = msg["view"]["you"]
    g = msg["view"]["game"]
    phase = g["phase"]
    if phase == "dealing":  # no card exists yet: nothing of a hand may show
        if g["board1"] != ["??"] * BOARD_CARDS or g["board2"] != ["??"] * BOARD_CARDS:
            bad.append(f"a board card in a dealing view for {viewer}")
        if g["you"]["hole"] or g["results"] is not None or g["fair"]["nonces"] is not None:
            bad.append(f"cards, results or nonces in a dealing view for {viewer}")
        return bad
    hand = hands[g["hand_no"]]
    if phase == "results":
        return bad
    shown = PHASE_SHOWN[phase]
    deal = hand.log[0]
    boards = (deal.board1, deal.board2)  # type: ignore[union-attr]
    hidden: list[Card] = []
    for pid in hand.player_ids:
        if pid != viewer:
            hidden += hand.hole(pid)
    for board in boards:
        hidden += board[shown:]
    for card in hidden:
        if f'"{card}"' in text:
            bad.append(f"hidden card {card} in a {phase} view for {viewer}")
    for n, board in ((1, boards[0]), (2, boards[1])):
        want = [str(c) for c in board[:shown]] + ["??"] * (BOARD_CARDS - shown)
        if g[f"board{n}"] != want:
            bad.append(f"board{n} {g[f'board{n}']} in a {phase} view, expected {want}")
    if viewer in hand.player_ids and g["you"]["hole"] != [str(c) for c in hand.hole(viewer)]:
        bad.append(f"{viewer} sees the wrong hole cards {g['you']['hole']}")
    choices = text.count('"double"') + text.count('"check"')
    if choices != (g["you"]["choice"] is not None):
        bad.append(f"{choices} choice words in a {phase} view for {viewer}")
    if g["results"] is not None:
        bad.append(f"results in a {phase} view")
    for seat in g["seats"]:
        pid = seat["id"]
        if pid == viewer or pid not in hand.player_ids:
            continue
        if seat["stake_cents"] != round_start_stake(hand, pid, phase):
            bad.append(f"{pid}'s stake {seat['stake_cents']} shown to {viewer} in {phase}")
        if seat["auto"] and not any(
            r.automatic and r.player_id == pid and r.phase == Phase.PREFLOP and phase == "flop"
            for r in hand.actions()
        ):
            bad.append(f"{pid}'s automatic Check of this round shown to {viewer}")
    return bad


def check_secrecy(table: Table) -> int:
    """Asserts no delivered text broke the rules of who sees what; returns texts checked."""
    checked = 0
    for peer, texts in table.net.delivered.items():
        for text in texts:
            problems = secrecy_violations(text, table.hands, table.seeds)
            assert not problems, (peer, problems)
            checked += 1
    return checked


# --- the checker can fail --------------------------------------------------------------------


def _preflop_view_text(table: Table) -> str:
    texts = table.net.delivered["g1"]
    return next(
        t for t in reversed(texts)
        if '"game"' in t and json.loads(t)["view"]["game"]["phase"] == "preflop"
    )


def test_checker_catches_planted_leaks():
    table = Table(seed=1)
    table.host("Ann")
    table.guest("Bob")
    table.send("Ann", table.clients["Ann"].start_game())
    table.act("Ann", "double")
    clean = _preflop_view_text(table)
    assert secrecy_violations(clean, table.hands) == []
    hand = table.hands[1]
    msg = json.loads(clean)
    ann_card = str(hand.hole("p1")[0])
    msg["view"]["game"]["seats"][0]["name"] = ann_card  # another's hole card anywhere
    assert secrecy_violations(json.dumps(msg), table.hands)
    msg = json.loads(clean)
    msg["view"]["game"]["board2"][0] = str(table.hands[1].log[0].board2[0])  # undealt card
    assert secrecy_violations(json.dumps(msg), table.hands)
    msg = json.loads(clean)
    msg["view"]["game"]["seats"][0]["stake_cents"] = 200  # Ann's fresh Double
    assert secrecy_violations(json.dumps(msg), table.hands)
    msg = json.loads(clean)
    msg["view"]["game"]["seats"][0]["choice"] = "double"
    assert secrecy_violations(json.dumps(msg), table.hands)

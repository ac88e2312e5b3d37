"""The public dealing order: the host deals by it, every browser rebuilds the hand by it.

A card's place in the deck never comes from the host: it follows from the dealing order
published with the commitment (game, players, button) and the nonce set. So a host that knows
the deck (it does, once the nonces are in) and hands itself aces from wherever they lie — even
naming their true places — is caught by every browser that sees the hand. Honest hands verify
in every game: Hold'em heads-up and ring, Omaha, Hi/Lo, a bomb pot called at a Hold'em table,
draw with and without a reshuffle of the discards, Ultimate Omaha.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest
from games import catalogue
from games.poker.dealing import FixedStream
from games.poker.session import PokerGame
from games.registry import deal_reader
from games.table.fair import NONCE_TIMEOUT_MS
from room.client import NOT_FAIR
from room.host import LOCAL_PEER
from rules.cards import FULL_DECK, Card, parse_cards
from rules.dealorder import LAYOUTS, DealOrder, DealOrderError, hand_order
from rules.fairdeal import SHORT_DECK, FairDealError, derive_deck
from rules.poker import Betting, Game, Hand, HandConfig
from rules.poker.records import Dealt
from rules.ultimate import UltimateHand
from test_room_game_harness import Table
from test_room_table_games import Poker, passive
from testing.memory import MemoryNetwork

ACES = parse_cards("As Ah Ad Ac")


# --- the order itself ------------------------------------------------------------------------


def seat_counts(game: Game) -> list[int]:
    """Two, three and a full table (seven, or the most the game seats when fewer)."""
    low, high = game.variant.seats
    return sorted({max(low, 2), 3, min(7, high)})


SEATED = [(game, players) for game in Game for players in seat_counts(game)]


def test_every_case_is_a_table_the_game_seats():
    assert all(g.variant.seats[0] <= n <= g.variant.seats[1] for g, n in SEATED)
    assert (Game("triple-draw"), 6) in SEATED and (Game("holdem"), 7) in SEATED


@pytest.mark.parametrize(("game", "players"), SEATED, ids=[f"{g.value}-{n}" for g, n in SEATED])
def test_the_engine_takes_every_card_from_its_place_in_the_order(game, players):
    """Every card the engine deals (hole, burn, board, the draw's stub) is the card of the
    deck at the place the public order gives it, counted independently here."""
    deck = [c for c in derive_deck("ab" * 32, {"p": "cd" * 16}) if c in game.variant.deck]
    hand = Hand(HandConfig(game, Betting.POT_LIMIT if game is not Game.HOLDEM
                           else Betting.NO_LIMIT, (1000,) * players, 0, (5, 10), 10), deck)
    order = hand.order
    n = len(order)
    hole = LAYOUTS[game.value].hole
    for rec in hand.log:
        if isinstance(rec, Dealt) and rec.to == "hole":
            i = order.index(rec.seat)
            k = [r.card for r in hand.log if isinstance(r, Dealt) and r.seat == rec.seat
                 and r.to == "hole"].index(rec.card)
            assert rec.position == k * n + i == deck.index(rec.card)
    assert [r.position for r in hand.log if isinstance(r, Dealt)][: hole * n] == list(
        range(hole * n))


def test_streets_burns_and_boards_follow_the_written_order():
    holdem = DealOrder(LAYOUTS["holdem"], 2)  # heads-up: 4 hole cards, then burn + flop ...
    assert [holdem.burn(s) for s in range(3)] == [4, 8, 10]
    assert [holdem.board(0, k) for k in range(5)] == [5, 6, 7, 9, 11]
    bomb = DealOrder(LAYOUTS["bomb-double"], 3)  # 12 hole; burn, 3 + 3; burn, 1 + 1; ...
    assert bomb.burn(0) == 12 and [bomb.board(0, k) for k in range(3)] == [13, 14, 15]
    assert [bomb.board(1, k) for k in range(3)] == [16, 17, 18]
    assert (bomb.burn(1), bomb.board(0, 3), bomb.board(1, 3)) == (19, 20, 21)
    ten = DealOrder(LAYOUTS["bomb-double"], 10)  # 40 + 10 board cards leave two burns
    assert [ten.burn(s) for s in range(3)] == [40, 47, None]
    assert ten.board(1, 4) == 51
    ultimate = DealOrder(LAYOUTS["ultimate"], 3)
    assert [ultimate.hole(1, k) for k in range(4)] == [4, 5, 6, 7]
    assert ultimate.board(0, 0) == 12 and ultimate.board(1, 0) == 17
    draw = DealOrder(LAYOUTS["draw"], 2)
    assert draw.stub(0) == 10 and draw.stub(41) == 51 and draw.stub(42) is None
    with pytest.raises(DealOrderError):
        DealOrder(LAYOUTS["holdem"], 30)


def test_ultimate_hands_are_dealt_by_the_order():
    deck = derive_deck("12" * 32, {"p": "34" * 16})
    hand = UltimateHand(["a", "b", "c"], 100, deck)
    order = DealOrder(LAYOUTS["ultimate"], 3)
    assert hand.hole("b") == tuple(deck[order.hole(1, k)] for k in range(4))
    assert hand.visible_board(1) == ()


def test_the_button_and_the_order_when_a_nonce_does_not_come():
    seats = [(1, "ann", True), (4, "bo", True), (6, "cy", False), (8, "di", True)]
    assert hand_order(seats, 4, {"ann", "bo", "cy", "di"}) == (4, ["di", "ann", "bo"])
    assert hand_order(seats, 4, {"ann", "cy", "di"}) == (6, ["di", "ann"])  # a short button
    assert hand_order(seats, 4, {"ann", "di"}) == (8, ["ann", "di"])


# --- honest hands verify in every game ------------------------------------------------------


def play_hand(table: Table, names) -> None:
    for _ in range(2):
        for name in names:
            table.act(name, "check")


def play_ultimate(table: Table, names) -> None:
    """Start Ultimate Omaha and play its first hand to results."""
    table.send(names[0], table.clients[names[0]].start_game())
    play_hand(table, names)


def all_ok(table: Poker | Table, hand_no: int) -> None:
    for name, client in table.clients.items():
        verdict = client.fair_verdicts[hand_no]
        assert verdict.ok, (name, verdict)


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
@pytest.mark.parametrize("players", [2, 4])
def test_honest_table_hands_verify_for_everyone(game_id, players):
    table = Poker(game_id)
    table.host("Ann")
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    for name in names[1:]:
        table.guest(name)
    table.start({name: 1000 for name in names})
    for hand_no in (1, 2):
        end = table.play(passive)
        assert end["phase"] == "results" and end["fair"]["order"]["game"] == game_id
        all_ok(table, hand_no)
        table.next_hand()


def test_a_bomb_pot_at_a_holdem_table_is_dealt_and_checked_as_a_bomb_pot():
    table = Poker("holdem")
    table.host("Ann")
    for name in ("Bob", "Cy"):
        table.guest(name)
    table.start({name: 1000 for name in ("Ann", "Bob", "Cy")})
    table.play(passive)
    table.send("Ann", table.clients["Ann"].table("bomb_pot", 20))
    table.next_hand()
    g = table.g("Bob")
    assert g["fair"]["order"]["game"] == "bomb-double" and g["hand_game"] == "bomb-double"
    assert table.play(passive)["phase"] == "results"
    all_ok(table, 2)


def test_a_draw_with_and_without_a_reshuffle_verifies():
    for throw, players in ((2, 3), (5, 7)):
        table = Poker("draw")
        table.host("Ann")
        names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][:players]
        for name in names[1:]:
            table.guest(name)
        table.start({name: 1000 for name in names})

        def policy(view: dict[str, Any], legal: dict[str, Any], throw=throw):
            if legal["draw_max"] is not None:
                hole = sorted(view["you"]["hole"], key=lambda card: card[0] == "A")
                return "draw", None, hole[:min(throw, legal["draw_max"])]
            return ("check" if legal["can_check"] else "call"), None, []

        end = table.play(policy)
        drawn = sum(count for _, count in end["draws"])
        assert (drawn > 52 - 5 * players) is (throw == 5)
        all_ok(table, 1)
        reasons = [c.fair_verdicts[1].reason for c in table.clients.values()]
        assert any("reshuffled" in r for r in reasons) is (throw == 5)


def test_honest_ultimate_hands_verify_heads_up_and_ring():
    for names in (["Ann", "Bob"], ["Ann", "Bob", "Cy", "Di"]):
        table = Table(fair=True)
        table.host(names[0])
        for name in names[1:]:
            table.guest(name)
        play_ultimate(table, names)
        all_ok(table, 1)


# --- a host that deals itself aces from their true places ---------------------------------


def aces_to(deck: list[Card], places: list[int]) -> list[Card]:
    """The deck with the aces moved to ``places`` (swapped with what was there)."""
    out = list(deck)
    for place, ace in zip(places, ACES, strict=False):
        at = out.index(ace)
        out[place], out[at] = out[at], out[place]
    return out


def name_true_places(view: dict[str, Any], deck: list[Card]) -> dict[str, Any]:
    """What such a host publishes where views used to name deck positions: every card's
    true place in the honest deck (an older page believed them)."""
    fair = view.get("fair")
    if isinstance(fair, dict) and isinstance(fair.get("cards"), list):
        fair["cards"] = [[deck.index(Card.parse(c)), c] for _, c in fair["cards"]]
    return view


def test_a_host_dealing_itself_four_aces_at_ultimate_omaha_fails_every_guest():
    table = Table(fair=True)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    play_ultimate(table, ("Ann", "Bob", "Cy"))  # an honest first hand starts the game
    game = table.game
    honest_derive, honest_view = game.flow.derive, game.view_for
    real: list[list[Card]] = []

    def derive(seed, nonces, cards):
        deck = list(honest_derive(seed, nonces, cards))
        real.append(deck)
        return aces_to(deck, [0, 1, 2, 3])  # Ann (the host) is dealt first: places 0 to 3

    def view_for(pid):
        view = honest_view(pid)
        return name_true_places(view, real[-1]) if real else view

    game.flow.derive, game.view_for = derive, view_for
    table.send("Ann", table.clients["Ann"].next_hand())
    play_hand(table, ("Ann", "Bob", "Cy"))
    assert table.clients["Bob"].view["game"]["results"]["players"][0]["hole"] == [
        str(c) for c in ACES]
    for name in ("Bob", "Cy"):
        assert table.clients[name].fair_verdicts[1].ok
        verdict = table.clients[name].fair_verdicts[2]
        assert not verdict.ok and "where the dealing order puts" in verdict.reason, (
            name, verdict)


def bought_in(game_id: str, names: tuple[str, ...]) -> Poker:
    """A table of ``game_id`` hosted by the first of ``names``, every player bought in for
    1000 chips and the game started (the first hand is being dealt)."""
    table = Poker(game_id)
    table.host(names[0])
    for name in names[1:]:
        table.guest(name)
    table.send(names[0], table.clients[names[0]].start_game())
    for name in names:
        table.send(name, table.clients[name].table("buy_in", 1000))
    return table


def all_caught(table: Poker, names: tuple[str, ...], hand_no: int) -> None:
    """Each of ``names`` found hand ``hand_no`` not verified: a card not at its place."""
    for name in names:
        verdict = table.clients[name].fair_verdicts[hand_no]
        assert not verdict.ok and "where the dealing order puts" in verdict.reason, (
            name, verdict)


def test_a_host_dealing_itself_aces_at_holdem_fails_every_guest():
    table = bought_in("holdem", ("Ann", "Bob", "Cy"))
    flow = table.game.flow
    real: list[list[Card]] = []

    def stream(deal):
        deck = derive_deck(deal.seed, deal.nonces)
        real.append(deck)
        order = deal.order
        _, seats = hand_order([tuple(s) for s in order["seats"]], order["button"], deal.nonces)
        n, i = len(seats), seats.index("p1")
        return FixedStream(aces_to(deck, [i, n + i]))  # Ann's two hole cards

    flow.stream = stream
    honest_view = table.game.view_for
    table.game.view_for = lambda pid: name_true_places(honest_view(pid), real[-1]) if (
        real) else honest_view(pid)
    table.next_hand()
    end = table.play(passive)
    shown = [s for s in end["results"]["shown"] if s["seat"] == 0]
    assert shown and set(shown[0]["cards"]) <= {"As", "Ah"}
    all_caught(table, ("Bob", "Cy"), 1)


def test_a_dealing_order_changed_after_the_nonces_is_caught():
    table = Table(fair=True)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    play_ultimate(table, ("Ann", "Bob", "Cy"))
    game = table.game
    honest = game.view_for

    def reorder(pid):
        view = honest(pid)
        fair = view.get("fair") or {}
        if view["phase"] != "dealing" and "order" in fair:
            fair["order"] = dict(fair["order"], players=list(reversed(fair["order"]["players"])))
        return view

    game.view_for = reorder
    table.send("Ann", table.clients["Ann"].next_hand())
    play_hand(table, ("Ann", "Bob", "Cy"))
    for name in ("Bob", "Cy"):
        verdict = table.clients[name].fair_verdicts[2]
        assert not verdict.ok and "changed" in verdict.reason, (name, verdict)


def test_a_reader_refuses_cards_for_a_player_not_dealt_in():
    reader = deal_reader("ultimate")
    assert reader is not None and deal_reader("chess") is None
    view = {"phase": "results", "you": {"hole": []}, "board1": [], "board2": [],
            "results": {"players": [{"id": "p9", "hole": ["As", "Ah", "Ad", "Ac"]}]}}
    with pytest.raises(ValueError, match="did not deal in"):
        reader(view, {"game": "ultimate", "players": ["p1", "p2"]}, {"p1", "p2"}, "p2")


# --- the deck is the game's, published with the order ----------------------------------------


def test_a_hand_dealt_from_a_deck_its_game_does_not_use_fails_every_guest():
    """A host that publishes a Hold'em hand's order with Short Deck's 36 cards, and deals
    consistently from them, is caught: the deck is part of the order, and each browser
    checks it is the game's."""
    table = bought_in("holdem", ("Ann", "Bob", "Cy"))
    flow = table.game.flow
    honest_start = flow.start

    def short_start(hand_no, invited, host, now_ms, order):
        honest_start(hand_no, invited, host, now_ms, {**order, "deck": 36})

    flow.start = short_start
    table.next_hand()
    assert table.game.flow.fair.cards == SHORT_DECK  # the host dealt from the 36 cards
    end = table.play(passive)
    assert end["phase"] == "results"
    for name in ("Bob", "Cy"):
        verdict = table.clients[name].fair_verdicts[1]
        assert not verdict.ok and "deck" in verdict.reason, (name, verdict)


def test_the_flow_deals_from_the_deck_its_order_names():
    from games.table.fair import FairFlow, players_order, seats_order

    flow = FairFlow(seed_source=lambda: "00" * 32)
    flow.start(1, ("p1",), "p1", 0, seats_order("shortdeck", 0, [(0, "p1", True)], 36))
    _, deal = flow.settle(0, {"p1": True})
    assert deal is not None and deal.order["deck"] == 36
    assert sorted(flow.deck(deal)) == list(SHORT_DECK)
    assert flow.deck(deal) == derive_deck(deal.seed, deal.nonces, SHORT_DECK)
    assert flow.stream(deal).deck() == flow.deck(deal)
    assert "deck" not in players_order("ultimate", ["p1"])  # the 52 cards go unsaid
    with pytest.raises(FairDealError, match="no deck of 40"):
        seats_order("holdem", 0, [(0, "p1", True)], 40)


def test_a_reader_refuses_an_order_whose_deck_is_not_its_games():
    view = {"phase": "preflop", "you": {"hole": ["As", "Kd", "2c", "3c"]},
            "board1": ["??"] * 5, "board2": ["??"] * 5, "seats": []}
    reader = deal_reader("ultimate")
    assert reader is not None
    order = {"game": "ultimate", "players": ["p1", "p2"]}
    assert len(reader(view, order, {"p1", "p2"}, "p2")) == 4
    for deck in (36, 40, "52"):
        with pytest.raises(ValueError, match="deck"):
            reader(view, {**order, "deck": deck}, {"p1", "p2"}, "p2")


def test_every_game_shares_one_fair_deal_glue():
    """Taking a nonce and dealing once the set is complete is written once
    (``games.table.fair.FairDealing``) and used by both games."""
    from games.poker.session import PokerGame
    from games.table.fair import FairDealing
    from games.ultimate import UltimateGame

    for method in ("handle_nonce", "is_dealing", "_deal_when_ready", "fair_part"):
        assert getattr(UltimateGame, method) is getattr(FairDealing, method), method
        assert getattr(PokerGame, method) is getattr(FairDealing, method), method


# --- the dealer's-choice games: five hole cards, the 36-card deck, three draws --------------

NEW_GAMES = ("plo5", "shortdeck", "triple-draw")


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table games the rules know, offered to the table's session for these tests where
    the catalogue has no entry for them yet (their names, keys and PokerStars words are not
    the fair deal's concern)."""
    missing = {g.value: catalogue._table(g, g.title, g.title, g.title, stars=g.title)
               for g in Game if g.value not in catalogue.GAMES}
    monkeypatch.setattr(catalogue, "GAMES", MappingProxyType({**catalogue.GAMES, **missing}))


def seated(game_id: str, names: tuple[str, ...]) -> Poker:
    """A room whose host plays ``game_id`` (the room's own game from the start), every
    player bought in for 1000 chips and the first hand dealt."""
    table = Poker(game_id)
    table.net = MemoryNetwork(game_factory=lambda: PokerGame(None, game=game_id))
    table.clients[names[0]] = table.net.join_host(names[0])
    table.peers[names[0]] = LOCAL_PEER
    for name in names[1:]:
        table.guest(name)
    table.start({name: 1000 for name in names})
    return table


def stand_pat(view: dict[str, Any], legal: dict[str, Any]) -> tuple[str, int | None, list[str]]:
    """Check or call; keep every card at a draw."""
    if legal["draw_max"] is not None:
        return "draw", None, []
    return ("check" if legal["can_check"] else "call"), None, []


@pytest.mark.usefixtures("offered")
@pytest.mark.parametrize("game_id", NEW_GAMES)
def test_honest_hands_of_the_new_games_verify_for_everyone(game_id):
    table = seated(game_id, ("Ann", "Bob", "Cy"))
    for hand_no in (1, 2):
        end = table.play(passive)
        order = end["fair"]["order"]
        assert end["phase"] == "results" and order["game"] == game_id
        assert order.get("deck", 52) == len(Game.parse(game_id).variant.deck)
        all_ok(table, hand_no)
        table.next_hand()
    shown = [c for s in end["results"]["shown"] for c in s["cards"]]
    assert len(shown) == 3 * Game.parse(game_id).hole_count  # the showdown's hands checked
    if game_id == "shortdeck":
        assert order["deck"] == 36 and all(c[0] not in "2345" for c in shown)
    if game_id == "triple-draw":  # three draws of two cards each by all three players
        assert [count for _, count in end["draws"]] == [2] * 9


@pytest.mark.usefixtures("offered")
def test_triple_draw_takes_three_draws_from_one_stub_and_reshuffles_verify():
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    table = seated("triple-draw", names)

    def throw_all(view, legal):
        if legal["draw_max"] is not None:
            return "draw", None, view["you"]["hole"][:legal["draw_max"]]
        return ("check" if legal["can_check"] else "call"), None, []

    end = table.play(throw_all)
    assert end["phase"] == "results" and len(end["draws"]) == 18  # six players, three draws
    assert sum(count for _, count in end["draws"]) > 52 - 5 * 6  # past the stub: reshuffles
    all_ok(table, 1)
    reasons = [c.fair_verdicts[1].reason for c in table.clients.values()]
    assert all("reshuffled" in r for r in reasons), reasons


@pytest.mark.parametrize(("game_id", "draws"), [("draw", 1), ("triple-draw", 3)])
def test_a_reader_takes_as_many_draws_as_the_games_record_has(game_id, draws):
    """Each draw goes round the players still in, in the dealing order; the record of the
    game says how many draws a hand has, and a view showing one more cannot be that hand."""
    order = {"game": game_id, "button": 2, "seats": [[0, "a", True], [1, "b", True],
                                                     [2, "c", True]]}
    reader = deal_reader(game_id)
    assert reader is not None

    def view(counts):
        return {"phase": "results", "button": 2, "boards": [], "seats": [], "you": {},
                "draws": [[seat, count] for seat, count in counts]}

    one_draw = [(0, 1), (1, 2), (2, 0)]
    assert reader(view(one_draw * draws), order, {"a", "b", "c"}, "a") == []
    with pytest.raises(ValueError, match=f"in at most {draws} draws"):
        reader(view(one_draw * (draws + 1)), order, {"a", "b", "c"}, "a")
    with pytest.raises(ValueError, match="at most their hand"):
        reader(view([(0, 1), (1, 6)]), order, {"a", "b", "c"}, "a")


@pytest.mark.usefixtures("offered")
@pytest.mark.parametrize("game_id", NEW_GAMES)
def test_a_host_dealing_itself_aces_at_the_new_games_fails_every_guest(game_id):
    table = seated(game_id, ("Ann", "Bob", "Cy"))
    table.play(stand_pat)
    all_ok(table, 1)
    flow = table.game.flow
    real: list[list[Card]] = []

    def stream(deal):
        deck = derive_deck(deal.seed, deal.nonces, deal.cards)
        real.append(deck)
        order = deal.order
        _, seats = hand_order([tuple(s) for s in order["seats"]], order["button"], deal.nonces)
        n, i = len(seats), seats.index("p1")
        return FixedStream(aces_to(deck, [i, n + i]))  # Ann's first two hole cards

    flow.stream = stream
    table.next_hand()
    end = table.play(stand_pat)
    shown = [s for s in end["results"]["shown"] if s["seat"] == table.g("Ann")["you"]["seat"]]
    assert shown and {"As", "Ah"} <= set(shown[0]["cards"])
    all_caught(table, ("Bob", "Cy"), 2)


# --- each verdict belongs to its own hand --------------------------------------------------


def test_a_hand_dealt_without_a_fair_record_does_not_show_the_previous_verdict():
    table = Table(fair=True)
    table.host("Ann")
    table.guest("Bob")
    play_ultimate(table, ("Ann", "Bob"))
    bob = table.clients["Bob"]
    assert bob.verdict() is not None and bob.verdict().ok  # hand 1: verified
    game = table.game
    game.fair_mode = False  # the host deals hand 2 from an unshuffled deck, no record
    game._deck_source = lambda: list(FULL_DECK)  # 2c 2d 2h 2s 3c ...: unshuffled
    table.send("Ann", table.clients["Ann"].next_hand())
    assert bob.view["game"]["fair"] is None and bob.verdict() is None  # not at results yet
    play_hand(table, ("Ann", "Bob"))
    assert bob.view["game"]["phase"] == "results" and bob.view["game"]["hand_no"] == 2
    assert bob.verdict() == NOT_FAIR and not NOT_FAIR.ok
    assert "not dealt through the provably fair deal" in NOT_FAIR.reason


def test_a_player_removed_while_the_deal_waits_leaves_it_with_their_nonce():
    # Cy's nonce came; Di's never does, so the deal waits; the host removes Cy meanwhile. The
    # hand is dealt to Ann and Bob, and their browsers (which deal the published order to
    # the players whose nonce is in the set) agree with the host: both verify.
    from test_room_fair import NoNonceClient

    table = Table(fair=True)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    di = NoNonceClient("Di", "di-token-abcdefghijkl", deal_rules=deal_reader)
    table.net.connect("g-di", di)
    table.clients["Di"], table.peers["Di"] = di, "g-di"
    table.send("Ann", table.clients["Ann"].start_game())
    game = table.game
    assert game.dealing is not None and "p3" in game.dealing.nonces
    table.send("Ann", table.clients["Ann"].kick("p3"))
    assert "p3" not in game.dealing.nonces
    table.advance(NONCE_TIMEOUT_MS + 500)
    assert game.fair is not None and game.fair.players == ("p1", "p2")
    play_hand(table, ("Ann", "Bob"))
    for name in ("Ann", "Bob"):
        assert table.clients[name].fair_verdicts[1].ok, table.clients[name].fair_verdicts

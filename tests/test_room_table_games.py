"""The table games in the room: whole hands through HostRoom over the in-memory network.

Every hand is dealt provably fair (the registry's factory with no stacked deck): the guests'
pages send their nonces by themselves, and each checks every card it saw at results
(``fair_verdicts``). Every text delivered to anyone is checked for secrecy against the host's
own record of the hand (:func:`table_secrecy_violations`): no other seat's hole card unless
the rules showed it at showdown, so never a folded one; no card not dealt yet; no seed before
results.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from games.registry import GAMES, factory
from room.client import GuestClient
from room.host import LOCAL_PEER, HostRoom, RoomPhase
from room.local import HostSession
from rules.cards import FULL_DECK, Card
from rules.poker.records import Dealt, Shown
from testing.memory import MemoryNetwork

ROUND_BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Board cards dealt (per board) once a betting round has started."""


class Poker:
    """A room playing table game ``game_id`` with the real session, fair deals only,
    remembering each hand as the host dealt it."""

    def __init__(self, game_id: str, settings: dict[str, Any] | None = None) -> None:
        self.game_id = game_id
        self.net = MemoryNetwork(games=factory)
        self.clients: dict[str, GuestClient] = {}
        self.peers: dict[str, str] = {}
        self.hands: dict[int, Any] = {}  # hand_no -> the host's PlayedHand
        self.seeds: dict[int, str] = {}
        self.settings = settings or {}

    def host(self, name: str = "Ann") -> None:
        self.clients[name] = self.net.join_host(name)
        self.peers[name] = LOCAL_PEER
        self.send(name, self.clients[name].set_game(self.game_id, self.settings))

    def guest(self, name: str) -> None:
        peer, client = self.net.join_guest(name)
        self.clients[name], self.peers[name] = client, peer

    def send(self, name: str, text: str) -> None:
        self.net.send(self.peers[name], text)
        self.record()

    def record(self) -> None:
        game = self.net.host.game
        if game is None:
            return
        if game.played is not None:
            self.hands[game.played.hand_no] = game.played
        for deal in (game.flow.fair, game.flow.dealing):
            if deal is not None:
                self.seeds[deal.hand_no] = deal.seed

    @property
    def game(self) -> Any:
        return self.net.host.game

    def g(self, name: str) -> dict[str, Any]:
        view = self.clients[name].view
        assert view is not None
        return view["game"]

    def name_of(self, pid: str) -> str:
        return next(n for n, c in self.clients.items() if c.you == pid)

    def errors(self, name: str) -> list[dict[str, Any]]:
        return [m for m in map(json.loads, self.net.delivered.get(self.peers[name], []))
                if m["type"] == "error"]

    def start(self, buy_ins: dict[str, int] | None) -> None:
        """Start the game; cash: everyone buys in at the table, then the host deals."""
        self.send("Ann", self.clients["Ann"].start_game())
        if buy_ins is not None:
            assert self.g("Ann")["phase"] == "waiting"  # the players buy in first
            for name, chips in buy_ins.items():
                self.send(name, self.clients[name].table("buy_in", chips))
            self.send("Ann", self.clients["Ann"].next_hand())
        assert self.g("Ann")["phase"] not in ("dealing", "waiting"), "the nonces came"

    def next_hand(self) -> None:
        self.send("Ann", self.clients["Ann"].next_hand())

    def play(self, policy) -> dict[str, Any]:
        """Play the running hand out: whoever is to act (as their own view says) does what
        ``policy(view, legal)`` returns: (verb, amount, cards)."""
        for _ in range(500):
            hv = self.g("Ann")
            if hv["phase"] not in ("betting", "drawing"):
                return hv
            name = self.name_of(hv["turn"]["id"])
            mine = self.g(name)
            legal = mine["legal"]
            assert legal is not None, f"{name} is to act but their view has no legal actions"
            verb, amount, cards = policy(mine, legal)
            self.send(name, self.clients[name].act(verb, amount, tuple(cards)))
        raise AssertionError("the hand did not end")


def passive(view: dict[str, Any], legal: dict[str, Any]) -> tuple[str, int | None, list[str]]:
    """Check or call; in the draw, throw the first two cards."""
    if legal["draw_max"] is not None:
        return "draw", None, view["you"]["hole"][:min(2, legal["draw_max"])]
    return ("check" if legal["can_check"] else "call"), None, []


def shove(view: dict[str, Any], legal: dict[str, Any]) -> tuple[str, int | None, list[str]]:
    """All in if nobody is yet, else call."""
    if legal["draw_max"] is not None:
        return "draw", None, []
    if "allin" in legal["actions"] and legal["call"] == 0:
        return "allin", None, []
    return ("check" if legal["can_check"] else "call"), None, []


# --- the secrecy checker ------------------------------------------------------------------------


def allowed_cards(played: Any, viewer: str, g: dict[str, Any]) -> set[Card]:
    """Cards ``viewer``'s view ``g`` of ``played`` may show: their own, the boards dealt so
    far, and at results the hands the rules showed."""
    phase = g["phase"]
    hand = played.hand
    me = played.engine_seat(viewer)
    ok: set[Card] = set()
    for rec in hand.log:
        if isinstance(rec, Dealt) and rec.to in ("hole", "draw") and rec.seat == me:
            ok.add(rec.card)
    if phase == "results":
        for board in hand.boards:
            ok.update(board)
        for rec in hand.log:
            if isinstance(rec, Shown):
                ok.update(rec.cards)
    else:
        dealt = ROUND_BOARD.get(g["round"] or "", 0)
        for board in hand.boards:
            ok.update(board[:dealt])
    return ok


def table_secrecy_violations(text: str, hands: dict[int, Any],
                             seeds: dict[int, str]) -> list[str]:
    """Everything in one delivered text that its viewer may not see (empty: all good)."""
    msg = json.loads(text)
    bad: list[str] = []
    g = msg["view"].get("game") if msg.get("type") == "view" else None
    for hand_no, seed in seeds.items():
        if seed in text and (g is None or g["hand_no"] < hand_no or (
                g["hand_no"] == hand_no and g["phase"] != "results")):
            bad.append(f"the seed of hand {hand_no} before its results")
    if g is None:
        return bad
    viewer = msg["view"]["you"]
    if g["phase"] in ("dealing", "waiting"):
        ok: set[Card] = set()
    else:
        ok = allowed_cards(hands[g["hand_no"]], viewer, g)
    for card in FULL_DECK:
        if card not in ok and f'"{card}"' in text:
            bad.append(f"{card} in a {g['phase']} view of hand {g['hand_no']} for {viewer}")
    return bad


def check_secrecy(table: Poker) -> int:
    checked = 0
    for peer, texts in table.net.delivered.items():
        for text in texts:
            problems = table_secrecy_violations(text, table.hands, table.seeds)
            assert not problems, (peer, problems[:3])
            checked += 1
    return checked


def check_books(table: Poker) -> dict[str, int]:
    """The ledger in cents sums to zero, and so does its settle-up; returns the balances."""
    led = table.g("Ann")["ledger"]
    balances = {r["id"]: r["balance_cents"] for r in led["rows"]}
    assert sum(balances.values()) + led["bank_cents"] == 0 == led["total_cents"]
    paid: dict[str, int] = dict.fromkeys(balances, 0)
    for t in led["settle_up"]:
        paid[t["from_id"]] += t["cents"]
        paid[t["to_id"]] -= t["cents"]
    assert paid == {p: -b for p, b in balances.items()}  # paying it settles everyone
    return balances


def verdicts_ok(table: Poker, hand_no: int) -> None:
    for name, client in table.clients.items():
        verdict = client.fair_verdicts.get(hand_no)
        assert verdict is not None and verdict.ok, (name, verdict)


def three(game_id: str, settings: dict[str, Any] | None = None) -> Poker:
    table = Poker(game_id, settings)
    table.host("Ann")
    table.guest("Bob")
    table.guest("Cy")
    return table


# --- the checker can fail ---------------------------------------------------------------------


def test_the_checker_catches_a_planted_hole_card_and_an_undealt_board_card():
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    text = next(t for t in reversed(table.net.delivered["g1"])
                if '"game"' in t and json.loads(t)["view"]["game"]["phase"] == "betting")
    assert table_secrecy_violations(text, table.hands, table.seeds) == []
    played = table.hands[1]
    ann = played.hand.hole[played.engine_seat("p1")][0]
    msg = json.loads(text)
    msg["view"]["game"]["seats"][0]["name"] = str(ann)
    assert table_secrecy_violations(json.dumps(msg), table.hands, table.seeds)
    # the first board card, in a preflop view
    table.play(passive)
    board_card = table.hands[1].hand.boards[0][0]
    msg = json.loads(text)
    msg["view"]["game"]["boards"][0][0] = str(board_card)
    assert table_secrecy_violations(json.dumps(msg), table.hands, table.seeds)
    msg = json.loads(text)
    msg["view"]["game"]["fair"]["seed"] = table.seeds[1]
    assert table_secrecy_violations(json.dumps(msg), table.hands, table.seeds)


# --- the games ----------------------------------------------------------------------------------


def test_holdem_three_players_all_in_makes_a_side_pot_and_everyone_checks_the_deal():
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 400})
    assert table.g("Bob")["phase"] == "betting" and table.g("Bob")["fair"]["nonces"]
    end = table.play(shove)
    res = end["results"]
    assert end["phase"] == "results" and end["fair"]["seed"] == table.seeds[1]
    assert [p["amount"] for p in res["pots"]] == [1200, 1200]
    assert len(res["pots"][0]["eligible"]) == 3 and len(res["pots"][1]["eligible"]) == 2
    assert sum(res["net"].values()) == 0 and len(res["shown"]) == 3
    stacks = {s["id"]: s["stack"] for s in end["seats"]}
    assert sum(stacks.values()) == 2400
    assert {pid: stacks[pid] - start for pid, start in
            (("p1", 1000), ("p2", 1000), ("p3", 400))} == res["net"]
    verdicts_ok(table, 1)
    balances = check_books(table)
    assert balances == {pid: n for pid, n in res["net"].items()}  # 1 chip = 1 cent
    assert check_secrecy(table) > 20


def test_a_seated_player_back_under_a_new_name_keeps_their_ledger_row_and_chips():
    """The same key from another device (room.recovery) under another name: the same seat,
    stack and ledger row, which shows the new name and the old one."""
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 400})
    table.play(shove)
    before = {r["id"]: r for r in table.g("Ann")["ledger"]["rows"]}
    peer, phone = table.net.join_guest("Cyrus", table.clients["Cy"].token, "g-cy-phone")
    table.clients["Cyrus"], table.peers["Cyrus"] = phone, peer
    assert phone.you == "p3"
    rows = table.g("Ann")["ledger"]["rows"]
    assert [r["id"] for r in rows] == ["p1", "p2", "p3"]
    assert {k: rows[2].get(k) for k in ("name", "was", "balance_cents", "stack", "hands")} == {
        "name": "Cyrus", "was": ["Cy"], "balance_cents": before["p3"]["balance_cents"],
        "stack": before["p3"]["stack"], "hands": 1}
    assert check_books(table)


def test_a_folded_hand_never_leaves_the_host():
    table = three("holdem")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    folded: list[str] = []

    def fold_first(view, legal):
        if not folded:
            folded.append(view["you"]["seat"])
            return "fold", None, []
        return passive(view, legal)

    end = table.play(fold_first)
    assert end["phase"] == "results"
    played = table.hands[1]
    seat_pid = {s["seat"]: s["id"] for s in end["seats"]}
    loser = seat_pid[folded[0]]
    cards = played.hand.hole[played.engine_seat(loser)]
    others = [p for p, n in zip(table.peers.values(), table.clients.values(), strict=True)
              if n.you != loser]
    for peer in others:
        for text in table.net.delivered[peer]:
            assert not any(f'"{c}"' in text for c in cards)
    check_secrecy(table)
    verdicts_ok(table, 1)


@pytest.mark.parametrize("game_id", ["omaha", "omaha-hilo", "bomb-double"])
def test_the_omaha_games_play_to_showdown_through_the_room(game_id):
    table = three(game_id)
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    g = table.g("Cy")
    assert g["game"] == game_id and len(g["you"]["hole"]) == 4
    if game_id == "bomb-double":
        assert len(g["boards"]) == 2 and g["round"] == "flop"
        assert all(b[:3] != ["??"] * 3 and b[3:] == ["??", "??"] for b in g["boards"])
        assert sum(s["stack"] for s in g["seats"]) == 3000 - 30  # three bomb antes
    end = table.play(passive)
    assert end["phase"] == "results" and sum(end["results"]["net"].values()) == 0
    assert len(end["results"]["shown"]) >= 2
    verdicts_ok(table, 1)
    check_books(table)
    check_secrecy(table)


def test_omaha_hi_lo_splits_a_pot_between_a_high_and_a_low():
    """Dealt fair, so the cards are not chosen: hands are played until one splits (with three
    players checking down a low qualifies about half the time)."""
    table = three("omaha-hilo")
    table.start({"Ann": 2000, "Bob": 2000, "Cy": 2000})
    for hand_no in range(1, 40):
        end = table.play(passive)
        verdicts_ok(table, hand_no)
        payouts = end["results"]["payouts"]
        if any("low half" in p for p in payouts):
            assert any("high half" in p for p in payouts)
            winners = end["results"]["pots"][0]["winners"]
            assert sum(w["amount"] for w in winners) == end["results"]["pots"][0]["amount"]
            break
        table.next_hand()
    else:
        raise AssertionError("no low in 40 hands")
    check_books(table)
    check_secrecy(table)


def test_five_card_draw_with_draws_deals_fresh_cards_from_the_same_fair_stream():
    table = three("draw")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    before = {n: table.g(n)["you"]["hole"] for n in table.clients}
    assert all(len(h) == 5 for h in before.values())
    end = table.play(passive)
    assert end["phase"] == "results"
    draws = [e for e in end["results"]["actions"] if e["type"] == "draw"]
    assert len(draws) == 3 and all(e["count"] == 2 for e in draws)
    for name in table.clients:
        mine = table.g(name)
        if mine["you"]["in_hand"]:
            assert set(mine["you"]["discards"]) == set(before[name][:2])
            assert not set(mine["you"]["hole"]) & set(before[name][:2])
    verdicts_ok(table, 1)
    check_books(table)
    check_secrecy(table)


def test_a_seven_handed_draw_reshuffles_the_discards_and_every_client_still_checks_the_deal():
    """Seven players each throwing five run the stub out: the last drawers get cards from the
    reshuffled discards (past the deck's end in the public dealing order). Every client's
    verdict stays good: the cards from the deck are checked against the seed, the reshuffled
    ones are counted and said to be beyond a client's check (they depend on discards nobody
    else sees)."""
    table = Poker("draw")
    table.host("Ann")
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
    for name in names[1:]:
        table.guest(name)
    table.start({name: 1000 for name in names})

    def throw_all(view: dict[str, Any], legal: dict[str, Any]):
        if legal["draw_max"] is not None:  # as many as allowed; four only keeping an ace
            hole = sorted(view["you"]["hole"], key=lambda c: c[0] == "A")
            return "draw", None, hole[:legal["draw_max"]]
        return ("check" if legal["can_check"] else "call"), None, []

    end = table.play(throw_all)
    assert end["phase"] == "results"
    assert sum(count for _, count in end["draws"]) > 52 - 35, (
        "seven players throwing cards must reach the reshuffle")
    verdicts_ok(table, 1)
    assert any("reshuffled" in c.fair_verdicts[1].reason for c in table.clients.values())
    check_books(table)
    check_secrecy(table)


def test_a_short_tournament_runs_to_a_winner_and_moves_no_money():
    table = three("holdem", {"mode": "tournament", "starting_stack": 200,
                             "level_by": "hands", "level_length": 1})
    table.start(None)
    assert [s["hand_start"] for s in table.g("Bob")["seats"]] == [200] * 3
    for _ in range(60):
        end = table.play(shove)
        t = end["tournament"]
        if t["winner"] is not None:
            break
        table.next_hand()
    else:
        raise AssertionError("no winner in 60 hands")
    places = sorted(t["places"].values())  # two busted in one hand may share a place
    assert len(t["finishing_order"]) == 3 and places[0] == 1 and places[1:] in ([2, 3], [2, 2])
    assert t["places"][t["winner"]] == 1
    assert sum(s["stack"] for s in end["seats"]) == 600
    assert check_books(table) == {"p1": 0, "p2": 0, "p3": 0}
    table.send("Ann", table.clients["Ann"].next_hand())
    assert table.errors("Ann")[-1]["code"] == "game/over"
    check_secrecy(table)


# --- table requests through the room ---------------------------------------------------------


def test_table_requests_are_checked_by_the_room_then_the_game():
    table = three("holdem", {"mode": "tournament", "level_by": "minutes"})
    table.start(None)
    table.send("Bob", table.clients["Bob"].table("pause"))
    assert table.errors("Bob")[-1]["code"] == "auth/not_host"
    table.send("Ann", table.clients["Ann"].table("pause"))
    assert table.g("Bob")["tournament"]["paused"] is True
    table.send("Bob", table.clients["Bob"].table("buy_in", 500))
    assert table.errors("Bob")[-1]["code"] == "table/not_cash"
    table.send("Bob", table.clients["Bob"].table("sit_out"))
    assert next(s for s in table.g("Bob")["seats"] if s["id"] == "p2")["sitting_out"]


def test_a_cash_buy_in_is_refused_outside_the_hosts_range_and_changes_nothing():
    table = three("holdem", {"big_blind": 10, "small_blind": 5})
    table.send("Ann", table.clients["Ann"].start_game())
    table.send("Bob", table.clients["Bob"].table("buy_in", 5))
    assert table.errors("Bob")[-1]["code"].startswith(("cash/", "table/"))
    assert next(s for s in table.g("Bob")["seats"] if s["id"] == "p2")["stack"] == 0
    table.send("Bob", table.clients["Bob"].table("buy_in", 400))
    assert next(s for s in table.g("Bob")["seats"] if s["id"] == "p2")["stack"] == 400


def test_ultimate_refuses_every_table_request():
    """A game without table requests declares none host-only, so the room asks nothing of
    the sender and the game refuses every one, from a guest or the host, changing nothing."""
    net = MemoryNetwork(games=factory)
    ann = net.join_host("Ann")
    peer, bob = net.join_guest("Bob")
    net.send(LOCAL_PEER, ann.start_game())
    before = json.dumps(net.host.snapshot(), sort_keys=True)
    sent = ((peer, bob.table("buy_in", 100)), (peer, bob.table("sit_out")),
            (peer, bob.table("pause")), (peer, bob.table("nap", 0, "p1")),
            (LOCAL_PEER, ann.table("pause")), (LOCAL_PEER, ann.table("set_stack", 5, "p2")))
    for sender, text in sent:
        net.send(sender, text)
    codes = [json.loads(t)["code"] for p in (peer, LOCAL_PEER)
             for t in net.delivered[p] if json.loads(t)["type"] == "error"]
    assert codes == ["game/illegal"] * len(sent)
    assert json.dumps(net.host.snapshot(), sort_keys=True) == before


NO_GAMES_VERBS = ("nap", "muck", "check_raise", "stand_pat", "x" * 16)
"""Verbs of the wire's shape that no game of the room has."""
OTHER_GAMES_VERBS = {"ultimate": ("fold", "raise", "draw")}
"""Verbs another game has, that this one does not (the table games: Ultimate's Double)."""


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_refuses_a_verb_it_does_not_have_and_changes_nothing(game_id):
    """The wire bounds only a verb's shape (the room knows no game's verbs), so each game
    names the verbs it lacks itself: sent by the player to act, at the current seq (past
    the room's whole ladder), an unknown verb, bare or with an amount and cards, is refused
    with the game's own code naming the verb, and the room is as it was; the player's turn
    then plays on."""
    net = MemoryNetwork(games=factory)
    clients = {LOCAL_PEER: net.join_host("Ann")}
    for name in ("Bob", "Cy"):
        peer, client = net.join_guest(name)
        clients[peer] = client
    ann = clients[LOCAL_PEER]
    net.send(LOCAL_PEER, ann.set_game(game_id, {}))
    net.send(LOCAL_PEER, ann.start_game())
    game = net.host.game
    assert game is not None and game.game_id == game_id
    for peer, client in clients.items():  # a cash table waits for its players to buy in
        g = (client.view or {}).get("game") or {}
        if g.get("phase") == "waiting":
            net.send(peer, client.table("buy_in", g["buy_in"]["default"]))
    if not game.to_act():
        net.send(LOCAL_PEER, ann.next_hand())
    pid = sorted(game.to_act())[0]
    peer = next(p for p, c in clients.items() if c.you == pid)
    client = clients[peer]
    before = json.dumps(net.host.snapshot(), sort_keys=True)
    verbs = NO_GAMES_VERBS + OTHER_GAMES_VERBS.get(game_id, ("double",))
    sent = [(verb, None, ()) for verb in verbs] + [(verb, 100, ("Ah",)) for verb in verbs]
    for verb, amount, cards in sent:
        errors = len([t for t in net.delivered[peer] if '"type":"error"' in t])
        net.send(peer, client.act(verb, amount, cards))
        got = [json.loads(t) for t in net.delivered[peer] if '"type":"error"' in t][errors:]
        assert [e["code"] for e in got] == [
            "game/illegal" if game_id == "ultimate" else "game/bad_action"], (verb, got)
        assert f"'{verb}'" in got[0]["detail"], got[0]
        assert json.dumps(net.host.snapshot(), sort_keys=True) == before, verb
    errors = len([t for t in net.delivered[peer] if '"type":"error"' in t])
    net.send(peer, client.act("check" if game_id == "ultimate" else "fold"))
    assert len([t for t in net.delivered[peer] if '"type":"error"' in t]) == errors
    assert json.dumps(net.host.snapshot(), sort_keys=True) != before  # theirs to play still


def test_bad_game_settings_are_refused_in_the_lobby_and_change_nothing():
    table = Poker("holdem")
    table.host("Ann")
    ann = table.clients["Ann"]
    table.send("Ann", ann.set_game("holdem", {"big_blind": 0}))
    table.send("Ann", ann.start_game())
    assert table.errors("Ann")[-1]["code"].startswith("settings/")
    assert ann.view["phase"] == "lobby"
    table.send("Ann", ann.set_game("holdem", {"colour": "red"}))
    table.send("Ann", ann.start_game())
    assert table.errors("Ann")[-1]["code"].startswith("settings/")
    table.send("Ann", ann.set_game("holdem", {"mode": "tournament"}))
    assert ann.view["settings"]["game"] == {"mode": "tournament"}


# --- reload and succession ---------------------------------------------------------------------


def test_a_host_reload_mid_hand_goes_on_with_the_same_cards_and_turn():
    table = three("omaha")
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    first = table.hands[1]
    name = table.name_of(table.g("Ann")["turn"]["id"])
    table.send(name, table.clients[name].act("call"))
    before = {n: (table.g(n)["you"]["hole"], table.g(n)["turn"]["id"]) for n in table.clients}
    moved = table.net.reload_host()
    table.peers = {n: moved.get(p, p) for n, p in table.peers.items()}
    table.record()
    after = {n: (table.g(n)["you"]["hole"], table.g(n)["turn"]["id"]) for n in table.clients}
    assert after == before and table.game.played.hand.hole == first.hand.hole
    end = table.play(passive)
    assert end["phase"] == "results" and sum(end["results"]["net"].values()) == 0
    verdicts_ok(table, 1)
    check_books(table)
    check_secrecy(table)


def test_succession_voids_the_hand_restores_stacks_and_keeps_the_cents():
    table = three("holdem", {"chip_cents": 5})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    table.play(passive)
    for _ in range(10):  # a pot chopped three ways moves no money: play on until one does
        if any(check_books(table).values()):
            break
        table.next_hand()
        table.play(passive)
    settled = check_books(table)
    assert any(settled.values())
    played = table.g("Bob")["hand_no"]
    stacks = {s["id"]: s["stack"] for s in table.g("Bob")["seats"]}
    table.next_hand()
    name = table.name_of(table.g("Ann")["turn"]["id"])
    legal = table.g(name)["legal"]
    table.send(name, table.clients[name].act(legal["raise"]["verb"], legal["raise"]["min_to"]))
    assert table.g("Bob")["phase"] == "betting" and table.g("Bob")["hand_no"] == played + 1
    # the host's page is gone: Bob opens the next room from his last view
    bob = table.clients["Bob"]
    now = table.net.now_ms
    session = HostSession.from_succession(bob, now, games=factory)
    net = MemoryNetwork(code=session.room.code, now_ms=now)
    net.host = session.room
    net.connect(LOCAL_PEER, bob)
    for name in ("Ann", "Cy"):
        client = table.clients[name]
        client.move_to(session.room.code, now)
        net.connect(f"new-{name}", client)
    assert net.host.phase is RoomPhase.LOBBY
    assert net.host.game_settings == {"chip_cents": 5}
    net.send(LOCAL_PEER, bob.start_game())
    g = bob.view["game"]
    assert g["phase"] == "betting" and g["hand_no"] == played + 2  # the void one's is used up
    assert {s["id"]: s["hand_start"] for s in g["seats"]} == stacks
    assert {r["id"]: r["balance_cents"] for r in g["ledger"]["rows"]} == settled
    assert sum(r["balance_cents"] for r in g["ledger"]["rows"]) == 0


def test_a_successor_deals_the_change_of_game_the_host_had_called():
    """The host changed the game for the next deal (Hold'em -> PLO) and was gone before it:
    the successor's first deal is that deal, PLO, from the same stacks and cents."""
    table = three("holdem", {"chip_cents": 5})
    table.start({"Ann": 1000, "Bob": 1000, "Cy": 1000})
    table.play(passive)
    settled = check_books(table)
    stacks = {s["id"]: s["stack"] for s in table.g("Bob")["seats"]}
    table.send("Ann", table.clients["Ann"].set_game("omaha", {"chip_cents": 5}))
    bob = table.clients["Bob"]
    assert bob.view is not None
    assert bob.view["settings"]["next_game"] == {"game_id": "omaha", "game": {"chip_cents": 5}}
    now = table.net.now_ms
    session = HostSession.from_succession(bob, now, games=factory)
    assert (session.room.game_id, session.room.game_settings) == ("omaha", {"chip_cents": 5})
    net = MemoryNetwork(code=session.room.code, now_ms=now)
    net.host = session.room
    net.connect(LOCAL_PEER, bob)
    for name in ("Ann", "Cy"):
        table.clients[name].move_to(session.room.code, now)
        net.connect(f"new-{name}", table.clients[name])
    net.send(LOCAL_PEER, bob.start_game())
    g = bob.view["game"]
    assert g["game"] == "omaha" and g["phase"] == "betting" and len(g["you"]["hole"]) == 4
    assert {s["id"]: s["hand_start"] for s in g["seats"]} == stacks
    assert {r["id"]: r["balance_cents"] for r in g["ledger"]["rows"]} == settled


def test_a_restored_room_keeps_its_game_settings():
    table = three("draw", {"big_blind": 20, "small_blind": 10})
    table.start({"Ann": 2000, "Bob": 2000, "Cy": 2000})
    snap = json.loads(json.dumps(table.net.host.snapshot()))
    room = HostRoom.restore(snap, 0, games=factory)
    assert room.game_settings == {"big_blind": 20, "small_blind": 10}
    assert room.game is not None and room.game.settings.big_blind == 20

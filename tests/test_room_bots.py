"""Bots as seats (``room.bots``): the host adds and removes them through the room's ladder, their
clients join and play through the same path as people, on the in-memory network, driven by
``room.botdriver.BotDriver`` with the test brains of ``testing.bots``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from games.bots.registry import brain_for, chores_for
from games.catalogue import GAMES
from games.registry import factory
from room.botdriver import BotDriver
from room.bots import Brain, Level, Move, Thought
from room.client import ClientStatus, GuestClient
from room.events import Connected, Outgoing, Received, Send, Tick
from room.game import SeatKind
from room.host import LOCAL_PEER, MAX_PLAYERS, HostRoom
from room.local import BotSeat, HostSession
from room.roomstate import GONE_BOTS_SHOWN
from test_room_game_harness import Table, check_secrecy
from test_room_table_games import Poker, check_books
from test_room_table_games import check_secrecy as check_table_secrecy
from testing.bots import SHOVE, Dice, FirstMove, Sleepy
from testing.memory import MemoryNetwork

NO_PAUSE = (0, 0)


class WithHost:
    """A :class:`room.botdriver.BotTable` over a memory network whose host's own seat is
    played like a bot too (by the same brain), so a test can let a whole table run."""

    def __init__(self, net: MemoryNetwork, host: GuestClient) -> None:
        self.net, self.host = net, host

    @property
    def room(self) -> HostRoom:
        return self.net.host

    @property
    def bots(self) -> Mapping[str, BotSeat]:
        return {LOCAL_PEER: BotSeat(LOCAL_PEER, Level.CASUAL, 7, self.host), **self.net.bots}

    def send_as(self, peer: str, text: str) -> list[Outgoing]:
        return self.net.send_as(peer, text)


def errors(net: MemoryNetwork, peer: str) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, net.delivered.get(peer, [])) if m["type"] == "error"]


def players(client: GuestClient) -> list[tuple[str, str, str | None, bool]]:
    assert client.view is not None
    return [(p["name"], p["kind"], p["level"], p["leaving"]) for p in client.view["players"]]


def run(net: MemoryNetwork, driver: BotDriver, done: Any, limit_ms: int = 600_000,
        step_ms: int = 100, on_step: Any = None) -> None:
    """Step the driver and the clock until ``done()`` (or fail after ``limit_ms``)."""
    end = net.now_ms + limit_ms
    while not done():
        assert net.now_ms < end, "the table stalled"
        driver.step(net.now_ms, slices=50)
        if on_step is not None:
            on_step()
        net.advance(step_ms, step_ms)
    assert driver.failures == []


def ultimate_with_bots(levels: tuple[str, ...] = ("casual", "strong", "casual"),
                       ) -> tuple[Table, GuestClient]:
    table = Table(fair=True)
    host = table.host("Ann")
    for level in levels:
        table.send("Ann", host.add_bot(level))
    table.net.watch = lambda net, peer, what: table.record()
    return table, host


def game_of(client: GuestClient) -> dict[str, Any]:
    assert client.view is not None
    game: dict[str, Any] = client.view["game"]
    return game


# --- adding and removing: the host's requests, checked like any -----------------------------


def telling(game_id: str) -> Any:
    """The registry's game ``game_id``, keeping what the room last told it of its players."""
    def make() -> Any:
        game = factory(game_id)()
        tell = game.set_players

        def set_players(players: Any, now_ms: int) -> None:
            game.told = list(players)
            tell(players, now_ms)

        game.set_players = set_players
        return game
    return lambda game_id=None: make


def test_the_host_adds_bots_that_join_through_the_same_join_on_their_own_peers():
    net = MemoryNetwork(games=telling("ultimate"))
    host = net.join_host("Ann")
    net.send(LOCAL_PEER, host.add_bot("casual"))
    net.send(LOCAL_PEER, host.add_bot("strong"))
    assert players(host) == [("Ann", "human", None, False),
                             ("Casual bot 1", "bot", "casual", False),
                             ("Strong bot 2", "bot", "strong", False)]
    assert sorted(net.bots) == ["local-bot1", "local-bot2"]
    for peer, bot in net.bots.items():
        seat = net.host.seat_of_peer(peer)
        assert seat is not None and seat.level == bot.level.value and seat.id == bot.client.you
        assert bot.client.status is ClientStatus.IN_ROOM and bot.client.key != host.key
        sent = [json.loads(t)["type"] for t in net.delivered[peer]]
        assert sent[:2] == ["challenge", "welcome"]  # the handshake and join of anyone
    assert len({b.seed for b in net.bots.values()}) == 2
    net.send(LOCAL_PEER, host.start_game())
    told = net.host.game.told  # type: ignore[union-attr]
    assert {p.id: p.kind for p in told} == {
        "p1": SeatKind.HUMAN, "p2": SeatKind.BOT, "p3": SeatKind.BOT}


def test_only_the_host_adds_or_removes_a_bot_and_a_refusal_changes_nothing():
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    peer, bob = net.join_guest("Bob")
    net.send(LOCAL_PEER, host.add_bot("casual"))
    before = players(host)
    net.send(peer, bob.add_bot("strong"))
    net.send(peer, bob.remove_bot("p3"))
    assert [e["code"] for e in errors(net, peer)] == ["auth/not_host"] * 2
    assert "only the host can add or remove a bot" in errors(net, peer)[0]["detail"]
    net.send(LOCAL_PEER, host.remove_bot("p2"))  # Bob is a person
    net.send(LOCAL_PEER, host.remove_bot("p9"))
    net.send(LOCAL_PEER, '{"v":1,"type":"bot","action":"add","level":"genius"}')
    net.send(LOCAL_PEER, '{"v":1,"type":"bot","action":"add","level":"casual","player":"p3"}')
    net.send(LOCAL_PEER, '{"v":1,"type":"bot","action":"remove"}')
    net.send(LOCAL_PEER, '{"v":1,"type":"bot","action":"fly","level":"casual"}')
    got = [(e["code"], e["detail"]) for e in errors(net, LOCAL_PEER)]
    assert [c for c, _ in got] == ["bot/not_a_bot", "bot/unknown"] + ["msg/bad_field"] * 4
    assert "Bob is a person" in got[0][1] and "bot.level" in got[2][1]
    assert "bot.player" in got[3][1] and "bot.player" in got[4][1] and "bot.action" in got[5][1]
    assert players(host) == before and len(net.bots) == 1


def test_a_full_room_takes_no_bot():
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    for _ in range(MAX_PLAYERS - 1):
        net.send(LOCAL_PEER, host.add_bot("casual"))
    assert len(host.view["players"]) == MAX_PLAYERS
    net.send(LOCAL_PEER, host.add_bot("strong"))
    assert errors(net, LOCAL_PEER)[-1]["code"] == "room/full"
    assert len(net.bots) == MAX_PLAYERS - 1 and net.host.bots.keys() == net.bots.keys()


def test_a_bot_takes_no_seat_a_person_took_first_and_its_client_is_let_go():
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    for _ in range(MAX_PLAYERS - 2):
        net.send(LOCAL_PEER, host.add_bot("casual"))
    net.send(LOCAL_PEER, host.add_bot("strong"), settle=False)  # its join is on its way...
    _peer, _bob = net.join_guest("Bob")  # ...when a person takes the last seat first
    assert [p[0] for p in players(host)][-1] == "Bob" and len(host.view["players"]) == MAX_PLAYERS
    late = f"local-bot{MAX_PLAYERS - 1}"
    assert late not in net.bots and late not in net.host.bots
    assert net.clients[late].status is ClientStatus.REJECTED
    assert net.clients[late].last_error["code"] == "room/full"


def test_a_bot_key_sits_only_on_its_own_peer():
    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0)
    session.open(0)
    session.request(session.client.add_bot("casual"))
    (bot,) = session.bots.values()
    assert bot.client.you is not None

    def steal(connection: str) -> list[str]:
        """The bot's token on a remote connection (only the host's page holds it)."""
        thief = GuestClient("Eve", bot.client.token, room=session.room.code,
                            host_key=session.room.key)
        session.handle(Connected(connection, connection.split("/")[0]))
        (hello,) = thief.hello(0, connection.split("/")[0])
        replies: list[str] = []
        for o in session.handle(Received(connection, hello)):
            assert isinstance(o, Send)
            replies += thief.receive(o.text, 0)
        out = [o for text in replies for o in session.handle(Received(connection, text))]
        return [json.loads(o.text)["code"] for o in out if isinstance(o, Send)]

    assert steal("eve/1") == ["join/bad_key"]
    assert session.room.seats[bot.client.you].peer == bot.peer
    assert steal(f"{bot.peer}/2") == ["join/bad_key"]  # a remote id that looks like a bot's
    session.request(session.client.remove_bot(bot.client.you))
    assert steal("eve/3") == ["join/bad_key"]  # gone: its seat is nobody's to take back
    assert [p["name"] for p in session.client.view["players"]] == ["Ann"]


def test_removing_a_bot_between_hands_is_at_once_and_its_ledger_row_stays():
    table, host = ultimate_with_bots(("casual",))
    driver = BotDriver(WithHost(table.net, host), lambda g: FirstMove(), pause_ms=NO_PAUSE)
    table.send("Ann", host.start_game())
    run(table.net, driver, lambda: game_of(host)["phase"] == "results")
    (peer,) = table.net.bots
    bot_id = table.net.bots[peer].client.you
    table.send("Ann", host.remove_bot(bot_id))
    assert [p[0] for p in players(host)] == ["Ann"] and table.net.bots == {}
    assert table.net.clients[peer].status is ClientStatus.CLOSED
    assert any(r["id"] == bot_id for r in game_of(host)["ledger"]["rows"])
    assert bot_id in table.net.host.departed and table.net.host.bots == {}
    assert host.view["bots"] == {bot_id: "casual"}  # its ledger row still shows a bot


def test_the_views_name_the_bots_gone_up_to_a_bound():
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    for _ in range(GONE_BOTS_SHOWN + 5):
        net.send(LOCAL_PEER, host.add_bot("strong"))
        net.send(LOCAL_PEER, host.remove_bot(host.view["players"][-1]["id"]))
    net.send(LOCAL_PEER, host.add_bot("casual"))
    shown = host.view["bots"]
    assert len(shown) == GONE_BOTS_SHOWN + 1 and list(shown.values())[-1] == "casual"
    assert "p2" not in shown and f"p{GONE_BOTS_SHOWN + 6}" in shown  # the oldest gone: names


def test_removing_a_bot_mid_hand_waits_for_the_hands_end():
    table, host = ultimate_with_bots(("casual", "strong"))
    driver = BotDriver(WithHost(table.net, host), lambda g: FirstMove(), pause_ms=(3000, 3000))
    table.send("Ann", host.start_game())
    bot = table.net.bots["local-bot1"]
    assert game_of(bot.client)["you"]["in_hand"]
    table.send("Ann", host.remove_bot(bot.client.you))
    assert players(host)[1] == ("Casual bot 1", "bot", "casual", True)  # leaving, still in
    table.send("Ann", host.remove_bot(bot.client.you))  # asked twice: no error, no change
    assert errors(table.net, LOCAL_PEER) == []
    seen_leaving = []

    def watch() -> None:
        seen_leaving.append(any(p[3] for p in players(host)))

    run(table.net, driver, lambda: game_of(host)["phase"] == "results", on_step=watch)
    assert any(seen_leaving)
    # it played its own hand to the end (no automatic Check for it), then went
    result = {p["id"]: p for p in game_of(host)["results"]["players"]}
    assert result[bot.client.you]["auto"] == []
    assert [p[0] for p in players(host)] == ["Ann", "Strong bot 2"]
    assert "local-bot1" not in table.net.bots and bot.client.status is ClientStatus.CLOSED
    check_secrecy(table)


def test_kicking_a_bot_removes_it_at_once_and_the_page_lets_its_client_go():
    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0)
    session.open(0)
    session.request(session.client.add_bot("strong"))
    (peer,) = session.bots
    out = session.request(session.client.kick(session.bots[peer].client.you or ""))
    assert session.bots == {} and out == [] and session.room.bots == {}
    assert [p["name"] for p in session.client.view["players"]] == ["Ann"]


def test_a_bot_needs_no_approval():
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    net.send(LOCAL_PEER, host.set_approval(True))
    net.send(LOCAL_PEER, host.add_bot("casual"))
    assert players(host)[1][:2] == ("Casual bot 1", "bot")
    assert host.view.get("requests") == []


# --- playing: hands to the end, through the same path ---------------------------------------


def test_a_host_and_three_bots_play_ultimate_hands_to_the_end():
    table, host = ultimate_with_bots()
    driver = BotDriver(WithHost(table.net, host), lambda g: FirstMove(slices=3),
                       pause_ms=(500, 1500))
    table.send("Ann", host.set_auto_deal(True))
    table.send("Ann", host.start_game())
    run(table.net, driver, lambda: len(host.history) >= 3)
    for hand_no in sorted(host.history)[:3]:
        entry = host.history[hand_no]
        assert {p["name"] for p in entry["players"]} == {
            "Ann", "Casual bot 1", "Strong bot 2", "Casual bot 3"}
        assert host.fair_verdicts[hand_no].ok
    bot_ids = {bot.client.you for bot in table.net.bots.values()}
    assert set(host.view["bots"]) == bot_ids
    dealt = [m["view"]["game"]["fair"] for m in map(json.loads, table.net.delivered[LOCAL_PEER])
             if m["type"] == "view" and m["view"].get("game", {}).get("phase") == "results"]
    assert dealt and all(bot_ids <= set(fair["nonces"]) for fair in dealt)  # each its own
    ledger = game_of(host)["ledger"]
    assert sum(r["balance_cents"] for r in ledger["rows"]) + ledger["bank_cents"] == 0
    for bot in table.net.bots.values():
        assert errors(table.net, bot.peer) == []
        assert bot.client.history == {}  # the host's page keeps the history, once
    assert check_secrecy(table) > 100  # every raw text to every bot: its own view only


def test_bots_at_a_cash_table_buy_in_and_play_hands_to_the_end():
    table = Poker("holdem")
    table.host("Ann")
    host = table.clients["Ann"]
    for level in ("casual", "strong", "casual"):
        table.send("Ann", host.add_bot(level))
    table.net.watch = lambda net, peer, what: table.record()
    driver = BotDriver(WithHost(table.net, host), lambda g: FirstMove(), chores_for,
                       pause_ms=(200, 800))
    table.send("Ann", host.set_auto_deal(True))
    table.send("Ann", host.start_game())  # a cash table: everyone buys in first
    run(table.net, driver, lambda: all(s["stack"] for s in game_of(host)["seats"]))
    assert [s["stack"] for s in game_of(host)["seats"]] == [1000] * 4  # the suggested buy-in
    table.send("Ann", host.next_hand())  # the host deals the first hand
    run(table.net, driver, lambda: len(host.history) >= 3)
    seats = game_of(host)["seats"]
    assert len(seats) == 4 and sum(s["stack"] for s in seats) == 4 * 1000
    assert {s["name"] for s in seats} >= {"Casual bot 1", "Strong bot 2", "Casual bot 3"}
    assert all(errors(table.net, peer) == [] for peer in table.net.bots)
    check_books(table)
    assert check_table_secrecy(table) > 100


# --- what a bot sees and how it decides -------------------------------------------------------


class Recorder:
    """A brain that keeps every view it was handed and the move it made."""

    def __init__(self, inner: Brain) -> None:
        self.inner = inner
        self.seen: list[tuple[dict[str, Any], Move]] = []

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        for item in self.inner.think(view, level, rng):
            if item is not None:
                self.seen.append((json.loads(json.dumps(view)), item))
            yield item


def test_a_bot_sees_only_its_own_view():
    table = Poker("omaha")
    table.host("Ann")
    host = table.clients["Ann"]
    table.send("Ann", host.add_bot("casual"))
    table.send("Ann", host.add_bot("strong"))
    table.net.watch = lambda net, peer, what: table.record()
    brain = Recorder(FirstMove())
    driver = BotDriver(WithHost(table.net, host), lambda g: brain, chores_for, NO_PAUSE)
    table.send("Ann", host.set_auto_deal(True))
    table.send("Ann", host.start_game())
    run(table.net, driver, lambda: all(s["stack"] for s in game_of(host)["seats"]))
    table.send("Ann", host.next_hand())
    run(table.net, driver, lambda: len(host.history) >= 2)
    for view, _ in brain.seen:
        pid = view["you"]
        hand = table.hands[view["game"]["hand_no"]]
        for other in hand.ids:
            if other != pid:
                for card in hand.hand.hole[hand.engine_seat(other)]:
                    assert f'"{card}"' not in json.dumps(view)
    assert len(brain.seen) > 4
    assert set(table.net.bots) <= set(table.net.delivered)  # the raw texts checked include theirs
    assert check_table_secrecy(table) > 50


def test_the_same_view_and_seed_give_the_same_move():
    table, host = ultimate_with_bots(("casual", "strong"))
    first = Recorder(Dice())
    driver = BotDriver(WithHost(table.net, host), lambda g: first, pause_ms=NO_PAUSE)
    table.send("Ann", host.set_auto_deal(True))
    table.send("Ann", host.start_game())
    run(table.net, driver, lambda: len(host.history) >= 6)
    seeds = {b.client.you: b.seed for b in table.net.bots.values()}
    seeds[host.you] = 7
    assert len(first.seen) >= 12

    def replay(seed_of: Mapping[Any, int]) -> list[Move]:
        """Each recorded decision again, through a fresh driver's seeding."""
        again = Recorder(Dice())
        moves = []
        for view, _ in first.seen:
            game = view["game"]
            rng = random.Random(f"{seed_of[view['you']]}/{game['hand_no']}/{game['seq']}")
            moves += [m for m in again.think(view, Level.CASUAL, rng) if m is not None]
        return moves

    assert replay(seeds) == [m for _, m in first.seen]
    other = {pid: seed + 1 for pid, seed in seeds.items()}
    assert replay(other) != [m for _, m in first.seen]


def test_a_slow_brain_is_acted_for_by_the_clock_and_its_stale_thought_dropped():
    table, host = ultimate_with_bots(("casual",))
    table.send("Ann", host.set_timer(5))
    driver = BotDriver(table.net, lambda g: Sleepy(), pause_ms=NO_PAUSE)
    table.send("Ann", host.start_game())
    table.act("Ann", "check")
    driver.step(table.net.now_ms)
    assert driver.busy
    for _ in range(30):
        driver.step(table.net.now_ms, slices=5)
        table.advance(500)
        if game_of(host)["phase"] != "preflop":
            break
    assert game_of(host)["phase"] == "flop"  # the bot was checked for by the timer
    assert table.net.now_ms >= 5000
    bot = next(iter(table.net.bots.values()))
    seat = next(x for x in game_of(host)["seats"] if x["id"] == bot.client.you)
    assert seat["auto"] is True  # its preflop decision was the automatic Check
    driver.step(table.net.now_ms)  # the flop's thought: a new one, the preflop one dropped
    assert driver.busy and driver.failures == []


class SlowBeforeTheFlop:
    """Doubles before the flop after 30 slices of thought; checks on the flop at once."""

    def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
        before = view["game"]["phase"] == "preflop"
        for _ in range(30 if before else 1):
            yield None
        yield Move("double" if before else "check")


def test_a_thought_on_a_view_gone_stale_is_never_sent():
    table, host = ultimate_with_bots(("casual",))
    table.send("Ann", host.set_timer(10))
    driver = BotDriver(table.net, lambda g: SlowBeforeTheFlop(), pause_ms=NO_PAUSE)
    table.send("Ann", host.start_game())
    while game_of(host)["phase"] != "results":
        if game_of(host)["you"]["can_act"]:
            table.act("Ann", "check")
        driver.step(table.net.now_ms)  # one slice each half second: 15 s before the flop
        table.advance(500)
        assert table.net.now_ms < 60_000
    (bot,) = table.net.bots.values()
    result = next(p for p in game_of(host)["results"]["players"] if p["id"] == bot.client.you)
    assert result["actions"] == {"preflop": "check", "flop": "check"}
    assert result["auto"] == ["preflop"]  # the clock's Check; the Double thought was dropped
    assert errors(table.net, bot.peer) == []


def test_a_broken_brain_is_reported_and_the_room_goes_on():
    class Broken:
        def think(self, view: Mapping[str, Any], level: Level, rng: random.Random) -> Thought:
            yield None
            raise RuntimeError("oops")

    table, host = ultimate_with_bots(("casual",))
    table.send("Ann", host.set_timer(5))
    driver = BotDriver(table.net, lambda g: Broken(), pause_ms=NO_PAUSE)
    table.send("Ann", host.start_game())
    table.act("Ann", "check")
    for _ in range(20):
        driver.step(table.net.now_ms)
        table.advance(500)
        if game_of(host)["phase"] != "preflop":
            break
    assert [why for _, why in driver.failures] == ["the brain failed: RuntimeError('oops')"]
    assert game_of(host)["phase"] == "flop" and not driver.busy


# --- the host's page: throttled timers, a reload --------------------------------------------


def test_bots_stay_connected_while_the_hosts_timers_are_throttled():
    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0, games=factory)
    session.open(0)
    session.request(session.client.add_bot("casual"))
    session.handle(Tick(500))
    session.handle(Tick(61_000))  # a tab in the background: one timer a minute
    assert [p["connected"] for p in session.client.view["players"]] == [True, True]
    assert len(session.client.view["players"]) == 2


def test_a_host_reload_brings_back_the_same_bots_with_the_same_seeds():
    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0, games=factory)
    session.open(0)
    for level in ("casual", "strong"):
        session.request(session.client.add_bot(level))
    session.request(session.client.start_game())
    you = session.bots["local-bot1"].client.you
    session.request(session.client.remove_bot(you or ""))  # leaves at the hand's end
    before = {p: (b.level, b.seed, b.client.you, b.client.key) for p, b in session.bots.items()}
    hole = game_of(session.bots["local-bot2"].client)["you"]["hole"]
    saved = json.loads(json.dumps(session.snapshot()))
    again = HostSession.restore(saved, now_ms=1000, games=factory)
    assert again.open(1000) == []
    after = {p: (b.level, b.seed, b.client.you, b.client.key) for p, b in again.bots.items()}
    assert after == before
    assert [p[:4] for p in [(q["name"], q["kind"], q["level"], q["leaving"])
                            for q in again.client.view["players"]]] == [
        ("Ann", "human", None, False), ("Casual bot 1", "bot", "casual", True),
        ("Strong bot 2", "bot", "strong", False)]
    assert all(q["connected"] for q in again.client.view["players"])
    assert game_of(again.bots["local-bot2"].client)["you"]["hole"] == hole
    driver = BotDriver(again, lambda g: FirstMove(), pause_ms=NO_PAUSE)
    now = 1000
    while game_of(again.client)["phase"] != "results":
        driver.step(now)
        if game_of(again.client)["you"]["can_act"]:
            again.request(again.client.act("check"))
        now += 500
        again.handle(Tick(now))
        assert now < 60_000
    assert [p["name"] for p in again.client.view["players"]] == ["Ann", "Strong bot 2"]
    gone = HostSession.restore(json.loads(json.dumps(again.snapshot())), now, games=factory)
    gone.open(now)
    assert gone.client.view["bots"] == {you: "casual", again.bots["local-bot2"].client.you:
                                        "strong"}


def test_a_bots_traffic_never_reaches_the_transport():
    session = HostSession("ABCD234", "Ann", "h" * 20, now_ms=0, games=factory)
    out = session.open(0)
    for level in ("casual", "strong", "casual"):
        out += session.request(session.client.add_bot(level))
    out += session.request(session.client.start_game())
    driver = BotDriver(session, lambda g: FirstMove(), pause_ms=NO_PAUSE)
    for now in range(0, 20_000, 250):
        out += driver.step(now)
        out += session.handle(Tick(now))
        if game_of(session.client)["you"]["can_act"]:
            out += session.request(session.client.act("check"))
    assert out == []
    assert game_of(session.client)["hand_no"] == 1 and game_of(session.client)["phase"] == "results"


# --- a tournament of bots, in every game of the catalogue -----------------------------------


STACK = 150
"""Fifteen big blinds each, the blinds up every hand: a tournament of real brains ends soon."""


def _brains() -> list[Any]:
    """Each game with the brain that plays its tournament: the catalogue's ``BRAIN``, or the
    test brain (said in the test's id) for a game no brain plays yet."""
    params = []
    for game_id in GAMES:
        brain = brain_for(game_id)
        label = "its BRAIN" if brain is not None else "test brain: no BRAIN in the catalogue yet"
        params.append(pytest.param(game_id, brain, id=f"{game_id} ({label})"))
    return params


@pytest.mark.parametrize(("game_id", "brain"), _brains())
def test_a_table_of_bots_plays_to_a_winner_in_every_game(game_id: str, brain: Brain | None):
    net = MemoryNetwork(games=factory)
    host = net.join_host("Ann")
    table_game = GAMES[game_id].is_table_game
    settings = ({"mode": "tournament", "starting_stack": STACK, "level_by": "hands",
                 "level_length": 1} if table_game else {})
    net.send(LOCAL_PEER, host.set_game(game_id, settings))
    for level in ("casual", "strong", "strong"):
        net.send(LOCAL_PEER, host.add_bot(level))
    net.send(LOCAL_PEER, host.set_auto_deal(True))
    play = brain if brain is not None else (SHOVE if table_game else FirstMove())
    driver = BotDriver(WithHost(net, host), lambda g: play, chores_for, pause_ms=NO_PAUSE)
    net.send(LOCAL_PEER, host.start_game())
    if table_game:
        def won() -> bool:
            tournament = game_of(host)["tournament"]
            return tournament is not None and tournament["winner"] is not None
        run(net, driver, won, limit_ms=3_600_000, step_ms=250)
        end = game_of(host)
        assert sum(s["stack"] for s in end["seats"]) == 4 * STACK
        assert sorted(end["tournament"]["places"].values())[0] == 1
    else:  # Ultimate Omaha has no tournament: hands settle against the ledger
        run(net, driver, lambda: len(host.history) >= 5, step_ms=250)
    ledger = game_of(host)["ledger"]
    assert sum(r["balance_cents"] for r in ledger["rows"]) + ledger["bank_cents"] == 0
    for peer in net.bots:
        codes = [e["code"] for e in errors(net, peer)]
        assert codes == [], (peer, codes[:3])


def test_every_brain_the_catalogue_names_is_there():
    for game_id, entry in GAMES.items():
        if entry.brain:
            assert brain_for(game_id) is not None, game_id
        else:
            assert brain_for(game_id) is None
    assert brain_for("nope") is None and chores_for("ultimate") is None

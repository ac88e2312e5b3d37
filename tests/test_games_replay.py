"""The hand replayer's model (:mod:`games.replay`) held to the hands it replays.

Real hands only: every table game's hands played by the engine (random legal play from a seed,
``poker_random``) and filed as a viewer's record (``games.poker.hands.viewer_record``, through
JSON as a guest's page gets it), a few table hands played through the room with the real
session, and Ultimate Omaha's hands through the room. Each replay must show every action of the
record once and in order, keep the chips whole at every step, end with each stack at the start
plus the record's net, the boards complete, the shown hands at the showdown — and show nobody's
cards but the viewer's before it.
"""

from __future__ import annotations

import json
import re

import pytest
from games.poker.hands import viewer_record
from games.replay import HIDDEN, Frame, Replay, replay
from poker_random import Knobs, random_hand
from room.errors import ExportError
from rules.poker import Game
from rules.poker.records import Acted, Drew
from test_games_pokerstars import played
from test_room_export import played as ultimate_table
from test_room_table_games import Poker, passive, shove

SEEDS = range(12)
CARD_CODE = re.compile(r"\b[2-9TJQKA][cdhs]\b|[♠♥♦♣]")
"""What a line must never hold: a card's code or a suit symbol (a screen reader reads words)."""


def table_record(game: Game, seed: int, viewer: int = 0) -> tuple[dict, object]:
    """A finished hand of ``game`` as the player at engine seat ``hand.order[viewer]`` keeps
    it, after the trip through JSON, and the engine's hand."""
    hand = random_hand(seed, Knobs(games=(game,), short_antes=seed % 3 == 0,
                                   posts=seed % 4 == 1, draw_blinds=True))
    p = played(hand, seed, spread=seed % 2 == 1)
    record = viewer_record(p, p.ids[hand.order[viewer % len(hand.order)]])
    return json.loads(json.dumps(record)), (hand, p)


def chips_in_play(frame: Frame) -> int:
    return (sum(s.stack or 0 for s in frame.seats) + sum(s.bet for s in frame.seats)
            + sum(frame.pots))


def check_table_replay(record: dict, r: Replay) -> None:
    """Every check a table game's replay must pass against its record."""
    frames = r.frames
    start = {s["seat"]: s["stack"] for s in record["seats"]}
    ids = {s["seat"]: s["id"] for s in record["seats"]}
    actions = record["actions"]
    # every action of the record once, in order
    assert [f.entry for f in frames if f.entry is not None] == list(range(len(actions)))
    assert frames[0].kind == "deal" and frames[-1].kind == "pay"
    # the chips are whole at every step
    total = sum(start.values())
    for f in frames:
        assert chips_in_play(f) == total, f.line
        assert not CARD_CODE.search(f.line), f.line
    # each action's figures are the record's: the bet afterwards, who acted
    for f in frames:
        if f.entry is None:
            continue
        a = actions[f.entry]
        if a["type"] == "act":
            assert f.actor == a["seat"]
            seat = next(s for s in f.seats if s.seat == a["seat"])
            assert seat.bet == a["to"], (f.line, seat)
            assert seat.folded == (a["action"] == "fold") or seat.folded
        elif a["type"] == "draw":  # the round before the draw is over: its bets are in
            assert all(s.bet == 0 for s in f.seats), f.line
        elif a["type"] == "round":
            assert f.kind == "street" and f.street == a["name"]
    # the end: stacks are the start plus the net; nothing left in the middle
    last = frames[-1]
    for s in last.seats:
        assert s.stack == start[s.seat] + record["net"].get(ids[s.seat], 0), s
        assert s.bet == 0
    assert last.pots == ()
    # the boards: complete at the end, each step's a prefix of the record's
    assert [list(b) for b in last.boards] == record["boards"] + [[]] * (
        len(last.boards) - len(record["boards"]))
    for f in frames:
        for shown, whole in zip(f.boards, record["boards"], strict=False):
            assert list(shown) == whole[:len(shown)]
    # nobody's cards but the viewer's before the showdown; the shown hands at it
    me = record.get("you", {}).get("seat")
    showdown = next((i for i, f in enumerate(frames) if f.kind == "showdown"), len(frames))
    for f in frames[:showdown]:
        for s in f.seats:
            if s.seat != me:
                assert set(s.cards) <= {HIDDEN}, (f.line, s)
    if record["shown"]:
        assert showdown < len(frames)
        seats = {s.seat: s for s in frames[showdown].seats}
        for h in record["shown"]:
            assert list(seats[h["seat"]].cards) == h["cards"]
            assert list(seats[h["seat"]].hands) == h["hands"]
        assert sum(frames[showdown].pots) == sum(p["amount"] for p in record["pots"])
    else:
        assert showdown == len(frames)
    # the viewer's own cards: as dealt at the deal
    if me is not None:
        mine = next(s for s in frames[0].seats if s.seat == me)
        assert list(mine.cards) == record["you"]["hole"]


@pytest.mark.parametrize("game", list(Game), ids=[g.value for g in Game])
def test_every_game_replays_to_its_record(game):
    folded = showdowns = 0
    for seed in SEEDS:
        record, (hand, p) = table_record(game, seed, viewer=seed)
        r = replay(record)
        check_table_replay(record, r)
        assert r.hand_no == record["hand_no"] and not r.cents
        folded += any(s.folded for s in r.frames[-1].seats)
        showdowns += bool(record["shown"])
        # the viewer's cards after each of their draws are what the engine gave them
        me = record["you"]["seat"]
        e = p.seats.index(me)
        if game.variant.draws is not None:
            mine = next(s for s in r.frames[-1].seats if s.seat == me)
            assert sorted(mine.cards) == sorted(str(c) for c in hand.hole[e])
            draws = [len(x.discards) for x in hand.log if isinstance(x, Drew) and x.seat == e]
            assert list(mine.drew) == draws
        acts = sum(isinstance(x, Acted) for x in hand.log)
        assert sum(f.kind == "act" for f in r.frames) == acts
    assert folded and showdowns  # the seeds cover both ends of a hand


def test_double_board_and_hi_lo_say_which_part_each_hand_is_for():
    for game, words in ((Game.BOMB_DOUBLE, "board 1"), (Game.OMAHA_HILO, "high")):
        lines = []
        for seed in SEEDS:
            record, _ = table_record(game, seed)
            r = replay(record)
            lines += [f.line for f in r.frames if f.kind == "showdown"]
            assert all(len(f.boards) == game.boards for f in r.frames)
        assert lines and all(words in line for line in lines), lines


def test_steps_by_street():
    record, _ = table_record(Game.HOLDEM, 2)
    r = replay(record)
    starts = r.street_starts()
    assert starts[0] == 0
    kinds = [r.frames[i].kind for i in starts]
    assert kinds[0] == "deal" and set(kinds[1:]) <= {"street", "showdown"}
    assert [r.frames[i].street for i in starts if r.frames[i].kind == "street"] == [
        a["name"] for a in record["actions"] if a["type"] == "round"]
    # forward from any step lands on the next street's first frame; back on this street's
    for at in range(len(r.frames)):
        nxt = r.next_street(at)
        assert nxt > at or at == len(r.frames) - 1
        assert nxt in starts or nxt == len(r.frames) - 1
        back = r.previous_street(at)
        assert back < at or at == 0
        assert back in starts


def test_a_hand_played_through_the_room_replays_on_every_page():
    """The records a real session files on each page (host and guests alike)."""
    for game_id, last in (("holdem", shove), ("draw", passive)):
        t = Poker(game_id)
        t.host("Ann")
        t.guest("Bob")
        t.guest("Cy")
        t.start({name: 1000 for name in ("Ann", "Bob", "Cy")})
        for n in range(2):
            if n:
                t.next_hand()
            t.play(last if n else passive)  # a showdown, then (Hold'em) all in
        for name, client in t.clients.items():
            assert len(client.history) == 2, name
            for entry in client.history.values():
                r = replay(entry)
                check_table_replay(entry, r)
                mine = [s for s in r.frames[0].seats if s.you]
                assert len(mine) == 1 and mine[0].id == client.you


def test_ultimate_omaha_replays_to_its_record():
    table = ultimate_table(hands=3)
    for client in table.clients.values():
        for entry in client.history.values():
            r = replay(entry, viewer=client.you)
            assert r.cents and r.game == "ultimate"
            frames = r.frames
            assert [f.kind for f in frames] == (
                ["deal"] + ["act"] * 3 + ["street"] + ["act"] * 3 + ["showdown", "pay"])
            assert [len(b) for b in frames[0].boards] == [0, 0]
            assert [len(b) for b in frames[4].boards] == [3, 3]
            assert [list(b) for b in frames[-1].boards] == [entry["board1"], entry["board2"]]
            players = {p["id"]: p for p in entry["players"]}
            for f in frames[:-2]:
                for s in f.seats:
                    if s.id == client.you:
                        assert list(s.cards) == players[s.id]["hole"]
                    else:
                        assert set(s.cards) == {HIDDEN}
            for s in frames[-1].seats:
                p = players[s.id]
                assert s.bet == p["stake_cents"] and s.net == p["net_cents"]
                assert list(s.cards) == p["hole"]
            # each decision once, in order, as the record says
            for f, (phase, p) in zip(
                    [f for f in frames if f.kind == "act"],
                    [(ph, p) for ph in ("preflop", "flop") for p in entry["players"]],
                    strict=True):
                assert f.street == phase and f.seats[f.actor].id == p["id"]
                assert p["actions"][phase] in f.line.replace("doubles", "double")
                assert not CARD_CODE.search(f.line)


def test_a_bad_record_is_a_clear_error():
    record, _ = table_record(Game.HOLDEM, 5)

    def broken(change) -> str:
        bad = json.loads(json.dumps(record))
        change(bad)
        with pytest.raises(ExportError) as err:
            replay(bad)
        return str(err.value)

    assert "no table game" in broken(lambda r: r.update(hand_game="chess", game="chess"))
    assert "stack" in broken(lambda r: r["seats"][0].update(stack=-5))
    assert "cannot be replayed" in broken(lambda r: r["boards"][0].__setitem__(0, "Zz"))
    assert "cannot be replayed" in broken(lambda r: r.pop("actions"))
    assert "more than" in broken(lambda r: r.update(actions=[{"type": "round",
                                                               "name": "flop"}] * 5000))
    assert "pot" in broken(lambda r: r["pots"][0].update(amount=r["pots"][0]["amount"] + 1))
    assert "left out" in broken(lambda r: r.update(actions_omitted=3))
    assert "no seat" in broken(lambda r: r["actions"][-1].update(type="act", seat=99,
                                                                 action="call", to=1,
                                                                 added=1))
    assert "seat" in broken(lambda r: r["seats"][0].update(seat="x"))
    with pytest.raises(ExportError):
        replay([])  # type: ignore[arg-type]
    ultimate = next(iter(ultimate_table(hands=1).clients["Ann"].history.values()))
    bad = json.loads(json.dumps(ultimate))
    bad["players"][0]["stake_cents"] += 1
    with pytest.raises(ExportError, match="stake"):
        replay(bad)


def test_a_hand_file_is_read_or_refused_with_a_reason():
    from games.replay import hands_from_file
    from room.export import history_json

    records = [table_record(Game.OMAHA, seed)[0] for seed in range(3)]
    for n, r in enumerate(records, 1):
        r["hand_no"] = n
    ultimate = next(iter(ultimate_table(hands=1).clients["=Bob"].history.values()))
    ultimate["hand_no"] = 9
    hands = hands_from_file(history_json([*records, ultimate]))
    assert [h["hand_no"] for h in hands] == [1, 2, 3, 9]
    assert [len(replay(h).frames) > 2 for h in hands] == [True] * 4

    def refused(text: str) -> str:
        with pytest.raises(ExportError) as err:
            hands_from_file(text)
        return str(err.value)

    assert "empty" in refused("  ")
    assert "not a hand history file" in refused('{"format": "other"}')
    assert "deeply" in refused('{"a": ' + "[" * 40 + "]" * 40 + "}")
    assert "no hands" in refused(history_json([]))
    # not JSON: PHH, read by games.phh where this build has it, else said plainly
    phh_text = 'variant = "NT"\nactions = []\n'
    try:
        import games.phh  # noqa: F401
    except ImportError:
        assert "PHH" in refused(phh_text)


def test_the_replayer_reads_an_imported_phh_file_to_the_hands_own_end():
    """A PHH file (ours, written from a player's record by ``games.phh``) opened as a hand
    file: read back into records (``games.phh.read``) and replayed step by step, each ending
    on the stacks the hand left, for every game PHH has a code for."""
    from games.phh import phh_document, phh_text
    from games.replay import hands_from_file

    def writable(record: dict) -> bool:  # a hand PHH can hold (its game, structure, posts)
        try:
            phh_text(record)
        except ExportError:
            return False
        return True

    played = []
    for n, game in enumerate((Game.HOLDEM, Game.OMAHA, Game.SHORT_DECK), 1):
        record = next(r for s in range(300) if writable(r := table_record(game, s)[0]))
        record["hand_no"] = n
        played.append(record)
    hands = hands_from_file(phh_document(played))
    assert [h["hand_no"] for h in hands] == [1, 2, 3]
    for original, read in zip(played, hands, strict=True):
        check_table_replay(read, replay(read))
        end = {s.name: s.stack for s in replay(read).frames[-1].seats}
        want = {s["name"]: s["stack"] + original["net"].get(s["id"], 0)
                for s in original["seats"] if s["dealt_in"]}
        assert {k: end[k] for k in want} == want


def test_our_other_hand_files_are_named_with_what_the_replayer_reads():
    """Our own PokerStars text and Open Hand History file, given to the replayer, are named
    for what they are, with the files it opens (not a TOML or JSON parser's complaint)."""
    from games.ohh import ohh_document
    from games.pokerstars import pokerstars_document
    from games.replay import hands_from_file

    records = [table_record(Game.OMAHA, seed)[0] for seed in range(2)]
    for n, r in enumerate(records, 1):
        r["hand_no"] = n
    for text, what in ((pokerstars_document(records), "a PokerStars hand history"),
                       (ohh_document(records), "an Open Hand History (OHH) file")):
        with pytest.raises(ExportError) as err:
            hands_from_file(text)
        said = str(err.value)
        assert said.startswith(f"this is {what}"), said
        assert "JSON history" in said and "PHH" in said
        assert "TOML" not in said and "Extra data" not in said

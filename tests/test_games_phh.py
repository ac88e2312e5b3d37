"""PHH (:mod:`games.phh`): each hand written from its record is read back by the pinned
pokerkit (``HandHistory.loads``, its actions replayed through pokerkit's own state) as the
hand our engine played — the same players and starting stacks, every action moving the same
chips, the same board, and (where pokerkit pays as our rules do) the same final stacks —
for every game and structure the standard has a code for, as a seated player and as a
spectator saw it (cards they did not see are ``??``). Games it has no code for are refused
saying so; :func:`games.phh.read` takes the text back to the record.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
import warnings

import pytest
from games.phh import CODES, NO_CODE, phh_document, phh_text, player_order, read
from games.poker.hands import viewer_record
from poker_random import Knobs, random_hand
from room.errors import ExportError
from rules.poker import Action, Betting, Game, Hand, HandConfig, Phase, Verb
from rules.poker.kit import cross_check
from test_games_pokerstars import played

pk = pytest.importorskip("pokerkit")

PHH_GAMES = [(Game.parse(g), Betting.parse(b)) for g, b in CODES]


def replayed(text: str) -> tuple[object, list[object]]:
    """pokerkit's reading of ``text``: its hand history, and its state's operations at the end."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reshuffled draw cards "repeat" as unknowns
        hh = pk.HandHistory.loads(text)
        states = list(hh)
    return hh, states[-1]


SEEDS = {Game.HOLDEM: 14, Game.SHORT_DECK: 10, Game.TRIPLE_DRAW: 14, Game.OMAHA: 8,
         Game.OMAHA_HILO: 8}
"""Hands per game (pokerkit's Omaha showdowns are slow: ~50 ms each)."""


@pytest.mark.parametrize(("game", "betting"), PHH_GAMES,
                         ids=[f"{g.value}-{b.value}" for g, b in PHH_GAMES])
def test_pokerkit_replays_our_phh_as_the_hand(game, betting):
    compared = paid = 0
    for seed in range(SEEDS[game]):
        hand = random_hand(seed, Knobs(games=(game,), bettings=(betting,), caps=False))
        p = played(hand, seed, spread=True)
        viewer = p.ids[hand.order[seed % len(hand.order)]] if seed % 3 else "nobody"
        record = json.loads(json.dumps(viewer_record(p, viewer)))  # as it reaches a guest
        text = phh_text(record, table="ABCD234")
        try:
            hh, state = replayed(text)
        except ValueError:
            # only where pokerkit's rules differ from ours (listed in rules.poker.kit)
            assert not cross_check(hand).betting, f"seed {seed}"
            continue
        order = player_order([p.seats[e] for e in hand.order], record["button"])
        engine = [p.seats.index(s) for s in order]
        assert hh.starting_stacks == [hand.config.stacks[e] for e in engine]
        assert not state.status, f"seed {seed}: pokerkit expects more of the hand"
        ours = [(rec["action"], rec["added"], rec["to"]) for rec in record["actions"]
                if rec["type"] == "act"]
        theirs = []
        for op in state.operations:
            if isinstance(op, pk.Folding):
                theirs.append(("fold", 0, None))
            elif isinstance(op, pk.CheckingOrCalling):
                theirs.append(("call" if op.amount else "check", op.amount, None))
            elif isinstance(op, pk.CompletionBettingOrRaisingTo):
                theirs.append(("to", None, op.amount))
        assert len(theirs) == len(ours), f"seed {seed}"
        for (verb, added, to), (t_verb, t_added, t_to) in zip(ours, theirs, strict=True):
            if t_verb == "to":
                assert verb in ("bet", "raise") and to == t_to, f"seed {seed}"
            else:
                assert (verb, added) == (t_verb, t_added), f"seed {seed}"
        if record["boards"] and record["boards"][0]:
            assert [repr(c) for c in state.get_board_cards(0)] == record["boards"][0]
        net = {p.ids[e]: n for e, n in enumerate(hand.result().net) if hand.config.dealt_in[e]}
        assert [a - b for a, b in zip(hh.finishing_stacks, hh.starting_stacks, strict=True)
                ] == [net[p.ids[e]] for e in engine]
        if list(state.stacks) == hh.finishing_stacks:
            paid += 1
        else:  # pokerkit paid otherwise: only where its rules differ (its odd chips...)
            assert not cross_check(hand).payouts, f"seed {seed}"
        compared += 1
    assert compared >= SEEDS[game] // 2 and paid >= SEEDS[game] // 3, (compared, paid)


def test_a_viewer_sees_only_their_own_and_the_shown_cards():
    hand = random_hand(3, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,)))
    p = played(hand, 3)
    hero = hand.order[0]
    record = viewer_record(p, p.ids[hero])
    doc = tomllib.loads(phh_text(record))
    hole = "".join(str(c) for c in hand.hole[hero])
    shown = {str(c) for s in record["shown"] for c in s["cards"]}
    for e in hand.order:
        if e == hero:
            continue
        for c in hand.hole[e]:
            if str(c) not in shown and str(c) not in record["boards"][0]:
                assert str(c) not in "".join(doc["actions"])
    deals = [a for a in doc["actions"] if a.startswith("d dh")]
    assert f"d dh p1 {hole}" in deals
    assert all(a.endswith("????") for a in deals[1:])


@pytest.mark.parametrize(("game", "betting"), [
    (Game.HOLDEM, Betting.POT_LIMIT), (Game.OMAHA, Betting.NO_LIMIT),
    (Game.OMAHA_HILO, Betting.POT_LIMIT), (Game.BOMB_DOUBLE, Betting.POT_LIMIT),
    (Game.DRAW, Betting.NO_LIMIT), (Game.PLO5, Betting.POT_LIMIT),
    (Game.SHORT_DECK, Betting.POT_LIMIT), (Game.HOLDEM, Betting.DOUBLE_POT_LIMIT)])
def test_a_game_phh_has_no_code_for_is_refused_saying_so(game, betting):
    hand = random_hand(1, Knobs(games=(game,), bettings=(betting,)))
    record = viewer_record(played(hand, 1), "p0")
    with pytest.raises(ExportError, match="PHH has variant codes") as err:
        phh_text(record)
    assert NO_CODE in str(err.value)
    with pytest.raises(ExportError, match="PHH has variant codes"):
        phh_document([record])


def test_a_newcomers_big_blind_is_refused_not_written_as_a_straddle():
    for seed in range(60):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,),
                                       posts=True))
        if hand.config.posts and len(hand.order) > 2:
            break
    record = viewer_record(played(hand, seed), "p0")
    with pytest.raises(ExportError, match="by position only"):
        phh_text(record)


def test_the_document_holds_each_hand_once_in_number_order_and_pokerkit_reads_them_all():
    records = []
    for seed in (5, 2, 9):
        hand = random_hand(seed, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,)))
        records.append(viewer_record(played(hand, seed), "p0"))
    plo = random_hand(4, Knobs(games=(Game.OMAHA_HILO,), bettings=(Betting.POT_LIMIT,)))
    records.append(viewer_record(played(plo, 40), "p0"))  # no code: left out
    text = phh_document(records, table="ABCD234")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hands = list(pk.HandHistory.loads_all(text))
    assert [h.hand for h in hands] == [3, 6, 10]
    assert all(h.table == "ABCD234" and h.variant == "NT" for h in hands)
    assert all(h.time is None for h in hands)  # these hands have no time: none written
    p = played(random_hand(1, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,))), 1)
    p.started_ms = 1_795_700_000_000  # 2026-11-26 13:33:20 UTC
    (hh,) = pk.HandHistory.loads_all(phh_document([viewer_record(p, "p0")]))
    assert (str(hh.time), hh.time_zone, hh.day, hh.month, hh.year) == (
        "13:33:20", "UTC", 26, 11, 2026)
    assert read(phh_text(viewer_record(p, "p0")))[0]["started_ms"] == 1_795_700_000_000


def test_names_cannot_break_out_of_their_strings():
    hand = random_hand(2, Knobs(games=(Game.HOLDEM,), bettings=(Betting.NO_LIMIT,)))
    p = played(hand, 2)
    record = viewer_record(p, "p0")
    evil = ['Bo"\nvariant = "FT', "back\\slash\x7f\x00", "\ud800lone", "日本"]
    for s, name in zip(record["seats"], evil * 3, strict=False):
        s["name"] = name
    doc = tomllib.loads(phh_text(record))
    assert doc["variant"] == "NT"
    names = {s["seat"]: s["name"] for s in record["seats"]}
    assert doc["players"] == [names[s - 1].replace("\ud800", "") for s in doc["seats"]]


def _same_hand(got, record, where):
    """The parts of a record a PHH file carries, compared (ids are the file's: by seat)."""
    dealt = [s for s in record["seats"] if s["dealt_in"]]
    assert [(s["seat"], s["name"], s["stack"]) for s in got["seats"]] == sorted(
        [(s["seat"], s["name"], s["stack"]) for s in dealt],
        key=lambda t: [g["seat"] for g in got["seats"]].index(t[0])), where
    for key in ("hand_no", "game", "betting", "button", "boards", "uncontested", "pots",
                "started_ms", "commitment"):
        assert got[key] == record[key], (where, key)
    assert got["blinds"] == record["blinds"] or not any(
        a["type"] == "post" and a["kind"] != "ante" for a in record["actions"]), where
    by_seat = {s["seat"]: s["id"] for s in dealt}
    assert {by_seat[s["seat"]]: got["net"][s["id"]] for s in got["seats"]} == record["net"]
    key = lambda s: s["seat"]  # noqa: E731
    assert sorted(got["shown"], key=key) == sorted(
        [{**s, "name": s["name"]} for s in record["shown"]], key=key), where
    plain = [{k: v for k, v in a.items() if k != "auto"} for a in record["actions"]]
    mine = [{k: v for k, v in a.items() if k != "auto"} for a in got["actions"]]
    assert [a for a in mine if a["type"] != "round"] == [
        a for a in plain if a["type"] != "round"], where
    assert [a["name"] for a in mine if a["type"] == "round"] == [
        a["name"] for a in plain if a["type"] == "round"], where


@pytest.mark.parametrize(("game", "betting"), PHH_GAMES,
                         ids=[f"{g.value}-{b.value}" for g, b in PHH_GAMES])
def test_read_takes_our_phh_back_to_the_hand(game, betting):
    for seed in range(SEEDS[game]):
        hand = random_hand(seed, Knobs(games=(game,), bettings=(betting,), caps=False))
        p = played(hand, seed, spread=True)
        p.started_ms = 1_795_700_000_000 + seed
        viewer = p.ids[hand.order[-1]] if seed % 2 else "nobody"  # the button's copy, or none
        record = json.loads(json.dumps(viewer_record(p, viewer)))
        (got,) = read(phh_text(record))
        _same_hand(got, record, f"seed {seed}")


HAND = """variant = "NT"
antes = [0, 50, 0]
blinds_or_straddles = [25, 50, 0]
min_bet = 50
starting_stacks = [1000, 2000, 1500.50]
actions = ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 KcKh", "p3 cbr 150", "p1 cc",
           "p2 f", "d db 2c7d9h", "p1 cc # checks", "p3 cbr 200", "p1 cbr 850", "p3 cc",
           "p1 sm AsAd", "p3 sm -", "d db Jd", "d db 3s"]
players = ["Ann", "Bo", "Cy"]
seats = [2, 5, 9]
finishing_stacks = [2100, 1900, 500.50]
"""
"""A hand of our own making as other rooms write them: a big blind's ante, an amount with
cents, a comment, a hand shown as ``-`` (the cards dealt), the runout after the showdown."""


def test_read_a_hand_as_other_rooms_write_it():
    (got,) = read(HAND)
    assert [s["seat"] for s in got["seats"]] == [1, 4, 8] and got["button"] == 8
    assert [s["stack"] for s in got["seats"]] == [100_000, 200_000, 150_050]  # in cents
    assert got["boards"] == [["2c", "7d", "9h", "Jd", "3s"]]
    assert [(s["name"], s["hands"]) for s in got["shown"]] == [
        ("Ann", ["a Pair of Aces"]), ("Cy", ["a Pair of Kings"])]
    # the big blind's ante is dead money in the main pot: Ann wins 2 x 1000 + 50 + 50
    assert got["pots"] == [{"amount": 210_000, "eligible": [1, 8],
                            "winners": [{"seat": 1, "amount": 210_000}],
                            "shares": [{"share": "", "amount": 210_000,
                                        "winners": [{"seat": 1, "amount": 210_000}]}]}]
    assert got["net"] == {"p1": 110_000, "p2": -10_000, "p3": -100_000}
    assert not any("differ" in p for p in got["payouts"])  # as the file's finishing stacks
    assert [a for a in got["actions"] if a["type"] == "return"] == []
    assert got["actions"][-4:-2] == [
        {"type": "act", "seat": 1, "action": "raise", "to": 85_000, "added": 85_000,
         "all_in": True, "auto": False},
        {"type": "act", "seat": 8, "action": "call", "to": 85_000, "added": 65_000,
         "all_in": False, "auto": False}]
    rounds = [a["name"] for a in got["actions"] if a["type"] == "round"]
    assert rounds == ["preflop", "flop", "turn", "river"]
    assert got["started_ms"] is None
    (dated,) = read(HAND + "time = 12:30:05\nday = 9\nmonth = 3\nyear = 2024\n")
    assert dated["started_ms"] == 1_709_987_405_000  # 2024-03-09 12:30:05, taken as UTC


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: "variant = ", "not TOML"),
    (lambda t: t.replace('"NT"', '"F7S"'), "variant 'F7S' is not one this room plays"),
    (lambda t: "x = 1\n", "no variant"),
    (lambda t: t.replace("[0, 50, 0]", "[0, 50]"), "antes has 2 values for 3 players"),
    (lambda t: t.replace("1500.50", "1500.505"), "finer than a hundredth"),
    (lambda t: t.replace("1500.50", "-5"), "starting_stacks must be positive"),
    (lambda t: t.replace("KcKh", "KcKx"), "'Kx' is not a card"),
    (lambda t: t.replace("KcKh", "KcKhQs"), "p3 would hold 3 cards"),
    (lambda t: t.replace('"p2 f"', '"p2 f", "p2 cc"'), "p2 acts after folding"),
    (lambda t: t.replace("cbr 850", "cbr 5000"), "bets to 500000 with only"),
    (lambda t: t.replace("cbr 850", "cbr 100"), "raises to 10000, not above"),
    (lambda t: t.replace('"d db Jd", "d db 3s"', ""), "showdown with 3 board cards"),
    (lambda t: t.replace('"p1 cc # checks"', '"p1 xx"'), "action 8 ('p1 xx')"),
    (lambda t: t.replace('"p2 f"', '"p7 f"'), "there is no player p7"),
    (lambda t: t + "x" * 4_000_001, "too big"),
])
def test_a_bad_file_is_refused_saying_where_and_why(change, message):
    with pytest.raises(ExportError, match=re.escape(message)):
        read(change(HAND))


def test_a_phhs_file_reads_each_hand_in_order():
    two = f"[7]\n{HAND}\n[3]\n{HAND}"
    got = read(two)
    assert [g["hand_no"] for g in got] == [1, 2]  # no hand field: their places
    with_no = f"[a]\n{HAND}hand = 12\n"
    assert read(with_no)[0]["hand_no"] == 12


def test_a_straddle_reads_and_writes_as_phhs_third_forced_bet():
    """Under the gun's straddle is PHH's third blind: read into a record (posted as a
    straddle, a live bet), written back, and pokerkit replays the same hand from it."""
    text = HAND.replace("[25, 50, 0]", "[25, 50, 100]").replace(
        '"p3 cbr 150", "p1 cc",\n           "p2 f"', '"p1 cbr 300", "p2 f", "p3 cc"').replace(
        "p1 cbr 850", "p1 cbr 700").replace("[2100, 1900, 500.50]", "[2200, 1900, 400.50]")
    (got,) = read(text)
    posts = [(a["seat"], a["kind"], a["amount"]) for a in got["actions"] if a["type"] == "post"]
    assert posts == [(4, "ante", 5_000), (1, "small blind", 2_500), (4, "big blind", 5_000),
                     (8, "straddle", 10_000)]
    first = next(a for a in got["actions"] if a["type"] == "act")
    assert (first["seat"], first["action"], first["to"]) == (1, "raise", 30_000)
    again = phh_text(got)
    doc = tomllib.loads(again)
    assert doc["blinds_or_straddles"] == [2_500, 5_000, 10_000]
    hh, state = replayed(again)
    assert not state.status and list(state.stacks) == hh.finishing_stacks
    (back,) = read(again)
    assert back["actions"] == got["actions"] and back["net"] == got["net"]


def test_any_text_is_read_or_refused_with_an_export_error():
    """A file is the player's to choose, any text at all: it reads or is refused in words,
    never with another exception (deep nesting included: the page's stack is small)."""
    import random

    rng = random.Random(7)
    base = HAND
    texts = ["a = " + "[" * 50_000, "[" * 3000, "", "variant = 3", "x = {a = [1, {b = 2}]}"]
    for _ in range(300):
        t = list(base)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(t))
            t[k] = rng.choice('0123456789[]{}",=.-#? \nabcdpfcsm')
        texts.append("".join(t))
    for text in texts:
        try:
            out = read(text)
        except ExportError as exc:
            assert str(exc)
        else:
            assert all(isinstance(r["net"], dict) for r in out)


def _all_in_early(game: Game, betting: Betting, seed: int, mucking: bool) -> Hand:
    """A hand whose betting ends before the last card (a board game: all in before the river,
    mostly preflop; triple draw: before the last draw): three seats, one folds, the short
    stack goes all in and the deep one calls. ``mucking``: the deep stack mucks a losing
    hand (the rules let a hand that was not all in and wins nothing go unseen)."""
    rng = random.Random(seed)
    stacks = (2_000, 30, 2_000)  # seat 0 deep, seat 1 short, seat 2 folds
    config = HandConfig(game, betting, stacks, 2, (5, 10))
    deck = list(config.variant.deck)
    rng.shuffle(deck)
    hand = Hand(config, deck, reshuffle=lambda cards: rng.sample(list(cards), len(cards)))
    hand.mucking = {0} if mucking else set()
    while not hand.is_over:
        legal = hand.legal()
        s = legal.seat
        if legal.phase is Phase.DRAWING:
            hole = hand.hole[s]
            action = Action(s, Verb.DRAW, None, tuple(rng.sample(hole, rng.randint(0, 2))))
        elif s == 2:
            action = Action(s, Verb.FOLD)
        elif s == 1 and legal.raise_verb is not None:
            action = Action(s, legal.raise_verb, legal.max_to)  # fixed limit: to the cap
        elif s == 1 and legal.all_in_to is not None:
            action = Action(s, Verb.ALLIN)
        else:
            action = Action(s, Verb.CHECK if legal.can_check else Verb.CALL)
        hand.do(action)
    return hand


@pytest.mark.parametrize(("game", "betting"), PHH_GAMES,
                         ids=[f"{g.value}-{b.value}" for g, b in PHH_GAMES])
def test_pokerkit_replays_a_hand_all_in_before_the_last_card(game, betting):
    """All in before the board is complete (or before the last draw), a loser who mucks and
    one who shows: pokerkit's reader replays the text to the record's finishing stacks, and
    :func:`read` takes it back to the hand."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        mucking = seed % 2 == 0
        hand = _all_in_early(game, betting, seed, mucking)
        p = played(hand, seed, spread=True)
        record = json.loads(json.dumps(viewer_record(p, "nobody")))
        if record["uncontested"]:
            continue
        rounds = [a["type"] for a in record["actions"] if a["type"] in ("round", "act")]
        assert rounds[-1] == "round", "the betting is over before the last street"
        text = phh_text(record, table="ABCD234")
        hh, state = replayed(text)
        assert not state.status, f"seed {seed}: pokerkit expects more of the hand"
        assert list(state.stacks) == hh.finishing_stacks, f"seed {seed}\n{text}"
        (got,) = read(text)
        _same_hand(got, record, f"seed {seed}")
        seen[len(record["shown"]) < 2] += 1
    assert seen[True] >= 2 and seen[False] >= 2, seen

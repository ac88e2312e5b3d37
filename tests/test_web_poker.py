"""The poker table's words and controls (web.pokertext) and the lobby's game form
(web.gameform), under CPython, against real views of the table-game session."""

from __future__ import annotations

import doctest
import random

import pytest
from games.poker import SETTINGS
from games.poker.settings import parse_settings
from games.registry import GAMES, factory
from room.errors import RoomError
from room.game import PlayerInfo, Request, TableRequest, TableSettings
from rules.cards import parse_cards
from rules.evaluator import best_high, describe_high, high5, omaha_high
from rules.poker import Game
from web import gameform as gf
from web import gametext as gt
from web import pokerresults as pr
from web import pokertext as pt
from web import preaction as pa


@pytest.mark.parametrize("module", [gf, pt, pr, pa])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_the_lobby_offers_every_game_of_the_registry_and_nothing_else():
    assert set(gf.GAME_IDS) == set(GAMES)
    assert gf.GAME_IDS[0] == "ultimate"  # the default choice


def test_the_form_fields_are_the_schema_records():
    """Same kind, default and bounds as games.poker.SETTINGS: one schema, checked by its own
    Setting.check in the lobby and by parse_settings in the game."""
    schema = {s.name: s for s in SETTINGS}
    for f in gf.FIELDS:
        s = schema[f.setting.name]
        mine = f.setting
        assert (mine.kind, mine.default, mine.lo, mine.hi, mine.choices) == (
            s.kind, s.default, s.lo, s.hi, s.choices), s.name


def test_the_lobby_offers_run_it_twice_and_the_rabbit_at_the_board_games():
    for game_id in ("holdem", "omaha-hilo", "bomb-double"):
        settings, errors = gf.parse_form(game_id, {"run_twice": gf.TRUE, "rabbit_hunt": gf.TRUE})
        assert errors == {} and settings == {"run_twice": True, "rabbit_hunt": True}
        parsed = parse_settings(settings, Game.parse(game_id))
        assert parsed.run_twice and parsed.rabbit_hunt
    assert gf.parse_form("holdem", {"run_twice": gf.FALSE}) == ({}, {})
    assert "run_twice" not in [f.setting.name for f in gf.shown_fields("draw", "cash")]


@pytest.mark.parametrize("game_id", sorted(gf.TABLE_GAMES))
@pytest.mark.parametrize("seed", range(20))
def test_a_form_the_lobby_accepts_has_one_verdict_in_the_game(game_id, seed):
    """Random texts in every field: a field the lobby refuses is one the game would refuse
    alone; what it sends the game judges, and every refusal names a field of the form."""
    rng = random.Random(seed)
    raw: dict[str, str] = {}
    for f in gf.FIELDS:
        s = f.setting
        if s.kind == "choice":
            raw[s.name] = rng.choice(s.choices)
        elif s.kind == "bool":
            raw[s.name] = rng.choice([gf.TRUE, gf.FALSE])
        else:
            raw[s.name] = rng.choice(["", str(rng.randint(-5, 300)), "x1", "1,000",
                                      str(s.hi + 1), str(s.lo)])
    settings, errors = gf.parse_form(game_id, raw)
    for name in errors:
        setting = gf.BY_NAME[name].setting
        value = raw[name].replace(",", "")
        with pytest.raises(RoomError):
            setting.check(int(value) if value.lstrip("-").isdigit() else value)
    try:
        parse_settings(settings, Game.parse(game_id))
    except RoomError as exc:
        assert gf.field_of(exc.code, exc.detail) in gf.BY_NAME, exc


def table(game_id: str = "holdem", seed: int = 1, players: int = 3):
    rng = random.Random(seed)
    deck = [int(c) for c in Game.parse(game_id).variant.deck]  # short deck: 36 cards
    rng.shuffle(deck)
    game = factory(game_id, lambda: list(deck))()
    game.configure(TableSettings(10_000, 0, False,
                                 {"mode": "tournament", "starting_stack": 1000}))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1)
                      for i in range(1, players + 1)], 0)
    game.next_hand()
    return game


def amounts(c: pt.Controls) -> list[tuple[str, int | None]]:
    out: list[tuple[str, int | None]] = []
    if c.fold:
        out.append(("fold", None))
    if c.check:
        out.append(("check", None))
    if c.call is not None:
        out.append(("call", None))
    if c.raise_verb is not None:
        out += [(c.raise_verb, p.to) for p in c.presets] or [(c.raise_verb, c.min_to)]
    if c.all_in_to is not None:
        out.append(("allin", None))
    return out


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "plo5",
                                     "shortdeck"])
@pytest.mark.parametrize("seed", range(6))
def test_every_control_offered_is_accepted_and_only_the_actor_gets_any(game_id, seed):
    """Random hands played through the controls the view offers: each is one the engine
    takes (tried on a restored copy), presets lie within the engine's bounds, and the players
    not to act see no control at all."""
    rng = random.Random(seed)
    game = table(game_id, seed)
    for _ in range(60):
        if not game.hand_running:
            break
        (actor,) = game.to_act()
        for pid in ("p1", "p2", "p3"):
            c = pt.controls(game.view_for(pid))
            assert c.any == (pid == actor)
        view = game.view_for(actor)
        c = pt.controls(view)
        for p in c.presets:
            assert c.min_to <= p.to <= c.max_to
        choices = amounts(c)
        assert choices
        for action, amount in choices:
            probe = factory(game_id, lambda: [])()
            probe.restore(game.snapshot(), 0)
            probe.handle_action(actor, Request(action, game.seq, amount))  # never refused
        action, amount = rng.choice(choices)
        game.handle_action(actor, Request(action, game.seq, amount))
    assert not game.hand_running


@pytest.mark.parametrize("seed", range(4))
def test_the_pot_sized_presets_are_the_views_and_pot_is_the_pot_limits_raise(seed):
    """The pot-sized shortcuts come with the viewer's turn (``legal.presets``, from the
    engine's pot and call): the page only labels them. At pot limit, a pot-sized raise is the
    most the limit allows, unless the stack is shorter."""
    rng = random.Random(seed)
    game = table("omaha", seed)
    seen = 0
    while game.hand_running:
        (actor,) = game.to_act()
        view = game.view_for(actor)
        legal = view["legal"]
        c = pt.controls(view)
        sizes = dict(legal.get("presets") or [])
        if c.raise_verb is not None and c.min_to < c.max_to:
            seen += 1
            assert [p.key for p in c.presets] == ["min", "half", "threeq", "pot", "max"]
            assert {p.key: p.to for p in c.presets if p.key in sizes} == sizes
            assert sizes["half"] <= sizes["threeq"] <= sizes["pot"] == c.max_to
            doubled = {**view, "legal": {**legal, "presets": [[k, c.max_to] for k in sizes]}}
            assert {p.to for p in pt.controls(doubled).presets if p.key in sizes} == {c.max_to}
        action, amount = rng.choice(amounts(c))
        game.handle_action(actor, Request(action, game.seq, amount))
    assert seen


@pytest.mark.parametrize("seed", range(12))
def test_the_cards_a_full_draw_must_keep_come_with_the_view(seed):
    """Which card a player must keep to discard the most (5-card draw: four keeping an ace)
    is the engine's verdict in the view (``legal.draw_keeps``), so the page checks a draw
    with the view's cards and no rule of its own."""
    game = table("draw", seed)
    while game.hand_running:
        (actor,) = game.to_act()
        view = game.view_for(actor)
        c = pt.controls(view)
        if c.draw_max is None:
            game.handle_action(actor, Request("check" if c.check else "call", game.seq))
            continue
        hole = view["you"]["hole"]
        aces = [card for card in hole if card[0] == "A"]
        assert (c.draw_max, view["legal"]["draw_keeps"]) == ((4, aces) if aces else (3, None))
        for kept in hole:
            four = [card for card in hole if card != kept]
            probe = factory("draw", lambda: [])()
            probe.restore(game.snapshot(), 0)
            said = pt.draw_problem(hole, four, c.draw_max, c.draw_keeps)
            if said:
                with pytest.raises(RoomError):
                    probe.handle_action(actor, Request("draw", game.seq, None, tuple(four)))
            else:
                probe.handle_action(actor, Request("draw", game.seq, None, tuple(four)))
        if aces:
            assert pt.draw_problem(hole, hole[:4], 4, (hole[4],)) == ""  # the view decides
            assert pt.draw_problem(hole, hole[:4], 4, (hole[0],)).startswith(
                f"Keep the {gt.card_name(hole[0])} to draw 4")
        game.handle_action(actor, Request("draw", game.seq, None, ()))
    assert game.view_for("p1")["phase"] == "results"


def test_draw_controls_are_the_draw_only():
    game = table("draw", 3)
    while game.hand_running:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        if c.draw_max is not None:
            assert not (c.fold or c.check or c.call is not None or c.raise_verb)
            hole = game.view_for(actor)["you"]["hole"]
            discards = hole[:c.draw_max]
            if pt.draw_problem(hole, discards, c.draw_max, c.draw_keeps):
                discards = hole[:3]
            game.handle_action(actor, Request("draw", game.seq, None, tuple(discards)))
            continue
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    assert game.view_for("p1")["phase"] == "results"


@pytest.mark.parametrize("seed", range(3))
def test_triple_draw_says_which_draw_it_is_and_allows_up_to_five_discards(seed):
    """2-7 Triple Draw's three draws: the phase chip and the player's turn say which draw it
    is ("First draw" ... "Third draw"), each player draws once in each, and the most they may
    discard is the view's (five: no ace rule). 5-card draw's one draw stays "The draw"."""
    game = table("triple-draw", seed)
    said: dict[str, list[str]] = {}
    while game.hand_running:
        (actor,) = game.to_act()
        view = game.view_for(actor)
        c = pt.controls(view)
        if c.draw_max is not None:
            assert c.draw_max == view["legal"]["draw_max"] == 5 and c.draw_keeps is None
            label = pt.phase_label(view)
            said.setdefault(actor, []).append(label)
            assert pt.turn_words(c) == (f"Your turn, {label.lower()}: discard up to 5 cards, "
                                        f"or stand pat.")
            assert pt.phase_label(game.view_for("p1")) == label  # everyone sees which
            hole = view["you"]["hole"]
            game.handle_action(actor, Request("draw", game.seq, None, tuple(hole[:seed + 2])))
            continue
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    assert said and all(labels == ["First draw", "Second draw", "Third draw"]
                        for labels in said.values())
    draw = table("draw", seed)
    while draw.hand_running:
        (actor,) = draw.to_act()
        view = draw.view_for(actor)
        c = pt.controls(view)
        if c.draw_max is not None:
            assert pt.phase_label(view) == "The draw"
            assert pt.turn_words(c).startswith("Your turn to draw: ")
            break
        draw.handle_action(actor, Request("check" if c.check else "call", draw.seq))


@pytest.mark.parametrize("game_id,seats,deck", [("plo5", "2 to 9", 52),
                                                ("triple-draw", "2 to 6", 52),
                                                ("shortdeck", "2 to 10", 36)])
def test_the_lobby_tells_guests_how_many_a_hand_deals_in_and_the_deck(game_id, seats, deck):
    lines = gf.summary(game_id, {})
    assert f"Players in a hand: {seats}" in lines
    assert any(line.startswith("Deck: 36 cards") for line in lines) == (deck == 36)


def test_the_live_region_tells_turns_actions_and_results():
    game = table("holdem", 5)
    before = {pid: None for pid in ("p1", "p2", "p3")}
    said: dict[str, list[str]] = {pid: [] for pid in before}

    def listen():
        for pid in before:
            view = game.view_for(pid)
            said[pid] += pt.news(before[pid], view, pid)
            before[pid] = view

    listen()
    assert all(lines[0].startswith("Hand 1. Your cards: ") for lines in said.values())
    while game.hand_running:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        assert said[actor][-1] == pt.turn_words(c)
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
        listen()
    over = game.view_for("p1")
    for lines in said.values():
        assert any(" calls " in line for line in lines)
        assert any(line.startswith("Flop: ") for line in lines)
        for payout in over["results"]["payouts"]:
            assert f"{payout}." in lines
    # nobody's cards in words before the showdown but their own
    for pid, lines in said.items():
        mine = set(game.view_for(pid)["you"]["hole"])
        others = {c for s in over["seats"] if s["id"] != pid for c in s["cards"]} - mine
        board = {c for b in over["boards"] for c in b}
        names = {pt.gametext.card_name(c) for c in others - board}
        shows = [i for i, line in enumerate(lines) if " shows " in line]
        first_show = shows[0] if shows else len(lines)
        assert not any(n in line for line in lines[:first_show] for n in names)


@pytest.mark.parametrize("seed", range(4))
def test_a_finished_tournament_names_its_winner_and_offers_no_hand(seed):
    """Everyone shoves until one player holds every chip: only then does the table name the
    winner (and the places below, in the game's finishing order) and say so in the live
    region; the game itself refuses another hand, which is why the table offers none."""
    game = table("holdem", seed)
    before = {pid: None for pid in ("p1", "p2", "p3")}
    said: dict[str, list[str]] = {pid: [] for pid in before}
    for _ in range(40):
        if not game.hand_running:
            if game.standings is not None and game.standings.winner is not None:
                break
            assert all(pt.tournament_over(game.view_for(p)) is None for p in before)
            game.next_hand()
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        action = "allin" if c.all_in_to is not None else "check" if c.check else "call"
        game.handle_action(actor, Request(action, game.seq))
        for pid in before:
            view = game.view_for(pid)
            said[pid] += pt.news(before[pid], view, pid)
            before[pid] = view
    winner = game.standings.winner if game.standings else None
    assert winner is not None
    places = game.standings.places
    names = {f"p{i}": f"N{i}" for i in range(1, 4)}
    second = next(p for p, n in places.items() if n == 2)
    for pid in before:
        line = pt.tournament_over(game.view_for(pid))
        assert line is not None and line.startswith(f"{names[winner]} wins the tournament.")
        assert f"2nd {names[second]}" in line
        assert said[pid][-1] == f"{names[winner]} wins the tournament."  # places: said before
    with pytest.raises(RoomError):
        game.next_hand()


def test_a_player_out_of_the_tournament_is_not_told_they_are_dealt_in():
    """An eliminated player's card box says they are out (it used to promise the next hand);
    the players still in, between hands, are dealt in at the next one."""
    game = table("holdem", 2)
    for _ in range(40):
        if game.standings is not None and game.standings.places:
            break
        if not game.hand_running:
            game.next_hand()
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        action = "allin" if c.all_in_to is not None else "check" if c.check else "call"
        game.handle_action(actor, Request(action, game.seq))
    assert game.standings is not None
    out = set(game.standings.places) - {game.standings.winner}
    assert out
    for pid in ("p1", "p2", "p3"):
        words = pt.no_cards_words(game.view_for(pid))
        if pid in out:
            assert words == "You are out of the tournament."
        else:
            assert words == "You are dealt in at the next hand."


def test_the_cash_card_of_a_player_all_in_mid_hand_is_hidden_and_comes_back_after():
    """A cash player all in during a hand may neither buy, post nor sit out: the card would
    be an empty "Your chips" box (seen on the phone in e2e/test_table_variants); once the hand
    is over and they have nothing, it offers the buy-in again. A player with chips behind
    keeps it (sit out)."""
    deck = list(range(52))
    random.Random(5).shuffle(deck)
    game = factory("holdem", lambda: list(deck))()
    game.configure(TableSettings(10_000, 0, False, {}))
    game.set_players([PlayerInfo(f"p{i}", f"N{i}", True, is_host=i == 1)
                      for i in range(1, 4)], 0)
    for pid, chips in (("p1", 2000), ("p2", 400), ("p3", 2000)):
        game.handle_table(pid, TableRequest("buy_in", chips))
    game.next_hand()
    while game.hand_running and game.stack_of("p2") > 0:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        if actor == "p2" and c.all_in_to is not None:
            game.handle_action(actor, Request("allin", game.seq))
        else:
            game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    assert game.hand_running and game.stack_of("p2") == 0
    view = game.view_for("p2")
    card = pt.cash(view, "p2")
    assert card is not None and not card.offers_anything
    other = pt.cash(game.view_for("p1"), "p1")
    assert other is not None and other.offers_anything
    while game.hand_running:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        game.handle_action(actor, Request("check" if c.check else "call", game.seq))
    after = pt.cash(game.view_for("p2"), "p2")
    assert after is not None and after.offers_anything


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
def test_the_stakes_line_says_blinds_only_where_the_game_posts_them(game_id):
    """A bomb pot and draw post antes only; their header said "Blinds 5/10" (seen in the
    e2e screenshots). The view carries the engine's rule, the line follows it."""
    game = table(game_id, 2)
    view = game.view_for("p1")
    posts = Game.parse(game_id).posts_blinds
    assert view["posts_blinds"] is posts
    line = pt.stakes_line(view)
    small, big = view["blinds"]
    assert line.startswith(f"Blinds {small}/{big}") if posts else "Blinds" not in line, line
    assert (f"minimum bet {big}" in line.lower()) is not posts, line
    assert line.endswith(view["betting"])


# --- pre-actions (web.preaction) -----------------------------------------------------------


def seat_of(view, pid):
    return next(s for s in view["seats"] if s["id"] == pid)


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
@pytest.mark.parametrize("seed", range(8))
def test_pre_actions_fire_only_what_the_engine_accepts(game_id, seed):
    """Players arm random pre-actions while others act (real views of a session); when a
    turn comes the armed choice becomes one request, which the engine accepts (tried on a
    restored copy, then played); Check/Fold checks exactly when checking is free; "Call N"
    is still armed at the turn only if N is what the engine then asks; nothing is offered to
    the player to act, to a folded or all-in player, or in a draw."""
    rng = random.Random(seed)
    game = table(game_id, seed, players=4)
    pids = ("p1", "p2", "p3", "p4")
    armed: dict[str, pa.Armed | None] = dict.fromkeys(pids)
    fired = offered = 0
    for _ in range(80):
        if not game.hand_running:
            break
        (actor,) = game.to_act()
        for pid in pids:
            view = game.view_for(pid)
            armed[pid] = pa.keep(armed[pid], view)
            o = pa.offer(view)
            me = seat_of(view, pid)
            if pid == actor or view["phase"] != "betting" or me["state"] != "in":
                assert o is None
            if o is None:
                continue
            offered += 1
            assert o.to_call == min(max(s["bet"] for s in view["seats"]) - me["bet"],
                                    me["stack"])
            if armed[pid] is None and rng.random() < 0.4:
                armed[pid] = pa.choose(None, rng.choice(pa.KINDS), o)
        view = game.view_for(actor)
        c = pt.controls(view)
        pre = armed[actor]
        action = pa.fire(pre, c)
        if pre is not None and pre.kind == "call" and c.draw_max is None:
            owed = 0 if c.check else c.call
            assert (action is not None) == (owed == pre.amount), (pre, c)
        if pre is not None and pre.kind in ("check_fold", "fold_any") and c.draw_max is None:
            assert action == ("check" if c.check else "fold")
        if action is None:
            choices = amounts(c) if c.draw_max is None else [("draw", None)]
            action, amount = rng.choice(choices)
            armed[actor] = None
        else:
            amount = None
            fired += 1
            armed[actor] = pa.after_fire(pre)
            probe = factory(game_id, lambda: [])()
            probe.restore(game.snapshot(), 0)
            probe.handle_action(actor, Request(action, game.seq))  # never refused
        game.handle_action(actor, Request(action, game.seq, amount, ()))
    assert offered > 0
    if game_id != "draw":
        assert fired > 0


def test_call_n_lapses_at_a_raise_and_every_pre_action_with_its_round_or_hand():
    game = table("holdem", 2, players=3)
    (actor,) = game.to_act()
    waiting = next(p for p in ("p1", "p2", "p3")
                   if p != actor and pa.offer(game.view_for(p)) is not None)
    view = game.view_for(waiting)
    o = pa.offer(view)
    call = pa.choose(None, "call", o)
    fold_any = pa.choose(None, "fold_any", o)
    call_any = pa.choose(None, "call_any", o)
    c = pt.controls(game.view_for(actor))
    assert c.raise_verb is not None
    game.handle_action(actor, Request(c.raise_verb, game.seq, c.max_to))  # all in
    after = game.view_for(waiting)
    kept = pa.keep(call, after)  # gone at once, or (at the turn) refusing to fire
    assert kept is None or pa.fire(kept, pt.controls(after)) is None
    assert pa.keep(call_any, after) == call_any
    assert pa.keep(fold_any, after) == fold_any
    later = {**after, "round": "flop"}
    assert pa.keep(call_any, later) is None and pa.keep(fold_any, later) == fold_any
    assert pa.keep(fold_any, {**later, "hand_no": after["hand_no"] + 1}) is None


# --- results (web.pokerresults) ------------------------------------------------------------


def low_of(five):
    ranks = sorted((1 if c.rank == 12 else c.rank + 2 for c in five), reverse=True)
    if len(set(ranks)) != 5 or ranks[0] > 8:
        return None
    return "-".join("A2345678"[r - 1] for r in ranks)


@pytest.mark.parametrize("game_id", ["holdem", "omaha", "omaha-hilo", "bomb-double", "draw"])
@pytest.mark.parametrize("seed", range(10))
def test_results_mark_the_five_that_won_each_board_and_half(game_id, seed):
    """Hands checked and called down to a showdown: on every seat's view, each part a hand
    won lists five of its own and the board's cards (Omaha: two of the hand) that make the
    very hand its words name (worked out here by the plain evaluator); the marks on the
    boards and hands are exactly the winners' cards per board or half; the chips that fly
    are the pots; the announcement shows each hand in showdown order, then every payout."""
    game = table(game_id, seed, players=4)
    bet = False
    while game.hand_running:
        (actor,) = game.to_act()
        c = pt.controls(game.view_for(actor))
        action = "draw" if c.draw_max is not None else "check" if c.check else "call"
        amount = None
        if not bet and c.raise_verb == "bet":  # one bet, so that a pot is played for
            action, amount, bet = "bet", c.min_to, True
        game.handle_action(actor, Request(action, game.seq, amount, ()))
    for pid in ("p1", "p2", "p3", "p4"):
        view = game.view_for(pid)
        r = pr.results(view)
        assert r is not None
        record = view["results"]
        assert [h.name for h in r.hands] == [s["name"] for s in record["shown"]]
        boards = [parse_cards(" ".join(b)) for b in record["boards"]]
        want_board: list[dict[str, set[str]]] = [{} for _ in boards]
        want_hand: dict[str, dict[str, set[str]]] = {}
        wins = 0
        for h in r.hands:
            hole = parse_cards(" ".join(h.cards))
            for i, part in enumerate(h.parts):
                if not part.five:
                    continue
                wins += 1
                board = boards[i if part.token.startswith("board-") else 0] if boards else []
                five = parse_cards(" ".join(part.five))
                assert set(five) <= set(hole) | set(board)
                if game_id != "holdem" and game_id != "draw":
                    assert len(set(five) & set(hole)) == 2
                if part.token == "low":
                    assert low_of(five) == part.words
                else:
                    assert describe_high(high5(five)) == part.words
                    if game_id == "holdem":
                        assert high5(five) == best_high(hole + board)
                    elif game_id != "draw":
                        assert high5(five) == omaha_high(hole, board)
                b = i if part.token.startswith("board-") else 0
                for card in part.five:
                    if card in h.cards:
                        want_hand.setdefault(h.name, {}).setdefault(card, set()).add(part.token)
                    else:
                        want_board[b].setdefault(card, set()).add(part.token)
        assert wins >= (2 if game_id == "bomb-double" else 1)
        assert [{k: set(v.split()) for k, v in m.items()} for m in r.boards] == want_board
        for h in r.hands:
            assert {k: set(v.split()) for k, v in h.marks.items()} == want_hand.get(h.name, {})
        assert sum(r.won.values()) == sum(p["amount"] for p in record["pots"])
        lines = pr.announce_lines(view)
        assert [line.split(" shows ")[0] for line in lines[:len(r.hands)]] == [
            h.name for h in r.hands]
        assert lines[len(r.hands):] == [f"{p}." for p in record["payouts"]]
        assert pr.log_lines(view) == record["payouts"]


@pytest.mark.parametrize("cards", [36, 32, 20])
def test_the_lobby_names_a_short_decks_cards_from_the_deck_itself(cards, monkeypatch):
    """The lowest rank is worked out from the deck's size (a deck is cut from one rank up,
    ``rules.cards.cards_from_rank``), not written per game: a 32-card deck is seven to ace."""
    from dataclasses import replace

    from games import catalogue
    from rules.cards import RANK_NAMES, cards_from_rank

    lowest = RANK_NAMES[(52 - cards) // 4]
    assert len(cards_from_rank((52 - cards) // 4)) == cards
    entry = replace(catalogue.entry("shortdeck"), deck=cards)
    monkeypatch.setattr(gf.catalogue, "entry", lambda game_id: entry)
    assert f"Deck: {cards} cards, {lowest} to ace" in gf.summary("shortdeck", {})


def test_a_hand_turned_up_for_the_bounty_is_said_without_empty_words():
    """An uncontested 7-2 is turned up to claim the bounty, with no hand words (nothing was
    compared): the live region says its cards and stops, not "…: ."."""
    from test_games_poker_extras import act, seven_deuce_for_p1, table

    g = table(3, deck=seven_deuce_for_p1(), bounty=50)
    g.next_hand()
    act(g, "fold")
    act(g, "raise", 40)
    act(g, "fold")
    lines = pr.announce_lines(g.view_for("p2"))
    assert lines[0] == "P1 shows seven of clubs, two of diamonds.", lines
    assert not any(": ." in line for line in lines), lines


def test_the_game_card_tells_guests_a_table_runs_it_twice_and_hunts_the_rabbit():
    """A guest reads every extra the host switched on from the lobby's game card: run it twice
    and the rabbit hunt too (a board game's), not only the straddle, the antes, the bounty, the
    bomb pot and dealer's choice; a draw game, which has no board to run twice, does not say
    them."""
    extras = {"run_twice": True, "rabbit_hunt": True}
    holdem = gf.summary("holdem", extras)
    assert "Run it twice when all in and every player in agrees" in holdem
    assert "Rabbit hunt: the cards that would have come, shown after a hand ends early" in holdem
    draw = gf.summary("draw", extras)
    assert not [line for line in draw if "twice" in line or "Rabbit" in line]
    assert not [line for line in gf.summary("holdem", {}) if "twice" in line]

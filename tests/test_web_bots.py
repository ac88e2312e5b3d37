"""The page's words for bots and the advisor's key, from real views of the room; and the menu's
practice choices against the catalogue."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from games.catalogue import GAMES
from games.registry import deal_reader, factory
from room.bots import Level
from room.local import HostSession
from web import advisorcall, bottext

ROOT = Path(__file__).resolve().parent.parent


def test_doctests():
    for module in (bottext, advisorcall):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def session_with_bots(*levels: str) -> HostSession:
    s = HostSession("ABCD234", "Ann", "a" * 16, now_ms=0, games=factory,
                    deal_rules=deal_reader)
    s.open(0)
    for level in levels:
        s.request(s.client.add_bot(level))
    return s


def test_the_hosts_view_lists_its_bots_in_words_and_their_comings_and_goings():
    s = session_with_bots("casual", "strong")
    rows = bottext.bot_rows(s.client.view)
    assert [(words, leaving) for _pid, _name, words, leaving in rows] == [
        ("casual bot", False), ("strong bot", False)]
    assert all(name.endswith(" bot " + name[-1]) for _pid, name, _w, _l in rows)
    before = rows
    s.request(s.client.remove_bot(rows[0][0]))
    after = bottext.bot_rows(s.client.view)
    assert bottext.bot_news(before, after) == f"{rows[0][1]} left the table."
    s.request(s.client.add_bot("casual"))
    news = bottext.bot_news(after, bottext.bot_rows(s.client.view))
    assert news.endswith("sat down, a casual bot.")


def test_a_person_is_never_worded_as_a_bot():
    s = session_with_bots("strong")
    people = [p for p in s.client.view["players"] if p["kind"] != "bot"]
    assert people and all(bottext.bot_words(p) == "" for p in people)
    assert set(bottext.LEVELS) == {level.value for level in Level}


def ultimate_view(s: HostSession) -> dict:
    s.request(s.client.set_game("ultimate", {}))
    s.request(s.client.start_game())  # the bots' clients send their deck nonces themselves
    return s.client.view


def test_the_advisor_has_nothing_to_say_until_the_host_switches_it_on():
    s = session_with_bots("casual")
    view = ultimate_view(s)
    assert view["game"]["phase"] in advisorcall.ULTIMATE_ROUNDS
    assert advisorcall.advice_key(view) is None
    s.request(s.client.set_advisor(True))
    key = advisorcall.advice_key(s.client.view)
    assert key is not None and key[0] == advisorcall.ODDS
    hole = tuple(s.client.view["game"]["you"]["hole"])
    assert key[3] == hole and key[-1] == 2  # my own cards; two players in the hand


def test_the_advice_is_asked_again_when_the_hand_moves_on():
    s = session_with_bots("casual")
    ultimate_view(s)
    s.request(s.client.set_advisor(True))
    first = advisorcall.advice_key(s.client.view)
    s.request(s.client.act("double"))
    second = advisorcall.advice_key(s.client.view)
    assert first != second  # the stake doubled: new numbers


def test_the_menus_practice_choices_are_the_catalogues_games():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    block = page[page.index('id="practice-game"'):]
    block = block[:block.index("</select>")]
    offered = re.findall(r'<option value="([^"]+)">([^<]+)</option>', block)
    assert offered == [(gid, entry.names.full) for gid, entry in GAMES.items()]


def test_the_table_advisor_speaks_at_our_turn_from_our_own_view():
    """Hold'em heads-up, the button to act preflop: the advice is the hand's equity against
    one player and the call's price, in words; the other seat (not to act) gets none."""
    import random

    from games.poker import PokerGame
    from room.game import PlayerInfo, TableRequest, TableSettings
    from rules.cards import parse_cards
    from rules.variants import VARIANTS

    top = list(parse_cards("As 7c Ah 2d"))  # one seat gets the aces, the other seven-deuce
    rest = [c for c in VARIANTS["holdem"].deck if c not in top]
    g = PokerGame(deck_source=lambda: top + rest, game="holdem")
    g.configure(TableSettings(10_000, 0, False, {"small_blind": 5, "big_blind": 10}))
    g.set_players([PlayerInfo("p0", "Ann", True, True), PlayerInfo("p1", "Bo", True)], 0)
    for p in ("p0", "p1"):
        g.handle_table(p, TableRequest("buy_in", 1000))
    g.next_hand()
    (mover,) = g.to_act()
    other = "p1" if mover == "p0" else "p0"
    view = {"settings": {"advisor": True}, "game": g.view_for(mover)}
    assert advisorcall.table_key(g.view_for(other)) is None  # not its turn: nothing to say
    key = advisorcall.table_key(g.view_for(mover))
    assert key is not None and key[5] == 1 and key[7] == 5  # one opponent in; five to call
    thought = advisorcall.advice_thought(view, random.Random(3))
    assert thought is not None
    steps = list(thought)
    words = steps[-1]
    assert steps[:-1] and all(s is None for s in steps[:-1])  # thought out in slices
    assert isinstance(words, str) and "against one player" in words and "%" not in words
    share = int(re.search(r"You win about (\d+) percent", words).group(1))
    hole = set(view["game"]["you"]["hole"])
    if hole == {"As", "Ah"}:
        assert 80 <= share <= 90  # aces against one random hand: about 85
    else:
        assert hole == {"7c", "2d"} and 25 <= share <= 42  # seven-deuce: about 35
    assert "a call costs" in words  # the small blind has five to call


def test_a_practice_player_buys_in_before_the_first_deal():
    """A practice cash table seats its player with the table's suggested buy-in (what each
    bot buys) before any hand is dealt, instead of leaving them out with no chips; once they
    hold chips, or in a tournament (everyone starts with the starting stack), nothing is
    bought."""
    from web.pokertext import opening_buy_in

    s = session_with_bots("casual", "casual", "casual")
    s.request(s.client.set_auto_deal(True))
    s.request(s.client.set_game("holdem", {}))
    s.request(s.client.start_game())
    game = s.client.view["game"]
    amount = opening_buy_in(game, s.client.you)
    assert amount == game["you"]["buy_in"]["suggested"] and amount > 0
    s.request(s.client.table("buy_in", amount))
    game = s.client.view["game"]
    (mine,) = [seat for seat in game["seats"] if seat["id"] == s.client.you]
    assert mine["stack"] == amount and not mine["sitting_out"] and game["hand_no"] == 0
    assert opening_buy_in(game, s.client.you) is None
    t = session_with_bots("casual")
    t.request(t.client.set_game("holdem", {"mode": "tournament"}))
    t.request(t.client.start_game())
    assert opening_buy_in(t.client.view["game"], t.client.you) is None

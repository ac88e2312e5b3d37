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

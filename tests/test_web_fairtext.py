"""The words of the fair-deal verdict (web.fairtext) under CPython: shown and spoken."""

from __future__ import annotations

import doctest
import re

import rules.dealorder
from room.client import NOT_FAIR
from rules.fairdeal import Verdict
from web import fairtext

CODE = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])")


def test_doctests():
    for module in (fairtext, rules.dealorder):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module


def test_a_cheat_is_said_loudly_in_words_and_a_good_deal_briefly():
    cheat = Verdict(False, "As Ah shown where the dealing order puts Td 9c (deck positions 0, 3)")
    said = fairtext.spoken(cheat)
    assert said.startswith("Warning: deal not verified.") and not CODE.search(said), said
    assert "ace of spades ace of hearts" in said and "ten of diamonds" in said
    visible = "".join(fairtext.shown(cheat))
    assert "DEAL NOT VERIFIED" in visible and "tampered" in visible
    assert fairtext.spoken(Verdict(True, "the seed matches")) == "Deal verified by this browser."


def test_a_hand_without_a_record_is_said_plainly():
    visible = "".join(fairtext.shown(NOT_FAIR))
    assert "not dealt through the provably fair deal" in visible
    assert "tampered" not in visible and "DEAL NOT VERIFIED" in visible
    assert "not dealt through the provably fair deal" in fairtext.spoken(NOT_FAIR)

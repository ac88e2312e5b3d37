"""The examples in the games layer's docstrings are tests too (they must not rot)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["catalogue", "registry", "settings", "ultimate", "pokerstars", "table.fair",
           "table.presence", "table.clock", "table.ledger", "table.dealcheck"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"games.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"games.{name} has no examples"
    assert result.failed == 0

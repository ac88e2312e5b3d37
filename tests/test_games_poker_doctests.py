"""The examples in the table-game session's docstrings run (they document its pieces)."""

import doctest
import importlib

import pytest

MODULES = ["settings", "seating", "cashbook", "clock", "dealing", "tournament", "saving",
           "tablerequests"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"games.poker.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
    assert result.attempted > 0

"""The examples in the betting engine's docstrings run (they are part of its documentation)."""

import doctest
import importlib

import pytest

MODULES = ["actions", "config", "deck", "engine", "pots", "script", "history", "value"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"rules.poker.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
    if name in ("actions", "config", "deck", "engine", "pots", "script", "value"):
        assert result.attempted > 0

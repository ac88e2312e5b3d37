"""The examples in the room layer's docstrings are tests too (they must not rot)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [*(f"room.{name}" for name in ("codes", "names", "messages", "host", "client", "config",
                                         "local", "game", "export")),
           "testing.memory"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0

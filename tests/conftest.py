"""Fixtures the evaluator's test modules share: its tables cold (as right after import) or
warm (built once per module), so no test depends on another's warm-up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rules import evaluator


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh, empty set of tables: the evaluator as it is right after import."""
    monkeypatch.setattr(evaluator, "_TABLES", evaluator._Tables())
    assert not evaluator.is_warm()


@pytest.fixture(scope="module")
def warmed_tables() -> Iterator[object]:
    """One warmed-up set of tables for the module."""
    with pytest.MonkeyPatch.context() as patch:
        tables = evaluator._Tables()
        patch.setattr(evaluator, "_TABLES", tables)
        evaluator.warm_up()
    yield tables


@pytest.fixture
def warm(monkeypatch: pytest.MonkeyPatch, warmed_tables: object) -> None:
    monkeypatch.setattr(evaluator, "_TABLES", warmed_tables)
    assert evaluator.is_warm()

"""Reading a view from the wire: each part as the type the page expects, or empty.

A view is the host's JSON; a part missing or of another type (an older host, a hostile one)
must draw as nothing rather than stop the redraw. One definition for every web module.

>>> as_list({"a": 1}), as_dict([1]), as_int(True), as_int(7)
([], {}, 0, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def as_int(value: Any) -> int:
    """An int, never a bool (``True`` is an int to Python, not a number of chips)."""
    return value if type(value) is int else 0

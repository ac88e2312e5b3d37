"""Reading a view from the wire: each part as the type the page expects, or empty.

A view is the host's JSON. The view types (``games.viewtypes``, ``room.viewtypes``) say what
an honest host sends, but a guest cannot trust its host: a part missing or of another type (an
older host, a hostile one) must draw as nothing rather than stop the redraw. So the page never
takes a view's value as the type it hopes for; it reads it through these accessors, which give
a value of one definite type (never ``Any``): the part asked for if it has that type, else an
empty one. One definition for every web module.

Two forms: by key in a part (``part(game, "you")``; ``tests/test_web_viewkeys.py`` checks the
key is one the view types declare) and of a value already in hand (``mapping(entry)``).

>>> game = {"you": {"hole": ["As", "Kd"]}, "pots": [{"amount": 5}, 7], "hand_no": True}
>>> part(game, "you"), array(game, "pots"), records(game, "pots"), number(game, "hand_no")
({'hole': ['As', 'Kd']}, [{'amount': 5}, 7], [{'amount': 5}], 0)
>>> part(game, "pots"), array(game, "you"), strings(part(game, "you"), "hole")
({}, [], ['As', 'Kd'])
>>> string({"state": ["in"]}, "state"), string({"state": "in"}, "state")
('', 'in')
>>> sequence({"a": 1}), mapping([1]), integer(True), integer(7)
([], {}, 0, 7)
"""

from __future__ import annotations

from collections.abc import Mapping

View = Mapping[str, object]
"""A part of a view as read from the wire: keys are strings, values unknown until checked."""


def mapping(value: object) -> View:
    """``value`` if it is a JSON object, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def sequence(value: object) -> list[object]:
    """``value`` if it is a JSON array, else an empty one."""
    return value if isinstance(value, list) else []


def integer(value: object) -> int:
    """An int, never a bool (``True`` is an int to Python, not a number of chips); else 0."""
    return value if type(value) is int else 0


def part(view: View, key: str) -> View:
    """The object under ``key`` (empty if absent or not an object)."""
    return mapping(view.get(key))


def array(view: View, key: str) -> list[object]:
    """The array under ``key`` (empty if absent or not an array)."""
    return sequence(view.get(key))


def records(view: View, key: str) -> list[View]:
    """The objects of the array under ``key``, anything else in it left out."""
    return [v for v in array(view, key) if isinstance(v, Mapping)]


def strings(view: View, key: str) -> list[str]:
    """The strings of the array under ``key`` (cards, words), anything else left out."""
    return [v for v in array(view, key) if isinstance(v, str)]


def string(view: View, key: str) -> str:
    """The string under ``key`` ('' if absent or not a string): safe to look up in a set."""
    value = view.get(key)
    return value if isinstance(value, str) else ""


def number(view: View, key: str) -> int:
    """The int under ``key`` (0 if absent, a bool or not an int)."""
    return integer(view.get(key))

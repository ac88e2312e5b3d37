"""Game factories for the room, light to import: the page can name the game at start-up and
pay for the hand evaluator only when the host actually starts playing.

>>> factory = ultimate_omaha()
>>> callable(factory)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: importing these would load the evaluator
    from room.host import GameFactory, GameSession


def ultimate_omaha(deck_source: Callable[[], Sequence[int]] | None = None) -> GameFactory:
    """A :data:`~room.host.GameFactory` for Ultimate Omaha.

    Without ``deck_source`` every hand is a provably fair deal (commit, nonces, reveal: see
    :mod:`room.ultimate_game`); a ``deck_source`` (a test's fixed decks) deals plainly from
    it. ``room.ultimate_game`` (and with it the evaluator) is imported only when the factory
    is called, i.e. at ``start``.
    """

    def make() -> GameSession:
        from room.ultimate_game import UltimateGame

        if deck_source is None:
            return UltimateGame()
        return UltimateGame(deck_source)

    return make

"""Who sits at the table: connected or not, away since when, removed mid-hand.

The room tells a game its seated players before everything it does
(:meth:`room.game.GameSession.set_players`); :class:`Presence` keeps what every game needs of
that: the seat order and who is connected (dealt in at the next hand), the host's seat (its
nonce is the dealer's), everyone's last known name, and for the running hand who is away since
when (the grace period counts from then) and who was removed by the host (played out: the
game's default action at every decision left).

>>> from room.game import PlayerInfo

from games.viewtypes import PresenceState
>>> seen = Presence()
>>> seen.seat([PlayerInfo("p1", "Ann", True, is_host=True), PlayerInfo("p2", "Bob", False)])
[('p1', 'Ann'), ('p2', 'Bob')]
>>> seen.connected_ids(), seen.host, seen.is_connected("p2")
(['p1'], 'p1', False)
>>> seen.watch(["p1", "p2"], 500); seen.away_since
{'p2': 500}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from room.game import PlayerInfo

from games.viewtypes import PresenceState


class Presence:
    """Seats, connections, names, and the running hand's absences (time from the caller)."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}  # everyone ever seated, last known name
        self.present: dict[str, bool] = {}  # seated now, in seat order -> connected
        self.host: str | None = None
        self.away_since: dict[str, int] = {}  # players of the hand not connected, since when
        self.played_out: set[str] = set()  # removed by the host: every decision is the default

    def seat(self, players: Sequence[PlayerInfo]) -> list[tuple[str, str]]:
        """Who sits here now, in seat order; returns the (id, name) of players new or
        renamed since the last call (for the ledger's rows)."""
        present: dict[str, bool] = {}
        self.host = None
        changed = []
        for p in players:
            present[p.id] = p.connected
            if p.is_host:
                self.host = p.id
            if self.names.get(p.id) != p.name:
                self.names[p.id] = p.name
                changed.append((p.id, p.name))
        self.present = present
        return changed

    def watch(self, hand_players: Iterable[str], now_ms: int) -> None:
        """Players of the running hand who are missing or not connected start their grace
        period (once; it is kept until they are back); those back lose it."""
        for pid in hand_players:
            if self.present.get(pid, False):
                self.away_since.pop(pid, None)
            else:
                self.away_since.setdefault(pid, now_ms)

    def dealt(self, players: Iterable[str], now_ms: int) -> None:
        """A new hand: absences start over (dealt in while away, e.g. a nonce then a drop:
        the grace runs from now)."""
        self.away_since = {}
        for pid in players:
            if not self.present.get(pid, False):
                self.away_since[pid] = now_ms

    def hand_over(self) -> None:
        """The hand reached results: nobody is away from it or played out any more."""
        self.away_since = {}
        self.played_out = set()

    def is_connected(self, player_id: str) -> bool:
        return self.present.get(player_id, False)

    def is_seated(self, player_id: str) -> bool:
        return player_id in self.present

    def connected_ids(self) -> list[str]:
        """The seated players who are connected, in seat order (dealt in at a deal)."""
        return [pid for pid, connected in self.present.items() if connected]

    def name(self, player_id: str) -> str:
        return self.names.get(player_id, player_id)

    def order(self, first: Sequence[str]) -> list[str]:
        """``first`` (the hand's players), then everyone else seated, in seat order."""
        return list(first) + [p for p in self.present if p not in first]

    def to_dict(self) -> PresenceState:
        """For the host's own snapshot."""
        return {
            "names": dict(self.names),
            "away_since": dict(self.away_since),
            "played_out": sorted(self.played_out),
        }

    def restore(self, data: Mapping[str, Any], shift: int) -> None:
        """Take over :meth:`to_dict`'s data, times moved by ``shift`` ms to the new clock.
        Nobody is seated until the room says so."""
        self.names = dict(data["names"])
        self.away_since = {p: int(t) + shift for p, t in data["away_since"].items()}
        self.played_out = {str(p) for p in data.get("played_out", [])}
        self.present = {}
        self.host = None

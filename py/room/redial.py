"""A guest's way back to its room, sans-IO: when to dial, re-dial and give up, and whose room
to follow when the host is gone for good.

The page owns the PeerJS node, the data channel and the clock; this machine owns the policy
(h11's habit: no socket, no timer, no clock read). The page tells it what happened —
:class:`NodeReady`, :class:`LinkOpened`, :class:`Heard` (the client took the host's texts),
:class:`LinkClosed` (also: a dial that could not be placed), :class:`NotThere` (nobody is
registered at the address dialled), :class:`TimePassed` — and carries out the commands
:meth:`Redial.handle` returns: :class:`Dial`, :class:`HangUp`, :class:`Pin`, :class:`Say`,
:class:`Host`, :class:`End`. It drives the guest's :class:`room.client.GuestClient` (itself
sans-IO), which knows the host's silence and the succession from the last view.

The rules it keeps (the README's "Drops", "Host reload" and "Host gone for good" say them for
players):

* A first dial that has not opened after :data:`CONNECT_TIMEOUT_MS` ends the attempt
  ("unreachable"); nobody registered at the code tries, in order, the rooms this browser
  remembers the room became (``room.codes.successor_rooms``), then ends ("not_found").
* A seated guest whose link drops or whose host goes silent keeps its seat and re-dials the
  same room: the first time after ``RETRY_MS // 2``, then every :data:`RETRY_MS`; a dial
  still negotiating is given :data:`ATTEMPT_MS`. Never before seated: that ends ("lost").
* A peer at the address that fails the host check is hung up on. Before seated that ends
  ("impostor"); seated, the guest keeps re-dialling, and says whether the stranger relayed
  the real host's answer. A peer that took the call and never proved anything is such a
  stranger too.
* The host silent for ``room.codes.SUCCESSION_AFTER_MS``: the last view elects one player
  (:meth:`GuestClient.succession`). The elected guest hands over to hosting (:class:`Host`);
  the others follow its room, whose host must prove the key that player had. Only ever that
  one player: a stranger at its code (``impostor``) or nobody there for
  ``room.codes.NOBODY_GRACE_MS`` (``nobody``) stops the succession
  (:meth:`GuestClient.block`); every page says why and keeps trying that one room — a player
  who blocked the code must not gain the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from room.client import BLOCKED_REASONS, ClientStatus, GuestClient

RETRY_MS = 2_000
"""A guest re-dials its host this often while the connection is lost."""
ATTEMPT_MS = 8_000
"""A dial that has not opened by then is dropped and tried again."""
CONNECT_TIMEOUT_MS = 10_000
"""A first dial that has not opened by then: the room is said to be unreachable."""


class RedialPhase(StrEnum):
    """Where the guest stands with its room."""

    JOINING = "joining"  # dialled the room; never seated on this page yet
    SEATED = "seated"  # in the room, the host answers
    REDIALING = "redialing"  # the host went quiet or the link dropped: dial the same room
    MOVING = "moving"  # the host is gone for good: dial the elected player's room
    HOSTING = "hosting"  # we were elected: the page hosts the next room (see Host)
    ENDED = "ended"  # given up (see End)


# --- events (what the page saw) -------------------------------------------------------------


@dataclass(frozen=True)
class NodeReady:
    """The page's PeerJS node is registered: dial the room for the first time."""

    now: int


@dataclass(frozen=True)
class LinkOpened:
    """The channel of the latest :class:`Dial` opened (the page says hello on it)."""

    now: int


@dataclass(frozen=True)
class Heard:
    """The client took texts from the host on the latest channel."""

    now: int


@dataclass(frozen=True)
class LinkClosed:
    """The latest channel closed, or the latest :class:`Dial` could not be placed."""

    now: int


@dataclass(frozen=True)
class NotThere:
    """The signalling server says nobody is registered at the address dialled."""

    now: int


@dataclass(frozen=True)
class TimePassed:
    """Time passed (the page ticks every half second; the client was ticked first)."""

    now: int


Event = NodeReady | LinkOpened | Heard | LinkClosed | NotThere | TimePassed


# --- commands (what the page does) ----------------------------------------------------------


@dataclass(frozen=True)
class Dial:
    """Drop the current channel, if any, and dial the host of room ``code``."""

    code: str


@dataclass(frozen=True)
class HangUp:
    """Close the current channel now (its peer is not our host, or the dial failed)."""


@dataclass(frozen=True)
class Pin:
    """Remember room ``code`` as ours (for a reload) and show it in the address bar; with
    ``host_key``, the key its host proved (pinned beside our token)."""

    code: str
    host_key: str | None = None


News = Literal[
    "reconnecting",  # re-dialling our room (try ``tries``)
    "reconnecting_moved",  # re-dialling the successor's room (try ``tries``)
    "following",  # the host left: we now go to ``code``, the elected player's room
    "impostor",  # someone else answered at the address (try ``tries``)
    "relayed",  # ...and passed the real host's answer on
    "blocked",  # the succession stopped at ``code`` (GuestClient.blocked says why)
    "back",  # back in our seat
    "moved",  # back in our seat, in the room we followed
    "found_moved",  # a first visit found the room where it moved (``code``)
    "looking",  # a first visit looks for the room at ``code``, where it may have moved
]


@dataclass(frozen=True)
class Say:
    """Tell the player how the connection stands (the page words it)."""

    news: News
    tries: int = 0
    code: str = ""


@dataclass(frozen=True)
class Host:
    """We are the elected player: the page opens room ``code`` with this client."""

    code: str


EndWhy = Literal["unreachable", "not_found", "lost", "impostor"]


@dataclass(frozen=True)
class End:
    """Give up: the room could not be reached (``unreachable``), is not there and moved nowhere
    we know (``not_found``), was lost before we were ever seated (``lost``) or its address
    held a peer that failed the host check on our first visit (``impostor``; the client's
    ``unverified`` says how)."""

    why: EndWhy


Command = Dial | HangUp | Pin | Say | Host | End


class Redial:
    """The guest's connection policy for one page (see the module's rules).

    ``moved_rooms`` are the rooms this browser remembers the room may have become, in the
    order they elect a host (``(code, host key)``), tried on a first visit that finds nobody.
    """

    def __init__(self, client: GuestClient, code: str,
                 moved_rooms: list[tuple[str, str]] | None = None) -> None:
        self.client = client
        self.phase = RedialPhase.JOINING
        self.code = code
        """The room dialled now (it changes when the room moved or its host left)."""
        self.first_code = code
        """The room the page was asked for."""
        self.tries = 0  # dials since the link was lost
        self.link: Literal["none", "opening", "open"] = "none"
        self._moved_rooms = list(moved_rooms or [])
        self._looked_elsewhere = False  # a first visit tried a room the old one became
        self._dialled_at = 0
        self._try_started = 0
        self._next_try = 0
        self._impostor_seen = False  # someone else answered at the address we re-dial
        self._relay_seen = False  # ...and passed the real host's answer on (a go-between)
        self._following = False  # we re-dial the room the old one became
        self._pinned = ""  # the room whose host key was pinned

    @property
    def seated(self) -> bool:
        """Whether we ever sat in this room (then a lost connection is worth re-dialling)."""
        return self.client.you is not None

    @property
    def redialing(self) -> bool:
        """Whether the page is without its host and dialling (the same room or a successor)."""
        return self.phase in (RedialPhase.REDIALING, RedialPhase.MOVING)

    @property
    def over(self) -> bool:
        return self.phase in (RedialPhase.HOSTING, RedialPhase.ENDED)

    def handle(self, event: Event) -> list[Command]:
        """Take one event; return what the page must do, in order."""
        if self.over:
            return []
        if isinstance(event, NodeReady):
            return self._start(event.now)
        if isinstance(event, LinkOpened):
            self.link = "open"
            return []
        if isinstance(event, Heard):
            return self._heard(event.now)
        if isinstance(event, LinkClosed):
            return self._closed(event.now)
        if isinstance(event, NotThere):
            return self._not_there(event.now)
        return self._tick(event.now)

    # --- events -------------------------------------------------------------------------------

    def _start(self, now: int) -> list[Command]:
        if self.phase is not RedialPhase.JOINING or self.link != "none":
            return []
        return [self._place(now)]

    def _heard(self, now: int) -> list[Command]:
        client = self.client
        if client.status is ClientStatus.UNVERIFIED:
            return self._impostor(now)
        out: list[Command] = []
        if client.status is ClientStatus.IN_ROOM:
            if self.phase is RedialPhase.JOINING:
                self.phase = RedialPhase.SEATED
            if self._pinned != self.code:
                self._pinned = self.code  # keep the key this room's host proved
                out.append(Pin(self.code, client.host_key))
                if self.code != self.first_code and self._looked_elsewhere:
                    out.append(Say("found_moved", code=self.code))
            if self.redialing:
                out += self._reconnected()
        return out

    def _closed(self, now: int) -> list[Command]:
        self.link = "none"
        self.client.transport_closed()
        if self.client.status is not ClientStatus.LOST:
            return []
        if self.seated:
            return self._lost(now)
        return self._end("lost")

    def _not_there(self, now: int) -> list[Command]:
        if self.redialing:
            if self.link == "opening":  # this attempt failed; the next comes in due time
                self.link = "none"
                return [HangUp()]
            return []
        if self.seated or self.phase is not RedialPhase.JOINING:
            return []  # seated already: the channel does not need the signalling server
        if not self._moved_rooms:
            return self._end("not_found")
        code, key = self._moved_rooms.pop(0)
        self._looked_elsewhere = True
        self.code = code
        self.client.aim(code, key)  # its host must prove the key its player had
        return [Say("looking", code=code), self._place(now)]

    def _tick(self, now: int) -> list[Command]:
        client = self.client
        out: list[Command] = []
        if (self.phase is RedialPhase.JOINING and not self.seated and self.link == "opening"
                and now - self._dialled_at >= CONNECT_TIMEOUT_MS):
            return self._end("unreachable")
        if (self.seated and client.status is ClientStatus.LOST and self.link == "open"
                and not client.host_proved):
            out += self._impostor(now)  # it took our call and never proved anything
            if self.over:
                return out
        if client.status is ClientStatus.LOST:
            if not self.seated:
                return out + self._end("lost")
            out += self._lost(now)
        if not self.redialing:
            return out
        if client.status is ClientStatus.IN_ROOM:
            return out + self._reconnected()
        decision = client.succession(now)
        if decision is not None:
            out += self._follow(decision, now)
            if self.over:
                return out
        if (client.blocked is None and client.overdue(self.code, now)
                and client.block(self.code, "nobody")):
            out.append(self._impostor_news(max(self.tries, 1)))  # that successor never came
        return out + self._retry(now)

    # --- steps --------------------------------------------------------------------------------

    def _place(self, now: int) -> Dial:
        """A first-visit dial (the connect deadline runs from here)."""
        self._dialled_at = now
        self.link = "opening"
        return Dial(self.code)

    def _end(self, why: EndWhy) -> list[Command]:
        self.phase = RedialPhase.ENDED
        return [End(why)]

    def _lost(self, now: int) -> list[Command]:
        """The host went quiet or the channel closed: keep the table, say so, re-dial."""
        if self.redialing:
            return []
        self.phase = RedialPhase.REDIALING
        self.tries = 0
        self._next_try = now + RETRY_MS // 2
        return [Say("reconnecting", 1)]

    def _reconnected(self) -> list[Command]:
        self.phase = RedialPhase.SEATED
        self._impostor_seen = False
        if self._following:
            self._following = False
            return [Say("moved", code=self.code)]
        return [Say("back")]

    def _impostor(self, now: int) -> list[Command]:
        """The peer at the address failed the host check: it got our hello and nothing else.
        Hang up; a first visit stops here, a seated player keeps re-dialling (or, at a
        successor's code, the succession stops there)."""
        client = self.client
        self.link = "none"
        out: list[Command] = [HangUp()]
        if not self.seated:
            return out + self._end("impostor")
        self._impostor_seen = True
        self._relay_seen = client.unverified == "relayed"
        out += self._lost(now)
        view = client.view
        old_room = view.get("room") if isinstance(view, dict) else None
        if self.code != old_room:  # a successor's code, held by a stranger: the room stops
            client.block(self.code, "impostor")
        self._next_try = now + RETRY_MS
        out.append(self._impostor_news(max(self.tries, 1)))
        return out

    def _impostor_news(self, tries: int) -> Say:
        if self.client.blocked in BLOCKED_REASONS:
            return Say("blocked", tries, self.code)
        return Say("relayed" if self._relay_seen else "impostor", tries)

    def _follow(self, decision: tuple[str, str], now: int) -> list[Command]:
        """The host is gone for good: host the next room ourselves, or go where it moved."""
        kind, code = decision
        if kind == "host":
            self.phase = RedialPhase.HOSTING
            return [Host(code)]
        if code == self.code:
            return []
        self.code = code
        self.phase = RedialPhase.MOVING
        self._impostor_seen = False
        self._following = True
        self.client.move_to(code, now)  # its host must prove the key its player had
        self._next_try = 0  # dial the new room now
        return [Pin(code), Say("following", code=code)]

    def _retry(self, now: int) -> list[Command]:
        """Dial again unless a dial is under way (opening, or open and waiting for the host)."""
        if self.link == "open" and self.client.status is not ClientStatus.LOST:
            return []  # hello sent; the client repeats it and notices silence by itself
        if self.link == "opening" and now - self._try_started < ATTEMPT_MS:
            return []  # still negotiating
        if now < self._next_try:
            return []
        self._next_try = now + RETRY_MS
        self._try_started = now
        self.tries += 1
        self.link = "opening"
        if (self._impostor_seen and not self._following) or self.client.blocked is not None:
            news: Say = self._impostor_news(self.tries)
        else:
            news = Say("reconnecting_moved" if self._following else "reconnecting", self.tries)
        return [news, Dial(self.code)]

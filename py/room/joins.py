"""Who sits in the host's room: the handshake and joins, the door (approval, removal),
rejoining, and seats given up or left.

Every connection opens with ``hello`` → ``challenge`` → ``join`` (:mod:`room.identity`): a
seat belongs to a public key, and a join counts only with a signature over this connection's
fresh challenge, so no token travels and a recorded join opens nothing. The door
(:mod:`room.admission`) knows players by their keys as well.
"""

from __future__ import annotations

import secrets

from room.admission import invited
from room.bots import Level
from room.errors import Code, InvalidName, RoomError
from room.events import Close, Outgoing
from room.identity import PEER_ID_RE, challenge_text, check, join_text
from room.messages import (
    Admit,
    Bot,
    Challenge,
    Closed,
    Hello,
    Join,
    Kick,
    Leave,
    SetApproval,
    Waiting,
)
from room.names import clean_name, unique_name
from room.pacing import JOIN_COST, PacedRoom
from room.roomstate import BOT_PEER, LOCAL_PEER, MAX_PLAYERS, BotPlace, RoomPhase, Seat

JOIN_TIMEOUT_MS = 15000  # a connection that never joins is cut off after this
MAX_BAD_JOINS = 3
"""Joins with a bad signature one connection may send before it is cut (``join/bad_signature``):
our client signs each challenge once; a retry crossing a new challenge may fail once."""
AWAY_SEAT_MS = 60_000
"""A guest disconnected this long, with no stake in a running hand, gives up the seat (it
moves to ``departed``: the ledger row stays and their key still brings them back, if a seat
is free). So connections that come and go cannot fill the room for good."""


WAITING_TEXT = "The host has been asked to let you in; please wait."
NO_INVITE_TEXT = ("the host lets newcomers in by invitation: open the room's link from the "
                  "host (the room code alone is not enough)")


class Joins(PacedRoom):
    """Joins, the door and leaving (see the module's docstring)."""

    def on_hello(self, peer: str, seat: Seat | None, msg: Hello) -> list[Outgoing]:
        """Prove this room's key over the guest's fresh nonce and one of ours, for the caller
        this connection comes from. A repeated hello (a retry) gets the same challenge, so a
        join already on its way still counts."""
        caller = self.caller_of(peer)
        if not PEER_ID_RE.fullmatch(caller):  # an adapter's id no handshake can name
            return self._reject(peer, Code.JOIN_NO_CALLER, "this connection's caller is unknown")
        current = self._challenges.get(peer)
        if current is None or current[0] != msg.nonce:
            current = (msg.nonce, secrets.token_hex(16))
            self._challenges[peer] = current
        guest_nonce, host_nonce = current
        sig = self._identity.sign(
            challenge_text(self.code, guest_nonce, host_nonce, self.peer_id, caller))
        return [self._send(peer, Challenge(self.key, host_nonce, sig, caller))]

    def on_join(self, peer: str, seat: Seat | None, msg: Join) -> list[Outgoing]:
        """``join``: a seat for a key whose signature over this connection's challenge
        checks out (or a knock, with approval on), else why not."""
        challenge = self._challenges.get(peer)
        if challenge is None:
            return [self._refuse(peer, Code.JOIN_NO_CHALLENGE,
                                           "say hello first, then sign its challenge")]
        caller = self.caller_of(peer)
        if msg.caller != caller:  # signed on someone else's connection, passed on here
            return self._reject(peer, Code.JOIN_RELAYED, (
                f"this join was signed on a connection from {msg.caller} and arrived on one "
                f"from {caller}: someone is passing another player's messages on"))
        out: list[Outgoing] = []
        if not self.in_process(peer) and self._paced:  # the signature check costs most
            out, cut = self._charge(peer, JOIN_COST - 1, 0)
            if cut:
                return out
        signed = join_text(self.code, self.key, *challenge, caller, self.peer_id)
        if not check(msg.key, signed, msg.sig):
            bad = self._bad_joins[peer] = self._bad_joins.get(peer, 0) + 1
            detail = ("the join is not signed for this connection's challenge, room, host and "
                      "caller")
            if bad >= MAX_BAD_JOINS and not self.in_process(peer):
                return [*out, *self._cut_off(peer, Code.JOIN_BAD_SIGNATURE, detail)]
            return [*out, self._refuse(peer, Code.JOIN_BAD_SIGNATURE, detail)]
        return [*out, *self._on_join_checked(peer, seat, msg)]

    def _on_join_checked(self, peer: str, seat: Seat | None, msg: Join) -> list[Outgoing]:
        """A join whose signature checked out: a seat, a knock, or why not."""
        if seat is not None:
            if seat.key == msg.key:  # a duplicate join: same seat, repeat the answer
                return [self._welcome(seat), self._view_message(seat)]
            return [self._refuse(peer, Code.JOIN_ALREADY_JOINED,
                                           f"this connection already sits as {seat.id}")]
        knock = self.door.by_peer(peer)
        if knock is not None:
            if knock.token == msg.key:  # a repeated join while waiting: still waiting
                return [self._send(peer, Waiting(WAITING_TEXT))]
            return [self._refuse(peer, Code.JOIN_WAITING, "this connection already asked "
                                                           "for a seat; wait for the host")]
        if peer in self.bots or any(s.key == msg.key and s.level is not None for s in (
                *self.seats.values(), *self.departed.values())):
            return self._bot_join(peer, msg)
        if (msg.key == self.key) != (peer == LOCAL_PEER):
            return [self._refuse(peer,
                Code.JOIN_BAD_KEY, "only the host's own page joins with the host's key"
                if peer != LOCAL_PEER else "this is not the key of this room's host")]
        try:
            name = clean_name(msg.name)
        except InvalidName as exc:
            return [self._error(peer, exc)]
        if self.door.is_removed(msg.key):
            return self._reject(peer, Code.JOIN_REMOVED, "the host removed you from this room")
        for existing in self.seats.values():
            if existing.key == msg.key:
                return self._rejoin(peer, existing, name)
        for gone in self.departed.values():
            if gone.key == msg.key:
                return self._return_departed(peer, gone, name)
        if len(self.seats) >= MAX_PLAYERS:
            return self._reject(peer, Code.ROOM_FULL, f"the room already has {MAX_PLAYERS} players")
        seat_id = f"p{self._next_seat}"
        claimed = [pid for pid, (_, key) in self._reserved.items() if key == msg.key]
        if claimed:  # back from the room before the succession: same seat, same balance
            seat_id = claimed[0]
            if (seat_id == self.host_id) != (peer == LOCAL_PEER):
                return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                               "this key belongs to a seat you cannot take")]
            name = self._reserved.pop(seat_id)[0]
        elif peer == LOCAL_PEER and self.host_id is not None and self.host_id not in self.seats:
            return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                           "this is not the key of this room's host")]
        elif peer != LOCAL_PEER and self.door.approval:
            if self.door.is_denied(msg.key):
                return self._reject(peer, Code.JOIN_DENIED, "the host did not let you in")
            if not invited(msg.invite, self.invite):
                return self._reject(peer, Code.JOIN_NO_INVITE, NO_INVITE_TEXT)
            return self._knock(peer, name, msg.key)
        else:
            self._next_seat += 1
        return self._take_seat(peer, seat_id, name, msg.key, newcomer=not claimed)

    def _take_seat(
        self, peer: str, seat_id: str, name: str, key: str, newcomer: bool,
        level: str | None = None,
    ) -> list[Outgoing]:
        taken = [s.name for s in self.seats.values()]
        if newcomer:  # a newcomer cannot pass for an old player still on the way back
            taken += [n for n, _ in self._reserved.values()]
        seat = Seat(
            id=seat_id,
            name=unique_name(name, taken),
            key=key,
            peer=peer,
            connected=True,
            queued=self.phase is not RoomPhase.LOBBY,
            last_heard_ms=self.now_ms,
            level=level,
        )
        if peer == LOCAL_PEER and self.host_id is None:
            self.host_id = seat.id
        self.seats[seat.id] = seat
        self.balances.setdefault(seat.id, 0)
        self._attach(seat, peer)
        return [self._welcome(seat), *self._broadcast()]

    def _knock(self, peer: str, name: str, key: str) -> list[Outgoing]:
        """Approval is on: the newcomer waits for the host's answer (``admit``)."""
        try:
            self.door.knock(peer, name, key, self.now_ms)
        except RoomError as exc:
            return self._reject(peer, exc.code, exc.detail)
        self._pending.pop(peer, None)  # not cut off by the join timeout while it waits
        return [self._send(peer, Waiting(WAITING_TEXT)), *self._broadcast()]

    def on_admit(self, peer: str, seat: Seat, msg: Admit) -> list[Outgoing]:
        """``admit``: the host's answer to a newcomer waiting for a seat."""
        knock = self.door.take(msg.request)
        if knock.peer in self._closed_peers:
            raise RoomError(f"{knock.name} has gone", Code.DOOR_UNKNOWN)
        if not msg.accept:
            self.door.deny(knock.token)
            return [*self._reject(knock.peer, Code.JOIN_DENIED,
                                  "the host did not let you in"), *self._broadcast()]
        if len(self.seats) >= MAX_PLAYERS:
            return [*self._reject(knock.peer, Code.ROOM_FULL,
                                  f"the room already has {MAX_PLAYERS} players"),
                    *self._broadcast()]
        seat_id = f"p{self._next_seat}"
        self._next_seat += 1
        return self._take_seat(knock.peer, seat_id, knock.name, knock.token, newcomer=True)

    def _remove(self, target: Seat) -> list[Outgoing]:
        """The host removes ``target``: key barred, seat gone (balance kept), connection
        closed, and a stake in the running hand played out by the game."""
        self.door.remove(target.key)
        self._forget_bot(target.id)
        peer = target.peer
        del self.seats[target.id]
        self.departed[target.id] = target
        self._detach(target)
        out: list[Outgoing] = []
        if peer is not None and peer not in self._closed_peers:
            out += [self._send(peer, Closed("removed")), Close(peer)]
            self._closed_peers.add(peer)
        if self.game is not None:
            self._sync_game()
            self.game.play_out(target.id)
            self.game.tick(self.now_ms)
        return out + self._broadcast()

    def _free_away_seats(self) -> list[Outgoing]:
        """Seats of guests gone :data:`AWAY_SEAT_MS` with nothing at stake move to
        ``departed`` (their key brings them back while a seat is free)."""
        out: list[Outgoing] = []
        for seat in list(self.seats.values()):
            if (
                seat.connected
                or seat.id == self.host_id
                or self.now_ms - seat.last_heard_ms < AWAY_SEAT_MS
                or (self.game is not None and self.game.holds(seat.id))
            ):
                continue
            peer = seat.peer
            del self.seats[seat.id]
            self.departed[seat.id] = seat
            self._detach(seat)
            if peer is not None and peer not in self._closed_peers:
                out.append(Close(peer))  # a silent connection: if it lives, it rejoins
                self._closed_peers.add(peer)
            if self.game is not None:
                self._sync_game()
        return out

    def _rename(self, seat: Seat, name: str) -> None:
        """A returning key keeps its seat under the name it brings now (another device may
        remember another name): one person, one seat and one ledger row, whatever they are
        called. A name another player goes by is made unique, as a newcomer's."""
        others = [s.name for s in self.seats.values() if s.id != seat.id]
        seat.name = unique_name(name, [*others, *(n for n, _ in self._reserved.values())])

    def _rejoin(self, peer: str, seat: Seat, name: str | None = None) -> list[Outgoing]:
        if (seat.id == self.host_id) != (peer == LOCAL_PEER):
            return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                           "this key belongs to a seat you cannot take")]
        if name is not None:
            self._rename(seat, name)
        out: list[Outgoing] = []
        old = seat.peer
        if old is not None and old != peer:
            self._peer_seat.pop(old, None)
            if old not in self._closed_peers:
                out += [self._send(old, Closed("replaced")), Close(old)]
                self._closed_peers.add(old)
        self._attach(seat, peer)
        return [*out, self._welcome(seat), *self._broadcast()]

    def _return_departed(self, peer: str, gone: Seat, name: str) -> list[Outgoing]:
        if peer == LOCAL_PEER:
            return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                           "this key belongs to a seat you cannot take")]
        if len(self.seats) >= MAX_PLAYERS:
            return self._reject(peer, Code.ROOM_FULL, f"the room already has {MAX_PLAYERS} players")
        del self.departed[gone.id]
        self._rename(gone, name)
        gone.queued = self.phase is not RoomPhase.LOBBY
        self.seats[gone.id] = gone  # seat order: back at the end of the table
        self._attach(gone, peer)
        return [self._welcome(gone), *self._broadcast()]

    def on_leave(self, peer: str, seat: Seat, msg: Leave) -> list[Outgoing]:
        """``leave``: the player goes (the host: the room closes)."""
        out: list[Outgoing] = []
        if seat.id == self.host_id:
            self.phase = RoomPhase.CLOSED
            for other in self.seats.values():
                if other.peer is not None and other.peer not in self._closed_peers:
                    if other.peer == LOCAL_PEER:
                        out.append(self._send(LOCAL_PEER, Closed("left")))
                    else:
                        out += [self._send(other.peer, Closed("host_left")), Close(other.peer)]
                        self._closed_peers.add(other.peer)
            for waiting in list(self._pending):
                out += self._reject(waiting, Code.ROOM_CLOSED,
                                    "this room has been closed by its host")
            return out
        gone = seat.peer
        self._forget_bot(seat.id)
        del self.seats[seat.id]
        self.departed[seat.id] = seat
        self._detach(seat)
        if gone is not None:
            out += [self._send(gone, Closed("left")), Close(gone)]
            self._closed_peers.add(gone)
        return out + self._broadcast()

    def on_kick(self, peer: str, seat: Seat, msg: Kick) -> list[Outgoing]:
        """``kick``: the host removes a player."""
        target = self.seats.get(msg.player)
        if target is None:
            raise RoomError(f"{msg.player} is not seated in this room", Code.KICK_UNKNOWN)
        if target.id == self.host_id:
            raise RoomError("the host cannot remove themselves; close the room instead",
                            Code.KICK_HOST)
        return self._remove(target)

    def on_set_approval(self, peer: str, seat: Seat, msg: SetApproval) -> list[Outgoing]:
        """``set_approval``: newcomers wait for the host's answer, or not."""
        if msg.on == self.door.approval:
            return []
        self.door.approval = msg.on
        return self._broadcast()

    # --- bots: the host's own in-process players (room.bots) --------------------------------

    def on_bot(self, peer: str, seat: Seat, msg: Bot) -> list[Outgoing]:
        """``bot``: the host adds a bot (an invitation: the host's page makes its client,
        which joins on the bot's own peer id like anyone) or removes one (at once, or at the
        end of the hand it has a stake in)."""
        if msg.action == "add":
            invited = sum(1 for place in self.bots.values() if place.seat is None)
            if len(self.seats) + invited >= MAX_PLAYERS:
                raise RoomError(f"the room already has {MAX_PLAYERS} players", Code.ROOM_FULL)
            number, level = self._next_bot, Level(str(msg.level))
            self._next_bot += 1
            self.bots[f"{BOT_PEER}{number}"] = BotPlace(
                level.value, f"{level.value.capitalize()} bot {number}")
            return []  # nothing shows yet: its join does
        assert msg.player is not None  # the message's own check: remove names a player
        target = self.seats.get(msg.player)
        if target is None:
            raise RoomError(f"nobody sits as {msg.player} in this room", Code.BOT_UNKNOWN)
        if target.level is None:
            raise RoomError(f"{target.name} is a person, not a bot (a person is removed with "
                            "kick)", Code.BOT_NOT_A_BOT)
        if target.leaving:
            return []  # asked twice: it goes at the hand's end already
        if self.game is not None and self.game.holds(target.id):
            target.leaving = True  # it plays its hand out, as a person who leaves would
            return self._broadcast()
        return [*self._drop_bot(target), *self._broadcast()]

    def _bot_join(self, peer: str, msg: Join) -> list[Outgoing]:
        """A join on a bot's peer, or with a bot's key: only the bot the host added, on its
        own peer (a new seat, or its seat again after the host's page reloaded)."""
        place = self.bots.get(peer)
        if place is None:  # a seated bot's key from elsewhere: only its page has the token
            return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                 "this key belongs to a seat you cannot take")]
        if place.seat is not None:
            seat = self.seats.get(place.seat)
            if seat is None or seat.key != msg.key:
                return [self._refuse(peer, Code.JOIN_BAD_KEY,
                                     "this is not the key of the bot of this peer")]
            return self._rejoin(peer, seat)
        if any(s.key == msg.key for s in (*self.seats.values(), *self.departed.values())):
            return [self._refuse(peer, Code.JOIN_BAD_KEY, "a bot joins with a key of its own")]
        if len(self.seats) >= MAX_PLAYERS:  # a person took the last seat meanwhile
            del self.bots[peer]
            return self._reject(peer, Code.ROOM_FULL,
                                f"the room already has {MAX_PLAYERS} players")
        seat_id = f"p{self._next_seat}"
        self._next_seat += 1
        place.seat = seat_id
        return self._take_seat(peer, seat_id, place.name, msg.key, newcomer=True,
                               level=place.level)

    def _drop_bot(self, seat: Seat) -> list[Outgoing]:
        """The bot leaves its seat (its ledger row stays, as anyone's who left) and its
        client is told and closed: the host's page lets it go. The caller sends the views."""
        peer = seat.peer
        self._forget_bot(seat.id)
        del self.seats[seat.id]
        self.departed[seat.id] = seat
        self._detach(seat)
        seat.leaving = False
        out: list[Outgoing] = []
        if peer is not None and peer not in self._closed_peers:
            out += [self._send(peer, Closed("removed")), Close(peer)]
            self._closed_peers.add(peer)
        self._sync_game()
        return out

    def _forget_bot(self, seat_id: str) -> None:
        for peer, place in list(self.bots.items()):
            if place.seat == seat_id:
                del self.bots[peer]

    def _broadcast(self) -> list[Outgoing]:
        """Every seat's new view (:meth:`room.pacing.PacedRoom._broadcast`), after the bots
        the host removed during a hand leave, once they have no stake left: the views sent
        are the first without them."""
        out: list[Outgoing] = []
        game = self.game
        for seat in list(self.seats.values()):
            if seat.leaving and (game is None or not game.holds(seat.id)):
                out += self._drop_bot(seat)
        return out + super()._broadcast()

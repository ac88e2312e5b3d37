"""The host's table controls of a table game: pause, a bomb pot called for the next hand, and
a stack edited between hands. (Removing a player is the room's ``kick``: the session plays
their hand out and cashes them out when it ends; changing the game is the room's
``set_game``, which hands the new game this one's books through ``carry_over``.)

They are declared the host's in :mod:`.tablerequests`, so the room has checked that they
come from the host (``auth/not_host``); every refusal here is a ``RoomError`` with a stable
code and changes nothing.

**Pause.** A paused table deals no new hand (the host's Deal is refused with ``game/paused``
and auto-deal waits); the hand being played goes on to its end, turn timer included, so
nobody is held in a hand the host walked away from. A tournament's level clock stops too.

**Bomb pot next hand** (``static/rules/table-games.md#bomb-pot``: one hand called by the
host at a Hold'em, PLO or Hi/Lo table).
The next hand dealt is a PLO double-board bomb pot, played pot-limit whatever the table's
structure (it is *PLO*), with the table's cap; then the table goes back to its game. The
ante is the host's ``amount``, or one big blind of that hand when none is named (the same
default as a bomb-pot table's ante 0). Every seated player with at least the ante is dealt
in; nobody waits for the big blind in it. Refused in a bomb-pot table (every hand already
is one) and in 5-card draw (``table/no_bomb_pot``). Calling it again replaces the ante;
``bomb_pot_off`` calls it off. Allowed in a tournament too: the rules do not exclude it, and
the ante is the level's big blind unless the host names one.

**Stack edit** (cash only, between hands). The host sets a player's stack to ``amount``
chips (0 to the settings' chip limit). In the books it is a buy-in of the chips added or a
cash-out of the chips taken away (``CashBook.edit``, which also keeps the host's edits per
player), so the chips on the table are still exactly those bought and not cashed out, and
the money ledger — hand nets only — is untouched and still sums to zero: an edit moves no
money between players, it changes what the player has in front of them, as if they had
bought or taken home those chips. Refused in a tournament (``table/not_cash``: stacks there
are the competition, chips may not come from nowhere), while a hand is being played or
dealt (``table/hand_running``), for someone without a seat (``table/not_seated``), and
outside 0..limit (``table/bad_amount``).
"""

from __future__ import annotations

from room.errors import RoomError
from rules.poker import Game

from games import catalogue
from games.codes import TableCode

from .settings import MAX_CHIPS
from .tablestate import TableState

BOMB_TABLES = tuple(g for g in Game
                    if (entry := catalogue.entry(g.value)) is not None and entry.bomb_pot)
"""The games in which the host may call a one-off bomb pot (the catalogue's ``bomb_pot``)."""


def pause(game: TableState, on: bool) -> None:
    """Pauses (``on``) or resumes the table; idempotent, so a double click is harmless."""
    game.paused = on
    if game.tournament and game.level_clock is not None:
        (game.level_clock.pause if on else game.level_clock.resume)(game.now)


def call_bomb(game: TableState, ante: int | None) -> None:
    """Makes the next hand a PLO double-board bomb pot with ``ante`` chips each (None: one
    big blind of that hand)."""
    table_game = game.settings.game
    if table_game not in BOMB_TABLES:
        why = ("every hand here is a bomb pot already" if table_game is Game.BOMB_DOUBLE
               else "5-card draw has no boards")
        raise RoomError(f"a bomb pot can be called in a Hold'em, PLO or Omaha Hi/Lo table; "
                        f"{why}", TableCode.TABLE_NO_BOMB_POT)
    if ante is not None and (isinstance(ante, bool) or not isinstance(ante, int)
                             or not 1 <= ante <= MAX_CHIPS):
        raise RoomError(f"a bomb ante is 1 to {MAX_CHIPS:,} chips, not {ante!r}",
                        TableCode.TABLE_BAD_AMOUNT)
    game.bomb_next = 0 if ante is None else ante


def call_off_bomb(game: TableState) -> None:
    """Calls off a bomb pot called for the next hand."""
    if game.bomb_next is None:
        raise RoomError("no bomb pot is called for the next hand", TableCode.TABLE_NO_BOMB_POT)
    game.bomb_next = None


def set_stack(game: TableState, pid: str | None, chips: int | None) -> None:
    """Sets ``pid``'s stack to ``chips`` between hands (cash), booked as a buy-in or a
    cash-out of the difference."""
    if game.tournament:
        raise RoomError("a tournament's stacks cannot be edited", TableCode.TABLE_NOT_CASH)
    if game.hand_running or game.is_dealing():
        raise RoomError("stacks are edited between hands; wait for this hand to end",
                        TableCode.TABLE_HAND_RUNNING)
    sitter = game.seating.by_id.get(pid) if isinstance(pid, str) else None
    if sitter is None:
        raise RoomError(f"{pid!r} has no seat at this table", TableCode.TABLE_NOT_SEATED)
    if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= MAX_CHIPS:
        raise RoomError(f"a stack is 0 to {MAX_CHIPS:,} chips, not {chips!r}",
                        TableCode.TABLE_BAD_AMOUNT)
    if chips == sitter.stack:
        raise RoomError(f"{game.names.get(sitter.pid, sitter.pid)} has {chips} chips already",
                        TableCode.TABLE_BAD_AMOUNT)
    game.book.edit(sitter.pid, chips - sitter.stack)
    sitter.stack = chips

"""Error codes that name a table game's own requests and settings.

The same :class:`room.errors.ErrorCode` as the room's :class:`room.errors.Code` (wire string,
who is to blame, default message), declared here because the room may name no game's
requests or settings (``tests/test_layers.py``). A ``settings/<field>`` code names the
lobby's field the refusal points at (``web.gameform.field_of``).

>>> TableCode.CASH_BUY_IN == "cash/buy_in", TableCode.SETTINGS_ANTE.blame
(True, <Blame.SETTINGS: 'settings'>)
"""

from __future__ import annotations

from room.errors import Blame, ErrorCode


class TableCode(ErrorCode):
    """The table games' own codes (seats and stacks, buy-ins, their settings' fields)."""

    TABLE_NOT_SEATED = "table/not_seated", Blame.PEER, "no seat at this table"
    TABLE_NOT_WAITING = "table/not_waiting", Blame.PEER, "not waiting for the big blind"
    TABLE_NOT_CASH = "table/not_cash", Blame.PEER, "only a cash table does that"
    TABLE_HAND_RUNNING = "table/hand_running", Blame.PEER, "wait until the hand is over"
    TABLE_NO_BOMB_POT = "table/no_bomb_pot", Blame.PEER, "no bomb pot here"
    TABLE_BAD_AMOUNT = "table/bad_amount", Blame.PEER, "that amount cannot be used"
    TABLE_NO_PICK = "table/no_pick", Blame.PEER, "it is not your pick of the game"
    TABLE_PICKING = "table/picking", Blame.PEER, "the button is picking the next game"
    CASH_BUY_IN = "cash/buy_in", Blame.PEER, "that buy-in cannot be used"
    CASH_IN_HAND = "cash/in_hand", Blame.PEER, "buy more chips between hands"
    SETTINGS_MODE = "settings/mode", Blame.SETTINGS, "the table's mode cannot change"
    SETTINGS_CHIP_CENTS = "settings/chip_cents", Blame.SETTINGS, "a chip's value cannot change"
    SETTINGS_SMALL_BLIND = "settings/small_blind", Blame.SETTINGS, "the blinds do not fit"
    SETTINGS_BUY_IN_BB = "settings/buy_in_bb", Blame.SETTINGS, "the buy-ins do not fit"
    SETTINGS_CAP = "settings/cap", Blame.SETTINGS, "fixed-limit is always capped"
    SETTINGS_MAX_BUY_IN_BB = "settings/max_buy_in_bb", Blame.SETTINGS, "the buy-in is too big"
    SETTINGS_ANTE = "settings/ante", Blame.SETTINGS, "the ante does not fit the forced bets"

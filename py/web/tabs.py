"""Two tabs of one browser in one room: the newer tab takes the seat over.

A guest's page registers its own signalling id (:func:`room.identity.signalling_id`, from its
token). A newer tab of the same browser with the same token finds that id registered and says
so on a ``BroadcastChannel``; the older tab hears it, ends ("you joined from another tab") and
lets the id go at once. No ``BroadcastChannel``: the newer tab takes another id after a few
tries (see :mod:`web.guestpage`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from pyscript import window
from room.client import new_token
from room.identity import signalling_id

from web.dom import Handlers

TAB_CHANNEL = "omaha-signalling-id"  # BroadcastChannel: a newer tab asks for our id


class TabHandover:
    """This tab's end of the channel between tabs (see the module)."""

    def __init__(self, token: str, on_replaced: Callable[[], None]) -> None:
        self.token = token
        self.on_replaced = on_replaced
        self.channel: Any = None
        self.tab = new_token()  # tells this tab's own messages apart
        self.holds_id = False  # our node registered our own signalling id

    def listen(self, handlers: Handlers) -> None:
        """Hear a newer tab of this browser asking for our signalling id (same token)."""
        if self.channel is not None:
            return
        with suppress(Exception):  # (no BroadcastChannel: the newer tab takes another id)
            self.channel = window.BroadcastChannel.new(TAB_CHANNEL)
            handlers.listen(self.channel, "message", self.on_message)

    def tell_older_tab(self) -> None:
        """Our id is registered already: ask the tab that holds it to let it go."""
        with suppress(Exception):
            channel = window.BroadcastChannel.new(TAB_CHANNEL)
            channel.postMessage(json.dumps({"id": signalling_id(self.token), "from": self.tab}))
            channel.close()

    def on_message(self, event: Any) -> None:
        try:
            said = json.loads(str(event.data))
        except ValueError:
            return
        if (self.holds_id and isinstance(said, dict) and said.get("from") != self.tab
                and said.get("id") == signalling_id(self.token)):
            self.on_replaced()

    def close(self) -> None:
        if self.channel is not None:
            with suppress(Exception):
                self.channel.close()
            self.channel = None

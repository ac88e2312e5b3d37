"""The host's seat controls in the page: who asks to join (Approve / Deny), the approval
switch, and removing a player. Reads only the host's view; decides nothing (the room does).

Keyboard and screen readers: the controls are fixed elements of index.html, so a redraw never
steals focus; the request list is rebuilt only when the requests change, and then focus moves
to the next request (or the switch) if it was in the list. A new request is announced once
("Zed asks to join…") in a polite live region. Removing someone asks first, in the page's own
modal dialog (``window.confirm`` would stop the host's page, which deals for everyone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyscript import document

from web.dom import by_id, make, notice
from web.hosttext import removal_words
from web.viewdata import records


class Door:
    """The door's controls for one session (``session.client`` builds, ``session.request``
    sends)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.requests: tuple[tuple[str, str], ...] = ()
        self.announced: set[str] = set()
        self.players: tuple[tuple[str, str], ...] | None = None  # None: never drawn
        self.names: dict[str, str] = {}

    # --- wiring ---------------------------------------------------------------------------

    def wire(self, handlers: Any) -> None:
        handlers.listen(by_id("request-list"), "click", self.on_request_click)
        handlers.listen(by_id("approval-toggle"), "change", self.on_approval)
        handlers.listen(by_id("kick-btn"), "click", self.on_kick)

    def on_request_click(self, event: Any) -> None:
        from pyscript.ffi import is_none

        button = event.target.closest("button")
        if is_none(button) or not button.dataset.request:
            return
        client = self.session.client
        if client is None:
            return
        accept = str(button.dataset.accept) == "yes"
        self.session.request(client.admit(str(button.dataset.request), accept))

    def on_approval(self, _event: Any = None) -> None:
        client = self.session.client
        if client is not None:
            self.session.request(client.set_approval(bool(by_id("approval-toggle").checked)))

    def on_kick(self, _event: Any = None) -> None:
        client = self.session.client
        pid = str(by_id("kick-select").value)
        if client is None or not pid:
            notice("Choose the player to remove first.", "error")
            by_id("kick-select").focus()
            return
        name = self.names.get(pid, pid)

        def remove() -> None:
            self.session.request(client.kick(pid))
            notice(f"{name} was removed from the room.")

        view = client.view if isinstance(client.view, Mapping) else {}
        self.session.ask(f"Remove {name}?", "Remove", removal_words(name, view), remove,
                         stay="Cancel")

    # --- drawing --------------------------------------------------------------------------

    def render(self, view: Mapping[str, object], is_host: bool) -> None:
        """Show the door to the host (lobby and table), hide it from everyone else."""
        tools, box = by_id("host-tools"), by_id("door-requests")
        playing = view.get("phase") in ("lobby", "playing")
        tools.hidden = not (is_host and playing)
        if not is_host or not playing:
            box.hidden = True
            return
        settings = view.get("settings")
        approval = isinstance(settings, Mapping) and settings.get("approval") is True
        toggle = by_id("approval-toggle")
        if toggle.checked != approval:
            toggle.checked = approval
        self.render_requests(view.get("requests"))
        self.render_players(view)

    def render_requests(self, raw: Any) -> None:
        requests = tuple(
            (str(r.get("id", "")), str(r.get("name", "")))
            for r in (raw if isinstance(raw, list) else []) if isinstance(r, Mapping)
        )
        box = by_id("door-requests")
        box.hidden = not requests
        if requests == self.requests:
            return  # nothing changed: leave the list (and the focus in it) alone
        listing = by_id("request-list")
        had_focus = bool(listing.contains(document.activeElement))
        self.requests = requests
        items = []
        for rid, name in requests:
            item = make("li", cls="request")
            item.dataset.request = rid
            item.appendChild(make("span", name, "request-name"))
            for accept, label in (("yes", "Approve"), ("no", "Deny")):
                button = make("button", label, "btn" + (" btn-primary" if accept == "yes"
                                                         else " btn-quiet"))
                button.type = "button"
                button.dataset.request = rid
                button.dataset.accept = accept
                button.setAttribute("aria-label", f"{label} {name}")
                item.appendChild(button)
            items.append(item)
        listing.replaceChildren(*items)
        new = [name for rid, name in requests if rid not in self.announced]
        self.announced.update(rid for rid, _ in requests)
        if new:
            who = ", ".join(new)
            verb = "asks" if len(new) == 1 else "ask"
            by_id("door-announce").textContent = (
                f"{who} {verb} to join the room: Approve or Deny under Asking to join.")
        if had_focus:
            first = listing.querySelector("button")
            (first if first else by_id("approval-toggle")).focus()

    def render_players(self, view: Mapping[str, object]) -> None:
        host = view.get("host")
        players = tuple(
            (str(p.get("id", "")), str(p.get("name", "")))
            for p in records(view, "players")
            if p.get("id") != host and p.get("kind") != "bot"
        )  # a bot is removed under Bots (web.bots), between hands
        self.names = dict(players)
        if players == self.players:
            return
        self.players = players
        select = by_id("kick-select")
        chosen = str(select.value)
        options = [make("option", "Choose a player…")]
        options[0].value = ""
        for pid, name in players:
            option = make("option", name)
            option.value = pid
            options.append(option)
        select.replaceChildren(*options)
        select.value = chosen if chosen in self.names else ""
        by_id("kick-btn").disabled = not players

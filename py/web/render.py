"""Views → DOM (menu and lobby; the table is :mod:`web.table`). Reads only the view dict the
room sent this player; decides nothing.

Names and everything else from the wire are set with ``textContent``: a player called
``<img src=x onerror=...>`` is shown as exactly those characters.
"""

from __future__ import annotations

import json
from typing import Any

from games import catalogue
from games.catalogue import Screen
from games.ultimatesettings import base_cents_of
from pyscript import document

from web.bottext import bot_words
from web.dom import by_id, make, show_screen, table_part
from web.gametext import money


def player_item(player: dict[str, Any], you: str | None, balances: bool = False) -> Any:
    """One row of the player list: name, badges, connection state, and the balance when
    money has moved in this session (e.g. a room reopened by a new host keeps its ledger)."""
    item = make("li", cls="player")
    item.dataset.player = str(player.get("id", ""))
    connected = bool(player.get("connected"))
    item.dataset.connected = "yes" if connected else "no"
    item.appendChild(make("span", str(player.get("name", "")), "player-name"))
    if player.get("is_host"):
        item.appendChild(make("span", "host", "badge badge-host"))
    if player.get("id") == you:
        item.appendChild(make("span", "you", "badge badge-you"))
    if player.get("queued"):
        item.appendChild(make("span", "joins next hand", "badge badge-queued"))
    if bot_words(player):
        item.appendChild(make("span", bot_words(player), "badge badge-bot"))
    if balances:
        item.appendChild(make("span", money(player.get("balance_cents")), "player-balance"))
    conn = make("span", "online" if connected else "disconnected", "conn")
    conn.classList.add("conn-on" if connected else "conn-off")
    item.appendChild(conn)
    return item


def render_lobby(view: dict[str, Any], is_host: bool, link: str) -> None:
    """Fill the lobby screen from ``view`` (the whitelisted lobby view)."""
    you = view.get("you")
    code = str(view.get("room", ""))
    players = [p for p in view.get("players", []) if isinstance(p, dict)]
    base = base_cents_of(view.get("settings") or {})  # Ultimate Omaha's setting (the bet card)
    # Redrawn only when it changed: the view comes at every action of a hand, and this ran
    # in each redraw of a game too (the room chip, the leave labels). What was drawn is kept
    # on the list.
    drawn = json.dumps([you, players, code, base, is_host, link], sort_keys=True)
    box = by_id("player-list")
    if box.getAttribute("data-drawn") == drawn:
        return
    by_id("lobby-code").textContent = code
    chip = by_id("room-chip")
    chip.textContent = f"Room {code}"
    chip.hidden = False
    share = by_id("share-link")
    if share.value != link:
        share.value = link

    money_moved = any(p.get("balance_cents") for p in players)
    box.replaceChildren(*[player_item(p, you, money_moved) for p in players])
    box.setAttribute("data-drawn", drawn)
    by_id("player-count").textContent = f"({len(players)} of 10)"

    by_id("bet-display").textContent = money(base)
    bet_form = by_id("bet-form")
    bet_form.hidden = not is_host
    by_id("bet-hint").hidden = not is_host
    bet_input = by_id("bet-input")
    if is_host and document.activeElement != bet_input and isinstance(base, int):
        from rules.money import field_dollars

        bet_input.value = field_dollars(base)
    by_id("start-btn").hidden = not is_host
    by_id("waiting-note").hidden = is_host
    for leave_id in ("leave-btn", "game-leave-btn"):
        by_id(leave_id).textContent = "Close room" if is_host else "Leave room"


LIVE_REGIONS = ("announce", "alert", "readout")
"""The table section's live regions, every game's (the table games show ``#announce`` as the
line under the title)."""


def clear_regions() -> None:
    """Empty the live regions when the table section changes game, so that the other game's
    last words (Ultimate Omaha's showdown, "Press N to deal") are not left on show as this
    game's line; the new game's table says its own from its first view."""
    for region in LIVE_REGIONS:
        by_id(region).textContent = ""


def render_view(view: dict[str, Any], is_host: bool, link: str, table: Any, now: float,
                poker: Any = None, lobby: Any = None) -> None:
    """Show whichever screen the room's phase calls for (``table``: a :class:`web.table.Table`
    for Ultimate Omaha, ``poker``: a :class:`web.pokertable.PokerTable` for the table games,
    both drawing into the one table section; ``lobby``: the lobby's game card,
    :class:`web.lobbygame.LobbyGame`). A table that drew the section less recently than the
    other game's forgets what it drew (the room changed game between hands)."""
    phase = view.get("phase")
    if lobby is not None and phase == "lobby":  # its card is drawn when the lobby shows
        lobby.render(view, is_host)
    game = view.get("game")
    game_id = game.get("game") if isinstance(game, dict) else None
    if phase == "lobby":
        render_lobby(view, is_host, link)
        show_screen("lobby")
    elif phase == "playing" and poker is not None and catalogue.table_game(game_id):
        render_lobby(view, is_host, link)
        if table_part() != Screen.POKER:
            poker.forget()  # Ultimate Omaha drew the shared header and felt meanwhile
            clear_regions()
        poker.render(view, is_host, now)
        show_screen(Screen.POKER.screen, Screen.POKER.value)
    elif phase == "playing":
        render_lobby(view, is_host, link)  # keeps the room chip and leave labels current
        if table_part() != Screen.ULTIMATE:
            table.forget()  # a table game drew the shared header and felt meanwhile
            clear_regions()
        table.render(view, is_host, now)
        show_screen(Screen.ULTIMATE.screen, Screen.ULTIMATE.value)

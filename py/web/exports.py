"""What a player downloads from the table: the ledger (CSV), this browser's hand history
(JSON, from the views it received) and the table game's hands as PokerStars text."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from room.client import GuestClient

from web.dom import notice
from web.files import download


def stars_text(client: GuestClient | None, code: str, whole: Iterable[Any] = ()) -> str:
    """The table-game hands in PokerStars text, as this player saw them: written from the
    history entries its results views filed (each with the player's own hole cards), by the
    same writer as the host's (``games.pokerstars``; it needs no engine, which a guest's page
    never loads). ``whole``: the game's own records of the hands it still holds (the host's
    page), which replace the filed ones (a long hand's view may be shortened)."""
    from games.pokerstars import TABLE, pokerstars_document, room_records

    filed = client.history.values() if client is not None else ()
    return pokerstars_document(room_records(filed, whole), table=f"{TABLE} {code}")


def export(what: str, client: GuestClient | None, code: str,
           stars: Callable[[], str]) -> None:
    """Download the ledger (``csv``), this browser's hand history (``history``) or the hands
    as PokerStars text (``stars``, from ``stars``); a reason in words when there is nothing."""
    from room.errors import ExportError
    from room.export import history_json, ledger_csv

    game = client.view.get("game") if client is not None and client.view else None
    try:
        if what == "csv":
            if not isinstance(game, dict):
                raise ExportError("no game has been played yet")
            text, mime, name = ledger_csv(game), "text/csv", "ledger.csv"
        elif what == "stars":
            text, mime, name = stars(), "text/plain", "hand-history.txt"
        else:
            if client is None or not client.history:
                raise ExportError("no hand has reached the showdown yet")
            text = history_json(client.history.values())
            mime, name = "application/json", "hand-history.json"
    except ExportError as exc:
        notice(f"Nothing to download: {exc}", "error")
        return
    download(f"ultimate-omaha-{code}-{name}", text, mime)

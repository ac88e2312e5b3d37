"""What a player downloads from the table: the ledger (CSV), this browser's hand history
(JSON, from the views it received) and the table game's hands in the formats tools read:
PokerStars text, PHH (``games.phh``) and Open Hand History (``games.ohh``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from room.client import GuestClient

from web.dom import notice
from web.files import download


def room_hands(client: GuestClient | None, whole: Iterable[Any] = ()) -> list[Any]:
    """The table-game hands this player saw: the history entries its results views filed
    (each with the player's own hole cards), ``whole``: the game's own records of the hands
    it still holds (the host's page), which replace the filed ones (a long hand's view may
    be shortened). What every hand-history writer takes (none needs an engine, which a
    guest's page never loads)."""
    from games.pokerstars import room_records

    filed = client.history.values() if client is not None else ()
    return room_records(filed, whole)


def stars_text(client: GuestClient | None, code: str, whole: Iterable[Any] = ()) -> str:
    """The table-game hands in PokerStars text, as this player saw them (:func:`room_hands`),
    by the same writer as the host's (``games.pokerstars``)."""
    from games.pokerstars import TABLE, pokerstars_document

    return pokerstars_document(room_hands(client, whole), table=f"{TABLE} {code}")


def export(what: str, client: GuestClient | None, code: str,
           stars: Callable[[], str], hands: Callable[[], list[Any]] | None = None) -> None:
    """Download the ledger (``csv``), this browser's hand history (``history``) or the hands
    as PokerStars text (``stars``, from ``stars``), PHH (``phh``) or Open Hand History
    (``ohh``), both from ``hands`` (:func:`room_hands`); a reason in words when there is
    nothing."""
    from room.errors import ExportError
    from room.export import history_json, spreadsheet_csv

    game = client.view.get("game") if client is not None and client.view else None
    try:
        if what == "csv":
            if not isinstance(game, dict):
                raise ExportError("no game has been played yet")
            text, mime, name = spreadsheet_csv(game), "text/csv", "ledger.csv"
        elif what == "stars":
            text, mime, name = stars(), "text/plain", "hand-history.txt"
        elif what == "phh":
            from games.phh import phh_document

            records = hands() if hands is not None else room_hands(client)
            text, mime, name = phh_document(records, table=code), "text/plain", "hands.phhs"
        elif what == "ohh":
            from games.ohh import ohh_document

            records = hands() if hands is not None else room_hands(client)
            text, mime, name = ohh_document(records, table=code), "text/plain", "hands.ohh"
        else:
            if client is None or not client.history:
                raise ExportError("no hand has reached the showdown yet")
            text = history_json(client.history.values())
            mime, name = "application/json", "hand-history.json"
    except ExportError as exc:
        notice(f"Nothing to download: {exc}", "error")
        return
    download(f"ultimate-omaha-{code}-{name}", text, mime)

"""Files the page offers for download (ledgers, hand histories), without a server."""

from __future__ import annotations

from pyscript import window

from web.timers import later


def download(filename: str, text: str, mime: str) -> None:
    """Offer ``text`` as a file: a Blob URL clicked through a temporary ``<a download>``."""
    from pyscript.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": f"{mime};charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = window.document.createElement("a")
    link.href = url
    link.download = filename
    link.hidden = True
    window.document.body.appendChild(link)
    link.click()
    link.remove()
    later(lambda: window.URL.revokeObjectURL(url), 60_000)

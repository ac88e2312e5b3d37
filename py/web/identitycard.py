"""The menu's "Play on another device" card: show this browser's recovery code (and its QR
code), or take one from another device, with a confirm step (``index.html`` #identity-card).

Why a confirm step and a warning: the code *is* the player (``room.recovery``); showing it
says so first, and taking one changes who this browser plays as, so it asks before, and a
code that does not read changes nothing. Loaded with the room's modules (``web.later``).
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from room.errors import RecoveryError
from room.recovery import recovery_code, spoken, token_from_code

from web import identitytext, storage
from web.dom import by_id, make, notice
from web.qrcode import qr_matrix, svg_path


class IdentityCard:
    """The card's state: the token waiting for the player's yes (None when none is)."""

    def __init__(self) -> None:
        self.pending: str | None = None

    # --- showing this browser's code ----------------------------------------------------------

    def toggle(self, tab_token: str) -> None:
        if by_id("identity-secret").hidden:
            self.show(tab_token)
        else:
            self.hide()

    def show(self, tab_token: str) -> None:
        """Reveal the code, its QR code and its warning. The identity shown becomes this
        browser's (kept in ``storage``), so the code stays true after this tab closes."""
        token = identitytext.chosen_identity(storage.identity(), storage.latest_room_token(),
                                             tab_token)
        if not token:
            notice("This browser's player cannot be carried by a recovery code.", "error")
            return
        if storage.identity() != token:
            storage.set_identity(token)
        code = recovery_code(token)
        box = by_id("identity-code")
        shown = [make("span", group, "group") for group in code.split("-")]
        for span in shown:
            span.setAttribute("aria-hidden", "true")
        said = make("span", f"Your recovery code: {spoken(code)}.", "sr-only")
        box.replaceChildren(said, *shown)
        box.dataset.code = code
        by_id("identity-key").textContent = identitytext.key_line(token)
        width, d = svg_path(qr_matrix(self.link(code)))
        svg = by_id("identity-qr")
        svg.setAttribute("viewBox", f"0 0 {width} {width}")
        svg.querySelector("path").setAttribute("d", d)
        by_id("identity-secret").hidden = False
        button = by_id("identity-show-btn")
        button.setAttribute("aria-expanded", "true")
        button.textContent = "Hide my recovery code"

    def hide(self) -> None:
        by_id("identity-secret").hidden = True
        by_id("identity-code").replaceChildren()
        by_id("identity-qr").querySelector("path").setAttribute("d", "")
        button = by_id("identity-show-btn")
        button.setAttribute("aria-expanded", "false")
        button.textContent = "Show my recovery code"
        button.focus()

    @staticmethod
    def link(code: str) -> str:
        """This page's address with the code in its fragment (never sent to any server)."""
        here = window.location
        return f"{here.origin}{here.pathname}{identitytext.HASH_PREFIX}{code}"

    def copy(self) -> None:
        code = str(by_id("identity-code").dataset.code or "")
        if not code:
            return
        try:
            window.navigator.clipboard.writeText(code)
            notice("The recovery code is copied. Keep it secret.")
        except Exception:
            notice("This browser would not copy: select the code and copy it by hand.",
                   "error")

    # --- taking another device's code ---------------------------------------------------------

    def check(self, text: str) -> None:
        """Read a typed (or linked) code: a clear complaint at the field and nothing changed,
        or the confirm step."""
        field = by_id("identity-input")
        try:
            token = token_from_code(text)
        except RecoveryError as err:
            self.complain(f"That recovery code does not read: {err.detail}.")
            return
        self.complain("")
        if token == storage.identity():
            notice(identitytext.same_text(token))
            return
        self.pending = token
        by_id("identity-confirm-text").textContent = identitytext.confirm_text(
            token, storage.identity())
        by_id("identity-confirm").hidden = False
        field.setAttribute("aria-invalid", "false")
        by_id("identity-yes-btn").focus()

    def complain(self, text: str) -> None:
        field = by_id("identity-input")
        by_id("identity-error").textContent = text
        if text:
            field.setAttribute("aria-invalid", "true")
            by_id("identity-confirm").hidden = True
            self.pending = None
            field.focus()
        else:
            field.removeAttribute("aria-invalid")

    def confirm(self) -> None:
        """Yes: this browser now plays as the code's player."""
        token = self.pending
        if token is None:
            return
        storage.set_identity(token, forget_tab=True)
        self.pending = None
        by_id("identity-confirm").hidden = True
        by_id("identity-input").value = ""
        if not by_id("identity-secret").hidden:
            self.hide()
        notice(identitytext.done_text(token))
        document.body.dataset.identity = "imported"
        by_id("code-input").focus()

    def cancel(self) -> None:
        self.pending = None
        by_id("identity-confirm").hidden = True
        notice("Nothing changed: this browser plays as before.")
        by_id("identity-input").focus()


def card(holder: Any) -> IdentityCard:
    """The card kept on ``holder`` (the menu), made on first use."""
    found = getattr(holder, "identity_card", None)
    if found is None:
        found = IdentityCard()
        holder.identity_card = found
    return found

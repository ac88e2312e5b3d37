"""One person, one identity, in real browsers: Cy shows their recovery code on the laptop,
their phone (another browser context, 375 px wide) opens the code's QR link, refuses a
mistyped code with a clear message and nothing changed, takes the right one by keyboard
after the confirm step, and joins the room under another name: the same seat and ledger
row, with the balance Cy had, showing the new name and the old one; the laptop's page is
told it was replaced.
"""

from __future__ import annotations

from playwright.sync_api import expect
from tablepage import act, wait_phase

PHONE = (375, 740)
CHARS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def identity(page) -> str | None:
    return page.evaluate("localStorage.getItem('omaha.identity')")


def test_a_recovery_code_takes_a_player_to_their_phone_and_back_to_their_seat(site, new_player):
    host, cy = new_player("host"), new_player("cy")
    for p in (host, cy):
        p.open_site(site)
    cy.wait_ready()
    # The laptop: show the code, with its warning, its QR code and its player key.
    cy.page.click("#identity-show-btn")
    expect(cy.page.locator("#identity-secret")).to_be_visible(timeout=30_000)
    expect(cy.page.locator("#identity-show-btn")).to_have_attribute("aria-expanded", "true")
    expect(cy.page.locator("#identity-warning")).to_contain_text("Keep this code secret")
    code = str(cy.page.locator("#identity-code").get_attribute("data-code"))
    groups = code.split("-")
    assert [len(g) for g in groups] == [6] * 7
    spoken = cy.page.locator("#identity-code .sr-only").inner_text()
    assert spoken.startswith("Your recovery code: " + " ".join(groups[0]))
    assert len(str(cy.page.locator("#identity-qr path").get_attribute("d"))) > 200
    key = cy.page.locator("#identity-key").inner_text().split()[2].rstrip(":")
    cy.screenshot("recovery-code-desktop")
    assert identity(cy.page)  # the code shown is this browser's player from now on

    phone = new_player("phone", viewport=PHONE)  # boots while the others play a hand
    phone.goto(site.url() + "#recover=" + code)

    host.wait_ready()
    room = host.create_room("Hana")
    cy.join("Cy", room)
    host.page.click("#start-btn")
    row = host.page.locator("#ledger-rows tr[data-player='p2']")
    # Until Cy's balance is not zero: a heads-up hand that splits the boards nets nothing, and
    # three such hands in a row failed a run.
    for hand in range(1, 9):
        if hand > 1 and host.page.locator("#next-btn").is_visible():
            host.page.click("#next-btn")
        for p in (host, cy):
            wait_phase(p.page, hand, "preflop")
        act(host.page, "double")
        act(cy.page, "check", last=True)
        for p in (host, cy):
            wait_phase(p.page, hand, "flop")
        act(host.page, "check")
        act(cy.page, "double", last=True)
        expect(row.locator("td").nth(1)).to_have_text(str(hand), timeout=20_000)
        cents = row.locator("td[data-cents]").get_attribute("data-cents")
        if cents not in (None, "0"):
            break
    assert cents not in (None, "0")

    # The phone opened the QR code's link: the code is filled in, the address no longer
    # holds it, and nothing changes before the player says yes.
    phone.wait_ready()
    confirm = phone.page.locator("#identity-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text(f"Play as player {key}")
    assert "recover" not in phone.page.url
    expect(phone.page.locator("#identity-yes-btn")).to_be_focused()
    phone.screenshot("recovery-confirm-phone")
    phone.page.keyboard.press("Tab")
    expect(phone.page.locator("#identity-no-btn")).to_be_focused()
    phone.page.keyboard.press("Enter")
    expect(confirm).to_be_hidden()
    expect(phone.page.locator("#notice")).to_contain_text("Nothing changed")
    assert identity(phone.page) is None

    # A mistyped code: said at the field, nothing changed.
    chars = code.replace("-", "")
    wrong = CHARS[(CHARS.index(chars[10]) + 1) % 32]
    field = phone.page.locator("#identity-input")
    field.fill(chars[:10] + wrong + chars[11:])
    field.press("Enter")
    expect(phone.page.locator("#identity-error")).to_contain_text("mistyped")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(confirm).to_be_hidden()
    assert identity(phone.page) is None

    # Typed as a person would (small letters, spaces), all by keyboard.
    field.fill(" ".join(groups).lower())
    field.press("Enter")
    expect(phone.page.locator("#identity-error")).to_have_text("")
    expect(phone.page.locator("#identity-yes-btn")).to_be_focused()
    phone.page.keyboard.press("Enter")
    expect(phone.page.locator("#notice")).to_contain_text(f"now plays as player {key}")
    assert identity(phone.page) == identity(cy.page)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    phone.screenshot("recovery-imported-phone")

    # Back in the room from the phone under another name: Cy's seat and ledger row.
    phone.enter_name("Cyrus")
    phone.page.fill("#code-input", room)
    phone.page.click("#join-btn")
    phone.wait_screen("game")
    expect(cy.page.locator("body")).to_have_attribute("data-screen", "menu")
    expect(cy.page.locator("#notice")).to_contain_text("from another tab or device")
    for p in (host, phone):
        mine = p.page.locator("#ledger-rows tr[data-player='p2']")
        expect(mine.locator("td").first).to_have_text("Cyrus (was Cy)")
        expect(mine.locator("td[data-cents]")).to_have_attribute("data-cents", str(cents))
        expect(p.page.locator("#ledger-rows tr")).to_have_count(2)
    phone.screenshot("recovery-back-in-seat-phone")

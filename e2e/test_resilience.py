"""Trust and resilience in real browsers: a guest drops and comes back, the host reloads mid-hand,
then the host is gone for good and the room moves on to a new host.

One scenario on purpose (each page boots Pyodide, ≈4 CPU-s on two cores): one host and two
guests, plus one page for the guest who reopens the link and one reload of the host.

(a) Bo's page is closed mid-hand: the others see Bo disconnected, Bo's decisions become
    automatic Checks after the grace period (5 s), Bo settles at the showdown; Bo reopens the
    room link in a new page of the same browser and is back in the seat with the balance.
(b) The host reloads mid-hand: same code, same hand; the guests reconnect by themselves and
    the hand settles as the rules layer says.
(c) The host's page closes for good: after ~30 s the earliest-joined guest (Ann) opens the
    next room, Bo follows, the ledger carries over and a new hand is played.

The figures (drop notice, reload recovery, succession) are printed, never asserted on time.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect
from room.codes import peer_id_for
from room.config import peer_options
from room.host import DEFAULT_GRACE_S
from rules.money import format_money
from tablepage import (
    act,
    download_text,
    hole,
    load_json,
    seat_three,
    seats,
    settle_entry,
    wait_phase,
)

from conftest import Player

SLOW = 60_000  # generous waits for a loaded 2-core machine
SQUAT_JS = """async ([id, options]) => {
  for (let i = 0; i < 100; i++) {
    const peer = new Peer(id, options);
    const got = await new Promise((done) => {
      peer.on('open', () => done('open'));
      peer.on('error', (e) => done(e.type));
    });
    if (got === 'open') { window.__squatter = peer; return i; }
    peer.destroy();
    await new Promise((done) => setTimeout(done, 50));
  }
  return -1;
}"""


def seat_of(page: Page, name: str):
    """The seat box whose name is exactly ``name`` (hand names such as "Boat" contain "Bo")."""
    exact = page.locator(".seat-name", has_text=re.compile(f"^{re.escape(name)}$"))
    return page.locator("#seats .seat").filter(has=exact)


def settle_last(p: Player, tmp_path, tag: str, balances: dict[str, int]) -> dict:
    """Settle the newest hand of ``p``'s history export with the rules layer; add the nets to
    ``balances`` (by name) and return the entry."""
    history = load_json(download_text(p.page, "#export-history-btn", tmp_path / f"{tag}.json"))
    entry = history["hands"][-1]
    result = settle_entry(entry)
    assert sum(result.nets().values()) == 0
    for player in entry["players"]:
        balances[player["name"]] = balances.get(player["name"], 0) + result.net(player["id"])
    return entry


def check_balances(pages: list[Page], balances: dict[str, int]) -> None:
    assert sum(balances.values()) == 0
    for page in pages:
        for name, cents in balances.items():
            expect(seat_of(page, name).locator(".seat-balance")).to_have_text(
                format_money(cents), timeout=SLOW)
        expect(page.locator("#ledger-total")).to_have_text("$0")


def test_drop_rejoin_reload_and_succession(site, new_player, tmp_path):
    host, ann, bo = new_player("host"), new_player("ann"), new_player("bo")
    code = seat_three(site, host, ann, bo)
    host.page.click("#start-btn")
    for p in (host, ann, bo):
        wait_phase(p.page, 1, "preflop", timeout=SLOW)
    host.page.select_option("#grace-select", "5")
    expect(ann.page.locator("#check-btn")).to_be_visible()

    # (a) Bo's page vanishes mid-hand.
    t0 = time.monotonic()
    bo.page.close()
    for p in (host, ann):
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "no", timeout=SLOW)
    drop_notice = time.monotonic() - t0
    act(host.page, "check")
    act(ann.page, "double", last=True)
    for p in (host, ann):
        wait_phase(p.page, 1, "flop", timeout=SLOW)
    act(host.page, "double")
    act(ann.page, "check", last=True)
    for p in (host, ann):
        wait_phase(p.page, 1, "results", timeout=SLOW)
        # At the showdown there is nothing to choose: the buttons are gone, not just grey.
        expect(p.page.locator("#check-btn")).to_be_hidden()
        expect(p.page.locator("#double-btn")).to_be_hidden()
    balances: dict[str, int] = {}
    entry = settle_last(host, tmp_path, "hand1", balances)
    bo_row = next(r for r in entry["players"] if r["name"] == "Bo")
    assert bo_row["auto"] == ["preflop", "flop"] and bo_row["stake_cents"] == 100
    assert seats(host.page)["Bo"]["total"] is not None  # Bo settled at the showdown
    check_balances([host.page, ann.page], balances)
    host.screenshot("resilience-dropped-settled")

    # Bo opens the room link again in a new page of the same browser: back in the seat.
    bo = Player(bo.context, bo.context.new_page(), "bo2")
    bo.page.on("console", lambda msg: bo.console.append(f"{msg.type}: {msg.text}"))
    bo.goto(site.url(f"room={code}"))
    bo.wait_ready()
    bo.wait_screen("game", timeout=SLOW)
    expect(bo.page.locator(".seat-you .seat-name")).to_have_text("Bo")
    expect(bo.page.locator(".seat-you .seat-balance")).to_have_text(format_money(balances["Bo"]))
    wait_phase(bo.page, 1, "results")
    assert hole(bo.page) == bo_row["hole"]  # the cards Bo was dealt before the page closed
    for p in (host, ann):
        expect(seat_of(p.page, "Bo")).to_have_attribute("data-connected", "yes", timeout=SLOW)
        expect(seat_of(p.page, "Bo").locator(".conn")).to_have_text("online")
    check_balances([host.page, ann.page, bo.page], balances)
    bo.screenshot("resilience-rejoined")

    # (b) Hand 2: the host reloads mid-hand, after Ann chose.
    host.page.click("#next-btn")
    for p in (host, ann, bo):
        wait_phase(p.page, 2, "preflop", timeout=SLOW)
    # A guest's hand history survives a reload of the page: hand 1 is no longer in
    # any view, yet it is listed under "Recent hands" and in the download.
    # A long grace for this step: on a loaded machine the way back may outlast hand 1's 5 s,
    # and an automatic Check would leave nothing to act on (the time is printed, not asserted).
    host.page.select_option("#grace-select", "60")
    expect(host.page.locator("#grace-select")).to_have_value("60")
    t0 = time.monotonic()
    bo.page.reload()
    bo.wait_ready()
    wait_phase(bo.page, 2, "preflop", timeout=SLOW)
    expect(bo.page.locator("#check-btn")).to_be_enabled(timeout=SLOW)
    back_to_act = time.monotonic() - t0  # reopen → seated and able to act
    expect(bo.page.locator("#recent-hands li")).to_have_count(1)
    expect(bo.page.locator("#recent-hands li").first).to_contain_text("Hand 1 — you ")
    bo_history = load_json(download_text(bo.page, "#export-history-btn",
                                         tmp_path / "bo-history.json"))
    assert [h["hand_no"] for h in bo_history["hands"]] == [1]
    holes = {name: hole(p.page) for name, p in (("Hana", host), ("Ann", ann), ("Bo", bo))}
    act(ann.page, "double")
    expect(seat_of(host.page, "Ann")).to_have_attribute("data-acted", "yes")
    t0 = time.monotonic()
    host.page.reload()
    for p in (ann, bo):
        expect(p.page.locator("body")).to_have_attribute("data-conn", "reconnecting",
                                                          timeout=SLOW)
    ann.screenshot("resilience-guest-reconnecting")
    host.wait_screen("game", timeout=SLOW)
    for name in ("Ann", "Bo"):
        expect(seat_of(host.page, name)).to_have_attribute("data-connected", "yes",
                                                            timeout=SLOW)
    for p in (ann, bo):
        expect(p.page.locator("body")).to_have_attribute("data-status", "in_room", timeout=SLOW)
        expect(p.page.locator("body")).not_to_have_attribute("data-conn", "reconnecting")
    reload_recovery = time.monotonic() - t0
    reopen_tries = host.page.locator("body").get_attribute("data-reopen-tries")
    host.screenshot("resilience-host-reopened")
    expect(host.page.locator("#lobby-code")).to_have_text(code)
    for name, p in (("Hana", host), ("Ann", ann), ("Bo", bo)):
        wait_phase(p.page, 2, "preflop")
        assert hole(p.page) == holes[name], name  # the same hand goes on
    expect(seat_of(host.page, "Ann")).to_have_attribute("data-acted", "yes")
    expect(ann.page.locator("#double-btn")).to_be_disabled()
    act(host.page, "check")
    act(bo.page, "double", last=True)
    for p in (host, ann, bo):
        wait_phase(p.page, 2, "flop", timeout=SLOW)
    # A second reload, while someone else holds the room's PeerJS id (as an old registration
    # does when a host's network drops): the page shows the saved table, says it is reopening,
    # retries, and gets the id as soon as it is free.
    act(ann.page, "check")
    expect(seat_of(host.page, "Ann")).to_have_attribute("data-acted", "yes")
    host.page.reload(wait_until="commit")
    tries = ann.page.evaluate(SQUAT_JS, [peer_id_for(code), peer_options(site.signal, "none")])
    assert tries >= 0, "could not hold the room's id"
    expect(host.page.locator("#conn-banner")).to_contain_text("try 2", timeout=SLOW)
    expect(host.page.locator("body")).to_have_attribute("data-conn", "reopening")
    host.page.locator("#phase-label").wait_for(state="visible", timeout=SLOW)
    expect(host.page.locator("#phase-label")).to_have_attribute("data-phase", "flop")
    host.screenshot("resilience-host-reopening")
    t0 = time.monotonic()
    ann.page.evaluate("window.__squatter.destroy()")
    expect(host.page.locator("body")).to_have_attribute("data-conn", "reopened", timeout=SLOW)
    for name in ("Ann", "Bo"):
        expect(seat_of(host.page, name)).to_have_attribute("data-connected", "yes",
                                                            timeout=SLOW)
    squat_recovery = time.monotonic() - t0
    squat_tries = host.page.locator("body").get_attribute("data-reopen-tries")
    assert int(squat_tries or 0) >= 2
    expect(seat_of(host.page, "Ann")).to_have_attribute("data-acted", "yes")
    act(host.page, "check")
    act(bo.page, "check", last=True)
    for p in (host, ann, bo):
        wait_phase(p.page, 2, "results", timeout=SLOW)
    entry = settle_last(host, tmp_path, "hand2", balances)
    stakes = {r["name"]: r["stake_cents"] for r in entry["players"]}
    assert stakes == {"Hana": 100, "Ann": 200, "Bo": 200}
    assert [str(c) for c in entry["players"][0]["hole"]] == holes[entry["players"][0]["name"]]
    check_balances([host.page, ann.page, bo.page], balances)

    # (c) The host's page closes for good in the middle of hand 3: Ann (earliest-joined
    # guest) hosts the next room, and everyone is told that hand 3 is void.
    host.page.click("#next-btn")
    for p in (host, ann, bo):
        wait_phase(p.page, 3, "preflop", timeout=SLOW)
    act(ann.page, "double")
    t0 = time.monotonic()
    host.page.close()
    for p in (ann, bo):
        expect(p.page.locator("body")).to_have_attribute("data-conn", "reconnecting",
                                                          timeout=SLOW)
    bo.screenshot("resilience-host-gone-reconnecting")
    expect(ann.page.locator("#conn-banner")).to_contain_text(
        "The host left; you are now hosting room", timeout=90_000)
    # The banner comes first; the lobby shows the new code once the new room's view arrives.
    banner_text = ann.page.inner_text("#conn-banner")
    found = re.search(r"now hosting room ([A-Z0-9]{7})", banner_text)
    assert found, banner_text
    new_code = found.group(1)
    assert new_code != code
    expect(bo.page.locator("#conn-banner")).to_contain_text(
        f"The host left; the room moved to {new_code} (hosted by Ann)", timeout=SLOW)
    void = "Hand 3 was void: its cards left with the old host, so no money moved for it."
    assert void in banner_text, banner_text
    expect(bo.page.locator("#conn-banner")).to_contain_text(void)
    for p in (ann, bo):
        p.wait_screen("lobby", timeout=SLOW)
        expect(p.page.locator("#lobby-code")).to_have_text(new_code, timeout=SLOW)
        expect(p.page.locator("#room-chip")).to_have_text(f"Room {new_code}")
        assert f"room={new_code}" in p.page.url  # the address follows the room
    expect(ann.page.locator("#player-list .player[data-connected='yes']")).to_have_count(
        2, timeout=SLOW)
    succession = time.monotonic() - t0
    for p in (ann, bo):  # the lobby of the new room shows the carried balances (if any moved)
        for name in ("Ann", "Bo") if any(balances.values()) else ():
            row = p.page.locator("#player-list .player", has=p.page.locator(
                ".player-name", has_text=re.compile(f"^{name}$")))
            expect(row.locator(".player-balance")).to_have_text(format_money(balances[name]))
    ann.screenshot("resilience-new-host")
    bo.screenshot("resilience-new-room-guest")

    # The old host comes back to her old link (a new page of her browser): the room is
    # gone, so her page looks where its players moved, and her token gives back her own row,
    # name and balance — not a new "Hana (2)" at $0.
    hana = Player(host.context, host.context.new_page(), "hana2")
    hana.page.on("console", lambda msg: hana.console.append(f"{msg.type}: {msg.text}"))
    hana.goto(site.url(f"room={code}"))
    hana.wait_ready()
    hana.wait_screen("lobby", timeout=SLOW)
    expect(hana.page.locator("#lobby-code")).to_have_text(new_code)
    expect(hana.page.locator("#conn-banner")).to_contain_text(
        f"Room {code} moved to {new_code}", timeout=SLOW)
    row = ann.page.locator("#player-list .player", has=ann.page.locator(
        ".player-name", has_text=re.compile("^Hana$")))
    expect(row).to_have_count(1, timeout=SLOW)
    if balances.get("Hana"):
        expect(row.locator(".player-balance")).to_have_text(format_money(balances["Hana"]))
    assert "Hana (2)" not in ann.page.inner_text("#player-list")
    hana.screenshot("resilience-old-host-back")
    hana.page.click("#leave-btn")  # she only came to look: the two play on
    hana.wait_screen("menu")

    ann.page.click("#start-btn")
    for p in (ann, bo):
        p.wait_screen("game", timeout=SLOW)
        expect(p.page.locator("#phase-label")).to_have_attribute("data-phase", "preflop",
                                                                 timeout=SLOW)
    # The ledger came along: Hana (gone) keeps her balance; the rows still sum to zero.
    for p in (ann, bo):
        rows = p.page.locator("#ledger-rows tr").all_inner_texts()
        for name, cents in balances.items():
            assert any(r.startswith(name) and r.endswith(format_money(cents)) for r in rows), (
                name, rows)
    act(ann.page, "check")
    act(bo.page, "double", last=True)
    for p in (ann, bo):
        expect(p.page.locator("#phase-label")).to_have_attribute("data-phase", "flop",
                                                                 timeout=SLOW)
    act(ann.page, "check")
    act(bo.page, "check", last=True)
    for p in (ann, bo):
        expect(p.page.locator("#phase-label")).to_have_attribute("data-phase", "results",
                                                                 timeout=SLOW)
    settle_last(ann, tmp_path, "hand3", balances)
    assert sum(balances.values()) == 0
    for p in (ann, bo):
        for name in ("Ann", "Bo"):
            expect(seat_of(p.page, name).locator(".seat-balance")).to_have_text(
                format_money(balances[name]), timeout=SLOW)
        expect(p.page.locator("#ledger-total")).to_have_text("$0")
    ann.screenshot("resilience-new-room-showdown")
    print(f"\nE2E resilience: drop noticed {drop_notice:.2f} s after the guest's page closed; "
          f"guest reload → seated and able to act {back_to_act:.2f} s "
          f"(default grace {DEFAULT_GRACE_S} s); "
          f"host reload → every guest back {reload_recovery:.2f} s "
          f"(room id registered at try {reopen_tries}); id held by another peer during a "
          f"second reload: reopened at try {squat_tries}, guests back {squat_recovery:.2f} s "
          f"after it was freed; "
          f"host gone → new room with both players {succession:.2f} s")

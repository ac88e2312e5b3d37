"""A go-between during a host reload, with a rogue page that is not our client (stock PeerJS,
:mod:`rogue`), against real pages in Chromium.

The rogue registers the room's address while the host's page reloads and keeps the first
returning guest's channel; then it lets go of the address (its channel to the guest stays
open), so the real host gets its address back, and dials the real host from a PeerJS id of
its own, passing every text both ways unchanged: the guest's hello, the host's challenge,
the guest's join. Before the handshake named both ends' PeerJS ids the host seated the rogue's
connection as the guest (her cards went to the rogue, its acts counted as hers). Now the
host's challenge names the rogue's id as the caller; the guest sees it is not hers, sends
nothing more, says a go-between answered, and re-dials: she is back in her own seat on her
own connection, and the rogue holds no seat and heard no view.
"""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect
from rogue import Rogue

SLOW = 60_000

RELAY_JS = r"""
window.relay = (() => {
  const st = {phase: 'starting', armed: false, relayId: null, guestPeer: null, calls: 0,
              fromGuest: [], fromHost: [], dials: 0, errors: []};
  const later = (ms) => new Promise((done) => setTimeout(done, ms));
  let own = null, squat = null, address = null;
  // Take this guest's channel: let go of the address (the channel stays open) and dial the
  // real host from our own id, passing every text both ways unchanged.
  async function take(guest, first) {
    st.guestPeer = guest.peer;
    st.phase = 'holding the guest';
    const queue = [first];
    st.fromGuest.push(first);
    let upstream = null;
    guest.on('data', (d) => {
      st.fromGuest.push(d);
      if (upstream && upstream.open) upstream.send(d); else queue.push(d);
    });
    squat.disconnect();
    const dial = () => {
      st.dials += 1;
      const up = own.connect(address, {serialization: 'raw', reliable: true});
      upstream = up;
      up.on('open', () => {
        st.phase = 'relaying';
        for (const d of queue.splice(0)) up.send(d);
      });
      up.on('data', (d) => { st.fromHost.push(d); guest.send(d); });
      up.on('error', (e) => st.errors.push(String(e && e.type || e)));
    };
    await later(100);
    dial();  // the server keeps the offer until the host registers its address again
    for (let i = 0; i < 20 && !(upstream && upstream.open); i++) {
      await later(1000);
      if (!(upstream && upstream.open)) dial();
    }
  }
  async function start(where, options) {
    address = where;
    own = new Peer(options);
    st.relayId = await new Promise((ok) => own.on('open', ok));
    own.on('error', (e) => st.errors.push(String(e && e.type || e)));
    for (let i = 0; i < 400 && !squat; i++) {
      const p = new Peer(address, options);
      const got = await new Promise((done) => {
        p.on('open', () => done('open'));
        p.on('error', (e) => done(String(e && e.type || e)));
      });
      if (got === 'open') squat = p; else { p.destroy(); await later(50); }
    }
    if (!squat) { st.phase = 'could not squat'; return st.phase; }
    st.phase = 'squatting';
    squat.on('connection', (guest) => {
      st.calls += 1;
      let first = true;
      guest.on('data', (d) => {
        if (!first) return;
        first = false;
        if (st.armed && !st.guestPeer) take(guest, d);  // else: say nothing (it hangs up)
      });
    });
    return st.phase;
  }
  return {start, arm: () => { st.armed = true; return true; },
          state: () => JSON.parse(JSON.stringify(st))};
})();
"""

WATCH = """() => {
  window.__conn = [];
  const note = () => {
    const state = document.body.dataset.conn || '';
    const text = (document.querySelector('#conn-banner') || {}).textContent || '';
    const last = window.__conn[window.__conn.length - 1];
    if (!last || last[0] !== state || last[1] !== text) window.__conn.push([state, text]);
  };
  new MutationObserver(note).observe(document.body,
    {attributes: true, subtree: true, childList: true, characterData: true});
  return true;
}"""


def wait_for(predicate, page, timeout_ms: int = SLOW, what: str = "", show=dict) -> None:
    deadline = time.monotonic() + timeout_ms / 1000
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}: {show()}"
        page.wait_for_timeout(200)


def test_a_go_between_during_a_host_reload_takes_no_seat_and_the_guest_is_told(
        site, new_player, browser, vendor):
    host, ann = new_player("host"), new_player("ann")
    host.goto(site.url())
    ann.goto(site.url())
    host.wait_ready()
    code = host.create_room("Hana")
    ann.wait_ready()
    ann.join("Ann", code)
    expect(host.page.locator("#player-list .player")).to_have_count(2, timeout=SLOW)
    address = f"uomaha-{code.lower()}"
    assert ann.page.evaluate(WATCH)

    rogue = Rogue(browser, vendor, site)
    try:
        rogue.page.add_script_tag(content=RELAY_JS)
        host.page.reload(wait_until="commit")
        started = rogue.page.evaluate("([a, o]) => relay.start(a, o)", [address, rogue.options])
        assert started == "squatting", started

        def state() -> dict:
            return dict(rogue.page.evaluate("relay.state()"))

        # once the host's page is back and asking for its address, the rogue takes Ann's
        # next call and relays it (Ann waits 5 s for a challenge: the host must be quick)
        expect(host.page.locator("#conn-banner")).to_contain_text("still taken", timeout=SLOW)
        rogue.page.evaluate("relay.arm()")

        # the rogue got Ann's call, let go of the address and reached the real host
        wait_for(lambda: state()["phase"] == "relaying", host.page,
                 what="the relay", show=state)
        wait_for(lambda: any('"challenge"' in t for t in state()["fromHost"]), host.page,
                 what="the host's challenge, passed on to Ann")
        # Ann is back in her seat, on her own connection
        expect(ann.page.locator("body")).to_have_attribute("data-status", "in_room",
                                                           timeout=SLOW)
        expect(host.page.locator("body")).to_have_attribute("data-conn", "reopened",
                                                            timeout=SLOW)
        expect(host.page.locator("#player-list .player[data-connected='yes']")).to_have_count(
            2, timeout=SLOW)
        host.page.wait_for_timeout(3000)  # anything still on its way through the rogue
        seen = state()
        from_ann = [json.loads(t) for t in seen["fromGuest"]]
        from_host = [json.loads(t) for t in seen["fromHost"]]
        # the rogue holds no seat: no welcome, no view came its way; Ann sent no join
        assert not [m for m in from_host if m["type"] in ("welcome", "view")], from_host
        assert from_ann and {m["type"] for m in from_ann} == {"hello"}, from_ann
        # because the host's challenge named the rogue as its caller, not Ann
        challenges = [m for m in from_host if m["type"] == "challenge"]
        assert challenges and {m["caller"] for m in challenges} == {seen["relayId"]}, from_host
        # and she was told what happened, in words
        said = ann.page.evaluate("window.__conn")
        assert any(s == "relayed" and "passed the real host's answer on" in t
                   for s, t in said), said
        ann.screenshot("relay-guest-back")
        names = host.page.locator("#player-list .player-name").all_inner_texts()
        assert sorted(names) == ["Ann", "Hana"], names
        print(f"\nE2E relay: the rogue ({seen['relayId']}) relayed "
              f"{len(from_ann)} hello(s) and {len(challenges)} challenge(s); no join, no "
              f"view; Ann's page said: {[s for s, _ in said]}")
    finally:
        rogue.close()

"""A whole poker night, played in real browsers and written down (not a test: pytest collects
it only when named on the command line: ``pytest e2e/night_play.py -s``).

Three pages: the host on a desktop (1280×800, mouse), Pia on a phone (375×667, touch) and Kai
driven only by the keyboard, whose live regions are recorded in full. Every table game of the
catalogue is played for three hands with the home-game extras on, then Ultimate Omaha; the
host's controls, the history, the replayer, stats, the recovery code and every download are
used. Findings, the live transcript and the screenshots land in ``/tmp/night``.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import READY_TIMEOUT_MS
from playwright.sync_api import Page, expect
from pokerpage import wait_chips
from tablesteps import table_state, timer_off
from test_fair_cheat import alter

from conftest import CSP_WATCH, Player

OUT = Path("/tmp/night")
SHOTS = OUT / "shots"
WAIT = 90_000
GAMES = ("holdem", "omaha", "omaha-hilo", "bomb-double", "draw", "plo5", "shortdeck",
         "triple-draw")
HANDS_EACH = 3
BOUNTY = 50
HOST, PHONE_P, KEYS = "Hana", "Pia", "Kai"
NAMES = {"ultimate": "Ultimate Omaha", "holdem": "Texas Hold'em", "omaha": "Pot-Limit Omaha",
         "omaha-hilo": "Omaha Hi/Lo", "bomb-double": "PLO Double-Board Bomb Pot",
         "draw": "5-Card Draw", "plo5": "Pot-Limit 5-Card Omaha",
         "shortdeck": "Short Deck Hold'em", "triple-draw": "2-7 Triple Draw"}
EXTRAS = {"run_twice": "true", "rabbit_hunt": "true", "straddle": "true", "bb_ante": "true",
          "bounty": str(BOUNTY), "bomb_every": "5", "dealers_choice": "true"}

LIVE_JS = """
window.__live = [];
(() => {
  const sel = '[aria-live]:not([aria-live="off"]),[role=status],[role=alert],[role=log]';
  const last = new Map();
  const note = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return;
    const region = el.closest(sel);
    if (!region) return;
    const text = (region.textContent || '').replace(/\\s+/g, ' ').trim();
    if (last.get(region) === text) return;
    last.set(region, text);
    if (!text) return;
    const hidden = !!region.closest('[hidden]') || !!region.closest('dialog:not([open])');
    window.__live.push([Date.now(), region.id || region.className,
      region.getAttribute('aria-live') || region.getAttribute('role'), hidden, text]);
  };
  new MutationObserver((ms) => ms.forEach((m) => note(m.target)))
    .observe(document, {subtree: true, childList: true, characterData: true});
})();
"""

STACK_72 = '''

# --- altered host page (the night's stacked deck): the first Hold'em hand from hand 2 on
# deals Hana seven-deuce offsuit ---
_night_done = []
def _night(_honest=start):
    def stacked(hand_no, ids, seats, names, config, stream, **kw):
        deck = list(stream.deck())
        if (not _night_done and hand_no >= 2 and config.game is Game.HOLDEM
                and "Hana" in names):
            _night_done.append(hand_no)
            order = list(config.seats_in_order)
            i = order.index(list(names).index("Hana"))
            for k, text in enumerate(("7c", "2d")):
                place, at = k * len(order) + i, deck.index(Card.parse(text))
                deck[place], deck[at] = deck[at], deck[place]
        return _honest(hand_no, ids, seats, names, config, FixedStream(deck), **kw)
    return stacked


start = _night()
'''


class Night:
    def __init__(self, browser: Any, vendor: Any, site: Any) -> None:
        OUT.mkdir(exist_ok=True)
        SHOTS.mkdir(exist_ok=True)
        self.browser, self.vendor, self.site = browser, vendor, site
        self.findings: list[str] = []
        self.notes: list[str] = []
        self.pages: dict[str, Player] = {}
        self.began = time.time()
        self.shot_no = 0
        self.hand_no = 0
        self.game = ""

    # ---- bookkeeping -------------------------------------------------------------------
    def log(self, text: str) -> None:
        line = f"[{time.time() - self.began:7.1f}s] {text}"
        print(line, flush=True)
        self.notes.append(line)
        (OUT / "log.txt").write_text("\n".join(self.notes))

    def find(self, did: str, saw: str, expect_: str) -> None:
        self.findings.append(f"- DID: {did}\n  SAW: {saw}\n  EXPECTED: {expect_}")
        self.log(f"FINDING: {did} | {saw}")
        (OUT / "findings.md").write_text("\n".join(self.findings))

    def shot(self, who: str, name: str) -> None:
        self.shot_no += 1
        path = SHOTS / f"{self.shot_no:03d}-{who}-{name}.png"
        try:
            self.pages[who].page.screenshot(path=str(path), full_page=True)
        except Exception as exc:  # a screenshot is not worth stopping the night for
            self.log(f"screenshot {path.name} failed: {exc}")

    def step(self, what: str, fn: Callable[[], Any]) -> Any:
        self.log(f"== {what}")
        try:
            return fn()
        except Exception as exc:
            self.log(f"!! {what} failed: {type(exc).__name__}: {str(exc)[:600]}")
            (OUT / "errors.txt").open("a").write(
                f"==== {what}\n{traceback.format_exc()}\n")
            for who in self.pages:
                self.shot(who, "error-" + what.replace(" ", "_")[:30])
            return None

    def dump_live(self) -> None:
        for who, p in self.pages.items():
            try:
                live = p.page.evaluate("window.__live || []")
            except Exception:
                continue
            (OUT / f"live-{who}.json").write_text(json.dumps(live, indent=0))
            with (OUT / f"live-{who}.txt").open("w") as f:
                t0 = live[0][0] if live else 0
                for t, region, kind, hidden, text in live:
                    f.write(f"{(t - t0) / 1000:8.1f} {region:>18} {kind:>9}"
                            f"{' HIDDEN' if hidden else ''}: {text}\n")

    # ---- pages ---------------------------------------------------------------------------
    def open(self, who: str, viewport: tuple[int, int], touch: bool = False) -> Player:
        ctx = self.browser.new_context(
            permissions=["microphone"], viewport={"width": viewport[0], "height": viewport[1]},
            has_touch=touch, is_mobile=touch, accept_downloads=True)
        self.vendor.install(ctx)
        ctx.add_init_script(CSP_WATCH)
        ctx.add_init_script(LIVE_JS)
        page = ctx.new_page()
        page.set_default_timeout(WAIT)
        player = Player(ctx, page, who)
        page.on("console", lambda m: player.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: player.console.append(f"pageerror: {e}"))
        self.pages[who] = player
        return player

    def page(self, who: str) -> Page:
        return self.pages[who].page

    # ---- the keyboard user's tools ------------------------------------------------------
    def tab_to(self, selector: str, limit: int = 120, back: bool = False) -> bool:
        """Kai presses Tab (Shift+Tab) until ``selector`` has the focus."""
        page = self.page(KEYS)
        target = page.locator(selector).first
        for _ in range(limit):
            if target.evaluate("e => e === document.activeElement"):
                return True
            page.keyboard.press("Shift+Tab" if back else "Tab")
        return False

    def key_press(self, selector: str) -> bool:
        if self.tab_to(selector) or self.tab_to(selector, back=True):
            self.page(KEYS).keyboard.press("Enter")
            return True
        self.find(f"Kai (keyboard only) tried to reach {selector} with Tab",
                  "Tab and Shift+Tab never focused it", "every control reachable by keyboard")
        self.page(KEYS).locator(selector).first.focus()
        self.page(KEYS).keyboard.press("Enter")
        return False

    def off_inputs(self) -> None:
        page = self.page(KEYS)
        tag = page.evaluate("document.activeElement ? document.activeElement.tagName : ''")
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            page.keyboard.press("Escape")

    # ---- pressing things by each person's own means ---------------------------------------
    def press(self, who: str, selector: str) -> None:
        if who == KEYS:
            self.key_press(selector)
        elif who == PHONE_P:
            self.page(who).locator(selector).first.tap()
        else:
            self.page(who).locator(selector).first.click()

    # ---- the table -----------------------------------------------------------------------
    def mine(self, who: str) -> bool:
        return bool(self.page(who).locator("#pk-actions[data-mine='yes']").count())

    def phase(self, who: str) -> str:
        return str(self.page(who).evaluate("document.body.dataset.pokerPhase || ''"))

    def visible(self, who: str, selector: str) -> bool:
        loc = self.page(who).locator(selector)
        return loc.count() > 0 and loc.first.is_visible()

    def act(self, who: str, verb: str) -> None:
        page = self.page(who)
        if verb == "fold" and not self.visible(who, "#pk-fold"):
            verb = "call"
        if verb == "raise" and not self.visible(who, "#pk-raise-form"):
            verb = "call"
        if verb == "allin" and not self.visible(who, "#pk-allin"):
            verb = "call"
        before = table_state(page).signature
        if who == KEYS:
            self.off_inputs()
            if verb == "raise":
                sized = self.visible(who, "#pk-sizing")  # at fixed limit R raises at once
                page.keyboard.press("r")
                if sized:
                    focused = page.evaluate(
                        "document.activeElement && document.activeElement.id")
                    if focused != "pk-amount":
                        self.find("Kai pressed R to raise", f"focus went to {focused!r}",
                                  "the amount box focused")
                    page.keyboard.press("Enter")
            else:
                page.keyboard.press({"call": "c", "fold": "f", "allin": "Shift+A"}[verb])
        else:
            sel = {"call": "#pk-call", "fold": "#pk-fold", "allin": "#pk-allin",
                   "raise": "#pk-raise"}[verb]
            self.press(who, sel)
        for _ in range(150):
            if table_state(page).signature != before or not self.mine(who):
                return
            page.wait_for_timeout(100)
        error = (page.inner_text("#pk-amount-error")
                 if self.visible(who, "#pk-amount-error") else "")
        self.find(f"{who} chose {verb} in {self.game} hand {self.hand_no}",
                  f"nothing changed on the page for 15 s (error: {error!r}, "
                  f"note {page.inner_text('#pk-note')!r})",
                  "the action taken and the turn moving on")
        page.locator("#pk-call").click()

    def draw(self, who: str) -> None:
        page = self.page(who)
        before = table_state(page).signature
        card = "#pk-hole [aria-pressed]"
        if who == KEYS:
            self.off_inputs()
            page.keyboard.press("1")
            self.key_press("#pk-draw")
        else:
            if page.locator(card).count():
                self.press(who, card)
            self.press(who, "#pk-draw")
        for _ in range(150):
            if table_state(page).signature != before or not self.mine(who):
                return
            page.wait_for_timeout(100)
        self.find(f"{who} drew in {self.game}", "nothing changed for 15 s",
                  "the draw taken")

    def answer_twice(self, answered: set[str]) -> None:
        for who in self.pages:
            if who in answered:
                continue
            sel = "#pk-choices-buttons button[data-choice='run_twice']"
            if self.visible(who, sel):
                answered.add(who)
                self.shot(who, f"twice-asked-{self.game}")
                self.press(who, sel)
                self.log(f"{who} agreed to run it twice")

    def play_hand(self, plan: str) -> None:
        """Acts for whoever is to act until every page shows the results."""
        pusher: str | None = None
        callers: list[str] = []
        acted = 0
        answered: set[str] = set()
        deadline = time.time() + 300
        host = self.page(HOST)
        while time.time() < deadline:
            self.answer_twice(answered)
            who = next((w for w in self.pages if self.mine(w)), None)
            if who is None:
                if all(self.phase(w) == "results" for w in self.pages):
                    return
                host.wait_for_timeout(200)
                continue
            if self.visible(who, "#pk-draw-row"):
                self.draw(who)
                continue
            acted += 1
            if plan == "raise":
                verb = "raise" if acted == 1 else "call"
            elif plan == "allin":
                if pusher is None:
                    pusher, verb = who, "allin"
                elif who == pusher:
                    verb = "allin"
                elif not callers or who in callers:
                    if who not in callers:
                        callers.append(who)
                    verb = "call"
                else:
                    verb = "fold"
            else:  # steal
                if pusher is None:
                    pusher, verb = who, "raise"
                else:
                    verb = "call" if who == pusher else "fold"
            self.act(who, verb)
        raise AssertionError(f"hand {self.hand_no} of {self.game} never ended")

    def wait_hand(self, n: int) -> None:
        for p in self.pages.values():
            expect(p.page.locator("#hand-no")).to_have_text(str(n), timeout=WAIT)

    def after_hand(self, plan: str) -> None:
        """The choices after a hand: the rabbit, showing a card, and what each page says."""
        for who in self.pages:
            expect(self.page(who).locator("#pk-results")).to_be_visible(timeout=WAIT)
        for who in (PHONE_P, KEYS, HOST):
            if self.visible(who, "#pk-choices-buttons button[data-choice='rabbit']"):
                self.press(who, "#pk-choices-buttons button[data-choice='rabbit']")
                self.log(f"{who} asked for the rabbit")
                self.page(HOST).wait_for_timeout(1500)
                self.shot(who, f"rabbit-{self.game}")
                break
        for who in self.pages:
            sel = "#pk-choices-buttons button[data-choice='show_card']"
            if self.visible(who, sel):
                self.press(who, sel)
                self.log(f"{who} showed one card")
                self.page(HOST).wait_for_timeout(1500)
                self.shot(who, f"showcard-{self.game}")
                break
        chips = {w: table_state(self.page(w)).chips for w in self.pages}
        if len(set(chips.values())) != 1:
            self.find(f"after hand {self.hand_no} ({self.game}) read every page's chips",
                      f"{chips}", "the same chips on every page")
        results = self.page(KEYS).inner_text("#pk-results")
        self.log(f"results (Kai's page): {results[:400]!r}")

    def top_up(self) -> None:
        """The host sets a short stack back to 1,000 (the host's 'set a stack')."""
        host = self.page(HOST)
        for name, row in table_state(host).seats.items():
            if row["stack"] < 300 and name in self.pages:
                opts = host.locator("#pk-stack-player option").all_inner_texts()
                label = next(o for o in opts if o.startswith(name + " "))
                host.select_option("#pk-stack-player", label=label)
                host.fill("#pk-stack-amount", "1000")
                host.click("#pk-stack-btn")
                self.log(f"host set {name}'s stack to 1,000 (was {row['stack']})")
                host.wait_for_timeout(1500)
                if self.visible(HOST, "#pk-stack-error"):
                    self.find(f"host set {name}'s stack to 1000",
                              host.inner_text("#pk-stack-error"), "the stack set")

    def pick_if_asked(self, target: str) -> bool:
        """Dealer's choice: the next button picks ``target`` (by their own means)."""
        label = NAMES[target]
        for who in self.pages:
            if not self.visible(who, "#pk-pick-form"):
                continue
            page = self.page(who)
            options = page.locator("#pk-pick-select option").all_inner_texts()
            self.shot(who, f"pick-{target}")
            match = next((o for o in options if o.strip().startswith(label)), None)
            if match is None:
                self.log(f"{who} may pick from {options}; {label} not there")
                return False
            if who == KEYS:
                self.tab_to("#pk-pick-select") or self.tab_to("#pk-pick-select", back=True)
                for _ in range(len(options) + 1):
                    cur = page.evaluate("(() => { const s = document.getElementById("
                                        "'pk-pick-select'); return s.options[s.selectedIndex]"
                                        ".text; })()")
                    if cur.strip().startswith(label):
                        break
                    page.keyboard.press("ArrowDown")
                page.keyboard.press("Enter")
            else:
                page.select_option("#pk-pick-select", label=match)
                self.press(who, "#pk-pick-btn")
            self.log(f"{who} picked {label} (dealer's choice)")
            page.wait_for_timeout(1000)
            return True
        return False

    def change_game(self, target: str) -> None:
        host = self.page(HOST)
        options = host.locator("#change-game-select option").all_inner_texts()
        match = next((o for o in options if o.strip().startswith(NAMES[target])), None)
        if match is None:
            self.find(f"host wanted to change the game to {NAMES[target]}",
                      f"the list offers {options}", "every catalogue game offered")
            return
        host.select_option("#change-game-select", label=match)
        host.click("#change-game-btn")
        host.wait_for_timeout(1000)
        self.log(f"host changed the game to {match}: {host.inner_text('#change-game-status')!r}")

    def deal(self) -> None:
        host = self.page(HOST)
        btn = host.locator("#pk-next-btn")
        expect(btn).to_be_enabled(timeout=WAIT)
        btn.click()
        for _ in range(30):
            host.wait_for_timeout(500)
            if host.inner_text("#hand-no").strip() == str(self.hand_no + 1):
                break
            if "refused" in host.inner_text("#notice") and host.locator(
                    "#pk-next-btn").is_disabled():
                self.find("host pressed Next hand while the button was still picking",
                          f"notice {host.inner_text('#notice')!r}; Next hand stays disabled "
                          "(no new view re-enables it, even once the pick's time is up)",
                          "Next hand usable again after a refusal")
                self.pick_if_asked(self.game)  # a new view: the button comes back
                expect(btn).to_be_enabled(timeout=WAIT)
                btn.click()
                break
        self.hand_no += 1
        self.wait_hand(self.hand_no)
        self.game_shown = self.page(KEYS).inner_text("#game-name")

    # ---- the evening ---------------------------------------------------------------------
    def boot(self) -> None:
        self.open(HOST, (1280, 800))
        self.open(PHONE_P, (375, 667), touch=True)
        self.open(KEYS, (1280, 800))
        alter(self.pages[HOST], "games/poker/hands.py", STACK_72)
        for p in self.pages.values():
            p.page.goto(self.site.url(), wait_until="commit")
        for p in self.pages.values():
            p.page.wait_for_selector("body[data-ready='menu']", timeout=READY_TIMEOUT_MS * 3)

    def boot_plain(self) -> None:
        """The three pages, the host's page not altered (no stacked deck)."""
        self.open(HOST, (1280, 800))
        self.open(PHONE_P, (375, 667), touch=True)
        self.open(KEYS, (1280, 800))
        for p in self.pages.values():
            p.page.goto(self.site.url(), wait_until="commit")
        for p in self.pages.values():
            p.page.wait_for_selector("body[data-ready='menu']", timeout=READY_TIMEOUT_MS * 3)

    def seat(self) -> None:
        host = self.pages[HOST]
        code = host.create_room(HOST)
        self.code = code
        pia = self.page(PHONE_P)
        pia.locator("#name-input").tap()
        pia.fill("#name-input", PHONE_P)
        pia.locator("#code-input").tap()
        pia.fill("#code-input", code)
        pia.locator("#join-btn").tap()
        kai = self.page(KEYS)
        if not self.tab_to("#name-input"):
            self.find("Kai tabbed to the name box", "never reached", "reachable")
        kai.keyboard.type(KEYS)
        self.tab_to("#code-input")
        kai.keyboard.type(code)
        kai.keyboard.press("Enter")
        for p in self.pages.values():
            expect(p.page.locator("#player-list .player")).to_have_count(3, timeout=WAIT)
        self.shot(PHONE_P, "lobby")

    def lobby(self) -> None:
        host = self.page(HOST)
        timer_off(self.pages[HOST])
        host.select_option("#game-select", "holdem")
        for name, value in EXTRAS.items():
            box = host.locator(f"#gs-{name}")
            if not box.count() or not box.is_visible():
                self.find(f"host looked for the {name} option on Hold'em's lobby form",
                          "not shown", "every home-game extra offered")
                continue
            if box.get_attribute("type") == "checkbox":
                box.set_checked(value == "true")
            else:
                box.fill(value)
                box.press("Tab")
        self.shot(HOST, "lobby-extras")
        expect(self.page(KEYS).locator("#game-summary")).to_contain_text("Dealer's choice",
                                                                         timeout=WAIT)
        self.log("Kai's game card: " + self.page(KEYS).inner_text("#game-summary"))
        host.click("#start-btn")
        for who in self.pages:
            self.pages[who].wait_screen("poker", timeout=WAIT)
        self.page(HOST).click("#pk-buyin-btn")
        self.page(PHONE_P).locator("#pk-buyin-btn").tap()
        self.key_press("#pk-buyin-btn")
        for p in self.pages.values():
            wait_chips(p.page, 3000, phase_ok=("waiting",), tries=600)
        adv = host.locator("#gs-advisor")
        if adv.is_visible():
            adv.set_checked(True)
        else:
            self.find("host looked for the advisor switch at the table", "hidden",
                      "a switch for the odds advisor")
        self.shot(HOST, "table-start")
        self.shot(PHONE_P, "table-start")

    def current_game(self) -> str:
        text = self.page(KEYS).inner_text("#game-name").strip()
        return next((g for g, n in sorted(NAMES.items(), key=lambda x: -len(x[1]))
                     if text.startswith(n) or n in text), text)

    def host_chores(self, game: str, k: int) -> None:
        host = self.page(HOST)
        if game == "holdem" and k == 0:
            # pause: the next hand cannot be dealt; resume
            host.click("#pk-pause-btn")
            host.wait_for_timeout(1500)
            self.shot(HOST, "paused")
            self.shot(PHONE_P, "paused")
            if host.locator("#pk-next-btn").is_enabled():
                self.find("host paused the table", "Next hand still enabled",
                          "Next hand disabled while paused")
            self.log("paused line on Kai's page: " + self.page(KEYS).inner_text("#table-line"))
            host.click("#pk-pause-btn")
            host.wait_for_timeout(1000)
        if game == "holdem" and k == 1:  # Kai's standing straddle, by keyboard (Space)
            if self.visible(KEYS, "#pk-straddle"):
                self.tab_to("#pk-straddle")
                self.page(KEYS).keyboard.press("Space")
                self.log("Kai turned on the straddle: checked="
                         + str(self.page(KEYS).locator("#pk-straddle").is_checked()))
            else:
                self.find("Kai looked for the straddle switch before hand 2",
                          "not shown", "a straddle switch (UTG, optional each hand)")
        if game == "omaha" and k == 0:
            host.click("#bot-add-btn")
            host.wait_for_timeout(3000)
            self.log("bots: " + host.inner_text("#bot-list"))
            self.shot(HOST, "bot-added")
        if game == "omaha-hilo" and k == 0:
            btn = host.locator("#bot-list button").first
            if btn.count():
                btn.click()
                host.wait_for_timeout(3000)
                self.log("bot removed; list: " + host.inner_text("#bot-list"))
            else:
                self.find("host looked for the bot's Remove button", "no button in #bot-list",
                          "a way to remove the bot")
        if game == "plo5" and k == 0 and self.visible(HOST, "#pk-bomb-form"):
            host.fill("#pk-bomb-ante", "")
            host.click("#pk-bomb-btn")
            host.wait_for_timeout(1000)
            self.log("host called a bomb pot: " + host.inner_text("#pk-host-status"))
        if game == "shortdeck" and k == 0:
            sel = "#pk-choices-buttons button[data-choice='muck_on']"
            if self.visible(PHONE_P, sel):
                self.press(PHONE_P, sel)
                self.log("Pia turned on muck losing hands")

    def table_games(self) -> None:
        plans = ("raise", "allin", "steal")
        for game in GAMES:
            self.game = game
            for k in range(HANDS_EACH):
                def one(game: str = game, k: int = k) -> None:
                    self.host_chores(game, k)
                    if not self.pick_if_asked(game) and self.current_game() != game:
                        self.change_game(game)
                    self.deal()
                    shown = self.page(KEYS).inner_text("#game-name")
                    self.log(f"hand {self.hand_no}: Kai's page says {shown!r}, "
                             f"stakes {self.page(KEYS).inner_text('#game-stakes')!r}")
                    if k == 0:
                        for who in self.pages:
                            self.shot(who, f"{game}-dealt")
                    self.play_hand(plans[k])
                    self.after_hand(plans[k])
                    if k == 1:
                        for who in self.pages:
                            self.shot(who, f"{game}-results")
                    self.top_up()
                self.step(f"{game} hand {k + 1}", one)
                self.dump_live()

    def ultimate(self) -> None:
        self.game = "ultimate"
        self.change_game("ultimate")
        host = self.page(HOST)
        expect(host.locator("#pk-next-btn")).to_be_enabled(timeout=WAIT)
        host.click("#pk-next-btn")
        for p in self.pages.values():
            p.wait_screen("game", timeout=WAIT)
        self.shot(PHONE_P, "ultimate-first")
        for n in range(3):
            self.hand_no += 1
            for round_ in range(2):
                for who in (HOST, PHONE_P, KEYS):
                    page = self.page(who)
                    btn = page.locator("#check-btn" if (n + round_) % 2 else "#double-btn")
                    expect(btn).to_be_enabled(timeout=WAIT)
                    if who == KEYS:
                        self.off_inputs()
                        page.keyboard.press("c" if (n + round_) % 2 else "d")
                    else:
                        self.press(who, "#check-btn" if (n + round_) % 2 else "#double-btn")
                    expect(page.locator("#check-btn")).to_be_disabled(timeout=WAIT)
            for who in self.pages:
                expect(self.page(who).locator("#phase-label")).to_have_attribute(
                    "data-phase", "results", timeout=WAIT)
            self.log("ultimate result on Kai's page: "
                     + self.page(KEYS).inner_text("#you-result")[:300])
            if n == 0:
                for who in self.pages:
                    self.shot(who, "ultimate-showdown")
            if n < 2:
                host.click("#next-btn")
                for who in self.pages:
                    expect(self.page(who).locator("#check-btn")).to_be_enabled(timeout=WAIT)

    def history(self) -> None:
        kai = self.page(KEYS)
        self.off_inputs()
        if not self.key_press("#history-table-btn"):
            return
        expect(kai.locator("#history-dialog")).to_be_visible()
        expect(kai.locator("#history-status")).not_to_have_text("Reading your hand history…",
                                                                timeout=WAIT)
        kai.wait_for_timeout(1500)
        self.shot(KEYS, "history-dialog")
        self.log("history status: " + kai.inner_text("#history-status"))
        rows = kai.locator("#history-hands tr")
        self.log(f"history rows on Kai's page: {rows.count()}")
        self.log("history hands text: " + kai.inner_text("#history-hands")[:1500])
        self.log("settle: " + kai.inner_text("#history-settle"))
        # replay a bomb-pot or double-board hand by keyboard: the first 'Replay hand' button
        buttons = kai.get_by_role("button", name="Replay hand")
        self.log(f"replay buttons: {buttons.count()}")
        target = None
        for i in range(buttons.count()):
            label = buttons.nth(i).inner_text()
            row = buttons.nth(i).evaluate("b => (b.closest('tr') || {}).textContent || ''")
            if "Bomb" in row or "Draw" in row:
                target = buttons.nth(i)
                self.log(f"replaying: {label} / {row[:120]!r}")
                break
        target = target or buttons.first
        target.focus()
        kai.keyboard.press("Enter")
        expect(kai.locator("#replay-dialog")).to_be_visible(timeout=WAIT)
        kai.wait_for_timeout(1000)
        self.shot(KEYS, "replay-start")
        said = []
        for key in ["ArrowRight"] * 4 + ["Shift+ArrowRight", "PageDown", "End", "Home",
                                         "ArrowRight"]:
            kai.keyboard.press(key)
            kai.wait_for_timeout(300)
            said.append(f"{key}: {kai.inner_text('#replay-said')!r} | step "
                        f"{kai.inner_text('#replay-step')!r}")
        self.log("replayer by keyboard:\n  " + "\n  ".join(said))
        kai.keyboard.press("End")
        kai.wait_for_timeout(500)
        self.shot(KEYS, "replay-end")
        kai.keyboard.press("Escape")
        kai.wait_for_timeout(500)
        focused = kai.evaluate("document.activeElement && (document.activeElement.id || "
                               "document.activeElement.textContent)")
        self.log(f"after Escape from the replayer, focus on {focused!r}")
        for _ in range(2):
            if kai.locator("dialog[open]").count():
                kai.keyboard.press("Escape")
                kai.wait_for_timeout(300)

    def stats(self) -> None:
        for who in (KEYS, HOST):
            page = self.page(who)
            if who == KEYS:
                self.off_inputs()
                self.key_press("#stats-btn")
            else:
                page.click("#stats-btn")
            expect(page.locator("#stats-dialog")).to_be_visible(timeout=WAIT)
            page.wait_for_timeout(2000)
            self.shot(who, "stats")
            self.log(f"stats on {who}'s page:\n" + page.inner_text("#stats-dialog")[:2500])
            page.keyboard.press("Escape")
            page.wait_for_timeout(300)

    def downloads(self) -> dict[str, Path]:
        dl = OUT / "dl"
        dl.mkdir(exist_ok=True)
        got: dict[str, Path] = {}
        page = self.page(KEYS)
        for sel in ("#pk-export-history-btn", "#pk-export-stars-btn", "#pk-export-phh-btn",
                    "#pk-export-ohh-btn", "#pk-export-csv-btn"):
            try:
                if not page.locator(sel).is_visible():
                    self.find(f"Kai looked for {sel} at the Ultimate table", "hidden",
                              "the night's downloads at every table")
                    page.locator(sel).evaluate("e => e.click()") if False else None
                    continue
                with page.expect_download(timeout=WAIT) as info:
                    self.off_inputs()
                    self.key_press(sel)
                d = info.value
                path = dl / d.suggested_filename
                d.save_as(path)
                got[sel] = path
                self.log(f"download {sel}: {path.name} ({path.stat().st_size} bytes)")
            except Exception as exc:
                self.log(f"download {sel} failed: {exc}")
        return got

    def ultimate_downloads(self) -> None:
        dl = OUT / "dl"
        page = self.page(HOST)
        for sel in ("#export-history-btn", "#export-csv-btn"):
            if not page.locator(sel).is_visible():
                self.find(f"host looked for {sel} at the Ultimate table", "hidden",
                          "the downloads")
                continue
            with page.expect_download(timeout=WAIT) as info:
                page.click(sel)
            d = info.value
            path = dl / ("ultimate-" + d.suggested_filename)
            d.save_as(path)
            self.log(f"download {sel}: {path.name} ({path.stat().st_size} bytes)")

    def recovery(self) -> None:
        """Pia's recovery code carried to a second context (her laptop), which joins the room
        under another name."""
        pia = self.page(PHONE_P)
        # Pia reads her code on the menu: she leaves the room first (her phone).
        if self.visible(PHONE_P, "#game-leave-btn"):
            pia.locator("#game-leave-btn").tap()
            if self.visible(PHONE_P, "#confirm-dialog[open] #confirm-go"):
                pia.locator("#confirm-go").tap()
        pia.wait_for_selector("body[data-screen='menu']", timeout=WAIT, state="attached")
        pia.wait_for_timeout(1500)
        self.shot(PHONE_P, "menu-after-leaving")
        self.log("Pia's menu after leaving: " + pia.inner_text("#last-night")[:800])
        left = pia.evaluate("document.querySelectorAll('#screen-table .pc, #pk-log li').length")
        self.log(f"cards and log lines of the table left in Pia's page: {left}")
        if left:
            self.find("Pia left the room", f"{left} cards or log lines stayed in her page",
                      "none: leaving takes the table with it")
        pia.locator("#identity-show-btn").tap()
        expect(pia.locator("#identity-secret")).to_be_visible(timeout=WAIT)
        code = str(pia.locator("#identity-code").get_attribute("data-code"))
        self.shot(PHONE_P, "identity-code")
        laptop = self.open("PiaLaptop", (1280, 800))
        laptop.page.goto(self.site.url(), wait_until="commit")
        laptop.page.wait_for_selector("body[data-ready='menu']", timeout=READY_TIMEOUT_MS * 3)
        laptop.page.fill("#identity-input", code)
        laptop.page.press("#identity-input", "Enter")
        expect(laptop.page.locator("#identity-yes-btn")).to_be_visible(timeout=WAIT)
        laptop.page.click("#identity-yes-btn")
        laptop.page.wait_for_timeout(1000)
        self.shot("PiaLaptop", "identity-taken")
        same = laptop.page.evaluate("localStorage.getItem('omaha.identity')") == pia.evaluate(
            "localStorage.getItem('omaha.identity')")
        self.log(f"laptop identity equals the phone's: {same}")
        laptop.page.fill("#name-input", "Pia L")
        laptop.page.fill("#code-input", self.code)
        laptop.page.click("#join-btn")
        laptop.page.wait_for_timeout(8000)
        self.shot("PiaLaptop", "rejoined")
        self.shot(HOST, "after-pia-rejoined")
        self.log("laptop screen: " + laptop.page.evaluate("document.body.dataset.screen"))
        self.log("host's ledger after Pia came back renamed: "
                 + self.page(HOST).inner_text("#ledger-rows" if self.visible(
                     HOST, "#ledger-rows") else "#pk-ledger-rows")[:600])

    def kick(self) -> None:
        host = self.page(HOST)
        opts = host.locator("#kick-select option").all_inner_texts()
        self.log(f"kick list: {opts}")
        match = next((o for o in opts if o.startswith(KEYS)), None)
        if match is None:
            self.find("host looked for Kai in Remove a player", f"list {opts}", "Kai listed")
            return
        host.select_option("#kick-select", label=match)
        host.click("#kick-btn")
        if self.visible(HOST, "#confirm-dialog[open] #confirm-go"):
            host.click("#confirm-go")
        self.page(KEYS).wait_for_timeout(5000)
        self.shot(KEYS, "kicked")
        self.log("Kai after the kick: screen "
                 + self.page(KEYS).evaluate("document.body.dataset.screen")
                 + "; notice " + repr(self.page(KEYS).inner_text("#notice")))

    def close(self) -> None:
        self.dump_live()
        for p in self.pages.values():
            (OUT / f"console-{p.label}.txt").write_text("\n".join(p.console))
            p.context.close()


def test_night(browser, vendor, site):
    night = Night(browser, vendor, site)
    try:
        night.step("boot", night.boot)
        night.step("seat", night.seat)
        night.step("lobby", night.lobby)
        night.table_games()
        night.step("history", night.history)
        night.step("stats", night.stats)
        night.step("downloads", night.downloads)
        night.step("ultimate", night.ultimate)
        night.step("ultimate downloads", night.ultimate_downloads)
        night.step("recovery", night.recovery)
        night.step("kick", night.kick)
    finally:
        night.close()
        print("\n".join(night.findings))

"""End-to-end harness: the real page in real Chromium, real Pyodide, real PeerJS, offline.

* ``tools/serve.mjs`` serves the repository (as deployed, with netlify.toml's headers) and runs a
  PeerServer, both on 127.0.0.1 with free ports.
* One Chromium for the whole session; each player is a fresh context (own storage, own Pyodide)
  granted the microphone permission, without which Chromium gathers no usable ICE candidate.
  A module may share booted pages between its tests (``SHARED_PLAYERS``, see
  :class:`SharedPlayers`): each test still opens its own room.
* Chromium's stderr goes to ``e2e/artifacts/chromium-<pid>.log`` (browserlog); a page that
  crashes is reported with it, the machine's memory and our renderers, in the failed test.
* The CDN URLs in the page are answered from node_modules by ``e2e/cdn.mjs``, an HTTPS server on
  127.0.0.1 that Chromium reaches under the CDN hosts' names (``harness.serve_cdn``): the page
  loads from the CDN URLs with their integrity checks, and no byte goes through this process.
  Every other name fails to resolve, so nothing leaves the machine. Without openssl, or with
  ``E2E_CDN=route``, the CDNs are answered by ``context.route`` instead (about 2 CPU-s more per
  page: each file crosses Playwright's pipe to this process and back).

Never ``time.sleep`` here: it starves Playwright's route handlers. Wait on the page instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from browserlog import LoggedChromium, crash_dumps, crash_note, oom_kills, uptime_s
from harness import (
    ARTIFACTS,
    CHROMIUM,
    DESKTOP,
    LAUNCH_ARGS,
    READY_TIMEOUT_MS,
    ROOT,
    LocalCdn,
    Site,
    VendorFiles,
    js_flags,
    new_context,
    serve_cdn,
    serve_site,
)
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

RECORDED_TIMES = (ROOT / "e2e" / "module-times.txt", ARTIFACTS / "module-times.txt")
"""Each module's wall time (``seconds path`` a line, as ``npm test`` writes the second file at
the end of its browser part): the first as of the README's last idle run, committed; the
second this machine's last run, which wins where it has a module."""


def recorded_times() -> dict[str, float]:
    times: dict[str, float] = {}
    for path in RECORDED_TIMES:
        with suppress(OSError):
            for line in path.read_text(encoding="utf-8").splitlines():
                seconds, _, module = line.partition(" ")
                with suppress(ValueError):
                    times[module.strip()] = float(seconds)
    return times


def slowest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The modules in order of their recorded time, longest first, each module's tests in
    their own order; a module with no time recorded (a new one) first of all. xdist's
    ``--dist loadfile`` (with ``--no-loadscope-reorder``) hands out modules in this order, so
    the short ones fill the end and no long module starts last to run on alone."""
    times = recorded_times()
    first: dict[str, int] = {}
    for item in items:
        first.setdefault(item.nodeid.split("::", 1)[0], len(first))

    def key(item: pytest.Item) -> tuple[float, int]:
        module = item.nodeid.split("::", 1)[0]
        return (-times.get(module, float("inf")), first[module])

    return sorted(items, key=key)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under e2e/ is an e2e test (select with -m e2e, skip with -m 'not e2e'), and
    runs after the others, its slowest modules first (:func:`slowest_first`)."""
    browser: list[pytest.Item] = []
    others: list[pytest.Item] = []
    for item in items:
        if Path(str(item.fspath)).is_relative_to(ROOT / "e2e"):
            item.add_marker(pytest.mark.e2e)
            browser.append(item)
        else:
            others.append(item)
    items[:] = [*others, *slowest_first(browser)]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with serve_site(tmp_path_factory.mktemp("serve")) as running:
        yield running


@pytest.fixture(scope="session")
def chromium_log(tmp_path_factory: pytest.TempPathFactory) -> LoggedChromium:
    """The session's Chromium, launched through a wrapper that keeps its stderr (browserlog)."""
    return LoggedChromium.make(CHROMIUM, tmp_path_factory.mktemp("chromium"), ARTIFACTS)


@pytest.fixture(scope="session")
def local_cdn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCdn | None]:
    with serve_cdn(tmp_path_factory.mktemp("cdn")) as running:
        yield running


@pytest.fixture(scope="session")
def browser(chromium_log: LoggedChromium, local_cdn: LocalCdn | None) -> Iterator[Browser]:
    cdn_args = local_cdn.launch_args() if local_cdn else []
    with sync_playwright() as pw:
        # --enable-logging=stderr: every process's warnings, errors and fatal messages
        # (renderers included) reach the wrapper's file; --log-level=1 leaves out INFO (each
        # page's console, which the Player keeps anyway).
        b = pw.chromium.launch(executable_path=str(chromium_log.executable),
                               args=[*LAUNCH_ARGS, *cdn_args, *js_flags(),
                                     "--enable-logging=stderr", "--log-level=1"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def vendor(local_cdn: LocalCdn | None) -> VendorFiles:
    return VendorFiles(routed=local_cdn is None)


CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


MENU = "body[data-ready='menu'][data-screen='menu']"


@dataclass
class Player:
    """One browser context + page: a person at the table."""

    context: BrowserContext
    page: Page
    label: str
    console: list[str] = field(default_factory=list)

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def open_site(self, site: Site) -> None:
        """Start loading the site's menu, without waiting for it (``wait_ready`` does), so that
        several pages boot at once; a page already at the site's menu (shared by a module's
        tests) is used as it is."""
        if self.page.url.startswith(site.base + "/") and self.page.locator(MENU).count():
            return
        self.page.goto(site.url(), wait_until="commit")

    def wait_ready(self) -> None:
        # Selectors, not wait_for_function: its string predicates need eval, which our CSP
        # (rightly) forbids.
        self.page.wait_for_selector("body[data-ready='menu']", timeout=READY_TIMEOUT_MS)

    def enter_name(self, name: str) -> None:
        self.page.fill("#name-input", name)

    def wait_screen(self, screen: str, timeout: int = 30_000) -> None:
        self.page.wait_for_selector(f"body[data-screen='{screen}']", state="attached",
                                    timeout=timeout)

    def create_room(self, name: str) -> str:
        """Create a room as ``name``; returns its code once the lobby shows it."""
        self.enter_name(name)
        self.page.click("#create-btn")
        self.wait_screen("lobby")
        self.page.wait_for_selector("#player-list .player")
        # The tests deal each hand themselves: the host leaves auto-deal off (its choice is
        # kept, so picking a table game does not switch on the lobby's default). A test of
        # auto-deal switches it on.
        self.page.locator("#gs-auto-deal").evaluate(
            "e => { e.checked = false; e.dispatchEvent(new Event('change')); }")
        return self.page.inner_text("#lobby-code").strip()

    def create_attempt(self, name: str) -> None:
        """Click Create as ``name`` without expecting success."""
        self.enter_name(name)
        self.page.click("#create-btn")

    def join(self, name: str, code: str) -> None:
        self.enter_name(name)
        self.page.fill("#code-input", code)
        self.page.click("#join-btn")
        self.wait_screen("lobby")

    def player_names(self) -> list[str]:
        return self.page.locator("#player-list .player-name").all_inner_texts()

    def notice(self) -> str:
        return self.page.inner_text("#notice")

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def csp_violations(self) -> list[str]:
        return list(self.page.evaluate("window.__cspViolations || []"))

    def dump(self) -> str:
        return f"--- console of {self.label} ---\n" + "\n".join(self.console[-60:])


def booted(site: Site, *players: Player) -> None:
    """Every page at the menu (and past its first seconds) before the host creates its room:
    on a loaded machine a host that created while the pages were still starting missed the
    lobby's 30 s."""
    for p in players:
        p.open_site(site)
    for p in players:
        p.wait_ready()


@dataclass
class CrashWatch:
    """Turns a page's crash into words: when, where, the machine's memory, our renderers, and
    (at the end of the test) what Chromium wrote meanwhile. Shown as a section of the test's
    report, so a crash explains itself in the failure."""

    browser: Browser
    log: LoggedChromium
    log_from: int = 0
    boot_s: float = 0.0
    notes: list[str] = field(default_factory=list)
    began: float = field(default_factory=time.time)

    def crashed(self, label: str, page: Page) -> None:
        contexts = self.browser.contexts
        self.notes.append(crash_note(label, page.url, self.log,
                                     sum(len(c.pages) for c in contexts), len(contexts)))

    def report(self) -> str:
        kills = oom_kills(self.boot_s) or ["(none)"]
        dumps = crash_dumps(self.began) or ["(none)"]
        return "\n".join([*self.notes, "--- kernel OOM killer since the test began ---", *kills,
                          "--- Chromium's crash dumps since the test began ---", *dumps,
                          f"--- Chromium's stderr meanwhile ({self.log.log}) ---",
                          self.log.since(self.log_from)])


@pytest.fixture
def crash_watch(browser: Browser, chromium_log: LoggedChromium,
                request: pytest.FixtureRequest) -> CrashWatch:
    watch = CrashWatch(browser, chromium_log, chromium_log.size(), uptime_s())
    request.node.crash_watch = watch
    return watch


Viewport = tuple[int, int]


def open_player(browser: Browser, vendor: VendorFiles, label: str, viewport: Viewport,
                on_crash: Callable[[Page], None]) -> Player:
    """A fresh context (own storage, own Pyodide) and its page, its console kept."""
    context = new_context(browser, vendor, viewport)
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    player = Player(context, page, label)
    page.on("console", lambda msg: player.console.append(f"{msg.type}: {msg.text}"))
    page.on("pageerror", lambda err: player.console.append(f"pageerror: {err} {err.stack}"))
    page.on("crash", on_crash)
    return player


def print_dumps(request: pytest.FixtureRequest, players: list[Player]) -> None:
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        for player in players:
            print(player.dump())


@pytest.fixture
def new_player(
    browser: Browser, vendor: VendorFiles, request: pytest.FixtureRequest,
    crash_watch: CrashWatch,
) -> Iterator[Callable[..., Player]]:
    """Factory: ``new_player('ann', viewport=(375, 740))`` → a fresh context and page."""
    players: list[Player] = []

    def make(label: str, viewport: Viewport = DESKTOP) -> Player:
        player = open_player(browser, vendor, label, viewport,
                             lambda page: crash_watch.crashed(label, page))
        players.append(player)
        return player

    yield make
    print_dumps(request, players)
    for player in players:
        player.context.close()


LEAVE_BUTTONS = ("#leave-btn", "#game-leave-btn")  # the lobby, the table (every game)


@dataclass
class SharedPlayers:
    """Pages booted once for all the tests of a module (its ``SHARED_PLAYERS``: label and
    viewport of each, the first one the host), because starting Pyodide in three or four pages
    is most of a table test's time. Each test gets them back at the menu, in no room, console
    emptied, and opens its own room (``seat_three``/``seat_players``): a new room starts from
    the room's defaults, so no test depends on another's order or state. What a page keeps from
    one test to the next is its Python (booted once) and its storage; a module whose tests read
    what a page does at start keeps fresh pages (``new_player``). ``SHARED_INIT(player)``, if
    the module has one, runs once per page before it loads (init scripts)."""

    browser: Browser
    vendor: VendorFiles
    site: Site
    spec: tuple[tuple[str, Viewport], ...]
    init: Callable[[Player], None] | None = None
    players: list[Player] = field(default_factory=list)
    watch: CrashWatch | None = None
    unclaimed: list[tuple[str, Page]] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)

    def crashed(self, label: str, page: Page) -> None:
        if self.watch is None:
            self.unclaimed.append((label, page))
        else:
            self.watch.crashed(label, page)

    def boot(self) -> None:
        for label, viewport in self.spec:
            player = open_player(self.browser, self.vendor, label, viewport,
                                 lambda page, label=label: self.crashed(label, page))
            if self.init is not None:
                self.init(player)
            self.players.append(player)
        for player in self.players:
            player.open_site(self.site)
        for player in self.players:
            player.wait_ready()

    def take(self, watch: CrashWatch) -> list[Player]:
        """The pages for the next test, back at the menu. If they cannot be brought back (a
        test that failed half-way may leave anything), they are replaced by new ones: slower,
        never wrong; said in the test's output."""
        self.watch = watch
        for label, page in self.unclaimed:
            watch.crashed(label, page)
        self.unclaimed.clear()
        try:
            self.back_to_menu()
        except Exception as exc:  # whatever went wrong: start over from new pages
            self.rebuilt.append(f"{type(exc).__name__}: {str(exc)[:300]}")
            print(f"[shared pages] new pages booted: the old ones did not come back to the "
                  f"menu ({self.rebuilt[-1]})")
            self.close()
            self.boot()
        for player in self.players:
            player.console.clear()
        return list(self.players)

    def back_to_menu(self) -> None:
        """The host closes its room (confirming if money is at stake), the guests follow it
        out; whoever is still in a room leaves it the same way."""
        for player in self.players:
            if player.page.is_closed():
                raise RuntimeError(f"the page of {player.label} is closed")
        host, *guests = self.players
        self.leave(host)
        for guest in guests:  # the host's room closing sends them out; if not, they leave
            with suppress(PlaywrightError):
                guest.page.wait_for_selector(MENU, state="attached", timeout=5_000)
            self.leave(guest)

    def leave(self, player: Player) -> None:
        page = player.page
        if page.locator(MENU).count():
            return
        page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
        leave = next((b for b in LEAVE_BUTTONS if page.locator(b).is_visible()), None)
        if leave is None:
            raise RuntimeError(f"{player.label} is not at the menu and has no leave button")
        page.click(leave, timeout=5_000)
        with suppress(PlaywrightError):  # asked only when money is at stake
            page.locator("#confirm-dialog[open] #confirm-go").click(timeout=1_000)
        page.wait_for_selector(MENU, state="attached", timeout=10_000)

    def close(self) -> None:
        for player in self.players:
            with suppress(PlaywrightError):
                player.context.close()
        self.players.clear()


@pytest.fixture(scope="module")
def shared_pages(request: pytest.FixtureRequest, browser: Browser, vendor: VendorFiles,
                 site: Site) -> Iterator[SharedPlayers]:
    shared = SharedPlayers(browser, vendor, site, tuple(request.module.SHARED_PLAYERS),
                           getattr(request.module, "SHARED_INIT", None))
    shared.boot()
    yield shared
    shared.close()


@pytest.fixture
def shared_players(shared_pages: SharedPlayers, crash_watch: CrashWatch,
                   request: pytest.FixtureRequest) -> Iterator[list[Player]]:
    """This module's shared pages (see :class:`SharedPlayers`), at the menu."""
    players = shared_pages.take(crash_watch)
    yield players
    print_dumps(request, players)
    shared_pages.watch = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    watch = getattr(item, "crash_watch", None)
    if watch is not None and watch.notes and report.when == "call":
        report.sections.append(("Chromium: a renderer crashed", watch.report()))

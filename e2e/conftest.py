"""End-to-end harness: the real page in real Chromium, real Pyodide, real PeerJS, offline.

* ``tools/serve.mjs`` serves the repository (as deployed, with netlify.toml's headers) and runs a
  PeerServer, both on 127.0.0.1 with free ports.
* One Chromium for the whole session; each player is a fresh context (own storage, own Pyodide)
  granted the microphone permission, without which Chromium gathers no usable ICE candidate.
  Booted pages pass from test to test within a worker (:class:`PagePool`: ``pooled_player``
  and a module's ``SHARED_PLAYERS``); a test that reads a page's start, or changes what its
  context loads, takes fresh ones (``new_player``). Each test still opens its own room.
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
    on_crash: Callable[[str, Page], None] | None = None
    """Told (label, page) when the page crashes: the crash watch of the test that has it."""
    reusable: bool = True
    """False once a test altered what the page loads (``test_fair_cheat.alter``): the
    :class:`PagePool` closes it instead of keeping it."""

    def crashed(self, page: Page) -> None:
        if self.on_crash is not None:
            self.on_crash(self.label, page)

    def at_menu(self, site: Site) -> bool:
        """Whether the page shows the site's menu (booted, in no room)."""
        try:
            return (not self.page.is_closed() and self.page.url.startswith(site.base + "/")
                    and self.page.locator(MENU).count() > 0)
        except PlaywrightError:  # crashed or closing
            return False

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def open_site(self, site: Site) -> None:
        """Start loading the site's menu, without waiting for it (``wait_ready`` does), so that
        several pages boot at once; a page already at the site's menu (shared by a module's
        tests) is used as it is."""
        if self.at_menu(site):
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
                on_crash: Callable[[str, Page], None] | None) -> Player:
    """A fresh context (own storage, own Pyodide) and its page, its console kept."""
    context = new_context(browser, vendor, viewport)
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    player = Player(context, page, label, on_crash=on_crash)
    page.on("console", lambda msg: player.console.append(f"{msg.type}: {msg.text}"))
    page.on("pageerror", lambda err: player.console.append(f"pageerror: {err} {err.stack}"))
    page.on("crash", player.crashed)
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
        player = open_player(browser, vendor, label, viewport, crash_watch.crashed)
        players.append(player)
        return player

    yield make
    print_dumps(request, players)
    for player in players:
        player.context.close()


LEAVE_BUTTONS = ("#leave-btn", "#game-leave-btn")  # the lobby, the table (every game)


def leave(player: Player) -> None:
    """Back to the menu the way a person goes: Leave (confirmed if money is at stake)."""
    page = player.page
    if page.locator(MENU).count():
        return
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    button = next((b for b in LEAVE_BUTTONS if page.locator(b).is_visible()), None)
    if button is None:
        raise RuntimeError(f"{player.label} is not at the menu and has no leave button")
    page.click(button, timeout=5_000)
    with suppress(PlaywrightError):  # asked only when money is at stake
        page.locator("#confirm-dialog[open] #confirm-go").click(timeout=1_000)
    page.wait_for_selector(MENU, state="attached", timeout=10_000)


def back_to_menu(players: list[Player]) -> None:
    """The first page (the host, by the tests' habit) closes its room; the others follow it
    out, and whoever is still in a room leaves it the same way."""
    for player in players:
        if player.page.is_closed():
            raise RuntimeError(f"the page of {player.label} is closed")
    host, *guests = players
    leave(host)
    for guest in guests:  # the host's room closing sends them out; if not, they leave
        with suppress(PlaywrightError):
            guest.page.wait_for_selector(MENU, state="attached", timeout=5_000)
        leave(guest)


@dataclass
class PagePool:
    """One worker's booted pages, passed from test to test: booting Pyodide is most of a
    browser test's CPU (about 6 CPU-s a page with its room modules and the evaluator's
    warm-up, against a few for a whole table test), and the suite is bound by its cores.

    A test asks for pages with ``pooled_player`` (like ``new_player``) or a module's
    ``SHARED_PLAYERS``, and gets pages at the menu, in no room, console emptied and resized to
    its viewport, or new ones when none is idle. After the test they are taken back to the menu
    (:func:`back_to_menu`) and kept for the next; one that cannot come back is closed. A page
    keeps from one test to the next its Python (booted once), its storage and identity (not the
    last room's table: leaving a room puts the table section back as the page loaded it,
    ``web.menu.Menu.clear_table``), so a test that reads what a page does at start or changes
    its context (init scripts, routes, offline) asks ``new_player`` for a fresh one. Each test still
    opens its own room: a new room starts from the room's defaults, whoever used the page
    before."""

    browser: Browser
    vendor: VendorFiles
    site: Site
    idle: list[Player] = field(default_factory=list)
    keep: int = 4  # idle pages kept at most (the most a test takes from the pool at once)

    def player(self, label: str, viewport: Viewport, watch: CrashWatch) -> Player:
        """An idle page at the menu, else a new one (not yet loaded: ``open_site`` loads it)."""
        while self.idle:
            player = self.idle.pop()
            if not player.at_menu(self.site):
                self.discard(player)
                continue
            size = player.page.viewport_size
            if size is None or (size["width"], size["height"]) != viewport:
                player.page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
            break
        else:
            player = open_player(self.browser, self.vendor, label, viewport, None)
        player.label = label
        player.on_crash = watch.crashed
        player.console.clear()
        return player

    def give_back(self, players: list[Player]) -> None:
        """After a test: its pages back to the menu and kept, or closed if they cannot be."""
        for player in players:
            player.on_crash = None
        try:
            back_to_menu(players)
        except Exception as exc:  # whatever a failed test left: those not at the menu go
            print(f"[page pool] pages closed: not all came back to the menu "
                  f"({type(exc).__name__}: {str(exc)[:300]})")
        for player in players:
            if player.reusable and len(self.idle) < self.keep and player.at_menu(self.site):
                with suppress(PlaywrightError):
                    player.page.emulate_media(reduced_motion="null")  # as a test may set it
                    self.idle.append(player)
                    continue
            self.discard(player)

    @staticmethod
    def discard(player: Player) -> None:
        with suppress(PlaywrightError):
            player.context.close()

    def close(self) -> None:
        for player in self.idle:
            self.discard(player)
        self.idle.clear()


@pytest.fixture(scope="session")
def page_pool(browser: Browser, vendor: VendorFiles, site: Site) -> Iterator[PagePool]:
    pool = PagePool(browser, vendor, site)
    yield pool
    pool.close()


@pytest.fixture
def pooled_player(page_pool: PagePool, crash_watch: CrashWatch,
                  request: pytest.FixtureRequest) -> Iterator[Callable[..., Player]]:
    """Factory like ``new_player``, for a test that neither reads a page's start nor changes
    its context: the page may be one other tests used (:class:`PagePool`)."""
    players: list[Player] = []

    def make(label: str, viewport: Viewport = DESKTOP) -> Player:
        player = page_pool.player(label, viewport, crash_watch)
        players.append(player)
        return player

    yield make
    print_dumps(request, players)
    page_pool.give_back(players)


@dataclass
class SharedPlayers:
    """Pages booted once for all the tests of a module that keeps its pages apart from the
    other modules': its ``SHARED_PLAYERS`` (label and viewport of each, the first one the
    host), when its pages need an init script (its ``SHARED_INIT(player)``, run once per page
    before it loads). Each test gets them back at the menu, in no room, console emptied, and
    opens its own room. Any other module gets its ``SHARED_PLAYERS`` from the worker's
    :class:`PagePool`."""

    browser: Browser
    vendor: VendorFiles
    site: Site
    spec: tuple[tuple[str, Viewport], ...]
    init: Callable[[Player], None] | None
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
            player = open_player(self.browser, self.vendor, label, viewport, self.crashed)
            if self.init is not None:
                self.init(player)
            self.players.append(player)
        booted(self.site, *self.players)

    def take(self, watch: CrashWatch) -> list[Player]:
        """The pages for the next test, back at the menu. If they cannot be brought back (a
        test that failed half-way may leave anything), they are replaced by new ones: slower,
        never wrong; said in the test's output."""
        self.watch = watch
        for label, page in self.unclaimed:
            watch.crashed(label, page)
        self.unclaimed.clear()
        try:
            back_to_menu(self.players)
        except Exception as exc:  # whatever went wrong: start over from new pages
            self.rebuilt.append(f"{type(exc).__name__}: {str(exc)[:300]}")
            print(f"[shared pages] new pages booted: the old ones did not come back to the "
                  f"menu ({self.rebuilt[-1]})")
            self.close()
            self.boot()
        for player in self.players:
            player.console.clear()
        return list(self.players)

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
def shared_players(request: pytest.FixtureRequest, page_pool: PagePool, site: Site,
                   crash_watch: CrashWatch) -> Iterator[list[Player]]:
    """The module's ``SHARED_PLAYERS``, at the menu: from the worker's :class:`PagePool`, or
    the module's own :class:`SharedPlayers` if it has a ``SHARED_INIT``."""
    module = request.module
    if getattr(module, "SHARED_INIT", None) is not None:
        shared: SharedPlayers = request.getfixturevalue("shared_pages")
        players = shared.take(crash_watch)
        yield players
        print_dumps(request, players)
        shared.watch = None
        return
    players = [page_pool.player(label, viewport, crash_watch)
               for label, viewport in module.SHARED_PLAYERS]
    booted(site, *players)
    yield players
    print_dumps(request, players)
    page_pool.give_back(players)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    watch = getattr(item, "crash_watch", None)
    if watch is not None and watch.notes and report.when == "call":
        report.sections.append(("Chromium: a renderer crashed", watch.report()))

"""End-to-end harness: the real page in real Chromium, real Pyodide, real PeerJS, offline.

* ``tools/serve.mjs`` serves the repository (as deployed, with netlify.toml's headers) and runs a
  PeerServer, both on 127.0.0.1 with free ports.
* One Chromium for the whole session; each player is a fresh context (own storage, own Pyodide)
  granted the microphone permission, without which Chromium gathers no usable ICE candidate.
* The CDN URLs in the page are answered from node_modules by ``context.route``; every other
  non-local request is aborted, so nothing leaves the machine.

Never ``time.sleep`` here: it starves Playwright's route handlers. Wait on the page instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import (
    ARTIFACTS,
    CHROMIUM,
    LAUNCH_ARGS,
    READY_TIMEOUT_MS,
    ROOT,
    Site,
    VendorFiles,
    new_context,
    serve_site,
)
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under e2e/ is an e2e test (select with -m e2e, skip with -m 'not e2e')."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(ROOT / "e2e"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with serve_site(tmp_path_factory.mktemp("serve")) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def vendor() -> VendorFiles:
    return VendorFiles()


CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


@dataclass
class Player:
    """One browser context + page: a person at the table."""

    context: BrowserContext
    page: Page
    label: str
    console: list[str] = field(default_factory=list)

    def goto(self, url: str) -> None:
        self.page.goto(url)

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


@pytest.fixture
def new_player(
    browser: Browser, vendor: VendorFiles, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Player]]:
    """Factory: ``new_player('ann', viewport=(375, 740))`` → a fresh context and page."""
    players: list[Player] = []

    def make(label: str, viewport: tuple[int, int] = (1280, 800)) -> Player:
        context = new_context(browser, vendor, viewport)
        context.add_init_script(CSP_WATCH)
        page = context.new_page()
        player = Player(context, page, label)
        page.on("console", lambda msg: player.console.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda err: player.console.append(f"pageerror: {err} {err.stack}"))
        players.append(player)
        return player

    yield make
    failed = getattr(request.node, "rep_call", None)
    for player in players:
        if failed is not None and failed.failed:
            print(player.dump())
        player.context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]

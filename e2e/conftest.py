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

import json
import os
import re
import socket
import subprocess
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

PYSCRIPT_DIST = MODULES / "@pyscript" / "core" / "dist"
CDN = {
    "https://pyscript.net/releases/2026.7.3/": PYSCRIPT_DIST,
    "https://cdn.jsdelivr.net/npm/@pyscript/core@0.7.31/dist/": PYSCRIPT_DIST,
    "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/": MODULES / "pyodide",
    "https://cdn.jsdelivr.net/npm/peerjs@1.5.5/dist/": MODULES / "peerjs" / "dist",
}
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",  # anything else: Pyodide hangs with only a console warning
    ".zip": "application/zip",
}
LAUNCH_ARGS = [
    "--allow-loopback-in-peer-connection",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_TIMEOUT_MS = int(os.environ.get("READY_TIMEOUT_MS", 60_000))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under e2e/ is an e2e test (select with -m e2e, skip with -m 'not e2e')."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(ROOT / "e2e"):
            item.add_marker(pytest.mark.e2e)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def netlify_header_rules(extra_connect: list[str]) -> list[dict[str, Any]]:
    """netlify.toml's [[headers]] as serve.mjs rules, with ``extra_connect`` added to the CSP's
    connect-src (the local PeerServer stands in for 0.peerjs.com in tests, and only there)."""
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    rules = []
    for rule in config.get("headers", []):
        values = dict(rule["values"])
        csp = values.get("Content-Security-Policy")
        if csp and extra_connect:
            values["Content-Security-Policy"] = re.sub(
                r"connect-src ([^;]*)", lambda m: m.group(0) + " " + " ".join(extra_connect), csp
            )
        rules.append({"for": rule["for"], "values": values})
    return rules


@dataclass
class Site:
    base: str
    peer_port: int
    signal: str

    def url(self, query: str = "", path: str = "/") -> str:
        """Our page with the local signalling server, no ICE servers (offline), and ``query``."""
        params = f"signal={self.signal}&ice=none" + (f"&{query}" if query else "")
        return f"{self.base}{path}?{params}"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    http_port, peer_port = free_port(), free_port()
    peer_origins = [f"ws://127.0.0.1:{peer_port}", f"http://127.0.0.1:{peer_port}"]
    headers = tmp_path_factory.mktemp("serve") / "headers.json"
    headers.write_text(json.dumps(netlify_header_rules(peer_origins)))
    proc = subprocess.Popen(
        ["node", str(ROOT / "tools" / "serve.mjs"), "--host", "127.0.0.1",
         "--port", str(http_port), "--peer-port", str(peer_port),
         "--headers", str(headers), "--quiet"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"tools/serve.mjs exited with {proc.wait()}")
        info = json.loads(line)
        yield Site(f"http://127.0.0.1:{info['http']}", info["peer"], f"127.0.0.1:{info['peer']}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


class VendorFiles:
    """Bytes of the pinned npm files, read once per session and handed to every context."""

    def __init__(self) -> None:
        self.cache: dict[Path, bytes] = {}

    def answer(self, route: Route) -> None:
        url = route.request.url.split("?", 1)[0].split("#", 1)[0]
        for prefix, folder in CDN.items():
            if url.startswith(prefix):
                path = (folder / url[len(prefix):]).resolve()
                if path.is_file() and path.is_relative_to(folder.resolve()):
                    if path not in self.cache:
                        self.cache[path] = path.read_bytes()
                    route.fulfill(
                        status=200,
                        body=self.cache[path],
                        headers={
                            "Content-Type": TYPES.get(path.suffix, "application/octet-stream"),
                            "Access-Control-Allow-Origin": "*",
                        },
                    )
                else:
                    route.fulfill(status=404, body="not in node_modules")
                return
        route.abort("internetdisconnected")


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
        context = browser.new_context(
            permissions=["microphone"],
            viewport={"width": viewport[0], "height": viewport[1]},
        )
        not_local = re.compile(r"^(?!https?://127\.0\.0\.1[:/])")
        context.route(not_local, vendor.answer)
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

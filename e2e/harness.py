"""The e2e harness without pytest: server, vendor routes, browser flags (conftest and
tools/bench_start.py share it)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Route

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
NO_HEAP_PROFILER = "HeapProfilerReporting"
"""Chromium's in-process heap profiler, which a browser session turns on at random and then
passes to every renderer (``--subproc-heap-profiling``). Its stack unwinder walks off the stack
while Pyodide runs: every page of such a session dies with SIGSEGV (SEGV_ACCERR at a page
boundary) in one instruction of Chromium's frame-pointer stack scan, right after "PyScript
Ready". Read off the crash dumps in ``~/.config/chromium/Crash Reports`` (all 30 of one run's
crashed renderers carried the switch) and reproduced by forcing the profiler on with
``--enable-features=HeapProfilerReporting:nonstable-probability/1.0/renderer-prob-pct/100``.
A browser fault, not the page's: the tests' browser keeps the profiler off."""
NO_GWP_ASAN = ("GwpAsanMalloc", "GwpAsanPartitionAlloc")
"""Chromium's sampling memory-error detector, which it turns on at random in a few processes.
It records a stack trace for each sampled allocation with the same frame-pointer stack scan,
and that scan walks off the stack Pyodide's WebAssembly runs on: such a renderer dies with
SIGSEGV (SEGV_ACCERR at a page boundary just above the stack pointer) at boot, about once in
two hundred pages. Read off the crash dumps in ``~/.config/chromium/Crash Reports``: all four
of 2026-11-26 stopped at the same instruction of the scan on the renderer's main thread, and
each carried the ``gwp-asan-malloc`` crash key that only a process with the detector on has.
A browser fault, not the page's: the tests' browser keeps the detector off."""


def playwright_disabled_features() -> list[str]:
    """Playwright's own ``--disable-features`` list. Chromium reads only the last
    ``--disable-features`` switch, so ours must repeat Playwright's or would drop them. Read
    from the pinned driver's bundle; empty if it cannot be found (then only ours apply)."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    try:
        text = bundle.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = re.search(r"disabledFeatures = \[(.*?)\];", text, re.S)
    return re.findall(r'"([A-Za-z0-9_]+)"', found.group(1)) if found else []


LAUNCH_ARGS = [
    "--allow-loopback-in-peer-connection",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join([*playwright_disabled_features(), NO_HEAP_PROFILER,
                                        *NO_GWP_ASAN]),
]
JS_FLAGS = "E2E_JS_FLAGS"
"""An environment variable: V8 flags for the tests' Chromium (``--js-flags``), none when unset.
``npm test`` sets ``--liftoff-only`` for the browser tests it runs in parallel: each new
page is a fresh browser context, and V8 compiles the hot parts of Pyodide's WebAssembly (its
interpreter loop first) with its optimising compiler anew in each, about 3 s of CPU a page
while it boots, which the suite's short-lived pages never earn back. With only the baseline
compiler (Liftoff: the code every page runs first, the same WebAssembly semantics) a page
boots on about a third of the CPU and runs Python somewhat slower; the suite, whose cores are
its limit, ends sooner. The test marked ``alone`` (its timing is the point) runs without it."""


def js_flags() -> list[str]:
    """The ``--js-flags`` switch :data:`JS_FLAGS` asks for, if any."""
    flags = os.environ.get(JS_FLAGS, "").strip()
    return [f"--js-flags={flags}"] if flags else []


DESKTOP = (1280, 800)  # a player's viewport unless a test says otherwise
PHONE = (375, 740)  # the narrowest phone the layout promises to fit without sideways scrolling
READY_TIMEOUT_MS = int(os.environ.get("READY_TIMEOUT_MS", 60_000))


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


class VendorFiles:
    """Bytes of the pinned npm files, read once per session and handed to every context by a
    Playwright route (``routed``); or, when the browser reaches the CDN hosts on a local server
    (:func:`serve_cdn`), nothing to do (``routed`` false)."""

    def __init__(self, routed: bool = True) -> None:
        self.cache: dict[Path, bytes] = {}
        self.routed = routed

    def install(self, context: BrowserContext) -> None:
        """Answer the CDNs by route and abort every other non-local request, unless the browser
        already takes the CDNs from :func:`serve_cdn` (whose host rules fail every other name)."""
        if self.routed:
            context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), self.answer)

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



@dataclass
class LocalCdn:
    """The CDN hosts served from node_modules by e2e/cdn.mjs over TLS, and the browser flags
    that send the page there."""

    port: int
    spki: str  # base64 SHA-256 of the certificate's public key, as Chromium wants it

    def launch_args(self) -> list[str]:
        hosts = sorted({re.sub(r"^https://([^/]+)/.*", r"\1", prefix) for prefix in CDN})
        rules = [f"MAP {host} 127.0.0.1:{self.port}" for host in hosts]
        # Any other name fails to resolve: nothing leaves the machine (as the route's abort did).
        rules += ["MAP * ~NOTFOUND", "EXCLUDE 127.0.0.1", "EXCLUDE localhost"]
        return [f"--host-resolver-rules={', '.join(rules)}",
                f"--ignore-certificate-errors-spki-list={self.spki}"]


def cdn_certificate(folder: Path) -> tuple[Path, Path, str] | None:
    """A throwaway self-signed certificate for the CDN hosts (openssl), its key, and its SPKI
    hash; None without openssl."""
    if shutil.which("openssl") is None:
        return None
    cert, key = folder / "cdn-cert.pem", folder / "cdn-key.pem"
    hosts = sorted({re.sub(r"^https://([^/]+)/.*", r"\1", prefix) for prefix in CDN})
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=e2e local CDN", "-keyout", str(key), "-out",
         str(cert), "-addext", "subjectAltName=" + ",".join(f"DNS:{h}" for h in hosts)],
        check=True, capture_output=True,
    )
    public = subprocess.run(["openssl", "x509", "-in", str(cert), "-noout", "-pubkey"],
                            check=True, capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public,
                         check=True, capture_output=True).stdout
    return cert, key, base64.b64encode(hashlib.sha256(der).digest()).decode()


@contextmanager
def serve_cdn(folder: Path) -> Iterator[LocalCdn | None]:
    """Run e2e/cdn.mjs with a fresh certificate; None (use routes) without openssl or with
    ``E2E_CDN=route`` (the old way, kept to compare: every CDN byte through this process)."""
    made = None if os.environ.get("E2E_CDN") == "route" else cdn_certificate(folder)
    if made is None:
        yield None
        return
    cert, key, spki = made
    mapping = folder / "cdn-map.json"
    mapping.write_text(json.dumps({prefix: str(path.resolve()) for prefix, path in CDN.items()}))
    proc = subprocess.Popen(
        ["node", str(ROOT / "e2e" / "cdn.mjs"), "--cert", str(cert), "--key", str(key),
         "--map", str(mapping)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"e2e/cdn.mjs exited with {proc.wait()}")
        yield LocalCdn(int(json.loads(line)["port"]), spki)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextmanager
def serve_site(header_dir: Path) -> Iterator[Site]:
    """Run tools/serve.mjs on 127.0.0.1 (free ports) under netlify.toml's headers."""
    http_port, peer_port = free_port(), free_port()
    peer_origins = [f"ws://127.0.0.1:{peer_port}", f"http://127.0.0.1:{peer_port}"]
    headers = header_dir / "headers.json"
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


def new_context(browser: Browser, vendor: VendorFiles, viewport: tuple[int, int] = DESKTOP,
                bypass_csp: bool = False) -> BrowserContext:
    """A fresh context: microphone granted (ICE needs it), CDNs answered, the rest aborted.
    ``bypass_csp`` only for the rogue page of hostile tests (never for the room's pages)."""
    context = browser.new_context(
        permissions=["microphone"], viewport={"width": viewport[0], "height": viewport[1]},
        bypass_csp=bypass_csp,
    )
    vendor.install(context)
    return context

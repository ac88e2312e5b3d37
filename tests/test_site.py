"""The static site as it deploys: config lists, pinned vendor files, headers, the dev server.

Quick CPython checks of what the browser would otherwise only reveal at run time (a missing
Python file, a stale integrity hash, a CSP that forbids the CDN, a server that leaks .git).
"""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools import make_snapshot, sync_page_files

ROOT = Path(__file__).resolve().parent.parent
INDEX = (ROOT / "index.html").read_text()
BOOT = (ROOT / "static" / "js" / "boot.js").read_text()
PACKAGE = json.loads((ROOT / "package.json").read_text())["devDependencies"]


def json_block(block_id: str) -> dict:
    match = re.search(
        r'<script type="application/json" id="' + block_id + r'">(.*?)</script>', INDEX, re.S
    )
    assert match, f"index.html has no {block_id} block"
    return json.loads(match.group(1))


def page_config() -> dict:
    return json_block("py-config")


def test_the_three_lists_hold_exactly_the_python_the_page_needs():
    """py-config (fetched before Python starts) holds the menu's modules, py-tables the table
    games' engine (a host fetches it for a table game), py-later the rest;
    tools/sync_page_files.py writes all three."""
    start = page_config()["files"]
    later = json_block("py-later")["files"]
    tables = json_block("py-tables")["files"]
    wanted = {f"./{p}" for p in sync_page_files.page_modules()}
    listed = set(start) | set(later) | set(tables)
    assert len(listed) == len(start) + len(later) + len(tables), "a file is in two lists"
    assert listed == wanted, (
        f"run tools/sync_page_files.py: missing {sorted(wanted - listed)}, "
        f"extra {sorted(listed - wanted)}"
    )
    assert set(start) == {f"./{p}" for p in sync_page_files.START}
    assert set(tables) == {f"./{p}" for p in
                           sync_page_files.table_modules(sync_page_files.page_modules())}
    assert "./py/rules/poker/engine.py" in tables
    assert "./py/rules/variants.py" in later  # the game catalogue reads it in the lobby
    assert "./py/rules/poker/config.py" in tables  # the engine's; the lobby needs it no more
    assert not any("pokerkit" in s or s.endswith("/kit.py") for s in listed)
    for source, dest in (start | later | tables).items():
        assert dest == "./" + source.removeprefix("./py/"), source


def test_the_start_modules_import_only_start_modules():
    """Whatever main.py pulls in at module level must already be on the page when Python
    starts; anything else is imported in a function, after ``web.later`` fetched it."""
    ours = ("rules", "room", "web")
    start = {p.removeprefix("py/").removesuffix(".py").replace("/", ".").removesuffix(".__init__")
             for p in sync_page_files.START}
    for module in ["py/main.py", *sorted(sync_page_files.START)]:
        tree = ast.parse((ROOT / module).read_text())
        for node in tree.body:
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                if name.split(".")[0] in ours:
                    assert name in start, f"{module} imports {name} before it is fetched"


def test_entry_point_exists_and_is_loaded_by_boot():
    assert (ROOT / "py" / "main.py").is_file()
    assert '"./py/main.py"' in BOOT


def test_menu_imports_stay_light():
    """Page start stays near a bare PyScript page: the entry and menu import no room/PeerJS
    machinery at module level (it is imported on the first Create/Join click)."""
    allowed = {"__future__", "secrets", "contextlib", "typing", "pyscript", "pyscript.ffi",
               "collections.abc", "web", "web.texts", "web.dom", "web.menu", "dataclasses",
               "urllib.parse", "asyncio", "web.later"}
    for module in ("py/main.py", "py/web/menu.py", "py/web/dom.py", "py/web/texts.py"):
        tree = ast.parse((ROOT / module).read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.module in allowed, f"{module} imports {node.module} at start"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in allowed, f"{module} imports {alias.name} at start"


def test_only_web_touches_the_browser():
    for package in ("rules", "room"):
        for path in (ROOT / "py" / package).rglob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] not in {"js", "pyscript", "pyodide", "web"}, (
                        f"{path.relative_to(ROOT)} imports {name}"
                    )


def sri(path: Path) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(path.read_bytes()).digest()).decode()


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("core.js", "node_modules/@pyscript/core/dist/core.js"),
        ("core.css", "node_modules/@pyscript/core/dist/core.css"),
        ("peerjs.min.js", "node_modules/peerjs/dist/peerjs.min.js"),
    ],
)
def test_integrity_hashes_match_the_pinned_files(name, path):
    file = ROOT / path
    if not file.is_file():
        pytest.skip("node_modules not installed (run tools/setup.sh)")
    assert f'"{name}": "{sri(file)}"' in BOOT


def test_the_pyodide_snapshot_is_pinned_and_fits_the_pinned_pyodide():
    """boot.js fetches the snapshot by name and integrity; ``loadPyodide`` accepts it only from
    the very build it was made with (else the page falls back to a slow start, silently
    losing the point of it): run tools/make_snapshot.py when Pyodide changes."""
    files = list(make_snapshot.FOLDER.iterdir())
    assert len(files) == 1, f"run tools/make_snapshot.py (one snapshot, not {len(files)})"
    data = files[0].read_bytes()
    path = make_snapshot.snapshot_path(PACKAGE["pyodide"], data)
    assert files == [path], "run tools/make_snapshot.py: the name fits another Pyodide or file"
    assert make_snapshot.boot_entry(path, data) in BOOT
    assert make_snapshot.sri(data) == sri(path)
    pyodide_js = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
    if not pyodide_js.is_file():
        pytest.skip("node_modules not installed (run tools/setup.sh)")
    build = re.search(r'BUILD_ID:"([0-9a-f]{64})"', pyodide_js.read_text())
    assert build, "pyodide.mjs no longer names its BUILD_ID where this test looks"
    assert make_snapshot.build_id(gzip.decompress(data)) == build.group(1)


def test_the_snapshot_holds_the_standard_library_the_menu_imports():
    """Python's standard library ships as sources: whatever the menu imports at start that the
    snapshot lacks is compiled while the page is frozen (urllib.parse alone cost ~0.2 s)."""
    ours = {"rules", "room", "web", "pyscript", "js", "pyodide", "__future__"}
    wanted = set()
    for module in ["py/main.py", *sorted(sync_page_files.START)]:
        for node in ast.parse((ROOT / module).read_text()).body:
            if isinstance(node, ast.ImportFrom) and node.module:
                wanted.add(node.module)
            elif isinstance(node, ast.Import):
                wanted.update(alias.name for alias in node.names)
    missing = {name for name in wanted if name.split(".")[0] not in ours} - set(
        make_snapshot.PRELOAD
    )
    assert not missing, f"add {sorted(missing)} to PRELOAD and run tools/make_snapshot.py"


def test_cdn_urls_match_the_pinned_versions():
    assert PACKAGE["@pyscript/core"] == "0.7.31"  # = PyScript release 2026.7.3
    assert "https://pyscript.net/releases/2026.7.3/" in BOOT
    assert f"https://cdn.jsdelivr.net/pyodide/v{PACKAGE['pyodide']}/full/" in BOOT
    assert f"https://cdn.jsdelivr.net/npm/peerjs@{PACKAGE['peerjs']}/dist/" in BOOT


def test_page_has_no_inline_script_to_execute():
    """CSP has no 'unsafe-inline' for scripts: every executable script is a file."""
    for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", INDEX, re.S):
        if 'type="application/json"' in attrs:
            continue
        assert "src=" in attrs and not body.strip(), f"inline script: {attrs}"
    assert " on" not in re.sub(r"<!--.*?-->", "", INDEX).replace("\n", " ").lower().split(
        "<body", 1
    )[1].split(">", 1)[0]


def netlify() -> dict:
    return tomllib.loads((ROOT / "netlify.toml").read_text())


def headers_for(path: str) -> dict[str, str]:
    """Merged Netlify headers for ``path`` (later rules win, as Netlify applies them)."""
    merged: dict[str, str] = {}
    for rule in netlify()["headers"]:
        pattern = "^" + re.escape(rule["for"]).replace(r"\*", ".*") + "$"
        if re.match(pattern, path):
            merged.update(rule["values"])
    return merged


def test_netlify_publishes_the_root_without_a_build():
    build = netlify()["build"]
    assert build["publish"] == "."
    assert not build.get("command")


def test_security_headers_allow_exactly_what_the_page_uses():
    h = headers_for("/index.html")
    csp = dict(
        (part.split()[0], set(part.split()[1:]))
        for part in h["Content-Security-Policy"].split(";")
        if part.strip()
    )
    assert csp["default-src"] == {"'none'"}
    assert csp["script-src"] == {"'self'", "https://pyscript.net", "https://cdn.jsdelivr.net",
                                 "'wasm-unsafe-eval'", "'unsafe-eval'"}
    assert "'unsafe-inline'" not in csp["script-src"] | csp["style-src"]
    assert {"wss://0.peerjs.com", "https://0.peerjs.com"} <= csp["connect-src"]
    assert csp["frame-ancestors"] == {"'none'"}
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["Referrer-Policy"]


def test_cache_headers_revalidate_code_and_keep_static_assets():
    assert "must-revalidate" in headers_for("/index.html")["Cache-Control"]
    assert "must-revalidate" in headers_for("/py/web/menu.py")["Cache-Control"]
    static = headers_for("/static/css/app.css")["Cache-Control"]
    assert int(re.search(r"max-age=(\d+)", static).group(1)) >= 3600


def test_page_params_keep_first_value_and_pass_on_only_network_settings():
    from web.texts import read_params

    p = read_params("?room=abc&room=def&signal=h:9&junk=1&assets=local&ice=")
    assert p.room == "abc"
    assert p.ice is None
    assert p.passed_on() == {"signal": "h:9", "assets": "local"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if shutil.which("node") is None or not (ROOT / "node_modules" / "peer").is_dir():
        pytest.skip("node or node_modules missing")
    rules = tmp_path_factory.mktemp("h") / "headers.json"
    rules.write_text(json.dumps([{"for": "/*", "values": {"X-Test": "yes"}},
                                 {"for": "/static/*", "values": {"X-Static": "1"}}]))
    proc = subprocess.Popen(
        ["node", "tools/serve.mjs", "--host", "127.0.0.1", "--port", "0", "--peer-port", "0",
         "--headers", str(rules), "--quiet"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    info = json.loads(proc.stdout.readline())
    yield f"http://127.0.0.1:{info['http']}", info
    proc.terminate()
    proc.wait(timeout=10)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_server_serves_the_site_and_vendor_files_with_the_right_types(server):
    base, info = server
    status, headers, body = fetch(base + "/")
    assert status == 200 and b"py-config" in body and headers["X-Test"] == "yes"
    status, headers, _ = fetch(base + "/vendor/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    status, headers, _ = fetch(base + "/vendor/pyodide/pyodide.mjs")
    assert headers["Content-Type"].startswith("text/javascript")
    status, headers, _ = fetch(base + "/static/css/app.css")
    assert headers["X-Static"] == "1" and headers["Content-Type"].startswith("text/css")
    assert "assets=local" in info["url"] and f":{info['peer']}" in info["url"]


@pytest.mark.parametrize(
    "path",
    ["/.git/config", "/node_modules/peer/package.json", "/vendor/pyodide/../../.git/config",
     "/vendor/nothing/x.js", "/.venv/pyvenv.cfg", "/%2e%2e/etc/passwd"],
)
def test_server_refuses_what_is_not_the_site(server, path):
    base, _ = server
    assert fetch(base + path)[0] == 404


def test_server_runs_a_peerserver(server):
    _, info = server
    status, _, body = fetch(f"http://127.0.0.1:{info['peer']}/peerjs/id")
    assert status == 200 and len(body.strip()) >= 8


def test_the_replayers_file_picker_offers_the_hand_files_the_table_downloads():
    """The replayer reads the JSON history and PHH (one hand, or the table's several-hand
    download); its file picker's filter must let a player find those files as the table
    names them (``web.exports``): a ``hands.phhs`` hidden by the filter cannot be opened
    without knowing to switch the dialog to all files."""
    exports = (ROOT / "py" / "web" / "exports.py").read_text()
    replayable = {"hand-history.json", "hands.phhs"}
    assert replayable <= set(re.findall(r'"([a-z-]+\.[a-z]+)"', exports))
    accept = re.search(r'<input id="replay-file"[^>]*accept="([^"]*)"', INDEX)
    assert accept, "index.html has no replay file input with an accept list"
    offered = set(accept.group(1).split(","))
    for name in replayable | {"hand.phh"}:
        assert "." + name.rsplit(".", 1)[1] in offered, name


def test_ledger_headers_wrap_only_between_words():
    """A ledger's column headers ("Hands", "Balance") wrap at spaces, never inside a word:
    the cells' ``overflow-wrap: anywhere`` (for long names) made "Han ds" at 375 px and
    "Hand s" in the side panel's ledger. The rules for a ledger's header cells, applied in
    the stylesheet's order, leave them breakable only between words."""
    css = re.sub(r"/\*.*?\*/", "", (ROOT / "static" / "css" / "app.css").read_text(), flags=re.S)
    said: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        heads = [s.strip() for s in selectors.split(",")]
        if not any(re.fullmatch(r"\.ledger-table (thead )?th", s) for s in heads):
            continue
        for declaration in body.split(";"):
            name, _, value = declaration.partition(":")
            said[name.strip()] = value.strip()
    assert said.get("overflow-wrap", "normal") == "normal", said
    assert said.get("word-break", "normal") in ("normal", "keep-all"), said
    assert said.get("hyphens", "manual") != "auto", said

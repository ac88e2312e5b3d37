"""The repository cites its own documents: its rulebooks in ``static/rules/``, never a path
outside the repository and never an issue number as the source of a rule or a test.

The rulebooks are part of the site (``static/`` deploys as it is), so players can open them from
the page; code and tests cite a ruling as ``static/rules/<book>.md#<heading>``, and every such
anchor must name a heading that exists, or the citation points nowhere.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "static" / "rules"
BOOKS = ("ultimate-omaha.md", "table-games.md")
SELF = "tests/test_docs.py"
SCOPE = ("py", "tests", "e2e", "tools", "static", "README.md", "index.html")

# Written in pieces so that this file does not cite what it forbids.
OUTSIDE = re.compile(
    "|".join(
        (
            r"\.\./" + "shared",  # the workspace's shared folder, next to the repository
            "/" + "work/",  # an absolute path on the machine the project was built on
            r"(?<![\w.-])" + "seeds" + "/",  # the requirement documents' folder
            "notes" + "/pokerkit",  # notes kept outside the repository
            "shared" + "/(?:rules|notes)/",
            r"\bseeds?\s+0\d\d",  # a requirement document by its number ("seed 002's keys")
        )
    )
)
ISSUE = re.compile(
    "|".join(
        (
            r"\bissues?\s*#?\d",  # "issue 8.5", "Issue 9", "issues 8.5"
            r"\bfindings?\s+\d",  # "finding 5", "findings 2 and 3" (of an issue)
            r"\bthe[ _]issue(?:'s|_|\b)",  # "the issue's targets", test_the_issue_example
        )
    ),
    re.IGNORECASE,
)
CITED = re.compile(r"static/rules/([\w.-]+\.md)(?:#([\w-]+))?")
LINK = re.compile(r"\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)")


def tracked_texts() -> list[tuple[str, str]]:
    """Every tracked text file in scope, as (path, text); binary files are left out."""
    names = subprocess.run(
        ["git", "ls-files", "-z", "--", *SCOPE], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode().split("\0")
    out = []
    for name in filter(None, names):
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        try:
            out.append((name, data.decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return out


def slug(heading: str) -> str:
    """The anchor a Markdown heading gets (GitHub's rule: lower case, punctuation dropped,
    spaces to hyphens)."""
    text = re.sub(r"[^\w\s-]", "", heading.strip().lower())
    return re.sub(r"\s", "-", text)


def anchors(book: Path) -> list[str]:
    return [
        slug(m.group(1))
        for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", book.read_text(), re.M)
    ]


def offences(pattern: re.Pattern[str]) -> list[str]:
    """Where ``pattern`` occurs in scope, this file aside (it spells out what it looks for)."""
    return [
        f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for name, text in tracked_texts()
        if name != SELF
        for m in pattern.finditer(text)
    ]


def test_scan_sees_the_files_it_must_check():
    names = {name for name, _ in tracked_texts()}
    assert {"README.md", "index.html", "py/rules/ultimate.py", "tests/test_site.py"} <= names


def test_patterns_catch_what_they_are_for():
    assert OUTSIDE.search("rules: `.." + "/shared/rules/table-games.md`")
    assert OUTSIDE.search("see /" + "work/shared/x")
    assert OUTSIDE.search("(`.." + "/seeds/001_x.txt`)")
    assert OUTSIDE.search("(seed 002's D, E, G keys)")
    assert not OUTSIDE.search("static/rules/table-games.md#pot-limit")
    assert ISSUE.search("(issue 8.5, 8.8)") and ISSUE.search("Issue 9: the error")
    assert ISSUE.search("(issue 8, finding 5)") and ISSUE.search("the issue's targets")
    assert not ISSUE.search("a known issue of the browser")


def test_nothing_cites_a_path_outside_the_repository():
    found = offences(OUTSIDE)
    assert not found, "cite the repository's own documents instead:\n" + "\n".join(found)


def test_no_issue_number_is_cited_as_a_source():
    found = offences(ISSUE)
    assert not found, "say what the thing is, or cite static/rules/:\n" + "\n".join(found)


@pytest.mark.parametrize("book", BOOKS)
def test_each_rulebook_has_unique_headings(book):
    heads = anchors(RULES / book)
    assert len(heads) >= 10
    assert len(heads) == len(set(heads)), "two headings share an anchor"


def test_every_cited_ruling_exists():
    """``static/rules/<book>.md#<anchor>`` anywhere in scope, and ``(<book>.md#<anchor>)`` or
    ``(#<anchor>)`` links inside the rulebooks, name a rulebook that exists and a heading in
    it."""
    cites: list[tuple[str, str, str | None]] = []
    for name, text in tracked_texts():
        cites += [(name, m.group(1), m.group(2)) for m in CITED.finditer(text)]
        if name.startswith("static/rules/") and name.endswith(".md"):
            own = Path(name).name
            for m in LINK.finditer(text):
                if m.group(1) or m.group(2):
                    cites.append((name, m.group(1) or own, m.group(2)))
    assert len(cites) > 10
    missing = []
    for name, book, anchor in cites:
        path = RULES / book
        if not path.is_file():
            missing.append(f"{name}: no static/rules/{book}")
        elif anchor and anchor not in anchors(path):
            missing.append(f"{name}: no heading #{anchor} in {book}")
    assert not missing, "\n".join(missing)


def test_the_rulebooks_are_served_as_text():
    """Markdown has no agreed content type: served as plain UTF-8 text every browser shows it
    (``nosniff`` is on, so a type the browser does not know would be downloaded instead)."""
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text())
    merged: dict[str, str] = {}
    for rule in netlify["headers"]:
        pattern = "^" + re.escape(rule["for"]).replace(r"\*", ".*") + "$"
        if re.match(pattern, "/static/rules/table-games.md"):
            merged.update(rule["values"])
    assert merged.get("Content-Type") == "text/plain; charset=utf-8"


def test_the_local_server_serves_the_rulebooks_as_text():
    """``npm start``'s server (tools/serve.mjs) answers them as the deployed site does."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "peer").is_dir():
        pytest.skip("node or node_modules missing")
    proc = subprocess.Popen(
        ["node", "tools/serve.mjs", "--host", "127.0.0.1", "--port", "0", "--peer-port", "0",
         "--quiet"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    try:
        info = json.loads(proc.stdout.readline())
        for book in BOOKS:
            url = f"http://127.0.0.1:{info['http']}/static/rules/{book}"
            with urllib.request.urlopen(url, timeout=10) as r:
                assert r.status == 200
                assert r.headers["Content-Type"] == "text/plain; charset=utf-8"
                assert r.read().decode() == (RULES / book).read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_page_links_its_rulebook():
    index = (ROOT / "index.html").read_text()
    for book in BOOKS:
        assert f'href="static/rules/{book}"' in index

"""Import direction: rules imports nothing of ours, room only rules, only web touches the browser.

Read with ``ast`` rather than by importing, so a forbidden import is caught even on a code
path no test runs.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
OURS = {p.name for p in PY.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
OURS |= {p.stem for p in PY.glob("*.py")}
BROWSER = {"js", "pyodide", "pyscript", "pyodide_js"}


def imported_roots(path: Path, root: Path = PY) -> set[str]:
    """Top-level names of every module ``path`` imports (relative imports count as its own)."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                roots.add(path.relative_to(root).parts[0])
            elif node.module:
                roots.add(node.module.split(".")[0])
    return roots


def files(package: str) -> list[Path]:
    return sorted((PY / package).rglob("*.py"))


def test_the_layers_exist():
    assert files("rules") and files("room") and files("games") and files("testing")


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("rules", {"rules"}),
        ("room", {"rules", "room"}),  # the room never imports a game: the page hands it one
        ("games", {"rules", "room", "games"}),
        ("testing", OURS - {"web"}),  # test harnesses: any layer but the browser's
    ],
)
def test_layer_imports_only_what_it_may(package, allowed):
    for path in files(package):
        ours = imported_roots(path) & (OURS | BROWSER)
        assert ours <= allowed, f"{path.relative_to(PY)} imports {sorted(ours - allowed)}"


def test_only_web_touches_the_browser():
    for path in sorted(PY.rglob("*.py")):
        if path.relative_to(PY).parts[0] == "web":
            continue
        bad = imported_roots(path) & BROWSER
        assert not bad, f"{path.relative_to(PY)} imports {sorted(bad)}"


def test_the_scan_sees_every_import_form(tmp_path):
    (tmp_path / "pkg").mkdir()
    sample = tmp_path / "pkg" / "mod.py"
    sample.write_text(
        "import js\nimport web.dom as d\nfrom pyscript import display\n"
        "from . import sibling\ndef f():\n    import pyodide.ffi\n",
        encoding="utf-8",
    )
    assert imported_roots(sample, tmp_path) == {"js", "web", "pyscript", "pkg", "pyodide"}


def test_only_the_pokerkit_replay_imports_pokerkit():
    """The betting engine is pure standard library (the page loads pokerkit only for a table
    game, and the engine does not need it); ``rules.poker.kit`` alone replays hands in it."""
    users = sorted(
        str(path.relative_to(PY)) for path in files("rules")
        if "pokerkit" in imported_roots(path)
    )
    assert users == ["rules/poker/kit.py"]


def game_words_in(text: str, names: list[str], phrases: list[str]) -> list[str]:
    """Which of a game's request or verb ``names`` (as identifiers, or quoted as a string or
    in ``code`` marks, in any case) and ``phrases`` occur in ``text``. A name that is also
    an English word ("check", "call", "pause") counts only quoted: prose may use the word."""
    found = []
    for name in names:
        word = re.escape(name)
        pattern = (rf"(?<![A-Za-z0-9_]){word}(?![A-Za-z0-9_])" if "_" in name
                   else rf"(?:\"{word}\"|'{word}'|``{word}``)")
        if re.search(pattern, text, re.IGNORECASE):
            found.append(name)
    return found + [p for p in phrases if p.lower() in text.lower()]


def test_the_room_names_no_games_table_request():
    """The room knows no particular game: a game's table requests (their names, and how a
    refusal words the host's) are declared in the games layer, and the room asks the game
    (``GameSession.table_host_only``). Read as text, so a docstring or a constant naming one
    is caught too."""
    from games.poker.tablerequests import TABLE_REQUESTS

    names = sorted(TABLE_REQUESTS)
    phrases = sorted({k.host for k in TABLE_REQUESTS.values() if k.host} | {"bomb pot"})
    assert "bomb_pot" in names and "set_stack" in names  # the declaration is what we think
    for path in files("room"):
        found = game_words_in(path.read_text(encoding="utf-8"), names, phrases)
        assert not found, f"{path.relative_to(PY)} names {found}"


def test_the_room_names_no_games_turn_verb():
    """Nor a game's turn verbs: the wire bounds only a verb's shape
    (``room.messages.ACTION_RE``) and each game refuses a verb it does not have. The verbs
    are the games' own declarations (Ultimate's rules, the table games' session), so a game
    that adds one is covered; Ultimate's pair, which its prose writes as names, is caught as
    a phrase too."""
    from games.poker.session import VERBS
    from rules.ultimate import Action

    names = sorted({a.value for a in Action} | set(VERBS))
    assert {"check", "double", "fold", "raise", "allin", "draw"} <= set(names)
    phrases = ["check or double", "check-or-double"]
    for path in files("room"):
        found = game_words_in(path.read_text(encoding="utf-8"), names, phrases)
        assert not found, f"{path.relative_to(PY)} names {found}"


def test_the_game_words_scan_sees_names_and_phrases():
    names, phrases = ["bomb_pot", "pause"], ["call a bomb pot"]
    assert game_words_in('x = ("bomb_pot",)', names, phrases) == ["bomb_pot"]
    assert game_words_in("the host's ``pause``", names, phrases) == ["pause"]
    assert game_words_in("only the host can Call a bomb pot", names, phrases) == [
        "call a bomb pot"]
    assert game_words_in("the game may pause; bomb_pots_seen", names, phrases) == []
    verbs = ["check", "raise", "allin"]
    assert game_words_in('ACTIONS = ("check", "raise")', verbs, []) == ["check", "raise"]
    assert game_words_in("a game action (``'Allin'``)", verbs, []) == ["allin"]
    assert game_words_in("checks the seq; may raise RoomError; check(key)", verbs, []) == []
    assert game_words_in("30 s is ample for one Check-or-Double", verbs,
                         ["check-or-double"]) == ["check-or-double"]


GAME_HOMES_OWNED_ELSEWHERE = {
    "web/session.py",  # being split into new web modules; its game ids go with the split
}
"""Files that still name a game, held here so the list can only shrink: the test fails for a
file listed that names none (take it off)."""


def _game_homes() -> set[Path]:
    """The catalogue and each game's own modules (its session's module or package, read from
    its entry), where a game may be named."""
    import importlib.util

    from games.catalogue import GAMES

    homes = {PY / "games" / "catalogue.py"}
    for entry in GAMES.values():
        for module in filter(None, (entry.module, entry.settings_module)):
            spec = importlib.util.find_spec(module)
            assert spec is not None and spec.origin is not None
            origin = Path(spec.origin)
            homes.add(origin.parent if origin.name == "__init__.py" else origin)
    return homes


GAME_NAMED = re.compile(r"""hand_game|game_id|["']game["']|\.game\b""")
"""An expression that holds a game's id: the view's ``game``/``hand_game``, a ``game_id``."""


def game_ids_in(path: Path, ids: set[str], words: set[str]) -> list[str]:
    """The game ids ``path``'s code names as a string (docstrings, where an example is data,
    are not read). An id that is also one of the games' ``words`` (5-card draw's id is its
    verb too) counts only where compared with, or listed against, something named for a game
    (``hand_game(view) == "draw"``, ``game_id in ("draw", ...)``) or a name given one
    (``kind = hand_game(view)``, then ``kind == "draw"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = [f"{node.value!r} (line {node.lineno})" for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and node.value in ids - words
             and id(node) not in docstrings]
    scopes = [tree, *(n for n in ast.walk(tree)
                      if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))]
    for scope in scopes:
        own = list(_own_nodes(scope))
        holders = {  # names given a game in this function: kind = hand_game(view)
            target.id for node in own if isinstance(node, ast.Assign)
            and GAME_NAMED.search(ast.unparse(node.value))
            for target in node.targets if isinstance(target, ast.Name)
        }
        for node in own:
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = [s for s in sides if GAME_NAMED.search(ast.unparse(s)) or (
                isinstance(s, ast.Name) and s.id in {"game", *holders})]
            for side in sides:
                if named and side not in named:
                    found += [f"{c.value!r} (line {c.lineno})" for c in ast.walk(side)
                              if isinstance(c, ast.Constant) and c.value in ids & words]
    return found


def _own_nodes(scope: ast.AST):
    """The nodes of a module or function, not those of the functions inside it."""
    for child in ast.iter_child_nodes(scope):
        yield child
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _own_nodes(child)


def test_no_game_is_named_outside_the_catalogue_and_its_own_modules():
    """Adding a game needs its rules, its catalogue entry and its tests: the web, the room and
    the rest of the games layer read a game's facts from the catalogue (or from the view),
    never by testing for a game's id. The ids and the verbs are read from their declarations,
    so a new game is covered."""
    from games.catalogue import GAMES
    from games.poker.session import VERBS

    ids = set(GAMES)
    assert {"holdem", "omaha-hilo", "draw", "ultimate"} <= ids
    homes = _game_homes()
    named = {}
    for package in ("web", "room", "games"):
        for path in files(package):
            if any(home == path or home in path.parents for home in homes):
                continue
            found = game_ids_in(path, ids, set(VERBS))
            if found:
                named[str(path.relative_to(PY))] = found
    assert set(named) - GAME_HOMES_OWNED_ELSEWHERE == set(), named
    assert set(named) >= GAME_HOMES_OWNED_ELSEWHERE, "take off the list: " + ", ".join(
        sorted(GAME_HOMES_OWNED_ELSEWHERE - set(named)))


def test_the_game_id_scan_sees_codes_not_examples_and_a_verb_only_as_a_game(tmp_path):
    sample = tmp_path / "mod.py"
    sample.write_text(
        '"""Example: ``view("holdem")``."""\n'
        'def f(view, game_id):\n'
        '    """>>> f({"game": "omaha"}, "draw")"""\n'
        '    send("draw", 3)\n'
        '    if view.get("type") == "draw" or game.get("round") == "draw": pass\n'
        '    if hand_game(view) == "draw" or game == "draw": pass\n'
        '    kind = hand_game(view)\n'
        '    if kind == "draw": pass\n'
        '    return game_id in ("omaha", "x") or NAMES["holdem"]\n',
        encoding="utf-8",
    )
    found = game_ids_in(sample, {"holdem", "omaha", "draw"}, {"draw"})
    assert sorted(found) == ["'draw' (line 6)", "'draw' (line 6)", "'draw' (line 8)",
                             "'holdem' (line 9)", "'omaha' (line 9)"]


def test_mypy_checks_every_package_strictly():
    """Every package under ``py/`` is on mypy's list, strict, with no blanket ignore.

    The browser modules have no types of their own: ``typings/`` stubs them, so ``web`` is
    checked like the layers it draws.
    """
    config = tomllib.loads((PY.parent / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    packages = {p.name for p in PY.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(mypy["packages"])
    assert mypy["strict"] is True
    for override in mypy.get("overrides", []):
        assert not override.get("ignore_errors"), override


def test_the_web_asks_games_only_what_their_interface_declares():
    """A game is used through ``room.game.GameSession``, which mypy checks: no ``getattr``
    probing it for a method some games have (mypy cannot see through one)."""
    probes = [f"{path.name}: {line.strip()}" for path in sorted((PY / "web").glob("*.py"))
              for line in path.read_text(encoding="utf-8").splitlines()
              if re.search(r"getattr\(\s*(\w+\.)*game\b", line)]
    assert probes == []


def test_no_typed_dict_hides_not_required_in_string_annotations():
    """Under ``from __future__ import annotations`` a TypedDict's ``NotRequired[...]`` is a
    string the class cannot see, so the key counts as required at run time (the tests that
    hold views and snapshots to their declared keys read those sets): such a module marks its
    optional keys with a ``total=False`` class instead."""
    found = []
    for path in sorted(PY.rglob("*.py")):
        tree = ast.parse(path.read_text())
        future = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                     and any(a.name == "annotations" for a in n.names) for n in tree.body)
        if not future:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign) and any(
                    isinstance(n, ast.Name) and n.id == "NotRequired"
                    for n in ast.walk(node.annotation)):
                found.append(f"{path.relative_to(PY)}:{node.lineno}")
    assert found == []

"""The table games' engine imported in slices (web/tablesload.py): the order read from the files,
each step running one module of the ``py-tables`` block, and nothing imported that the engine
does not read at import time. Fresh interpreters, since ``sys.modules`` is what is checked.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from web.tablesload import import_order, module_name

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"


def tables_block() -> dict[str, str]:
    index = (ROOT / "index.html").read_text()
    match = re.search(r'<script type="application/json" id="py-tables">(.*?)</script>', index, re.S)
    assert match
    files: dict[str, str] = json.loads(match.group(1))["files"]
    return files


def fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_module_names_from_the_paths_the_block_writes() -> None:
    assert module_name("./games/poker/hands.py") == "games.poker.hands"
    assert module_name("./games/poker/__init__.py") == "games.poker"


def test_order_puts_each_module_after_what_it_imports_and_leaves_out_the_unread() -> None:
    sources = {
        "pkg": "from .lazy import Thing  # re-exported\n",
        "pkg.lazy": "X = 1\n",
        "pkg.a": "from __future__ import annotations\nfrom . import b\nfrom pkg import Thing\n",
        "pkg.b": "from .c import (\n    one,\n    two as too,\n)\n",
        "pkg.c": "import os\n",
        "pkg.unused": "import pkg.c\n",
        "pkg.late": "X = 2\n",
        "pkg.d": "def f():\n    from . import late\n",
    }
    order = import_order(sources, "pkg.a")
    assert order[-1] == "pkg.a"
    assert set(order) == {"pkg", "pkg.lazy", "pkg.a", "pkg.b", "pkg.c"}
    for first, then in (("pkg", "pkg.a"), ("pkg.c", "pkg.b"), ("pkg.b", "pkg.a"),
                        ("pkg.lazy", "pkg.a")):
        assert order.index(first) < order.index(then)


def test_the_engine_does_not_import_the_hand_history_writers() -> None:
    """PokerStars text is written when a player asks for it, not when a table starts."""
    out = fresh("import sys, games.poker.session; print('games.pokerstars' in sys.modules)")
    assert out.strip() == "False"


def test_each_step_runs_at_most_one_module_of_the_block_and_all_end_imported() -> None:
    files = tables_block()
    code = f"""
import json, sys
from web.tablesload import import_steps
block = {{m for m in map(__import__('web.tablesload').tablesload.module_name,
                         {list(files.values())!r})}}
most = 0
for step in import_steps({files!r}):
    before = set(sys.modules)
    step()
    most = max(most, len((set(sys.modules) - before) & block))
print(json.dumps([most, 'games.poker.session' in sys.modules]))
"""
    most, ready = json.loads(fresh(code).strip().splitlines()[-1])
    assert ready
    assert most == 1


def test_steps_write_bytecode_the_import_then_reads(tmp_path: Path) -> None:
    """The compile is a step of its own: the module's import finds it compiled."""
    pkg = tmp_path / "slab"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "top.py").write_text("from . import leaf\nVALUE = leaf.VALUE + 1\n")
    (pkg / "leaf.py").write_text("VALUE = 41\n")
    code = f"""
import sys
sys.dont_write_bytecode = True  # as in Pyodide: only the compile steps write
sys.path.insert(0, {str(tmp_path)!r})
from web.tablesload import import_steps
files = {{f"./slab/{{n}}": "./slab/" + n for n in ("__init__.py", "top.py", "leaf.py")}}
import os
os.chdir({str(tmp_path)!r})
steps = list(import_steps(files, "slab.top", compile_apart=0))
steps[0](); steps[1](); steps[2]()  # py_compile's import, slab's compile and import
steps[3]()  # leaf's compile
print(os.path.exists("slab/__pycache__"), "slab.leaf" in sys.modules)
for step in steps[4:]:
    step()
import slab.top
print(slab.top.VALUE, len(steps))
"""
    lines = fresh(code).strip().splitlines()
    assert lines[-2] == "True False"
    assert lines[-1] == "42 7"


def test_small_modules_compile_in_their_import_step(tmp_path: Path) -> None:
    (tmp_path / "tiny.py").write_text("VALUE = 1\n")
    (tmp_path / "big.py").write_text("from tiny import VALUE\n" + "X = 1\n" * 2000)
    code = f"""
import os, sys
from web.tablesload import import_steps
sys.path.insert(0, {str(tmp_path)!r}); os.chdir({str(tmp_path)!r})
steps = list(import_steps({{"./tiny.py": "./tiny.py", "./big.py": "./big.py"}}, "big",
                          compile_apart=1000))
print([s.__qualname__ for s in steps])
"""
    names = fresh(code).strip().splitlines()[-1]
    assert names == str(["plan the order, import py_compile", "import tiny", "compile big",
                         "import big"])

// Runs Python under the npm `pyodide` (the version the page loads) with the project's py/ and
// tests/ on its path: `node tools/run_pyodide.mjs MODULE FUNCTION`. Imports MODULE (from tests/
// or py/), calls FUNCTION() and prints its return value as JSON on the last line of stdout.
// Used by tests/test_pyodide_hostile.py to run the hostile-message corpus where it matters:
// Pyodide's stack is far smaller than CPython's, so a CPython run cannot prove a parser safe.
// A Python exception exits with status 1; a fatal interpreter error (what a stack overflow
// inside the wasm does) exits non-zero too.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [moduleName, functionName] = process.argv.slice(2);
if (!moduleName || !functionName) {
  console.error("usage: node tools/run_pyodide.mjs MODULE FUNCTION");
  process.exit(2);
}

function copyTree(py, fromDir, toDir) {
  py.FS.mkdirTree(toDir);
  for (const name of readdirSync(fromDir)) {
    const from = join(fromDir, name);
    if (name === "__pycache__") continue;
    if (statSync(from).isDirectory()) copyTree(py, from, join(toDir, name));
    else if (name.endsWith(".py")) py.FS.writeFile(join(toDir, name), readFileSync(from));
  }
}

const py = await loadPyodide();
copyTree(py, join(root, "py"), "/home/pyodide/py");
copyTree(py, join(root, "tests"), "/home/pyodide/tests");
py.globals.set("MODULE", moduleName);
py.globals.set("FUNCTION", functionName);
try {
  const out = py.runPython(`
import importlib, json, sys
sys.path[:0] = ["/home/pyodide/py", "/home/pyodide/tests"]
result = getattr(importlib.import_module(MODULE), FUNCTION)()
json.dumps({"python": sys.version.split()[0], "result": result})
`);
  console.log(out);
} catch (err) {
  console.error(String(err));
  process.exit(1);
}

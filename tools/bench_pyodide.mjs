// Pyodide half of tools/bench_eval.py: loads the npm `pyodide` (the version the page uses),
// puts py/rules, tools/bench_*.py and the pure-Python sources of treys 0.1.8 and pokerkit 0.7.7
// (from the .venv) into its file system, measures the cold cost first (fresh interpreter), then runs
// bench_eval.bench_core() and prints its results as JSON on the last line of stdout.
// Usage: node tools/bench_pyodide.mjs   (normally started by tools/bench_eval.py)
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function copyPyFiles(py, fromDir, toDir) {
  py.FS.mkdirTree(toDir);
  for (const name of readdirSync(fromDir)) {
    if (name.endsWith(".py")) {
      py.FS.writeFile(join(toDir, name), readFileSync(join(fromDir, name)));
    }
  }
}

function sitePackage(name) {
  const lib = join(root, ".venv", "lib");
  for (const version of existsSync(lib) ? readdirSync(lib) : []) {
    const dir = join(lib, version, "site-packages", name);
    if (existsSync(dir)) return dir;
  }
  return null;
}

const started = performance.now();
const py = await loadPyodide();
const loadMs = performance.now() - started;

copyPyFiles(py, join(root, "py", "rules"), "/home/pyodide/py/rules");
copyPyFiles(py, join(root, "tools"), "/home/pyodide/tools");
const treys = sitePackage("treys");
if (treys) copyPyFiles(py, treys, "/home/pyodide/site/treys");
const pokerkit = sitePackage("pokerkit");
if (pokerkit) copyPyFiles(py, pokerkit, "/home/pyodide/site/pokerkit");

py.runPython("import sys; sys.path[:0] = ['/home/pyodide/py', '/home/pyodide/tools', '/home/pyodide/site']");
py.runPython(readFileSync(join(root, "tools", "bench_cold.py"), "utf8"));
const [coldImport, coldShowdown] = py.globals.get("COLD_MS").toJs();

const results = py.runPython(`
import json, bench_eval
r = bench_eval.bench_core()
r["python"] = sys.version.split()[0]
json.dumps(r)
`);
const out = JSON.parse(results);
out.cold_import_ms = coldImport;
out.cold_showdown_ms = coldShowdown;
out.load_pyodide_ms = loadMs;
out.treys_loaded = Boolean(treys);
out.pokerkit_loaded = Boolean(pokerkit);
console.log(JSON.stringify(out));

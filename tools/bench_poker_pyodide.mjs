// Pyodide half of tools/bench_poker.py: loads the npm `pyodide` (the version the page uses),
// puts py/ (the rules package with rules/poker) and tools/bench_poker.py into its file system,
// and pokerkit from the pinned wheel in vendor/wheels/ (imported as a zip, as
// py/playhand.py does) for the reference figures; then runs bench_poker.bench_core() and
// prints its results as JSON on the last line of stdout.
// Usage: node tools/bench_poker_pyodide.mjs [ROUNDS]   (normally started by tools/bench_poker.py)
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const rounds = Number(process.argv[2] || 40);
const wheel = join(root, "vendor", "wheels", "pokerkit-0.7.7-py3-none-any.whl");

function copyTree(py, fromDir, toDir) {
  py.FS.mkdirTree(toDir);
  for (const name of readdirSync(fromDir)) {
    const from = join(fromDir, name);
    if (name === "__pycache__") continue;
    if (statSync(from).isDirectory()) copyTree(py, from, join(toDir, name));
    else if (name.endsWith(".py")) py.FS.writeFile(join(toDir, name), readFileSync(from));
  }
}

const started = performance.now();
const py = await loadPyodide();
const loadMs = performance.now() - started;

copyTree(py, join(root, "py", "rules"), "/home/pyodide/py/rules");
py.FS.mkdirTree("/home/pyodide/tools");
py.FS.writeFile("/home/pyodide/tools/bench_poker.py",
                readFileSync(join(root, "tools", "bench_poker.py")));
const haveWheel = existsSync(wheel);
if (haveWheel) {
  py.FS.mkdirTree("/home/pyodide/wheels");
  py.FS.writeFile("/home/pyodide/wheels/pokerkit-0.7.7-py3-none-any.whl", readFileSync(wheel));
}
py.globals.set("ROUNDS", rounds);
py.globals.set("HAVE_WHEEL", haveWheel);
const results = py.runPython(`
import json, sys, time
sys.path[:0] = ["/home/pyodide/py", "/home/pyodide/tools"]
t = time.perf_counter()
import rules.poker
import_ms = (time.perf_counter() - t) * 1000
kit_ms = 0.0
if HAVE_WHEEL:
    sys.path.insert(0, "/home/pyodide/wheels/pokerkit-0.7.7-py3-none-any.whl")
    t = time.perf_counter()
    import pokerkit
    kit_ms = (time.perf_counter() - t) * 1000
import bench_poker
r = bench_poker.bench_core(ROUNDS, with_pokerkit=HAVE_WHEEL)
r["python"] = sys.version.split()[0]
r["import_ms"] = import_ms
r["pokerkit_import_ms"] = kit_ms
json.dumps(r)
`);
const out = JSON.parse(results);
out.load_ms = loadMs;
console.log(JSON.stringify(out));

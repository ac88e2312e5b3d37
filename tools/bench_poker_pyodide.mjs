// Pyodide half of tools/bench_poker.py: loads the npm `pyodide` (the version the page uses),
// copies py/ and tools/bench_poker.py into its file system, unpacks the pinned pokerkit wheel
// from vendor/wheels/ (tools/setup.sh fetches it; without it the pokerkit reference is
// skipped), runs bench_poker.bench_core() and prints its results as JSON on the last line.
// Usage: node tools/bench_poker_pyodide.mjs   (normally started by tools/bench_poker.py)
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

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
py.FS.mkdirTree("/home/pyodide/tools");
py.FS.writeFile("/home/pyodide/tools/bench_poker.py", readFileSync(join(root, "tools", "bench_poker.py")));
const wheel = join(root, "vendor", "wheels", "pokerkit-0.7.7-py3-none-any.whl");
const withKit = existsSync(wheel);
if (withKit) {
  py.FS.mkdirTree("/home/pyodide/site");
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "zip", { extractDir: "/home/pyodide/site" });
}
py.globals.set("WITH_KIT", withKit);
const out = py.runPython(`
import json, sys
sys.path[:0] = ["/home/pyodide/py", "/home/pyodide/tools", "/home/pyodide/site"]
import time
t = time.perf_counter()
import rules.poker
import_ms = (time.perf_counter() - t) * 1000
if WITH_KIT:
    t = time.perf_counter()
    import pokerkit
    kit_import_ms = (time.perf_counter() - t) * 1000
import bench_poker
r = bench_poker.bench_core(with_pokerkit=WITH_KIT)
r["engine_import_ms"] = round(import_ms, 1)
if WITH_KIT:
    r["pokerkit_import_ms"] = round(kit_import_ms, 1)
json.dumps(r)
`);
console.log(out);

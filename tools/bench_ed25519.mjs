// Pyodide half of tools/bench_ed25519.py: loads the npm `pyodide` (the version the page uses),
// puts py/rules and the benchmark into its file system, runs bench_ed25519.bench_core() and
// prints its results as JSON on the last line of stdout.
// Usage: node tools/bench_ed25519.mjs   (normally started by tools/bench_ed25519.py)
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.FS.mkdirTree("/home/pyodide/py/rules");
for (const name of readdirSync(join(root, "py", "rules"))) {
  if (name.endsWith(".py")) {
    py.FS.writeFile(`/home/pyodide/py/rules/${name}`, readFileSync(join(root, "py", "rules", name)));
  }
}
py.FS.mkdirTree("/home/pyodide/tools");
py.FS.writeFile("/home/pyodide/tools/bench_ed25519.py",
                readFileSync(join(root, "tools", "bench_ed25519.py")));
const out = py.runPython(`
import sys, json
sys.path[:0] = ['/home/pyodide/py', '/home/pyodide/tools']
import bench_ed25519
r = bench_ed25519.bench_core()
r["python"] = sys.version.split()[0]
json.dumps(r)
`);
console.log(out);

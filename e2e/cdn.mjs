#!/usr/bin/env node
// The CDNs of the page, offline: an HTTPS server on 127.0.0.1 that answers the CDN URLs the page
// names (pyscript.net, cdn.jsdelivr.net) from the pinned npm packages. The e2e browser resolves
// those hosts to this server (Chromium's --host-resolver-rules) and trusts its certificate by its
// key's hash (--ignore-certificate-errors-spki-list): the page loads from the CDN URLs with their
// integrity checks, as deployed, and no request goes through the test process (harness.py).
// Usage: node e2e/cdn.mjs --cert cert.pem --key key.pem --map map.json
//   map.json: {"https://host/prefix/": "/folder", ...}. Prints one JSON line {"port": N}.
import { createServer } from "node:https";
import { readFile, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm", // anything else: Pyodide hangs with only a console warning
  ".zip": "application/zip",
};

function option(name) {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`${name} is required`);
  return process.argv[i + 1];
}

const prefixes = Object.entries(JSON.parse(readFileSync(option("--map"), "utf8")));
const cache = new Map(); // file -> bytes: every page of a run reads the same few files

async function answer(req, res) {
  const url = new URL(req.url, `https://${req.headers.host}`);
  const full = `https://${url.host}${decodeURIComponent(url.pathname)}`;
  const cors = { "Access-Control-Allow-Origin": "*" };
  const found = prefixes.find(([prefix]) => full.startsWith(prefix));
  if (!found || (req.method !== "GET" && req.method !== "HEAD")) {
    res.writeHead(404, cors).end("not a pinned CDN file");
    return;
  }
  const [prefix, folder] = found;
  const parts = full.slice(prefix.length).split("/").filter(Boolean);
  const file = normalize(join(folder, ...parts));
  let body = cache.get(file);
  if (body === undefined) {
    const info = file.startsWith(folder + sep) ? await stat(file).catch(() => null) : null;
    if (!info || !info.isFile()) {
      res.writeHead(404, cors).end("not in node_modules");
      return;
    }
    body = await readFile(file);
    cache.set(file, body);
  }
  res.writeHead(200, {
    ...cors,
    "Content-Type": TYPES[extname(file)] || "application/octet-stream",
    "Content-Length": body.length,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

const server = createServer(
  { cert: readFileSync(option("--cert")), key: readFileSync(option("--key")) },
  (req, res) => answer(req, res).catch((err) => {
    console.error("cdn:", err);
    if (!res.headersSent) res.writeHead(500).end("server error");
  }),
);
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

#!/usr/bin/env node
// Serves the site for LAN play and for the end-to-end tests, with no internet needed:
//   * the repository root exactly as it deploys (index.html, static/, py/ ...);
//   * /vendor/<pkg>/... from the pinned npm packages, so `?assets=local` pages need no CDN;
//   * a PeerServer (npm `peer`) for signalling, in the same process.
// Usage: node tools/serve.mjs [--host 0.0.0.0] [--port 8000] [--peer-port 9000]
//        [--headers file.json] [--quiet]
// Env: HOST, PORT, PEER_PORT. `--port 0` / `--peer-port 0` pick free ports. With `--quiet` the
// only output is one JSON line `{"ready": true, "http": N, "peer": N, "url": ...}` for scripts.
// `--headers` takes [{"for": "/path/*", "values": {"Header": "value"}}] (the e2e suite derives it
// from netlify.toml so tests run under the deployed headers).
// The bare address (`http://host:port/`, as a friend on the LAN types it) is redirected to the
// page with this server's settings (`assets=local`, `signal=<that host>:<peer port>`, `ice=none`):
// without them the page would look for the CDNs, which a LAN without internet cannot reach.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { PeerServer } from "peer";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const MODULES = join(ROOT, "node_modules");

// URL prefix under /vendor/ -> folder of a pinned npm package (same bytes as the CDNs).
export const VENDOR = {
  "pyscript/": join(MODULES, "@pyscript", "core", "dist"),
  "pyodide/": join(MODULES, "pyodide"),
  "peerjs/": join(MODULES, "peerjs", "dist"),
};

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".py": "text/x-python; charset=utf-8",
  ".toml": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".wasm": "application/wasm", // anything else makes Pyodide hang silently
  ".zip": "application/zip",
  ".woff2": "font/woff2",
};

function parseArgs(argv) {
  const opts = {
    host: process.env.HOST || "0.0.0.0",
    port: Number(process.env.PORT ?? 8000),
    peerPort: Number(process.env.PEER_PORT ?? 9000),
    headers: null,
    quiet: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--host") opts.host = value();
    else if (arg === "--port") opts.port = Number(value());
    else if (arg === "--peer-port") opts.peerPort = Number(value());
    else if (arg === "--headers") opts.headers = JSON.parse(readFileSync(value(), "utf8"));
    else if (arg === "--quiet") opts.quiet = true;
    else throw new Error(`unknown argument ${arg} (see the comment at the top of tools/serve.mjs)`);
  }
  for (const key of ["port", "peerPort"]) {
    if (!Number.isInteger(opts[key]) || opts[key] < 0 || opts[key] > 65535) {
      throw new Error(`bad ${key}: ${opts[key]}`);
    }
  }
  return opts;
}

// Netlify-style `for` patterns: `*` matches anything (including `/`).
function matches(pattern, path) {
  const re = new RegExp(
    "^" + pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$",
  );
  return re.test(path);
}

// Map a URL path to a file, or null when it is not ours to serve.
function resolvePath(urlPath) {
  let base = ROOT;
  let rest = urlPath;
  if (urlPath.startsWith("/vendor/")) {
    const key = Object.keys(VENDOR).find((k) => urlPath.startsWith("/vendor/" + k));
    if (!key) return null;
    base = VENDOR[key];
    rest = urlPath.slice(("/vendor/" + key).length);
  }
  const parts = rest.split("/").filter(Boolean);
  // Never serve dot-files (.git, .venv) or the raw node_modules tree.
  if (parts.some((p) => p.startsWith("."))) return null;
  if (base === ROOT && parts[0] === "node_modules") return null;
  const file = normalize(join(base, ...parts));
  if (file !== base && !file.startsWith(base + sep)) return null;
  return file;
}

// The page's address with this server's settings added where the query lacks them, or null when
// nothing is missing. `hostHeader` is the name the visitor used for us: signalling is on the same
// machine, so their device reaches it under the same name.
export function lanRedirect(url, hostHeader, peerPort) {
  if (url.pathname !== "/" && url.pathname !== "/index.html") return null;
  if (url.searchParams.has("signal") || !peerPort) return null;
  const host = String(hostHeader || "").replace(/:\d+$/, "");
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})$/.test(host)) return null;
  const query = new URLSearchParams(url.search);
  if (!query.has("assets")) query.set("assets", "local");
  query.set("signal", `${host}:${peerPort}`);
  if (!query.has("ice")) query.set("ice", "none");
  return `/?${query.toString().replace(/%3A/g, ":")}`;
}

async function handle(req, res, opts) {
  let urlPath;
  let url;
  try {
    url = new URL(req.url, "http://x");
    urlPath = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end("bad request");
    return;
  }
  const moved = req.method === "GET" ? lanRedirect(url, req.headers.host, opts.lanPeerPort) : null;
  if (moved) {
    res.writeHead(302, { Location: moved, "Cache-Control": "no-store" }).end();
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  let file = resolvePath(urlPath);
  let info = null;
  if (file) {
    try {
      info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
    } catch {
      info = null;
    }
  }
  const headers = {};
  if (opts.headers) {
    const logical = urlPath.endsWith("/") ? urlPath + "index.html" : urlPath;
    for (const rule of opts.headers) {
      if (matches(rule.for, urlPath) || matches(rule.for, logical)) Object.assign(headers, rule.values);
    }
  }
  if (!info || !info.isFile()) {
    res.writeHead(404, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end("not found");
    return;
  }
  const body = await readFile(file);
  headers["Content-Type"] = TYPES[extname(file).toLowerCase()] || "application/octet-stream";
  headers["Content-Length"] = body.length;
  if (!("Cache-Control" in headers)) headers["Cache-Control"] = "no-cache";
  if (urlPath.startsWith("/vendor/")) headers["Access-Control-Allow-Origin"] = "*";
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function lanAddress() {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list || []) {
      if (a.family === "IPv4" && !a.internal) return a.address;
    }
  }
  return "127.0.0.1";
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const http = createServer((req, res) => {
    handle(req, res, opts).catch((err) => {
      console.error("serve:", err);
      if (!res.headersSent) res.writeHead(500).end("server error");
    });
  });
  await new Promise((ok, fail) => {
    http.once("error", fail);
    http.listen(opts.port, opts.host, ok);
  });
  const peerServer = await new Promise((ok, fail) => {
    const s = PeerServer({ host: opts.host, port: opts.peerPort, path: "/" }, (srv) => ok(srv));
    s.on("error", fail);
  });
  const httpPort = http.address().port;
  const peerPort = peerServer.address().port;
  opts.lanPeerPort = peerPort;
  const shown = opts.host === "0.0.0.0" || opts.host === "::" ? lanAddress() : opts.host;
  // ice=none: on a LAN the devices reach each other directly; no STUN server is needed (or
  // reachable without internet).
  const query = (host) => `?assets=local&signal=${host}:${peerPort}&ice=none`;
  const url = `http://${shown}:${httpPort}/${query(shown)}`;
  if (opts.quiet) {
    console.log(JSON.stringify({ ready: true, http: httpPort, peer: peerPort, url }));
  } else {
    console.log("");
    console.log("Ultimate Omaha is being served (no internet needed).");
    console.log(`  Open this on every device on this network:  ${url}`);
    if (shown !== "127.0.0.1") {
      console.log(`  On this machine you can also use:           http://127.0.0.1:${httpPort}/${query("127.0.0.1")}`);
    }
    console.log(`  Signalling (PeerServer) on port ${peerPort}; press Ctrl+C to stop.`);
  }
  const stop = () => {
    http.close();
    peerServer.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  const hint = err && err.code === "EADDRINUSE" ? " (port busy: try --port / --peer-port)" : "";
  console.error("serve: " + (err && err.message ? err.message : err) + hint);
  process.exit(1);
});

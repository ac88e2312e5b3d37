// A practice table of bots with its tab in the background, driven over the raw DevTools
// protocol (Playwright keeps every page "visible" and turns timer throttling off, so it cannot
// show what a real background tab does). Started by tools/bench_hidden_tab.py, which serves
// the site and the local CDN and passes: --url, --chromium, --seconds (in front), --hidden
// (behind another tab), --timers, and the browser flags after "--".
//
// The player's own choices are made at once (Check, read from the page), so the hands'
// pace is the bots' and the room's clock. Prints one JSON line per phase:
// {timers, clock, phase, visibility, seconds, hands, botRuns, longestRunMs, brainLoadMs}.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";

const argv = process.argv.slice(2);
const cut = argv.indexOf("--");
const flags = cut >= 0 ? argv.slice(cut + 1) : [];
const opts = {};
for (let i = 0; i < (cut >= 0 ? cut : argv.length); i += 2) opts[argv[i].slice(2)] = argv[i + 1];
const seconds = Number(opts.seconds || 60);
const hiddenSeconds = Number(opts.hidden || seconds);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

const profile = mkdtempSync(join(tmpdir(), "hidden-tab-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const chromium = spawn(opts.chromium, ["--headless", `--remote-debugging-port=${port}`,
  `--user-data-dir=${profile}`, ...flags, "about:blank"], { stdio: "ignore" });

let version;
for (let i = 0; i < 100 && !version; i++) {
  try { version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json(); }
  catch { await sleep(200); }
}
const ws = new WebSocket(version.webSocketDebuggerUrl);
await new Promise((ok) => ws.on("open", ok));
let nextId = 0;
const waiting = new Map();
ws.on("message", (data) => {
  const msg = JSON.parse(String(data));
  if (msg.id && waiting.has(msg.id)) { waiting.get(msg.id)(msg); waiting.delete(msg.id); }
});
const send = (method, params = {}, sessionId) => new Promise((ok) => {
  const id = ++nextId;
  waiting.set(id, ok);
  ws.send(JSON.stringify({ id, method, params, sessionId }));
});

const target = (await send("Target.createTarget", { url: opts.url, newWindow: false })).result.targetId;
const session = (await send("Target.attachToTarget", { targetId: target, flatten: true })).result.sessionId;
const js = async (expression) => {
  const r = await send("Runtime.evaluate", { expression, returnByValue: true }, session);
  return r.result && r.result.result ? r.result.result.value : undefined;
};
const until = async (expression, ms) => {
  for (let waited = 0; waited < ms; waited += 250) {
    if (await js(expression)) return true;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${expression}`);
};

await until("document.body.dataset.ready === 'menu' && document.body.dataset.later === 'ready'", 120000);
if (opts.timers === "page") {
  // The page's own timers only: the wake clock finds no Worker and falls back to setTimeout.
  await js("window.Worker = function () { throw new Error('no worker in this run'); }; 1");
}
await js(`document.getElementById('name-input').value = 'Solo';
  document.getElementById('practice-game').value = 'ultimate';
  document.getElementById('practice-btn').click(); 1`);
await until("document.body.dataset.screen === 'game'", 60000);

// The player answers at once whenever it may (a JS loop in the page, which a hidden tab
// throttles too: so the test process clicks instead, over the protocol).
const handNo = () => js("Number(document.getElementById('hand-no').textContent || 0)");
const play = async (ms) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await js(`(() => { const b = document.getElementById('check-btn');
      if (b && !b.disabled && b.offsetParent) b.click(); return 1; })()`);
    await sleep(200);
  }
};

const measure = async (phase, seconds) => {
  const h0 = await handNo();
  const r0 = Number(await js("document.body.dataset.botRuns || 0"));
  await play(seconds * 1000);
  const h1 = await handNo();
  const r1 = Number(await js("document.body.dataset.botRuns || 0"));
  console.log(JSON.stringify({
    timers: opts.timers || "wake", clock: await js("document.body.dataset.botClock"), phase,
    visibility: await js("document.visibilityState"), seconds, hands: h1 - h0,
    botRuns: r1 - r0, longestRunMs: await js("document.body.dataset.botStepMs"),
    brainLoadMs: await js("document.body.dataset.botLoadMs"),
  }));
};

await play(3000);  // the first hand under way
await measure("front", seconds);
await send("Target.createTarget", { url: "about:blank", newWindow: false });  // a tab in front
await sleep(500);
// Past five minutes hidden Chromium throttles chained timers to one a minute: a long
// --hidden run is cut into minutes, so the pace can be seen changing.
for (let left = hiddenSeconds; left > 0; left -= 60) {
  await measure("background", Math.min(60, left));
}

ws.close();
chromium.kill();
await sleep(300);
rmSync(profile, { recursive: true, force: true });
process.exit(0);

// Debug only, never loaded by the app: what each event-loop iteration of the server did. Load it
// into the server under test, e.g.
//   BENCH_SERVER_NODE_OPTIONS="--import ./scripts/bench/event-loop-probe.mjs" npm run bench -- --embedded
// and read PROBE_LOG (default /tmp/event-loop-probe.log): one JSON line per iteration longer than
// PROBE_ITERATION_MS (100) with the requests it began and finished, the connections it accepted and
// PGlite's WebAssembly calls in it (count, ms), and every 5 s a histogram of iteration lengths.
// An iteration is measured from one check phase (setImmediate) to the next; the probe keeps one
// immediate pending, so the loop never sleeps in epoll while it is loaded (it spins when idle).
// docs/embedded-tail.md explains what these numbers showed.
import dc from "node:diagnostics_channel";
import fs from "node:fs";
import net from "node:net";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setImmediate, setInterval } from "node:timers";

const out = fs.createWriteStream(process.env.PROBE_LOG ?? "/tmp/event-loop-probe.log");
const slowMs = Number(process.env.PROBE_ITERATION_MS ?? 100);
const log = (entry) => out.write(`${JSON.stringify({ at: Date.now(), ...entry })}\n`);
const fresh = () => ({ requests: 0, finished: 0, accepts: 0, wasmCalls: 0, wasmMs: 0 });
let current = fresh();

const emit = net.Server.prototype.emit;
net.Server.prototype.emit = function (event, ...args) {
  if (event === "connection") current.accepts++;
  return emit.call(this, event, ...args);
};
dc.subscribe("http.server.request.start", ({ response }) => {
  current.requests++;
  response.once("finish", () => current.finished++);
});
const { PGlite } = await import("@electric-sql/pglite");
const execute = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function (message) {
  const started = performance.now();
  try {
    return execute.call(this, message);
  } finally {
    current.wasmCalls++;
    current.wasmMs += performance.now() - started;
  }
};

const buckets = [5, 20, 50, 100, 300, 1000, Infinity];
const histogram = new Map();
let last = performance.now();
const iteration = () => {
  const now = performance.now();
  const ms = now - last;
  last = now;
  const bucket = buckets.find((limit) => ms < limit);
  const label = bucket === Infinity ? "≥1000" : `<${bucket}`;
  histogram.set(label, (histogram.get(label) ?? 0) + 1);
  if (ms > slowMs)
    log({ k: "iteration", ms: Math.round(ms), ...current, wasmMs: Math.round(current.wasmMs) });
  current = fresh();
  setImmediate(iteration);
};
setImmediate(iteration);
setInterval(() => {
  log({ k: "iterations (ms: count)", ...Object.fromEntries(histogram) });
  histogram.clear();
}, 5000).unref();

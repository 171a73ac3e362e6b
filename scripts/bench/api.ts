// `npm run bench`: the hot API routes under load, as ratios of the framework's ceiling (a Next.js
// route returning a constant, same build) and of scripts/bench/floor.mjs (bare node:http + pg doing
// the same database work). Absolute numbers move from run to run on shared machines; ratios measured
// in one run, interleaved, do not (much).
//
//   npm run bench                        PostgreSQL (BENCH_SERVER_URL), database bench_api
//   npm run bench -- --embedded          the embedded database (or BENCH_EMBEDDED=1): app routes and
//                                        the constant route only (the floor needs PostgreSQL)
//
// Env: BENCH_DURATION (seconds per target and round, 8), BENCH_WARMUP (seconds, 1), BENCH_ROUNDS (2),
// BENCH_CONNECTIONS (50), BENCH_PORT (3210), FLOOR_PORT (3211), BENCH_FLOOR (floor.mjs; default
// scripts/bench/floor.mjs), BENCH_KEEP=1 keeps the database, BENCH_BUILD=1
// forces a build (otherwise: when there is none, or app/lib/components changed since), BENCH_ONLY
// (comma-separated parts of target names: only those targets, e.g. `BENCH_ONLY="GET /v1/orders/{id}"`).
// Exits 1 when a ratio misses its goal by more than 20 % (PostgreSQL only; the embedded run reports).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  admin,
  api as apiAt,
  buildIfNeeded,
  cpuBetween,
  cpuSnapshot,
  root,
  rssMb,
  startApp,
  startProcess,
  stopProcess,
  TOKEN,
  urlFor,
} from "./harness";

const embedded = process.argv.includes("--embedded") || process.env.BENCH_EMBEDDED === "1";
const DATABASE = "bench_api";
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const FLOOR_PORT = Number(process.env.FLOOR_PORT ?? 3211);
const FLOOR = process.env.BENCH_FLOOR ?? path.resolve(root, "scripts/bench/floor.mjs");
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim())
  .filter(Boolean);
const LIST_QUERY = "product_price_type=recurring&sorting=-amount&sorting=created_at&limit=20";

interface Target {
  name: string;
  url: string;
  options?: Partial<autocannon.Options>;
  /** Run before each load of this target (not timed). */
  before?: () => Promise<void>;
  /** Run after the load, not timed: puts back what the load changed that other targets read. */
  after?: () => Promise<void>;
}

/** What one connection carries from its activate to its deactivate. */
interface ActivationContext {
  activationId?: string | null;
  /** The connection's device: one label per connection, or they would all share one activation. */
  label?: string;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request (ms): on the embedded database, the tail this benchmark watches. */
  max: number;
  failed: number;
  /** CPU per request (ms) of the app's server and of PostgreSQL for the benchmark's database. */
  appCpu: number;
  postgresCpu: number;
}

async function load(target: Target, seconds: number, appPid: number): Promise<Measure> {
  await target.before?.();
  const before = cpuSnapshot(appPid, DATABASE);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    ...target.options,
  });
  const used = cpuBetween(before, cpuSnapshot(appPid, DATABASE));
  await target.after?.();
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.non2xx + result.errors + result.timeouts,
    appCpu: used.app / requests,
    postgresCpu: used.postgres / requests,
  };
}

async function main(): Promise<number> {
  buildIfNeeded();
  let app: ChildProcess | null = null;
  let floor: ChildProcess | null = null;
  const dataDir = embedded ? fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-")) : null;
  try {
    if (!embedded)
      await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `CREATE DATABASE ${DATABASE}`);
    const started = await startApp({
      port: PORT,
      databaseUrl: embedded ? undefined : urlFor(DATABASE),
      dataDir: dataDir ?? undefined,
    });
    app = started.child;
    const base = started.base;
    const api = <T>(method: string, pathname: string, body?: unknown) =>
      apiAt<T>(base, method, pathname, body);
    console.log(`App ready in ${started.readyMs} ms (${embedded ? "embedded database" : urlFor(DATABASE)}).`);

    if (!embedded) {
      if (!fs.existsSync(FLOOR)) throw new Error(`floor server not found: ${FLOOR} (BENCH_FLOOR sets it)`);
      floor = await startProcess(
        "the floor",
        [FLOOR],
        { ...process.env, DATABASE_URL: urlFor(DATABASE), FLOOR_PORT: String(FLOOR_PORT) },
        async () => (await fetch(`http://127.0.0.1:${FLOOR_PORT}/hello`)).ok,
      );
    }

    // The demo's data, through the API (the embedded database is locked by the server).
    const orders = await api<{ items: { id: string }[] }>("GET", "/v1/orders/?limit=1");
    const keys = await api<{
      items: { id: string; key: string; organization_id: string; limit_activations: number | null }[];
    }>("GET", "/v1/license-keys?status=granted&limit=1");
    const order = orders.items[0];
    const key = keys.items[0];
    if (!order || !key) throw new Error("the demo data has no order or no granted license key");
    // 50 slots: each connection alternates activate and deactivate, so it holds at most one.
    if ((key.limit_activations ?? 0) < CONNECTIONS)
      await api("PATCH", `/v1/license-keys/${key.id}`, { limit_activations: Math.min(50, CONNECTIONS) });
    if (CONNECTIONS > 50)
      throw new Error("activate needs BENCH_CONNECTIONS ≤ 50 (a key has at most 50 slots)");

    const auth = { authorization: `Bearer ${TOKEN}` };
    const json = { "content-type": "application/json" };
    const keyRef = { key: key.key, organization_id: key.organization_id };
    const validateOptions: Partial<autocannon.Options> = {
      method: "POST",
      headers: json,
      body: JSON.stringify(keyRef),
    };
    // A load can end between a connection's activate and its deactivate: free every slot before one,
    // and after it, so that GET license key reads the same key (no current activation) every round.
    const releaseSlots = async () => {
      const current = await api<{ activations: { id: string }[] }>("GET", `/v1/license-keys/${key.id}`);
      for (const activation of current.activations) {
        const response = await fetch(`${base}/v1/customer-portal/license-keys/deactivate`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ ...keyRef, activation_id: activation.id }),
        });
        // 404: a deactivate of the load still in flight when it ended freed the slot meanwhile.
        if (!response.ok && response.status !== 404)
          throw new Error(`deactivate ${activation.id}: ${response.status}`);
      }
    };
    let connectionCount = 0;
    const activateOptions: Partial<autocannon.Options> = {
      requests: [
        {
          method: "POST",
          path: "/v1/customer-portal/license-keys/activate",
          headers: json,
          setupRequest: (request, context) => {
            const device = context as ActivationContext;
            device.label ??= `bench ${++connectionCount}`;
            return { ...request, body: JSON.stringify({ ...keyRef, label: device.label }) };
          },
          onResponse: (status, body, context) => {
            (context as ActivationContext).activationId =
              status === 200 ? (JSON.parse(body) as { id: string }).id : null;
          },
        },
        {
          method: "POST",
          path: "/v1/customer-portal/license-keys/deactivate",
          headers: json,
          setupRequest: (request, context) => ({
            ...request,
            body: JSON.stringify({
              ...keyRef,
              activation_id: (context as ActivationContext).activationId ?? order.id,
            }),
          }),
        },
      ],
    };
    const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
    const allTargets: Target[] = [
      { name: "constant route (ceiling)", url: `${base}/bench/constant` },
      // Not goals: the steps from the ceiling to a database route, to say where a request's time goes.
      { name: "constant, dynamic path, 1.9 kB body", url: `${base}/bench/constant/${order.id}` },
      { name: "the same + one database round trip", url: `${base}/bench/round-trip/${order.id}` },
      ...(embedded
        ? []
        : [
            {
              name: "floor GET order",
              url: `${floorBase}/v1/orders/${order.id}`,
              options: { headers: auth },
            },
          ]),
      { name: "app GET /v1/orders/{id}", url: `${base}/v1/orders/${order.id}`, options: { headers: auth } },
      {
        name: "app GET /v1/license-keys/{id}",
        url: `${base}/v1/license-keys/${key.id}`,
        options: { headers: auth },
      },
      ...(embedded
        ? []
        : [
            {
              name: "floor validate",
              url: `${floorBase}/v1/customer-portal/license-keys/validate`,
              options: validateOptions,
            },
          ]),
      {
        name: "app validate",
        url: `${base}/v1/customer-portal/license-keys/validate`,
        options: validateOptions,
      },
      {
        name: "app activate+deactivate",
        url: base,
        options: activateOptions,
        before: releaseSlots,
        after: releaseSlots,
      },
      {
        name: "app GET /v1/orders/ (filter, 2 sorts)",
        url: `${base}/v1/orders/?${LIST_QUERY}`,
        options: { headers: auth },
      },
    ];

    const targets = ONLY.length
      ? allTargets.filter((target) => ONLY.some((part) => target.name.includes(part)))
      : allTargets;
    if (WARMUP > 0) {
      console.log(`Warm-up: ${WARMUP} s per target...`);
      for (const target of targets) await load(target, WARMUP, app.pid!);
    }
    const results = new Map<string, Measure[]>(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        process.stdout.write(`round ${round}: ${target.name}... `);
        const measure = await load(target, DURATION, app.pid!);
        results.get(target.name)!.push(measure);
        console.log(`${Math.round(measure.rps)} rps, p99 ${measure.p99} ms, max ${measure.max} ms`);
      }
    }
    const rss = rssMb(app.pid!);
    return report(results, rss);
  } finally {
    await stopProcess(floor);
    await stopProcess(app);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!embedded && process.env.BENCH_KEEP !== "1")
      await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

const GOALS = [
  { target: "app GET /v1/orders/{id}", reference: "constant route (ceiling)", ratio: 0.6, p99: 100 },
  { target: "app GET /v1/license-keys/{id}", reference: "constant route (ceiling)", ratio: 0.6, p99: 100 },
  { target: "app validate", reference: "floor validate", ratio: 0.5, p99: 150 },
  { target: "app activate+deactivate", reference: "floor validate", ratio: 0.5, p99: 150 },
];

function report(results: Map<string, Measure[]>, rss: number | null): number {
  const range = (values: number[], digits = 0) => {
    const low = Math.min(...values).toFixed(digits);
    const high = Math.max(...values).toFixed(digits);
    return low === high ? low : `${low} – ${high}`;
  };
  console.log(
    `\n${embedded ? "Embedded database" : "PostgreSQL"}, ${CONNECTIONS} connections, ${DURATION} s per target, ` +
      `${ROUNDS} interleaved rounds (autocannon), ${os.cpus().length} cores\n`,
  );
  console.log(
    "| target | rps | p50 ms | p99 ms | max ms | failed | server CPU ms/request | PostgreSQL CPU ms/request |\n" +
      "|---|---|---|---|---|---|---|---|",
  );
  for (const [name, measures] of results) {
    // The floor is a process of its own: the app's server is idle then.
    const serverCpu = name.startsWith("floor")
      ? ""
      : range(
          measures.map((m) => m.appCpu),
          2,
        );
    console.log(
      `| ${name} | ${range(measures.map((m) => m.rps))} | ${range(measures.map((m) => m.p50))} | ` +
        `${range(measures.map((m) => m.p99))} | ${range(measures.map((m) => m.max))} | ${measures.reduce((sum, m) => sum + m.failed, 0)} | ` +
        `${serverCpu} | ${
          embedded
            ? ""
            : range(
                measures.map((m) => m.postgresCpu),
                2,
              )
        } |`,
    );
  }
  console.log("\n| goal | ratio per round | p99 ms | verdict |\n|---|---|---|---|");
  let missed = false;
  for (const goal of GOALS) {
    const target = results.get(goal.target);
    const reference = results.get(goal.reference);
    if (!target || !reference) continue;
    const ratios = target.map((m, round) => m.rps / reference[round]!.rps);
    const worstRatio = Math.min(...ratios);
    const worstP99 = Math.max(...target.map((m) => m.p99));
    const failed = target.some((m) => m.failed > 0);
    const met = worstRatio >= goal.ratio && worstP99 < goal.p99 && !failed;
    const farOff = worstRatio < goal.ratio * 0.8;
    if (farOff) missed = true;
    console.log(
      `| ${goal.target} ≥ ${goal.ratio}× ${goal.reference}, p99 < ${goal.p99} ms | ` +
        `${ratios.map((r) => `${r.toFixed(2)}×`).join(", ")} | ${range(target.map((m) => m.p99))} | ` +
        `${met ? "met" : farOff ? "MISSED by > 20 %" : failed ? "requests failed" : "missed"} |`,
    );
  }
  const rssText = rss === null ? "unknown" : `${rss.toFixed(0)} MB`;
  console.log(`\nServer RSS after the load: ${rssText} (goal < 300 MB)`);
  if (embedded) return 0; // the embedded run reports; its goals are set on PostgreSQL
  return missed ? 1 : 0;
}

process.exitCode = await main();

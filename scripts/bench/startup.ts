// `npm run bench:startup`: how long `npm start` takes on an existing build, as a newcomer (the
// embedded database, no DATABASE_URL) and an operator (PostgreSQL) run it. For each database: one
// first start (creates and migrates the database, seeds the demo), then BENCH_STARTS restarts on it,
// each timed from spawning `node scripts/serve.mjs start` to its "Ready on" line and to the first
// 200 from GET /v1/orders/ with the demo token, plus the server's CPU time at Ready (user + system,
// every thread: steadier than wall time on a shared machine).
//
//   npm run bench:startup                  both databases
//   npm run bench:startup -- --embedded    the embedded database only (--postgres: PostgreSQL only)
//
// Env: BENCH_STARTS (5), BENCH_PORT (3230), BENCH_SERVER_URL (PostgreSQL server, database
// bench_startup, dropped after), BENCH_BUILD=1 forces a build. Exits 1 when a restart's median time
// to Ready misses the goal (3 s).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { admin, appEnv, buildIfNeeded, percentile, root, stopProcess, TOKEN, urlFor } from "./harness";

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const DATABASE = "bench_startup";
const GOAL_READY_MS = 3000;
const TIMEOUT_MS = 180_000;

type Start = { readyMs: number; firstOkMs: number; cpuMs: number | null };

/** User + system CPU time of a process so far, every thread (Linux), or null. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of the line; 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Starts the server once and stops it after its first 200 from GET /v1/orders/. */
async function timeOneStart(env: NodeJS.ProcessEnv): Promise<Start> {
  const base = `http://127.0.0.1:${PORT}`;
  if (
    await fetch(base).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`something already listens on port ${PORT} (BENCH_PORT sets another)`);
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let readyMs: number | null = null;
  let cpuAtReady: number | null = null;
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (readyMs === null && /Ready on http/.test(output)) {
      readyMs = performance.now() - started;
      cpuAtReady = cpuMs(child.pid!);
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > TIMEOUT_MS)
        throw new Error(`no 200 after ${TIMEOUT_MS} ms:\n${output}`);
      const status = await fetch(`${base}/v1/orders/?limit=1`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => null);
      if (status === 200) {
        const firstOkMs = performance.now() - started;
        if (readyMs === null) throw new Error(`a 200 before "Ready on":\n${output}`);
        return { readyMs, firstOkMs, cpuMs: cpuAtReady };
      }
      if (status !== null && readyMs !== null)
        throw new Error(`GET /v1/orders/ answered ${status}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stopProcess(child);
  }
}

function summary(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label} median ${Math.round(percentile(sorted, 50))} ms, max ${Math.round(sorted.at(-1)!)} ms`;
}

async function bench(name: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const first = await timeOneStart(env);
  console.log(
    `${name}, first start: Ready ${Math.round(first.readyMs)} ms, first 200 ${Math.round(first.firstOkMs)} ms`,
  );
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i++) {
    const start = await timeOneStart(env);
    starts.push(start);
    console.log(
      `  restart ${i + 1}: Ready ${Math.round(start.readyMs)} ms, first 200 ${Math.round(start.firstOkMs)} ms, ` +
        `CPU at Ready ${start.cpuMs ?? "?"} ms`,
    );
  }
  const ready = starts.map((start) => start.readyMs);
  const cpu = starts.flatMap((start) => (start.cpuMs === null ? [] : [start.cpuMs]));
  console.log(
    `${name}, ${STARTS} restarts: ${summary("Ready", ready)}; ` +
      `${summary(
        "first 200",
        starts.map((start) => start.firstOkMs),
      )}` +
      (cpu.length ? `; ${summary("CPU at Ready", cpu)}` : ""),
  );
  const median = percentile(
    [...ready].sort((a, b) => a - b),
    50,
  );
  return median <= GOAL_READY_MS;
}

async function main(): Promise<number> {
  const only = process.argv.includes("--embedded")
    ? "embedded"
    : process.argv.includes("--postgres")
      ? "postgres"
      : null;
  buildIfNeeded();
  let met = true;
  if (only !== "postgres") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
    try {
      met = (await bench("Embedded database", appEnv({ port: PORT, dataDir }))) && met;
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only !== "embedded") {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `CREATE DATABASE ${DATABASE}`);
    try {
      met = (await bench("PostgreSQL", appEnv({ port: PORT, databaseUrl: urlFor(DATABASE) }))) && met;
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    }
  }
  console.log(
    met
      ? `Goal met: median Ready ≤ ${GOAL_READY_MS} ms.`
      : `Goal missed: median Ready > ${GOAL_READY_MS} ms.`,
  );
  return met ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

// What the benchmarks share: the build, a fresh database, the app's server started on it with the
// demo data and limits raised, the floor server, and calls to the app with the demo token.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "../..");
export const SERVER = process.env.BENCH_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432";
export const TOKEN = "oat_bench_token_0123456789abcdefghijklmnop";
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");

export function urlFor(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements one by one on the server's `postgres` database (CREATE/DROP DATABASE). */
export async function admin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor("postgres") });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Newest modification time under `dir` (tests skipped). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds when there is no build, when the sources changed since, or when BENCH_BUILD=1. */
export function buildIfNeeded(): void {
  const buildId = path.join(distDir, "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const inputs = [
    "app",
    "lib",
    "components",
    "proxy.ts",
    "instrumentation.ts",
    "next.config.js",
    "package-lock.json",
  ];
  const sources = Math.max(
    ...inputs.map((name) => {
      const full = path.join(root, name);
      if (!fs.existsSync(full)) return 0;
      return fs.statSync(full).isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    }),
  );
  if (process.env.BENCH_BUILD !== "1" && built > sources) return;
  console.log(
    built ? "The build is older than the sources: building (next build)..." : "No build: building...",
  );
  const build = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error(`next build failed (${build.status})`);
}

/** Starts a Node.js child and resolves once `ready()` succeeds; rejects if the child exits first. */
export async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} not ready after 180 s:\n${output}`);
}

export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The resident memory of a process in MB (Linux), or null. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) a process has used, from /proc. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3; utime is field 14.
    const fields = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    const ticks = fields[11]! + fields[12]!;
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0; // the process ended between the listing and the read
  }
}

const CLOCK_TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** CPU used so far (ms) by the app's server, by each PostgreSQL process of one database, and by us. */
export type CpuSnapshot = { app: number; postgres: Map<number, number>; bench: number };

/**
 * CPU used so far by the app's server and by PostgreSQL for one database: its backends (their
 * process title names the database) and the server-wide writers (WAL writer, checkpointer,
 * background writer) that every commit feeds. Backends of other databases are not counted, so a
 * test run beside the load does not inflate it. `cpuBetween` of two snapshots says where each
 * request's CPU goes.
 */
export function cpuSnapshot(appPids: number | number[], database: string): CpuSnapshot {
  const postgres = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let title = "";
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    const serverWide = /: (walwriter|checkpointer|background writer)\s*$/.test(title.replace(/\0/g, " "));
    if (serverWide || title.includes(` ${database} `))
      postgres.set(Number(entry), processCpuMs(Number(entry)));
  }
  const own = process.cpuUsage();
  const app = [appPids].flat().reduce((sum, pid) => sum + processCpuMs(pid), 0);
  return { app, postgres, bench: (own.user + own.system) / 1000 };
}

/**
 * CPU (ms) used between two snapshots. A PostgreSQL backend that started meanwhile counts whole; one
 * that ended meanwhile (the pool closes idle connections after 10 s) takes what it used in between
 * with it, instead of making the difference negative.
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { app: number; postgres: number; bench: number } {
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return { app: after.app - before.app, postgres, bench: after.bench - before.bench };
}

/** What `startApp` runs the app's server with (see there); `npm run bench:startup` uses it too. */
export function appEnv(options: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
}): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    SEED_DEMO: "true",
    DEMO_ACCESS_TOKEN: TOKEN,
    APP_SECRET: "bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    RATE_LIMIT_TOKEN_PER_MINUTE: "100000000",
    RATE_LIMIT_IP_PER_MINUTE: "100000000",
    RATE_LIMIT_LICENSE_KEY_PER_MINUTE: "100000000",
    // /bench/round-trip (a database statement with no credential) answers only then.
    BENCH_ROUTES: "1",
    ...options.env,
  };
  delete env.DATABASE_URL;
  // Node.js flags for the server only (not the load generator), to try other heap limits.
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  delete env.DATA_DIR;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  return env;
}

/**
 * How `npm start` runs the server, read from package.json: the environment it sets before `node`
 * (MALLOC_ARENA_MAX) and the Node.js flags it gives (the heap limits).
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const match = /^((?:[A-Z_]+=\S+\s+)*)node\s+(.*?)\s*scripts\/serve\.mjs start$/.exec(
    pkg.scripts.start ?? "",
  );
  if (!match)
    throw new Error(
      `package.json's start script is not "[VAR=value ...] node [flags] scripts/serve.mjs start"`,
    );
  const env = Object.fromEntries(
    (match[1] ?? "")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => assignment.split("=", 2) as [string, string]),
  );
  const flags = match[2] ? match[2].split(/\s+/) : [];
  // Flags Node.js refuses in NODE_OPTIONS (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server).
  const extra = process.env.BENCH_SERVER_NODE_FLAGS?.trim();
  return { env, flags: extra ? [...flags, ...extra.split(/\s+/)] : flags };
}

/**
 * The app's server (`scripts/serve.mjs start`) on 127.0.0.1:`port` with the demo data, the fixed
 * TOKEN and every rate limit raised out of the way; on `databaseUrl`, or the embedded database in
 * `dataDir`. Resolves once it answers.
 */
export async function startApp(options: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<{ child: ChildProcess; base: string; readyMs: number }> {
  const base = `http://127.0.0.1:${options.port}`;
  const started = Date.now();
  const command = startCommand();
  const child = await startProcess(
    "the app",
    [...command.flags, path.join(root, "scripts", "serve.mjs"), "start"],
    { ...command.env, ...appEnv(options) },
    async () => (await fetch(`${base}/bench/constant`)).ok,
  );
  return { child, base, readyMs: Date.now() - started };
}

/** A JSON call to the app with the demo token; throws on a non-2xx answer. */
export async function api<T>(base: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

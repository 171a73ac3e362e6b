// The app's HTTP server (`npm start`, `npm run dev`, the browser tests): node:http around Next.js's
// request handler, so every request passes lib/http's peer stamp and pre-routing guard first.
// Before it listens it runs instrumentation.ts's register(), which opens the database (migrations,
// demo seed, job worker: lib/boot.ts), so "Ready" is printed only once requests can be served.
// SIGINT or SIGTERM stops it gracefully and closes the database, which releases the folder lock.
import { listenAppServer } from "../lib/server/http-server";
import { announceReady, expectReadyAnnouncement, runShutdown } from "../lib/server/lifecycle";

const SHUTDOWN_GRACE_MS = 5000;

/** Serves the app in `root` on HOST:PORT until SIGINT or SIGTERM. Started by scripts/serve.mjs. */
export async function runServer(mode: "start" | "dev", root: string): Promise<void> {
  const dev = mode === "dev";
  // Set before Next.js and React load: they pick their builds from NODE_ENV at import time.
  // Telemetry off: its only outside connection fails slowly on offline machines.
  Object.assign(process.env, {
    NODE_ENV: process.env.NODE_ENV ?? (dev ? "development" : "production"),
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
  });
  // Boot's after-Ready work (the job worker) waits for the announcement below.
  expectReadyAnnouncement();
  const hostname = process.env.HOST ?? "0.0.0.0";
  const port = Number(process.env.PORT ?? 3000);
  const { default: next } = await import("next");
  const app = next({ dev, dir: root, hostname, port });
  await Promise.all([app.prepare(), dev ? null : registerInstrumentation(root)]);
  const server = await listenAppServer({ hostname, port, handle: app.getRequestHandler() });
  console.log(`Ready on ${server.url} in ${Math.round(performance.now())} ms${dev ? " (development)" : ""}.`);
  announceReady();

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping (in-flight requests get ${SHUTDOWN_GRACE_MS / 1000} s)...`);
    // A second Ctrl-C while stopping quits at once.
    process.once(signal, () => process.exit(130));
    await server.close(SHUTDOWN_GRACE_MS);
    // Before app.close(): the development server's clean-up may end the process itself.
    await runShutdown();
    console.log("Stopped.");
    await app.close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, (s) => void stop(s));
}

// A production Next.js server registers instrumentation on its first request (`next start` printed
// "Ready" long before the database was). Registering it here, through the same Next.js module the
// server uses (which keeps its promise, so the first request finds it done), opens the database
// before the server listens, and alongside app.prepare(): the database's start-up is most of the
// time to Ready. In development app.prepare() itself compiles and registers instrumentation.
async function registerInstrumentation(root: string): Promise<void> {
  // Gives this process Next.js's AsyncLocalStorage global, which the compiled code expects.
  await import("next/dist/server/node-environment.js");
  const { ensureInstrumentationRegistered } =
    await import("next/dist/server/lib/router-utils/instrumentation-globals.external.js");
  await ensureInstrumentationRegistered(root, process.env.NEXT_DIST_DIR || ".next");
}

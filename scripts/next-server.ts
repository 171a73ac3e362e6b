// Shared by `npm start` and `npm run dev`: run the project's own `next` binary (not a global one)
// with telemetry off, since its only outside connection fails slowly on offline machines.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", ".bin", "next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/** Builds when there is no production build yet; exits with the build's code if it fails. */
export function buildIfMissing(): void {
  if (fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  console.log("No production build found: building once (next build)...");
  const started = Date.now();
  const build = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Runs `next start` or `next dev` in the foreground and exits with its code. */
export function serve(mode: "start" | "dev"): void {
  const port = process.env.PORT ?? "3000";
  const host = process.env.HOST ?? "0.0.0.0";
  const server = spawn(next, [mode, "-p", port, "-H", host], { cwd: root, env, stdio: "inherit" });
  // Forwarded so a `kill <pid>` of this wrapper (not only Ctrl-C on the group) stops the server,
  // which then releases the embedded database's folder lock.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  // Killed by a signal: the shell convention 128 + signal number.
  server.on("exit", (code, signal) =>
    process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 0)),
  );
}

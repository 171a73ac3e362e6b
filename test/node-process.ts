// Runs a TypeScript file of this repository in a process of its own, as an operator runs a script
// (node with tsx's loader), with an environment built from scratch for the app's settings: the
// test process's own database, secret and files folder are never passed on by accident.
import { spawn } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** What the app reads; a test names the ones its child gets. */
const APP_SETTINGS = [
  "APP_SECRET",
  "APP_SECRET_PREVIOUS",
  "DATABASE_URL",
  "DATA_DIR",
  "FILES_DIR",
  "PAYMENT_PROCESSOR",
  "SEED_DEMO",
  "SMTP_URL",
  "JOB_WORKER",
];

export type ProcessResult = { code: number | null; stdout: string; stderr: string };

/** Starts `file` (relative to the repository) with tsx's loader and only the app settings in `env`. */
export function spawnTypeScript(file: string, args: string[], env: Record<string, string | undefined>) {
  const childEnv = {} as NodeJS.ProcessEnv;
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !APP_SETTINGS.includes(name)) childEnv[name] = value;
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  return spawn(process.execPath, ["--import", "tsx", path.join(root, file), ...args], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A process that hangs is killed (and fails its test) rather than outliving the test run. */
const RUN_TIMEOUT_MS = 240_000;

/** Runs `file` to its end: its exit code and output. */
export function runTypeScript(
  file: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawnTypeScript(file, args, env);
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("exit", () => clearTimeout(timer));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

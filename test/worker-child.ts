// A job worker in a child process (test/fixtures/worker-process.ts), as another instance of the app
// runs it: its own modules, only the database shared. For the PostgreSQL-only tests that kill one
// (test/worker-kill.test.ts) or let one reconcile what this process left (test/confirm-recovery.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "test/fixtures/worker-process.ts");
// Node itself with tsx's loader, not node_modules/.bin/tsx: the tsx command runs the script in a
// child process of its own, so a SIGKILL to it would orphan the real worker, transaction and all.
const workerCommand = [process.execPath, "--import", "tsx", fixture] as const;

/** Resolves with the output so far once `marker` appears on the child's stdout. */
export function waitForOutput(child: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(stdout);
    };
    const timer = setTimeout(
      () => done(new Error(`No "${marker}" within ${timeoutMs} ms.\nstdout: ${stdout}\nstderr: ${stderr}`)),
      timeoutMs,
    );
    const onExit = (code: number | null, signal: string | null) =>
      done(
        new Error(
          `Worker exited (${code ?? signal}) before "${marker}".\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    child.on("exit", onExit);
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.split("\n").some((line) => line.trim() === marker)) done();
    });
  });
}

/** Starts the worker fixture in a child process whose connections carry `applicationName`. */
export function spawnWorker(applicationName: string, env: Record<string, string> = {}) {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("application_name", applicationName);
  const [node, ...args] = workerCommand;
  const child = spawn(node, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited };
}

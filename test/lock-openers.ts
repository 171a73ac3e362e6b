// Real processes opening embedded-database folders (test/fixtures/lock-opener.ts), for the
// folder-lock tests.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "test/fixtures/lock-opener.ts");

export type Opener = {
  child: ChildProcess;
  /** Every line it printed so far. */
  lines: string[];
  exited: Promise<unknown>;
  /** Sends a command and resolves with the next line it prints. */
  send: (command: string, timeoutMs?: number) => Promise<string>;
};

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function startOpener(): Opener {
  // Node with tsx's loader, not the tsx command, which would run the script in a second process.
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const send = async (command: string, timeoutMs = 30_000) => {
    const seen = lines.length;
    child.stdin!.write(`${command}\n`);
    await waitFor(() => lines.length > seen, timeoutMs, `an answer to "${command}"`);
    return lines[seen]!;
  };
  return { child, lines, exited, send };
}

/** Starts `count` opener processes and waits until each has loaded the lock code. */
export async function startOpeners(count: number): Promise<Opener[]> {
  const openers = Array.from({ length: count }, startOpener);
  await waitFor(() => openers.every((o) => o.lines.includes("ready")), 180_000, "openers to load");
  return openers;
}

export async function stopAll(openers: Opener[]): Promise<void> {
  for (const opener of openers) opener.child.kill("SIGKILL");
  await Promise.all(openers.map((o) => o.exited));
}

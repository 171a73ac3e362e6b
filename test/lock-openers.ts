// Real processes opening the embedded database's folder (test/fixtures/lock-opener.ts), for the
// folder-lock tests.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const fixture = path.join(root, "test/fixtures/lock-opener.ts");

export type Opener = { child: ChildProcess; lines: string[]; exited: Promise<unknown> };

export function startOpener(dir: string): Opener {
  // Node with tsx's loader, not the tsx command, which would run the script in a second process.
  const child = spawn(process.execPath, ["--import", "tsx", fixture, dir], {
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
  return { child, lines, exited };
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts `count` openers, releases them at once, and returns each one's answer. */
export async function openTogether(
  dir: string,
  count: number,
): Promise<{ answers: string[]; openers: Opener[] }> {
  const openers = Array.from({ length: count }, () => startOpener(dir));
  await waitFor(() => openers.every((o) => o.lines.includes("ready")), 60_000, "openers to load");
  for (const opener of openers) opener.child.stdin!.write("go\n");
  await waitFor(() => openers.every((o) => o.lines.length >= 2), 30_000, "openers to answer");
  return { answers: openers.map((o) => o.lines[1]!), openers };
}

export async function stopAll(openers: Opener[]): Promise<void> {
  for (const opener of openers) opener.child.kill("SIGKILL");
  await Promise.all(openers.map((o) => o.exited));
}

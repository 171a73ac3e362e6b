// The app's server as an operator runs it (`npm start`: scripts/serve.mjs) on its own embedded
// database, beside the browser tests' server: it opens the database before it says "Ready", a
// SIGTERM stops it cleanly, and after a SIGKILL (no clean-up at all) a new server started at once
// opens the same folder (the old pid-file lock refused it while the killed process lingered).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./env";
import { outputMatches } from "./server-output";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 50;
const base = `http://127.0.0.1:${port}`;
const token = "oat_restart_000000000000000000000000000000000000000000";

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | string | null> };

function startServer(dataDir: string): Server {
  const child = spawn(process.execPath, ["scripts/serve.mjs", "start"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_ACCESS_TOKEN: token,
      JOB_WORKER: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { child, output: () => output, exited };
}

function waitForLine(server: Server, pattern: RegExp, timeoutMs: number): Promise<void> {
  return outputMatches(server.child, server.output, pattern, timeoutMs);
}

/**
 * The first answer of an API route that reads the database, asked as soon as the server says it
 * listens (it opens the database before): it must be a 200. Returns when it came.
 */
async function firstOrdersAnswer(server: Server, timeoutMs: number): Promise<number> {
  await waitForLine(server, /Ready on http/, timeoutMs);
  const response = await fetch(`${base}/v1/orders/?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return Date.now();
}

test("the server opens the database before Ready, and a killed server's folder reopens at once", async () => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "restart-data-"));
  const first = startServer(dataDir);
  try {
    await waitForLine(first, /Ready on http:\/\/127\.0\.0\.1:\d+ in \d+ ms\./, 180_000);
    const output = first.output();
    // The database and the demo come before Ready, so the first request right after it works.
    expect(output.indexOf("Database ready")).toBeGreaterThan(-1);
    expect(output.indexOf("Demo data created.")).toBeLessThan(output.indexOf("Ready on"));
    expect(output.indexOf("Database ready")).toBeLessThan(output.indexOf("Ready on"));
    const right = await fetch(`${base}/v1/orders/?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.status).toBe(200);

    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    // No wait for the exit to be reaped: the next server starts right away.
    const second = startServer(dataDir);
    try {
      await waitForLine(second, /Database ready in (\d+) ms/, 180_000);
      const openedAt = Date.now();
      const answeredAt = await firstOrdersAnswer(second, 180_000);
      const openMs = Number(/Database ready in (\d+) ms/.exec(second.output())![1]);
      console.log(
        `kill -9 → restarted server: database open ${openedAt - killedAt} ms after the kill ` +
          `(of which ${openMs} ms opening PGlite), first API 200 after ${answeredAt - killedAt} ms`,
      );
      expect(second.output()).not.toContain("in use by another process");
      expect(await first.exited).toBe("SIGKILL");
      // The demo seeded by the killed server is there: the same folder, nothing lost.
      expect(second.output()).toContain("Demo data already present.");

      // A graceful stop closes the database and releases the folder.
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain("Stopped.");
      expect(fs.readFileSync(path.join(dataDir, "app.lock"), "utf8")).toBe("");
    } finally {
      second.child.kill("SIGKILL");
    }
  } finally {
    first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// The operator's scripts as an operator runs them (real processes): on an embedded database held
// by another process (the running server) they stop with what to do, no stack trace; on
// PostgreSQL `user:create` works while a server runs, because it never touches the folder lock.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { lockDatabaseFolder } from "@/lib/db/folder-lock";
import { FOLDER_LOCKED_EXIT_CODE } from "@/lib/db/script-db";
import { verifyPassword } from "@/lib/auth/passwords";

const root = path.resolve(import.meta.dirname, "..");

function runScript(script: string, args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A data folder this test process holds, as a running server would. */
function heldFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "held-data-"));
  const release = lockDatabaseFolder(dir);
  return { dir, release };
}

function advice(action: string, dir: string) {
  return (
    `Cannot ${action}: the embedded database in ${dir} is open in another process ` +
    `(pid ${process.pid} on ${os.hostname()}), most likely the running server (npm start). The embedded ` +
    `database can only be used by one process at a time. Stop the server (Ctrl-C in its terminal), run ` +
    `this command again, then start the server again. To do this while the server keeps running, run ` +
    `the server and this command on PostgreSQL (the same DATABASE_URL for both).\n`
  );
}

const embedded = { DATABASE_URL: undefined, MERCHANT_PASSWORD: "a long enough password" };

describe("operator scripts on an embedded database the server holds", () => {
  it("user:create says to stop the server or use PostgreSQL", async () => {
    const { dir, release } = heldFolder();
    try {
      const result = await runScript(
        "create-user.ts",
        ["--email", "new@example.com", "--organization", "New Co"],
        {
          ...embedded,
          DATA_DIR: dir,
        },
      );
      expect(result).toEqual({
        code: FOLDER_LOCKED_EXIT_CODE,
        stdout: "",
        stderr: advice("create the user", dir),
      });
    } finally {
      release();
    }
  }, 120_000);

  it("db:migrate says the same, without a stack trace", async () => {
    const { dir, release } = heldFolder();
    try {
      const result = await runScript("migrate.ts", [], { ...embedded, DATA_DIR: dir });
      expect(result).toEqual({
        code: FOLDER_LOCKED_EXIT_CODE,
        stdout: "",
        stderr: advice("apply the migrations", dir),
      });
    } finally {
      release();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("user:create on PostgreSQL", () => {
  it("creates the merchant while a server holds the embedded folder (it needs no lock)", async () => {
    // DATA_DIR names a held folder: touching the folder lock at all would fail.
    const { dir, release } = heldFolder();
    try {
      const result = await runScript(
        "create-user.ts",
        ["--email", "Running@Example.com", "--organization", "Running Co", "--slug", "running-co"],
        {
          DATABASE_URL: process.env.DATABASE_URL,
          DATA_DIR: dir,
          MERCHANT_PASSWORD: "a long enough password",
        },
      );
      expect(result).toMatchObject({
        code: 0,
        stdout: "Created running@example.com, owner of Running Co (/dashboard/running-co).\n",
        stderr: "",
      });
    } finally {
      release();
    }
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({
      where: { email: "running@example.com" },
      include: { memberships: { include: { organization: true } } },
    });
    expect(await verifyPassword("a long enough password", user.password_hash)).toBe(true);
    expect(user.memberships.map((m) => [m.role, m.organization.slug])).toEqual([["owner", "running-co"]]);
  }, 120_000);
});

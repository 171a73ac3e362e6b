// The operator's scripts as an operator runs them (real processes): on an embedded database held
// by another process (the running server) they stop with what to do, no stack trace; on
// PostgreSQL `user:create` and `user:password` work while a server runs, because they never touch
// the folder lock.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { lockDatabaseFolder } from "@/lib/db/folder-lock";
import { FOLDER_LOCKED_EXIT_CODE } from "@/lib/db/script-db";
import { verifyPassword } from "@/lib/auth/passwords";
import { createMerchantUser } from "@/lib/factories";
import { randomUUID } from "node:crypto";

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

  it("user:password says the same, before asking for any password", async () => {
    const { dir, release } = heldFolder();
    try {
      const result = await runScript("set-password.ts", ["someone@example.com"], {
        ...embedded,
        DATA_DIR: dir,
      });
      expect(result).toEqual({
        code: FOLDER_LOCKED_EXIT_CODE,
        stdout: "",
        stderr: advice("set the password", dir),
      });
    } finally {
      release();
    }
  }, 120_000);

  it("user:password without an email shows its usage", async () => {
    const result = await runScript("set-password.ts", [], embedded);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "Usage: npm run user:password -- <email>\n" +
        "The new password is read from MERCHANT_PASSWORD, or asked for. Every session of the user is signed out.\n",
    });
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

describe.skipIf(!process.env.TEST_DATABASE_URL)("user:password on PostgreSQL", () => {
  it("sets the password and signs every session out, while a server holds the embedded folder", async () => {
    const db = await getDb();
    const user = await createMerchantUser(db, {
      email: "Locked-Out@Example.com",
      password: "the forgotten one",
    });
    const now = new Date();
    await db.userSession.create({
      data: {
        id: randomUUID(),
        user_id: user.id,
        token_hash: `session-of-${user.id}`,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + 3_600_000),
      },
    });
    const { dir, release } = heldFolder();
    const run = (email: string, password: string) =>
      runScript("set-password.ts", [email], {
        DATABASE_URL: process.env.DATABASE_URL,
        DATA_DIR: dir,
        MERCHANT_PASSWORD: password,
      });
    try {
      expect(await run("locked-out@example.com", "short")).toMatchObject({
        code: 1,
        stdout: "",
        stderr: "password: Use at least 10 characters\n",
      });
      expect(await run("nobody@example.com", "a long enough password")).toMatchObject({
        code: 1,
        stdout: "",
        stderr: "No user has the email nobody@example.com.\n",
      });
      expect(await run("LOCKED-OUT@example.com", "my recovered password")).toMatchObject({
        code: 0,
        stdout:
          "Set the password of locked-out@example.com; signed out 1 session(s). Sign in at /dashboard.\n",
        stderr: "",
      });
    } finally {
      release();
    }
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("my recovered password", stored.password_hash)).toBe(true);
    expect(await db.userSession.count({ where: { user_id: user.id, revoked_at: null } })).toBe(0);
  }, 120_000);
});

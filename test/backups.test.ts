// Backup and restore as an operator runs them (docs/backups.md), in real processes: a database with
// sealed values (a webhook endpoint's signing secret, an email body, an organization's license-
// signing key), an uploaded file and a license certificate is backed up, restored into a fresh
// folder or database, and read back with the same secret: the sealed values open, the file is the
// same bytes, and both the old certificate and one newly signed with the restored key verify
// against the public key published before the backup. Started without its secret, the restored
// copy is refused with a message naming APP_SECRET / APP_SECRET_PREVIOUS, and no secret is made.
import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { lockDatabaseFolder } from "@/lib/db/folder-lock";
import { FOLDER_LOCKED_EXIT_CODE } from "@/lib/db/script-db";
import { verifyLicenseCertificate } from "@/lib/licensing/verify-certificate";
import type { Written } from "./fixtures/backup-data";
import { testServerUrl, urlForDatabase, withAdminClient } from "./database";
import { runTypeScript, spawnTypeScript, type ProcessResult } from "./node-process";

const run = promisify(execFile);
const FIXTURE = "test/fixtures/backup-data.ts";
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  folders.push(dir);
  return dir;
}

/** The JSON a fixture printed last, or a failure that shows the process's output. */
function printed<T>(result: ProcessResult): T {
  expect(result, result.stderr).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as T;
}

/** What the restored copy gives back, checked against what was written before the backup. */
async function expectReadBack(written: Written, result: ProcessResult) {
  const found = printed<{
    webhookSecret: string;
    emailText: string;
    fileSha256: string;
    publicKey: string;
    newCertificate: string;
  }>(result);
  expect(found).toMatchObject({
    webhookSecret: written.webhookSecret,
    emailText: written.emailText,
    fileSha256: written.fileSha256,
    publicKey: written.publicKey,
  });
  for (const certificate of [written.certificate, found.newCertificate]) {
    const verified = await verifyLicenseCertificate(certificate, written.publicKey, {
      organizationId: written.organizationId,
    });
    expect(verified).toMatchObject({ valid: true, license: { organization_id: written.organizationId } });
  }
}

/** The refusal of a start without the secret: exit 1, the variables named, no secret printed. */
function expectRefusedWithoutSecret(result: ProcessResult, secret: string) {
  expect(result.code).toBe(1);
  expect(result.stdout).not.toContain("Booted.");
  expect(result.stderr).toMatch(
    /^\nRefusing to start: the database holds values sealed with a server secret \(key id [\w-]{8} in organization_signing_keys\.private_key_sealed, webhook_endpoints\.secret_sealed, emails\.text_sealed, emails\.html_sealed\), but none is set: APP_SECRET is not set and .+app-secret does not exist\./,
  );
  expect(result.stderr).toContain("goes in APP_SECRET_PREVIOUS");
  expect(result.stderr).not.toContain(secret);
}

/** The server's start-up in a process that then keeps the embedded database open until stopped. */
async function startServer(dataDir: string) {
  const child = spawnTypeScript("test/fixtures/boot-process.ts", ["--serve"], {
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    JOB_WORKER: "false",
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  // Never outlives the test file, even when a step before stop() fails.
  afterAll(() => void child.kill("SIGKILL"));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Booted.\n")) resolve();
    });
    void exited.then(() => reject(new Error(`The server stopped before it booted:\n${output}`)));
  });
  return {
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

describe.skipIf(testServerUrl())("the embedded database: npm run db:backup / db:restore", () => {
  it("round-trips sealed values, files and certificates; a restore without its secret is refused", async () => {
    const base = tempFolder();
    const dataDir = path.join(base, "data");
    const archive = path.join(base, "backups", "app.tar.gz");
    // No APP_SECRET: the secret is generated in DATA_DIR/app-secret, and travels in the archive.
    const written = printed<Written>(await runTypeScript(FIXTURE, [], { DATA_DIR: dataDir }));
    const secret = fs.readFileSync(path.join(dataDir, "app-secret"), "utf8").trim();

    // A process that holds the folder and does not answer on backup.sock: refused, with what to do.
    const release = lockDatabaseFolder(dataDir);
    try {
      const refused = await runTypeScript("scripts/db-backup.ts", [archive], { DATA_DIR: dataDir });
      expect(refused.code).toBe(FOLDER_LOCKED_EXIT_CODE);
      expect(refused.stderr).toMatch(
        /^Cannot back up the database: the embedded database in .+ is open in another process .+ Stop the server/,
      );
      expect(fs.existsSync(archive)).toBe(false);
    } finally {
      release();
    }

    // While the server runs on it, the server dumps the database for the backup.
    const server = await startServer(dataDir);
    let backup: ProcessResult;
    try {
      backup = await runTypeScript("scripts/db-backup.ts", [archive], { DATA_DIR: dataDir });
    } finally {
      await server.stop();
    }
    expect(backup).toEqual({
      code: 0,
      stdout:
        `Backed up the embedded database in ${dataDir} (dumped by the running server) and 1 file(s) to ${archive}.\n` +
        "The server secret (app-secret) is inside the archive: keep the archive as safe as the data.\n",
      stderr: "",
    });
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    // Restored into a fresh folder, read back by a new process with the archive's secret.
    const restoredDir = path.join(base, "restored");
    const restore = await runTypeScript("scripts/db-restore.ts", [archive], { DATA_DIR: restoredDir });
    expect(restore).toEqual({
      code: 0,
      stdout:
        `Restored the embedded database into ${restoredDir} and 1 file(s) into ${path.join(restoredDir, "files")}.\n` +
        "The server secret opens the restored database's sealed values: start the server.\n",
      stderr: "",
    });
    await expectReadBack(
      written,
      await runTypeScript(FIXTURE, ["read", JSON.stringify(written)], { DATA_DIR: restoredDir }),
    );

    // Nothing is restored over a database.
    const over = await runTypeScript("scripts/db-restore.ts", [archive], { DATA_DIR: dataDir });
    expect(over).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already holds a database or a secret"),
    });

    // The same folder without its secret (a copy that left app-secret behind): refused, none made.
    fs.rmSync(path.join(restoredDir, "app-secret"));
    const boot = await runTypeScript("test/fixtures/boot-process.ts", [], {
      DATA_DIR: restoredDir,
      SEED_DEMO: "false",
    });
    expectRefusedWithoutSecret(boot, secret);
    expect(fs.existsSync(path.join(restoredDir, "app-secret"))).toBe(false);
  }, 600_000);
});

describe.skipIf(!testServerUrl())("PostgreSQL: pg_dump / pg_restore with APP_SECRET and FILES_DIR", () => {
  const serverUrl = testServerUrl()!;
  const suffix = randomBytes(4).toString("hex");
  const source = `app_backup_${suffix}`;
  const target = `app_restore_${suffix}`;
  afterAll(() =>
    withAdminClient(serverUrl, async (admin) => {
      for (const database of [source, target])
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }),
  );

  it("round-trips sealed values, files and certificates; a restore without APP_SECRET is refused", async () => {
    const base = tempFolder();
    const secret = randomBytes(32).toString("base64url");
    await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${source}`));
    const sourceUrl = urlForDatabase(serverUrl, source);
    const filesDir = path.join(base, "files");
    const written = printed<Written>(
      await runTypeScript(FIXTURE, [], { DATABASE_URL: sourceUrl, APP_SECRET: secret, FILES_DIR: filesDir }),
    );

    // The backup: the database with pg_dump, FILES_DIR copied beside it, APP_SECRET kept apart.
    const dump = path.join(base, "app.dump");
    await run("pg_dump", ["--format=custom", `--file=${dump}`, sourceUrl]);
    const restoredFiles = path.join(base, "files-restored");
    fs.cpSync(filesDir, restoredFiles, { recursive: true });

    await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${target}`));
    const targetUrl = urlForDatabase(serverUrl, target);
    await run("pg_restore", ["--no-owner", `--dbname=${targetUrl}`, dump]);
    await expectReadBack(
      written,
      await runTypeScript(FIXTURE, ["read", JSON.stringify(written)], {
        DATABASE_URL: targetUrl,
        APP_SECRET: secret,
        FILES_DIR: restoredFiles,
      }),
    );

    // Started without APP_SECRET (and no DATA_DIR/app-secret): refused, and no secret generated.
    const dataDir = path.join(base, "empty-data");
    const boot = await runTypeScript("test/fixtures/boot-process.ts", [], {
      DATABASE_URL: targetUrl,
      DATA_DIR: dataDir,
      FILES_DIR: restoredFiles,
    });
    expectRefusedWithoutSecret(boot, secret);
    expect(fs.existsSync(path.join(dataDir, "app-secret"))).toBe(false);
  }, 600_000);
});

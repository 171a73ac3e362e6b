import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { pgliteRunner, pgRunner } from "./client";
import { applyMigrations, readMigrations, type Migration } from "./migrate";
import { testServerUrl, urlForDatabase, withAdminClient } from "../../test/database";
import { startOpeners, stopAll } from "../../test/lock-openers";

const sample: Migration[] = [
  { name: "20260101000000_one", sql: "CREATE TABLE one (id int);", checksum: "a".repeat(64) },
  {
    name: "20260102000000_two",
    sql: "CREATE TABLE two (id int); INSERT INTO two VALUES (1);",
    checksum: "b".repeat(64),
  },
];

// A fresh, empty cluster for each test: initdb once (seconds on a slow machine), then each test
// starts from its dump (a fraction of that).
let blankCluster: Blob;
const blankDatabase = () => PGlite.create("memory://", { loadDataDir: blankCluster });

beforeAll(async () => {
  const db = await PGlite.create("memory://");
  blankCluster = await db.dumpDataDir("none");
  await db.close();
});

describe("applyMigrations", () => {
  it("applies in order, records them as Prisma does, and is idempotent", async () => {
    const db = await blankDatabase();
    const runner = pgliteRunner(db);
    expect(await applyMigrations(runner, sample)).toEqual({
      applied: [sample[0]!.name, sample[1]!.name],
      alreadyApplied: 0,
    });
    expect(await applyMigrations(runner, sample)).toEqual({ applied: [], alreadyApplied: 2 });
    const { rows } = await runner.query<{
      migration_name: string;
      checksum: string;
      applied_steps_count: number;
      finished: boolean;
    }>(
      `SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished
         FROM _prisma_migrations ORDER BY started_at, migration_name`,
    );
    expect(rows).toEqual([
      { migration_name: sample[0]!.name, checksum: "a".repeat(64), applied_steps_count: 1, finished: true },
      { migration_name: sample[1]!.name, checksum: "b".repeat(64), applied_steps_count: 1, finished: true },
    ]);
    await db.close();
  });

  it("checks an up-to-date database with one query, and no lock", async () => {
    const db = await blankDatabase();
    await applyMigrations(pgliteRunner(db), sample);
    const statements: string[] = [];
    const runner = pgliteRunner(db);
    const counting = {
      query: <R>(sql: string, params?: unknown[]) => (statements.push(sql), runner.query<R>(sql, params)),
      exec: (sql: string) => (statements.push(sql), runner.exec(sql)),
    };
    expect(await applyMigrations(counting, sample)).toEqual({ applied: [], alreadyApplied: 2 });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^SELECT migration_name, checksum FROM "_prisma_migrations"/);
    // One more local migration: the full path applies it.
    const third: Migration = {
      name: "20260103000000_three",
      sql: "CREATE TABLE three (id int);",
      checksum: "d".repeat(64),
    };
    expect(await applyMigrations(counting, [...sample, third])).toEqual({
      applied: [third.name],
      alreadyApplied: 2,
    });
    await db.close();
  });

  it("refuses a migration edited after it was applied", async () => {
    const db = await blankDatabase();
    await applyMigrations(pgliteRunner(db), sample);
    const edited = [{ ...sample[0]!, checksum: "c".repeat(64) }];
    await expect(applyMigrations(pgliteRunner(db), edited)).rejects.toThrow(
      /was changed after it was applied/,
    );
    await db.close();
  });

  it("rolls back a failing migration completely and records nothing", async () => {
    const db = await blankDatabase();
    const broken: Migration = {
      name: "20260103000000_broken",
      sql: "CREATE TABLE three (id int); SELECT * FROM nope;",
      checksum: "d".repeat(64),
    };
    await expect(applyMigrations(pgliteRunner(db), [broken])).rejects.toThrow(/20260103000000_broken failed/);
    const tables = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'three'",
    );
    expect(tables.rows[0]!.n).toBe(0);
    const recorded = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM _prisma_migrations");
    expect(recorded.rows[0]!.n).toBe(0);
    await db.close();
  });

  it("uses sha256 of the file as the checksum, like Prisma", () => {
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    for (const m of migrations) expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(!testServerUrl())(
    "applies each migration once when several instances start together",
    async () => {
      const server = testServerUrl()!;
      const database = `migrate_race_${process.pid}_${Date.now()}`;
      await withAdminClient(server, (admin) => admin.query(`CREATE DATABASE ${database}`));
      try {
        const clients = await Promise.all(
          Array.from({ length: 4 }, async () => {
            const client = new pg.Client({ connectionString: urlForDatabase(server, database) });
            await client.connect();
            return client;
          }),
        );
        const results = await Promise.all(clients.map((c) => applyMigrations(pgRunner(c))));
        const total = readMigrations().length;
        expect(results.reduce((n, r) => n + r.applied.length, 0)).toBe(total);
        const { rows } = await clients[0]!.query("SELECT count(*)::int AS n FROM _prisma_migrations");
        expect(rows[0].n).toBe(total);
        await Promise.all(clients.map((c) => c.end()));
      } finally {
        await withAdminClient(server, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
        );
      }
    },
  );
});

describe("the embedded database folder", () => {
  it("refuses a second process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
    const lockPath = path.join(dir, "app.lock");
    const { lockDatabaseFolder, DatabaseFolderLockedError } = await import("./folder-lock");
    const release = lockDatabaseFolder(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8"))).toMatchObject({
      pid: process.pid,
      host: os.hostname(),
    });
    // Another process is refused, with who holds the folder.
    const [other] = await startOpeners(1);
    expect(await other!.send(`lock ${dir}`)).toBe(
      `refused The embedded database in ${dir} is in use by another process (pid ${process.pid} on ${os.hostname()}). ` +
        "Stop that process, or point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.",
    );
    await stopAll([other!]);
    // So is a second open in this process: the lock belongs to one file descriptor.
    expect(() => lockDatabaseFolder(dir)).toThrow(DatabaseFolderLockedError);
    expect(() => lockDatabaseFolder(dir)).toThrow(/in use by another process/);
    release();
    // The file stays (deleting it would race); the lock is free again.
    expect(fs.readFileSync(lockPath, "utf8")).toBe("");
    const again = lockDatabaseFolder(dir);
    again();
  }, 200_000);

  it("ignores a lock file naming a live process that does not hold the lock", async () => {
    // A pid alive here may be a zombie, a reused pid, or a process in another container: only the
    // kernel's lock tells. This process and its parent are alive and hold nothing.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
    fs.writeFileSync(path.join(dir, "app.lock"), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    const { lockDatabaseFolder } = await import("./folder-lock");
    const release = lockDatabaseFolder(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "app.lock"), "utf8"))).toMatchObject({
      pid: process.pid,
    });
    release();
  });
});

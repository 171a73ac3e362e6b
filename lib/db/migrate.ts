// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, same checksum), so the
// two tools agree about what has been applied. Prisma's own migrate engine cannot run offline.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type SqlRunner = {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<unknown>;
};

export type Migration = { name: string; sql: string; checksum: string };

// Any constant shared by every instance: they queue on it, so two servers starting at once apply
// each migration once.
const MIGRATION_LOCK_KEY = 72_707_369;

export function migrationsDir(): string {
  return path.resolve(
    /*turbopackIgnore: true*/ process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "prisma", "migrations"),
  );
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type MigrationResult = { applied: string[]; alreadyApplied: number };

const SELECT_APPLIED = `SELECT migration_name, checksum FROM "_prisma_migrations"
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/**
 * True when the database has applied exactly these migrations (names and checksums): one query,
 * no lock. Anything else (no table yet, one missing, one edited) takes applyMigrations' full path,
 * which applies, or refuses with its clear message.
 */
async function isUpToDate(db: SqlRunner, migrations: Migration[]): Promise<boolean> {
  let applied: { migration_name: string; checksum: string }[];
  try {
    applied = (await db.query<{ migration_name: string; checksum: string }>(SELECT_APPLIED)).rows;
  } catch (error) {
    // undefined_table: a fresh database, which the full path creates the table in.
    if ((error as { code?: unknown }).code === "42P01") return false;
    throw error;
  }
  const recorded = new Map(applied.map((row) => [row.migration_name, row.checksum]));
  return (
    applied.length === migrations.length &&
    migrations.every((migration) => recorded.get(migration.name) === migration.checksum)
  );
}

export async function applyMigrations(
  db: SqlRunner,
  migrations = readMigrations(),
): Promise<MigrationResult> {
  // Every start of an up-to-date server ends here, without the lock and the table check.
  if (await isUpToDate(db, migrations)) return { applied: [], alreadyApplied: migrations.length };
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await db.exec(CREATE_MIGRATIONS_TABLE);
    const { rows } = await db.query<{ migration_name: string; checksum: string }>(SELECT_APPLIED);
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied. Add a new migration instead of editing an applied one.`,
          );
        }
        continue;
      }
      const id = randomUUID();
      await db.exec("BEGIN");
      try {
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        await db.exec(migration.sql);
        await db.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return { applied, alreadyApplied: migrations.length - applied.length };
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}

// Backup and restore of the embedded database (`npm run db:backup`, `npm run db:restore`): one
// `.tar.gz` archive holding what a restore needs together (docs/backups.md):
//   manifest.json   what is inside, and where the secret is when it is not
//   pgdata.tar      PGlite's own dump of its data folder (dumpDataDir), loaded back by PGlite
//   app-secret      DATA_DIR/app-secret, unless the secret is APP_SECRET or --without-secret
//   files/          the uploaded files (FILES_DIR, else DATA_DIR/files)
// The dump is consistent: taken under the data folder's lock (nothing else writes), or, while a
// server holds it, by that server between statements with no transaction open (through
// DATA_DIR/backup.sock, lib/db/backup-socket.ts). The archive is packed and unpacked by the
// system's `tar` (GNU tar, bsdtar on macOS and Windows 10+), which refuses absolute and `..` names.
import { PGlite } from "@electric-sql/pglite";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { dumpThroughServer } from "./backup-socket";
import { DatabaseFolderLockedError, lockDatabaseFolder } from "./folder-lock";
import { SECRET_FILE } from "../secrets/server-secret";

const run = promisify(execFile);

export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  database: "embedded";
  created_at: string;
  /** "archive": app-secret is inside; "APP_SECRET" or "left out": it must come from elsewhere. */
  secret: "archive" | "APP_SECRET" | "left out";
  files: number;
};

/** A restore or backup that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {}

type Locations = { dataDir: string; filesDir: string };

async function withStaging<T>(work: (staging: string) => Promise<T>): Promise<T> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "dsb-backup-"));
  try {
    return await work(staging);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies a folder's files (hard links where the file system allows: uploads are never rewritten). */
function copyTree(from: string, to: string): number {
  let count = 0;
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += copyTree(source, target);
    // Half-written uploads (`*.tmp`) are not files yet.
    else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
      count += 1;
    }
  }
  return count;
}

/** PGlite's dump of the data folder, taken by this process, which holds the folder's lock meanwhile. */
async function dumpWhileLocked(pgdata: string): Promise<Buffer> {
  const db = await PGlite.create(pgdata);
  try {
    // Written into the data files, so the restored copy starts without replaying the log.
    await db.exec("CHECKPOINT");
    return Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Writes the archive `out` of the embedded database in `dataDir`, its files and, unless the secret
 * is APP_SECRET or `withoutSecret`, DATA_DIR/app-secret. The database is dumped under the folder's
 * lock, or by the server that holds it (lib/db/backup-socket.ts); with neither, throws
 * DatabaseFolderLockedError. The files are copied after the dump: every file a dumped row names
 * was stored before its row. The archive is created with mode 0600.
 */
export async function backupEmbeddedDatabase(
  { dataDir, filesDir }: Locations,
  out: string,
  { secretFromEnv, withoutSecret = false }: { secretFromEnv: boolean; withoutSecret?: boolean },
): Promise<BackupManifest & { dumpedBy: "this process" | "the running server" }> {
  const pgdata = path.join(dataDir, "pgdata");
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION")))
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  let dump: Buffer;
  let dumpedBy: "this process" | "the running server" = "this process";
  try {
    const release = lockDatabaseFolder(dataDir);
    try {
      dump = await dumpWhileLocked(pgdata);
    } finally {
      release();
    }
  } catch (error) {
    if (!(error instanceof DatabaseFolderLockedError)) throw error;
    const fromServer = await dumpThroughServer(dataDir);
    if (!fromServer) throw error;
    dump = fromServer;
    dumpedBy = "the running server";
  }
  return withStaging(async (staging) => {
    fs.writeFileSync(path.join(staging, "pgdata.tar"), dump);
    const secretFile = path.join(dataDir, SECRET_FILE);
    let secret: BackupManifest["secret"] = "left out";
    if (secretFromEnv) secret = "APP_SECRET";
    else if (!withoutSecret && fs.existsSync(secretFile)) {
      fs.copyFileSync(secretFile, path.join(staging, SECRET_FILE));
      secret = "archive";
    }
    const files = copyTree(filesDir, path.join(staging, "files"));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      database: "embedded",
      created_at: new Date().toISOString(),
      secret,
      files,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${out}.${process.pid}.partial`;
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(partial, "", { mode: 0o600 });
    try {
      await run("tar", ["-czf", partial, "-C", staging, "."]);
      fs.renameSync(partial, out);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return { ...manifest, dumpedBy };
  });
}

function isEmptyOrMissing(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores `archive` into `dataDir`, which must hold no database yet (nothing is overwritten), and
 * its files into `filesDir`, which must be empty. Returns the archive's manifest.
 */
export async function restoreEmbeddedDatabase(archive: string, { dataDir, filesDir }: Locations) {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup at ${archive}.`);
  const pgdata = path.join(dataDir, "pgdata");
  if (fs.existsSync(pgdata) || fs.existsSync(path.join(dataDir, SECRET_FILE)))
    throw new BackupError(
      `${dataDir} (DATA_DIR) already holds a database or a secret: restore into an empty folder ` +
        `(set DATA_DIR to a new one, or move this one away first). Nothing was changed.`,
    );
  if (!isEmptyOrMissing(filesDir))
    throw new BackupError(
      `${filesDir} (FILES_DIR) is not empty: restore into an empty folder. Nothing was changed.`,
    );
  const release = lockDatabaseFolder(dataDir);
  try {
    return await withStaging(async (staging) => {
      await run("tar", ["-xzf", archive, "-C", staging]);
      const manifest = readManifest(staging);
      const dump = new Blob([fs.readFileSync(path.join(staging, "pgdata.tar"))]);
      const db = await PGlite.create(pgdata, { loadDataDir: dump });
      await db.close();
      const secret = path.join(staging, SECRET_FILE);
      if (fs.existsSync(secret)) {
        fs.copyFileSync(secret, path.join(dataDir, SECRET_FILE));
        fs.chmodSync(path.join(dataDir, SECRET_FILE), 0o600);
      }
      copyTree(path.join(staging, "files"), filesDir);
      return manifest;
    });
  } finally {
    release();
  }
}

function readManifest(staging: string): BackupManifest {
  let manifest: Partial<BackupManifest> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, "manifest.json"), "utf8"));
  } catch {
    // reported below
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.database !== "embedded")
    throw new BackupError("This is not a backup made by `npm run db:backup` (no manifest of format 1).");
  return manifest as BackupManifest;
}

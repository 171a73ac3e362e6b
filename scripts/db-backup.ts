// `npm run db:backup -- <archive.tar.gz> [--without-secret]`: one archive of the embedded database,
// its uploaded files and (unless APP_SECRET is set, or --without-secret) its server secret
// (lib/db/embedded-backup.ts, docs/backups.md). While the server runs, it dumps the database itself
// (DATA_DIR/backup.sock); a process holding the folder without answering there is refused. On
// PostgreSQL, pg_dump backs up while the server runs: this says how.
import { parseArgs } from "node:util";
import { databaseConfig } from "../lib/config";
import { BackupError, backupEmbeddedDatabase } from "../lib/db/embedded-backup";
import { DatabaseFolderLockedError } from "../lib/db/folder-lock";
import { FOLDER_LOCKED_EXIT_CODE, folderLockedAdvice } from "../lib/db/script-db";
import { filesDirectory } from "../lib/files/storage";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "without-secret": { type: "boolean", default: false } },
});
const out = positionals[0];
if (!out || positionals.length > 1) {
  console.error("Usage: npm run db:backup -- <archive.tar.gz> [--without-secret]");
  process.exit(2);
}

const config = databaseConfig();
if (config.kind !== "pglite" || config.dataDir.startsWith("memory://")) {
  console.error(
    "db:backup backs up the embedded database (DATA_DIR). With DATABASE_URL, back up PostgreSQL with " +
      'pg_dump while the server runs (pg_dump --format=custom --file=app.dump "$DATABASE_URL"), and keep ' +
      "APP_SECRET and FILES_DIR with it: see docs/backups.md.",
  );
  process.exit(2);
}

try {
  const secretFromEnv = Boolean(process.env.APP_SECRET);
  const manifest = await backupEmbeddedDatabase(
    { dataDir: config.dataDir, filesDir: filesDirectory() },
    out,
    { secretFromEnv, withoutSecret: values["without-secret"] },
  );
  console.log(
    `Backed up the embedded database in ${config.dataDir} (dumped by ${manifest.dumpedBy}) and ` +
      `${manifest.files} file(s) to ${out}.`,
  );
  if (manifest.secret === "archive")
    console.log(
      "The server secret (app-secret) is inside the archive: keep the archive as safe as the data.",
    );
  else
    console.log(
      `The server secret is NOT in the archive (${manifest.secret === "APP_SECRET" ? "it is APP_SECRET" : "--without-secret"}): ` +
        "keep it with this backup. A restore without it is refused (docs/backups.md).",
    );
} catch (error) {
  if (error instanceof DatabaseFolderLockedError) {
    console.error(folderLockedAdvice("back up the database", error));
    process.exit(FOLDER_LOCKED_EXIT_CODE);
  }
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// `npm run db:restore -- <archive.tar.gz>`: restores a `npm run db:backup` archive into DATA_DIR
// (which must hold no database yet) and its files into FILES_DIR (else DATA_DIR/files), then opens
// the restored database once, which checks that the server secret opens its sealed values
// (lib/secrets/sealed-values.ts): a restore without its secret says so now, not at the first sale.
import { databaseConfig } from "../lib/config";
import { closeDb } from "../lib/db/client";
import { BackupError, restoreEmbeddedDatabase } from "../lib/db/embedded-backup";
import { DatabaseFolderLockedError } from "../lib/db/folder-lock";
import { FOLDER_LOCKED_EXIT_CODE, folderLockedAdvice, openScriptDb } from "../lib/db/script-db";
import { filesDirectory } from "../lib/files/storage";

const archive = process.argv[2];
if (!archive || process.argv.length > 3) {
  console.error("Usage: DATA_DIR=<empty folder> npm run db:restore -- <archive.tar.gz>");
  process.exit(2);
}
const config = databaseConfig();
if (config.kind !== "pglite" || config.dataDir.startsWith("memory://")) {
  console.error(
    "db:restore restores the embedded database (DATA_DIR). With DATABASE_URL, restore PostgreSQL " +
      "with pg_restore: see docs/backups.md.",
  );
  process.exit(2);
}

try {
  const manifest = await restoreEmbeddedDatabase(archive, {
    dataDir: config.dataDir,
    filesDir: filesDirectory(),
  });
  console.log(
    `Restored the embedded database into ${config.dataDir} and ${manifest.files} file(s) into ${filesDirectory()}.`,
  );
  if (manifest.secret !== "archive")
    console.log(
      `The archive holds no server secret (${manifest.secret === "APP_SECRET" ? "it was APP_SECRET" : "made with --without-secret"}): ` +
        "start the server with the APP_SECRET it was made with.",
    );
} catch (error) {
  if (error instanceof DatabaseFolderLockedError) {
    console.error(folderLockedAdvice("restore the database", error));
    process.exit(FOLDER_LOCKED_EXIT_CODE);
  }
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Applies any migration the backup predates and checks the secret against the sealed values.
await openScriptDb("open the restored database");
await closeDb();
console.log("The server secret opens the restored database's sealed values: start the server.");

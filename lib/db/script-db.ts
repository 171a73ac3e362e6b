// Opening the database from a command-line script (`npm run user:create`, `npm run db:migrate`).
// The embedded database belongs to one process at a time, usually the running server: such a
// script then stops with what to do instead, not a stack trace.
import { databaseConfig } from "../config";
import { getDb, type Db } from "./client";
import { DatabaseFolderLockedError } from "./folder-lock";
import { ServerSecretError } from "../secrets/server-secret";

/** The exit code of a script refused because the server holds the embedded database. */
export const FOLDER_LOCKED_EXIT_CODE = 3;

export function folderLockedAdvice(action: string, error: DatabaseFolderLockedError): string {
  const config = databaseConfig();
  const dir = config.kind === "pglite" ? config.dataDir : "";
  return (
    `Cannot ${action}: the embedded database in ${dir} is open in another process ` +
    `(${error.holder}), most likely the running server (npm start). The embedded database can ` +
    `only be used by one process at a time. Stop the server (Ctrl-C in its terminal), run this ` +
    `command again, then start the server again. To do this while the server keeps running, run ` +
    `the server and this command on PostgreSQL (the same DATABASE_URL for both).`
  );
}

/** The exit code of a script refused because the server secret cannot open the database's sealed values. */
export const SECRET_REFUSED_EXIT_CODE = 4;

/**
 * getDb() for a script: on a locked embedded database, prints the advice and exits; on a database
 * whose sealed values this secret cannot open (lib/secrets/sealed-values.ts), prints why and exits.
 */
export async function openScriptDb(action: string): Promise<Db> {
  try {
    return await getDb();
  } catch (error) {
    if (error instanceof ServerSecretError) {
      console.error(`Cannot ${action}. ${error.message}`);
      process.exit(SECRET_REFUSED_EXIT_CODE);
    }
    if (!(error instanceof DatabaseFolderLockedError)) throw error;
    console.error(folderLockedAdvice(action, error));
    process.exit(FOLDER_LOCKED_EXIT_CODE);
  }
}

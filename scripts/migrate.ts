// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR, which must not be open in a running server: the server applies
// pending migrations itself when it starts).
import { closeDb } from "../lib/db/client";
import { openScriptDb } from "../lib/db/script-db";
import { databaseConfig } from "../lib/config";

const config = databaseConfig();
await openScriptDb("apply the migrations"); // connecting applies pending migrations
await closeDb();
console.log(
  `Migrations applied (${config.kind === "postgres" ? "PostgreSQL" : `embedded database in ${config.dataDir}`}).`,
);

// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR, which must not be open in a running server).
import { closeDb, getDb } from "../lib/db/client";
import { databaseConfig } from "../lib/config";

const config = databaseConfig();
await getDb(); // connecting applies pending migrations
await closeDb();
console.log(
  `Migrations applied (${config.kind === "postgres" ? "PostgreSQL" : `embedded database in ${config.dataDir}`}).`,
);

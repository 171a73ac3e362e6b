import pg from "pg";
import { applyMigrations } from "../lib/db/migrate";
import { pgRunner } from "../lib/db/client";
import { TEMPLATE_DATABASE, testServerUrl, urlForDatabase, withAdminClient } from "./database";

export default async function setup() {
  const serverUrl = testServerUrl();
  if (!serverUrl) return;
  await withAdminClient(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  });
  const client = new pg.Client({ connectionString: urlForDatabase(serverUrl, TEMPLATE_DATABASE) });
  await client.connect();
  try {
    await applyMigrations(pgRunner(client));
  } finally {
    await client.end();
  }
}

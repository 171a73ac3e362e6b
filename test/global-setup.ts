import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../lib/db/migrate";
import { pgRunner } from "../lib/db/client";
import { testServerUrl, urlForDatabase, withAdminClient } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each test file copies (PostgreSQL runs only). */
    templateDatabase: string;
  }
}

// One template per run, with a name of its own, so two runs on one server (two checkouts, or CI
// next to a developer) never drop each other's template.
export default async function setup(project: TestProject) {
  const serverUrl = testServerUrl();
  if (!serverUrl) return;
  const template = `app_test_template_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
  const client = new pg.Client({ connectionString: urlForDatabase(serverUrl, template) });
  await client.connect();
  try {
    await applyMigrations(pgRunner(client));
  } finally {
    await client.end();
  }
  project.provide("templateDatabase", template);
  return async () => {
    await withAdminClient(serverUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
    );
  };
}

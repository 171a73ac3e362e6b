import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../lib/db/migrate";
import { pgliteRunner, pgRunner } from "../lib/db/client";
import { dropCopies, testServerUrl, urlForDatabase, withAdminClient } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each test file copies (PostgreSQL runs only). */
    templateDatabase: string;
    /** A dump of a migrated embedded database each test file starts from (embedded runs only). */
    embeddedTemplateFile: string;
  }
}

// One template per run, with a name of its own, so two runs on one server (two checkouts, or CI
// next to a developer) never drop each other's template.
export default async function setup(project: TestProject) {
  const serverUrl = testServerUrl();
  if (!serverUrl) return embeddedTemplate(project);
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
    // The files' copies first: one made ahead for a next file that never came, or one whose
    // background DROP had not finished when its worker ended (test/database.ts).
    await dropCopies(serverUrl, template);
    await withAdminClient(serverUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
    );
  };
}

// The embedded run: one migrated in-memory database, dumped to a file each test file's database is
// loaded from (lib/db/client.ts, startMemoryDatabasesFrom), instead of each running initdb and
// every migration.
async function embeddedTemplate(project: TestProject) {
  const file = path.join(os.tmpdir(), `app-test-template-${randomBytes(4).toString("hex")}.tar`);
  const db = await PGlite.create("memory://template");
  try {
    await applyMigrations(pgliteRunner(db));
    fs.writeFileSync(file, Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide("embeddedTemplateFile", file);
  return () => fs.rmSync(file, { force: true });
}

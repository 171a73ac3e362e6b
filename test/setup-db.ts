// Runs before every test file: points the app's database client at a database of this file's own.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject, vi } from "vitest";
import { closeDb, startMemoryDatabasesFrom } from "../lib/db/client";
import { dropCopyLater, takeTemplateCopy, testServerUrl, urlForDatabase } from "./database";

// Files share their worker's process (vitest.config.ts): what one changes of the process, the next
// must not see. Registered first, so it runs after every other afterAll of the file.
const environment = { ...process.env };
const fetchBefore = globalThis.fetch;
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  globalThis.fetch = fetchBefore;
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The server secret (lib/secrets), fixed as an operator sets APP_SECRET.
process.env.APP_SECRET ??= "test-app-secret-not-for-production-0123456789";

// Uploaded files (lib/files/storage.ts) in a folder of this file's own, never the checkout's .data.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-files-"));
process.env.FILES_DIR = filesDir;
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

const serverUrl = testServerUrl();
const suffix = randomBytes(6).toString("hex");

if (serverUrl) {
  // Made ahead while the previous file of this worker ran (test/database.ts).
  const database = await takeTemplateCopy(serverUrl, inject("templateDatabase"));
  process.env.DATABASE_URL = urlForDatabase(serverUrl, database);
  delete process.env.DATA_DIR;
  afterAll(async () => {
    await closeDb();
    dropCopyLater(serverUrl, database);
  });
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = `memory://test-${suffix}`;
  startMemoryDatabasesFrom(embeddedTemplate(inject("embeddedTemplateFile")));
  afterAll(() => closeDb());
}

// The embedded template's dump (tens of MB: 0.4 s to read on a slow machine), read once per worker
// process: files share it (vitest.config.ts), and a Blob is never changed by its readers.
function embeddedTemplate(file: string): Blob {
  const key = Symbol.for("test-database.embedded-template");
  const holder = globalThis as typeof globalThis & { [key]?: { file: string; dump: Blob } };
  const cached = holder[key];
  if (cached?.file === file) return cached.dump;
  const dump = new Blob([fs.readFileSync(file)]);
  holder[key] = { file, dump };
  return dump;
}

// Server start-up (instrumentation.ts): open the database, which applies pending migrations, then
// seed the demo organization unless SEED_DEMO=false, and print how to use it. Runs inside the server
// so the embedded database is only ever opened by one process.
import { databaseConfig, publicBaseUrl } from "./config";
import { getDb, type Db } from "./db/client";
import { DatabaseFolderLockedError } from "./db/folder-lock";
import type { DemoResult } from "./seed/demo";

// Another server owns the embedded database: this one could only ever answer errors, so stop.
function exitIfLocked(error: unknown): void {
  if (!(error instanceof DatabaseFolderLockedError)) return;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

export async function boot(): Promise<void> {
  const started = Date.now();
  let db: Db;
  try {
    db = await getDb();
  } catch (error) {
    exitIfLocked(error);
    // Rethrowing would make Next answer 500 to every request, even the landing page. A failed open
    // is not cached, so each API request tries again and the server recovers once the database does.
    console.error("Could not open the database; API requests will retry it:", error);
    return;
  }
  const config = databaseConfig();
  const where = config.kind === "postgres" ? "PostgreSQL" : `embedded, ${config.dataDir}`;
  console.log(`Database ready in ${Date.now() - started} ms (${where}).`);
  await sealLegacySecrets(db);

  await seed(db);
  // After the seed, so a fresh install's first jobs see the demo data.
  const { startJobWorker } = await import("./jobs/runtime");
  if (startJobWorker())
    console.log("Job worker started (JOB_WORKER=false to run this instance without one).");
}

// Plaintext a migration could not encrypt (SQL has no access to the server's key) is sealed here,
// before the server answers, so none remains once it has booted.
async function sealLegacySecrets(db: Db): Promise<void> {
  const { keyring, ServerSecretError } = await import("./secrets");
  try {
    // Loaded now, so that a bad APP_SECRET stops the start and the warning for several instances
    // without one is printed at start-up rather than at the first request.
    keyring();
  } catch (error) {
    if (!(error instanceof ServerSecretError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  const { sealLegacyClientSecrets } = await import("./checkout/client-secret");
  const sealed = await sealLegacyClientSecrets(db);
  if (sealed)
    console.log(`Encrypted the client secrets of ${sealed} checkout session(s) stored before encryption.`);
}

async function seed(db: Db): Promise<void> {
  if (process.env.SEED_DEMO === "false") return;
  try {
    // Imported lazily so a server with SEED_DEMO=false never loads the seed code.
    const { seedDemo } = await import("./seed/demo");
    printBanner(await seedDemo(db));
  } catch (error) {
    exitIfLocked(error);
    // The API works without the demo data, so a broken seed must not take the server down.
    console.error("Seeding the demo data failed; the server keeps running without it:", error);
  }
}

function printBanner(demo: DemoResult): void {
  const rule = "-".repeat(72);
  const lines = [
    rule,
    demo.created ? "Demo data created." : "Demo data already present.",
    `  Organization:  ${demo.organizationName}`,
    `  Dashboard:     ${publicBaseUrl()}/dashboard`,
    `  Admin login:   ${demo.adminEmail} / ${demo.adminPassword ?? "(shown only when first seeded; DEMO_ADMIN_PASSWORD fixes it)"}`,
    `  Access token:  ${demo.token ?? "(shown only when first seeded; DEMO_ACCESS_TOKEN fixes it)"}`,
    `  Checkout URL:  ${demo.checkoutUrl ?? "(none)"}`,
    "Set SEED_DEMO=false to skip the demo organization.",
    rule,
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

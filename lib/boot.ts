// Server start-up, run once per process by instrumentation.ts's register(), which the app's server
// (scripts/server.ts) awaits before it listens. Opens the database (which applies pending
// migrations), seeds the demo organization where wanted, prints how to use it, starts the job
// worker once the server listens, and registers their clean-up for a graceful stop. Runs inside the
// server so the embedded database is only ever opened by one process. Every step on an existing
// install is one cheap query (migrations, seed): start-up time is mostly Next.js, PGlite and Prisma.
import {
  checkSettings,
  ConfigError,
  databaseConfig,
  emailTransportSetting,
  publicBaseUrl,
  type DatabaseConfig,
} from "./config";
import { closeDb, dumpEmbeddedDatabase, getDb, type Db } from "./db/client";
import { sha256Hex } from "./crypto";
import { DatabaseFolderLockedError } from "./db/folder-lock";
import { ServerSecretError } from "./secrets/server-secret";
import { afterReady, onShutdown } from "./server/lifecycle";
import type { DemoResult } from "./seed/demo";
import { DEMO_CHECKOUT_LINK_SLUG, DEMO_SLUG } from "./seed/demo-slug";

// Another server owns the embedded database, or this server's secret cannot open what the database
// holds sealed (restored without its secret, lib/secrets/sealed-values.ts): this one could only
// ever answer errors, so stop.
function exitIfRefused(error: unknown): void {
  if (!(error instanceof DatabaseFolderLockedError) && !(error instanceof ServerSecretError)) return;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

// A setting read on use (e.g. CERTIFICATE_TTL_DAYS, PAYMENT_PROCESSOR) would otherwise fail only at
// its first request (an unknown processor: at the buyer's Pay, after they typed everything).
async function exitOnBadSettings(): Promise<void> {
  try {
    checkSettings();
    // Imported here: loading the payment processors is not needed to read the settings above.
    const { checkPaymentProcessorSetting } = await import("./payments");
    checkPaymentProcessorSetting();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}

/**
 * The demo organization prints an all-scope token and an admin password: by default only on the
 * embedded database (a developer's machine), never on a PostgreSQL install unless SEED_DEMO=true.
 */
export function shouldSeedDemo(
  config: DatabaseConfig,
  env: Record<string, string | undefined> = process.env,
): boolean {
  if (env.SEED_DEMO === "true") return true;
  if (env.SEED_DEMO === "false") return false;
  return config.kind === "pglite";
}

// On globalThis: `next dev` may evaluate this module again, and the server must boot once.
const holder = globalThis as unknown as { __appBoot?: Promise<void> };

export function boot(): Promise<void> {
  return (holder.__appBoot ??= bootOnce());
}

async function bootOnce(): Promise<void> {
  await exitOnBadSettings();
  const started = Date.now();
  let db: Db;
  try {
    db = await getDb();
  } catch (error) {
    exitIfRefused(error);
    // Rethrowing would make Next answer 500 to every request, even the landing page. A failed open
    // is not cached, so each API request tries again and the server recovers once the database does.
    console.error("Could not open the database; API requests will retry it:", error);
    return;
  }
  // Registered first, so it runs last: the worker stops before the database closes.
  onShutdown("the database", closeDb);
  const config = databaseConfig();
  await serveEmbeddedBackups(config);
  const where = config.kind === "postgres" ? "PostgreSQL" : `embedded, ${config.dataDir}`;
  console.log(`Database ready in ${Date.now() - started} ms (${where}).`);
  await sealLegacySecrets(db);

  // Prisma's query compiler loads on the first query; paid here, alongside Next.js's own start-up,
  // rather than by the first API request after "Ready".
  await db.organization.findFirst({ select: { id: true } });
  await seed(db, config);
  await announceSetupCode(db);
  // After the seed, so a fresh install's first jobs see the demo data; once the server listens, so
  // loading the job handlers and the first poll do not delay the first request.
  afterReady("the job worker", startJobWorker);
}

// `npm run db:backup` while this server holds the embedded database: it asks for a dump through
// DATA_DIR/backup.sock (lib/db/backup-socket.ts). Without it a backup only says to stop the server.
async function serveEmbeddedBackups(config: DatabaseConfig): Promise<void> {
  if (config.kind !== "pglite" || config.dataDir.startsWith("memory://") || process.platform === "win32")
    return;
  try {
    const { serveBackups } = await import("./db/backup-socket");
    onShutdown("the backup socket", await serveBackups(config.dataDir, dumpEmbeddedDatabase));
  } catch (error) {
    // A folder path too long for a socket's name, say: backups then need the server stopped.
    console.error(
      "Cannot serve backups on DATA_DIR/backup.sock (db:backup needs the server stopped):",
      error,
    );
  }
}

async function startJobWorker(): Promise<void> {
  // The composition root of the job queue: every domain's handlers (docs/architecture.md).
  const [{ startJobWorker, stopJobWorker }, { jobHandlers }] = await Promise.all([
    import("./jobs/runtime"),
    import("./composition/jobs"),
  ]);
  if (startJobWorker(jobHandlers)) {
    onShutdown("the job worker", stopJobWorker);
    console.log("Job worker started (JOB_WORKER=false to run this instance without one).");
    console.log(
      emailTransportSetting().kind === "smtp"
        ? "Emails to buyers are sent through SMTP_URL."
        : "Emails to buyers are kept, not sent (no SMTP_URL): see the dashboard's Emails page.",
    );
  }
}

// Plaintext a migration could not encrypt (SQL has no access to the server's key) is sealed here,
// before the server answers, so none remains once it has booted.
async function sealLegacySecrets(db: Db): Promise<void> {
  const { keyring } = await import("./secrets");
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

/**
 * An install with no user yet (after the seed): a new one-time setup code, which the setup form on
 * /dashboard asks for (docs/accounts.md). This line is the only place it is ever shown or logged.
 */
async function announceSetupCode(db: Db): Promise<void> {
  const { issueSetupCode } = await import("./organizations/setup-code");
  const code = await issueSetupCode(db);
  if (!code) return;
  const rule = "-".repeat(72);
  const lines = [
    rule,
    "No merchant yet. Create the first one in the dashboard with the setup code below:",
    `  Dashboard:     ${publicBaseUrl()}/dashboard`,
    `  Setup code:    ${code}`,
    "It works until the first merchant exists; each start prints a new one.",
    rule,
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

async function seed(db: Db, config: DatabaseConfig): Promise<void> {
  if (!shouldSeedDemo(config)) {
    if (process.env.SEED_DEMO !== "false")
      console.log(
        "Demo data not seeded (PostgreSQL: SEED_DEMO=true seeds it). Create a merchant with " +
          '`npm run user:create -- --email you@example.com --organization "Your Company"`.',
      );
    return;
  }
  try {
    const present = await demoAlreadyComplete(db);
    if (present) return printBanner(present);
    // Imported lazily so a server without the demo never loads the seed code.
    const { seedDemo } = await import("./seed/demo");
    printBanner(await seedDemo(db));
  } catch (error) {
    exitIfRefused(error);
    // The API works without the demo data, so a broken seed must not take the server down.
    console.error("Seeding the demo data failed; the server keeps running without it:", error);
  }
}

/**
 * One query instead of seedDemo's transaction (and loading the factories) on every later start: the
 * demo exists with its checkout link and the token DEMO_ACCESS_TOKEN asks for. DEMO_ADMIN_PASSWORD
 * always takes the seed, which checks and applies it.
 */
async function demoAlreadyComplete(db: Db): Promise<DemoResult | null> {
  if (process.env.DEMO_ADMIN_PASSWORD) return null;
  const token = process.env.DEMO_ACCESS_TOKEN ?? null;
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT name FROM organizations WHERE slug = ${DEMO_SLUG}
       AND EXISTS (SELECT 1 FROM checkout_links WHERE slug = ${DEMO_CHECKOUT_LINK_SLUG})
       AND (${token === null}
            OR EXISTS (SELECT 1 FROM organization_access_tokens WHERE token_hash = ${sha256Hex(token ?? "")}))`;
  if (!rows[0]) return null;
  return {
    created: false,
    organizationName: rows[0].name,
    adminEmail: (process.env.DEMO_ADMIN_EMAIL ?? "admin@demo.test").toLowerCase(),
    adminPassword: null,
    token,
    checkoutLinkUrl: `${publicBaseUrl()}/buy/${DEMO_CHECKOUT_LINK_SLUG}`,
  };
}

function printBanner(demo: DemoResult): void {
  const rule = "-".repeat(72);
  const lines = [
    rule,
    demo.created ? "Demo data created." : "Demo data already present.",
    `  Organization:  ${demo.organizationName}`,
    `  Dashboard:     ${publicBaseUrl()}/dashboard`,
    `  Admin login:   ${demo.adminEmail} / ${demo.adminPassword ?? "(shown only when first seeded; DEMO_ADMIN_PASSWORD sets it)"}`,
    `  Access token:  ${demo.token ?? "(shown only when first seeded; DEMO_ACCESS_TOKEN fixes it)"}`,
    `  Checkout link: ${demo.checkoutLinkUrl}`,
    "Set SEED_DEMO=false to skip the demo organization.",
    rule,
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

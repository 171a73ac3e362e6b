// `npm run bench:confirm`: checkout confirmations through to `succeeded` (order, subscription,
// license key) from a load of real HTTP confirms, on PostgreSQL.
//
// Starts the app (fresh database bench_confirm on BENCH_SERVER_URL, demo data), creates
// BENCH_CONFIRMS (1000) checkout sessions for the demo's subscription product over the API, then
// fires `POST /v1/checkouts/custom/client/{client_secret}/confirm` with `tok_visa` and the buyer's
// email, name and billing address, BENCH_CONCURRENCY (50) at a time. Reports confirms/s (HTTP),
// sessions succeeded per second (first confirm sent to last session succeeded) and the time from a
// confirm being sent to its session's `succeeded` (the session's modified_at, set in the same
// transaction as the order): p50 and p99. Goal: ≥ 200 per second through to succeeded.
// Env: BENCH_PORT (3212), BENCH_KEEP=1 keeps the database, BENCH_BUILD=1 forces a build.
// BENCH_PAST_PURCHASES=N: the organization already has N purchases (customers, subscriptions,
// orders, license keys; ./database-history.ts) before the confirms, so that a read whose cost grows
// with an organization's history shows. BENCH_STATEMENTS=1: prints PostgreSQL's statements of the
// confirm phase by total time, with pages per call (needs pg_stat_statements preloaded).
// BENCH_WORKER_INSTANCE=1: the confirms go to an instance without a job worker (JOB_WORKER=false)
// and a second instance on BENCH_PORT + 1 works the queue, as a deployment that separates its web
// and worker processes does (each Node.js process uses one core for its JavaScript).
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { sampleCustomFieldAnswers, type AttachedCustomFields } from "../custom-field-answers";
import { fillPastPurchases, statementStats } from "./database-history";
import {
  admin,
  api as apiAt,
  buildIfNeeded,
  cpuBetween,
  cpuSnapshot,
  percentile,
  rssMb,
  startApp,
  stopProcess,
  urlFor,
} from "./harness";

const DATABASE = "bench_confirm";
const CONFIRMS = Number(process.env.BENCH_CONFIRMS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3212);
const SETTLE_TIMEOUT_MS = 300_000;
const WORKER_INSTANCE = process.env.BENCH_WORKER_INSTANCE === "1";
const PAST_PURCHASES = Number(process.env.BENCH_PAST_PURCHASES ?? 0);
const STATEMENTS = process.env.BENCH_STATEMENTS === "1";

interface Session {
  id: string;
  client_secret: string;
  attached_custom_fields?: AttachedCustomFields;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

async function main(): Promise<number> {
  buildIfNeeded();
  let app: ChildProcess | null = null;
  let worker: ChildProcess | null = null;
  const sql = new pg.Client({ connectionString: urlFor(DATABASE) });
  let connected = false;
  try {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `CREATE DATABASE ${DATABASE}`);
    const started = await startApp({
      port: PORT,
      databaseUrl: urlFor(DATABASE),
      env: WORKER_INSTANCE ? { JOB_WORKER: "false" } : {},
    });
    app = started.child;
    if (WORKER_INSTANCE) {
      worker = (
        await startApp({ port: PORT + 1, databaseUrl: urlFor(DATABASE), env: { SEED_DEMO: "false" } })
      ).child;
    }
    const appPids = [app.pid!, ...(worker ? [worker.pid!] : [])];
    const api = <T>(method: string, pathname: string, body?: unknown) =>
      apiAt<T>(started.base, method, pathname, body);
    await sql.connect();
    connected = true;

    const recurring = await api<{ items: { product_price_id: string }[] }>(
      "GET",
      "/v1/orders/?product_price_type=recurring&limit=1",
    );
    const priceId = recurring.items[0]?.product_price_id;
    if (!priceId) throw new Error("the demo data has no recurring order to take a price from");

    let start = Date.now();
    const sessions: Session[] = new Array(CONFIRMS);
    await pool(sessions, 10, async (_, index) => {
      sessions[index] = await api<Session>("POST", "/v1/checkouts/custom/", { product_price_id: priceId });
    });
    console.log(`${CONFIRMS} checkout sessions created in ${Date.now() - start} ms.`);
    if (PAST_PURCHASES > 0) {
      start = Date.now();
      await fillPastPurchases(sql, sessions[0]!.id, PAST_PURCHASES);
      console.log(`${PAST_PURCHASES} past purchases written in ${Date.now() - start} ms.`);
    }
    const statements = STATEMENTS ? await statementStats(sql) : null;
    if (statements && "unavailable" in statements)
      console.log(`No statement statistics: ${statements.unavailable}`);

    const sentAt = new Map<string, number>();
    const failures = new Map<number, number>();
    const cpuBefore = cpuSnapshot(appPids, DATABASE);
    start = Date.now();
    await pool(sessions, CONCURRENCY, async (session, index) => {
      sentAt.set(session.id, Date.now());
      const response = await fetch(
        `${started.base}/v1/checkouts/custom/client/${session.client_secret}/confirm`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            confirmation_token_id: "tok_visa",
            customer_email: `bench-buyer-${index}@example.com`,
            customer_name: `Bench Buyer ${index}`,
            customer_billing_address: {
              country: "US",
              state: "US-NY",
              line1: "1 Bench St",
              city: "New York",
            },
            custom_field_data: sampleCustomFieldAnswers(session.attached_custom_fields, "Bench answer"),
          }),
        },
      );
      await response.arrayBuffer();
      if (response.status !== 200) failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    });
    const confirmMs = Date.now() - start;

    // Poll until every session left `confirmed` (or the timeout); timestamps come from the database.
    const ids = sessions.map((session) => session.id);
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let rows: { id: string; status: string; at: number }[] = [];
    for (;;) {
      const result = await sql.query<{ id: string; status: string; at: string }>(
        `SELECT id, status, extract(epoch FROM modified_at) * 1000 AS at
           FROM checkout_sessions WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      rows = result.rows.map((row) => ({ ...row, at: Number(row.at) }));
      const pending = rows.filter((row) => row.status === "confirmed" || row.status === "open").length;
      if (pending === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpuUsed = cpuBetween(cpuBefore, cpuSnapshot(appPids, DATABASE));
    const succeeded = rows.filter((row) => row.status === "succeeded");
    const latencies = succeeded.map((row) => row.at - sentAt.get(row.id)!).sort((a, b) => a - b);
    const lastSucceeded = Math.max(...succeeded.map((row) => row.at));
    const throughput = succeeded.length / ((lastSucceeded - start) / 1000);
    const byStatus = Object.entries(
      rows.reduce<Record<string, number>>(
        (counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }),
        {},
      ),
    );
    // Read as the CPU was: the receipts still queued then are work the CPU per purchase leaves out.
    const issued = await sql.query<{
      orders: string;
      subscriptions: string;
      license_keys: string;
      receipts_sent: string;
    }>(
      `SELECT count(*) AS orders, count(o.subscription_id) AS subscriptions,
              (SELECT count(*) FROM license_keys k
                WHERE k.customer_id IN (SELECT customer_id FROM orders WHERE checkout_id = ANY($1::uuid[]))) AS license_keys,
              (SELECT count(*) FROM emails e
                WHERE e.status = 'sent'
                  AND e.order_id IN (SELECT id FROM orders WHERE checkout_id = ANY($1::uuid[]))) AS receipts_sent
         FROM orders o WHERE o.checkout_id = ANY($1::uuid[])`,
      [ids],
    );
    const rss = rssMb(app.pid!);

    const history = PAST_PURCHASES > 0 ? `, an organization with ${PAST_PURCHASES} past purchases` : "";
    console.log(`\nPostgreSQL, ${CONFIRMS} confirms, ${CONCURRENCY} concurrent${history}\n`);
    console.log("| measure | value |\n|---|---|");
    console.log(`| confirms answered per second (HTTP) | ${((CONFIRMS / confirmMs) * 1000).toFixed(0)} |`);
    console.log(
      `| non-200 confirms | ${failures.size ? [...failures].map(([s, n]) => `${n} × ${s}`).join(", ") : "0"} |`,
    );
    console.log(`| sessions by status | ${byStatus.map(([s, n]) => `${s} ${n}`).join(", ")} |`);
    const { orders, subscriptions, license_keys: licenseKeys, receipts_sent: receiptsSent } = issued.rows[0]!;
    console.log(`| issued | ${orders} orders, ${subscriptions} subscriptions, ${licenseKeys} license keys |`);
    console.log(`| receipts sent when the last session succeeded | ${receiptsSent} |`);
    console.log(`| succeeded per second (first confirm → last succeeded) | ${throughput.toFixed(0)} |`);
    console.log(`| confirm → succeeded p50 | ${percentile(latencies, 50).toFixed(0)} ms |`);
    console.log(`| confirm → succeeded p99 | ${percentile(latencies, 99).toFixed(0)} ms |`);
    // Where a purchase's CPU goes (server: confirm + job; PostgreSQL: every backend; the load's
    // client): the sum bounds throughput at (cores × 1000 / CPU ms per purchase) however it is split.
    const perPurchase = (key: "app" | "postgres" | "bench") => cpuUsed[key] / Math.max(1, succeeded.length);
    const cpuTotal = perPurchase("app") + perPurchase("postgres") + perPurchase("bench");
    console.log(
      `| CPU per purchase | server ${perPurchase("app").toFixed(1)} ms, PostgreSQL ${perPurchase("postgres").toFixed(1)} ms, load client ${perPurchase("bench").toFixed(1)} ms |`,
    );
    // The same bound without the server: what PostgreSQL and the load client leave for it at 200/s.
    const allows = (cpuMs: number) => ((os.cpus().length * 1000) / cpuMs).toFixed(0);
    const withoutServer = perPurchase("postgres") + perPurchase("bench");
    console.log(
      `| purchases/s this CPU allows on ${os.cpus().length} cores | ${allows(cpuTotal)} (PostgreSQL alone: ${allows(perPurchase("postgres"))}; PostgreSQL and the load client, with a server that cost nothing: ${allows(withoutServer)}) |`,
    );
    const leftAt200 = (os.cpus().length * 1000) / 200 - withoutServer;
    console.log(
      `| server CPU per purchase 200/s would leave on ${os.cpus().length} cores | ${leftAt200 > 0 ? `${leftAt200.toFixed(1)} ms` : "none"} (it used ${perPurchase("app").toFixed(1)} ms) |`,
    );
    console.log(`| server RSS after the load | ${rss === null ? "unknown" : `${rss.toFixed(0)} MB`} |`);
    if (statements && "report" in statements) await statements.report();
    const met = succeeded.length === CONFIRMS && throughput >= 200;
    console.log(`\nGoal ≥ 200 per second through to succeeded: ${met ? "met" : "missed"}`);
    return succeeded.length === CONFIRMS && throughput >= 200 * 0.8 ? 0 : 1;
  } finally {
    if (connected) await sql.end();
    await stopProcess(worker);
    await stopProcess(app);
    if (process.env.BENCH_KEEP !== "1") await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

process.exitCode = await main();

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
// BENCH_STRIPE=1: then as many confirms again with the organization connected to the Stripe fake
// (./confirm-stripe.ts), and both processors side by side: confirms, the confirm's answer time and
// confirm → succeeded (p50, p99), the requests Stripe received per confirm, and with
// BENCH_STATEMENTS=1 the SQL statements per purchase (confirm and its jobs) of each.
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { sampleCustomFieldAnswers, type AttachedCustomFields } from "../custom-field-answers";
import { fillPastPurchases, statementStats } from "./database-history";
import {
  cardTokens,
  connectStripe,
  startStripeFake,
  stripeRequestsOf,
  type BenchStripe,
} from "./confirm-stripe";
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
const STRIPE = process.env.BENCH_STRIPE === "1";

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

type Api = <T>(method: string, pathname: string, body?: unknown) => Promise<T>;

async function createSessions(api: Api, priceId: string): Promise<Session[]> {
  const sessions: Session[] = new Array(CONFIRMS);
  await pool(sessions, 10, async (_, index) => {
    sessions[index] = await api<Session>("POST", "/v1/checkouts/custom/", { product_price_id: priceId });
  });
  return sessions;
}

/** PostgreSQL's statements run on this database so far (pg_stat_statements), or null without it. */
async function statementCalls(sql: pg.Client): Promise<number | null> {
  try {
    const result = await sql.query<{ calls: string }>(
      `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query NOT LIKE '%pg_stat_statements%'`,
    );
    return Number(result.rows[0]!.calls);
  } catch {
    return null;
  }
}

type Phase = Awaited<ReturnType<typeof confirmAll>>;

/** Fires every session's confirm, CONCURRENCY at a time, and waits for the sessions to succeed. */
async function confirmAll(
  base: string,
  sql: pg.Client,
  appPids: number[],
  sessions: Session[],
  tokenFor: (index: number) => string,
  buyer = "bench-buyer",
) {
  const ids = sessions.map((session) => session.id);
  const sentAt = new Map<string, number>();
  const answerMs: number[] = [];
  const failures = new Map<number, number>();
  // A refused confirm leaves its session open: not waited for.
  const refused = new Set<string>();
  const statementsBefore = STATEMENTS ? await statementCalls(sql) : null;
  const cpuBefore = cpuSnapshot(appPids, DATABASE);
  const start = Date.now();
  await pool(sessions, CONCURRENCY, async (session, index) => {
    const sent = Date.now();
    sentAt.set(session.id, sent);
    const response = await fetch(`${base}/v1/checkouts/custom/client/${session.client_secret}/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        confirmation_token_id: tokenFor(index),
        // New buyers each phase: the organization allows one subscription per customer.
        customer_email: `${buyer}-${index}@example.com`,
        customer_name: `Bench Buyer ${index}`,
        customer_billing_address: {
          country: "US",
          state: "US-NY",
          line1: "1 Bench St",
          city: "New York",
        },
        custom_field_data: sampleCustomFieldAnswers(session.attached_custom_fields, "Bench answer"),
      }),
    });
    const text = await response.text();
    answerMs.push(Date.now() - sent);
    if (response.status === 200) return;
    failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    refused.add(session.id);
    if (refused.size === 1) console.log(`First refused confirm: ${response.status} ${text.slice(0, 300)}`);
  });
  const confirmMs = Date.now() - start;

  // Poll until every session left `confirmed` (or the timeout); timestamps come from the database.
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let rows: { id: string; status: string; at: number }[] = [];
  for (;;) {
    const result = await sql.query<{ id: string; status: string; at: string }>(
      `SELECT id, status, extract(epoch FROM modified_at) * 1000 AS at
         FROM checkout_sessions WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    rows = result.rows.map((row) => ({ ...row, at: Number(row.at) }));
    const pending = rows.filter(
      (row) => row.status === "confirmed" || (row.status === "open" && !refused.has(row.id)),
    ).length;
    if (pending === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cpuUsed = cpuBetween(cpuBefore, cpuSnapshot(appPids, DATABASE));
  const statementsAfter = statementsBefore === null ? null : await statementCalls(sql);
  const succeeded = rows.filter((row) => row.status === "succeeded");
  const latencies = succeeded.map((row) => row.at - sentAt.get(row.id)!).sort((a, b) => a - b);
  const lastSucceeded = Math.max(...succeeded.map((row) => row.at));
  return {
    ids,
    confirmMs,
    failures,
    rows,
    succeeded,
    latencies,
    answerMs: answerMs.sort((a, b) => a - b),
    throughput: succeeded.length / ((lastSucceeded - start) / 1000),
    cpuUsed,
    statements:
      statementsBefore === null || statementsAfter === null ? null : statementsAfter - statementsBefore,
  };
}

const nonOk = (phase: Phase) =>
  phase.failures.size ? [...phase.failures].map(([s, n]) => `${n} × ${s}`).join(", ") : "0";
const perPurchaseOf = (phase: Phase, key: "app" | "postgres" | "bench") =>
  phase.cpuUsed[key] / Math.max(1, phase.succeeded.length);

async function main(): Promise<number> {
  buildIfNeeded();
  let app: ChildProcess | null = null;
  let worker: ChildProcess | null = null;
  let stripe: BenchStripe | null = null;
  const sql = new pg.Client({ connectionString: urlFor(DATABASE) });
  let connected = false;
  try {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `CREATE DATABASE ${DATABASE}`);
    // Before the app: its Stripe client is pointed at the fake when it starts.
    if (STRIPE) stripe = await startStripeFake();
    const stripeEnv: Record<string, string> = stripe ? { STRIPE_API_BASE: stripe.server.url } : {};
    const started = await startApp({
      port: PORT,
      databaseUrl: urlFor(DATABASE),
      env: { ...stripeEnv, ...(WORKER_INSTANCE ? { JOB_WORKER: "false" } : {}) },
    });
    app = started.child;
    if (WORKER_INSTANCE) {
      worker = (
        await startApp({
          port: PORT + 1,
          databaseUrl: urlFor(DATABASE),
          env: { ...stripeEnv, SEED_DEMO: "false" },
        })
      ).child;
    }
    const appPids = [app.pid!, ...(worker ? [worker.pid!] : [])];
    const api: Api = (method, pathname, body) => apiAt(started.base, method, pathname, body);
    await sql.connect();
    connected = true;

    const recurring = await api<{ items: { product_price_id: string }[] }>(
      "GET",
      "/v1/orders/?product_price_type=recurring&limit=1",
    );
    const priceId = recurring.items[0]?.product_price_id;
    if (!priceId) throw new Error("the demo data has no recurring order to take a price from");

    let start = Date.now();
    const sessions = await createSessions(api, priceId);
    console.log(`${CONFIRMS} checkout sessions created in ${Date.now() - start} ms.`);
    if (PAST_PURCHASES > 0) {
      start = Date.now();
      await fillPastPurchases(sql, sessions[0]!.id, PAST_PURCHASES);
      console.log(`${PAST_PURCHASES} past purchases written in ${Date.now() - start} ms.`);
    }
    const statements = STATEMENTS ? await statementStats(sql) : null;
    if (statements && "unavailable" in statements)
      console.log(`No statement statistics: ${statements.unavailable}`);

    const phase = await confirmAll(started.base, sql, appPids, sessions, () => "tok_visa");
    const { ids, rows, succeeded, latencies, throughput } = phase;
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
    console.log(
      `| confirms answered per second (HTTP) | ${((CONFIRMS / phase.confirmMs) * 1000).toFixed(0)} |`,
    );
    console.log(`| non-200 confirms | ${nonOk(phase)} |`);
    console.log(`| sessions by status | ${byStatus.map(([s, n]) => `${s} ${n}`).join(", ")} |`);
    const { orders, subscriptions, license_keys: licenseKeys, receipts_sent: receiptsSent } = issued.rows[0]!;
    console.log(`| issued | ${orders} orders, ${subscriptions} subscriptions, ${licenseKeys} license keys |`);
    console.log(`| receipts sent when the last session succeeded | ${receiptsSent} |`);
    console.log(`| succeeded per second (first confirm → last succeeded) | ${throughput.toFixed(0)} |`);
    console.log(
      `| confirm answered p50 / p99 | ${percentile(phase.answerMs, 50).toFixed(0)} / ${percentile(phase.answerMs, 99).toFixed(0)} ms |`,
    );
    console.log(`| confirm → succeeded p50 | ${percentile(latencies, 50).toFixed(0)} ms |`);
    console.log(`| confirm → succeeded p99 | ${percentile(latencies, 99).toFixed(0)} ms |`);
    // Where a purchase's CPU goes (server: confirm + job; PostgreSQL: every backend; the load's
    // client): the sum bounds throughput at (cores × 1000 / CPU ms per purchase) however it is split.
    const perPurchase = (key: "app" | "postgres" | "bench") => perPurchaseOf(phase, key);
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
    const testProcessorOk = succeeded.length === CONFIRMS && throughput >= 200 * 0.8;
    if (!stripe) return testProcessorOk ? 0 : 1;

    // The same confirms with Stripe: the organization switched to the fake, fresh sessions.
    const organization = await sql.query<{ organization_id: string }>(
      "SELECT organization_id FROM checkout_sessions WHERE id = $1",
      [sessions[0]!.id],
    );
    const shop = await connectStripe(stripe, api, organization.rows[0]!.organization_id);
    const stripeSessions = await createSessions(api, priceId);
    const tokens = cardTokens(shop, CONFIRMS);
    const withStripe = await confirmAll(
      started.base,
      sql,
      appPids,
      stripeSessions,
      (index) => tokens[index]!,
      "bench-stripe-buyer",
    );
    const stripeCalls = stripeRequestsOf(stripe, shop);
    printSideBySide(phase, withStripe, stripeCalls);
    return testProcessorOk && withStripe.succeeded.length === CONFIRMS ? 0 : 1;
  } finally {
    if (connected) await sql.end();
    await stopProcess(worker);
    await stopProcess(app);
    await stripe?.server.close();
    if (process.env.BENCH_KEEP !== "1") await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

function printSideBySide(testProcessor: Phase, withStripe: Phase, stripeCalls: Map<string, number>) {
  const row = (label: string, measure: (phase: Phase) => string) =>
    console.log(`| ${label} | ${measure(testProcessor)} | ${measure(withStripe)} |`);
  const ms = (sorted: number[]) =>
    `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)} ms`;
  console.log(`\nThe test processor and Stripe (the fake on loopback), ${CONFIRMS} confirms each\n`);
  console.log("| measure | test processor | Stripe (fake) |\n|---|---|---|");
  row("confirm requests (non-200)", (p) => `${p.ids.length} (${nonOk(p)})`);
  row("confirms answered per second", (p) => ((p.ids.length / p.confirmMs) * 1000).toFixed(0));
  row("confirm answered p50 / p99", (p) => ms(p.answerMs));
  row("confirm → succeeded p50 / p99", (p) => ms(p.latencies));
  row("succeeded per second", (p) => `${p.throughput.toFixed(0)} (${p.succeeded.length} succeeded)`);
  row(
    "CPU per purchase: server, PostgreSQL, load client",
    (p) =>
      `${perPurchaseOf(p, "app").toFixed(1)}, ${perPurchaseOf(p, "postgres").toFixed(1)}, ${perPurchaseOf(p, "bench").toFixed(1)} ms`,
  );
  row("SQL statements per purchase (confirm and its jobs)", (p) =>
    p.statements === null ? "not counted" : (p.statements / Math.max(1, p.succeeded.length)).toFixed(1),
  );
  const calls = [...stripeCalls].map(([call, n]) => `${call} ${(n / CONFIRMS).toFixed(2)}`).join(", ");
  console.log(`| requests to Stripe per confirm | none | ${calls || "none"} |`);
}

process.exitCode = await main();

// Benchmark of the order list and the CSV export on 1,000,000 orders, on a real PostgreSQL server.
//
//   npm run bench:orders                     (BENCH_ORDERS=100000 npm run bench:orders: fewer)
//   npx tsx --expose-gc scripts/bench-orders.ts   (makes the export's memory baseline exact)
//
// (Re)creates a throwaway database `bench_orders` (BENCH_SERVER_URL, default
// postgresql://postgres@127.0.0.1:5432), applies the migrations, fills one organization with
// BENCH_ORDERS (1,000,000) orders (set-based INSERT ... SELECT, then VACUUM ANALYZE) with realistic spreads:
// a customer per 10 orders, a few of them buying often; 8 products with 12 prices (one-time, monthly,
// yearly, seat-based, pay-what-you-want), so amounts take thousands of values; dates over two years;
// one order in nine discounted (five discounts). Then:
// - calls the real GET /v1/orders/ handler for each list case (5 warm-ups, BENCH_RUNS (100) timed
//   runs: p50 / p99, exact total_count); goal p50 < 50 ms, p99 < 150 ms;
// - prints EXPLAIN (ANALYZE, BUFFERS) of the SQL each list case issues (from a Prisma query log);
// - exports every order through the real GET /v1/orders/export handler, by three sortings (total
//   time, peak RSS; BENCH_EXPORT=0 skips it), then prints EXPLAIN (ANALYZE, BUFFERS) of the export's
//   statement as its cursor runs it, and of a keyset batch as PGlite's export runs them;
// and drops the database at the end (BENCH_KEEP=1 keeps it).
import pg from "pg";

const SERVER = process.env.BENCH_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432";
const DATABASE = "bench_orders";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CUSTOMERS = Math.max(100, Math.round(ORDERS / 10));
const WARMUPS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const EXPORT = process.env.BENCH_EXPORT !== "0";
// A filter and two sort criteria, with the exact total_count: the first page and a deep one.
const LIST_QUERIES = [
  "product_price_type=recurring&sorting=-amount&sorting=created_at&limit=20",
  "product_price_type=recurring&sorting=-amount&sorting=created_at&page=50&limit=20",
  "product_price_type=one_time&sorting=created_at&sorting=-amount&limit=20",
];

function urlFor(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

// The app's database client reads DATABASE_URL when it first connects: set before anything runs.
process.env.DATABASE_URL = urlFor(DATABASE);
process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "1000000";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor("postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ORG = "00000000-0000-4000-8000-000000000001";

// Eight products (four one-time, four recurring with a monthly and a yearly price), five discounts,
// CUSTOMERS customers, a subscription per (customer, recurring product) that has orders, and ORDERS
// orders over 2024-2025. Hashes of the row number (multiplicative, mod a prime) spread the choices.
const SEED_SQL = `
INSERT INTO organizations (id, name, slug, customer_invoice_prefix) VALUES ('${ORG}', 'Bench organization', 'bench', 'BENCH');

INSERT INTO products (id, organization_id, name, is_recurring)
SELECT md5('product' || p)::uuid, '${ORG}', name, recurring
  FROM (VALUES (1, 'Desktop app', false), (2, 'Plugin pack', false), (3, 'Icon set', false),
               (4, 'Pay what you want', false), (5, 'Cloud Pro', true), (6, 'Cloud Team', true),
               (7, 'Sync', true), (8, 'Enterprise (per seat)', true)) v(p, name, recurring);

CREATE TEMP TABLE bench_prices (p int, product int, type text, interval text, amount_type text, amount int);
INSERT INTO bench_prices VALUES
  (1, 1, 'one_time', NULL, 'fixed', 4900), (2, 2, 'one_time', NULL, 'fixed', 1900),
  (3, 3, 'one_time', NULL, 'fixed', 990), (4, 4, 'one_time', NULL, 'custom', NULL),
  (5, 5, 'recurring', 'month', 'fixed', 900), (6, 5, 'recurring', 'year', 'fixed', 9000),
  (7, 6, 'recurring', 'month', 'fixed', 2900), (8, 6, 'recurring', 'year', 'fixed', 29000),
  (9, 7, 'recurring', 'month', 'fixed', 500), (10, 7, 'recurring', 'year', 'fixed', 4800),
  (11, 8, 'recurring', 'month', 'fixed', 1990), (12, 8, 'recurring', 'year', 'fixed', 19900);

INSERT INTO product_prices (id, product_id, type, recurring_interval, amount_type, price_amount,
                            minimum_amount, maximum_amount)
SELECT md5('price' || p)::uuid, md5('product' || product)::uuid, type::"PriceType",
       interval::"RecurringInterval", amount_type::"PriceAmountType", amount,
       CASE WHEN amount_type = 'custom' THEN 100 END, CASE WHEN amount_type = 'custom' THEN 100000 END
  FROM bench_prices;

INSERT INTO discounts (id, organization_id, name, type, amount, currency, basis_points, duration, code, code_key)
VALUES (md5('discount1')::uuid, '${ORG}', 'Launch', 'percentage', NULL, NULL, 1000, 'once', 'LAUNCH', 'launch'),
       (md5('discount2')::uuid, '${ORG}', 'Friends', 'fixed', 500, 'usd', NULL, 'forever', 'FRIENDS', 'friends'),
       (md5('discount3')::uuid, '${ORG}', 'Black Friday', 'percentage', NULL, NULL, 3000, 'once', 'BF30', 'bf30'),
       (md5('discount4')::uuid, '${ORG}', 'Students', 'percentage', NULL, NULL, 5000, 'forever', 'EDU', 'edu'),
       (md5('discount5')::uuid, '${ORG}', 'Ten off', 'fixed', 1000, 'usd', NULL, 'once', 'TEN', 'ten');

INSERT INTO customers (id, created_at, organization_id, email, name)
SELECT md5('customer' || c)::uuid, timestamp '2023-12-01' + c * interval '10 seconds', '${ORG}',
       'customer' || c || '@example.com', 'Customer ' || c
  FROM generate_series(1, ${CUSTOMERS}) c;

CREATE TEMP TABLE gen AS
SELECT i, h,
       -- prices weighted towards the cheap monthly plans and the desktop app
       (ARRAY[1,1,2,3,4,5,5,5,6,7,7,8,9,9,10,11,12])[1 + h % 17] AS p,
       -- a few customers buy often: the square skews towards low numbers
       1 + least(${CUSTOMERS} - 1, floor(${CUSTOMERS} * power(((i::bigint * 2246822519) % 4294967291) / 4294967291.0, 1.6)))::int AS c,
       timestamp '2024-01-01' + ((i::bigint * 104729) % 63072000) * interval '1 second'
         + (i % 1000) * interval '1 millisecond' AS created_at,
       CASE WHEN h % 9 = 0 THEN 1 + (h / 9) % 5 END AS d
  FROM (SELECT i, ((i::bigint * 2654435761) % 4294967291) AS h FROM generate_series(1, ${ORDERS}) i) s;

CREATE TEMP TABLE gen_amounts AS
SELECT g.i, g.c, g.created_at, g.d, g.p, bp.product, bp.type AS price_type, bp.interval AS recurring_interval,
       CASE WHEN g.d IS NULL THEN base
            WHEN dc.type = 'fixed' THEN greatest(base - dc.amount, 0)
            ELSE base - round(base * dc.basis_points / 10000.0)::int END AS amount
  FROM (SELECT g.*, CASE WHEN bp.amount_type = 'custom' THEN 100 + (g.h / 17) % 99901
                         WHEN bp.product = 8 THEN bp.amount * (1 + (g.h / 17) % 40)   -- seats
                         WHEN bp.product IN (1, 2) THEN bp.amount * (1 + (g.h / 17) % 3) -- quantity
                         ELSE bp.amount END AS base
          FROM gen g JOIN bench_prices bp ON bp.p = g.p) g
  JOIN bench_prices bp ON bp.p = g.p
  LEFT JOIN discounts dc ON dc.id = md5('discount' || g.d)::uuid;

INSERT INTO subscriptions (id, created_at, organization_id, amount, currency, recurring_interval, status,
                           current_period_start, current_period_end, started_at, customer_id, product_id, price_id)
SELECT md5('sub' || c || '-' || product)::uuid, min(created_at), '${ORG}', max(amount), 'usd',
       min(recurring_interval)::"RecurringInterval",
       (CASE WHEN (c + product) % 10 = 0 THEN 'canceled' ELSE 'active' END)::"SubscriptionStatus",
       max(created_at), max(created_at) + interval '1 month', min(created_at),
       md5('customer' || c)::uuid, md5('product' || product)::uuid, md5('price' || min(p))::uuid
  FROM gen_amounts WHERE price_type = 'recurring' GROUP BY c, product;

INSERT INTO orders (id, created_at, organization_id, status, amount, tax_amount, refunded_amount, currency,
                    billing_reason, product_price_type, customer_id, product_id, product_price_id,
                    discount_id, subscription_id, invoice_number)
SELECT md5('order' || i)::uuid, created_at, '${ORG}',
       (CASE WHEN i % 50 = 0 THEN 'refunded' WHEN i % 37 = 0 THEN 'partially_refunded' ELSE 'paid' END)::"OrderStatus",
       amount,
       CASE WHEN i % 3 = 0 THEN round(amount * 0.2)::int ELSE 0 END,
       CASE WHEN i % 50 = 0 THEN amount WHEN i % 37 = 0 THEN amount / 2 ELSE 0 END,
       'usd',
       (CASE WHEN price_type = 'one_time' THEN 'purchase'
             WHEN row_number() OVER (PARTITION BY c, product ORDER BY created_at) = 1 THEN 'subscription_create'
             ELSE 'subscription_cycle' END)::"BillingReason",
       price_type::"PriceType", md5('customer' || c)::uuid, md5('product' || product)::uuid, md5('price' || p)::uuid,
       CASE WHEN d IS NOT NULL THEN md5('discount' || d)::uuid END,
       CASE WHEN price_type = 'recurring' THEN md5('sub' || c || '-' || product)::uuid END,
       'BENCH-' || lpad(i::text, greatest(4, length(i::text)), '0')
  FROM gen_amounts;

DROP TABLE gen_amounts;
DROP TABLE gen;
DROP TABLE bench_prices;
`;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const sql = new pg.Client({ connectionString: urlFor(DATABASE) });
  await sql.connect();
  const { applyMigrations } = await import("../lib/db/migrate");
  const { pgRunner, getDb, closeDb, PARALLEL_READ_WORKERS } = await import("../lib/db/client");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../lib/generated/prisma/client");
  let closeLogged: (() => Promise<void>) | null = null;
  try {
    const migrations = await applyMigrations(pgRunner(sql));
    console.log(`migrations applied: ${migrations.applied.length}`);

    let start = process.hrtime.bigint();
    await sql.query(SEED_SQL);
    // VACUUM too, as autovacuum would have on a table this old: it sets the visibility map, without
    // which no index-only scan (the exact total_count's best plan) is possible after a bulk load.
    await sql.query("VACUUM ANALYZE");
    const counts = await sql.query(
      `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM customers) AS customers,
              (SELECT count(*) FROM subscriptions) AS subscriptions,
              (SELECT count(*) FROM orders WHERE product_price_type = 'recurring') AS recurring,
              (SELECT count(*) FROM orders WHERE discount_id IS NOT NULL) AS discounted,
              (SELECT count(DISTINCT amount) FROM orders) AS distinct_amounts`,
    );
    console.log(`seeded in ${fmt(ms(start))}:`, counts.rows[0]);

    const { createToken } = await import("../lib/factories");
    const { GET: listRoute } = await import("../app/v1/orders/route");
    const { GET: exportRoute } = await import("../app/v1/orders/export/route");
    const db = await getDb();
    const { token, accessToken } = await createToken(db, ORG, { scopes: ["orders:read"] });
    const context = { params: Promise.resolve({}) };
    const request = (path: string) =>
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });

    // --- the list -------------------------------------------------------------------------------
    // The SQL each case issues comes from a Prisma client with a query log, EXPLAINed with its params.
    const statements: { query: string; params: unknown[] }[] = [];
    const logged = new PrismaClient({
      adapter: new PrismaPg({ connectionString: urlFor(DATABASE), max: 2 }),
      log: [{ emit: "event", level: "query" }] as const,
    });
    closeLogged = () => logged.$disconnect();
    logged.$on("query", (event) => statements.push({ query: event.query, params: JSON.parse(event.params) }));
    const { listOrders } = await import("../lib/orders/service");
    const { listOrdersQuery } = await import("../lib/orders/schemas");
    const { searchParamsToObject } = await import("../lib/core/validation");
    const principal = {
      kind: "access_token" as const,
      id: accessToken.id,
      organizationIds: [ORG],
      scopes: new Set(["orders:read"]),
    };
    const summary: { query: string; p50: number; p99: number; total: unknown }[] = [];
    for (const listQuery of LIST_QUERIES) {
      const times: number[] = [];
      let body: { items: unknown[]; pagination: { total_count: number } } | null = null;
      for (let run = 0; run < WARMUPS + RUNS; run++) {
        start = process.hrtime.bigint();
        const response = await listRoute(request(`/v1/orders/?${listQuery}`), context);
        body = await response.json();
        const elapsed = ms(start);
        if (response.status !== 200) throw new Error(`list answered ${response.status}`);
        if (run >= WARMUPS) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      summary.push({ query: listQuery, p50, p99, total: body!.pagination.total_count });
      console.log(`\nGET /v1/orders/?${listQuery}`);
      console.log(`  ${body!.items.length} items, pagination ${JSON.stringify(body!.pagination)}`);
      console.log(
        `  ${RUNS} runs: min ${fmt(times[0]!)}, p50 ${fmt(p50)}, p99 ${fmt(p99)}, max ${fmt(times.at(-1)!)}`,
      );

      const query = listOrdersQuery.parse(searchParamsToObject(new URLSearchParams(listQuery)));
      start = process.hrtime.bigint();
      await listOrders(db, principal, query);
      console.log(`  the service alone (no auth, rate limit, JSON): ${fmt(ms(start))}`);
      // The statements, from a client with a query log. It has no direct driver, so the count runs
      // through it too (serially); its plan below is EXPLAINed with parallel workers allowed, as the
      // app's pool for it runs it (lib/db/client.ts).
      await listOrders(logged, principal, query); // warm
      statements.length = 0;
      await listOrders(logged, principal, query);
      console.log(`  SQL issued by listOrders (${statements.length} statements):`);
      for (const statement of statements) {
        console.log(`\n-- ${statement.query}\n-- params ${JSON.stringify(statement.params)}`);
        if (!/FROM "public"\."orders"|FROM orders /.test(statement.query)) continue;
        // As the app plans them: the count with parallel workers, the rest without.
        const workers = statement.query.startsWith("SELECT count(*)") ? PARALLEL_READ_WORKERS : 0;
        await sql.query(`SET max_parallel_workers_per_gather = ${workers}`);
        const plan = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.query}`, statement.params);
        for (const row of plan.rows) console.log(`   ${row["QUERY PLAN"]}`);
      }
    }

    // --- the export -----------------------------------------------------------------------------
    for (const exportQuery of EXPORT
      ? ["", "?sorting=-amount&sorting=created_at", "?sorting=customer"]
      : []) {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const baseline = process.memoryUsage();
      let liveHeap = baseline.heapUsed;
      let peak = baseline.rss;
      let peakHeap = baseline.heapUsed;
      const measure = () => {
        const usage = process.memoryUsage();
        peak = Math.max(peak, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      };
      const sample = setInterval(measure, 5);
      start = process.hrtime.bigint();
      const response = await exportRoute(request(`/v1/orders/export${exportQuery}`), context);
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      const reader = response.body!.getReader();
      let bytes = 0;
      let chunks = 0;
      let lines = 0;
      const firstId = new Set<string>(); // ~100,000 ids: ~10 MB of the live heap below is this set
      const decoder = new TextDecoder();
      let rest = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        chunks++;
        measure();
        // With --expose-gc, what is really held (not garbage yet to be collected), every 10 batches.
        if (gc && chunks % 10 === 0) {
          gc();
          liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
        }
        const text = rest + decoder.decode(value, { stream: true });
        const parts = text.split("\r\n");
        rest = parts.pop()!;
        for (const line of parts) {
          lines++;
          firstId.add(line.slice(0, 36));
        }
      }
      const elapsed = ms(start);
      clearInterval(sample);
      console.log(
        `\nGET /v1/orders/export${exportQuery}: ${lines - 1} orders (${firstId.size - 1} distinct ids), ` +
          `${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks, ${fmt(elapsed)}, ` +
          `peak RSS +${((peak - baseline.rss) / 1e6).toFixed(1)} MB (to ${(peak / 1e6).toFixed(0)} MB), ` +
          `peak heap +${((peakHeap - baseline.heapUsed) / 1e6).toFixed(1)} MB` +
          (gc ? `, live heap after GC +${((liveHeap - baseline.heapUsed) / 1e6).toFixed(1)} MB` : ""),
      );
    }

    // The export's statement as its cursor runs it on PostgreSQL (one sort for the whole download),
    // and, for PGlite's keyset batches, the second batch's, EXPLAINed for an indexed and a relation
    // sorting.
    const { orderCsvStream } = await import("../lib/orders/export");
    const { orderExportStatement } = await import("../lib/orders/export-statement");
    const { orderFiltersQuery } = await import("../lib/orders/schemas");
    for (const sorting of EXPORT ? [["-created_at"], ["customer"], ["-amount", "created_at"]] : []) {
      const query = orderFiltersQuery.parse({ sorting });
      const whole = orderExportStatement(principal, query);
      console.log(`\nExport statement (cursor), sorting=${sorting.join(",")}:\n-- ${whole.text}`);
      await sql.query("BEGIN");
      await sql.query(`SET LOCAL max_parallel_workers_per_gather = ${PARALLEL_READ_WORKERS}`);
      await sql.query("SET LOCAL cursor_tuple_fraction = 1");
      const wholePlan = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${whole.text}`, whole.values);
      await sql.query("COMMIT");
      for (const row of wholePlan.rows) console.log(`   ${row["QUERY PLAN"]}`);

      statements.length = 0;
      const stream = await orderCsvStream(logged, principal, query);
      const reader = stream.getReader();
      await reader.read();
      await reader.read();
      await reader.cancel();
      const batch = statements.filter((s) => /FROM "public"\."orders"/.test(s.query)).at(-1)!;
      console.log(
        `\nExport batch, sorting=${sorting.join(",")} (keyset, PGlite's way, second batch):\n-- ${batch.query}`,
      );
      const plan = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${batch.query}`, batch.params);
      for (const row of plan.rows) console.log(`   ${row["QUERY PLAN"]}`);
    }

    console.log(
      `\n${ORDERS.toLocaleString("en")} orders, ${RUNS} runs each (goal: p50 < 50 ms, p99 < 150 ms)\n`,
    );
    console.log("| GET /v1/orders/? | total_count | p50 ms | p99 ms | goal |\n|---|---|---|---|---|");
    for (const row of summary) {
      const met = row.p50 < 50 && row.p99 < 150;
      console.log(
        `| ${row.query} | ${row.total} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${met ? "met" : "missed"} |`,
      );
    }
  } finally {
    await closeLogged?.();
    await closeDb();
    await sql.end();
    if (process.env.BENCH_KEEP !== "1")
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

await main();

// What a benchmark's database holds besides the demo, and what PostgreSQL did with it.
//
// `fillPastPurchases`: an organization's history, so that a read whose cost grows with it shows up
// (a fresh database hides it: on one with 200,000 past purchases, the receipt's read of the order's
// benefit grants went through 3,886 pages per purchase before they had an index by order).
// `statementStats`: pg_stat_statements over the measured phase, when the server preloads it
// (`shared_preload_libraries = 'pg_stat_statements'`): each statement's calls, mean time and pages
// per call, which is how both that read and a lock held too long were found.
import type pg from "pg";

/**
 * `count` past purchases of the session's price in its organization, written straight in SQL: a
 * customer each, with a subscription (one in ten canceled), its order, and the product's license-key
 * grant and key. Ends with ANALYZE, as a database that grew would have been.
 */
export async function fillPastPurchases(sql: pg.Client, checkoutId: string, count: number): Promise<void> {
  const context = await sql.query<{
    organization: string;
    product: string;
    price: string;
    benefit: string | null;
  }>(
    `SELECT s.organization_id AS organization, s.product_id AS product, s.product_price_id AS price,
            (SELECT pb.benefit_id FROM product_benefits pb JOIN benefits b ON b.id = pb.benefit_id
              WHERE pb.product_id = s.product_id AND b.type = 'license_keys' LIMIT 1) AS benefit
       FROM checkout_sessions s WHERE s.id = $1`,
    [checkoutId],
  );
  const { organization, product, price, benefit } = context.rows[0]!;
  // Each row's id is the md5 of a tag and its index, so the rows of one purchase find each other.
  // The subscriptions and orders take $1 organization, $2 product, $3 price, $4 count.
  const values = [organization, product, price, count];
  await sql.query(
    `INSERT INTO customers (id, created_at, organization_id, email, name)
     SELECT md5('past-customer' || i)::uuid, now() - i * interval '1 minute', $1::uuid,
            'past-buyer-' || i || '@example.com', 'Past buyer ' || i
       FROM generate_series(1, $2::int) i`,
    [organization, count],
  );
  await sql.query(
    `INSERT INTO subscriptions (id, created_at, organization_id, amount, currency, recurring_interval, status,
                                current_period_start, current_period_end, started_at, customer_id, product_id, price_id)
     SELECT md5('past-subscription' || i)::uuid, now() - i * interval '1 minute', $1::uuid, 1000, 'usd', 'month',
            (CASE WHEN i % 10 = 0 THEN 'canceled' ELSE 'active' END)::"SubscriptionStatus",
            now(), now() + interval '1 month', now() - i * interval '1 minute',
            md5('past-customer' || i)::uuid, $2::uuid, $3::uuid
       FROM generate_series(1, $4::int) i`,
    values,
  );
  await sql.query(
    `INSERT INTO orders (id, created_at, organization_id, status, amount, tax_amount, refunded_amount, currency,
                         billing_reason, product_price_type, customer_id, product_id, product_price_id,
                         subscription_id, invoice_number)
     SELECT md5('past-order' || i)::uuid, now() - i * interval '1 minute', $1::uuid, 'paid', 1000, 0, 0, 'usd',
            'subscription_create', 'recurring', md5('past-customer' || i)::uuid, $2::uuid, $3::uuid,
            md5('past-subscription' || i)::uuid, 'PAST-' || i
       FROM generate_series(1, $4::int) i`,
    values,
  );
  if (benefit) {
    await sql.query(
      `INSERT INTO benefit_grants (id, created_at, organization_id, benefit_id, customer_id, order_id,
                                   subscription_id, granted_at)
       SELECT md5('past-grant' || i)::uuid, now() - i * interval '1 minute', $1::uuid, $2::uuid,
              md5('past-customer' || i)::uuid, md5('past-order' || i)::uuid, md5('past-subscription' || i)::uuid,
              now() - i * interval '1 minute'
         FROM generate_series(1, $3::int) i`,
      [organization, benefit, count],
    );
    await sql.query(
      `INSERT INTO license_keys (id, created_at, organization_id, benefit_id, customer_id, benefit_grant_id, key)
       SELECT md5('past-key' || i)::uuid, now() - i * interval '1 minute', $1::uuid, $2::uuid,
              md5('past-customer' || i)::uuid, md5('past-grant' || i)::uuid, 'PAST-KEY-' || i
         FROM generate_series(1, $3::int) i`,
      [organization, benefit, count],
    );
  }
  await sql.query("ANALYZE");
}

/**
 * Starts counting the database's statements (pg_stat_statements, reset now), or says why it
 * cannot (`unavailable`: the server does not preload the extension). `report` prints the `limit` statements that took the
 * most time since.
 */
export async function statementStats(
  sql: pg.Client,
): Promise<{ report: (limit?: number) => Promise<void> } | { unavailable: string }> {
  try {
    await sql.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await sql.query("SELECT pg_stat_statements_reset()");
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
  return {
    report: async (limit = 15) => {
      const rows = await sql.query<{
        calls: string;
        total: string;
        mean: string;
        pages: string;
        query: string;
      }>(
        `SELECT calls, round(total_exec_time::numeric) AS total, round(mean_exec_time::numeric, 2) AS mean,
                round((shared_blks_hit + shared_blks_read)::numeric / calls, 1) AS pages,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND query NOT LIKE '%pg_stat_statements%'
          ORDER BY total_exec_time DESC LIMIT $1`,
        [limit],
      );
      console.log(`\nStatements by total time (pg_stat_statements; time includes lock waits)\n`);
      console.log("| calls | total ms | mean ms | pages/call | statement |\n|---|---|---|---|---|");
      for (const row of rows.rows)
        console.log(
          `| ${row.calls} | ${row.total} | ${row.mean} | ${row.pages} | \`${row.query.replaceAll("|", "\\|")}\` |`,
        );
    },
  };
}

// Metrics: one SQL statement builds every period of the range (generate_series, so empty periods
// are present) and sums the visible organizations' orders into them; periods are UTC (created_at
// is stored in UTC), weeks start on Monday (ISO), as date_trunc does.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { inOrganizations } from "../core/tenancy";
import type { Metrics, MetricsQuery } from "./schemas";

type Figures = Omit<Metrics["periods"][number], "timestamp">;

const FIGURES = [
  "orders",
  "revenue",
  "one_time_orders",
  "one_time_revenue",
  "recurring_orders",
  "recurring_revenue",
] as const satisfies readonly (keyof Figures)[];

// count and sum come back as bigint (a BigInt, or a number or string depending on the driver).
type Row = { timestamp: string } & Record<(typeof FIGURES)[number], bigint | number | string>;

export async function getMetrics(db: DbOrTx, principal: Principal, query: MetricsQuery): Promise<Metrics> {
  const organizationIds = visibleOrganizations(principal, query.organization_id);
  const unit = query.interval;
  const start = Prisma.sql`${query.start_date}::date::timestamp`;
  const end = Prisma.sql`${query.end_date}::date::timestamp`;
  const rows = await db.$queryRaw<Row[]>`
    WITH periods AS (
      SELECT generate_series(
        date_trunc(${unit}::text, ${start}),
        date_trunc(${unit}::text, ${end}),
        ${`1 ${unit}`}::interval
      ) AS period
    ),
    buckets AS (
      SELECT date_trunc(${unit}::text, o.created_at) AS period,
             count(*) AS orders,
             sum(o.amount - o.refunded_amount) AS revenue,
             count(*) FILTER (WHERE o.product_price_type = 'one_time') AS one_time_orders,
             sum(o.amount - o.refunded_amount) FILTER (WHERE o.product_price_type = 'one_time')
               AS one_time_revenue,
             count(*) FILTER (WHERE o.product_price_type = 'recurring') AS recurring_orders,
             sum(o.amount - o.refunded_amount) FILTER (WHERE o.product_price_type = 'recurring')
               AS recurring_revenue
        FROM orders o
       WHERE o.organization_id = ANY(${organizationIds}::uuid[])
         AND o.created_at >= ${start}
         AND o.created_at < ${end} + interval '1 day'
       GROUP BY 1
    )
    SELECT to_char(p.period, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp,
           coalesce(b.orders, 0) AS orders,
           coalesce(b.revenue, 0) AS revenue,
           coalesce(b.one_time_orders, 0) AS one_time_orders,
           coalesce(b.one_time_revenue, 0) AS one_time_revenue,
           coalesce(b.recurring_orders, 0) AS recurring_orders,
           coalesce(b.recurring_revenue, 0) AS recurring_revenue
      FROM periods p
      LEFT JOIN buckets b ON b.period = p.period
     ORDER BY p.period`;

  const totals = Object.fromEntries(FIGURES.map((key) => [key, 0])) as Figures;
  const periods = rows.map((row) => {
    const period = { timestamp: new Date(row.timestamp) } as Metrics["periods"][number];
    for (const key of FIGURES) {
      period[key] = Number(row[key]);
      totals[key] += period[key];
    }
    return period;
  });
  const activeSubscriptions = await db.subscription.count({
    where: { ...inOrganizations(organizationIds), status: { in: ["active", "trialing"] } },
  });
  return { periods, totals: { ...totals, active_subscriptions: activeSubscriptions } };
}

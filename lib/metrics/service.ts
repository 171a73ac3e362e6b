// Metrics: one SQL statement builds every period of the range (generate_series, so empty periods
// are present) and sums the visible organizations' orders, subscriptions and checkouts into them;
// periods are UTC (created_at is stored in UTC), weeks start on Monday (ISO), as date_trunc does.
//
// Amounts are minor units after discounts and before tax. The specification's `revenue` is after
// refunds; of the reference's figures, each `…_revenue` is before refunds and each `…_net_revenue`
// after them (no platform fees here). A subscription counts as active at an instant when it had
// started and not ended, and was not past due or unpaid since the end of its unpaid period: its
// monthly recurring revenue is its amount (a yearly one's a twelfth). Definitions: docs/api.md.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { visibleOrganizations, type Principal } from "../core/principal";
import { inOrganizations } from "../core/tenancy";
import {
  MAX_DAY_SPAN_DAYS,
  MAX_HOUR_SPAN_DAYS,
  MAX_SPAN_YEARS,
  ERA_METRIC_DEFINITIONS,
  METRIC_DEFINITIONS,
  type Metrics,
  type MetricsLimits,
  type MetricsQuery,
} from "./schemas";

type Period = Metrics["periods"][number];
type Figures = Omit<Period, "timestamp">;

/** Figures that add up over periods (the others are read at an instant, or are ratios). */
const SUMMED = [
  "orders",
  "revenue",
  "one_time_orders",
  "one_time_revenue",
  "recurring_orders",
  "recurring_revenue",
  "net_revenue",
  "one_time_products",
  "one_time_products_revenue",
  "one_time_products_net_revenue",
  "new_subscriptions",
  "new_subscriptions_revenue",
  "new_subscriptions_net_revenue",
  "renewed_subscriptions",
  "renewed_subscriptions_revenue",
  "renewed_subscriptions_net_revenue",
  "canceled_subscriptions",
  "churned_subscriptions",
  "checkouts",
  "succeeded_checkouts",
] as const satisfies readonly (keyof Figures)[];

/** Read at the period's end: the subscriptions then, and their monthly revenue. */
const AT_END = ["active_subscriptions", "monthly_recurring_revenue"] as const;

// count and sum come back as bigint or numeric (a BigInt, or a number or string by driver).
type Row = { timestamp: string; gross_revenue: unknown } & Record<
  (typeof SUMMED)[number] | (typeof AT_END)[number],
  unknown
>;

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export async function getMetrics(
  db: DbOrTx,
  principal: Principal,
  query: MetricsQuery,
  now = new Date(),
): Promise<Metrics> {
  const organizationIds = visibleOrganizations(principal, query.organization_id);
  const unit = query.interval;
  const start = Prisma.sql`${query.start_date}::date::timestamp`;
  const end = Prisma.sql`(${query.end_date}::date::timestamp + interval '1 day')`;
  const step = Prisma.sql`${`1 ${unit}`}::interval`;
  const inRange = (column: Prisma.Sql) => Prisma.sql`${column} >= ${start} AND ${column} < ${end}`;
  const currencies = await currenciesOf(db, organizationIds);
  const currency = query.currency ?? currencies.default;
  // One currency at a time (docs/currencies.md "Metrics"): every table counted has a `currency`.
  const orgs = Prisma.sql`organization_id = ANY(${organizationIds}::uuid[]) AND currency = ${currency}`;
  const rows = await db.$queryRaw<Row[]>`
    WITH periods AS (
      SELECT generate_series(date_trunc(${unit}::text, ${start}), date_trunc(${unit}::text, ${end} - interval '1 millisecond'), ${step})
             AS period
    ),
    order_buckets AS (
      SELECT date_trunc(${unit}::text, created_at) AS period,
             count(*) AS orders,
             sum(amount) AS gross_revenue,
             sum(amount - refunded_amount) AS revenue,
             count(*) FILTER (WHERE product_price_type = 'one_time') AS one_time_orders,
             sum(amount) FILTER (WHERE product_price_type = 'one_time') AS one_time_gross,
             sum(amount - refunded_amount) FILTER (WHERE product_price_type = 'one_time') AS one_time_revenue,
             count(*) FILTER (WHERE product_price_type = 'recurring') AS recurring_orders,
             sum(amount - refunded_amount) FILTER (WHERE product_price_type = 'recurring') AS recurring_revenue,
             sum(amount) FILTER (WHERE billing_reason = 'subscription_create') AS new_gross,
             sum(amount - refunded_amount) FILTER (WHERE billing_reason = 'subscription_create') AS new_net,
             count(*) FILTER (WHERE billing_reason = 'subscription_cycle') AS renewed,
             sum(amount) FILTER (WHERE billing_reason = 'subscription_cycle') AS renewed_gross,
             sum(amount - refunded_amount) FILTER (WHERE billing_reason = 'subscription_cycle') AS renewed_net
        FROM orders
       WHERE ${orgs} AND ${inRange(Prisma.sql`created_at`)}
       GROUP BY 1
    ),
    subs AS (
      -- When each subscription stopped counting: its end, or for one past due or unpaid the end
      -- of the period it did not pay for.
      SELECT started_at,
             CASE WHEN status IN ('past_due', 'unpaid')
                  THEN least(coalesce(ended_at, current_period_end), coalesce(current_period_end, ended_at, ${now}))
                  WHEN status IN ('canceled', 'incomplete_expired')
                  THEN coalesce(ended_at, canceled_at, modified_at, started_at)
                  ELSE ended_at END AS stopped_at,
             canceled_at,
             ended_at,
             CASE WHEN recurring_interval = 'year' THEN amount / 12.0 ELSE amount::numeric END AS monthly
        FROM subscriptions
       WHERE ${orgs} AND started_at IS NOT NULL AND status <> 'incomplete'
    ),
    at_start AS (
      SELECT count(*) AS active, coalesce(sum(monthly), 0) AS mrr FROM subs
       WHERE started_at < ${start} AND (stopped_at IS NULL OR stopped_at >= ${start})
    ),
    starts AS (
      SELECT date_trunc(${unit}::text, started_at) AS period, count(*) AS n, sum(monthly) AS mrr
        FROM subs WHERE ${inRange(Prisma.sql`started_at`)} GROUP BY 1
    ),
    stops AS (
      SELECT date_trunc(${unit}::text, stopped_at) AS period, count(*) AS n, sum(monthly) AS mrr
        FROM subs WHERE ${inRange(Prisma.sql`stopped_at`)} AND stopped_at > started_at GROUP BY 1
    ),
    canceled AS (
      SELECT date_trunc(${unit}::text, canceled_at) AS period, count(*) AS n
        FROM subs WHERE ${inRange(Prisma.sql`canceled_at`)} GROUP BY 1
    ),
    churned AS (
      SELECT date_trunc(${unit}::text, ended_at) AS period, count(*) AS n
        FROM subs WHERE ${inRange(Prisma.sql`ended_at`)} GROUP BY 1
    ),
    checkout_buckets AS (
      SELECT date_trunc(${unit}::text, created_at) AS period,
             count(*) AS checkouts,
             count(*) FILTER (WHERE status = 'succeeded') AS succeeded
        FROM checkout_sessions
       WHERE ${orgs} AND ${inRange(Prisma.sql`created_at`)}
       GROUP BY 1
    )
    SELECT to_char(p.period, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp,
           coalesce(o.orders, 0) AS orders,
           coalesce(o.revenue, 0) AS revenue,
           coalesce(o.gross_revenue, 0) AS gross_revenue,
           coalesce(o.one_time_orders, 0) AS one_time_orders,
           coalesce(o.one_time_revenue, 0) AS one_time_revenue,
           coalesce(o.recurring_orders, 0) AS recurring_orders,
           coalesce(o.recurring_revenue, 0) AS recurring_revenue,
           coalesce(o.revenue, 0) AS net_revenue,
           coalesce(o.one_time_orders, 0) AS one_time_products,
           coalesce(o.one_time_gross, 0) AS one_time_products_revenue,
           coalesce(o.one_time_revenue, 0) AS one_time_products_net_revenue,
           coalesce(st.n, 0) AS new_subscriptions,
           coalesce(o.new_gross, 0) AS new_subscriptions_revenue,
           coalesce(o.new_net, 0) AS new_subscriptions_net_revenue,
           coalesce(o.renewed, 0) AS renewed_subscriptions,
           coalesce(o.renewed_gross, 0) AS renewed_subscriptions_revenue,
           coalesce(o.renewed_net, 0) AS renewed_subscriptions_net_revenue,
           coalesce(ca.n, 0) AS canceled_subscriptions,
           coalesce(ch.n, 0) AS churned_subscriptions,
           (SELECT active FROM at_start)
             + sum(coalesce(st.n, 0) - coalesce(sp.n, 0)) OVER running AS active_subscriptions,
           round((SELECT mrr FROM at_start)
             + sum(coalesce(st.mrr, 0) - coalesce(sp.mrr, 0)) OVER running) AS monthly_recurring_revenue,
           coalesce(c.checkouts, 0) AS checkouts,
           coalesce(c.succeeded, 0) AS succeeded_checkouts
      FROM periods p
      LEFT JOIN order_buckets o ON o.period = p.period
      LEFT JOIN starts st ON st.period = p.period
      LEFT JOIN stops sp ON sp.period = p.period
      LEFT JOIN canceled ca ON ca.period = p.period
      LEFT JOIN churned ch ON ch.period = p.period
      LEFT JOIN checkout_buckets c ON c.period = p.period
    WINDOW running AS (ORDER BY p.period)
     ORDER BY p.period`;

  const totals = Object.fromEntries(SUMMED.map((key) => [key, 0])) as Metrics["totals"];
  let grossTotal = 0;
  const periods = rows.map((row): Period => {
    const period = { timestamp: new Date(row.timestamp) } as Period;
    for (const key of [...SUMMED, ...AT_END]) period[key] = Number(row[key]);
    for (const key of SUMMED) totals[key] += period[key];
    period.cumulative_revenue = totals.revenue;
    const gross = Number(row.gross_revenue);
    grossTotal += gross;
    return withDerived(period, gross);
  });
  const activeSubscriptions = await db.subscription.count({
    where: { ...inOrganizations(organizationIds), currency, status: { in: ["active", "trialing"] } },
  });
  const last = periods.at(-1);
  return {
    periods,
    totals: withDerived(
      {
        ...totals,
        // The specification's: subscriptions active or trialing now, whatever the range.
        active_subscriptions: activeSubscriptions,
        // Recurring revenue at the range's end.
        monthly_recurring_revenue: last?.monthly_recurring_revenue ?? 0,
        cumulative_revenue: totals.revenue,
      },
      grossTotal,
    ),
    metrics: Object.fromEntries(
      Object.entries({ ...METRIC_DEFINITIONS, ...ERA_METRIC_DEFINITIONS }).map(([slug, definition]) => [
        slug,
        { slug, ...definition },
      ]),
    ),
    currency,
    currencies: [...new Set([currency, ...currencies.used])].sort(),
  };
}

/**
 * The first visible organization's default presentment currency, and the currencies the visible
 * organizations have orders or subscriptions in (with every default), in one statement.
 */
async function currenciesOf(db: DbOrTx, organizationIds: string[]) {
  const rows = await db.$queryRaw<{ currency: string; is_default: boolean }[]>`
    (SELECT default_presentment_currency AS currency, true AS is_default, created_at
       FROM organizations WHERE id = ANY(${organizationIds}::uuid[]))
    UNION ALL
    (SELECT DISTINCT currency, false, NULL::timestamp FROM orders WHERE organization_id = ANY(${organizationIds}::uuid[]))
    UNION ALL
    (SELECT DISTINCT currency, false, NULL::timestamp FROM subscriptions WHERE organization_id = ANY(${organizationIds}::uuid[]))
    ORDER BY is_default DESC, created_at ASC NULLS LAST`;
  return {
    default: rows.find((row) => row.is_default)?.currency ?? "usd",
    used: [...new Set(rows.map((row) => row.currency))],
  };
}

/** The figures computed from the others: averages, the yearly run rate, the conversion. */
function withDerived<
  T extends Omit<
    Figures,
    "average_order_value" | "net_average_order_value" | "annual_recurring_revenue" | "checkouts_conversion"
  >,
>(figures: T, grossRevenue: number) {
  return {
    ...figures,
    average_order_value: Math.round(ratio(grossRevenue, figures.orders)),
    net_average_order_value: Math.round(ratio(figures.net_revenue, figures.orders)),
    annual_recurring_revenue: figures.monthly_recurring_revenue * 12,
    checkouts_conversion: ratio(figures.succeeded_checkouts, figures.checkouts),
  };
}

/** The earliest day of the visible organizations, and the longest range per interval. */
export async function getMetricsLimits(db: DbOrTx, principal: Principal): Promise<MetricsLimits> {
  const oldest = await db.organization.findFirst({
    where: { id: { in: visibleOrganizations(principal) } },
    orderBy: { created_at: "asc" },
    select: { created_at: true },
  });
  const years = MAX_SPAN_YEARS * 365;
  return {
    min_date: (oldest?.created_at ?? new Date()).toISOString().slice(0, 10),
    intervals: {
      hour: { min_days: 0, max_days: MAX_HOUR_SPAN_DAYS },
      day: { min_days: 0, max_days: MAX_DAY_SPAN_DAYS },
      week: { min_days: 0, max_days: years },
      month: { min_days: 0, max_days: years },
      year: { min_days: 0, max_days: years },
    },
  };
}

// GET /v1/metrics/: orders and revenue per period (day, week or month, in UTC) between two dates,
// with totals. Revenue is the orders' `amount` (after discounts, before tax) minus what was refunded.
import { z } from "zod";
import { dateTime } from "../core/schemas";
import { id, queryList } from "../core/validation";

export const METRIC_INTERVALS = ["hour", "day", "week", "month", "year"] as const;
export type MetricInterval = (typeof METRIC_INTERVALS)[number];

/** The longest range per interval: an hour or a day series stays a few hundred points. */
export const MAX_HOUR_SPAN_DAYS = 7;
export const MAX_DAY_SPAN_DAYS = 400;
export const MAX_SPAN_YEARS = 10;

const DAY_MS = 86_400_000;

// PostgreSQL has no year 0: "0000-01-01" is a well-formed date no query can use.
const isoDate = () =>
  z.iso
    .date({ error: "Input should be a valid date in the format YYYY-MM-DD" })
    .refine((date) => date >= "0001-01-01", { message: "Date should be 0001-01-01 or later" })
    .meta({ format: "date" });

function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

const metricsQueryShape = {
  organization_id: queryList(id()),
  /** First day of the range (UTC), included. */
  start_date: isoDate(),
  /** Last day of the range (UTC), included. */
  end_date: isoDate(),
  interval: z.enum(METRIC_INTERVALS).default("day"),
  /**
   * The currency of the amounts and of the orders, subscriptions and checkouts counted
   * (docs/currencies.md "Metrics"): amounts in different currencies are never added. Defaults to
   * the organization's default presentment currency (the first visible organization's).
   */
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "Currency should be a three-letter ISO 4217 code")
    .transform((value) => value.toLowerCase())
    .optional(),
};

/** The range's bounds: end on or after start, and a span the interval allows. */
function checkRange(
  query: { start_date: string; end_date: string; interval: MetricInterval },
  ctx: z.RefinementCtx,
) {
  const problem = (message: string) =>
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message,
      input: query.end_date,
      params: { type: "value_error" },
    });
  // Refinements run even when a field failed its own format check: compare valid dates only.
  if (!isoDate().safeParse(query.start_date).success || !isoDate().safeParse(query.end_date).success) return;
  if (query.end_date < query.start_date) return problem("end_date should be on or after start_date");
  const days = (Date.parse(query.end_date) - Date.parse(query.start_date)) / DAY_MS;
  if (query.interval === "hour" && days > MAX_HOUR_SPAN_DAYS)
    return problem(`The range should span at most ${MAX_HOUR_SPAN_DAYS} days with interval=hour`);
  if (query.interval === "day" && days > MAX_DAY_SPAN_DAYS)
    return problem(`The range should span at most ${MAX_DAY_SPAN_DAYS} days with interval=day`);
  if (query.end_date > addYears(query.start_date, MAX_SPAN_YEARS))
    return problem(`The range should span at most ${MAX_SPAN_YEARS} years`);
}

export const metricsQuery = z.object(metricsQueryShape).superRefine(checkRange);
export type MetricsQuery = z.output<typeof metricsQuery>;

const figures = {
  orders: z.number().int(),
  /** Sum of amount - refunded_amount, in cents (tax excluded). */
  revenue: z.number().int(),
  one_time_orders: z.number().int(),
  one_time_revenue: z.number().int(),
  recurring_orders: z.number().int(),
  recurring_revenue: z.number().int(),
};

/**
 * The current reference API's metrics (its `Metrics`, by the same names), each defined in
 * `METRIC_DEFINITIONS` below and in docs/api.md §"Metrics".
 */
const referenceFigures = {
  net_revenue: z.number().int(),
  average_order_value: z.number().int(),
  net_average_order_value: z.number().int(),
  one_time_products: z.number().int(),
  one_time_products_revenue: z.number().int(),
  one_time_products_net_revenue: z.number().int(),
  new_subscriptions: z.number().int(),
  new_subscriptions_revenue: z.number().int(),
  new_subscriptions_net_revenue: z.number().int(),
  renewed_subscriptions: z.number().int(),
  renewed_subscriptions_revenue: z.number().int(),
  renewed_subscriptions_net_revenue: z.number().int(),
  canceled_subscriptions: z.number().int(),
  churned_subscriptions: z.number().int(),
  /** At the period's end (now, for the period under way). */
  active_subscriptions: z.number().int(),
  monthly_recurring_revenue: z.number().int(),
  annual_recurring_revenue: z.number().int(),
  checkouts: z.number().int(),
  succeeded_checkouts: z.number().int(),
  /** succeeded_checkouts / checkouts, between 0 and 1 (0 without checkouts). */
  checkouts_conversion: z.number(),
};
export type ReferenceFigure = keyof typeof referenceFigures;

const METRIC_TYPES = ["scalar", "currency", "percentage"] as const;

/** What each reference metric is, as the reference's `metrics` object describes it. */
export const METRIC_DEFINITIONS: Record<
  ReferenceFigure | "orders" | "revenue",
  { display_name: string; type: (typeof METRIC_TYPES)[number] }
> = {
  orders: { display_name: "Orders", type: "scalar" },
  revenue: { display_name: "Revenue", type: "currency" },
  net_revenue: { display_name: "Net Revenue", type: "currency" },
  average_order_value: { display_name: "Average Order Value", type: "currency" },
  net_average_order_value: { display_name: "Net Average Order Value", type: "currency" },
  one_time_products: { display_name: "One-Time Products", type: "scalar" },
  one_time_products_revenue: { display_name: "One-Time Products Revenue", type: "currency" },
  one_time_products_net_revenue: { display_name: "One-Time Products Net Revenue", type: "currency" },
  new_subscriptions: { display_name: "New Subscriptions", type: "scalar" },
  new_subscriptions_revenue: { display_name: "New Subscriptions Revenue", type: "currency" },
  new_subscriptions_net_revenue: { display_name: "New Subscriptions Net Revenue", type: "currency" },
  renewed_subscriptions: { display_name: "Renewed Subscriptions", type: "scalar" },
  renewed_subscriptions_revenue: { display_name: "Renewed Subscriptions Revenue", type: "currency" },
  renewed_subscriptions_net_revenue: { display_name: "Renewed Subscriptions Net Revenue", type: "currency" },
  canceled_subscriptions: { display_name: "Canceled Subscriptions", type: "scalar" },
  churned_subscriptions: { display_name: "Churned Subscriptions", type: "scalar" },
  active_subscriptions: { display_name: "Active Subscriptions", type: "scalar" },
  monthly_recurring_revenue: { display_name: "Monthly Recurring Revenue", type: "currency" },
  annual_recurring_revenue: { display_name: "Annual Recurring Revenue", type: "currency" },
  checkouts: { display_name: "Checkouts", type: "scalar" },
  succeeded_checkouts: { display_name: "Succeeded Checkouts", type: "scalar" },
  checkouts_conversion: { display_name: "Checkouts Conversion Rate", type: "percentage" },
};

/**
 * What the specification's era SDK (0.22.2) reads besides: its `cumulative_revenue`, in answers
 * (not exported: a running sum is the reader's).
 */
export const ERA_METRIC_DEFINITIONS = {
  cumulative_revenue: { display_name: "Cumulative Revenue", type: "currency" },
} as const satisfies Record<string, { display_name: string; type: (typeof METRIC_TYPES)[number] }>;

/** The figures an export may list (`metrics`), in the order its columns follow by default. */
export const EXPORTABLE_METRICS = Object.keys(METRIC_DEFINITIONS) as (keyof typeof METRIC_DEFINITIONS)[];

/**
 * GET /v1/metrics/export: the metrics query, the figures wanted (all by default) and `timezone`,
 * which must be UTC: the periods are UTC days, weeks, months and years here (422 otherwise).
 */
export const metricsExportQuery = z
  .object({
    ...metricsQueryShape,
    timezone: z
      .string()
      .max(64)
      .refine((zone) => zone.toUpperCase() === "UTC", {
        message: "Metrics are computed in UTC here: timezone should be UTC",
      })
      .default("UTC"),
    metrics: queryList(z.enum(EXPORTABLE_METRICS as [string, ...string[]])),
  })
  .superRefine(checkRange);
export type MetricsExportQuery = z.output<typeof metricsExportQuery>;

const metricDefinition = z.object({
  slug: z.string(),
  display_name: z.string(),
  type: z.enum(METRIC_TYPES),
});

export const metricsPeriodSchema = z.object({
  /** Start of the period, UTC: the hour, the day, the Monday of the ISO week, the 1st of the month or of the year. */
  timestamp: dateTime,
  ...figures,
  ...referenceFigures,
  /** The range's revenue up to this period's end (the specification's era SDK reads it). */
  cumulative_revenue: z.number().int(),
});

export const metricsSchema = z.object({
  periods: z.array(metricsPeriodSchema),
  totals: z.object({
    ...figures,
    ...referenceFigures,
    /** Subscriptions active or trialing now (not limited to the range). */
    active_subscriptions: z.number().int(),
    /** The range's revenue (the last period's `cumulative_revenue`). */
    cumulative_revenue: z.number().int(),
  }),
  /** What each figure is (the reference API's `metrics`). */
  metrics: z.record(z.string(), metricDefinition),
  /** The currency of every figure (the query's, or the organization's default). */
  currency: z.string(),
  /** The currencies the organizations have orders or subscriptions in, and the default: each a query's `currency`. */
  currencies: z.array(z.string()),
});
export type Metrics = z.output<typeof metricsSchema>;

const intervalLimit = z.object({ min_days: z.number().int(), max_days: z.number().int() });

/** GET /v1/metrics/limits: the earliest date with data and the longest range per interval. */
export const metricsLimitsSchema = z.object({
  min_date: z.iso.date(),
  intervals: z.object({
    hour: intervalLimit,
    day: intervalLimit,
    week: intervalLimit,
    month: intervalLimit,
    year: intervalLimit,
  }),
});
export type MetricsLimits = z.output<typeof metricsLimitsSchema>;

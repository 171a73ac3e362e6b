// GET /v1/metrics/: orders and revenue per period (day, week or month, in UTC) between two dates,
// with totals. Revenue is the orders' `amount` (after discounts, before tax) minus what was refunded.
import { z } from "zod";
import { dateTime } from "../core/schemas";
import { id, queryList } from "../core/validation";

export const METRIC_INTERVALS = ["day", "week", "month"] as const;
export type MetricInterval = (typeof METRIC_INTERVALS)[number];

/** The longest range per interval: a day series stays a few hundred points. */
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

export const metricsQuery = z
  .object({
    organization_id: queryList(id()),
    /** First day of the range (UTC), included. */
    start_date: isoDate(),
    /** Last day of the range (UTC), included. */
    end_date: isoDate(),
    interval: z.enum(METRIC_INTERVALS).default("day"),
  })
  .superRefine((query, ctx) => {
    const problem = (message: string) =>
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message,
        input: query.end_date,
        params: { type: "value_error" },
      });
    // Refinements run even when a field failed its own format check: compare valid dates only.
    if (!isoDate().safeParse(query.start_date).success || !isoDate().safeParse(query.end_date).success)
      return;
    if (query.end_date < query.start_date) return problem("end_date should be on or after start_date");
    const days = (Date.parse(query.end_date) - Date.parse(query.start_date)) / DAY_MS;
    if (query.interval === "day" && days > MAX_DAY_SPAN_DAYS)
      return problem(`The range should span at most ${MAX_DAY_SPAN_DAYS} days with interval=day`);
    if (query.end_date > addYears(query.start_date, MAX_SPAN_YEARS))
      return problem(`The range should span at most ${MAX_SPAN_YEARS} years`);
  });
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

export const metricsPeriodSchema = z.object({
  /** Start of the period, UTC: the day, the Monday of the ISO week, or the first of the month. */
  timestamp: dateTime,
  ...figures,
});

export const metricsSchema = z.object({
  periods: z.array(metricsPeriodSchema),
  totals: z.object({
    ...figures,
    /** Subscriptions active or trialing now (not limited to the range). */
    active_subscriptions: z.number().int(),
  }),
});
export type Metrics = z.output<typeof metricsSchema>;

// The overview's ranges: the last 30 days by day, 12 weeks by week, 12 months by month, each
// ending today (UTC, as the metrics are). Weeks start on Monday and months on the 1st, so the
// first period is a whole one.
import type { MetricInterval } from "../hooks/metrics";

export const RANGES = {
  "30d": { label: "30 days", interval: "day", description: "last 30 days" },
  "12w": { label: "12 weeks", interval: "week", description: "last 12 weeks" },
  "12m": { label: "12 months", interval: "month", description: "last 12 months" },
} as const satisfies Record<string, { label: string; interval: MetricInterval; description: string }>;

export type RangeKey = keyof typeof RANGES;
export const DEFAULT_RANGE: RangeKey = "30d";

export function rangeFrom(value: string | null): RangeKey {
  return value && Object.hasOwn(RANGES, value) ? (value as RangeKey) : DEFAULT_RANGE;
}

const DAY = 86_400_000;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The metrics query's dates for a range ending on `now`'s UTC day. */
export function rangeDates(range: RangeKey, now: Date): { start_date: string; end_date: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let start: Date;
  if (range === "30d") start = new Date(today.getTime() - 29 * DAY);
  else if (range === "12w") {
    const sinceMonday = (today.getUTCDay() + 6) % 7;
    start = new Date(today.getTime() - (sinceMonday + 11 * 7) * DAY);
  } else start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return { start_date: isoDate(start), end_date: isoDate(today) };
}

/** The same number of days just before a range: what the overview compares each figure with. */
export function previousRangeDates(dates: { start_date: string; end_date: string }): {
  start_date: string;
  end_date: string;
} {
  const start = Date.parse(`${dates.start_date}T00:00:00Z`);
  const days = Math.round((Date.parse(`${dates.end_date}T00:00:00Z`) - start) / DAY) + 1;
  return { start_date: isoDate(new Date(start - days * DAY)), end_date: isoDate(new Date(start - DAY)) };
}

/**
 * How a figure moved against the previous range, as the overview says it: the percentage rounded
 * to a whole number, or null when there is nothing to compare with (nothing before: no percentage
 * of zero means anything).
 */
export function changeAgainst(
  current: number,
  previous: number,
): { percent: number; direction: "up" | "down" | "flat" } | null {
  if (previous === 0) return null;
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return { percent, direction: percent > 0 ? "up" : percent < 0 ? "down" : "flat" };
}

/** A period's label on the axis and in tooltips (UTC, as the periods are). */
export function periodLabel(timestamp: string, interval: MetricInterval, long = false): string {
  const date = new Date(timestamp);
  if (interval === "month") {
    return date.toLocaleDateString(undefined, {
      month: "short",
      year: long || date.getUTCMonth() === 0 ? "numeric" : undefined,
      timeZone: "UTC",
    });
  }
  const day = date.toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    year: long ? "numeric" : undefined,
    timeZone: "UTC",
  });
  return interval === "week" && long ? `Week of ${day}` : day;
}

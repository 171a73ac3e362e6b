"use client";
// The revenue chart's companions: its legend, the tooltip of the period under the pointer or the
// keyboard's focus, and the table that describes every period to screen readers.
import type { MetricInterval, MetricsPeriod } from "../hooks/metrics";
import { periodLabel } from "./range";

export const SERIES = [
  { key: "one_time_revenue", label: "One-time", swatch: "bg-indigo-600 dark:bg-indigo-400" },
  { key: "recurring_revenue", label: "Recurring", swatch: "bg-sky-400 dark:bg-sky-300" },
] as const;

export function Legend() {
  return (
    <ul className="flex gap-4 text-xs text-zinc-600 dark:text-zinc-300" aria-label="Legend">
      {SERIES.map((series) => (
        <li key={series.key} className="flex items-center gap-1.5">
          <span aria-hidden className={`inline-block size-3 rounded-sm ${series.swatch}`} />
          {series.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The values of one period, above the chart at its column (`at`: the column's centre as a share of
 * the chart's width), kept inside the chart's box near its edges.
 */
export function ChartTooltip({
  period,
  interval,
  at,
  money,
}: {
  period: MetricsPeriod;
  interval: MetricInterval;
  at: number;
  money: (minor: number) => string;
}) {
  const anchor = at < 0.25 ? "left-0" : at > 0.75 ? "right-0" : "-translate-x-1/2";
  return (
    <div
      data-testid="chart-tooltip"
      className={`pointer-events-none absolute top-0 z-10 w-max max-w-[calc(100%-1rem)] rounded-md border border-zinc-200 bg-white px-3 py-2 text-xs shadow-md dark:border-zinc-700 dark:bg-zinc-900 ${anchor}`}
      style={at >= 0.25 && at <= 0.75 ? { left: `${at * 100}%` } : undefined}
    >
      <p className="font-medium">{periodLabel(period.timestamp, interval, true)}</p>
      <p className="mt-0.5 text-sm font-semibold tabular-nums">{money(period.revenue)}</p>
      <p className="text-zinc-500 dark:text-zinc-400">
        {period.orders} {period.orders === 1 ? "order" : "orders"} · one-time {money(period.one_time_revenue)}{" "}
        · recurring {money(period.recurring_revenue)}
      </p>
    </div>
  );
}

/**
 * Every period as a table for screen readers. Visually hidden by a wrapper: a <table> ignores the
 * 1 px box of `sr-only` and would stretch the page (the 375 px overflow and the Overview's empty
 * scroll of issue 29).
 */
export function ChartDataTable({
  periods,
  interval,
  money,
}: {
  periods: MetricsPeriod[];
  interval: MetricInterval;
  money: (minor: number) => string;
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>Revenue per period</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Orders</th>
            <th scope="col">One-time revenue</th>
            <th scope="col">Recurring revenue</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period.timestamp}>
              <th scope="row">{periodLabel(period.timestamp, interval, true)}</th>
              <td>{period.orders}</td>
              <td>{money(period.one_time_revenue)}</td>
              <td>{money(period.recurring_revenue)}</td>
              <td>{money(period.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

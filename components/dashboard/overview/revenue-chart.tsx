"use client";
// Revenue per period as stacked bars (one-time below, recurring on top), hand-drawn in SVG. The
// picture is one image for screen readers, described by a visually hidden table of every period;
// each column's <title> is its tooltip.
import { formatCompactMoney, formatMoney } from "@/lib/money";
import type { MetricInterval, MetricsPeriod } from "../hooks/metrics";
import { labelEvery, niceTicks } from "./chart-scale";
import { periodLabel } from "./range";

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 56 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

const SERIES = [
  { key: "one_time_revenue", label: "One-time", swatch: "bg-indigo-600 dark:bg-indigo-400" },
  { key: "recurring_revenue", label: "Recurring", swatch: "bg-sky-400 dark:bg-sky-300" },
] as const;

type Props = {
  periods: MetricsPeriod[];
  interval: MetricInterval;
  title: string;
  currency: string;
};

export function RevenueChart({ periods, interval, title, currency }: Props) {
  const max = Math.max(0, ...periods.map((p) => p.one_time_revenue + p.recurring_revenue));
  const ticks = niceTicks(max);
  const top = ticks.at(-1)!;
  const y = (value: number) => MARGIN.top + PLOT_H - (value / top) * PLOT_H;
  const band = PLOT_W / Math.max(periods.length, 1);
  const barWidth = Math.max(2, Math.min(band * 0.7, 40));
  const every = labelEvery(periods.length, 8);
  const money = (minor: number) => formatMoney(minor, currency);
  const titleId = `chart-title-${interval}`;

  return (
    <figure>
      <Legend />
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="mt-3 h-auto w-full overflow-visible"
      >
        <title id={titleId}>{title}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className={
                tick === 0 ? "stroke-zinc-300 dark:stroke-zinc-700" : "stroke-zinc-100 dark:stroke-zinc-800"
              }
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-zinc-500 text-[12px] dark:fill-zinc-400"
            >
              {formatCompactMoney(tick, currency)}
            </text>
          </g>
        ))}
        {periods.map((period, index) => {
          const x = MARGIN.left + index * band;
          const oneTimeTop = y(period.one_time_revenue);
          const total = period.one_time_revenue + period.recurring_revenue;
          const showLabel = (periods.length - 1 - index) % every === 0;
          return (
            <g key={period.timestamp} className="group">
              <title>
                {`${periodLabel(period.timestamp, interval, true)}: ${money(total)} from ${period.orders} ${
                  period.orders === 1 ? "order" : "orders"
                } (one-time ${money(period.one_time_revenue)}, recurring ${money(period.recurring_revenue)})`}
              </title>
              <rect
                x={x}
                y={MARGIN.top}
                width={band}
                height={PLOT_H}
                className="fill-transparent group-hover:fill-zinc-100 dark:group-hover:fill-zinc-800/60"
              />
              <rect
                x={x + (band - barWidth) / 2}
                y={oneTimeTop}
                width={barWidth}
                height={y(0) - oneTimeTop}
                className="fill-indigo-600 dark:fill-indigo-400"
              />
              <rect
                x={x + (band - barWidth) / 2}
                y={y(total)}
                width={barWidth}
                height={oneTimeTop - y(total)}
                className="fill-sky-400 dark:fill-sky-300"
              />
              {showLabel ? (
                <text
                  x={x + band / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-zinc-500 text-[12px] dark:fill-zinc-400"
                >
                  {periodLabel(period.timestamp, interval)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
      <DataTable periods={periods} interval={interval} money={money} />
    </figure>
  );
}

function Legend() {
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

function DataTable({
  periods,
  interval,
  money,
}: {
  periods: MetricsPeriod[];
  interval: MetricInterval;
  money: (minor: number) => string;
}) {
  return (
    <table className="sr-only">
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
  );
}

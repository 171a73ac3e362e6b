"use client";
// Revenue per period as stacked bars (one-time below, recurring on top), hand-drawn in SVG, on a
// scale of whole currency amounts (./chart-scale.ts). The period under the pointer, or the one the
// keyboard moved to (the chart takes focus; arrows, Home, End), shows its values in a tooltip. For
// screen readers the picture is one image, described by a visually hidden table of every period.
import { useState, type KeyboardEvent } from "react";
import { formatCompactMoney, formatMoney, minorDigits } from "@/lib/money";
import type { MetricInterval, MetricsPeriod } from "../hooks/metrics";
import { ChartDataTable, ChartTooltip, Legend } from "./chart-parts";
import { labelEvery, niceTicks, periodAfterKey } from "./chart-scale";
import { periodLabel } from "./range";

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 56 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

type Props = {
  periods: MetricsPeriod[];
  interval: MetricInterval;
  title: string;
  currency: string;
};

export function RevenueChart({ periods, interval, title, currency }: Props) {
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(0, ...periods.map((p) => p.one_time_revenue + p.recurring_revenue));
  const ticks = niceTicks(max, minorDigits(currency));
  const top = ticks.at(-1)!;
  const y = (value: number) => MARGIN.top + PLOT_H - (value / top) * PLOT_H;
  const band = PLOT_W / Math.max(periods.length, 1);
  const barWidth = Math.max(2, Math.min(band * 0.7, 40));
  const every = labelEvery(periods.length, 8);
  const money = (minor: number) => formatMoney(minor, currency);
  const titleId = `chart-title-${interval}`;
  const shown = active !== null && active < periods.length ? active : null;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = periodAfterKey(event.key, shown, periods.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <figure className="relative min-w-0">
      <Legend />
      <div
        className="relative mt-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        tabIndex={0}
        role="group"
        aria-label={`${title}. Arrow keys read each ${interval}.`}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? (periods.length ? periods.length - 1 : null))}
        onBlur={() => setActive(null)}
        onPointerLeave={() => setActive(null)}
      >
        {shown !== null ? (
          <ChartTooltip
            period={periods[shown]!}
            interval={interval}
            at={(MARGIN.left + (shown + 0.5) * band) / WIDTH}
            money={money}
          />
        ) : null}
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          className="h-auto w-full"
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
              <g
                key={period.timestamp}
                data-period={period.timestamp}
                onPointerEnter={() => setActive(index)}
              >
                <rect
                  x={x}
                  y={MARGIN.top}
                  width={band}
                  height={PLOT_H}
                  className={shown === index ? "fill-zinc-100 dark:fill-zinc-800/60" : "fill-transparent"}
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
      </div>
      <p className="sr-only" aria-live="polite">
        {shown !== null
          ? `${periodLabel(periods[shown]!.timestamp, interval, true)}: ${money(periods[shown]!.revenue)}, ${periods[shown]!.orders} orders`
          : ""}
      </p>
      <figcaption className="sr-only">{title}</figcaption>
      <ChartDataTable periods={periods} interval={interval} money={money} />
    </figure>
  );
}

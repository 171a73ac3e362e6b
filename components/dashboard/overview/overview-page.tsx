"use client";
// /dashboard/<org>: revenue, orders and monthly recurring revenue over a range kept in the URL
// (`?range=12w`), each against the same number of days before, revenue per period as a chart, and
// the latest orders.
import { useMemo } from "react";
import { formatMoney } from "@/lib/money";
import { useMetrics } from "../hooks/metrics";
import { useOrganization } from "../organization";
import { useUrlState } from "../url-state";
import { Card, PageHeader } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";
import { Stat } from "./stat";
import { OnboardingChecklist } from "./onboarding-checklist";
import { RecentOrders } from "./recent-orders";
import { RevenueChart } from "./revenue-chart";
import { DEFAULT_RANGE, RANGES, previousRangeDates, rangeDates, rangeFrom, type RangeKey } from "./range";

// /v1/metrics answers one currency at a time (docs/currencies.md "Metrics"): the organization's
// default, or the one picked (`?currency=eur`) when it sells in several.

export function OverviewPage() {
  const organization = useOrganization();
  const url = useUrlState();
  const range = rangeFrom(url.get("range"));
  const { interval, description } = RANGES[range];
  // The dates follow the range only: a re-render must not change the query key mid-day.
  const dates = useMemo(() => rangeDates(range, new Date()), [range]);
  const picked = url.get("currency") ?? undefined;
  const metrics = useMetrics({ organization_id: organization.id, ...dates, interval, currency: picked });
  const before = useMetrics({
    organization_id: organization.id,
    ...previousRangeDates(dates),
    interval,
    currency: picked,
  });
  const METRICS_CURRENCY = metrics.data?.currency ?? picked ?? "usd";
  const totals = metrics.data?.totals;
  const previous = before.data && !before.isPlaceholderData ? before.data.totals : null;
  const against = `previous ${description.replace(/^last /, "")}`;
  const compare = (pick: (figures: NonNullable<typeof totals>) => number) =>
    totals && previous ? { current: pick(totals), previous: pick(previous), against } : null;

  return (
    <>
      <PageHeader
        title="Overview"
        actions={
          <div className="flex flex-wrap gap-2">
            <CurrencySwitch
              value={METRICS_CURRENCY}
              options={metrics.data?.currencies ?? []}
              onChange={(currency) => url.update({ currency })}
            />
            <RangeSwitch value={range} onChange={(r) => url.update({ range: r })} />
          </div>
        }
      >
        {organization.name} · {description} (UTC)
      </PageHeader>
      <OnboardingChecklist />
      <div
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-live="polite"
        aria-busy={metrics.isFetching}
      >
        <Stat
          label={`Revenue · ${description}`}
          loading={metrics.isPending}
          value={totals && formatMoney(totals.revenue, METRICS_CURRENCY)}
          compare={compare((t) => t.revenue)}
          detail={
            totals &&
            `One-time ${formatMoney(totals.one_time_revenue, METRICS_CURRENCY)} · recurring ${formatMoney(totals.recurring_revenue, METRICS_CURRENCY)} · after refunds`
          }
        />
        <Stat
          label={`Orders · ${description}`}
          loading={metrics.isPending}
          value={totals?.orders}
          compare={compare((t) => t.orders)}
          detail={totals && `${totals.one_time_orders} one-time · ${totals.recurring_orders} recurring`}
        />
        <Stat
          label="Monthly recurring revenue"
          loading={metrics.isPending}
          value={totals && formatMoney(totals.monthly_recurring_revenue, METRICS_CURRENCY)}
          compare={compare((t) => t.monthly_recurring_revenue)}
          detail={
            totals &&
            `${formatMoney(totals.annual_recurring_revenue, METRICS_CURRENCY)} a year · ${totals.active_subscriptions} active subscriptions`
          }
        />
        <Stat
          label={`Conversion · ${description}`}
          loading={metrics.isPending}
          value={totals && `${Math.round(totals.checkouts_conversion * 100)} %`}
          compare={compare((t) => Math.round(t.checkouts_conversion * 1000))}
          detail={totals && `${totals.succeeded_checkouts} paid of ${totals.checkouts} checkouts`}
        />
      </div>
      <div className="mt-6">
        <Card title={`Revenue per ${interval}`}>
          {metrics.isPending ? (
            <div role="status" aria-label="Loading chart">
              <Skeleton className="h-64 w-full" />
            </div>
          ) : metrics.isError ? (
            <ErrorState error={metrics.error} onRetry={() => void metrics.refetch()} />
          ) : (
            <div className={metrics.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
              <RevenueChart
                periods={metrics.data.periods}
                interval={interval}
                currency={METRICS_CURRENCY}
                title={`Revenue per ${interval}, ${description}: ${formatMoney(metrics.data.totals.revenue, METRICS_CURRENCY)} in total`}
              />
              {metrics.data.totals.orders === 0 ? (
                <p className="mt-2 text-center text-sm text-zinc-500 dark:text-zinc-400">
                  No sales in this period.
                </p>
              ) : null}
            </div>
          )}
        </Card>
      </div>
      <div className="mt-6">
        <RecentOrders />
      </div>
    </>
  );
}

/** Which currency the figures are in, shown when the organizations sell in more than one. */
function CurrencySwitch(props: { value: string; options: string[]; onChange: (currency: string) => void }) {
  if (props.options.length < 2) return null;
  return (
    <select
      aria-label="Currency"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    >
      {props.options.map((currency) => (
        <option key={currency} value={currency}>
          {currency.toUpperCase()}
        </option>
      ))}
    </select>
  );
}

function RangeSwitch({ value, onChange }: { value: RangeKey; onChange: (range: RangeKey | null) => void }) {
  return (
    <div
      role="group"
      aria-label="Range"
      className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {(Object.keys(RANGES) as RangeKey[]).map((key) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key === DEFAULT_RANGE ? null : key)}
          className={`rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
            value === key
              ? "bg-indigo-600 text-white dark:bg-indigo-500"
              : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          }`}
        >
          {RANGES[key].label}
        </button>
      ))}
    </div>
  );
}

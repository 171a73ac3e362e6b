"use client";
// Orders and revenue per day, week or month between two dates (UTC), with totals.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { metricsQuery, metricsSchema } from "@/lib/metrics/schemas";
import { apiFetch } from "@/components/api-client";

export type Metrics = z.input<typeof metricsSchema>;
export type MetricsPeriod = Metrics["periods"][number];
export type MetricInterval = NonNullable<z.input<typeof metricsQuery>["interval"]>;

export type MetricsParams = {
  organization_id: string;
  /** YYYY-MM-DD, UTC, included. */
  start_date: string;
  /** YYYY-MM-DD, UTC, included. */
  end_date: string;
  interval: MetricInterval;
  /** The currency of the figures; the organization's default when absent. */
  currency?: string;
};

export const metricsKeys = {
  all: ["metrics"] as const,
  detail: (params: MetricsParams) => ["metrics", params] as const,
};

export function useMetrics(params: MetricsParams) {
  return useQuery({
    queryKey: metricsKeys.detail(params),
    queryFn: ({ signal }) => apiFetch<Metrics>("/v1/metrics/", { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

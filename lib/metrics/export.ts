// GET /v1/metrics/export (docs/api.md "Metrics"): the same periods GET /v1/metrics/ answers, one CSV
// row each (the period's UTC start, then each figure: counts, amounts in cents, the conversion rate
// as a fraction), the figures asked for in `metrics` or all of them. A range is at most a few
// thousand periods (the query's bounds), so the rows are written at once.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { csvRow } from "../core/csv";
import { EXPORTABLE_METRICS, type MetricsExportQuery } from "./schemas";
import { getMetrics } from "./service";

export async function exportMetrics(
  db: DbOrTx,
  principal: Principal,
  query: MetricsExportQuery,
  now = new Date(),
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const { timezone: _utc, metrics: wanted, ...range } = query;
  const metrics = await getMetrics(db, principal, range, now);
  const columns = wanted?.length ? [...new Set(wanted)] : EXPORTABLE_METRICS;
  const lines = [csvRow(["timestamp", ...columns])];
  for (const period of metrics.periods) {
    const figures = period as unknown as Record<string, number>;
    lines.push(csvRow([period.timestamp.toISOString(), ...columns.map((column) => figures[column])]));
  }
  const bytes = new TextEncoder().encode(lines.join(""));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return { filename: `metrics-${range.start_date}-${range.end_date}.csv`, body };
}

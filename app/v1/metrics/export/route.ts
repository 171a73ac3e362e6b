// GET /v1/metrics/export — the metrics' periods as CSV (the same figures as GET /v1/metrics/).
import { download, methods, route } from "@/lib/api/handler";
import { metricsExportQuery } from "@/lib/metrics/schemas";
import { exportMetrics } from "@/lib/metrics/export";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "metrics:read",
      query: metricsExportQuery,
      produces: "text/csv",
      summary: "Export the metrics' periods as CSV (UTC periods; `metrics` picks the columns)",
    },
    async ({ db, principal, query }) => {
      const { filename, body } = await exportMetrics(db, principal, query);
      return download(body, filename, "text/csv; charset=utf-8");
    },
  ),
});

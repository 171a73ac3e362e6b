// GET /v1/metrics/ — orders and revenue per day, week or month between two dates, with totals.
import { methods, route } from "@/lib/api/handler";
import { metricsQuery, metricsSchema } from "@/lib/metrics/schemas";
import { getMetrics } from "@/lib/metrics/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "metrics:read",
      query: metricsQuery,
      output: metricsSchema,
      summary: "Orders and revenue per period (day, week or month, UTC) between two dates, with totals",
    },
    ({ db, principal, query }) => getMetrics(db, principal, query),
  ),
});

// GET /v1/metrics/limits — the earliest date with data and the longest range per interval.
import { methods, route } from "@/lib/api/handler";
import { metricsLimitsSchema } from "@/lib/metrics/schemas";
import { getMetricsLimits } from "@/lib/metrics/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "metrics:read",
      output: metricsLimitsSchema,
      summary: "The metrics' limits: the earliest date, and the longest range for each interval",
    },
    ({ db, principal }) => getMetricsLimits(db, principal),
  ),
});

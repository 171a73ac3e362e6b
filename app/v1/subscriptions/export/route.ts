// GET /v1/subscriptions/export — the subscriptions matching the filters (newest first) as a CSV
// download streamed in batches, with the columns and time zone asked for. Auth and query errors are
// JSON, before the download starts.
import { download, methods, route } from "@/lib/api/handler";
import { exportSubscriptions, exportSubscriptionsQuery } from "@/lib/subscriptions/export";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "subscriptions:read",
      query: exportSubscriptionsQuery,
      produces: "text/csv",
      summary: "Export subscriptions as CSV (filters, columns and a time zone for the dates; newest first)",
    },
    async ({ db, principal, query }) => {
      const { filename, body } = await exportSubscriptions(db, principal, query);
      return download(body, filename, "text/csv; charset=utf-8");
    },
  ),
});

// GET /v1/customers/export — every customer the list would show (same filters, newest first), as a
// CSV download streamed in batches. Auth and query errors are JSON, before the download starts.
import { download, methods, route } from "@/lib/api/handler";
import { exportCustomers, exportCustomersQuery } from "@/lib/customers/export";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customers:read",
      query: exportCustomersQuery,
      produces: "text/csv",
      summary: "Export customers as CSV (the list's filters, newest first, not paginated)",
    },
    async ({ db, principal, query }) => {
      const { filename, body } = await exportCustomers(db, principal, query);
      return download(body, filename, "text/csv; charset=utf-8");
    },
  ),
});

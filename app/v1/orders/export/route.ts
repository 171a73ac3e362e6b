// GET /v1/orders/export — every order the list would show (same filters and sorting), as a CSV
// download streamed in batches. Auth and query errors are JSON, before the download starts.
import { download, methods, route } from "@/lib/api/handler";
import { orderFiltersQuery } from "@/lib/orders/schemas";
import { exportOrders } from "@/lib/orders/export";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      query: orderFiltersQuery,
      produces: "text/csv",
      summary: "Export orders as CSV (same filters and sorting as the list, not paginated)",
    },
    async ({ db, principal, query }) => {
      const { filename, body } = await exportOrders(db, principal, query);
      return download(body, filename, "text/csv; charset=utf-8");
    },
  ),
});

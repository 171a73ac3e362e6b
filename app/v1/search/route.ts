// GET /v1/search?organization_id=&query= — the dashboard's search box: customers, orders and
// license keys of one organization matching a text (lib/search/service.ts).
import { methods, route } from "@/lib/api/handler";
import { searchQuery, searchResultsSchema } from "@/lib/search/schemas";
import { search } from "@/lib/search/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "session",
      query: searchQuery,
      output: searchResultsSchema,
      summary:
        "Dashboard search: customers by email or name, orders by number, license keys by key or its last characters (5 of each)",
    },
    ({ db, principal, query }) => search(db, principal, query),
  ),
});

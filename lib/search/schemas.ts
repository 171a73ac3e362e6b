// The dashboard's global search (GET /v1/search): one text, matched against customers' emails and
// names, orders' numbers and license keys, in one organization (docs/dashboard.md).
import { z } from "zod";
import { dateTime } from "../core/schemas";
import { id } from "../core/validation";

/** At most this many results of each kind: the search box shows a few, the lists show the rest. */
export const SEARCH_LIMIT = 5;

export const searchQuery = z.object({
  /** Required for a merchant in several organizations; another organization's finds nothing. */
  organization_id: id().optional(),
  query: z.string().trim().min(1).max(128),
});
export type SearchQuery = z.output<typeof searchQuery>;

export const searchResultsSchema = z.object({
  customers: z.array(z.object({ id: z.string(), email: z.string(), name: z.string().nullable() })),
  orders: z.array(
    z.object({
      id: z.string(),
      invoice_number: z.string(),
      customer_email: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      created_at: dateTime,
    }),
  ),
  license_keys: z.array(
    z.object({
      id: z.string(),
      display_key: z.string(),
      customer_email: z.string(),
      status: z.string(),
    }),
  ),
});
/** As the service makes it (dates as Date); the wire form is `z.input` of the schema. */
export type SearchResults = z.output<typeof searchResultsSchema>;

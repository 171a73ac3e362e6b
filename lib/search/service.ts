// The dashboard's global search (docs/dashboard.md "Navigation, search and onboarding"): a text
// typed in the search box finds customers (email or name contains it), orders (their number
// contains it, "acme-0042" or "42") and license keys (the whole key, its last characters, or the
// display form "****-3D4E5F"), newest first, a few of each, in one organization only.
import type { DbOrTx } from "../db/client";
import { namedOrganization, type Principal } from "../core/principal";
import { anyContains, containsText, likeLiteral } from "../core/search";
import { displayKey } from "../core/license-key-format";
import { SEARCH_LIMIT, type SearchQuery, type SearchResults } from "./schemas";

const NO_RESULTS: SearchResults = { customers: [], orders: [], license_keys: [] };
const newestFirst = [{ created_at: "desc" as const }, { id: "desc" as const }];

/** The characters a license key search matches the end of a key with ("****-3D4E5F" → "3D4E5F"). */
export function licenseKeyTail(text: string): string {
  return text.replace(/^\*+-?/, "").trim();
}

export async function search(db: DbOrTx, principal: Principal, query: SearchQuery): Promise<SearchResults> {
  // Another organization's id (or none, for a merchant in several) finds nothing, like an empty one.
  const organization_id = namedOrganization(principal, query.organization_id);
  if (!organization_id) return NO_RESULTS;
  const text = query.query;
  const keyTail = licenseKeyTail(text);
  const take = SEARCH_LIMIT;

  const [customers, orders, keys] = await Promise.all([
    db.customer.findMany({
      where: { organization_id, deleted_at: null, ...anyContains(["email", "name"], text) },
      orderBy: newestFirst,
      take,
      select: { id: true, email: true, name: true },
    }),
    db.order.findMany({
      where: { organization_id, invoice_number: containsText(text) },
      orderBy: newestFirst,
      take,
      select: {
        id: true,
        invoice_number: true,
        amount: true,
        currency: true,
        created_at: true,
        customer: { select: { email: true } },
      },
    }),
    keyTail
      ? db.licenseKey.findMany({
          where: { organization_id, key: { endsWith: likeLiteral(keyTail), mode: "insensitive" } },
          orderBy: newestFirst,
          take,
          select: { id: true, key: true, status: true, customer: { select: { email: true } } },
        })
      : [],
  ]);

  return {
    customers,
    orders: orders.map(({ customer, ...order }) => ({ ...order, customer_email: customer.email })),
    license_keys: keys.map(({ key, customer, ...rest }) => ({
      ...rest,
      display_key: displayKey(key),
      customer_email: customer.email,
    })),
  };
}

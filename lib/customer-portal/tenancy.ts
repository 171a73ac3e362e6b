// Tenant scoping of the customer portal, in one place: a signed-in buyer reaches only their own
// rows of their organization. Another customer's order, key or subscription (of the same
// organization or any other) is not found, exactly like a missing one.
import type { CustomerPrincipal } from "../core/principal";
import { foundOrThrow } from "../core/tenancy";

/** The Prisma condition for the buyer's own rows (orders, license keys, subscriptions). */
export function customerWhere(principal: CustomerPrincipal) {
  return { organization_id: principal.organizationId, customer_id: principal.customerId };
}

export { foundOrThrow };

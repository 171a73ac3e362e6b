// Access token scopes (docs/api.md §3). A `*:write` scope implies the matching `*:read`.
import { z } from "zod";

export const SCOPES = [
  "checkouts:read",
  "checkouts:write",
  "orders:read",
  "license_keys:read",
  "license_keys:write",
  "products:read",
  "products:write",
  "discounts:read",
  "discounts:write",
  "benefits:read",
  "benefits:write",
  "custom_fields:read",
  "custom_fields:write",
  "customers:read",
  "customers:write",
  "webhooks:read",
  "webhooks:write",
  "metrics:read",
  // Beyond the contract's list: the catalog's uploads, checkout links, organization settings and
  // subscriptions.
  "files:read",
  "files:write",
  "checkout_links:read",
  "checkout_links:write",
  "organizations:read",
  "organizations:write",
  "subscriptions:read",
  "subscriptions:write",
  "refunds:read",
  "refunds:write",
  // Disputes of payments, as the processor reports them; write: accepting one (conceding it).
  "disputes:read",
  "disputes:write",
  // Payments (each charge of a buyer, GET /v1/payments/): read only.
  "payments:read",
  // Sending an order's receipt again (POST /v1/orders/{id}/receipt).
  "orders:write",
  // The emails sent to buyers (their bodies hold license keys): read only.
  "emails:read",
  // Minting a customer portal session for a buyer (POST /v1/customer-sessions/): write only.
  "customer_sessions:write",
] as const;

export type Scope = (typeof SCOPES)[number];
export const scopeSchema = z.enum(SCOPES);

export function hasScope(granted: ReadonlySet<string>, needed: Scope): boolean {
  if (granted.has(needed)) return true;
  return needed.endsWith(":read") && granted.has(needed.replace(/:read$/, ":write"));
}

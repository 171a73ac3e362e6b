// Who is calling, as every domain service sees it: the organizations the caller may read and the
// scopes it holds. Resolved from the request's credentials by the HTTP adapter (lib/api/auth.ts);
// services only read it, so they never depend on how a request authenticates.

export type Principal = {
  /**
   * "system": the server itself reading an organization's resources (webhook payloads).
   * "customer_session": a buyer in the customer portal (`cst_` token), who holds no scope and sees
   * only their own data (lib/customer-portal/tenancy.ts), never the organization's.
   */
  kind: "access_token" | "user_session" | "system" | "customer_session";
  /** The token's or the session's id. */
  id: string;
  /** The signed-in merchant, for sessions. */
  userId?: string;
  /** The buyer, for customer sessions. */
  customerId?: string;
  /** Every organization this principal may read; a token has exactly one. */
  organizationIds: string[];
  scopes: ReadonlySet<string>;
};

/**
 * A buyer signed in to the customer portal: one customer of one organization, no scope, and no
 * organization in `organizationIds` (they may read none of the organization's resources, only
 * their own: lib/customer-portal/tenancy.ts).
 */
export type CustomerPrincipal = Principal & {
  kind: "customer_session";
  customerId: string;
  organizationId: string;
};

/**
 * The organizations a list may show: the principal's, narrowed (never widened) by an
 * `organization_id` filter.
 */
export function visibleOrganizations(principal: Principal, filter?: string[]): string[] {
  if (!filter?.length) return principal.organizationIds;
  return principal.organizationIds.filter((id) => filter.includes(id));
}

/**
 * The one organization a request acts in: `organizationId` when it is one of the principal's,
 * else, when none is named, the principal's only organization (a token has one). Null when it
 * names another organization, or names none while the principal has several.
 */
export function namedOrganization(principal: Principal, organizationId?: string | null): string | null {
  if (organizationId) return principal.organizationIds.includes(organizationId) ? organizationId : null;
  const [only, ...others] = principal.organizationIds;
  return only && others.length === 0 ? only : null;
}

/**
 * The server itself acting in one organization (webhook payloads read as the API shows them, a
 * buyer's own change made through the organization's service): every resource of it, no scope.
 */
export function systemPrincipal(organizationId: string, id = "system"): Principal {
  return { kind: "system", id, organizationIds: [organizationId], scopes: new Set() };
}

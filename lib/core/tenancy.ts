// Tenant scoping in one place (style note 6): every read of a merchant resource is limited to the
// organizations the caller may see, and a resource of another tenant is simply not found, exactly
// like a missing one, so ids of other organizations cannot be probed.
import { ApiError } from "./errors";
import { visibleOrganizations, type Principal } from "./principal";

/** The Prisma condition for rows of these organizations. */
export function inOrganizations(organizationIds: readonly string[]) {
  return { organization_id: { in: [...organizationIds] } };
}

/**
 * The Prisma condition for rows the principal may see, narrowed (never widened) by a list's
 * `organization_id` filter.
 */
export function tenantWhere(principal: Principal, organizationFilter?: string[]) {
  return inOrganizations(visibleOrganizations(principal, organizationFilter));
}

/** The row a tenant-scoped lookup found, or the contract's 404 (missing and foreign alike). */
export function foundOrThrow<T>(row: T | null | undefined, detail?: string): T {
  if (row === null || row === undefined) throw ApiError.notFound(detail);
  return row;
}

/**
 * The organization a new resource belongs to: `organization_id` from the body, which must be one
 * of the principal's (422 otherwise, like the reference API), or, when omitted, the principal's
 * only organization (a token has one; a merchant in several organizations must say which).
 */
export function organizationForCreate(
  principal: Principal,
  organizationId: string | null | undefined,
): string {
  if (organizationId) {
    if (principal.organizationIds.includes(organizationId)) return organizationId;
    throw ApiError.invalid(["body", "organization_id"], "Organization not found.", organizationId);
  }
  const [only, ...others] = principal.organizationIds;
  if (only && others.length === 0) return only;
  throw ApiError.invalid(["body", "organization_id"], "Field required", null, "missing");
}

// Reading organizations: the ones the caller may see (a token: its own; a signed-in merchant: the
// ones they belong to), and one of them by id. Any other organization is not found, like a
// missing one. The tenancy column here is the organization's own id, so the list composes the
// shared pagination and sorting pieces rather than lib/core/list.ts `listPage` (which scopes by
// `organization_id`).
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { sortOrder } from "../core/list";
import { pageOf, skipTake } from "../core/pagination";
import { ApiError } from "../core/errors";
import { foundOrThrow } from "../core/tenancy";
import { organizationResourceInclude, toOrganizationResource, type ListOrganizationsQuery } from "./schemas";

/** The Prisma condition for the organizations the principal may see. */
export function visibleOrganizationsWhere(principal: Principal): Prisma.OrganizationWhereInput {
  return { id: { in: [...principal.organizationIds] }, blocked_at: null };
}

export async function listOrganizations(db: DbOrTx, principal: Principal, query: ListOrganizationsQuery) {
  const scope = visibleOrganizationsWhere(principal);
  const where = query.slug ? { AND: [scope, { slug: query.slug }] } : scope;
  const [rows, total] = await Promise.all([
    db.organization.findMany({
      where,
      include: organizationResourceInclude,
      orderBy: sortOrder<string, Prisma.OrganizationOrderByWithRelationInput>(query.sorting),
      ...skipTake(query),
    }),
    db.organization.count({ where }),
  ]);
  return pageOf(rows.map(toOrganizationResource), total, query);
}

/** The organization row `id` if the principal may see it, else the contract's 404. */
export async function findOrganizationOrThrow(db: DbOrTx, principal: Principal, id: string) {
  if (!principal.organizationIds.includes(id)) throw ApiError.notFound();
  return foundOrThrow(await db.organization.findFirst({ where: { id, blocked_at: null } }));
}

export async function getOrganization(db: DbOrTx, principal: Principal, id: string) {
  if (!principal.organizationIds.includes(id)) throw ApiError.notFound();
  return toOrganizationResource(
    foundOrThrow(
      await db.organization.findFirst({
        where: { id, blocked_at: null },
        include: organizationResourceInclude,
      }),
    ),
  );
}

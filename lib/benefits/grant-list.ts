// The grants of one benefit (GET /v1/benefits/{id}/grants, the reference API's
// `benefits.grants`) and of the whole organization (GET /v1/benefit-grants/, its
// `benefitGrants.list`): who holds each benefit, or held it, newest first, each with its customer
// and the benefit in full (./grant-schemas.ts, the shape benefit_grant.* events carry).
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage } from "../core/list";
import { oneOf, paginationQuery, sortingQuery } from "../core/pagination";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { id, queryBoolean, queryList } from "../core/validation";
import type { Prisma } from "../generated/prisma/client";
import { benefitGrantInclude, toBenefitGrant } from "./grant-schemas";

export const listBenefitGrantsQuery = z.object({
  ...paginationQuery,
  /** true: granted and not revoked (the customer has it now); false: every other grant. */
  is_granted: queryBoolean().optional(),
  customer_id: queryList(id()),
  sorting: sortingQuery(["created_at", "granted_at", "revoked_at"], ["-created_at"]),
});
export type ListBenefitGrantsQuery = z.output<typeof listBenefitGrantsQuery>;

export const listOrganizationGrantsQuery = listBenefitGrantsQuery.extend({
  organization_id: queryList(id()),
  /** The merchant's own ids of the customers. */
  external_customer_id: queryList(z.string().min(1).max(255)),
});
export type ListOrganizationGrantsQuery = z.output<typeof listOrganizationGrantsQuery>;

function grantedWhere(isGranted: boolean | undefined): Prisma.BenefitGrantWhereInput {
  if (isGranted === undefined) return {};
  return isGranted
    ? { granted_at: { not: null }, revoked_at: null }
    : { OR: [{ granted_at: null }, { revoked_at: { not: null } }] };
}

export async function listBenefitGrants(
  db: DbOrTx,
  principal: Principal,
  benefitId: string,
  query: ListBenefitGrantsQuery,
) {
  // The benefit is the caller's (404 otherwise), so its grants are too.
  foundOrThrow(
    await db.benefit.findFirst({ where: { id: benefitId, ...tenantWhere(principal) }, select: { id: true } }),
  );
  const page = await listPage(db.benefitGrant, principal, query, {
    where: {
      AND: [{ benefit_id: benefitId, customer_id: oneOf(query.customer_id) }, grantedWhere(query.is_granted)],
    },
    include: benefitGrantInclude,
  });
  return mapPage(page, toBenefitGrant);
}

export async function listOrganizationBenefitGrants(
  db: DbOrTx,
  principal: Principal,
  query: ListOrganizationGrantsQuery,
) {
  const page = await listPage(db.benefitGrant, principal, query, {
    where: {
      AND: [
        { customer_id: oneOf(query.customer_id) },
        query.external_customer_id?.length
          ? { customer: { external_id: { in: query.external_customer_id } } }
          : {},
        grantedWhere(query.is_granted),
      ],
    },
    include: benefitGrantInclude,
  });
  return mapPage(page, toBenefitGrant);
}

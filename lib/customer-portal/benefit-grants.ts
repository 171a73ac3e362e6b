// The buyer's benefit grants in the portal (the current reference API's
// `customerPortal.benefitGrants`): every benefit their purchases granted them, still held or taken
// back, newest grant first; a license key's grant says which key it issued.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { pageOf, skipTake, oneOf } from "../core/pagination";
import { sortOrder } from "../core/list";
import { normalizedProperties } from "../benefits/schemas";
import { grantState } from "../benefits/grant-schemas";
import { organizationResourceInclude, toPortalProductOrganization } from "../organizations/schemas";
import { customerWhere, foundOrThrow } from "./tenancy";
import { toPortalCustomer } from "./customer";
import type { PortalBenefitGrantsQuery, UpdatePortalBenefitGrantBody } from "./schemas";
import { ApiError } from "../core/errors";

const grantInclude = {
  customer: true,
  benefit: { include: { organization: { include: organizationResourceInclude } } },
  license_key: { select: { id: true, key: true } },
} as const satisfies Prisma.BenefitGrantInclude;

type GrantRow = Prisma.BenefitGrantGetPayload<{ include: typeof grantInclude }>;
type PortalGrantSortField = PortalBenefitGrantsQuery["sorting"][number]["field"];

function toPortalBenefitGrant(row: GrantRow) {
  const { customer, benefit, license_key: key, properties: stored, ...grant } = row;
  const { organization, metadata: _metadata, ...benefitFields } = benefit;
  return {
    ...grant,
    ...grantState({ ...grant, properties: stored }, key),
    customer: toPortalCustomer(customer),
    benefit: {
      ...benefitFields,
      is_deleted: false as const,
      organization: toPortalProductOrganization(organization),
      properties: normalizedProperties(benefit.type, benefit.properties),
    },
  };
}

export async function listPortalBenefitGrants(
  db: DbOrTx,
  principal: CustomerPrincipal,
  query: PortalBenefitGrantsQuery,
) {
  const where: Prisma.BenefitGrantWhereInput = {
    ...customerWhere(principal),
    benefit_id: oneOf(query.benefit_id),
    order_id: oneOf(query.order_id),
    subscription_id: oneOf(query.subscription_id),
    benefit: query.type ? { type: { in: query.type } } : undefined,
  };
  const [rows, total] = await Promise.all([
    db.benefitGrant.findMany({
      where,
      include: grantInclude,
      orderBy: sortOrder<PortalGrantSortField, Prisma.BenefitGrantOrderByWithRelationInput>(query.sorting, {
        type: (direction) => ({ benefit: { type: direction } }),
        organization: (direction) => ({ organization: { name: direction } }),
        product_benefit: (direction) => ({ benefit: { created_at: direction } }),
      }),
      ...skipTake(query),
    }),
    db.benefitGrant.count({ where }),
  ]);
  return pageOf(rows.map(toPortalBenefitGrant), total, query);
}

export async function getPortalBenefitGrant(db: DbOrTx, principal: CustomerPrincipal, grantId: string) {
  const row = await db.benefitGrant.findFirst({
    where: { id: grantId, ...customerWhere(principal) },
    include: grantInclude,
  });
  return toPortalBenefitGrant(foundOrThrow(row, "Benefit grant not found."));
}

/**
 * PATCH /v1/customer-portal/benefit-grants/{id} (the reference API's CustomerBenefitGrantUpdate):
 * the buyer sets what their grant needs from them. None of this service's benefit types (custom,
 * license keys, downloadables) asks the buyer for anything (the reference's account connections are
 * for Discord and GitHub benefits), so the grant answers as it is; the body's `benefit_type` must be
 * the grant's (422), and a revoked grant cannot be updated (403), as the reference answers.
 */
export async function updatePortalBenefitGrant(
  db: DbOrTx,
  principal: CustomerPrincipal,
  grantId: string,
  body: UpdatePortalBenefitGrantBody,
) {
  const grant = await getPortalBenefitGrant(db, principal, grantId);
  if (grant.benefit.type !== body.benefit_type) {
    throw ApiError.invalid(
      ["body", "benefit_type"],
      `This grant is of a ${grant.benefit.type} benefit.`,
      body.benefit_type,
    );
  }
  if (grant.is_revoked) {
    throw new ApiError("NotPermitted", "The benefit grant is revoked and cannot be updated.");
  }
  return grant;
}

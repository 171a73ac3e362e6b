// Granting a product's benefits to a customer for an order: one grant per benefit (unique per
// benefit and order, so processing twice grants nothing twice) and, for a license_keys benefit, a
// key built from the benefit's properties (prefix, expiry, activation and usage limits) as they are
// when the key is inserted (./key-terms.ts), not as they were when the product was read.
//
// Both functions report what they granted or revoked; the caller emits the events
// (./grant-events.ts) once its transaction's last write is done (see lib/webhooks/emit.ts).
import { randomUUID } from "node:crypto";
import type { DbOrTx, Tx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";
import { keyTermsSql, keyValueSql } from "./key-terms";
import type { GrantChange } from "./grant-events";

type GrantInput = {
  organizationId: string;
  customerId: string;
  productId: string;
  orderId: string;
  subscriptionId: string | null;
  now: Date;
};

/** A product's benefits in grant order, as `grantBenefits` takes them. */
export const productBenefitLinks = {
  include: { benefit: true },
  orderBy: { order: "asc" },
} as const satisfies Prisma.ProductBenefitFindManyArgs;

type ProductBenefitLink = Prisma.ProductBenefitGetPayload<typeof productBenefitLinks>;

export async function grantProductBenefits(tx: DbOrTx, input: GrantInput): Promise<GrantChange[]> {
  const links = await tx.productBenefit.findMany({
    where: { product_id: input.productId },
    ...productBenefitLinks,
  });
  return grantBenefits(tx, links, input);
}

/**
 * Grants the benefits of `links` (read with `productBenefitLinks`, e.g. along with the price).
 * Returns the grants made and their keys, in grant order, for their events.
 */
export async function grantBenefits(
  tx: DbOrTx,
  links: ProductBenefitLink[],
  input: GrantInput,
): Promise<GrantChange[]> {
  const granted: GrantChange[] = [];
  for (const { benefit } of links) {
    const grant = await tx.benefitGrant.create({
      data: {
        id: randomUUID(),
        created_at: input.now,
        organization_id: input.organizationId,
        benefit_id: benefit.id,
        customer_id: input.customerId,
        order_id: input.orderId,
        subscription_id: input.subscriptionId,
        granted_at: input.now,
        properties: {},
      },
    });
    let licenseKeyId: string | null = null;
    if (benefit.type === "license_keys") {
      licenseKeyId = randomUUID();
      // One statement, like the create it replaces. The grant's insert above waits for an edit of
      // the benefit holding its row lock (./manage.ts), so this reads the properties it committed.
      const issuedAt = Prisma.sql`${input.now.toISOString()}::timestamp`;
      await directSql(
        tx,
        Prisma.sql`
        INSERT INTO license_keys (id, created_at, organization_id, benefit_id, customer_id,
                                  benefit_grant_id, key, limit_activations, limit_usage, expires_at)
        SELECT ${licenseKeyId}::uuid, ${issuedAt}, ${input.organizationId}::uuid, b.id,
               ${input.customerId}::uuid, ${grant.id}::uuid,
               ${keyValueSql(randomUUID().toUpperCase())}, ${keyTermsSql(issuedAt)}
          FROM benefits b WHERE b.id = ${benefit.id}::uuid`,
      );
    }
    granted.push({ grantId: grant.id, licenseKeyId });
  }
  return granted;
}

/** Revokes the grants still in force that match `where`, and their keys still granted. */
async function revokeGrants(tx: Tx, where: Prisma.BenefitGrantWhereInput, now: Date): Promise<GrantChange[]> {
  const grants = await tx.benefitGrant.findMany({
    where: { ...where, revoked_at: null },
    select: { id: true },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  if (!grants.length) return [];
  const ids = grants.map((g) => g.id);
  await tx.benefitGrant.updateMany({
    where: { id: { in: ids } },
    data: { revoked_at: now, modified_at: now },
  });
  const keys = await tx.licenseKey.updateManyAndReturn({
    where: { benefit_grant_id: { in: ids }, status: "granted" },
    data: { status: "revoked", modified_at: now },
    select: { id: true, benefit_grant_id: true },
  });
  const keyOf = new Map(keys.map((key) => [key.benefit_grant_id, key.id]));
  return ids.map((grantId) => ({ grantId, licenseKeyId: keyOf.get(grantId) ?? null }));
}

/**
 * A subscription that ended takes its benefits back: grants revoked, their keys revoked. Returns
 * the grants revoked, each with its key when the key was revoked by this (a key the merchant had
 * disabled or revoked already keeps its status).
 */
export function revokeSubscriptionBenefits(
  tx: Tx,
  subscriptionId: string,
  now: Date,
): Promise<GrantChange[]> {
  return revokeGrants(tx, { subscription_id: subscriptionId }, now);
}

/**
 * A refunded order takes its benefits back (lib/refunds, `revoke_benefits`): the order's grants
 * still in force are revoked, and their keys with them. Reported like revokeSubscriptionBenefits.
 */
export function revokeOrderBenefits(tx: Tx, orderId: string, now: Date): Promise<GrantChange[]> {
  return revokeGrants(tx, { order_id: orderId }, now);
}

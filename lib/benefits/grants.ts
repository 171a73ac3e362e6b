// Granting a product's benefits to a customer for an order: one grant per benefit (unique per
// benefit and order, so processing twice grants nothing twice) and, for a license_keys benefit, a
// key built from the benefit's properties (prefix, expiry, activation and usage limits) as they are
// when the key is inserted (./key-terms.ts), not as they were when the product was read.
//
// Both functions report what they granted or revoked; the caller emits the events
// (lib/license-keys/grant-events.ts) once its transaction's last write is done (see lib/webhooks/emit.ts).
import { randomUUID } from "node:crypto";
import type { DbOrTx, Tx } from "../db/client";
import { directSql, rowFromJson } from "../db/direct";
import { Prisma, type Benefit, type ProductPrice } from "../generated/prisma/client";
import { keyTermsSql, keyValueSql } from "./key-terms";
import { normalizedProperties } from "./schemas";

/** A grant and the key it issued (license_keys benefits), as the functions below report them. */
export type GrantChange = { grantId: string; licenseKeyId: string | null };

type GrantInput = {
  organizationId: string;
  customerId: string;
  productId: string;
  /** The purchase that grants; null for a subscription's plan change (no order of its own). */
  orderId: string | null;
  subscriptionId: string | null;
  now: Date;
};

/** A product's benefits in grant order, as `grantBenefits` takes them. */
export const productBenefitLinks = {
  include: { benefit: true },
  orderBy: { order: "asc" },
} as const satisfies Prisma.ProductBenefitFindManyArgs;

type ProductBenefitLink = Prisma.ProductBenefitGetPayload<typeof productBenefitLinks>;

export type PriceWithBenefits = ProductPrice & { product: { product_benefits: ProductBenefitLink[] } };

/**
 * A price with its product's benefits in grant order (`productBenefitLinks`'s), or null: what order
 * processing grants from. One statement sent straight: through Prisma's include it cost the server
 * 0.93 ms of CPU on every purchase (in-process).
 */
export async function priceWithBenefits(tx: DbOrTx, priceId: string): Promise<PriceWithBenefits | null> {
  const rows = await directSql<{ price: string; links: string }>(
    tx,
    Prisma.sql`
    SELECT row_to_json(pp)::text AS price,
           (SELECT coalesce(json_agg(json_build_object('product_id', pb.product_id, 'benefit_id', pb.benefit_id,
                                                       'order', pb."order", 'benefit', row_to_json(b))
                                     ORDER BY pb."order", pb.benefit_id), '[]'::json)
              FROM product_benefits pb JOIN benefits b ON b.id = pb.benefit_id
             WHERE pb.product_id = pp.product_id)::text AS links
      FROM product_prices pp
     WHERE pp.id = ${priceId}::uuid`,
  );
  const row = rows[0];
  if (!row) return null;
  const links = JSON.parse(row.links) as (Omit<ProductBenefitLink, "benefit"> & {
    benefit: Record<string, unknown>;
  })[];
  return {
    ...rowFromJson<ProductPrice>("product_prices", row.price),
    product: {
      product_benefits: links.map((link) => ({
        ...link,
        benefit: rowFromJson<Benefit>("benefits", link.benefit),
      })),
    },
  };
}

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
    // Written out: Prisma's create returned the whole row, of which only the id (ours) is used.
    const grantId = randomUUID();
    const grantedAt = input.now.toISOString();
    await directSql(
      tx,
      Prisma.sql`
      INSERT INTO benefit_grants (id, created_at, organization_id, benefit_id, customer_id, order_id,
                                  subscription_id, granted_at, properties)
      VALUES (${grantId}::uuid, ${grantedAt}::timestamp, ${input.organizationId}::uuid, ${benefit.id}::uuid,
              ${input.customerId}::uuid, ${input.orderId}::uuid, ${input.subscriptionId}::uuid,
              ${grantedAt}::timestamp, ${JSON.stringify(grantProperties(benefit))}::jsonb)`,
    );
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
               ${input.customerId}::uuid, ${grantId}::uuid,
               ${keyValueSql(randomUUID().toUpperCase())}, ${keyTermsSql(issuedAt)}
          FROM benefits b WHERE b.id = ${benefit.id}::uuid`,
      );
    }
    granted.push({ grantId, licenseKeyId });
  }
  return granted;
}

/**
 * What a grant records of its benefit: a downloadables benefit's files, but those archived (a buyer
 * keeps the files they were granted; new buyers do not get archived ones); nothing for the others.
 */
function grantProperties(benefit: Pick<Benefit, "type" | "properties">): Record<string, unknown> {
  if (benefit.type !== "downloadables") return {};
  const { files, archived } = normalizedProperties("downloadables", benefit.properties) as {
    files: string[];
    archived: Record<string, boolean>;
  };
  return { files: files.filter((file) => !archived[file]) };
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
 * A subscription moved to another product (lib/subscriptions/plan-change.ts): the grants of benefits
 * the new product lacks are revoked (their keys with them), the new product's benefits it did not
 * have are granted. A benefit both products share keeps its grant and its key.
 */
export async function moveSubscriptionBenefits(
  tx: Tx,
  subscription: { id: string; organization_id: string; customer_id: string },
  productId: string,
  now: Date,
): Promise<{ granted: GrantChange[]; revoked: GrantChange[] }> {
  const links = await tx.productBenefit.findMany({
    where: { product_id: productId },
    ...productBenefitLinks,
  });
  const keep = links.map((link) => link.benefit_id);
  const revoked = await revokeGrants(
    tx,
    { subscription_id: subscription.id, benefit_id: { notIn: keep } },
    now,
  );
  const held = await tx.benefitGrant.findMany({
    where: { subscription_id: subscription.id, revoked_at: null },
    select: { benefit_id: true },
  });
  const heldIds = new Set(held.map((grant) => grant.benefit_id));
  const granted = await grantBenefits(
    tx,
    links.filter((link) => !heldIds.has(link.benefit_id)),
    {
      organizationId: subscription.organization_id,
      customerId: subscription.customer_id,
      productId,
      orderId: null,
      subscriptionId: subscription.id,
      now,
    },
  );
  return { granted, revoked };
}

/**
 * A refunded order takes its benefits back (lib/refunds, `revoke_benefits`): the order's grants
 * still in force are revoked, and their keys with them. Reported like revokeSubscriptionBenefits.
 */
export function revokeOrderBenefits(tx: Tx, orderId: string, now: Date): Promise<GrantChange[]> {
  return revokeGrants(tx, { order_id: orderId }, now);
}

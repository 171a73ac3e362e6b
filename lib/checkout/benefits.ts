// What the buyer received, for the hosted page's confirmation view: the benefits granted by the
// session's order, with the full license keys. The client secret is the credential, as for the
// other client routes, and nothing is shown before the session has `succeeded`.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import { dateTime, pageSchema } from "../core/schemas";
import { displayKey } from "../license-keys/key-format";
import { clientSecretHash } from "./client-secret";

export const checkoutLicenseKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  display_key: z.string(),
  status: z.enum(["granted", "revoked", "disabled"]),
  expires_at: dateTime.nullable(),
  limit_activations: z.number().int().nullable(),
  limit_usage: z.number().int().nullable(),
});

export const checkoutBenefitSchema = z.object({
  /** The grant's id. */
  id: z.string(),
  benefit_id: z.string(),
  type: z.enum(["custom", "license_keys"]),
  description: z.string(),
  /** A custom benefit's note to the buyer (its `note` property), else null. */
  note: z.string().nullable(),
  granted_at: dateTime.nullable(),
  license_key: checkoutLicenseKeySchema.nullable(),
});

export const checkoutBenefitsSchema = pageSchema(checkoutBenefitSchema);

function noteOf(properties: unknown): string | null {
  const note = (properties as { note?: unknown } | null)?.note;
  return typeof note === "string" && note.trim() ? note : null;
}

/** The benefits granted for a succeeded session, in the product's benefit order. */
export async function listCheckoutBenefits(db: DbOrTx, clientSecret: string) {
  const session = await db.checkoutSession.findUnique({
    where: { client_secret_hash: clientSecretHash(clientSecret) },
    select: { id: true, status: true, product_id: true },
  });
  if (!session) throw ApiError.notFound();
  if (session.status !== "succeeded") {
    throw new ApiError("NotPermitted", "Benefits are available once the checkout has succeeded.");
  }
  const grants = await db.benefitGrant.findMany({
    where: { order: { checkout_id: session.id }, revoked_at: null },
    include: {
      benefit: {
        include: { product_benefits: { where: { product_id: session.product_id }, select: { order: true } } },
      },
      license_key: true,
    },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  const position = (grant: (typeof grants)[number]) =>
    grant.benefit.product_benefits[0]?.order ?? Number.MAX_SAFE_INTEGER;
  const items = [...grants]
    .sort((a, b) => position(a) - position(b))
    .map((grant) => ({
      id: grant.id,
      benefit_id: grant.benefit_id,
      type: grant.benefit.type,
      description: grant.benefit.description,
      note: grant.benefit.type === "custom" ? noteOf(grant.benefit.properties) : null,
      granted_at: grant.granted_at,
      license_key: grant.license_key
        ? {
            id: grant.license_key.id,
            key: grant.license_key.key,
            display_key: displayKey(grant.license_key.key),
            status: grant.license_key.status,
            expires_at: grant.license_key.expires_at,
            limit_activations: grant.license_key.limit_activations,
            limit_usage: grant.license_key.limit_usage,
          }
        : null,
    }));
  return { items, pagination: { total_count: items.length, max_page: items.length ? 1 : 0 } };
}

// What the buyer received, for the hosted page's confirmation view: the benefits granted by the
// session's order, with the full license keys and, where the key's benefit lets the buyer manage
// them, its devices, which the buyer may deactivate. The client secret is the credential, as for the
// other client routes, and nothing is shown or changed before the session has `succeeded`.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import { dateTime, pageSchema } from "../core/schemas";
import { id } from "../core/validation";
import { displayKey } from "../core/license-key-format";
import { customerActivationSchema } from "../license-keys/schemas";
import {
  deactivateCustomerActivation,
  listOwnedKeysActivations,
  type KeyOwner,
} from "../license-keys/customer-admin";
import { clientSecretHash } from "./client-secret";
import { clientSecretParams } from "./schemas";
import { BENEFIT_TYPES } from "../benefits/schemas";
import { downloadLink, grantedFiles } from "../files/download-links";
import { toFile } from "../files/schemas";
import { DOWNLOADABLE_SERVICE } from "../files/services";

export const checkoutLicenseKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  display_key: z.string(),
  status: z.enum(["granted", "revoked", "disabled"]),
  expires_at: dateTime.nullable(),
  limit_activations: z.number().int().nullable(),
  limit_usage: z.number().int().nullable(),
  /**
   * The key's current devices, oldest first, when its benefit lets the buyer manage them
   * (`activations.enable_customer_admin`; `[]` when none yet); null when the seller manages them.
   */
  activations: z.array(customerActivationSchema).nullable(),
});

export const checkoutBenefitSchema = z.object({
  /** The grant's id. */
  id: z.string(),
  benefit_id: z.string(),
  type: z.enum(BENEFIT_TYPES),
  description: z.string(),
  /** A custom benefit's note to the buyer (its `note` property), else null. */
  note: z.string().nullable(),
  granted_at: dateTime.nullable(),
  license_key: checkoutLicenseKeySchema.nullable(),
  /** A downloadables benefit's files, each with a download link valid for ten minutes; else []. */
  downloads: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size_readable: z.string(),
      url: z.string(),
      expires_at: dateTime,
    }),
  ),
});

export const checkoutBenefitsSchema = pageSchema(checkoutBenefitSchema);

/** DELETE .../client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}. */
export const checkoutActivationParams = clientSecretParams.extend({
  license_key_id: id(),
  activation_id: id(),
});

function noteOf(properties: unknown): string | null {
  const note = (properties as { note?: unknown } | null)?.note;
  return typeof note === "string" && note.trim() ? note : null;
}

/**
 * The session behind a client secret, once it succeeded, as the owner of the keys its order granted.
 * An unknown secret is 404; a session not (yet) succeeded is 403, as it says the secret was good.
 */
async function succeededPurchase(db: DbOrTx, clientSecret: string) {
  const session = await db.checkoutSession.findUnique({
    where: { client_secret_hash: clientSecretHash(clientSecret) },
    select: { id: true, status: true, product_id: true, customer_id: true },
  });
  if (!session) throw ApiError.notFound();
  if (session.status !== "succeeded" || !session.customer_id) {
    throw new ApiError("NotPermitted", "Benefits are available once the checkout has succeeded.");
  }
  const owner: KeyOwner = { customerId: session.customer_id, checkoutId: session.id };
  return { ...session, owner };
}

/** The benefits granted for a succeeded session, in the product's benefit order. */
export async function listCheckoutBenefits(db: DbOrTx, clientSecret: string, now = new Date()) {
  const session = await succeededPurchase(db, clientSecret);
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
  const keyIds = grants.flatMap((grant) => (grant.license_key ? [grant.license_key.id] : []));
  const fileIds = grants.flatMap((grant) => grantedFiles(grant.properties));
  const files = fileIds.length
    ? await db.media.findMany({
        where: { id: { in: fileIds }, service: DOWNLOADABLE_SERVICE, is_uploaded: true },
      })
    : [];
  const fileOf = new Map(files.map((file) => [file.id, file]));
  const devices = await listOwnedKeysActivations(db, session.owner, keyIds);
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
            activations: devices.get(grant.license_key.id) ?? null,
          }
        : null,
      downloads: grantedFiles(grant.properties).flatMap((fileId) => {
        const file = fileOf.get(fileId);
        if (!file) return [];
        const { size_readable } = toFile(file);
        return [{ id: file.id, name: file.name, size_readable, ...downloadLink(grant.id, file.id, now) }];
      }),
    }));
  return { items, pagination: { total_count: items.length, max_page: items.length ? 1 : 0 } };
}

/**
 * The buyer frees a device of a key this session's order granted (a key of another purchase, or an
 * activation of another key, is 404); 403 when the key's benefit leaves devices to the seller.
 */
export async function deactivateCheckoutActivation(
  db: DbOrTx,
  clientSecret: string,
  licenseKeyId: string,
  activationId: string,
  now = new Date(),
) {
  const { owner } = await succeededPurchase(db, clientSecret);
  await deactivateCustomerActivation(db, owner, licenseKeyId, activationId, now);
}

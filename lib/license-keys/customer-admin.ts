// The buyer's own devices: the current activations of their license keys, listed and deactivated
// without the merchant, where the key's benefit allows it (`activations.enable_customer_admin`,
// lib/benefits/schemas.ts). No HTTP here: the checkout's confirmation page (lib/checkout/benefits.ts)
// and the customer portal call it with the customer they authenticated, so a key of another customer
// is simply not found.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import { normalizedProperties, type BenefitType } from "../benefits/schemas";
import { deactivateLicenseKey } from "./public";

/**
 * Whose keys a caller may reach: every key of a customer (the portal), or, with `checkoutId`, only
 * the keys that one checkout's order granted (its confirmation page, whose secret names one purchase).
 */
export type KeyOwner = { customerId: string; checkoutId?: string };

/** A device as its buyer sees it: no meta or conditions, which are the merchant software's. */
export type CustomerActivation = { id: string; label: string; created_at: Date };

export const DEVICES_MANAGED_BY_SELLER = "This license key's devices are managed by the seller.";

/** Whether the benefit lets buyers manage their keys' devices (false for anything unreadable). */
export function isCustomerAdminEnabled(benefit: {
  type: BenefitType;
  properties: Prisma.JsonValue;
}): boolean {
  if (benefit.type !== "license_keys") return false;
  const properties = normalizedProperties(benefit.type, benefit.properties);
  return "activations" in properties && properties.activations?.enable_customer_admin === true;
}

function ownedKeysWhere(owner: KeyOwner): Prisma.LicenseKeyWhereInput {
  return {
    customer_id: owner.customerId,
    ...(owner.checkoutId ? { benefit_grant: { order: { checkout_id: owner.checkoutId } } } : {}),
  };
}

const benefitSelect = { select: { type: true, properties: true } } as const;

/**
 * The current activations (oldest first) of each of `licenseKeyIds` the owner holds, in one
 * statement: null for a key whose benefit does not let the buyer manage devices (they see nothing
 * more than before). Keys the owner does not hold are left out of the map.
 */
export async function listOwnedKeysActivations(
  db: DbOrTx,
  owner: KeyOwner,
  licenseKeyIds: string[],
): Promise<Map<string, CustomerActivation[] | null>> {
  if (!licenseKeyIds.length) return new Map();
  const keys = await db.licenseKey.findMany({
    where: { id: { in: licenseKeyIds }, ...ownedKeysWhere(owner) },
    select: {
      id: true,
      benefit: benefitSelect,
      activations: {
        where: { deleted_at: null },
        orderBy: [{ created_at: "asc" }, { id: "asc" }],
        select: { id: true, label: true, created_at: true },
      },
    },
  });
  return new Map(keys.map((key) => [key.id, isCustomerAdminEnabled(key.benefit) ? key.activations : null]));
}

/** One key's devices; 404 when the owner does not hold it, null when its benefit does not allow it. */
export async function listCustomerActivations(
  db: DbOrTx,
  owner: KeyOwner,
  licenseKeyId: string,
): Promise<CustomerActivation[] | null> {
  const activations = await listOwnedKeysActivations(db, owner, [licenseKeyId]);
  if (!activations.has(licenseKeyId)) throw ApiError.notFound("License key not found.");
  return activations.get(licenseKeyId) ?? null;
}

/**
 * The buyer frees one of their key's devices. Allowed whatever the key's status (as for the
 * licensed software), refused (403) when the benefit leaves devices to the seller. The update is the
 * public deactivate's own conditional one, so concurrent deactivations free the slot once.
 */
export async function deactivateCustomerActivation(
  db: DbOrTx,
  owner: KeyOwner,
  licenseKeyId: string,
  activationId: string,
  now = new Date(),
): Promise<void> {
  const key = await db.licenseKey.findFirst({
    where: { id: licenseKeyId, ...ownedKeysWhere(owner) },
    select: { key: true, organization_id: true, benefit: benefitSelect },
  });
  if (!key) throw ApiError.notFound("License key not found.");
  if (!isCustomerAdminEnabled(key.benefit)) throw new ApiError("NotPermitted", DEVICES_MANAGED_BY_SELLER);
  // (organization_id, key) is unique: the update reaches this key's activations only.
  await deactivateLicenseKey(
    db,
    { key: key.key, organization_id: key.organization_id, activation_id: activationId },
    now,
  );
}

// The buyer's license keys in the portal: the full key (it is theirs), its limits and counters, the
// product it came with, and its current devices, which the buyer may free when the key's benefit
// lets buyers manage them (lib/license-keys/customer-admin.ts decides, for the checkout's
// confirmation page and the portal alike). Newest first.
import type { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { sortOrder } from "../core/list";
import { displayKey } from "../core/license-key-format";
import { deactivateCustomerActivation, isCustomerAdminEnabled } from "../license-keys/customer-admin";
import { rotateCustomerLicenseKey } from "../license-keys/service";
import { customerWhere, foundOrThrow } from "./tenancy";
import { toCustomer, toUser } from "../customers/schemas";
import type { PortalListQuery } from "./schemas";

const productSelect = { select: { product: { select: { id: true, name: true } } } } as const;

const licenseKeySelect = {
  id: true,
  key: true,
  status: true,
  expires_at: true,
  limit_activations: true,
  usage: true,
  limit_usage: true,
  validations: true,
  created_at: true,
  modified_at: true,
  organization_id: true,
  customer_id: true,
  benefit_id: true,
  last_validated_at: true,
  customer: true,
  benefit: { select: { id: true, description: true, type: true, properties: true } },
  benefit_grant: {
    select: {
      order: productSelect,
      subscription: {
        select: {
          id: true,
          status: true,
          current_period_end: true,
          cancel_at_period_end: true,
          ends_at: true,
          ended_at: true,
          product: { select: { id: true, name: true } },
        },
      },
    },
  },
  activations: {
    where: { deleted_at: null },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    select: { id: true, label: true, created_at: true },
  },
} as const satisfies Prisma.LicenseKeySelect;

type LicenseKeyRow = Prisma.LicenseKeyGetPayload<{ select: typeof licenseKeySelect }>;

function toPortalLicenseKey(row: LicenseKeyRow) {
  const { benefit, benefit_grant: grant, customer, ...key } = row;
  return {
    ...key,
    customer: toCustomer(customer),
    user_id: customer.id,
    user: toUser(customer),
    // Keys belong to the customer: the reference's team members (seats) are not offered.
    member_id: null,
    member: null,
    display_key: displayKey(row.key),
    benefit: { id: benefit.id, description: benefit.description },
    // The purchase that granted it: its order's product, else its subscription's.
    product: grant?.order?.product ?? grant?.subscription?.product ?? null,
    can_deactivate: isCustomerAdminEnabled(benefit),
    subscription: keySubscription(grant),
  };
}

/** The subscription a key follows, as the portal shows it (without its product: `product` says it). */
function keySubscription(grant: LicenseKeyRow["benefit_grant"]) {
  const subscription = grant?.subscription;
  if (!subscription) return null;
  const { id, status, current_period_end, cancel_at_period_end, ends_at, ended_at } = subscription;
  return { id, status, current_period_end, cancel_at_period_end, ends_at, ended_at };
}

export async function listPortalLicenseKeys(
  db: DbOrTx,
  principal: CustomerPrincipal,
  query: PortalListQuery,
) {
  const where = customerWhere(principal);
  const [rows, total] = await Promise.all([
    db.licenseKey.findMany({
      where,
      select: licenseKeySelect,
      orderBy: sortOrder<"created_at", Prisma.LicenseKeyOrderByWithRelationInput>(query.sorting),
      ...skipTake(query),
    }),
    db.licenseKey.count({ where }),
  ]);
  return pageOf(rows.map(toPortalLicenseKey), total, query);
}

export async function getPortalLicenseKey(db: DbOrTx, principal: CustomerPrincipal, licenseKeyId: string) {
  const row = await db.licenseKey.findFirst({
    where: { id: licenseKeyId, ...customerWhere(principal) },
    select: licenseKeySelect,
  });
  return toPortalLicenseKey(foundOrThrow(row, "License key not found."));
}

/** DELETE …/license-keys/{id}/activations/{activation_id}: 404 for another's key, 403 when not allowed. */
export async function deactivatePortalActivation(
  db: DbOrTx,
  principal: CustomerPrincipal,
  licenseKeyId: string,
  activationId: string,
  now = new Date(),
): Promise<void> {
  // Customer ids are unique across organizations: the buyer's id scopes the key to their organization.
  await deactivateCustomerActivation(
    db,
    { customerId: principal.customerId },
    licenseKeyId,
    activationId,
    now,
  );
}

/** POST …/license-keys/{id}/rotate: a new value for the buyer's key, answered as GET answers it. */
export async function rotatePortalLicenseKey(
  db: Db,
  principal: CustomerPrincipal,
  licenseKeyId: string,
  now = new Date(),
) {
  await rotateCustomerLicenseKey(db, principal.customerId, licenseKeyId, now);
  return getPortalLicenseKey(db, principal, licenseKeyId);
}

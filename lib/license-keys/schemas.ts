import { z } from "zod";
import type { Customer, LicenseKey, LicenseKeyActivation } from "../generated/prisma/client";
import { dateTime, jsonObject, timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, int4, INT4_MAX, queryList } from "../core/validation";
import { customerSchema, toCustomer, toUser, userSchema } from "../customers/schemas";
import { displayKey } from "../core/license-key-format";

const STATUSES = ["granted", "revoked", "disabled"] as const;

export const licenseKeySchema = z.object({
  id: z.string(),
  ...timestamps,
  organization_id: z.string(),
  /** Legacy: equal to customer_id. */
  user_id: z.string(),
  customer_id: z.string(),
  benefit_id: z.string(),
  user: userSchema,
  customer: customerSchema,
  key: z.string(),
  display_key: z.string(),
  status: z.enum(STATUSES),
  limit_activations: z.number().int().nullable(),
  usage: z.number().int(),
  limit_usage: z.number().int().nullable(),
  validations: z.number().int(),
  last_validated_at: dateTime.nullable(),
  expires_at: dateTime.nullable(),
  /** Keys belong to the customer: the reference's team members (seats) are not offered. */
  member_id: z.null(),
  member: z.null(),
});

const activationBase = {
  id: z.string(),
  license_key_id: z.string(),
  label: z.string(),
  meta: jsonObject,
  ...timestamps,
};

export const activationSchema = z.object({ ...activationBase, license_key: licenseKeySchema });

/**
 * A device as its buyer sees it (self-service, ./customer-admin.ts): what they named it and when,
 * not the merchant software's meta or conditions.
 */
export const customerActivationSchema = z.object({ id: z.string(), label: z.string(), created_at: dateTime });

/**
 * A key as the merchant's routes show it: with the order that issued it (through its benefit grant;
 * null for a key made by hand or whose order is gone), so the dashboard can link to it, and the
 * subscription whose life it follows (null: none; such a key has no `expires_at` of its own).
 */
export const merchantLicenseKeySchema = licenseKeySchema.extend({
  order_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
});

export const licenseKeyWithActivationsSchema = merchantLicenseKeySchema.extend({
  activations: z.array(z.object(activationBase)),
});

export const LICENSE_KEY_SORT_FIELDS = ["created_at", "expires_at", "last_validated_at", "usage"] as const;

export const listLicenseKeysQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  benefit_id: queryList(id()),
  customer_id: queryList(id()),
  status: queryList(z.enum(STATUSES)),
  /** The whole key or its last characters, any case (what a buyer reads out to support). */
  query: z.string().trim().min(1).max(128).optional(),
  sorting: sortingQuery(LICENSE_KEY_SORT_FIELDS, ["created_at"]),
});
export type ListLicenseKeysQuery = z.output<typeof listLicenseKeysQuery>;

/** PATCH body: only the fields sent change; null clears a limit or the expiry. */
export const updateLicenseKeyBody = z.object({
  status: z.enum(STATUSES).optional(),
  usage: int4(0).optional(),
  limit_activations: z.number().int().min(1).max(50).nullable().optional(),
  limit_usage: z.number().int().positive().max(INT4_MAX).nullable().optional(),
  expires_at: dateTime.nullable().optional(),
});
export type UpdateLicenseKeyBody = z.output<typeof updateLicenseKeyBody>;

export type LicenseKeyRow = LicenseKey & { customer: Customer };

export function toLicenseKey(row: LicenseKeyRow) {
  return {
    ...row,
    user_id: row.customer_id,
    user: toUser(row.customer),
    customer: toCustomer(row.customer),
    display_key: displayKey(row.key),
    member_id: null,
    member: null,
  };
}

export function toActivation(row: LicenseKeyActivation) {
  return { ...row, meta: (row.meta ?? {}) as Record<string, unknown> };
}

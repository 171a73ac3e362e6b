import { createHash } from "node:crypto";
import { z } from "zod";
import type { Customer } from "../generated/prisma/client";
import { addressInput, addressSchema, dateTime, timestamps, toAddress } from "../core/schemas";
import { metadataOut, metadataSchema } from "../core/metadata";
import { id, queryList } from "../core/validation";
import { localeInput, localeOutput } from "../i18n/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";

/** The Customer of the interface, as orders and license keys nest it. */
export const customerSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
  billing_address: addressSchema.nullable(),
  /** [value, type], e.g. ["DE123456789", "eu_vat"]. */
  tax_id: z.tuple([z.string(), z.string()]).nullable(),
  organization_id: z.string(),
  avatar_url: z.string(),
  /** Customers are people here (the reference's teams are not offered). */
  type: z.literal("individual"),
  /** The name on invoices: the customer's name. */
  billing_name: z.string().nullable(),
  locale: localeOutput,
  /** Usage events are not ingested: always null. */
  first_user_event_at: dateTime.nullable(),
  /** When the customer was anonymized (docs/webhooks.md, `customer.updated`); null otherwise. */
  deleted_at: dateTime.nullable(),
});

/**
 * The customer resource (/v1/customers): the Customer plus the reference API's `external_id`
 * (`deleted_at` is always null there: an anonymized customer is not found through this API).
 */
export const customerResourceSchema = customerSchema.extend({
  external_id: z.string().nullable(),
});

/** The legacy view of the buyer that orders and license keys still carry. */
export const userSchema = z.object({ id: z.string(), email: z.string(), public_name: z.string() });

export type CustomerOut = z.output<typeof customerSchema>;

/** A generated avatar (identicon-style service URL keyed by the email's hash): never null. */
export function avatarUrl(email: string): string {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `https://www.gravatar.com/avatar/${hash}?d=404`;
}

export function toCustomer(row: Customer): CustomerOut {
  return {
    ...row,
    metadata: row.metadata as CustomerOut["metadata"],
    billing_address: toAddress(row.billing_address),
    tax_id: row.tax_id ? [row.tax_id, row.tax_id_type ?? "unknown"] : null,
    avatar_url: avatarUrl(row.email),
    type: "individual",
    billing_name: row.name,
    first_user_event_at: null,
    deleted_at: row.deleted_at,
  };
}

export function toCustomerResource(row: Customer) {
  return { ...toCustomer(row), external_id: row.external_id };
}

export function toUser(row: Pick<Customer, "id" | "email" | "name">) {
  return {
    id: row.id,
    email: row.email,
    public_name: row.name?.trim() ? row.name.trim() : row.email.split("@")[0]!,
  };
}

export const customerIdInput = id;
export const customerParams = z.object({ id: id() });

/** Where an anonymized customer's address points (RFC 2606: `.invalid` never resolves). */
export const ANONYMIZED_EMAIL_DOMAIN = "anonymized.invalid";
export const anonymizedEmail = (customerId: string) => `${customerId}@${ANONYMIZED_EMAIL_DOMAIN}`;

export const listCustomersQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Exact address, any case (emails are stored lower-cased); repeatable. */
  email: queryList(
    z
      .string()
      .trim()
      .min(1)
      .max(320)
      .transform((email) => email.toLowerCase()),
  ),
  /** Case-insensitive match on the email or the name. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(["created_at", "email", "name"], ["email"]),
});
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;

/** Trimmed and lower-cased: one customer per address within an organization, whatever its case. */
const email = z
  .string()
  .trim()
  .pipe(z.email().max(320))
  .transform((value) => value.toLowerCase())
  .refine((value) => !value.endsWith(`@${ANONYMIZED_EMAIL_DOMAIN}`), {
    message: "This address is reserved for anonymized customers.",
  });

/** "" clears the name like null does. */
const name = z
  .string()
  .trim()
  .max(256)
  .transform((value) => value || null)
  .nullish();

/** A tax id type of the reference API's form (`eu_vat`, `gb_vat`, `ca_gst_hst`). */
const TAX_ID_TYPE = /^[a-z]{2}(_[a-z]{2,8}){1,3}$/;

/**
 * The reference API's `[value, type]` pair, or the bare value the checkout takes (its type is then
 * unknown). Either way at most 64 characters, like the checkout's `customer_tax_id`.
 */
const taxId = z.preprocess(
  (value) => (typeof value === "string" ? [value, null] : value),
  z.tuple(
    [
      z.string().trim().min(1).max(64),
      z.string().max(32).regex(TAX_ID_TYPE, "Tax ID type should look like eu_vat or gb_vat").nullable(),
    ],
    { error: "Tax ID should be a string or a [value, type] pair" },
  ),
);

/** The merchant's own id for the customer (the reference API's field), unique per organization. */
const externalId = z.string().min(1).max(255);

/** POST /v1/customers/ (the reference API's CustomerCreate). */
export const createCustomerBody = z.object({
  email,
  name,
  billing_address: addressInput.nullish(),
  tax_id: taxId.nullish(),
  metadata: metadataSchema.default({}),
  external_id: externalId.nullish(),
  /** The buyer's language for the portal and emails (docs/i18n.md); null: the browser's. */
  locale: localeInput.nullish(),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().nullish(),
});
export type CreateCustomerBody = z.output<typeof createCustomerBody>;

/**
 * PATCH /v1/customers/{id}: only the fields sent change; null clears name, billing_address and
 * tax_id; metadata replaces the whole object. external_id can be set once, then never changed (the
 * reference API's rule: the merchant's systems key on it).
 */
export const updateCustomerBody = z.object({
  email: email.optional(),
  name,
  billing_address: addressInput.nullish(),
  tax_id: taxId.nullish(),
  metadata: metadataSchema.optional(),
  external_id: externalId.nullish(),
  locale: localeInput.nullish(),
});
export type UpdateCustomerBody = z.output<typeof updateCustomerBody>;

import { createHash } from "node:crypto";
import { z } from "zod";
import type { Customer } from "../generated/prisma/client";
import { addressSchema, timestamps, toAddress } from "../core/schemas";
import { metadataOut } from "../core/metadata";
import { id, queryList } from "../core/validation";
import { paginationQuery, sortingQuery } from "../core/pagination";

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
  };
}

export function toUser(row: Pick<Customer, "id" | "email" | "name">) {
  return {
    id: row.id,
    email: row.email,
    public_name: row.name?.trim() ? row.name.trim() : row.email.split("@")[0]!,
  };
}

export const customerIdInput = id;

export const listCustomersQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  /** Case-insensitive match on the email or the name. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(["created_at", "email", "name"], ["email"]),
});
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;
